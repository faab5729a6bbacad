//! `selfplay --study sadeqa-v`: the strategy claim of the Sadeqa V source
//! (`seeds/000_*.txt`, "Strategy"; RULES.md section 3) tested in self-play.
//!
//! The source: "A warana benefits its creator, if it is in his opponent's
//! first hole. A simple strategy is to prevent your opponent making such a
//! warana, while not creating a warana yourself unless it is located in the
//! first hole of the opponent. If both players know this strategy a game
//! will probably continue forever."
//!
//! Each player of `--players` plays itself `--games` times. The first
//! `--random-opening` plies of every game are random (the alpha-beta player
//! is deterministic: without them its games would all be one game). Every
//! move's events are watched for [`Event::WaranaMade`]: who made a warana,
//! and where (the pit number in the opponent's row, 1..10). At the end the
//! tables say how the games ended (by the rules, by repetition, by the ply
//! limit), where the waranas were made, how many seeds each held at the
//! end, and how the makers of a warana in the opponent's pit 1 fared.
//!
//! A player `strategy+PLAYER` (`strategy` alone: `strategy+random`) follows
//! the source's strategy and lets `PLAYER` choose among the moves it keeps:
//! see [`strategy_moves`].
//!
//! The study is written for any ruleset that marks pits
//! ([`Ruleset::MARKS_PITS`]: its waranas); `selfplay` runs it on the game
//! named `sadeqa-v`, and refuses a game of that name that marks none.

use super::warana_strategy::{Made, strategy_moves};
use crate::narrate::count;
use crate::progress;
use crate::seeds::{mix, name_hash};
use sowing::bots::{Bot, BotSpec, SpecError};
use sowing::{DrawReason, Game, Move, MoveSet, Outcome, Player, Position, Ruleset};
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The study's players when `--players` is not given.
pub const DEFAULT_PLAYERS: &str = "random,alphabeta:4,alphabeta:6,alphabeta:8,mcts:500,mcts:2000,strategy+random,strategy+alphabeta:4";

/// A player of the study: a player spec, or one that follows the source's
/// strategy and lets the spec's player choose among the moves it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contender {
    /// Whether the source's strategy filters the moves first.
    pub strategy: bool,
    /// The player that chooses (among the strategy's moves).
    pub spec: BotSpec,
}

impl FromStr for Contender {
    type Err = String;

    /// `PLAYER` (a [`BotSpec`]), `strategy` or `strategy+PLAYER`.
    fn from_str(s: &str) -> Result<Contender, String> {
        let lower = s.trim().to_ascii_lowercase();
        let (strategy, spec) = match lower.strip_prefix("strategy") {
            Some("") => (true, "random"),
            Some(rest) => match rest.strip_prefix('+') {
                Some(spec) => (true, spec),
                None => {
                    return Err(format!(
                        "unknown player {s:?} (strategy or strategy+PLAYER)"
                    ));
                }
            },
            None => (false, lower.as_str()),
        };
        let spec = spec.parse::<BotSpec>().map_err(|e| match e {
            SpecError::UnknownPlayer(_) if !strategy => {
                format!("{e}, or with --study strategy[+PLAYER]")
            }
            _ => e.to_string(),
        })?;
        Ok(Contender { strategy, spec })
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.strategy {
            write!(f, "strategy+{}", self.spec)
        } else {
            write!(f, "{}", self.spec)
        }
    }
}

/// A player seated at the board.
struct Seat<R: Ruleset> {
    strategy: bool,
    bot: Box<dyn Bot<R>>,
}

impl<R: Ruleset> Seat<R> {
    fn new(who: Contender, seed: u64) -> Seat<R> {
        Seat {
            strategy: who.strategy,
            bot: who.spec.build_for(seed),
        }
    }

    /// A move from `legal` (the exact legal moves of `pos`). The strategy
    /// hands its player a subset; the players search only the moves they
    /// are given at the root.
    fn choose(&mut self, pos: &Position<R>, legal: MoveSet) -> Option<Move> {
        let moves = if self.strategy {
            strategy_moves(pos, legal)
        } else {
            legal
        };
        self.bot.choose_from(pos, moves)
    }
}

