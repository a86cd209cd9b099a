//! The subcommands, one module each. A command is a leaf: no other command and no shared module
//! imports it (the dispatcher in `cli/mod.rs` alone names them; `tests/it/layers.rs` checks it).
//! What two commands share lives beside this folder, in a module named for what it does.

pub mod advise;
pub mod album;
pub mod cards;
pub mod completions;
pub mod diff;
pub mod icon;
pub mod missing;
pub mod odds;
pub mod open;
pub mod plan;
pub mod play;
pub mod report;
pub mod saves;
pub mod score;
pub mod simulate;
pub mod watch;
