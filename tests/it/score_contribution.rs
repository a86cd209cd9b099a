//! Per-card contribution (§4.2) against removing the card and recounting, and the §5 ranks.

use proptest::prelude::*;
use quadmist::model::{CardRecord, CardType};
use quadmist::rules::score;

fn collection() -> impl Strategy<Value = Vec<CardRecord>> {
    prop::collection::vec((0u8..6, 0u8..6, 0u32..5), 0..=14).prop_map(|v| {
        v.into_iter()
            .enumerate()
            .map(|(i, (id, arrows, t))| CardRecord {
                slot: i as u16 + 1,
                // id 100 is not a card: it must be worth nothing.
                id: if id == 5 { 100 } else { id },
                arrows,
                atk: 0,
                card_type: CardType::from_code(t),
                pdef: 0,
                mdef: 0,
                cpoint: None,
            })
            .collect()
    })
}

proptest! {
    #[test]
    fn contributions_are_the_points_lost_by_each_single_discard(cards in collection()) {
        let all = score::points(&cards);
        for (i, c) in score::contributions(&cards).iter().enumerate() {
            let mut rest = cards.clone();
            rest.remove(i);
            prop_assert_eq!(c.total(), all - score::points(&rest));
        }
    }
}

#[test]
fn rank_thresholds_are_the_game_codes() {
    // The guides' 1450 / 1475 / 1500 are wrong; the code has 1420 / 1470 / 1510.
    assert_eq!(score::level(1449), 22);
    assert_eq!(score::level(1450), 22);
    assert_eq!(score::level(1475), 23);
    assert_eq!(score::level(1500), 23);
    assert_eq!(score::rank_name(score::level(1509)), Some("Dominator"));
    assert_eq!(score::rank_name(score::level(1510)), Some("Maestro"));
    assert_eq!(score::rank_name(score::level(1698)), Some("Master"));
    assert_eq!(score::rank_name(score::level(1700)), None);
}
