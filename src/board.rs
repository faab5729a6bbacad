//! [`Board`]: the pits of a two-row board in sowing order, with its
//! geometry (RULES.md section 1), its rows and its counts.
//!
//! The pits live in a 16-byte-aligned array of 48 bytes, one byte a pit,
//! read and written as three little-endian `u128` words, so that the row
//! tests here and the laps of a sowing (`crate::sow::laps`, beside the
//! relay loop) are a few word-wide operations. No pit holds more than 96
//! seeds, the most any game has, so bytes never carry into each other.

use crate::moves::MAX_PITS_PER_ROW;
use crate::player::{Pit, Player};
use std::fmt;

/// Pits on the largest board, 2 x 24.
pub const MAX_PITS: usize = 2 * MAX_PITS_PER_ROW;

/// Words of 16 pits.
pub(crate) const WORDS: usize = MAX_PITS / 16;

/// The most seeds one pit can hold: the largest variant's total (Sadeqa
/// III, 96).
pub const MAX_SEEDS: u32 = 96;

/// A board: `2n` pits in sowing order (South's pits `0..n`, then North's
/// `n..2n`) and its geometry (pits per row, sowing direction).
///
/// A `Copy` value of 50 bytes: tests write boards out literally
/// ([`Board::from_rows`]) and compare whole boards.
///
/// ```
/// use sowing::{Board, Pit, Player};
///
/// let board = Board::from_rows(&[1, 2, 3, 0, 0, 0], &[0, 0, 0, 0, 0, 4]).unwrap();
/// assert_eq!(board.seeds(Pit::new(Player::South, 3)), 3);
/// assert_eq!(board.seeds_in_row(Player::North), 4);
/// // South's pit 1 faces North's pit 6 (RULES.md section 1).
/// let s1 = board.index_of(Player::South, 1);
/// assert_eq!(board.pit_at(board.opposite(s1)), Pit::new(Player::North, 6));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct Board {
    pits: [u8; MAX_PITS],
    pits_per_row: u8,
    clockwise: bool,
}

/// Why [`Board::from_rows`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The rows have different lengths, or a length outside 1..=24.
    #[error("a board has two rows of 1 to 24 pits each, not {south} and {north}")]
    Rows {
        /// South's row length.
        south: usize,
        /// North's row length.
        north: usize,
    },
    /// A pit holds more seeds than any game has.
    #[error("{pit} holds {seeds} seeds; no game has more than 96")]
    TooManySeeds {
        /// The pit.
        pit: Pit,
        /// Its seeds.
        seeds: u8,
    },
}

impl Board {
    /// An empty board of `pits_per_row` pits a row (1 to 24), sown
    /// counter-clockwise or clockwise (the mirror image: only the mapping
    /// between pit numbers and sowing order changes). `None` outside 1..=24.
    pub fn empty(pits_per_row: usize, clockwise: bool) -> Option<Board> {
        (1..=MAX_PITS_PER_ROW)
            .contains(&pits_per_row)
            .then_some(Board {
                pits: [0; MAX_PITS],
                pits_per_row: pits_per_row as u8,
                clockwise,
            })
    }

    /// A counter-clockwise board from its rows, each from its owner's pit 1
    /// (as the position string writes them).
    ///
    /// # Errors
    /// [`BoardError`] if the rows differ in length or hold more than 96
    /// seeds in a pit.
    pub fn from_rows(south: &[u8], north: &[u8]) -> Result<Board, BoardError> {
        Board::from_rows_sown(south, north, false)
    }

