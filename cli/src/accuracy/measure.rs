//! The measure with the ruleset's type: the sampled positions, each
//! player's move against the databases' values, and whole games.

use crate::rule_options::RuleOptions;
use clap::Parser;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use sowing::bots::{Bot, BotSpec, Budget, EvalKind};
use sowing::tablebase::{Forecast, Tablebase, ValueKind};
use sowing::{Game, Move, Player, Position, Ruleset, Scoring};
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

/// The command line of `accuracy`.
#[derive(Parser, Debug)]
#[command(about = "How close players come to perfect play, by the endgame databases")]
pub(crate) struct Args {
    /// The game; default: the program's first.
    #[arg(long)]
    pub(crate) variant: Option<String>,
    #[command(flatten)]
    pub(crate) options: RuleOptions,
    /// The directory of the databases (`tablebase build --dir D`).
    #[arg(long, value_name = "D")]
    tablebase: PathBuf,
    /// A player to measure, with its budget (`alphabeta:100ms`,
    /// `mcts:10ms`, `greedy`); repeatable.
    #[arg(long = "player", required = true, value_name = "SPEC")]
    players: Vec<String>,
    /// Positions to sample.
    #[arg(long, default_value_t = 1000)]
    positions: usize,
    /// Random plies that open each sampled game.
    #[arg(long, default_value_t = 6)]
    random_plies: u32,
    /// The depth of the alpha-beta that plays the sampled games on.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=32))]
    sampler_depth: u8,
    /// Positions taken from one sampled game, at most.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    per_game: u32,
    /// Whole games against a perfect opponent (where the databases hold
    /// the start), each colour in turn.
    #[arg(long, default_value_t = 0)]
    games: usize,
    /// The seed of the sampling, the players and the perfect opponent.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The measure with the rules' type.
pub(crate) fn run<R: Ruleset>(rules: R, args: &Args) -> Result<(), String> {
    let specs: Vec<BotSpec> = args
        .players
        .iter()
        .map(|s| {
            s.parse::<BotSpec>()
                .map_err(|e| format!("--player {s}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let tb = Tablebase::open(rules, &args.tablebase)
        .map_err(|e| format!("--tablebase {}: {e}", args.tablebase.display()))?;
    check_kind(&tb, &args.tablebase)?;
    let points = rules.scoring() == Scoring::Points;
    // The whole games need the start in the databases: said before the
    // positions are measured, not an hour after.
    let start_value = match (args.games > 0).then(|| Position::new(rules)) {
        Some(start) => Some(
            tb.forecast(&start)
                .ok_or_else(|| untabulated_start(&tb, &start))?,
        ),
        None => None,
    };
    // The player column as wide as the longest spec (at least 20), so
    // that `alphabeta:10ms:eval=standard` keeps the columns aligned.
    let width = specs
        .iter()
        .map(|s| s.to_string().len())
        .max()
        .unwrap_or(0)
        .max(20);
    if args.positions > 0 {
        let started = Instant::now();
        let positions = sample(&tb, args);
        eprintln!(
            "accuracy: {} positions sampled in {:.1} s",
            positions.len(),
            started.elapsed().as_secs_f64()
        );
        println!(
            "Accuracy on {}, databases up to {} seeds: {} positions (seed {}; {} random plies, then alpha-beta depth {}, at most {} a game)",
            sowing::options::with_options(&rules),
            tb.max_seeds(),
            positions.len(),
            args.seed,
            args.random_plies,
            args.sampler_depth,
            args.per_game,
        );
        println!(
            "{:<width$} {:>8} {:>20} {:>18} {:>22}",
            "player",
            "kept",
            if points { "seeds given away" } else { "" },
            "mean time a move",
            "processor time a move"
        );
        for spec in &specs {
            let tally = measure(&tb, *spec, &positions, args.seed);
            let given = if points {
                format!("{:.3}", tally.given as f64 / tally.moves.max(1) as f64)
            } else {
                String::new()
            };
            println!(
                "{:<width$} {:>7.1}% {:>20} {:>15.1} ms {:>19.1} ms",
                spec.to_string(),
                100.0 * tally.kept as f64 / tally.moves.max(1) as f64,
                given,
                1000.0 * tally.thinking.as_secs_f64() / tally.moves.max(1) as f64,
                1000.0 * tally.processor.as_secs_f64() / tally.moves.max(1) as f64
            );
        }
    }
    if let Some(value) = start_value {
        println!(
            "Whole games against a perfect opponent, from the start ({value}): {} games, each colour in turn",
            args.games
        );
        for spec in &specs {
            let (mut held, mut result) = (0, 0);
            for g in 0..args.games {
                let side = if g % 2 == 0 {
                    Player::South
                } else {
                    Player::North
                };
                let seed = args.seed.wrapping_add(g as u64);
                let game = whole_game(&tb, *spec, side, seed);
                held += u32::from(game.value);
                result += u32::from(game.result);
            }
            println!(
                "{:<width$} held the start's value in {held} of {} games ({:.1}%), its result in {result}",
                spec.to_string(),
                args.games,
                100.0 * f64::from(held) / args.games as f64
            );
        }
    }
    Ok(())
}

/// Why `--games` cannot be played: the databases do not hold the start,
/// by its seeds, or (a start with no more seeds than they cover) by its
/// state, such as an opening still to be played (Sadeqa II's forced moves).
fn untabulated_start<R: Ruleset>(tb: &Tablebase<R>, start: &Position<R>) -> String {
    let (seeds, max) = (start.seeds_on_board(), tb.max_seeds());
    if seeds <= max {
        format!(
            "--games: the databases do not hold the start, though it has no more seeds \
             ({seeds}) than they cover ({max}): its state (an opening still to be played, say) \
             is not one they tabulate"
        )
    } else {
        format!("--games: the databases (up to {max} seeds) do not hold the start ({seeds} seeds)")
    }
}

/// Refuses win/draw/loss databases (`tablebase build --win-draw-loss`):
/// they hold the sign of each position's margin from here on, not its
/// value, so they cannot say which move is best (a capture's seeds are
/// not in the sign after it) and every figure would be wrong.
fn check_kind<R: Ruleset>(tb: &Tablebase<R>, dir: &std::path::Path) -> Result<(), String> {
    match tb.kind() {
        ValueKind::WinDrawLoss => Err(format!(
            "--tablebase {}: win/draw/loss databases hold no margins, which the measure needs \
             (the best move and the seeds given away): give margin databases (`tablebase build` \
             without --win-draw-loss)",
            dir.display()
        )),
        _ => Ok(()),
    }
}

/// The positions: from seeded games, where the databases hold them.
fn sample<R: Ruleset>(tb: &Tablebase<R>, args: &Args) -> Vec<Position<R>> {
    let rules = *tb.rules();
    let mut out = Vec::with_capacity(args.positions);
    let mut seen: HashSet<Position<R>> = HashSet::new();
    let mut sampler = BotSpec::AlphaBeta(Budget::Depth(args.sampler_depth), EvalKind::Standard)
        .build_for::<R>(args.seed);
    // A game that yields nothing (it ends before the databases hold it)
    // is not retried for ever.
    let most_games = args.positions.saturating_mul(20).max(100);
    for g in 0..most_games {
        if out.len() >= args.positions {
            break;
        }
        let mut game = crate::sampling::opened_game(rules, args.seed, g as u64, args.random_plies);
        let mut taken = 0;
        let mut wait = 0u32;
        while game.outcome().is_ongoing() && taken < args.per_game && out.len() < args.positions {
            let pos = *game.position();
            let legal = game.legal_moves();
            if wait == 0 && legal.len() >= 2 && tb.probe(&pos).is_some() && seen.insert(pos) {
                out.push(pos);
                taken += 1;
                wait = 3;
            }
            wait = wait.saturating_sub(1);
            let Some(mv) = sampler.choose_from(&pos, legal) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
    }
    out
}

/// What a player did over the positions.
#[derive(Default)]
struct Tally {
    moves: u64,
    kept: u64,
    /// Seeds given away, summed (games won on points).
    given: i64,
    /// The player's thinking time, summed over its moves.
    thinking: std::time::Duration,
    /// The processor time the process had while the player thought,
    /// summed (less than `thinking` on a machine busy with other work).
    processor: std::time::Duration,
}

/// The processor time this process has used so far (Linux; zero
/// elsewhere): with the player the only work of the process, the
/// difference over a move is the processor time the player had.
fn processor_time() -> std::time::Duration {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes only the timespec it is given.
        #[allow(unsafe_code)]
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) } == 0;
        if ok {
            return std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32);
        }
    }
    std::time::Duration::ZERO
}

/// Whether `played` keeps the value of `best` for `me`: the same margin,
/// or, in the last-mover games, the same result.
fn keeps(points: bool, me: Player, best: Forecast, played: Forecast) -> bool {
    if points {
        best.rank_for(me) == played.rank_for(me)
    } else {
        best.rank_for(me).signum() == played.rank_for(me).signum()
    }
}

fn measure<R: Ruleset>(
    tb: &Tablebase<R>,
    spec: BotSpec,
    positions: &[Position<R>],
    seed: u64,
) -> Tally {
    let points = tb.rules().scoring() == Scoring::Points;
    let mut tally = Tally::default();
    let mut bot = spec.build_for::<R>(seed);
    for pos in positions {
        let Some(moves) = tb.move_forecasts(pos) else {
            continue;
        };
        let Some(&(_, best)) = moves.first() else {
            continue;
        };
        let (asked, processor) = (Instant::now(), processor_time());
        let chosen = bot.choose_from(pos, pos.legal_moves());
        let thinking = asked.elapsed();
        let processor = processor_time().saturating_sub(processor);
        let Some(mv) = chosen else {
            continue;
        };
        let Some(&(_, played)) = moves.iter().find(|(m, _)| *m == mv) else {
            continue;
        };
        let me = pos.side_to_move();
        tally.moves += 1;
        tally.thinking += thinking;
        tally.processor += processor;
        tally.kept += u64::from(keeps(points, me, best, played));
        if points {
            tally.given += i64::from(best.rank_for(me) - played.rank_for(me));
        }
    }
    tally
}

/// What a player held of the start's value over a whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Held {
    /// Every move kept the value: the same margin (games won on points),
    /// the same result (games won by moving last).
    value: bool,
    /// Every move kept the result (win, draw or loss), perhaps by less.
    result: bool,
}

/// A game from the start, the player `side` against the databases' best
/// moves; whether every move of the player kept the value, and the result.
fn whole_game<R: Ruleset>(tb: &Tablebase<R>, spec: BotSpec, side: Player, seed: u64) -> Held {
    let points = tb.rules().scoring() == Scoring::Points;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut bot = spec.build_for::<R>(seed);
    let mut game = Game::new(Position::new(*tb.rules())).with_ply_limit(Some(1000));
    let lost = Held {
        value: false,
        result: false,
    };
    let mut held = Held {
        value: true,
        result: true,
    };
    while game.outcome().is_ongoing() {
        let pos = *game.position();
        let me = pos.side_to_move();
        let Some(moves) = tb.move_forecasts(&pos) else {
            return lost;
        };
        let Some(&(_, best)) = moves.first() else {
            break;
        };
        let mv = if me == side {
            let Some(mv) = bot.choose_from(&pos, game.legal_moves()) else {
                break;
            };
            let Some(&(_, played)) = moves.iter().find(|(m, _)| *m == mv) else {
                return lost;
            };
            held.value &= keeps(points, me, best, played);
            held.result &= keeps(false, me, best, played);
            if !held.result {
                return lost;
            }
            mv
        } else {
            let ties: Vec<Move> = moves
                .iter()
                .filter(|(_, f)| f.rank_for(me) == best.rank_for(me))
                .map(|(m, _)| *m)
                .collect();
            ties[rand::RngExt::random_range(&mut rng, 0..ties.len())]
        };
        if game.play(mv).is_err() {
            return lost;
        }
    }
    held
}

#[cfg(test)]
mod tests {
    use super::*;
    use sowing::rulesets::{Resized, SadeqaIII};
    use sowing::tablebase::Builder;

