#!/usr/bin/env python3
"""Differential test of the `oware` crate (oware/) against OpenSpiel's oware.

Reads the output of `cargo run --release --example oware_replay -- GAMES SEED`
(run in oware/; format in oware/examples/oware_replay.rs) from a file or stdin,
replays every game through pyspiel.load_game("oware") and compares every
ply: the move's legality, the board (12 houses), the scores, the player to
move, the legal set, whether the game is over, and the returns. At OpenSpiel's
max game length (the crate's ply limit) it checks that OpenSpiel is not
terminal and refuses another action.

Prints the figures (games, plies, mismatches); exits 1 on any mismatch.

    python tests/oware_openspiel.py replay.txt
"""

import sys

import pyspiel


def spiel_line(game, state):
    """The crate's `state` line for an OpenSpiel state."""
    tensor = state.observation_tensor(0)
    total = 48
    seeds = [round(x * total) for x in tensor[:12]]
    scores = [round(x * total) for x in tensor[12:14]]
    terminal = state.is_terminal()
    legal = state.legal_actions() if not terminal else []
    returns = [int(r) for r in state.returns()]
    player = state.current_player()
    return seeds, scores, player, legal, terminal, returns


def main():
    src = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    game = pyspiel.load_game("oware")
    max_len = game.max_game_length()
    # The crate mirrors it as oware::MAX_GAME_LENGTH (its Game's ply limit).
    if max_len != 1000:
        print(f"MISMATCH: OpenSpiel's max game length is {max_len}, "
              "oware::MAX_GAME_LENGTH is 1000")
        return 1
    games = plies = mismatches = limits = 0
    state = None
    gid = None
    ply = 0
    last_player = 0

    def fail(msg):
        nonlocal mismatches
        mismatches += 1
        if mismatches <= 20:
            print(f"MISMATCH game {gid} ply {ply}: {msg}")

    for raw in src:
        f = raw.split()
        if not f:
            continue
        if f[0] == "game":
            gid = int(f[1])
            state = game.new_initial_state()
            games += 1
            ply = 0
            last_player = 0
        elif f[0] == "move":
            action = int(f[1])
            if state is None:
                continue
            if state.is_terminal() or action not in state.legal_actions():
                fail(f"action {action} not legal in OpenSpiel")
                state = None
                continue
            last_player = state.current_player()
            state.apply_action(action)
            ply += 1
            plies += 1
        elif f[0] == "state":
            if state is None:
                continue
            seeds = [int(x) for x in f[1:13]]
            scores = [int(f[13]), int(f[14])]
            player = int(f[15])
            legal = [] if f[16] == "-" else [int(x) for x in f[16].split(",")]
            over = f[17]
            returns = [int(f[18]), int(f[19])]
            o_seeds, o_scores, o_player, o_legal, o_term, o_ret = spiel_line(game, state)
            if seeds != o_seeds:
                fail(f"board {seeds} vs OpenSpiel {o_seeds}")
            if scores != o_scores:
                fail(f"scores {scores} vs OpenSpiel {o_scores}")
            if over == "limit":
                limits += 1
                # OpenSpiel: not terminal, and no action accepted any more.
                if ply != max_len or o_term:
                    fail(f"ply limit at {ply}, OpenSpiel max {max_len}, terminal {o_term}")
                try:
                    state.clone().apply_action(state.legal_actions()[0])
                    fail("OpenSpiel accepted an action past its max game length")
                except pyspiel.SpielError:
                    pass
                continue
            o_over = "1" if o_term else "0"
            if over != o_over:
                fail(f"over {over} vs OpenSpiel {o_over}")
            if legal != sorted(o_legal):
                fail(f"legal {legal} vs OpenSpiel {o_legal}")
            if returns != o_ret:
                fail(f"returns {returns} vs OpenSpiel {o_ret}")
            # OpenSpiel's current player is terminal (-4) once over; the
            # crate names the player who would be next.
            if not o_term and player != o_player:
                fail(f"player {player} vs OpenSpiel {o_player}")
            if o_term and player != 1 - last_player:
                fail(f"player {player} after the last move of {last_player}")
        elif f[0] == "end":
            if state is not None and not state.is_terminal() and ply != max_len:
                fail("the crate's game ended, OpenSpiel's did not")
    print(f"oware differential: {games} games, {plies} plies, "
          f"{limits} at the ply limit ({max_len}), {mismatches} mismatches")
    return 1 if mismatches or games == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
