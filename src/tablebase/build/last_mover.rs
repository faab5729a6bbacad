//! Last mover wins (Sadeqa II, Andada): rounds of retrograde analysis.
//! Round 0 finds the positions whose mover cannot move (lost); round `r`
//! those won in `r` plies (a move to a position lost in `r - 1`) and lost
//! in `r` (every move to a position won in fewer). A value found in round
//! `r` is not read again in round `r`, so the distances are exact.
//! Positions never found are draws: neither player can force the end, and
//! play repeats for ever.

use super::layer::{Layer, LayerValues};
use crate::player::Player;
use crate::position::Position;
use crate::tablebase::codec::{Key, Tabulate, encode};
use crate::tablebase::{Value, ValueKind};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

impl<R: Tabulate> Layer<'_, R> {
    /// One round (`round`, from 0) over the positions `range`; how many
    /// values were found. A value, once found, is final: a position is
    /// looked at until it has one.
    pub(super) fn last_mover_chunk(
        &self,
        values: &LayerValues,
        range: Range<u64>,
        round: u32,
        failed: &AtomicBool,
    ) -> u64 {
        let mut changed = 0;
        self.walk(range, |index, placed| {
            if values.is_settled(index) || values.value(index) != 0 {
                return;
            }
            match self.last_mover(&placed.position(), round, values) {
                Some(v) => {
                    if v != 0 {
                        values.set(index, v, false);
                    }
                    changed += (v != 0) as u64;
                }
                None => failed.store(true, Relaxed),
            }
        });
        changed
    }

    /// The value stored for `key`: this layer's as it stands, or a smaller
    /// layer's.
    #[inline]
    fn stored(&self, key: Key, values: &LayerValues) -> u8 {
        if key.seeds == self.seeds {
            values.value(key.index)
        } else {
            self.lower[key.seeds as usize].values()[key.index as usize]
        }
    }

    /// The last-mover round's value of `raw` (South to move, its turn not
    /// started), as a stored byte: 0 while unknown. Round `round` uses only
    /// values found in earlier rounds.
    fn last_mover(&self, raw: &Position<R>, round: u32, values: &LayerValues) -> Option<u8> {
        let known = |key: Key| -> Value {
            match Value::from_byte(ValueKind::LastMover, self.stored(key, values)) {
                v @ (Value::Win { plies } | Value::Loss { plies }) if plies < round => v,
                _ => Value::Draw,
            }
        };
        let mut tally = Tally::default();
        let mut closed = true;
        let quick = raw.quick_children(|child| match encode(&self.layout, child) {
            Some(key) => tally.add(known(key), child.side_to_move() == Player::South),
            None => closed = false,
        });
        if !closed {
            return None;
        }
        if !quick {
            tally = Tally::default();
            let mut pos = *raw;
            pos.start_turn(&mut (), &mut ())
                .expect("the uncancellable control does not cancel");
            if pos.is_over() {
                return Value::Loss { plies: 0 }.to_byte_last_mover();
            }
            if pos.side_to_move() == Player::North {
                tally.add(known(encode(&self.layout, &pos)?), false);
            } else {
                for (_, child) in pos.children() {
                    // A game over after the move: lost in 0 plies for the
                    // next mover, read (as `known` reads a stored loss in
                    // 0) from round 1 on, so that round 0 finds only the
                    // positions lost at once.
                    let v = if child.is_over() {
                        if round > 0 {
                            Value::Loss { plies: 0 }
                        } else {
                            Value::Draw
                        }
                    } else {
                        known(encode(&self.layout, &child)?)
                    };
                    tally.add(v, child.side_to_move() == Player::South);
                }
            }
        }
        tally.value().to_byte_last_mover()
    }
}

/// A last-mover position's moves, for South: the shortest win found, the
/// longest loss, and whether every move is known to lose.
struct Tally {
    win: Option<u32>,
    loss: u32,
    all_lose: bool,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            win: None,
            loss: 0,
            all_lose: true,
        }
    }
}

impl Tally {
    /// A move to a position worth `v` to its mover, who is South again
    /// when `same_mover`.
    fn add(&mut self, v: Value, same_mover: bool) {
        match if same_mover { v } else { v.flip() } {
            Value::Win { plies } => {
                self.win = Some(self.win.map_or(plies + 1, |w| w.min(plies + 1)))
            }
            Value::Loss { plies } => self.loss = self.loss.max(plies + 1),
            _ => self.all_lose = false,
        }
    }

    /// The position's value as far as known.
    fn value(&self) -> Value {
        match (self.win, self.all_lose) {
            (Some(plies), _) => Value::Win { plies },
            (None, true) => Value::Loss { plies: self.loss },
            (None, false) => Value::Draw,
        }
    }
}