    /// The Sadeqa III rules on 2 x 3 with 1 seed a pit: the databases hold
    /// every position from the start (6 seeds).
    fn small(tag: &str) -> (Tablebase<Resized<SadeqaIII>>, PathBuf) {
        let rules = Resized::new(SadeqaIII::new(), 3, 1).expect("a board");
        let dir =
            std::env::temp_dir().join(format!("sowing-accuracy-{tag}-{}", std::process::id()));
        Builder::new(rules, &dir)
            .max_seeds(6)
            .build(|_| {})
            .expect("the databases");
        (Tablebase::open(rules, &dir).expect("opened"), dir)
    }

    #[test]
    fn a_deep_search_keeps_more_value_than_a_random_player() {
        let (tb, dir) = small("positions");
        let args = Args::parse_from(["accuracy", "--tablebase", "x", "--player", "random"]);
        let positions = sample(&tb, &args);
        assert!(!positions.is_empty());
        assert!(positions.iter().all(|p| p.legal_moves().len() >= 2));
        // Alpha-beta to depth 30 sees every game of 6 seeds to its end,
        // and deepens until no proof rests on the depth: it keeps every
        // value.
        let deep = BotSpec::AlphaBeta(Budget::Depth(30), EvalKind::Standard);
        let tally = measure(&tb, deep, &positions, 1);
        assert_eq!(tally.moves as usize, positions.len());
        assert_eq!((tally.kept, tally.given), (tally.moves, 0));
        let random = measure(&tb, BotSpec::Random, &positions, 1);
        assert!(random.kept < random.moves && random.given > 0);
        std::fs::remove_dir_all(dir).ok();
    }

