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

#[path = "common/rule_options.rs"]
mod rule_options;

use clap::{Parser, ValueEnum};
use rule_options::RuleOptions;
use sowing::bots::{AlphaBeta, Bot, BotSpec, Budget, SpecError};
use sowing::solver::{Limits, Verdict, solve_moves};
use sowing::{
    AnyGame, AnyPosition, AnyRuleset, Event, Move, Pit, Player, Position, Ruleset, Variant,
};
use std::io::{BufRead, Write};
use std::str::FromStr;
use std::time::Duration;

/// Play a two-row mancala game of Ethiopia or Eritrea in the terminal.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Variant: sadeqa-v, sadeqa-ii, sadeqa-iii, game-91, andada
    /// (= andada-12), andada-15 .. andada-24.
    #[arg(long, default_value = "sadeqa-v")]
    variant: String,

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

    /// Seconds for the `hint` command: half for the solver (a proved win),
    /// half for an alpha-beta search.
    #[arg(long, default_value_t = 2.0, value_name = "S")]
    hint_time: f64,

    /// Who moves first from the initial position.
    #[arg(long, value_enum, ignore_case = true, default_value_t = Side::S)]
    first: Side,

    /// Seed of the computer players (default: from the clock; printed, so
    /// that a game can be played again).
    #[arg(long)]
    seed: Option<u64>,

    #[command(flatten)]
    rules: RuleOptions,

    /// Use a lap limit instead of the exact endless-sowing test: a sowing
    /// not finished within N laps counts as endless (an approximation).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    lap_limit: Option<u32>,

    /// End the game as a draw after this many plies.
    #[arg(long, value_name = "PLIES")]
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
            let name = s.split_whitespace().next().unwrap_or("");
            let rules = args.rules.build(name)?;
            AnyPosition::from_str_with(rules, s)
                .map_err(|e| format!("bad --position {s:?}: {e}"))?
        }
        None => {
            let first = match args.first {
                Side::S => Player::South,
                Side::N => Player::North,
            };
            AnyPosition::new_with_first(args.rules.build(&args.variant)?, first)
        }
    };
    Ok(start.with_lap_limit(args.lap_limit))
}

/// A seat at the board: a person or a computer player.
enum Seat {
    Human,
    Computer(Box<dyn Bot>),
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

/// The full name of the game.
fn title(rules: AnyRuleset) -> String {
    let name = match rules.variant() {
        Variant::SadeqaV => "Sadeqa V (Jimma; Pankhurst game 84)".to_string(),
        Variant::SadeqaII => "Sadeqa II (Pankhurst game 93)".to_string(),
        Variant::SadeqaIII => "Sadeqa III (Pankhurst game 92)".to_string(),
        Variant::Game91 => "Sadeqa III with 4 seeds (Pankhurst game 91)".to_string(),
        Variant::Andada(n) => format!("Andada (Kunama), {n} pits per row"),
    };
    let mut options = Vec::new();
    match rules {
        AnyRuleset::SadeqaII(r) if r.starter_only => {
            options.push("only the starter's first move is forced".to_string())
        }
        AnyRuleset::Andada(r) => {
            options.push(format!(
                "sowing {}",
                if r.clockwise {
                    "clockwise"
                } else {
                    "counter-clockwise"
                }
            ));
            options.push(format!("reading: {:?}", r.reading));
        }
        _ => {}
    }
    if options.is_empty() {
        name
    } else {
        format!("{name}; {}", options.join(", "))
    }
}

/// What the captured field means in this game.
fn captured_word(pos: &AnyPosition) -> &'static str {
    match pos.rules() {
        AnyRuleset::SadeqaII(_) | AnyRuleset::Andada(_) => "removed by captures",
        _ => "captured",
    }
}

