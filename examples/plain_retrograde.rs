//! A plain retrograde build of game 91's margin databases, written from
//! docs/RULES.md section 5 apart from the crate (it uses none of it): the
//! yardstick that `tablebase build` is measured against (docs/SOLVED.md,
//! "Database builds"), and a second, independent reading of the values.
//!
//! ```sh
//! cargo run --release --example plain_retrograde -- 12            # layers 0 to 12
//! cargo run --release --example plain_retrograde -- 12 DIR        # and compare with DIR/game-91.<k>.tb
//! ```
//!
//! What "plain" means: a byte a position, every value 0 to start with, and
//! sweeps over the layer until none changes, each sweep sowing every move
//! of every position again (no moves kept, no positions skipped, nothing
//! asked of the memory ahead), on every core (positions shared out in
//! blocks, values read and written in place). The positions and their
//! order are the crate's (the mover's row first, the combinatorial rank of
//! the placement), so that the values compare byte for byte.
//!
//! The value of a position, for its mover: the best, over the legal moves,
//! of the seeds the move captures minus the value of the position it leads
//! to (for the opponent); `-seeds` when there is no legal move (the game is
//! over: the seeds on the board go to the player who moved last). A sowing
//! that never ends is no move (RULES.md section 2: it comes back to its
//! first state, since a lap is invertible). Play that goes on for ever is
//! worth 0 from where it starts, which is where the sweeps start.

use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Pits on the board; the mover's row is `0..ROW`.
const PITS: usize = 16;
const ROW: usize = 8;

/// `C(n, k)` for the ranks, `n` up to 64 + 15.
struct Binomial(Vec<[u64; PITS]>);

impl Binomial {
    fn new(max_n: usize) -> Self {
        let mut t = vec![[0u64; PITS]; max_n + 1];
        for n in 0..=max_n {
            t[n][0] = 1;
            for k in 1..PITS {
                t[n][k] = if n == 0 {
                    0
                } else {
                    t[n - 1][k - 1] + t[n - 1][k]
                };
            }
        }
        Binomial(t)
    }

    fn c(&self, n: usize, k: usize) -> u64 {
        self.0[n][k]
    }

    /// Positions with `seeds` seeds: `C(seeds + 15, 15)`.
    fn positions(&self, seeds: usize) -> u64 {
        self.c(seeds + PITS - 1, PITS - 1)
    }

    /// The rank of a placement: its bars' places `b_1 < ... < b_15` (bar
    /// `c` after pit `c - 1`) in the combinatorial number system.
    fn rank(&self, pits: &[u8; PITS]) -> u64 {
        let (mut place, mut r) = (0usize, 0u64);
        for (c, &a) in pits[..PITS - 1].iter().enumerate() {
            place += a as usize;
            r += self.c(place, c + 1);
            place += 1;
        }
        r
    }

    /// The placement of `seeds` seeds of rank `r`.
    fn unrank(&self, seeds: usize, mut r: u64) -> [u8; PITS] {
        let mut bars = [0usize; PITS];
        let mut top = seeds + PITS - 2;
        for c in (1..PITS).rev() {
            while self.c(top, c) > r {
                top -= 1;
            }
            r -= self.c(top, c);
            bars[c] = top;
            top = top.saturating_sub(1);
        }
        let mut pits = [0u8; PITS];
        let mut prev: isize = -1;
        for c in 1..PITS {
            pits[c - 1] = (bars[c] as isize - prev - 1) as u8;
            prev = bars[c] as isize;
        }
        pits[PITS - 1] = (seeds as isize + PITS as isize - 2 - prev) as u8;
        pits
    }
}

