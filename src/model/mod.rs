//! The domain model, the bottom layer: cards and their types, a player's collection, the
//! platform it comes from, findings, and the catalogue of the 100 cards.
//!
//! Every other layer builds on these types; this module imports nothing else from the crate.

pub mod card;
pub mod card_sources;
pub mod catalogue;
pub mod collection;
pub mod events;
pub mod finding;
pub mod party;
pub mod words;

pub use card::{digit, digits_string, display_string, CardRecord, CardType};
pub use catalogue::{CardInfo, CATALOGUE};
pub use collection::{
    format_decimal, format_play_time, CardSource, Collection, Platform, SaveSummary,
};
pub use events::EventFlags;
pub use finding::{has_error, Finding, FindingKind, Location, Severity};
pub use party::PartyMember;
