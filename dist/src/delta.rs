//! What a worker sends of its slice after a sweep: only the values that
//! changed since it last sent them, as runs of changed indices with their
//! new bytes (docs/SCALING.md). Every worker starts a layer with every value
//! unknown (0, `Layer::new_values`), so the first sweep's changes too are a
//! difference from what every worker already holds: no sweep needs the
//! whole slice.
//!
//! The encoding of a piece of `len` indices is a sequence of runs, each
//! `gap` (unchanged indices skipped since the end of the previous run),
//! `count`, then `count` bytes: the new values of the next `count` indices.
//! `gap` and `count` are LEB128 varints (7 bits a byte, low first). Two
//! runs closer than [`MERGE_GAP`] indices are one run (the unchanged bytes
//! between cost no more than a run's header).

use std::fmt;

/// Runs separated by at most this many unchanged indices are sent as one.
const MERGE_GAP: usize = 2;

/// A piece of changes that does not decode: what a worker received is not
/// what [`encode`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeltaError {
    /// The bytes end inside a varint or a run's values.
    Truncated,
    /// A varint longer than 64 bits.
    Overflow,
    /// A run that reaches past the piece's `len` indices.
    OutOfPiece { end: u64, len: u64 },
}

impl fmt::Display for DeltaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeltaError::Truncated => write!(f, "a piece of changed values ends early"),
            DeltaError::Overflow => {
                write!(f, "a piece of changed values has a varint over 64 bits")
            }
            DeltaError::OutOfPiece { end, len } => write!(
                f,
                "a run of changed values ends at index {end}, past its piece of {len}"
            ),
        }
    }
}

impl std::error::Error for DeltaError {}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get_varint(bytes: &[u8], at: &mut usize) -> Result<u64, DeltaError> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*at).ok_or(DeltaError::Truncated)?;
        *at += 1;
        if shift == 63 && b > 1 {
            return Err(DeltaError::Overflow);
        }
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(DeltaError::Overflow)
}

/// Appends to `out` the runs that turn `old` into `new` (same length);
/// returns how many indices differ. Nothing is appended if none does.
pub fn encode(old: &[u8], new: &[u8], out: &mut Vec<u8>) -> u64 {
    debug_assert_eq!(old.len(), new.len());
    let differs = |i: usize| old[i] != new[i];
    let (n, mut changed, mut i, mut end_of_last) = (new.len(), 0u64, 0usize, 0usize);
    while i < n {
        if !differs(i) {
            i += 1;
            continue;
        }
        // A run from i: extend it while the next change is within MERGE_GAP.
        let start = i;
        let mut end = i + 1; // one past the last changed index of the run
        changed += 1;
        let mut j = end;
        while j < n && j - end <= MERGE_GAP {
            if differs(j) {
                changed += 1;
                end = j + 1;
            }
            j += 1;
        }
        put_varint(out, (start - end_of_last) as u64);
        put_varint(out, (end - start) as u64);
        out.extend_from_slice(&new[start..end]);
        end_of_last = end;
        i = end;
    }
    changed
}

/// Decodes `runs` of a piece of `len` indices, giving each run's first
/// index within the piece and its bytes to `write`.
///
/// # Errors
/// [`DeltaError`] if `runs` is not what [`encode`] writes for `len` indices.
pub fn apply(runs: &[u8], len: u64, mut write: impl FnMut(u64, &[u8])) -> Result<(), DeltaError> {
    let (mut at, mut index) = (0usize, 0u64);
    while at < runs.len() {
        let gap = get_varint(runs, &mut at)?;
        let count = get_varint(runs, &mut at)?;
        let start = index.checked_add(gap).ok_or(DeltaError::Overflow)?;
        let end = start.checked_add(count).ok_or(DeltaError::Overflow)?;
        if end > len {
            return Err(DeltaError::OutOfPiece { end, len });
        }
        let bytes = runs
            .get(at..)
            .and_then(|rest| rest.get(..count as usize))
            .ok_or(DeltaError::Truncated)?;
        write(start, bytes);
        at += count as usize;
        index = end;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(old: &[u8], new: &[u8]) -> (u64, usize) {
        let mut runs = Vec::new();
        let changed = encode(old, new, &mut runs);
        let mut got = old.to_vec();
        apply(&runs, old.len() as u64, |at, bytes| {
            got[at as usize..at as usize + bytes.len()].copy_from_slice(bytes)
        })
        .unwrap();
        assert_eq!(got, new);
        let expected = old.iter().zip(new).filter(|(a, b)| a != b).count() as u64;
        assert_eq!(changed, expected);
        (changed, runs.len())
    }

    #[test]
    fn runs_turn_the_old_values_into_the_new() {
        assert_eq!(round_trip(&[], &[]), (0, 0));
        assert_eq!(round_trip(&[0; 1000], &[0; 1000]), (0, 0));
        // Every value changed: one run, a header of 1 + 2 bytes.
        assert_eq!(round_trip(&[0; 1000], &[7; 1000]), (1000, 1003));
        let old: Vec<u8> = (0..5000u32).map(|i| (i * 7 % 251) as u8).collect();
        for step in [1usize, 2, 3, 4, 17, 300, 4999] {
            let mut new = old.clone();
            for i in (0..new.len()).step_by(step) {
                new[i] = new[i].wrapping_add(1 + (i % 3) as u8);
            }
            round_trip(&old, &new);
        }
        // Isolated changes cost 3 bytes each while the gaps fit a varint byte.
        let mut new = old.clone();
        for i in (0..5000).step_by(100) {
            new[i] ^= 1;
        }
        assert_eq!(round_trip(&old, &new), (50, 150));
    }

    #[test]
    fn bad_runs_are_typed_errors() {
        let ignore = |_: u64, _: &[u8]| {};
        assert_eq!(apply(&[0x80], 10, ignore), Err(DeltaError::Truncated));
        assert_eq!(apply(&[0, 3, 1, 2], 10, ignore), Err(DeltaError::Truncated));
        assert_eq!(
            apply(&[8, 3, 1, 2, 3], 10, ignore),
            Err(DeltaError::OutOfPiece { end: 11, len: 10 })
        );
        assert_eq!(apply(&[0xff; 11], 10, ignore), Err(DeltaError::Overflow));
    }
}
