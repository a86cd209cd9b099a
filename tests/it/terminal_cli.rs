//! The terminal commands from the outside: `saves DIR`, `-q`/`-v`, `--save latest`, `FILE:S`,
//! `odds` with a save as in the other commands, both directions and `--hand all`, `album`, the
//! icon message.

use super::shared;
use super::width80::run80;
use crate::shared::cmd::Command;

const CARD: &str = "fixtures/ff9-three-saves.mcr";

fn quadmist() -> Command {
    let mut c = Command::quadmist();
    c.current_dir(env!("CARGO_MANIFEST_DIR")).env("COLUMNS", "80");
    c
}

#[test]
fn saves_dir_lists_ff9_saves_with_their_selectors_and_skips_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join(CARD), dir.path().join("a.mcr")).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a save").unwrap();
    // Larger than 16 MiB (sparse): skipped with a note, never read.
    let big = std::fs::File::create(dir.path().join("huge.bin")).unwrap();
    big.set_len(17 * 1024 * 1024).unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::copy(root.join("fixtures/ff9-file1.psv"), dir.path().join("sub/b.psv")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let fifo = dir.path().join("pipe");
        let fifo = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path that lives across the call.
        let made = unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) };
        assert_eq!(made, 0, "mkfifo: {}", std::io::Error::last_os_error());
    }
    let out = quadmist()
        .arg("saves")
        .arg(dir.path())
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = shared::words(&out.stderr);
    assert!(stdout.contains("1 file with Final Fantasy IX saves (2 files read)"), "{stdout}");
    for sel in ["a.mcr:1", "a.mcr:2", "a.mcr:3"] {
        assert!(stdout.lines().any(|l| l.starts_with(sel)), "{sel}: {stdout}");
    }
    assert!(!stdout.contains("b.psv"), "not recursive unless asked: {stdout}");
    assert!(stderr.contains("huge.bin: larger than 16 MiB, not a save; skipped"), "{stderr}");
    #[cfg(unix)]
    assert!(stderr.contains("pipe: not a regular file; skipped"), "{stderr}");
    assert!(!stderr.contains("notes.txt"), "files that are not saves are skipped quietly");
    // The selector printed is one every command takes.
    let a = format!("{}:2", dir.path().join("a.mcr").display());
    let by_selector = quadmist().args(["score", &a]).output().unwrap();
    let by_flag = quadmist().args(["score", CARD, "--save", "2"]).output().unwrap();
    let body = |o: &[u8]| String::from_utf8_lossy(o).lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&by_selector.stdout), body(&by_flag.stdout));
    assert!(body(&by_flag.stdout).contains("553 points"));
    // --recursive reads the subfolder.
    let out = quadmist().args(["saves", "-r"]).arg(dir.path()).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("2 files with Final Fantasy IX saves"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("sub/b.psv:1")), "{stdout}");
}

#[test(needs = SharedData)]
fn quiet_hides_warnings_and_verbose_keeps_them() {
    let f = shared::path("data/real/psx-ff9/bad.gme");
    let f = f.to_str().unwrap();
    let (_, err) = run80(&["score", f]);
    assert!(err.contains("warning: DexDrive GME header is 11 bytes short"), "{err}");
    let (out_q, err_q) = run80(&["-q", "score", f]);
    assert_eq!(err_q, "");
    assert!(out_q.contains("45 points"), "{out_q}");
    let (_, err_v) = run80(&["score", f, "-v"]);
    assert_eq!(err_v, err);
}

