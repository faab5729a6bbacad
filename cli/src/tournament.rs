//! `selfplay --tournament`: every pair of players on every variant, from
//! both seats, with a cross table per variant and one over all variants.
//! The games are played through each variant's [`Arena`] (its ruleset's
//! type hidden), so one queue serves every variant.

use crate::progress;
use crate::selfplay::arena::{Arena, count, mix, name_hash};
use sowing::bots::BotSpec;
use sowing::{Game, Outcome, Player, Position, Ruleset};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What the tournament plays.
pub struct Config<'a> {
    /// The players.
    pub players: &'a [BotSpec],
    /// Games per pair, per seat.
    pub games: usize,
    /// Main seed.
    pub seed: u64,
    /// A game still going after this many plies is a draw.
    pub ply_limit: usize,
    /// Worker threads.
    pub threads: usize,
    /// The rule options in force, as plain selfplay lists them
    /// (`andada --clockwise`).
    pub options: &'a [String],
}

/// Wins, draws and losses of one player against another.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
    }

    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn percent(&self) -> f64 {
        100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    fn cell(&self) -> String {
        format!(
            "{}-{}-{} ({:.0}%)",
            self.wins,
            self.draws,
            self.losses,
            self.percent()
        )
    }
}

/// One game: variant, South player, North player, game number.
#[derive(Clone, Copy)]
pub(crate) struct Job {
    variant: usize,
    south: usize,
    north: usize,
    game: usize,
}

/// Plays one game; the winner's seat, or `None` for a draw.
pub(crate) fn play<R: Ruleset>(
    start: Position<R>,
    job: Job,
    config: &Config,
    base: u64,
) -> Option<Player> {
    let seed = mix(base ^ mix((job.south * 64 + job.north) as u64 ^ mix(job.game as u64)));
    let mut bots = [
        config.players[job.south].build_for::<R>(mix(seed ^ 1)),
        config.players[job.north].build_for::<R>(mix(seed ^ 2)),
    ];
    // Under the exact endless test (no lap limit) a proof can take minutes:
    // its progress goes to standard error as it runs, as in plain selfplay.
    let exact = start.lap_limit().is_none();
    let mut game = Game::new(start).with_ply_limit(Some(config.ply_limit));
    let name = start.rules().name();
    while game.outcome().is_ongoing() {
        let pos = *game.position();
        let context = || {
            format!(
                "{name} {} vs {} game {}, ply {}, {}: ",
                config.players[job.south],
                config.players[job.north],
                job.game + 1,
                game.ply() + 1,
                pos.side_to_move()
            )
        };
        let legal = if exact {
            super::progress::legal_moves_reported_at(&pos, &context(), false)
        } else {
            pos.legal_moves()
        };
        let mv = bots[pos.side_to_move().index()]
            .choose_from(&pos, legal)
            .expect("an ongoing game has a legal move");
        let played = if exact {
            let mut progress = super::progress::Progress::at(context()).without_limit_flag();
            game.play_with(mv, &mut (), &mut progress)
        } else {
            game.play(mv)
        };
        if let Err(e) = played {
            panic!(
                "{pos} refused the move {mv} of {}: {e}",
                bots[pos.side_to_move().index()].name()
            );
        }
    }
    match game.outcome() {
        Outcome::Win { winner, .. } => Some(winner),
        _ => None,
    }
}

/// Plays the tournament and prints the tables.
pub fn run(variants: &[(String, Box<dyn Arena>)], config: &Config) {
    let p = config.players.len();
    let names: Vec<String> = config.players.iter().map(|s| s.to_string()).collect();
    let mut jobs = Vec::new();
    for v in 0..variants.len() {
        for a in 0..p {
            for b in 0..p {
                if a != b {
                    for game in 0..config.games {
                        jobs.push(Job {
                            variant: v,
                            south: a,
                            north: b,
                            game,
                        });
                    }
                }
            }
        }
    }
    // No more threads than games: the rest would only start and stop.
    let threads = config.threads.min(jobs.len()).max(1);
    println!(
        "tournament: {}, {}, {} per pair and seat ({}), seed {}, {}",
        count(p, "player", "players"),
        count(variants.len(), "variant", "variants"),
        count(config.games, "game", "games"),
        count(jobs.len(), "game", "games"),
        config.seed,
        count(threads, "thread", "threads"),
    );
    if !config.options.is_empty() {
        println!("options: {}", config.options.join(", "));
    }
    // table[v][a][b]: a's results against b in variant v.
    let table = Mutex::new(vec![vec![vec![Tally::default(); p]; p]; variants.len()]);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let clock = Instant::now();
    progress::report_games(&done, jobs.len(), Duration::from_secs(5), || {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&job) = jobs.get(i) else { break };
                        let (name, start) = &variants[job.variant];
                        let base = mix(config.seed ^ mix(name_hash(name)));
                        let winner = start.tournament_game(job, config, base);
                        let (mut south, mut north) = (Tally::default(), Tally::default());
                        match winner {
                            Some(Player::South) => {
                                south.wins = 1;
                                north.losses = 1;
                            }
                            Some(Player::North) => {
                                south.losses = 1;
                                north.wins = 1;
                            }
                            None => {
                                south.draws = 1;
                                north.draws = 1;
                            }
                        }
                        {
                            let mut t = table.lock().expect("no worker panicked");
                            t[job.variant][job.south][job.north].add(south);
                            t[job.variant][job.north][job.south].add(north);
                        }
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                });
            }
        })
    });
    let table = table.into_inner().expect("no worker panicked");
    let print = |title: &str, t: &[Vec<Tally>]| {
        println!();
        println!("{title} (row's wins-draws-losses against the column, score %)");
        println!();
        let mut head = format!("| {:<16} |", "player");
        let mut rule = format!("|{:-<18}|", "");
        for n in &names {
            head += &format!(" {n:>16} |");
            rule += &format!("{:->17}:|", "");
        }
        head += &format!(" {:>16} |", "total");
        rule += &format!("{:->17}:|", "");
        println!("{head}");
        println!("{rule}");
        for (a, results) in t.iter().enumerate() {
            let mut row = format!("| {:<16} |", names[a]);
            let mut total = Tally::default();
            for (b, r) in results.iter().enumerate() {
                if a == b {
                    row += &format!(" {:>16} |", "-");
                } else {
                    row += &format!(" {:>16} |", r.cell());
                    total.add(*r);
                }
            }
            row += &format!(" {:>16} |", total.cell());
            println!("{row}");
        }
    };
    let mut all = vec![vec![Tally::default(); p]; p];
    for (v, (name, _)) in variants.iter().enumerate() {
        print(name, &table[v]);
        for (all_a, table_a) in all.iter_mut().zip(&table[v]) {
            for (x, y) in all_a.iter_mut().zip(table_a) {
                x.add(*y);
            }
        }
    }
    if variants.len() > 1 {
        print("all variants", &all);
    }
    println!();
    println!("Total time {:.1} s.", clock.elapsed().as_secs_f64());
}
