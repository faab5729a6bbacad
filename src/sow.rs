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
    if len <= 16 {
        sow_lap_within::<16>(pits, len, origin)
    } else if len <= 32 {
        sow_lap_within::<32>(pits, len, origin)
    } else {
        sow_lap_within::<BOARD>(pits, len, origin)
    }
}

/// Where a lap of `seeds` seeds from `origin` puts them, on a board of
/// `len` pits: every pit gets `per_pit`, the pits in `[start, first_end)`
/// and `[0, wrapped_end)` one more, and the last seed falls at `landing`.
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
        let landing = if seeds < len {
            let l = origin + seeds;
            if l >= len { l - len } else { l }
        } else {
            (origin + seeds) % len
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

/// `PREFIX[m]` holds 1 in its first `m` bytes and 0 after: the one-seed
/// increment of a run of pits `[a, b)` is `PREFIX[b] - PREFIX[a]`, byte by
/// byte, with no comparison per pit.
static PREFIX: [[u8; BOARD]; BOARD + 1] = {
    let mut table = [[0u8; BOARD]; BOARD + 1];
    let mut m = 0;
    while m <= BOARD {
        let mut i = 0;
        while i < m {
            table[m][i] = 1;
            i += 1;
        }
        m += 1;
    }
    table
};

/// `KEEP[i]` is 0 in byte `i` and 0xFF elsewhere: ANDed with the board, it
/// empties pit `i`.
static KEEP: [[u8; BOARD]; BOARD] = {
    let mut table = [[0xFFu8; BOARD]; BOARD];
    let mut i = 0;
    while i < BOARD {
        table[i][i] = 0;
        i += 1;
    }
    table
};

/// [`sow_lap`] for a board of at most `W` pits: the loop runs over exactly
/// `W` bytes with table loads and byte additions only, so it becomes a few
/// vector instructions.
#[inline(always)]
fn sow_lap_within<const W: usize>(
    pits: &mut [u8; BOARD],
    len: usize,
    origin: usize,
) -> (u8, usize) {
    debug_assert!(origin < len && len <= W && W <= BOARD);
    // The origin is emptied through the KEEP mask inside the vector loop, not
    // by a byte store: a byte store followed by the loop's wide load of the
    // same bytes would stall store forwarding on every lap.
    let seeds = pits[origin];
    let Span {
        per_pit,
        start,
        first_end,
        wrapped_end,
        landing,
        ..
    } = Span::of(len, origin, seeds as usize);
    let row: &mut [u8; W] = (&mut pits[..W]).try_into().expect("W <= BOARD");
    let upto = |m: usize| -> &[u8; W] { (&PREFIX[m][..W]).try_into().expect("W <= BOARD") };
    let (a, b, w) = (upto(start), upto(first_end), upto(wrapped_end));
    let keep: &[u8; W] = (&KEEP[origin][..W]).try_into().expect("W <= BOARD");
    for i in 0..W {
        row[i] = (row[i] & keep[i])
            .wrapping_add(b[i])
            .wrapping_sub(a[i])
            .wrapping_add(w[i]);
    }
    if per_pit > 0 {
        // A lap of 2n seeds or more: every pit of the board gets per_pit.
        let all = upto(len);
        for i in 0..W {
            row[i] = row[i].wrapping_add(all[i] * per_pit as u8);
        }
    }
    (seeds, landing)
}

/// `PREFIX_U128[m]`: 1 in each of the low `m` bytes.
static PREFIX_U128: [u128; 17] = {
    let mut table = [0u128; 17];
    let mut m = 1;
    while m <= 16 {
        table[m] = table[m - 1] | 1 << (8 * (m - 1));
        m += 1;
    }
    table
};

/// [`sow_lap`] on a board of at most 16 pits held in a `u128`, byte `i` =
/// pit `i`: kept in a register across laps, with no memory round trip.
/// `seeds` must be the origin's count. Returns the landing index and the
/// landing pit's count after the lap, read from the board *before* the lap
/// so that the next lap need not wait for this lap's additions.
/// Bytes never carry into each other: no pit holds more than 96 seeds.
#[inline(always)]
pub(crate) fn sow_lap_u128(board: &mut u128, len: usize, origin: usize, seeds: u8) -> (usize, u8) {
    debug_assert!(origin < len && len <= 16);
    let old = *board;
    let Span {
        per_pit,
        rest,
        start,
        first_end,
        wrapped_end,
        landing,
    } = Span::of(len, origin, seeds as usize);
    // A lap of a whole number of rounds ends in its emptied origin.
    let landing_count = if rest == 0 {
        per_pit as u8
    } else {
        (old >> (8 * landing)) as u8 + per_pit as u8 + 1
    };
    let mut new = (old & !(0xFFu128 << (8 * origin))) + PREFIX_U128[first_end] - PREFIX_U128[start]
        + PREFIX_U128[wrapped_end];
    if per_pit > 0 {
        new += PREFIX_U128[len] * per_pit as u128;
    }
    *board = new;
    (landing, landing_count)
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

    /// A board of `len` pits with a few seeds everywhere and `seeds` at
    /// `origin`.
    fn test_board(len: usize, origin: usize, seeds: u8) -> [u8; BOARD] {
        let mut a = [0u8; BOARD];
        for (i, p) in a.iter_mut().enumerate().take(len) {
            *p = (i * 7 % 5) as u8;
        }
        a[origin] = seeds;
        a
    }

    #[test]
    fn bulk_lap_equals_seed_by_seed_sowing() {
        for len in [12, 16, 20, 24, 48] {
            for origin in 0..len {
                for seeds in 0..=120u8 {
                    let mut a = test_board(len, origin, seeds);
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
    fn register_lap_equals_seed_by_seed_sowing() {
        for len in [12, 16] {
            for origin in 0..len {
                for seeds in 0..=96u8 {
                    let a = test_board(len, origin, seeds);
                    let mut b = a;
                    let mut reg = u128::from_le_bytes(a[..16].try_into().unwrap());
                    let (landing, count) = sow_lap_u128(&mut reg, len, origin, seeds);
                    assert_eq!((seeds, landing), sow_one_by_one(&mut b, len, origin));
                    assert_eq!(count, b[landing]);
                    assert_eq!(reg.to_le_bytes(), b[..16]);
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
