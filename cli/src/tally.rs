//! What each side has, and what it means in the game: the same words in
//! the terminal game (`play`) and on the web board (`serve`).

use sowing::{Pit, Player, Position, Ruleset};

/// What the counts beside each row are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A score: Sadeqa V (captured plus the seeds in one's waranas),
    /// Sadeqa III and game 91 (captured).
    Points,
    /// Seeds removed from play by one's captures, which decide nothing
    /// (Sadeqa II, Andada).
    Removed,
}

/// Each side's tally in a position.
#[derive(Clone, Debug)]
pub struct Tally {
    pub kind: Kind,
    /// The points, or the seeds removed, of South and North.
    pub value: [u16; 2],
    /// Seeds captured by South and North (a part of the points).
    pub captured: [u16; 2],
    /// Sadeqa V: the seeds in each side's waranas, and the waranas.
    pub in_waranas: Option<[u16; 2]>,
    pub waranas: [Vec<Pit>; 2],
    /// Andada: seeds removed by the singleton ending.
    pub removed: Option<u32>,
}

impl Tally {
    /// The tally of `pos`, from the engine's own points
    /// (`Position::points`, `None` where the game scores none).
    pub fn of<R: Ruleset>(pos: &Position<R>) -> Tally {
        let captured = [pos.captured(Player::South), pos.captured(Player::North)];
        // Waranas: the pits a game marks as owned (Sadeqa V, RULES.md 3.4).
        let sadeqa_v = R::MARKS_PITS;
        let waranas = Player::BOTH.map(|owner| {
            if !sadeqa_v {
                return Vec::new();
            }
            (1..=pos.pits_per_row() as u8)
                .map(|i| Pit::new(owner.other(), i))
                .filter(|&p| pos.warana_owner(p) == Some(owner))
                .collect()
        });
        match (pos.points(Player::South), pos.points(Player::North)) {
            (Some(south), Some(north)) => {
                let value = [south, north];
                Tally {
                    kind: Kind::Points,
                    value,
                    captured,
                    in_waranas: sadeqa_v
                        .then(|| [0, 1].map(|i| value[i].saturating_sub(captured[i]))),
                    waranas,
                    removed: None,
                }
            }
            _ => Tally {
                kind: Kind::Removed,
                value: captured,
                captured,
                in_waranas: None,
                waranas,
                removed: pos.rules().removes_seeds().then(|| pos.removed()),
            },
        }
    }

    /// `owner`'s tally in words: "points 7 (3 captured + 4 in waranas:
    /// N2 N5)", "points 8 (captured)", "3 seeds removed by his captures
    /// (no score)".
    pub fn words(&self, owner: Player) -> String {
        let i = owner.index();
        let value = self.value[i];
        match (self.kind, self.in_waranas) {
            (Kind::Points, Some(in_waranas)) => {
                let list: Vec<String> = self.waranas[i].iter().map(Pit::to_string).collect();
                format!(
                    "points {value} ({} captured + {} in waranas{})",
                    self.captured[i],
                    in_waranas[i],
                    if list.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", list.join(" "))
                    }
                )
            }
            (Kind::Points, None) => format!("points {value} (captured)"),
            (Kind::Removed, _) => format!(
                "{value} seed{} removed by his captures (no score)",
                crate::narrate::plural(value as u32)
            ),
        }
    }
}
