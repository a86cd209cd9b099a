//! One voice: one header names a save everywhere (every command that shows a save, and every
//! error that asks the player to choose one, names it by the same line, `FILE:S` (what to type)
//! and then the leader and level, the disc, the place and the play time); a card is its number
//! and name, its slot labelled where it matters; a rank is numbered one way.
//!
//! The expected headers are written here from how the fixture was made
//! (`examples/make_fixtures/generate.rs`: file 1 is disc 3, leader level 52, Black Mage
//! Village, 34:05:41; file 3 disc 1, level 11, Dali, 5:12:09; the leader keeps the game's
//! default name, Zidane), not from the code that prints them.

use crate::shared::cmd::Command;

const CARD: &str = "fixtures/ff9-three-saves.mcr";
const SAVE_1: &str =
    "fixtures/ff9-three-saves.mcr:1  Zidane Lv 52, disc 3, Black Mage Village, 34:05:41";
const SAVE_3: &str = "fixtures/ff9-three-saves.mcr:3  Zidane Lv 11, disc 1, Dali, 5:12:09";
/// An empty board and the opponent's five cards, for `advise --file`.
const POSITION: &str = "..../..../..../....;*;1P23@N,2M12@E,0P10@S,3P20@W,1P11@N+S";

/// Runs quadmist wide enough for a header on one line: (stdout, stderr, exit code).
fn run(args: &[&str], tmp: &std::path::Path) -> (String, String, i32) {
    let out = Command::quadmist()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", "120")
        .env("NO_COLOR", "1")
        .env("TMPDIR", tmp)
        .env("BROWSER", tmp.join("no-such-browser"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn every_command_names_a_save_with_the_same_header() {
    let tmp = tempfile::tempdir().unwrap();
    let icon = tmp.path().join("icon.png");
    let page = tmp.path().join("page.html");
    let (icon, page) = (icon.to_str().unwrap(), page.to_str().unwrap());
    let spec = format!("{CARD}:1");
    let shows: Vec<Vec<&str>> = vec![
        vec!["cards", CARD, "--save", "1"],
        vec!["cards", &spec, "--wide"],
        vec!["album", &spec],
        vec!["score", &spec],
        vec!["plan", &spec],
        vec!["missing", &spec],
        vec!["odds", &spec, "--card", "2", "4P23"],
        vec!["report", &spec, "-o", page],
        vec!["icon", &spec, "-o", icon],
        vec![&spec, "--no-open"],
        vec!["advise", POSITION, "--file", &spec, "--hand", "2,3,4,5,7", "--budget-ms", "50"],
    ];
    let mut missing = Vec::new();
    for args in &shows {
        let (out, err, code) = run(args, tmp.path());
        assert_eq!(code, 0, "{args:?}: {err}");
        // `icon` says where it wrote on stderr (stdout stays for the PNG with -o -).
        let said = if args[0] == "icon" { &err } else { &out };
        if !said.lines().any(|l| l.trim_start() == SAVE_1 || l.contains(SAVE_1)) {
            missing.push(format!("{args:?}:\n{said}"));
        }
    }
    // `diff` names both saves, each by its header.
    let (out, err, code) = run(&["diff", &format!("{CARD}:3"), &spec], tmp.path());
    assert_eq!(code, 0, "{err}");
    for h in [SAVE_3, SAVE_1] {
        if !out.contains(h) {
            missing.push(format!("diff: {h}\n{out}"));
        }
    }
    // `watch` names the save it watches first, then waits (stopped here once it has).
    let said = watch_first_line(&spec);
    if said != SAVE_1 {
        missing.push(format!("watch: {said}"));
    }
    assert!(missing.is_empty(), "without the header:\n{}", missing.join("\n\n"));
}

/// `play` names the save my cards come from by the same header, as the first line of its
/// board (80 columns: run from the fixture's folder, the header fits on that line).
#[test(needs = Tmux)]
fn play_names_its_save_with_the_same_header() {
    let bin = env!("CARGO_BIN_EXE_quadmist");
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let command = format!(
        "cd '{}' && env NO_COLOR=1 '{bin}' play --file ff9-three-saves.mcr:1 --hand 2,3,4,5,7 \
         --budget-ms 50; sleep 60",
        folder.display()
    );
    let t = crate::play_cli::Tmux::start(&command);
    let screen = t.wait("the first question", |s| s.contains("Their card 1 of 5"));
    let expected = SAVE_1.strip_prefix("fixtures/").unwrap();
    assert_eq!(screen.lines().next().map(str::trim_end), Some(expected), "{screen}");
}

/// The first line `quadmist watch` prints on stdout (within ten seconds).
fn watch_first_line(spec: &str) -> String {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_quadmist"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", "120")
        .env("NO_COLOR", "1")
        .args(["watch", spec])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(std::time::Duration::from_secs(10)).unwrap_or_default();
    let _ = child.kill();
    let _ = child.wait();
    line.trim_end().to_string()
}

/// Every error that asks the player to choose a save lists the file's saves by the same
/// header, and what it lists works when typed.
#[test]
fn every_error_that_asks_for_a_save_lists_the_headers() {
    let tmp = tempfile::tempdir().unwrap();
    let asks: Vec<Vec<&str>> = vec![
        vec!["cards", CARD],
        vec!["score", CARD, "--save", "9"],
        vec!["plan", CARD, "--save", "latest"],
        vec!["missing", CARD],
        vec!["album", CARD],
        vec!["odds", CARD, "--card", "2", "4P23"],
        vec!["report", CARD, "-o", "-"],
        vec!["icon", CARD, "--save", "9", "-o", "-"],
        vec!["diff", CARD, CARD],
        vec!["advise", POSITION, "--file", CARD, "--hand", "2,3,4,5,7"],
        vec!["play", "--file", CARD, "--hand", "2,3,4,5,7"],
        vec!["watch", CARD],
    ];
    for args in &asks {
        let (_, err, code) = run(args, tmp.path());
        assert_eq!(code, 2, "{args:?}: {err}");
        for h in [SAVE_1, SAVE_3] {
            assert!(err.lines().any(|l| l.trim_start() == h), "{args:?} lacks `{h}`:\n{err}");
        }
        let how = if args[0] == "diff" { "choose one as FILE:S" } else { "(or with --save S)" };
        assert!(crate::shared::words(err.as_bytes()).contains(how), "{args:?}: {err}");
    }
    // Typed as offered, it works.
    let (_, err, code) = run(&["score", &format!("{CARD}:3")], tmp.path());
    assert_eq!(code, 0, "{err}");
}

/// A card is written one way: its number and its name, and the slot, where it matters, labelled
/// as a slot. (`odds` once wrote the slot where the others write the card number: "9 Ochu".)
#[test]
fn a_card_is_its_number_and_name_and_a_slot_is_labelled() {
    let tmp = tempfile::tempdir().unwrap();
    let (out, err, code) =
        run(&["odds", &format!("{CARD}:3"), "--hand", "all", "--vs", "4P23"], tmp.path());
    assert_eq!(code, 0, "{err}");
    let catalogue = quadmist::model::catalogue::CATALOGUE;
    let mut rows = 0;
    for line in out.lines().filter(|l| l.contains(" 4P23 ")) {
        // "29 Ochu (slot 9) 3P20   4P23 ...": the number is the named card's.
        let (number, rest) = line.split_once(' ').unwrap();
        let (name, rest) = rest.split_once(" (slot ").unwrap_or_else(|| panic!("{line}"));
        let card = catalogue.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("{line}"));
        assert_eq!(number.parse::<u8>().ok(), Some(card.number), "{line}");
        assert!(rest.split(')').next().unwrap().parse::<u16>().is_ok(), "{line}");
        rows += 1;
    }
    assert_eq!(rows, 18, "save 3 holds 18 cards:\n{out}");
    // Where only cards matter, the same words without a slot: plan's list of missing cards.
    let (out, _, _) = run(&["plan", &format!("{CARD}:3")], tmp.path());
    assert!(out.contains("Missing (86): 1 Goblin, 2 Fang, 5 Zaghnol"), "{out}");
}

/// Ranks are numbered one way in text: "rank N of 32", 1700 being rank 32 (`score --help` once
/// called it rank 31, while `plan --target 1700` said rank 32 of 32).
#[test]
fn a_rank_is_numbered_one_way() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = format!("{CARD}:1");
    let texts: Vec<Vec<&str>> = vec![
        vec!["score", "--help"],
        vec!["plan", "--help"],
        vec!["score", &spec],
        vec!["plan", &spec, "--target", "1700"],
        vec!["album", &spec],
    ];
    for args in &texts {
        let (out, err, code) = run(args, tmp.path());
        assert_eq!(code, 0, "{args:?}: {err}");
        let words: Vec<&str> = out.split_whitespace().collect();
        for (i, _) in words.iter().enumerate().filter(|(_, w)| **w == "rank") {
            let n = words.get(i + 1).and_then(|n| n.parse::<u8>().ok());
            let of = words.get(i + 2..i + 4).map(|w| w.join(" "));
            if let Some(n) = n {
                assert!((1..=32).contains(&n), "{args:?}: rank {n}");
                assert!(
                    of.as_deref().is_some_and(|o| o.starts_with("of 32")),
                    "{args:?}: `rank {n}` without `of 32`:\n{out}"
                );
            }
        }
        // The maximum, 1700, wherever a rank follows it, is rank 32 of 32.
        let text = words.join(" ");
        for (at, _) in text.match_indices("1700") {
            let after = &text[at..(at + 60).min(text.len())];
            if let Some(r) = after.find("rank ") {
                assert!(after[r..].starts_with("rank 32 of 32"), "{args:?}: {after}");
            }
        }
    }
}
