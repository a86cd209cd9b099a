//! PC (Steam) `SavedData_ww.dat` and `SavedData_jp.dat`: AES-256-CBC encrypted save blocks.
//!
//! Layout, key and offsets: spec §b. The metadata, each preview and each data block are
//! separate CBC streams with the same key and IV, so any 16-byte AES block of a section can
//! be decrypted on its own from the ciphertext block before it (or the IV for the first).
//! The reader decrypts only what it needs: two AES blocks of metadata, the first AES block
//! of every data block (`SAVE` or `NONE`), and for each save the AES blocks holding the
//! cards and W/L/D (4,123..5,229), the play time (14,386) and the padding (the last one).
//!
//! The card schema the PC block, the Switch JSON and the Memoria sidecar share is
//! [`super::minigame`].

use super::error::{DecodeError, OpenError};
use super::events::{decode_event_text, players_beaten_from_bytes, MAX_EVENT_TEXT};
use super::listing::{Entry, FileKind, Listing, NeighbourReader, SidecarReader};
use super::memoria;
use super::minigame::{check_counters, decode_entries, CardEntry, CARD_ENTRY_LEN};
use crate::container::layout::read_at;
use crate::container::source::{ByteSource, ReadError};
use crate::model::collection::MAX_PLAYERS_BEATEN;
use crate::model::{CardSource, Collection, Finding, FindingKind, Platform, SaveSummary};
use aes::Aes256;
use binrw::{binrw, BinRead};
use cbc::cipher::{block_padding::NoPadding, BlockDecryptMut, InnerIvInit, KeyInit};
use std::ops::Range;
use std::sync::OnceLock;

/// Size of a complete `.dat` file.
pub const DAT_SIZE: usize = 2_937_152;
/// Ciphertext length of the metadata (288 plain bytes plus 16 of padding).
pub const METADATA_CIPHER_LEN: usize = 304;
/// Offset of the autosave data block; slot/file blocks follow it.
pub const DATA_OFFSET: usize = 153_920;
/// Size reserved for each data block.
pub const BLOCK_LEN: usize = 18_432;
/// Save slots (the game's "slot 1..10").
pub const SLOTS: usize = 10;
/// Files per slot (the game's "file 1..15").
pub const FILES_PER_SLOT: usize = 15;
/// Data blocks: the autosave, then 10 × 15 slot/file blocks.
pub const BLOCKS: usize = 1 + SLOTS * FILES_PER_SLOT;
/// The metadata's DataSize for the vanilla schema (plaintext = DataSize + 4).
pub const VANILLA_DATA_SIZE: i32 = 17_966;
/// Decrypted offset of `MiniGameCard[0]`.
pub const CARDS_OFFSET: usize = 4_123;
/// Card entries in a vanilla block (owned cards first, then padding).
pub const CARD_ENTRIES: usize = 100;
/// Decrypted offset of `sDraw` (i16), followed by `sLose` and `sWin`.
pub const DRAW_OFFSET: usize = 5_223;
/// Decrypted offset of the play time (f64 seconds, `95000_Setting/00001_time`).
pub const PLAY_TIME_OFFSET: usize = 14_386;
/// Decrypted offset of `gEventGlobal`: base64 text, NUL-padded to 4096 bytes (spec §b.4).
pub const EVENT_TEXT_OFFSET: usize = 23;
/// Decrypted offset of `QuadmistWinList`: 300 × i32, padded with −1 (found in the genuine
/// `.dat`: the seven blocks hold there the lists their Switch copies hold).
pub const WIN_LIST_OFFSET: usize = 11_118;