/// What the study plays.
pub struct Config<'a> {
    /// The players, each playing itself.
    pub players: &'a [Contender],
    /// Games per player.
    pub games: usize,
    /// Main seed.
    pub seed: u64,
    /// A game still going after this many plies is a draw.
    pub ply_limit: usize,
    /// Plies played at random at the start of every game.
    pub random_opening: usize,
    /// Worker threads.
    pub threads: usize,
    /// The endless-sowing test in words (`lap limit 1000000`, `exact`).
    pub endless: String,
}

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default)]
struct Wdl {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Wdl {
    fn add(&mut self, o: Wdl) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
    }

    fn of(winner: Option<Player>, side: Player) -> Wdl {
        match winner {
            Some(w) if w == side => Wdl {
                wins: 1,
                ..Wdl::default()
            },
            Some(_) => Wdl {
                losses: 1,
                ..Wdl::default()
            },
            None => Wdl {
                draws: 1,
                ..Wdl::default()
            },
        }
    }

    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins plus half the draws, in percent; `-` for no games.
    fn percent(&self) -> String {
        if self.games() == 0 {
            return "-".to_string();
        }
        let p = 100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64;
        format!("{p:.0}%")
    }
}

/// What a player-game is, for the claim: the player made a warana in the
/// opponent's pit 1; made waranas, none there; made none.
const CLASSES: [&str; 3] = [
    "warana in opp. pit 1",
    "waranas elsewhere only",
    "no warana",
];

/// The tallies of one player's games; the tables by pit have one entry a
/// pit of a row.
#[derive(Clone, Debug, Default)]
struct Stats {
    games: usize,
    /// Games won by South, North.
    wins: [usize; 2],
    /// Draws at equal points (40:40 in Sadeqa V), by repetition, by the ply
    /// limit.
    equal: usize,
    repetition: usize,
    ply_limit: usize,
    /// Points at the end (captured plus seeds in own waranas), South, North.
    points: [u64; 2],
    plies: u64,
    max_plies: usize,
    /// `made[maker][k]`: waranas made by `maker` in the opponent's pit k+1.
    made: [Vec<u32>; 2],
    /// Seeds those waranas held at the end of the game.
    end_seeds: [Vec<u32>; 2],
    /// The maker's result in the games where he made a warana in the
    /// opponent's pit k+1 (both makers).
    by_pit: Vec<Wdl>,
    /// Results and summed points margins of the player-games of each of
    /// [`CLASSES`].
    class: [Wdl; 3],
    margin: [i64; 3],
    /// The game records, to count the different games.
    records: HashSet<String>,
    time: Duration,
}

impl Stats {
    /// No games yet, on a board of `pits` pits a row.
    fn new(pits: usize) -> Stats {
        Stats {
            made: [vec![0; pits], vec![0; pits]],
            end_seeds: [vec![0; pits], vec![0; pits]],
            by_pit: vec![Wdl::default(); pits],
            ..Stats::default()
        }
    }

    fn add(&mut self, o: &Stats) {
        self.games += o.games;
        for i in 0..2 {
            self.wins[i] += o.wins[i];
            self.points[i] += o.points[i];
            for (x, y) in self.made[i].iter_mut().zip(&o.made[i]) {
                *x += y;
            }
            for (x, y) in self.end_seeds[i].iter_mut().zip(&o.end_seeds[i]) {
                *x += y;
            }
        }
        self.equal += o.equal;
        self.repetition += o.repetition;
        self.ply_limit += o.ply_limit;
        self.plies += o.plies;
        self.max_plies = self.max_plies.max(o.max_plies);
        for (x, y) in self.by_pit.iter_mut().zip(&o.by_pit) {
            x.add(*y);
        }
        for c in 0..3 {
            self.class[c].add(o.class[c]);
            self.margin[c] += o.margin[c];
        }
        self.records.extend(o.records.iter().cloned());
        self.time += o.time;
    }

    fn per_game(&self, x: f64) -> f64 {
        x / self.games.max(1) as f64
    }
}

