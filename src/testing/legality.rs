//! The checks of what is legal in one position: the legal moves against
//! the candidates and the legality sets ([`Check::LegalMoves`],
//! [`Check::EmptySowing`]), every legal move played every way
//! ([`Check::LegalPlays`]), every other move refused and changing nothing
//! ([`Check::IsLegal`], [`Check::Refusal`]).

use super::report::{Check, Report};
use crate::error::PlayError;
use crate::moves::Move;
use crate::player::Player;
use crate::position::Position;
use crate::ruleset::Ruleset;

/// The legal moves against the candidates and the legality sets, and the
/// candidates that sow no seed; whether a candidate was cut off by the lap
/// limit.
pub(super) fn legality<R: Ruleset>(p: &Position<R>, report: &mut Report) -> bool {
    let legal = p.legal_moves();
    let candidates = p.candidate_moves();
    let mut cut_off = false;
    if p.is_over() {
        // The game is over and has no candidates; but a ruleset that
        // offers empty pits ends games it should not (a start with no
        // seeds): name its mistake rather than the legal moves it leaves.
        let side = p.side_to_move();
        let n = p.pits_per_row() as u8;
        for m in p.rules().candidates(&p.view()) {
            if let Move::Pit(pit @ 1..) = m
                && pit <= n
                && p.seeds(crate::Pit::new(side, pit)) == 0
            {
                report.fail(
                    Check::EmptySowing,
                    p,
                    Some(m),
                    "every candidate (Ruleset::candidates) to have a seed to sow",
                    format!(
                        "the candidate {m} sows no seed: its pit is empty; leave it out of the \
                         candidates (the game ended for want of a legal move)"
                    ),
                );
            }
        }
    }
    for m in candidates {
        match p.check(m) {
            Err(PlayError::EmptySowing { .. }) => report.fail(
                Check::EmptySowing,
                p,
                Some(m),
                "every candidate (Ruleset::candidates) to have a seed to sow",
                format!(
                    "the candidate {m} sows no seed: its pit is empty (or Ruleset::start names \
                     an empty pit or one off the board); leave it out of the candidates"
                ),
            ),
            Err(PlayError::LapLimit { .. }) => cut_off = true,
            _ => {}
        }
    }
    if !legal.difference(candidates).is_empty() {
        report.fail(
            Check::LegalMoves,
            p,
            None,
            format!("the legal moves among the candidates {candidates:?}"),
            format!("legal moves {legal:?}"),
        );
    }
    if legal.is_empty() != p.is_over() {
        report.fail(
            Check::LegalMoves,
            p,
            None,
            "the game over exactly when the player to move has no legal move",
            format!("over: {}, legal moves {legal:?}", p.is_over()),
        );
    }
    let l = p.legality();
    let all = l.ends.union(l.endless).union(l.undecided);
    let disjoint = l.ends.len() + l.endless.len() + l.undecided.len() == all.len();
    // A finished position keeps its endless candidates in `endless` (why
    // the player to move had no legal move), while `candidate_moves()` is
    // empty: then only `ends` and `undecided` must be empty.
    let split = if p.is_over() {
        l.ends.is_empty() && l.undecided.is_empty()
    } else {
        all == candidates
    };
    if !disjoint || !split {
        report.fail(
            Check::LegalMoves,
            p,
            None,
            format!("legality() to split the candidates {candidates:?} into three disjoint sets"),
            format!("{l:?}"),
        );
    }
    if l.undecided.is_empty() && l.ends != legal {
        report.fail(
            Check::LegalMoves,
            p,
            None,
            format!("legality().ends to be the legal moves {legal:?}"),
            format!("{:?}", l.ends),
        );
    }
    cut_off
}

