//! What a person types: a move or a command, the hint, and a move proved
//! on another thread while the person may type on.

use crate::describe;
use crate::play::board::draw;
use crate::play::text::{print_notation, say};
use crate::progress::Progress;
use sowing::bots::{AlphaBeta, Budget};
use sowing::solver::{Limits, Verdict, solve_moves};
use sowing::tablebase::{Forecast, Tablebase, ValueKind};
use sowing::{Event, Game, Move, MoveSet, PlayError, Position, Ruleset, Scoring};
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// A line of standard input, read by its own thread so that the game can
/// wait for a proof and for the person at once.
pub(crate) type Line = std::io::Result<String>;

/// The in-game help, in the words of the game being played: the value a
/// hint gives is the game's own (points, or mobility where the last player
/// able to move wins), and the choice move is mentioned only where there
/// is one to make.
fn help<R: Ruleset>(pos: &Position<R>) -> String {
    let choice = if pos
        .legal_moves()
        .iter()
        .any(|m| matches!(m, Move::First(_)))
    {
        "\nThe move now is a choice: S or N, who makes the first regular move."
    } else {
        ""
    };
    let value = match pos.rules().scoring() {
        Scoring::Points => "the seeds you are ahead",
        Scoring::LastMover => {
            "mobility counted in seeds\n          \
             (1 a seed in your row, 4 a pit you can play, 4 more a pit\n          \
             of 2 seeds or more, less the opponent's)"
        }
    };
    format!(
        "\
Type the number of one of your pits (counted from your own left: South's
pits 1.. run left to right along the bottom row, North's pits 1.. run right
to left along the top row).{choice}
Commands:
  hint    a move for you. With --tablebase, where the databases hold the
          position: every move's exact result, from them. Otherwise the
          solver tries to prove a winning move in half of --hint-time
          (default 2 s; not while a move is undecided); if it proves none,
          an alpha-beta search in the other half gives its move, the value
          and the line it expects. Only the moves known to end are weighed.
          The value is yours: {value}.
  undo    take back moves until it is a person's turn again
  board   draw the board again
  help    this text
  quit    stop (end of input does the same)
A position string too long for one line is printed over several, each but
the last ending in \\; pasted inside double quotes in a shell, the lines
join back into one string."
    )
}

/// A move of `pos` that the solver proves wins, each move given `time`.
fn proved_win<R: Ruleset>(pos: &Position<R>, time: Duration) -> Option<Move> {
    let limits = Limits {
        nodes: None,
        time: Some(time),
    };
    solve_moves(pos, limits, 20)
        .into_iter()
        .find(|(_, v)| *v == Verdict::Win)
        .map(|(mv, _)| mv)
}

/// Prints the best move for the side to move and its value: a win proved
/// by the solver (half the time), else the alpha-beta search's choice.
///
/// Only the moves known to end are weighed: an undecided move's proof can
/// take minutes (and the solver would prove it first, silently), while a
/// hint must come within `seconds`.
pub fn hint<R: Ruleset>(pos: &Position<R>, seconds: f64, db: Option<&Tablebase<R>>) {
    // The databases, where they hold the position: exact, and at once.
    // Not win/draw/loss databases: they hold the sign from here on, which
    // after a capture says neither which move is best nor who wins.
    let db = db.filter(|db| db.kind() != ValueKind::WinDrawLoss);
    if let Some(moves) = db.and_then(|db| db.move_forecasts(pos)) {
        let me = pos.side_to_move();
        if let Some((best, f)) = moves.first() {
            let word = |f: &Forecast| match f.winner() {
                Some(w) if w == me => "winning",
                Some(_) => "losing",
                None => "drawing",
            };
            say(
                "",
                &format!(
                    "Hint: play {best} ({} for {me}: {f}, from the databases).",
                    word(f)
                ),
            );
            for (mv, f) in &moves {
                println!("  {mv}: {} ({f})", word(f));
            }
            return;
        }
    }
    let legality = pos.legality();
    let moves = legality.ends;
    let per_move = Duration::from_secs_f64(seconds / 2.0 / moves.len().max(1) as f64);
    let win = if !legality.undecided.is_empty() {
        say(
            "",
            &format!(
                "(Only moves known to end are weighed: not {}, undecided.)",
                legality.undecided
            ),
        );
        None
    } else {
        proved_win(pos, per_move)
    };
    if let Some(mv) = win {
        say(
            "",
            &format!(
                "Hint: play {mv} (a win for {}, proved by the solver).",
                pos.side_to_move()
            ),
        );
        return;
    }
    let seconds = seconds / 2.0;
    let mut bot = AlphaBeta::with_budget(Budget::Time(Duration::from_secs_f64(seconds)));
    match bot.search(pos, moves) {
        Some(r) => {
            // The value with its unit: seeds ahead, mobility counted in
            // seeds, or a proven result.
            let words = describe::search_value(r.value, pos.rules().scoring());
            let value = if r.value.plies_to_end().is_some() {
                words
            } else {
                format!("value {words}")
            };
            say(
                "",
                &format!(
                    "Hint: play {} ({value} for {}, depth {}, {} nodes in {:.1} s).",
                    r.best,
                    pos.side_to_move(),
                    r.depth,
                    r.nodes,
                    r.time.as_secs_f64(),
                ),
            );
            // The line can be long: broken between moves, never inside one.
            let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
            if !pv.is_empty() {
                print_notation("  Line: ", &pv.join("/"), true);
            }
        }
        None => println!("No legal move."),
    }
}

