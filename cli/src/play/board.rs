//! The board as RULES.md section 1 draws it, what is due next, and what a
//! move did.

use crate::narrate::Narration;
use crate::play::text::{WIDTH, print_notation, say};
use crate::tally::Tally;
use sowing::{Event, Pit, Player, Position, Ruleset};

/// Draws the board as RULES.md section 1 draws it: North's row on top,
/// right to left; South's row below, left to right; pit numbers outside
/// the rows. A board too wide for the terminal is drawn in parts, left
/// part first, each part a full slice of both rows.
pub fn draw<R: Ruleset>(pos: &Position<R>, names: &[String; 2]) {
    let n = pos.pits_per_row();
    let cell = |owner: Player, number: usize| {
        let pit = Pit::new(owner, number as u8);
        let seeds = pos.seeds(pit);
        match pos.warana_owner(pit) {
            Some(o) => format!("{seeds}w{}", o.letter()),
            None => seeds.to_string(),
        }
    };
    // Column j holds North's pit n - j above South's pit j + 1.
    let columns: Vec<[String; 4]> = (0..n)
        .map(|j| {
            [
                Pit::new(Player::North, (n - j) as u8).to_string(),
                cell(Player::North, n - j),
                cell(Player::South, j + 1),
                Pit::new(Player::South, (j + 1) as u8).to_string(),
            ]
        })
        .collect();
    let width = 1 + columns
        .iter()
        .flat_map(|c| c.iter().map(String::len))
        .max()
        .unwrap_or(1);
    const PREFIX: usize = 9; // "-> North "
    let parts = (n * width).div_ceil(WIDTH - PREFIX);
    let per_part = n.div_ceil(parts);
    let mover = pos.side_to_move();
    let arrow = |p: Player| {
        if p == mover && !pos.is_over() {
            "->"
        } else {
            "  "
        }
    };
    println!();
    for (k, part) in columns.chunks(per_part).enumerate() {
        if parts > 1 {
            println!(
                "  (part {} of {} of the board, left to right)",
                k + 1,
                parts
            );
        }
        let line =
            |row: usize| -> String { part.iter().map(|c| format!("{:>width$}", c[row])).collect() };
        println!("{:PREFIX$}{}", "", line(0));
        println!("{} North {}", arrow(Player::North), line(1));
        println!("{} South {}", arrow(Player::South), line(2));
        println!("{:PREFIX$}{}", "", line(3));
    }
    let tally = Tally::of(pos);
    for owner in [Player::North, Player::South] {
        say(
            "  ",
            &format!("{}: {}", names[owner.index()], tally.words(owner)),
        );
    }
    // A game that marks pits (Sadeqa V's waranas) explains the mark.
    if R::MARKS_PITS
        && (1..=n as u8).any(|i| {
            Player::BOTH
                .iter()
                .any(|&p| pos.warana_owner(Pit::new(p, i)).is_some())
        })
    {
        say(
            "  ",
            "Legend: 3wS = a warana holding 3 seeds, owned by South (wN: by North).",
        );
    }
    if let Some(removed) = tally.removed.filter(|&r| r > 0) {
        say(
            "  ",
            &format!("Seeds removed by the singleton ending: {removed}"),
        );
    }
    print_notation("  Position: ", &pos.to_string(), false);
    if !pos.is_over() {
        say("  ", &format!("{} to move.", names[mover.index()]));
    }
}

/// Announces a move that is due before it is asked for or played: Andada's
/// opening and its choice move.
pub fn announce<R: Ruleset>(pos: &Position<R>, names: &[String; 2]) {
    if pos.is_over() {
        return;
    }
    let who = &names[pos.side_to_move().index()];
    let state = pos.to_string();
    if state.ends_with(" opening") {
        say(
            "  ",
            &format!(
                "{who} makes the opening move: he chooses one of his pits; its 2 seeds are \
                 sown, then the 2 seeds of the pit after the one where that sowing ended, and \
                 so on round the whole board, until every pit holds 3 or 0."
            ),
        );
    } else if state.ends_with(" choice") {
        say(
            "  ",
            &format!("{who} now names who makes the first regular move: S or N."),
        );
    }
}

/// Tells what a move did, from its traced events, in the words the web
/// board uses ([`Narration`]): each run of laps summarised as one sowing
/// (every lap too with `all_laps`), then the other events.
pub fn narrate<R: Ruleset>(pos_before: &Position<R>, events: &[Event], all_laps: bool) {
    let words = Narration::of(pos_before, events);
    let mut i = 0;
    while i < events.len() {
        if let Event::Lap { origin, .. } = events[i] {
            // A run of laps: one sowing, summarised.
            let start = i;
            let mut last = origin;
            while let Some(&Event::Lap {
                origin,
                seeds,
                landing,
            }) = events.get(i)
            {
                if all_laps {
                    say(
                        "    ",
                        &format!(
                            "lap {}: {}",
                            i - start + 1,
                            words.lap(origin, seeds, landing)
                        ),
                    );
                }
                last = landing;
                i += 1;
            }
            say("  ", &words.sowing(origin, i - start, last));
            continue;
        }
        if let Some(text) = words.event(events[i]) {
            say("  ", &text);
        }
        i += 1;
    }
}
