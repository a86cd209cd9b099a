//! Every command's help, at 60, 80 and 120 columns: no line wider than the terminal, and no
//! orphan line. The commands are those of clap's own tree (`Cli::command()`), walked, so a new
//! subcommand is checked without being listed here.
//!
//! **Orphan line**, as this test defines it: a line that continues the sentence of the line
//! before it, and either holds one or two words, or starts with a word that would have fit at
//! the end of the line before (a line break the width did not force: text wrapped by hand).
//!
//! A line continues the sentence of the line before it when both hold words, the line before
//! does not end with `.`, `:`, `;`, `!` or `?`, the line does not start an item (`-` of an
//! option or a bullet), and it starts either where the last run of the line before starts (its
//! indentation, or for a line in two columns, as clap lays out options and subcommands, its
//! description's column), or, alone on its line, under the first column of a line in two
//! columns (a description that fell back to the margin). A run is text after two spaces or
//! more. A word is a run of non-blank characters that holds a letter or a digit (so the arrow
//! pictures, `↖↑↗`, hold none). An example command (a line whose text starts with `quadmist`,
//! with the lines under it indented deeper) is code, not a sentence: it is not checked.

use crate::shared::cmd::Command;
use clap::CommandFactory;
use quadmist::cli::text::width;

/// The widths the help is read at.
const WIDTHS: [usize; 3] = [60, 80, 120];

/// Every command path of clap's tree: `[]` (quadmist itself), `["saves"]`, ...
fn command_paths() -> Vec<Vec<String>> {
    fn walk(cmd: &clap::Command, path: Vec<String>, out: &mut Vec<Vec<String>>) {
        out.push(path.clone());
        // clap's own `help SUBCOMMAND` prints the page `SUBCOMMAND --help` prints.
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut p = path.clone();
            p.push(sub.get_name().to_string());
            walk(sub, p, out);
        }
    }
    let mut out = Vec::new();
    let mut cmd = quadmist::cli::Cli::command();
    cmd.build();
    walk(&cmd, Vec::new(), &mut out);
    out
}

fn is_word(token: &str) -> bool {
    token.chars().any(char::is_alphanumeric)
}

fn indent(line: &str) -> usize {
    width(&line[..line.len() - line.trim_start().len()])
}

/// The display columns where the runs of a line start: its indentation, and every text after
/// two spaces or more.
fn run_starts(line: &str) -> Vec<usize> {
    let mut starts = vec![indent(line)];
    let mut col = 0;
    let mut spaces = 0;
    for c in line.chars() {
        if c == ' ' {
            spaces += 1;
        } else {
            if spaces >= 2 && col > indent(line) {
                starts.push(col);
            }
            spaces = 0;
        }
        col += width(&c.to_string());
    }
    starts
}

/// The orphan lines of a help text laid out for `columns`, each with the line before it.
pub fn orphans(text: &str, columns: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    // The indentation of the example command the line is in, if any.
    let mut command: Option<usize> = None;
    for pair in lines.windows(2) {
        let (before, line) = (pair[0].trim_end(), pair[1].trim_end());
        if line.trim_start().starts_with("quadmist ") {
            continue;
        }
        if before.trim_start().starts_with("quadmist ") {
            command = Some(indent(before));
        }
        if command.is_some_and(|c| indent(line) > c && !line.trim().is_empty()) {
            continue;
        }
        command = None;
        let words: Vec<&str> = line.split_whitespace().filter(|t| is_word(t)).collect();
        let (runs_before, runs) = (run_starts(before), run_starts(line));
        let at = indent(line);
        let continues = before.split_whitespace().any(is_word)
            && !words.is_empty()
            && !before.ends_with(['.', ':', ';', '!', '?'])
            && !line.trim_start().starts_with('-')
            && (runs_before.last() == Some(&at)
                || (runs_before.len() >= 2 && runs_before[0] == at && runs.len() == 1));
        if !continues {
            continue;
        }
        // clap breaks lines at ASCII spaces only: a no-break space binds words.
        let first = line.trim_start().split(' ').next().unwrap_or_default();
        let unforced = width(before) + 1 + width(first) <= columns;
        if words.len() <= 2 || unforced {
            found.push(format!("{before}\n{line}"));
        }
    }
    found
}

