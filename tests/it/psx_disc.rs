//! The disc of a PlayStation FF9 save comes from its block (ff9-save-formats §a.1, §a.5):
//! 0x1C5 + 1, cross-checked with the bit and the progression range; the
//! product code's disc is no evidence (the game writes disc 1's code on every disc).
//!
//! Expected values are the spec's: disc 4 = bit 0x08, byte 3, progression 11090..=11770; the
//! genuine disc-4 US save (§a.1) holds progression 11740 under the name
//! `BASLUS-0125100000-05`.

use quadmist::container::write::to_mcs;
use quadmist::ff9::psx::block::{DISC_BIT_OFFSET, DISC_OFFSET, PROGRESSION_OFFSET};
use quadmist::ff9::psx::write::FF9Block;
use quadmist::ff9::psx::{crc16, CRC_OFFSET};
use quadmist::ff9::{self, SaveEntry};
use quadmist::model::{Finding, FindingKind};

fn block(disc: u8) -> Vec<u8> {
    FF9Block { disc, file_number: 6, ..FF9Block::default() }.build()
}

/// Writes `bytes` at `offset` and fixes the CRC, as a consistent editor would.
fn patch(mut b: Vec<u8>, offset: usize, bytes: &[u8]) -> Vec<u8> {
    b[offset..offset + bytes.len()].copy_from_slice(bytes);
    let crc = crc16(&b[..CRC_OFFSET]);
    b[CRC_OFFSET..CRC_OFFSET + 2].copy_from_slice(&crc.to_le_bytes());
    b
}

fn open(name: &str, block: &[u8]) -> SaveEntry {
    let set = ff9::open(&to_mcs(name, block), Some("save.mcs"), &|_| None).unwrap();
    set.saves.into_iter().next().unwrap()
}

#[test]
fn the_builder_writes_the_three_disc_fields_in_agreement() {
    for (disc, bit, progression) in
        [(1u8, 0x01u8, 1000u16), (2, 0x02, 3900), (3, 0x04, 6990), (4, 0x08, 11090)]
    {
        let b = block(disc);
        assert_eq!(b[DISC_BIT_OFFSET], bit, "disc {disc}");
        assert_eq!(b[DISC_OFFSET], disc - 1, "disc {disc}");
        let p = u16::from_le_bytes([b[PROGRESSION_OFFSET], b[PROGRESSION_OFFSET + 1]]);
        assert_eq!(p, progression, "disc {disc}");
    }
}

#[test]
fn a_disc_4_save_under_the_disc_1_code_is_disc_4_without_a_finding() {
    // As the genuine late-game US save: disc-1 code, file 6, progression 11740 at Memoria.
    let b = patch(block(4), PROGRESSION_OFFSET, &11740u16.to_le_bytes());
    let e = open("BASLUS-0125100000-05", &b);
    assert!(e.is_ff9);
    let info = e.game_info.as_ref().unwrap();
    assert_eq!((info.region.as_str(), info.disc, info.file), ("NTSC-U", Some(4), Some(6)));
    assert_eq!(e.checksum_ok, Some(true));
    assert_eq!(e.findings, vec![]);
}

#[test]
fn another_disc_code_written_by_an_editor_is_no_evidence() {
    // SLES-32966 is the French disc-4 code; the block says disc 1.
    let e = open("BESLES-3296600000-00", &block(1));
    let info = e.game_info.as_ref().unwrap();
    assert_eq!((info.language.as_str(), info.disc), ("French", Some(1)));
    assert_eq!(e.findings, vec![]);
}

#[test]
fn disagreeing_disc_fields_are_reported_and_the_disc_byte_wins() {
    // Bit says disc 1, byte and progression say disc 4.
    let e = open("BASLUS-0125100000-05", &patch(block(4), DISC_BIT_OFFSET, &[0x01]));
    assert_eq!(e.game_info.as_ref().unwrap().disc, Some(4));
    assert_eq!(
        e.findings,
        vec![Finding::warning(
            FindingKind::CopiesDisagree,
            "the disc fields disagree: the disc byte says disc 4, the disc bit \
             says disc 1, the story progression 11090 belongs to disc 4; disc 4 is shown \
             (an edited or damaged save)"
        )]
    );
    // Progression of disc 1 (1155, as the genuine early saves) on a disc-4 block.
    let e =
        open("BASLUS-0125100000-05", &patch(block(4), PROGRESSION_OFFSET, &1155u16.to_le_bytes()));
    assert_eq!(e.game_info.as_ref().unwrap().disc, Some(4));
    assert_eq!(
        e.findings,
        vec![Finding::warning(
            FindingKind::CopiesDisagree,
            "the disc fields disagree: the disc byte says disc 4, the disc bit \
             says disc 4, the story progression 1155 belongs to disc 1; disc 4 is shown \
             (an edited or damaged save)"
        )]
    );
    // A disc byte that is no disc: the bit decides, and the byte is reported.
    let e = open("BASLUS-0125100000-05", &patch(block(3), DISC_OFFSET, &[7]));
    assert_eq!(e.game_info.as_ref().unwrap().disc, Some(3));
    assert_eq!(
        e.findings,
        vec![Finding::warning(
            FindingKind::CopiesDisagree,
            "the disc fields disagree: the disc byte holds 7, which is no disc, the disc \
             bit says disc 3, the story progression 6990 belongs to disc 3; \
             disc 3 is shown (an edited or damaged save)"
        )]
    );
}

#[test]
fn fields_a_tool_left_alone_say_nothing() {
    // 0x104 zero and a progression below every range: only the disc byte speaks.
    let b = patch(patch(block(2), DISC_BIT_OFFSET, &[0]), PROGRESSION_OFFSET, &[0, 0]);
    let e = open("BASLUS-0125100000-00", &b);
    assert_eq!(e.game_info.as_ref().unwrap().disc, Some(2));
    assert_eq!(e.findings, vec![]);
}
