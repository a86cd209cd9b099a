//! The FF9 PlayStation block: decoding known records, the summary, the refusal of blocks that
//! only look like FF9 saves, and the builder's title and CRC.

use crate::shared;

use proptest::prelude::*;
use quadmist::ff9::psx::block::{self, RawCardRecord, RECORDS};
use quadmist::ff9::psx::write::FF9Block;
use quadmist::ff9::psx::{block_crc, PsxSave};
use quadmist::ff9::GameInfo;
use quadmist::model::{CardRecord, CardSource, CardType, Finding, FindingKind, Platform, Severity};

fn rec(id: u8, arrows: u8, atk: u8, card_type: u8, pdef: u8, mdef: u8) -> RawCardRecord {
    RawCardRecord { id, arrows, atk, card_type, pdef, mdef }
}

fn us_save(data: Vec<u8>) -> PsxSave {
    let crc_ok = block_crc(&data).map(|(s, c)| s == c);
    PsxSave {
        name: "BASLUS-0125100000-00".into(),
        data,
        game_info: Some(GameInfo {
            region: "NTSC-U".into(),
            language: "English".into(),
            disc: Some(1),
            file: Some(1),
        }),
        ff9_title: true,
        crc_ok,
    }
}

/// A block with holes, 0xFF padding, odd empty records, edge values and diagnostic records.
fn known_block() -> FF9Block {
    let mut b = FF9Block {
        file_number: 3,
        leader_name: "Zidane".into(),
        leader_level: 27,
        location: "Lindblum".into(),
        play_time_seconds: 12 * 3600 + 34 * 60 + 56,
        gil: 123_456,
        wins: 41,
        losses: 7,
        draws: 0x7FFF,
        ..FF9Block::default()
    };
    b.records[0] = rec(0, 0x00, 3, 0, 4, 2); // Goblin
    b.records[1] = rec(99, 0xFF, 255, 3, 0, 128); // Airship, edge values
                                                  // records[2], [3] holes (0xFF padding)
    b.records[4] = rec(0, 0x81, 6, 2, 8, 3); // Goblin X
    b.records[5] = rec(150, 1, 2, 3, 4, 5); // invalid id: empty
    b.records[6] = rec(0xFF, 0, 0, 0, 0, 0); // empty with zero stats
    b.records[7] = rec(38, 0x10, 60, 7, 70, 20); // Ogre, unknown type byte
    b.records[99] = rec(1, 0x55, 5, 1, 6, 3); // Fang in the last counted slot
    b.records[100] = rec(2, 0x02, 1, 0, 1, 1); // past slot 100: ignored
    b.records[104] = rec(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    b
}

fn card(slot: u16, id: u8, arrows: u8, atk: u8, t: CardType, pdef: u8, mdef: u8) -> CardRecord {
    CardRecord { slot, id, arrows, atk, card_type: t, pdef, mdef, cpoint: None }
}

#[test]
fn known_records_decode_field_by_field() {
    let data = known_block().build();
    assert_eq!(data.len(), 0x2000);
    let c = block::decode(&us_save(data)).expect("decodes");
    assert_eq!(c.platform, Platform::PlayStation);
    assert_eq!(c.card_source, CardSource::Save);
    assert_eq!((c.wins, c.losses, c.draws), (41, 7, 0x7FFF));
    assert_eq!(
        c.cards,
        vec![
            card(1, 0, 0x00, 3, CardType::Physical, 4, 2),
            card(2, 99, 0xFF, 255, CardType::Assault, 0, 128),
            card(5, 0, 0x81, 6, CardType::Flexible, 8, 3),
            card(8, 38, 0x10, 60, CardType::Unknown(7), 70, 20),
            card(100, 1, 0x55, 5, CardType::Magic, 6, 3),
        ]
    );
    assert_eq!(c.ignored_records, vec![card(101, 2, 0x02, 1, CardType::Physical, 1, 1)]);
    let msgs: Vec<String> = c.findings.iter().map(|f| f.to_string()).collect();
    assert!(
        msgs.iter().any(|m| m == "warning: slot 6: invalid card id 150 treated as empty"),
        "{msgs:?}"
    );
    assert!(msgs.iter().any(|m| m.starts_with("error: slot 8: type byte 7")), "{msgs:?}");
    assert!(msgs.iter().any(|m| m.starts_with("warning: record 101 ")), "{msgs:?}");
    // 0x7FFF is the largest value that is not reported.
    assert!(!msgs.iter().any(|m| m.contains("counter")), "{msgs:?}");
    // No CRC, title or play-time complaint on a well-built block.
    assert_eq!(c.findings.len(), 3, "{msgs:?}");
    let s = &c.summary;
    assert_eq!(s.leader_name.as_deref(), Some("Zidane"));
    assert_eq!(s.leader_level, Some(27));
    assert_eq!(s.location.as_deref(), Some("Lindblum"));
    assert_eq!(s.play_time_seconds, Some(45296.0));
    assert_eq!(s.gil, Some(123_456));
}

#[test]
fn raw_offsets_match_the_spec_table() {
    let data = known_block().build();
    // W/L/D at 0x1178, record k at 0x117E + 6k (id, arrows, atk, type, pdef, mdef).
    assert_eq!(&data[0x1178..0x117E], &[41, 0, 7, 0, 0xFF, 0x7F]);
    assert_eq!(&data[0x1184..0x118A], &[99, 0xFF, 255, 3, 0, 128]);
    assert_eq!(&data[0x117E + 6 * 100..0x117E + 6 * 101], &[2, 0x02, 1, 0, 1, 1]);
    // Gil at 0xEE8 and in the preview at 0x130; level at 0x105; name at 0x106.
    assert_eq!(&data[0xEE8..0xEEC], &123_456u32.to_le_bytes());
    assert_eq!(&data[0x130..0x134], &123_456u32.to_le_bytes());
    assert_eq!(data[0x105], 27);
    assert_eq!(&data[0x106..0x10E], &[0x29, 0x38, 0x33, 0x30, 0x3D, 0x34, 0xFF, 0xFF]);
    // Play time as NTSC frames: 45296 s × 60.
    assert_eq!(&data[0x12C..0x130], &(45296u32 * 60).to_le_bytes());
    assert_eq!(&data[..4], b"SC\x11\x01");
    let (stored, computed) = block_crc(&data).unwrap();
    assert_eq!(stored, computed);
    assert_eq!(u16::from_le_bytes([data[0x13FE], data[0x13FF]]), computed);
}

#[test]
fn title_carries_the_ff9_mark_file_number_and_time() {
    let data = known_block().build();
    let end = data[4..0x44].iter().position(|&b| b == 0).map_or(0x44, |p| p + 4);
    let (title, _, bad) = encoding_rs::SHIFT_JIS.decode(&data[4..end]);
    assert!(!bad);
    // As the genuine US and PAL saves write it (ff9-save-formats §a.2).
    assert_eq!(title, "ＦＦ９／ＦＩＬＥ０３／１２：３４");
    // Characters 8-9 at 0x14, 11-12 at 0x1A, 14-15 at 0x20 (spec §a.2).
    assert_eq!(&data[0x14..0x18], &[0x82, 0x4F, 0x82, 0x52]);
    assert_eq!(block::title_file_number(&data), Some(3));
    assert_eq!(block::title_play_time(&data), Some((12, 34)));
}

#[test]
fn play_time_in_tenths_is_chosen_when_it_matches_the_title() {
    let mut data = FF9Block { play_time_seconds: 3723, ..FF9Block::default() }.build();
    // Title says 01:02. Tenths reading of 37230 is 3723 s = 1:02:03; frames reading 620 s.
    data[0x12C..0x130].copy_from_slice(&37230u32.to_le_bytes());
    let (s, f) = block::summary(&data, Some("BA"));
    assert_eq!(s.play_time_seconds, Some(3723.0));
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].severity, Severity::Info);
    // Neither reading matches: frames reading with a warning.
    data[0x12C..0x130].copy_from_slice(&1u32.to_le_bytes());
    let (s, f) = block::summary(&data, Some("BA"));
    assert_eq!(s.play_time_seconds, Some(1.0 / 60.0));
    assert_eq!(f[0].severity, Severity::Warning);
}

