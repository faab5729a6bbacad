//! The docs kept honest: the README stays short and states no speed figure
//! (docs/SPEED.md is their one place, so that they cannot drift apart), its
//! links and the guides' links lead to files that exist, and the
//! mutation-testing configuration names files and tests that exist.

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

#[test]
fn the_readmes_and_the_guides_links_lead_to_files() {
    let mut pages = vec![root().join("README.md")];
    for entry in fs::read_dir(root().join("docs")).expect("docs/") {
        let path = entry.expect("an entry of docs/").path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    let mut broken = Vec::new();
    for page in &pages {
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
