//! The road to Master (tetra-master-rules §13.5, §13.6): keepers, missing and blocked ids,
//! free masks, type upgrades and the expected battle wins they take.

use super::flow::{min_cost_matching, Edge};
use super::preference::{preference, PREFERENCE_BOUND};
use crate::model::CardRecord;
use crate::rules::creation::mask_probability;
use crate::rules::growth::EvolutionOdds;
use crate::rules::score::{self, MASTER_POINTS, PERFECT_POINTS};
use serde::Serialize;

/// Cards (and distinct ids, and distinct masks) of a Master collection.
pub const MASTER_CARDS: usize = 100;

/// Odds above 1 in 2²⁴ count as 1 in 2²⁴ when choosing keepers, so the flow costs fit `i64`.
/// The expected wins shown are always computed from the odds as given.
const ODDS_CAP_FOR_CHOICE: u64 = 1 << 24;

/// One keeper's type upgrade in the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Upgrade {
    /// Index of the card in the input slice.
    pub index: usize,
    /// Current type bonus: 0 P/M, 1 X, 2 A.
    pub from: u32,
    /// Type bonus to reach: 1 X or 2 A.
    pub to: u32,
    /// Expected card battles to win with this card (an expected value).
    pub expected_wins: u64,
}

/// The type upgrades planned for the new copies that missing and blocked ids need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct NewCopyUpgrades {
    /// New copies the plan needs (one per missing or blocked id).
    pub copies: usize,
    /// Of them, how many are to end as X.
    pub to_x_only: usize,
    /// Of them, how many are to end as A.
    pub to_a: usize,
    /// Expected battle wins for these upgrades, assuming every new copy arrives as P/M
    /// (an estimate: a new copy is X with probability 1/127).
    pub expected_wins: u64,
}

/// One step of the road to Master, in an order that never takes the collection over 100 cards.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Discard these cards (input indices) first: no Master collection keeps them.
    Discard {
        /// Input indices of the cards.
        cards: Vec<usize>,
        /// Points of the collection afterwards.
        points_after: u32,
    },
    /// Win or receive new copies of these ids; keep a copy only if its mask is still free,
    /// otherwise discard it at once.
    Acquire {
        /// Card ids still needed.
        ids: Vec<u8>,
        /// Estimate: the chance that a new copy lands on a currently free mask.
        free_mask_probability: f64,
    },
    /// Win card battles with these cards until their types are reached.
    Upgrade {
        /// The keepers' upgrades.
        cards: Vec<Upgrade>,
        /// The new copies' upgrades (zero copies when nothing was acquired).
        new_copies: NewCopyUpgrades,
    },
}

/// The road from a collection to a target score (1698 Master or 1700 maximum).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct MasterPlan {
    /// The target score: [`MASTER_POINTS`] or [`PERFECT_POINTS`].
    pub target: u32,
    /// The evolution odds used.
    pub odds: EvolutionOdds,
    /// Input indices of the keepers, one per id with pairwise distinct masks, by id.
    pub keepers: Vec<usize>,
    /// Points the keepers alone would have today.
    pub keeper_points: u32,
    /// Ids with no copy owned.
    pub missing_ids: Vec<u8>,
    /// Ids owned, but every copy's mask clashes with another keeper's (this maximum matching).
    pub blocked_ids: Vec<u8>,
    /// Masks no keeper uses.
    pub free_masks: Vec<u8>,
    /// Estimate: the chance that a newly created card gets one of the free masks (§6 odds).
    pub free_mask_probability: f64,
    /// Input indices of the cards that are not keepers.
    pub non_keepers: Vec<usize>,
    /// Arrow masks carried by several cards, with those cards' input indices (by mask).
    pub shared_masks: Vec<(u8, Vec<usize>)>,
    /// Ids owned in several copies, with the copies' input indices (by id).
    pub repeated_ids: Vec<(u8, Vec<usize>)>,
    /// The keepers' upgrades chosen by the plan.
    pub upgrades: Vec<Upgrade>,
    /// Upgrades of the new copies still to acquire.
    pub new_copies: NewCopyUpgrades,
    /// P/M → X steps in all (keepers and new copies; a P/M → A card counts here and in `to_a`).
    pub to_x: usize,
    /// X → A steps in all.
    pub to_a: usize,
    /// Expected battle wins for all upgrades (an expected value; new copies estimated).
    pub expected_battle_wins: u64,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// Keepers: a maximum matching ids ↔ masks over the owned cards, preferring A, then X copies
