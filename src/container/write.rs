//! Builders for card images and single-save files (behind the `write` feature).
//!
//! Used to write `fixtures/` and by tests that need cards in every container format, with
//! or without damage. Nothing here touches the file system.

pub use super::card::frame_xor;
use super::geometry::{BLOCK_SIZE, CARD_SIZE, FRAME_SIZE};
use super::layout::{
    read_at, to_bytes, write_at, ActionReplayHeader, DirectoryFrame, GmeHeader, PsvHeader,
    TitleFrame, VgsHeader, VmpHeader,
};

/// The first `N` bytes of `text`, NUL-padded.
fn padded<const N: usize>(text: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = text.len().min(N);
    out[..n].copy_from_slice(&text[..n]);
    out
}

/// Encodes text as Shift-JIS (CP932) title bytes, at most 64 bytes.
pub fn encode_title(text: &str) -> Vec<u8> {
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(text);
    let mut v = bytes.into_owned();
    v.truncate(64);
    v
}

/// A new save of `blocks` blocks: title frame (`SC`, icon flag, block count, title, palette)
/// and `frames.len()` icon frames; the rest is zero for the caller to fill.
pub fn new_save(blocks: u8, title: &[u8], palette: &[u16; 16], frames: &[[u8; 128]]) -> Vec<u8> {
    let blocks = blocks.clamp(1, 15);
    let mut save = vec![0u8; BLOCK_SIZE * blocks as usize];
    let frame = TitleFrame {
        magic: *b"SC",
        icon_flag: 0x10 + frames.len().clamp(1, 3) as u8,
        blocks,
        title: padded(title),
        reserved: [0; 28],
        palette: *palette,
    };
    write_at(&mut save, 0, &frame);
    for (i, f) in frames.iter().take(3).enumerate() {
        save[FRAME_SIZE * (i + 1)..FRAME_SIZE * (i + 2)].copy_from_slice(f);
    }
    save
}

/// A 128-byte directory frame: state, size, link, name, XOR.
pub fn directory_frame(state: u8, size: u32, link: u16, name: &[u8]) -> [u8; 128] {
    let mut f = [0u8; 128];
    write_at(&mut f, 0, &DirectoryFrame::new(state, size, link, name));
    f[0x7F] = frame_xor(&f);
    f
}

/// A 128 KiB card image under construction.
#[derive(Debug, Clone)]
pub struct CardBuilder {
    bytes: Vec<u8>,
}

impl Default for CardBuilder {
    fn default() -> Self {
        Self::formatted()
    }
}

impl CardBuilder {
    /// A freshly formatted card: `MC` header, 15 free entries, empty broken-sector list,
    /// zero replacement frames, write-test frame a copy of frame 0, data blocks 0xFF.
    pub fn formatted() -> Self {
        let mut bytes = vec![0xFFu8; CARD_SIZE];
        bytes[..BLOCK_SIZE].fill(0);
        bytes[0] = b'M';
        bytes[1] = b'C';
        bytes[0x7F] = 0x0E;
        for i in 1..16 {
            let f = directory_frame(0xA0, 0, 0xFFFF, b"");
            bytes[i * FRAME_SIZE..(i + 1) * FRAME_SIZE].copy_from_slice(&f);
        }
        for i in 16..36 {
            let o = i * FRAME_SIZE;
            bytes[o..o + 4].fill(0xFF);
            bytes[o + 8..o + 10].fill(0xFF);
            let x = frame_xor(&bytes[o..o + FRAME_SIZE]);
            bytes[o + 0x7F] = x;
        }
        let header: Vec<u8> = bytes[..FRAME_SIZE].to_vec();
        bytes[63 * FRAME_SIZE..64 * FRAME_SIZE].copy_from_slice(&header);
        CardBuilder { bytes }
    }

    /// Wraps existing card bytes (must be 131072 long, else it is padded or cut).
    pub fn from_bytes(mut bytes: Vec<u8>) -> Self {
        bytes.resize(CARD_SIZE, 0);
        CardBuilder { bytes }
    }

