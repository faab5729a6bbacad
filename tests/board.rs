//! `Board`: literal boards from their rows, the geometry of RULES.md
//! section 1 (sowing order, pit numbers, opposite pits, last pits, rows) in
//! both directions, `BoardError`, and a position's board.

use sowing::rulesets::{Andada, SadeqaIII, SadeqaV};
use sowing::{Board, BoardError, Move, Pit, Player, Position};

fn s(number: u8) -> Pit {
    Pit::new(Player::South, number)
}

fn n(number: u8) -> Pit {
    Pit::new(Player::North, number)
}

/// South 1..6 hold 1..6 seeds, North 1..6 hold 7..12: every pit its own
/// count, so a pit is known by its seeds.
fn numbered(clockwise: bool) -> Board {
    Board::from_rows_sown(&[1, 2, 3, 4, 5, 6], &[7, 8, 9, 10, 11, 12], clockwise).unwrap()
}

/// Section 1: sowing order is South's pits 1..n, then North's 1..n.
#[test]
fn counter_clockwise_sowing_order_is_south_1_to_n_then_north_1_to_n() {
    let b = numbered(false);
    assert_eq!(b.pits_per_row(), 6);
    assert_eq!(b.len(), 12);
    assert!(!b.is_clockwise());
    let order: Vec<Pit> = (0..12).map(|i| b.pit_at(i)).collect();
    assert_eq!(
        order,
        [
            s(1),
            s(2),
            s(3),
            s(4),
            s(5),
            s(6),
            n(1),
            n(2),
            n(3),
            n(4),
            n(5),
            n(6)
        ]
    );
    let seeds: Vec<u8> = (0..12).map(|i| b.seeds_at(i)).collect();
    assert_eq!(seeds, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert_eq!(b.index_of(Player::South, 1), 0);
    assert_eq!(b.index_of(Player::South, 6), 5);
    assert_eq!(b.index_of(Player::North, 1), 6);
    assert_eq!(b.index_of(Player::North, 6), 11);
    assert_eq!(b.index(n(3)), Some(8));
    assert_eq!(b.index(n(7)), None);
    assert_eq!(b.index(s(0)), None);
    for idx in 0..12 {
        assert_eq!(b.owner(idx), b.pit_at(idx).owner);
        assert_eq!(b.index(b.pit_at(idx)), Some(idx));
    }
    // From South's pit 6 the next pit is North's pit 1, and from North's
    // pit 6 South's pit 1.
    assert_eq!(b.pit_at(b.next_index(b.index_of(Player::South, 6))), n(1));
    assert_eq!(b.pit_at(b.next_index(b.index_of(Player::North, 6))), s(1));
}

/// Section 1: the pit opposite South's pit i is North's pit n+1-i.
#[test]
fn opposite_of_south_i_is_north_n_plus_1_minus_i() {
    for clockwise in [false, true] {
        let b = numbered(clockwise);
        for i in 1..=6u8 {
            let south = b.index_of(Player::South, i);
            assert_eq!(
                b.pit_at(b.opposite(south)),
                n(7 - i),
                "clockwise {clockwise}"
            );
            assert_eq!(b.opposite(b.opposite(south)), south);
            // Seeds: South i holds i, North 7-i holds 13-i.
            assert_eq!(b.seeds_at(b.opposite(south)), 13 - i);
        }
    }
}

/// A player's last pit, from which sowing passes into the opponent's row:
/// pit n counter-clockwise, pit 1 clockwise (the mirror image).
#[test]
fn last_index_is_pit_n_or_pit_1_clockwise() {
    let ccw = numbered(false);
    assert_eq!(ccw.pit_at(ccw.last_index(Player::South)), s(6));
    assert_eq!(ccw.pit_at(ccw.last_index(Player::North)), n(6));
    let cw = numbered(true);
    assert_eq!(cw.pit_at(cw.last_index(Player::South)), s(1));
    assert_eq!(cw.pit_at(cw.last_index(Player::North)), n(1));
    for b in [ccw, cw] {
        for player in Player::BOTH {
            let last = b.last_index(player);
            assert_eq!(b.owner(last), player);
            assert_eq!(b.owner(b.next_index(last)), player.other());
        }
    }
}

/// Clockwise is the mirror image: South sows 6, 5, ..., 1, then North's
/// 6, ..., 1 (North's pit 6 lies above South's pit 1). The pits and their
/// seeds are those of the same rows; only the sowing order changes.
#[test]
fn clockwise_board_mirrors_the_sowing_order() {
    let b = numbered(true);
    assert!(b.is_clockwise());
    let order: Vec<Pit> = (0..12).map(|i| b.pit_at(i)).collect();
    assert_eq!(
        order,
        [
            s(6),
            s(5),
            s(4),
            s(3),
            s(2),
            s(1),
            n(6),
            n(5),
            n(4),
            n(3),
            n(2),
            n(1)
        ]
    );
    assert_eq!(b.index_of(Player::South, 1), 5);
    assert_eq!(b.index_of(Player::North, 1), 11);
    assert_eq!(b.pit_at(b.next_index(b.index_of(Player::South, 1))), n(6));
    assert_eq!(b.pit_at(b.next_index(b.index_of(Player::North, 1))), s(6));
    let ccw = numbered(false);
    for owner in Player::BOTH {
        assert_eq!(
            b.row(owner).collect::<Vec<_>>(),
            ccw.row(owner).collect::<Vec<_>>()
        );
        assert_eq!(b.seeds_in_row(owner), ccw.seeds_in_row(owner));
        for k in 1..=6 {
            assert_eq!(b.seeds(Pit::new(owner, k)), ccw.seeds(Pit::new(owner, k)));
        }
    }
    assert_ne!(b, ccw, "the direction is part of the board");
}

/// Rows are read from each owner's pit 1, as the position string writes
/// them; the counts add up.
#[test]
fn rows_and_seed_counts_of_a_literal_board() {
    let b = Board::from_rows(&[1, 2, 3, 0, 0, 0], &[0, 0, 0, 0, 0, 4]).unwrap();
    assert_eq!(b.row(Player::South).collect::<Vec<_>>(), [1, 2, 3, 0, 0, 0]);
    assert_eq!(b.row(Player::North).collect::<Vec<_>>(), [0, 0, 0, 0, 0, 4]);
    assert_eq!(b.seeds(s(3)), 3);
    assert_eq!(b.seeds(n(6)), 4);
    assert_eq!(b.seeds(n(7)), 0, "a pit off the board holds nothing");
    assert_eq!(b.seeds_at(12), 0, "an index off the board holds nothing");
    assert_eq!(b.seeds_in_row(Player::South), 6);
    assert_eq!(b.seeds_in_row(Player::North), 4);
    assert_eq!(b.seeds_on_board(), 10);
    assert!(!b.row_is_empty(Player::North));
    let empty_south = Board::from_rows(&[0, 0, 0], &[1, 1, 0]).unwrap();
    assert!(empty_south.row_is_empty(Player::South));
    assert!(empty_south.all_at_most_one());
    assert!(!b.all_at_most_one());
    assert_eq!(
        Board::from_rows(&[1, 2, 3, 0, 0, 0], &[0, 0, 0, 0, 0, 4]).unwrap(),
        b,
        "boards compare by value"
    );
}

/// `occupied` is the mask of a player's non-empty pits by pit number, in
/// either direction.
#[test]
fn occupied_pits_by_pit_number() {
    for clockwise in [false, true] {
        let b = Board::from_rows_sown(&[1, 0, 3, 0, 0, 2], &[0, 5, 0, 0, 0, 0], clockwise).unwrap();
        assert_eq!(b.occupied(Player::South), 0b100101, "clockwise {clockwise}");
        assert_eq!(b.occupied(Player::North), 0b000010, "clockwise {clockwise}");
    }
}

/// The whole board as one slice, in sowing order (section 1):
/// counter-clockwise South 1..n then North 1..n, clockwise South n..1 then
/// North n..1. A board is never empty (it has a pit a row at least).
#[test]
fn as_slice_is_the_board_in_sowing_order() {
    let ccw = numbered(false);
    assert_eq!(ccw.as_slice(), &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    let cw = numbered(true);
    assert_eq!(cw.as_slice(), &[6, 5, 4, 3, 2, 1, 12, 11, 10, 9, 8, 7]);
    let small = Board::from_rows(&[0, 2], &[3, 0]).unwrap();
    assert_eq!(small.as_slice(), &[0, 2, 3, 0]);
    for b in [ccw, cw, small] {
        assert!(!b.is_empty());
    }
}

/// `row_pits` reads a mask by sowing-order index (a position's marked
/// pits, the waranas) as one row's mask by pit number (bit 0 = pit 1), in
/// either direction. The same four pits, S2, S6, N1 and N4, both ways.
#[test]
fn row_pits_reads_a_mask_by_index_as_pit_numbers() {
    // Counter-clockwise: index i is S(i+1) for i < 6, N(i-5) from 6.
    let ccw = numbered(false);
    let marks = 1 << 1 | 1 << 5 | 1 << 6 | 1 << 9;
    assert_eq!(ccw.row_pits(Player::South, marks), 0b100010);
    assert_eq!(ccw.row_pits(Player::North, marks), 0b001001);
    // Clockwise: index 0 is S6 ... 5 is S1, 6 is N6 ... 11 is N1.
    let cw = numbered(true);
    let marks = 1 << 4 | 1 | 1 << 11 | 1 << 8;
    assert_eq!(cw.row_pits(Player::South, marks), 0b100010);
    assert_eq!(cw.row_pits(Player::North, marks), 0b001001);
}

/// A board of 24 pits a row (Andada-24) is the largest; 96 seeds in a pit
/// (Sadeqa III's total) the most.
#[test]
fn largest_board_and_fullest_pit() {
    let mut south = [0u8; 24];
    south[23] = 96;
    let b = Board::from_rows(&south, &[0; 24]).unwrap();
    assert_eq!(b.len(), 48);
    assert_eq!(b.seeds(s(24)), 96);
    assert_eq!(b.pit_at(b.opposite(b.index_of(Player::South, 24))), n(1));
    assert_eq!(Board::empty(24, true).map(|b| b.len()), Some(48));
    assert_eq!(Board::empty(25, false), None);
    assert_eq!(Board::empty(0, false), None);
}

#[test]
fn rows_of_different_lengths_are_refused() {
    assert_eq!(
        Board::from_rows(&[1, 2, 3], &[1, 2, 3, 4]),
        Err(BoardError::Rows { south: 3, north: 4 })
    );
}

#[test]
fn rows_of_no_pits_or_more_than_24_are_refused() {
    assert_eq!(
        Board::from_rows(&[], &[]),
        Err(BoardError::Rows { south: 0, north: 0 })
    );
    assert_eq!(
        Board::from_rows(&[1; 25], &[1; 25]),
        Err(BoardError::Rows {
            south: 25,
            north: 25
        })
    );
}

#[test]
fn more_than_96_seeds_in_a_pit_is_refused() {
    assert_eq!(
        Board::from_rows(&[0, 0, 0], &[0, 97, 0]),
        Err(BoardError::TooManySeeds {
            pit: n(2),
            seeds: 97
        })
    );
    assert_eq!(
        Board::from_rows_sown(&[0, 0, 200], &[0, 0, 0], true),
        Err(BoardError::TooManySeeds {
            pit: s(3),
            seeds: 200
        })
    );
}

/// The debug form writes the rows as the position string does.
#[test]
fn debug_form_writes_the_rows() {
    let b = Board::from_rows(&[1, 2, 3], &[0, 0, 4]).unwrap();
    assert_eq!(format!("{b:?}"), "Board[1,2,3/0,0,4]");
    let cw = Board::from_rows_sown(&[1, 2, 3], &[0, 0, 4], true).unwrap();
    assert_eq!(format!("{cw:?}"), "Board[1,2,3/0,0,4 clockwise]");
}

/// A position's board: Sadeqa V's start (RULES.md section 3, 4 seeds a
/// pit), Sadeqa III after South's pit 1 (section 5's check), a clockwise
/// Andada board.
#[test]
fn position_board_is_the_literal_board() {
    assert_eq!(
        *Position::new(SadeqaV).board(),
        Board::from_rows(&[4; 10], &[4; 10]).unwrap()
    );
    let mut p = Position::new(SadeqaIII::new());
    p.play(Move::Pit(1)).unwrap();
    assert_eq!(
        *p.board(),
        Board::from_rows(&[2, 9, 9, 9, 1, 8, 1, 8], &[8, 8, 8, 0, 0, 1, 8, 8]).unwrap()
    );
    let cw = Position::new(Andada::new(15).unwrap().with_clockwise(true));
    assert_eq!(
        *cw.board(),
        Board::from_rows_sown(&[2; 15], &[2; 15], true).unwrap()
    );
}
