//! The layer check: parses every file in `src/` (with `syn`), resolves every path it names into
//! the crate (`use` trees, paths in types, expressions, patterns and macro arguments) to the file
//! that defines it, and fails on a file importing a higher layer, on a reader importing a writer,
//! and on a cycle between files. The layers are ARCHITECTURE.md's.
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

/// Where a file's paths lead: every path it names (in `use` and `pub use` trees, in types,
/// expressions and patterns, and in macro arguments), resolved to a module path from the crate
/// root. Only paths into the crate count: `crate::…`, `self::…`, `super::…`, and a path through
/// a module of the file's own (`pc::open()` in `ff9/mod.rs`, a child named in `use`).
struct Paths<'a> {
    /// Every file of the crate, to tell a child module from a type or a crate of the same shape.
    files: &'a BTreeSet<String>,
    /// The module the visitor is in: the file's, or an inline module inside it.
    module: Vec<String>,
    found: Vec<Vec<String>>,
}

impl Paths<'_> {
    /// Resolves the segments of one path named in `self.module`.
    fn add(&mut self, segs: &[String], in_use: bool) {
        let Some(first) = segs.first() else { return };
        let mut path = match first.as_str() {
            "crate" => Vec::new(),
            "self" | "super" => self.module.clone(),
            // A child module: as the first segment of a longer path (a lone name is a local
            // or an item), or as a name in a `use` tree (`use discard::X`, `use pc;`).
            child if in_use || segs.len() > 1 => {
                let mut child_path = self.module.clone();
                child_path.push(child.to_string());
                if !is_file(&child_path, self.files) {
                    return;
                }
                self.module.clone()
            }
            _ => return,
        };
        let mut rest = if first == "crate" || first == "self" { &segs[1..] } else { segs };
        while rest.first().is_some_and(|s| s == "super") {
            path.pop();
            rest = &rest[1..];
        }
        path.extend(rest.iter().cloned());
        self.found.push(path);
    }

    /// The leaf paths of a `use` tree (`a::{b, c::{self, d}}` → `a::b`, `a::c`, `a::c::d`).
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) if n.ident == "self" => self.add(&prefix.clone(), true),
            syn::UseTree::Name(n) => self.leaf(prefix, &n.ident),
            syn::UseTree::Rename(r) => self.leaf(prefix, &r.ident),
            syn::UseTree::Glob(_) => self.add(&prefix.clone(), true),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(prefix, t)),
        }
    }

    fn leaf(&mut self, prefix: &[String], ident: &syn::Ident) {
        let mut path = prefix.to_vec();
        path.push(ident.to_string());
        self.add(&path, true);
    }

    /// The paths written in a macro's arguments (`format!("{}", pc::NAME)`), which `syn` leaves
    /// as tokens: every run of `name :: name …`.
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        use proc_macro2::TokenTree;
        let mut run: Vec<String> = Vec::new();
        let mut colons = 0;
        let flush = |this: &mut Self, run: &mut Vec<String>| {
            if run.len() > 1 {
                this.add(run, false);
            }
            run.clear();
        };
        for tree in tokens {
            match tree {
                TokenTree::Ident(ident) if run.is_empty() || colons == 2 => {
                    run.push(ident.to_string());
                    colons = 0;
                }
                TokenTree::Punct(p) if p.as_char() == ':' && !run.is_empty() && colons < 2 => {
                    colons += 1;
                }
                TokenTree::Group(g) => {
                    flush(self, &mut run);
                    colons = 0;
                    self.tokens(g.stream());
                }
                other => {
                    flush(self, &mut run);
                    colons = 0;
                    if let TokenTree::Ident(ident) = other {
                        run.push(ident.to_string());
                    }
                }
            }
        }
        flush(self, &mut run);
    }
}

impl<'ast> syn::visit::Visit<'ast> for Paths<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut prefix = Vec::new();
        if item.leading_colon.is_none() {
            self.use_tree(&mut prefix, &item.tree);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        self.module.push(item.ident.to_string());
        syn::visit::visit_item_mod(self, item);
        self.module.pop();
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.add(&segs, false);
        }
        syn::visit::visit_path(self, path);
    }

    /// `pub(super)` and `pub(in crate::a)` say who may see an item, not what it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }
}

/// Whether a module path is a file of its own (`[ff9, pc]` → `ff9/pc.rs` or `ff9/pc/mod.rs`).
fn is_file(path: &[String], files: &BTreeSet<String>) -> bool {
    let stem = path.join("/");
    files.contains(&format!("{stem}.rs")) || files.contains(&format!("{stem}/mod.rs"))
}

/// The module paths a file names, from the crate root; `files` is every file of the crate.
fn imports(file: &str, text: &str, files: &BTreeSet<String>) -> Vec<Vec<String>> {
    let syntax = syn::parse_file(text).unwrap_or_else(|e| panic!("{file} does not parse: {e}"));
    let mut paths = Paths { files, module: module_of(file), found: Vec::new() };
    syn::visit::Visit::visit_file(&mut paths, &syntax);
    paths.found
}

