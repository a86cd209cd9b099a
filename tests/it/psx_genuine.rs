//! The genuine FF9 PlayStation saves of `../shared/data/real/psx-ff9/` (all seven releases in
//! four containers each, a mixed card, deleted saves, a DexDrive file 11 bytes short).
//!
//! Every expected value below was printed by `tests/oracles/psx_ff9.py`, which reads the raw
//! bytes on its own (container offsets, directory, CP932 title, CRC-16/MCRF4XX, the disc
//! fields, frames / 50 or 60, the FF9 charset, the 6-byte card records, and the collector
//! points as 10 per distinct id + 5 per distinct arrow mask + X 1 / A 2).

use crate::shared;

use crate::shared::cmd::Command;
use quadmist::ff9::{self, SaveEntry};
use quadmist::model::{CardRecord, CardType, Severity};
use quadmist::rules::score;

const DIR: &str = "data/real/psx-ff9";

/// One save as the oracle printed it.
#[derive(Clone, Copy)]
struct Expected {
    slot: &'static str,
    deleted: bool,
    name: &'static str,
    region: &'static str,
    language: &'static str,
    file: u8,
    title: &'static str,
    frames: u32,
    fps: u32,
    leader: &'static str,
    /// The three starting cards: the PAL set or the US/JP set.
    pal: bool,
}

/// (slot, id, arrows, atk, type code, pdef, mdef): Goblin, Fang, Skeleton.
type Rec = (u16, u8, u8, u8, u8, u8, u8);
const PAL_CARDS: [Rec; 3] =
    [(1, 0, 185, 5, 0, 7, 2), (2, 1, 164, 6, 0, 9, 3), (3, 2, 70, 7, 0, 6, 5)];
const NTSC_CARDS: [Rec; 3] =
    [(1, 0, 132, 3, 0, 4, 2), (2, 1, 88, 5, 0, 7, 2), (3, 2, 33, 5, 0, 10, 8)];

#[allow(clippy::too_many_arguments)]
const fn e(
    slot: &'static str,
    deleted: bool,
    name: &'static str,
    region: &'static str,
    language: &'static str,
    file: u8,
    title: &'static str,
    frames: u32,
    leader: &'static str,
) -> Expected {
    let pal = region.as_bytes()[0] == b'P';
    Expected {
        slot,
        deleted,
        name,
        region,
        language,
        file,
        title,
        frames,
        fps: if pal { 50 } else { 60 },
        leader,
        pal,
    }
}

const USA: Expected = e(
    "1",
    false,
    "BASLUS-0125100000-10",
    "NTSC-U",
    "English",
    11,
    "FF9/FILE11/00:11",
    41783,
    "??????",
);
const JAPAN: Expected = e(
    "1",
    false,
    "BISLPS-0200000000-14",
    "NTSC-J",
    "Japanese",
    15,
    "FF9/ファイル15/00:16/アレクサンドリア",
    57753,
    "??????",
);
const EUROPE_4: Expected =
    e("1", false, "BESLES-0296500000-03", "PAL", "English", 4, "FF9/FILE04/00:16", 48438, "??????");
const EUROPE_2: Expected =
    e("2", false, "BESLES-0296500000-01", "PAL", "English", 2, "FF9/FILE02/00:17", 51854, "??????");
const FRANCE: Expected =
    e("1", false, "BESLES-0296600000-08", "PAL", "French", 9, "FF9/FILE09/00:17", 51583, "???");
const GERMANY: Expected =
    e("1", false, "BESLES-0296700000-00", "PAL", "German", 1, "FF9/FILE01/00:16", 50835, "??????");
const ITALY_10: Expected = e(
    "1",
    false,
    "BESLES-0296800000-09",
    "PAL",
    "Italian",
    10,
    "FF9/FILE10/00:16",
    50275,
    "??????",
);
const ITALY_8: Expected =
    e("2", false, "BESLES-0296800000-07", "PAL", "Italian", 8, "FF9/FILE08/00:17", 53333, "??????");
const SPAIN_1: Expected = e(
    "1",
    false,
    "BESLES-0296900000-00",
    "PAL",
    "Spanish",
    1,
    "FF9/FILE01/00:16",
    50507,
    "???????",
);
const SPAIN_12: Expected = e(
    "2",
    false,
    "BESLES-0296900000-11",
    "PAL",
    "Spanish",
    12,
    "FF9/FILE12/00:18",
    54720,
    "???????",
);

fn as_single(x: &Expected) -> Expected {
    Expected { slot: "1", ..*x }
}
fn in_slot(x: &Expected, slot: &'static str, deleted: bool) -> Expected {
    Expected { slot, deleted, ..*x }
}

