//! A game in the terminal between any mix of people and computer players.
//!
//! ```text
//! cargo run --release --example play -- --variant sadeqa-v --north alphabeta
//! cargo run --release --example play -- --variant sadeqa-iii --north mcts:5000
//! cargo run --release --example play -- --variant andada-15 --south random --north alphabeta:2s
//! ```
//!
//! The board is drawn as RULES.md section 1 draws it: North's row on top,
//! shown right to left, South's row below, left to right, each with its pit
//! numbers. People type a pit number (or `S`/`N` for Andada's choice move),
//! `hint`, `undo`, `help` or `quit`; end of input ends the game cleanly.

#[path = "common/describe.rs"]
mod describe;
#[path = "common/pipe.rs"]
mod pipe;
#[path = "common/progress.rs"]
mod progress;
#[path = "common/rule_options.rs"]
mod rule_options;

use clap::{Parser, ValueEnum};
use progress::Progress;
use rule_options::RuleOptions;
use sowing::bots::{AlphaBeta, BotSpec, Budget, BuiltInBot, SpecError};
use sowing::solver::{Limits, Verdict, solve_moves};
use sowing::{
    AnyGame, AnyPosition, AnyRuleset, Event, Move, MoveSet, Pit, PlayError, Player, Position,
    Ruleset,
};
use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// A line of standard input, read by its own thread so that the game can
/// wait for a proof and for the person at once.
type Line = std::io::Result<String>;

/// Play a two-row mancala game of Ethiopia or Eritrea in the terminal.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Variant: sadeqa-v (the default), sadeqa-ii, sadeqa-iii, game-91,
    /// andada (= andada-12), andada-15 .. andada-24. With --position, the
    /// position string must be of this variant.
    #[arg(long)]
    variant: Option<String>,

    /// Start from this position string instead of the initial position
    /// (RULES.md section 7); its variant field names the variant.
    #[arg(long)]
    position: Option<String>,

    /// Who plays South: human, random, greedy, alphabeta[:depth|:Nnodes|:Ts]
    /// or mcts[:playouts|:Ts] (e.g. alphabeta:8, mcts:2000, alphabeta:2s).
    #[arg(long, default_value = "human", value_name = "PLAYER")]
    south: Kind,

    /// Who plays North (as --south).
    #[arg(long, default_value = "alphabeta", value_name = "PLAYER")]
    north: Kind,

    /// Seconds for the `hint` command (a person's): half for the solver
    /// (a proved win), half for an alpha-beta search [default: 2].
    #[arg(long, value_name = "S")]
    hint_time: Option<f64>,

    /// Who moves first from the initial position (not with --position,
    /// whose string names the side to move).
    #[arg(long, value_enum, ignore_case = true, default_value_t = Side::S,
          conflicts_with = "position")]
    first: Side,

    /// Seed of the computer players (default: from the clock; printed, so
    /// that a game can be played again). Not with two human players.
    #[arg(long)]
    seed: Option<u64>,

    #[command(flatten)]
    rules: RuleOptions,

    /// Use a lap limit instead of the exact endless-sowing test: a sowing
    /// not finished within N laps counts as endless (an approximation).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    lap_limit: Option<u32>,

    /// End the game as a draw after this many plies (1 at least).
    #[arg(long, value_name = "PLIES", value_parser = describe::at_least_one)]
    ply_limit: Option<usize>,

    /// Do not end the game as a draw when a position occurs for the third
    /// time (the default repetition policy).
    #[arg(long)]
    no_repetition: bool,

    /// Show every lap of every move, not only a summary.
    #[arg(long)]
    laps: bool,
}

/// Who plays a side: a person or a computer player by its spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A person at the keyboard.
    Human,
    /// A computer player.
    Computer(BotSpec),
}

impl FromStr for Kind {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Kind, SpecError> {
        if s.trim().eq_ignore_ascii_case("human") {
            Ok(Kind::Human)
        } else {
            s.parse().map(Kind::Computer)
        }
    }
}

/// A player, as the notation writes it.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Side {
    /// South.
    #[value(name = "S")]
    S,
    /// North.
    #[value(name = "N")]
    N,
}

