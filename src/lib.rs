//! quadmist: reads Final Fantasy IX saves and shows the hidden Tetra Master data.
//!
//! The crate is cut in layers, each using only the ones below it:
//!
//! 1. [`container`]: bytes of a PS1 memory card or single-save file → the saves inside.
//! 2. [`ff9`]: one save (PlayStation block, PC `.dat` block, Switch JSON, Memoria sidecar)
//!    → a platform-neutral [`ff9::Collection`].
//! 3. [`cards`] and [`rules`]: the card catalogue, stat encoding, scoring, ranks, growth,
//!    battle odds and legality checks. Pure functions.
//! 4. [`plan`]: exact optimisers (zero-loss discards, budgeted discards, the road to Master);
//!    [`diff`]: what changed between two saves, cards matched under the growth rules;
//!    [`game`]: the match engine, the game's opponent AI as a policy, and the move adviser.
//! 5. [`cli`]: the `quadmist` command line. Only this layer prints.
//!
//! [`finding`] holds the report type every layer shares.

#![warn(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod container;
pub mod diff;
pub mod ff9;
pub mod game;
pub mod model;
pub mod plan;
pub mod rules;

pub use model::finding;
pub use model::{Finding, Severity};

/// The catalogue and the in-game stat digits, under their old path; new code uses
/// [`model::catalogue`] and [`model::card`].
pub mod cards {
    pub use crate::model::card::{digit, digits_string, display_string};
    pub use crate::model::catalogue::*;
}
