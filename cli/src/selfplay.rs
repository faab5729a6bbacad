//! Plays many games between two computer players for each ruleset and
//! prints a table of results, game lengths, moves refused as endless and
//! speed.
//!
//! ```text
//! cargo run --release --example selfplay
//! cargo run --release --example selfplay -- --variant sadeqa-ii,andada-24 --games 200 --north greedy
//! cargo run --release --example selfplay -- --study sadeqa-v --threads 2
//! ```
//!
//! Every game gets its own seeds, derived from `--seed`, the variant name and
//! the game's number, so a run is reproducible whatever `--threads` and
//! whichever other variants are selected.
//!
//! `--tournament` plays every pair of `--players` from both seats and prints
//! cross tables. `--study sadeqa-v` tests the strategy claim of the Sadeqa V
//! source (RULES.md section 3; docs/SOLVED.md): each of `--players` plays
//! itself, the first `--random-opening` plies at random, and the tables say
//! where the waranas were made (the pit number in the opponent's row, per
//! maker), the seeds they held at the end, how the makers of a warana in the
//! opponent's pit 1 fared, and how many games ended by repetition or the ply
//! limit. A player `strategy+PLAYER` follows the source's strategy and lets
//! `PLAYER` choose among the moves it keeps.
//!
//! Written once for any ruleset: each variant chosen is dispatched once
//! (through [`Rules`]) to its `Arena`, generic code that plays its games;
//! the tallies come back as plain numbers, so one queue of games and one
//! table serve every variant.

use crate::{Games, Rules, describe, pipe, progress, rule_options, study, tournament};
use clap::{ArgGroup, Parser, ValueEnum};
use describe::at_least_one;
use rule_options::RuleOptions;
use sowing::bots::BotSpec;
use sowing::{DrawReason, Game, Outcome, Player, Position, Ruleset};
use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use study::Contender;

/// The variants played when `--variant` is not given (those of them the
/// program offers; all its games if it offers none of them).
const DEFAULT_VARIANTS: [&str; 5] = [
    "sadeqa-v",
    "sadeqa-ii",
    "sadeqa-iii",
    "game-91",
    "andada-12",
];

/// The studies of `--study`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Study {
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
    variant: Vec<String>,

    /// Games per variant (per pair and seat with --tournament, per player
    /// with --study), 1 at least. Default: 1000; 200 with --study.
    #[arg(long, value_parser = at_least_one, allow_negative_numbers = true)]
    games: Option<usize>,

    /// Main seed; each game's seeds are derived from it.
    #[arg(long, default_value_t = 2026, allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<u64>(s, 0, u64::MAX))]
    seed: u64,

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
    south: BotSpec,

    /// North's computer player (as --south).
    #[arg(
        long,
        default_value = "random",
        value_name = "PLAYER",
        conflicts_with_all = ["tournament", "study"]
    )]
    north: BotSpec,

    /// Play every pair of the players of --players on every variant, from
    /// both seats (--games games per pair and seat), and print a cross
    /// table.
    #[arg(long)]
    tournament: bool,

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
    study: Option<Study>,

    /// With --study: the first N plies of every game are random, so that
    /// the deterministic alpha-beta player's games differ.
    #[arg(long, value_name = "N", default_value_t = 4, requires = "study",
          allow_negative_numbers = true,
          value_parser = |s: &str| describe::whole_number::<usize>(s, 0, u64::MAX))]
    random_opening: usize,

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
    exact: bool,

    #[command(flatten)]
    rules: RuleOptions,

    /// Print on standard error every position where moves were refused as
    /// endless, with the time the legal-move test took there.
    #[arg(long)]
    verbose: bool,

    /// Worker threads (default: the machine's cores), 1 at least, and no
    /// more than there are games. The results do not depend on it.
    #[arg(long, value_parser = at_least_one, allow_negative_numbers = true)]
    threads: Option<usize>,
}

impl Args {
    /// The lap limit in force; `None` for the exact test.
    fn laps(&self) -> Option<u32> {
        (!self.exact).then_some(self.lap_limit)
    }

    /// 0 for plain selfplay and --tournament, 1 for --study: the index of
    /// the defaults that differ.
    fn mode(&self) -> usize {
        usize::from(self.study.is_some())
    }

    /// Games per variant, pair and seat, or player.
    fn games(&self) -> usize {
        self.games.unwrap_or(DEFAULT_GAMES[self.mode()])
    }

