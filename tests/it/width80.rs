//! Player-facing text fits 80 columns: with `COLUMNS=80`, no line of the default text output
//! of `saves`, `cards`, `score`, `score --cards`, `plan`, `odds` and `album` is wider than 80
//! display columns (wide characters count 2), on the fixtures, the genuine PlayStation saves
//! and the real PC and Switch saves. stderr (findings, errors) is held to the same width.

use super::shared;
use crate::shared::cmd::Command;
use quadmist::cli::text::width;
use std::path::{Path, PathBuf};

/// Runs quadmist at 80 columns; (stdout, stderr).
pub fn run80(args: &[&str]) -> (String, String) {
    run_at(80, args)
}

/// Runs quadmist with `COLUMNS` set to `columns`; (stdout, stderr).
pub fn run_at(columns: usize, args: &[&str]) -> (String, String) {
    let out = Command::quadmist()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", columns.to_string())
        .env_remove("NO_COLOR")
        .args(args)
        .output()
        .unwrap();
    (String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// The files of a folder, sorted, README files left out.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && !p.to_string_lossy().ends_with(".md"))
        .collect();
    v.sort();
    v
}

/// The folders of the genuine saves the width is checked on.
const REAL: [&str; 3] = ["data/real/psx-ff9", "data/real/steam", "data/real/switch"];

/// Every file the must-show names: the fixtures, then the real files.
pub fn all_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut v = files_in(&root.join("fixtures"));
    for dir in REAL {
        v.extend(files_in(&shared::path(dir)));
    }
    v
}

/// The `--save` selectors of a file's FF9 saves, as `saves --json` lists them (which must
/// succeed).
pub fn ff9_saves(file: &Path) -> Vec<String> {
    let out = Command::quadmist().args(["saves", "--json"]).arg(file).output().unwrap();
    let at = file.display();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "saves --json {at}: {stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("saves --json {at}: not JSON ({e})"));
    let saves = v["saves"].as_array().unwrap_or_else(|| panic!("saves --json {at}: no saves"));
    saves
        .iter()
        .filter(|s| s["game"] == "ff9")
        .map(|s| s["save"].as_str().unwrap_or_else(|| panic!("{at}: a save without selector")))
        .map(str::to_string)
        .collect()
}