#[test]
fn the_orphan_rule_finds_the_breaks_of_text_wrapped_twice() {
    // `missing --help` at 80 columns before its text was left to clap: hand-wrapped lines
    // re-wrapped, each leaving a short line inside its sentence.
    let old = "\
For each card number the save lacks: the ways to get it that are still open at
this point of
the story, easiest first (a pickup before a reward, a battle drop, a chocobo
treasure, then
card players), and the ones that are over.";
    let found = orphans(old, 80);
    let found: Vec<&str> = found.iter().map(|o| o.split_once('\n').unwrap().1).collect();
    assert_eq!(
        found,
        [
            "the story, easiest first (a pickup before a reward, a battle drop, a chocobo",
            "treasure, then",
            "card players), and the ones that are over.",
        ]
    );
    // A clap option wrapped into its description column, an example's description fallen
    // back to the margin, a two-word paragraph end, and a hand break with room on the line.
    for bad in [
        "  -v, --verbose      Print every finding, also the repeats that are otherwise\n                     counted",
        "  quadmist cards memcard.mcr --save 3      the cards of the save in directory\n  slot 3",
        "A sentence that goes on\nto its end.",
    ] {
        assert_eq!(orphans(bad, 80).len(), 1, "{bad}");
    }
    // What is not an orphan: a new sentence, a list item deeper in, the next option or
    // subcommand of a list, a bullet, a picture, a full line before a longer end.
    for fine in [
        "The first sentence ends here.\nThen a second one.",
        "Columns:\n  Slot\n      position in the save's card list",
        "  -q, --quiet    Print errors only\n  -v, --verbose  Print every finding",
        "  saves        List the saves\n  icon         Write an icon",
        "  - win:   The chance to win the match\n  - cards: Expected cards won",
        "the card (□):\n    ↖↑↗\n    ←□→\n    ↙↓↘",
        "word word word word word word word word\nand three more",
        "  A long example:\n      quadmist advise '..../.f../..../....;138/X/53/90@E+S,\n          \
         99/P/40/40@N,70/M/80/20@W+E,\n          50/X/30/30@N+S'",
    ] {
        assert_eq!(orphans(fine, 40), Vec::<String>::new(), "{fine}");
    }
}

#[test]
fn every_help_fits_and_has_no_orphan_line_at_60_80_and_120_columns() {
    let paths = command_paths();
    // quadmist and its 16 subcommands.
    assert!(paths.len() >= 17, "{paths:?}");
    let mut bad = Vec::new();
    let mut runs = 0;
    for path in &paths {
        for columns in WIDTHS {
            for flag in ["--help", "-h"] {
                let out = Command::quadmist()
                    .env("COLUMNS", columns.to_string())
                    .env("NO_COLOR", "1")
                    .args(path)
                    .arg(flag)
                    .output()
                    .unwrap();
                let text = String::from_utf8_lossy(&out.stdout);
                let at = format!("quadmist {} {flag} at {columns} columns", path.join(" "));
                assert!(out.status.success() && text.contains("Usage:"), "{at}: {text}");
                runs += 1;
                for line in text.lines().filter(|l| width(l) > columns) {
                    bad.push(format!("{at}: {} columns wide:\n{line}", width(line)));
                }
                for orphan in orphans(&text, columns.min(80)) {
                    bad.push(format!("{at}: orphan:\n{orphan}"));
                }
            }
        }
    }
    assert_eq!(runs, paths.len() * 6);
    assert!(bad.is_empty(), "{} problems:\n\n{}", bad.len(), bad.join("\n\n"));
}