    /// Blocks (1..15) whose directory state is free (0xA0..0xA3).
    pub fn free_blocks(&self) -> Vec<u8> {
        (1..16u8).filter(|&b| self.state(b) & 0xF0 == 0xA0).collect()
    }

    /// The state byte of block `block`'s directory entry.
    pub fn state(&self, block: u8) -> u8 {
        self.bytes[block as usize * FRAME_SIZE]
    }

    /// Writes `save` (a multiple of 8192 bytes) into the first free blocks, ascending.
    /// Returns the blocks used, or `None` if the card is too full.
    pub fn add_save(&mut self, name: &str, save: &[u8]) -> Option<Vec<u8>> {
        let n = save.len().div_ceil(BLOCK_SIZE).max(1);
        let free = self.free_blocks();
        if free.len() < n {
            return None;
        }
        let blocks = free[..n].to_vec();
        self.add_save_at(name.as_bytes(), save, &blocks);
        Some(blocks)
    }

    /// Writes `save` into exactly these blocks, chained in this order, with valid XORs.
    pub fn add_save_at(&mut self, name: &[u8], save: &[u8], blocks: &[u8]) {
        let n = blocks.len();
        for (k, &b) in blocks.iter().enumerate() {
            let state = match (k, n) {
                (0, _) => 0x51,
                (k, n) if k + 1 == n => 0x53,
                _ => 0x52,
            };
            let link = blocks.get(k + 1).map(|&nb| nb as u16 - 1).unwrap_or(0xFFFF);
            let (size, nm): (u32, &[u8]) =
                if k == 0 { ((n * BLOCK_SIZE) as u32, name) } else { (0, b"") };
            self.set_directory_frame(b, &directory_frame(state, size, link, nm));
            let mut chunk = vec![0u8; BLOCK_SIZE];
            let from = k * BLOCK_SIZE;
            if from < save.len() {
                let to = (from + BLOCK_SIZE).min(save.len());
                chunk[..to - from].copy_from_slice(&save[from..to]);
            }
            self.block_mut(b).copy_from_slice(&chunk);
        }
    }

    /// Marks the chain starting at `first` deleted the way the BIOS does (high nibble 5 → A,
    /// links kept). With `clear_links`, also sets every link to 0xFFFF (DuckStation's delete).
    pub fn delete(&mut self, first: u8, clear_links: bool) {
        let mut b = first;
        for _ in 0..15 {
            let o = b as usize * FRAME_SIZE;
            let link = read_at::<DirectoryFrame>(&self.bytes, o).map_or(0xFFFF, |f| f.link);
            if self.bytes[o] & 0xF0 == 0x50 {
                self.bytes[o] = (self.bytes[o] & 0x0F) | 0xA0;
            }
            if clear_links {
                self.bytes[o + 8] = 0xFF;
                self.bytes[o + 9] = 0xFF;
            }
            self.fix_xor(b);
            if link > 14 {
                break;
            }
            b = link as u8 + 1;
        }
    }

    /// Replaces directory frame `index` (1..15) as given (no XOR fix).
    pub fn set_directory_frame(&mut self, index: u8, frame: &[u8; 128]) {
        let o = index as usize * FRAME_SIZE;
        self.bytes[o..o + FRAME_SIZE].copy_from_slice(frame);
    }

    /// Mutable access to frame `index` (0..1023) of the card.
    pub fn frame_mut(&mut self, index: usize) -> &mut [u8] {
        let o = index * FRAME_SIZE;
        &mut self.bytes[o..o + FRAME_SIZE]
    }

    /// Recomputes the XOR byte of directory frame `index`.
    pub fn fix_xor(&mut self, index: u8) {
        let f = self.frame_mut(index as usize);
        f[0x7F] = frame_xor(f);
    }

    /// Mutable access to data block `block` (1..15).
    pub fn block_mut(&mut self, block: u8) -> &mut [u8] {
        let o = block as usize * BLOCK_SIZE;
        &mut self.bytes[o..o + BLOCK_SIZE]
    }

