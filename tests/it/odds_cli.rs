//! `quadmist odds` from the outside: text, JSON, tables, dice rules and usage errors.
//! Expected figures are worked by hand from tetra-master-rules §9 and §10.

use crate::shared::cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn odds(args: &[&str]) -> crate::shared::cmd::Assert {
    Command::quadmist().arg("odds").args(args).env("NO_COLOR", "1").assert()
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = odds(&all).success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("valid JSON")
}

#[test]
fn exact_stats_give_one_exact_figure() {
    // X attacker: 138 vs min(40, 35) = 35 → 1 − 36/276 = 20/23.
    odds(&["138/X/53/90", "70/P/40/35"])
        .success()
        .stdout(predicate::str::contains("138 vs 35"))
        .stdout(predicate::str::contains("86.96% (20/23)"));
    let v = json(&["138/X/53/90", "70/P/40/35"]);
    assert_eq!(v["exact"], "20/23");
    assert!((v["attacker_wins"].as_f64().unwrap() - 20.0 / 23.0).abs() < 1e-15);
    assert_eq!(v["estimate"], false);
    // A attacker: max(10, 48, 3) = 48 vs min(200, 32, 90) = 32 → 1 − 33/96 = 21/32.
    assert_eq!(json(&["10/A/48/3", "200/M/32/90"])["exact"], "21/32");
    // Hex stats: 0x10 = 16 vs 0x10 = 16 → 15/32.
    assert_eq!(json(&["0x10/P/0/0", "0/P/0x10/0"])["exact"], "15/32");
}

#[test]
fn digits_give_worst_mean_and_best() {
    // X attacker 128..143 vs min(32..47, 48..63) = 32..47.
    // Worst (128, 47): 1 − 48/256 = 13/16. Best (143, 32): 1 − 33/286 = 23/26.
    odds(&["8X35", "4P23"])
        .success()
        .stdout(predicate::str::contains("128..143 vs 32..47"))
        .stdout(predicate::str::contains("81.25% (13/16)"))
        .stdout(predicate::str::contains("88.46% (23/26)"))
        .stdout(predicate::str::contains("(estimate)"));
    let v = json(&["8X35", "4P23"]);
    assert_eq!(v["exact"]["min"], "13/16");
    assert_eq!(v["exact"]["max"], "23/26");
    assert_eq!(v["attacker_wins"]["min"].as_f64(), Some(13.0 / 16.0));
    assert_eq!(v["attacker_wins"]["max"].as_f64(), Some(23.0 / 26.0));
    assert_eq!(v["estimate"], true);

    // Same band on both sides (16..31): by symmetry the mean is (1 − mean P(tie)) / 2 with
    // P(tie) = min(A, D)/(A·D).
    let mut tie = 0.0;
    for a in 16..32u32 {
        for d in 16..32u32 {
            tie += f64::from(a.min(d)) / f64::from(a * d);
        }
    }
    let v = json(&["1P00", "0P10"]);
    let mean = v["attacker_wins"]["mean"].as_f64().unwrap();
    assert!((mean - (1.0 - tie / 256.0) / 2.0).abs() < 1e-12, "{mean}");
}

#[test]
fn dice_rules_use_the_spec_vectors() {
    // Sums: (1, 1) → 7/12; (5, 2) → 278227/279936. Sixes: (3, 3) → 17033/23328.
    assert_eq!(json(&["1P11", "1P11", "--rules", "dice"])["exact"], "7/12");
    let v = json(&["5P22", "0P20", "--rules", "dice"]);
    assert_eq!(v["exact"], "278227/279936");
    assert_eq!((v["attacker_dice"].as_u64(), v["defender_dice"].as_u64()), (Some(5), Some(2)));
    assert_eq!(json(&["3M03", "3P33", "--rules", "sixes"])["exact"], "17033/23328");
    // X picks the lower defence digit (2), whatever the exact stats within the digits.
    assert_eq!(json(&["0x50/X/0/0", "0/P/0x2F/0x90", "--rules", "dice"])["defender_dice"], 2);
    // A states its assumption: highest digit 9 vs the defender's lowest 1.
    odds(&["1A94", "CP18", "--rules", "sixes"])
        .success()
        .stdout(predicate::str::contains("9d6 vs 1d6"))
        .stdout(predicate::str::contains("assumed"));
}

#[test]
fn a_list_of_opponents_gives_a_table_in_the_given_order() {
    // 100/P vs pdef 50 → 149/200 = 74.50%; vs pdef 200 → 99/400 = 24.75%; vs 100 → 99/200.
    odds(&["100/P/0/0", "--vs", "0/P/50/0,0/P/200/0,0/M/100/0"])
        .success()
        .stdout(predicate::function(|out: &str| {
            let at = |s: &str| out.find(s);
            matches!((at("74.50%"), at("24.75%"), at("49.50%")), (Some(a), Some(b), Some(c)) if a < b && b < c)
        }));
    let v = json(&["100/P/0/0", "--vs", "0/P/50/0,0/P/200/0"]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["exact"], "149/200");
    assert_eq!(rows[1]["exact"], "99/400");
    assert_eq!(rows[1]["defender"]["card"], "0/P/200/0");
}

#[test]
fn bad_cards_are_usage_errors_naming_the_syntax() {
    for bad in [&["8X3", "4P23"][..], &["8X35", "4Q23"], &["300/P/1/1", "4P23"], &["1/P/1", "4P23"]]
    {
        odds(bad)
            .code(2)
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::contains("8X35").and(predicate::str::contains("138/X/53/90")));
    }
    odds(&["8X35"]).code(2).stderr(predicate::str::contains("no defender"));
    odds(&[]).code(2).stderr(predicate::str::contains("no attacker"));
    odds(&["8X35", "4P23", "1P11"]).code(2);
    odds(&["--card", "3", "4P23"]).code(2);
    odds(&["--save", "x.mcr", "4P23"]).code(2).stderr(predicate::str::contains("--card"));
    odds(&["8X35", "4P23", "--rules", "chess"]).code(2);
}

#[test]
fn an_unreadable_save_is_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.mcr");
    let spec = format!("{}:3", missing.display());
    odds(&[&spec, "--card", "1", "4P23"]).code(1).stderr(predicate::str::contains("none.mcr"));
}

#[test]
fn help_documents_the_syntax_with_examples() {
    odds(&["--help"])
        .success()
        .stdout(predicate::str::contains("138/X/53/90"))
        .stdout(predicate::str::contains("--rules dice"))
        .stdout(predicate::str::contains("--hand"));
}