#[test]
fn pal_play_time_is_counted_at_50_frames() {
    let data = FF9Block { play_time_seconds: 7200, frame_rate: 50, ..FF9Block::default() }.build();
    assert_eq!(&data[0x12C..0x130], &360_000u32.to_le_bytes());
    let (s, f) = block::summary(&data, Some("BE"));
    assert_eq!(s.play_time_seconds, Some(7200.0));
    assert!(f.is_empty(), "{f:?}");
    // Read as NTSC, 360000 frames are 6000 s = 1:40, not the title's 02:00.
    let (s, _) = block::summary(&data, Some("BA"));
    assert_eq!(s.play_time_seconds, Some(6000.0));
}

#[test]
fn gil_copies_that_differ_are_reported() {
    let mut data = FF9Block { gil: 500, ..FF9Block::default() }.build();
    data[0xEE8..0xEEC].copy_from_slice(&501u32.to_le_bytes());
    let (s, f) = block::summary(&data, Some("BA"));
    assert_eq!(s.gil, Some(501));
    assert_eq!(f.len(), 1);
    assert!(f[0].message.contains("500"));
}

#[test]
fn counters_above_i16_are_reported_and_a_failing_crc_alone_is_not_refused() {
    let mut data = FF9Block { wins: 0x8000, losses: 0xFFFF, ..FF9Block::default() }.build();
    data[0x13FE] ^= 1;
    let c = block::decode(&us_save(data)).unwrap();
    assert_eq!((c.wins, c.losses), (32768, 65535));
    let warnings: Vec<&str> = c
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Warning)
        .map(|f| f.message.as_str())
        .collect();
    // The checksum is the listing's to report; the decoder reports the counters.
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(warnings[0].starts_with("wins counter 32768"));
    assert!(warnings[1].starts_with("losses counter 65535"));
}