/// The roff requests quadmist's man pages use (clap_mangen's and those of the help's own
/// sections); anything else at the start of a line would be text taken for a request.
const REQUESTS: [&str; 17] = [
    ".TH", ".SH", ".SS", ".PP", ".TP", ".IP", ".RS", ".RE", ".nf", ".fi", ".BR", ".B", ".br",
    ".ie", ".el", ".ds", ".sp",
];

#[test]
fn man_writes_one_page_per_command_every_reference_resolves_and_groff_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::quadmist().args(["man", "--dir"]).arg(dir.path()).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let listed: Vec<String> =
        String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
    // One page per command of clap's tree: quadmist.1, quadmist-saves.1 ...
    let paths = command_paths();
    let names: Vec<String> = paths
        .iter()
        .map(|p| {
            format!(
                "{}.1",
                std::iter::once("quadmist")
                    .chain(p.iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join("-")
            )
        })
        .collect();
    assert_eq!(listed.len(), names.len(), "{listed:?}");
    let root = quadmist::cli::Cli::command();
    for (path, name) in paths.iter().zip(&names) {
        let file = dir.path().join(name);
        assert!(listed.contains(&file.display().to_string()), "{name} not listed");
        let page = std::fs::read_to_string(&file).unwrap();
        assert!(page.is_ascii(), "{name}: non-ASCII bytes");
        let title = name.trim_end_matches(".1").to_uppercase();
        assert!(
            page.starts_with(&format!(".TH {title} 1"))
                || page.contains(&format!("\n.TH {title} 1")),
            "{name}"
        );
        for section in [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH \"SEE ALSO\""] {
            assert!(page.contains(section), "{name}: no {section}");
        }
        for line in page.lines().filter(|l| l.starts_with(['.', '\''])) {
            let request = line.split(' ').next().unwrap();
            assert!(REQUESTS.contains(&request) || line.starts_with(".\\\""), "{name}: {line}");
        }
        // Every page it refers to was written.
        for (i, _) in page.match_indices(".BR \\%") {
            let refer = page[i + 6..].split(' ').next().unwrap().replace("\\-", "-");
            assert!(dir.path().join(format!("{refer}.1")).is_file(), "{name} refers to {refer}(1)");
        }
        // Every example of the help is in the page, in its EXAMPLES section.
        let cmd = match path.first() {
            None => root.clone(),
            Some(sub) => root.find_subcommand(sub).unwrap().clone(),
        };
        let source = cmd.get_after_help().map(|h| h.to_string()).unwrap_or_default();
        let examples: Vec<&str> =
            source.lines().map(str::trim).filter(|l| l.starts_with("quadmist ")).collect();
        assert!(!examples.is_empty(), "{name}: the help has no example");
        let section = &page[page.find(".SH EXAMPLES").unwrap_or_else(|| panic!("{name}"))..];
        for example in examples {
            assert!(section.contains(&example.replace('-', "\\-")), "{name}: {example}");
        }
        // `quadmist man COMMAND` prints the same page.
        let one = Command::quadmist().arg("man").args(path).output().unwrap();
        assert_eq!(String::from_utf8(one.stdout).unwrap(), page, "{name}");
    }
    let none = Command::quadmist().args(["man", "nothing"]).output().unwrap();
    assert_eq!(none.status.code(), Some(2));
    // groff, where it is installed, reads every page without a warning.
    // By its path: a bare machine's PATH may leave it out although it is installed.
    let groff = std::path::Path::new("/usr/bin/groff");
    if groff.exists() {
        for name in &names {
            let out = std::process::Command::new(groff)
                .args(["-man", "-Tutf8", "-ww", "-z"])
                .arg(dir.path().join(name))
                .output()
                .unwrap();
            assert!(
                out.status.success() && out.stderr.is_empty(),
                "{name}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}