/// (minimum Σ expected wins to A under `odds`), then the stronger copies ([`preference`]).
/// Returns input indices ordered by id.
pub fn keepers(cards: &[CardRecord], odds: EvolutionOdds) -> Vec<usize> {
    keepers_by(cards, odds, min_cost_matching)
}

/// [`keepers`] with the matching solved by `solve` ([`min_cost_matching`] per component, or
/// [`super::flow::network_matching`] over the whole collection, which must agree).
pub fn keepers_by(
    cards: &[CardRecord],
    odds: EvolutionOdds,
    solve: fn(&[Edge]) -> Vec<bool>,
) -> Vec<usize> {
    let (edges, index) = keeper_edges(cards, odds);
    let chosen = solve(&edges);
    let mut chosen: Vec<usize> =
        index.iter().zip(chosen).filter(|&(_, c)| c).map(|(&i, _)| i).collect();
    chosen.sort_by_key(|&c| (cards[c].id, c));
    chosen
}

/// The matching [`keepers`] solves: one edge per card with an id below 100, costing less
/// for the preferred copies and always less than 0 (a larger matching always costs less),
/// with each edge's input index.
pub fn keeper_edges(cards: &[CardRecord], odds: EvolutionOdds) -> (Vec<Edge>, Vec<usize>) {
    let capped = EvolutionOdds {
        to_x: (odds.to_x as u64).min(ODDS_CAP_FOR_CHOICE) as u32,
        to_a: (odds.to_a as u64).min(ODDS_CAP_FOR_CHOICE) as u32,
    };
    // Σ preference over ≤ 100 keepers < 100·PREFERENCE_BOUND < weight.
    let weight = PREFERENCE_BOUND * (MASTER_CARDS as i64 + 1);
    let max_to_a = capped.expected_wins(0, 2) as i64;
    let matched = (weight * max_to_a + PREFERENCE_BOUND) * (MASTER_CARDS as i64 + 1);
    cards
        .iter()
        .enumerate()
        .filter(|(_, card)| card.id < 100)
        .map(|(c, card)| {
            let to_a = capped.expected_wins(card.card_type.bonus(), 2) as i64;
            let cost = -matched + weight * to_a - preference(card);
            (Edge { id: card.id, mask: card.arrows, cost }, c)
        })
        .unzip()
}

/// Chooses each card's final type bonus (0 P/M, 1 X, 2 A; never below its current bonus)
/// minimising Σ expected battle wins under `odds`, subject to Σ (2 − final) ≤ `slack`
/// (2 for 1698, 0 for 1700). Exact DP over (card, slack left). Returns the final bonuses;
/// a current bonus above 2 is read as 2.
pub fn choose_final_types(current: &[u32], slack: u32, odds: EvolutionOdds) -> Vec<u32> {
    // More slack than 2 per card changes nothing.
    let width = (slack as usize).min(2 * current.len()) + 1;
    // best[i·width + s]: least expected wins for items i.. with s slack still available;
    // pick[i·width + s]: item i's final bonus there.
    let mut best = vec![0u64; (current.len() + 1) * width];
    let mut pick = vec![2u32; current.len() * width];
    for i in (0..current.len()).rev() {
        let from = current[i].min(2);
        for s in 0..width {
            let mut here = u64::MAX;
            for to in from..=2 {
                let deficit = (2 - to) as usize;
                if deficit > s {
                    continue;
                }
                let wins = odds.expected_wins(from, to) as u64;
                let total = wins.saturating_add(best[(i + 1) * width + s - deficit]);
                if total < here {
                    here = total;
                    pick[i * width + s] = to;
                }
            }
            best[i * width + s] = here;
        }
    }
    let mut left = width - 1;
    let mut out = Vec::with_capacity(current.len());
    for p in pick.chunks_exact(width) {
        let to = p[left];
        left -= (2 - to) as usize;
        out.push(to);
    }
    out
}

/// The values of `key` that several cards with an id below 100 share, ascending, each with
/// those cards' input indices.
fn several(cards: &[CardRecord], key: impl Fn(&CardRecord) -> u8) -> Vec<(u8, Vec<usize>)> {
    let counted = || cards.iter().enumerate().filter(|(_, c)| c.id < 100);
    let mut count = [0usize; 256];
    for (_, card) in counted() {
        count[key(card) as usize] += 1;
    }
    let mut slot = [usize::MAX; 256];
    let mut groups: Vec<(u8, Vec<usize>)> = Vec::new();
    for k in (0..256).filter(|&k| count[k] > 1) {
        slot[k] = groups.len();
        groups.push((k as u8, Vec::with_capacity(count[k])));
    }
    for (c, card) in counted() {
        if let Some((_, g)) = groups.get_mut(slot[key(card) as usize]) {
            g.push(c);
        }
    }
    groups
}

