//! `selfplay --tournament`: every pair of players on every variant, from
//! both seats, with a cross table per variant and one over all variants.
//! The games are played through each variant's [`Arena`] (its ruleset's
//! type hidden), so one queue serves every variant.

pub(crate) mod game;

use crate::narrate::count;
use crate::progress;
use crate::seeds::{mix, name_hash};
use crate::selfplay::arena::Arena;
pub use game::Config;
use game::Job;
use sowing::Player;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

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
