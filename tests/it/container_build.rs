//! Cards and single saves built with `container::write`, in every container, clean and with
//! each damage case of memory-card-formats §11. Expected saves and findings follow from how
//! each file was built (blocks chosen here, messages as specified by the container layer).

use quadmist::container::write::{self, CardBuilder};
use quadmist::container::{self, ContainerError, ContainerFile, ContainerFormat, SaveState};
use quadmist::model::{Finding, FindingKind, Location, Severity};

const BLOCK: usize = 8192;

/// (file bytes, file name, format, payload offset, size field) of a single-save case.
type SingleCase<'a> = (Vec<u8>, Option<&'a str>, ContainerFormat, usize, u32);

/// A save of `blocks` blocks with a two-frame icon; every data byte after the title frame
/// and icon is `fill`, so chains can be told apart.
fn save(blocks: u8, title: &str, fill: u8) -> Vec<u8> {
    let mut palette = [0u16; 16];
    palette[1] = 0x7FFF;
    palette[2] = 0x001F;
    let frames = [[0x21u8; 128], [0x12u8; 128]];
    let mut s = write::new_save(blocks, &write::encode_title(title), &palette, &frames);
    s[0x180..].fill(fill);
    s
}

/// Card: slot 1 one block "ONE", slots 2-4 a three-block "THREE", slots 5-6 a two-block "TWO".
fn three_saves() -> CardBuilder {
    let mut c = CardBuilder::formatted();
    assert_eq!(c.add_save("BASLUS-00001ONE", &save(1, "ＯＮＥ", 0x11)), Some(vec![1]));
    assert_eq!(c.add_save("BASLUS-00003THREE", &save(3, "ＴＨＲＥＥ", 0x33)), Some(vec![2, 3, 4]));
    assert_eq!(c.add_save("BASLUS-00002TWO", &save(2, "ＴＷＯ", 0x22)), Some(vec![5, 6]));
    c
}

fn read(bytes: &[u8]) -> ContainerFile {
    container::read(bytes, None).unwrap()
}

/// (selector, name, chain, state) of each save.
fn summary(file: &ContainerFile) -> Vec<(String, String, Vec<u8>, SaveState)> {
    file.saves
        .iter()
        .map(|s| (s.selector.clone(), s.name.text.clone(), s.blocks.clone(), s.state))
        .collect()
}

fn row(
    sel: &str,
    name: &str,
    blocks: &[u8],
    state: SaveState,
) -> (String, String, Vec<u8>, SaveState) {
    (sel.into(), name.into(), blocks.to_vec(), state)
}

fn clean_rows() -> Vec<(String, String, Vec<u8>, SaveState)> {
    vec![
        row("1", "BASLUS-00001ONE", &[1], SaveState::Live),
        row("2", "BASLUS-00003THREE", &[2, 3, 4], SaveState::Live),
        row("5", "BASLUS-00002TWO", &[5, 6], SaveState::Live),
    ]
}

fn w(kind: FindingKind, m: &str) -> Finding {
    Finding::warning(kind, m)
}
fn e(kind: FindingKind, m: &str) -> Finding {
    Finding::error(kind, m)
}

#[test]
fn a_clean_card_reads_the_same_in_every_card_container() {
    let card = three_saves().into_bytes();
    let wrapped: [(Vec<u8>, ContainerFormat, usize); 5] = [
        (card.clone(), ContainerFormat::RawCard, 0),
        (write::to_gme(&card), ContainerFormat::Gme, 0xF40),
        (write::to_vgs(&card), ContainerFormat::Vgs, 0x40),
        (write::to_vmp(&card), ContainerFormat::Vmp, 0x80),
        (write::to_psx_magazine(&card), ContainerFormat::PsxMagazine, 0x100),
    ];
    for (bytes, format, offset) in wrapped {
        let f = read(&bytes);
        assert_eq!((f.format, f.payload_offset), (format, offset));
        assert_eq!(f.findings, vec![], "{format:?}");
        assert_eq!(summary(&f), clean_rows(), "{format:?}");
        let three = &f.saves[1];
        assert_eq!(three.title.unicode, "ＴＨＲＥＥ");
        assert_eq!(three.title.folded, "THREE");
        assert_eq!(three.size_field, 3 * BLOCK as u32);
        assert_eq!(three.data, save(3, "ＴＨＲＥＥ", 0x33));
        assert_eq!(three.icon.flag, 0x12);
        assert_eq!(three.icon.frames, vec![[0x21u8; 128], [0x12u8; 128]]);
        assert_eq!(three.icon.palette[2], 0x001F);
        assert!(f.saves.iter().all(|s| s.findings.is_empty()));
    }
}

