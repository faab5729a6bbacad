//! Reporting long endless-sowing proofs on standard error (RULES.md section
//! 2, "Exact, but never a frozen caller"): the engine tells a [`Control`]
//! every million laps or so; this one prints a line at once and then about
//! once a second, so a person waiting sees what is going on.

use sowing::{Control, Move, MoveSet, PlayError, Position, Proof, Ruleset};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Whether the note on how long a proof can take, and how to stop or bound
/// it, was printed: once a process, not with every proof.
static NOTE_GIVEN: AtomicBool = AtomicBool::new(false);

/// Prints a proof's progress to standard error, at most once a second.
pub struct Progress {
    /// Where the proof stands, for the message ("ply 5, South").
    context: String,
    started: Option<Instant>,
    last: Option<Instant>,
    /// The move and laps of the proof reported last.
    pub seen: Option<(Move, u64)>,
    /// How the person can stop the proof, said with the first report.
    stop: &'static str,
    /// Whether the program has `--lap-limit`, to be named with the first
    /// report.
    limit_flag: bool,
}

impl Progress {
    pub fn new() -> Self {
        Progress::at(String::new())
    }

    /// A report that names where the proof stands (`"ply 5, South: "`).
    pub fn at(context: String) -> Self {
        Progress {
            context,
            started: None,
            last: None,
            seen: None,
            stop: "Ctrl-C stops",
            limit_flag: true,
        }
    }

    /// Says `how` the proof is stopped ("press Enter to stop it") rather
    /// than Ctrl-C.
    #[allow(dead_code)]
    pub fn stopped_by(mut self, how: &'static str) -> Self {
        self.stop = how;
        self
    }

    /// For a program without `--lap-limit`: the first report does not
    /// name it.
    #[allow(dead_code)]
    pub fn without_limit_flag(mut self) -> Self {
        self.limit_flag = false;
        self
    }

    /// Whether a long proof was reported since the last `reset`.
    pub fn reported(&self) -> bool {
        self.seen.is_some()
    }
}

impl Control for Progress {
    fn progress(&mut self, mv: Move, laps: u64) -> ControlFlow<()> {
        let now = Instant::now();
        let started = *self.started.get_or_insert(now);
        if self.last.is_none_or(|t| now - t >= Duration::from_secs(1)) {
            let first = self.last.is_none();
            eprintln!(
                "{}proving whether move {mv} ever ends: {laps:.1e} laps sown, {:.0} s ...",
                self.context,
                (now - started).as_secs_f64()
            );
            let note = first && !NOTE_GIVEN.swap(true, Ordering::Relaxed);
            if note && self.limit_flag {
                // Two lines of at most 80 columns.
                eprintln!(
                    "  (an endless sowing's proof can take minutes; {};",
                    self.stop
                );
                eprintln!("  --lap-limit N bounds it, as an approximation)");
            } else if note {
                eprintln!(
                    "  (an endless sowing's proof can take minutes; {})",
                    self.stop
                );
            }
            self.last = Some(now);
        }
        self.seen = Some((mv, laps));
        ControlFlow::Continue(())
    }
}

/// The legal moves of `pos`, exactly: the moves known to end at once, then
/// each undecided one proved with its progress on standard error.
#[allow(dead_code)]
pub fn legal_moves_reported<R: Ruleset>(pos: &Position<R>) -> MoveSet {
    legal_moves_reported_at(pos, "", true)
}

/// [`legal_moves_reported`], each report naming where the proof stands
/// (`"sadeqa-iii game 7, ply 12, North: "`); `limit_flag`: whether the
/// program can take `--lap-limit` here (not under `--exact`).
#[allow(dead_code)]
pub fn legal_moves_reported_at<R: Ruleset>(
    pos: &Position<R>,
    context: &str,
    limit_flag: bool,
) -> MoveSet {
    let legality = pos.legality();
    let mut legal = legality.ends;
    for mv in legality.undecided {
        let mut progress = Progress::at(context.to_string());
        if !limit_flag {
            progress = progress.without_limit_flag();
        }
        match pos.prove(mv, &mut progress) {
            Ok(Proof::Ends { .. }) => {
                legal.insert(mv);
            }
            Ok(Proof::Endless { laps }) if progress.reported() => {
                eprintln!(
                    "{context}move {mv} never ends: its sowing returns to its start after \
                     {laps} laps"
                );
            }
            Ok(_) | Err(PlayError::GameOver) => {}
            Err(e) => eprintln!("move {mv}: {e}"),
        }
    }
    legal
}

/// Settles `pos` ([`Position::settle`]): each undecided move proved with
/// its progress on standard error, so that what follows (a search, the
/// solver) finds the legal moves at no cost instead of proving them
/// silently. With a `deadline` (a program's `--time`), a proof still
/// running then is stopped: `Err` with the move and the laps sown, the
/// moves proved so far kept.
#[allow(dead_code)]
pub fn settle_reported<R: Ruleset>(
    pos: &mut Position<R>,
    deadline: Option<Instant>,
) -> Result<(), (Move, u64)> {
    let mut progress = Progress::new().without_limit_flag();
    let mut until = |mv: Move, laps: u64| {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return ControlFlow::Break(());
        }
        progress.progress(mv, laps)
    };
    // A game that is over has nothing to prove, and nothing else cancels;
    // should it fail otherwise, the moves stay undecided and are proved
    // when asked for, as before.
    if let Err(PlayError::Cancelled { mv, laps }) = pos.settle(&mut until) {
        return Err((mv, laps));
    }
    if progress.reported() {
        let legality = pos.legality();
        eprintln!(
            "proved: legal moves {}; endless {}",
            legality.ends, legality.endless
        );
    }
    Ok(())
}

/// While `body` runs, says on standard error every `every` how many of
/// `total` games `done` counts, once a run has taken that long: games
/// between searching players can take minutes with nothing else printed.
#[allow(dead_code)]
pub fn report_games<T>(
    done: &std::sync::atomic::AtomicUsize,
    total: usize,
    every: Duration,
    body: impl FnOnce() -> T,
) -> T {
    let finished = AtomicBool::new(false);
    let clock = Instant::now();
    std::thread::scope(|s| {
        s.spawn(|| {
            let mut next = every;
            while !finished.load(Ordering::Relaxed) {
                // Short sleeps, so that the reporter stops soon after the games.
                std::thread::sleep(Duration::from_millis(50));
                if clock.elapsed() >= next && !finished.load(Ordering::Relaxed) {
                    eprintln!(
                        "  ... {} of {total} games played, {:.0} s",
                        done.load(Ordering::Relaxed),
                        clock.elapsed().as_secs_f64()
                    );
                    next += every;
                }
            }
        });
        let out = body();
        finished.store(true, Ordering::Relaxed);
        out
    })
}
