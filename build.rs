//! Compiles `data/cards.csv` (the 100-card catalogue) into a Rust table.

use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-changed=data/cards.csv");
    let csv = fs::read_to_string("data/cards.csv").expect("data/cards.csv is readable");
    let mut rows = String::new();
    for (n, line) in csv.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 7, "data/cards.csv line {}: 7 fields expected", n + 1);
        let ty = match f[3] {
            "P" => "CardType::Physical",
            "M" => "CardType::Magic",
            other => panic!("data/cards.csv line {}: default type {other}", n + 1),
        };
        rows.push_str(&format!(
            "    CardInfo {{ id: {}, number: {}, name: {:?}, default_type: {ty}, max_atk: {}, max_pdef: {}, max_mdef: {} }},\n",
            f[0], f[1], f[2], f[4], f[5], f[6]
        ));
    }
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("catalogue.rs");
    fs::write(out, format!("&[\n{rows}]")).unwrap();
}
