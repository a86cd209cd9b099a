//! The JSON contract. Each command's `--json` document has a JSON Schema in `schemas/`, derived
//! from the types the command serializes (`quadmist::cli::json_schemas`); a test fails when a
//! file there is not what the code derives now (run again with `QUADMIST_UPDATE_SCHEMAS=1` to
//! rewrite them, then read the diff: it is the change of the contract). Every JSON document a
//! test gets from the binary (`shared::cmd::Command::output` calls [`check_output`]) and every
//! JSON snapshot is validated against its command's schema.

use crate::json_validator::Validator;
use crate::shared::cmd::Command;
use clap::CommandFactory;
use serde_json::Value;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Set to `1` to rewrite the files in `schemas/` from the code.
const UPDATE: &str = "QUADMIST_UPDATE_SCHEMAS";

fn schema_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas")
}

/// A schema as the repository keeps it: pretty JSON and a final line break.
fn schema_text(schema: &schemars::Schema) -> String {
    serde_json::to_string_pretty(schema.as_value()).unwrap() + "\n"
}

/// The validators of the schemas in `schemas/` (what a consumer reads), by command.
fn validators() -> &'static BTreeMap<String, Validator> {
    static V: OnceLock<BTreeMap<String, Validator>> = OnceLock::new();
    V.get_or_init(|| {
        quadmist::cli::json_schemas()
            .into_iter()
            .map(|(name, _)| {
                let path = schema_dir().join(format!("{name}.json"));
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let schema: Value = serde_json::from_str(&text).unwrap();
                let v = Validator::new(schema)
                    .unwrap_or_else(|e| panic!("{} cannot be checked: {e}", path.display()));
                (name.to_string(), v)
            })
            .collect()
    })
}

/// The schema errors of `doc` as the document of `command`, one per line; empty when it conforms.
pub fn errors(command: &str, doc: &Value) -> String {
    let v = validators().get(command).unwrap_or_else(|| panic!("no schema for `{command}`"));
    v.errors(doc).iter().map(|e| format!("{e}\n")).collect()
}

/// Panics unless `doc` conforms to the schema of `command`.
pub fn assert_conforms(command: &str, doc: &Value) {
    let e = errors(command, doc);
    assert!(
        e.is_empty(),
        "the JSON of `{command}` does not conform to schemas/{command}.json:\n{e}"
    );
}

/// Validates what a run of the binary printed, when it was asked for JSON: the document (one a
/// line for `watch`) must conform to its command's schema. Runs without `--json`, with
/// `--help`, or that printed nothing are left alone.
pub fn check_output(args: &[OsString], stdout: &[u8]) -> Result<(), String> {
    let args: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    if !args.contains(&"--json") || args.contains(&"--help") || stdout.is_empty() {
        return Ok(());
    }
    let Some(&command) = args.iter().find(|a| !a.starts_with('-')) else { return Ok(()) };
    if !validators().contains_key(command) {
        return Ok(());
    }
    let text = String::from_utf8_lossy(stdout);
    let docs: Vec<&str> = if command == "watch" {
        text.lines().filter(|l| !l.is_empty()).collect()
    } else {
        vec![&text]
    };
    for doc in docs {
        let value: Value = serde_json::from_str(doc)
            .map_err(|e| format!("quadmist {args:?} printed no JSON ({e}):\n{doc}"))?;
        let e = errors(command, &value);
        if !e.is_empty() {
            return Err(format!(
                "quadmist {args:?}: its JSON does not conform to its schema:\n{e}"
            ));
        }
    }
    Ok(())
}

#[test]
fn the_schemas_in_the_repository_are_current() {
    let update = std::env::var(UPDATE).is_ok_and(|v| v == "1");
    let dir = schema_dir();
    let mut stale = Vec::new();
    let schemas = quadmist::cli::json_schemas();
    for (name, schema) in &schemas {
        let path = dir.join(format!("{name}.json"));
        let want = schema_text(schema);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(want.as_str()) {
            if update {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, want).unwrap();
            } else {
                stale.push(format!("schemas/{name}.json"));
            }
        }
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = entry.unwrap().file_name().to_string_lossy().into_owned();
        let known = schemas.iter().any(|(name, _)| format!("{name}.json") == file);
        if !known && file.ends_with(".json") {
            stale.push(format!("schemas/{file} (no command prints it)"));
        }
    }
    assert!(
        stale.is_empty(),
        "not what the code derives: {stale:?}\nrewrite them with {UPDATE}=1 cargo test --test it \
         json_schema:: and read the diff: it changes the JSON contract"
    );
}

