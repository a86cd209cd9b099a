//! The JSON contract. Each command's `--json` document has a JSON Schema in `schemas/`, derived
//! from the types the command serializes (`quadmist::cli::json_schemas`); a test fails when a
//! file there is not what the code derives now (run again with `QUADMIST_UPDATE_SCHEMAS=1` to
//! rewrite them, then read the diff: it is the change of the contract). Every JSON document a
//! test gets from the binary (`shared::cmd::Command::output` calls [`check_output`]) and every
//! JSON snapshot is validated against its command's schema.

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
fn validators() -> &'static BTreeMap<String, jsonschema::Validator> {
    static V: OnceLock<BTreeMap<String, jsonschema::Validator>> = OnceLock::new();
    V.get_or_init(|| {
        quadmist::cli::json_schemas()
            .into_iter()
            .map(|(name, _)| {
                let path = schema_dir().join(format!("{name}.json"));
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let schema: Value = serde_json::from_str(&text).unwrap();
                let v = jsonschema::validator_for(&schema).unwrap_or_else(|e| {
                    panic!("{} is not a valid JSON Schema: {e}", path.display())
                });
                (name.to_string(), v)
            })
            .collect()
    })
}

/// The schema errors of `doc` as the document of `command`, one per line; empty when it conforms.
pub fn errors(command: &str, doc: &Value) -> String {
    let v = validators().get(command).unwrap_or_else(|| panic!("no schema for `{command}`"));
    v.iter_errors(doc).map(|e| format!("at {}: {e}\n", e.instance_path())).collect()
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

/// Each schema is a valid JSON Schema (checked against its meta-schema) that names its dialect.
#[test]
fn each_schema_is_a_valid_json_schema() {
    for (name, schema) in quadmist::cli::json_schemas() {
        let value = schema.as_value();
        assert_eq!(
            value["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{name}: the dialect"
        );
        assert!(jsonschema::meta::is_valid(value), "{name}: not a valid JSON Schema");
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
    snap_json("json_advise", &["advise", crate::game_cli::POSITION, "--top", "3", "--json"]);
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