/// Decrypted offset of `40000_Common/gil` (u32), after `dragon_no`, `escape_no` and `frog_no`
/// (three i16: keys sorted, spec §b.4).
pub const GIL_OFFSET: usize = 5_235;
/// Decrypted offset of `40000_Common/players`: nine records of [`PLAYER_LEN`] bytes, after the
/// 256 two-byte `items`.
pub const PLAYERS_OFFSET: usize = 5_751;
/// One `players` record: its sorted keys `basis` .. `web_bone`, 244 bytes.
pub const PLAYER_LEN: usize = 244;
/// Records in `players`, one per party member (Zidane .. Beatrix).
pub const PLAYERS: usize = 9;
/// Offset of `level` (u8) in a `players` record.
const PLAYER_LEVEL: usize = 48;
/// Offset of `name` (a 128-byte NUL-padded UTF-8 `String`) in a `players` record.
const PLAYER_NAME: usize = 57;
/// Bytes of a `String` value (spec §b.4).
const STRING_LEN: usize = 128;
/// Decrypted offset of `40000_Common/slot`: the four party places, each a `players` index or
/// 255 for an empty place, after the 64 `rareItems` bytes.
pub const PARTY_OFFSET: usize = 8_011;
/// Offset of the slot previews (what the game's load screen shows), one of
/// [`PREVIEW_LEN`] bytes per slot/file (none for the autosave), each a CBC stream of its own.
pub const PREVIEW_OFFSET: usize = 320;
/// Bytes of one slot preview.
pub const PREVIEW_LEN: usize = 1_024;
/// Decrypted offset of the place's name in a preview (a 128-byte `String`), after `PREV`.
const PREVIEW_PLACE: usize = 29;

const AES_BLOCK: usize = 16;
/// Bytes at the start of a file that tell a `.dat` ([`looks_like_dat_head`]): the metadata's
/// first two AES blocks.
pub const METADATA_PROBE_LEN: usize = 2 * AES_BLOCK;
/// The first AES block of a data block holding part of the card list and W/L/D.
const CARDS_FIRST_BLOCK: usize = CARDS_OFFSET / AES_BLOCK;
/// One past the last AES block holding part of the card list and W/L/D.
const CARDS_END_BLOCK: usize = (DRAW_OFFSET + 6).div_ceil(AES_BLOCK);

/// Reads a save's Memoria sidecar through `read` (nothing to do for a save whose `.dat` name
/// gives no sidecar name, or once read). A sidecar that cannot be read is a warning finding:
/// the save's own card list is then used.
pub fn load_sidecar(save: &mut PcSave, findings: &mut Vec<Finding>, read: SidecarReader<'_>) {
    let Some(name) = save.sidecar_name.clone().filter(|_| save.sidecar.is_none()) else {
        return;
    };
    match read(&name) {
        Ok(None) => {}
        Ok(Some(bytes)) => {
            findings.push(Finding::info(
                FindingKind::Sidecar,
                format!("Memoria sidecar {name} is beside the save"),
            ));
            save.sidecar = Some(SidecarFile { name, bytes });
        }
        Err(why) => findings.push(Finding::warning(
            FindingKind::Sidecar,
            format!(
                "Memoria sidecar {name} is beside the save but cannot be read ({why}); the card \
             list of the save itself is used"
            ),
        )),
    }
}

#[cfg(test)]
const SALT: [u8; 8] = [3, 3, 1, 4, 7, 0, 9, 7];
#[cfg(test)]
const PASSWORD: &[u8] = b"System.Security.SecureString";
#[cfg(test)]
const PBKDF2_ROUNDS: u32 = 1000;
/// PBKDF2-HMAC-SHA1(`PASSWORD`, `SALT`, `PBKDF2_ROUNDS`): the AES-256 key, then the IV. The
/// inputs are constants, so is this (a test derives it again); deriving it on every run cost
/// about half a millisecond, as much as reading a whole memory card.
const DERIVED_KEY_AND_IV: [u8; 48] = [
    0x10, 0xb4, 0x5d, 0x06, 0xbb, 0xc6, 0x6b, 0xed, 0xb1, 0x1a, 0x2f, 0x44, 0xf1, 0x91, 0x1e, 0x07,
    0x2e, 0x97, 0xff, 0xc2, 0x9c, 0xe4, 0x4b, 0x92, 0xf9, 0x74, 0x74, 0xa7, 0x10, 0xb8, 0xa5, 0xd5,
    0xa8, 0x3e, 0x99, 0xc0, 0xc8, 0x95, 0xe1, 0xac, 0xaf, 0x11, 0xcc, 0xd9, 0x82, 0xf9, 0x71, 0x5f,
];

