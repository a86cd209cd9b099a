//! Collector points and rank (collector level).
//!
//! points = 10 × distinct ids + 5 × distinct arrow masks + Σ type bonus (X 1, A 2).

use crate::model::{CardRecord, CardType};
use serde::Serialize;

impl CardType {
    /// Collector points this copy adds: X 1, A 2, otherwise 0 (unknown codes count 0).
    pub fn bonus(self) -> u32 {
        match self {
            CardType::Flexible => 1,
            CardType::Assault => 2,
            _ => 0,
        }
    }
}

/// Points needed for the Master rank.
pub const MASTER_POINTS: u32 = 1698;
/// The highest score a 100-card collection can reach.
pub const PERFECT_POINTS: u32 = 1700;

/// Minimum points of each of the 32 collector levels (game code; not the guides' 1450/1475/1500).
pub const LEVEL_THRESHOLDS: [u32; 32] = [
    0, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1250, 1300, 1320, 1330, 1340, 1350,
    1360, 1370, 1380, 1390, 1400, 1420, 1470, 1510, 1550, 1600, 1650, 1680, 1690, 1698, 1700,
];

/// Rank names of levels 0..30 (PlayStation-era FAQ list); level 31 (1700) has no name.
pub const RANK_NAMES: [&str; 31] = [
    "Beginner",
    "Novice",
    "Player",
    "Senior",
    "Fan",
    "Leader",
    "Coach",
    "Advisor",
    "Director",
    "Dealer",
    "Trader",
    "Commander",
    "Doctor",
    "Professor",
    "Veteran",
    "Freak",
    "Champion",
    "Analyst",
    "General",
    "Expert",
    "Shark",
    "Specialist",
    "Elder",
    "Dominator",
    "Maestro",
    "King",
    "Wizard",
    "Authority",
    "Emperor",
    "Pro",
    "Master",
];

/// The parts of a collection's points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Breakdown {
    /// Distinct card ids.
    pub distinct_ids: u32,
    /// Distinct arrow masks (mask 0 included).
    pub distinct_masks: u32,
    /// Copies of type X.
    pub x_copies: u32,
    /// Copies of type A.
    pub a_copies: u32,
}

impl Breakdown {
    /// Points from ids (10 each).
    pub fn id_points(&self) -> u32 {
        10 * self.distinct_ids
    }
    /// Points from masks (5 each).
    pub fn mask_points(&self) -> u32 {
        5 * self.distinct_masks
    }
    /// Points from types (X 1, A 2 per copy).
    pub fn type_points(&self) -> u32 {
        self.x_copies + 2 * self.a_copies
    }
    /// Total points.
    pub fn points(&self) -> u32 {
        self.id_points() + self.mask_points() + self.type_points()
    }
}

/// Counts the parts of the points of these cards (ids ≥ 100 are not cards and are skipped).
pub fn breakdown<'a>(cards: impl IntoIterator<Item = &'a CardRecord>) -> Breakdown {
    let mut ids = [false; 100];
    let mut masks = [false; 256];
    let mut b = Breakdown { distinct_ids: 0, distinct_masks: 0, x_copies: 0, a_copies: 0 };
    for c in cards {
        if c.id >= 100 {
            continue;
        }
        if !ids[c.id as usize] {
            ids[c.id as usize] = true;
            b.distinct_ids += 1;
        }
        if !masks[c.arrows as usize] {
            masks[c.arrows as usize] = true;
            b.distinct_masks += 1;
        }
        match c.card_type.bonus() {
            1 => b.x_copies += 1,
            2 => b.a_copies += 1,
            _ => {}
        }
    }
    b
}

/// Total collector points of these cards.
pub fn points<'a>(cards: impl IntoIterator<Item = &'a CardRecord>) -> u32 {
    breakdown(cards).points()
}

/// The collector level (0..31) for a score.
pub fn level(points: u32) -> usize {
    LEVEL_THRESHOLDS.iter().rposition(|&t| points >= t).unwrap_or(0)
}

/// The rank name of a level; `None` for level 31 (1700), which the game leaves unnamed.
pub fn rank_name(level: usize) -> Option<&'static str> {
    RANK_NAMES.get(level).copied()
}

/// What one card is worth to its collection: the points lost if it alone goes (§4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Contribution {
    /// 10 when it is the last copy of its id.
    pub id_points: u32,
    /// 5 when it is the last card with its arrow mask.
    pub mask_points: u32,
    /// Its type bonus (X 1, A 2).
    pub type_points: u32,
}

impl Contribution {
    /// The points lost.
    pub fn total(&self) -> u32 {
        self.id_points + self.mask_points + self.type_points
    }
}

/// Each card's [`Contribution`], in input order (cards with ids ≥ 100 are worth nothing).
pub fn contributions(cards: &[CardRecord]) -> Vec<Contribution> {
    let mut id_copies = [0u32; 100];
    let mut mask_copies = [0u32; 256];
    for c in cards.iter().filter(|c| c.id < 100) {
        id_copies[c.id as usize] += 1;
        mask_copies[c.arrows as usize] += 1;
    }
    cards
        .iter()
        .map(|c| {
            if c.id >= 100 {
                return Contribution::default();
            }
            Contribution {
                id_points: if id_copies[c.id as usize] == 1 { 10 } else { 0 },
                mask_points: if mask_copies[c.arrows as usize] == 1 { 5 } else { 0 },
                type_points: c.card_type.bonus(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: u8, arrows: u8, card_type: CardType) -> CardRecord {
        CardRecord { slot: 0, id, arrows, atk: 0, card_type, pdef: 0, mdef: 0, cpoint: None }
    }

    #[test]
    fn levels_match_the_spec_vectors() {
        let vectors = [
            (0, 0),
            (299, 0),
            (300, 1),
            (1400, 21),
            (1419, 21),
            (1420, 22),
            (1469, 22),
            (1470, 23),
            (1509, 23),
            (1510, 24),
            (1550, 25),
            (1697, 29),
            (1698, 30),
            (1699, 30),
            (1700, 31),
            (2000, 31),
        ];
        for (points, lvl) in vectors {
            assert_eq!(level(points), lvl, "{points} points");
        }
        assert_eq!(rank_name(0), Some("Beginner"));
        assert_eq!(rank_name(21), Some("Specialist"));
        assert_eq!(rank_name(22), Some("Elder"));
        assert_eq!(rank_name(23), Some("Dominator"));
        assert_eq!(rank_name(29), Some("Pro"));
        assert_eq!(rank_name(30), Some("Master"));
        assert_eq!(rank_name(31), None);
    }

    #[test]
    fn contributions_follow_the_discard_table() {
        // Goblin P 0x01, Goblin A 0x02, Fang X 0x01: the two 0x01 cards share a mask.
        let cards = [
            card(0, 0x01, CardType::Physical),
            card(0, 0x02, CardType::Assault),
            card(1, 0x01, CardType::Flexible),
        ];
        let totals: Vec<u32> = contributions(&cards).iter().map(Contribution::total).collect();
        // Goblin P: id shared, mask shared → 0. Goblin A: mask 0x02 alone (5) + A (2) = 7.
        // Fang X: last Fang (10) + X (1) = 11.
        assert_eq!(totals, [0, 7, 11]);
        assert_eq!(points(&cards), 20 + 10 + 3);
    }
}
