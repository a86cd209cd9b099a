//! Compiles `data/cards.csv` (the 100-card catalogue), `data/card-sources.csv` (where each
//! card can be had) and `data/charset.csv` (the game's character tables) into Rust tables.
//! (What the tests need from outside Cargo is looked for when they run, by
//! `tests/it/harness.rs`, not here.)

use std::{env, fs, path::Path};

/// The records of the CSV file `path` after its header line, each a list of fields, with the
/// line each starts on. Read with `csv-core`, the parser of the csv crate without its serde
/// layer: the build script then waits for two small crates, not for serde.
fn records(path: &str) -> Vec<(usize, Vec<String>)> {
    use csv_core::{ReadFieldResult, Reader};
    println!("cargo:rerun-if-changed={path}");
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{path} is not readable: {e}"));
    let mut input = &bytes[..];
    let (mut reader, mut out) = (Reader::new(), [0u8; 1024]);
    let (mut rows, mut row, mut field) = (Vec::new(), Vec::new(), Vec::new());
    let mut line = 1;
    loop {
        // An empty `input` tells the reader the file has ended.
        let (result, read, written) = reader.read_field(input, &mut out);
        input = &input[read..];
        field.extend_from_slice(&out[..written]);
        match result {
            ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull => {}
            ReadFieldResult::Field { record_end } => {
                let text = String::from_utf8(std::mem::take(&mut field))
                    .unwrap_or_else(|e| panic!("{path} line {line}: {e}"));
                row.push(text);
                if record_end {
                    rows.push((line, std::mem::take(&mut row)));
                    line = reader.line() as usize;
                }
            }
            ReadFieldResult::End => break,
        }
    }
    // The first record is the header.
    rows.into_iter().skip(1).collect()
}