    /// A whole game from the start against the perfect opponent: the
    /// deep search holds the start's value (and so its result) as either
    /// side; a random player, in some games, gives away the value, and
    /// holds the result in every game where it held the value.
    #[test]
    fn a_whole_game_holds_the_value_or_at_least_the_result() {
        let (tb, dir) = small("games");
        let deep = BotSpec::AlphaBeta(Budget::Depth(30), EvalKind::Standard);
        for (side, seed) in [(Player::South, 1), (Player::North, 2)] {
            let held = whole_game(&tb, deep, side, seed);
            assert_eq!(
                held,
                Held {
                    value: true,
                    result: true
                },
                "{side:?}"
            );
        }
        let games: Vec<Held> = (0..20)
            .map(|g| {
                let side = if g % 2 == 0 {
                    Player::South
                } else {
                    Player::North
                };
                whole_game(&tb, BotSpec::Random, side, g)
            })
            .collect();
        assert!(games.iter().any(|h| !h.value), "{games:?}");
        assert!(games.iter().all(|h| h.result || !h.value), "{games:?}");
        std::fs::remove_dir_all(dir).ok();
    }

    /// Win/draw/loss databases cannot say which move is best: refused,
    /// where the figures came out wrong (the random player kept 67% of
    /// the values on 2 x 3 x 2, against 54.5% by the margins).
    #[test]
    fn win_draw_loss_databases_are_refused() {
        let rules = Resized::new(SadeqaIII::new(), 3, 1).expect("a board");
        let dir = std::env::temp_dir().join(format!("sowing-accuracy-wdl-{}", std::process::id()));
        Builder::new(rules, &dir)
            .max_seeds(6)
            .win_draw_loss()
            .build(|_| {})
            .expect("the databases");
        let tb = Tablebase::open(rules, &dir).expect("opened");
        let err = check_kind(&tb, &dir).unwrap_err();
        assert!(err.contains("win/draw/loss"), "{err}");
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_move_keeps_the_margin_or_in_the_last_mover_games_the_result() {
        let ahead = |by| Forecast::Ahead {
            winner: Player::South,
            by,
        };
        assert!(keeps(true, Player::South, ahead(4), ahead(4)));
        assert!(!keeps(true, Player::South, ahead(4), ahead(3)));
        let wins = |plies| Forecast::Wins {
            winner: Player::North,
            plies,
        };
        assert!(keeps(false, Player::North, wins(3), wins(9)));
        assert!(!keeps(false, Player::North, wins(3), Forecast::Endless));
    }
}
