//! `quadmist plan` and `quadmist score` command lines that need no save file.

use crate::shared::cmd::Command;
use predicates::str::contains;

fn quadmist() -> Command {
    Command::quadmist()
}

#[test]
fn help_lists_the_options_and_examples() {
    quadmist()
        .args(["plan", "--help"])
        .assert()
        .success()
        .stdout(contains("--discard <N>"))
        .stdout(contains("--odds <ODDS>"))
        .stdout(contains("--target <TARGET>"))
        .stdout(contains("--json"))
        .stdout(contains("Examples:"));
    quadmist()
        .args(["score", "--help"])
        .assert()
        .success()
        .stdout(contains("--cards"))
        .stdout(contains("--json"))
        .stdout(contains("1700 is the maximum"));
}

#[test]
fn bad_values_are_usage_errors() {
    quadmist().args(["plan", "save.mcr", "--target", "1699"]).assert().code(2);
    quadmist().args(["plan", "save.mcr", "--odds", "n64"]).assert().code(2);
    quadmist().args(["plan", "save.mcr", "--discard", "-1"]).assert().code(2);
}

#[test]
fn a_missing_file_is_unusable_input() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.mcr");
    quadmist().arg("score").arg(&missing).assert().code(1).stderr(contains("cannot open"));
    quadmist()
        .arg("plan")
        .arg(&missing)
        .arg("--json")
        .assert()
        .code(1)
        .stdout(predicates::str::is_empty());
}