/// The AES-256 key schedule and the IV. Salt and password are constants, so PBKDF2 runs
/// once per process, whatever the number of files.
struct Keys {
    cipher: Aes256,
    iv: [u8; AES_BLOCK],
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let derived = DERIVED_KEY_AND_IV;
        let mut iv = [0u8; AES_BLOCK];
        iv.copy_from_slice(&derived[32..]);
        let cipher =
            Aes256::new_from_slice(&derived[..32]).expect("a 32-byte slice is an AES-256 key");
        Keys { cipher, iv }
    })
}

/// Decrypts the AES blocks `blocks` (indices of 16-byte blocks) of one encrypted section.
///
/// CBC needs only the ciphertext block before the first one, so the range is independent of
/// the rest of the section. `None` when `section` does not hold the whole range.
pub fn decrypt_blocks(section: &[u8], blocks: Range<usize>) -> Option<Vec<u8>> {
    let start = blocks.start.checked_mul(AES_BLOCK)?;
    let end = blocks.end.checked_mul(AES_BLOCK)?;
    let mut buf = section.get(start..end)?.to_vec();
    let keys = keys();
    let iv: &[u8] = match blocks.start {
        0 => &keys.iv,
        _ => section.get(start - AES_BLOCK..start)?,
    };
    let decryptor = cbc::Decryptor::<Aes256>::inner_iv_slice_init(keys.cipher.clone(), iv).ok()?;
    decryptor.decrypt_padded_mut::<NoPadding>(&mut buf).ok()?;
    Some(buf)
}

/// Decrypts the plaintext bytes `range` of a section (whole AES blocks around it are decrypted).
pub fn decrypt_range(section: &[u8], range: Range<usize>) -> Option<Vec<u8>> {
    if range.start > range.end {
        return None;
    }
    let first = range.start / AES_BLOCK;
    let plain = decrypt_blocks(section, first..range.end.div_ceil(AES_BLOCK))?;
    let skip = range.start - first * AES_BLOCK;
    plain.get(skip..skip + range.len()).map(<[u8]>::to_vec)
}

/// The first 28 bytes of the metadata at the start of the file (spec §b.3), after `SAVE`.
#[binrw]
#[brw(little, magic = b"SAVE")]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Metadata {
    /// SaveVersion (1.0).
    pub save_version: f32,
    /// Plaintext size of a data block minus the 4-byte magic (17,966 for the vanilla schema).
    pub data_size: i32,
    /// Slot of the latest save, 0-based.
    pub latest_slot: i32,
    /// File of the latest save, 0-based.
    pub latest_save: i32,
    /// Unix time of the latest save.
    pub latest_timestamp: f64,
}

impl Metadata {
    /// Reads the metadata (its first two AES blocks); `None` unless it decrypts to `SAVE`.
    pub fn read(bytes: &[u8]) -> Option<Metadata> {
        read_at(&decrypt_blocks(bytes, 0..2)?, 0)
    }
}

/// Which data block of the `.dat` a save is (numbers 0-based, as in the file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PcSlot {
    /// The autosave block.
    Autosave,
    /// A manual save.
    File {
        /// Slot 0..9.
        slot: u8,
        /// File 0..14.
        file: u8,
    },
}

