//! The games with the ruleset's type (an [`Arena`] of each variant): the
//! command line, one game and its tally, a tournament's and a study's
//! games, and the threads that play them all.

use crate::seeds::{mix, name_hash};
use crate::tournament::game;
use crate::{describe, progress, rule_options, study};
use clap::{ArgGroup, Parser, ValueEnum};
use describe::at_least_one;
use rule_options::RuleOptions;
use sowing::bots::BotSpec;
use sowing::{DrawReason, Game, Outcome, Player, Position, Ruleset};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use study::Contender;

/// The variants played when `--variant` is not given (those of them the
/// program offers; all its games if it offers none of them).
pub(crate) const DEFAULT_VARIANTS: [&str; 5] = [
    "sadeqa-v",
    "sadeqa-ii",
    "sadeqa-iii",
    "game-91",
    "andada-12",
];

/// The studies of `--study`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum Study {
    /// The Sadeqa V source's strategy claim (a warana in the opponent's
    /// first pit; games that go on forever): docs/SOLVED.md.
    SadeqaV,
}

/// The games of `--games` when it is not given: plain selfplay and
/// `--tournament`, `--study`.
const DEFAULT_GAMES: [usize; 2] = [1000, 200];
/// The ply limit when `--ply-limit` is not given: plain selfplay and
/// `--tournament`, `--study`.
const DEFAULT_PLY_LIMIT: [usize; 2] = [5000, 1000];
/// The players of `--tournament` when `--players` is not given.
const TOURNAMENT_PLAYERS: &str = "random,greedy,alphabeta:6,mcts:2000";

/// Self-play: many games between two computer players for each ruleset.
#[derive(Parser, Debug)]
#[command(version)]
#[command(group(ArgGroup::new("mode").args(["tournament", "study"])))]
pub(crate) struct Args {
    /// Variants to play, comma-separated or repeated: sadeqa-v, sadeqa-ii,
    /// sadeqa-iii, game-91, andada (= andada-12), andada-15 .. andada-24.
    /// Default: sadeqa-v, sadeqa-ii, sadeqa-iii, game-91, andada-12.
    #[arg(long, value_delimiter = ',', conflicts_with = "study")]
    pub(crate) variant: Vec<String>,

    /// Games per variant (per pair and seat with --tournament, per player
    /// with --study), 1 at least. Default: 1000; 200 with --study.
    #[arg(long, value_parser = at_least_one, allow_negative_numbers = true)]
    games: Option<usize>,

    /// Main seed; each game's seeds are derived from it.
    #[arg(long, default_value_t = 2026, allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u64>(s, 0, u64::MAX))]
    pub(crate) seed: u64,

    /// South's computer player: random, greedy,
    /// alphabeta[:depth|:Nnodes|:Ts][:eval=auto|standard|tuned] or
    /// mcts[:playouts|:Ts] (e.g. alphabeta:6, mcts:2000, alphabeta:500ms,
    /// alphabeta:500ms:eval=standard).
    #[arg(
        long,
        default_value = "random",
        value_name = "PLAYER",
        conflicts_with_all = ["tournament", "study"]
    )]
    pub(crate) south: BotSpec,

    /// North's computer player (as --south).
    #[arg(
        long,
        default_value = "random",
        value_name = "PLAYER",
        conflicts_with_all = ["tournament", "study"]
    )]
    pub(crate) north: BotSpec,

    /// Play every pair of the players of --players on every variant, from
    /// both seats (--games games per pair and seat), and print a cross
    /// table.
    #[arg(long)]
    pub(crate) tournament: bool,

    /// The players of --tournament or --study, comma-separated (only with
    /// one of them). Default: random,greedy,alphabeta:6,mcts:2000 for
    /// --tournament;
    /// random,alphabeta:4,alphabeta:6,alphabeta:8,mcts:500,mcts:2000,strategy+random,strategy+alphabeta:4
    /// for --study, where
    /// strategy+PLAYER (strategy alone: strategy+random) follows the Sadeqa
    /// V source's strategy and lets PLAYER choose among the moves it keeps.
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "PLAYER,...",
        requires = "mode"
    )]
    players: Vec<Contender>,

    /// Study a claim in self-play instead of playing a table of variants:
    /// sadeqa-v (the Sadeqa V source's strategy claim: where waranas are
    /// made, who wins, how many games repeat; docs/SOLVED.md).
    #[arg(long, value_enum, ignore_case = true, conflicts_with_all = ["tournament", "verbose"])]
    pub(crate) study: Option<Study>,

    /// With --study: the first N plies of every game are random, so that
    /// the deterministic alpha-beta player's games differ.
    #[arg(long, value_name = "N", default_value_t = 4, requires = "study",
          allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<usize>(s, 0, u64::MAX))]
    pub(crate) random_opening: usize,

    /// Safety net: a game still going after this many plies is a draw
    /// (counted in the table); 1 at least. Default: 5000; 1000 with
    /// --study.
    #[arg(long, value_name = "PLIES", value_parser = at_least_one, allow_negative_numbers = true)]
    ply_limit: Option<usize>,

    /// A sowing not finished within N laps counts as endless: RULES.md
    /// section 2's lap-limit option, for bounded time in playouts. The
    /// default, 1,000,000 laps, is over 200 times the longest finite sowing
    /// seen in random play (4,426 laps, game 91), and a refused move costs
    /// a few milliseconds.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, conflicts_with = "exact",
          allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u32>(s, 1, u32::MAX.into()))]
    lap_limit: u32,

    /// Decide endless sowing exactly (the engine's own default) instead of
    /// with the lap limit. Exact, but a move whose relay sowing cycles after
    /// 10^10 laps takes minutes to refuse: the default run then takes about
    /// three minutes instead of seconds (and prints the same table).
    #[arg(long)]
    pub(crate) exact: bool,

    #[command(flatten)]
    pub(crate) rules: RuleOptions,

    /// Print on standard error every position where moves were refused as
    /// endless, with the time the legal-move test took there.
    #[arg(long)]
    verbose: bool,

    /// Worker threads (default: the machine's cores), 1 at least, and no
    /// more than there are games. The results do not depend on it.
    #[arg(long, value_parser = at_least_one, allow_negative_numbers = true)]
    pub(crate) threads: Option<usize>,
}

