//! End to end through the binary, across platforms: the same player's saves as a PC `.dat`
//! and as Switch JSON give the same cards; scores and plans agree with values computed here
//! independently from the card lists (not with `rules::score`).

use crate::shared;

use crate::shared::cmd::Command;
use serde_json::Value;
use std::collections::HashSet;

fn quadmist() -> Command {
    let mut c = Command::quadmist();
    c.env("NO_COLOR", "1");
    c
}

fn json(args: &[&str]) -> Value {
    let out = quadmist().args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// (id, arrows, type) of every card in a `cards --json` answer.
fn cards_of(v: &Value) -> Vec<(u64, u64, String)> {
    v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_u64().unwrap(), c["arrows"].as_u64().unwrap(), c["type"].to_string()))
        .collect()
}

/// The collector points by the definition: 10 per distinct id, 5 per distinct mask, X 1, A 2.
fn points_by_hand(cards: &[(u64, u64, String)]) -> u64 {
    let ids: HashSet<u64> = cards.iter().map(|c| c.0).collect();
    let masks: HashSet<u64> = cards.iter().map(|c| c.1).collect();
    let types: u64 = cards
        .iter()
        .map(|c| match c.2.as_str() {
            "\"X\"" => 1,
            "\"A\"" => 2,
            _ => 0,
        })
        .sum();
    10 * ids.len() as u64 + 5 * masks.len() as u64 + types
}

const DAT: &str = "data/real/steam/SavedData_ww.dat";

#[test(needs = SharedData)]
fn pc_and_switch_copies_list_the_same_cards_through_the_cli() {
    let dat = shared::path(DAT);
    let pairs = [
        ("AUTO", "auto"),
        ("DATA_SLOT0_FILE0", "1-1"),
        ("DATA_SLOT0_FILE1", "1-2"),
        ("DATA_SLOT0_FILE2", "1-3"),
        ("DATA_SLOT0_FILE3", "1-4"),
        ("DATA_SLOT0_FILE4", "1-5"),
        ("DATA_SLOT1_FILE0", "2-1"),
    ];
    for (file, selector) in pairs {
        let switch = shared::path(&format!("data/real/switch/{file}"));
        let from_pc = json(&["cards", dat.to_str().unwrap(), "--save", selector]);
        let from_switch = json(&["cards", switch.to_str().unwrap()]);
        assert_eq!(from_pc["cards"], from_switch["cards"], "{file} vs {selector}");
        for k in ["wins", "losses", "draws"] {
            assert_eq!(from_pc[k], from_switch[k], "{k} of {file}");
        }
        let pc_score = json(&["score", dat.to_str().unwrap(), "--save", selector]);
        assert_eq!(pc_score["points"].as_u64().unwrap(), points_by_hand(&cards_of(&from_pc)));
    }
}

#[test(needs = SharedData)]
fn pc_autosave_score_matches_the_independent_decryption() {
    // From tests/oracles/pc_dat.py (Python `cryptography`): the autosave holds 41 cards over
    // 26 ids and 39 masks with one X card: 260 + 195 + 1 = 456 points, level 2 (400..499).
    let v = json(&["score", shared::path(DAT).to_str().unwrap(), "--save", "auto"]);
    assert_eq!(v["points"], 456);
    // Level 2 is "rank 3 of 32" in the text, rank 3 in the JSON.
    assert_eq!(v["rank"], 3);
    assert_eq!(v["rank_name"], "Player");
    assert_eq!(v["ids"]["count"], 26);
    assert_eq!(v["arrow_patterns"]["count"], 39);
    assert_eq!(v["types"]["x"], 1);
    assert_eq!(v["next"]["rank_name"], "Senior");
    assert_eq!(v["next"]["points_needed"], 44);
    assert_eq!(v["to_master"], 1698 - 456);
    assert_eq!(v["to_perfect"], 1700 - 456);
}

