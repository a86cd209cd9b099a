//! Where each card can be had: fixed pickups, scripted rewards, battle drops and card
//! players, with the disc window and, for pickups the save records, the event flag.
//!
//! The table is `data/card-sources.csv`, compiled in by `build.rs`; every row names its
//! public source (a repository file at a commit, or a page address). `data/card-sources.md`
//! says which sources were used and why. Places and windows are facts from guides and save
//! editors, not from the game's code.

use serde::Serialize;

/// How a card is had, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// A card lying somewhere (a chest or a "!" spot), taken once.
    Pickup,
    /// A card given once for a scripted event or a minigame.
    Reward,
    /// A card an enemy may drop after a battle (32 in 256 per battle, at most one card; a
    /// boss's drop has one chance only).
    Drop,
    /// A card a card player's deck may hold, won in a match.
    Player,
    /// Any other way a guide names: in the table, only the treasures of the chocobo side
    /// quest (chocographs and dead-pepper spots), a sure card once the quest reaches them.
    Other,
}

impl SourceKind {
    /// The word used in output and JSON.
    pub fn word(self) -> &'static str {
        match self {
            SourceKind::Pickup => "pickup",
            SourceKind::Reward => "reward",
            SourceKind::Drop => "drop",
            SourceKind::Player => "player",
            SourceKind::Other => "other",
        }
    }
}

/// The event flag that records a pickup or reward as taken: a bit of `gEventGlobal`, by
/// PlayStation block offset (see [`super::events`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SourceFlag {
    /// Block offset of the byte.
    pub offset: u16,
    /// Bit, 0 = least significant.
    pub bit: u8,
}

/// One way to get one card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardSourceRow {
    /// Card number 1..100 (id + 1).
    pub number: u8,
    /// How.
    pub kind: SourceKind,
    /// Where, or from whom.
    pub place: &'static str,
    /// First and last disc it can be had on; `None` when the sources read do not say (the
    /// window is then unknown and never counted as over).
    pub discs: Option<(u8, u8)>,
    /// The flag recording it as taken, where known.
    pub flag: Option<SourceFlag>,
    /// Where the fact comes from.
    pub source: &'static str,
}

/// The place of the rows that say only that card players may hold the card, none named
/// (the sources read list no deck's cards).
pub const ANY_CARD_PLAYER: &str = "which decks hold it is not in the sources read";

impl CardSourceRow {
    /// True for a row naming no card player ([`ANY_CARD_PLAYER`]).
    pub fn is_any_card_player(&self) -> bool {
        self.kind == SourceKind::Player && self.place == ANY_CARD_PLAYER
    }
}

/// Every row, ordered by card number, then kind.
pub static CARD_SOURCES: &[CardSourceRow] = include!(concat!(env!("OUT_DIR"), "/card_sources.rs"));

/// The rows of card `number` (1..100).
pub fn sources_of(number: u8) -> impl Iterator<Item = &'static CardSourceRow> {
    CARD_SOURCES.iter().filter(move |r| r.number == number)
}