#[test]
fn single_saves_read_the_same_in_every_single_container() {
    let name = "BASLUS-00003THREE";
    for blocks in [1u8, 3] {
        let s = save(blocks, "ＴＨＲＥＥ", 0x33);
        let psv_name = write::psv_file_name(name);
        let cases: [SingleCase; 5] = [
            (write::to_mcs(name, &s), None, ContainerFormat::Mcs, 128, s.len() as u32),
            (
                write::to_interleaved_mcs(name, &s),
                None,
                if blocks == 1 { ContainerFormat::Mcs } else { ContainerFormat::InterleavedMcs },
                128,
                s.len() as u32,
            ),
            (
                write::to_action_replay(name, "THREE", &s),
                None,
                ContainerFormat::ActionReplay,
                54,
                0,
            ),
            (write::to_psv(name, &s), None, ContainerFormat::Psv, 0x84, s.len() as u32),
            (s.clone(), Some(psv_name.as_str()), ContainerFormat::RawSave, 0, 0),
        ];
        for (bytes, file_name, format, offset, size_field) in cases {
            let f = container::read(&bytes, file_name).unwrap();
            assert_eq!((f.format, f.payload_offset), (format, offset), "{format:?} {blocks}");
            assert!(f.findings.is_empty());
            assert_eq!(f.saves.len(), 1);
            let one = &f.saves[0];
            assert_eq!(one.selector, "1");
            assert_eq!(one.directory_index, None);
            assert_eq!(one.name.text, name, "{format:?}");
            assert_eq!(one.size_field, size_field);
            assert_eq!(one.state, SaveState::Live);
            assert!(one.blocks.is_empty());
            assert_eq!(one.data, s, "{format:?}");
            assert_eq!(one.title.folded, "THREE");
            assert_eq!(one.findings, vec![], "{format:?} {blocks}");
        }
    }
}

fn dir_frame_mut(c: &mut CardBuilder, slot: u8) -> &mut [u8] {
    c.frame_mut(slot as usize)
}

#[test]
fn bad_xor_is_a_warning_and_the_entry_is_still_read() {
    let mut c = three_saves();
    dir_frame_mut(&mut c, 1)[0x40] = 0x5A; // XOR left as it was
    let stored = c.bytes()[0xFF];
    let f = read(c.bytes());
    assert_eq!(
        f.findings,
        vec![w(FindingKind::FrameChecksum, &format!(
            "directory frame 1: its checksum does not match (stored {stored}, computed {}); read anyway",
            stored ^ 0x5A
        ))]
    );
    assert_eq!(summary(&f), clean_rows());
}

#[test]
fn legacy_126_byte_xor_is_named_as_such() {
    let mut c = three_saves();
    let frame = dir_frame_mut(&mut c, 2);
    frame[0x7E] = 0x77;
    frame[0x7F] = frame[..0x7E].iter().fold(0, |a, b| a ^ b);
    let f = read(c.bytes());
    assert_eq!(
        f.findings,
        vec![Finding::info(FindingKind::FrameChecksum,
            "directory frame 2: legacy-tool checksum (126-byte XOR, as older MemcardRex versions write it)"
        )]
    );
    assert_eq!(summary(&f), clean_rows());
}

#[test]
fn unknown_state_is_reported() {
    let mut c = three_saves();
    dir_frame_mut(&mut c, 9)[0] = 0x33;
    c.fix_xor(9);
    dir_frame_mut(&mut c, 10)[1] = 0x01;
    c.fix_xor(10);
    let f = read(c.bytes());
    assert_eq!(
        f.findings,
        vec![
            w(
                FindingKind::DirectoryEntry,
                "directory frame 9 has an unknown state (51), so block 9 is skipped"
            )
            .at(Location::Block(9)),
            w(
                FindingKind::DirectoryEntry,
                "directory frame 10: the three bytes after its state should be zero but hold 1, 0 and 0"
            )
            .at(Location::Block(10)),
        ]
    );
    assert_eq!(summary(&f), clean_rows());
}

