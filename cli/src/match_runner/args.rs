//! `match`'s command line ([`Args`]) and the limit on each move it asks
//! for ([`Control`]): plain data, read by the front and handed to the
//! referee, so it sits below the registry (`games.rs`) with the referee
//! whose signatures name it.

use clap::Parser;

/// The command line of `match`.
#[derive(Parser, Debug, Clone)]
#[command(about = "Two engine commands against each other (docs/PROTOCOL.md), with Elo and SPRT")]
pub(crate) struct Args {
    /// An engine command (twice: the first engine, then the second), with
    /// its arguments separated by spaces: `--engine "sowing engine --player mcts"`.
    #[arg(long = "engine", required = true, num_args = 1)]
    pub(super) engines: Vec<String>,
    /// The game (`setoption name Variant value ...`); default: the
    /// program's first.
    #[arg(long)]
    pub(super) variant: Option<String>,
    /// The number of games (rounded up to an even number: each opening is
    /// played twice, colours swapped), at most 1,000,000; the most an SPRT
    /// plays.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(..=MAX_GAMES as u64))]
    pub(super) games: u64,
    /// A fixed time per move, in ms (`go movetime`).
    #[arg(long, conflicts_with_all = ["tc", "depth"])]
    pub(super) movetime: Option<u64>,
    /// A clock per game, `BASE+INC` in seconds (`10+0.1`; `go wtime btime winc binc`).
    #[arg(long, conflicts_with = "depth")]
    pub(super) tc: Option<String>,
    /// A fixed depth per move (`go depth`).
    #[arg(long)]
    pub(super) depth: Option<u8>,
    /// Openings of this many random plies from the start (seeded by `--seed`).
    #[arg(long, default_value_t = 0)]
    pub(super) random_plies: u32,
    /// Openings from a file of records, one a line (`1/4/2`), in turn.
    #[arg(long, conflicts_with = "random_plies")]
    pub(super) openings: Option<String>,
    /// Random openings only where a depth-8 alpha-beta (the default
    /// evaluation, `alphabeta`'s) values the position within this many of
    /// its units of even: quarters of a seed in the games won on points
    /// (`--balanced 40` is 10 seeds); in the games won by moving last the
    /// default evaluation's, the tuned one's hundredths of a logit of the
    /// chance to win (`--balanced 100` is one logit, 73%; on Sadeqa II
    /// rounded to multiples of 16); as an opening book of balanced
    /// positions; the others are drawn again.
    #[arg(long, requires = "random_plies")]
    pub(super) balanced: Option<u32>,
    /// The seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub(super) concurrency: usize,
    /// An SPRT: `elo0=0 elo1=10 alpha=0.05 beta=0.05`; the match stops
    /// once H0 or H1 is accepted.
    #[arg(long, num_args = 1..=4)]
    pub(super) sprt: Option<Vec<String>>,
    /// The games' records, written to this file (`--pgn` too).
    #[arg(long, alias = "pgn")]
    pub(super) records: Option<String>,
    /// A game reaching this many plies is a draw.
    #[arg(long, default_value_t = 1000)]
    pub(super) max_plies: usize,
    /// How long past its time an engine may take before it loses as hung, in ms.
    #[arg(long, default_value_t = 1000)]
    pub(super) margin: u64,
}

/// How each move is limited.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Control {
    MoveTime(u64),
    Depth(u8),
    /// Base and increment, in ms.
    Clock(u64, u64),
}

impl Control {
    /// The limit `args` ask for: `--movetime`, `--depth` or `--tc`
    /// (100 ms a move without any).
    pub(super) fn read(args: &Args) -> Result<Control, String> {
        if let Some(ms) = args.movetime {
            return Ok(Control::MoveTime(ms.max(1)));
        }
        if let Some(d) = args.depth {
            return Ok(Control::Depth(d.max(1)));
        }
        if let Some(tc) = &args.tc {
            let (base, inc) = tc.split_once('+').unwrap_or((tc, "0"));
            let secs = |t: &str| {
                t.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .map(|s| (s * 1000.0).round() as u64)
                    .ok_or_else(|| format!("--tc {tc}: expected BASE+INC in seconds (10+0.1)"))
            };
            return Ok(Control::Clock(secs(base)?.max(1), secs(inc)?));
        }
        Ok(Control::MoveTime(100))
    }
}

/// The most games a match plays (`--games`): the openings are drawn
/// before the first game, and a "no limit" of 2^64 would not fit in memory.
const MAX_GAMES: usize = 1_000_000;