/// Every genuine file and its FF9 saves, in quadmist's listing order (live saves in
/// directory order, then deleted ones).
fn files() -> Vec<(&'static str, Vec<Expected>)> {
    let mut v = Vec::new();
    for ext in ["mcr", "gme", "vmp"] {
        let f =
            |stem: &str| -> &'static str { Box::leak(format!("{stem}.{ext}").into_boxed_str()) };
        v.push((f("usa"), vec![USA]));
        v.push((f("japan"), vec![JAPAN]));
        v.push((f("europe"), vec![EUROPE_4, EUROPE_2]));
        v.push((f("france"), vec![FRANCE]));
        v.push((f("germany"), vec![GERMANY]));
        v.push((f("italy"), vec![ITALY_10, ITALY_8]));
        v.push((f("spain"), vec![SPAIN_1, SPAIN_12]));
    }
    v.push(("usa.psv", vec![USA]));
    v.push(("japan.psv", vec![JAPAN]));
    v.push(("europe.psv", vec![as_single(&EUROPE_4)]));
    v.push(("france.psv", vec![FRANCE]));
    v.push(("germany.psv", vec![GERMANY]));
    v.push(("italy.psv", vec![as_single(&ITALY_8)]));
    v.push(("spain.psv", vec![as_single(&SPAIN_12)]));
    v.push(("filled.mcr", vec![ITALY_10, ITALY_8, in_slot(&JAPAN, "3", false)]));
    v.push(("deleted.mcr", vec![in_slot(&SPAIN_1, "1", true), in_slot(&SPAIN_12, "2", true)]));
    v.push(("deleted-slot12.mcr", vec![SPAIN_12, in_slot(&SPAIN_1, "1", true)]));
    v.push(("bad.gme", vec![FRANCE]));
    v
}

