//! How a card is written for people, beside its stats: why its discard costs points.

use crate::model::CardRecord;
use crate::rules::score::Contribution;

/// Why a card's discard costs points, in words: "last copy, unique arrows, type X"; "free"
/// when it costs nothing.
pub fn cost_words(card: &CardRecord, cost: &Contribution) -> String {
    let mut why = Vec::new();
    if cost.id_points > 0 {
        why.push("last copy".to_string());
    }
    if cost.mask_points > 0 {
        why.push("unique arrows".to_string());
    }
    if cost.type_points > 0 {
        why.push(format!("type {}", card.card_type.letter()));
    }
    if why.is_empty() {
        "free".to_string()
    } else {
        why.join(", ")
    }
}

/// What [`cost_words`] means, for the line under a table of costs.
pub const COST_LEGEND: &str = "Last copy: no other card has its number (10 points). Unique \
     arrows: no other card has its arrows (5 points). Type X or A: the type bonus (1 or 2 points).";
