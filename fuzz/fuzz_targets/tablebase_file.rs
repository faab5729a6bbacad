//! Endgame database files (`sowing::tablebase`, the layer file of module
//! `file`: a 4,096-byte text header, then a byte a position, read
//! memory-mapped): real databases of game 91 (margins) and Sadeqa II
//! (last mover), layers 0 to 3, built once, then damaged by fuzzed edits
//! (a whole file replaced, the header replaced, one header line replaced,
//! bytes changed, a file cut short, lengthened or removed, a layer file
//! added above the others), written to a scratch directory and opened.
//! The input is text: its first line the game (`game-91` or `sadeqa-ii`),
//! then an edit a line ([`Edit`]).
//!
//! Checks: opening never panics (a typed error, or the databases); opened,
//! every header is the one the builder writes (no other text is taken for
//! it), and every probe of every position of every layer opened gives the
//! value the real databases give.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::rulesets::{SadeqaII, SadeqaIII};
use sowing::tablebase::file::{HEADER_BYTES, layer_path};
use sowing::tablebase::{Builder, Tablebase, Tabulate, Value};
use sowing::{Position, Ruleset};
use std::path::PathBuf;
use std::sync::OnceLock;

/// Layers built: 0 to `LAYERS - 1` seeds on the board.
const LAYERS: u32 = 4;
/// Layer files the fuzzer may write: the real ones and two above.
const FILES: u32 = LAYERS + 2;

/// A game's real databases: each layer file's bytes, and positions of
/// every layer with their values.
struct Reference<R: Ruleset> {
    rules: R,
    files: Vec<Vec<u8>>,
    probes: Vec<(Position<R>, Value)>,
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sowing-fuzz-tb-{}-{name}", std::process::id()))
}

impl<R: Tabulate> Reference<R> {
    fn build(rules: R) -> Reference<R> {
        let dir = scratch(&format!("{}-built", rules.name()));
        Builder::new(rules, &dir)
            .max_seeds(LAYERS - 1)
            .build(|_| {})
            .expect("the databases build");
        let files = (0..LAYERS)
            .map(|s| std::fs::read(layer_path(&dir, &rules.name(), s)).expect("a layer file"))
            .collect();
        let tb = Tablebase::open(rules, &dir).expect("the databases open");
        let probes = positions(rules)
            .into_iter()
            .filter_map(|p| tb.probe(&p).map(|v| (p, v)))
            .collect::<Vec<_>>();
        assert!(probes.len() > 100, "{}: positions to probe", rules.name());
        std::fs::remove_dir_all(&dir).ok();
        Reference {
            rules,
            files,
            probes,
        }
    }
}

/// Positions of up to `LAYERS - 1` seeds on the board, either side to
/// move, the rest of the seeds captured, as position strings read them.
fn positions<R: Ruleset>(rules: R) -> Vec<Position<R>> {
    let pits = 2 * rules.pits_per_row();
    let total = rules.total_seeds() as usize;
    let mut boards: Vec<Vec<u8>> = vec![vec![0; pits]];
    let mut found = Vec::new();
    for _seeds in 0..LAYERS {
        let mut next = Vec::new();
        for board in &boards {
            let on: usize = board.iter().map(|&s| s as usize).sum();
            for side in ["S", "N"] {
                let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
                let (south, north) = board.split_at(pits / 2);
                let rest = total - on;
                let text = format!(
                    "{} {}/{} {side} {}-{}",
                    rules.name(),
                    row(south),
                    row(north),
                    rest / 2,
                    rest - rest / 2
                );
                if let Ok(p) = Position::<R>::from_str_with(rules, &text) {
                    found.push(p);
                }
            }
            // One more seed in any pit at or after the last filled one
            // (each board once).
            let last = board.iter().rposition(|&s| s > 0).unwrap_or(0);
            for pit in last..pits {
                let mut b = board.clone();
                b[pit] += 1;
                next.push(b);
            }
        }
        boards = next;
    }
    found
}

fn game_91() -> &'static Reference<SadeqaIII> {
    static R: OnceLock<Reference<SadeqaIII>> = OnceLock::new();
    R.get_or_init(|| Reference::build(SadeqaIII::game_91()))
}

fn sadeqa_ii() -> &'static Reference<SadeqaII> {
    static R: OnceLock<Reference<SadeqaII>> = OnceLock::new();
    R.get_or_init(|| Reference::build(SadeqaII::new()))
}

/// A change to the layer files, one line of the input each:
///
/// - `replace L TEXT`: layer L's file is TEXT;
/// - `header L TEXT`: its header is TEXT (`\n` for a line end), cut to or
///   padded with zeros to 4,096 bytes;
/// - `line L N TEXT`: its header's line N (from 0; past the last, a line
///   added) is TEXT;
/// - `poke L OFFSET BYTE`: one byte (the offset wraps around the length);
/// - `truncate L LEN`: cut to LEN bytes (wrapping around the length);
/// - `append L TEXT`: TEXT added at the end;
/// - `remove L`: no file.
///
/// Layers are 0 to 5 (4 and 5 are not built: a file there is one added
/// above the others). Lines that read as none of these are skipped.
enum Edit {
    Replace(usize, Vec<u8>),
    Header(usize, String),
    Line(usize, usize, String),
    Poke(usize, usize, u8),
    Truncate(usize, usize),
    Append(usize, Vec<u8>),
    Remove(usize),
}