/// The road to `target` points (1698 or 1700; other values are read as 1698 when below 1700).
///
/// Exact for odds with `to_a ≥ to_x` (both built-in odds): keepers first, then the upgrade DP.
/// For custom odds with `to_x > to_a` §13.5 also asks to try keeping P/M keepers as P/M; that
/// search is not done here.
pub fn master_plan(cards: &[CardRecord], odds: EvolutionOdds, target: u32) -> MasterPlan {
    let target = if target >= PERFECT_POINTS { PERFECT_POINTS } else { MASTER_POINTS };
    let slack = if target == PERFECT_POINTS { 0 } else { 2 };
    let keepers = keepers(cards, odds);
    let mut owned = [false; 100];
    for c in cards.iter().filter(|c| c.id < 100) {
        owned[c.id as usize] = true;
    }
    let mut kept_id = [false; 100];
    let mut kept_mask = [false; 256];
    for &k in &keepers {
        kept_id[cards[k].id as usize] = true;
        kept_mask[cards[k].arrows as usize] = true;
    }
    let missing_ids: Vec<u8> = (0..100u8).filter(|&i| !owned[i as usize]).collect();
    let blocked_ids: Vec<u8> =
        (0..100u8).filter(|&i| owned[i as usize] && !kept_id[i as usize]).collect();
    let free_masks: Vec<u8> = (0..=255u8).filter(|&m| !kept_mask[m as usize]).collect();
    let free_mask_probability = free_masks.iter().map(|&m| mask_probability(m)).sum();
    let mut is_keeper = vec![false; cards.len()];
    for &k in &keepers {
        is_keeper[k] = true;
    }
    let non_keepers: Vec<usize> = (0..cards.len()).filter(|&c| !is_keeper[c]).collect();
    let keeper_points = score::points(keepers.iter().map(|&k| &cards[k]));
    let shared_masks = several(cards, |c| c.arrows);
    let repeated_ids = several(cards, |c| c.id);

    let needed = missing_ids.len() + blocked_ids.len();
    let mut current: Vec<u32> = keepers.iter().map(|&k| cards[k].card_type.bonus()).collect();
    current.extend(std::iter::repeat_n(0, needed));
    let finals = choose_final_types(&current, slack, odds);
    let mut upgrades = Vec::new();
    let mut new_copies =
        NewCopyUpgrades { copies: needed, to_x_only: 0, to_a: 0, expected_wins: 0 };
    let (mut to_x, mut to_a, mut expected_battle_wins) = (0, 0, 0u64);
    for (i, (&from, &to)) in current.iter().zip(&finals).enumerate() {
        if to <= from {
            continue;
        }
        let wins = odds.expected_wins(from, to) as u64;
        expected_battle_wins = expected_battle_wins.saturating_add(wins);
        to_x += usize::from(from == 0);
        to_a += usize::from(to == 2);
        match keepers.get(i) {
            Some(&index) => upgrades.push(Upgrade { index, from, to, expected_wins: wins }),
            None => {
                new_copies.expected_wins = new_copies.expected_wins.saturating_add(wins);
                if to == 2 {
                    new_copies.to_a += 1;
                } else {
                    new_copies.to_x_only += 1;
                }
            }
        }
    }

    let mut steps = Vec::new();
    if !non_keepers.is_empty() {
        steps.push(Step::Discard { cards: non_keepers.clone(), points_after: keeper_points });
    }
    if needed > 0 {
        let mut ids: Vec<u8> = missing_ids.iter().chain(&blocked_ids).copied().collect();
        ids.sort_unstable();
        steps.push(Step::Acquire { ids, free_mask_probability });
    }
    if !upgrades.is_empty() || new_copies.expected_wins > 0 {
        steps.push(Step::Upgrade { cards: upgrades.clone(), new_copies });
    }
    MasterPlan {
        target,
        odds,
        keepers,
        keeper_points,
        missing_ids,
        blocked_ids,
        free_masks,
        free_mask_probability,
        non_keepers,
        shared_masks,
        repeated_ids,
        upgrades,
        new_copies,
        to_x,
        to_a,
        expected_battle_wins,
        steps,
    }
}
