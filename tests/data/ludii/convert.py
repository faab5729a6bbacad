#!/usr/bin/env python3
"""Converts a transcribed Ludii trial of Andada (trial_N.ludii) into the
crate's notation (trial_N.txt): the game record, and after every ply the
position string derived from the trial's own recorded actions.

It does not apply any rule of Andada: it only carries out what the trial
records (each Ludii move lifts one pit and drops its seeds on the listed
sites; a transfer to a hand empties the named site), checks that the record
is consistent with itself (every seed of the lifted pit is sown, along
Ludii's track, one seed per listed site; a transfer takes every seed of its
site; the legal-move counts fit), and writes what it sees.

Usage: python3 convert.py trial_0.ludii > trial_0.txt
"""

import sys

N = 12  # pits per row: the trials are of "Board Size/12 CCW"
SITES = 2 * N


def next_site(s):
    """Ludii's track "0,E,N,W" on a 2 x 12 mancala board: the bottom row
    0..11 left to right, then the top row right to left (23..12), then 0."""
    if s < N - 1:
        return s + 1
    if s == N - 1:
        return SITES - 1
    if s > N:
        return s - 1
    return 0  # s == N


def owner(s):
    """Ludii's P1 (South) owns the bottom row, P2 (North) the top row."""
    return 1 if s < N else 2


def pit_number(s):
    """The crate's pit number: South's pit i is site i-1; North's pit k is
    the k-th site of his row in sowing order, site 24-k."""
    return s + 1 if s < N else SITES - s


def opposite(s):
    return s + N if s < N else s - N


def position(board, side, captured):
    south = ",".join(str(board[s]) for s in range(N))
    north = ",".join(str(board[s]) for s in range(SITES - 1, N - 1, -1))
    phase = "singles" if all(c <= 1 for c in board) else "play"
    return "andada-12 %s/%s %s %d-%d %s" % (
        south, north, "S" if side == 1 else "N", captured[1], captured[2], phase)


def parse(path):
    laps, legal, winner = [], None, None
    for line in open(path):
        line = line.split("#")[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0] == "legal":
            legal = [int(w) for w in words[1:]]
        elif words[0] == "winner":
            winner = int(words[1])
        elif words[1] == "pass":
            laps.append((int(words[0]), None, [], None, False))
        else:
            mover = int(words[0])
            origin, tos = words[1].split(":")
            tos = [int(t) for t in tos.split(",")]
            transfer, again = None, False
            for w in words[2:]:
                if w == "+":
                    again = True
                elif w.startswith("x"):
                    site, count = w[1:].split("/")
                    transfer = (int(site), int(count))
                else:
                    raise ValueError("unknown word %r in %r" % (w, line))
            laps.append((mover, int(origin), tos, transfer, again))
    return laps, legal, winner


def main(path):
    laps, legal, winner = parse(path)
    assert legal is not None and len(legal) == len(laps), (
        "one legal-move count per Ludii move: %d counts, %d moves"
        % (len(legal or []), len(laps)))
    board = [2] * SITES
    captured = {1: 0, 2: 0}
    removed = 0
    plies = []  # (mover, pit, legal count before, position after, laps)
    current = None  # the crate move being built: [mover, pit, legal, laps]
    opening = True
    for i, (mover, origin, tos, transfer, again) in enumerate(laps):
        if origin is None:  # the forced pass that ends the opening chain
            assert opening and current is not None and legal[i] == 1
            opening = False
            plies.append((current[0], current[1], current[2],
                          position(board, 3 - mover, captured), current[3]))
            current = None
            continue
        if current is None:
            assert owner(origin) == mover, "lap %d lifts a pit not his" % i
            current = [mover, pit_number(origin), legal[i], 0]
            occupied = sum(1 for s in range(SITES)
                           if owner(s) == mover and board[s] > 0)
            assert legal[i] == occupied, (
                "lap %d: %d legal moves recorded, %d occupied pits"
                % (i, legal[i], occupied))
        else:
            assert mover == current[0] and legal[i] == 1, "lap %d" % i
        seeds = board[origin]
        assert seeds == len(tos) and 0 < seeds < SITES, (
            "lap %d: %d seeds lifted, %d sown" % (i, seeds, len(tos)))
        board[origin] = 0
        at = origin
        for t in tos:
            at = next_site(at)
            assert t == at, "lap %d: seed into %d, track says %d" % (i, t, at)
            board[t] += 1
        current[3] += 1
        last = tos[-1]
        if transfer is not None:
            site, count = transfer
            assert not again, "lap %d: a transfer and a relay" % i
            assert board[site] == count, (
                "lap %d: takes %d from site %d holding %d"
                % (i, count, site, board[site]))
            board[site] = 0
            if site == last:
                removed += count  # the last seed itself: a removal
            else:
                assert site == opposite(last) and owner(last) == mover, (
                    "lap %d: transfer from %d after a lap ending in %d"
                    % (i, site, last))
                captured[mover] += count
        rows_empty = [p for p in (1, 2)
                      if all(board[s] == 0 for s in range(SITES) if owner(s) == p)]
        game_over = bool(rows_empty)
        if game_over:
            assert i == len(laps) - 1, "lap %d empties a row; the trial goes on" % i
        if opening:
            continue
        if not again or game_over:
            plies.append((current[0], current[1], current[2],
                          position(board, 3 - mover, captured), current[3]))
            current = None
    assert current is None, "the trial ends inside a move"
    assert rows_empty == [3 - winner], "the winner's opponent has the empty row"
    assert sum(board) + sum(captured.values()) + removed == 2 * SITES

    out = sys.stdout
    out.write("# Derived by convert.py from %s: do not edit by hand.\n" % path)
    out.write("# One line a ply: <ply> <mover> <move> <laps> <legal moves before>"
              " <position after>.\n")
    out.write("variant andada-12\n")
    out.write("record %s\n" % "/".join(str(p[1]) for p in plies))
    out.write("result %s\n" % ("S" if winner == 1 else "N"))
    out.write("removed %d\n" % removed)
    for n, (mover, pit, count, pos, nlaps) in enumerate(plies, 1):
        out.write("%d %s %d %d %d %s\n"
                  % (n, "S" if mover == 1 else "N", pit, nlaps, count, pos))


if __name__ == "__main__":
    main(sys.argv[1])
