//! Final Fantasy IX saves → a platform-neutral [`Collection`].
//!
//! One module per platform ([`psx`], [`pc`], [`switch`], with [`memoria`] for the PC mod's
//! sidecar); all produce the same model. [`open()`] recognises a file's kind by content and
//! lists the saves inside as [`SaveEntry`]s; [`SaveEntry::collection`] decodes one.
//! See `shared/spec/ff9-save-formats.md`.

use crate::container::source::ByteSource;
use crate::model::finding::limit_repeats;
use crate::model::{Collection, Finding, FindingKind};

pub mod charset;
mod choice;
mod error;
pub mod events;
pub mod listing;
pub mod memoria;
pub mod minigame;
pub mod pc;
pub mod psx;
pub mod switch;

pub use choice::{ChoiceError, SaveChoice};
pub use error::{DecodeError, OpenError};
pub use listing::{FileKind, GameInfo, NeighbourReader, SidecarReader};

/// One save in a file, as listed by `quadmist saves`, with its platform's bytes.
pub type SaveEntry = listing::Entry<SavePayload>;

/// Every save in one file.
pub type SaveSet = listing::Listing<SavePayload>;

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

impl SaveEntry {
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

    /// This save, its Memoria sidecar read through `sidecar` (PC saves only), decoded: what
    /// every front end shows a save from. A sidecar that cannot be read is among the entry's
    /// findings.
    pub fn load(&self, sidecar: SidecarReader<'_>) -> Result<LoadedSave, DecodeError> {
        let mut entry = self.clone();
        entry.load_sidecar(sidecar);
        let collection = entry.collection()?;
        Ok(LoadedSave { entry, collection })
    }

    /// Reads this save's Memoria sidecar through `read` (PC saves only; nothing to do for
    /// others, for a save whose `.dat` name gives no sidecar name, or once read). A sidecar
    /// that cannot be read is a warning finding: the save's own card list is then used.
    pub fn load_sidecar(&mut self, read: SidecarReader<'_>) {
        let SavePayload::Pc(save) = &mut self.payload else { return };
        pc::load_sidecar(save, &mut self.findings, read);
    }
}

/// One save chosen in a file ([`SaveSet::choose`]), with its sidecar read, and its collection.
#[derive(Debug, Clone)]
pub struct LoadedSave {
    /// The save as listed, with its sidecar and the findings reading it gave.
    pub entry: SaveEntry,
    /// Its decoded collection.
    pub collection: Collection,
}

/// Largest file quadmist reads (no save format comes near it): the front ends refuse a larger
/// file before reading it, with [`too_large`]'s words.
pub const MAX_FILE_SIZE: u64 = 16 * 1024 * 1024;

/// Why a file of `len` bytes (more than [`MAX_FILE_SIZE`]) is not read, in the words both front
/// ends show after `cannot read NAME: `.
pub fn too_large(len: u64) -> String {
    format!("it has {len} bytes, more than {} MiB: not a save file", MAX_FILE_SIZE / (1024 * 1024))
}

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
        finish(pc::open(bytes, file_name, neighbour).map(|set| set.map_payload(SavePayload::Pc)))
    } else {
        finish(open_in_memory(bytes, file_name))
    }
}

/// [`open()`] from a [`ByteSource`]: a PC `.dat` is read only where its saves are (a few AES
/// blocks each, not its 2.9 MB); any other file is read whole.
pub fn open_source(
    source: &dyn ByteSource,
    file_name: Option<&str>,
    neighbour: NeighbourReader<'_>,
) -> Result<SaveSet, OpenError> {
    let head = source.read_at(0, pc::METADATA_PROBE_LEN)?;
    if pc::looks_like_dat_head(&head, source.size()) {
        let set = pc::open_source(source, file_name, neighbour);
        finish(set.map(|set| set.map_payload(SavePayload::Pc)))
    } else {
        finish(open_in_memory(&source.read_all()?, file_name))
    }
}

/// Opens a file that is not a PC `.dat`: Switch JSON (UTF-8 or UTF-16) or a PlayStation
/// container.
fn open_in_memory(bytes: &[u8], file_name: Option<&str>) -> Result<SaveSet, OpenError> {
    if let Some((text, encoding)) = switch::wide_to_utf8(bytes) {
        switch::open(&text, file_name).map(|set| {
            let mut set = set.map_payload(SavePayload::Switch);
            set.findings.push(Finding::info(
                FindingKind::TextEncoding,
                format!("the JSON text is in {encoding}; read as such (the game writes UTF-8)"),
            ));
            set
        })
    } else if switch::looks_like_json(bytes) {
        switch::open(bytes, file_name).map(|set| set.map_payload(SavePayload::Switch))
    } else {
        match crate::container::read(bytes, file_name) {
            Ok(file) => Ok(psx::open(file).map_payload(SavePayload::PlayStation)),
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