#[test]
fn dangling_link_cuts_the_chain_and_leaves_orphans() {
    let mut c = three_saves();
    dir_frame_mut(&mut c, 2)[8] = 0x20;
    c.fix_xor(2);
    let f = read(c.bytes());
    assert_eq!(
        summary(&f),
        vec![
            row("1", "BASLUS-00001ONE", &[1], SaveState::Live),
            row("2", "BASLUS-00003THREE", &[2], SaveState::Live),
            row("5", "BASLUS-00002TWO", &[5, 6], SaveState::Live),
        ]
    );
    assert_eq!(
        f.saves[1].findings,
        vec![
            e(
                FindingKind::BrokenChain,
                "block 2 links to block 33, which does not exist: the chain is cut after 1 block"
            )
            .at(Location::Block(2)),
            w(
                FindingKind::SizeMismatch,
                "size mismatch: the directory says 24576 bytes, the chain has 1 block (8192 bytes)"
            ),
            w(
                FindingKind::SizeMismatch,
                "size mismatch: the title frame says 3 blocks, 1 was read"
            ),
        ]
    );
    assert_eq!(
        f.findings,
        vec![
            w(
                FindingKind::DirectoryEntry,
                "directory frame 3 marks a middle block of a save that no save's chain reaches"
            )
            .at(Location::Block(3)),
            w(
                FindingKind::DirectoryEntry,
                "directory frame 4 marks the last block of a save that no save's chain reaches"
            )
            .at(Location::Block(4)),
        ]
    );
    assert!(f.saves[0].findings.is_empty() && f.saves[2].findings.is_empty());
}

#[test]
fn cross_link_is_reported_on_both_saves() {
    let mut c = three_saves();
    // TWO (5 → 6) now links 5 → 4, the last block of THREE.
    dir_frame_mut(&mut c, 5)[8] = 3;
    c.fix_xor(5);
    let f = read(c.bytes());
    assert_eq!(summary(&f)[2], row("5", "BASLUS-00002TWO", &[5, 4], SaveState::Live));
    let cross = e(
        FindingKind::BrokenChain,
        "cross-linked: block 4 is reached by the saves in slots 2 and 5",
    )
    .at(Location::Block(4));
    assert_eq!(f.saves[1].findings, vec![cross.clone()]);
    assert_eq!(f.saves[2].findings, vec![cross]);
    assert_eq!(
        f.findings,
        vec![w(
            FindingKind::DirectoryEntry,
            "directory frame 6 marks the last block of a save that no save's chain reaches"
        )
        .at(Location::Block(6))]
    );
}

#[test]
fn overwritten_chain_stops_at_a_block_of_the_wrong_state() {
    let mut c = three_saves();
    dir_frame_mut(&mut c, 2)[8] = 4; // 2 → 5, a first block
    c.fix_xor(2);
    let f = read(c.bytes());
    assert_eq!(f.saves[1].blocks, vec![2]);
    assert_eq!(
        f.saves[1].findings[0],
        e(FindingKind::BrokenChain, "cross-linked or overwritten chain: block 2 links to block 5, which is the first block of a save; the save is partial (1 block)").at(Location::Block(2))
    );
}

#[test]
fn cycle_stops_the_walk() {
    let mut c = three_saves();
    dir_frame_mut(&mut c, 4)[8] = 2; // 4 → 3 again
    dir_frame_mut(&mut c, 4)[9] = 0;
    c.fix_xor(4);
    let f = read(c.bytes());
    assert_eq!(f.saves[1].blocks, vec![2, 3, 4]);
    assert_eq!(
        f.saves[1].findings,
        vec![e(
            FindingKind::BrokenChain,
            "cycle: block 4 links back to block 3; the chain is stopped after 3 blocks"
        )
        .at(Location::Block(4))]
    );
}