/// Every subcommand with a `--json` option has a schema, and no schema names another command.
#[test]
fn every_command_with_json_has_a_schema() {
    let cli = quadmist::cli::Cli::command();
    let with_json: Vec<String> = cli
        .get_subcommands()
        .filter(|c| c.get_arguments().any(|a| a.get_long() == Some("json")))
        .map(|c| c.get_name().to_string())
        .collect();
    let mut named: Vec<String> =
        quadmist::cli::json_schemas().into_iter().map(|(n, _)| n.to_string()).collect();
    named.sort();
    let mut with_json_sorted = with_json.clone();
    with_json_sorted.sort();
    assert_eq!(named, with_json_sorted);
    // The commands as counted by hand from `src/cli/command/` (each `pub json: bool`).
    assert_eq!(with_json.len(), 12, "{with_json:?}");
}

/// Each schema names its dialect and uses only the keywords the tests' validator checks
/// (`json_validator`, which refuses any other).
#[test]
fn each_schema_is_a_valid_json_schema() {
    for (name, schema) in quadmist::cli::json_schemas() {
        let value = schema.as_value();
        assert_eq!(
            value["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{name}: the dialect"
        );
        if let Err(e) = Validator::new(value.clone()) {
            panic!("{name}: {e}");
        }
        assert!(value["title"].is_string(), "{name}: no title");
    }
}

/// A document that breaks the contract is rejected: the validation can fail.
#[test]
fn a_document_that_breaks_the_contract_is_rejected() {
    let (out, err, code) = crate::shared::quadmist(&[
        "score",
        "fixtures/ff9-three-saves.mcr",
        "--save",
        "1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let good: Value = serde_json::from_str(&out).unwrap();
    assert_conforms("score", &good);
    // A required key gone, a number written as text, a key the contract does not name.
    let mut gone = good.clone();
    gone.as_object_mut().unwrap().remove("points");
    assert!(errors("score", &gone).contains("points"), "{}", errors("score", &gone));
    let mut text = good.clone();
    text["points"] = Value::from("915");
    assert!(!errors("score", &text).is_empty());
    let mut negative = good.clone();
    negative["points"] = Value::from(-1);
    assert!(!errors("score", &negative).is_empty(), "points is unsigned");
    let mut extra = good.clone();
    extra["ids"]["numbers"] = Value::from(58);
    assert!(errors("score", &extra).contains("numbers"), "{}", errors("score", &extra));
    // A key added beside the keys a flattened enum brings (odds' matchup and its ranges).
    let (out, _, _) = crate::shared::quadmist(&["odds", "8X35", "4P23", "--json"]);
    let mut odds: Value = serde_json::from_str(&out).unwrap();
    assert_conforms("odds", &odds);
    odds["matchups"] = Value::from(1);
    assert!(!errors("odds", &odds).is_empty(), "an unnamed key passed");
    // The same document is not a `cards` document.
    assert!(!errors("cards", &good).is_empty());
    // check_output refuses what a run printed when it is not the command's document.
    let args: Vec<OsString> = ["score", "x", "--json"].iter().map(OsString::from).collect();
    let refused = check_output(&args, b"{\"points\": \"915\"}").unwrap_err();
    assert!(refused.contains("/points"), "{refused}");
    assert!(check_output(&args, b"not JSON").is_err());
}

const CARD: &str = "fixtures/ff9-three-saves.mcr";

/// Runs quadmist with `args` (which hold `--json`), checks its document against the schema
/// (in `Command::output`) and compares it with the snapshot `name`: the command line, then the
/// document.
fn snap_json(name: &str, args: &[&str]) -> Value {
    let out = Command::quadmist()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", "80")
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "quadmist {args:?}: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    let value: Value = serde_json::from_str(&stdout).unwrap();
    let text = format!("$ quadmist {}\n{stdout}", args.join(" "));
    insta::with_settings!({ prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!(name, text);
    });
    value
}

/// Each command's JSON on the fixtures, snapshotted and validated.
#[test]
fn each_command_s_json_on_the_fixtures_conforms() {
    snap_json("json_saves", &["saves", CARD, "--json"]);
    snap_json("json_saves_folder", &["saves", "fixtures", "--json"]);
    snap_json("json_cards", &["cards", CARD, "--save", "3", "--json"]);
    snap_json("json_album", &["album", CARD, "--save", "3", "--json"]);
    snap_json("json_score", &["score", CARD, "--save", "1", "--json"]);
    snap_json("json_score_cards", &["score", CARD, "--save", "3", "--cards", "--json"]);
    snap_json("json_plan", &["plan", CARD, "--save", "3", "--json"]);
    snap_json("json_missing", &["missing", CARD, "--save", "3", "--json"]);
    snap_json("json_diff", &["diff", &format!("{CARD}:3"), &format!("{CARD}:2"), "--json"]);
    snap_json("json_odds", &["odds", "8X35", "4P23", "--json"]);
    snap_json(
        "json_odds_table",
        &["odds", CARD, "--save", "1", "--card", "2", "--vs", "4P23,2M12", "--json"],
    );
    snap_json(
        "json_advise",
        &[
            "advise",
            crate::game_cli::POSITION,
            "--top",
            "3",
            "--budget-ms",
            crate::game_cli::SOLVE_MS,
            "--json",
        ],
    );
    snap_json(
        "json_simulate",
        &["simulate", "--games", "20", "--seed", "1", "--player", "greedy", "--json"],
    );
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let out = Command::quadmist()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["report", CARD, "--save", "1", "-o"])
        .arg(&page)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_conforms("report", &v);
}

/// Every snapshot whose body is a JSON document (after its `$ quadmist ...` line) conforms to
/// the schema of the command it shows.
#[test]
fn every_json_snapshot_conforms() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/snapshots");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "snap") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // insta's header (between two `---` lines), then the body.
        let body = text.splitn(3, "---\n").nth(2).unwrap_or_default();
        let Some(line) = body.lines().next().and_then(|l| l.strip_prefix("$ quadmist ")) else {
            continue;
        };
        let doc = body.split_once('\n').map_or("", |(_, d)| d).trim_start();
        if !(doc.starts_with('{') || doc.starts_with('[')) {
            continue;
        }
        let command = line.split_whitespace().find(|a| !a.starts_with('-')).unwrap();
        let value: Value = serde_json::from_str(doc)
            .unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()));
        let e = errors(command, &value);
        assert!(
            e.is_empty(),
            "{}: does not conform to schemas/{command}.json:\n{e}",
            path.display()
        );
        checked += 1;
    }
    // The snapshots of `each_command_s_json_on_the_fixtures_conforms`.
    assert!(checked >= 13, "only {checked} JSON snapshots found");
}

