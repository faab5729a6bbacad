//! The laps of a sowing (RULES.md section 2) in bulk: the lap tables of
//! the board sizes the games have ([`LapTable`] for 12 and 16 pits, one
//! word; [`WideLapTable`] for 20 to 48 pits, in memory), and the plain
//! word-wide lap of any board ([`Board::sow_lap`], the origin-skipping lap,
//! and the lap Andada's singleton ending cuts).
//!
//! A lap is a handful of word-wide additions on the board's three
//! little-endian `u128` words: every pit gets `seeds / 2n`, the
//! `seeds % 2n` pits after the origin one more. It costs the same for 3
//! seeds or 90, which keeps the exact endless-sowing proof (10^9 laps and
//! more) affordable. Bytes never carry into each other: no pit holds more
//! than 96 seeds ([`MAX_SEEDS`]), the most any game has. The relay loop
//! (`super::relay`) runs these laps through its kernels (`super::kernel`).

use crate::board::{Board, MAX_PITS, MAX_SEEDS, PREFIX, WORDS, prefix};
use std::hint::select_unpredictable;

/// The bulk laps on a [`Board`].
impl Board {
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
            self.at(span.landing) + span.per_pit as u8 + 1
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
            // Only skips adding 0 (`>= 0` is an equivalent mutant).
            if per_pit > 0 {
                x += PREFIX[len][w] * per_pit;
            }
            self.set_word(w, x);
        }
        (span.landing, landing_count)
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
        // From the last index the lap starts at 0; starting at `len`
        // instead would take the same pits through the wrapped range (an
        // equivalent mutant, docs/MUTANTS.md).
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

/// A row of [`LapTable`]'s `add`: 0 to [`MAX_SEEDS`] seeds. The entry for 0
/// is never written or read, so rows one shorter, or a longer array, are
/// equivalent mutants (docs/MUTANTS.md).
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
            // The entry for 0 seeds, never read (`>> 8` is an equivalent
            // mutant, docs/MUTANTS.md).
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
                // `seeds` < 256 fills only the low byte: `^` for `|` is an
                // equivalent mutant (docs/MUTANTS.md).
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
        // (A `u8` of seeds fills only the low byte: `^` for `|` is an
        // equivalent mutant, docs/MUTANTS.md.)
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
        let count = board.at(landing).wrapping_add(self.last_gets[seeds]);
        for (w, add) in self.add[origin][seeds].iter().enumerate() {
            for (pit, &a) in board.word_bytes_mut(w).iter_mut().zip(add) {
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
    use super::*;

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
    fn a_lap_of_2n_seeds_ends_in_its_origin_pit() {
        let mut board = Board::empty(6, false).unwrap();
        board.set(3, 12);
        assert_eq!(board.sow_lap(3, 12), (3, 1));
        assert_eq!(pits_of(&board), [1; 12]);
    }
}
