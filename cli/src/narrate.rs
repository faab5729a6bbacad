//! What a move did, in words: the same sentences in the terminal game
//! (`play`) and the web board's log (`serve`), from the move's traced
//! events.

use sowing::{Event, Pit, Position, Ruleset, Scoring};

/// `""` for one, `"s"` for more (or none).
pub fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `n` and the word for it: "1 game", "2 games".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How the events of one move read: what the game does with captured
/// seeds, whether the move is Andada's opening, whether it ends the game.
#[derive(Clone, Copy, Debug)]
pub struct Narration {
    /// Sadeqa II and Andada: captured seeds leave the game (no score).
    removing: bool,
    /// Andada's opening: one move made of a chain of 2-seed sowings.
    opening: bool,
    /// The move ends the game: a bonus move it would have given is not
    /// announced.
    ends: bool,
}

impl Narration {
    /// The narration of `events`, a move played from `before`.
    pub fn of<R: Ruleset>(before: &Position<R>, events: &[Event]) -> Narration {
        Narration {
            // A capture counts only where points do (RULES.md 4.3, 6.4).
            removing: before.rules().scoring() == Scoring::LastMover,
            opening: before.to_string().ends_with(" opening"),
            ends: events.contains(&Event::GameOver),
        }
    }

    /// One lap: `seeds` seeds sown from `origin`, the last into `landing`.
    pub fn lap(&self, origin: Pit, seeds: u8, landing: Pit) -> String {
        if self.opening {
            format!("Opening: the {seeds} seeds of {origin} are sown, the last into {landing}.")
        } else {
            format!(
                "{seeds} seed{} from {origin}, the last into {landing}.",
                plural(seeds as u32)
            )
        }
    }

    /// A whole sowing told at once: `laps` laps from `origin`, the last
    /// seed into `landing` (the terminal's summary; the web board's log
    /// shows each lap).
    #[allow(dead_code)]
    pub fn sowing(&self, origin: Pit, laps: usize, landing: Pit) -> String {
        if self.opening {
            format!(
                "Opening from {origin}: {laps} sowings of 2 seeds round the board leave 3 or 0 \
                 in every pit."
            )
        } else {
            format!(
                "Sowing from {origin}: {laps} lap{}, the last seed falls into {landing}.",
                plural(laps as u32)
            )
        }
    }

    /// Any event but a lap (`None` for a lap, and for a bonus move that
    /// the end of the game cancels).
    pub fn event(&self, event: Event) -> Option<String> {
        Some(match event {
            Event::Lap { .. } => return None,
            Event::BonusMove { .. } if self.ends => return None,
            Event::Capture { by, pit, seeds } if self.removing => format!(
                "Capture: the {seeds} seed{} of {pit}, opposite the last pit, {} removed from \
                 play (counted for {by}).",
                plural(seeds as u32),
                if seeds == 1 { "is" } else { "are" }
            ),
            Event::Capture { by, pit, seeds } => format!(
                "Capture: {by} captures the {seeds} seed{} of {pit}.",
                plural(seeds as u32)
            ),
            Event::WaranaCapture { by, pit, seeds } => format!(
                "{by} captures {seeds} seed{} from {}'s warana {pit}.",
                plural(seeds as u32),
                by.other()
            ),
            Event::WaranaMade { owner, pit } => {
                format!("Warana: {pit} now holds 4 and becomes {owner}'s warana.")
            }
            Event::BonusMove { player } => format!("{player} moves again (bonus move)."),
            Event::Pass { player } => format!("{player} has no legal move and passes."),
            Event::Removed { from, seeds } => format!(
                "Singleton ending: {seeds} seed{} that would pass on from {from} {} removed \
                 from play.",
                plural(seeds as u32),
                if seeds == 1 { "is" } else { "are" }
            ),
            Event::Sweep { to, seeds } => format!(
                "The {seeds} seed{} left on the board go to {to}, who moved last.",
                plural(seeds as u32)
            ),
            Event::Choice { first } => format!("{first} makes the first regular move."),
            Event::GameOver => "The game is over.".to_string(),
        })
    }
}