#[test]
fn an_all_zero_card_area_is_not_a_collection() {
    let mut data = FF9Block::default().build();
    data[0x1178..0x13D6].fill(0);
    let mut save = us_save(data.clone());
    let e = block::decode(&save).unwrap_err();
    assert!(e.to_string().starts_with("not a game save"), "{e}");
    save.ff9_title = false;
    save.crc_ok = Some(false);
    let e = block::decode(&save).unwrap_err();
    assert_eq!(
        e.to_string(),
        "not a game save: FF9 file name but no FF9 title, an all-zero card area and a failing checksum"
    );
}

#[test]
fn a_foreign_title_with_a_good_crc_still_decodes() {
    let data = known_block().build();
    let mut save = us_save(data);
    save.ff9_title = false;
    let c = block::decode(&save).unwrap();
    assert_eq!(c.cards.len(), 5);
    // Same title, failing CRC: refused.
    save.crc_ok = Some(false);
    let e = block::decode(&save).unwrap_err();
    assert_eq!(
        e.to_string(),
        "not a game save: FF9 file name but no FF9 title, a failing checksum"
    );
}

#[test(needs = SharedData)]
fn the_crafted_tonyhax_saves_are_not_game_saves() {
    for name in ["ff9-a-us-tpl.mcs", "ff9-b-us-tpl.mcs", "ff9-a-jp-tpl.mcs"] {
        let bytes = shared::read(&format!("data/real/psx-ff9-crafted/{name}"));
        let data = bytes[0x80..].to_vec();
        assert_eq!(data.len(), 0x2000);
        let crc_ok = block_crc(&data).map(|(s, c)| s == c);
        assert_eq!(crc_ok, Some(false), "{name}");
        let save = PsxSave {
            name: String::from_utf8_lossy(&bytes[0x0A..0x1E]).into_owned(),
            data,
            game_info: quadmist::ff9::psx::ff9_game_info(&bytes[0x0A..0x1E]),
            ff9_title: false,
            crc_ok,
        };
        let e = block::decode(&save).unwrap_err();
        assert_eq!(
            e.to_string(),
            "not a game save: FF9 file name but no FF9 title, an all-zero card area and a failing checksum",
            "{name}"
        );
    }
}

