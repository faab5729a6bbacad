//! One lap of sowing on the raw pit array (RULES.md section 2).
//!
//! A lap is sown in bulk: every pit of the board gets `seeds / 2n`, then the
//! `seeds % 2n` pits after the origin get one more. The loop runs over the
//! whole fixed-size array with no branch per pit, so the compiler turns it
//! into a few vector instructions, and a lap costs the same for 3 seeds or
//! 90. That keeps the exact endless-sowing proof (which may run through
//! 10^9 laps and more) affordable.

use crate::moves::MAX_PITS_PER_ROW;

/// Size of the pit array: the largest board, 2 x 24.
pub const BOARD: usize = 2 * MAX_PITS_PER_ROW;

/// Lifts every seed of `origin` and sows them counter-clockwise in sowing
/// order over the first `len` pits (the origin is not skipped). Returns the
/// seeds lifted and the index where the last one fell.
#[inline]
pub(crate) fn sow_lap(pits: &mut [u8; BOARD], len: usize, origin: usize) -> (u8, usize) {
    debug_assert!(origin < len && len <= BOARD);
    let seeds = pits[origin];
    pits[origin] = 0;
    let s = seeds as usize;
    let per_pit = (s / len) as u8;
    let rest = s % len;
    let start = if origin + 1 == len { 0 } else { origin + 1 };
    let end = start + rest;
    // The remainder covers [start, first_end) and, if it wraps, [0, wrapped_end).
    let (first_end, wrapped_end) = if end <= len {
        (end, 0)
    } else {
        (len, end - len)
    };
    for (i, pit) in pits.iter_mut().enumerate() {
        let bulk = if i < len { per_pit } else { 0 };
        let extra = ((i >= start && i < first_end) || i < wrapped_end) as u8;
        *pit = pit.wrapping_add(bulk).wrapping_add(extra);
    }
    let landing = (origin + s) % len;
    (seeds, landing)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sows seed by seed, the way the rule book describes it.
    fn sow_one_by_one(pits: &mut [u8; BOARD], len: usize, origin: usize) -> (u8, usize) {
        let seeds = pits[origin];
        pits[origin] = 0;
        let mut at = origin;
        for _ in 0..seeds {
            at = (at + 1) % len;
            pits[at] += 1;
        }
        (seeds, at)
    }

    #[test]
    fn bulk_lap_equals_seed_by_seed_sowing() {
        for len in [12, 16, 20, 24, 48] {
            for origin in 0..len {
                for seeds in 0..=120u8 {
                    let mut a = [0u8; BOARD];
                    for (i, p) in a.iter_mut().enumerate().take(len) {
                        *p = (i * 7 % 5) as u8;
                    }
                    a[origin] = seeds;
                    let mut b = a;
                    assert_eq!(
                        sow_lap(&mut a, len, origin),
                        sow_one_by_one(&mut b, len, origin)
                    );
                    assert_eq!(a, b);
                }
            }
        }
    }

    #[test]
    fn a_lap_of_2n_seeds_ends_in_its_origin_pit() {
        let mut pits = [0u8; BOARD];
        pits[3] = 12;
        let (_, landing) = sow_lap(&mut pits, 12, 3);
        assert_eq!(landing, 3);
        assert_eq!(&pits[..12], &[1; 12]);
    }
}
