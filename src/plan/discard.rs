//! Which cards to keep (tetra-master-rules §13.3 and §13.4): the largest discard set that loses
//! no point, and the best set of exactly k cards to keep. Exact, by minimum-cost flow.
//!
//! Costs are lexicographic: points first (weight `K1`), then, in minimal-keep mode, fewer kept
//! cards (`K2` per card), then the stronger cards ([`preference`]).

use super::flow::{min_cost_matching, Edge, FlowGraph, IdMaskNodes};
use super::preference::{preference, PREFERENCE_BOUND};
use crate::model::CardRecord;
use crate::rules::score::{self, Contribution};

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

/// Chooses the kept set: `minimal_keep` (§13.3) or a minimum-cost flow (§13.4).
pub fn plan_keep(cards: &[CardRecord], mode: KeepMode) -> KeepPlan {
    let kept = match mode {
        KeepMode::Minimal => minimal_keep(cards),
        KeepMode::Exactly(k) => exactly_keep(cards, k.min(cards.len())),
    };
    let (kept, discarded): (Vec<usize>, Vec<usize>) = (0..cards.len()).partition(|&c| kept[c]);
    split(cards, kept, discarded)
}

/// The weight of one kept card against points (`K2`, larger than any sum of [`preference`]),
/// and of one point against kept cards (`K1`).
fn weights(cards: &[CardRecord]) -> (i64, i64) {
    let n = cards.len() as i64;
    let k2 = PREFERENCE_BOUND * (n + 1);
    (k2, (k2 + PREFERENCE_BOUND) * (n + 1))
}

/// The fewest cards that keep every point, the strongest among equally few (§13.3), as a
/// keep flag per card.
///
/// Every X or A card is kept (its type points). The others must cover the ids and masks the
/// X and A cards leave uncovered (`U`) at the least cost `K2 − preference` per card: a
/// minimum-cost edge cover, which is each vertex of `U` taking its cheapest card, less the
/// savings of a maximum-weight matching of cards with both ends in `U` (a card there saves
/// the two cheapest cards' costs minus its own). The matching is a minimum-cost flow on
/// `U` alone. Cards worth nothing (ids ≥ 100) go.
fn minimal_keep(cards: &[CardRecord]) -> Vec<bool> {
    minimal_keep_by(cards, min_cost_matching)
}

/// The minimal kept set (§13.3, [`KeepMode::Minimal`]) with the matching solved by `solve`
/// (per component or over the whole collection, as [`super::master::keepers_by`]).
pub fn minimal_keep_by(cards: &[CardRecord], solve: fn(&[Edge]) -> Vec<bool>) -> Vec<bool> {
    let (k2, _) = weights(cards);
    let counted = |c: &CardRecord| c.id < 100;
    let cost = |c: &CardRecord| k2 - preference(c);
    let mut kept: Vec<bool> = cards.iter().map(|c| counted(c) && c.card_type.bonus() > 0).collect();
    let mut id_covered = [false; 256];
    let mut mask_covered = [false; 256];
    for card in cards.iter().zip(&kept).filter(|(_, &k)| k).map(|(c, _)| c) {
        id_covered[card.id as usize] = true;
        mask_covered[card.arrows as usize] = true;
    }
    // The cheapest card (the first among equals) of each uncovered id and mask.
    let mut id_best = [usize::MAX; 256];
    let mut mask_best = [usize::MAX; 256];
    for (c, card) in cards.iter().enumerate().filter(|&(c, card)| counted(card) && !kept[c]) {
        for (covered, best) in [
            (id_covered[card.id as usize], &mut id_best[card.id as usize]),
            (mask_covered[card.arrows as usize], &mut mask_best[card.arrows as usize]),
        ] {
            if !covered && (*best == usize::MAX || cost(card) < cost(&cards[*best])) {
                *best = c;
            }
        }
    }
    // Matching of the uncovered ids and masks, an edge costing minus its card's saving; only
    // saving cards take part.
    let mut edges = Vec::new();
    let mut edge_card = Vec::new();
    for (c, card) in cards.iter().enumerate().filter(|&(c, card)| counted(card) && !kept[c]) {
        let (i, m) = (card.id as usize, card.arrows as usize);
        if id_covered[i] || mask_covered[m] {
            continue;
        }
        let saving = cost(&cards[id_best[i]]) + cost(&cards[mask_best[m]]) - cost(card);
        if saving > 0 {
            edges.push(Edge { id: card.id, mask: card.arrows, cost: -saving });
            edge_card.push(c);
        }
    }
    for (&c, chosen) in edge_card.iter().zip(solve(&edges)) {
        if chosen {
            kept[c] = true;
            id_covered[cards[c].id as usize] = true;
            mask_covered[cards[c].arrows as usize] = true;
        }
    }
    for v in 0..256 {
        if !id_covered[v] && id_best[v] != usize::MAX {
            kept[id_best[v]] = true;
        }
        if !mask_covered[v] && mask_best[v] != usize::MAX {
            kept[mask_best[v]] = true;
        }
    }
    kept
}

/// The `k` cards with the most points, then the strongest (§13.4), by minimum-cost flow.
///
/// Each unit of flow is one kept card, which may claim its id (−10 once per id) and its mask
/// (−5 once per mask).
fn exactly_keep(cards: &[CardRecord], k: usize) -> Vec<bool> {
    let (_, k1) = weights(cards);
    const SOURCE: usize = IdMaskNodes::SOURCE;
    const SINK: usize = IdMaskNodes::SINK;
    let mut nodes = IdMaskNodes::of_cards(cards);
    // Then (in, out) per card.
    let first_card = nodes.count();
    let card_in = |c: usize| first_card + 2 * c;
    let mut g = FlowGraph::new(card_in(cards.len()));
    let mut id_seen = [false; 100];
    let mut mask_seen = [false; 256];
    let mut keep_arcs = Vec::with_capacity(cards.len());
    for (c, card) in cards.iter().enumerate() {
        let (cin, cout) = (card_in(c), card_in(c) + 1);
        g.add_arc(SOURCE, cin, 1, 0);
        g.add_arc(cout, SINK, 1, 0);
        let counted = card.id < 100;
        let bonus = if counted { card.card_type.bonus() as i64 } else { 0 };
        keep_arcs.push(g.add_arc(cin, cout, 1, -k1 * bonus - preference(card)));
        if counted {
            let (id, mask) = (nodes.id(card.id), nodes.mask(card.arrows));
            if !std::mem::replace(&mut id_seen[card.id as usize], true) {
                g.add_arc(SOURCE, id, 1, -10 * k1);
            }
            g.add_arc(id, cin, 1, 0);
            if !std::mem::replace(&mut mask_seen[card.arrows as usize], true) {
                g.add_arc(mask, SINK, 1, -5 * k1);
            }
            g.add_arc(cout, mask, 1, 0);
        }
    }
    for _ in 0..k {
        if g.augment(SOURCE, SINK, false).is_none() {
            break;
        }
    }
    keep_arcs.iter().map(|&a| g.flow(a) > 0).collect()
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