/// Runs quadmist and parses its JSON (checked against its schema on the way).
fn json(args: &[&str]) -> Value {
    let (out, err, code) = crate::shared::quadmist(args);
    assert_eq!(code, 0, "quadmist {args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// Every property named `name` anywhere in the schema `v`.
fn properties_named<'a>(v: &'a Value, name: &str, found: &mut Vec<&'a Value>) {
    match v {
        Value::Object(m) => {
            if let Some(p) = m.get("properties").and_then(|p| p.get(name)) {
                found.push(p);
            }
            m.values().for_each(|c| properties_named(c, name, found));
        }
        Value::Array(a) => a.iter().for_each(|c| properties_named(c, name, found)),
        _ => {}
    }
}

/// One name for one thing across the documents: the card count is `card_count`, the rank is
/// the number the text shows, card numbers are 1..100, `arrows` is always a card's arrow mask.
#[test]
fn one_name_for_one_thing() {
    let schemas = quadmist::cli::json_schemas();
    for (name, schema) in &schemas {
        let text = schema_text(schema);
        for old in
            ["total_cards", "cards_held", "missing_ids", "ids_needing_new_arrows", "best_level"]
        {
            assert!(!text.contains(old), "schemas/{name}.json still names {old}");
        }
        let mut arrows = Vec::new();
        properties_named(schema.as_value(), "arrows", &mut arrows);
        for a in arrows {
            assert_eq!(a["type"], "integer", "{name}: `arrows` is not the arrow mask: {a}");
        }
    }
    // Save 1 of the fixture: 83 cards, 915 points (fixtures/README.md).
    let s1 = |cmd: &str| json(&[cmd, CARD, "--save", "1", "--json"]);
    let (score, plan, cards, album) = (s1("score"), s1("plan"), s1("cards"), s1("album"));
    for (what, v) in [("score", &score), ("plan", &plan), ("cards", &cards), ("album", &album)] {
        assert_eq!(v["card_count"], 83, "{what}");
    }
    // A card is numbered 1..100 beside its 0-based id wherever a card record is printed.
    for c in album["cells"].as_array().unwrap().iter().filter(|c| !c["best"].is_null()) {
        assert_eq!(c["best"]["number"], c["number"], "{c}");
    }
    let with_cards = json(&["score", CARD, "--save", "1", "--cards", "--json"]);
    for c in with_cards["cards"].as_array().unwrap() {
        assert_eq!(c["number"].as_u64().unwrap(), c["id"].as_u64().unwrap() + 1, "{c}");
    }
    // 915 points is level 7 (900..999), which the text calls "rank 8 of 32".
    let (text, _, _) = crate::shared::quadmist(&["score", CARD, "--save", "1"]);
    assert!(text.contains("rank 8 of 32"), "{text}");
    assert_eq!((score["rank"].clone(), score["rank_name"].clone()), (8.into(), "Advisor".into()));
    assert_eq!(
        (score["next"]["rank"].clone(), score["next"]["threshold"].clone()),
        (9.into(), 1000.into())
    );
    assert_eq!(album["rank"], 8);
    // `level` is the party leader's level (in the header), never the collector's rank.
    for v in [&score, &score["next"], &album] {
        assert!(v.get("level").is_none(), "{v}");
    }
    let diff = json(&["diff", &format!("{CARD}:1"), &format!("{CARD}:2"), "--json"]);
    // Save 2: 553 points, level 3 (500..599), "rank 4 of 32".
    assert_eq!(diff["rank"], serde_json::json!({"before": 8, "after": 4}));
}

/// `plan`'s missing cards are card numbers 1..100: on save 3 they are exactly the album's
/// cells with no copy (Zaghnol, number 5, among them), as the text names them ("5 Zaghnol").
#[test]
fn plan_names_missing_cards_by_number() {
    let plan = json(&["plan", CARD, "--save", "3", "--json"]);
    let album = json(&["album", CARD, "--save", "3", "--json"]);
    let missing: Vec<u64> = plan["master"]["missing_numbers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let empty: Vec<u64> = album["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["copies"] == 0)
        .map(|c| c["number"].as_u64().unwrap())
        .collect();
    assert_eq!(missing, empty);
    assert!(missing.contains(&5) && !missing.contains(&0));
    let (text, _, _) = crate::shared::quadmist(&["plan", CARD, "--save", "3"]);
    assert!(text.contains("5 Zaghnol"), "{text}");
}

/// Every document about one save carries the save's header, the one the text prints; `diff`
/// carries it on both sides.
#[test]
fn every_document_names_its_save_with_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let page = page.to_str().unwrap();
    let docs = [
        ("cards", json(&["cards", CARD, "--save", "1", "--json"])),
        ("album", json(&["album", CARD, "--save", "1", "--json"])),
        ("score", json(&["score", CARD, "--save", "1", "--json"])),
        ("plan", json(&["plan", CARD, "--save", "1", "--json"])),
        ("missing", json(&["missing", CARD, "--save", "1", "--json"])),
        ("report", json(&["report", CARD, "--save", "1", "-o", page, "--json"])),
        (
            "advise",
            json(&[
                "advise",
                "..../..../..../....;*;1P23@N,2M12@E,0P10@S,3P20@W,1P11@N+S",
                "--file",
                &format!("{CARD}:1"),
                "--hand",
                "2,3,4,5,7",
                "--budget-ms",
                "50",
                "--json",
            ]),
        ),
    ];
    // Save 1: Zidane Lv 52, disc 3, Black Mage Village, 34:05:41 (fixtures/README.md).
    let (text, _, _) = crate::shared::quadmist(&["score", CARD, "--save", "1"]);
    assert!(text.starts_with(&format!("{CARD}:1  Zidane Lv 52, disc 3, Black Mage Village")));
    for (what, v) in docs {
        let h = &v["header"];
        assert_eq!(
            (&h["file"], &h["save"], &h["leader"], &h["level"], &h["disc"], &h["place"]),
            (
                &Value::from(CARD),
                &Value::from("1"),
                &Value::from("Zidane"),
                &Value::from(52),
                &Value::from(3),
                &Value::from("Black Mage Village")
            ),
            "{what}"
        );
        assert_eq!(h["play_time_seconds"], 34.0 * 3600.0 + 5.0 * 60.0 + 41.0, "{what}");
    }
    let diff = json(&["diff", &format!("{CARD}:1"), &format!("{CARD}:3"), "--json"]);
    assert_eq!(
        (diff["from"]["leader"].clone(), diff["from"]["level"].clone()),
        ("Zidane".into(), 52.into())
    );
    assert_eq!(
        (diff["to"]["save"].clone(), diff["to"]["place"].clone()),
        ("3".into(), "Dali".into())
    );
}

