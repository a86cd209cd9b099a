//! Collector points and rank (collector level).
//!
//! points = 10 × distinct ids + 5 × distinct arrow masks + Σ type bonus (X 1, A 2).

use crate::ff9::CardRecord;
use serde::Serialize;

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
