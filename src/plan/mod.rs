//! Exact planning over a collection: zero-loss discards, budgeted discards, the road to Master
//! (tetra-master-rules §13). Pure functions over card lists.
//!
//! Speed (`benches/plan.rs`, 2-core machine under load from other jobs): all three parts on a
//! 100-card collection about 4.1 ms (zero-loss discards 2.2 ms, Master plan 0.22 ms). On a
//! 12-card collection the exact planners (zero-loss, every `--discard N`, keepers) take
//! 0.22 ms against 4.0 ms for brute force over all 4 096 subsets (×18); brute force doubles
//! with every card, the planners grow polynomially. The first Master plan in a process also
//! builds the arrow-odds table of `rules::creation` once.

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
