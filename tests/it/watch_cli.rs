//! `quadmist watch` end to end: a memory card rewritten through a temporary file and a rename,
//! then half-written in place, finished, and rewritten unchanged. Each change must be reported
//! exactly once, the half-written card never, and each report must be the diff of the two
//! states (counters from the fixture generator's blocks).
//!
//! The time from the file's change to the printed line is printed (not asserted: timings are
//! measured, never pass/fail).

use crate::psx_fixtures::generate;
use quadmist::container::write::CardBuilder;
use quadmist::container::BLOCK_SIZE;
use quadmist::ff9::psx::block::RECORDS_OFFSET;
use quadmist::ff9::psx::CRC_OFFSET;
use serde_json::Value;
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// A raw card with one FF9 save: the fixture player's block at stage `file` (3 oldest ..
/// 1 newest), always under the oldest save's name.
fn card(file: usize) -> Vec<u8> {
    let saves = generate::saves();
    let mut b = CardBuilder::formatted();
    b.add_save(&saves[2].name, &saves[file - 1].block.build()).expect("room for one save");
    b.into_bytes()
}

/// Lines of a child's pipe, as they come.
fn lines(pipe: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

struct Watch {
    child: Child,
    out: Receiver<String>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Watch {
    /// The next report line, with the time it took to come.
    fn next(&self, within: Duration) -> Option<(String, Duration)> {
        let t = Instant::now();
        self.out.recv_timeout(within).ok().map(|l| (l, t.elapsed()))
    }

    fn assert_quiet(&self, during: Duration, what: &str) {
        if let Ok(line) = self.out.recv_timeout(during) {
            panic!("nothing expected after {what}, got: {line}");
        }
    }
}

fn start(path: &std::path::Path, json: bool) -> Watch {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_quadmist"));
    cmd.arg("watch").arg(path).env("NO_COLOR", "1").env("COLUMNS", "80");
    if json {
        cmd.arg("--json");
    }
    let mut child =
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).stdin(Stdio::null()).spawn().unwrap();
    let out = lines(child.stdout.take().unwrap());
    let err = lines(child.stderr.take().unwrap());
    let w = Watch { child, out };
    // Ready once it says it is watching.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match err.recv_timeout(left) {
            Ok(l) if l.contains("watching") => break,
            Ok(_) => continue,
            Err(e) => panic!("watch did not start: {e}"),
        }
    }
    w
}

fn wins(v: &Value) -> (u64, u64) {
    (v["wins"]["before"].as_u64().unwrap(), v["wins"]["after"].as_u64().unwrap())
}

