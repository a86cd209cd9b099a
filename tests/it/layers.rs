//! The layer check: reads the `use crate::…` / `use super::…` imports (and inline `crate::` /
//! `super::` paths) of every file in `src/` and fails on a file importing a higher layer, on a
//! reader importing a writer, and on a cycle between files. The layers are ARCHITECTURE.md's.
//!
//! A re-export (`pub use`) is an import like any other: a file that re-exports another depends
//! on it, so a module's facade (`pub use child::X` in a `mod.rs`) makes a circle with a child
//! that imports from its parent. There is no exception and no comment that silences the check.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A file's layer, 1 (bottom) to 7; writers are 0 (a side of their own: they may use layers 1..3,
/// only other writers may use them).
fn layer(file: &str) -> Option<u8> {
    if file.ends_with("/write.rs") || file.contains("/write/") {
        return Some(0);
    }
    let top = file.split('/').next().unwrap_or("");
    match top {
        "model" => Some(1),
        "container" => Some(2),
        "ff9" => Some(3),
        "rules" => Some(4),
        "plan" | "diff" | "game" | "match" | "sources" => Some(5),
        // What both front ends show, and its HTML renderers: above the analyses, below `cli`.
        "report" => Some(6),
        "cli" | "main.rs" => Some(7),
        "lib.rs" => None,
        _ => None,
    }
}

fn rs_files(dir: &Path, root: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rs_files(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The module path of a file: `ff9/psx/block.rs` → `[ff9, psx, block]`.
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> =
        file.trim_end_matches(".rs").split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib" || p == "main") {
        parts.pop();
    }
    parts
}

/// The deepest file a module path lives in (`[ff9, psx, block, decode]` → `ff9/psx/block.rs`).
fn file_of(path: &[String], files: &BTreeSet<String>) -> String {
    for n in (1..=path.len()).rev() {
        let stem = path[..n].join("/");
        for candidate in [format!("{stem}.rs"), format!("{stem}/mod.rs")] {
            if files.contains(&candidate) {
                return candidate;
            }
        }
    }
    "lib.rs".into()
}

/// Splits a `use` tree `a::{b, c::{d, e}}` into its leaf paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else { return vec![tree.to_string()] };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .filter(|s| !s.trim().is_empty())
        .flat_map(|s| expand(s).into_iter().map(move |leaf| format!("{prefix}{leaf}")))
        .collect()
}

/// The paths a file imports (`use`, `pub use` and inline `crate::` paths), as module paths
/// from the crate root.
fn imports(file: &str, text: &str) -> Vec<Vec<String>> {
    let own = module_of(file);
    let mut out = Vec::new();
    // Join `use` statements that span lines.
    let mut statements = Vec::new();
    let mut pending: Option<String> = None;
    for line in text.lines() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        if let Some(p) = pending.as_mut() {
            p.push_str(line.trim());
            if line.contains(';') {
                statements.push(pending.take().unwrap());
            }
            continue;
        }
        let t = line.trim_start();
        let indented = t.len() != line.len();
        let is_use =
            t.starts_with("use ") || t.starts_with("pub use ") || t.starts_with("pub(crate) use ");
        if is_use {
            let s = format!("{}{}", if indented { "  " } else { "" }, line.trim());
            if line.contains(';') {
                statements.push(s);
            } else {
                pending = Some(s);
            }
        } else {
            // Inline paths: `crate::a::b(...)`.
            let mut rest = line;
            while let Some(i) = rest.find("crate::") {
                let tail = &rest[i + 7..];
                let end = tail
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(tail.len());
                let path: Vec<String> =
                    tail[..end].split("::").filter(|s| !s.is_empty()).map(String::from).collect();
                out.push(path);
                rest = &tail[end..];
            }
        }
    }
    for s in statements {
        let indented = s.starts_with("  ");
        let s = s.trim();
        let body = s
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub ")
            .trim_start_matches("use ");
        let body = body.trim_end_matches(';');
        for leaf in expand(body) {
            let segs: Vec<&str> = leaf.split("::").map(str::trim).collect();
            let mut path: Vec<String> = match segs[0] {
                "crate" => Vec::new(),
                "super" | "self" => {
                    // An indented `use super::` sits in an inline module (tests): its super
                    // is this file's module.
                    let mut base = own.clone();
                    if segs[0] == "super" && !indented {
                        base.pop();
                    }
                    base
                }
                // A child module named directly (`use discard::X` in a mod.rs).
                first if file.ends_with("mod.rs") || file == "lib.rs" => {
                    let mut base = own.clone();
                    base.push(first.to_string());
                    let mut p = base;
                    p.extend(segs[1..].iter().map(|s| s.to_string()));
                    out.push(p);
                    continue;
                }
                _ => continue,
            };
            let mut rest = &segs[1..];
            while rest.first() == Some(&"super") {
                path.pop();
                rest = &rest[1..];
            }
            path.extend(
                rest.iter()
                    .filter(|s| **s != "self" && **s != "*")
                    .map(|s| s.split(" as ").next().unwrap_or(s).trim().to_string()),
            );
            out.push(path);
        }
    }
    out
}

/// The import graph of a set of files (path under `src/` → text): file → the files it imports.
fn graph_of(sources: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let files: BTreeSet<String> = sources.keys().cloned().collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, text) in sources {
        let set = edges.entry(file.clone()).or_default();
        for path in imports(file, text) {
            let target = file_of(&path, &files);
            if &target != file && target != "lib.rs" {
                set.insert(target);
            }
        }
    }
    edges
}

