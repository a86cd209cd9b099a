//! Peak memory and time against input size for the largest hostile inputs: no input may
//! allocate without bound, so memory and time must grow at most linearly with the file.
//!
//! A counting global allocator records the peak of live heap bytes; the `peak_memory` group
//! reports it through a criterion measurement of its own (in bytes, not seconds), the
//! `time` group the wall time with the input size as throughput. Each input comes at 1, 4 and
//! 16 MiB (16 MiB is the largest file quadmist reads), so the figures give two ratios: peak
//! heap ÷ input size (the promise: 64 MiB + 2 × input for the whole process) and time at
//! 16 MiB ÷ time at 1 MiB (linear: about 16). The baseline of time is copying the bytes.
//!
//! `cargo bench --features bench --bench bounds` (the ratios are also printed first, from one run each).

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use quadmist::ff9::{self, memoria};
use quadmist::model::{Collection, Platform};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The system allocator, counting live bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Heap bytes at the peak of one call of `f`, above what was live before it.
fn peak_of<T>(f: impl FnOnce() -> T) -> usize {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    drop(black_box(f()));
    PEAK.load(Ordering::Relaxed) - before
}

/// A criterion measurement in heap bytes at the peak.
struct PeakBytes;

struct Bytes;

impl ValueFormatter for Bytes {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1024.0 * 1024.0);
        "MiB"
    }
    fn scale_throughputs(
        &self,
        _typical: f64,
        _throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1024.0 * 1024.0);
        "MiB"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "B"
    }
}

impl Measurement for PeakBytes {
    type Intermediate = ();
    type Value = usize;
    fn start(&self) {}
    fn end(&self, _: ()) -> usize {
        0
    }
    fn add(&self, a: &usize, b: &usize) -> usize {
        a + b
    }
    fn zero(&self) -> usize {
        0
    }
    fn to_f64(&self, v: &usize) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &Bytes
    }
}

const MIB: usize = 1024 * 1024;
/// 1, 4 and 16 MiB (the last a little under the 16 MiB file limit).
const SIZES: [usize; 3] = [MIB, 4 * MIB, 16 * MIB - 4096];

fn switch_json(list_item: &str, size: usize) -> Vec<u8> {
    let head = r#"{"Data":{"30000_MiniGame":{"MiniGameCard":["#;
    let tail = r#"],"sWin":"1","sLose":"0","sDraw":"0"}}}"#;
    let mut s = String::with_capacity(size);
    s.push_str(head);
    while s.len() + list_item.len() + 1 + tail.len() <= size {
        if !s.ends_with('[') {
            s.push(',');
        }
        s.push_str(list_item);
    }
    s.push_str(tail);
    s.into_bytes()
}

/// A SimpleJSON sidecar whose card list fills `size` bytes (ints for every field).
fn sidecar_cards(size: usize) -> Vec<u8> {
    fn key(out: &mut Vec<u8>, k: &str) {
        out.push(k.len() as u8);
        out.extend(k.as_bytes());
    }
    let mut card = Vec::new();
    card.extend(2i32.to_le_bytes());
    card.extend(8i32.to_le_bytes());
    for (k, v) in [
        ("arrow", 1),
        ("atk", 40),
        ("cpoint", 10),
        ("id", 5),
        ("mdef", 3),
        ("pdef", 2),
        ("side", 0),
        ("type", 0),
    ] {
        key(&mut card, k);
        card.extend(4i32.to_le_bytes());
        card.extend(i32::to_le_bytes(v));
    }
    let mut out = Vec::with_capacity(size);
    out.extend(2i32.to_le_bytes());
    out.extend(1i32.to_le_bytes());
    key(&mut out, "30000_MiniGame");
    out.extend(2i32.to_le_bytes());
    out.extend(1i32.to_le_bytes());
    key(&mut out, "MiniGameCard");
    out.extend(1i32.to_le_bytes());
    let n = (size - out.len() - 4) / card.len();
    out.extend((n as i32).to_le_bytes());
    for _ in 0..n {
        out.extend(&card);
    }
    out
}

/// The campaign's sidecar: 64 nested arrays, each claiming the most items the bytes allow.
fn sidecar_nested(size: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(size);
    for _ in 0..64 {
        out.extend(1i32.to_le_bytes());
        let left = size - out.len() - 4;
        out.extend((left as i32 / 5).to_le_bytes());
    }
    out.resize(size, 0);
    out
}