#[test]
fn short_blocks_are_refused() {
    let data = FF9Block::default().build();
    for len in [0, 0x100, 0x13F4, 0x13FF] {
        let e = block::decode(&us_save(data[..len].to_vec())).unwrap_err();
        assert!(e.to_string().contains("at least 5120"), "{e}");
    }
    assert!(block::decode(&us_save(data[..0x1400].to_vec())).is_ok());
}

#[test]
fn japanese_names_use_the_japanese_table_and_stop_at_six_characters() {
    let data = FF9Block { leader_name: "AB".into(), ..FF9Block::default() }.build();
    let (s, f) = block::summary(&data, Some("BI"));
    assert_eq!(s.leader_name.as_deref(), Some("AB"));
    assert!(f.is_empty(), "{f:?}");
    // Seven question marks and no end mark: a Japanese name has at most six characters.
    let mut data = data;
    data[block::PREVIEW_OFFSET + 1..block::PREVIEW_OFFSET + 9].copy_from_slice(&[0x2C; 8]);
    let (s, f) = block::summary(&data, Some("BI"));
    assert_eq!(s.leader_name.as_deref(), Some("??????"));
    assert_eq!(
        f,
        vec![Finding::warning(
            FindingKind::UnreadableText,
            "the leader's name has no end mark within 6 characters: the first 6 are shown (an \
             edited or damaged save)"
        )]
    );
    let (s, _) = block::summary(&data, Some("BA"));
    assert_eq!(s.leader_name.as_deref(), Some("???????"));
}

#[test]
fn a_leader_of_question_marks_is_not_named_yet_and_said_by_the_party_record() {
    use quadmist::model::PartyMember;
    // (party byte, name, named, who, words)
    for (party, name, named, who, words) in [
        (1, "??????", false, Some(PartyMember::Vivi), "Vivi (not named yet)"),
        (5, "???", false, Some(PartyMember::Quina), "Quina (not named yet)"),
        (9, "???????", false, None, "leader not named yet"),
        (1, "Vivi", true, None, "Vivi"),
        (0, "?Zidane", true, None, "?Zidane"),
    ] {
        let mut data = FF9Block { leader_name: name.into(), ..FF9Block::default() }.build();
        data[block::PARTY_OFFSET] = party;
        let (s, _) = block::summary(&data, Some("BA"));
        assert_eq!((s.leader_named, s.unnamed_leader), (Some(named), who), "{name}");
        assert_eq!(s.leader_label().as_deref(), Some(words), "{name}");
    }
}

#[test]
fn every_record_of_a_full_card_round_trips() {
    let mut b = FF9Block::default();
    for k in 0..RECORDS {
        let k8 = k as u8;
        b.records[k] = rec(k8 % 100, k8.wrapping_mul(37), k8, k8 % 4, 255 - k8, k8 ^ 0x5A);
    }
    let c = block::decode(&us_save(b.build())).unwrap();
    assert_eq!(c.cards.len(), 100);
    assert_eq!(c.ignored_records.len(), 5);
    for (k, got) in c.cards.iter().chain(&c.ignored_records).enumerate() {
        let k8 = k as u8;
        let want = card(
            k as u16 + 1,
            k8 % 100,
            k8.wrapping_mul(37),
            k8,
            CardType::from_code((k8 % 4) as u32),
            255 - k8,
            k8 ^ 0x5A,
        );
        assert_eq!(*got, want);
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(
        data in proptest::collection::vec(any::<u8>(), 0..0x2100),
        title in any::<bool>(),
        crc in proptest::option::of(any::<bool>()),
        name in proptest::collection::vec(0x20u8..=0x7e, 0..=20)
            .prop_map(|b| String::from_utf8(b).expect("printable ASCII")),
    ) {
        let save = PsxSave { name, data, game_info: None, ff9_title: title, crc_ok: crc };
        let _ = block::decode(&save);
    }

    #[test]
    fn random_blocks_never_panic(seed in proptest::collection::vec(any::<u8>(), 0x2000)) {
        let mut data = FF9Block::default().build();
        // Keep the header, scramble the game data.
        data[0x100..].copy_from_slice(&seed[0x100..]);
        let _ = block::decode(&us_save(data));
    }
}