impl PcSlot {
    /// The slot of data block `index` (0 = autosave, then 1 + 15·slot + file).
    pub fn from_index(index: usize) -> Option<PcSlot> {
        match index {
            0 => Some(PcSlot::Autosave),
            i if i < BLOCKS => Some(PcSlot::File {
                slot: ((i - 1) / FILES_PER_SLOT) as u8,
                file: ((i - 1) % FILES_PER_SLOT) as u8,
            }),
            _ => None,
        }
    }

    /// The data block index.
    pub fn index(self) -> usize {
        match self {
            PcSlot::Autosave => 0,
            PcSlot::File { slot, file } => 1 + FILES_PER_SLOT * slot as usize + file as usize,
        }
    }

    /// The `--save` selector: `auto`, or `S-F` numbered from 1 as the game shows them.
    pub fn selector(self) -> String {
        match self {
            PcSlot::Autosave => "auto".to_string(),
            PcSlot::File { slot, file } => format!("{}-{}", slot + 1, file + 1),
        }
    }

    /// The name the game shows: `autosave` or `slot 1, file 2`.
    pub fn name(self) -> String {
        match self {
            PcSlot::Autosave => "autosave".to_string(),
            PcSlot::File { slot, file } => format!("slot {}, file {}", slot + 1, file + 1),
        }
    }

    /// The Memoria sidecar's file name beside the `.dat` named `dat_name` (spec §d), or
    /// `None` when that name does not end in `.dat`.
    pub fn sidecar_name(self, dat_name: &str) -> Option<String> {
        let cut = dat_name.len().checked_sub(4)?;
        let stem = dat_name.get(..cut)?;
        if !dat_name.get(cut..)?.eq_ignore_ascii_case(".dat") {
            return None;
        }
        Some(match self {
            PcSlot::Autosave => format!("{stem}_Memoria_Autosave.dat"),
            PcSlot::File { slot, file } => format!("{stem}_Memoria_{slot}_{file}.dat"),
        })
    }
}

