//! The fixed-size on-disk structures of PS1 cards and single-save files, one binrw definition
//! each, used for reading (`BinRead`) and by the writers (`BinWrite`).
//!
//! The lenient walk ([`super::card`]) and detection stay in code: they bounds-check a slice
//! first, then parse it with [`read_at`]. Offsets are those of memory-card-formats §2, §5, §7.

use binrw::{binrw, BinRead, BinWrite};
use std::io::Cursor;

/// Reads a little-endian `T` from `bytes` at `offset`, or `None` when the bytes end first.
pub fn read_at<T>(bytes: &[u8], offset: usize) -> Option<T>
where
    T: BinRead,
    for<'a> T::Args<'a>: Default,
{
    let mut cursor = Cursor::new(bytes.get(offset..)?);
    T::read_options(&mut cursor, binrw::Endian::Little, Default::default()).ok()
}

/// Writes `value` little-endian into `bytes` at `offset`; `false` (nothing written) when it
/// does not fit.
pub fn write_at<T>(bytes: &mut [u8], offset: usize, value: &T) -> bool
where
    T: BinWrite,
    for<'a> T::Args<'a>: Default,
{
    let Some(target) = bytes.get_mut(offset..) else { return false };
    let mut out = Cursor::new(Vec::new());
    if value.write_options(&mut out, binrw::Endian::Little, Default::default()).is_err() {
        return false;
    }
    let out = out.into_inner();
    match target.get_mut(..out.len()) {
        Some(t) => {
            t.copy_from_slice(&out);
            true
        }
        None => false,
    }
}

/// The encoding of `value` (little-endian).
pub fn to_bytes<T>(value: &T) -> Vec<u8>
where
    T: BinWrite,
    for<'a> T::Args<'a>: Default,
{
    let mut out = Cursor::new(Vec::new());
    // Writing a fixed-size structure to a Vec cannot fail.
    let _ = value.write_options(&mut out, binrw::Endian::Little, Default::default());
    out.into_inner()
}

/// The bytes before the first NUL (all of them when there is none).
pub(crate) fn until_nul(bytes: &[u8]) -> &[u8] {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    &bytes[..end]
}

/// A 128-byte directory frame (§2.3): also the frame before an MCS save (§7.7).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectoryFrame {
    /// Allocation state (0x51 first block, 0x52 middle, 0x53 last, 0xA0..0xA3 free).
    pub state: u8,
    /// The three bytes after the state (zero on a sound card).
    pub state_rest: [u8; 3],
    /// Save size in bytes (first block only).
    pub size: u32,
    /// Next block's index minus one, 0xFFFF at the end of a chain.
    pub link: u16,
    /// Save name, NUL-padded.
    pub name: [u8; 20],
    /// Unused bytes 0x1E..0x7F.
    pub unused: [u8; 0x61],
    /// XOR of bytes 0x00..0x7E.
    pub xor: u8,
}

impl DirectoryFrame {
    /// A frame with these fields, unused bytes zero and the XOR byte zero.
    pub fn new(state: u8, size: u32, link: u16, name: &[u8]) -> DirectoryFrame {
        let mut padded = [0u8; 20];
        let n = name.len().min(20);
        padded[..n].copy_from_slice(&name[..n]);
        DirectoryFrame {
            state,
            state_rest: [0; 3],
            size,
            link,
            name: padded,
            unused: [0; 0x61],
            xor: 0,
        }
    }
}

/// A broken-sector list frame (§2.4): the sector it replaces (0xFFFFFFFF when unused).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BrokenSector {
    /// Sector number, or 0xFFFFFFFF.
    pub sector: u32,
}

/// The title frame that starts every save (§5): magic, icon flag, block count, title,
/// icon palette.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TitleFrame {
    /// `SC` (or `sc`).
    pub magic: [u8; 2],
    /// Icon display flag: 0x11..0x13 give 1..3 animation frames.
    pub icon_flag: u8,
    /// Blocks the save uses.
    pub blocks: u8,
    /// Title, Shift-JIS, NUL-padded.
    pub title: [u8; 64],
    /// Reserved bytes 0x44..0x5F.
    pub reserved: [u8; 28],
    /// Icon palette: 16 PS1 CLUT colours.
    pub palette: [u16; 16],
}

/// The first 0x35 bytes of a DexDrive GME header (§7.2): magic and the copies of the card's
/// directory states and link bytes. Comments follow up to 0xF40.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GmeHeader {
    /// `123-456-STD` and a NUL.
    pub magic: [u8; 12],
    /// Zero (sometimes garbage).
    pub unknown: [u8; 4],
    /// `00 00 01 00 01`.
    pub marker: [u8; 5],
    /// Byte 0x00 of card frames 0..15 (`M`, then the 15 allocation states).
    pub states: [u8; 16],
    /// Byte 0x08 of card frames 0..15 (0, then the 15 link low bytes).
    pub links: [u8; 16],
}