/// Plays game `i` of `who` against itself and adds it to `stats`.
fn play_game<R: Ruleset>(
    start: Position<R>,
    who: Contender,
    config: &Config,
    seed: u64,
    i: usize,
    stats: &mut Stats,
) {
    let mut seats = [Seat::new(who, mix(seed ^ 1)), Seat::new(who, mix(seed ^ 2))];
    let mut opening = BotSpec::Random.build_for::<R>(mix(seed ^ 3));
    let exact = start.lap_limit().is_none();
    let mut game = Game::new(start).with_ply_limit(Some(config.ply_limit));
    let mut made = Made::default();
    while game.outcome().is_ongoing() {
        let pos = *game.position();
        let context = || {
            format!(
                "study {who} game {}, ply {}, {}: ",
                i + 1,
                game.ply() + 1,
                pos.side_to_move()
            )
        };
        let legal = if exact {
            progress::legal_moves_reported_at(&pos, &context(), false)
        } else {
            pos.legal_moves()
        };
        let mv = if game.ply() < config.random_opening {
            opening.choose_from(&pos, legal)
        } else {
            seats[pos.side_to_move().index()].choose(&pos, legal)
        }
        .expect("an ongoing game has a legal move");
        let played = if exact {
            let mut progress = progress::Progress::at(context()).without_limit_flag();
            game.play_with(mv, &mut made, &mut progress)
        } else {
            game.play_with(mv, &mut made, &mut ())
        };
        if let Err(e) = played {
            panic!("{pos} refused the move {mv} of {who}: {e}");
        }
    }
    let end = *game.position();
    let outcome = game.outcome();
    let winner = outcome.winner();
    stats.games += 1;
    match outcome {
        Outcome::Win { winner, .. } => stats.wins[winner.index()] += 1,
        Outcome::Draw { reason, .. } => match reason {
            DrawReason::Repetition => stats.repetition += 1,
            DrawReason::PlyLimit => stats.ply_limit += 1,
            DrawReason::EqualScore => stats.equal += 1,
        },
        Outcome::Ongoing => unreachable!("the loop ends only when the game is over"),
    }
    let points = Player::BOTH.map(|p| end.points(p).unwrap_or(0));
    for p in Player::BOTH {
        stats.points[p.index()] += u64::from(points[p.index()]);
    }
    stats.plies += game.ply() as u64;
    stats.max_plies = stats.max_plies.max(game.ply());
    stats.records.insert(game.record().to_string());
    for maker in Player::BOTH {
        let m = maker.index();
        let mut pits = made
            .0
            .iter()
            .filter(|(o, _)| *o == maker)
            .map(|(_, p)| *p)
            .peekable();
        let class = match pits.peek() {
            None => 2,
            Some(_) if made.0.iter().any(|&(o, p)| o == maker && p.number == 1) => 0,
            Some(_) => 1,
        };
        for pit in pits {
            let k = usize::from(pit.number) - 1;
            stats.made[m][k] += 1;
            stats.end_seeds[m][k] += u32::from(end.seeds(pit));
            stats.by_pit[k].add(Wdl::of(winner, maker));
        }
        stats.class[class].add(Wdl::of(winner, maker));
        stats.margin[class] += i64::from(points[m]) - i64::from(points[maker.other().index()]);
    }
}

