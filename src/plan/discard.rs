//! Which cards to keep (tetra-master-rules §13.3 and §13.4): the largest discard set that loses
//! no point, and the best set of exactly k cards to keep. Exact, by minimum-cost flow.
//!
//! Each unit of flow is one kept card, which may claim its id (−10 once per id) and its mask
//! (−5 once per mask). Costs are lexicographic: points first (weight `K1`), then, in
//! minimal-keep mode, fewer kept cards (`K2` per card), then the stronger cards
//! ([`preference`]).

use super::flow::FlowGraph;
use super::preference;
use crate::model::CardRecord;
use crate::rules::score::{self, Contribution};

/// Upper bound (exclusive) of [`preference`].
const PREFERENCE_BOUND: i64 = 10_000;

/// How many cards to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeepMode {
    /// As few as possible while keeping every point (§13.3).
    Minimal,
    /// Exactly this many (all cards when there are fewer), with the most points (§13.4).
    Exactly(usize),
}

/// What one discarded card costs in points. The id (or mask) points of copies that leave
/// together are charged to the first of them in input order, so the costs add up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscardCost {
    /// Index of the card in the input slice.
    pub index: usize,
    /// The points it costs: id 10 when no kept card has its id, mask 5 when no kept card has
    /// its mask, and its own type bonus.
    pub cost: Contribution,
}

/// A keep/discard split of a collection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeepPlan {
    /// Indices (into the input slice) of the cards to keep, ascending.
    pub kept: Vec<usize>,
    /// Indices of the cards to discard, ascending.
    pub discarded: Vec<usize>,
    /// Points of the whole collection.
    pub points_before: u32,
    /// Points of the kept cards.
    pub points_after: u32,
    /// What each discarded card costs, in the order of `discarded`.
    pub costs: Vec<DiscardCost>,
}

impl KeepPlan {
    /// Points the discards lose.
    pub fn points_lost(&self) -> u32 {
        self.points_before - self.points_after
    }
}

/// The largest set of cards that can be discarded together without losing a point (§13.3);
/// among equally large sets, the weaker cards go ([`preference`]).
pub fn zero_loss_discards(cards: &[CardRecord]) -> KeepPlan {
    plan_keep(cards, KeepMode::Minimal)
}

/// The `n` cards (all when there are fewer) whose joint discard loses the fewest points;
/// among equal choices the stronger cards stay (§13.4).
pub fn best_discards(cards: &[CardRecord], n: usize) -> KeepPlan {
    plan_keep(cards, KeepMode::Exactly(cards.len().saturating_sub(n)))
}

/// Chooses the kept set by minimum-cost flow (§13.4).
pub fn plan_keep(cards: &[CardRecord], mode: KeepMode) -> KeepPlan {
    let n = cards.len() as i64;
    let k2 = PREFERENCE_BOUND * (n + 1);
    let k1 = (k2 + PREFERENCE_BOUND) * (n + 1);
    let minimal = mode == KeepMode::Minimal;

    // Nodes: source, sink, 100 ids, 256 masks, then (in, out) per card.
    const SOURCE: usize = 0;
    const SINK: usize = 1;
    let id_node = |id: u8| 2 + id as usize;
    let mask_node = |mask: u8| 102 + mask as usize;
    let card_in = |c: usize| 358 + 2 * c;
    let mut g = FlowGraph::new(358 + 2 * cards.len());
    let mut id_seen = [false; 100];
    let mut mask_seen = [false; 256];
    let mut keep_arcs = Vec::with_capacity(cards.len());
    for (c, card) in cards.iter().enumerate() {
        let (cin, cout) = (card_in(c), card_in(c) + 1);
        g.add_arc(SOURCE, cin, 1, 0);
        g.add_arc(cout, SINK, 1, 0);
        let counted = card.id < 100;
        let bonus = if counted { card.card_type.bonus() as i64 } else { 0 };
        let cost = -k1 * bonus + if minimal { k2 } else { 0 } - preference(card);
        keep_arcs.push(g.add_arc(cin, cout, 1, cost));
        if counted {
            if !id_seen[card.id as usize] {
                id_seen[card.id as usize] = true;
                g.add_arc(SOURCE, id_node(card.id), 1, -10 * k1);
            }
            g.add_arc(id_node(card.id), cin, 1, 0);
            if !mask_seen[card.arrows as usize] {
                mask_seen[card.arrows as usize] = true;
                g.add_arc(mask_node(card.arrows), SINK, 1, -5 * k1);
            }
            g.add_arc(cout, mask_node(card.arrows), 1, 0);
        }
    }
    let units = match mode {
        KeepMode::Minimal => cards.len(),
        KeepMode::Exactly(k) => k.min(cards.len()),
    };
    for _ in 0..units {
        match g.augment(SOURCE, SINK, minimal) {
            Some(cost) if !(minimal && cost >= 0) => {}
            _ => break,
        }
    }
    let (kept, discarded): (Vec<usize>, Vec<usize>) =
        (0..cards.len()).partition(|&c| g.flow(keep_arcs[c]) > 0);
    split(cards, kept, discarded)
}

/// Builds a [`KeepPlan`] from a split, with points and per-card costs.
fn split(cards: &[CardRecord], kept: Vec<usize>, discarded: Vec<usize>) -> KeepPlan {
    let mut id_kept = [false; 256];
    let mut mask_kept = [false; 256];
    for card in kept.iter().map(|&c| &cards[c]).filter(|c| c.id < 100) {
        id_kept[card.id as usize] = true;
        mask_kept[card.arrows as usize] = true;
    }
    let mut costs = Vec::with_capacity(discarded.len());
    for &c in &discarded {
        let card = &cards[c];
        let counted = card.id < 100;
        let mut cost = Contribution {
            id_points: 0,
            mask_points: 0,
            type_points: if counted { card.card_type.bonus() } else { 0 },
        };
        if counted && !id_kept[card.id as usize] {
            id_kept[card.id as usize] = true;
            cost.id_points = 10;
        }
        if counted && !mask_kept[card.arrows as usize] {
            mask_kept[card.arrows as usize] = true;
            cost.mask_points = 5;
        }
        costs.push(DiscardCost { index: c, cost });
    }
    KeepPlan {
        points_before: score::points(cards),
        points_after: score::points(kept.iter().map(|&c| &cards[c])),
        kept,
        discarded,
        costs,
    }
}