#[test]
fn orphan_and_size_mismatch() {
    let mut c = three_saves();
    c.set_directory_frame(9, &write::directory_frame(0x52, 0, 0xFFFF, b""));
    dir_frame_mut(&mut c, 1)[4..8].copy_from_slice(&0x6000u32.to_le_bytes());
    c.fix_xor(1);
    dir_frame_mut(&mut c, 3)[4..8].copy_from_slice(&0x2000u32.to_le_bytes());
    c.fix_xor(3);
    let f = read(c.bytes());
    assert_eq!(
        f.findings,
        vec![w(
            FindingKind::DirectoryEntry,
            "directory frame 9 marks a middle block of a save that no save's chain reaches"
        )
        .at(Location::Block(9))]
    );
    assert_eq!(
        f.saves[0].findings,
        vec![w(
            FindingKind::SizeMismatch,
            "size mismatch: the directory says 24576 bytes, the chain has 1 block (8192 bytes)"
        )]
    );
    assert_eq!(
        f.saves[1].findings,
        vec![w(
            FindingKind::DirectoryEntry,
            "continuation block 3 carries a size field (8192 bytes)"
        )
        .at(Location::Block(3))]
    );
}

#[test]
fn missing_mc_is_accepted_through_the_directory() {
    let mut c = three_saves();
    c.frame_mut(0)[..2].fill(0);
    let f = read(c.bytes());
    assert_eq!(
        f.findings,
        vec![w(
            FindingKind::ContainerHeader,
            "card header lacks the `MC` mark; read from its directory, which looks valid"
        )]
    );
    assert_eq!(summary(&f), clean_rows());
}

#[test]
fn unformatted_cards_hold_nothing() {
    for (fill, text) in [(0xFFu8, "255 (all bits set)"), (0x00, "zero")] {
        let bytes = vec![fill; 131072];
        for wrapped in [bytes.clone(), write::to_vgs(&bytes)] {
            let f = read(&wrapped);
            assert!(f.saves.is_empty());
            assert_eq!(
                f.findings,
                vec![w(
                    FindingKind::Unformatted,
                    &format!("unformatted card: every byte is {text}; it holds no saves")
                )]
            );
        }
    }
}

#[test]
fn garbage_card_is_an_error_but_valid_entries_are_still_read() {
    let mut c = three_saves();
    c.frame_mut(0)[..2].fill(0);
    for slot in 7..=15 {
        dir_frame_mut(&mut c, slot)[0] = 0x99; // unknown state, bad XOR
    }
    let f = read(c.bytes());
    assert_eq!(f.findings[0].severity, Severity::Error);
    assert!(f.findings[0]
        .message
        .starts_with("card header lacks the `MC` mark and the directory does not look valid"));
    assert_eq!(summary(&f), clean_rows());
}

#[test]
fn gme_quirks() {
    let card = three_saves().into_bytes();
    // Zeroed header.
    let mut zeroed = write::to_gme(&card);
    zeroed[..0xF40].fill(0);
    let f = read(&zeroed);
    assert_eq!(f.format, ContainerFormat::Gme);
    assert_eq!(
        f.findings,
        vec![w(FindingKind::ContainerHeader, "DexDrive GME header is zeroed or damaged (no `123-456-STD`); the card behind it is read")]
    );
    assert_eq!(summary(&f), clean_rows());
    // Truncated after block 4: blocks 5-6 are read as zeros.
    let short = &write::to_gme(&card)[..0xF40 + 5 * BLOCK];
    let f = read(short);
    assert_eq!(
        f.findings[0],
        w(FindingKind::Truncated, "DexDrive GME card is shorter than 134976 bytes (44864): the missing trailing blocks are read as zeros")
    );
    assert_eq!(summary(&f)[..2], clean_rows()[..2]);
    assert_eq!(f.saves[1].data, save(3, "ＴＨＲＥＥ", 0x33));
    // Zeroed header and truncated: only the `.gme` extension tells it apart.
    let mut both = write::to_gme(&card)[..0xF40 + 5 * BLOCK].to_vec();
    both[..0xF40].fill(0);
    assert!(container::read(&both, Some("card.bin")).is_err());
    let f = container::read(&both, Some("CARD.GME")).unwrap();
    assert_eq!((f.format, f.findings.len()), (ContainerFormat::Gme, 2));
    assert_eq!(summary(&f)[..2], clean_rows()[..2]);
    // Header only, no card.
    let header_only = &write::to_gme(&card)[..0x1000];
    let f = read(header_only);
    assert!(f.saves.is_empty());
    assert_eq!(
        f.findings,
        vec![e(FindingKind::Truncated, "DexDrive GME card is truncated: 4096 bytes, the header alone is 3904 and a card 134976; no saves can be read")]
    );
    // Stale header copies.
    let mut stale = write::to_gme(&card);
    stale[0x15 + 9] = 0x51;
    let f = read(&stale);
    assert_eq!(
        f.findings,
        vec![Finding::info(FindingKind::ContainerHeader,
            "DexDrive header's copy of the directory differs from the card for slot 9; the card's directory is used"
        )]
    );
}

