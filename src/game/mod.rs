//! Playing a match: an exact Tetra Master engine, the game's opponent AI as a policy, and a
//! move adviser (tetra-master-match; analysis layer: uses the domain model and [`crate::rules`]).
//!
//! * [`board`]: board, hands, one turn's placement, battles, combos and free captures.
//! * [`engine`]: a whole match, whose decision comes next, result, prize and growth.
//! * [`ai`]: the game's opponent (`EnemyAI`) at Wise 0–3, as an exact move distribution and
//!   decision by decision from a random stream.
//! * [`live`]: a real match followed entry by entry (`quadmist play`): what is asked next and
//!   how each typed entry changes the match.
//! * [`companion`]: [`live`] driven by JSON commands, stored and restored whole, with the
//!   adviser's answer as JSON: the boundary the page's match companion drives.
//! * [`search`]: the adviser, an expectimax search over placements, target choices and battle
//!   outcomes.
//!
//! # Approximations
//! Every figure is exact when all ten cards' stats are exact. An opponent card known only by its
//! digits has fixed but unknown stats; the search then uses, for each battle on its own, the mean
//! chance over the equally likely values (so two battles of the same band card are treated as
//! independent), and the game AI's own choices are computed with the middle value of each band.
//! Where such a search reaches the end of the match, the figures shown are instead the mean of
//! exact solutions over draws of the hidden stats ([`search::HIDDEN_DRAWS`]), and they order the
//! search's best moves ([`search::RERANKED`]). Figures that rest on hidden stats are labelled
//! "estimate" by the command line.

pub mod ai;
pub mod board;
pub mod calibration;
pub mod card;
pub mod companion;
pub mod engine;
pub mod estimate;
mod estimate_params;
pub mod live;
pub mod notation;
pub mod search;
mod shown_params;
pub mod sim;