/// `saves --json` holds what the table shows: cards, points, W/L/D and the latest mark.
#[test]
fn saves_json_holds_what_the_table_shows() {
    let v = json(&["saves", CARD, "--json"]);
    let s1 = &v["saves"][0];
    assert_eq!(s1["save"], "1");
    assert_eq!((s1["card_count"].clone(), s1["points"].clone()), (83.into(), 915.into()));
    assert_eq!(s1["record"], serde_json::json!({"wins": 189, "losses": 27, "draws": 17}));
    assert_eq!(s1["latest"], false);
    let (table, _, _) = crate::shared::quadmist(&["saves", CARD]);
    let row = table.lines().find(|l| l.trim_start().starts_with("1 ")).unwrap();
    for cell in ["83", "915", "189/27/17"] {
        assert!(row.contains(cell), "{row}");
    }
}

/// `album --missing --json` says how each missing card can be had, as the text does; without
/// `--missing` it does not.
#[test]
fn album_missing_json_honours_missing() {
    let with = json(&["album", CARD, "--save", "3", "--missing", "--json"]);
    let without = json(&["album", CARD, "--save", "3", "--json"]);
    let cells = with["cells"].as_array().unwrap();
    for c in cells {
        assert_eq!(c["copies"] == 0, c.get("way").is_some(), "{c}");
    }
    assert!(without["cells"].as_array().unwrap().iter().all(|c| c.get("way").is_none()));
    // The text's marks for the same cards: Zaghnol (5) as the text shows it.
    let (text, _, _) = crate::shared::quadmist(&["album", CARD, "--save", "3", "--missing"]);
    let zaghnol = cells.iter().find(|c| c["number"] == 5).unwrap();
    let way = zaghnol["way"].as_str().unwrap();
    assert!(text.contains(&format!("Zaghnol ({way})")), "{way}\n{text}");
}

