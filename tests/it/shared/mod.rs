//! The project's shared folder beside the checkout (`../shared`: the specs and the genuine
//! saves, never copied into the project).
//!
//! A test that reads it says so, `#[test(needs = SharedData)]`: the harness skips it when the
//! folder is missing (and fails it under `CI=true`), so these helpers need not check.

#![allow(dead_code)]

pub mod cmd;

use crate::harness::{self, Need};
use std::path::PathBuf;

/// The path of `../shared/<rel>`.
pub fn path(rel: &str) -> PathBuf {
    harness::uses(Need::SharedData);
    harness::shared_dir().join(rel)
}

/// The bytes of `../shared/<rel>`.
pub fn read(rel: &str) -> Vec<u8> {
    let p = path(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Output with every run of white space (line breaks of wrapped text included) made one space,
/// for assertions about wording that the 80-column wrapping may break across lines.
pub fn words(output: &[u8]) -> String {
    String::from_utf8_lossy(output).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Runs the built `quadmist` with `args` at 80 columns without colour: (stdout, stderr, exit code).
pub fn quadmist(args: &[&str]) -> (String, String, i32) {
    let out = cmd::Command::quadmist()
        .env("COLUMNS", "80")
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
        out.status.code().unwrap_or(-1),
    )
}
