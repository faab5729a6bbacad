//! Combinatorial ranking: every way to place `s` seeds in `P` pits gets a
//! number, its *rank*, from 0 to `C(s + P - 1, P - 1) - 1`, with no gaps
//! and no hash map.
//!
//! A placement `a_0 .. a_{P-1}` is read as `s` seeds and `P - 1` bars in a
//! row of `s + P - 1` places (stars and bars): bar `i` stands at place
//! `b_i = a_0 + .. + a_i + i`. The bars' places are a `(P - 1)`-subset of
//! `0 .. s + P - 1`, and the combinatorial number system ranks it:
//! `rank = sum_i C(b_i, i + 1)` (colexicographic order). Ranks are dense,
//! so a layer's values are a plain array indexed by rank.

/// The largest `n` of the binomial table: the most seeds a layer can hold
/// (96) plus the most pits (48).
const MAX_N: usize = 96 + 48;
/// The largest `k` of the binomial table: bars between 48 pits.
const MAX_K: usize = 48;

/// Binomial coefficients `C(n, k)` for `n <= 144`, `k <= 48`, saturated at
/// `u64::MAX` (a layer that large is refused before it is indexed).
static BINOMIAL: [[u64; MAX_K + 1]; MAX_N + 1] = {
    let mut t = [[0u64; MAX_K + 1]; MAX_N + 1];
    let mut n = 0;
    while n <= MAX_N {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_K && k <= n {
            let sum = t[n - 1][k - 1].checked_add(t[n - 1][k]);
            t[n][k] = match sum {
                Some(v) => v,
                None => u64::MAX,
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `C(n, k)`, saturated at `u64::MAX`; 0 when `k > n`; `u64::MAX` for any
/// other `n` or `k` past the table (no layer asks for one).
#[inline(always)]
pub(crate) fn binomial(n: usize, k: usize) -> u64 {
    if k > n || n > MAX_N || k > MAX_K {
        return if k > n { 0 } else { u64::MAX };
    }
    BINOMIAL[n][k]
}

/// Placements of `seeds` seeds in `pits` pits: `C(seeds + pits - 1, pits - 1)`
/// (saturated at `u64::MAX`).
#[inline]
pub(crate) fn placements(pits: usize, seeds: u32) -> u64 {
    binomial(seeds as usize + pits - 1, pits - 1)
}

/// The rank of the placement `pits` (whose seeds sum to the layer's).
#[cfg(test)]
pub(crate) fn rank(pits: &[u8]) -> u64 {
    rank_of(pits.iter().copied().take(pits.len() - 1))
}

/// The rank of the placement whose pits but the last are `pits` (the
/// last one's count is implied by the others).
#[inline(always)]
pub(crate) fn rank_of(pits: impl Iterator<Item = u8>) -> u64 {
    let mut r = 0u64;
    // Bar i's place, plus one: the row of the binomial table to read.
    let mut place = 0usize;
    for (column, a) in (1..=MAX_K).zip(pits) {
        place += a as usize;
        r += BINOMIAL_FLAT
            .get(place * (MAX_K + 1) + column)
            .copied()
            .unwrap_or(0);
        place += 1;
    }
    r
}

/// The rank of a placement of `pits` pits (at most 16), given as the
/// bytes of one little-endian word (pit 0 in the low byte), whose seeds
/// number at most 255 (a layer holds at most 96).
#[inline(always)]
#[cfg(test)]
pub(crate) fn rank_word(word: u128, pits: usize) -> u64 {
    rank_prefix_sums(prefix_sums(word), pits)
}

/// The prefix sums of a placement given as one little-endian word (byte
/// `i` of the result: the seeds of pits 0 to `i`), from one
/// multiplication: exact while no sum passes 255 (no byte carries).
#[inline(always)]
pub(crate) fn prefix_sums(word: u128) -> u128 {
    const ONES: u128 = u128::from_le_bytes([1; 16]);
    word.wrapping_mul(ONES)
}

/// The rank of a placement of `pits` pits (at most 16) from its
/// [`prefix_sums`]: a read of [`BAR_TERMS`] a bar, each independent of the
/// others, with no bounds check (a row a bar, a column a byte) and no
/// branch (the sums past the last bar are cleared, and a sum of 0 reads a
/// term of 0 whatever the row: `C(i, i + 1)`).
#[inline(always)]
pub(crate) fn rank_prefix_sums(prefix: u128, pits: usize) -> u64 {
    let bars = prefix & ((1u128 << (8 * (pits - 1))) - 1);
    let mut r = 0u64;
    for (terms, &sum) in BAR_TERMS.iter().zip(&bars.to_le_bytes()) {
        // Bar i stands at place sum + i: its term is C(sum + i, i + 1).
        // (Wrapping: a sum past the largest layer's reads a saturated
        // term, and the rank of a placement no layer holds is meaningless.)
        r = r.wrapping_add(terms[sum as usize]);
    }
    r
}

/// Bar `i`'s term of a rank at `[i][sum]`, for the prefix sum `sum` of
/// pits 0 to `i`: `C(sum + i, i + 1)`, saturated at `u64::MAX` (the table
/// [`rank_prefix_sums`] reads, 30 KB; 15 bars between 16 pits).
static BAR_TERMS: [[u64; 256]; 15] = {
    let mut t = [[0u64; 256]; 15];
    let mut i = 0;
    while i < 15 {
        let mut sum = 0;
        while sum < 256 {
            t[i][sum] = if sum + i <= MAX_N {
                BINOMIAL[sum + i][i + 1]
            } else {
                u64::MAX
            };
            sum += 1;
        }
        i += 1;
    }
    t
};

/// [`BINOMIAL`] in one row-major array, for [`rank_of`]'s one index.
static BINOMIAL_FLAT: [u64; (MAX_N + 1) * (MAX_K + 1)] = {
    let mut t = [0u64; (MAX_N + 1) * (MAX_K + 1)];
    let mut n = 0;
    while n <= MAX_N {
        let mut k = 0;
        while k <= MAX_K {
            t[n * (MAX_K + 1) + k] = BINOMIAL[n][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// A walk through the placements of one layer in rank order, from any
/// rank: unranks once, then steps to the next placement in constant
/// amortised time (the next combination in colexicographic order).
pub(crate) struct Walk {
    /// Places of the `pits - 1` bars, increasing.
    bars: [u8; MAX_K],
    pits: usize,
    /// `seeds + pits - 1`: the number of places.
    places: usize,
}

impl Walk {
    /// The walk of the layer of `seeds` seeds in `pits` pits (2 to 48),
    /// placed at `rank` (below the layer's size).
    pub(crate) fn at(pits: usize, seeds: u32, rank: u64) -> Walk {
        let k = pits - 1;
        let places = seeds as usize + k;
        let mut bars = [0u8; MAX_K];
        let mut r = rank;
        let mut hi = places; // bar i stands below this place
        for i in (0..k).rev() {
            // The largest place b < hi with C(b, i + 1) <= r. (C(hi, i + 1)
            // is always above r, so a search from hi or hi + 1 ends at the
            // same b: docs/MUTANTS.md.)
            let mut b = hi - 1;
            while BINOMIAL[b][i + 1] > r {
                b -= 1;
            }
            r -= BINOMIAL[b][i + 1];
            bars[i] = b as u8;
            hi = b;
        }
        Walk { bars, pits, places }
    }

    /// The placement the walk stands at, into `out[..pits]`.
    #[inline]
    pub(crate) fn placement(&self, out: &mut [u8]) {
        let k = self.pits - 1;
        let mut prev: isize = -1;
        for (slot, &bar) in out.iter_mut().zip(&self.bars[..k]) {
            *slot = (bar as isize - prev - 1) as u8;
            prev = bar as isize;
        }
        out[k] = (self.places as isize - prev - 1) as u8;
    }

    /// Steps to the next placement in rank order (past the last one the
    /// walk's placement is meaningless).
    #[inline]
    pub(crate) fn advance(&mut self) {
        let k = self.pits - 1;
        let mut j = 0;
        // (`j <= k` would only step past the last placement onto the
        // first, where the walk is meaningless anyway: docs/MUTANTS.md.)
        while j < k {
            let limit = if j + 1 < k {
                self.bars[j + 1] as usize
            } else {
                self.places
            };
            if (self.bars[j] as usize) + 1 < limit {
                self.bars[j] += 1;
                for (i, bar) in self.bars[..j].iter_mut().enumerate() {
                    *bar = i as u8;
                }
                return;
            }
            j += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_are_pascals_triangle() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(31, 15), 300_540_195);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(placements(16, 16), 300_540_195);
        assert_eq!(placements(4, 0), 1);
    }

    /// The table's edges: `C(n, 0)` and `C(n, n)` are 1, a coefficient
    /// past `u64::MAX` saturates (`C(67, 33)` fits in a word, `C(68, 34)`,
    /// twice as large, does not), and so does any `n` or `k` past
    /// the table; a `k` above `n` is 0 wherever it lies.
    #[test]
    fn binomials_saturate_past_the_largest_word() {
        assert_eq!(binomial(0, 0), 1);
        assert_eq!(binomial(MAX_N, 0), 1);
        assert_eq!(binomial(MAX_K, MAX_K), 1);
        assert_eq!(binomial(MAX_N, 1), MAX_N as u64);
        assert_eq!(binomial(67, 33), 14_226_520_737_620_288_370);
        assert_eq!(binomial(68, 34), u64::MAX);
        assert_eq!(binomial(MAX_N, MAX_K), u64::MAX);
        assert_eq!(binomial(MAX_N + 1, 2), u64::MAX);
        assert_eq!(binomial(MAX_N + 10, MAX_K + 1), u64::MAX);
        assert_eq!(binomial(60, MAX_K + 1), u64::MAX);
        // Past the table even `C(n, n)` is not looked up: saturated.
        assert_eq!(binomial(MAX_K + 1, MAX_K + 1), u64::MAX);
        assert_eq!(binomial(MAX_N + 1, MAX_N + 1), u64::MAX);
        assert_eq!(binomial(MAX_K, MAX_K + 1), 0);
        assert_eq!(binomial(MAX_N, MAX_N + 1), 0);
        assert_eq!(placements(48, 96), u64::MAX);
        // Every entry is Pascal's sum of the two above it, or saturated.
        for n in 1..=MAX_N {
            for k in 1..=MAX_K.min(n) {
                let sum = BINOMIAL[n - 1][k - 1].checked_add(BINOMIAL[n - 1][k]);
                assert_eq!(BINOMIAL[n][k], sum.unwrap_or(u64::MAX), "C({n}, {k})");
                assert_eq!(BINOMIAL_FLAT[n * (MAX_K + 1) + k], BINOMIAL[n][k]);
            }
            assert_eq!(BINOMIAL_FLAT[n * (MAX_K + 1)], 1);
        }
        // A bar's terms: C(sum + i, i + 1), saturated past the table.
        for (i, terms) in BAR_TERMS.iter().enumerate() {
            for (sum, &term) in terms.iter().enumerate() {
                assert_eq!(term, binomial(sum + i, i + 1), "bar {i}, sum {sum}");
            }
        }
        assert_eq!(BAR_TERMS[14][200], u64::MAX);
        assert_eq!(BAR_TERMS[0][MAX_N], MAX_N as u64);
        assert_eq!(BAR_TERMS[0][MAX_N + 1], u64::MAX);
    }

    /// Every placement of a small layer is ranked once, in walk order.
    #[test]
    fn ranks_are_dense_and_the_walk_follows_them() {
        let layers = [
            (2usize, 0u32),
            (2, 5),
            (4, 3),
            (6, 4),
            (16, 3),
            (24, 3),
            (48, 2),
        ];
        for (pits, seeds) in layers {
            let size = placements(pits, seeds);
            let mut walk = Walk::at(pits, seeds, 0);
            let mut buf = [0u8; 48];
            for r in 0..size {
                walk.placement(&mut buf);
                let p = &buf[..pits];
                assert_eq!(p.iter().map(|&a| a as u32).sum::<u32>(), seeds);
                assert_eq!(rank(p), r, "{p:?}");
                if pits <= 16 {
                    let mut word = [0u8; 16];
                    word[..pits].copy_from_slice(p);
                    assert_eq!(rank_word(u128::from_le_bytes(word), pits), r);
                }
                let mut fresh = [0u8; 48];
                Walk::at(pits, seeds, r).placement(&mut fresh);
                assert_eq!(&fresh[..pits], p);
                walk.advance();
            }
        }
    }
}