/// One thing, one name, once: a document with the save's `header` carries no older identity
/// key beside it; a card is its number 1..100 (with its name, and its slot labelled as a slot
/// where the slot matters); advise's move names my card by its place in my hand, labelled so.
#[test]
fn a_save_and_a_card_are_named_once_in_every_document() {
    for (name, schema) in quadmist::cli::json_schemas() {
        let text = schema_text(&schema);
        for old in ["save_name", "repeated_ids", "\"value\""] {
            assert!(!text.contains(old), "schemas/{name}.json still names {old}");
        }
    }
    // cards: the header names the save; the text's "61230 gil" is its own key.
    let cards = json(&["cards", CARD, "--save", "1", "--json"]);
    for old in ["save", "save_name", "summary"] {
        assert!(cards.get(old).is_none(), "cards --json still has `{old}` beside the header");
    }
    assert_eq!(cards["gil"], 61230);
    assert_eq!(cards["header"]["save"], "1");
    let missing = json(&["missing", CARD, "--save", "1", "--json"]);
    assert!(missing.get("save").is_none(), "missing --json still has `save` beside the header");
    // plan, save 1: the text says "Card numbers with several copies: 1 Goblin (slots 15,
    // 41)" and "Arrow patterns on several cards: ····→··· (slots 36, 84)": Goblin is number
    // 1 (id 0, cards.csv), the pattern of one arrow to the east is the mask 4 (E = bit 2, spec
    // tetra-master-rules.md).
    let plan = json(&["plan", CARD, "--save", "1", "--json"]);
    let repeated = plan["master"]["repeated_numbers"].as_array().unwrap();
    assert!(
        repeated.contains(&serde_json::json!({"number": 1, "slots": [15, 41]})),
        "{repeated:?}"
    );
    let shared = plan["master"]["shared_patterns"].as_array().unwrap();
    assert!(shared.contains(&serde_json::json!({"arrows": 4, "slots": [36, 84]})), "{shared:?}");
    // odds from a save: the text's "53 Iron Man (slot 2)" (cards.csv: id 52, number 53).
    let odds = json(&["odds", CARD, "--save", "1", "--card", "2", "--vs", "4P23", "--json"]);
    let attacker = &odds["attacker"];
    assert_eq!(
        (&attacker["number"], &attacker["name"], &attacker["slot"]),
        (&Value::from(53), &Value::from("Iron Man"), &Value::from(2)),
        "{attacker}"
    );
    // advise: the move's card is the 1-based place in my hand (5 = the fifth card given).
    let advise = json(&[
        "advise",
        "aF../.b.G/c..H/....;60/P/40/30@E+S,70/M/50/60@N+W,55/X/45/35@E,80/P/20/70@N+E+S+W,\
         65/M/65/65@NE+SW;58/P/44/40@W,62/M/38/52@S+W,50/P/50/50@N,75/X/30/45@E+W+N,66/P/40/40@SW",
        "--top",
        "1",
        "--budget-ms",
        crate::game_cli::SOLVE_MS,
        "--json",
    ]);
    let best = &advise["moves"][0];
    assert!(best.get("card").is_none(), "{best}");
    assert_eq!(best["hand_position"], 5, "{best}");
}
