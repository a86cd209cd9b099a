//! Compiles `data/cards.csv` (the 100-card catalogue), `data/card-sources.csv` (where each
//! card can be had) and `data/charset.csv` (the game's character tables) into Rust tables.
//! (What the tests need from outside Cargo is looked for when they run, by
//! `tests/it/harness.rs`, not here.)

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

/// Compiles `data/card-sources.csv` (where each card can be had) into a Rust table, checking
/// each row: a card number 1..100, a known kind, a disc window inside 1..4 (both disc cells
/// empty: the window is not in the sources read), a flag `0xOFFSET:BIT` or nothing, and a
/// named source.
fn card_sources() {
    println!("cargo:rerun-if-changed=data/card-sources.csv");
    let mut reader =
        csv::Reader::from_path("data/card-sources.csv").expect("data/card-sources.csv is readable");
    let mut rows = String::new();
    for (n, record) in reader.records().enumerate() {
        let line = n + 2;
        let at = |e: &dyn std::fmt::Display| format!("data/card-sources.csv line {line}: {e}");
        let f = record.unwrap_or_else(|e| panic!("{}", at(&e)));
        assert_eq!(f.len(), 7, "{}", at(&"7 fields expected"));
        let byte =
            |i: usize| -> u8 { f[i].trim().parse().unwrap_or_else(|e| panic!("{}", at(&e))) };
        let number = byte(0);
        assert!((1..=100).contains(&number), "{}", at(&"card number outside 1..100"));
        let kind = match &f[1] {
            "pickup" => "Pickup",
            "reward" => "Reward",
            "drop" => "Drop",
            "player" => "Player",
            "other" => "Other",
            other => panic!("{}", at(&format!("unknown kind {other}"))),
        };
        let discs = if f[3].trim().is_empty() && f[4].trim().is_empty() {
            "None".to_string()
        } else {
            let (from, to) = (byte(3), byte(4));
            assert!(1 <= from && from <= to && to <= 4, "{}", at(&"disc window outside 1..4"));
            format!("Some(({from}, {to}))")
        };
        let flag = match f[5].trim() {
            "" => "None".to_string(),
            text => {
                let (offset, bit) = text
                    .strip_prefix("0x")
                    .and_then(|t| t.split_once(':'))
                    .unwrap_or_else(|| panic!("{}", at(&"flag is not 0xOFFSET:BIT")));
                let offset =
                    u16::from_str_radix(offset, 16).unwrap_or_else(|e| panic!("{}", at(&e)));
                let bit: u8 = bit.parse().unwrap_or_else(|e| panic!("{}", at(&e)));
                assert!(bit < 8, "{}", at(&"bit outside 0..7"));
                format!("Some(SourceFlag {{ offset: {offset}, bit: {bit} }})")
            }
        };
        assert!(
            !f[2].trim().is_empty() && !f[6].trim().is_empty(),
            "{}",
            at(&"empty place or source")
        );
        rows.push_str(&format!(
            "    CardSourceRow {{ number: {number}, kind: SourceKind::{kind}, place: {:?}, discs: {discs}, flag: {flag}, source: {:?} }},\n",
            &f[2], &f[6]
        ));
    }
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("card_sources.rs");
    fs::write(out, format!("&[\n{rows}]")).unwrap();
}

/// Compiles `data/charset.csv` (the game's Western and Japanese character tables, one row per
/// byte 0x00..0xFE) into `[[char; 2]; 255]`, `'\0'` for a code the sources do not cover.
/// Rejects a row out of order, a cell of more than one character, and a character given to a
/// Japanese kanji prefix (0xFA..0xFC start a kanji; they are no character of their own).
fn charset() {
    println!("cargo:rerun-if-changed=data/charset.csv");
    let mut reader =
        csv::Reader::from_path("data/charset.csv").expect("data/charset.csv is readable");
    let mut rows = String::new();
    let mut n = 0usize;
    for record in reader.records() {
        let line = n + 2;
        let f = record.unwrap_or_else(|e| panic!("data/charset.csv line {line}: {e}"));
        assert_eq!(f.len(), 3, "data/charset.csv line {line}: 3 fields expected");
        assert_eq!(
            &f[0],
            format!("0x{n:02X}"),
            "data/charset.csv line {line}: codes go 0x00..0xFE in order"
        );
        let cell = |i: usize| -> char {
            let mut chars = f[i].chars();
            let c = chars.next().unwrap_or('\0');
            assert!(chars.next().is_none(), "data/charset.csv line {line}: one character per cell");
            assert!(
                c != '\0' && !c.is_control() || f[i].is_empty(),
                "data/charset.csv line {line}: a control character"
            );
            c
        };
        let (western, japanese) = (cell(1), cell(2));
        assert!(
            !(0xFA..=0xFC).contains(&n) || japanese == '\0',
            "data/charset.csv line {line}: 0xFA..0xFC start a kanji in Japanese text"
        );
        rows.push_str(&format!("    [{western:?}, {japanese:?}],\n"));
        n += 1;
    }
    assert_eq!(n, 0xFF, "data/charset.csv: one row per code 0x00..0xFE");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("charset.rs");
    fs::write(out, format!("[\n{rows}]")).unwrap();
}

fn main() {
    catalogue();
    card_sources();
    charset();
}
