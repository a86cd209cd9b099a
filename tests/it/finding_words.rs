//! Finding messages are for players: no bare hex (`0x…`) and no "(s)" plurals. Checked on every
//! message the library gives for the committed fixtures, the genuine files in `../shared`, and
//! damaged copies of the raw cards (states, links, checksums, icon flags, sizes broken one at a
//! time), and on the string literals of
//! the container and ff9 layers (hex digits of card stats, `\\xNN` for unreadable bytes and the
//! notation's `0x` input are the game's and the user's, not a log's).

use crate::shared;
use quadmist::ff9;
use std::path::Path;

/// The messages `ff9::open` and every save's decoding give for `bytes`.
fn messages(bytes: &[u8], name: &str) -> Vec<String> {
    let Ok(set) = ff9::open(bytes, Some(name), &|_| None) else { return Vec::new() };
    let mut out: Vec<String> = set.findings.iter().map(|f| f.message.clone()).collect();
    for entry in &set.saves {
        out.extend(entry.findings.iter().map(|f| f.message.clone()));
        if let Ok(c) = entry.collection() {
            out.extend(c.findings.iter().map(|f| f.message.clone()));
        }
    }
    out
}

/// The messages that read like a programmer's log.
fn bad(messages: &[String], at: &str) -> Vec<String> {
    messages
        .iter()
        .filter(|m| m.contains("0x") || m.contains("(s)"))
        .map(|m| format!("{at}: {m}"))
        .collect()
}

/// Damaged copies of a raw card: one fault each.
fn damaged(card: &[u8]) -> Vec<Vec<u8>> {
    const FRAME: usize = 128;
    const BLOCK: usize = 8192;
    let mut out = Vec::new();
    let mut with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut c = card.to_vec();
        f(&mut c);
        out.push(c);
    };
    for slot in 1..=3 {
        let d = slot * FRAME;
        with(&|c| c[d] = 0x33); // unknown state
        with(&|c| c[d + 1] = 1); // non-zero bytes after the state
        with(&|c| c[d + 0x7F] ^= 0x5A); // bad XOR
        with(&|c| c[d + 8..d + 10].copy_from_slice(&0x20u16.to_le_bytes())); // dangling link
        with(&|c| c[d + 8..d + 10].copy_from_slice(&(slot as u16 - 1).to_le_bytes())); // cycle
        with(&|c| c[d] = 0x52); // orphan continuation
        with(&|c| c[d] = 0xA3); // orphan deleted continuation
        with(&|c| c[d + 4] ^= 0x20); // size mismatch
        let b = slot * BLOCK;
        with(&|c| c[b + 2] = 0); // icon flag
        with(&|c| c[b + 3] = 9); // title's block count
        with(&|c| c[b + 0x300] ^= 1); // the save's CRC
    }
    with(&|c| c[0] = b'X'); // no `MC` mark
    with(&|c| c.iter_mut().for_each(|b| *b = 0xFF)); // unformatted
    out
}

fn check_file(bytes: &[u8], name: &str, found: &mut Vec<String>) {
    found.extend(bad(&messages(bytes, name), name));
    if bytes.len() == 128 * 1024 {
        for (k, c) in damaged(bytes).iter().enumerate() {
            found.extend(bad(&messages(c, name), &format!("{name} (damage {k})")));
        }
    }
}

#[test]
fn fixture_and_damaged_fixture_findings_use_words() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut found = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        if !name.ends_with(".md") {
            check_file(&std::fs::read(&p).unwrap(), &name, &mut found);
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test(needs = SharedData)]
fn genuine_and_damaged_genuine_findings_use_words() {
    let mut found = Vec::new();
    let mut dirs = vec![shared::path("data/real")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_none_or(|x| x != "md") {
                let name = p.file_name().unwrap().to_str().unwrap().to_string();
                check_file(&std::fs::read(&p).unwrap(), &name, &mut found);
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The string literals of the layers that write findings (their tests and doc comments aside).
#[test]
fn finding_layers_write_no_hex_or_s_plurals() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut dirs: Vec<_> = ["container", "ff9"].iter().map(|d| root.join(d)).collect();
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
                continue;
            }
            if p.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for (n, line) in code.lines().enumerate() {
                let line = line.trim_start();
                if line.starts_with("//") {
                    continue;
                }
                // The odd pieces between quotes are the literals (escaped quotes aside).
                let literals = line
                    .replace("\\\"", "")
                    .split('"')
                    .skip(1)
                    .step_by(2)
                    .any(|s| s.contains("(s)") || s.contains("0x"));
                if literals {
                    found.push(format!("{}:{}: {line}", p.display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