#[test]
fn each_change_is_reported_once_and_a_half_written_card_never() {
    let blocks: Vec<_> = generate::saves().into_iter().map(|s| s.block).collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("epsxe000.mcr");
    std::fs::write(&path, card(3)).unwrap();
    let w = start(&path, true);

    // 1. Temporary file and rename, as emulators do.
    let tmp = dir.path().join("epsxe000.mcr.tmp");
    std::fs::write(&tmp, card(2)).unwrap();
    let t0 = Instant::now();
    std::fs::rename(&tmp, &path).unwrap();
    let (line, _) = w.next(Duration::from_secs(20)).expect("a report for the renamed card");
    let rename_latency = t0.elapsed();
    let v: Value = serde_json::from_str(&line).unwrap();
    crate::json_schema::assert_conforms("watch", &v);
    assert_eq!(wins(&v), (u64::from(blocks[2].wins), u64::from(blocks[1].wins)));
    assert_eq!(v["losses"]["after"], u64::from(blocks[1].losses));
    assert!(!v["added"].as_array().unwrap().is_empty());
    w.assert_quiet(Duration::from_millis(1500), "the rename");

    // 2. Half written in place: the first part of the next state over the current one, in the
    // middle of the card list, which the block's checksum covers.
    let next = card(1);
    let mid = BLOCK_SIZE + RECORDS_OFFSET + 6 * 40;
    assert!(mid < BLOCK_SIZE + CRC_OFFSET);
    let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.write_all(&next[..mid]).unwrap();
    f.sync_all().unwrap();
    w.assert_quiet(Duration::from_millis(2000), "a half-written card");

    // 3. The rest of the write, in place.
    f.seek(SeekFrom::Start(mid as u64)).unwrap();
    let t1 = Instant::now();
    f.write_all(&next[mid..]).unwrap();
    drop(f);
    let (line, _) = w.next(Duration::from_secs(20)).expect("a report once the write ends");
    let inplace_latency = t1.elapsed();
    let v: Value = serde_json::from_str(&line).unwrap();
    crate::json_schema::assert_conforms("watch", &v);
    assert_eq!(wins(&v), (u64::from(blocks[1].wins), u64::from(blocks[0].wins)));
    w.assert_quiet(Duration::from_millis(1500), "the in-place write");

    // 4. The same bytes written again: nothing changed, nothing printed.
    std::fs::write(&path, &next).unwrap();
    w.assert_quiet(Duration::from_millis(1500), "an unchanged rewrite");

    eprintln!(
        "watch latency (debug build, file change to printed line): rename {} ms, in place {} ms",
        rename_latency.as_millis(),
        inplace_latency.as_millis()
    );
}

#[test]
fn text_reports_are_numbered_and_say_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("card.mcr");
    std::fs::write(&path, card(3)).unwrap();
    // Named as FILE:S, the form `diff` takes.
    let w = start(&dir.path().join("card.mcr:1"), false);
    let tmp = dir.path().join("card.tmp");
    std::fs::write(&tmp, card(2)).unwrap();
    std::fs::rename(&tmp, &path).unwrap();
    // The save watched is named first, by its one header (`FILE:S  details`).
    let (header, _) = w.next(Duration::from_secs(20)).expect("the header");
    let spec = format!("{}:1  Zidane Lv ", path.display());
    assert!(header.starts_with(&spec), "{header}");
    let (first, _) = w.next(Duration::from_secs(20)).expect("a report");
    assert_eq!(first, "Change 1:");
    let mut body = Vec::new();
    while let Some((l, _)) = w.next(Duration::from_millis(500)) {
        body.push(l);
    }
    let text = body.join("\n");
    assert!(text.contains("Matches: 14 wins → 69 (+55)"), "{text}");
    assert!(text.contains("33 new cards (won, bought or received):"), "{text}");
    assert!(!text.contains("Change 2"), "{text}");
}

#[test]
fn a_switch_save_cut_short_is_not_reported_and_the_finished_write_is() {
    // Fang (caps 9/10/4) grows pdef +1 in one match.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("DATA_SLOT0_FILE0");
    let before = crate::diff_cli::switch_save(4, &[(1, 5, "PHYSICAL", 6, 2, 9)]);
    let after = crate::diff_cli::switch_save(5, &[(1, 5, "PHYSICAL", 7, 2, 9)]);
    std::fs::write(&path, &before).unwrap();
    let w = start(&path, true);
    // In place, cut in the middle of the card list: not JSON yet.
    let cut = after.find("\"pdef\"").unwrap();
    std::fs::write(&path, &after[..cut]).unwrap();
    w.assert_quiet(Duration::from_millis(1500), "a cut JSON save");
    std::fs::write(&path, &after).unwrap();
    let (line, _) = w.next(Duration::from_secs(20)).expect("a report once whole");
    let v: Value = serde_json::from_str(&line).unwrap();
    crate::json_schema::assert_conforms("watch", &v);
    assert_eq!(wins(&v), (4, 5));
    assert_eq!(v["grown"][0]["pdef"], 1);
    assert_eq!(v["grown"][0]["after"]["name"], "Fang");
    w.assert_quiet(Duration::from_millis(1000), "the finished write");
}
