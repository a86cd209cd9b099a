//! The planners' matchings solved per component (`plan::flow::min_cost_matching`) keep
//! cards as good as one network over the whole collection (`plan::flow::network_matching`)
//! on collections created the game's way, and the very same cards on the fixtures and the
//! genuine saves (where earlier releases solved one network).

use quadmist::game::sim::GameRng;
use quadmist::model::catalogue::CATALOGUE;
use quadmist::model::{CardRecord, CardType};
use quadmist::plan::discard::minimal_keep_by;
use quadmist::plan::flow::{min_cost_matching, network_matching};
use quadmist::plan::master::{keeper_edges, keepers_by};
use quadmist::plan::preference;
use quadmist::rules::creation::{create, RangeRng};
use quadmist::rules::growth::EvolutionOdds;
use quadmist::rules::score;

/// Checks that both ways keep equally good cards: as many, with as many points and as much
/// preference (minimal keep), or keepers costing as much; with `same_cards`, the same ones.
fn either_way(at: &str, cards: &[CardRecord], same_cards: bool) {
    let (apart, whole) =
        (minimal_keep_by(cards, min_cost_matching), minimal_keep_by(cards, network_matching));
    let measure = |kept: &[bool]| {
        let kept: Vec<&CardRecord> =
            cards.iter().zip(kept).filter(|(_, &k)| k).map(|(c, _)| c).collect();
        (
            kept.len(),
            score::points(kept.iter().copied()),
            kept.iter().map(|c| preference(c)).sum::<i64>(),
        )
    };
    assert_eq!(measure(&apart), measure(&whole), "{at}");
    if same_cards {
        assert_eq!(apart, whole, "{at}");
    }
    for odds in [EvolutionOdds::ENGINE, EvolutionOdds::PSX_GUIDE] {
        let (apart, whole) =
            (keepers_by(cards, odds, min_cost_matching), keepers_by(cards, odds, network_matching));
        let (edges, index) = keeper_edges(cards, odds);
        let cost = |keepers: &[usize]| -> i64 {
            index.iter().zip(&edges).filter(|(i, _)| keepers.contains(i)).map(|(_, e)| e.cost).sum()
        };
        assert_eq!((apart.len(), cost(&apart)), (whole.len(), cost(&whole)), "{at}");
        if same_cards {
            assert_eq!(apart, whole, "{at}");
        }
    }
}

/// Checks every collection of a file; returns how many there were.
fn check_file(path: &std::path::Path) -> usize {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let set = quadmist::ff9::open(&bytes, None, &|_| None).unwrap();
    let collections: Vec<_> = set.saves.iter().filter_map(|s| s.collection().ok()).collect();
    for (i, c) in collections.iter().enumerate() {
        either_way(&format!("{} save {i}", path.display()), &c.cards, true);
    }
    collections.len()
}

#[test]
fn fixtures_keep_the_same_cards_per_component() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let n: usize = ["ff9-three-saves.mcr", "ff9-file1.mcs"]
        .iter()
        .map(|name| check_file(&dir.join(name)))
        .sum();
    assert_eq!(n, 4);
}

#[test(needs = SharedData)]
fn genuine_saves_keep_the_same_cards_per_component() {
    let dir = crate::shared::path("data/real");
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

#[test]
fn created_collections_keep_equally_good_cards_per_component() {
    for seed in 0..400u64 {
        let mut rng = GameRng::new(seed, 0);
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
        either_way(&format!("seed {seed}"), &cards, false);
    }
}
