//! Container detection by content (memory-card-formats §8): sizes and magic bytes in the
//! spec's order. The file name only breaks a tie (a `.gme` with a zeroed header that is also
//! truncated) and names the file in the message about unknown files.

use super::card::looks_like_card_at;
use super::format::{ContainerError, ContainerFormat};
use super::geometry::{BLOCK_SIZE, CARD_SIZE, FRAME_SIZE};
use super::layout::{read_at, GmeHeader, PsvHeader};
use crate::model::{Finding, FindingKind};

/// DexDrive header length.
pub const GME_HEADER: usize = 0xF40;
/// Action Replay header length.
pub const AR_HEADER: usize = 54;
/// PSV header length (the usual data offset).
pub const PSV_HEADER: usize = 0x84;
/// Size of a Vita MCX card file.
pub const MCX_SIZE: usize = 0x200A0;
/// Most blocks a single save has.
const MAX_BLOCKS: usize = 15;

/// What detection found: the format, where the card or save starts, and findings about the
/// header.
#[derive(Debug, Clone)]
pub struct Detected {
    /// The format.
    pub format: ContainerFormat,
    /// Offset of the card image (card formats) or of the save's first byte.
    pub payload_offset: usize,
    /// Findings about the header.
    pub findings: Vec<Finding>,
}

fn detected(format: ContainerFormat, payload_offset: usize, findings: Vec<Finding>) -> Detected {
    Detected { format, payload_offset, findings }
}

fn has_sc(bytes: &[u8], at: usize) -> bool {
    matches!(bytes.get(at..at + 2), Some(b"SC") | Some(b"sc"))
}

/// A card wrapped in a fixed header of `header` bytes: reports a size other than
/// `header + 131072` (the card is padded or cut by the reader).
fn wrapped_card(
    bytes: &[u8],
    format: ContainerFormat,
    header: usize,
) -> Result<Detected, ContainerError> {
    let mut findings = Vec::new();
    let expected = header + CARD_SIZE;
    if bytes.len() < header + BLOCK_SIZE {
        return Ok(detected(
            format,
            header,
            vec![Finding::error(FindingKind::Truncated, format!(
                "{} is truncated: {} bytes, the header alone is {header} and a card {expected}; no saves can be read",
                format.description(),
                bytes.len()
            ))],
        ));
    }
    if bytes.len() < expected {
        findings.push(Finding::warning(FindingKind::Truncated, format!(
            "{} is shorter than {expected} bytes ({}): the missing trailing blocks are read as zeros",
            format.description(),
            bytes.len()
        )));
    } else if bytes.len() > expected {
        findings.push(Finding::warning(
            FindingKind::ExtraBytes,
            format!(
                "{} has {} bytes after the card; ignored",
                format.description(),
                bytes.len() - expected
            ),
        ));
    }
    Ok(detected(format, header, findings))
}

/// Detects the container of `bytes`.
pub fn detect(bytes: &[u8], file_name: Option<&str>) -> Result<Detected, ContainerError> {
    use ContainerFormat as F;
    let len = bytes.len();
    if len == CARD_SIZE {
        return Ok(detected(F::RawCard, 0, Vec::new()));
    }
    if let Some(d) = detect_gme(bytes, file_name) {
        return d;
    }
    if bytes.starts_with(b"VgsM") {
        return wrapped_card(bytes, F::Vgs, 0x40);
    }
    if bytes.starts_with(b"\0PMV") {
        return wrapped_card(bytes, F::Vmp, 0x80);
    }
    if bytes.starts_with(b"PSV") {
        return wrapped_card(bytes, F::PsxMagazine, 0x100);
    }
    if bytes.starts_with(b"\0VSP") {
        return detect_psv(bytes);
    }
    if let Some(d) = detect_single(bytes) {
        return Ok(d);
    }
    if bytes.starts_with(b"Sony PS2 Memory Card Format") {
        return Err(ContainerError::Unsupported(
            F::Ps2Card,
            "quadmist reads PS1 cards only; copy the PS1 save off the PS2 card (e.g. with uLaunchELF or MemcardRex) as a single save".into(),
        ));
    }
    if len == MCX_SIZE {
        return Err(ContainerError::Unsupported(
            F::VitaMcx,
            "the card is AES-encrypted with a key quadmist does not carry; export the card from the Vita (or convert it with MemcardRex) as a raw .mcr".into(),
        ));
    }
    if let Some(d) = card_behind_unknown_header(bytes) {
        return Ok(d);
    }
    if len < CARD_SIZE && bytes.starts_with(b"MC") {
        return Ok(detected(
            F::RawCard,
            0,
            vec![Finding::error(
                FindingKind::Truncated,
                format!(
                    "a raw card image cut short: {len} of {CARD_SIZE} bytes ({} of 128 KiB); the \
                 missing blocks are read as empty, and saves in them are lost",
                    len / 1024
                ),
            )],
        ));
    }
    Err(ContainerError::Unknown(format!(
        "{}{}: no PS1 card or save layout matches (a card is 131072 bytes, a save a multiple of 8192 plus a known header)",
        file_name.map(|n| format!("{n}: ")).unwrap_or_default(),
        describe_contents(bytes)
    )))
}

