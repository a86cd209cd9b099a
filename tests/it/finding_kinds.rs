//! Every finding a reader or a check makes has a kind of its own, so that which findings are
//! repeats of one another is decided by the kind, once, in the library: the fixtures, cut
//! short and damaged in many ways, give findings of many kinds and none of kind `other` (left
//! to a front end's notes about its own run).

use quadmist::model::{Finding, FindingKind};
use quadmist::rules::legality;
use std::collections::BTreeSet;

const FIXTURES: [&str; 4] =
    ["ff9-three-saves.mcr", "ff9-three-saves.gme", "ff9-file1.mcs", "ff9-file1.psv"];

/// Every finding of the file: its own, each save's, each decoded save's and its cards'.
fn findings_of(bytes: &[u8], name: &str) -> Vec<Finding> {
    let Ok(set) = quadmist::ff9::open(bytes, Some(name), &|_| None) else { return Vec::new() };
    let mut all = set.findings.clone();
    for save in &set.saves {
        all.extend(save.findings.iter().cloned());
        if let Ok(c) = save.collection() {
            all.extend(c.findings.iter().cloned());
            all.extend(legality::check(&c).iter().map(legality::CardFinding::to_finding));
        }
    }
    all
}

/// The file cut at sixteenths of its length, each 197th byte inverted in turn, and runs of
/// 512 bytes zeroed across it.
fn damaged(bytes: &[u8]) -> Vec<Vec<u8>> {
    let n = bytes.len();
    let mut out: Vec<Vec<u8>> = (1..16).map(|k| bytes[..n * k / 16].to_vec()).collect();
    for at in (0..n).step_by(197) {
        let mut b = bytes.to_vec();
        b[at] ^= 0xFF;
        out.push(b);
    }
    for at in (0..n).step_by(n / 40 + 1) {
        let mut b = bytes.to_vec();
        b[at..(at + 512).min(n)].fill(0);
        out.push(b);
    }
    out
}

#[test]
fn every_finding_of_a_damaged_file_has_a_kind_of_its_own() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut kinds = BTreeSet::new();
    let mut untyped = Vec::new();
    let mut count = 0usize;
    for name in FIXTURES {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        for b in damaged(&bytes) {
            for f in findings_of(&b, name) {
                count += 1;
                kinds.insert(format!("{:?}", f.kind));
                if f.kind == FindingKind::Other && untyped.len() < 20 {
                    untyped.push(format!("{name}: {}", f.message));
                }
            }
        }
    }
    assert!(untyped.is_empty(), "findings without a kind of their own:\n{}", untyped.join("\n"));
    // The damage reaches the container, the save's own checksum and fields, and the cards.
    for kind in ["Truncated", "Checksum", "DirectoryEntry", "FrameChecksum", "AboveCap"] {
        assert!(kinds.contains(kind), "no {kind} among {kinds:?}");
    }
    assert!(kinds.len() >= 10, "{count} findings of only {} kinds: {kinds:?}", kinds.len());
}

/// `saves --json` gives each problem its kind (and location when known), as `cards --json`
/// does: a card image cut at 100,000 of its 131,072 bytes is `truncated`.
#[test]
fn saves_json_names_each_problem_by_its_kind() {
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.mcr");
    let bytes = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/ff9-three-saves.mcr"),
    )
    .unwrap();
    std::fs::write(&cut, &bytes[..100_000]).unwrap();
    let (out, err, code) = crate::shared::quadmist(&["saves", cut.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let problems = v["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(
        (&problems[0]["kind"], &problems[0]["severity"]),
        (&"truncated".into(), &"error".into())
    );
    assert!(problems[0]["message"].as_str().unwrap().contains("100000 of 131072 bytes"));
}

/// The library's layers (model to analyses) never make a finding of kind `other`: that kind
/// is left to a front end's notes about its own run (a folder, a browser, an option).
#[test]
fn no_library_layer_makes_a_finding_of_kind_other() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut files = 0;
    for layer in ["model", "container", "ff9", "rules", "plan", "diff", "game", "sources"] {
        let mut stack = vec![src.join(layer)];
        while let Some(p) = stack.pop() {
            if p.is_dir() {
                stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
            } else if p.extension().is_some_and(|e| e == "rs") && !p.ends_with("model/finding.rs") {
                files += 1;
                let text = std::fs::read_to_string(&p).unwrap();
                for (n, line) in text.lines().enumerate() {
                    if line.contains("FindingKind::Other") {
                        found.push(format!("{}:{}: {}", p.display(), n + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(files > 40, "only {files} files read");
    assert!(found.is_empty(), "{}", found.join("\n"));
}
