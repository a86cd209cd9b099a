//! The container layer on the real sample files in `../shared/data/real/`.
//!
//! Expected values were read from the bytes with a separate Python one-off (directory walk by
//! links, CP932 decode with the full-width fold, icon RGBA sums), not with quadmist.

use crate::shared;

use quadmist::container::{self, icon, ContainerFormat, SaveState};
use quadmist::ff9;

/// (slot, name, chain, icon flag, folded title) of every live save.
type Expected = (u8, &'static str, &'static [u8], u8, &'static str);

const MEMORY_CARD_2_1: &[Expected] = &[
    (1, "BESCES-00984GT", &[1, 2, 3, 4, 5], 17, "GT game data"),
    (6, "BESCES-00984RT", &[6, 7], 17, "GT replay data"),
    (8, "BESCES-01237TEKKEN-3", &[8], 17, "[TEKKEN 3]  5 CHARACTERS LEFT!"),
    (9, "BESLES-00477", &[9], 17, "Colin McRae Rally"),
    (10, "BESCES-00582", &[10], 17, "Nightmare Creatures"),
    (11, "BESCES-0096700994465", &[11], 17, "Crash Bandicoot 2"),
    (12, "BESLES-02158", &[12], 17, "South Park"),
    (13, "BESLES-01051Matt..", &[13], 17, "Sentinel〈Matt..〉   (0001-000%)"),
    (14, "BESLES-00024TOMBRAID", &[14], 17, "Tomb Raider"),
    (15, "BESLES-00327MATT", &[15], 17, "WO2097 MATT"),
];

const EPSXE000: &[Expected] = &[
    (1, "BESCESP02066AC3PAL", &[1], 17, "ACECOMBAT3 electrosphere"),
    (2, "BASLUS-00707SILENT00", &[2], 17, "SILENT HILL  FILE01"),
    (3, "BASLUS-00594G003s@GA", &[3], 17, "MGS [NM] 00:33 Armory Sth"),
    (4, "BASLUS-00594G001u@DA", &[4], 17, "MGS [NM] 00:15 Cell"),
    (5, "BASLUS-00974YVES  0", &[5], 19, "MOH-YVES       (33%)"),
    (6, "BASLUS-00001AIRCOMB", &[6], 19, "AIRCOMBAT"),
    (7, "BASLUS-01066C`DAG01", &[7], 18, "THPS2 CAREERー CAREER A"),
];

const M1: &[Expected] = &[
    (1, "BISLPS-00093", &[1], 19, "おーちゃんのお絵かきロジック"),
    (2, "BASLUS-00603-DASH00", &[2], 17, "MEGAMAN LEGENDS[1]03:05:51"),
    (3, "BISLPS-00817POM1", &[3], 19, "こみゅにてぃぽむ 1/ああ    /LV.07/ポム02匹"),
    (4, "BISLPS-01316BPRO00", &[4], 17, "Brave Prove00 Lv06 Time01:17"),
    (5, "BISLPS-01261OB2#01", &[5], 19, "オーバーブラッド2のセーブデータその01"),
    (6, "BISLPS-00688EKD2-1", &[6, 7, 8], 19, "孔明伝 1:四章二幕 26:37"),
    (9, "BISLPSP91154BEST0400", &[9], 19, "玉繭物語01/回廊/階級24"),
    (10, "BASLUS-00594G03u1@LA", &[10], 17, "MGS [HD] 03:51 Nuke Bldg. B2"),
    (11, "BASLUS-01040VAG1", &[11, 12, 13], 17, "VAGRANT STORY FILE 1   01:04:28"),
    (14, "BASCUS-94236TOMBA-00", &[14], 19, "TOMBA! [00] 001:25 P=16 Level04"),
];

fn check_card(rel: &str, expected: &[Expected]) {
    let bytes = shared::read(rel);
    let file = container::read(&bytes, rel.rsplit('/').next()).unwrap();
    assert_eq!(file.format, ContainerFormat::RawCard);
    assert_eq!(file.payload_offset, 0);
    assert!(file.findings.is_empty(), "{rel}: {:?}", file.findings);
    assert_eq!(file.saves.len(), expected.len(), "{rel}");
    for (save, &(slot, name, chain, flag, title)) in file.saves.iter().zip(expected) {
        assert_eq!(save.selector, slot.to_string());
        assert_eq!(save.directory_index, Some(slot));
        assert_eq!(save.state, SaveState::Live);
        assert_eq!(save.name.text, name);
        assert_eq!(save.blocks, chain);
        assert_eq!(save.size_field as usize, chain.len() * 8192);
        assert_eq!(save.title_block_count as usize, chain.len());
        assert_eq!(save.icon.flag, flag);
        assert_eq!(save.icon.frames.len(), (flag & 0x0F) as usize);
        assert_eq!(save.title.folded, title);
        assert_eq!(save.data.len(), chain.len() * 8192);
        for (k, &b) in chain.iter().enumerate() {
            let o = b as usize * 8192;
            assert_eq!(save.data[k * 8192..(k + 1) * 8192], bytes[o..o + 8192]);
        }
        assert!(save.findings.is_empty(), "{rel} slot {slot}: {:?}", save.findings);
    }
    // The FF9 scan finds no FF9 save and raises nothing.
    let set = ff9::open(&bytes, None, &|_| None).unwrap();
    assert!(set.saves.iter().all(|s| !s.is_ff9 && s.game_info.is_none()));
    assert!(set.saves.iter().all(|s| s.findings.is_empty() && s.checksum_ok.is_none()));
}

#[test(needs = SharedData)]
fn memory_card_2_1() {
    check_card("data/real/psx-cards/MemoryCard2-1.mcd", MEMORY_CARD_2_1);
}

#[test(needs = SharedData)]
fn epsxe000() {
    check_card("data/real/psx-cards/epsxe000.mcr", EPSXE000);
}

#[test(needs = SharedData)]
fn m1() {
    check_card("data/real/psx-cards/m1.mcd", M1);
}

#[test(needs = SharedData)]
fn blank_cards_have_no_saves_and_the_write_test_frame_is_never_validated() {
    // epsxe001.mcr has a frame 63 whose XOR does not match: no finding may come of it.
    check_card("data/real/psx-cards/blank.mcd", &[]);
    check_card("data/real/psx-cards/epsxe001.mcr", &[]);
}

#[test(needs = SharedData)]
fn real_icons_match_an_independent_render() {
    let bytes = shared::read("data/real/psx-cards/epsxe000.mcr");
    let file = container::read(&bytes, None).unwrap();
    // (slot, frames, sum of all RGBA bytes over all frames, transparent pixels, first pixel)
    for (slot, frames, sum, transparent, first) in [
        (5u8, 3usize, 397_626u64, 0usize, [107u8, 132, 74, 255]),
        (7, 2, 272_253, 0, [66, 33, 33, 255]),
        (1, 1, 162_178, 3, [206, 206, 206, 255]),
    ] {
        let save = file.saves.iter().find(|s| s.directory_index == Some(slot)).unwrap();
        assert_eq!(save.icon.frames.len(), frames);
        let px: Vec<[u8; 4]> =
            save.icon.frames.iter().flat_map(|f| icon::frame_rgba(&save.icon, f)).collect();
        assert_eq!(px[0], first);
        assert_eq!(px.iter().flatten().map(|&v| v as u64).sum::<u64>(), sum);
        assert_eq!(px.iter().filter(|p| p[3] == 0).count(), transparent);
    }
}

#[test(needs = SharedData)]
fn crafted_ff9_files_are_named_ff9_saves_with_a_checksum_mismatch() {
    for (file_name, name, region, language, code) in [
        ("ff9-a-us-tpl.mcs", "BASLUS-0125100000-00", "NTSC-U", "English", "SLUS-01251"),
        ("ff9-b-us-tpl.mcs", "BASLUS-0125100000-00", "NTSC-U", "English", "SLUS-01251"),
        ("ff9-a-jp-tpl.mcs", "BISLPS-0200000000-00", "NTSC-J", "Japanese", "SLPS-02000"),
    ] {
        let bytes = shared::read(&format!("data/real/psx-ff9-crafted/{file_name}"));
        assert_eq!(bytes.len(), 8320);
        let file = container::read(&bytes, Some(file_name)).unwrap();
        assert_eq!(file.format, ContainerFormat::Mcs);
        assert_eq!(file.payload_offset, 128);
        assert!(file.findings.is_empty());
        assert_eq!(file.saves.len(), 1);
        assert!(file.saves[0].findings.is_empty(), "{:?}", file.saves[0].findings);
        assert_eq!(
            file.saves[0].title.folded,
            format!("bare-bones-loader-start{}", "-".repeat(41))
        );

        let set = ff9::open(&bytes, Some(file_name), &|_| None).unwrap();
        assert_eq!(set.kind, ff9::FileKind::PlayStation(ContainerFormat::Mcs));
        assert_eq!(set.saves.len(), 1);
        let s = &set.saves[0];
        assert_eq!(s.selector, "1");
        assert_eq!(s.name, name);
        assert_eq!(s.product_code.as_deref(), Some(code));
        assert!(!s.is_ff9);
        assert!(!s.deleted);
        let g = s.game_info.as_ref().unwrap();
        assert_eq!(
            (g.region.as_str(), g.language.as_str(), g.disc, g.file),
            // No disc: it comes from the block, and this block is not a game save.
            (region, language, None, Some(1))
        );
        assert_eq!(s.checksum_ok, Some(false));
        assert!(s.summary.is_none());
        let messages: Vec<&str> = s.findings.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(
            messages[0].starts_with("FF9 file name but not an FF9 title (`bare-bones-loader-start")
        );
        assert!(messages[1].starts_with("the checksum does not match (stored 0, computed "));
        assert!(
            !messages[1].contains("shown"),
            "a look-alike's data is not shown: {}",
            messages[1]
        );
        assert!(s.findings.iter().all(|f| f.severity == quadmist::Severity::Warning));
    }
}