fn catalogue() {
    let mut rows = String::new();
    for (line, f) in records("data/cards.csv") {
        assert_eq!(f.len(), 7, "data/cards.csv line {line}: 7 fields expected");
        let ty = match f[3].as_str() {
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

/// Compiles `data/card-sources-refs.csv` (each public source, by key) and
/// `data/card-sources.csv` (the ways to get each card) into Rust tables.
fn card_sources() {
    let (keys, table) = source_refs();
    let mut rows = String::new();
    for (line, f) in records("data/card-sources.csv") {
        rows.push_str(&card_source_row(&f, line, &keys));
    }
    let out_dir = env::var("OUT_DIR").unwrap();
    let out = Path::new(&out_dir);
    fs::write(out.join("card_source_refs.rs"), format!("&[\n{table}]")).unwrap();
    fs::write(out.join("card_sources.rs"), format!("&[\n{rows}]")).unwrap();
}

/// The sources' keys with their origins, and their table: each cited as a page address or a
/// repository file at a commit, each key once.
fn source_refs() -> (Vec<(String, String)>, String) {
    let mut keys: Vec<(String, String)> = Vec::new();
    let mut table = String::new();
    for (line, f) in records("data/card-sources-refs.csv") {
        assert_eq!(f.len(), 4, "data/card-sources-refs.csv line {line}: 4 fields expected");
        let cited = f[2].starts_with("https://")
            || (f[2].starts_with("github.com/") && f[2].contains('@') && f[2].contains(':'));
        assert!(cited, "data/card-sources-refs.csv line {line}: not a page or a file at a commit");
        assert!(
            !keys.iter().any(|(k, _)| k == &f[0]),
            "data/card-sources-refs.csv line {line}: key {} twice",
            &f[0]
        );
        keys.push((f[0].to_string(), f[1].to_string()));
        table.push_str(&format!(
            "    SourceRef {{ key: {:?}, origin: {:?}, citation: {:?}, what: {:?} }},\n",
            &f[0], &f[1], &f[2], &f[3]
        ));
    }
    (keys, table)
}

/// One row of `data/card-sources.csv` as Rust, checked: a card number 1..100, a known kind, an
/// enemy number on drops only, a one-time fight (`boss`) backed by two distinct origins, a
/// disputed fight saying why, a disc window inside 1..4, a story-point window (scenario
/// counter) in order, flags written `0xOFFSET:BIT`, known source keys (a window, a place or a
/// fight names the source it comes from), and no internal label in the player's words.
fn card_source_row(f: &[String], line: usize, keys: &[(String, String)]) -> String {
    let at = |e: &dyn std::fmt::Display| format!("data/card-sources.csv line {line}: {e}");
    assert_eq!(f.len(), 15, "{}", at(&"15 fields expected"));
    let cell = |i: usize| f[i].trim();
    let parse = |t: &str| -> u16 { t.parse().unwrap_or_else(|e| panic!("{}", at(&e))) };
    let number = parse(cell(0));
    assert!((1..=100).contains(&number), "{}", at(&"card number outside 1..100"));
    let kind = match cell(1) {
        "pickup" => "Pickup",
        "reward" => "Reward",
        "drop" => "Drop",
        "player" => "Player",
        "other" => "Other",
        other => panic!("{}", at(&format!("unknown kind {other}"))),
    };
    let place = cell(2);
    assert!(!place.is_empty(), "{}", at(&"empty place"));
    for word in [place, cell(4), cell(14)] {
        assert!(!word.contains("guide's enemy"), "{}", at(&"an internal label in words"));
    }
    let enemy = match cell(3) {
        "" => "None".to_string(),
        n => format!("Some({})", u8::try_from(parse(n)).unwrap_or_else(|e| panic!("{}", at(&e)))),
    };
    assert_eq!(kind == "Drop", enemy != "None", "{}", at(&"an enemy number on drops only"));
    let text = |i: usize| match cell(i) {
        "" => "None".to_string(),
        t => format!("Some({t:?})"),
    };
    let fight = match cell(5) {
        "" => "Fight::Unknown",
        "boss" => "Fight::Once",
        "disputed" => "Fight::Disputed",
        other => panic!("{}", at(&format!("unknown fight {other}"))),
    };
    assert!(fight == "Fight::Unknown" || kind == "Drop", "{}", at(&"a fight on a drop only"));
    let disputed_drop = kind == "Drop" && !cell(14).is_empty();
    assert_eq!(fight == "Fight::Disputed", disputed_drop, "{}", at(&"a disputed fight says why"));
    let discs = match (cell(6), cell(7)) {
        ("", "") => "None".to_string(),
        (from, to) => {
            let (from, to) = (parse(from), parse(to));
            assert!(1 <= from && from <= to && to <= 4, "{}", at(&"disc window outside 1..4"));
            format!("Some(({from}, {to}))")
        }
    };
    let counter = |i: usize| {
        let v = (!cell(i).is_empty()).then(|| parse(cell(i)));
        assert!(v.is_none_or(|v| (1000..=12000).contains(&v)), "{}", at(&"story point range"));
        v
    };
    let progress = match (counter(8), counter(9)) {
        (None, None) => "None".to_string(),
        (from, to) => {
            let ordered = from.zip(to).is_none_or(|(a, b)| a < b);
            assert!(ordered, "{}", at(&"story points out of order"));
            format!("Some(({from:?}, {to:?}))")
        }
    };
    let flag = |i: usize| match cell(i) {
        "" => "None".to_string(),
        text => {
            let (offset, bit) = text
                .strip_prefix("0x")
                .and_then(|t| t.split_once(':'))
                .unwrap_or_else(|| panic!("{}", at(&"flag is not 0xOFFSET:BIT")));
            let offset = u16::from_str_radix(offset, 16).unwrap_or_else(|e| panic!("{}", at(&e)));
            let bit = parse(bit);
            assert!(bit < 8, "{}", at(&"bit outside 0..7"));
            format!("Some(SourceFlag {{ offset: {offset}, bit: {bit} }})")
        }
    };
    let list = |i: usize| -> Vec<usize> {
        let key = |k: &str| keys.iter().position(|(key, _)| key == k);
        let known = |k: &str| key(k).unwrap_or_else(|| panic!("{}", at(&format!("no source {k}"))));
        cell(i).split_whitespace().map(known).collect()
    };
    let (sources, when_by) = (list(12), list(13));
    assert!(!sources.is_empty(), "{}", at(&"no source"));
    let told = discs != "None" || progress != "None" || !cell(4).is_empty();
    assert!(!told || !when_by.is_empty(), "{}", at(&"a window or place without its source"));
    if fight == "Fight::Once" {
        let mut origins: Vec<&str> =
            sources.iter().chain(&when_by).map(|&i| keys[i].1.as_str()).collect();
        origins.sort_unstable();
        origins.dedup();
        assert!(origins.len() >= 2, "{}", at(&"a one-time fight needs two origins"));
    }
    format!(
        "    CardSourceRow {{ number: {number}, kind: SourceKind::{kind}, place: {place:?}, \
         enemy: {enemy}, met: {}, fight: {fight}, discs: {discs}, progress: {progress}, \
         flag: {}, ends: {}, sources: &{sources:?}, when_by: &{when_by:?}, dispute: {} }},\n",
        text(4),
        flag(10),
        flag(11),
        text(14)
    )
}

/// Compiles `data/charset.csv` (the game's Western and Japanese character tables, one row per
/// byte 0x00..0xFE) into `[[char; 2]; 255]`, `'\0'` for a code the sources do not cover.
/// Rejects a row out of order, a cell of more than one character, and a character given to a
/// Japanese kanji prefix (0xFA..0xFC start a kanji; they are no character of their own).
fn charset() {
    let mut rows = String::new();
    let mut n = 0usize;
    for (line, f) in records("data/charset.csv") {
        assert_eq!(f.len(), 3, "data/charset.csv line {line}: 3 fields expected");
        assert_eq!(
            f[0],
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