/// The start position from the arguments.
fn start_position(args: &Args) -> Result<AnyPosition, String> {
    let start = match &args.position {
        Some(s) => {
            // As `replay`: a --variant that the string contradicts is an error.
            let name = match &args.variant {
                Some(v) => v.as_str(),
                None => {
                    describe::variant_of(s).map_err(|e| format!("bad --position {s:?}: {e}"))?
                }
            };
            let rules = args.rules.build(name)?;
            AnyPosition::from_str_with(rules, s)
                .map_err(|e| format!("bad --position {s:?}: {e}"))?
        }
        None => {
            let first = match args.first {
                Side::S => Player::South,
                Side::N => Player::North,
            };
            let variant = args.variant.as_deref().unwrap_or("sadeqa-v");
            AnyPosition::new_with_first(args.rules.build(variant)?, first)
        }
    };
    Ok(start.with_lap_limit(args.lap_limit))
}

/// A seat at the board: a person or a computer player.
enum Seat {
    Human,
    Computer(Box<dyn BuiltInBot>),
}

impl Seat {
    fn new(kind: Kind, seed: u64) -> Seat {
        match kind {
            Kind::Human => Seat::Human,
            Kind::Computer(spec) => Seat::Computer(spec.build(seed)),
        }
    }

    fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }
}

/// The terminal's width: every line printed fits it.
const WIDTH: usize = 80;

/// Prints `text` wrapped at word boundaries to [`WIDTH`] columns, each line
/// starting with `indent` (continuation lines with two spaces more).
fn say(indent: &str, text: &str) {
    for line in wrap(indent, text) {
        println!("{line}");
    }
}

