//! `quadmist missing --json`: the contract's keys and values, checked against the genuine
//! Switch save read independently (Python: scenario counter 9410, the Yeti, Mimic, Nymph and
//! Zuu flags set, 20 card numbers held).

use crate::shared;

#[test(needs = SharedData)]
fn json_follows_the_contract_on_a_genuine_switch_save() {
    let file = "../shared/data/real/switch/DATA_SLOT0_FILE1";
    let (out, _, code) = shared::quadmist(&["missing", file, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&v), ["disc", "missing", "pickups", "progress", "save"]);
    assert_eq!(v["save"], format!("{file}:1-2"));
    assert_eq!((v["disc"].as_u64(), v["progress"].as_u64()), (Some(3), Some(9410)));
    let missing = v["missing"].as_array().unwrap();
    assert_eq!(missing.len(), 80);
    assert_eq!(keys(&missing[0]), ["name", "number", "obtainable", "sources"]);
    let source = &missing[0]["sources"][0];
    assert_eq!(keys(source), ["disc", "kind", "possible", "source", "taken", "where"]);
    let pickups = v["pickups"].as_array().unwrap();
    assert_eq!(pickups.len(), 35);
    assert_eq!(keys(&pickups[0]), ["missed", "name", "number", "taken", "where"]);
    let taken: Vec<u64> = pickups
        .iter()
        .filter(|p| p["taken"] == true)
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    assert_eq!(taken, [11, 12, 17, 19]);
    // Namingway (98): missing, its one source the Desert Palace pickup on disc 3, not taken.
    let naming = missing.iter().find(|m| m["number"] == 98).unwrap();
    assert_eq!(naming["obtainable"], true);
    assert_eq!(naming["sources"][0]["kind"], "pickup");
    assert_eq!(naming["sources"][0]["disc"], serde_json::json!([3, 3]));
    assert_eq!(naming["sources"][0]["taken"], false);
    // Bomb (8): a battle drop whose window the guide does not give has `disc` null, and is
    // still possible; card players (discs 1 to 4) come after the drops.
    let bomb = missing.iter().find(|m| m["number"] == 8).unwrap();
    let first = &bomb["sources"][0];
    assert_eq!(
        (&first["kind"], &first["disc"], &first["possible"]),
        (&"drop".into(), &serde_json::Value::Null, &true.into())
    );
    assert_eq!(first["where"], "Axe Beak (guide's enemy 37)");
    let last = bomb["sources"].as_array().unwrap().last().unwrap();
    assert_eq!((&last["kind"], &last["disc"]), (&"player".into(), &serde_json::json!([1, 4])));
    // Antlion (23): its two disc-2 boss fights are over on disc 3; card players remain.
    let antlion = missing.iter().find(|m| m["number"] == 23).unwrap();
    let open: Vec<_> = antlion["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["kind"].clone(), s["possible"].clone()))
        .collect();
    assert_eq!(
        open,
        [
            ("player".into(), true.into()),
            ("drop".into(), false.into()),
            ("drop".into(), false.into())
        ]
    );
}

#[test]
fn help_has_examples_and_exit_codes_are_the_usual_ones() {
    let (out, _, code) = shared::quadmist(&["missing", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Examples:") && out.contains("--json"), "{out}");
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ff9-three-saves.mcr");
    // Several FF9 saves and no --save: a usage error; no such file: unusable.
    assert_eq!(shared::quadmist(&["missing", fixture]).2, 2);
    assert_eq!(shared::quadmist(&["missing", "no-such-file.mcr"]).2, 1);
    let (out, _, code) = shared::quadmist(&["missing", fixture, "--save", "3"]);
    assert_eq!(code, 0);
    // Save 3 of the fixture: story counter 1000 (disc 1), 14 card numbers held.
    assert!(out.contains("86 card numbers missing, all still to be had"), "{out}");
}