    /// The card bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The finished 131072-byte image.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

/// A DexDrive .gme file around `card` (header with state and link copies, empty comments).
pub fn to_gme(card: &[u8]) -> Vec<u8> {
    let header = GmeHeader {
        magic: padded(b"123-456-STD"),
        unknown: [0; 4],
        marker: [0, 0, 1, 0, 1],
        states: std::array::from_fn(|i| card[i * FRAME_SIZE]),
        links: std::array::from_fn(|i| card[i * FRAME_SIZE + 8]),
    };
    let mut out = vec![0u8; 0xF40];
    write_at(&mut out, 0, &header);
    out.extend_from_slice(card);
    out
}

/// A Connectix .vgs/.mem file around `card`.
pub fn to_vgs(card: &[u8]) -> Vec<u8> {
    let mut out =
        to_bytes(&VgsHeader { magic: *b"VgsM", fields: [1, 1, 1, 0x200], rest: [0; 0x2C] });
    out.extend_from_slice(card);
    out
}

/// A "PlayStation Magazine" 256-byte-header card around `card`.
pub fn to_psx_magazine(card: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; 0x100];
    out[..3].copy_from_slice(b"PSV");
    out.extend_from_slice(card);
    out
}

/// A PSP/Vita .vmp file around `card` (signature left zero).
pub fn to_vmp(card: &[u8]) -> Vec<u8> {
    let mut out = to_bytes(&VmpHeader { magic: *b"\0PMV", header_len: 0x80, rest: [0; 0x78] });
    out.extend_from_slice(card);
    out
}

/// An .mcs single save: directory frame (state 0x51) then the save.
pub fn to_mcs(name: &str, save: &[u8]) -> Vec<u8> {
    let mut out = directory_frame(0x51, save.len() as u32, 0xFFFF, name.as_bytes()).to_vec();
    out.extend_from_slice(save);
    out
}

/// An interleaved .mcs: a directory frame before every block.
pub fn to_interleaved_mcs(name: &str, save: &[u8]) -> Vec<u8> {
    let n = save.len() / BLOCK_SIZE;
    let mut out = Vec::with_capacity(n * (BLOCK_SIZE + FRAME_SIZE));
    for k in 0..n {
        let frame = match k {
            0 => directory_frame(
                0x51,
                save.len() as u32,
                if n > 1 { 0 } else { 0xFFFF },
                name.as_bytes(),
            ),
            k if k + 1 == n => directory_frame(0x53, 0, 0xFFFF, b""),
            k => directory_frame(0x52, 0, k as u16, b""),
        };
        out.extend_from_slice(&frame);
        out.extend_from_slice(&save[k * BLOCK_SIZE..(k + 1) * BLOCK_SIZE]);
    }
    out
}

/// An Action Replay family single save (.mcb .mcx .pda .psx): 54-byte header then the save.
pub fn to_action_replay(name: &str, title_ascii: &str, save: &[u8]) -> Vec<u8> {
    let name = &name.as_bytes()[..name.len().min(20)];
    let title = &title_ascii.as_bytes()[..title_ascii.len().min(32)];
    let mut out = to_bytes(&ActionReplayHeader { name: padded(name), title: padded(title) });
    out.extend_from_slice(save);
    out
}

/// A PS3 .psv single save (signature fields left zero).
pub fn to_psv(name: &str, save: &[u8]) -> Vec<u8> {
    let header = PsvHeader {
        magic: *b"\0VSP",
        signature: [0; 0x34],
        header_size: 0x14,
        kind: 1,
        length: save.len() as u32,
        offset: 0x84,
        unknown_48: 0x200,
        zero: [0; 16],
        length_again: save.len() as u32,
        unknown_60: 0x9003,
        name: padded(&name.as_bytes()[..name.len().min(20)]),
    };
    let mut out = to_bytes(&header);
    out.extend_from_slice(save);
    out
}

/// The PS3/MemcardRex export file name of a save: the first 12 characters verbatim, then the
/// upper-case hex of every remaining byte (e.g. `BASLUS-01251` + hex of `00000-00`).
pub fn psv_file_name(name: &str) -> String {
    let b = name.as_bytes();
    let head = &b[..b.len().min(12)];
    let mut s = String::from_utf8_lossy(head).into_owned();
    for c in b.iter().skip(12) {
        s.push_str(&format!("{c:02X}"));
    }
    s
}
