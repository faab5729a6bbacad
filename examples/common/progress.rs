//! Reporting long endless-sowing proofs on standard error (RULES.md section
//! 2, "Exact, but never a frozen caller"): the engine tells a [`Control`]
//! every million laps or so; this one prints a line at once and then about
//! once a second, so a person waiting sees what is going on.

use sowing::{AnyPosition, Control, Move, MoveSet, PlayError, Proof};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

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
        }
    }

    /// Says `how` the proof is stopped ("press Enter to stop it") rather
    /// than Ctrl-C.
    #[allow(dead_code)]
    pub fn stopped_by(mut self, how: &'static str) -> Self {
        self.stop = how;
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
            if first {
                // Two lines of at most 80 columns.
                eprintln!(
                    "  (an endless sowing's proof can take minutes; {};",
                    self.stop
                );
                eprintln!("  --lap-limit N bounds it, as an approximation)");
            }
            self.last = Some(now);
        }
        self.seen = Some((mv, laps));
        ControlFlow::Continue(())
    }
}

/// The legal moves of `pos`, exactly: the moves known to end at once, then
/// each undecided one proved with its progress on standard error.
pub fn legal_moves_reported(pos: &AnyPosition) -> MoveSet {
    let legality = pos.legality();
    let mut legal = legality.ends;
    for mv in legality.undecided {
        let mut progress = Progress::new();
        match pos.prove(mv, &mut progress) {
            Ok(Proof::Ends { .. }) => {
                legal.insert(mv);
            }
            Ok(Proof::Endless { laps }) if progress.reported() => {
                eprintln!(
                    "move {mv} never ends: its sowing returns to its start after {laps} laps"
                );
            }
            Ok(_) | Err(PlayError::GameOver) => {}
            Err(e) => eprintln!("move {mv}: {e}"),
        }
    }
    legal
}