/// A Memoria sidecar found beside a save.
#[derive(Debug, Clone)]
pub struct SidecarFile {
    /// Its file name.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// One data block of the `.dat` (autosave or slot/file).
#[derive(Debug, Clone)]
pub struct PcSave {
    /// Which block it is.
    pub slot: PcSlot,
    /// The ciphertext of the AES blocks holding the card list and W/L/D, after the block
    /// before them (their CBC IV); shorter, or empty, when the file is truncated there.
    pub cards_ciphertext: Vec<u8>,
    /// The metadata's DataSize.
    pub data_size: i32,
    /// The play time at 14,386, when the block holds a finite, non-negative one.
    pub play_time: Option<f64>,
    /// The file name this block's Memoria sidecar would have beside the `.dat` (spec §d).
    pub sidecar_name: Option<String>,
    /// The Memoria sidecar, once read by [`super::SaveEntry::load_sidecar`].
    pub sidecar: Option<SidecarFile>,
    /// The ciphertext holding `gEventGlobal`, after its IV block, and the block offset it
    /// starts at (shorter, or empty, when the file is truncated there).
    pub events_ciphertext: (Vec<u8>, usize),
    /// The ciphertext holding `QuadmistWinList`, likewise.
    pub win_list_ciphertext: (Vec<u8>, usize),
    /// What the load screen shows: the party leader and level, gil, the place (from the
    /// slot's preview) and the play time, each when the block holds it.
    pub summary: SaveSummary,
}

impl PcSave {
    /// Decodes the collection (and applies the Memoria sidecar when it matches).
    pub fn collection(&self) -> Result<Collection, DecodeError> {
        let base = (CARDS_FIRST_BLOCK - 1) * AES_BLOCK;
        let plain =
            decrypt_range(&self.cards_ciphertext, CARDS_OFFSET - base..DRAW_OFFSET + 6 - base)
                .ok_or_else(|| DecodeError::TruncatedBlock { save: self.slot.name() })?;
        let entries: Vec<CardEntry> =
            (0..CARD_ENTRIES).filter_map(|k| read_at(&plain, k * CARD_ENTRY_LEN)).collect();
        let mut findings = Vec::new();
        if self.data_size != VANILLA_DATA_SIZE && !entries.iter().all(CardEntry::validates) {
            return Err(DecodeError::UnknownSchema {
                save: self.slot.name(),
                data_size: self.data_size,
                vanilla: VANILLA_DATA_SIZE,
            });
        }
        let counter = |o: usize| read_at::<i16>(&plain, o - CARDS_OFFSET).map_or(0, i32::from);
        let (draws, losses, wins) =
            (counter(DRAW_OFFSET), counter(DRAW_OFFSET + 2), counter(DRAW_OFFSET + 4));
        check_counters(wins, losses, draws, &mut findings);
        let mut card_findings = Vec::new();
        let cards = decode_entries(&entries, &mut card_findings);
        let mut collection = Collection {
            wins,
            losses,
            draws,
            summary: self.summary.clone(),
            findings,
            ..Collection::new(Platform::Pc, cards)
        };
        self.read_events(&mut collection);
        if let Some(sidecar) = &self.sidecar {
            memoria::apply(&mut collection, self.play_time, &sidecar.name, &sidecar.bytes);
        }
        // What was noticed about the vanilla list matters only when that list is shown.
        if collection.card_source == CardSource::Save {
            collection.findings.extend(card_findings);
        }
        Ok(collection)
    }
}

impl PcSave {
    /// Decrypts the event variables and the card players beaten into `collection` (vanilla
    /// schema only: another schema may keep them elsewhere).
    pub fn read_events(&self, collection: &mut Collection) {
        let findings = &mut collection.findings;
        if self.data_size != VANILLA_DATA_SIZE {
            findings.push(Finding::info(
                FindingKind::UnknownSchema,
                "unknown schema: the event variables (story progress, pickups taken) are not read",
            ));
            return;
        }
        let plain = |(bytes, base): &(Vec<u8>, usize), at: usize, len: usize| {
            decrypt_range(bytes, at.checked_sub(*base)?..at.checked_sub(*base)? + len)
        };
        match plain(&self.events_ciphertext, EVENT_TEXT_OFFSET, MAX_EVENT_TEXT) {
            Some(text) => collection.events = decode_event_text(&text, findings),
            None => findings.push(Finding::warning(
                FindingKind::EventVariables,
                "the block ends before its event variables: story progress and pickups taken \
                 are unknown",
            )),
        }
        collection.players_beaten =
            plain(&self.win_list_ciphertext, WIN_LIST_OFFSET, 4 * MAX_PLAYERS_BEATEN)
                .and_then(|b| players_beaten_from_bytes(&b));
    }
}

/// True when `bytes` are a PC `.dat`: the metadata decrypts to `SAVE`, or the size is the
/// `.dat`'s exact size (so a damaged metadata still gets a `.dat` error, not a container one).
pub fn looks_like_dat(bytes: &[u8]) -> bool {
    looks_like_dat_head(bytes, bytes.len() as u64)
}

/// [`looks_like_dat`] from a file's first bytes (32 are enough) and its size.
pub fn looks_like_dat_head(head: &[u8], size: u64) -> bool {
    size == DAT_SIZE as u64 || Metadata::read(head).is_some()
}

/// The ciphertext of one data block, read from the source only where asked.
struct Block<'a> {
    source: &'a dyn ByteSource,
    /// Offset of the block in the source.
    start: u64,
    /// Bytes of the block the source holds (at most [`BLOCK_LEN`]).
    len: usize,
}

