//! The 16×16 table of mean battle odds, attack digit against defence digit (tetra-master-rules
//! §9, each digit a uniform band of 16 values), computed through the public API.
//!
//! Baseline for the ratio: the same table by the definition, averaging the closed form over
//! the 256 value pairs of every cell.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use quadmist::model::CardType;
use quadmist::rules::battle::{battle, win_chance, Fighter, Stat};

fn mean_table() -> [[f64; 16]; 16] {
    let mut table = [[0.0; 16]; 16];
    for (a, row) in table.iter_mut().enumerate() {
        for (d, cell) in row.iter_mut().enumerate() {
            let attacker = Fighter {
                atk: Stat::Digit(a as u8),
                card_type: CardType::Physical,
                pdef: Stat::Exact(0),
                mdef: Stat::Exact(0),
            };
            let defender = Fighter {
                atk: Stat::Exact(0),
                card_type: CardType::Physical,
                pdef: Stat::Digit(d as u8),
                mdef: Stat::Exact(0),
            };
            *cell =
                battle(black_box(&attacker), black_box(&defender)).map_or(0.0, |b| b.odds.mean());
        }
    }
    table
}

fn naive_table() -> [[f64; 16]; 16] {
    let mut table = [[0.0; 16]; 16];
    for (a, row) in table.iter_mut().enumerate() {
        for (d, cell) in row.iter_mut().enumerate() {
            let mut sum = 0.0;
            for x in 0..16u8 {
                for y in 0..16u8 {
                    sum += win_chance(black_box(a as u8 * 16 + x), d as u8 * 16 + y).to_f64();
                }
            }
            *cell = sum / 256.0;
        }
    }
    table
}

fn bench(c: &mut Criterion) {
    c.bench_function("mean_table_16x16", |b| b.iter(mean_table));
    c.bench_function("mean_table_16x16_by_definition", |b| b.iter(naive_table));
}

criterion_group!(benches, bench);
criterion_main!(benches);