/// What an unrecognised file holds, in words for a player: its size, and whether it starts as
/// text (quoted, up to 16 characters) or as other data; never raw byte values.
fn describe_contents(bytes: &[u8]) -> String {
    let len = bytes.len();
    if len == 0 {
        return "an empty file".into();
    }
    let size = if len == 1 { "1 byte".to_string() } else { format!("{len} bytes") };
    let head = &bytes[..len.min(16)];
    if head.iter().all(|&b| b.is_ascii_graphic() || b == b' ') {
        let text = String::from_utf8_lossy(head);
        let more = if len > head.len() { "…" } else { "" };
        format!("{size} of text starting \"{text}{more}\"")
    } else {
        format!("{size} of data that is not text")
    }
}

/// A DexDrive GME: by its magic (with the card shifted when the header lost or gained
/// bytes), by its size and the card's `MC`, or, for a short file, by its `.gme` name.
fn detect_gme(bytes: &[u8], file_name: Option<&str>) -> Option<Result<Detected, ContainerError>> {
    let len = bytes.len();
    let gme_magic = bytes.starts_with(b"123-456-STD");
    let gme_card = bytes.get(GME_HEADER..GME_HEADER + 2) == Some(b"MC");
    // The extension breaks the one tie content leaves open: a zeroed header on a GME that is
    // also shorter than usual.
    let named_gme = file_name.is_some_and(|n| n.to_ascii_lowercase().ends_with(".gme"));
    let short_gme = named_gme && gme_card && len >= GME_HEADER + BLOCK_SIZE;
    if gme_magic && !gme_card {
        if let Some(offset) = shifted_gme_card(bytes) {
            return Some(wrapped_card(bytes, ContainerFormat::Gme, offset).map(|mut d| {
                let (n, how) = if offset < GME_HEADER {
                    (GME_HEADER - offset, "short")
                } else {
                    (offset - GME_HEADER, "long")
                };
                d.findings.push(Finding::warning(
                    FindingKind::ContainerHeader,
                    format!(
                    "DexDrive GME header is {n} {} {how}: the card's `MC` mark is at byte {offset} \
                     instead of {GME_HEADER}; the card is read from there",
                    if n == 1 { "byte" } else { "bytes" }
                ),
                ));
                d
            }));
        }
    }
    if !(gme_magic || (len == GME_HEADER + CARD_SIZE && gme_card) || short_gme) {
        return None;
    }
    Some(wrapped_card(bytes, ContainerFormat::Gme, GME_HEADER).map(|mut d| {
        if !gme_magic {
            d.findings.push(Finding::warning(FindingKind::ContainerHeader,
                "DexDrive GME header is zeroed or damaged (no `123-456-STD`); the card behind it is read",
            ));
        } else if len >= GME_HEADER + FRAME_SIZE * 16 {
            d.findings.extend(compare_gme_copies(bytes));
        }
        d
    }))
}

/// The single-save files told by their first bytes and size: MCS (plain or interleaved),
/// Action Replay and raw saves.
fn detect_single(bytes: &[u8]) -> Option<Detected> {
    use ContainerFormat as F;
    let len = bytes.len();
    if matches!(bytes.first(), Some(0x51) | Some(0xA1)) {
        if len.is_multiple_of(FRAME_SIZE + BLOCK_SIZE)
            && len / (FRAME_SIZE + BLOCK_SIZE) >= 2
            && matches!(bytes[FRAME_SIZE + BLOCK_SIZE], 0x52 | 0x53 | 0xA2 | 0xA3)
        {
            return Some(detected(F::InterleavedMcs, FRAME_SIZE, Vec::new()));
        }
        if len >= FRAME_SIZE + BLOCK_SIZE && (len - FRAME_SIZE).is_multiple_of(BLOCK_SIZE) {
            return Some(detected(F::Mcs, FRAME_SIZE, Vec::new()));
        }
    }
    if len >= AR_HEADER + BLOCK_SIZE
        && (len - AR_HEADER).is_multiple_of(BLOCK_SIZE)
        && has_sc(bytes, AR_HEADER)
    {
        return Some(detected(F::ActionReplay, AR_HEADER, Vec::new()));
    }
    if len >= BLOCK_SIZE
        && len.is_multiple_of(BLOCK_SIZE)
        && len / BLOCK_SIZE <= MAX_BLOCKS
        && has_sc(bytes, 0)
    {
        return Some(detected(F::RawSave, 0, Vec::new()));
    }
    None
}

