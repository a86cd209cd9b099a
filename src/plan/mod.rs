//! Exact planning over a collection: zero-loss discards, budgeted discards, the road to Master
//! (tetra-master-rules §13). Pure functions over card lists.
//!
//! Speed (`benches/plan.rs`, idle 2-core machine, 2026-11-22): all three parts on a 100-card
//! collection 3.0 ms (zero-loss discards 1.3 ms, Master plan 0.19 ms). On a 12-card
//! collection the exact planners (zero-loss, every `--discard N`, keepers) take 0.20 ms
//! against 2.7 ms for brute force over all 4 096 subsets (×13); brute force doubles with
//! every card. SPFA beat Dijkstra with potentials here (×3 on the 100-card plan): the graphs
//! are shallow. The first Master plan in a process also builds the arrow-odds table of
//! `rules::creation` once (about 12 ms in release).

use crate::model::CardRecord;

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