fn wrap(indent: &str, text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = indent.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.len() + 1 + word.len() > WIDTH {
            lines.push(std::mem::take(&mut line));
            line = format!("{indent}  ");
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    lines.push(line);
    lines
}

/// Prints a notation string that may pass [`WIDTH`]: a record is broken
/// after a `/` (the record parser ignores the spaces); a position string is
/// broken after a `,` with a `\` at the end of the line, which a shell
/// removes inside double quotes, so that it pastes back as one string.
fn print_notation(label: &str, text: &str, record: bool) {
    let first = format!("{label}{text}");
    if first.len() <= WIDTH {
        println!("{first}");
        return;
    }
    let sep = if record { '/' } else { ',' };
    let room = if record { WIDTH } else { WIDTH - 1 };
    let mut line = label.to_string();
    let mut lines = Vec::new();
    for (i, piece) in text.split_inclusive(sep).enumerate() {
        if i > 0 && line.len() + piece.len() > room {
            lines.push(std::mem::take(&mut line));
            // A record may be indented (its parser ignores spaces); a
            // position string may not: the shell keeps the spaces after a
            // `\` and newline, and they would split the pits field.
            if record {
                line = "    ".to_string();
            }
        }
        line.push_str(piece);
    }
    lines.push(line);
    let last = lines.len() - 1;
    for (i, l) in lines.iter().enumerate() {
        if record || i == last {
            println!("{l}");
        } else {
            println!("{l}\\");
        }
    }
}

/// Prints the game's record, `Record: 2/8/3`; a game of no plies has none
/// to print: `Record: (no moves)`.
fn print_record(game: &AnyGame) {
    let record = game.record().to_string();
    if record.is_empty() {
        println!("Record: (no moves)");
    } else {
        print_notation("Record: ", &record, true);
    }
}

/// Each side's tally, and what it means in this game: points (Sadeqa V and
/// III), or seeds removed by one's captures, which decide nothing (Sadeqa
/// II, Andada) and are not shown as a score.
fn tally(pos: &AnyPosition, owner: Player) -> String {
    let captured = pos.captured(owner);
    match pos.rules() {
        AnyRuleset::SadeqaV(_) => {
            let n = pos.pits_per_row() as u8;
            let waranas: Vec<Pit> = (1..=n)
                .map(|i| Pit::new(owner.other(), i))
                .filter(|&p| pos.warana_owner(p) == Some(owner))
                .collect();
            let in_waranas: u32 = waranas.iter().map(|&p| pos.seeds(p) as u32).sum();
            let list: Vec<String> = waranas.iter().map(Pit::to_string).collect();
            // The engine's points: captured plus the seeds in his waranas.
            let points = pos
                .points(owner)
                .map_or(captured as u32 + in_waranas, u32::from);
            format!(
                "points {points} ({captured} captured + {in_waranas} in waranas; waranas: {})",
                if list.is_empty() {
                    "none".to_string()
                } else {
                    list.join(" ")
                }
            )
        }
        AnyRuleset::SadeqaIII(_) => format!(
            "points {} (captured)",
            pos.points(owner).unwrap_or(captured)
        ),
        AnyRuleset::SadeqaII(_) | AnyRuleset::Andada(_) => {
            format!("{captured} seed(s) removed by his captures (no score)")
        }
    }
}

/// Draws the board as RULES.md section 1 draws it: North's row on top,
/// right to left; South's row below, left to right; pit numbers outside
/// the rows. A board too wide for the terminal is drawn in parts, left
/// part first, each part a full slice of both rows.
fn draw(pos: &AnyPosition, names: &[String; 2]) {
    let n = pos.pits_per_row();
    let cell = |owner: Player, number: usize| {
        let pit = Pit::new(owner, number as u8);
        let seeds = pos.seeds(pit);
        match pos.warana_owner(pit) {
            Some(o) => format!("{seeds}w{}", o.letter()),
            None => seeds.to_string(),
        }
    };
    // Column j holds North's pit n - j above South's pit j + 1.
    let columns: Vec<[String; 4]> = (0..n)
        .map(|j| {
            [
                Pit::new(Player::North, (n - j) as u8).to_string(),
                cell(Player::North, n - j),
                cell(Player::South, j + 1),
                Pit::new(Player::South, (j + 1) as u8).to_string(),
            ]
        })
        .collect();
    let width = 1 + columns
        .iter()
        .flat_map(|c| c.iter().map(String::len))
        .max()
        .unwrap_or(1);
    const PREFIX: usize = 9; // "-> North "
    let parts = (n * width).div_ceil(WIDTH - PREFIX);
    let per_part = n.div_ceil(parts);
    let mover = pos.side_to_move();
    let arrow = |p: Player| {
        if p == mover && !pos.is_over() {
            "->"
        } else {
            "  "
        }
    };
    println!();
    for (k, part) in columns.chunks(per_part).enumerate() {
        if parts > 1 {
            println!(
                "  (part {} of {} of the board, left to right)",
                k + 1,
                parts
            );
        }
        let line =
            |row: usize| -> String { part.iter().map(|c| format!("{:>width$}", c[row])).collect() };
        println!("{:PREFIX$}{}", "", line(0));
        println!("{} North {}", arrow(Player::North), line(1));
        println!("{} South {}", arrow(Player::South), line(2));
        println!("{:PREFIX$}{}", "", line(3));
    }
    for owner in [Player::North, Player::South] {
        say(
            "  ",
            &format!("{}: {}", names[owner.index()], tally(pos, owner)),
        );
    }
    if matches!(pos.rules(), AnyRuleset::SadeqaV(_))
        && (1..=n as u8).any(|i| {
            Player::BOTH
                .iter()
                .any(|&p| pos.warana_owner(Pit::new(p, i)).is_some())
        })
    {
        say(
            "  ",
            "Legend: 3wS = a warana holding 3 seeds, owned by South (wN: by North).",
        );
    }
    let removed = pos.removed();
    if matches!(pos.rules(), AnyRuleset::Andada(_)) && removed > 0 {
        say(
            "  ",
            &format!("Seeds removed by the singleton ending: {removed}"),
        );
    }
    print_notation("  Position: ", &pos.to_string(), false);
    if !pos.is_over() {
        say("  ", &format!("{} to move.", names[mover.index()]));
    }
}

/// Announces a move that is due before it is asked for or played: Andada's
/// opening and its choice move.
fn announce(pos: &AnyPosition, names: &[String; 2]) {
    if pos.is_over() {
        return;
    }
    let who = &names[pos.side_to_move().index()];
    let state = pos.to_string();
    if state.ends_with(" opening") {
        say(
            "  ",
            &format!(
                "{who} makes the opening move: he chooses one of his pits; its 2 seeds are \
                 sown, then the 2 seeds of the pit after the one where that sowing ended, and \
                 so on round the whole board, until every pit holds 3 or 0."
            ),
        );
    } else if state.ends_with(" choice") {
        say(
            "  ",
            &format!("{who} now names who makes the first regular move: S or N."),
        );
    }
}

/// Tells what a move did, from its traced events.
fn narrate(pos_before: &AnyPosition, events: &[Event], all_laps: bool) {
    let removing = matches!(
        pos_before.rules(),
        AnyRuleset::SadeqaII(_) | AnyRuleset::Andada(_)
    );
    // Andada's opening is one move made of a chain of 2-seed sowings.
    let opening = pos_before.to_string().ends_with(" opening");
    // A bonus move that the end of the game cancels is not announced.
    let ends = events.contains(&Event::GameOver);
    let mut i = 0;
    while i < events.len() {
        match events[i] {
            Event::Lap { origin, .. } => {
                // A run of laps: one sowing, summarised.
                let start = i;
                while i < events.len() && matches!(events[i], Event::Lap { .. }) {
                    if all_laps
                        && let Event::Lap {
                            seeds,
                            landing,
                            origin,
                        } = events[i]
                    {
                        say(
                            "    ",
                            &format!(
                                "lap {}: {seeds} seed(s) from {origin}, the last into {landing}",
                                i - start + 1
                            ),
                        );
                    }
                    i += 1;
                }
                let laps = i - start;
                if opening {
                    say(
                        "  ",
                        &format!(
                            "Opening from {origin}: {laps} sowings of 2 seeds round the board \
                             leave 3 or 0 in every pit."
                        ),
                    );
                } else if let Event::Lap { landing, .. } = events[i - 1] {
                    say(
                        "  ",
                        &format!(
                            "Sowing from {origin}: {laps} lap{}, the last seed falls into {landing}.",
                            if laps == 1 { "" } else { "s" }
                        ),
                    );
                }
                continue;
            }
            Event::Capture { by, pit, seeds } => {
                if removing {
                    say(
                        "  ",
                        &format!(
                            "Capture: the {seeds} seed(s) of {pit}, opposite the last pit, are \
                             removed from play (counted for {by})."
                        ),
                    );
                } else {
                    say(
                        "  ",
                        &format!("Capture: {by} captures the {seeds} seed(s) of {pit}."),
                    );
                }
            }
            Event::WaranaCapture { by, pit, seeds } => say(
                "  ",
                &format!(
                    "{by} captures {seeds} seed(s) from {}'s warana {pit}.",
                    by.other()
                ),
            ),
            Event::WaranaMade { owner, pit } => say(
                "  ",
                &format!("Warana: {pit} now holds 4 and becomes {owner}'s warana."),
            ),
            Event::BonusMove { .. } if ends => {}
            Event::BonusMove { player } => {
                say("  ", &format!("{player} moves again (bonus move)."))
            }
            Event::Pass { player } => say("  ", &format!("{player} has no legal move and passes.")),
            Event::Removed { from, seeds } => say(
                "  ",
                &format!(
                    "Singleton ending: {seeds} seed(s) that would pass on from {from} are \
                     removed from play."
                ),
            ),
            Event::Sweep { to, seeds } => say(
                "  ",
                &format!("The {seeds} seed(s) left on the board go to {to}, who moved last."),
            ),
            Event::Choice { first } => say("  ", &format!("{first} makes the first regular move.")),
            Event::GameOver => say("  ", "The game is over."),
        }
        i += 1;
    }
}

const HELP: &str = "\
Type the number of one of your pits (counted from your own left: South's
pits 1.. run left to right along the bottom row, North's pits 1.. run right
to left along the top row). In Andada the choice move after the opening is
S or N: who makes the first regular move.
Commands:
  hint    the best move by an alpha-beta search (--hint-time seconds), its value
  undo    take back moves until it is a person's turn again
  board   draw the board again
  help    this text
  quit    stop (end of input does the same)
