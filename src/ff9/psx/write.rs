//! Writers for the FF9 PlayStation block: a complete block from chosen values (fixtures and
//! tests), and the preview and Tetra Master sections written back through their binrw
//! definitions. Behind the `write` feature; nothing that reads a save uses this module.

use super::block::{
    PreviewFields, RawCardRecord, TetraMasterSection, DISC_BIT_OFFSET, DISC_OFFSET,
    DISC_PROGRESSION, GIL_OFFSET, PARTY_OFFSET, PREVIEW_OFFSET, PROGRESSION_OFFSET, RECORDS,
    TETRA_MASTER_OFFSET,
};
use super::checksum::{crc16, CRC_OFFSET};
use crate::container::layout::write_at;
use crate::container::write::{encode_title, new_save};
use crate::ff9::charset;
use binrw::BinWrite;
use std::io::Cursor;

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

/// Everything [`build`](FF9Block::build) writes into a complete FF9 block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FF9Block {
    /// In-game file number, 1-based (title characters 8–9).
    pub file_number: u8,
    /// Party leader's name (Western table, at most 7 characters).
    pub leader_name: String,
    /// Party leader's level.
    pub leader_level: u8,
    /// Location name (Western table, at most 28 characters).
    pub location: String,
    /// Play time in whole seconds (stored as frames, shown as `HH:MM` in the title).
    pub play_time_seconds: u32,
    /// Frames per second of the release (60 NTSC, 50 PAL).
    pub frame_rate: u32,
    /// Disc 1..4: written as the bit at 0x104, zero-based at 0x1C5, and as the first
    /// progression value of that disc at 0x1C0.
    pub disc: u8,
    /// Gil (both copies).
    pub gil: u32,
    /// Matches won.
    pub wins: u16,
    /// Matches lost.
    pub losses: u16,
    /// Matches drawn.
    pub draws: u16,
    /// The 105 records (0..99 counted, 100..104 diagnostic), [`RawCardRecord::EMPTY`] for none.
    pub records: [RawCardRecord; RECORDS],
}

impl Default for FF9Block {
    fn default() -> Self {
        FF9Block {
            file_number: 1,
            leader_name: "Zidane".into(),
            leader_level: 1,
            location: "Alexandria".into(),
            play_time_seconds: 0,
            frame_rate: 60,
            disc: 1,
            gil: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            records: [RawCardRecord::EMPTY; RECORDS],
        }
    }
}

/// The 16-colour palette of the builder's icon (0 transparent, then a card's colours).
const ICON_PALETTE: [u16; 16] = [
    0x0000, 0x7FFF, 0x5294, 0x2108, 0x7C00, 0x03E0, 0x001F, 0x7FE0, 0x4210, 0x6318, 0x0010, 0x0200,
    0x4000, 0x3DEF, 0x56B5, 0x0421,
];

/// The builder's icon: a white card with a grey border on a transparent background.
fn icon_frame() -> [u8; 128] {
    let mut f = [0u8; 128];
    for y in 0..16 {
        for x in 0..16 {
            let inside = (3..13).contains(&x) && (1..15).contains(&y);
            let border = inside && (x == 3 || x == 12 || y == 1 || y == 14);
            let colour: u8 = if border {
                2
            } else if inside {
                1
            } else {
                0
            };
            let i = y * 8 + x / 2;
            f[i] |= if x % 2 == 0 { colour } else { colour << 4 };
        }
    }
    f
}

/// Full-width digits of `n % 100` (two characters).
fn full_width_2(n: u32) -> String {
    let d = |k: u32| char::from_u32('０' as u32 + k).unwrap_or('０');
    [d(n / 10 % 10), d(n % 10)].iter().collect()
}

impl FF9Block {
    /// The block's title as the US and PAL releases write it (the genuine saves):
    /// `ＦＦ９／ＦＩＬＥ０１／１２：００`, file number and play time `HH：MM` in full-width digits.
    pub fn title(&self) -> String {
        let minutes = self.play_time_seconds / 60;
        format!(
            "ＦＦ９／ＦＩＬＥ{}／{}：{}",
            full_width_2(self.file_number as u32),
            full_width_2(minutes / 60),
            full_width_2(minutes % 60)
        )
    }

    /// Writes the complete 8192-byte block, CRC last.
    pub fn build(&self) -> Vec<u8> {
        let mut block = new_save(1, &encode_title(&self.title()), &ICON_PALETTE, &[icon_frame()]);
        let preview = PreviewFields {
            leader_level: self.leader_level,
            leader_name: charset::encode_array(&self.leader_name),
            unknown: [0xFF; 2],
            location: charset::encode_array(&self.location),
            play_time: self.play_time_seconds.saturating_mul(self.frame_rate),
            gil: self.gil & 0xFF_FFFF,
        };
        // The block is 8192 bytes, so every write below is in bounds.
        let _ = write_preview(&mut block, &preview);
        // The three disc fields agree, as on every genuine save (§a.5).
        let disc = self.disc.clamp(1, 4);
        block[DISC_BIT_OFFSET] = 1 << (disc - 1);
        block[DISC_OFFSET] = disc - 1;
        let progression = DISC_PROGRESSION[disc as usize - 1].0;
        write_at(&mut block, PROGRESSION_OFFSET, &progression);
        block[PARTY_OFFSET..PARTY_OFFSET + 4].copy_from_slice(&[0, 0xFF, 0xFF, 0xFF]);
        write_at(&mut block, GIL_OFFSET, &self.gil);
        let section = TetraMasterSection {
            wins: self.wins,
            losses: self.losses,
            draws: self.draws,
            records: self.records,
        };
        let _ = write_tetra_master(&mut block, &section);
        let crc = crc16(&block[..CRC_OFFSET]);
        write_at(&mut block, CRC_OFFSET, &crc);
        block
    }
}
