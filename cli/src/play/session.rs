//! The game with the ruleset's type: the seats (people and players), the
//! start, and the loop of turns until the game ends or is left.

use super::board::{announce, draw, narrate};
use super::input::{Input, Line, ask, play_proving};
use super::text::{print_record, say};
use crate::{database, describe, progress, rule_options};
use clap::{Parser, ValueEnum};
use progress::Progress;
use rule_options::RuleOptions;
use sowing::bots::{Bot, BotSpec, SpecError};
use sowing::{Game, MoveSet, PlayError, Player, Position, Ruleset};
use std::io::BufRead;
use std::process::ExitCode;
use std::str::FromStr;

/// Play a two-row mancala game of Ethiopia or Eritrea in the terminal.
#[derive(Parser, Debug)]
#[command(version)]
pub(crate) struct Args {
    /// Variant: sadeqa-v (the default), sadeqa-ii, sadeqa-iii, game-91,
    /// andada (= andada-12), andada-15 .. andada-24. With --position, the
    /// position string must be of this variant.
    #[arg(long)]
    pub(crate) variant: Option<String>,

    /// Start from this position string instead of the initial position
    /// (RULES.md section 7); its variant field names the variant.
    #[arg(long)]
    pub(crate) position: Option<String>,

    /// Who plays South: human, random, greedy, alphabeta[:depth|:Nnodes|:Ts]
    /// or mcts[:playouts|:Ts] (e.g. alphabeta:8, mcts:2000, alphabeta:2s).
    #[arg(long, default_value = "human", value_name = "PLAYER")]
    pub(crate) south: Kind,

    /// Who plays North (as --south).
    #[arg(long, default_value = "alphabeta", value_name = "PLAYER")]
    pub(crate) north: Kind,

    /// Seconds for the `hint` command (a person's), more than 0: half for
    /// the solver (a proved win), half for an alpha-beta search [default:
    /// 2].
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub(crate) hint_time: Option<f64>,

    /// The endgame databases' directory (built by the `tablebase`
    /// example): the hint gives every move's result where they hold the
    /// position (winning, drawing or losing, and by how much).
    #[arg(long, value_name = "DIR")]
    pub(crate) tablebase: Option<String>,

    /// Who moves first from the initial position (not with --position,
    /// whose string names the side to move).
    #[arg(long, value_enum, ignore_case = true, default_value_t = Side::S,
          conflicts_with = "position")]
    first: Side,

    /// Seed of the computer players (default: from the clock; printed, so
    /// that a game can be played again). Not with two human players.
    #[arg(long, allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u64>(s, 0, u64::MAX))]
    pub(crate) seed: Option<u64>,

    #[command(flatten)]
    pub(crate) rules: RuleOptions,

    /// Use a lap limit instead of the exact endless-sowing test: a sowing
    /// not finished within N laps counts as endless (an approximation).
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u32>(s, 1, u32::MAX.into()))]
    lap_limit: Option<u32>,

    /// End the game as a draw after this many plies (1 at least).
    #[arg(long, value_name = "PLIES", allow_negative_numbers = true,
          value_parser = describe::at_least_one)]
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
pub(crate) enum Kind {
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

/// The start position from the arguments, of `rules` (which
/// [`crate::choose::chosen_rules`] chose from them).
fn start_position<R: Ruleset>(rules: R, args: &Args) -> Result<Position<R>, String> {
    let start = match &args.position {
        Some(s) => describe::position_flag(rules, s)?,
        None => {
            let first = match args.first {
                Side::S => Player::South,
                Side::N => Player::North,
            };
            Position::new_with_first(rules, first)
        }
    };
    Ok(start.with_lap_limit(args.lap_limit))
}

/// A seat at the board: a person or a computer player.
enum Seat<R: Ruleset> {
    Human,
    Computer(Box<dyn Bot<R>>),
}

impl<R: Ruleset> Seat<R> {
    fn new(kind: Kind, seed: u64) -> Seat<R> {
        match kind {
            Kind::Human => Seat::Human,
            Kind::Computer(spec) => Seat::Computer(spec.build_for(seed)),
        }
    }

    fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }
}

/// Ends a game left unfinished: its length and record.
fn abandon<R: Ruleset>(game: &Game<R>) {
    println!(
        "Game abandoned after {} pl{}.",
        game.ply(),
        if game.ply() == 1 { "y" } else { "ies" }
    );
    print_record(game);
}

/// The game itself, with the ruleset's type: `rules` are those the
/// arguments chose.
pub(crate) fn run<R: Ruleset>(rules: R, args: &Args) -> ExitCode {
    let hint_time = args.hint_time.unwrap_or(2.0);
    let start = match start_position(rules, args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("play: {e}");
            return ExitCode::from(2);
        }
    };
    let db = match args
        .tablebase
        .as_ref()
        .map(|dir| database::open(dir, *start.rules()))
    {
        Some(Err(e)) => {
            eprintln!("play: {e}");
            return ExitCode::from(2);
        }
        Some(Ok(db)) => Some(db),
        None => None,
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
    });
    let mut seats: [Seat<R>; 2] = [
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
    let mut game = Game::new(start).with_ply_limit(args.ply_limit);
    if args.no_repetition {
        game = game.with_repetition(None);
    }
    say("", &describe::title(start.rules()));
    say("", "South owns the bottom row, North the top row.");
    if start.rules().clockwise() {
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
    draw(game.position(), &names);
    announce(game.position(), &names);
    let (send, input) = std::sync::mpsc::channel::<Line>();
    // Only a person's moves are read (a game between computer players
    // leaves standard input alone).
    if seats.iter().any(Seat::is_human) {
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
    }
    let mut lines = input.iter();
    // A line typed during a proof, to be read next; the moves proved
    // endless in a position (it keeps no proof of its own).
    let mut pending: Option<Line> = None;
    let mut proven: (Option<Position<R>>, MoveSet) = (None, MoveSet::EMPTY);
    while game.outcome().is_ongoing() {
        let pos = *game.position();
        let side = pos.side_to_move();
        let mv = match &mut seats[side.index()] {
            // A computer player chooses among the moves known to end, and
            // waits for a proof only when no move is known to end yet.
            Seat::Computer(b) => {
                let known = pos.legality().ends;
                if known.is_empty() {
                    b.choose_from(&pos, progress::legal_moves_reported(&pos))
                } else {
                    b.choose_from(&pos, known)
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
                db.as_ref(),
            ) {
                Input::Move(mv) => Some(mv),
                Input::Quit => {
                    abandon(&game);
                    return ExitCode::SUCCESS;
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
                        draw(game.position(), &names);
                        announce(game.position(), &names);
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
                return ExitCode::SUCCESS;
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
        draw(game.position(), &names);
        announce(game.position(), &names);
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
    ExitCode::SUCCESS
}
