//! Where each card can be had: fixed pickups, scripted rewards, battle drops, chocobo
//! treasures and card players, with the window they are open in and, where a save records it,
//! the event flag.
//!
//! The table is `data/card-sources.csv`, compiled in by `build.rs`; every row names the public
//! sources that give it (`data/card-sources-refs.csv`: a repository file at a commit, or a page
//! address) and, apart, the sources of its window, place and fight. `data/card-sources.md` says
//! which sources were read, how each row was checked and what was corrected.

use serde::Serialize;

/// How a card is had, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// A card lying somewhere (a chest or a "!" spot), taken once.
    Pickup,
    /// A card given once for a scripted event, a trade or a minigame.
    Reward,
    /// A card an enemy may drop after a battle (32 in 256 per battle won, at most one card).
    Drop,
    /// A card a card player's deck may hold, won in a match.
    Player,
    /// A treasure of the chocobo side quest (a chocograph or a dead-pepper spot): a sure card
    /// once the quest reaches it.
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

/// Whether a drop's enemy is fought once. A fight is called one-time only when the game's data
/// or two sources of different origins say so; a drop of an enemy met at random (or of unknown
/// kind) stays open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Fight {
    /// Not stated twice: treated as an enemy that can be met again.
    Unknown,
    /// A single fight of the story or a side quest: its drop has one chance.
    Once,
    /// The sources disagree (one calls it a boss, one a common enemy): never counted as over.
    Disputed,
}

/// An event flag of `gEventGlobal`, by PlayStation block offset (see [`super::events`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SourceFlag {
    /// Block offset of the byte.
    pub offset: u16,
    /// Bit, 0 = least significant.
    pub bit: u8,
}

/// One public source: a repository file at a commit or a page, and who made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceRef {
    /// Its key in the table.
    pub key: &'static str,
    /// Who made it (two keys with the same origin count as one source): "game code", "save
    /// editor", "reference guide"...
    pub origin: &'static str,
    /// Where to read it.
    pub citation: &'static str,
    /// What it gives, in our words.
    pub what: &'static str,
}

/// Every source cited by the table.
pub static SOURCE_REFS: &[SourceRef] = include!(concat!(env!("OUT_DIR"), "/card_source_refs.rs"));

/// One way to get one card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardSourceRow {
    /// Card number 1..100 (id + 1).
    pub number: u8,
    /// How.
    pub kind: SourceKind,
    /// Where, or from whom; for a drop, the enemy.
    pub place: &'static str,
    /// For a drop, the enemy's entry in the guide's enemy table (it tells apart enemies that
    /// share a name).
    pub enemy: Option<u8>,
    /// For a drop, where the enemy is met, when a source gives it.
    pub met: Option<&'static str>,
    /// For a drop, whether the fight happens once.
    pub fight: Fight,
    /// First and last disc it can be had on; `None` when no source gives the discs.
    pub discs: Option<(u8, u8)>,
    /// First and last story point (scenario counter) it can be had at, either bound `None`
    /// when not known; `None` when neither is.
    pub progress: Option<(Option<u16>, Option<u16>)>,
    /// The flag that records it as taken, where known.
    pub flag: Option<SourceFlag>,
    /// A flag that, once set, closes it (a one-time enemy defeated, a friendly monster
    /// satisfied and no longer met).
    pub ends: Option<SourceFlag>,
    /// The sources that give this way ([`SOURCE_REFS`] indices).
    pub sources: &'static [usize],
    /// The sources of its window, place and fight.
    pub when_by: &'static [usize],
    /// Where the sources disagree and the table keeps the safer reading, in the player's words.
    pub dispute: Option<&'static str>,
}

/// The place of the rows that say only that card players may hold the card, none named
/// (no public source lists which deck holds which card).
pub const ANY_CARD_PLAYER: &str = "any card player";

impl CardSourceRow {
    /// True for a row naming no card player ([`ANY_CARD_PLAYER`]).
    pub fn is_any_card_player(&self) -> bool {
        self.kind == SourceKind::Player && self.place == ANY_CARD_PLAYER
    }

    /// The citations of the sources that give this way.
    pub fn citations(&self) -> Vec<&'static str> {
        self.sources.iter().map(|&i| SOURCE_REFS[i].citation).collect()
    }

    /// The citations of the sources of its window, place and fight.
    pub fn window_citations(&self) -> Vec<&'static str> {
        self.when_by.iter().map(|&i| SOURCE_REFS[i].citation).collect()
    }

    /// How many sources of different origins give this way.
    pub fn origins(&self) -> usize {
        let mut origins: Vec<&str> = self.sources.iter().map(|&i| SOURCE_REFS[i].origin).collect();
        origins.sort_unstable();
        origins.dedup();
        origins.len()
    }

    /// True when a single source gives this way (shown as "(one guide)").
    pub fn one_source(&self) -> bool {
        self.origins() < 2
    }
}

/// Every row, ordered by card number.
pub static CARD_SOURCES: &[CardSourceRow] = include!(concat!(env!("OUT_DIR"), "/card_sources.rs"));

/// The rows of card `number` (1..100).
pub fn sources_of(number: u8) -> impl Iterator<Item = &'static CardSourceRow> {
    CARD_SOURCES.iter().filter(move |r| r.number == number)
}