impl Args {
    /// The lap limit in force; `None` for the exact test.
    pub(crate) fn laps(&self) -> Option<u32> {
        (!self.exact).then_some(self.lap_limit)
    }

    /// 0 for plain selfplay and --tournament, 1 for --study: the index of
    /// the defaults that differ.
    fn mode(&self) -> usize {
        usize::from(self.study.is_some())
    }

    /// Games per variant, pair and seat, or player.
    pub(crate) fn games(&self) -> usize {
        self.games.unwrap_or(DEFAULT_GAMES[self.mode()])
    }

    /// The ply limit.
    pub(crate) fn ply_limit(&self) -> usize {
        self.ply_limit.unwrap_or(DEFAULT_PLY_LIMIT[self.mode()])
    }

    /// The players of --tournament or --study.
    pub(crate) fn players(&self) -> Vec<Contender> {
        if !self.players.is_empty() {
            return self.players.clone();
        }
        let list = match self.study {
            Some(Study::SadeqaV) => study::DEFAULT_PLAYERS,
            None => TOURNAMENT_PLAYERS,
        };
        list.split(',')
            .map(|p| p.parse().expect("the default players are players"))
            .collect()
    }
}

/// The tallies of one variant.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stats {
    pub(crate) games: usize,
    pub(crate) south: usize,
    pub(crate) north: usize,
    pub(crate) draws: usize,
    pub(crate) repetition: usize,
    pub(crate) ply_limit: usize,
    pub(crate) plies: u64,
    pub(crate) max_plies: usize,
    pub(crate) refused: u64,
    /// Time spent playing these games, summed over threads.
    pub(crate) time: Duration,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.games += o.games;
        self.south += o.south;
        self.north += o.north;
        self.draws += o.draws;
        self.repetition += o.repetition;
        self.ply_limit += o.ply_limit;
        self.plies += o.plies;
        self.max_plies = self.max_plies.max(o.max_plies);
        self.refused += o.refused;
        self.time += o.time;
    }
}

