//! Compiles `data/cards.csv` (the 100-card catalogue) into a Rust table, and sets the
//! `no_shared_data` cfg when `../shared/data/real` is missing outside CI (tests that need the
//! real sample files are then shown as ignored; under `CI=true` they run and fail), and the
//! `no_tmux` cfg likewise when `tmux` is missing.

use std::{env, fs, path::Path};

fn catalogue() {
    println!("cargo:rerun-if-changed=data/cards.csv");
    let mut reader = csv::Reader::from_path("data/cards.csv").expect("data/cards.csv is readable");
    let mut rows = String::new();
    for (n, record) in reader.records().enumerate() {
        let line = n + 2;
        let f = record.unwrap_or_else(|e| panic!("data/cards.csv line {line}: {e}"));
        assert_eq!(f.len(), 7, "data/cards.csv line {line}: 7 fields expected");
        let ty = match &f[3] {
            "P" => "CardType::Physical",
            "M" => "CardType::Magic",
            other => panic!("data/cards.csv line {line}: default type {other}"),
        };
        let byte = |i: usize| -> u8 {
            f[i].trim().parse().unwrap_or_else(|e| panic!("data/cards.csv line {line}: {e}"))
        };
        rows.push_str(&format!(
            "    CardInfo {{ id: {}, number: {}, name: {:?}, default_type: {ty}, max_atk: {}, max_pdef: {}, max_mdef: {} }},\n",
            byte(0), byte(1), &f[2], byte(4), byte(5), byte(6)
        ));
    }
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("catalogue.rs");
    fs::write(out, format!("&[\n{rows}]")).unwrap();
}

fn shared_data() {
    println!("cargo::rustc-check-cfg=cfg(no_shared_data)");
    println!("cargo:rerun-if-env-changed=CI");
    let real = Path::new("../shared/data/real");
    println!("cargo:rerun-if-changed=../shared/data/real");
    let ci = env::var("CI").is_ok_and(|v| v == "true");
    if !real.is_dir() && !ci {
        println!("cargo:rustc-cfg=no_shared_data");
    }
}

/// Sets the `no_tmux` cfg when `tmux` is not on the PATH outside CI: the end-to-end test of
/// `quadmist play` then shows as ignored; under `CI=true` it runs and fails (`.ci/run` installs
/// tmux). The PATH is read when this script runs (it is not a rerun trigger: that would rebuild
/// the crate whenever a shell's PATH differs).
fn tmux() {
    println!("cargo::rustc-check-cfg=cfg(no_tmux)");
    let ci = env::var("CI").is_ok_and(|v| v == "true");
    let found =
        env::var_os("PATH").is_some_and(|p| env::split_paths(&p).any(|d| d.join("tmux").is_file()));
    if !found && !ci {
        println!("cargo:rustc-cfg=no_tmux");
    }
}

fn main() {
    catalogue();
    shared_data();
    tmux();
}