/// Plays the study from `start` and prints its tables.
///
/// # Errors
/// A game that marks no pits ([`Ruleset::MARKS_PITS`]): it makes no
/// waranas to study. Nothing is printed then.
pub fn run<R: Ruleset>(start: Position<R>, config: &Config) -> Result<(), String> {
    let name = start.rules().name();
    if !R::MARKS_PITS {
        return Err(format!(
            "--study: {name} makes no waranas (its ruleset marks no pits)"
        ));
    }
    let pits = start.pits_per_row();
    // A draw at equal points: half the seeds each (40:40 in Sadeqa V).
    let half = start.seeds_on_board() / 2;
    let equal = format!("{half}:{half}");
    let players = config.players;
    let jobs = players.len() * config.games;
    // No more threads than games: the rest would only start and stop.
    let threads = config.threads.min(jobs).max(1);
    println!(
        "study {name}: {}, each against itself, {} each ({}), first {} random, seed {}, \
         repetition draw on the 3rd occurrence, ply limit {}, endless test {}, {}",
        count(players.len(), "player", "players"),
        count(config.games, "game", "games"),
        count(jobs, "game", "games"),
        count(config.random_opening, "ply", "plies"),
        config.seed,
        config.ply_limit,
        config.endless,
        count(threads, "thread", "threads"),
    );
    let base = mix(config.seed ^ mix(name_hash(&name)));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let total = Mutex::new(vec![Stats::new(pits); players.len()]);
    let clock = Instant::now();
    progress::report_games(&done, jobs, Duration::from_secs(5), || {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    let mut mine = vec![Stats::new(pits); players.len()];
                    loop {
                        let job = next.fetch_add(1, Ordering::Relaxed);
                        if job >= jobs {
                            break;
                        }
                        let (c, i) = (job / config.games, job % config.games);
                        let who = players[c];
                        let seed =
                            mix(mix(base ^ mix(name_hash(&who.to_string()))) ^ mix(i as u64));
                        let clock = Instant::now();
                        play_game(start, who, config, seed, i, &mut mine[c]);
                        mine[c].time += clock.elapsed();
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
    let stats = total.into_inner().expect("no worker panicked");
    let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let width = names.iter().map(String::len).max().unwrap_or(0).max(7);
    print_results(&names, &stats, width, &equal);
    print_pits(&names, &stats, width, pits);
    print_claim(&names, &stats, width);
    println!();
    println!(
        "s/game: seconds of one thread per game (the games' own times). Total time {:.1} s.",
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The head of a table: the cells, and a rule below that aligns the
/// columns after the first `left` to the right.
fn head(cells: &[String], left: usize) {
    println!("| {} |", cells.join(" | "));
    let rule: Vec<String> = cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            if i < left {
                "-".repeat(c.len() + 2)
            } else {
                format!("{}:", "-".repeat(c.len() + 1))
            }
        })
        .collect();
    println!("|{}|", rule.join("|"));
}

/// How the games ended, and the points; `equal` names a draw at equal
/// points (`40:40`).
fn print_results(names: &[String], stats: &[Stats], width: usize, equal: &str) {
    println!();
    println!("Results (draws: at {equal}, by repetition, by the ply limit; points at the end)");
    println!();
    let cells = [
        "players",
        "games",
        "different",
        "South wins",
        "North wins",
        equal,
        "repetition",
        "ply limit",
        "mean points S:N",
        "mean plies",
        "max plies",
        "waranas/game",
        "s/game",
    ];
    let mut cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    cells[0] = format!("{:<width$}", cells[0]);
    head(&cells, 1);
    for (name, s) in names.iter().zip(stats) {
        let made: u32 = s.made.iter().flatten().sum();
        let points = format!(
            "{:.1}:{:.1}",
            s.per_game(s.points[0] as f64),
            s.per_game(s.points[1] as f64)
        );
        println!(
            "| {name:<width$} | {:>5} | {:>9} | {:>10} | {:>10} | {:>e$} | {:>10} | {:>9} | {points:>15} | {:>10.1} | {:>9} | {:>12.2} | {:>6.2} |",
            s.games,
            s.records.len(),
            s.wins[0],
            s.wins[1],
            s.equal,
            s.repetition,
            s.ply_limit,
            s.per_game(s.plies as f64),
            s.max_plies,
            s.per_game(made as f64),
            s.per_game(s.time.as_secs_f64()),
            e = equal.len(),
        );
    }
}

/// Where the waranas were made, what they held at the end, how their
/// makers fared.
fn print_pits(names: &[String], stats: &[Stats], width: usize, pits: usize) {
    let numbers = || (1..=pits).map(|k| format!("{k:>5}"));
    let table = |title: &str, second: &str, rows: &dyn Fn(&str, &Stats)| {
        println!();
        println!("{title}");
        println!();
        let mut cells = vec![format!("{:<width$}", "players"), second.to_string()];
        cells.extend(numbers());
        cells.push(format!("{:>5}", "all"));
        head(&cells, 2);
        for (name, s) in names.iter().zip(stats) {
            rows(name, s);
        }
    };
    table(
        &format!("Waranas made, by the pit number in the opponent's row (1..{pits}), per maker"),
        "maker",
        &|name, s| {
            for p in Player::BOTH {
                let row = &s.made[p.index()];
                let cells: Vec<String> = row.iter().map(|n| format!("{n:>5}")).collect();
                let all: u32 = row.iter().sum();
                println!(
                    "| {name:<width$} | {:<5} | {} | {all:>5} |",
                    p.to_string(),
                    cells.join(" | ")
                );
            }
        },
    );
    table(
        "Seeds in a warana at the game's end (mean over the waranas made there, both makers)",
        "maker",
        &|name, s| {
            let mean = |made: u32, seeds: u32| {
                if made == 0 {
                    "-".to_string()
                } else {
                    format!("{:.1}", seeds as f64 / made as f64)
                }
            };
            let cells: Vec<String> = (0..pits)
                .map(|k| {
                    format!(
                        "{:>5}",
                        mean(
                            s.made[0][k] + s.made[1][k],
                            s.end_seeds[0][k] + s.end_seeds[1][k]
                        )
                    )
                })
                .collect();
            let made: u32 = s.made.iter().flatten().sum();
            let seeds: u32 = s.end_seeds.iter().flatten().sum();
            println!(
                "| {name:<width$} | {:5} | {} | {:>5} |",
                "both",
                cells.join(" | "),
                mean(made, seeds)
            );
        },
    );
    table(
        "Score of the maker (wins + draws/2) in the games where he made a warana at that pit",
        "maker",
        &|name, s| {
            let cells: Vec<String> = s
                .by_pit
                .iter()
                .map(|w| format!("{:>5}", w.percent()))
                .collect();
            let mut all = Wdl::default();
            for w in &s.by_pit {
                all.add(*w);
            }
            println!(
                "| {name:<width$} | {:5} | {} | {:>5} |",
                "both",
                cells.join(" | "),
                all.percent()
            );
        },
    );
}

/// The claim: the players who made a warana in the opponent's pit 1
/// against those who did not.
fn print_claim(names: &[String], stats: &[Stats], width: usize) {
    println!();
    println!(
        "Each player of each game (2 a game) by the waranas he made: how many, their score \
         (wins + draws/2), their mean points margin"
    );
    println!();
    let mut cells = vec![format!("{:<width$}", "players")];
    for c in CLASSES {
        cells.push(format!("{c:>22}"));
        cells.push("score".to_string());
        cells.push("margin".to_string());
    }
    head(&cells, 1);
    for (name, s) in names.iter().zip(stats) {
        let mut row = format!("| {name:<width$} |");
        for c in 0..3 {
            let n = s.class[c].games();
            let margin = if n == 0 {
                "-".to_string()
            } else {
                format!("{:+.1}", s.margin[c] as f64 / n as f64)
            };
            row += &format!(" {n:>22} | {:>5} | {margin:>6} |", s.class[c].percent());
        }
        println!("{row}");
    }
}

#[cfg(test)]
mod tests {
    use super::{Config, Contender, run};
    use sowing::Position;
    use sowing::rulesets::{Resized, SadeqaII, SadeqaV};

    fn config(players: &[Contender]) -> Config<'_> {
        Config {
            players,
            games: 2,
            seed: 1,
            ply_limit: 200,
            random_opening: 2,
            threads: 1,
            endless: "lap limit 1000".to_string(),
        }
    }

    /// The study is written for any game that marks pits: Sadeqa V on a
    /// board of 5 pits a row (its tables then have 5 pit columns).
    #[test]
    fn the_study_runs_on_any_game_that_marks_pits() {
        let players: Vec<Contender> = ["random", "strategy+greedy"]
            .iter()
            .map(|p| p.parse().unwrap())
            .collect();
        let rules = Resized::new(SadeqaV, 5, 4).unwrap();
        let start = Position::new(rules).with_lap_limit(Some(1000));
        assert_eq!(run(start, &config(&players)), Ok(()));
    }

    /// A game that marks no pits makes no waranas: refused, with why.
    #[test]
    fn a_game_without_waranas_is_refused() {
        let players = ["random".parse().unwrap()];
        let start = Position::new(SadeqaII::new());
        let err = run(start, &config(&players)).unwrap_err();
        assert_eq!(
            err,
            "--study: sadeqa-ii makes no waranas (its ruleset marks no pits)"
        );
    }
}