fn read(file: &str) -> ff9::SaveSet {
    let bytes = shared::read(&format!("{DIR}/{file}"));
    ff9::open(&bytes, Some(file), &|_| None).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// How many genuine files [`files`] lists, and how many FF9 saves they hold in all.
pub fn files_and_saves() -> (usize, usize) {
    let files = files();
    (files.len(), files.iter().map(|(_, saves)| saves.len()).sum())
}

fn check_save(file: &str, s: &SaveEntry, x: &Expected) {
    let at = format!("{file} save {}", x.slot);
    assert_eq!(s.selector, x.slot, "{at}");
    assert_eq!(s.name, x.name, "{at}");
    assert!(s.is_ff9, "{at}");
    assert_eq!(s.deleted, x.deleted, "{at}");
    assert_eq!(s.checksum_ok, Some(true), "{at}");
    assert_eq!(s.title, x.title, "{at}");
    let g = s.game_info.as_ref().unwrap();
    assert_eq!(
        (g.region.as_str(), g.language.as_str(), g.file, g.disc),
        (x.region, x.language, Some(x.file), Some(1)),
        "{at}"
    );
    let summary = s.summary.as_ref().unwrap();
    let seconds = summary.play_time_seconds.unwrap();
    assert!((seconds - x.frames as f64 / x.fps as f64).abs() < 1e-9, "{at}: {seconds}");
    // The play time agrees with the title's HH:MM.
    let t = x.title.split('/').nth(2).unwrap();
    let (hh, mm): (u64, u64) = (t[..2].parse().unwrap(), t[3..5].parse().unwrap());
    assert_eq!((seconds as u64 / 3600, seconds as u64 / 60 % 60), (hh, mm), "{at}");
    assert_eq!(summary.leader_name.as_deref(), Some(x.leader), "{at}");
    assert_eq!(summary.leader_level, Some(1), "{at}");
    // Every genuine save is early in the story: Vivi leads, not named yet.
    assert_eq!(summary.leader_label().as_deref(), Some("Vivi (not named yet)"), "{at}");
    // Nothing is wrong with a genuine save: only the deleted state is worth a word.
    for f in &s.findings {
        assert!(x.deleted && f.message.starts_with("deleted save"), "{at}: {f}");
    }
    assert_eq!(s.findings.iter().any(|f| f.message.starts_with("deleted save")), x.deleted);

    let c = s.collection().unwrap_or_else(|e| panic!("{at}: {e}"));
    assert_eq!((c.wins, c.losses, c.draws), (0, 0, 0), "{at}");
    let want: Vec<CardRecord> = (if x.pal { PAL_CARDS } else { NTSC_CARDS })
        .iter()
        .map(|&(slot, id, arrows, atk, t, pdef, mdef)| CardRecord {
            slot,
            id,
            arrows,
            atk,
            card_type: CardType::from_code(t as u32),
            pdef,
            mdef,
            cpoint: None,
        })
        .collect();
    assert_eq!(c.cards, want, "{at}");
    assert!(c.ignored_records.is_empty() && c.findings.is_empty(), "{at}: {:?}", c.findings);
    assert_eq!(score::points(&c.cards), 45, "{at}");
    // Every stat lies within the creation range of data/cards.csv: no legality finding.
    assert!(quadmist::rules::legality::check(&c).is_empty(), "{at}");
}

#[test(needs = SharedData)]
fn every_genuine_save_lists_and_decodes_as_the_oracle_read_it() {
    for (file, expected) in files() {
        let set = read(file);
        let ff9: Vec<&SaveEntry> = set.saves.iter().filter(|s| s.is_ff9).collect();
        assert_eq!(ff9.len(), expected.len(), "{file}: {:?}", set.saves);
        assert_eq!(set.saves.len(), expected.len(), "{file}: only FF9 saves are on these cards");
        for (s, x) in ff9.iter().zip(&expected) {
            check_save(file, s, x);
        }
        if file != "bad.gme" {
            assert!(set.findings.is_empty(), "{file}: {:?}", set.findings);
        }
    }
}

#[test(needs = SharedData)]
fn bad_gme_is_read_from_its_mc_mark_with_one_warning() {
    let set = read("bad.gme");
    // The oracle finds the card's `MC` at byte 3893 = 0xF40 − 11.
    assert_eq!(set.kind, ff9::FileKind::PlayStation(quadmist::container::ContainerFormat::Gme));
    assert_eq!(set.findings.len(), 1, "{:?}", set.findings);
    assert_eq!(set.findings[0].severity, Severity::Warning);
    assert_eq!(
        set.findings[0].message,
        "DexDrive GME header is 11 bytes short: the card's `MC` mark is at byte 3893 instead of \
         3904; the card is read from there"
    );
    assert_eq!(set.saves.len(), 1);
    assert!(set.saves[0].findings.is_empty(), "{:?}", set.saves[0].findings);
}

fn cards_json(file: &str, save: &str) -> serde_json::Value {
    let out = Command::quadmist()
        .env("NO_COLOR", "1")
        .args(["cards", shared::path(&format!("{DIR}/{file}")).to_str().unwrap()])
        .args(["--save", save, "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{file}: {}", String::from_utf8_lossy(&out.stderr));
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The selector is the container's (a directory slot, or 1 in a single save), and so is the
    // header's file and selector.
    v.as_object_mut().unwrap().remove("save");
    let header = v["header"].as_object_mut().unwrap();
    header.remove("file");
    header.remove("save");
    v
}

#[test(needs = SharedData)]
fn the_four_containers_of_a_release_give_the_same_cards_json() {
    // (release, the card's slot of the save the .psv holds)
    for (stem, slot) in [
        ("usa", "1"),
        ("japan", "1"),
        ("europe", "1"),
        ("france", "1"),
        ("germany", "1"),
        ("italy", "2"),
        ("spain", "2"),
    ] {
        let psv = cards_json(&format!("{stem}.psv"), "1");
        assert_eq!(psv["card_count"], 3, "{stem}");
        for ext in ["mcr", "gme", "vmp"] {
            assert_eq!(cards_json(&format!("{stem}.{ext}"), slot), psv, "{stem}.{ext}");
        }
    }
    // bad.gme holds the same French save as france.gme.
    assert_eq!(cards_json("bad.gme", "1"), cards_json("france.gme", "1"));
}

#[test]
fn a_dexdrive_header_that_lost_or_gained_bytes_is_found_by_the_mc_mark() {
    use quadmist::container::write::{to_gme, CardBuilder};
    let mut c = CardBuilder::formatted();
    c.add_save("BASLUS-0125100000-00", &quadmist::ff9::psx::write::FF9Block::default().build());
    let gme = to_gme(&c.into_bytes());
    // 11 bytes lost inside the header (as bad.gme), 5 gained, and 11 lost with the last
    // 8 KiB block cut off as well (the card is padded with zeros).
    let mut short = gme.clone();
    short.drain(0x20..0x2B);
    let mut long = gme.clone();
    long.splice(0x20..0x20, [0u8; 5]);
    let cut = short[..short.len() - 0x2000].to_vec();
    for (label, bytes, message) in [
        ("short", short, "DexDrive GME header is 11 bytes short: the card's `MC` mark is at byte 3893 instead of 3904; the card is read from there"),
        ("long", long, "DexDrive GME header is 5 bytes long: the card's `MC` mark is at byte 3909 instead of 3904; the card is read from there"),
        ("cut", cut, "DexDrive GME header is 11 bytes short: the card's `MC` mark is at byte 3893 instead of 3904; the card is read from there"),
    ] {
        let set = ff9::open(&bytes, Some("card.gme"), &|_| None).unwrap();
        let messages: Vec<&str> = set.findings.iter().map(|f| f.message.as_str()).collect();
        assert!(messages.contains(&message), "{label}: {messages:?}");
        let ff9: Vec<_> = set.saves.iter().filter(|s| s.is_ff9).collect();
        assert_eq!(ff9.len(), 1, "{label}");
        assert_eq!(ff9[0].checksum_ok, Some(true), "{label}");
    }
}
