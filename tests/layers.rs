//! The imports run one way: docs/ARCHITECTURE.md draws each crate's
//! modules as layers, and a module's `crate::`, `super::` and `self::`
//! paths (outside comments and test-only items, `#[cfg(test)]` and
//! `#[cfg(all(test, ...))]`) may name only itself or a module on a lower
//! layer. A layer lists the modules of one line of the picture; modules
//! on one line may use each other (they are one unit), so the cycles the
//! picture still holds are in plain view, and the ones taken apart (issue
//! 54) are checked to stay apart.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The layers drawn for `dir` (`src`, `cli/src`): the ```text block after
/// the line `<!-- layers: DIR -->`, top first; a module (`any`,
/// `serve::game`) maps to its line's number, 0 the top.
fn layers(dir: &str) -> BTreeMap<String, usize> {
    let doc = fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let marker = format!("<!-- layers: {dir} -->");
    let after = doc
        .split_once(&marker)
        .unwrap_or_else(|| panic!("docs/ARCHITECTURE.md has no {marker}"))
        .1;
    let block = after
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .unwrap_or_else(|| panic!("a ```text block after {marker}"))
        .0;
    let mut map = BTreeMap::new();
    for (n, line) in block.lines().enumerate() {
        let line = line.split('#').next().unwrap();
        for module in line.split_whitespace() {
            assert!(
                map.insert(module.to_string(), n).is_none(),
                "{marker}: {module} drawn twice"
            );
        }
    }
    map
}

/// Every `.rs` file under `dir`, with its module path (`serve/game.rs`:
/// `serve::game`; `serve/mod.rs`: `serve`; `lib.rs`: the root).
fn modules(dir: &Path) -> Vec<(Vec<String>, PathBuf)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(dir).unwrap().with_extension("");
                let mut parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    parts.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    parts.pop();
                }
                out.push((parts, path));
            }
        }
    }
    out.sort();
    out
}

/// `src` without comments (line comments, doc comments included, and
/// block comments), string literals' contents, and test-only items.
fn code(src: &str) -> String {
    let bytes = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < bytes.len() {
        if src[i..].starts_with("//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if src[i..].starts_with("/*") {
            i = src[i..].find("*/").map_or(bytes.len(), |e| i + e + 2);
        } else if bytes[i] == b'"' && !src[..i].ends_with('\'') {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if let Some(attr) = ["#[cfg(test)]", "#[cfg(all(test, "]
            .into_iter()
            .find(|a| src[i..].starts_with(a))
        {
            // Skip the test-only item: to its block's end, or to its `;`.
            i += attr.len();
            let mut depth = 0usize;
            while i < bytes.len() {
                match bytes[i] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    b';' if depth == 0 => {
                        i += 1;
                        break;
                    }
                    _ => {}
                }
                i += 1;
            }
        } else {
            let c = src[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The paths `code` names from `prefix` (`crate`, `super`, `self`):
/// each as its segments, `use` groups (`crate::{a::B, c}`) spread out.
fn paths(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let needle = format!("{prefix}::");
    let mut out = Vec::new();
    let mut start = 0;
    while let Some(at) = code[start..].find(&needle) {
        let at = start + at;
        start = at + needle.len();
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '$') {
            // `super::super::` is read from its first `super`; `$crate::`
            // in a macro resolves where the macro is used.
            continue;
        }
        let mut rest = &code[start..];
        let mut chain = vec![prefix.to_string()];
        loop {
            let ident: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if ident.is_empty() {
                break;
            }
            chain.push(ident.clone());
            rest = &rest[ident.len()..];
            match rest.strip_prefix("::") {
                Some(r) => rest = r,
                None => break,
            }
        }
        if let Some(group) = rest.strip_prefix('{') {
            spread(braced(group), &chain, &mut out);
        } else {
            out.push(chain);
        }
    }
    out
}

/// The text of a `{...}` group up to its matching brace (`text` starts
/// just after the opening one).
fn braced(text: &str) -> &str {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return &text[..i],
            '}' => depth -= 1,
            _ => {}
        }
    }
    text
}

/// A `use` group's items, each appended to `chain`: nested groups
/// (`a::{b::{self, C}, d}`) spread out too, `as` renames dropped.
fn spread(group: &str, chain: &[String], out: &mut Vec<Vec<String>>) {
    let mut depth = 0usize;
    let mut start = 0;
    let mut items = Vec::new();
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    for item in items {
        let item = item.trim();
        let (head, inner) = match item.find('{') {
            Some(at) => (&item[..at], Some(braced(&item[at + 1..]))),
            None => (item, None),
        };
        let head = head.split(" as ").next().unwrap_or(head);
        let mut full = chain.to_vec();
        full.extend(
            head.split("::")
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty()),
        );
        match inner {
            Some(inner) => spread(inner, &full, out),
            None if full.len() > chain.len() => out.push(full),
            None => {}
        }
    }
}

/// The crate root's `pub use module::{Item, ...};`: item to module.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for stmt in code(lib).split(';') {
        // Past the statement's attributes (`#[cfg(feature = "bots")]`).
        let mut stmt = stmt.trim();
        while let Some(attr) = stmt.strip_prefix("#[") {
            stmt = attr.split_once(']').map_or("", |(_, rest)| rest).trim();
        }
        let Some(rest) = stmt.strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = rest.split_once("::") else {
            continue;
        };
        for item in items.split([',', '{', '}']) {
            let item = item.trim().rsplit("::").next().unwrap_or("");
            let item = item.rsplit(" as ").next().unwrap_or(item).trim();
            if !item.is_empty() {
                map.insert(item.to_string(), module.trim().to_string());
            }
        }
    }
    map
}