/// The import graph of a set of files (path under `src/` → text): file → the files it imports.
fn graph_of(sources: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let files: BTreeSet<String> = sources.keys().cloned().collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, text) in sources {
        let set = edges.entry(file.clone()).or_default();
        for path in imports(file, text, &files) {
            let target = file_of(&path, &files);
            if &target != file && target != "lib.rs" {
                set.insert(target);
            }
        }
    }
    edges
}

/// The import graph of the crate's `src/`, parsed once for all the checks that read it.
fn graph() -> &'static BTreeMap<String, BTreeSet<String>> {
    static GRAPH: std::sync::OnceLock<BTreeMap<String, BTreeSet<String>>> =
        std::sync::OnceLock::new();
    GRAPH.get_or_init(|| {
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
    })
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

/// The subcommand a file belongs to: `cli/command/odds.rs` and `cli/command/odds/render.rs` are
/// both `odds`; `None` for any other file (`cli/command/mod.rs`, the list of them, included).
fn command_of(file: &str) -> Option<&str> {
    let rest = file.strip_prefix("cli/command/")?;
    let name = rest.split('/').next()?.trim_end_matches(".rs");
    (name != "mod").then_some(name)
}

/// Every import of a subcommand from outside it. A command is a leaf: only the dispatcher
/// (`cli/mod.rs`) names it; what two commands share goes in a module of `cli/` named for what
/// it does, which no command's code is in.
fn command_imports(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (file, targets) in g {
        if file == "cli/mod.rs" {
            continue;
        }
        for t in targets {
            let Some(command) = command_of(t) else { continue };
            if command_of(file) != Some(command) {
                wrong.push(format!("{file} imports {t}, of the command `{command}`"));
            }
        }
    }
    wrong
}

/// The modules the dispatcher's `Command` enum takes its subcommands' arguments from
/// (`Saves(saves::SavesArgs)` → `saves`), given the text of `cli/mod.rs`.
fn dispatched(text: &str) -> Vec<String> {
    let syntax = syn::parse_file(text).expect("cli/mod.rs parses");
    let mut modules = Vec::new();
    for item in syntax.items {
        let syn::Item::Enum(e) = item else { continue };
        if e.ident != "Command" {
            continue;
        }
        for variant in e.variants {
            for field in variant.fields {
                if let syn::Type::Path(p) = field.ty {
                    let segs: Vec<String> =
                        p.path.segments.iter().map(|s| s.ident.to_string()).collect();
                    modules.push(segs[..segs.len() - 1].join("::"));
                }
            }
        }
    }
    modules
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
        graph().keys().filter(|f| *f != "lib.rs" && layer(f).is_none()).cloned().collect();
    assert!(unknown.is_empty(), "files of no layer (add them to tests/it/layers.rs): {unknown:?}");
}

#[test]
fn no_file_imports_a_higher_layer_or_a_writer() {
    let wrong = layer_violations(graph());
    assert!(wrong.is_empty(), "layer violations:\n{}", wrong.join("\n"));
}

#[test]
fn no_cycle_between_files() {
    let found = cycles(graph());
    assert!(found.is_empty(), "import cycles between files:\n{}", found.join("\n"));
}

#[test]
fn every_subcommand_is_a_leaf() {
    let wrong = command_imports(graph());
    assert!(wrong.is_empty(), "a command imported from outside it:\n{}", wrong.join("\n"));
}

/// Each subcommand's arguments come from a module of `cli/command/`, so the leaf rule above
/// covers every command (a command written elsewhere in `cli/` would escape it).
#[test]
fn every_subcommand_lives_in_cli_command() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let modules = dispatched(&std::fs::read_to_string(root.join("mod.rs")).unwrap());
    assert!(modules.len() >= 16, "{modules:?}");
    let elsewhere: Vec<&String> = modules
        .iter()
        .filter(|m| {
            let stem = root.join("command").join(m.as_str());
            m.contains("::")
                || !(stem.with_extension("rs").is_file() || stem.join("mod.rs").is_file())
        })
        .collect();
    assert!(elsewhere.is_empty(), "subcommands outside cli/command/: {elsewhere:?}");
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

/// Made-up files → the module paths the first one names (joined with `::`, sorted).
fn named_by(files: &[(&str, &str)]) -> Vec<String> {
    let all: BTreeSet<String> = files.iter().map(|(f, _)| f.to_string()).collect();
    let mut paths: Vec<String> =
        imports(files[0].0, files[0].1, &all).iter().map(|p| p.join("::")).collect();
    paths.sort();
    paths.dedup();
    paths
}

