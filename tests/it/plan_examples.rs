//! The worked examples of tetra-master-rules §13 (hand-checked against the spec's text).

use quadmist::model::{CardRecord, CardType};
use quadmist::plan::{self, best_discards, master_plan, zero_loss_discards, Step};
use quadmist::rules::creation::mask_probability;
use quadmist::rules::growth::EvolutionOdds;
use quadmist::rules::score::{self, MASTER_POINTS, PERFECT_POINTS};

const GOBLIN: u8 = 0;
const FANG: u8 = 1;

fn card(id: u8, card_type: CardType, arrows: u8) -> CardRecord {
    CardRecord { slot: 0, id, arrows, atk: 16, card_type, pdef: 16, mdef: 16, cpoint: None }
}

fn numbered(mut cards: Vec<CardRecord>) -> Vec<CardRecord> {
    for (i, c) in cards.iter_mut().enumerate() {
        c.slot = i as u16 + 1;
    }
    cards
}

use CardType::{Assault as A, Flexible as X, Physical as P};

#[test]
fn single_card_frees_do_not_combine_13_2() {
    let cards = numbered(vec![
        card(GOBLIN, P, 0x10),
        card(GOBLIN, P, 0x20),
        card(FANG, P, 0x10),
        card(FANG, P, 0x20),
    ]);
    assert!(score::contributions(&cards).iter().all(|c| c.total() == 0));
    let p = zero_loss_discards(&cards);
    assert_eq!((p.kept.len(), p.discarded.len(), p.points_after), (2, 2, 30));
    // The two kept cards cover both ids and both masks.
    let (a, b) = (cards[p.kept[0]], cards[p.kept[1]]);
    assert!(a.id != b.id && a.arrows != b.arrows);
    // Dropping both 0x10 cards loses 5, which the planner never does.
    let both_0x10 = [cards[1], cards[3]];
    assert_eq!(score::points(&cards) - score::points(&both_0x10), 5);
}

#[test]
fn zero_loss_discard_13_3() {
    let cards = numbered(vec![
        card(GOBLIN, P, 0x01),
        card(GOBLIN, P, 0x01),
        card(FANG, X, 0x01),
        card(FANG, A, 0x03),
    ]);
    assert_eq!(score::points(&cards), 33);
    let p = zero_loss_discards(&cards);
    assert_eq!((p.kept.len(), p.points_after, p.points_lost()), (3, 33, 0));
    assert_eq!(p.discarded.len(), 1);
    assert_eq!(cards[p.discarded[0]].id, GOBLIN);
}

#[test]
fn budgeted_keep_drops_the_a_card_13_4() {
    let cards = numbered(vec![card(GOBLIN, A, 0x01), card(GOBLIN, P, 0x02), card(FANG, P, 0x01)]);
    assert_eq!(score::points(&cards), 32);
    let p = best_discards(&cards, 1);
    assert_eq!(p.kept, [1, 2]);
    assert_eq!(p.discarded, [0]);
    assert_eq!((p.points_after, p.points_lost()), (30, 2));
    assert_eq!(p.costs[0].cost.type_points, 2);
    assert_eq!(p.costs[0].cost.total(), 2);
}

/// 100 distinct ids on 100 distinct masks with these types.
fn full_collection(types: &[CardType]) -> Vec<CardRecord> {
    numbered(types.iter().enumerate().map(|(i, &t)| card(i as u8, t, i as u8)).collect())
}

#[test]
fn master_upgrades_13_5() {
    let mut types = vec![A; 97];
    types.extend([X, X, P]);
    let cards = full_collection(&types);
    assert_eq!(score::points(&cards), 1500 + 194 + 2);
    for (odds, to_perfect, to_master) in
        [(EvolutionOdds::ENGINE, 448, 192), (EvolutionOdds::PSX_GUIDE, 800, 288)]
    {
        let perfect = master_plan(&cards, odds, PERFECT_POINTS);
        assert_eq!(perfect.keepers.len(), 100);
        assert_eq!(perfect.expected_battle_wins, to_perfect);
        assert_eq!((perfect.to_x, perfect.to_a), (1, 3));
        let master = master_plan(&cards, odds, MASTER_POINTS);
        assert_eq!(master.expected_battle_wins, to_master);
        assert!(master.missing_ids.is_empty() && master.blocked_ids.is_empty());
        assert_eq!(master.free_masks.len(), 156);
        // After the plan's upgrades the keepers reach the target.
        let type_points: u32 = cards.iter().map(|c| c.card_type.bonus()).sum::<u32>()
            + master.upgrades.iter().map(|u| u.to - u.from).sum::<u32>();
        assert!(1500 + type_points >= MASTER_POINTS);
    }
}

#[test]
fn new_copies_share_the_slack_13_5() {
    // 98 A cards; ids 98 and 99 missing: two new P/M copies. At 1698 the slack of 2 is best
    // spent as two X (64 + 64 = 128) rather than one P/M + one A (192).
    let cards = full_collection(&[A; 98]);
    let m = master_plan(&cards, EvolutionOdds::ENGINE, MASTER_POINTS);
    assert_eq!(m.missing_ids, [98, 99]);
    assert_eq!(m.new_copies.copies, 2);
    assert_eq!((m.new_copies.to_a, m.new_copies.to_x_only), (0, 2));
    assert_eq!(m.expected_battle_wins, 128);
    assert_eq!(
        master_plan(&cards, EvolutionOdds::PSX_GUIDE, MASTER_POINTS).expected_battle_wins,
        64
    );
    let p = master_plan(&cards, EvolutionOdds::ENGINE, PERFECT_POINTS);
    assert_eq!(p.expected_battle_wins, 384);
    assert_eq!((p.to_x, p.to_a), (2, 2));
}

#[test]
fn blocked_ids_and_steps_respect_the_limit() {
    // Goblin and Fang share their only mask: one keeper, one blocked id, 98 missing.
    let mut cards = vec![card(GOBLIN, P, 0x01), card(FANG, A, 0x01), card(FANG, P, 0x01)];
    cards = numbered(cards);
    let m = master_plan(&cards, EvolutionOdds::ENGINE, MASTER_POINTS);
    assert_eq!(m.keepers, [1]); // the A copy is preferred
    assert_eq!(m.blocked_ids, [GOBLIN]);
    assert_eq!(m.missing_ids.len(), 98);
    assert_eq!(m.non_keepers, [0, 2]);
    assert_eq!(m.free_masks.len(), 255);
    assert!((m.free_mask_probability - (1.0 - mask_probability(0x01))).abs() < 1e-12);
    assert!((m.free_mask_probability - 0.99).abs() < 1e-12);
    assert!(matches!(m.steps[0], Step::Discard { .. }));
    assert!(matches!(m.steps[1], Step::Acquire { .. }));
    assert!(matches!(m.steps[2], Step::Upgrade { .. }));
    assert_eq!(m.keeper_points, 10 + 5 + 2);
    assert_eq!(plan::keepers(&cards, EvolutionOdds::PSX_GUIDE), [1]);
}
