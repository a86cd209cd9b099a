//! Reading a full card (15 one-block saves) and a damaged one, against copying the bytes
//! (the baseline every reader pays at least once).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use quadmist::container::{self, write};

fn full_card() -> Vec<u8> {
    let mut c = write::CardBuilder::formatted();
    for k in 0..15u8 {
        let mut palette = [0u16; 16];
        palette[1] = 0x7FFF;
        let s =
            write::new_save(1, &write::encode_title("ＦＦ９／ＤＡＴＡ０１"), &palette, &[[k; 128]]);
        c.add_save(&format!("BASLUS-0125100000-{k:02}"), &s);
    }
    c.into_bytes()
}

fn bench(c: &mut Criterion) {
    let card = full_card();
    let mut damaged = card.clone();
    for slot in 1..16 {
        damaged[slot * 128 + 8] = (slot as u8) % 15; // every link points somewhere
    }
    c.bench_function("baseline: copy 128 KiB", |b| b.iter(|| black_box(card.to_vec())));
    c.bench_function("container::read full card", |b| {
        b.iter(|| container::read(black_box(&card), None).unwrap())
    });
    c.bench_function("container::read cross-linked card", |b| {
        b.iter(|| container::read(black_box(&damaged), None).unwrap())
    });
    c.bench_function("ff9::open full card", |b| {
        b.iter(|| quadmist::ff9::open(black_box(&card), None, &|_| None).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
