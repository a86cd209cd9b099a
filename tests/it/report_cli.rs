//! `quadmist report` on the command line: where the page goes, what it refuses, `--json`.

use crate::shared::cmd::Command;
use predicates::str::contains;
use std::path::{Path, PathBuf};

fn quadmist() -> Command {
    Command::quadmist()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(name)
}

/// A copy of a fixture in a fresh directory (tests never touch the committed files).
fn copy_of(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::copy(fixture(name), &path).unwrap();
    (dir, path)
}

#[test]
fn help_has_the_options_and_examples() {
    quadmist()
        .args(["report", "--help"])
        .assert()
        .success()
        .stdout(contains("--output <PAGE.html>"))
        .stdout(contains("--save <SAVE>"))
        .stdout(contains("--json"))
        .stdout(contains("Examples:"))
        .stdout(contains("-collection.html"));
}

#[test]
fn without_o_the_page_goes_to_the_current_directory_named_after_the_save() {
    let (dir, card) = copy_of("ff9-three-saves.mcr");
    let out = tempfile::tempdir().unwrap();
    quadmist()
        .current_dir(out.path())
        .args(["report", card.to_str().unwrap(), "--save", "2"])
        .assert()
        .success()
        .stdout(contains("Wrote ff9-three-saves-save-2-collection.html"));
    let page =
        std::fs::read_to_string(out.path().join("ff9-three-saves-save-2-collection.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    // Nothing was written beside the save.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // A single-save file needs no --save and no save number in the name.
    let (_d, mcs) = copy_of("ff9-file1.mcs");
    quadmist().current_dir(out.path()).args(["report", mcs.to_str().unwrap()]).assert().success();
    assert!(out.path().join("ff9-file1-collection.html").is_file());
}

#[test]
fn it_never_writes_over_the_save_it_reads() {
    let (dir, card) = copy_of("ff9-three-saves.mcr");
    let before = std::fs::read(&card).unwrap();
    // The same file by another spelling of its path.
    let other_spelling = dir.path().join(".").join("ff9-three-saves.mcr");
    for target in [&card, &other_spelling] {
        quadmist()
            .args(["report", card.to_str().unwrap(), "--save", "1", "-o"])
            .arg(target)
            .assert()
            .code(2)
            .stderr(contains("the save being read"));
    }
    // Nor over another file that is not an HTML page.
    let (_d2, other) = copy_of("ff9-file1.psv");
    quadmist()
        .args(["report", card.to_str().unwrap(), "--save", "1", "-o"])
        .arg(&other)
        .assert()
        .code(2)
        .stderr(contains("not an HTML page"));
    assert_eq!(std::fs::read(&card).unwrap(), before);
    assert_eq!(std::fs::read(&other).unwrap(), std::fs::read(fixture("ff9-file1.psv")).unwrap());
}

#[test]
fn an_earlier_page_is_replaced() {
    let (dir, card) = copy_of("ff9-file1.mcs");
    let page = dir.path().join("mine.html");
    std::fs::write(&page, "<!doctype html><p>old").unwrap();
    quadmist().args(["report", card.to_str().unwrap(), "-o"]).arg(&page).assert().success();
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(!text.contains("<p>old") && text.contains("data-id=\"99\""));
    // An earlier page longer than the new one (the page is written over it in place): the
    // file is then exactly the new page, nothing of the old one after it.
    let expected =
        quadmist().args(["report", card.to_str().unwrap(), "-o", "-"]).output().unwrap().stdout;
    let mut long = b"<!doctype html><p>old".to_vec();
    long.resize(2 * expected.len(), b'x');
    std::fs::write(&page, &long).unwrap();
    quadmist().args(["report", card.to_str().unwrap(), "-o"]).arg(&page).assert().success();
    assert_eq!(std::fs::read(&page).unwrap(), expected);
}

#[test]
fn json_says_where_the_page_went() {
    let (dir, card) = copy_of("ff9-three-saves.mcr");
    let page = dir.path().join("p.html");
    let out = quadmist()
        .args(["report", card.to_str().unwrap(), "--save", "3", "--json", "-o"])
        .arg(&page)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["output"], page.display().to_string());
    assert_eq!(v["bytes"], std::fs::metadata(&page).unwrap().len());
    let score: serde_json::Value = serde_json::from_slice(
        &quadmist()
            .args(["score", card.to_str().unwrap(), "--save", "3", "--json"])
            .assert()
            .success()
            .get_output()
            .stdout,
    )
    .unwrap();
    assert_eq!(v["points"], score["points"]);
    assert_eq!(v["card_count"], 18);
}

#[test]
fn dash_writes_the_page_to_standard_output() {
    let (_d, card) = copy_of("ff9-file1.psv");
    quadmist()
        .args(["report", card.to_str().unwrap(), "-o", "-"])
        .assert()
        .success()
        .stdout(predicates::str::starts_with("<!DOCTYPE html>"));
    quadmist().args(["report", card.to_str().unwrap(), "-o", "-", "--json"]).assert().code(2);
}

#[test]
fn every_fixture_page_is_under_300_kb() {
    let out = tempfile::tempdir().unwrap();
    for save in ["1", "2", "3"] {
        let page = out.path().join(format!("{save}.html"));
        quadmist()
            .args(["report", fixture("ff9-three-saves.mcr").to_str().unwrap(), "--save", save])
            .arg("-o")
            .arg(&page)
            .assert()
            .success();
        let len = std::fs::metadata(&page).unwrap().len();
        assert!(len < 300 * 1024, "save {save}: {len} bytes");
    }
}

#[test]
fn a_missing_file_or_save_is_reported_not_written() {
    let out = tempfile::tempdir().unwrap();
    quadmist().current_dir(out.path()).args(["report", "none.mcr"]).assert().code(1);
    quadmist()
        .current_dir(out.path())
        .args(["report", fixture("ff9-three-saves.mcr").to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(contains("choose one with --save"));
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}

/// A missing card opened in the report shows where it can still be had, with each fact's
/// source; an owned card shows none. The genuine Switch save (disc 3, Yeti, Mimic, Nymph and
/// Zuu taken) lacks Namingway (98), whose one source is the Desert Palace pickup, and holds
/// Goblin (1).
#[test(needs = SharedData)]
fn a_missing_card_opened_shows_its_sources() {
    let out = tempfile::tempdir().unwrap();
    let page = out.path().join("page.html");
    quadmist()
        .args(["report", "../shared/data/real/switch/DATA_SLOT0_FILE1", "-o"])
        .arg(&page)
        .assert()
        .success();
    let html = scraper::Html::parse_document(&std::fs::read_to_string(&page).unwrap());
    let card = |n: u8| {
        let sel = scraper::Selector::parse(&format!("#card-{n} .sources li")).unwrap();
        html.select(&sel).map(|li| li.text().collect::<String>()).collect::<Vec<_>>()
    };
    let naming = card(98);
    assert_eq!(naming.len(), 1, "{naming:?}");
    assert!(naming[0].starts_with("pickup: Desert Palace, sanctum (disc 3)"), "{naming:?}");
    assert!(naming[0].contains("source: github.com/RyudoSynbios/game-tools-collection@"));
    assert_eq!(card(1), Vec::<String>::new(), "Goblin is held");
    // Gargant (97), disc 3: the two drops of unknown window, the named card players before
    // the unnamed ones, then the disc-2 Ralvuimago fight, over.
    let gargant = card(97);
    assert_eq!(gargant.len(), 5, "{gargant:?}");
    let drop = "battle drop: Adamantoise (guide's enemy 104) (disc not in the sources read)";
    assert!(gargant[0].starts_with(drop), "{gargant:?}");
    assert!(gargant[2].contains("Card Freak Cil"));
    assert!(gargant[3].starts_with("card players: which decks hold it is not in the sources"));
    let boss = "battle drop: Ralvuimago (guide's enemy 79), one-time boss fight (disc 2): over";
    assert!(gargant[4].starts_with(boss), "{gargant:?}");
    // The drop chance is said once under a card that has drops, not on each drop.
    let note = scraper::Selector::parse("#card-97 p.muted small").unwrap();
    let notes: Vec<String> = html.select(&note).map(|n| n.text().collect()).collect();
    assert!(notes.iter().any(|n| n.contains("32 in 256 (12.5 %)")), "{notes:?}");
    assert!(gargant.iter().all(|g| !g.contains("32 in 256")));
    let note = scraper::Selector::parse("#card-98 p.muted small").unwrap();
    assert_eq!(html.select(&note).count(), 0, "Namingway has no drop");
}
