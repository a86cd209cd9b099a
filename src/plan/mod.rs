//! Exact planning over a collection: zero-loss discards, budgeted discards, the road to Master
//! (tetra-master-rules §13). Pure functions over card lists.

use crate::ff9::CardRecord;

pub mod discard;
pub mod flow;
pub mod master;

pub use discard::{best_discards, zero_loss_discards, DiscardCost, KeepMode, KeepPlan};
pub use master::{choose_final_types, keepers, master_plan, MasterPlan, Step, Upgrade};

/// How strongly a card is preferred among equal choices (§13.4): more arrows, then higher
/// stats. `1 + 1024·arrow count + atk + pdef + mdef`, in 1..10 000.
pub fn preference(card: &CardRecord) -> i64 {
    1 + 1024 * i64::from(card.arrows.count_ones())
        + i64::from(card.atk)
        + i64::from(card.pdef)
        + i64::from(card.mdef)
}