impl Block<'_> {
    /// The ciphertext of the AES blocks `blocks`, after the block before them (the CBC IV; none
    /// for the first block, whose IV is the key's), and the block offset it starts at. Shorter
    /// where the block ends.
    fn piece(&self, blocks: Range<usize>) -> Result<(Vec<u8>, usize), ReadError> {
        let base = blocks.start.saturating_sub(1) * AES_BLOCK;
        let end = (blocks.end * AES_BLOCK).min(self.len);
        let bytes = self.source.read_at(self.start + base as u64, end.saturating_sub(base))?;
        Ok((bytes, base))
    }

    /// Decrypts and reads the fixed-size value `T` at plaintext `offset`, when the block
    /// holds it.
    fn plain<T>(&self, offset: usize) -> Result<Option<T>, ReadError>
    where
        T: BinRead,
        for<'a> T::Args<'a>: Default,
    {
        let end = offset + std::mem::size_of::<T>();
        let (piece, base) = self.piece(offset / AES_BLOCK..end.div_ceil(AES_BLOCK))?;
        Ok(decrypt_range(&piece, offset - base..end - base).and_then(|p| read_at(&p, 0)))
    }

    /// Checks the PKCS7 padding of a block whose plaintext is `data_size + 4` bytes long:
    /// `Some(true)` when it matches, `Some(false)` when not, `None` when it cannot be checked.
    fn padding_ok(&self, data_size: i32) -> Result<Option<bool>, ReadError> {
        let Some(plain_len) = usize::try_from(data_size).ok().and_then(|n| n.checked_add(4)) else {
            return Ok(None);
        };
        let pad = AES_BLOCK - plain_len % AES_BLOCK;
        let cipher_len = plain_len + pad;
        if cipher_len > BLOCK_LEN {
            return Ok(None);
        }
        let last = cipher_len - AES_BLOCK;
        let (piece, base) = self.piece(last / AES_BLOCK..cipher_len / AES_BLOCK)?;
        let Some(plain) = decrypt_range(&piece, last - base..cipher_len - base) else {
            return Ok(None);
        };
        Ok(Some(plain[AES_BLOCK - pad..].iter().all(|&b| usize::from(b) == pad)))
    }
}

/// Lists the saves in a `.dat`, reading each save's Memoria sidecar through `neighbour`
/// (pass `&|_| None` and call [`super::SaveEntry::load_sidecar`] on the one save wanted to read
/// only that one).
pub fn open(
    bytes: &[u8],
    file_name: Option<&str>,
    neighbour: NeighbourReader<'_>,
) -> Result<Listing<PcSave>, OpenError> {
    open_source(&bytes, file_name, neighbour)
}