/// Every legal move plays: `play`, `play_unchecked`, `successors` and
/// `children` agree.
pub(super) fn plays<R: Ruleset>(p: &Position<R>, report: &mut Report) {
    let legal = p.legal_moves();
    let successors: Vec<(Move, Position<R>)> = p.successors().collect();
    let listed: Vec<Move> = successors.iter().map(|(m, _)| *m).collect();
    if listed != legal.iter().collect::<Vec<_>>() {
        report.fail(
            Check::LegalPlays,
            p,
            None,
            format!("successors() to give the legal moves {legal:?} in order"),
            format!("{listed:?}"),
        );
    }
    for (m, child) in &successors {
        let mut played = *p;
        if let Err(e) = played.play(*m) {
            report.fail(
                Check::LegalPlays,
                p,
                Some(*m),
                "the legal move plays",
                format!("refused: {e}"),
            );
            continue;
        }
        let mut fast = *p;
        fast.play_unchecked(*m);
        for (how, other) in [("successors()", child), ("play_unchecked", &fast)] {
            if *other != played
                || other.is_over() != played.is_over()
                || other.legal_moves() != played.legal_moves()
            {
                report.fail(
                    Check::LegalPlays,
                    p,
                    Some(*m),
                    format!("{how} to give play's {played}"),
                    format!("{other}"),
                );
            }
        }
    }
    let children: Vec<(Move, Position<R>)> = p.children().collect();
    let same = children.len() == successors.len()
        && children.iter().zip(&successors).all(|((m, a), (n, b))| {
            m == n
                && a == b
                && a.is_over() == b.is_over()
                && a.legality() == b.legality()
                && a.legal_moves() == b.legal_moves()
        });
    if !same {
        report.fail(
            Check::LegalPlays,
            p,
            None,
            "children() (lazy legality) to give what successors() gives",
            "other moves or positions",
        );
        return;
    }
    // A lazy child answers every query as the eager one does.
    for ((m, lazy), (_, eager)) in children.iter().zip(&successors) {
        for mv in eager.candidate_moves() {
            let (mut a, mut b) = (*lazy, *eager);
            a.play_unchecked(mv);
            b.play_unchecked(mv);
            if lazy.is_legal(mv) != eager.is_legal(mv)
                || lazy.check(mv) != eager.check(mv)
                || a != b
                || a.legality() != b.legality()
            {
                report.fail(
                    Check::LegalPlays,
                    p,
                    Some(*m),
                    format!("the lazy child to answer for {mv} as the eager child {eager} does"),
                    format!("is_legal {}, check {:?}", lazy.is_legal(mv), lazy.check(mv)),
                );
            }
        }
        if lazy.children().collect::<Vec<_>>() != eager.successors().collect::<Vec<_>>() {
            report.fail(
                Check::LegalPlays,
                p,
                Some(*m),
                "the lazy child's children to be the eager child's successors",
                "others",
            );
        }
    }
}

/// `is_legal` against the list, and refused moves: the right error,
/// nothing changed.
pub(super) fn moves<R: Ruleset>(p: &Position<R>, report: &mut Report) {
    let legal = p.legal_moves();
    let candidates = p.candidate_moves();
    for m in all_moves() {
        let listed = legal.contains(m);
        if p.is_legal(m) != listed {
            report.fail(
                Check::IsLegal,
                p,
                Some(m),
                format!("is_legal to say {listed}, as legal_moves() does"),
                format!("{}", !listed),
            );
        }
        if listed {
            continue;
        }
        let mut after = *p;
        let Err(err) = after.play(m) else {
            report.fail(
                Check::Refusal,
                p,
                Some(m),
                "the move, not a legal one, refused",
                format!("played, giving {after}"),
            );
            continue;
        };
        if p.check(m) != Err(err) {
            report.fail(
                Check::Refusal,
                p,
                Some(m),
                format!("check() to give play's error: {err}"),
                format!("{:?}", p.check(m)),
            );
        }
        let kind_ok = if p.is_over() {
            err == PlayError::GameOver
        } else if candidates.contains(m) {
            matches!(
                err,
                PlayError::Endless { .. }
                    | PlayError::LapLimit { .. }
                    | PlayError::EmptySowing { .. }
            )
        } else {
            matches!(err, PlayError::Illegal { mv, .. } if mv == m)
        };
        if !kind_ok {
            report.fail(
                Check::Refusal,
                p,
                Some(m),
                if p.is_over() {
                    "\"the game is over\""
                } else if candidates.contains(m) {
                    "an endless sowing or the lap limit, for a candidate"
                } else {
                    "\"not legal\" with its reason, for a move that is not a candidate"
                },
                format!("{err}"),
            );
        }
        let mut fast = *p;
        fast.play_unchecked(m);
        for (how, other) in [("play", &after), ("play_unchecked", &fast)] {
            if *other != *p || other.is_over() != p.is_over() || other.legal_moves() != legal {
                report.fail(
                    Check::Refusal,
                    p,
                    Some(m),
                    format!("{how} of a refused move to change nothing"),
                    format!("{other}"),
                );
            }
        }
    }
}

/// Every move the notation can write, and some it cannot: pits 0..=25 and
/// both choice moves.
fn all_moves() -> impl Iterator<Item = Move> {
    (0..=25).map(Move::Pit).chain(Player::BOTH.map(Move::First))
}