    /// The ply limit.
    fn ply_limit(&self) -> usize {
        self.ply_limit.unwrap_or(DEFAULT_PLY_LIMIT[self.mode()])
    }

    /// The players of --tournament or --study.
    fn players(&self) -> Vec<Contender> {
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

/// SplitMix64: a good 64-bit mix, to derive independent seeds.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// FNV-1a of a name, so a variant's seeds do not depend on its place in
/// the list.
pub fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xCBF2_9CE4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01B3)
    })
}

/// The tallies of one variant.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stats {
    games: usize,
    south: usize,
    north: usize,
    draws: usize,
    repetition: usize,
    ply_limit: usize,
    plies: u64,
    max_plies: usize,
    refused: u64,
    /// Time spent playing these games, summed over threads.
    time: Duration,
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
    fn tournament_game(
        &self,
        job: tournament::Job,
        config: &tournament::Config,
        base: u64,
    ) -> Option<Player>;
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
    fn tournament_game(
        &self,
        job: tournament::Job,
        config: &tournament::Config,
        base: u64,
    ) -> Option<Player> {
        tournament::play(*self, job, config, base)
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
fn play_all(variants: &[(String, Box<dyn Arena>)], args: &Args, threads: usize) -> Vec<Stats> {
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

/// A command line refused: `why` goes to standard error, after
/// `selfplay: `, and the program ends with status 2.
struct Refused(String);

fn refuse<T>(why: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(why.into()))
}

/// `n` and the word for it: "1 game", "2 games".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The rule options of the run, as the header names them; an option of no
/// variant played is refused.
fn rule_options(
    games: &Games,
    args: &Args,
    variants: &[(String, Rules)],
) -> Result<Vec<String>, Refused> {
    let mut options = Vec::new();
    for (flag, name, _) in args.rules.given() {
        let played = variants
            .iter()
            .find(|(_, r)| r.options().iter().any(|o| o.is_named(name)));
        let Some((game, _)) = played else {
            let with = rule_options::games_with(games, name);
            if with.is_empty() {
                // No game of the program has it (one's own games).
                let played: Vec<&str> = variants.iter().map(|(n, _)| n.as_str()).collect();
                return refuse(format!(
                    "{flag}: {} no option {name}",
                    match played[..] {
                        [one] => format!("{one} has"),
                        _ => format!("none of {} has", played.join(", ")),
                    }
                ));
            }
            return refuse(format!(
                "{flag} applies to {}, which is not played",
                with.join(", ")
            ));
        };
        options.push(format!("{} {flag}", rule_options::family(game)));
    }
    Ok(options)
}

/// The players of `--tournament` (two at least, none following the Sadeqa
/// V strategy) or `--study`: none twice (the table's rows could not be
/// told apart).
fn check_players(players: &[Contender], tournament: bool) -> Result<(), Refused> {
    if tournament && players.len() < 2 {
        let given: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        return refuse(format!(
            "--players: a tournament needs 2 players at least, not {} ({})",
            players.len(),
            given.join(",")
        ));
    }
    for (i, p) in players.iter().enumerate() {
        if tournament && p.strategy {
            return refuse(format!(
                "--players: {p} plays in --study sadeqa-v only, not in a tournament"
            ));
        }
        if players[..i].iter().any(|q| q.to_string() == p.to_string()) {
            return refuse(format!("--players: {p} is given twice"));
        }
    }
    Ok(())
}

/// The program for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// The program for the games of `games`, with the command line `args`
/// (the program's name first): the variants, the options and the players
/// checked before anything is printed, then the table (or the
/// tournament's, the study's). A command line refused ends with status 2.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    pipe::exit_quietly_on_closed_output();
    let args: Args = crate::games::parse_args(games, args, |c| c);
    match run(games, &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Refused(why)) => {
            eprintln!("selfplay: {why}");
            ExitCode::from(2)
        }
    }
}