/// Pseudo-random bytes (no card inside): detection scans all of it.
fn junk(size: usize) -> Vec<u8> {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    (0..size)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

fn open_and_decode(bytes: &[u8], name: &str) -> usize {
    match ff9::open(bytes, Some(name), &|_| None) {
        Ok(set) => {
            set.saves.iter().filter_map(|s| s.collection().ok()).map(|c| c.cards.len()).sum()
        }
        Err(_) => 0,
    }
}

fn apply_sidecar(bytes: &[u8]) -> usize {
    let mut c = Collection::new(Platform::Pc, Vec::new());
    memoria::apply(&mut c, None, "SavedData_ww_Memoria_0_0.dat", bytes);
    c.cards.len()
}

type Reader = fn(&[u8]) -> usize;
type Builder = fn(usize) -> Vec<u8>;

/// The inputs: a name, how to build one of a size, how quadmist reads it.
fn inputs() -> Vec<(&'static str, Builder, Reader)> {
    const CARD: &str = r#"{"id":"5","side":"0","atk":"40","type":"0","pdef":"2","mdef":"3","cpoint":"10","arrow":"1"}"#;
    vec![
        ("switch json, zeros", |n| switch_json("0", n), |b| open_and_decode(b, "AUTO")),
        ("switch json, empty objects", |n| switch_json("{}", n), |b| open_and_decode(b, "AUTO")),
        ("switch json, cards", |n| switch_json(CARD, n), |b| open_and_decode(b, "AUTO")),
        ("memoria sidecar, cards", sidecar_cards, apply_sidecar),
        ("memoria sidecar, 64 nested arrays", sidecar_nested, apply_sidecar),
        ("unknown bytes", junk, |b| open_and_decode(b, "card.mcr")),
    ]
}

fn print_ratios() {
    println!("peak heap ÷ input size, and time ratios (one run each):");
    for (name, build, read) in inputs() {
        let mut line = format!("  {name:<36}");
        let mut first_time = None;
        for size in SIZES {
            let bytes = build(size);
            let peak = peak_of(|| read(&bytes));
            let start = std::time::Instant::now();
            black_box(read(&bytes));
            let t = start.elapsed().as_secs_f64();
            let t1 = *first_time.get_or_insert(t);
            line.push_str(&format!(
                "  {} MiB: {:.3} ({:.0}× time)",
                (size + MIB / 2) / MIB,
                peak as f64 / bytes.len() as f64,
                t / t1
            ));
        }
        println!("{line}");
    }
}

fn peak_memory(c: &mut Criterion<PeakBytes>) {
    print_ratios();
    let mut group = c.benchmark_group("peak_memory");
    group.sample_size(10).warm_up_time(Duration::from_millis(1));
    for (name, build, read) in inputs() {
        for size in SIZES {
            let bytes = build(size);
            group.throughput(Throughput::Bytes(bytes.len() as u64));
            group.bench_with_input(BenchmarkId::new(name, bytes.len()), &bytes, |b, bytes| {
                b.iter_custom(|iters| peak_of(|| read(bytes)) * iters as usize)
            });
        }
    }
    group.finish();
}

fn time(c: &mut Criterion) {
    let mut group = c.benchmark_group("time");
    group.sample_size(10).warm_up_time(Duration::from_millis(500));
    for size in SIZES {
        let bytes = junk(size);
        group.throughput(Throughput::Bytes(size as u64));
        group.bench_with_input(BenchmarkId::new("baseline: copy", size), &bytes, |b, bytes| {
            b.iter(|| black_box(bytes.to_vec()))
        });
    }
    for (name, build, read) in inputs() {
        for size in SIZES {
            let bytes = build(size);
            group.throughput(Throughput::Bytes(bytes.len() as u64));
            group.bench_with_input(BenchmarkId::new(name, bytes.len()), &bytes, |b, bytes| {
                b.iter(|| read(black_box(bytes)))
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = memory;
    config = Criterion::default().with_measurement(PeakBytes);
    targets = peak_memory
}
criterion_group!(speed, time);
criterion_main!(memory, speed);
