//! Access to `../shared/` (the real sample files beside the checkout).
//!
//! When `../shared/data/real` is missing outside `CI=true`, `build.rs` sets the
//! `no_shared_data` cfg and the tests that read it are marked
//! `#[cfg_attr(no_shared_data, ignore = "needs ../shared/data/real")]`, so `cargo test` lists
//! them as ignored. Under `CI=true` they run, and a missing file fails them here.

#![allow(dead_code)]

pub mod cmd;

use std::path::PathBuf;

/// The path of `../shared/<rel>` relative to the crate root.
pub fn path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared").join(rel)
}

/// Reads `../shared/<rel>`; `None` (with a notice) when absent outside CI; panics under CI.
pub fn read(rel: &str) -> Option<Vec<u8>> {
    let p = path(rel);
    match std::fs::read(&p) {
        Ok(b) => Some(b),
        Err(e) => {
            if std::env::var("CI").map(|v| v == "true").unwrap_or(false) {
                panic!("{} is required under CI: {e}", p.display());
            }
            eprintln!("skipping: {} is missing ({e})", p.display());
            None
        }
    }
}

/// True when `../shared/<rel>` exists; panics under CI when it does not.
pub fn exists(rel: &str) -> bool {
    read_dir_ok(rel)
}

fn read_dir_ok(rel: &str) -> bool {
    let p = path(rel);
    if p.exists() {
        return true;
    }
    if std::env::var("CI").map(|v| v == "true").unwrap_or(false) {
        panic!("{} is required under CI", p.display());
    }
    eprintln!("skipping: {} is missing", p.display());
    false
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
