//! The collector score as both front ends show it: points, rank, the points to the next rank,
//! to Master and to 1700, and what each card is worth on its own.

use crate::model::{CardRecord, Collection};
use crate::rules::score::{self, Contribution, LEVEL_THRESHOLDS, MASTER_POINTS, PERFECT_POINTS};
use serde::Serialize;

/// A count and the points it earns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct CountedPoints {
    /// How many.
    pub count: u32,
    /// Points earned.
    pub points: u32,
}

/// Type points: X and A copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct TypePoints {
    /// X copies (1 point each).
    pub x: u32,
    /// A copies (2 points each).
    pub a: u32,
    /// Points earned.
    pub points: u32,
}

/// The next collector level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct NextLevel {
    /// Its rank number, 2..32, as the text numbers it ("rank 9 of 32"); the game's collector
    /// level is one less.
    #[serde(rename = "rank", serialize_with = "crate::report::score::serialize_rank")]
    #[cfg_attr(feature = "json-schema", schemars(range(min = 1, max = 32)))]
    pub level: usize,
    /// Its name; `None` for rank 32 (1700), which has none.
    #[serde(rename = "rank_name")]
    pub rank: Option<&'static str>,
    /// Its threshold.
    pub threshold: u32,
    /// Points still needed.
    pub points_needed: u32,
}

/// One card and what it is worth on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct CardContribution {
    /// The card.
    #[serde(flatten)]
    pub card: CardRecord,
    /// Points lost if this card alone is discarded.
    pub contribution: Contribution,
    /// `contribution.total()`.
    pub loses: u32,
}

/// Everything `quadmist score` shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct ScoreReport {
    /// Total collector points.
    pub points: u32,
    /// Rank number 1..32, as the text numbers it ("rank 8 of 32"); the game's collector level
    /// is one less.
    #[serde(rename = "rank", serialize_with = "crate::report::score::serialize_rank")]
    #[cfg_attr(feature = "json-schema", schemars(range(min = 1, max = 32)))]
    pub level: usize,
    /// Rank name; `None` at rank 32 (1700).
    #[serde(rename = "rank_name")]
    pub rank: Option<&'static str>,
    /// Distinct card ids.
    pub ids: CountedPoints,
    /// Distinct arrow patterns (`arrows` is always a card's arrow mask).
    #[serde(rename = "arrow_patterns")]
    pub arrows: CountedPoints,
    /// Type bonus.
    pub types: TypePoints,
    /// The next level, `None` at level 31.
    pub next: Option<NextLevel>,
    /// Points still needed for Master (1698); 0 when reached.
    pub to_master: u32,
    /// Points still needed for the maximum 1700; 0 when reached.
    pub to_perfect: u32,
    /// Cards counted.
    pub card_count: usize,
    /// Each card's contribution, with `--cards`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CardContribution>>,
}

/// Computes the report for a collection.
pub fn score_report(collection: &Collection, with_cards: bool) -> ScoreReport {
    let b = score::breakdown(&collection.cards);
    let points = b.points();
    let level = score::level(points);
    let next = LEVEL_THRESHOLDS.get(level + 1).map(|&threshold| NextLevel {
        level: level + 1,
        rank: score::rank_name(level + 1),
        threshold,
        points_needed: threshold - points,
    });
    let cards = with_cards.then(|| {
        let contributions = score::contributions(&collection.cards);
        collection
            .cards
            .iter()
            .zip(contributions)
            .map(|(&card, contribution)| CardContribution {
                card,
                contribution,
                loses: contribution.total(),
            })
            .collect()
    });
    ScoreReport {
        points,
        level,
        rank: score::rank_name(level),
        ids: CountedPoints { count: b.distinct_ids, points: b.id_points() },
        arrows: CountedPoints { count: b.distinct_masks, points: b.mask_points() },
        types: TypePoints { x: b.x_copies, a: b.a_copies, points: b.type_points() },
        next,
        to_master: MASTER_POINTS.saturating_sub(points),
        to_perfect: PERFECT_POINTS.saturating_sub(points),
        card_count: collection.cards.len(),
        cards,
    }
}

/// What 1700 points is, in the tool's wording (never "Master").
pub const PERFECT_WORDING: &str = "1700 = the maximum (rank 32 of 32, no name; the game is \
     widely reported to show 'Would you like to discard?')";

/// A rank for people, as everywhere in quadmist: "Player, rank 3 of 32".
pub fn rank_label(level: usize) -> String {
    match score::rank_name(level) {
        Some(name) => format!("{name}, {}", rank_number(level)),
        None => format!("the maximum, {} (no name)", rank_number(level)),
    }
}

/// The rank number people read for a collector level: 1..32 (level 2 is "rank 3 of 32").
pub fn rank_of(level: usize) -> usize {
    level + 1
}

/// Writes a collector level as its rank number ([`rank_of`]), the number the text shows.
pub fn serialize_rank<S: serde::Serializer>(level: &usize, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(rank_of(*level) as u64)
}

/// How a collector level is numbered for people, everywhere: "rank 3 of 32" for level 2 (the
/// levels count from 0, the ranks from 1; 1700 is rank 32 of 32).
pub fn rank_number(level: usize) -> String {
    format!("rank {} of {}", rank_of(level), LEVEL_THRESHOLDS.len())
}