#[test(needs = SharedData)]
fn latest_is_the_save_the_pc_metadata_names() {
    let f = shared::path("data/real/steam/SavedData_ww.dat");
    let f = f.to_str().unwrap();
    let (latest, _) = run80(&["score", f, "--save", "latest"]);
    let (one_one, _) = run80(&["score", f, "--save", "1-1"]);
    // The header names the save `FILE:1-1`, marked latest; a deep checkout's path may wrap
    // (its lines are joined here).
    let flat = |text: &str| text.lines().take(4).map(str::trim).collect::<Vec<_>>().join(" ");
    assert!(flat(&latest).starts_with(&format!("{f}:1-1")), "{latest}");
    assert!(flat(&latest).contains(", latest"), "{latest}");
    assert_eq!(latest, one_one);
    // A Switch file holds one save: `latest` is that save.
    let sw = shared::path("data/real/switch/DATA_SLOT0_FILE2");
    let (out, _) = run80(&["score", sw.to_str().unwrap(), "--save", "latest"]);
    let (plain, _) = run80(&["score", sw.to_str().unwrap()]);
    assert!(flat(&out).starts_with(&format!("{}:1-3", sw.display())), "{out}");
    assert_eq!(out, plain);
    // A memory card records no latest save: a usage error that lists the saves.
    let out = quadmist().args(["score", CARD, "--save", "latest"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(shared::words(&out.stderr).contains("does not record which save is the latest"));
}

#[test]
fn odds_reads_a_save_like_the_other_commands_in_both_directions() {
    // The fixture's save 1, slot 2: Iron Man 167/P/63/12 (fixtures/README.md).
    let (a, _) = run80(&["odds", CARD, "--save", "1", "--card", "2", "4P23"]);
    let (b, _) = run80(&["odds", "fixtures/ff9-three-saves.mcr:1", "--card", "2", "4P23"]);
    assert_eq!(a, b);
    // --save names the save of the file given first, as everywhere: never a file itself.
    let out = quadmist()
        .args(["odds", "--save", "fixtures/ff9-three-saves.mcr:1", "--card", "2", "4P23"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(shared::words(&out.stderr).contains("names a save of the file given first"));
    // And the save named twice is a usage error, not a missing file.
    let out = quadmist()
        .args(["odds", "fixtures/ff9-three-saves.mcr:1", "--save", "2", "--card", "2", "4P23"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(shared::words(&out.stderr).contains("the save is named twice"));
    // The save's header, then the card: its number and name, the slot labelled.
    assert!(a.starts_with("fixtures/ff9-three-saves.mcr:1  Zidane Lv 52, disc 3,"), "{a}");
    assert!(a.contains("\nWhen 53 Iron Man (slot 2): 167/P/63/12 (AP30) attacks 4P23\n"), "{a}");
    // Attacking: P, 167 vs pdef 32..47: worst 1 − 48/334 = 143/167.
    assert!(a.contains("worst   85.63% (143/167)"), "{a}");
    // Attacked: 4P23 is P, atk 64..79 vs Iron Man's pdef 63. Iron Man holds with
    // 1 − P(4P23 wins): worst at atk 79, 1 − (1 − 64·65/(2·79·64))... computed by the rules:
    let worst = 1.0 - quadmist::rules::battle::win_chance(79, 63).to_f64();
    assert!(a.contains("When 4P23 attacks it"), "{a}");
    assert!(a.contains(&format!("worst   {:.2}%", 100.0 * worst)), "{a}");
    // --hand all: one row per card of the save.
    let (t, _) = run80(&["odds", CARD, "--save", "3", "--hand", "all", "--vs", "4P23"]);
    let rows = t.lines().filter(|l| l.contains(" 4P23 ")).count();
    assert_eq!(rows, 18, "{t}");
}

#[test]
fn album_shows_the_hundred_numbers() {
    let (out, _) = run80(&["album", CARD, "--save", "3", "--missing"]);
    let grid: Vec<&str> = out.lines().skip(1).take(20).collect();
    let numbers: Vec<u32> = grid
        .iter()
        .step_by(2)
        .flat_map(|l| l.split_whitespace().filter_map(|w| w.parse::<u32>().ok()))
        .collect();
    assert_eq!(numbers, (1..=100).collect::<Vec<_>>());
    // The numbers held, from `cards --json`: distinct ids.
    let json = quadmist().args(["cards", CARD, "--save", "3", "--json"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let mut ids: Vec<u64> =
        v["cards"].as_array().unwrap().iter().map(|c| c["number"].as_u64().unwrap()).collect();
    let held = ids.len();
    ids.sort_unstable();
    ids.dedup();
    let line = format!(
        "{} of 100 card numbers held ({held} cards in all); {} missing",
        ids.len(),
        100 - ids.len()
    );
    assert!(shared::words(out.as_bytes()).contains(&line), "{line}\n{out}");
    let first_missing = (1..=100u64).find(|n| !ids.contains(n)).unwrap();
    assert!(out.contains(&format!("Missing: {first_missing} ")), "{out}");
}

#[test]
fn icon_says_where_it_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("icon.png");
    let out = quadmist().args(["icon", CARD, "--save", "1", "-o"]).arg(&png).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = shared::words(&out.stderr);
    // The save named by its header, as everywhere.
    assert!(
        err.contains(&format!(
            "{CARD}:1 Zidane Lv 52, disc 3, Black Mage Village, 34:05:41 wrote its icon to {}",
            png.display()
        )),
        "{err}"
    );
    assert!(err.contains(&format!("{} bytes", std::fs::metadata(&png).unwrap().len())), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn completions_and_man_page_come_from_the_binary() {
    let out = quadmist().args(["completions", "bash"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("_quadmist()") && text.contains("album"), "{text}");
    let out = quadmist().arg("man").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(".TH QUADMIST 1") && text.contains("album"), "{text}");
}

#[test]
fn the_readme_album_is_what_quadmist_prints() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme.find("An album, as").expect("README has the album");
    let block = &readme[start..];
    let open = block.find("```text\n").unwrap() + "```text\n".len();
    let shown = &block[open..open + block[open..].find("```").unwrap()];
    let (out, _) = run80(&["album", CARD, "--save", "1"]);
    assert_eq!(shown, out);
}

#[test]
fn a_random_card_gets_a_few_lines_of_findings_not_dozens() {
    // 128 KiB of noise (a fixed LCG): findings of one kind are shown 3 times, then counted.
    let mut x: u32 = 12345;
    let bytes: Vec<u8> = (0..128 * 1024)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("noise.mcr");
    std::fs::write(&f, bytes).unwrap();
    let f = f.to_str().unwrap();
    let (_, err) = run80(&["saves", f]);
    let (_, all) = run80(&["saves", f, "-v"]);
    let findings = |e: &str| e.lines().filter(|l| !l.starts_with("  ")).count();
    assert!(findings(&err) <= 20, "{err}");
    assert!(err.contains("more like it, on directory entries (-v shows them)"), "{err}");
    assert!(findings(&all) > findings(&err) + 10, "{all}");
    let (_, quiet) = run80(&["saves", f, "-q"]);
    assert!(quiet.lines().all(|l| l.starts_with("error") || l.starts_with("  ")), "{quiet}");
}

#[test(needs = SharedData)]
fn a_file_named_twice_has_its_findings_printed_once() {
    let f = shared::path("data/real/psx-ff9/bad.gme");
    let f = f.to_str().unwrap();
    let (out, err) = run80(&["odds", f, "--card", "1", "--vs-file", f, "--vs-card", "2"]);
    assert_eq!(err.matches("GME header is 11 bytes short").count(), 1, "{err}");
    // Goblin 5/P/7/2 attacks Fang 6/P/9/3: P, atk 5 against pdef 9.
    let attack = quadmist::rules::battle::win_chance(5, 9);
    assert!(out.contains(&format!("Goblin wins {:.2}% ({attack})", 100.0 * attack.to_f64())));
}
