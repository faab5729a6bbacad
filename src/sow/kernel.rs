//! The boards a sowing's laps run on ([`Kernel`]): one word in a register
//! (boards of 12 or 16 pits, from [`LapTable`]), a copy in memory (the
//! wider boards some game has, from [`WideLapTable`]), or the plain lap of
//! any board ([`Board::sow_lap`], and the origin-skipping lap). The relay
//! loop (`super::laps`) is written once over this trait; each kernel is
//! only a faster way to the same laps (checked against seed-by-seed
//! sowing in `laps`' unit tests).

use super::laps::{LapTable, WideLapTable};
use crate::board::Board;

/// The board representation of one sowing's laps.
pub(crate) trait Kernel {
    /// The pits as the laps change them.
    type Pits: Copy;

    /// The pits of `board`.
    fn load(&self, board: &Board) -> Self::Pits;

    /// One lap of `seeds` seeds from `origin`: the landing index and its
    /// count after the lap.
    fn sow(&self, pits: &mut Self::Pits, origin: usize, seeds: u8) -> (usize, u8);

    /// The board after the lap, as the hooks read it: `view` is a scratch
    /// copy of the board the sowing started from (a dead store for hooks
    /// that read only the lap's count).
    fn board<'a>(&self, pits: &'a Self::Pits, view: &'a mut Board) -> &'a Board;

    /// Whether two states hold the same seeds in every pit.
    fn same(&self, a: &Self::Pits, b: &Self::Pits) -> bool;

    /// Writes the pits back into `board`.
    fn store(&self, pits: &Self::Pits, board: &mut Board);
}

/// A board of `LEN` pits (12 or 16) in one `u128`.
pub(crate) struct Register<const LEN: usize>(pub &'static LapTable<LEN>);

impl<const LEN: usize> Kernel for Register<LEN> {
    type Pits = u128;

    #[inline(always)]
    fn load(&self, board: &Board) -> u128 {
        board.word(0)
    }

    #[inline(always)]
    fn sow(&self, word: &mut u128, origin: usize, seeds: u8) -> (usize, u8) {
        self.0.sow(word, origin, seeds)
    }

    #[inline(always)]
    fn board<'a>(&self, word: &'a u128, view: &'a mut Board) -> &'a Board {
        view.set_word(0, *word);
        view
    }

    #[inline(always)]
    fn same(&self, a: &u128, b: &u128) -> bool {
        a == b
    }

    #[inline(always)]
    fn store(&self, word: &u128, board: &mut Board) {
        board.set_word(0, *word);
    }
}

/// A board of more than 16 pits, sown in memory.
pub(crate) struct Memory<T: 'static>(pub &'static T);

/// The wide tables, by their size.
pub(crate) trait Wide {
    fn sow(&self, board: &mut Board, origin: usize, seeds: u8) -> (usize, u8);
    /// Whether the two boards hold the same seeds in every pit.
    fn same_pits(a: &Board, b: &Board) -> bool;
}

impl<const LEN: usize, const W: usize> Wide for WideLapTable<LEN, W> {
    #[inline(always)]
    fn sow(&self, board: &mut Board, origin: usize, seeds: u8) -> (usize, u8) {
        WideLapTable::sow(self, board, origin, seeds)
    }

    #[inline(always)]
    fn same_pits(a: &Board, b: &Board) -> bool {
        a.first_words::<W>() == b.first_words::<W>()
    }
}

impl<T: Wide> Kernel for Memory<T> {
    type Pits = Board;

    #[inline(always)]
    fn load(&self, board: &Board) -> Board {
        *board
    }

    #[inline(always)]
    fn sow(&self, board: &mut Board, origin: usize, seeds: u8) -> (usize, u8) {
        self.0.sow(board, origin, seeds)
    }

    #[inline(always)]
    fn board<'a>(&self, board: &'a Board, _: &'a mut Board) -> &'a Board {
        board
    }

    #[inline(always)]
    fn same(&self, a: &Board, b: &Board) -> bool {
        T::same_pits(a, b)
    }

    #[inline(always)]
    fn store(&self, pits: &Board, board: &mut Board) {
        *board = *pits;
    }
}

/// Any board, lap by lap without tables; with `SKIP`, a lap of `2n` seeds
/// or more passes its origin by
/// ([`Ruleset::SKIPS_ORIGIN`](crate::Ruleset::SKIPS_ORIGIN)).
pub(crate) struct Plain<const SKIP: bool>;

impl<const SKIP: bool> Kernel for Plain<SKIP> {
    type Pits = Board;

    #[inline(always)]
    fn load(&self, board: &Board) -> Board {
        *board
    }

    #[inline(always)]
    fn sow(&self, board: &mut Board, origin: usize, seeds: u8) -> (usize, u8) {
        if SKIP {
            board.sow_lap_skipping(origin, seeds)
        } else {
            board.sow_lap(origin, seeds)
        }
    }

    #[inline(always)]
    fn board<'a>(&self, board: &'a Board, _: &'a mut Board) -> &'a Board {
        board
    }

    #[inline(always)]
    fn same(&self, a: &Board, b: &Board) -> bool {
        a.same_pits(b)
    }

    #[inline(always)]
    fn store(&self, pits: &Board, board: &mut Board) {
        *board = *pits;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sow::laps::{
        LAPS_12, LAPS_16, LAPS_20, LAPS_24, LAPS_30, LAPS_36, LAPS_42, LAPS_48,
    };

    /// The exact endless-sowing test (RULES.md section 2) compares every
    /// pit of the two states: on each kernel, boards that differ only in
    /// their last pit are not the same, and a board is the same as itself.
    #[test]
    fn states_differing_only_in_the_last_pit_are_not_the_same() {
        fn check<K: Kernel>(kernel: K, len: usize) {
            let start = Board::empty(len / 2, false).unwrap();
            let mut last = start;
            last.set(len - 1, 1);
            let (a, b) = (kernel.load(&start), kernel.load(&last));
            assert!(kernel.same(&a, &a), "{len} pits");
            assert!(!kernel.same(&a, &b), "{len} pits");
        }
        check(Register(&LAPS_12), 12);
        check(Register(&LAPS_16), 16);
        check(Memory(&LAPS_20), 20);
        check(Memory(&LAPS_24), 24);
        check(Memory(&LAPS_30), 30);
        check(Memory(&LAPS_36), 36);
        check(Memory(&LAPS_42), 42);
        check(Memory(&LAPS_48), 48);
        for len in [4, 14, 48] {
            check(Plain::<false>, len);
            check(Plain::<true>, len);
        }
    }
}