#[test(needs = SharedData)]
fn pc_plan_keeps_every_point_and_keepers_are_distinct() {
    let dat = shared::path(DAT);
    for selector in ["auto", "1-2", "2-1"] {
        let cards = json(&["cards", dat.to_str().unwrap(), "--save", selector]);
        let plan = json(&["plan", dat.to_str().unwrap(), "--save", selector]);
        let all: Vec<(u64, (u64, u64, String))> = cards["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["slot"].as_u64().unwrap(),
                    cards_of(&serde_json::json!({"cards": [c]}))[0].clone(),
                )
            })
            .collect();
        let safe: HashSet<u64> =
            plan["safe_discards"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap()).collect();
        let kept: Vec<_> =
            all.iter().filter(|(s, _)| !safe.contains(s)).map(|c| c.1.clone()).collect();
        let every: Vec<_> = all.iter().map(|c| c.1.clone()).collect();
        assert_eq!(points_by_hand(&kept), points_by_hand(&every), "safe discards lose nothing");
        let keepers: Vec<u64> = plan["master"]["keepers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .collect();
        let keeper_cards: Vec<_> =
            all.iter().filter(|(s, _)| keepers.contains(s)).map(|c| c.1.clone()).collect();
        let ids: HashSet<u64> = keeper_cards.iter().map(|c| c.0).collect();
        let masks: HashSet<u64> = keeper_cards.iter().map(|c| c.1).collect();
        assert_eq!(ids.len(), keepers.len(), "one keeper per id");
        assert_eq!(masks.len(), keepers.len(), "keepers on distinct masks");
        let owned: HashSet<u64> = every.iter().map(|c| c.0).collect();
        let missing = plan["master"]["missing_numbers"].as_array().unwrap().len();
        assert_eq!(missing, 100 - owned.len());
    }
}

#[test]
fn fixture_score_agrees_with_its_cards() {
    let card = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ff9-three-saves.mcr");
    for save in ["1", "2", "3"] {
        let cards = json(&["cards", card, "--save", save]);
        let score = json(&["score", card, "--save", save]);
        assert_eq!(score["points"].as_u64().unwrap(), points_by_hand(&cards_of(&cards)));
    }
}

#[test]
fn odds_with_a_card_from_a_save_uses_its_exact_stats() {
    let card = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ff9-three-saves.mcr");
    let cards = json(&["cards", card, "--save", "1"]);
    let first = cards["cards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["type"] == "P")
        .expect("a P card in the fixture")
        .clone();
    let slot = first["slot"].as_u64().unwrap().to_string();
    let atk = first["atk"].as_u64().unwrap().max(1);
    // Defender exact: pdef 40. Closed form of the spec, computed here.
    let d = 40u64;
    let expected = if atk <= d {
        (atk - 1) as f64 / (2 * d) as f64
    } else {
        1.0 - (d + 1) as f64 / (2 * atk) as f64
    };
    let v = json(&["odds", &format!("{card}:1"), "--card", &slot, "0/P/40/40"]);
    let p = v["attacker_wins"].as_f64().expect("one number for exact stats");
    assert!((p - expected).abs() < 1e-12, "{p} vs {expected}");
}

#[test(needs = SharedData)]
fn crafted_ff9_lookalike_is_not_a_collection() {
    let f = shared::path("data/real/psx-ff9-crafted/ff9-a-us-tpl.mcs");
    let out = quadmist().args(["cards", f.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = shared::words(&out.stderr);
    assert!(err.contains("FF9 file name but is not a game save"), "{err}");
    assert!(out.stdout.is_empty());
    let out = quadmist().args(["cards", f.to_str().unwrap(), "--save", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(shared::words(&out.stderr).contains("not a game save"));
}

#[test]
fn exit_codes_and_no_colour_off_a_terminal() {
    let out = quadmist().args(["saves", "/nonexistent/card.mcr"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = quadmist().args(["frobnicate"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let card = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ff9-three-saves.mcr");
    let out = Command::quadmist().args(["cards", card]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "several FF9 saves need --save");
    for args in
        [vec!["saves", card], vec!["cards", card, "--save", "2"], vec!["score", card, "-s", "3"]]
    {
        let out = Command::quadmist().args(&args).output().unwrap();
        assert!(out.status.success());
        assert!(!out.stdout.contains(&0x1B), "{args:?}: no escape codes when piped");
    }
}

#[test]
fn every_data_command_takes_json() {
    let card = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ff9-three-saves.mcr");
    for args in [
        vec!["saves", card],
        vec!["cards", card, "--save", "1"],
        vec!["score", card, "--save", "1"],
        vec!["plan", card, "--save", "1"],
        vec!["missing", card, "--save", "1"],
        vec!["odds", "8X35", "4P23"],
    ] {
        let v = json(&args);
        assert!(v.is_object(), "{args:?}");
    }
}