/// [`open()`] from a [`ByteSource`]: reads the metadata, the first AES block of every data block
/// and, for each save, the few AES blocks of its play time, padding and card list.
pub fn open_source(
    source: &dyn ByteSource,
    file_name: Option<&str>,
    neighbour: NeighbourReader<'_>,
) -> Result<Listing<PcSave>, OpenError> {
    let size = source.size();
    let head = source.read_at(0, METADATA_PROBE_LEN)?;
    let meta = Metadata::read(&head).ok_or(if size < METADATA_CIPHER_LEN as u64 {
        OpenError::NotADat { size, dat: DAT_SIZE as u64 }
    } else {
        OpenError::DatMetadata
    })?;
    let mut findings = Vec::new();
    if size < DAT_SIZE as u64 {
        findings.push(Finding::error(
            FindingKind::Truncated,
            format!(
            "the file is truncated: {size} of {DAT_SIZE} bytes; saves in the missing part are lost"
        ),
        ));
    } else if size > DAT_SIZE as u64 {
        findings.push(Finding::warning(
            FindingKind::ExtraBytes,
            format!(
                "the file has {size} bytes, more than a .dat's {DAT_SIZE}; the extra is ignored"
            ),
        ));
    }
    if meta.data_size != VANILLA_DATA_SIZE {
        findings.push(Finding::warning(
            FindingKind::UnknownSchema,
            format!(
                "unknown schema: DataSize {} (vanilla {VANILLA_DATA_SIZE}); cards are read at the \
             vanilla offsets and accepted only if every entry validates",
                meta.data_size
            ),
        ));
    }
    let latest = u8::try_from(meta.latest_slot)
        .ok()
        .zip(u8::try_from(meta.latest_save).ok())
        .map(|(slot, file)| PcSlot::File { slot, file });

    let mut saves = Vec::new();
    for slot in (0..BLOCKS).filter_map(PcSlot::from_index) {
        let start = (DATA_OFFSET + slot.index() * BLOCK_LEN) as u64;
        if start > size {
            break;
        }
        let len = (size - start).min(BLOCK_LEN as u64) as usize;
        let block = Block { source, start, len };
        match block.plain::<[u8; 4]>(0)?.as_ref().map(|m| m.as_slice()) {
            Some(b"SAVE") => {
                saves.push(entry(slot, &block, &meta, latest == Some(slot), file_name, neighbour)?)
            }
            Some(b"NONE") => {}
            Some(_) => findings.push(Finding::warning(
                FindingKind::DamagedBlock,
                format!(
                    "data block of {} (`{}`) decrypts to neither SAVE nor NONE: damaged; skipped",
                    slot.name(),
                    slot.selector()
                ),
            )),
            None => break,
        }
    }
    if let Some(slot) =
        latest.filter(|l| !saves.iter().any(|s: &Entry<PcSave>| s.selector == l.selector()))
    {
        findings.push(Finding::warning(
            FindingKind::LatestSave,
            format!(
            "the metadata names {} (LatestSlot {}, LatestSave {}) as the latest save, but the file \
             holds no such save",
            slot.name(),
            meta.latest_slot,
            meta.latest_save
        ),
        ));
    }
    Ok(Listing { kind: FileKind::PcDat, saves, findings })
}

/// Reads `40000_Common` into `summary`: gil, and the party leader (the member in the first
/// party place that holds one) with their level. A value out of range is left out.
fn read_common(block: &Block<'_>, summary: &mut SaveSummary) -> Result<(), ReadError> {
    let end = PARTY_OFFSET + 4;
    let (piece, base) = block.piece(GIL_OFFSET / AES_BLOCK..end.div_ceil(AES_BLOCK))?;
    let Some(plain) = decrypt_range(&piece, GIL_OFFSET - base..end - base) else {
        return Ok(());
    };
    let at = |offset: usize| offset - GIL_OFFSET;
    summary.gil = read_at::<u32>(&plain, 0).filter(|&g| g <= MAX_GIL);
    let party = &plain[at(PARTY_OFFSET)..at(PARTY_OFFSET) + 4];
    let Some(leader) = party.iter().map(|&p| usize::from(p)).find(|&p| p < PLAYERS) else {
        return Ok(());
    };
    let record = &plain[at(PLAYERS_OFFSET + leader * PLAYER_LEN)..][..PLAYER_LEN];
    summary.leader_level = Some(record[PLAYER_LEVEL]).filter(|l| (1..=99).contains(l));
    summary.leader_name = string_value(&record[PLAYER_NAME..PLAYER_NAME + STRING_LEN]);
    Ok(())
}

/// The most gil the game holds.
const MAX_GIL: u32 = 9_999_999;

/// The place a slot/file's preview names (the game's load screen shows it); `None` for the
/// autosave, which has no preview, or when the preview is not a `PREV` one.
fn read_preview_place(source: &dyn ByteSource, slot: PcSlot) -> Result<Option<String>, ReadError> {
    let PcSlot::File { slot, file } = slot else { return Ok(None) };
    let index = usize::from(slot) * FILES_PER_SLOT + usize::from(file);
    let start = (PREVIEW_OFFSET + index * PREVIEW_LEN) as u64;
    let end = PREVIEW_PLACE + STRING_LEN;
    if source.size() < start + end as u64 {
        return Ok(None);
    }
    let cipher = source.read_at(start, end.div_ceil(AES_BLOCK) * AES_BLOCK)?;
    let Some(plain) = decrypt_blocks(&cipher, 0..end.div_ceil(AES_BLOCK)) else {
        return Ok(None);
    };
    if !plain.starts_with(b"PREV") {
        return Ok(None);
    }
    Ok(string_value(&plain[PREVIEW_PLACE..end]))
}

