//! File → `Collection` for a full memory card of 15 FF9 saves, against only reading the
//! file into memory.
//!
//! Run briefly: `cargo bench --features bench --bench psx_decode -- --warm-up-time 1 --measurement-time 3`.
//! On the 2-core development machine, otherwise idle (2026-11-22): reading the 128 KiB file
//! 6.5 µs; file → 15 collections (container reader, FF9 listing with CRCs, 15 decodes) 115 µs
//! per card, 18× the bare read; `block::decode` of the 15 saves alone 31 µs.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use quadmist::container::write::CardBuilder;
use quadmist::ff9::psx::block::{decode, RawCardRecord};
use quadmist::ff9::psx::write::FF9Block;
use quadmist::ff9::psx::PsxSave;
use quadmist::ff9::SavePayload;

/// A card of 15 one-block FF9 saves, each with 100 cards.
fn full_card() -> Vec<u8> {
    let mut card = CardBuilder::formatted();
    for file in 0..15u8 {
        let mut b = FF9Block { file_number: file + 1, wins: 300, ..FF9Block::default() };
        for (k, r) in b.records.iter_mut().take(100).enumerate() {
            let k = k as u8;
            *r = RawCardRecord {
                id: k,
                arrows: k.wrapping_mul(29) ^ file,
                atk: 10 + k,
                card_type: k % 4,
                pdef: 20 + k,
                mdef: 30 + k,
            };
        }
        card.add_save(&format!("BASLUS-0125100000-{file:02}"), &b.build());
    }
    card.into_bytes()
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("full.mcr");
    std::fs::write(&path, full_card()).expect("write card");
    let mut g = c.benchmark_group("psx_decode");
    g.bench_function("read file only", |b| {
        b.iter(|| black_box(std::fs::read(&path).expect("read")))
    });
    g.bench_function("file to 15 collections", |b| {
        b.iter(|| {
            let bytes = std::fs::read(&path).expect("read");
            let set = quadmist::ff9::open(&bytes, Some("full.mcr"), &|_| None).expect("open");
            let n: usize =
                set.saves.iter().map(|s| s.collection().map_or(0, |c| c.cards.len())).sum();
            assert_eq!(n, 1500);
            black_box(n)
        })
    });
    // The block layer alone: the 15 saves as the listing hands them over.
    let bytes = std::fs::read(&path).expect("read");
    let saves: Vec<PsxSave> = quadmist::ff9::open(&bytes, Some("full.mcr"), &|_| None)
        .expect("open")
        .saves
        .into_iter()
        .filter_map(|s| match s.payload {
            SavePayload::PlayStation(p) => Some(p),
            _ => None,
        })
        .collect();
    assert_eq!(saves.len(), 15);
    g.bench_function("block::decode of 15 saves", |b| {
        b.iter(|| {
            let n: usize = saves.iter().map(|s| decode(s).map_or(0, |c| c.cards.len())).sum();
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