    /// As [`Board::from_rows`], sown clockwise if `clockwise`.
    ///
    /// # Errors
    /// As [`Board::from_rows`].
    pub fn from_rows_sown(
        south: &[u8],
        north: &[u8],
        clockwise: bool,
    ) -> Result<Board, BoardError> {
        let rows = BoardError::Rows {
            south: south.len(),
            north: north.len(),
        };
        if south.len() != north.len() {
            return Err(rows);
        }
        let mut board = Board::empty(south.len(), clockwise).ok_or(rows)?;
        for (owner, row) in [(Player::South, south), (Player::North, north)] {
            for (i, &seeds) in row.iter().enumerate() {
                let pit = Pit::new(owner, i as u8 + 1);
                if seeds as u32 > MAX_SEEDS {
                    return Err(BoardError::TooManySeeds { pit, seeds });
                }
                board.set(board.index_of(owner, pit.number), seeds);
            }
        }
        Ok(board)
    }

    /// Pits per row, `n`.
    #[inline(always)]
    pub const fn pits_per_row(&self) -> usize {
        self.pits_per_row as usize
    }

    /// Pits on the board, `2n`.
    #[inline(always)]
    pub const fn len(&self) -> usize {
        2 * self.pits_per_row as usize
    }

    /// Always `false`: a board has at least two pits.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// Whether the board is sown clockwise.
    pub const fn is_clockwise(&self) -> bool {
        self.clockwise
    }

    // ---- geometry (RULES.md section 1) ----

    /// The sowing-order index of `player`'s pit `number` (1-based, from his
    /// own left).
    ///
    /// # Panics
    /// If `number` is not in `1..=n` ([`Board::index`] checks instead).
    #[inline]
    pub fn index_of(&self, player: Player, number: u8) -> usize {
        let n = self.pits_per_row();
        assert!(
            (1..=n).contains(&(number as usize)),
            "pit {number} is not on a board of {n} pits a row"
        );
        let offset = if self.clockwise {
            n - number as usize
        } else {
            number as usize - 1
        };
        player.index() * n + offset
    }

    /// [`Board::index_of`] without the check, for the hot path: a `number`
    /// off the row gives an unspecified index (no panic; [`Board::seeds_at`]
    /// reads 0 there).
    #[inline(always)]
    pub(crate) fn row_index(&self, player: Player, number: u8) -> usize {
        let n = self.pits_per_row();
        let number = number as usize;
        let offset = if self.clockwise {
            n.wrapping_sub(number)
        } else {
            number.wrapping_sub(1)
        };
        (player.index() * n).wrapping_add(offset)
    }

    /// The sowing-order index of `pit`, or `None` if it is not on the board.
    #[inline]
    pub fn index(&self, pit: Pit) -> Option<usize> {
        (1..=self.pits_per_row())
            .contains(&(pit.number as usize))
            .then(|| self.index_of(pit.owner, pit.number))
    }

    /// The pit at sowing-order index `idx`, `0..2n`. An index off the board
    /// gives an unspecified pit (no panic: this runs on every lap that is
    /// reported, and a pure function costs nothing when no one listens).
    #[inline]
    pub fn pit_at(&self, idx: usize) -> Pit {
        let n = self.pits_per_row();
        let offset = idx % n;
        let number = if self.clockwise {
            n - offset
        } else {
            offset + 1
        };
        Pit::new(self.owner(idx), number as u8)
    }

    /// The owner of the row holding index `idx`.
    #[inline(always)]
    pub fn owner(&self, idx: usize) -> Player {
        if idx < self.pits_per_row() {
            Player::South
        } else {
            Player::North
        }
    }

    /// The index of the pit opposite `idx`: South's pit i faces North's pit
    /// n+1-i, in either direction.
    #[inline(always)]
    pub fn opposite(&self, idx: usize) -> usize {
        // Wrapping: an index off the board gives an unspecified index, no
        // panic.
        (self.len() - 1).wrapping_sub(idx)
    }

    /// The index of `player`'s last pit in sowing order, from which sowing
    /// passes into the opponent's row.
    #[inline(always)]
    pub fn last_index(&self, player: Player) -> usize {
        (player.index() + 1) * self.pits_per_row() - 1
    }