/// The 64-byte Connectix VGS header (§7.3).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VgsHeader {
    /// `VgsM`.
    pub magic: [u8; 4],
    /// The values 1, 1, 1 and 0x200 that MemcardRex and Apollo write.
    pub fields: [u32; 4],
    /// Zero.
    pub rest: [u8; 0x2C],
}

/// The 128-byte PSP/Vita VMP header (§7.5).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VmpHeader {
    /// `\0PMV`.
    pub magic: [u8; 4],
    /// Header length, 0x80.
    pub header_len: u32,
    /// Salt seed, signature and the rest (left zero by the writers).
    pub rest: [u8; 0x78],
}

/// The 54-byte Action Replay single-save header (§7.8).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionReplayHeader {
    /// Save name, NUL-padded (20 bytes and a NUL).
    pub name: [u8; 21],
    /// Title in ASCII, NUL-padded.
    pub title: [u8; 33],
}

/// The 0x84-byte PS3 PSV header (§7.9).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PsvHeader {
    /// `\0VSP`.
    pub magic: [u8; 4],
    /// Zero, salt seed, signature, zero (0x04..0x37).
    pub signature: [u8; 0x34],
    /// Header-size field: 0x14 for PS1.
    pub header_size: u32,
    /// Type: 1 = PS1, 2 = PS2.
    pub kind: u32,
    /// Save data length.
    pub length: u32,
    /// Offset of the save data (0x84).
    pub offset: u32,
    /// 0x200.
    pub unknown_48: u32,
    /// Zero (0x4C..0x5B).
    pub zero: [u8; 16],
    /// The data length again (MemcardRex) or 0x2000 (Apollo); ignored.
    pub length_again: u32,
    /// 0x9003; meaning unknown.
    pub unknown_60: u32,
    /// Save name, NUL-padded (0x64), then zero to 0x83.
    pub name: [u8; 32],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_the_spec() {
        assert_eq!(to_bytes(&DirectoryFrame::new(0x51, 0x2000, 0xFFFF, b"BASLUS")).len(), 128);
        let title = TitleFrame {
            magic: *b"SC",
            icon_flag: 0x11,
            blocks: 1,
            title: [0; 64],
            reserved: [0; 28],
            palette: [0; 16],
        };
        assert_eq!(to_bytes(&title).len(), 128);
        let gme = GmeHeader {
            magic: [0; 12],
            unknown: [0; 4],
            marker: [0; 5],
            states: [0; 16],
            links: [0; 16],
        };
        assert_eq!(to_bytes(&gme).len(), 0x35);
        let vgs = VgsHeader { magic: *b"VgsM", fields: [1, 1, 1, 0x200], rest: [0; 0x2C] };
        assert_eq!(to_bytes(&vgs).len(), 0x40);
        let vmp = VmpHeader { magic: *b"\0PMV", header_len: 0x80, rest: [0; 0x78] };
        assert_eq!(to_bytes(&vmp).len(), 0x80);
        let ar = ActionReplayHeader { name: [0; 21], title: [0; 33] };
        assert_eq!(to_bytes(&ar).len(), 54);
        let psv = PsvHeader {
            magic: *b"\0VSP",
            signature: [0; 0x34],
            header_size: 0x14,
            kind: 1,
            length: 0x2000,
            offset: 0x84,
            unknown_48: 0x200,
            zero: [0; 16],
            length_again: 0x2000,
            unknown_60: 0x9003,
            name: [0; 32],
        };
        let bytes = to_bytes(&psv);
        assert_eq!(bytes.len(), 0x84);
        // Field offsets as §7.9 gives them.
        assert_eq!(&bytes[0x3C..0x40], &[1, 0, 0, 0]);
        assert_eq!(&bytes[0x44..0x48], &[0x84, 0, 0, 0]);
        assert_eq!(&bytes[0x60..0x64], &[0x03, 0x90, 0, 0]);
    }

    #[test]
    fn directory_frame_round_trips_at_the_spec_offsets() {
        let mut bytes = [0u8; 128];
        bytes[0] = 0x51;
        bytes[4..8].copy_from_slice(&[0x00, 0x40, 0, 0]);
        bytes[8] = 0x03;
        bytes[9] = 0x00;
        bytes[0x0A..0x0A + 6].copy_from_slice(b"BASLUS");
        bytes[0x7F] = 0x5A;
        let frame: DirectoryFrame = read_at(&bytes, 0).unwrap();
        assert_eq!((frame.state, frame.size, frame.link, frame.xor), (0x51, 0x4000, 3, 0x5A));
        assert_eq!(&frame.name[..6], b"BASLUS");
        assert_eq!(to_bytes(&frame), bytes.to_vec());
        assert!(read_at::<DirectoryFrame>(&bytes[..127], 0).is_none());
    }
}