/// The drawn module `path` belongs to: its longest drawn prefix.
fn entry(layers: &BTreeMap<String, usize>, path: &[String]) -> Option<(String, usize)> {
    (1..=path.len()).rev().find_map(|n| {
        let name = path[..n].join("::");
        layers.get(&name).map(|&layer| (name, layer))
    })
}

/// Every arrow of `dir`'s crate that runs up or sideways in the picture.
fn check(dir: &str) -> Vec<String> {
    let layers = layers(dir);
    let base = root().join(dir);
    let lib = fs::read_to_string(base.join("lib.rs")).unwrap();
    let reexported = reexports(&lib);
    let top_modules: Vec<String> = modules(&base)
        .into_iter()
        .filter_map(|(m, _)| m.first().cloned())
        .collect();
    let mut wrong = Vec::new();
    for (module, file) in modules(&base) {
        if module.is_empty() {
            continue; // The crate root re-exports from every layer.
        }
        if module.last().is_some_and(|m| m == "tests") {
            continue; // A `#[cfg(test)] mod tests;` in a file of its own.
        }
        let shown = file.strip_prefix(root()).unwrap().display().to_string();
        let Some((own, own_layer)) = entry(&layers, &module) else {
            wrong.push(format!(
                "{shown}: module {} is not drawn",
                module.join("::")
            ));
            continue;
        };
        let text = code(&fs::read_to_string(&file).unwrap());
        let here = &module[..];
        for prefix in ["crate", "super", "self"] {
            for path in paths(&text, prefix) {
                let mut target: Vec<String> = match prefix {
                    "crate" => path[1..].to_vec(),
                    "super" => {
                        let ups = path.iter().take_while(|s| *s == "super").count();
                        let mut base = module[..module.len().saturating_sub(ups)].to_vec();
                        base.extend(path[ups..].iter().cloned());
                        base
                    }
                    _ => {
                        let mut base = here.to_vec();
                        base.extend(path[1..].iter().cloned());
                        base
                    }
                };
                if target.is_empty() {
                    continue;
                }
                if !top_modules.contains(&target[0]) {
                    match reexported.get(&target[0]) {
                        Some(m) => target.insert(0, m.clone()),
                        None => continue, // An item of the crate root itself.
                    }
                }
                let Some((theirs, their_layer)) = entry(&layers, &target) else {
                    continue; // Reported as not drawn, at its own file.
                };
                if theirs != own && their_layer < own_layer {
                    wrong.push(format!(
                        "{shown}: {own} (line {} of the picture) uses {} from {theirs} (line {}): \
                         not below it",
                        own_layer + 1,
                        target.join("::"),
                        their_layer + 1
                    ));
                }
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    wrong
}

#[test]
fn the_engine_crates_imports_run_down_the_picture() {
    let wrong = check("src");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_tools_crates_imports_run_down_the_picture() {
    let wrong = check("cli/src");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The cycles issue 54 took apart are not drawn back into one line, and
/// every tool has its front above the registry and its code over
/// `R: Ruleset` below it.
#[test]
fn the_cycles_taken_apart_stay_apart() {
    let src = layers("src");
    for (a, b) in [
        ("options", "ruleset"),
        ("options::spec", "ruleset"),
        ("error", "moves"),
        ("any", "bots"),
        ("any", "variant"),
        ("any", "rulesets"),
        ("any", "tablebase"),
        ("bots", "variant"),
        ("position", "rulesets"),
        ("position", "variant"),
    ] {
        assert_ne!(src.get(a), src.get(b), "src: {a} and {b} on one line");
    }
    // The registry on a line of its own, between each tool's front (above)
    // and its code with the ruleset's type (below).
    let cli = layers("cli/src");
    let registry = cli["games"];
    for (module, &layer) in &cli {
        if module != "games" {
            assert_ne!(layer, registry, "cli/src: {module} on the registry's line");
        }
    }
    for tool in [
        "accuracy",
        "analyse",
        "engine",
        "match_runner",
        "play",
        "playouts",
        "replay",
        "selfplay",
        "serve",
        "solve",
        "tablebase",
        "tune",
    ] {
        assert!(
            cli[tool] < registry,
            "cli/src: the front {tool} below the registry"
        );
        assert!(
            cli.iter()
                .any(|(m, &l)| m.starts_with(&format!("{tool}::")) && l > registry),
            "cli/src: {tool} has no part below the registry"
        );
    }
}

#[test]
fn the_checker_reads_paths_as_rust_does() {
    let text = code(
        "use crate::{a::B, c, g::{self, h::{I, J as K}}, l as m};\n// crate::x::Y\nfn f() { crate::d::e(); \"crate::s\"; }\n#[cfg(test)]\nmod tests { use crate::t; }\n",
    );
    let found = paths(&text, "crate");
    assert_eq!(
        found,
        [
            vec!["crate", "a", "B"],
            vec!["crate", "c"],
            vec!["crate", "g", "self"],
            vec!["crate", "g", "h", "I"],
            vec!["crate", "g", "h", "J"],
            vec!["crate", "l"],
            vec!["crate", "d", "e"]
        ]
    );
    let map = reexports(
        "pub use any::{AnyGame, Arm};\npub use board::Board;\n#[cfg(feature = \"bots\")]\npub use bots::BotOfEach;\n",
    );
    assert_eq!(map.get("BotOfEach").map(String::as_str), Some("bots"));
    assert_eq!(map.get("Arm").map(String::as_str), Some("any"));
    assert_eq!(map.get("Board").map(String::as_str), Some("board"));
}