    /// The index that follows `idx` in sowing order.
    #[inline(always)]
    pub fn next_index(&self, idx: usize) -> usize {
        if idx >= self.len() - 1 { 0 } else { idx + 1 }
    }

    // ---- seeds ----

    /// The seeds of every pit, by sowing-order index (`len()` of them:
    /// South's row, then North's, each in sowing order; see
    /// [`Board::index_of`]): for code that reads the whole board at once.
    ///
    /// ```
    /// use sowing::Board;
    /// let board = Board::from_rows(&[1, 2, 3], &[4, 5, 6])?;
    /// assert_eq!(board.as_slice(), &[1, 2, 3, 4, 5, 6]);
    /// # Ok::<(), sowing::BoardError>(())
    /// ```
    #[inline(always)]
    pub fn as_slice(&self) -> &[u8] {
        &self.pits[..self.len()]
    }

    /// Seeds at sowing-order index `idx`; 0 off the board.
    #[inline(always)]
    pub fn seeds_at(&self, idx: usize) -> u8 {
        if idx >= self.len() {
            return 0;
        }
        self.pits[idx]
    }

    /// Seeds in `pit`; 0 for a pit that is not on the board.
    pub fn seeds(&self, pit: Pit) -> u8 {
        self.index(pit).map_or(0, |i| self.seeds_at(i))
    }

