//! The rules of Tetra Master: scoring and ranks, creation, growth and evolution, battle odds,
//! the board-game dice variant, legality checks over a collection, and what an opponent can
//! hold. Pure functions.

pub mod battle;
pub mod creation;
pub mod dealt;
pub mod dice;
pub mod growth;
pub mod legality;
pub mod notation;
pub mod odds;
pub mod ratio;
pub mod score;
