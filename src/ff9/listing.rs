//! What opening a file lists, whatever the platform: its kind and its saves, each with the
//! fields `quadmist saves` shows and the platform's bytes to decode.

use crate::model::{format_play_time, Finding, SaveSummary};
use serde::Serialize;

/// Region, language, disc and in-game file of a PlayStation FF9 save: region, language and
/// file from its name, the disc from its block (the game names every save with disc 1's code).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct GameInfo {
    /// `NTSC-U`, `NTSC-J` or `PAL` (or the raw prefix when unknown).
    pub region: String,
    /// `English`, `Japanese`, `French`, `German`, `Italian`, `Spanish` (or `unknown`).
    pub language: String,
    /// Disc 1..4, read from the block (0x1C5, cross-checked with 0x104 and 0x1C0).
    pub disc: Option<u8>,
    /// The in-game save file number, 1-based.
    pub file: Option<u8>,
}

/// One save in a file, as listed by `quadmist saves`, with the bytes `P` to decode it from
/// (a platform's own save type, or [`super::SavePayload`] once [`super::open`] wraps it).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Entry<P> {
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
    /// True for the save the file's own metadata names as the last one written (a PC `.dat`'s
    /// LatestSlot/LatestSave): what `--save latest` takes.
    pub latest: bool,
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
    pub payload: P,
}

impl<P> Entry<P> {
    /// An FF9 save from a file with no memory-card container (PC block, Switch JSON), titled
    /// like the game's load screen with its play time; `latest` when the file's metadata names
    /// it the last one written.
    pub fn unboxed(
        selector: String,
        name: String,
        play_time: Option<f64>,
        latest: bool,
        findings: Vec<Finding>,
        payload: P,
    ) -> Entry<P> {
        let mut title = "FINAL FANTASY IX".to_string();
        if let Some(t) = play_time {
            title.push_str(&format!("  {}", format_play_time(t)));
        }
        Entry {
            selector,
            name,
            product_code: None,
            is_ff9: true,
            game_info: None,
            deleted: false,
            latest,
            checksum_ok: None,
            title,
            summary: Some(SaveSummary { play_time_seconds: play_time, ..SaveSummary::default() }),
            findings,
            payload,
        }
    }

    /// The same save with its bytes wrapped (`SavePayload::Pc` …).
    pub fn map_payload<Q>(self, wrap: impl FnOnce(P) -> Q) -> Entry<Q> {
        Entry {
            selector: self.selector,
            name: self.name,
            product_code: self.product_code,
            is_ff9: self.is_ff9,
            game_info: self.game_info,
            deleted: self.deleted,
            latest: self.latest,
            checksum_ok: self.checksum_ok,
            title: self.title,
            summary: self.summary,
            findings: self.findings,
            payload: wrap(self.payload),
        }
    }
}

/// The kind of file [`super::open`] recognised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case", tag = "kind", content = "container")]
#[non_exhaustive]
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

/// Every save in one file, each with the bytes `P` to decode it from.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Listing<P> {
    /// What the file is.
    pub kind: FileKind,
    /// The saves, in the order the file holds them.
    pub saves: Vec<Entry<P>>,
    /// File-level findings.
    pub findings: Vec<Finding>,
}

impl<P> Listing<P> {
    /// The same listing with every save's bytes wrapped.
    pub fn map_payload<Q>(self, wrap: impl Fn(P) -> Q) -> Listing<Q> {
        Listing {
            kind: self.kind,
            saves: self.saves.into_iter().map(|s| s.map_payload(&wrap)).collect(),
            findings: self.findings,
        }
    }
}

/// Reads a file beside the opened one by name (used for Memoria sidecars); `None` if absent.
pub type NeighbourReader<'a> = &'a dyn Fn(&str) -> Option<Vec<u8>>;

/// Reads a file beside the opened one by name: `Ok(None)` when absent, `Err(why)` when it
/// is there but cannot be read.
pub type SidecarReader<'a> = &'a dyn Fn(&str) -> Result<Option<Vec<u8>>, std::io::Error>;