impl Edit {
    fn read(line: &str) -> Option<Edit> {
        let mut words = line.splitn(3, ' ');
        let op = words.next()?;
        let layer = words.next()?.parse::<usize>().ok()? % FILES as usize;
        let rest = words.next().unwrap_or("");
        let two = || {
            let (a, b) = rest.split_once(' ').unwrap_or((rest, ""));
            Some((a.parse::<usize>().ok()?, b))
        };
        Some(match op {
            "replace" => Edit::Replace(layer, rest.as_bytes().to_vec()),
            "header" => Edit::Header(layer, rest.replace("\\n", "\n")),
            "line" => {
                let (n, text) = two()?;
                Edit::Line(layer, n, text.to_string())
            }
            "poke" => {
                let (at, byte) = two()?;
                Edit::Poke(layer, at, byte.trim().parse().ok()?)
            }
            "truncate" => Edit::Truncate(layer, rest.trim().parse().ok()?),
            "append" => Edit::Append(layer, rest.as_bytes().to_vec()),
            "remove" => Edit::Remove(layer),
            _ => return None,
        })
    }
}

fn apply(files: &mut [Option<Vec<u8>>], edit: Edit) {
    match edit {
        Edit::Replace(layer, bytes) => files[layer] = Some(bytes),
        Edit::Header(layer, text) => {
            if let Some(f) = &mut files[layer] {
                let mut head = text.into_bytes();
                head.resize(HEADER_BYTES, 0);
                let cut = HEADER_BYTES.min(f.len());
                f[..cut].copy_from_slice(&head[..cut]);
            }
        }
        Edit::Line(layer, line, text) => {
            if let Some(f) = &mut files[layer] {
                let cut = HEADER_BYTES.min(f.len());
                let end = f[..cut].iter().position(|&b| b == 0).unwrap_or(cut);
                let old = String::from_utf8_lossy(&f[..end]).into_owned();
                let mut lines: Vec<String> = old.lines().map(str::to_owned).collect();
                match lines.get_mut(line) {
                    Some(l) => *l = text,
                    None => lines.push(text),
                }
                let mut head = (lines.join("\n") + "\n").into_bytes();
                head.resize(cut, 0);
                f[..cut].copy_from_slice(&head[..cut]);
            }
        }
        Edit::Poke(layer, at, byte) => {
            if let Some(f) = &mut files[layer]
                && !f.is_empty()
            {
                let at = at % f.len();
                f[at] = byte;
            }
        }
        Edit::Truncate(layer, len) => {
            if let Some(f) = &mut files[layer] {
                f.truncate(len % (f.len() + 1));
            }
        }
        Edit::Append(layer, bytes) => {
            if let Some(f) = &mut files[layer] {
                f.extend_from_slice(&bytes);
            }
        }
        Edit::Remove(layer) => files[layer] = None,
    }
}

fn check<R: Tabulate>(reference: &Reference<R>, edits: Vec<Edit>) {
    let rules = reference.rules;
    let mut files: Vec<Option<Vec<u8>>> = (0..FILES)
        .map(|s| reference.files.get(s as usize).cloned())
        .collect();
    for edit in edits {
        apply(&mut files, edit);
    }
    let dir = scratch("open");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    for (seeds, file) in files.iter().enumerate() {
        let path = layer_path(&dir, &rules.name(), seeds as u32);
        match file {
            Some(bytes) => std::fs::write(&path, bytes).expect("the file is written"),
            None => match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => panic!("{}: {e}", path.display()),
            },
        }
    }
    let Ok(tb) = Tablebase::open(rules, &dir) else {
        return;
    };
    let held = tb.max_seeds();
    for seeds in 0..=held {
        let file = files[seeds as usize]
            .as_ref()
            .expect("an opened layer has a file");
        let real = reference
            .files
            .get(seeds as usize)
            .unwrap_or_else(|| panic!("layer {seeds} opened, but no such layer was built"));
        assert!(
            file[..HEADER_BYTES] == real[..HEADER_BYTES],
            "layer {seeds}: a header other than the builder's was taken: {:?}",
            String::from_utf8_lossy(&file[..HEADER_BYTES]).trim_end_matches('\0')
        );
    }
    for (pos, value) in &reference.probes {
        let got = tb.probe(pos);
        if pos.seeds_on_board() <= held {
            assert_eq!(got, Some(*value), "{pos}");
        } else {
            assert_eq!(got, None, "{pos}: beyond layer {held}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() > 16384 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let mut lines = text.lines();
    let last_mover = lines.next() == Some("sadeqa-ii");
    let edits: Vec<Edit> = lines.take(32).filter_map(Edit::read).collect();
    if last_mover {
        check(sadeqa_ii(), edits);
    } else {
        check(game_91(), edits);
    }
});
