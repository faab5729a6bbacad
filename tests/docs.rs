//! The docs kept honest: the README stays short and states no speed figure
//! (docs/SPEED.md is their one place, so that they cannot drift apart); each
//! guide in docs/ is one a user reads in minutes (at most 300 lines: the
//! measurement records go to docs/records/); the links of the README, the
//! guides and the records lead to files that exist, and those to a heading
//! of a page to a heading it has; and the mutation-testing configuration
//! names files and tests that exist.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn readme_is_at_most_200_lines() {
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines; at most 200 (the rest goes to docs/)"
    );
}

/// A rate in the README would be a second copy of one in docs/SPEED.md.
#[test]
fn readme_states_no_speed_figure() {
    let readme = read(&root().join("README.md")).to_lowercase();
    let units = [
        "plies/s",
        "plies a second",
        "plies per second",
        "nodes/s",
        "nodes a second",
        "nodes per second",
        "playouts/s",
        "playouts a second",
        "positions/s",
        "positions a second",
        "laps/s",
        "laps a second",
        "steps/s",
        "steps a second",
        "steps per second",
        "games a second",
        "games per second",
        "µs a ply",
        "ns a lap",
        "m plies",
    ];
    for (n, line) in readme.lines().enumerate() {
        for unit in units {
            assert!(
                !line.contains(unit),
                "README.md line {} states a speed figure ({unit:?}): link docs/SPEED.md instead\n{line}",
                n + 1
            );
        }
    }
}

/// The targets of `[text](target)` links in `text` that are files of the
/// repository (not web addresses, not anchors of the same page, not images).
fn file_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let image = rest[..at]
            .rfind('[')
            .is_some_and(|open| open > 0 && rest.as_bytes()[open - 1] == b'!');
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = &after[..end];
        let file = target.split('#').next().unwrap_or("");
        if !image && !file.is_empty() && !target.contains("://") && !target.contains(' ') {
            links.push(file.to_string());
        }
        rest = &after[end..];
    }
    links
}

/// The markdown files directly in `dir`.
fn pages_in(dir: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("an entry of a folder").path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages
}

/// The READMEs (the repository's and each crate's), the CHANGELOG, the
/// guides (docs/) and the records (docs/records/).
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("CHANGELOG.md")];
    for krate in ["cli", "oware", "python", "dist", "fuzz"] {
        let readme = root().join(krate).join("README.md");
        if readme.exists() {
            pages.push(readme);
        }
    }
    pages.extend(pages_in(&root().join("docs")));
    pages.extend(pages_in(&root().join("docs/records")));
    pages
}

/// A guide states what is true now, with its commands, in at most 300
/// lines; each measurement's record (dates, loads, before/after pairs,
/// what was tried) goes to docs/records/, linked from the guide. The rule
/// book (RULES.md) is a guide too while it fits.
#[test]
fn every_guide_is_at_most_300_lines() {
    let mut long = Vec::new();
    for page in pages_in(&root().join("docs")) {
        let lines = read(&page).lines().count();
        if lines > 300 {
            long.push(format!("{}: {lines} lines", page.display()));
        }
    }
    assert!(
        long.is_empty(),
        "guides over 300 lines (move the records to docs/records/):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_readmes_the_guides_and_the_records_links_lead_to_files() {
    let mut broken = Vec::new();
    for page in &pages() {
        let dir = page.parent().expect("a page's folder");
        for link in file_links(&read(page)) {
            if !dir.join(&link).exists() {
                broken.push(format!("{}: {link}", page.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to no file:\n{}",
        broken.join("\n")
    );
}

/// The anchor GitHub gives a heading: lower case, letters, digits, `-` and
/// `_` kept, spaces made `-`, the rest dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings (outside code blocks), a repeated one
/// numbered as GitHub numbers it (`name`, `name-1`, ...).
fn anchors(text: &str) -> Vec<String> {
    let mut anchors = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let hashes = line.len() - line.trim_start_matches('#').len();
        if fenced || !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(line[hashes..].trim_end_matches(['#', ' ']));
        let count = seen.entry(base.clone()).or_default();
        anchors.push(if *count == 0 {
            base
        } else {
            format!("{base}-{count}")
        });
        *count += 1;
    }
    anchors
}

/// The `[text](target#anchor)` links of `text` outside code blocks, as
/// (file, anchor); the file is empty for an anchor of the same page.
fn anchor_links(text: &str) -> Vec<(String, String)> {
    let mut links = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = &after[..end];
            if let Some((file, anchor)) = target.split_once('#')
                && !target.contains("://")
                && !target.contains(' ')
                && (file.is_empty() || file.ends_with(".md"))
            {
                links.push((file.to_string(), anchor.to_string()));
            }
            rest = &after[end..];
        }
    }
    links
}

/// A guide's section that moves to docs/records/ takes its anchor along:
/// every link to a heading must still find it.
#[test]
fn the_links_to_a_heading_find_it() {
    let mut broken = Vec::new();
    for page in &pages() {
        let dir = page.parent().expect("a page's folder");
        for (file, anchor) in anchor_links(&read(page)) {
            let target = if file.is_empty() {
                page.clone()
            } else {
                dir.join(&file)
            };
            let Ok(text) = fs::read_to_string(&target) else {
                continue; // a missing file is the test above's
            };
            if !anchors(&text).contains(&anchor) {
                broken.push(format!("{}: {file}#{anchor}", page.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to no heading:\n{}",
        broken.join("\n")
    );
}

/// The quoted strings of the TOML array `key = [ ... ]` in `text`.
fn toml_strings(text: &str, key: &str) -> Vec<String> {
    let start = text
        .find(&format!("{key} = ["))
        .unwrap_or_else(|| panic!("{key} in .cargo/mutants.toml"));
    let body = &text[start..];
    let body = &body[..body.find(']').expect("the array's end")];
    body.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The files a glob of the form `dir/name` or `dir/*.ext` matches.
fn matches(glob: &str) -> Vec<PathBuf> {
    let (dir, name) = glob.rsplit_once('/').unwrap_or((".", glob));
    match name.split_once('*') {
        None => {
            let path = root().join(glob);
            if path.is_file() { vec![path] } else { vec![] }
        }
        Some((prefix, suffix)) => fs::read_dir(root().join(dir))
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| {
                        let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                        p.is_file() && n.starts_with(prefix) && n.ends_with(suffix)
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

#[test]
fn the_mutation_testing_globs_and_tests_exist() {
    let config = read(&root().join(".cargo/mutants.toml"));
    let globs = toml_strings(&config, "examine_globs");
    assert!(!globs.is_empty());
    for glob in &globs {
        assert!(
            !matches(glob).is_empty(),
            ".cargo/mutants.toml: {glob:?} matches no file"
        );
    }
    for core in [
        "src/sow/mod.rs",
        "src/position/mod.rs",
        "src/rulesets/andada.rs",
        "src/tablebase/edges/block.rs",
    ] {
        assert!(
            globs
                .iter()
                .any(|g| matches(g).contains(&root().join(core))),
            ".cargo/mutants.toml: no glob covers {core}"
        );
    }
    let args = toml_strings(&config, "additional_cargo_args");
    for pair in args.windows(2) {
        if pair[0] == "--test" {
            let file = root().join("tests").join(format!("{}.rs", pair[1]));
            assert!(
                file.is_file(),
                ".cargo/mutants.toml: no test {}",
                file.display()
            );
        }
    }
}