    /// `player`'s row, from his pit 1 to pit n.
    pub fn row(&self, player: Player) -> impl ExactSizeIterator<Item = u8> + '_ {
        (1..=self.pits_per_row() as u8).map(move |p| self.seeds_at(self.index_of(player, p)))
    }

    /// Seeds in `player`'s row.
    pub fn seeds_in_row(&self, player: Player) -> u32 {
        let n = self.pits_per_row();
        let base = player.index() * n;
        (base..base + n).map(|i| self.seeds_at(i) as u32).sum()
    }

    /// Whether `player`'s row is empty.
    #[inline]
    pub fn row_is_empty(&self, player: Player) -> bool {
        let n = self.pits_per_row();
        let base = player.index() * n;
        let (end, start) = (prefix(base + n), prefix(base));
        // 0xFF in every byte of the row.
        (0..WORDS).all(|w| self.word(w) & ((end[w] - start[w]) * 0xFF) == 0)
    }

    /// Seeds on the board.
    pub fn seeds_on_board(&self) -> u32 {
        (0..self.len()).map(|i| self.seeds_at(i) as u32).sum()
    }

    /// Whether every pit holds at most one seed (Andada's singleton test,
    /// RULES.md section 6.5).
    #[inline]
    pub fn all_at_most_one(&self) -> bool {
        // A byte above 1 has a bit set outside its lowest.
        const HIGH: u128 = u128::from_le_bytes([0xFE; 16]);
        (0..WORDS).all(|w| self.word(w) & HIGH == 0)
    }

    /// Bit mask of `player`'s non-empty pits by pit number (bit 0 = pit 1).
    #[inline]
    pub fn occupied(&self, player: Player) -> u32 {
        let n = self.pits_per_row();
        let base = player.index() * n;
        // The non-empty pits in sowing order, by the board's 16-byte words
        // that hold the row (one word for boards of up to 16 pits).
        let first = base / 16;
        let mut by_index = 0u64;
        for w in first..(base + n).div_ceil(16) {
            by_index |= (Self::non_empty(self.word(w)) as u64) << (16 * (w - first));
        }
        let mut mask = (by_index >> (base - 16 * first)) as u32 & ((1u32 << n) - 1);
        if self.clockwise {
            mask = mask.reverse_bits() >> (32 - n);
        }
        mask
    }

    /// Bit `i` set when byte `i` of `word` is not 0.
    #[inline(always)]
    fn non_empty(word: u128) -> u16 {
        const LOW7: u128 = u128::from_le_bytes([0x7F; 16]);
        const HIGH: u128 = u128::from_le_bytes([0x80; 16]);
        // A byte's high bit set when the byte is not 0 (no carry leaves a
        // byte: 0x7F + 0x7F < 0x100), then the 8 high bits of each half
        // gathered by one multiply. (No pit holds 128 seeds, so `| word`
        // adds no bit here and `^ word` is an equivalent mutant; so is `^`
        // for the `|` of the two halves' disjoint bits: docs/MUTANTS.md.)
        let high = (((word & LOW7) + LOW7) | word) & HIGH;
        let gather = |half: u64| ((half >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
        gather(high as u64) | gather((high >> 64) as u64) << 8
    }

    /// The pits of `player`'s row set in `by_index` (a bit mask by
    /// sowing-order index, as [`Position::marks`](crate::Position::marks)),
    /// as a mask by pit number (bit 0 = pit 1).
    #[inline]
    pub fn row_pits(&self, player: Player, by_index: u64) -> u32 {
        let n = self.pits_per_row();
        let mut mask = ((by_index >> (player.index() * n)) as u32) & ((1u32 << n) - 1);
        if self.clockwise {
            mask = mask.reverse_bits() >> (32 - n);
        }
        mask
    }

    // ---- changes, for the core and the hook contexts only ----

    /// Pits `16w..16w+16` as one little-endian word (one 16-byte load).
    #[inline(always)]
    pub(crate) fn word(&self, w: usize) -> u128 {
        let bytes: [u8; 16] = self.pits[16 * w..16 * w + 16].try_into().expect("16 bytes");
        u128::from_le_bytes(bytes)
    }

    #[inline(always)]
    pub(crate) fn set_word(&mut self, w: usize, x: u128) {
        self.pits[16 * w..16 * w + 16].copy_from_slice(&x.to_le_bytes());
    }

    /// Pits `16w..16w+16` as bytes, to change in place (the wide laps add
    /// to them byte by byte).
    #[inline(always)]
    pub(crate) fn word_bytes_mut(&mut self, w: usize) -> &mut [u8; 16] {
        (&mut self.pits[16 * w..16 * w + 16])
            .try_into()
            .expect("16 bytes")
    }

    /// The pits of the first `W` 16-byte words, as bytes (compared as
    /// bytes, they stay in vector registers).
    #[inline(always)]
    pub(crate) fn first_words<const W: usize>(&self) -> &[u8] {
        &self.pits[..16 * W]
    }

    /// The board's pits in sowing order, as bytes (`2n` of them).
    #[inline(always)]
    pub(crate) fn pits(&self) -> &[u8] {
        &self.pits[..self.len()]
    }

    /// Seeds at `idx`, for a caller that knows `idx` is on the board (no
    /// test against the length; it panics only past the array).
    #[inline(always)]
    pub(crate) fn at(&self, idx: usize) -> u8 {
        self.pits[idx]
    }

    #[inline(always)]
    pub(crate) fn set(&mut self, idx: usize, seeds: u8) {
        debug_assert!(idx < self.len());
        self.pits[idx] = seeds;
    }

    /// Empties `idx` and returns its seeds.
    #[inline(always)]
    pub(crate) fn take(&mut self, idx: usize) -> u8 {
        let seeds = self.seeds_at(idx);
        self.set(idx, 0);
        seeds
    }

    /// Empties the board and returns the seeds that were on it.
    pub(crate) fn clear(&mut self) -> u32 {
        let seeds = self.seeds_on_board();
        self.pits = [0; MAX_PITS];
        seeds
    }

    /// Whether the pits of the two boards are the same, for boards of the
    /// same geometry: the endless test's comparison, word by word.
    #[inline(always)]
    pub(crate) fn same_pits(&self, other: &Board) -> bool {
        let words = self.len().div_ceil(16);
        (0..words).all(|w| self.word(w) == other.word(w))
    }

    /// How many pits follow `origin` in sowing order up to `last`, that one
    /// included: `(last + len - origin) % len`, without the division when
    /// both are on the board (it is asked after every lap of Andada's
    /// singleton ending).
    #[inline(always)]
    pub(crate) fn pits_after(&self, origin: usize, last: usize) -> usize {
        let len = self.len();
        let d = last.wrapping_add(len).wrapping_sub(origin);
        // The middle branch only spares the division: the mutants of its
        // test are equivalent (docs/MUTANTS.md).
        if d < len {
            d
        } else if d < 2 * len {
            d - len
        } else {
            d % len
        }
    }
}

/// Rows as the position string writes them: `[1,2,3 / 0,0,4]`.
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |p| {
            self.row(p)
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(f, "Board[{}/{}", row(Player::South), row(Player::North))?;
        if self.clockwise {
            f.write_str(" clockwise")?;
        }
        f.write_str("]")
    }
}

