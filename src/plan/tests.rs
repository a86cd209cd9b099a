//! The planners' matchings solved per component choose the same cards as one network over
//! the whole collection ([`super::flow::min_cost_matching`]), ties included, on the fixtures, the
//! genuine saves and collections created the game's way.

use super::discard::minimal_keep_by;
use super::flow::{min_cost_matching, min_cost_matching_by_component};
use super::master::keepers_by;
use crate::model::catalogue::CATALOGUE;
use crate::model::{CardRecord, CardType};
use crate::rules::creation::{create, RangeRng};
use crate::rules::growth::EvolutionOdds;

fn same_either_way(at: &str, cards: &[CardRecord]) {
    assert_eq!(
        minimal_keep_by(cards, min_cost_matching_by_component),
        minimal_keep_by(cards, min_cost_matching),
        "{at}"
    );
    for odds in [EvolutionOdds::ENGINE, EvolutionOdds::PSX_GUIDE] {
        assert_eq!(
            keepers_by(cards, odds, min_cost_matching_by_component),
            keepers_by(cards, odds, min_cost_matching),
            "{at}"
        );
    }
}

/// Checks every collection of a file; returns how many there were.
fn check_file(path: &std::path::Path) -> usize {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let set = crate::ff9::open(&bytes, None, &|_| None).unwrap();
    let collections: Vec<_> = set.saves.iter().filter_map(|s| s.collection().ok()).collect();
    for (i, c) in collections.iter().enumerate() {
        same_either_way(&format!("{} save {i}", path.display()), &c.cards);
    }
    collections.len()
}

#[test]
fn fixtures_plan_the_same_per_component() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let n: usize = ["ff9-three-saves.mcr", "ff9-file1.mcs"]
        .iter()
        .map(|name| check_file(&dir.join(name)))
        .sum();
    assert_eq!(n, 4);
}

#[test]
#[cfg_attr(no_shared_data, ignore = "needs ../shared/data/real")]
fn genuine_saves_plan_the_same_per_component() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/real");
    let n: usize = [
        "psx-ff9/usa.mcr",
        "psx-ff9/filled.mcr",
        "psx-ff9/japan.mcr",
        "steam/SavedData_ww.dat",
        "switch/DATA_SLOT0_FILE0",
        "switch/DATA_SLOT1_FILE0",
    ]
    .iter()
    .map(|rel| check_file(&dir.join(rel)))
    .sum();
    assert!(n >= 8, "{n} collections");
}

struct XorShift(u64);

impl RangeRng for XorShift {
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        if lo >= hi {
            lo
        } else {
            lo + (self.0 % u64::from(hi - lo)) as u32
        }
    }
}

#[test]
fn created_collections_plan_the_same_per_component() {
    for seed in 0..400u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let (len, ids) = (20 + seed as u32 % 90, 3 + seed as u32 % 98);
        let cards: Vec<CardRecord> = (0..len)
            .map(|i| {
                let info = &CATALOGUE[rng.range(0, ids) as usize];
                let c = create(info, &mut rng);
                let card_type = match rng.range(0, 20) {
                    0..=1 => CardType::Assault,
                    2..=6 => CardType::Flexible,
                    _ => c.card_type,
                };
                let (atk, pdef, mdef) = (c.atk, c.pdef, c.mdef);
                let slot = i as u16 + 1;
                CardRecord {
                    slot,
                    id: info.id,
                    arrows: c.arrows,
                    atk,
                    card_type,
                    pdef,
                    mdef,
                    cpoint: None,
                }
            })
            .collect();
        if std::env::var("DIFFDBG").is_ok() {
            let a = keepers_by(&cards, EvolutionOdds::ENGINE, min_cost_matching_by_component);
            let b = keepers_by(&cards, EvolutionOdds::ENGINE, min_cost_matching);
            let c = minimal_keep_by(&cards, min_cost_matching_by_component);
            let d = minimal_keep_by(&cards, min_cost_matching);
            if a != b || c != d {
                let da: Vec<_> = a.iter().filter(|x| !b.contains(x)).map(|&i| cards[i]).collect();
                let db: Vec<_> = b.iter().filter(|x| !a.contains(x)).map(|&i| cards[i]).collect();
                eprintln!("seed {seed} keepers {} minimal {}\n {da:?}\n {db:?}", a != b, c != d);
            }
            continue;
        }
        same_either_way(&format!("seed {seed}"), &cards);
    }
}