/// A NUL-padded UTF-8 `String` value; `None` when empty or not UTF-8.
fn string_value(bytes: &[u8]) -> Option<String> {
    let text = bytes.split(|&b| b == 0).next()?;
    let text = std::str::from_utf8(text).ok()?.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// The listing entry of one `SAVE` block.
fn entry(
    slot: PcSlot,
    block: &Block<'_>,
    meta: &Metadata,
    latest: bool,
    file_name: Option<&str>,
    neighbour: NeighbourReader<'_>,
) -> Result<Entry<PcSave>, ReadError> {
    let mut findings = Vec::new();
    let play_time = block.plain::<f64>(PLAY_TIME_OFFSET)?.filter(|t| t.is_finite() && *t >= 0.0);
    if block.len < BLOCK_LEN {
        findings.push(Finding::error(
            FindingKind::Truncated,
            format!("{}: the block is truncated ({} of {BLOCK_LEN} bytes)", slot.name(), block.len),
        ));
    } else if play_time.is_none() {
        findings.push(Finding::warning(FindingKind::DamagedBlock, format!(
            "{}: the play time at {PLAY_TIME_OFFSET} is not a valid number (damaged, or another schema)",
            slot.name()
        )));
    }
    if block.padding_ok(meta.data_size)? == Some(false) {
        findings.push(Finding::warning(
            FindingKind::UnknownSchema,
            format!(
                "{}: the block's padding does not match DataSize {}: damaged or another schema",
                slot.name(),
                meta.data_size
            ),
        ));
    }
    if latest {
        findings.push(Finding::info(
            FindingKind::LatestSave,
            format!("{} is the latest save (metadata LatestSlot/LatestSave)", slot.name()),
        ));
    }
    let mut summary = SaveSummary { play_time_seconds: play_time, ..SaveSummary::default() };
    if meta.data_size == VANILLA_DATA_SIZE {
        read_common(block, &mut summary)?;
        summary.location = read_preview_place(block.source, slot)?;
    }
    let (cards_ciphertext, _) = block.piece(CARDS_FIRST_BLOCK..CARDS_END_BLOCK)?;
    let aes_blocks = |at: usize, len: usize| at / AES_BLOCK..(at + len).div_ceil(AES_BLOCK);
    let events_ciphertext = block.piece(aes_blocks(EVENT_TEXT_OFFSET, MAX_EVENT_TEXT))?;
    let win_list_ciphertext = block.piece(aes_blocks(WIN_LIST_OFFSET, 4 * MAX_PLAYERS_BEATEN))?;
    let mut entry = Entry::unboxed(
        slot.selector(),
        slot.name(),
        play_time,
        latest,
        findings,
        PcSave {
            slot,
            cards_ciphertext,
            data_size: meta.data_size,
            play_time,
            sidecar_name: file_name.and_then(|n| slot.sidecar_name(n)),
            sidecar: None,
            events_ciphertext,
            win_list_ciphertext,
            summary: summary.clone(),
        },
    );
    entry.summary = Some(summary);
    load_sidecar(&mut entry.payload, &mut entry.findings, &|name: &str| Ok(neighbour(name)));
    Ok(entry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_key_and_iv_are_the_pbkdf2_derivation() {
        let mut derived = [0u8; 48];
        pbkdf2::pbkdf2_hmac::<sha1::Sha1>(PASSWORD, &SALT, PBKDF2_ROUNDS, &mut derived);
        assert_eq!(derived, DERIVED_KEY_AND_IV);
    }
}
