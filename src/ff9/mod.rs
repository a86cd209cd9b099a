//! Final Fantasy IX saves → a platform-neutral [`Collection`].
//!
//! One module per platform ([`psx`], [`pc`], [`switch`], with [`memoria`] for the PC mod's
//! sidecar); all produce the same model. [`open`] recognises a file's kind by content and
//! lists the saves inside as [`SaveEntry`]s; [`SaveEntry::collection`] decodes one.
//! See `shared/spec/ff9-save-formats.md`.

use crate::finding::{limit_repeats, Finding};
use serde::Serialize;
use std::fmt;

pub mod charset;
pub mod memoria;
pub mod pc;
pub mod psx;
pub mod switch;

/// The release a save comes from; decides the default evolution odds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    /// PlayStation memory card save.
    PlayStation,
    /// PC (Steam) `SavedData_ww.dat`, with or without a Memoria sidecar.
    Pc,
    /// Switch (and converted) JSON save.
    Switch,
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Platform::PlayStation => "PlayStation",
            Platform::Pc => "PC",
            Platform::Switch => "Switch",
        })
    }
}

/// A card's battle type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardType {
    /// P: attacks the physical defence.
    Physical,
    /// M: attacks the magical defence.
    Magic,
    /// X (flexible): attacks the lower defence.
    Flexible,
    /// A (assault): attacks with its highest stat against the lowest.
    Assault,
    /// A type code the game does not define (an edited or damaged save).
    Unknown(u8),
}

impl CardType {
    /// From the save's type code (0 P, 1 M, 2 X, 3 A).
    pub fn from_code(code: u32) -> CardType {
        match code {
            0 => CardType::Physical,
            1 => CardType::Magic,
            2 => CardType::Flexible,
            3 => CardType::Assault,
            other => CardType::Unknown(other.min(255) as u8),
        }
    }

    /// The type code (0..3, or the unknown value).
    pub fn code(self) -> u8 {
        match self {
            CardType::Physical => 0,
            CardType::Magic => 1,
            CardType::Flexible => 2,
            CardType::Assault => 3,
            CardType::Unknown(c) => c,
        }
    }

    /// The letter shown in game (`P`, `M`, `X`, `A`; `?` for an unknown code).
    pub fn letter(self) -> char {
        match self {
            CardType::Physical => 'P',
            CardType::Magic => 'M',
            CardType::Flexible => 'X',
            CardType::Assault => 'A',
            CardType::Unknown(_) => '?',
        }
    }

    /// From a letter `P`, `M`, `X` or `A` (either case).
    pub fn from_letter(c: char) -> Option<CardType> {
        match c.to_ascii_uppercase() {
            'P' => Some(CardType::Physical),
            'M' => Some(CardType::Magic),
            'X' => Some(CardType::Flexible),
            'A' => Some(CardType::Assault),
            _ => None,
        }
    }

    /// Collector points this copy adds: X 1, A 2, otherwise 0 (unknown codes count 0).
    pub fn bonus(self) -> u32 {
        match self {
            CardType::Flexible => 1,
            CardType::Assault => 2,
            _ => 0,
        }
    }
}

impl fmt::Display for CardType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Serialize for CardType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 4];
        s.serialize_str(self.letter().encode_utf8(&mut buf))
    }
}

/// One owned card as stored in the save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct CardRecord {
    /// Position in the save's card list, 1-based (1..=100 in a vanilla save).
    pub slot: u16,
    /// Card id 0..99 (Goblin = 0; the catalogue number is id + 1).
    pub id: u8,
    /// Arrow mask: bit 0 = up, then clockwise.
    pub arrows: u8,
    /// Attack, 0..255.
    pub atk: u8,
    /// Battle type.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// Physical defence, 0..255.
    pub pdef: u8,
    /// Magical defence, 0..255.
    pub mdef: u8,
    /// The per-card point value stored on PC and Switch (absent on PlayStation).
    pub cpoint: Option<u8>,
}

/// Where a collection's card list came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardSource {
    /// The save itself.
    Save,
    /// A Memoria sidecar beside the PC save, which replaces the vanilla list as the game does.
    MemoriaSidecar,
}

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

/// What a save shows on the load screen, where known.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct SaveSummary {
    /// Party leader's name.
    pub leader_name: Option<String>,
    /// Party leader's level.
    pub leader_level: Option<u8>,
    /// Location name.
    pub location: Option<String>,
    /// Play time in seconds.
    pub play_time_seconds: Option<f64>,
    /// Gil.
    pub gil: Option<u32>,
}

/// A player's Tetra Master collection, the same for every platform.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Collection {
    /// The platform the save comes from.
    pub platform: Platform,
    /// The owned cards (empty slots skipped), in save order.
    pub cards: Vec<CardRecord>,
    /// Records the game never counts (PlayStation records 101..105 with a valid id); shown
    /// for diagnosis only.
    pub ignored_records: Vec<CardRecord>,
    /// Matches won.
    pub wins: i32,
    /// Matches lost.
    pub losses: i32,
    /// Matches drawn.
    pub draws: i32,
    /// Where the card list came from.
    pub card_source: CardSource,
    /// Load-screen summary.
    pub summary: SaveSummary,
    /// What the decoder noticed.
    pub findings: Vec<Finding>,
}

impl Collection {
    /// A collection of these cards with no counters, summary or findings (from the save itself).
    pub fn new(platform: Platform, cards: Vec<CardRecord>) -> Collection {
        Collection {
            platform,
            cards,
            ignored_records: Vec::new(),
            wins: 0,
            losses: 0,
            draws: 0,
            card_source: CardSource::Save,
            summary: SaveSummary::default(),
            findings: Vec::new(),
        }
    }

    /// The card in this 1-based slot, if the slot holds one.
    pub fn card(&self, slot: u16) -> Option<&CardRecord> {
        self.cards.iter().find(|c| c.slot == slot)
    }
}

/// Formats a play time in seconds as `H:MM:SS` (whole seconds, rounded down).
pub fn format_play_time(seconds: f64) -> String {
    let s = seconds.max(0.0).min(f64::from(u32::MAX)) as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
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

    /// Decodes the save's collection (with the Memoria sidecar, when one was read).
    /// Repeated findings of one kind are cut to the first few ([`crate::finding::limit_repeats`]).
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

/// Reads a file beside the opened one by name: `Ok(None)` when absent, `Err(why)` when it
/// is there but cannot be read.
pub type SidecarReader<'a> = &'a dyn Fn(&str) -> Result<Option<Vec<u8>>, String>;

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
    let mut set = if pc::looks_like_dat(bytes) {
        pc::open(bytes, file_name, neighbour)
    } else if let Some((text, encoding)) = switch::wide_to_utf8(bytes) {
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
            Err(e) => Err(OpenError { message: e.to_string() }),
        }
    }?;
    set.findings = limit_repeats(std::mem::take(&mut set.findings));
    for save in &mut set.saves {
        save.findings = limit_repeats(std::mem::take(&mut save.findings));
    }
    Ok(set)
}