#[test]
fn deleted_saves_are_listed_after_live_ones_and_still_read() {
    let mut c = three_saves();
    c.delete(2, false);
    let f = read(c.bytes());
    assert_eq!(
        summary(&f),
        vec![
            row("1", "BASLUS-00001ONE", &[1], SaveState::Live),
            row("5", "BASLUS-00002TWO", &[5, 6], SaveState::Live),
            row("2", "BASLUS-00003THREE", &[2, 3, 4], SaveState::Deleted),
        ]
    );
    assert_eq!(f.saves[2].data, save(3, "ＴＨＲＥＥ", 0x33));
    assert!(f.findings.is_empty() && f.saves.iter().all(|s| s.findings.is_empty()));
}

#[test]
fn duckstation_deletes_are_reconstructed() {
    let mut c = three_saves();
    c.delete(2, true);
    let f = read(c.bytes());
    assert_eq!(f.saves[2].blocks, vec![2, 3, 4]);
    assert_eq!(f.saves[2].state, SaveState::Reconstructed);
    assert_eq!(f.saves[2].data, save(3, "ＴＨＲＥＥ", 0x33));
    assert_eq!(
        f.saves[2].findings,
        vec![w(FindingKind::BrokenChain, "deleted save with cleared links: chain rebuilt from the following deleted blocks 2, 3, 4")]
    );
    assert!(f.findings.is_empty());

    // Block 3 reused by a new one-block save: no rebuild, and the leftover block is an orphan.
    let mut c = three_saves();
    c.delete(2, true);
    c.add_save_at(b"BASLUS-00009NEW", &save(1, "NEW", 0x99), &[3]);
    let f = read(c.bytes());
    let deleted = f.saves.iter().find(|s| s.selector == "2").unwrap();
    assert_eq!((deleted.state, deleted.blocks.clone()), (SaveState::Deleted, vec![2]));
    assert_eq!(
        deleted.findings[0],
        w(FindingKind::BrokenChain, "deleted save of 3 blocks with cleared links: the following blocks do not form its chain; only block 2 is read")
    );
    assert_eq!(
        f.findings,
        vec![w(
            FindingKind::DirectoryEntry,
            "directory frame 4 marks the last block of a deleted save that no save's chain reaches"
        )
        .at(Location::Block(4))]
    );
}

#[test]
fn duplicate_names_are_reported() {
    let mut c = three_saves();
    c.delete(2, false);
    c.add_save_at(b"BASLUS-00003THREE", &save(1, "ＴＨＲＥＥ", 0x44), &[7]);
    let f = read(c.bytes());
    assert_eq!(
        summary(&f)[2..],
        [
            row("7", "BASLUS-00003THREE", &[7], SaveState::Live),
            row("2", "BASLUS-00003THREE", &[2, 3, 4], SaveState::Deleted),
        ]
    );
    assert_eq!(
        f.saves[2].findings,
        vec![Finding::info(FindingKind::DuplicateName, "the save in slot 2 has the same name")]
    );
    assert_eq!(
        f.saves[3].findings,
        vec![Finding::info(FindingKind::DuplicateName, "the save in slot 7 has the same name")]
    );
}

#[test]
fn interleaved_mcs_with_a_wrong_block_state() {
    let s = save(3, "ＴＨＲＥＥ", 0x33);
    let mut bytes = write::to_interleaved_mcs("BASLUS-00003THREE", &s);
    bytes[2 * 8320] = 0x52; // last block's frame says "middle"
    let f = read(&bytes);
    assert_eq!(f.format, ContainerFormat::InterleavedMcs);
    assert_eq!(f.saves[0].data, s);
    assert_eq!(
        f.saves[0].findings,
        vec![w(
            FindingKind::DirectoryEntry,
            "interleaved MCS: block 3's frame is marked as a middle block of a save, not as the last block of a save"
        )]
    );
}