A position string too long for one line is printed over several, each but
the last ending in \\; pasted inside double quotes in a shell, the lines
join back into one string.";

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
fn hint(pos: &AnyPosition, seconds: f64) {
    let legality = pos.legality();
    let moves = legality.ends;
    let per_move = Duration::from_secs_f64(seconds / 2.0 / moves.len().max(1) as f64);
    let win = if !legality.undecided.is_empty() {
        println!(
            "(The hint weighs only the moves known to end, not {}, undecided; \
             the solver is not asked.)",
            legality.undecided
        );
        None
    } else {
        match pos {
            AnyPosition::SadeqaV(p) => proved_win(p, per_move),
            AnyPosition::SadeqaII(p) => proved_win(p, per_move),
            AnyPosition::SadeqaIII(p) => proved_win(p, per_move),
            AnyPosition::Andada(p) => proved_win(p, per_move),
        }
    };
    if let Some(mv) = win {
        println!(
            "Hint: play {mv} (a win for {}, proved by the solver).",
            pos.side_to_move()
        );
        return;
    }
    let seconds = seconds / 2.0;
    let mut bot = AlphaBeta::with_budget(Budget::Time(Duration::from_secs_f64(seconds)));
    match bot.search_any(pos, moves) {
        Some(r) => {
            let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
            println!(
                "Hint: play {} (value {} for {}, depth {}, {} nodes in {:.1} s; line {}).",
                r.best,
                r.value,
                pos.side_to_move(),
                r.depth,
                r.nodes,
                r.time.as_secs_f64(),
                pv.join("/")
            );
        }
        None => println!("No legal move."),
    }
}

