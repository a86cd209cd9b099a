//! Why a file cannot be opened, or one of its saves decoded: the errors every platform's reader
//! returns.

use crate::container::source::ReadError;

/// Why a save could not be decoded as a collection.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// A PlayStation save whose name and title are both another game's.
    #[error("not a Final Fantasy IX save: neither its name nor its title is FF9's")]
    NotFf9,
    /// A PlayStation save too short for the Tetra Master section and the CRC.
    #[error("the save is {len} bytes long; an FF9 block needs at least {need}")]
    TooShort {
        /// Bytes the save has.
        len: usize,
        /// Bytes a block needs.
        need: usize,
    },
    /// An FF9 file name without an FF9 title, with an all-zero card area or a failing
    /// checksum (or both).
    #[error("not a game save: FF9 file name but no FF9 title, {}", not_game_save_reasons(*.zero_cards, *.crc_failed))]
    NamedOnly {
        /// The card area is all zero.
        zero_cards: bool,
        /// The checksum fails.
        crc_failed: bool,
    },
    /// An all-zero card area.
    #[error(
        "not a game save: the card area is all zero (100 zero-stat Goblins cannot exist in play)"
    )]
    ZeroCardArea,
    /// The Tetra Master section cannot be read.
    #[error("the Tetra Master section cannot be read")]
    SectionUnreadable,
    /// A PC block cut before the end of its card list.
    #[error("{save}: the block is truncated before the end of the card list")]
    TruncatedBlock {
        /// The save's name (`autosave`, `slot 1, file 2`).
        save: String,
    },
    /// A PC block of another schema whose entries at the vanilla offsets do not validate.
    #[error("{save}: unknown schema (DataSize {data_size}, vanilla {vanilla}) and the card entries at the vanilla offsets do not validate")]
    UnknownSchema {
        /// The save's name.
        save: String,
        /// The metadata's DataSize.
        data_size: i32,
        /// The DataSize of the vanilla game's blocks.
        vanilla: i32,
    },
}

/// `an all-zero card area`, `a failing checksum` or both, joined by `and`.
fn not_game_save_reasons(zero_cards: bool, crc_failed: bool) -> String {
    let mut why = Vec::new();
    if zero_cards {
        why.push("an all-zero card area");
    }
    if crc_failed {
        why.push("a failing checksum");
    }
    why.join(" and ")
}

/// Why a file could not be opened at all.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpenError {
    /// Not a PS1 card or save file (and no other kind quadmist reads).
    #[error(transparent)]
    Container(#[from] crate::container::ContainerError),
    /// The file became unreadable while it was read.
    #[error("cannot read the file: {0}")]
    Read(#[from] ReadError),
    /// Too short for a PC `.dat` and no other kind.
    #[error("not a PC save: {size} bytes, a SavedData .dat has {dat}")]
    NotADat {
        /// The file's size.
        size: u64,
        /// The size of every `.dat`.
        dat: u64,
    },
    /// A file of a `.dat`'s size whose metadata does not decrypt to `SAVE`.
    #[error("the file has the size of a PC SavedData .dat but its metadata does not decrypt to `SAVE`: damaged or not a Final Fantasy IX save")]
    DatMetadata,
    /// JSON text that does not parse.
    #[error("not a valid JSON save: {0}")]
    Json(#[source] serde_json::Error),
    /// JSON without a `Data` object.
    #[error("JSON without a `Data` object: not a Final Fantasy IX data save (PREVIEW_, SLOTINFO and PREFS_ files hold no cards)")]
    NoDataObject,
    /// JSON without the Tetra Master section.
    #[error("JSON save without Data/30000_MiniGame/MiniGameCard: no Tetra Master data")]
    NoMiniGame,
}