/// A card image behind an unknown header (or before unknown trailing data): the first
/// 64-byte-aligned offset with `MC` and a valid directory.
fn card_behind_unknown_header(bytes: &[u8]) -> Option<Detected> {
    let len = bytes.len();
    if len <= CARD_SIZE {
        return None;
    }
    let offset = (0..=len - CARD_SIZE).step_by(64).find(|&o| looks_like_card_at(bytes, o))?;
    let trailing = len - offset - CARD_SIZE;
    let mut findings = Vec::new();
    if offset > 0 {
        findings.push(Finding::warning(
            FindingKind::ExtraBytes,
            format!(
            "unknown {offset}-byte header before a card image; the card at offset {offset} is read"
        ),
        ));
    }
    if trailing > 0 {
        findings.push(Finding::warning(
            FindingKind::ExtraBytes,
            format!("{trailing} bytes of unknown data after the card image; ignored"),
        ));
    }
    Some(detected(ContainerFormat::RawCard, offset, findings))
}

/// Largest shift of a DexDrive card from its usual offset that [`shifted_gme_card`] looks for.
const GME_MAX_SHIFT: usize = 0x100;

/// The offset of the card in a GME whose header lost or gained bytes (a real `bad.gme` is
/// 11 bytes short): the `MC` mark nearest to 0xF40, within [`GME_MAX_SHIFT`], followed by a
/// valid directory (a card cut short at the end is padded with zeros for that test).
fn shifted_gme_card(bytes: &[u8]) -> Option<usize> {
    let lo = GME_HEADER - GME_MAX_SHIFT;
    let hi = (GME_HEADER + GME_MAX_SHIFT).min(bytes.len().saturating_sub(BLOCK_SIZE));
    let mut candidates: Vec<usize> =
        (lo..hi).filter(|&o| bytes.get(o..o + 2) == Some(b"MC")).collect();
    candidates.sort_by_key(|&o| o.abs_diff(GME_HEADER));
    candidates.into_iter().find(|&o| {
        if o + CARD_SIZE <= bytes.len() {
            return looks_like_card_at(bytes, o);
        }
        let mut card = bytes[o..].to_vec();
        card.resize(CARD_SIZE, 0);
        looks_like_card_at(&card, 0)
    })
}

fn detect_psv(bytes: &[u8]) -> Result<Detected, ContainerError> {
    // The header is PSV_HEADER bytes: it is missing exactly when the file is shorter.
    let Some(header) = read_at::<PsvHeader>(bytes, 0) else {
        return Ok(detected(
            ContainerFormat::Psv,
            PSV_HEADER,
            vec![Finding::error(FindingKind::Truncated, format!(
                "PS3 .psv file of {} bytes, shorter than its {PSV_HEADER}-byte header: no save can be read",
                bytes.len()
            ))],
        ));
    };
    let kind = header.kind;
    if kind != 1 {
        return Err(ContainerError::Unsupported(
            ContainerFormat::Psv,
            format!("PSV type {kind} is not a PS1 save (type 2 is a PS2 save)"),
        ));
    }
    let mut findings = Vec::new();
    let length = header.length as usize;
    let offset = header.offset as usize;
    let offset = if offset == PSV_HEADER {
        offset
    } else {
        findings.push(Finding::warning(
            FindingKind::ContainerHeader,
            format!("the PSV header puts the data at byte {offset}, not 132; 132 is used"),
        ));
        PSV_HEADER
    };
    if offset.checked_add(length).is_none_or(|end| end > bytes.len()) {
        findings.push(Finding::warning(FindingKind::ContainerHeader, format!(
            "PSV length field {length} runs past the end of the file ({} bytes); the file length is used",
            bytes.len()
        )));
    }
    Ok(detected(ContainerFormat::Psv, offset, findings))
}

/// Compares the GME header's copies of the directory states and link bytes with the card.
///
/// Copies left at a formatted card's values (every state 0xA0) say nothing: the genuine FF9
/// `.gme` files of `shared/data/real/psx-ff9/` hold them so beside cards with live saves.
fn compare_gme_copies(bytes: &[u8]) -> Vec<Finding> {
    let Some(header) = read_at::<GmeHeader>(bytes, 0) else { return Vec::new() };
    if header.states[1..].iter().all(|&b| b == 0xA0) {
        return Vec::new();
    }
    let card = &bytes[GME_HEADER..];
    let differ: Vec<String> = (1..16)
        .filter(|&i| {
            header.states[i] != card[i * FRAME_SIZE] || header.links[i] != card[i * FRAME_SIZE + 8]
        })
        .map(|i| i.to_string())
        .collect();
    if differ.is_empty() {
        Vec::new()
    } else {
        vec![Finding::info(FindingKind::ContainerHeader, format!(
            "DexDrive header's copy of the directory differs from the card for {} {}; the card's directory is used",
            if differ.len() == 1 { "slot" } else { "slots" },
            differ.join(", ")
        ))]
    }
}