/// Plays one game and adds it to `stats`; `label` names it in the reports
/// of long proofs ("sadeqa-iii game 7").
fn play_game<R: Ruleset>(
    start: Position<R>,
    args: &Args,
    seed: u64,
    label: &str,
    stats: &mut Stats,
) {
    let mut bots = [
        args.south.build_for::<R>(mix(seed ^ 1)),
        args.north.build_for::<R>(mix(seed ^ 2)),
    ];
    let mut game = Game::new(start).with_ply_limit(Some(args.ply_limit()));
    let mut refused = 0u64;
    let exact = args.laps().is_none();
    let outcome = loop {
        let pos = *game.position();
        let outcome = game.outcome();
        if !outcome.is_ongoing() {
            // A game over because no candidate completes: they were all
            // refused as endless.
            refused += pos.legality().endless.len() as u64;
            break outcome;
        }
        let clock = Instant::now();
        // The legal moves are found once a ply: the endless-sowing test is
        // the expensive part, and the bot chooses from the same set. Under
        // the exact test a proof can take minutes: its progress goes to
        // standard error as it runs, about once a second.
        let context = format!("{label}, ply {}, {}: ", game.ply() + 1, pos.side_to_move());
        let legal = if exact {
            progress::legal_moves_reported_at(&pos, &context, false)
        } else {
            pos.legal_moves()
        };
        let endless = pos.candidate_moves().len() - legal.len();
        refused += endless as u64;
        if args.verbose && endless > 0 {
            eprintln!(
                "{:.2} s to find {endless} endless candidate(s) in {pos} (legal: {legal})",
                clock.elapsed().as_secs_f64(),
            );
        }
        let side = pos.side_to_move().index();
        let mv = bots[side]
            .choose_from(&pos, legal)
            .expect("an ongoing game has a legal move");
        // Playing it can start the next turn with a proof too (when no
        // candidate ends within the turn's budget): reported as well.
        let played = if exact {
            game.play_with(
                mv,
                &mut (),
                &mut progress::Progress::at(context).without_limit_flag(),
            )
        } else {
            game.play(mv)
        };
        if let Err(e) = played {
            panic!("{} refused the bot's move {mv}: {e}", game.position());
        }
    };
    stats.games += 1;
    match outcome {
        Outcome::Win {
            winner: Player::South,
            ..
        } => stats.south += 1,
        Outcome::Win {
            winner: Player::North,
            ..
        } => stats.north += 1,
        Outcome::Draw { reason, .. } => {
            stats.draws += 1;
            match reason {
                DrawReason::Repetition => stats.repetition += 1,
                DrawReason::PlyLimit => stats.ply_limit += 1,
                DrawReason::EqualScore => {}
            }
        }
        Outcome::Ongoing => unreachable!("the loop ends only when the game is over"),
    }
    stats.plies += game.ply() as u64;
    stats.max_plies = stats.max_plies.max(game.ply());
    stats.refused += refused;
}

/// One variant's start position, its ruleset's type hidden: the games of
/// each mode (plain selfplay, `--tournament`, `--study`) are played
/// through it, by code written once over `R: Ruleset`.
pub(crate) trait Arena: Send + Sync {
    /// Plays one game of plain selfplay and adds it to `stats`.
    fn game(&self, args: &Args, seed: u64, label: &str, stats: &mut Stats);
    /// Plays one game of a tournament: the winner's seat, `None` for a
    /// draw.
    fn tournament_game(&self, job: game::Job, config: &game::Config, base: u64) -> Option<Player>;
    /// Plays the study and prints its tables.
    ///
    /// # Errors
    /// As [`study::run`]: a game that makes no waranas.
    fn study(&self, config: &study::Config) -> Result<(), String>;
}

impl<R: Ruleset> Arena for Position<R> {
    fn game(&self, args: &Args, seed: u64, label: &str, stats: &mut Stats) {
        play_game(*self, args, seed, label, stats);
    }
    fn tournament_game(&self, job: game::Job, config: &game::Config, base: u64) -> Option<Player> {
        game::play(*self, job, config, base)
    }
    fn study(&self, config: &study::Config) -> Result<(), String> {
        study::run(*self, config)
    }
}

/// The arena of `rules`: its start position, with the endless-sowing test
/// `laps` (`None`: exact). The one entry point from [`Rules`].
pub(crate) fn arena<R: Ruleset>(rules: R, laps: Option<u32>) -> Box<dyn Arena> {
    Box::new(Position::new(rules).with_lap_limit(laps))
}

/// Plays all games of all variants on `threads` threads, from one queue (so
/// that a thread held up by a slow position does not hold up the others),
/// and returns each variant's tallies.
pub(crate) fn play_all(
    variants: &[(String, Box<dyn Arena>)],
    args: &Args,
    threads: usize,
) -> Vec<Stats> {
    let bases: Vec<u64> = variants
        .iter()
        .map(|(name, _)| mix(args.seed ^ mix(name_hash(name))))
        .collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let total = Mutex::new(vec![Stats::default(); variants.len()]);
    let games = args.games() * variants.len();
    progress::report_games(&done, games, Duration::from_secs(5), || {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    let mut mine = vec![Stats::default(); variants.len()];
                    loop {
                        let job = next.fetch_add(1, Ordering::Relaxed);
                        let (v, i) = (job / args.games(), job % args.games());
                        if v >= variants.len() {
                            break;
                        }
                        let clock = Instant::now();
                        let (name, arena) = &variants[v];
                        let label = format!("{name} game {}", i + 1);
                        arena.game(args, mix(bases[v] ^ mix(i as u64)), &label, &mut mine[v]);
                        mine[v].time += clock.elapsed();
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    let mut total = total.lock().expect("no worker panicked");
                    for (t, m) in total.iter_mut().zip(&mine) {
                        t.add(m);
                    }
                });
            }
        })
    });
    total.into_inner().expect("no worker panicked")
}
