//! How long the engines think ([`Times`]): summed over a game's moves by
//! the referee, over the match by the front, and described in the report.
//! A field of a game played (`Played`), so below the registry with the
//! referee.

use std::time::Duration;

/// How long an engine took over its moves, from `go` sent to `bestmove`
/// read (so the pipes' latency counts against it, as in cutechess-cli).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Times {
    moves: u32,
    total: Duration,
    longest: Duration,
    /// Moves that took more than 5% over a fixed time asked (`--movetime`).
    over: u32,
}

impl Times {
    /// One move more, that took `took` (`asked`: the fixed time asked).
    pub(super) fn add(&mut self, took: Duration, asked: Option<Duration>) {
        self.moves += 1;
        self.total += took;
        self.longest = self.longest.max(took);
        if asked.is_some_and(|a| took.as_secs_f64() > a.as_secs_f64() * 1.05) {
            self.over += 1;
        }
    }

    /// `other`'s moves added to these.
    pub(super) fn merge(&mut self, other: &Times) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
        self.over += other.over;
    }

    /// "mean 100.4 ms, longest 104.9 ms over 812 moves, 3 more than 5% over the time asked".
    pub(super) fn describe(&self, fixed: bool) -> String {
        if self.moves == 0 {
            return "no move".to_string();
        }
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let mut text = format!(
            "mean {:.1} ms, longest {:.1} ms over {} move{}",
            ms(self.total) / f64::from(self.moves),
            ms(self.longest),
            self.moves,
            if self.moves == 1 { "" } else { "s" }
        );
        if fixed {
            text.push_str(&format!(", {} more than 5% over the time asked", self.over));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_times_are_summed_with_the_moves_over_the_time_asked() {
        let asked = Some(Duration::from_millis(100));
        let mut first = Times::default();
        first.add(Duration::from_millis(100), asked);
        first.add(Duration::from_millis(106), asked);
        let mut second = Times::default();
        second.add(Duration::from_millis(91), asked);
        first.merge(&second);
        assert_eq!(
            first.describe(true),
            "mean 99.0 ms, longest 106.0 ms over 3 moves, 1 more than 5% over the time asked"
        );
        assert_eq!(Times::default().describe(false), "no move");
    }
}