/// The import graph of the crate's `src/`.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut list = Vec::new();
    rs_files(&root, &root, &mut list);
    let sources = list
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(root.join(&file)).unwrap();
            (file, text)
        })
        .collect();
    graph_of(&sources)
}

/// Every import of a higher layer, and every import of a writer by a file that is not one.
fn layer_violations(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (file, targets) in g {
        let Some(from) = layer(file) else { continue };
        for t in targets {
            let Some(to) = layer(t) else { continue };
            let bad = match (from, to) {
                (0, 0) => false,
                (0, to) => to > 3,
                (_, 0) => true,
                (from, to) => to > from,
            };
            if bad {
                wrong.push(format!("{file} (layer {from}) imports {t} (layer {to})"));
            }
        }
    }
    wrong
}

/// Every import cycle between files, as `a → b → a`: each one found has its last edge removed
/// and the search is run again, until none is left.
fn cycles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    // Depth-first search with colours; returns the first cycle found.
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in g.get(n).into_iter().flatten() {
            match state.get(m.as_str()).copied().unwrap_or(0) {
                1 => {
                    let i = stack.iter().position(|s| s == m).unwrap();
                    let mut cycle = stack[i..].to_vec();
                    cycle.push(m.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(m, g, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut g = g.clone();
    let mut found = Vec::new();
    'search: loop {
        let mut state = BTreeMap::new();
        let keys: Vec<String> = g.keys().cloned().collect();
        for n in &keys {
            if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
                if let Some(cycle) = visit(n, &g, &mut state, &mut Vec::new()) {
                    let (a, b) = (&cycle[cycle.len() - 2], &cycle[cycle.len() - 1]);
                    g.get_mut(a).unwrap().remove(b);
                    found.push(cycle.join(" → "));
                    continue 'search;
                }
            }
        }
        break;
    }
    found
}

#[test]
fn every_file_has_a_layer() {
    let unknown: Vec<String> =
        graph().into_keys().filter(|f| f != "lib.rs" && layer(f).is_none()).collect();
    assert!(unknown.is_empty(), "files of no layer (add them to tests/it/layers.rs): {unknown:?}");
}

#[test]
fn no_file_imports_a_higher_layer_or_a_writer() {
    let wrong = layer_violations(&graph());
    assert!(wrong.is_empty(), "layer violations:\n{}", wrong.join("\n"));
}

#[test]
fn no_cycle_between_files() {
    let found = cycles(&graph());
    assert!(found.is_empty(), "import cycles between files:\n{}", found.join("\n"));
}

/// Made-up files (path under `src/`, text) → their import graph.
fn made_up(files: &[(&str, &str)]) -> BTreeMap<String, BTreeSet<String>> {
    graph_of(&files.iter().map(|(f, t)| (f.to_string(), t.to_string())).collect())
}

/// The check itself fails on a circle made by a re-export, in a plain file or in a module's
/// facade, whatever comment the line carries.
#[test]
fn a_re_export_circle_fails_the_check() {
    let plain = made_up(&[
        ("cli/a.rs", "pub use super::b::Shown; // layer-check: old path\npub struct Row;\n"),
        ("cli/b.rs", "use super::a::Row;\npub struct Shown;\n"),
    ]);
    assert_eq!(cycles(&plain), ["cli/a.rs → cli/b.rs → cli/a.rs"]);
    let facade = made_up(&[
        ("plan/mod.rs", "pub mod discard;\npub use discard::best;\npub fn weight() {}\n"),
        ("plan/discard.rs", "use super::weight;\npub fn best() {}\n"),
    ]);
    assert_eq!(cycles(&facade), ["plan/discard.rs → plan/mod.rs → plan/discard.rs"]);
    // Without the re-export there is no circle.
    let one_way =
        made_up(&[("cli/a.rs", "pub struct Row;\n"), ("cli/b.rs", "use super::a::Row;\n")]);
    assert!(cycles(&one_way).is_empty());
}

/// The check fails on a reader that re-exports a writer, and on an import of a higher layer.
#[test]
fn a_reader_naming_a_writer_fails_the_check() {
    let g = made_up(&[
        ("ff9/psx/block.rs", "#[cfg(feature = \"write\")]\npub use super::write::FF9Block;\n"),
        ("ff9/psx/write.rs", "use super::block::RECORDS;\n"),
        ("rules/score.rs", "fn f() { crate::cli::main(); }\n"),
        ("cli/mod.rs", "pub fn main() {}\n"),
    ]);
    assert_eq!(
        layer_violations(&g),
        [
            "ff9/psx/block.rs (layer 3) imports ff9/psx/write.rs (layer 0)",
            "rules/score.rs (layer 4) imports cli/mod.rs (layer 7)",
        ]
    );
}

/// The parser sees imports of every form: nested trees, `self`, `super`, inline paths, and
/// `use super::*` in an inline test module.
#[test]
fn the_parser_sees_imports_of_every_form() {
    let found = imports(
        "rules/score.rs",
        "use crate::ff9::{pc::{self, X}, Collection};\nuse super::battle::Fighter;\nfn f() { crate::cli::main(); }\n",
    );
    let paths: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        paths,
        ["cli::main", "ff9::pc", "ff9::pc::X", "ff9::Collection", "rules::battle::Fighter"]
    );
    let inner = imports("plan/flow.rs", "mod tests {\n    use super::*;\n}\n");
    assert_eq!(inner[0], ["plan", "flow"]);
}
