//! quadmist: reads Final Fantasy IX saves and shows the hidden Tetra Master data.
//!
//! ```no_run
#![doc = include_str!("../examples/score.rs")]
//! ```
//!
//! The crate is cut in layers, each using only the ones below it (ARCHITECTURE.md;
//! `tests/it/layers.rs` checks it):
//!
//! 1. [`model`]: cards, types, a collection, its platform, findings, the catalogue.
//! 2. [`container`]: bytes of a PS1 memory card or single-save file → the saves inside.
//! 3. [`ff9`]: one save (PlayStation block, PC `.dat` block, Switch JSON, Memoria sidecar)
//!    → a platform-neutral [`model::Collection`].
//! 4. [`rules`]: scoring, ranks, creation, growth, battle odds and legality checks. Pure
//!    functions.
//! 5. [`plan`]: exact optimisers (zero-loss discards, budgeted discards, the road to Master);
//!    [`diff`]: what changed between two saves, cards matched under the growth rules;
//!    [`game`]: the match engine, the game's opponent AI as a policy, and the move adviser;
//!    [`sources`]: where each missing card can still be had, from the save's event flags.
//! 6. [`report`]: what both front ends show, computed once (score and plan values) and, with
//!    the `html` feature, rendered once (the report page, the album's SVG cards, findings).
//! 7. `cli` (feature `cli`, on by default): the `quadmist` command line. Only this layer
//!    prints. The web page (the `web/` crate of the workspace) is the other front end.
//!
//! Writers (fixture builders) are behind the `write` feature.

#![warn(missing_docs)]
// On docs.rs (`--cfg docsrs`, a nightly rustdoc): each item says which feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The `quadmist` command line (the binary's implementation; not a library API). Its docs are
// its own module's (an outer doc comment here would move their links to this scope).
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;
pub mod container;
pub mod diff;
pub mod ff9;
pub mod game;
pub mod model;
pub mod plan;
pub mod report;
pub mod rules;
pub mod sources;

pub use model::{Finding, Severity};

// The entry points: open a file's bytes and list its saves, decode a collection, score it,
// plan, and battle odds.
pub use ff9::{open, DecodeError, OpenError, SaveEntry, SaveSet};
pub use model::{CardRecord, CardType, Collection};
pub use plan::discard::{plan_keep, KeepMode};
pub use plan::master::master_plan;
pub use rules::battle::{battle, Fighter};
pub use rules::odds::{match_odds, RuleSet};
pub use rules::score::points;
