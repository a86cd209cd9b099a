//! The tie-break among equally good choices: which of two cards the planners keep.

use crate::model::CardRecord;

/// Upper bound (exclusive) of [`preference`]: the planners weigh it below one card or point.
pub(crate) const PREFERENCE_BOUND: i64 = 10_000;

/// How strongly a card is preferred among equal choices (§13.4): more arrows, then higher
/// stats. `1 + 1024·arrow count + atk + pdef + mdef`, in 1..10 000 (at most 8958).
pub fn preference(card: &CardRecord) -> i64 {
    1 + 1024 * i64::from(card.arrows.count_ones())
        + i64::from(card.atk)
        + i64::from(card.pdef)
        + i64::from(card.mdef)
}