#[test]
fn broken_sector_list_replacements() {
    let mut c = three_saves();
    // Entry 0: sector of block 3, frame 5 → replaced by frame 36.
    let sector = 3 * 64 + 5u32;
    c.frame_mut(16)[..4].copy_from_slice(&sector.to_le_bytes());
    c.fix_xor(16);
    c.frame_mut(36).fill(0xAB);
    // Entry 1: bad XOR → ignored.
    c.frame_mut(17)[..4].copy_from_slice(&200u32.to_le_bytes());
    let f = read(c.bytes());
    assert_eq!(
        f.findings,
        vec![
            Finding::info(
                FindingKind::BrokenSector,
                "broken-sector list entry 0: sector 197 (block 3, frame 5) replaced by frame 36"
            )
            .at(Location::Sector(197)),
            w(
                FindingKind::BrokenSector,
                "broken-sector list entry 1 names sector 200 but its checksum is bad; ignored"
            ),
        ]
    );
    let data = &f.saves[1].data;
    assert_eq!(data[BLOCK + 5 * 128..BLOCK + 6 * 128], [0xAB; 128]);
    assert_eq!(data[BLOCK + 4 * 128], 0x33);
}

#[test]
fn single_save_damage() {
    let s = save(2, "ＴＷＯ", 0x22);
    // MCS: size field 1 block, file holds 2; deleted export.
    let mut mcs = write::to_mcs("BASLUS-00002TWO", &s);
    mcs[0] = 0xA1;
    mcs[4..8].copy_from_slice(&0x2000u32.to_le_bytes());
    mcs[0x7F] = write::frame_xor(&mcs[..128]);
    let f = read(&mcs);
    assert_eq!(f.saves[0].state, SaveState::Deleted);
    assert_eq!(
        f.saves[0].findings,
        vec![
            Finding::info(FindingKind::DeletedSave, "exported as a deleted save"),
            w(FindingKind::SizeMismatch, "size mismatch: the directory frame says 8192 bytes, the file holds 16384 (2 blocks); the file length is used"),
        ]
    );
    // Raw save whose title says 3 blocks; lowercase `sc`; bad icon flag.
    let mut raw = s.clone();
    raw[..2].copy_from_slice(b"sc");
    raw[3] = 3;
    let f = container::read(&raw, Some("BASLUS-00002TWO")).unwrap();
    assert_eq!(f.format, ContainerFormat::RawSave);
    assert_eq!(
        f.saves[0].findings,
        vec![
            Finding::info(FindingKind::TitleFrame, "title frame starts with lowercase `sc`"),
            w(
                FindingKind::SizeMismatch,
                "size mismatch: the title frame says 3 blocks, 2 were read"
            ),
        ]
    );
    // PSV whose length field runs past the end.
    let mut psv = write::to_psv("BASLUS-00002TWO", &s);
    psv[0x40..0x44].copy_from_slice(&0x6000u32.to_le_bytes());
    let f = read(&psv);
    assert_eq!(
        f.findings,
        vec![w(FindingKind::ContainerHeader, "PSV length field 24576 runs past the end of the file (16516 bytes); the file length is used")]
    );
    assert_eq!(f.saves[0].data, s);
}

#[test]
fn unreadable_and_unsupported_files() {
    match container::read(&vec![0u8; 0x200A0], Some("card.bin")) {
        Err(ContainerError::Unsupported(ContainerFormat::VitaMcx, m)) => {
            assert!(m.starts_with("the card is AES-encrypted"))
        }
        other => panic!("{other:?}"),
    }
    let mut ps2 = b"Sony PS2 Memory Card Format 1.2.0.0".to_vec();
    ps2.resize(0x840000, 0);
    assert_eq!(
        container::read(&ps2, None).unwrap_err().to_string(),
        "PlayStation 2 memory card is recognised but not supported: quadmist reads PS1 cards only; copy the PS1 save off the PS2 card (e.g. with uLaunchELF or MemcardRex) as a single save"
    );
    let mut psv2 = write::to_psv("X", &save(1, "X", 0));
    psv2[0x3C] = 2;
    assert!(matches!(
        container::read(&psv2, None),
        Err(ContainerError::Unsupported(ContainerFormat::Psv, _))
    ));
    assert_eq!(
        container::read(b"hello", Some("notes.txt")).unwrap_err().to_string(),
        "not a PS1 memory card or save file: notes.txt: 5 bytes of text starting \"hello\": no PS1 card or save layout matches (a card is 131072 bytes, a save a multiple of 8192 plus a known header)"
    );
    assert!(container::read(&[], None).is_err());
    // Other data is described in words, never as byte values.
    let junk = [0x9Cu8; 40];
    assert_eq!(
        container::read(&junk, Some("x.bin")).unwrap_err().to_string(),
        "not a PS1 memory card or save file: x.bin: 40 bytes of data that is not text: no PS1 card or save layout matches (a card is 131072 bytes, a save a multiple of 8192 plus a known header)"
    );
    let long_text = b"# a note that is longer than sixteen characters";
    assert!(container::read(long_text, None)
        .unwrap_err()
        .to_string()
        .contains("47 bytes of text starting \"# a note that is…\": "));
}

