//! `ff9::open_source` reads only what it needs: a PC `.dat` by a few AES blocks per save,
//! anything else whole and once; the result is the one `ff9::open` gives on all the bytes.

use crate::shared;

use quadmist::container::source::{ByteSource, ReadError};
use quadmist::ff9::{self, SaveSet};
use std::cell::RefCell;

/// A byte slice that counts the reads and bytes asked of it.
struct Counting<'a> {
    bytes: &'a [u8],
    reads: RefCell<(usize, usize)>,
}

impl ByteSource for Counting<'_> {
    fn size(&self) -> u64 {
        self.bytes.len() as u64
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>, ReadError> {
        let got = self.bytes.read_at(offset, len)?;
        let mut r = self.reads.borrow_mut();
        r.0 += 1;
        r.1 += got.len();
        Ok(got)
    }
}

/// Everything a listing and its decoded collections show, to compare two openings.
fn shown(set: &SaveSet) -> String {
    let mut out = format!("{:?} {:?}\n", set.kind, set.findings);
    for s in &set.saves {
        out += &format!("{} {} {:?} {:?}\n", s.selector, s.title, s.findings, s.summary);
        out += &format!("{:?}\n", s.collection().map(|c| (c.cards, c.findings, c.wins)));
    }
    out
}

fn open_both(bytes: &[u8], name: &str) -> (SaveSet, SaveSet, (usize, usize)) {
    let whole = ff9::open(bytes, Some(name), &|_| None).expect("opens");
    let counting = Counting { bytes, reads: RefCell::new((0, 0)) };
    let sparse = ff9::open_source(&counting, Some(name), &|_| None).expect("opens");
    let reads = *counting.reads.borrow();
    (whole, sparse, reads)
}

#[test(needs = SharedData)]
fn the_real_dat_is_read_by_the_aes_blocks_its_seven_saves_need() {
    let bytes = shared::read("data/real/steam/SavedData_ww.dat");
    let (whole, sparse, (reads, read_bytes)) = open_both(&bytes, "SavedData_ww.dat");
    assert_eq!(shown(&sparse), shown(&whole));
    assert_eq!(sparse.saves.len(), 7);
    // The metadata probe (32 bytes, by `ff9::open_source` to tell a .dat and again by the PC
    // reader), the first AES block of each of the 151 data blocks, and
    // per save: the play time (2 AES blocks with its IV), the padding (2) and the card list
    // with W/L/D (AES blocks 257..327 after their IV, 71 blocks), the event variables' 4096
    // bytes of text at 23 (AES blocks 1..258 after their IV, 258 blocks) and the 300 card
    // players beaten at 11,118 (AES blocks 694..770 after their IV, 77 blocks), the party
    // and gil of 40000_Common from 5,235 to 8,015 (AES blocks 327..501 after their IV, 175
    // blocks); and for the six saves that are not the autosave, their preview's first 160
    // bytes (10 AES blocks: `PREV` and the place).
    assert_eq!(reads, 2 + 151 + 7 * 6 + 6);
    assert_eq!(
        read_bytes,
        2 * 32 + 151 * 16 + 7 * (32 + 32 + 71 * 16 + 258 * 16 + 77 * 16 + 175 * 16) + 6 * 160
    );
    assert!(read_bytes * 40 < bytes.len(), "{read_bytes} of {} bytes read", bytes.len());
}

#[test(needs = SharedData)]
fn a_truncated_dat_reads_the_same_through_a_source() {
    let bytes = shared::read("data/real/steam/SavedData_ww.dat");
    // Cut inside slot 1, file 2's card list, inside its play time, and just after a block.
    for cut in [pc_block(2) + 4_500, pc_block(3) + 14_390, pc_block(4), 100, 20] {
        let cut = &bytes[..cut];
        match ff9::open(cut, Some("SavedData_ww.dat"), &|_| None) {
            Ok(_) => {
                let (whole, sparse, _) = open_both(cut, "SavedData_ww.dat");
                assert_eq!(shown(&sparse), shown(&whole), "cut at {}", cut.len());
            }
            Err(e) => {
                let counting = Counting { bytes: cut, reads: RefCell::new((0, 0)) };
                let sparse = ff9::open_source(&counting, Some("SavedData_ww.dat"), &|_| None);
                assert_eq!(sparse.unwrap_err().to_string(), e.to_string(), "cut at {}", cut.len());
            }
        }
    }
}

fn pc_block(index: usize) -> usize {
    ff9::pc::DATA_OFFSET + index * ff9::pc::BLOCK_LEN
}

#[test]
fn a_memory_card_is_read_whole_once() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ff9-three-saves.mcr");
    let bytes = std::fs::read(path).unwrap();
    let (whole, sparse, (reads, read_bytes)) = open_both(&bytes, "ff9-three-saves.mcr");
    assert_eq!(shown(&sparse), shown(&whole));
    // The 32-byte probe that tells a PC .dat, then the whole card.
    assert_eq!((reads, read_bytes), (2, 32 + 128 * 1024));
}
