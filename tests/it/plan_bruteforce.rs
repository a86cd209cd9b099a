//! The planners against brute force over all subsets of small random collections.

use crate::brute;

use proptest::prelude::*;
use quadmist::model::{CardRecord, CardType};
use quadmist::plan::{self, best_discards, zero_loss_discards};
use quadmist::rules::growth::EvolutionOdds;
use quadmist::rules::score;

const MASKS: [u8; 5] = [0x00, 0x01, 0x02, 0x80, 0xFF];

fn card_strategy() -> impl Strategy<Value = CardRecord> {
    (0u8..6, 0usize..MASKS.len(), 0u32..5, any::<u8>(), any::<u8>(), any::<u8>()).prop_map(
        |(id, m, t, atk, pdef, mdef)| CardRecord {
            slot: 0,
            // id 200 is not a card (worth nothing); type code 4 is unknown (worth 0).
            id: if id == 5 { 200 } else { id },
            arrows: MASKS[m],
            atk,
            card_type: CardType::from_code(t),
            pdef,
            mdef,
            cpoint: None,
        },
    )
}

fn collection() -> impl Strategy<Value = Vec<CardRecord>> {
    prop::collection::vec(card_strategy(), 0..=12).prop_map(|mut v| {
        for (i, c) in v.iter_mut().enumerate() {
            c.slot = i as u16 + 1;
        }
        v
    })
}

fn kept_cards(cards: &[CardRecord], kept: &[usize]) -> Vec<CardRecord> {
    kept.iter().map(|&i| cards[i]).collect()
}

fn kept_preference(cards: &[CardRecord], kept: &[usize]) -> i64 {
    kept.iter().map(|&i| plan::preference(&cards[i])).sum()
}

/// §13.3's closed form: min |K| = |F| + |U| − ν, ν the maximum matching (brute force) of
/// the P/M cards with both ends in U.
fn minimal_keep_formula(cards: &[CardRecord]) -> usize {
    let cards: Vec<CardRecord> = cards.iter().filter(|c| c.id < 100).copied().collect();
    let is_f = |c: &CardRecord| c.card_type.bonus() > 0;
    let f_ids: Vec<u8> = cards.iter().filter(|c| is_f(c)).map(|c| c.id).collect();
    let f_masks: Vec<u8> = cards.iter().filter(|c| is_f(c)).map(|c| c.arrows).collect();
    let mut u_ids: Vec<u8> = cards.iter().map(|c| c.id).filter(|i| !f_ids.contains(i)).collect();
    let mut u_masks: Vec<u8> =
        cards.iter().map(|c| c.arrows).filter(|m| !f_masks.contains(m)).collect();
    u_ids.sort_unstable();
    u_ids.dedup();
    u_masks.sort_unstable();
    u_masks.dedup();
    let h: Vec<CardRecord> = cards
        .iter()
        .filter(|c| !is_f(c) && u_ids.contains(&c.id) && u_masks.contains(&c.arrows))
        .copied()
        .collect();
    let nu = (0u32..1 << h.len())
        .filter(|&b| brute::is_matching(&h, b))
        .map(|b| b.count_ones() as usize)
        .max()
        .unwrap_or(0);
    f_ids.len() + u_ids.len() + u_masks.len() - nu
}

/// The least expected wins over every choice of final types, by enumeration.
fn brute_upgrade_wins(current: &[u32], slack: u32, odds: EvolutionOdds) -> u64 {
    let mut best = u64::MAX;
    for choice in 0..3u32.pow(current.len() as u32) {
        let (mut code, mut wins, mut deficit, mut ok) = (choice, 0u64, 0, true);
        for &from in current {
            let to = code % 3;
            code /= 3;
            ok &= to >= from;
            deficit += 2 - to;
            wins += odds.expected_wins(from.min(to), to) as u64;
        }
        if ok && deficit <= slack {
            best = best.min(wins);
        }
    }
    best
}

proptest! {
    #[test]
    fn upgrade_dp_is_optimal(
        current in prop::collection::vec(0u32..3, 0..=8),
        slack in 0u32..=2,
        to_x in 1u32..300,
        to_a in 1u32..300,
    ) {
        let odds = EvolutionOdds { to_x, to_a };
        let finals = plan::choose_final_types(&current, slack, odds);
        prop_assert_eq!(finals.len(), current.len());
        let deficit: u32 = finals.iter().map(|&t| 2 - t).sum();
        prop_assert!(deficit <= slack);
        prop_assert!(finals.iter().zip(&current).all(|(t, c)| t >= c));
        let wins: u64 =
            current.iter().zip(&finals).map(|(&c, &t)| odds.expected_wins(c, t) as u64).sum();
        prop_assert_eq!(wins, brute_upgrade_wins(&current, slack, odds));
    }

    #[test]
    fn zero_loss_discard_set_is_the_largest_and_loses_nothing(cards in collection()) {
        let p = zero_loss_discards(&cards);
        let all = score::points(&cards);
        prop_assert_eq!(p.points_before, all);
        prop_assert_eq!(score::points(&kept_cards(&cards, &p.kept)), all);
        prop_assert_eq!(p.points_lost(), 0);
        prop_assert_eq!(p.kept.len() + p.discarded.len(), cards.len());
        let (size, pref) = brute::minimal_keep(&cards);
        prop_assert_eq!(p.kept.len(), size);
        prop_assert_eq!(p.kept.len(), minimal_keep_formula(&cards));
        prop_assert_eq!(kept_preference(&cards, &p.kept), pref);
        prop_assert!(p.costs.iter().all(|c| c.cost.total() == 0));
    }

    #[test]
    fn discard_n_loses_the_fewest_points_for_every_n(cards in collection()) {
        let all = score::points(&cards);
        for n in 0..=cards.len() + 1 {
            let p = best_discards(&cards, n);
            let keep = cards.len().saturating_sub(n);
            prop_assert_eq!(p.kept.len(), keep);
            prop_assert_eq!(p.discarded.len(), cards.len() - keep);
            let (points, pref) = brute::best_keep(&cards, keep);
            prop_assert_eq!(p.points_after, points);
            prop_assert_eq!(score::points(&kept_cards(&cards, &p.kept)), points);
            prop_assert_eq!(kept_preference(&cards, &p.kept), pref);
            let charged: u32 = p.costs.iter().map(|c| c.cost.total()).sum();
            prop_assert_eq!(charged, all - points);
        }
    }

    #[test]
    fn keepers_are_a_maximum_matching_with_the_preferred_types(cards in collection()) {
        for odds in [EvolutionOdds::ENGINE, EvolutionOdds::PSX_GUIDE] {
            let k = plan::keepers(&cards, odds);
            let bits = k.iter().fold(0u32, |b, &i| b | 1 << i);
            prop_assert!(brute::is_matching(&cards, bits));
            let wins: u64 = k
                .iter()
                .map(|&i| odds.expected_wins(cards[i].card_type.bonus(), 2) as u64)
                .sum();
            let expected = brute::best_keepers(&cards, odds);
            prop_assert_eq!((k.len(), wins, kept_preference(&cards, &k)), expected);
        }
    }
}