#[test]
fn a_card_behind_an_unknown_header_is_found() {
    let mut bytes = vec![0x42u8; 192];
    bytes.extend(three_saves().into_bytes());
    let f = read(&bytes);
    assert_eq!((f.format, f.payload_offset), (ContainerFormat::RawCard, 192));
    assert_eq!(
        f.findings,
        vec![w(
            FindingKind::ExtraBytes,
            "unknown 192-byte header before a card image; the card at offset 192 is read"
        )]
    );
    assert_eq!(summary(&f), clean_rows());
}

/// Not a test: writes fuzz seeds (every container, clean and damaged) to the directory
/// `QUADMIST_FUZZ_SEEDS` names (see `fuzz/README.md`). Each seed starts with the fuzz target's
/// name selector.
#[test]
#[ignore = "writes fuzz seeds; run by the steps in fuzz/README.md"]
fn write_fuzz_seeds() {
    let dir = std::env::var("QUADMIST_FUZZ_SEEDS").expect("QUADMIST_FUZZ_SEEDS");
    let card = three_saves().into_bytes();
    let mut deleted = three_saves();
    deleted.delete(2, true);
    let s = save(3, "ＦＦ９／ＤＡＴＡ０１　０１：２３", 0x33);
    let seeds: Vec<(&str, Vec<u8>)> = vec![
        ("card", card.clone()),
        ("gme", write::to_gme(&card)),
        ("gme-short", write::to_gme(&card)[..0xF40 + 3 * BLOCK].to_vec()),
        ("vgs", write::to_vgs(&card)),
        ("vmp", write::to_vmp(&card)),
        ("psx", write::to_psx_magazine(&card)),
        ("deleted", deleted.into_bytes()),
        ("mcs", write::to_mcs("BASLUS-0125100000-00", &s)),
        ("imcs", write::to_interleaved_mcs("BASLUS-0125100000-00", &s)),
        ("ar", write::to_action_replay("BASLUS-0125100000-00", "FF9", &s)),
        ("psv", write::to_psv("BASLUS-0125100000-00", &s)),
        ("raw", s.clone()),
    ];
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (name, bytes)) in seeds.into_iter().enumerate() {
        let mut seed = vec![i as u8];
        seed.extend(bytes);
        std::fs::write(std::path::Path::new(&dir).join(format!("built-{name}")), seed).unwrap();
    }
}

proptest::proptest! {
    /// One bad chain never hides the other saves: whatever bytes replace the directory
    /// frames and data of THREE (slots 2-4), ONE and TWO are read whole.
    #[test]
    fn a_damaged_chain_never_hides_the_others(
        frames in proptest::collection::vec(proptest::collection::vec(proptest::num::u8::ANY, 128), 3),
        data in proptest::collection::vec(proptest::num::u8::ANY, 64),
    ) {
        let mut c = three_saves();
        for (k, f) in frames.iter().enumerate() {
            c.frame_mut(2 + k).copy_from_slice(f);
        }
        c.block_mut(2)[..64].copy_from_slice(&data);
        let f = read(c.bytes());
        let one = f.saves.iter().find(|s| s.name.text == "BASLUS-00001ONE" && s.directory_index == Some(1)).unwrap();
        let two = f.saves.iter().find(|s| s.name.text == "BASLUS-00002TWO" && s.directory_index == Some(5)).unwrap();
        proptest::prop_assert_eq!(&one.blocks, &vec![1u8]);
        proptest::prop_assert_eq!(&two.blocks, &vec![5u8, 6]);
        proptest::prop_assert_eq!(&one.data, &save(1, "ＯＮＥ", 0x11));
        proptest::prop_assert_eq!(&two.data, &save(2, "ＴＷＯ", 0x22));
    }
}
