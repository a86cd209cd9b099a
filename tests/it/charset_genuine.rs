//! The game's character tables checked against every genuine file of `../shared/data/real`
//! (every container): the place a save's block holds, decoded with the table, against the place
//! the game wrote in Shift-JIS into the same save's title, and the party's names against the
//! names each release gives its characters.
//!
//! The title is decoded here on its own (CP932 by `encoding_rs`, cut at the first NUL, the
//! place after the third full-width slash), not by quadmist's title reader.

use crate::shared;
use quadmist::ff9::charset::{self, Table};
use quadmist::ff9::{self, SavePayload};
use std::path::Path;

/// Block offsets (ff9-save-formats §a.5): the title, the load-screen place (28 bytes), the
/// party (4 record indices) and the character records (144 bytes each, name first).
const TITLE: std::ops::Range<usize> = 0x04..0x44;
const PLACE: std::ops::Range<usize> = 0x110..0x12C;
const PARTY: usize = 0xEE0;
const RECORDS: usize = 0x9D0;
const RECORD_LEN: usize = 144;

/// The place after the play time in a title, `None` when the title ends at the play time.
fn title_place(block: &[u8]) -> Option<String> {
    let raw = &block[TITLE];
    let raw = &raw[..raw.iter().position(|&b| b == 0).unwrap_or(raw.len())];
    let (title, _, errors) = encoding_rs::SHIFT_JIS.decode(raw);
    assert!(!errors, "{raw:02X?}");
    let parts: Vec<&str> = title.splitn(4, '／').collect();
    assert_eq!(parts[0], "ＦＦ９", "{title}");
    parts.get(3).map(|p| p.to_string())
}

/// A name of character record `k` (0 Zidane, 1 Vivi, 2 Dagger, ... 8 Beatrix).
fn record_name(block: &[u8], table: Table, k: usize) -> String {
    let at = RECORDS + RECORD_LEN * k;
    charset::decode(&block[at..at + 8], table, table.name_len()).text
}

/// Every file under `dir`, recursively, in a stable order.
fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// Dagger's, Steiner's, Freya's and Beatrix's names in each language (the localisations').
fn western_names(language: &str) -> [&'static str; 4] {
    match language {
        "English" => ["Dagger", "Steiner", "Freya", "Beatrix"],
        "French" => ["Dagga", "Steiner", "Freyja", "Beate"],
        "German" => ["Lili", "Steiner", "Freia", "Beatrix"],
        "Italian" | "Spanish" => ["Daga", "Steiner", "Freija", "Beatrix"],
        other => panic!("{other}"),
    }
}

/// The place each Western release writes at this point of the story (the belfry of
/// Alexandria), read by hand from the bytes with the spec's table (§a.6).
fn western_place(language: &str) -> &'static str {
    match language {
        "English" => "Alexandria/Steeple",
        "French" => "Clocher/Alex.",
        "German" => "Al./ Glockenturm",
        "Italian" | "Spanish" => "Alexandria/Torre",
        other => panic!("{other}"),
    }
}

#[test(needs = SharedData)]
fn every_genuine_place_decodes_as_its_title_and_every_name_as_its_release_names_it() {
    let mut all = Vec::new();
    files(&shared::path("data/real"), &mut all);
    let (mut japanese, mut western, mut files_with_saves) = (0, 0, 0);
    for path in &all {
        let bytes = std::fs::read(path).unwrap();
        let name = path.file_name().unwrap().to_str().unwrap();
        let Ok(set) = ff9::open(&bytes, Some(name), &|_| None) else { continue };
        let mut any = false;
        for e in set.saves.iter().filter(|e| e.is_ff9) {
            let SavePayload::PlayStation(save) = &e.payload else { continue };
            any = true;
            let at = format!("{} save {}", path.display(), e.selector);
            let block = &save.data;
            let language = e.game_info.as_ref().unwrap().language.as_str();
            let table = Table::for_region(Some(&e.name[..2]));
            let place = charset::decode(&block[PLACE], table, PLACE.len());
            assert_eq!((place.uncovered, place.kanji, place.ended), (0, 0, true), "{at}");
            let summary = e.summary.as_ref().unwrap();
            assert_eq!(summary.location.as_deref(), Some(place.text.as_str()), "{at}");
            // The leader is the first party member, Vivi (record 1), whose name is question
            // marks: the same bytes in the record and on the load screen.
            assert_eq!(block[PARTY], 1, "{at}");
            let vivi = record_name(block, table, 1);
            assert!(!vivi.is_empty() && vivi.chars().all(|c| c == '?'), "{at}: {vivi}");
            assert_eq!(summary.leader_name.as_deref(), Some(vivi.as_str()), "{at}");
            assert_eq!(summary.leader_label().as_deref(), Some("Vivi (not named yet)"), "{at}");
            if language == "Japanese" {
                assert_eq!(table, Table::Japanese);
                japanese += 1;
                assert_eq!(title_place(block).as_deref(), Some(place.text.as_str()), "{at}");
                assert_eq!(place.text, "アレクサンドリア", "{at}");
                // Dagger, Steiner, Freya, then Cinna, Marcus, Blank (borrowing the records of
                // Quina, Eiko and Amarant at this point of the story) and Beatrix.
                let names: Vec<String> = (2..9).map(|k| record_name(block, table, k)).collect();
                let want = [
                    "ダガー",
                    "スタイナー",
                    "フライヤ",
                    "シナ",
                    "マーカス",
                    "ブランク",
                    "ベアトリクス",
                ];
                assert_eq!(names, want, "{at}");
            } else {
                assert_eq!(table, Table::Western);
                western += 1;
                // The Western title ends at the play time (`FF9/FILE11/00:11`): no place in it.
                assert_eq!(title_place(block), None, "{at}");
                assert_eq!(place.text, western_place(language), "{at}");
                let names = [2, 3, 4, 8].map(|k| record_name(block, table, k));
                assert_eq!(names, western_names(language), "{at}");
            }
        }
        files_with_saves += usize::from(any);
    }
    // japan.{mcr,gme,vmp,psv} and filled.mcr's third save; 40 US and PAL saves in 28 files.
    assert_eq!((japanese, western, files_with_saves), (5, 40, 32));
}

#[test(needs = SharedData)]
fn the_page_of_a_japanese_save_names_its_place_and_vivi_not_named_yet() {
    for file in ["psx-ff9/japan.mcr", "psx-ff9/filled.mcr:3", "psx-ff9/usa.psv"] {
        let (path, save) = file.split_once(':').unwrap_or((file, "1"));
        let path = shared::path(&format!("data/real/{path}"));
        let out = crate::shared::cmd::Command::quadmist()
            .args(["report", path.to_str().unwrap(), "--save", save, "--output", "-"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{file}: {}", String::from_utf8_lossy(&out.stderr));
        let html = String::from_utf8(out.stdout).unwrap();
        assert!(html.contains("<title>Vivi's Tetra Master collection"), "{file}");
        assert!(html.contains("Vivi (not named yet), level 1"), "{file}");
        assert!(!html.contains("??????") && !html.contains("\\x"), "{file}");
        let place = if file.starts_with("psx-ff9/usa") {
            "Alexandria/Steeple"
        } else {
            "アレクサンドリア"
        };
        assert!(html.contains(&format!("<dd>{place}</dd>")), "{file}");
    }
}
