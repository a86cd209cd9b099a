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
    assert_eq!(keys(&v), ["disc", "header", "missing", "pickups", "progress"]);
    assert_eq!(v["header"]["save"], "1-2");
    assert_eq!((v["disc"].as_u64(), v["progress"].as_u64()), (Some(3), Some(9410)));
    let missing = v["missing"].as_array().unwrap();
    assert_eq!(missing.len(), 80);
    assert_eq!(keys(&missing[0]), ["name", "number", "obtainable", "sources"]);
    let source = &missing[0]["sources"][0];
    assert_eq!(
        keys(source),
        [
            "disc",
            "dispute",
            "enemy",
            "fight",
            "kind",
            "met",
            "one_source",
            "possible",
            "progress",
            "sources",
            "state",
            "taken",
            "where",
            "window_sources"
        ]
    );
    let pickups = v["pickups"].as_array().unwrap();
    // The template's 36 card flags, the 8 chocograph treasures and the Quan's Dwelling spot.
    assert_eq!(pickups.len(), 45);
    assert_eq!(
        keys(&pickups[0]),
        ["card_held", "missed", "name", "number", "state", "taken", "where"]
    );
    let taken: Vec<u64> = pickups
        .iter()
        .filter(|p| p["taken"] == true)
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    assert_eq!(taken, [11, 12, 17, 19]);
    // Namingway (98): missing, its one way the Desert Palace from story point 9450: later
    // at 9410; the end is disputed.
    let naming = missing.iter().find(|m| m["number"] == 98).unwrap();
    let way = &naming["sources"][0];
    assert_eq!(
        (&way["kind"], &way["state"], &way["taken"]),
        (&"pickup".into(), &"later".into(), &false.into())
    );
    assert_eq!(
        (&way["disc"], &way["progress"]),
        (&serde_json::json!([3, 3]), &serde_json::json!([9450, null]))
    );
    assert!(way["dispute"].is_string());
    // Bomb (8): battle drops whose window no source gives have `disc` and `progress` null and
    // stay open; the guide's enemy table and the game's battle data both give the Axe Beak's
    // card, and the game's battles place it; the reward from Tom's cat (disc 1) is over and
    // comes last.
    let bomb = missing.iter().find(|m| m["number"] == 8).unwrap();
    let first = &bomb["sources"][0];
    assert_eq!(
        (&first["kind"], &first["disc"], &first["progress"], &first["state"], &first["one_source"]),
        (
            &"drop".into(),
            &serde_json::Value::Null,
            &serde_json::Value::Null,
            &"open".into(),
            &false.into()
        )
    );
    assert_eq!((&first["where"], &first["enemy"]), (&"Axe Beak".into(), &37.into()));
    assert_eq!(first["met"], "Mist Continent, world map forests and deserts");
    assert!(first["sources"][0].as_str().unwrap().contains("Stolen Items"));
    assert!(first["sources"][1].as_str().unwrap().contains("StockEnemyBytes"));
    let last = bomb["sources"].as_array().unwrap().last().unwrap();
    assert_eq!((&last["kind"], &last["state"]), (&"reward".into(), &"over".into()));
    // Antlion (23): its two disc-2 fights are over on disc 3; card players remain.
    let antlion = missing.iter().find(|m| m["number"] == 23).unwrap();
    let ways: Vec<_> = antlion["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["kind"].clone(), s["state"].clone(), s["fight"].clone()))
        .collect();
    assert_eq!(
        ways,
        [
            ("player".into(), "open".into(), serde_json::Value::Null),
            ("drop".into(), "over".into(), "once".into()),
            ("drop".into(), "over".into(), "once".into())
        ]
    );
}

/// The text's lines at 80 columns and the missing card numbers of one save.
fn lines_and_missing(file: &str, save: &str) -> (usize, usize) {
    let mut args = vec!["missing", file];
    if !save.is_empty() {
        args.extend(["--save", save]);
    }
    let (out, _, code) = shared::quadmist(&args);
    assert_eq!(code, 0, "{file}:{save}");
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{file}:{save}: a line over 80 columns");
    args.push("--json");
    let (json, _, _) = shared::quadmist(&args);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    (out.lines().count(), v["missing"].as_array().unwrap().len())
}

/// The list says at most 2.5 lines per missing card on average at 80 columns (the heading,
/// the summary, the pickups and the legend included), on every genuine save: the seven
/// Switch saves, the seven blocks of the PC file and every PlayStation save.
#[test(needs = SharedData)]
fn the_list_takes_at_most_two_and_a_half_lines_a_missing_card() {
    let mut saves: Vec<(String, String)> = Vec::new();
    // Each Switch save and its copy in the PC file.
    for (file, selector, _) in crate::sources_real::SAVES {
        saves.push((format!("../shared/data/real/switch/{file}"), String::new()));
        let dat = "../shared/data/real/steam/SavedData_ww.dat";
        saves.push((dat.to_string(), selector.to_string()));
    }
    // Every FF9 save of the PlayStation cards (some hold two).
    for (release, count) in [
        ("usa", 1),
        ("europe", 2),
        ("france", 1),
        ("germany", 1),
        ("italy", 2),
        ("spain", 2),
        ("japan", 1),
    ] {
        for save in 1..=count {
            saves.push((format!("../shared/data/real/psx-ff9/{release}.mcr"), save.to_string()));
        }
    }
    let mut worst = 0.0f64;
    for (file, save) in &saves {
        let (lines, missing) = lines_and_missing(file, save);
        let per_card = lines as f64 / missing as f64;
        assert!(per_card <= 2.5, "{file}:{save}: {lines} lines for {missing} cards");
        worst = worst.max(per_card);
    }
    // A real bound: the late saves need close to two lines a card.
    assert!(worst > 1.5, "{worst}");
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

/// The player's text names no source and no internal label; `--sources` numbers each way's
/// sources and lists every number it uses, once, with its citation.
#[test(needs = SharedData)]
fn citations_stay_behind_sources() {
    let file = "../shared/data/real/switch/DATA_SLOT0_FILE1";
    let (plain, _, code) = shared::quadmist(&["missing", file]);
    assert_eq!(code, 0);
    for label in ["github.com", "https://", "guide's enemy", "sources read"] {
        assert!(!plain.contains(label), "`{label}` in the player's text");
    }
    let (cited, _, code) = shared::quadmist(&["missing", file, "--sources"]);
    assert_eq!(code, 0);
    let (list, refs) = cited.split_once("\nSources\n").expect("a list of sources at the end");
    let listed: Vec<usize> =
        refs.lines().filter_map(|l| l.strip_prefix('[')?.split_once(']')?.0.parse().ok()).collect();
    assert_eq!(listed, (1..=listed.len()).collect::<Vec<_>>(), "numbered in order, once each");
    // Every reference used in the list is in it, and every one listed is used.
    let used: std::collections::BTreeSet<usize> = list
        .split('[')
        .skip(1)
        .filter_map(|s| s.split_once(']'))
        .flat_map(|(inside, _)| inside.split(", ").filter_map(|n| n.trim().parse().ok()))
        .collect();
    assert_eq!(used, listed.iter().copied().collect());
    assert!(refs.contains("github.com/RyudoSynbios/game-tools-collection@88d5862b:"));
}
