//! `quadmist plan` (all three parts) on a realistic 100-card collection, and the exact
//! planners against brute force (all subsets) on a 12-card collection.

#[path = "../tests/it/brute/mod.rs"]
mod brute;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use quadmist::model::catalogue::CATALOGUE;
use quadmist::model::{CardRecord, CardType};
use quadmist::plan::{best_discards, master_plan, zero_loss_discards};
use quadmist::rules::creation::{create, RangeRng};
use quadmist::rules::growth::EvolutionOdds;
use quadmist::rules::score::MASTER_POINTS;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

struct Chacha(ChaCha8Rng);

impl RangeRng for Chacha {
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        if lo >= hi {
            lo
        } else {
            self.0.gen_range(lo..hi)
        }
    }
}

/// `n` cards created the game's way over ids drawn from `0..ids`; a quarter upgraded to X and
/// a tenth to A, as in a well-played collection.
fn collection(n: usize, ids: u8, seed: u64) -> Vec<CardRecord> {
    let mut rng = Chacha(ChaCha8Rng::seed_from_u64(seed));
    (0..n)
        .map(|i| {
            let info = &CATALOGUE[rng.range(0, ids as u32) as usize];
            let c = create(info, &mut rng);
            let card_type = match rng.range(0, 20) {
                0..=1 => CardType::Assault,
                2..=6 => CardType::Flexible,
                _ => c.card_type,
            };
            CardRecord {
                slot: i as u16 + 1,
                id: info.id,
                arrows: c.arrows,
                atk: c.atk,
                card_type,
                pdef: c.pdef,
                mdef: c.mdef,
                cpoint: Some(10),
            }
        })
        .collect()
}

fn full_plan(cards: &[CardRecord]) -> usize {
    let safe = zero_loss_discards(cards);
    let five = best_discards(cards, 5);
    let master = master_plan(cards, EvolutionOdds::ENGINE, MASTER_POINTS);
    safe.kept.len() + five.kept.len() + master.keepers.len()
}

fn bench(c: &mut Criterion) {
    let hundred = collection(100, 100, 9);
    c.bench_function("plan_100_cards_all_three_parts", |b| {
        b.iter(|| full_plan(black_box(&hundred)))
    });
    c.bench_function("plan_100_cards_zero_loss", |b| {
        b.iter(|| zero_loss_discards(black_box(&hundred)).kept.len())
    });
    c.bench_function("plan_100_cards_master", |b| {
        b.iter(|| {
            master_plan(black_box(&hundred), EvolutionOdds::ENGINE, MASTER_POINTS).keepers.len()
        })
    });

    // 12 cards over 4 ids: every part, exact planners vs all 4096 subsets.
    let twelve = collection(12, 4, 3);
    c.bench_function("exact_12_cards_all_parts", |b| {
        b.iter(|| {
            let t = black_box(&twelve);
            let mut n = zero_loss_discards(t).kept.len();
            for k in 0..=t.len() {
                n += best_discards(t, k).kept.len();
            }
            n + master_plan(t, EvolutionOdds::ENGINE, MASTER_POINTS).keepers.len()
        })
    });
    c.bench_function("brute_force_12_cards_all_parts", |b| {
        b.iter(|| {
            let t = black_box(&twelve);
            let mut n = brute::minimal_keep(t).0;
            for k in 0..=t.len() {
                n += brute::best_keep(t, k).0 as usize;
            }
            n + brute::best_keepers(t, EvolutionOdds::ENGINE).0
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
