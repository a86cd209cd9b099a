//! `quadmist diff` end to end on the fixture card, whose three saves are one simulated player
//! at three stages (`examples/make_fixtures/generate.rs`): the generator keeps a card in its
//! slot for its whole life, so the true history is known by slot and the diff (which ignores
//! slots) must find it. Points are recomputed here from the records by the definition.

use crate::psx_fixtures::generate;
use crate::shared::cmd::Command;
use quadmist::ff9::psx::block::CARD_SLOTS;
use serde_json::Value;
use std::collections::{BTreeSet, HashSet};

const CARD: &str = "fixtures/ff9-three-saves.mcr";

fn quadmist() -> Command {
    let mut c = Command::quadmist();
    c.env("NO_COLOR", "1").env("COLUMNS", "80");
    c
}

fn diff_json(old: &str, new: &str) -> Value {
    let out = quadmist().args(["diff", old, new, "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// (id, arrows, type code, atk, pdef, mdef).
type Value6 = (u64, u64, u64, u64, u64, u64);

fn of_json(c: &Value) -> Value6 {
    let t = match c["type"].as_str().unwrap() {
        "P" => 0,
        "M" => 1,
        "X" => 2,
        "A" => 3,
        other => panic!("type {other}"),
    };
    let n = |k: &str| c[k].as_u64().unwrap();
    (n("id"), n("arrows"), t, n("atk"), n("pdef"), n("mdef"))
}

/// The records of in-game file `file` (1 newest .. 3 oldest), by slot (`None` for a hole).
fn slots(file: usize) -> Vec<Option<Value6>> {
    let s = &generate::saves()[file - 1];
    s.block.records[..CARD_SLOTS]
        .iter()
        .map(|r| {
            (r.id < 100).then_some((
                r.id.into(),
                r.arrows.into(),
                r.card_type.into(),
                r.atk.into(),
                r.pdef.into(),
                r.mdef.into(),
            ))
        })
        .collect()
}

/// 10 per distinct id, 5 per distinct mask, X 1, A 2 per copy (tetra-master-rules §4.1).
fn points(cards: &[Value6]) -> u64 {
    let ids: HashSet<u64> = cards.iter().map(|c| c.0).collect();
    let masks: HashSet<u64> = cards.iter().map(|c| c.1).collect();
    let types: u64 = cards.iter().map(|c| [0, 0, 1, 2][c.2 as usize]).sum();
    10 * ids.len() as u64 + 5 * masks.len() as u64 + types
}

#[test]
fn the_diff_of_two_fixture_saves_is_the_generators_history() {
    for (old, new) in [(3, 2), (2, 1), (3, 1)] {
        let v = diff_json(&format!("{CARD}:{old}"), &format!("{CARD}:{new}"));
        let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        let expected_keys = [
            "from",
            "to",
            "wins",
            "losses",
            "draws",
            "points",
            "rank",
            "added",
            "removed",
            "grown",
            "evolved",
            "ambiguous",
        ];
        assert_eq!(keys, expected_keys.into_iter().collect());
        // The true history by slot: a slot holding the same id and arrows holds the same card.
        let (a, b) = (slots(old), slots(new));
        let (mut kept, mut removed, mut added) = (Vec::new(), Vec::new(), Vec::new());
        for (x, y) in a.iter().zip(&b) {
            match (x, y) {
                (Some(x), Some(y)) if (x.0, x.1) == (y.0, y.1) => kept.push((*x, *y)),
                _ => {
                    removed.extend(x);
                    added.extend(y);
                }
            }
        }
        let sorted = |mut v: Vec<Value6>| {
            v.sort();
            v
        };
        let list = |k: &str| v[k].as_array().unwrap().iter().map(of_json).collect::<Vec<_>>();
        assert_eq!(sorted(list("added")), sorted(added.clone()), "{old} → {new}: added");
        assert_eq!(sorted(list("removed")), sorted(removed.clone()), "{old} → {new}: removed");
        assert_eq!(v["ambiguous"].as_array().unwrap().len(), 0);
        let changed = |k: &str| {
            let mut out: Vec<(Value6, Value6)> = v[k]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| {
                    let (x, y) = (of_json(&e["before"]), of_json(&e["after"]));
                    // The stat changes are the differences (nothing was edited, nothing wraps).
                    assert_eq!(e["atk"].as_u64().unwrap(), y.3 - x.3);
                    assert_eq!(e["pdef"].as_u64().unwrap(), y.4 - x.4);
                    assert_eq!(e["mdef"].as_u64().unwrap(), y.5 - x.5);
                    (x, y)
                })
                .collect();
            out.sort();
            out
        };
        let mut grew: Vec<_> = kept.iter().copied().filter(|(x, y)| x.2 == y.2 && x != y).collect();
        let mut evolved: Vec<_> = kept.iter().copied().filter(|(x, y)| x.2 != y.2).collect();
        grew.sort();
        evolved.sort();
        assert_eq!(changed("grown"), grew, "{old} → {new}: grown");
        assert_eq!(changed("evolved"), evolved, "{old} → {new}: evolved");
        for e in v["evolved"].as_array().unwrap() {
            assert_eq!(e["from"], e["before"]["type"]);
            assert_eq!(e["to"], e["after"]["type"]);
        }
        // Counters and points, from the blocks and by the definition.
        let saves = generate::saves();
        let (sa, sb) = (&saves[old - 1].block, &saves[new - 1].block);
        assert_eq!(v["wins"]["before"], u64::from(sa.wins));
        assert_eq!(v["wins"]["after"], u64::from(sb.wins));
        assert_eq!(v["losses"]["after"], u64::from(sb.losses));
        assert_eq!(v["draws"]["after"], u64::from(sb.draws));
        let all = |s: &[Option<Value6>]| s.iter().flatten().copied().collect::<Vec<_>>();
        assert_eq!(v["points"]["before"], points(&all(&a)));
        assert_eq!(v["points"]["after"], points(&all(&b)));
        assert_eq!(v["from"]["save"], old.to_string());
        assert_eq!(v["to"]["file"], CARD);
        // Something of every kind happened between these saves (the test can fail).
        assert!(!added.is_empty() && !removed.is_empty() && !grew.is_empty());
    }
}

#[test]
fn card_objects_are_those_of_cards_json() {
    let v = diff_json(&format!("{CARD}:3"), &format!("{CARD}:1"));
    let out = quadmist().args(["cards", CARD, "--save", "1", "--json"]).output().unwrap();
    let cards: Value = serde_json::from_slice(&out.stdout).unwrap();
    let added = &v["added"][0];
    let same = cards["cards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["slot"] == added["slot"])
        .expect("the added card is in the later save");
    assert_eq!(added, same);
    let e = &v["evolved"][0];
    assert!(e["before"]["findings"].is_array() && e["after"]["max"].is_object());
}

#[test]
fn two_formats_of_one_save_show_no_change() {
    let out = quadmist()
        .args(["diff", "fixtures/ff9-file1.mcs", "fixtures/ff9-three-saves.gme:1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("No card changed."), "{text}");
    assert!(text.contains("Points: 915 (no change)"), "{text}");
}

#[test]
fn text_report_matches_its_snapshot_and_fits_80_columns() {
    let out =
        quadmist().args(["diff", &format!("{CARD}:3"), &format!("{CARD}:2")]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "too wide: {line}");
        assert!(!line.contains("0x"), "bare hex: {line}");
    }
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/snapshots/diff_3_to_2.txt");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, expected, "run with UPDATE_SNAPSHOTS=1 to accept a new rendering");
}

#[test]
fn usage_and_unreadable_files_give_the_documented_exit_codes() {
    quadmist().args(["diff", CARD]).assert().code(2);
    quadmist().args(["diff", "no-such-file.mcr", CARD]).assert().code(1);
    // Three FF9 saves and no selector: choose one (usage).
    quadmist().args(["diff", CARD, &format!("{CARD}:1")]).assert().code(2);
}

/// A Switch-style JSON save with these cards: (id, atk, type, pdef, mdef, arrows).
pub(crate) fn switch_save(wins: u32, cards: &[(u8, u8, &str, u8, u8, u8)]) -> String {
    let cards: Vec<String> = cards
        .iter()
        .map(|(id, atk, ty, pdef, mdef, arrow)| {
            format!(
                r#"{{"id":"{id}","side":"0","atk":"{atk}","type":"{ty}","pdef":"{pdef}","mdef":"{mdef}","cpoint":"10","arrow":"{arrow}"}}"#
            )
        })
        .collect();
    format!(
        r#"{{"Data":{{"30000_MiniGame":{{"sWin":"{wins}","sLose":"0","sDraw":"0","MiniGameCard":[{}]}}}}}}"#,
        cards.join(",")
    )
}

#[test]
fn two_stories_are_reported_as_ambiguous_and_not_guessed() {
    // Goblin (caps 7/9/4) with one mask: atk 3 and 4 before, 4 and 5 after. Either each grew
    // by one or the 3 became 5 and the 4 stayed: 2 level-ups either way. Fang (caps 9/10/4)
    // alone grew pdef +1 and became X: one story.
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("DATA_SLOT0_FILE0"), dir.path().join("DATA_SLOT0_FILE1"));
    let before =
        [(0, 3, "PHYSICAL", 4, 2, 1), (0, 4, "PHYSICAL", 4, 2, 1), (1, 5, "PHYSICAL", 6, 2, 9)];
    let after =
        [(1, 5, "FLEXIABLE", 7, 2, 9), (0, 5, "PHYSICAL", 4, 2, 1), (0, 4, "PHYSICAL", 4, 2, 1)];
    std::fs::write(&a, switch_save(4, &before)).unwrap();
    std::fs::write(&b, switch_save(5, &after)).unwrap();
    let v = diff_json(a.to_str().unwrap(), b.to_str().unwrap());
    let amb = v["ambiguous"].as_array().unwrap();
    assert_eq!(amb.len(), 1, "{v}");
    assert_eq!(amb[0]["name"], "Goblin");
    assert_eq!((amb[0]["kept"].as_u64(), amb[0]["growth"].as_u64()), (Some(2), Some(2)));
    let atks = |k: &str| {
        let mut v: Vec<u64> =
            amb[0][k].as_array().unwrap().iter().map(|c| c["atk"].as_u64().unwrap()).collect();
        v.sort();
        v
    };
    assert_eq!((atks("before"), atks("after")), (vec![3, 4], vec![4, 5]));
    assert_eq!(v["grown"].as_array().unwrap().len(), 0, "no Goblin story is picked");
    let ev = &v["evolved"][0];
    assert_eq!(
        (ev["from"].as_str(), ev["to"].as_str(), ev["pdef"].as_u64()),
        (Some("P"), Some("X"), Some(1))
    );
    assert!(
        v["added"].as_array().unwrap().is_empty() && v["removed"].as_array().unwrap().is_empty()
    );
    // 1 X copy: 20 + 10 + 1 points after; 2 ids, 2 masks before.
    assert_eq!(
        (v["points"]["before"].as_u64(), v["points"]["after"].as_u64()),
        (Some(30), Some(31))
    );

    let out = quadmist().args(["diff"]).arg(&a).arg(&b).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // Compared as words: the lines wrap at 80 columns.
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("1 group ambiguous"), "{text}");
    assert!(text.contains("1 Goblin, arrows ·↑······: before 3/P/4/2, 4/P/4/2; after"), "{text}");
    assert!(text.contains("2 cards kept, 2 level-ups in all"), "{text}");
    assert!(text.contains("1 card evolved: 2 Fang 0P00 → 0X00: P → X, pdef +1 (6→7/10)"), "{text}");
}