/// What a person typed.
enum Input {
    Move(Move),
    Undo,
    Quit,
}

/// Asks the person for a move until one is legal; `Quit` at end of input.
fn ask(
    game: &AnyGame,
    names: &[String; 2],
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    typed_ahead: &mut Option<Line>,
    proven_endless: MoveSet,
    hint_time: f64,
) -> Input {
    let pos = game.position();
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
        let prompt = format!(
            "{who}, your move (legal: {legal}{pending}; or hint, undo, board, help, quit): "
        );
        if prompt.len() <= WIDTH {
            print!("{prompt}");
        } else {
            say("", &format!("Legal moves: {legal}{pending}."));
            print!("{who}, your move (or hint, undo, board, help, quit): ");
        }
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
                println!("{HELP}");
                continue;
            }
            "undo" | "u" => return Input::Undo,
            "hint" => {
                hint(&pos, hint_time);
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
fn play_proving(
    game: &mut AnyGame,
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

/// Ends a game left unfinished: its length and record.
fn abandon(game: &AnyGame) {
    println!(
        "Game abandoned after {} pl{}.",
        game.ply(),
        if game.ply() == 1 { "y" } else { "ies" }
    );
    print_record(game);
}

fn main() {
    pipe::exit_quietly_on_closed_output();
    let args = Args::parse();
    let hint_time = args.hint_time.unwrap_or(2.0);
    if !(hint_time.is_finite() && hint_time > 0.0 && hint_time <= 86_400.0) {
        eprintln!("play: --hint-time must be a positive number of seconds (at most a day)");
        std::process::exit(2);
    }
    // Flags that would change nothing are refused, as in the other examples.
    let humans = [args.south, args.north]
        .iter()
        .filter(|&&k| k == Kind::Human)
        .count();
    if humans == 2 && args.seed.is_some() {
        eprintln!("play: --seed seeds the computer players, and both sides are human");
        std::process::exit(2);
    }
    if humans == 0 && args.hint_time.is_some() {
        eprintln!("play: --hint-time is for a person's hint command, and no side is human");
        std::process::exit(2);
    }
    let start = match start_position(&args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("play: {e}");
            std::process::exit(2);
        }
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
    });
    let mut seats = [
        Seat::new(args.south, seed.wrapping_mul(2)),
        Seat::new(args.north, seed.wrapping_mul(2).wrapping_add(1)),
    ];
    let kind_name = |k: Kind| match k {
        Kind::Human => String::new(),
        Kind::Computer(spec) => format!(" ({spec})"),
    };
    let names = [
        format!("South{}", kind_name(args.south)),
        format!("North{}", kind_name(args.north)),
    ];
    let mut game = AnyGame::new(start).with_ply_limit(args.ply_limit);
    if args.no_repetition {
        game = game.with_repetition(None);
    }
    say("", &describe::title(start.rules()));
    say("", "South owns the bottom row, North the top row.");
    if matches!(start.rules(), AnyRuleset::Andada(a) if a.clockwise) {
        say(
            "",
            "Sowing runs clockwise (the mirror image): to the left along South's row, to the \
             right along North's row; each player's pits in decreasing order, then the \
             opponent's last pit.",
        );
    } else {
        say(
            "",
            "Sowing runs counter-clockwise: to the right along South's row, to the left along \
             North's row; each player's pits in increasing order, then the opponent's pit 1.",
        );
    }
    if seats.iter().any(|s| !s.is_human()) {
        say(
            "",
            &format!(
                "Seed of the computer players: {seed} (--seed {seed} plays the same moves again)."
            ),
        );
    }
    if seats.iter().any(Seat::is_human) {
        say("", "Type help for help.");
    }
    draw(&game.position(), &names);
    announce(&game.position(), &names);
    let (send, input) = std::sync::mpsc::channel::<Line>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = input.iter();
    // A line typed during a proof, to be read next; the moves proved
    // endless in a position (it keeps no proof of its own).
    let mut pending: Option<Line> = None;
    let mut proven: (Option<AnyPosition>, MoveSet) = (None, MoveSet::EMPTY);
    while game.outcome().is_ongoing() {
        let pos = game.position();
        let side = pos.side_to_move();
        let mv = match &mut seats[side.index()] {
            // A computer player chooses among the moves known to end, and
            // waits for a proof only when no move is known to end yet.
            Seat::Computer(b) => {
                let known = pos.legality().ends;
                if known.is_empty() {
                    b.choose_any_from(&pos, progress::legal_moves_reported(&pos))
                } else {
                    b.choose_any_from(&pos, known)
                }
            }
            Seat::Human => match ask(
                &game,
                &names,
                &mut lines,
                &mut pending,
                if proven.0 == Some(pos) {
                    proven.1
                } else {
                    MoveSet::EMPTY
                },
                hint_time,
            ) {
                Input::Move(mv) => Some(mv),
                Input::Quit => {
                    abandon(&game);
                    return;
                }
                Input::Undo => {
                    let mut undone = Vec::new();
                    while let Some(mv) = game.undo() {
                        undone.push(mv);
                        if seats[game.position().side_to_move().index()].is_human() {
                            break;
                        }
                    }
                    if undone.is_empty() {
                        println!("Nothing to undo.");
                    } else {
                        let list: Vec<String> = undone.iter().map(|m| m.to_string()).collect();
                        say(
                            "",
                            &format!("Took back {} move(s): {}.", undone.len(), list.join(", ")),
                        );
                        draw(&game.position(), &names);
                        announce(&game.position(), &names);
                    }
                    continue;
                }
            },
        };
        let Some(mv) = mv else {
            // Cannot happen: an ongoing game has a legal move.
            println!("{} has no move.", names[side.index()]);
            break;
        };
        // A move still undecided is proved here, its progress on standard
        // error; an endless one is refused and the player asked again. A
        // person's move is proved on another thread, and a line typed
        // meanwhile stops the proof and asks again.
        let ply = format!(
            "Ply {}: {} plays {mv}.",
            game.ply() + 1,
            names[side.index()]
        );
        let mut events = Vec::new();
        let context = format!("ply {}, {}: ", game.ply() + 1, side);
        let proving = seats[side.index()].is_human() && pos.legality().undecided.contains(mv);
        let played = if proving {
            let (played, typed, ended) = play_proving(&mut game, mv, &mut events, &input, context);
            pending = typed;
            if ended && let Err(PlayError::Cancelled { mv, laps }) = played {
                // Nobody is left to type a move: say so, and stop.
                println!();
                say(
                    "",
                    &format!(
                        "End of input: stopped proving move {mv} after {laps:.1e} laps; \
                         it is not played, and the game stops here."
                    ),
                );
                abandon(&game);
                return;
            }
            played
        } else {
            println!();
            println!("{ply}");
            game.play_with(mv, &mut events, &mut Progress::at(context))
        };
        match played {
            Ok(()) => {
                if proving {
                    println!();
                    println!("{ply}");
                }
                narrate(&pos, &events, args.laps)
            }
            Err(PlayError::Cancelled { mv, laps }) => {
                say(
                    "",
                    &format!(
                        "Stopped proving move {mv} after {laps:.1e} laps; it is not played \
                         (choosing it again starts the proof again)."
                    ),
                );
                continue;
            }
            Err(e @ (PlayError::Endless { .. } | PlayError::LapLimit { .. })) => {
                if proven.0 != Some(pos) {
                    proven = (Some(pos), MoveSet::EMPTY);
                }
                proven.1.insert(mv);
                let proved = if matches!(e, PlayError::Endless { .. }) {
                    " (proved)"
                } else {
                    ""
                };
                say("", &format!("Refused: {e}{proved}."));
                continue;
            }
            Err(e) => {
                say("", &format!("Refused: {e}."));
                continue;
            }
        }
        draw(&game.position(), &names);
        announce(&game.position(), &names);
    }
    // A line typed during the proof of the move that ended the game.
    if let Some(Ok(line)) = &pending
        && !line.trim().is_empty()
    {
        say(
            "",
            &format!(
                "(Not read: {:?}, typed during the proof; the game is over.)",
                line.trim()
            ),
        );
    }
    println!();
    if let Some(why) = describe::ending(&game) {
        say("", &format!("Result: {why}"));
    }
    print_record(&game);
}