/// `PREFIX[m]`: 1 in each of the first `m` pits, 0 after. The one-seed
/// increment of a run of pits `[a, b)` is `PREFIX[b] - PREFIX[a]`, word by
/// word, with no borrow (the first is a superset of the second).
pub(crate) static PREFIX: [[u128; WORDS]; MAX_PITS + 1] = {
    let mut table = [[0u128; WORDS]; MAX_PITS + 1];
    let mut m = 1;
    while m <= MAX_PITS {
        table[m] = table[m - 1];
        let i = m - 1;
        table[m][i / 16] |= 1u128 << (8 * (i % 16));
        m += 1;
    }
    table
};

#[inline(always)]
pub(crate) fn prefix(m: usize) -> &'static [u128; WORDS] {
    &PREFIX[m]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pits_after_is_the_distance_in_sowing_order() {
        let board = Board::empty(6, false).unwrap();
        for origin in 0..12 {
            for last in 0..12 {
                assert_eq!(board.pits_after(origin, last), (last + 12 - origin) % 12);
            }
        }
        // Off the board, the same formula as a wrapping sum.
        assert_eq!(board.pits_after(0, 30), 6);
        let wrapped = usize::MAX.wrapping_add(12).wrapping_sub(5) % 12;
        assert_eq!(board.pits_after(5, usize::MAX), wrapped);
    }

    #[test]
    fn occupied_pits_by_number() {
        for n in [6, 8, 10, 12, 15, 18, 21, 24] {
            for clockwise in [false, true] {
                for pattern in 0..64u64 {
                    let mut board = Board::empty(n, clockwise).unwrap();
                    for i in 0..2 * n {
                        let seeds = ((pattern.wrapping_mul(0x9E37_79B9) >> (i % 29)) & 3) as u8;
                        board.set(i, seeds);
                    }
                    for player in Player::BOTH {
                        let naive = (1..=n as u8)
                            .filter(|&p| board.seeds(Pit::new(player, p)) > 0)
                            .fold(0u32, |m, p| m | 1 << (p - 1));
                        assert_eq!(board.occupied(player), naive, "{board:?} {player}");
                    }
                }
            }
        }
    }

    #[test]
    fn clockwise_numbering_mirrors_the_board() {
        let ccw = Board::empty(12, false).unwrap();
        let cw = Board::empty(12, true).unwrap();
        assert_eq!(ccw.index_of(Player::South, 1), 0);
        assert_eq!(cw.index_of(Player::South, 1), 11);
        for idx in 0..24 {
            assert_eq!(cw.index(cw.pit_at(idx)), Some(idx));
            assert_eq!(ccw.index(ccw.pit_at(idx)), Some(idx));
        }
    }

    #[test]
    fn row_tests() {
        let b = Board::from_rows(&[0, 0, 1], &[2, 1, 0]).unwrap();
        assert!(!b.row_is_empty(Player::South));
        assert!(!b.all_at_most_one());
        let b = Board::from_rows(&[0, 0, 0], &[1, 1, 0]).unwrap();
        assert!(b.row_is_empty(Player::South));
        assert!(!b.row_is_empty(Player::North));
        assert!(b.all_at_most_one());
    }
}