/// The slot of the first card of a save ("1" when it has none).
fn first_slot(file: &str, save: &str) -> String {
    let out = Command::quadmist().args(["cards", file, "--save", save, "--json"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    v["cards"][0]["slot"].as_u64().unwrap_or(1).to_string()
}

/// The command lines checked for one save of a file.
pub fn commands(file: &str, save: &str) -> Vec<Vec<String>> {
    let spec = format!("{file}:{save}");
    let slot = first_slot(file, save);
    [
        vec!["cards", file, "--save", save],
        vec!["score", file, "--save", save],
        vec!["score", file, "--save", save, "--cards"],
        vec!["plan", file, "--save", save],
        vec!["album", file, "--save", save],
        vec!["album", file, "--save", save, "--missing"],
        vec!["missing", file, "--save", save],
        vec!["odds", &spec, "--card", &slot, "4P23"],
        vec!["odds", &spec, "--hand", "all", "--vs", "4P23,8X35"],
    ]
    .into_iter()
    .map(|v| v.into_iter().map(str::to_string).collect())
    .collect()
}

fn too_wide(args: &[String], out: &str, err: &str, bad: &mut Vec<String>) {
    for (stream, text) in [("stdout", out), ("stderr", err)] {
        for line in text.lines() {
            if width(line) > 80 {
                bad.push(format!("{} ({stream}, {} columns): {line}", args.join(" "), width(line)));
            }
            if let Some(fault) = phrasing_fault(line) {
                bad.push(format!("{} ({stream}, {fault}): {line}", args.join(" ")));
            }
        }
    }
}

/// Phrasing faults no line may have (players read words, not hex): a singular count with a
/// plural noun ("1 points", "these 1 card"), bare hex ("0x86", "arrows 86"), the old rank
/// wording ("level 2 of 31").
fn phrasing_fault(line: &str) -> Option<&'static str> {
    let words: Vec<&str> = line.split(|c: char| !c.is_alphanumeric()).collect();
    let plurals = [
        "points", "cards", "wins", "losses", "draws", "discards", "copies", "saves", "files",
        "slots", "frames", "bytes",
    ];
    if words.windows(2).any(|w| w[0] == "1" && plurals.contains(&w[1])) {
        return Some("a plural after 1");
    }
    if words.windows(2).any(|w| ["these", "those", "all"].contains(&w[0]) && w[1] == "1") {
        return Some("a plural determiner before 1");
    }
    if words.iter().any(|w| {
        w.len() >= 3 && w.starts_with("0x") && w[2..].chars().all(|c| c.is_ascii_hexdigit())
    }) {
        return Some("bare hex");
    }
    if line.contains(" of 31") {
        return Some("the old rank wording");
    }
    None
}

#[test(needs = SharedData)]
fn every_line_of_every_command_fits_80_columns() {
    let files = all_files();
    // By hand: the 4 fixtures (fixtures/README.md) hold 3, 3, 1 and 1 FF9 saves; the genuine
    // PlayStation files are those of psx_genuine's table, with its saves; the PC `.dat` holds 7
    // (auto, 1-1 to 1-5 and 2-1) and each of the 7 Switch files one.
    let (genuine_files, genuine_saves) = crate::psx_genuine::files_and_saves();
    assert_eq!(files.len(), 4 + genuine_files + 1 + 7, "{files:?}");
    let expected_saves = 3 + 3 + 1 + 1 + genuine_saves + 7 + 7;
    let mut bad = Vec::new();
    let mut runs = 0;
    let mut saves_seen = 0;
    for file in &files {
        let f = file.to_str().unwrap();
        let mut lines: Vec<Vec<String>> = vec![vec!["saves".into(), f.into()]];
        for save in ff9_saves(file) {
            saves_seen += 1;
            lines.extend(commands(f, &save));
        }
        for args in lines {
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let (out, err) = run80(&refs);
            assert!(!out.is_empty(), "{} printed nothing; stderr: {err}", args.join(" "));
            too_wide(&args, &out, &err, &mut bad);
            runs += 1;
        }
    }
    // `saves DIR` on each folder.
    let mut dirs = vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")];
    dirs.extend(REAL.map(shared::path));
    for d in dirs {
        let args = vec!["saves".to_string(), d.to_str().unwrap().to_string()];
        let (out, err) = run80(&["saves", d.to_str().unwrap()]);
        too_wide(&args, &out, &err, &mut bad);
        runs += 1;
    }
    assert_eq!(saves_seen, expected_saves);
    eprintln!("{runs} runs over {} files and {saves_seen} FF9 saves", files.len());
    assert!(bad.is_empty(), "{} lines wider than 80 columns:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn narrower_terminals_are_fitted_too() {
    let mut bad = Vec::new();
    for columns in [40, 60] {
        for save in ["1", "2", "3"] {
            let mut lines = commands("fixtures/ff9-three-saves.mcr", save);
            lines.push(vec!["saves".into(), "fixtures/ff9-three-saves.mcr".into()]);
            lines.push(vec!["odds".into(), "8X35".into(), "4P23".into()]);
            for args in lines {
                let refs: Vec<&str> = args.iter().map(String::as_str).collect();
                let (out, err) = run_at(columns, &refs);
                for line in out.lines().chain(err.lines()).filter(|l| width(l) > columns) {
                    bad.push(format!("{} at {columns}: {line}", args.join(" ")));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The options that make a text wider, and the texts once left out: `cards --wide` (once 102
/// columns at 80), `cards --diagnostic` (which once split an arrow byte over two lines), the
/// header of `simulate`, the drop form `quadmist FILE --no-open` and the header of a save from
/// a deep folder. Every line fits, and no arrow byte is cut.
#[test]
fn every_wide_option_fits_80_columns() {
    let tmp = tempfile::tempdir().unwrap();
    let deep = tmp.path().join("a folder with a rather long name").join("and another one below it");
    std::fs::create_dir_all(&deep).unwrap();
    let card = deep.join("ff9-three-saves.mcr");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/ff9-three-saves.mcr"),
        &card,
    )
    .unwrap();
    let card = card.to_str().unwrap();
    let mut bad = Vec::new();
    let mut lines: Vec<Vec<&str>> = vec![
        vec!["simulate", "--games", "2", "--seed", "1", "--budget-ms", "1"],
        vec!["score", card],
    ];
    for save in ["1", "2", "3"] {
        for options in [&["--wide"][..], &["--diagnostic"], &["--wide", "--diagnostic"]] {
            let mut args = vec!["cards", "fixtures/ff9-three-saves.mcr", "--save", save];
            args.extend(options);
            lines.push(args);
        }
    }
    for args in &lines {
        let (out, err) = run80(args);
        assert!(!out.is_empty() || !err.is_empty(), "{args:?} printed nothing");
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        too_wide(&args, &out, &err, &mut bad);
        // The diagnostic's arrow bytes: each one whole on its row (two hex digits).
        if args.iter().any(|a| a == "--diagnostic") && !args.iter().any(|a| a == "--wide") {
            let cards =
                out.lines().skip(3).filter(|l| l.trim_start().starts_with(char::is_numeric));
            for row in cards {
                let hex = row.split_whitespace().filter(|w| {
                    w.len() == 2
                        && w.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_lowercase())
                });
                assert!(hex.count() >= 1, "{args:?}: no whole arrow byte in `{row}`\n{out}");
            }
        }
    }
    // The drop form, whose page goes to the temporary folder.
    let out = Command::quadmist()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", "80")
        .env("TMPDIR", tmp.path())
        .args([card, "--no-open"])
        .output()
        .unwrap();
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    let page = stdout.split_whitespace().find(|w| w.ends_with(".html")).expect("the page");
    // The page's path is printed whole (to be copied); every other line fits.
    let other: String =
        stdout.lines().filter(|l| !l.ends_with(page)).collect::<Vec<_>>().join("\n");
    too_wide(&[card.to_string(), "--no-open".into()], &other, &stderr, &mut bad);
    assert!(bad.is_empty(), "{} lines too wide:\n{}", bad.len(), bad.join("\n"));
}
