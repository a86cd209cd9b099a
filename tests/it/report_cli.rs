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

/// A report stays a light file to keep or send: 576 KiB at most. A missing card's ways are in its
/// album card and in the missing list, and a drop cites two origins, so an early save with 86
/// cards missing (save 3, disc 1) is the largest: 527 KiB.
#[test]
fn every_fixture_page_is_under_576_kib() {
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
        assert!(len < 576 * 1024, "save {save}: {len} bytes");
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
        .stderr(contains("choose one as FILE:S (or with --save S)"));
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}

/// A missing card opened in the report shows where it can still be had, best first, with
/// each way's sources behind a disclosure; an owned card shows none. The genuine Switch save
/// (disc 3, story point 9410) lacks Namingway (98), whose one way is the Desert Palace pickup
/// (from story point 9450), and holds Goblin (1).
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
    let texts = |css: &str| {
        let sel = scraper::Selector::parse(css).unwrap();
        html.select(&sel).map(|e| e.text().collect::<String>()).collect::<Vec<_>>()
    };
    let naming = texts("#card-98 .ways p.best");
    assert_eq!(naming.len(), 1, "{naming:?}");
    assert!(
        naming[0].starts_with("later: pickup: Desert Palace, Kuja's room (from story point 9450"),
        "{naming:?}"
    );
    let cites = texts("#card-98 .way-sources li");
    assert_eq!(cites.len(), 1, "{cites:?}");
    assert!(cites[0].contains("game-tools-collection, template.ts"), "{cites:?}");
    let links = scraper::Selector::parse("#card-98 .way-sources a").unwrap();
    let hrefs: Vec<&str> = html.select(&links).filter_map(|a| a.value().attr("href")).collect();
    assert!(hrefs
        .iter()
        .any(|h| h.starts_with("https://github.com/RyudoSynbios/game-tools-collection/blob/")));
    assert_eq!(texts("#card-1 .ways"), Vec::<String>::new(), "Goblin is held");
    // Gargant (97), story point 9410: the drops whose window is not known first, in one
    // clause, the named card players after, and the disc-2 Ralvuimago fight over.
    let gargant = texts("#card-97 .ways p");
    assert_eq!(gargant.len(), 3, "{gargant:?}");
    assert!(
        gargant[0].starts_with(
            "drop: Adamantoise (Mist Continent, Forgotten Continent, world map marshes), \
             Dracozombie (Iifa Tree, world map)"
        ),
        "{gargant:?}"
    );
    assert!(gargant[1].contains("Card Freak Cil"), "{gargant:?}");
    assert!(gargant[2].starts_with("over: Ralvuimago (Gargan Roo, disc 2, once)"), "{gargant:?}");
    // No internal label and no drop chance on each way: the legend says them once.
    assert!(gargant.iter().all(|g| !g.contains("guide's enemy") && !g.contains("256")));
}
