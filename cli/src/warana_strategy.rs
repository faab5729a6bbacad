//! The Sadeqa V source's strategy (`seeds/000_*.txt`, "Strategy"; RULES.md
//! section 3): make a warana only in the opponent's pit 1, and keep the
//! opponent from making one in yours. Used by `selfplay --study sadeqa-v`.
//! Written for any ruleset: a game that marks no pits
//! ([`Ruleset::MARKS_PITS`] false) makes no waranas, and the strategy then
//! keeps every legal move.

use sowing::{Event, Move, MoveSet, Observer, Pit, Player, Position, Ruleset};

/// The waranas a move made: an [`Observer`] that keeps only them.
#[derive(Default)]
pub struct Made(pub Vec<(Player, Pit)>);

impl Observer for Made {
    fn event(&mut self, e: Event) {
        if let Event::WaranaMade { owner, pit } = e {
            self.0.push((owner, pit));
        }
    }
}

/// The warana `mv` makes in `pos`, if it makes one (a ply makes at most
/// one: making one ends the move, RULES.md section 3.3.4); `None` also for
/// a move that cannot be played.
fn warana_of<R: Ruleset>(pos: &Position<R>, mv: Move) -> Option<(Position<R>, Option<Pit>)> {
    let mut next = *pos;
    let mut made = Made::default();
    next.play_with(mv, &mut made, &mut ()).ok()?;
    Some((next, made.0.first().map(|&(_, pit)| pit)))
}

/// The source's strategy, as moves kept from `legal` (the legal moves of
/// the player to move in `pos`, a Sadeqa V position, or one of any game
/// that marks pits). A move is *good* if
/// it makes a warana in the opponent's pit 1, *wasteful* if it makes one
/// elsewhere, and *careless* if the opponent, to move next, can then make
/// a warana in the mover's pit 1 (his opponent's pit 1). Kept: the first
/// non-empty set of: good moves neither careless nor wasteful; moves
/// neither careless nor wasteful; moves not careless; moves not wasteful;
/// all of `legal`. (Preventing the opponent comes first, as the source
/// says it first.)
pub fn strategy_moves<R: Ruleset>(pos: &Position<R>, legal: MoveSet) -> MoveSet {
    let mover = pos.side_to_move();
    let [mut good, mut wasteful, mut careless] = [MoveSet::EMPTY; 3];
    for mv in legal {
        let Some((next, made)) = warana_of(pos, mv) else {
            continue;
        };
        match made {
            Some(pit) if pit.number == 1 => good.insert(mv),
            Some(_) => wasteful.insert(mv),
            None => false,
        };
        // After a bonus move's capture the mover moves again: the
        // opponent cannot answer yet.
        if !next.is_over() && next.side_to_move() != mover {
            let threat = next.legal_moves().into_iter().any(|reply| {
                warana_of(&next, reply).is_some_and(|(_, pit)| pit.is_some_and(|p| p.number == 1))
            });
            if threat {
                careless.insert(mv);
            }
        }
    }
    let safe = legal.difference(careless).difference(wasteful);
    let candidates = [
        safe.difference(legal.difference(good)),
        safe,
        legal.difference(careless),
        legal.difference(wasteful),
    ];
    candidates
        .into_iter()
        .find(|s| !s.is_empty())
        .unwrap_or(legal)
}

#[cfg(test)]
mod tests {
    //! The strategy's choices in positions written out by hand (South to
    //! move; RULES.md section 3.3's cases; pits not listed are empty).

    use super::strategy_moves;
    use sowing::rulesets::SadeqaV;
    use sowing::{Move, MoveSet, Position};

    fn kept(position: &str) -> MoveSet {
        let pos: Position<SadeqaV> = position.parse().expect("a position");
        strategy_moves(&pos, pos.legal_moves())
    }

    fn set(pits: &[u8]) -> MoveSet {
        pits.iter().map(|&p| Move::Pit(p)).collect()
    }

    /// S10 = 1 into N1 = 3 makes N1 South's warana (his opponent's pit 1):
    /// kept alone. S9 = 1 relays the 2 of S10 into N1 and N2 (empty): no
    /// warana, N1 = 4 and no warana either.
    #[test]
    fn a_warana_in_the_opponents_pit_1_is_made() {
        assert_eq!(
            kept("sadeqa-v 0,0,0,0,0,0,0,0,1,1/3,0,0,0,0,0,0,0,0,1 S 37-37"),
            set(&[10])
        );
    }

    /// S10 = 2 ends in N2 = 3: a warana in N2, not kept; S5 = 1 ends in
    /// empty S6.
    #[test]
    fn a_warana_elsewhere_is_not_made() {
        assert_eq!(
            kept("sadeqa-v 0,0,0,0,1,0,0,0,0,2/0,3,0,0,0,0,0,0,0,1 S 37-36"),
            set(&[5])
        );
    }

    /// N10 = 1 threatens S1 = 3 (North's seed would make it 4: a warana in
    /// North's opponent's pit 1). S1 sown (S2, S3, S4) ends the threat;
    /// S5 = 1 (into empty S6) leaves it.
    #[test]
    fn the_opponents_warana_in_ones_pit_1_is_prevented() {
        assert_eq!(
            kept("sadeqa-v 3,0,0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-37"),
            set(&[1])
        );
    }

    /// When every move makes a warana elsewhere, every move is kept: the
    /// strategy never leaves a player without a move. S8 = 4 (S9, S10, N1,
    /// N2) and S10 = 2 (N1, N2) both end in N2 = 3.
    #[test]
    fn when_every_move_makes_a_warana_elsewhere_all_are_kept() {
        assert_eq!(
            kept("sadeqa-v 0,0,0,0,0,0,0,4,0,2/0,3,0,0,0,0,0,0,0,1 S 35-35"),
            set(&[8, 10])
        );
    }
}