/// Draws the board: North's row on top, right to left; South's row below,
/// left to right; pit numbers outside the rows.
fn draw(pos: &AnyPosition, names: &[String; 2]) {
    let n = pos.pits_per_row() as u8;
    let has_waranas = matches!(pos.rules(), AnyRuleset::SadeqaV(_));
    let width = if has_waranas { 6 } else { 4 };
    let cell = |owner: Player, number: u8| {
        let pit = Pit::new(owner, number);
        let seeds = pos.seeds(pit);
        match pos.warana_owner(pit) {
            Some(o) => format!("{:>width$}", format!("{seeds}w{}", o.letter())),
            None => format!("{seeds:>width$}"),
        }
    };
    let label =
        |owner: Player, number: u8| format!("{:>width$}", Pit::new(owner, number).to_string());
    let north: String = (1..=n).rev().map(|i| label(Player::North, i)).collect();
    let north_seeds: String = (1..=n).rev().map(|i| cell(Player::North, i)).collect();
    let south_seeds: String = (1..=n).map(|i| cell(Player::South, i)).collect();
    let south: String = (1..=n).map(|i| label(Player::South, i)).collect();
    let mover = pos.side_to_move();
    let arrow = |p: Player| {
        if p == mover && !pos.is_over() {
            "->"
        } else {
            "  "
        }
    };
    let word = captured_word(pos);
    println!();
    println!("         {north}");
    println!(
        "{} North {north_seeds}    {}: {word} {}",
        arrow(Player::North),
        names[1],
        pos.captured(Player::North)
    );
    println!(
        "{} South {south_seeds}    {}: {word} {}",
        arrow(Player::South),
        names[0],
        pos.captured(Player::South)
    );
    println!("         {south}");
    if has_waranas {
        let mut lines = Vec::new();
        for owner in Player::BOTH {
            let row = owner.other();
            let pits: Vec<String> = (1..=n)
                .filter(|&i| pos.warana_owner(Pit::new(row, i)) == Some(owner))
                .map(|i| format!("{}", Pit::new(row, i)))
                .collect();
            let in_waranas: u32 = (1..=n)
                .filter(|&i| pos.warana_owner(Pit::new(row, i)) == Some(owner))
                .map(|i| pos.seeds(Pit::new(row, i)) as u32)
                .sum();
            let points = pos.captured(owner) as u32 + in_waranas;
            lines.push(format!(
                "{owner}'s waranas: {}; points {points} ({} captured + {in_waranas} in waranas)",
                if pits.is_empty() {
                    "none".to_string()
                } else {
                    pits.join(" ")
                },
                pos.captured(owner),
            ));
        }
        if (1..=n).any(|i| {
            Player::BOTH
                .iter()
                .any(|&p| pos.warana_owner(Pit::new(p, i)).is_some())
        }) {
            println!("  Legend: 3wS = a warana holding 3 seeds, owned by South (wN: by North).");
        }
        for l in lines {
            println!("  {l}");
        }
    }
    let removed = pos.removed();
    if matches!(pos.rules(), AnyRuleset::Andada(_)) && removed > 0 {
        println!("  Seeds removed by the singleton ending: {removed}");
    }
    println!("  Position: {pos}");
    if !pos.is_over() {
        println!("  {} to move.", names[mover.index()]);
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
                        println!(
                            "    lap {}: {seeds} seed(s) from {origin}, the last into {landing}",
                            i - start + 1
                        );
                    }
                    i += 1;
                }
                let laps = i - start;
                if opening {
                    println!(
                        "  Opening from {origin}: {laps} sowings of 2 seeds round the board leave 3 or 0 in every pit."
                    );
                } else if let Event::Lap { landing, .. } = events[i - 1] {
                    println!(
                        "  Sowing from {origin}: {laps} lap{}, the last seed falls into {landing}.",
                        if laps == 1 { "" } else { "s" }
                    );
                }
                continue;
            }
            Event::Capture { by, pit, seeds } => {
                if removing {
                    println!(
                        "  Capture: the {seeds} seed(s) of {pit}, opposite the last pit, are removed from play (counted for {by})."
                    );
                } else {
                    println!("  Capture: {by} captures the {seeds} seed(s) of {pit}.");
                }
            }
            Event::WaranaCapture { by, pit, seeds } => println!(
                "  {by} captures {seeds} seed(s) from {}'s warana {pit}.",
                by.other()
            ),
            Event::WaranaMade { owner, pit } => {
                println!("  Warana: {pit} now holds 4 and becomes {owner}'s warana.")
            }
            Event::BonusMove { player } => println!("  {player} moves again (bonus move)."),
            Event::Pass { player } => println!("  {player} has no legal move and passes."),
            Event::Removed { from, seeds } => println!(
                "  Singleton ending: {seeds} seed(s) that would pass on from {from} are removed from play."
            ),
            Event::Sweep { to, seeds } => {
                println!("  The {seeds} seed(s) left on the board go to {to}, who moved last.")
            }
            Event::Choice { first } => println!("  {first} makes the first regular move."),
            Event::GameOver => println!("  The game is over."),
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
  quit    stop (end of input does the same)";

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
fn hint(pos: &AnyPosition, seconds: f64) {
    let per_move = Duration::from_secs_f64(seconds / 2.0 / pos.legal_moves().len().max(1) as f64);
    let win = match pos {
        AnyPosition::SadeqaV(p) => proved_win(p, per_move),
        AnyPosition::SadeqaII(p) => proved_win(p, per_move),
        AnyPosition::SadeqaIII(p) => proved_win(p, per_move),
        AnyPosition::Andada(p) => proved_win(p, per_move),
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
    match bot.search_any(pos, pos.legal_moves()) {
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
    hint_time: f64,
) -> Input {
    let pos = game.position();
    loop {
        print!(
            "{}, your move (legal: {}; or hint, undo, help, quit): ",
            names[pos.side_to_move().index()],
            game.legal_moves()
        );
        let _ = std::io::stdout().flush();
        let line = match lines.next() {
            Some(Ok(line)) => line,
            Some(Err(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                println!();
                println!("That line is not text (UTF-8); type a pit number.");
                continue;
            }
            _ => {
                println!();
                println!("End of input.");
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
        let mv: Move = match word.to_ascii_uppercase().parse() {
            Ok(mv) => mv,
            Err(e) => {
                println!("Not a move: {e}. Type help for help.");
                continue;
            }
        };
        match pos.check(mv) {
            Ok(()) => return Input::Move(mv),
            Err(e) => println!("Refused: {e}."),
        }
    }
}

fn main() {
    let args = Args::parse();
    if !(args.hint_time.is_finite() && args.hint_time > 0.0 && args.hint_time <= 86_400.0) {
        eprintln!("play: --hint-time must be a positive number of seconds (at most a day)");
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
    println!("{}", title(start.rules()));
    println!("South owns the bottom row, North the top row.");
    if matches!(start.rules(), AnyRuleset::Andada(a) if a.clockwise) {
        println!(
            "Sowing runs clockwise (the mirror image): to the left along South's row, to the right \
             along North's row; each player's pits in decreasing order, then the opponent's last pit."
        );
    } else {
        println!(
            "Sowing runs counter-clockwise: to the right along South's row, to the left along \
             North's row; each player's pits in increasing order, then the opponent's pit 1."
        );
    }
    if seats.iter().any(|s| !s.is_human()) {
        println!(
            "Seed of the computer players: {seed} (--seed {seed} plays the same moves again)."
        );
    }
    if seats.iter().any(Seat::is_human) {
        println!("Type help for help.");
    }
    draw(&game.position(), &names);
    let mut lines = std::io::stdin().lock().lines();
    while game.outcome().is_ongoing() {
        let pos = game.position();
        let side = pos.side_to_move();
        let mv = match &mut seats[side.index()] {
            Seat::Computer(b) => b.choose_any(&pos),
            Seat::Human => match ask(&game, &names, &mut lines, args.hint_time) {
                Input::Move(mv) => Some(mv),
                Input::Quit => {
                    println!(
                        "Game abandoned after {} pl{}.",
                        game.ply(),
                        if game.ply() == 1 { "y" } else { "ies" }
                    );
                    println!("Record: {}", game.record());
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
                        println!("Took back {} move(s): {}.", undone.len(), list.join(", "));
                        draw(&game.position(), &names);
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
        println!();
        println!(
            "Ply {}: {} plays {mv}.",
            game.ply() + 1,
            names[side.index()]
        );
        match game.play_traced(mv) {
            Ok(events) => narrate(&pos, &events, args.laps),
            Err(e) => {
                // Checked before, so only a computer player could get here.
                println!("Refused: {e}.");
                continue;
            }
        }
        draw(&game.position(), &names);
    }
    println!();
    println!("Result: {}.", game.outcome());
    println!("Record: {}", game.record());
}