/// What a person typed.
pub enum Input {
    Move(Move),
    Undo,
    Quit,
}

/// Asks the person for a move until one is legal; `Quit` at end of input.
pub fn ask<R: Ruleset>(
    game: &Game<R>,
    names: &[String; 2],
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    typed_ahead: &mut Option<Line>,
    proven_endless: MoveSet,
    hint_time: f64,
    db: Option<&Tablebase<R>>,
) -> Input {
    let pos = *game.position();
    // What is known at once (RULES.md section 2, "never a frozen caller"):
    // the moves known to end are offered, an undecided one is noted, and it
    // is refused only if its proof, when played, finds it endless (then it
    // is known for this position).
    let legality = pos.legality();
    let (legal, undecided) = (legality.ends, legality.undecided.difference(proven_endless));
    loop {
        let who = &names[pos.side_to_move().index()];
        let pending = if undecided.is_empty() {
            String::new()
        } else {
            format!("; undecided, proved when chosen: {undecided}")
        };
        // One format everywhere: the moves on their own line, then the
        // prompt.
        say("", &format!("Legal moves: {legal}{pending}."));
        print!("{who}, your move (or hint, undo, board, help, quit): ");
        let _ = std::io::stdout().flush();
        // A line typed while a proof ran comes first.
        let typed = typed_ahead.take();
        if let Some(Ok(line)) = &typed {
            println!("{line}");
        }
        let line = match typed.or_else(|| lines.next()) {
            Some(Ok(line)) => line,
            Some(Err(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                println!();
                say("", "That line is not text (UTF-8); type a pit number.");
                continue;
            }
            _ => {
                println!();
                println!("End of input: the game stops here.");
                return Input::Quit;
            }
        };
        let word = line.trim();
        match word.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "q" | "exit" => return Input::Quit,
            "help" | "h" | "?" => {
                println!("{}", help(&pos));
                continue;
            }
            "undo" | "u" => return Input::Undo,
            "hint" => {
                hint(&pos, hint_time, db);
                continue;
            }
            "board" | "b" => {
                draw(&pos, names);
                continue;
            }
            _ => {}
        }
        let mv: Move = match describe::parse_move(word, pos.pits_per_row()) {
            Ok(mv) => mv,
            // A number outside the board is refused as `replay` refuses
            // it, in the library's words (PlayError::Illegal).
            Err(e) if word.bytes().all(|b| b.is_ascii_digit()) => {
                say("", &format!("Refused: move {word} is not legal: {e}."));
                continue;
            }
            Err(e) => {
                say("", &format!("Not a move: {e}. Type help for help."));
                continue;
            }
        };
        if legal.contains(mv) || undecided.contains(mv) {
            return Input::Move(mv);
        }
        if proven_endless.contains(mv) {
            let why = match pos.lap_limit() {
                Some(limit) => PlayError::LapLimit { mv, limit }.to_string(),
                None => format!("{} (proved)", PlayError::Endless { mv }),
            };
            say("", &format!("Refused: {why}."));
            continue;
        }
        match pos.check(mv) {
            Ok(()) => return Input::Move(mv),
            Err(e) => say("", &format!("Refused: {e}.")),
        }
    }
}

/// Plays `mv`, whose sowing is not yet known to end, on a copy of `game`
/// proved on another thread (its progress on standard error), while any
/// line the person types stops the proof (`PlayError::Cancelled`). The game
/// takes the move only if the proof finds that it ends. Also returns
/// whether the input ended during the proof (which stops it as well).
pub fn play_proving<R: Ruleset>(
    game: &mut Game<R>,
    mv: Move,
    events: &mut Vec<Event>,
    input: &Receiver<Line>,
    context: String,
) -> (Result<(), PlayError>, Option<Line>, bool) {
    let how_long = match game.position().lap_limit() {
        Some(limit) => format!("at most {limit} laps"),
        None => "this can take minutes".to_string(),
    };
    say(
        "",
        &format!(
            "Proving that move {mv} ever ends before playing it ({how_long}); \
             press Enter to stop it, or type another move."
        ),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let (flag, mut next) = (Arc::clone(&stop), game.clone());
    let proof = std::thread::spawn(move || {
        let mut progress = Progress::at(context).stopped_by("press Enter to stop it");
        let mut control = |m: Move, laps: u64| {
            if flag.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                sowing::Control::progress(&mut progress, m, laps)
            }
        };
        let mut events = Vec::new();
        let played = next.play_with(mv, &mut events, &mut control);
        (next, events, played)
    });
    let mut typed = None;
    let mut ended = false;
    while !proof.is_finished() {
        match input.recv_timeout(Duration::from_millis(50)) {
            Ok(line) => {
                stop.store(true, Ordering::Relaxed);
                typed = Some(line);
                break;
            }
            Err(RecvTimeoutError::Timeout) => {}
            // End of input stops the proof too; the game then ends.
            Err(RecvTimeoutError::Disconnected) => {
                stop.store(true, Ordering::Relaxed);
                ended = true;
                break;
            }
        }
    }
    let (next, played_events, played) = proof.join().expect("the proof does not panic");
    if played.is_ok() {
        *game = next;
        *events = played_events;
    }
    // The line is read next as any other (a move, `quit`, ...), unless it
    // was only the Enter that stopped the proof: the proof checks the stop
    // every million laps or so, so it may have ended first.
    let stopped = matches!(played, Err(PlayError::Cancelled { .. }));
    if stopped && matches!(&typed, Some(Ok(l)) if l.trim().is_empty()) {
        typed = None;
    }
    (played, typed, ended)
}
