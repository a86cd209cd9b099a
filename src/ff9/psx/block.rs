//! The FF9 PlayStation block: load-screen fields, Tetra Master counters and card records.
//!
//! Offsets are block offsets (the block starts with the `SC` title frame; game data at 0x100).

use super::PsxSave;
use crate::ff9::{Collection, DecodeError};
use binrw::{BinRead, BinWrite};
use std::io::Cursor;

/// Offset of the load-screen fields read into [`PreviewFields`].
pub const PREVIEW_OFFSET: usize = 0x105;
/// Offset of the current-disc byte (zero-based; uncertain).
pub const DISC_OFFSET: usize = 0x1C5;
/// Offset of the party member indices (4 bytes).
pub const PARTY_OFFSET: usize = 0xEE0;
/// Offset of the gameplay copy of the gil (u32).
pub const GIL_OFFSET: usize = 0xEE8;
/// Offset of the Tetra Master section read into [`TetraMasterSection`].
pub const TETRA_MASTER_OFFSET: usize = 0x1178;
/// Card records the game counts.
pub const CARD_SLOTS: usize = 100;
/// Records the save editor S1 shows (the last five are never counted).
pub const RECORDS: usize = 105;

/// The load-screen (preview) fields at 0x105..0x134.
#[derive(Debug, Clone, PartialEq, Eq, BinRead, BinWrite)]
#[brw(little)]
pub struct PreviewFields {
    /// Party leader's level (0x105).
    pub leader_level: u8,
    /// Party leader's name, FF9 charset, 0xFF-padded (0x106).
    pub leader_name: [u8; 8],
    /// Unknown (0x10E).
    pub unknown: [u8; 2],
    /// Location name, FF9 charset (0x110).
    pub location: [u8; 28],
    /// Play time, frames or tenths of a second (0x12C; see the spec's §a.7).
    pub play_time: u32,
    /// Preview copy of the gil (0x130; only 3 bytes are meaningful).
    pub gil: u32,
}

/// One six-byte card record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, BinRead, BinWrite)]
#[brw(little)]
pub struct RawCardRecord {
    /// Card id; ≥ 100 (0xFF normally) is an empty slot.
    pub id: u8,
    /// Arrow mask.
    pub arrows: u8,
    /// Attack.
    pub atk: u8,
    /// Type code (0 P, 1 M, 2 X, 3 A).
    pub card_type: u8,
    /// Physical defence.
    pub pdef: u8,
    /// Magical defence.
    pub mdef: u8,
}

impl RawCardRecord {
    /// An empty slot as the game writes it.
    pub const EMPTY: RawCardRecord = RawCardRecord {
        id: 0xFF,
        arrows: 0xFF,
        atk: 0xFF,
        card_type: 0xFF,
        pdef: 0xFF,
        mdef: 0xFF,
    };
}

/// The Tetra Master section at 0x1178..0x13F4: counters and 105 records.
#[derive(Debug, Clone, PartialEq, Eq, BinRead, BinWrite)]
#[brw(little)]
pub struct TetraMasterSection {
    /// Matches won.
    pub wins: u16,
    /// Matches lost.
    pub losses: u16,
    /// Matches drawn.
    pub draws: u16,
    /// Records 0..99 (counted) and 100..104 (diagnostic only).
    pub records: [RawCardRecord; RECORDS],
}

/// Reads the preview fields of a block, or `None` if the block is too short.
pub fn read_preview(block: &[u8]) -> Option<PreviewFields> {
    let bytes = block.get(PREVIEW_OFFSET..)?;
    PreviewFields::read(&mut Cursor::new(bytes)).ok()
}

/// Reads the Tetra Master section of a block, or `None` if the block is too short.
pub fn read_tetra_master(block: &[u8]) -> Option<TetraMasterSection> {
    let bytes = block.get(TETRA_MASTER_OFFSET..)?;
    TetraMasterSection::read(&mut Cursor::new(bytes)).ok()
}

/// Writes the Tetra Master section into a block (at least 0x13F4 bytes long).
pub fn write_tetra_master(block: &mut [u8], section: &TetraMasterSection) -> Option<()> {
    let target = block.get_mut(TETRA_MASTER_OFFSET..TETRA_MASTER_OFFSET + 6 + 6 * RECORDS)?;
    let mut out = Cursor::new(Vec::with_capacity(target.len()));
    section.write(&mut out).ok()?;
    target.copy_from_slice(out.get_ref());
    Some(())
}

/// Writes the preview fields into a block.
pub fn write_preview(block: &mut [u8], preview: &PreviewFields) -> Option<()> {
    let target = block.get_mut(PREVIEW_OFFSET..PREVIEW_OFFSET + 47)?;
    let mut out = Cursor::new(Vec::with_capacity(47));
    preview.write(&mut out).ok()?;
    target.copy_from_slice(out.get_ref());
    Some(())
}

/// Decodes the collection of a PlayStation FF9 save.
pub fn decode(save: &PsxSave) -> Result<Collection, DecodeError> {
    let _ = save;
    Err(DecodeError::new("PlayStation decoder not written yet"))
}
