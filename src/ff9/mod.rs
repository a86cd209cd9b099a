//! Final Fantasy IX saves → a platform-neutral [`Collection`].
//!
//! One module per platform ([`psx`], [`pc`], [`switch`], with [`memoria`] for the PC mod's
//! sidecar); all produce the same model. [`open`] recognises a file's kind by content and
//! lists the saves inside as [`SaveEntry`]s; [`SaveEntry::collection`] decodes one.
//! See `shared/spec/ff9-save-formats.md`.

use crate::model::Finding;
use serde::Serialize;
use std::fmt;

pub mod charset;
pub mod memoria;
pub mod pc;
pub mod psx;
pub mod switch;

/// The domain types, re-exported where they used to live (`crate::ff9::Collection` etc.);
/// new code names them from [`crate::model`].
pub use crate::model::{
    format_play_time, CardRecord, CardSource, CardType, Collection, Platform, SaveSummary,
};

/// Region, language, disc and in-game file of a PlayStation FF9 save (from its name).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// `NTSC-U`, `NTSC-J` or `PAL` (or the raw prefix when unknown).
    pub region: String,
    /// `English`, `Japanese`, `French`, `German`, `Italian`, `Spanish` (or `unknown`).
    pub language: String,
    /// Disc 1..4, when the product code is known.
    pub disc: Option<u8>,
    /// The in-game save file number, 1-based.
    pub file: Option<u8>,
}

/// Why a save could not be decoded as a collection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// A sentence for a person.
    pub message: String,
}

impl DecodeError {
    /// A new error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        DecodeError { message: message.into() }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

/// The platform-specific bytes behind a [`SaveEntry`].
#[derive(Debug, Clone)]
pub enum SavePayload {
    /// A PlayStation save from a memory card or single-save file.
    PlayStation(psx::PsxSave),
    /// One data block of a PC `.dat`.
    Pc(pc::PcSave),
    /// A Switch-style JSON save.
    Switch(switch::SwitchSave),
}

/// One save in a file, as listed by `quadmist saves`.
#[derive(Debug, Clone, Serialize)]
pub struct SaveEntry {
    /// The value `--save` accepts: `1`..`15` on a memory card, `auto` or `S-F` on PC.
    pub selector: String,
    /// The save's name (directory name on PlayStation, e.g. `slot 1 / file 2` on PC).
    pub name: String,
    /// Product code for PlayStation saves (e.g. `SLUS-01251`), when the name has one.
    pub product_code: Option<String>,
    /// True when the save is Final Fantasy IX game data that holds a collection.
    pub is_ff9: bool,
    /// Region, language, disc and file, for PlayStation FF9 saves.
    pub game_info: Option<GameInfo>,
    /// True for a deleted (but still readable) save.
    pub deleted: bool,
    /// The game's own checksum: `Some(true)` matches, `Some(false)` fails, `None` none.
    pub checksum_ok: Option<bool>,
    /// The title (folded to ASCII where possible).
    pub title: String,
    /// Load-screen summary, for FF9 saves.
    pub summary: Option<SaveSummary>,
    /// What was noticed about this save (container and game level).
    pub findings: Vec<Finding>,
    /// The bytes to decode.
    #[serde(skip)]
    pub payload: SavePayload,
}

impl SaveEntry {
    /// An FF9 save from a file with no memory-card container (PC block, Switch JSON), titled
    /// like the game's load screen with its play time (`latest` adds a mark).
    pub fn unboxed(
        selector: String,
        name: String,
        play_time: Option<f64>,
        latest: bool,
        findings: Vec<Finding>,
        payload: SavePayload,
    ) -> SaveEntry {
        let mut title = "FINAL FANTASY IX".to_string();
        if let Some(t) = play_time {
            title.push_str(&format!("  {}", format_play_time(t)));
        }
        if latest {
            title.push_str(" (latest)");
        }
        SaveEntry {
            selector,
            name,
            product_code: None,
            is_ff9: true,
            game_info: None,
            deleted: false,
            checksum_ok: None,
            title,
            summary: Some(SaveSummary { play_time_seconds: play_time, ..SaveSummary::default() }),
            findings,
            payload,
        }
    }

    /// Decodes the save's collection.
    pub fn collection(&self) -> Result<Collection, DecodeError> {
        match &self.payload {
            SavePayload::PlayStation(s) => s.collection(),
            SavePayload::Pc(s) => s.collection(),
            SavePayload::Switch(s) => s.collection(),
        }
    }
}

/// The kind of file [`open`] recognised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "container")]
pub enum FileKind {
    /// A PS1 memory card or single-save container.
    PlayStation(crate::container::ContainerFormat),
    /// A PC `SavedData_??.dat`.
    PcDat,
    /// A Switch-style JSON save.
    SwitchJson,
}

impl FileKind {
    /// A short human name.
    pub fn description(&self) -> String {
        match self {
            FileKind::PlayStation(f) => f.description().to_string(),
            FileKind::PcDat => "PC (Steam) SavedData .dat".to_string(),
            FileKind::SwitchJson => "Switch JSON save".to_string(),
        }
    }
}

/// Every save in one file.
#[derive(Debug, Clone, Serialize)]
pub struct SaveSet {
    /// What the file is.
    pub kind: FileKind,
    /// The saves, in the order the file holds them.
    pub saves: Vec<SaveEntry>,
    /// File-level findings.
    pub findings: Vec<Finding>,
}

/// Why a file could not be opened at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenError {
    /// A sentence for a person.
    pub message: String,
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for OpenError {}

/// Reads a file beside the opened one by name (used for Memoria sidecars); `None` if absent.
pub type NeighbourReader<'a> = &'a dyn Fn(&str) -> Option<Vec<u8>>;

/// Recognises `bytes` by content and lists its saves.
///
/// `file_name` is the file's last path component, if known; `neighbour` reads files beside it.
pub fn open(
    bytes: &[u8],
    file_name: Option<&str>,
    neighbour: NeighbourReader<'_>,
) -> Result<SaveSet, OpenError> {
    if pc::looks_like_dat(bytes) {
        return pc::open(bytes, file_name, neighbour);
    }
    if switch::looks_like_json(bytes) {
        return switch::open(bytes, file_name);
    }
    match crate::container::read(bytes, file_name) {
        Ok(file) => Ok(psx::open(file)),
        Err(e) => Err(OpenError { message: e.to_string() }),
    }
}
