//! Final Fantasy IX saves → a platform-neutral [`Collection`].
//!
//! One module per platform ([`psx`], [`pc`], [`switch`], with [`memoria`] for the PC mod's
//! sidecar); all produce the same model. [`open`] recognises a file's kind by content and
//! lists the saves inside as [`SaveEntry`]s; [`SaveEntry::collection`] decodes one.
//! See `shared/spec/ff9-save-formats.md`.

use crate::container::source::{ByteSource, ReadError};
use crate::model::finding::limit_repeats;
use crate::model::{format_play_time, Collection, Finding, SaveSummary};
use serde::Serialize;

pub mod charset;
pub mod events;
pub mod memoria;
pub mod minigame;
pub mod pc;
pub mod psx;
pub mod switch;

/// Region, language, disc and in-game file of a PlayStation FF9 save: region, language and
/// file from its name, the disc from its block (the game names every save with disc 1's code).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
    #[error("{save}: unknown schema (DataSize {data_size}, vanilla {vanilla}) and the card entries at the vanilla offsets do not validate", vanilla = pc::VANILLA_DATA_SIZE)]
    UnknownSchema {
        /// The save's name.
        save: String,
        /// The metadata's DataSize.
        data_size: i32,
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

/// The platform-specific bytes behind a [`SaveEntry`].
#[derive(Debug, Clone)]
#[non_exhaustive]
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

    /// Decodes the save's collection (with the Memoria sidecar, when one was read).
    /// Repeated findings of one kind are cut to the first few ([`limit_repeats`]).
    pub fn collection(&self) -> Result<Collection, DecodeError> {
        let mut collection = match &self.payload {
            SavePayload::PlayStation(s) => s.collection(),
            SavePayload::Pc(s) => s.collection(),
            SavePayload::Switch(s) => s.collection(),
        }?;
        collection.findings = limit_repeats(std::mem::take(&mut collection.findings));
        Ok(collection)
    }

    /// Reads this save's Memoria sidecar through `read` (PC saves only; nothing to do for
    /// others, for a save whose `.dat` name gives no sidecar name, or once read). A sidecar
    /// that cannot be read is a warning finding: the save's own card list is then used.
    pub fn load_sidecar(&mut self, read: SidecarReader<'_>) {
        let SavePayload::Pc(save) = &mut self.payload else { return };
        let Some(name) = save.sidecar_name.clone().filter(|_| save.sidecar.is_none()) else {
            return;
        };
        match read(&name) {
            Ok(None) => {}
            Ok(Some(bytes)) => {
                self.findings
                    .push(Finding::info(format!("Memoria sidecar {name} is beside the save")));
                save.sidecar = Some(pc::SidecarFile { name, bytes });
            }
            Err(why) => self.findings.push(Finding::warning(format!(
                "Memoria sidecar {name} is beside the save but cannot be read ({why}); the card \
                 list of the save itself is used"
            ))),
        }
    }
}

/// The kind of file [`open`] recognised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
    #[error("not a PC save: {size} bytes, a SavedData .dat has {dat}", dat = pc::DAT_SIZE)]
    NotADat {
        /// The file's size.
        size: u64,
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

/// Largest file quadmist reads (no save format comes near it): the front ends refuse a larger
/// file before reading it, with [`too_large`]'s words.
pub const MAX_FILE_SIZE: u64 = 16 * 1024 * 1024;

/// Why a file of `len` bytes (more than [`MAX_FILE_SIZE`]) is not read, in the words both front
/// ends show after `cannot read NAME: `.
pub fn too_large(len: u64) -> String {
    format!("it has {len} bytes, more than {} MiB: not a save file", MAX_FILE_SIZE / (1024 * 1024))
}

/// Reads a file beside the opened one by name (used for Memoria sidecars); `None` if absent.
pub type NeighbourReader<'a> = &'a dyn Fn(&str) -> Option<Vec<u8>>;

/// Reads a file beside the opened one by name: `Ok(None)` when absent, `Err(why)` when it
/// is there but cannot be read.
pub type SidecarReader<'a> = &'a dyn Fn(&str) -> Result<Option<Vec<u8>>, std::io::Error>;

/// Recognises `bytes` by content and lists its saves.
///
/// `file_name` is the file's last path component, if known; `neighbour` reads files beside it
/// (every PC save's Memoria sidecar, at once: pass `&|_| None` and use
/// [`SaveEntry::load_sidecar`] to read only the one of the save wanted).
pub fn open(
    bytes: &[u8],
    file_name: Option<&str>,
    neighbour: NeighbourReader<'_>,
) -> Result<SaveSet, OpenError> {
    if pc::looks_like_dat(bytes) {
        finish(pc::open(bytes, file_name, neighbour))
    } else {
        finish(open_in_memory(bytes, file_name))
    }
}

/// [`open`] from a [`ByteSource`]: a PC `.dat` is read only where its saves are (a few AES
/// blocks each, not its 2.9 MB); any other file is read whole.
pub fn open_source(
    source: &dyn ByteSource,
    file_name: Option<&str>,
    neighbour: NeighbourReader<'_>,
) -> Result<SaveSet, OpenError> {
    let head = source.read_at(0, pc::METADATA_PROBE_LEN)?;
    if pc::looks_like_dat_head(&head, source.size()) {
        finish(pc::open_source(source, file_name, neighbour))
    } else {
        finish(open_in_memory(&source.read_all()?, file_name))
    }
}

/// Opens a file that is not a PC `.dat`: Switch JSON (UTF-8 or UTF-16) or a PlayStation
/// container.
fn open_in_memory(bytes: &[u8], file_name: Option<&str>) -> Result<SaveSet, OpenError> {
    if let Some((text, encoding)) = switch::wide_to_utf8(bytes) {
        switch::open(&text, file_name).map(|mut set| {
            set.findings.push(Finding::info(format!(
                "the JSON text is in {encoding}; read as such (the game writes UTF-8)"
            )));
            set
        })
    } else if switch::looks_like_json(bytes) {
        switch::open(bytes, file_name)
    } else {
        match crate::container::read(bytes, file_name) {
            Ok(file) => Ok(psx::open(file)),
            Err(e) => Err(OpenError::Container(e)),
        }
    }
}

/// Cuts repeated findings of one kind (file and saves) to the first few.
fn finish(set: Result<SaveSet, OpenError>) -> Result<SaveSet, OpenError> {
    let mut set = set?;
    set.findings = limit_repeats(std::mem::take(&mut set.findings));
    for save in &mut set.saves {
        save.findings = limit_repeats(std::mem::take(&mut save.findings));
    }
    Ok(set)
}
