//! The replay itself, with the ruleset's type: the record read against
//! the board, played ply by ply, each position printed.

use crate::{describe, progress, rule_options};
use clap::{Parser, ValueEnum};
use progress::Progress;
use rule_options::RuleOptions;
use sowing::{Game, Player, Position, RecordError, Ruleset};

/// Replay a game record (moves separated by `/`, e.g. `2/8/3/9`) and print
/// the position after each ply, the legal moves at the end and the result.
#[derive(Parser, Debug)]
#[command(version)]
// The start: --variant, --position or both (a clap error names both).
#[command(group(clap::ArgGroup::new("start").required(true).multiple(true).args(["variant", "position"])))]
pub(crate) struct Args {
    /// Variant to start from its initial position: sadeqa-v, sadeqa-ii,
    /// sadeqa-iii, game-91, andada (= andada-12), andada-15 .. andada-24.
    #[arg(long)]
    pub(crate) variant: Option<String>,

    /// Start from this position string instead (RULES.md section 7), e.g.
    /// "sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 S 0-0".
    #[arg(long)]
    pub(crate) position: Option<String>,

    /// The game record: moves separated by `/`. May be empty.
    #[arg(default_value = "")]
    record: String,

    /// Who moves first from the variant's initial position (not with
    /// --position, whose string names the side to move).
    #[arg(long, value_enum, ignore_case = true, default_value_t = Side::S,
          conflicts_with = "position")]
    first: Side,

    #[command(flatten)]
    pub(crate) rules: RuleOptions,

    /// Use a lap limit instead of the exact endless-sowing test: a sowing
    /// not finished within N laps counts as endless (an approximation).
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u32>(s, 1, u32::MAX.into()))]
    lap_limit: Option<u32>,

    /// Do not end the game as a draw when a position occurs for the third
    /// time (the default repetition policy).
    #[arg(long)]
    no_repetition: bool,
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

/// The replay, with the ruleset's type: `rules` are those the arguments
/// chose.
pub(crate) fn run<R: Ruleset>(rules: R, args: &Args) -> Result<(), String> {
    let start = start_position(rules, args)?;
    // The whole record is read, against this board, before any of it is
    // played: an entry that is not a move of this board is refused with
    // nothing printed.
    let record = describe::parse_record(&args.record, start.pits_per_row())
        .map_err(|e| format!("bad record: {e}"))?;
    let mut game = Game::new(start);
    if args.no_repetition {
        game = game.with_repetition(None);
    }
    for (i, &mv) in record.moves().iter().enumerate() {
        let ply = i + 1;
        let outcome = game.outcome();
        if !outcome.is_ongoing() {
            return Err(RecordError::Over { ply, outcome }.to_string());
        }
        // A long endless-sowing proof on the way is reported on standard
        // error as it runs.
        let mover = game.position().side_to_move();
        let mut progress = Progress::at(format!("ply {ply}, {mover}: "));
        game.play_with(mv, &mut (), &mut progress)
            .map_err(|source| RecordError::Play { ply, source }.to_string())?;
        println!("{ply} {mv} {}", game.position());
    }
    let legal = if game.outcome().is_ongoing() {
        progress::legal_moves_reported(game.position())
    } else {
        game.legal_moves()
    };
    if legal.is_empty() {
        println!("legal: none");
    } else {
        println!("legal: {legal}");
    }
    println!("result: {}", game.outcome());
    Ok(())
}
