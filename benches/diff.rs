//! The save-to-save diff, against reading the two saves it compares; and `quadmist watch`'s
//! time from a file's change to the printed line, against one `quadmist diff` run on the same
//! two states (process start, two reads, diff, JSON).
//!
//! Run briefly: `cargo bench --features bench --bench diff -- --warm-up-time 1 --measurement-time 3`.
//! On the shared 2-core development machine (2026-11-23, other builds running): reading the two
//! saves 96 µs; their diff 21 µs (0.22× the read); 105 distinct copies of one card and mask on
//! each side (the hardest group a save can hold) 19.5 ms. One `quadmist diff --json` process
//! run 6.5 ms; `watch` from the rename to the printed line 21.2 ms (3.3× the one-shot run, of
//! which 20 ms is the quiet time `watch` waits for a burst of write events to end).

#[path = "../examples/make_fixtures/generate.rs"]
mod generate;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use quadmist::container::write::CardBuilder;
use quadmist::diff;
use quadmist::ff9;
use quadmist::model::{CardRecord, CardType, Collection, Platform};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A raw card with one FF9 save: the fixture player at in-game file `file` (3 oldest).
fn card(file: usize) -> Vec<u8> {
    let saves = generate::saves();
    let mut b = CardBuilder::formatted();
    b.add_save(&saves[2].name, &saves[file - 1].block.build());
    b.into_bytes()
}

fn collection(bytes: &[u8]) -> Collection {
    let set = ff9::open(bytes, Some("card.mcr"), &|_| None).expect("a card");
    set.saves[0].collection().expect("a save")
}

/// `n` Ifrits of one arrow mask, all of distinct values: the hardest group a save can hold.
fn one_group(n: u8, mdef: u8) -> Collection {
    let cards = (0..n)
        .map(|k| CardRecord {
            slot: u16::from(k) + 1,
            id: 60,
            arrows: 3,
            atk: k / 2,
            card_type: CardType::Magic,
            pdef: 75 + k % 2,
            mdef,
            cpoint: None,
        })
        .collect();
    Collection::new(Platform::Pc, cards)
}

fn in_process(c: &mut Criterion) {
    let (a, b) = (card(3), card(1));
    let mut g = c.benchmark_group("diff");
    g.bench_function("baseline: read both saves", |bench| {
        bench.iter(|| (collection(black_box(&a)), collection(black_box(&b))))
    });
    let (old, new) = (collection(&a), collection(&b));
    g.bench_function("diff of fixture saves 3 and 1", |bench| {
        bench.iter(|| diff::diff(black_box(&old), black_box(&new)))
    });
    let (o, n) = (one_group(105, 8), one_group(105, 9));
    g.bench_function("diff of 105 distinct copies of one card", |bench| {
        bench.iter(|| diff::diff(black_box(&o), black_box(&n)))
    });
    g.finish();
}

fn latency(c: &mut Criterion) {
    let bin = env!("CARGO_BIN_EXE_quadmist");
    let dir = tempfile::tempdir().expect("temp dir");
    let (a, b) = (dir.path().join("a.mcr"), dir.path().join("b.mcr"));
    let states = [card(3), card(2)];
    std::fs::write(&a, &states[0]).expect("write");
    std::fs::write(&b, &states[1]).expect("write");
    let mut g = c.benchmark_group("watch");
    g.sample_size(20);
    g.bench_function("baseline: one quadmist diff run", |bench| {
        bench.iter(|| {
            let out = Command::new(bin).arg("diff").arg(&a).arg(&b).arg("--json").output();
            assert!(out.expect("run").status.success());
        })
    });

    let watched = dir.path().join("watched.mcr");
    std::fs::write(&watched, &states[0]).expect("write");
    let mut child = Command::new(bin)
        .arg("watch")
        .arg(&watched)
        .arg("--json")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("watch");
    let (tx, rx) = mpsc::channel();
    let out = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let err = child.stderr.take().expect("stderr");
    let mut err = BufReader::new(err);
    let mut line = String::new();
    while err.read_line(&mut line).map(|n| n > 0).unwrap_or(false) && !line.contains("watching") {
        line.clear();
    }
    let tmp = dir.path().join("watched.tmp");
    let mut next = 1;
    g.bench_function("watch: rename to printed line", |bench| {
        bench.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                std::fs::write(&tmp, &states[next]).expect("write");
                let t = Instant::now();
                std::fs::rename(&tmp, &watched).expect("rename");
                rx.recv_timeout(Duration::from_secs(10)).expect("a report");
                total += t.elapsed();
                next = 1 - next;
            }
            total
        })
    });
    g.finish();
    let _ = child.kill();
    let _ = child.wait();
}

criterion_group!(benches, in_process, latency);
criterion_main!(benches);