/// The variants `args` name (or the default ones), with the rule options
/// applied where they have them; each once.
fn variants(games: &Games, args: &Args) -> Result<Vec<(String, Rules)>, Refused> {
    let names: Vec<String> = if args.study.is_some() {
        // The study is of the game named sadeqa-v (study::run: any game
        // that marks pits).
        if games.rules("sadeqa-v").is_err() {
            return refuse(format!(
                "--study sadeqa-v: this program does not offer sadeqa-v (its games: {})",
                games.names().join(", ")
            ));
        }
        vec!["sadeqa-v".to_string()]
    } else if args.variant.is_empty() {
        let offered: Vec<String> = DEFAULT_VARIANTS
            .iter()
            .filter(|n| games.rules(n).is_ok())
            .map(|s| s.to_string())
            .collect();
        if offered.is_empty() {
            games.names()
        } else {
            offered
        }
    } else {
        args.variant.clone()
    };
    let mut variants: Vec<(String, Rules)> = Vec::new();
    for name in names.iter().map(|n| n.trim()) {
        if name.is_empty() {
            return refuse(
                "--variant: an empty name in the list (two commas in a row, or one at an end?)",
            );
        }
        let rules = args.rules.apply(games, name).map_err(Refused)?;
        let name = rules.name();
        // `andada` and `andada-12` are one variant: named the same. Two
        // readings of one game are two (`sadeqa-ii(starter-only),sadeqa-ii`).
        if variants
            .iter()
            .any(|(_, r)| r.to_string() == rules.to_string())
        {
            return refuse(format!("--variant: {rules} is given twice"));
        }
        variants.push((name, rules));
    }
    Ok(variants)
}

/// Plays what `args` ask for with the games of `games`.
fn run(games: &Games, args: &Args) -> Result<(), Refused> {
    let variants = variants(games, args)?;
    // Every variant's options are checked before anything is printed.
    let options = rule_options(games, args, &variants)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let endless = match args.laps() {
        Some(n) => format!("lap limit {n}"),
        None => "exact".to_string(),
    };
    // The table names each variant with its options (the games' seeds
    // come from the name alone: two readings of a game play from the
    // same seeds).
    let labels: Vec<String> = variants.iter().map(|(_, r)| r.to_string()).collect();
    // Each variant dispatched once, to the code written for its ruleset.
    let arenas: Vec<(String, Box<dyn Arena>)> = variants
        .into_iter()
        .map(|(name, rules)| (name, rules.erased().selfplay_arena(args.laps())))
        .collect();
    if args.study.is_some() {
        let players = args.players();
        check_players(&players, false)?;
        let config = study::Config {
            players: &players,
            games: args.games(),
            seed: args.seed,
            ply_limit: args.ply_limit(),
            random_opening: args.random_opening,
            threads,
            endless,
        };
        return arenas[0].1.study(&config).map_err(Refused);
    }
    if args.tournament {
        let players = args.players();
        check_players(&players, true)?;
        let players: Vec<BotSpec> = players.iter().map(|p| p.spec).collect();
        let config = tournament::Config {
            players: &players,
            games: args.games(),
            seed: args.seed,
            ply_limit: args.ply_limit(),
            threads,
            options: &options,
        };
        tournament::run(&arenas, &config);
        return Ok(());
    }
    let variants = arenas;
    // No more threads than games: the rest would only start and stop.
    let threads = threads.min(args.games() * variants.len()).max(1);
    println!(
        "selfplay: South {} vs North {}, {} per variant, seed {}, \
         repetition draw on the 3rd occurrence, ply limit {}, endless test {endless}, {}",
        args.south,
        args.north,
        count(args.games(), "game", "games"),
        args.seed,
        args.ply_limit(),
        count(threads, "thread", "threads"),
    );
    if !options.is_empty() {
        println!("options: {}", options.join(", "));
    }
    if args.exact {
        eprintln!(
            "selfplay: the exact endless-sowing test can take minutes for a single move; \
             the table comes at the end"
        );
    }
    println!();
    println!(
        "| variant    | games | South wins | North wins | draws | (repetition) | (ply limit) | mean plies | max plies | refused as endless |   plies/s |"
    );
    println!(
        "|------------|------:|-----------:|-----------:|------:|-------------:|------------:|-----------:|----------:|-------------------:|----------:|"
    );
    let clock = Instant::now();
    let results = play_all(&variants, args, threads);
    for (name, s) in labels.iter().zip(&results) {
        let mean = if s.games > 0 {
            s.plies as f64 / s.games as f64
        } else {
            0.0
        };
        let rate = s.plies as f64 / s.time.as_secs_f64().max(1e-9);
        println!(
            "| {name:<10} | {:>5} | {:>10} | {:>10} | {:>5} | {:>12} | {:>11} | {mean:>10.1} | {:>9} | {:>18} | {rate:>9.0} |",
            s.games, s.south, s.north, s.draws, s.repetition, s.ply_limit, s.max_plies, s.refused,
        );
    }
    println!();
    println!(
        "plies/s: plies per second of one thread (the games' own times). Total time {:.1} s.",
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}