/// Sows the mover's pit `from` (relay sowing, RULES.md sections 2 and 5):
/// the board after it and the seeds it captures, or `None` for a sowing
/// that never ends.
fn sow(board: &[u8; PITS], from: usize) -> Option<([u8; PITS], u8)> {
    let mut b = *board;
    let mut pit = from;
    loop {
        let mut hand = b[pit];
        b[pit] = 0;
        while hand > 0 {
            pit = (pit + 1) % PITS;
            b[pit] += 1;
            hand -= 1;
        }
        if b[pit] == 1 {
            // The last seed fell into an empty pit: the move ends there.
            let opposite = PITS - 1 - pit;
            if pit < ROW && b[opposite] > 0 {
                let captured = b[opposite];
                b[opposite] = 0;
                return Some((b, captured));
            }
            return Some((b, 0));
        }
        // An occupied pit: its seeds are lifted for the next lap, unless
        // that lap starts where the sowing did (it would go on for ever).
        if pit == from && b == *board {
            return None;
        }
    }
}

/// The board as the opponent sees it: their row first.
fn turned(b: &[u8; PITS]) -> [u8; PITS] {
    let mut t = [0u8; PITS];
    t[..ROW].copy_from_slice(&b[ROW..]);
    t[ROW..].copy_from_slice(&b[..ROW]);
    t
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(max) = args.first().and_then(|a| a.parse::<usize>().ok()) else {
        eprintln!("usage: plain_retrograde MAX_SEEDS [DIR to compare with]");
        std::process::exit(2);
    };
    let compare = args.get(1);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let binomial = Binomial::new(max + PITS);
    let mut layers: Vec<Vec<i8>> = Vec::new();
    let start = Instant::now();
    let mut mismatches = 0u64;
    for seeds in 0..=max {
        let t = Instant::now();
        let n = binomial.positions(seeds);
        let values: Vec<AtomicI8> = (0..n).map(|_| AtomicI8::new(0)).collect();
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            let changed = AtomicBool::new(false);
            let next = AtomicU64::new(0);
            const BLOCK: u64 = 1 << 14;
            std::thread::scope(|s| {
                for _ in 0..threads {
                    s.spawn(|| {
                        loop {
                            let lo = next.fetch_add(BLOCK, Relaxed);
                            if lo >= n {
                                break;
                            }
                            for index in lo..(lo + BLOCK).min(n) {
                                let board = binomial.unrank(seeds, index);
                                let mut best: Option<i32> = None;
                                for from in (0..ROW).filter(|&p| board[p] > 0) {
                                    let Some((after, captured)) = sow(&board, from) else {
                                        continue;
                                    };
                                    let child = turned(&after);
                                    let left = seeds - captured as usize;
                                    let r = binomial.rank(&child) as usize;
                                    let v = if captured == 0 {
                                        values[r].load(Relaxed)
                                    } else {
                                        layers[left][r]
                                    };
                                    let worth = captured as i32 - v as i32;
                                    best = Some(best.map_or(worth, |b| b.max(worth)));
                                }
                                let v = best.unwrap_or(-(seeds as i32)) as i8;
                                if values[index as usize].load(Relaxed) != v {
                                    values[index as usize].store(v, Relaxed);
                                    changed.store(true, Relaxed);
                                }
                            }
                        }
                    });
                }
            });
            if !changed.load(Relaxed) {
                break;
            }
        }
        let layer: Vec<i8> = values.into_iter().map(AtomicI8::into_inner).collect();
        let mut line = format!(
            "layer {seeds}: {n} positions, {sweeps} sweeps, {:.2} s",
            t.elapsed().as_secs_f64()
        );
        if let Some(dir) = compare {
            let path = format!("{dir}/game-91.{seeds}.tb");
            match std::fs::read(&path) {
                Ok(bytes) if bytes.len() == 4096 + layer.len() => {
                    let differ = layer
                        .iter()
                        .zip(&bytes[4096..])
                        .filter(|&(&a, &b)| a as u8 != b)
                        .count();
                    mismatches += differ as u64;
                    line += &format!(", {differ} values differ from {path}");
                }
                Ok(_) => line += &format!(", {path} is not a margin layer of this size"),
                Err(e) => line += &format!(", {path}: {e}"),
            }
        }
        println!("{line}");
        layers.push(layer);
    }
    println!(
        "total: {} positions, {:.1} s",
        (0..=max).map(|s| binomial.positions(s)).sum::<u64>(),
        start.elapsed().as_secs_f64()
    );
    if compare.is_some() && mismatches > 0 {
        std::process::exit(1);
    }
}
