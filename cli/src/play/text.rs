//! Lines that fit the terminal: wrapped words, and notation strings
//! broken where they can be pasted back.

use sowing::{Game, Ruleset};

/// The terminal's width: every line printed fits it.
pub const WIDTH: usize = 80;

/// Prints `text` wrapped at word boundaries to [`WIDTH`] columns, each line
/// starting with `indent` (continuation lines with two spaces more).
pub fn say(indent: &str, text: &str) {
    for line in wrap(indent, text) {
        println!("{line}");
    }
}

/// The lines of [`say`]. Columns are counted in characters, not bytes. A
/// last line of a few characters ("1.") takes the word before it along
/// ("pit 1."), where that fits.
pub fn wrap(indent: &str, text: &str) -> Vec<String> {
    let cols = |s: &str| s.chars().count();
    let mut lines: Vec<Vec<&str>> = vec![Vec::new()];
    let mut width = cols(indent);
    for word in text.split_whitespace() {
        let last = lines.last_mut().expect("a line");
        if !last.is_empty() && width + 1 + cols(word) > WIDTH {
            lines.push(vec![word]);
            width = cols(indent) + 2 + cols(word);
        } else {
            width += usize::from(!last.is_empty()) + cols(word);
            last.push(word);
        }
    }
    let n = lines.len();
    let short = |words: &[&str]| words.iter().map(|w| cols(w) + 1).sum::<usize>() <= 10;
    if n > 1 && short(&lines[n - 1]) && lines[n - 2].len() > 2 {
        let moved = lines[n - 2].pop().expect("a word");
        let lone = lines[n - 1][0];
        if cols(indent) + 2 + cols(moved) + 1 + cols(lone) <= WIDTH {
            lines[n - 1].insert(0, moved);
        } else {
            lines[n - 2].push(moved);
        }
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, words)| {
            let lead = if i == 0 { "" } else { "  " };
            format!("{indent}{lead}{}", words.join(" "))
        })
        .collect()
}

/// Prints a notation string that may pass [`WIDTH`]: a record is broken
/// after a `/` (the record parser ignores the spaces); a position string is
/// broken after a `,` with a `\` at the end of the line, which a shell
/// removes inside double quotes, so that it pastes back as one string.
pub fn print_notation(label: &str, text: &str, record: bool) {
    let first = format!("{label}{text}");
    if first.len() <= WIDTH {
        println!("{first}");
        return;
    }
    let sep = if record { '/' } else { ',' };
    let room = if record { WIDTH } else { WIDTH - 1 };
    let mut line = label.to_string();
    let mut lines = Vec::new();
    for (i, piece) in text.split_inclusive(sep).enumerate() {
        if i > 0 && line.len() + piece.len() > room {
            lines.push(std::mem::take(&mut line));
            // A record may be indented (its parser ignores spaces); a
            // position string may not: the shell keeps the spaces after a
            // `\` and newline, and they would split the pits field.
            if record {
                line = "    ".to_string();
            }
        }
        line.push_str(piece);
    }
    lines.push(line);
    let last = lines.len() - 1;
    for (i, l) in lines.iter().enumerate() {
        if record || i == last {
            println!("{l}");
        } else {
            println!("{l}\\");
        }
    }
}

/// Prints the game's record, `Record: 2/8/3`; a game of no plies has none
/// to print: `Record: (no moves)`.
pub fn print_record<R: Ruleset>(game: &Game<R>) {
    let record = game.record().to_string();
    if record.is_empty() {
        println!("Record: (no moves)");
    } else {
        print_notation("Record: ", &record, true);
    }
}
