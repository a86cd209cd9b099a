//! `quadmist cards` on the committed fixtures: table, JSON, CSV, filters, save selection.

use crate::shared::cmd::Command;
use predicates::prelude::*;

fn quadmist() -> Command {
    let mut c = Command::quadmist();
    c.current_dir(env!("CARGO_MANIFEST_DIR")).env("NO_COLOR", "1");
    c
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = quadmist().arg("cards").args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn help_documents_the_glyph_and_examples() {
    quadmist()
        .args(["cards", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("↖↑↗←→↙↓↘"))
        .stdout(predicate::str::contains("←□→"))
        .stdout(predicate::str::contains("Examples:"))
        .stdout(predicate::str::contains("--not-maxed"));
}

#[test]
fn usage_errors_exit_2() {
    quadmist().args(["cards", "x.mcr", "--type", "Q"]).assert().code(2);
    quadmist()
        .args(["cards", "fixtures/ff9-three-saves.mcr", "--card", "Nosuchcard"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Nosuchcard"));
}

#[test]
fn several_saves_need_a_selector() {
    quadmist()
        .args(["cards", "fixtures/ff9-three-saves.mcr"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("fixtures/ff9-three-saves.mcr:1  Zidane Lv 52"))
        .stderr(predicate::str::contains("fixtures/ff9-three-saves.mcr:2  Zidane Lv 34"))
        .stderr(predicate::str::contains("fixtures/ff9-three-saves.mcr:3  Zidane Lv 11"));
}

#[test]
fn single_save_file_needs_no_selector_and_matches_the_card() {
    let a = json(&["fixtures/ff9-file1.mcs"]);
    let b = json(&["fixtures/ff9-three-saves.mcr", "--save", "1"]);
    assert_eq!(a["cards"], b["cards"]);
    assert_eq!(a["wins"], b["wins"]);
    let c = json(&["fixtures/ff9-file1.psv"]);
    assert_eq!(a["cards"], c["cards"]);
    let d = json(&["fixtures/ff9-three-saves.gme", "--save", "1"]);
    assert_eq!(b["cards"], d["cards"]);
}

#[test]
fn json_fields_agree_with_the_generator() {
    // Expected values come from the generator's records, not from the decoder.
    use crate::psx_fixtures::generate;
    let saves = generate::saves();
    for (k, s) in saves.iter().enumerate() {
        let sel = (k + 1).to_string();
        let v = json(&["fixtures/ff9-three-saves.mcr", "--save", &sel]);
        assert_eq!(v["header"]["save"], sel.as_str());
        assert_eq!(v["wins"], s.block.wins);
        assert_eq!(v["losses"], s.block.losses);
        assert_eq!(v["draws"], s.block.draws);
        let cards = v["cards"].as_array().unwrap();
        let recs: Vec<_> =
            s.block.records[..100].iter().enumerate().filter(|(_, r)| r.id < 100).collect();
        assert_eq!(cards.len(), recs.len());
        for (c, (slot, r)) in cards.iter().zip(recs) {
            let info = &quadmist::model::catalogue::CATALOGUE[r.id as usize];
            assert_eq!(c["slot"], slot + 1);
            assert_eq!(c["id"], r.id);
            assert_eq!(c["name"], info.name);
            assert_eq!(c["type"], ["P", "M", "X", "A"][r.card_type as usize]);
            assert_eq!(c["atk"], r.atk);
            assert_eq!(c["pdef"], r.pdef);
            assert_eq!(c["mdef"], r.mdef);
            assert_eq!(c["arrows"], r.arrows);
            let display = format!(
                "{:X}{}{:X}{:X}",
                r.atk >> 4,
                ["P", "M", "X", "A"][r.card_type as usize],
                r.pdef >> 4,
                r.mdef >> 4
            );
            assert_eq!(c["display"], display.as_str());
            assert_eq!(c["max"]["atk"], info.max_atk);
            assert_eq!(c["max"]["pdef"], info.max_pdef);
            assert_eq!(c["max"]["mdef"], info.max_mdef);
        }
    }
}

#[test]
fn filters_and_sorting() {
    let all = json(&["fixtures/ff9-three-saves.mcr", "-s", "1"]);
    let cards = all["cards"].as_array().unwrap();
    let count = |id: &serde_json::Value| cards.iter().filter(|c| c["id"] == *id).count();

    let dups = json(&["fixtures/ff9-three-saves.mcr", "-s", "1", "--duplicates"]);
    let want: Vec<_> = cards.iter().filter(|c| count(&c["id"]) > 1).collect();
    let got: Vec<_> = dups["cards"].as_array().unwrap().iter().collect();
    assert!(!got.is_empty());
    assert_eq!(got, want);

    let not_maxed = json(&["fixtures/ff9-three-saves.mcr", "-s", "1", "--not-maxed"]);
    let want: Vec<_> = cards
        .iter()
        .filter(|c| ["atk", "pdef", "mdef"].iter().any(|s| c[s].as_u64() < c["max"][s].as_u64()))
        .collect();
    assert_eq!(not_maxed["cards"].as_array().unwrap().iter().collect::<Vec<_>>(), want);

    let strong = json(&["fixtures/ff9-three-saves.mcr", "-s", "1", "--sort", "strength"]);
    let sums: Vec<u64> = strong["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c["atk"].as_u64().unwrap() + c["pdef"].as_u64().unwrap() + c["mdef"].as_u64().unwrap()
        })
        .collect();
    assert!(sums.windows(2).all(|w| w[0] >= w[1]));
    assert_eq!(sums.len(), cards.len());

    let name = cards[0]["name"].as_str().unwrap().to_string();
    let one = json(&["fixtures/ff9-three-saves.mcr", "-s", "1", "--card", &name]);
    let one = one["cards"].as_array().unwrap();
    assert_eq!(one.len(), count(&cards[0]["id"]));
    assert!(one.iter().all(|c| c["name"] == name.as_str()));
}

#[test]
fn table_and_csv() {
    let out =
        quadmist().args(["cards", "fixtures/ff9-three-saves.mcr", "-s", "3"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "fixtures/ff9-three-saves.mcr:3  Zidane Lv 11, disc 1, Dali, 5:12:09\n2345 gil; "
        ),
        "{text}"
    );
    // One line per card (after the heading, the counts and the column names), each with its
    // arrows as a picture of 8 places and no hex byte.
    let v = json(&["fixtures/ff9-three-saves.mcr", "-s", "3"]);
    let rows: Vec<&str> = text.lines().skip(3).collect();
    assert_eq!(rows.len(), v["cards"].as_array().unwrap().len(), "{text}");
    let is_picture = |w: &str| w.chars().count() == 8 && w.chars().all(|c| "↖↑↗←→↙↓↘·".contains(c));
    for (row, card) in rows.iter().zip(v["cards"].as_array().unwrap()) {
        let pictures: Vec<&str> = row.split_whitespace().filter(|w| is_picture(w)).collect();
        assert_eq!(pictures.len(), 1, "{row}");
        assert_eq!(
            pictures[0],
            quadmist::cli::text::arrows_line(card["arrows"].as_u64().unwrap() as u8),
            "{row}"
        );
        assert!(!row.contains("0x"), "{row}");
    }
    assert!(!text.contains('\u{1b}'));
    let wide = quadmist()
        .args(["cards", "fixtures/ff9-three-saves.mcr", "-s", "3", "--wide"])
        .output()
        .unwrap();
    assert!(String::from_utf8(wide.stdout).unwrap().contains("□"));
    let out = quadmist()
        .args(["cards", "fixtures/ff9-three-saves.mcr", "-s", "3", "--csv"])
        .output()
        .unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    let v = json(&["fixtures/ff9-three-saves.mcr", "-s", "3"]);
    assert_eq!(csv.lines().count(), 1 + v["cards"].as_array().unwrap().len());
    assert!(csv.starts_with("slot,id,number,name,type,display,atk,max_atk"));
}

#[test]
fn legality_findings_and_ignored_records() {
    use quadmist::container::write::to_mcs;
    use quadmist::ff9::psx::block::RawCardRecord;
    use quadmist::ff9::psx::write::FF9Block;
    let mut b = FF9Block::default();
    // Goblin (caps 7/9/4) with atk 8: above its cap; Fang in record 101.
    b.records[0] = RawCardRecord { id: 0, arrows: 1, atk: 8, card_type: 0, pdef: 4, mdef: 2 };
    b.records[1] = RawCardRecord { id: 0, arrows: 2, atk: 3, card_type: 0, pdef: 4, mdef: 2 };
    b.records[100] = RawCardRecord { id: 1, arrows: 4, atk: 4, card_type: 0, pdef: 5, mdef: 2 };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("edited.mcs");
    std::fs::write(&path, to_mcs("BASLUS-0125100000-00", &b.build())).unwrap();
    let out = quadmist().arg("cards").arg(&path).arg("--json").output().unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("error: slot 1 Goblin: atk 8 is above its cap 7"), "{err}");
    // Reported once, by the decoder.
    assert_eq!(err.matches("101").count(), 1, "{err}");
    assert!(err.contains("warning: record 101 (past the game's 100 slots) holds Fang"), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cards"][0]["findings"][0]["issue"], "above_cap");
    assert_eq!(v["cards"][1]["findings"].as_array().unwrap().len(), 0);
    assert_eq!(v["cards"][0]["copies"], 2);
    assert_eq!(v["ignored_records"][0]["slot"], 101);
    assert_eq!(v["ignored_records"][0]["findings"][0]["issue"], "past_slot100");
    let out =
        quadmist().arg("cards").arg(&path).args(["--diagnostic", "--compact"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("records past slot 100"), "{text}");
    assert!(text.contains("Fang"), "{text}");
    let flagged =
        quadmist().arg("cards").arg(&path).args(["--flagged", "--json"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&flagged.stdout).unwrap();
    assert_eq!(v["cards"].as_array().unwrap().len(), 1);
}
