//! [`Board`]: the pits of a two-row board in sowing order, with its
//! geometry (RULES.md section 1), and the bulk lap that sows on it
//! (section 2).
//!
//! The pits live in a 16-byte-aligned array of 48 bytes, one byte a pit,
//! read and written as three little-endian `u128` words by the lap, so that
//! a lap is a handful of word-wide additions: every pit gets `seeds / 2n`,
//! the `seeds % 2n` pits after the origin one more. On the board sizes the
//! games have, the additions come from precomputed tables (`LapTable` for
//! 12 and 16 pits, in one register; `WideLapTable` for 20 to 48). A lap
//! costs the same for 3 seeds or 90, which keeps the exact endless-sowing
//! proof (10^9 laps and more) affordable. Bytes never carry into each
//! other: no pit holds more than 96 seeds, the most any game has.

use crate::moves::MAX_PITS_PER_ROW;
use crate::player::{Pit, Player};
use std::fmt;
use std::hint::select_unpredictable;

/// Pits on the largest board, 2 x 24.
pub const MAX_PITS: usize = 2 * MAX_PITS_PER_ROW;

/// Words of 16 pits.
const WORDS: usize = MAX_PITS / 16;

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
        // gathered by one multiply.
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

    /// The pits of the first `W` 16-byte words, as bytes (compared as
    /// bytes, they stay in vector registers).
    #[inline(always)]
    pub(crate) fn first_words<const W: usize>(&self) -> &[u8] {
        &self.pits[..16 * W]
    }

    /// The board's pits in sowing order, as bytes (`2n` of them).
    #[inline(always)]
    #[cfg_attr(not(feature = "tablebase"), allow(dead_code))]
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

    /// One lap (RULES.md section 2): lifts the `seeds` seeds of `origin`
    /// (its count) and sows them on, the origin not skipped. Returns the
    /// landing index and the landing pit's count after the lap, read from
    /// the board *before* the lap so that a next lap need not wait for this
    /// lap's additions.
    #[inline(always)]
    pub(crate) fn sow_lap(&mut self, origin: usize, seeds: u8) -> (usize, u8) {
        debug_assert_eq!(self.seeds_at(origin), seeds);
        let len = self.len();
        if len <= 16 {
            self.sow_lap_words::<1>(len, origin, seeds)
        } else if len <= 32 {
            self.sow_lap_words::<2>(len, origin, seeds)
        } else {
            self.sow_lap_words::<3>(len, origin, seeds)
        }
    }

    /// [`Board::sow_lap`] that passes the emptied origin by
    /// ([`Ruleset::SKIPS_ORIGIN`](crate::Ruleset::SKIPS_ORIGIN)): seed by
    /// seed, a round of the other pits every `len - 1` seeds.
    pub(crate) fn sow_lap_skipping(&mut self, origin: usize, seeds: u8) -> (usize, u8) {
        let len = self.len();
        self.set(origin, 0);
        let mut at = origin;
        for _ in 0..seeds {
            at = self.next_index(at);
            if at == origin {
                at = self.next_index(at);
            }
            self.set(at, self.seeds_at(at) + 1);
        }
        debug_assert!(len > 1);
        (at, self.seeds_at(at))
    }

    #[inline(always)]
    fn sow_lap_words<const W: usize>(
        &mut self,
        len: usize,
        origin: usize,
        seeds: u8,
    ) -> (usize, u8) {
        let span = Span::of(len, origin, seeds as usize);
        // A lap of a whole number of rounds ends in its emptied origin;
        // otherwise the landing pit is not the origin and had its old count.
        let landing_count = if span.rest == 0 {
            span.per_pit as u8
        } else {
            self.pits[span.landing] + span.per_pit as u8 + 1
        };
        let (a, b, c) = (
            prefix(span.start),
            prefix(span.first_end),
            prefix(span.wrapped_end),
        );
        let keep = &KEEP[origin];
        let per_pit = span.per_pit as u128;
        for w in 0..W {
            let mut x = (self.word(w) & keep[w]) + b[w] - a[w] + c[w];
            if per_pit > 0 {
                x += PREFIX[len][w] * per_pit;
            }
            self.set_word(w, x);
        }
        (span.landing, landing_count)
    }

    /// How many pits follow `origin` in sowing order up to `last`, that one
    /// included: `(last + len - origin) % len`, without the division when
    /// both are on the board (it is asked after every lap of Andada's
    /// singleton ending).
    #[inline(always)]
    pub(crate) fn pits_after(&self, origin: usize, last: usize) -> usize {
        let len = self.len();
        let d = last.wrapping_add(len).wrapping_sub(origin);
        if d < len {
            d
        } else if d < 2 * len {
            d - len
        } else {
            d % len
        }
    }

    /// Sows the `seeds` of `origin` seed by seed up to `last` at most: the
    /// lap Andada's singleton ending cuts (RULES.md section 6.5). Returns the
    /// seeds sown (those beyond `last` are the caller's to remove).
    pub(crate) fn sow_until(&mut self, origin: usize, last: usize) -> u8 {
        let seeds = self.take(origin);
        let room = self.pits_after(origin, last);
        let sown = (seeds as usize).min(room);
        let mut at = origin;
        for _ in 0..sown {
            at = self.next_index(at);
            self.set(at, self.seeds_at(at) + 1);
        }
        sown as u8
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

/// Where a lap of `seeds` seeds from `origin` puts them, on a board of `len`
/// pits: every pit gets `per_pit`, the pits in `[start, first_end)` and
/// `[0, wrapped_end)` one more, and the last seed falls at `landing`.
struct Span {
    per_pit: usize,
    rest: usize,
    start: usize,
    first_end: usize,
    wrapped_end: usize,
    landing: usize,
}

impl Span {
    #[inline(always)]
    fn of(len: usize, origin: usize, seeds: usize) -> Span {
        // A lap shorter than the board (the usual case) needs no division.
        let (per_pit, rest) = if seeds < len {
            (0, seeds)
        } else {
            (seeds / len, seeds % len)
        };
        let start = if origin + 1 == len { 0 } else { origin + 1 };
        let end = start + rest;
        let (first_end, wrapped_end) = if end <= len {
            (end, 0)
        } else {
            (len, end - len)
        };
        let landing = {
            let l = origin + rest;
            if l >= len { l - len } else { l }
        };
        Span {
            per_pit,
            rest,
            start,
            first_end,
            wrapped_end,
            landing,
        }
    }
}

/// Every lap of a board of `LEN <= 16` pits, precomputed: for an origin
/// and the seeds lifted from it, what the lap does to the board held in one
/// `u128` (byte `i` = pit `i`), and where the last seed falls. A lap is then
/// one add and a few table loads.
///
/// Rows are 16 whatever `LEN`, so that `origin & 15` and a `u8` of seeds
/// index them without a bounds check on the hot path.
pub(crate) struct LapTable<const LEN: usize> {
    /// By `(origin & 15) * ADD_ROW + seeds`: what the lap adds, less the
    /// `seeds` lifted from the origin, so that one wrapping add of the
    /// board does both (the origin holds exactly `seeds`: no byte borrows).
    /// Rows of 97 (0 to 96 seeds, the most a pit can hold) rather than 256
    /// keep the table in the first-level cache and its rows off a 4 KiB
    /// stride, at which the same seeds from different origins would compete
    /// for the same cache set.
    add: [u128; ADD_LEN],
    /// By `origin << 8 | seeds`: the landing index.
    landing: [u8; 16 * 256],
    /// By seeds: what turns the landing pit's count before the lap into its
    /// count after it (see [`LapTable::sow`]).
    last_gets: [u8; 256],
}

/// A row of [`LapTable`]'s `add`: 0 to [`MAX_SEEDS`] seeds.
const ADD_ROW: usize = MAX_SEEDS as usize + 1;
/// The last row's index plus any `u8` of seeds stays inside.
const ADD_LEN: usize = 15 * ADD_ROW + 256;

/// What a lap of `seeds` seeds on a board of `len` pits adds to the count
/// its landing pit held before it, wrapping: the seeds reach each pit in
/// turn, so the last one gets `ceil(seeds / len)`; when it is the origin
/// itself (`seeds` a multiple of `len`) the `seeds` lifted from it go too.
const fn last_gets(seeds: usize, len: usize) -> u8 {
    let gets = seeds.div_ceil(len) as u8;
    if seeds.is_multiple_of(len) {
        gets.wrapping_sub(seeds as u8)
    } else {
        gets
    }
}

impl<const LEN: usize> LapTable<LEN> {
    const fn build() -> Self {
        let mut add = [0u128; ADD_LEN];
        let mut landing = [0u8; 16 * 256];
        let mut last = [0u8; 256];
        let mut seeds = 0;
        while seeds <= MAX_SEEDS as usize {
            last[seeds] = last_gets(seeds, LEN);
            seeds += 1;
        }
        let mut origin = 0;
        while origin < LEN {
            landing[origin << 8] = origin as u8;
            let row = origin * ADD_ROW;
            let mut at = origin;
            let mut sown = 0u128;
            let mut seeds = 1;
            // Each lap one seed longer than the last: one more pit gets one.
            while seeds <= MAX_SEEDS as usize {
                at = if at + 1 == LEN { 0 } else { at + 1 };
                sown += 1u128 << (8 * at);
                add[row + seeds] = sown.wrapping_sub((seeds as u128) << (8 * origin));
                landing[origin << 8 | seeds] = at as u8;
                seeds += 1;
            }
            origin += 1;
        }
        LapTable {
            add,
            landing,
            last_gets: last,
        }
    }

    /// One lap of the `seeds` seeds of `origin` (which holds exactly that
    /// many) on `word`. Returns the landing index and the landing pit's
    /// count after the lap.
    ///
    /// The count is read from the board *before* the lap, plus what the lap
    /// adds to its last pit ([`last_gets`]). So the next lap need not wait
    /// for this lap's add, whose mask is a load that depends on the seeds:
    /// the laps' chain of dependent steps is about half as long.
    #[inline(always)]
    pub(crate) fn sow(&self, word: &mut u128, origin: usize, seeds: u8) -> (usize, u8) {
        // A shift and an OR find the landing entry, with no bounds check.
        let at = (origin & 15) << 8 | seeds as usize;
        // On 16 pits the landing is arithmetic, off the table.
        let landing = if LEN == 16 {
            (origin + seeds as usize) & 15
        } else {
            self.landing[at] as usize
        };
        // The landing byte from one 64-bit half (a u128 shift by a variable
        // costs several instructions), by a conditional move.
        let half = select_unpredictable(landing < 8, *word as u64, (*word >> 64) as u64);
        let before = (half >> (8 * (landing & 7))) as u8;
        let count = before.wrapping_add(self.last_gets[seeds as usize]);
        // A position holds at most 96 seeds in all (`MAX_SEEDS`), so a pit
        // never holds more; a larger `seeds` would read the next row's entry
        // (a wrong lap, but never outside the table).
        *word = word.wrapping_add(self.add[(origin & 15) * ADD_ROW + seeds as usize]);
        (landing, count)
    }
}

/// The laps of Sadeqa II's board (12 pits).
pub(crate) static LAPS_12: LapTable<12> = LapTable::build();
/// The laps of Sadeqa III's board (16 pits).
pub(crate) static LAPS_16: LapTable<16> = LapTable::build();

/// [`LapTable`] for a board of `LEN` pits in `W` words (more than 16
/// pits): the lap runs on the board's words in memory; the landing count is
/// one byte load from the board before the lap (see [`LapTable::sow`]).
pub(crate) struct WideLapTable<const LEN: usize, const W: usize> {
    /// What the lap adds to each pit, less the seeds lifted from the
    /// origin, byte by byte (wrapping), in the board's 16-byte words: the
    /// add is then one vector add of bytes a word (no pit overflows, so no
    /// carries are needed).
    add: [[[[u8; 16]; W]; MAX_SEEDS as usize + 1]; LEN],
    landing: [[u8; MAX_SEEDS as usize + 1]; LEN],
    /// By seeds: [`last_gets`].
    last_gets: [u8; MAX_SEEDS as usize + 1],
}

impl<const LEN: usize, const W: usize> WideLapTable<LEN, W> {
    const fn build() -> Self {
        let mut add = [[[[0u8; 16]; W]; MAX_SEEDS as usize + 1]; LEN];
        let mut landing = [[0u8; MAX_SEEDS as usize + 1]; LEN];
        let mut last = [0u8; MAX_SEEDS as usize + 1];
        let mut seeds = 0;
        while seeds <= MAX_SEEDS as usize {
            last[seeds] = last_gets(seeds, LEN);
            seeds += 1;
        }
        let mut origin = 0;
        while origin < LEN {
            landing[origin][0] = origin as u8;
            let mut at = origin;
            let mut seeds = 1;
            // Each lap one seed longer than the last: one more pit gets one,
            // one more seed is lifted from the origin.
            while seeds <= MAX_SEEDS as usize {
                at = if at + 1 == LEN { 0 } else { at + 1 };
                add[origin][seeds] = add[origin][seeds - 1];
                let pit = &mut add[origin][seeds][at / 16][at % 16];
                *pit = pit.wrapping_add(1);
                let lifted = &mut add[origin][seeds][origin / 16][origin % 16];
                *lifted = lifted.wrapping_sub(1);
                landing[origin][seeds] = at as u8;
                seeds += 1;
            }
            origin += 1;
        }
        WideLapTable {
            add,
            landing,
            last_gets: last,
        }
    }

    /// One lap of the `seeds` seeds of `origin` (which holds exactly that
    /// many) on `board`. Returns the landing index and the landing pit's
    /// count after the lap, read from the board before the lap as
    /// [`LapTable::sow`] does: the next lap's load need not wait for this
    /// lap's stores.
    #[inline(always)]
    pub(crate) fn sow(&self, board: &mut Board, origin: usize, seeds: u8) -> (usize, u8) {
        let seeds = (seeds as usize).min(MAX_SEEDS as usize);
        let landing = self.landing[origin][seeds] as usize;
        let count = board.pits[landing].wrapping_add(self.last_gets[seeds]);
        for (w, add) in self.add[origin][seeds].iter().enumerate() {
            let word: &mut [u8; 16] = (&mut board.pits[16 * w..16 * w + 16])
                .try_into()
                .expect("16 bytes");
            for (pit, &a) in word.iter_mut().zip(add) {
                *pit = pit.wrapping_add(a);
            }
        }
        (landing, count)
    }
}

/// Sadeqa V's board (20 pits).
pub(crate) static LAPS_20: WideLapTable<20, 2> = WideLapTable::build();
/// Andada-12's board (24 pits).
pub(crate) static LAPS_24: WideLapTable<24, 2> = WideLapTable::build();
/// Andada-15's board (30 pits).
pub(crate) static LAPS_30: WideLapTable<30, 2> = WideLapTable::build();
/// Andada-18's board (36 pits).
pub(crate) static LAPS_36: WideLapTable<36, 3> = WideLapTable::build();
/// Andada-21's board (42 pits).
pub(crate) static LAPS_42: WideLapTable<42, 3> = WideLapTable::build();
/// Andada-24's board (48 pits).
pub(crate) static LAPS_48: WideLapTable<48, 3> = WideLapTable::build();

/// `PREFIX[m]`: 1 in each of the first `m` pits, 0 after. The one-seed
/// increment of a run of pits `[a, b)` is `PREFIX[b] - PREFIX[a]`, word by
/// word, with no borrow (the first is a superset of the second).
static PREFIX: [[u128; WORDS]; MAX_PITS + 1] = {
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
fn prefix(m: usize) -> &'static [u128; WORDS] {
    &PREFIX[m]
}

/// `KEEP[i]`: 0 in pit `i`'s byte and 0xFF elsewhere: ANDed with the board,
/// it empties pit `i` inside the word-wide lap (a byte store followed by the
/// lap's wide load of the same word would stall store forwarding).
static KEEP: [[u128; WORDS]; MAX_PITS] = {
    let mut table = [[u128::MAX; WORDS]; MAX_PITS];
    let mut i = 0;
    while i < MAX_PITS {
        table[i][i / 16] &= !(0xFFu128 << (8 * (i % 16)));
        i += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    /// A lap of 12 or more seeds on 2 x 6 that skips its origin passes its emptied origin
    /// by: 12 seeds from South's pit 1 give each of the 11 other pits one,
    /// and the twelfth falls into South's pit 2, not into pit 1.
    #[test]
    fn a_lap_skipping_its_origin_passes_it_by() {
        let mut board = Board::from_rows(&[12, 0, 0, 0, 0, 0], &[4, 4, 4, 4, 4, 4]).unwrap();
        let (landing, count) = board.sow_lap_skipping(0, 12);
        assert_eq!(
            board,
            Board::from_rows(&[0, 2, 1, 1, 1, 1], &[5, 5, 5, 5, 5, 5]).unwrap()
        );
        assert_eq!((landing, count), (1, 2));
        // Under 2n - 1 seeds it is the plain lap.
        let mut plain = Board::from_rows(&[3, 1, 0, 0, 0, 0], &[0; 6]).unwrap();
        let mut skipping = plain;
        assert_eq!(plain.sow_lap(0, 3), skipping.sow_lap_skipping(0, 3));
        assert_eq!(plain, skipping);
    }

    use super::*;

    /// Sows seed by seed, the way the rule book describes it.
    fn sow_one_by_one(pits: &mut [u8], origin: usize) -> (usize, u8) {
        let len = pits.len();
        let seeds = std::mem::take(&mut pits[origin]);
        let mut at = origin;
        for _ in 0..seeds {
            at = (at + 1) % len;
            pits[at] += 1;
        }
        (at, pits[at])
    }

    /// A board of `n` pits a row with a few seeds everywhere and `seeds` at
    /// `origin`, as a board and as a plain array in sowing order.
    fn test_board(n: usize, origin: usize, seeds: u8) -> (Board, Vec<u8>) {
        let mut pits: Vec<u8> = (0..2 * n).map(|i| (i * 7 % 5) as u8).collect();
        pits[origin] = seeds;
        let mut board = Board::empty(n, false).unwrap();
        for (i, &s) in pits.iter().enumerate() {
            board.set(i, s);
        }
        (board, pits)
    }

    fn pits_of(board: &Board) -> Vec<u8> {
        (0..board.len()).map(|i| board.seeds_at(i)).collect()
    }

    #[test]
    fn bulk_lap_equals_seed_by_seed_sowing() {
        for n in [6, 8, 10, 12, 15, 24] {
            for origin in 0..2 * n {
                for seeds in 0..=96u8 {
                    let (mut board, mut pits) = test_board(n, origin, seeds);
                    if seeds == 0 {
                        continue;
                    }
                    let got = board.sow_lap(origin, seeds);
                    assert_eq!(
                        got,
                        sow_one_by_one(&mut pits, origin),
                        "n {n} origin {origin} seeds {seeds}"
                    );
                    assert_eq!(pits_of(&board), pits);
                }
            }
        }
    }

    /// The lap tables (one word: Sadeqa II's 12 pits, Sadeqa III's 16; and
    /// the wide ones of Sadeqa V and Andada) give
    /// the landing and its count that seed-by-seed sowing gives, the count
    /// being found from the board before the lap.
    #[test]
    fn lap_tables_equal_seed_by_seed_sowing() {
        fn check<const LEN: usize>(table: &LapTable<LEN>) {
            for origin in 0..LEN {
                for seeds in 1..=96u8 {
                    let (board, mut pits) = test_board(LEN / 2, origin, seeds);
                    let mut word = board.word(0);
                    let got = table.sow(&mut word, origin, seeds);
                    let want = sow_one_by_one(&mut pits, origin);
                    assert_eq!(got, want, "{LEN} pits, origin {origin}, seeds {seeds}");
                    let mut after = board;
                    after.set_word(0, word);
                    assert_eq!(pits_of(&after), pits, "{LEN} pits, origin {origin}");
                }
            }
        }
        check(&LAPS_12);
        check(&LAPS_16);
        fn check_wide<const LEN: usize, const W: usize>(table: &WideLapTable<LEN, W>) {
            for origin in 0..LEN {
                for seeds in 1..=96u8 {
                    let (mut board, mut pits) = test_board(LEN / 2, origin, seeds);
                    let got = table.sow(&mut board, origin, seeds);
                    let want = sow_one_by_one(&mut pits, origin);
                    assert_eq!(got, want, "{LEN} pits, origin {origin}, seeds {seeds}");
                    assert_eq!(pits_of(&board), pits, "{LEN} pits, origin {origin}");
                }
            }
        }
        check_wide(&LAPS_20);
        check_wide(&LAPS_24);
        check_wide(&LAPS_30);
        check_wide(&LAPS_36);
        check_wide(&LAPS_42);
        check_wide(&LAPS_48);
    }

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
    fn a_lap_of_2n_seeds_ends_in_its_origin_pit() {
        let mut board = Board::empty(6, false).unwrap();
        board.set(3, 12);
        assert_eq!(board.sow_lap(3, 12), (3, 1));
        assert_eq!(pits_of(&board), [1; 12]);
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
