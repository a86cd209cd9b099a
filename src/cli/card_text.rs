//! How a card is written for people: its number and name (the library's
//! [`catalogue::numbered_name`], the same everywhere), its slot only where the slot matters and
//! then labelled as one, and why its discard costs points.

use crate::model::{catalogue, CardRecord};

/// A card of a save where its slot matters (it was picked by its slot): "53 Iron Man (slot 2)".
pub fn in_slot(id: u8, slot: u16) -> String {
    format!("{} (slot {slot})", catalogue::numbered_name(id))
}
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