/// The parser sees imports of every form: nested trees, `self`, `super`, inline paths, and
/// `use super::*` in an inline test module.
#[test]
fn the_parser_sees_imports_of_every_form() {
    let paths = named_by(&[(
        "rules/score.rs",
        "use crate::ff9::{pc::{self, X}, Collection};\nuse super::battle::Fighter;\nfn f() { crate::cli::main(); }\n",
    )]);
    assert_eq!(
        paths,
        ["cli::main", "ff9::Collection", "ff9::pc", "ff9::pc::X", "rules::battle::Fighter"]
    );
    let inner = named_by(&[("plan/flow.rs", "mod tests {\n    use super::*;\n}\n")]);
    assert_eq!(inner, ["plan::flow"]);
}

/// The parser sees paths written outside `use`: a parent calling its child, a child naming its
/// parent in a type, paths in a macro's arguments and in generic arguments; and it does not take
/// a local of a child's name, an external crate or a variant for a module of the crate.
#[test]
fn the_parser_sees_inline_paths() {
    let parent = named_by(&[
        (
            "ff9/mod.rs",
            "mod pc;\nmod psx;\npub fn open() -> Vec<psx::Save> {\n    let pc = 1;\n    \
             pc.max(2);\n    std::mem::drop(Kind::A);\n    \
             println!(\"{}\", pc::NAME);\n    pc::open()\n}\n",
        ),
        ("ff9/pc.rs", ""),
        ("ff9/psx/mod.rs", ""),
    ]);
    assert_eq!(parent, ["ff9::pc::NAME", "ff9::pc::open", "ff9::psx::Save"]);
    let child = named_by(&[
        (
            "ff9/psx/block.rs",
            "pub fn read() -> super::super::Save { self::decode(); super::Entry::new() }\n",
        ),
        ("ff9/mod.rs", ""),
    ]);
    assert_eq!(child, ["ff9::Save", "ff9::psx::Entry::new", "ff9::psx::block::decode"]);
}

/// A parent calling its child inline while the child imports from the parent is a circle.
#[test]
fn an_inline_child_call_circle_fails_the_check() {
    let circle = made_up(&[
        ("ff9/mod.rs", "pub mod pc;\npub struct Save;\npub fn open() { pc::open(); }\n"),
        ("ff9/pc.rs", "use super::Save;\npub fn open() {}\n"),
    ]);
    assert_eq!(cycles(&circle), ["ff9/mod.rs → ff9/pc.rs → ff9/mod.rs"]);
    let through_a_type = made_up(&[
        ("ff9/mod.rs", "pub mod pc;\npub struct Save;\npub fn open() { pc::open(); }\n"),
        ("ff9/pc.rs", "pub fn open() -> super::Save { super::Save }\n"),
    ]);
    assert_eq!(cycles(&through_a_type), ["ff9/mod.rs → ff9/pc.rs → ff9/mod.rs"]);
    // The shared type in a file of its own: the parent and the child both import it.
    let cut = made_up(&[
        ("ff9/mod.rs", "pub mod pc;\nmod save;\npub fn open() { pc::open(); }\n"),
        ("ff9/save.rs", "pub struct Save;\n"),
        ("ff9/pc.rs", "use super::save::Save;\npub fn open() {}\n"),
    ]);
    assert!(cycles(&cut).is_empty());
}

/// The check fails on a command importing another command, and on a shared module importing a
/// command; a command's own files, and the dispatcher, may.
#[test]
fn a_command_importing_another_fails_the_check() {
    let g = made_up(&[
        ("cli/mod.rs", "mod command;\nuse command::{plan, report};\nfn run() { plan::run(); report::run(); }\n"),
        ("cli/command/mod.rs", "pub mod plan;\npub mod report;\n"),
        ("cli/command/plan.rs", "mod render;\npub fn parse_target() {}\npub fn run() { render::text(); }\n"),
        ("cli/command/plan/render.rs", "use crate::cli::text::wrap;\npub fn text() {}\n"),
        ("cli/command/report.rs", "use crate::cli::command::plan::parse_target;\npub fn run() {}\n"),
        ("cli/text.rs", "pub fn wrap() { super::command::plan::run(); }\n"),
    ]);
    assert_eq!(
        command_imports(&g),
        [
            "cli/command/report.rs imports cli/command/plan.rs, of the command `plan`",
            "cli/text.rs imports cli/command/plan.rs, of the command `plan`",
        ]
    );
    // What the two share moved to a module named for it: no command imports another.
    let cut = made_up(&[
        ("cli/command/plan.rs", "use crate::cli::args::parse_target;\n"),
        ("cli/command/report.rs", "use crate::cli::args::parse_target;\n"),
        ("cli/args.rs", "pub fn parse_target() {}\n"),
    ]);
    assert!(command_imports(&cut).is_empty());
}

/// The dispatcher's enum names the module of each subcommand's arguments.
#[test]
fn the_dispatcher_names_each_command_module() {
    let text = "pub enum Command {\n    Saves(saves::SavesArgs),\n    Man(command::man::ManArgs),\n}\nenum Other { A(x::Y) }\n";
    assert_eq!(dispatched(text), ["saves", "command::man"]);
}
