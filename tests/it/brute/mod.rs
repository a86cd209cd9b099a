//! Brute-force planners over all subsets (≤ ~16 cards), the reference the exact planners are
//! checked against (tests) and timed against (benches/plan.rs).

#![allow(dead_code)]

use quadmist::model::CardRecord;
use quadmist::plan::preference;
use quadmist::rules::growth::EvolutionOdds;
use quadmist::rules::score;

/// The cards of a subset given as a bit set.
pub fn subset(cards: &[CardRecord], bits: u32) -> Vec<CardRecord> {
    (0..cards.len()).filter(|&i| bits >> i & 1 == 1).map(|i| cards[i]).collect()
}

/// Σ preference of a subset.
pub fn preference_sum(cards: &[CardRecord], bits: u32) -> i64 {
    (0..cards.len()).filter(|&i| bits >> i & 1 == 1).map(|i| preference(&cards[i])).sum()
}

/// Best (points, Σ preference) over all subsets of exactly `keep` cards.
pub fn best_keep(cards: &[CardRecord], keep: usize) -> (u32, i64) {
    (0u32..1 << cards.len())
        .filter(|b| b.count_ones() as usize == keep)
        .map(|b| (score::points(&subset(cards, b)), preference_sum(cards, b)))
        .max()
        .unwrap_or((0, 0))
}

/// (size, Σ preference) of the best zero-loss kept set: fewest cards keeping every point,
/// then the largest Σ preference.
pub fn minimal_keep(cards: &[CardRecord]) -> (usize, i64) {
    let all = score::points(cards);
    (0u32..1 << cards.len())
        .filter(|&b| score::points(&subset(cards, b)) == all)
        .map(|b| (b.count_ones() as usize, -preference_sum(cards, b)))
        .min()
        .map(|(n, p)| (n, -p))
        .unwrap_or((0, 0))
}

/// True when the subset holds only real cards (ids < 100), with pairwise distinct ids and
/// pairwise distinct masks.
pub fn is_matching(cards: &[CardRecord], bits: u32) -> bool {
    let (mut ids, mut masks) = (0u128, [0u128; 2]);
    for c in subset(cards, bits) {
        if c.id >= 100 {
            return false;
        }
        let (id, m) = (c.id as u32, c.arrows as u32);
        if ids >> id & 1 == 1 || masks[(m / 128) as usize] >> (m % 128) & 1 == 1 {
            return false;
        }
        ids |= 1 << id;
        masks[(m / 128) as usize] |= 1 << (m % 128);
    }
    true
}

/// Best keepers by brute force: (size, Σ expected wins to A, Σ preference), lexicographically
/// largest size, then least wins, then largest preference.
pub fn best_keepers(cards: &[CardRecord], odds: EvolutionOdds) -> (usize, u64, i64) {
    (0u32..1 << cards.len())
        .filter(|&b| is_matching(cards, b))
        .map(|b| {
            let s = subset(cards, b);
            let wins: u64 =
                s.iter().map(|c| odds.expected_wins(c.card_type.bonus(), 2) as u64).sum();
            (s.len(), std::cmp::Reverse(wins), preference_sum(cards, b))
        })
        .max()
        .map(|(n, w, p)| (n, w.0, p))
        .unwrap_or((0, 0, 0))
}
