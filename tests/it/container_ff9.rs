//! FF9 recognition of PlayStation saves (ff9-save-formats §a.1–§a.7) on built saves.
//!
//! Expected values follow from the bytes written here: product codes from the spec's table,
//! play times chosen so that exactly one reading matches the title's HH:MM.

use quadmist::container::write::{self, CardBuilder};
use quadmist::ff9::psx::{self, block};
use quadmist::ff9::{self, charset, GameInfo};
use quadmist::model::{Finding, FindingKind, SaveSummary};

struct Ff9 {
    title: &'static str,
    level: u8,
    leader: &'static str,
    location: &'static str,
    play_time: u32,
    preview_gil: u32,
    gil: u32,
    disc_byte: u8,
}

const US: Ff9 = Ff9 {
    title: "ＦＦ９／ＤＡＴＡ０５　０１：２３",
    level: 27,
    leader: "Zidane",
    location: "Lindblum",
    play_time: 5025 * 60, // 1:23:45 at 60 fps; as tenths it would be 8:22:30
    preview_gil: 12345,
    gil: 12345,
    disc_byte: 1,
};

/// One FF9 block with the given preview fields and a correct CRC.
fn ff9_block(f: &Ff9) -> Vec<u8> {
    let mut palette = [0u16; 16];
    palette[1] = 0x7FFF;
    let mut s = write::new_save(1, &write::encode_title(f.title), &palette, &[[0x11; 128]]);
    let preview = block::PreviewFields {
        leader_level: f.level,
        leader_name: charset::encode(f.leader, 8).try_into().unwrap(),
        unknown: [0, 0],
        location: charset::encode(f.location, 28).try_into().unwrap(),
        play_time: f.play_time,
        gil: f.preview_gil,
    };
    psx::write::write_preview(&mut s, &preview).unwrap();
    s[block::GIL_OFFSET..block::GIL_OFFSET + 4].copy_from_slice(&f.gil.to_le_bytes());
    s[block::DISC_OFFSET] = f.disc_byte;
    let crc = psx::crc16(&s[..psx::CRC_OFFSET]);
    s[psx::CRC_OFFSET..psx::CRC_OFFSET + 2].copy_from_slice(&crc.to_le_bytes());
    s
}

fn open_one(name: &str, save: &[u8]) -> ff9::SaveEntry {
    let set = ff9::open(&write::to_mcs(name, save), None, &|_| None).unwrap();
    assert_eq!(set.saves.len(), 1);
    set.saves.into_iter().next().unwrap()
}

fn info(region: &str, language: &str, disc: u8, file: u8) -> Option<GameInfo> {
    Some(GameInfo {
        region: region.into(),
        language: language.into(),
        disc: Some(disc),
        file: Some(file),
    })
}

#[test]
fn a_us_disc_2_save_is_recognised_with_its_summary() {
    let e = open_one("BASLUS-0129500000-04", &ff9_block(&US));
    assert!(e.is_ff9);
    assert_eq!(e.product_code.as_deref(), Some("SLUS-01295"));
    assert_eq!(e.game_info, info("NTSC-U", "English", 2, 5));
    assert_eq!(e.checksum_ok, Some(true));
    assert_eq!(e.title, "FF9/DATA05 01:23");
    assert_eq!(
        e.summary,
        Some(SaveSummary {
            leader_name: Some("Zidane".into()),
            leader_named: Some(true),
            unnamed_leader: None,
            leader_level: Some(27),
            location: Some("Lindblum".into()),
            play_time_seconds: Some(5025.0),
            gil: Some(12345),
        })
    );
    assert_eq!(e.findings, vec![]);
}

#[test]
fn a_pal_save_in_tenths_with_a_gil_disagreement_and_the_disc_from_the_block() {
    let f = Ff9 {
        title: "ＦＦ９／ＤＡＴＡ１５　０１：２３",
        play_time: 50250,               // tenths: 1:23:45; frames at 50 fps: 0:16:45
        preview_gil: 100 | 0x7700_0000, // only the low 3 bytes count
        gil: 200,
        disc_byte: 0,
        ..US
    };
    let e = open_one("BESLES-1296600000-14", &ff9_block(&f));
    assert!(e.is_ff9);
    assert_eq!(e.game_info, info("PAL", "French", 1, 15));
    assert_eq!(e.summary.as_ref().unwrap().play_time_seconds, Some(5025.0));
    assert_eq!(e.summary.as_ref().unwrap().gil, Some(200));
    // The disc comes from the block (disc byte 0 = disc 1); the code's disc 2 is no evidence.
    assert_eq!(
        e.findings,
        vec![
            Finding::info(
                FindingKind::PlayTimeReading,
                "play time read as tenths of a second (that reading matches the title)"
            ),
            Finding::warning(
                FindingKind::CopiesDisagree,
                "gil 200 differs from the load-screen copy 100"
            ),
        ]
    );
}

#[test]
fn play_time_matching_neither_reading_is_shown_as_frames_and_reported() {
    let f = Ff9 { play_time: 600, disc_byte: 0, ..US }; // 10 s as frames, 60 s as tenths; title says 01:23
    let e = open_one("BASLUS-0125100000-00", &ff9_block(&f));
    assert_eq!(e.summary.as_ref().unwrap().play_time_seconds, Some(10.0));
    assert_eq!(
        e.findings,
        vec![Finding::warning(
            FindingKind::CopiesDisagree,
            "play time 0:00 (600 frames at 60/s) does not match the title's 01:23; shown as frames"
        )]
    );
}

#[test]
fn a_bad_crc_is_a_warning_and_the_save_is_still_shown() {
    let mut s = ff9_block(&Ff9 { disc_byte: 0, ..US });
    let good = u16::from_le_bytes([s[0x13FE], s[0x13FF]]);
    s[0x1200] ^= 1;
    let e = open_one("BASLUS-0125100000-00", &s);
    assert!(e.is_ff9);
    assert_eq!(e.checksum_ok, Some(false));
    assert!(e.summary.is_some());
    let computed = psx::crc16(&s[..0x13FE]);
    assert_eq!(
        e.findings,
        vec![Finding::warning(FindingKind::Checksum, format!(
            "the checksum does not match (stored {good}, computed {computed}); the data is shown anyway"
        ))]
    );
}

#[test]
fn a_japanese_save_reads_its_names_in_the_japanese_table() {
    // The Western bytes of "Zidane" are 0x29 0x38 0x33 0x30 0x3D 0x34: in the Japanese table
    // (shared with the Western one below 0x50) they read the same. Kana need the Japanese table.
    let e = open_one("BISLPS-0200200000-00", &ff9_block(&US));
    // A disc-3 code, disc byte 1: disc 2, from the block.
    assert_eq!(e.game_info, info("NTSC-J", "Japanese", 2, 1));
    assert_eq!(e.summary.unwrap().leader_name.as_deref(), Some("Zidane"));
    assert_eq!(e.findings, vec![]);
    let mut s = ff9_block(&US);
    let name = charset::encode_in("ジタン", charset::Table::Japanese, 8);
    assert_eq!(name, [0xC0, 0xC4, 0xF5, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
    s[block::PREVIEW_OFFSET + 1..block::PREVIEW_OFFSET + 9].copy_from_slice(&name);
    let crc = psx::crc16(&s[..psx::CRC_OFFSET]);
    s[psx::CRC_OFFSET..psx::CRC_OFFSET + 2].copy_from_slice(&crc.to_le_bytes());
    let e = open_one("BISLPS-0200000000-00", &s);
    assert_eq!(e.summary.unwrap().leader_name.as_deref(), Some("ジタン"));
    // The same bytes in a Western save are codes outside its table.
    let e = open_one("BASLUS-0125100000-00", &s);
    assert_eq!(e.summary.unwrap().leader_name.as_deref(), Some("\\xC0\\xC4\\xF5"));
    assert_eq!(
        e.findings,
        vec![Finding::warning(
            FindingKind::UnreadableText,
            "the leader's name holds 3 codes outside the game's character table (shown as \\xNN)"
        )]
    );
}

#[test]
fn ff9_title_under_another_name_is_decoded_with_a_warning() {
    let e = open_one("BASLUS-99999FF9", &ff9_block(&US));
    assert!(e.is_ff9);
    assert_eq!(e.game_info, None);
    assert_eq!(e.checksum_ok, Some(true));
    assert_eq!(
        e.findings,
        vec![Finding::warning(
            FindingKind::UnknownProduct,
            "FF9 title under an unknown product code (`BASLUS-99999FF9`); decoded anyway"
        )]
    );
}

#[test]
fn names_outside_the_shape_or_the_table_are_not_ff9() {
    for name in [
        "BASLUS-0125100000-0A",
        "BESLUS-0125100000-00",
        "BASLUS-0125200000-00",
        "BASLUS-0125100001-00",
    ] {
        assert_eq!(psx::ff9_game_info(name.as_bytes()), None, "{name}");
    }
    let plain = write::new_save(1, b"OTHER GAME", &[0; 16], &[[0; 128]]);
    let e = open_one("BASLUS-0125100000-0A", &plain);
    assert!(!e.is_ff9);
    assert_eq!((e.checksum_ok, e.findings.len()), (None, 0));
}

#[test]
fn deleted_ff9_saves_on_a_card_keep_their_slot() {
    let mut c = CardBuilder::formatted();
    c.add_save("BASLUS-00001ONE", &write::new_save(1, b"ONE", &[0; 16], &[[0; 128]]));
    c.add_save("BASLUS-0125100000-02", &ff9_block(&US));
    c.delete(2, false);
    let set = ff9::open(c.bytes(), Some("card.mcr"), &|_| None).unwrap();
    let e = &set.saves[1];
    assert_eq!((e.selector.as_str(), e.deleted, e.is_ff9), ("2", true, true));
    // Disc 2 from the block's disc byte, whatever the disc-1 code says; deleted, with a warning.
    assert_eq!(e.game_info, info("NTSC-U", "English", 2, 3));
    assert_eq!(
        e.findings,
        vec![Finding::warning(
            FindingKind::DeletedSave,
            "deleted save: it can still be read, but its blocks count as free, so a later save \
             may have partly overwritten it"
        )]
    );
}

#[test]
fn product_codes_from_names() {
    assert_eq!(psx::product_code(b"BISLPSP91154BEST0400").as_deref(), Some("SLPSP91154"));
    assert_eq!(psx::product_code(b"BESLES-00477").as_deref(), Some("SLES-00477"));
    assert_eq!(psx::product_code(b"BESLES-0047"), None);
    assert_eq!(psx::product_code(b"BEslES-00477"), None);
    assert_eq!(psx::product_code(b"BESLES_00477"), None);
}

/// A Japanese save whose title ends with `title_place` and whose block holds `place` (raw
/// bytes in the Japanese table, 0xFF-padded).
fn japanese_save(title_place: &str, place: &[u8]) -> ff9::SaveEntry {
    let title = format!("ＦＦ９／ファイル０１／０１：２３{title_place}");
    let mut s = ff9_block(&Ff9 { title: Box::leak(title.into_boxed_str()), ..US });
    let mut field = [0xFF; 28];
    field[..place.len()].copy_from_slice(place);
    s[0x110..0x12C].copy_from_slice(&field);
    let crc = psx::crc16(&s[..psx::CRC_OFFSET]);
    s[psx::CRC_OFFSET..psx::CRC_OFFSET + 2].copy_from_slice(&crc.to_le_bytes());
    open_one("BISLPS-0200000000-00", &s)
}

#[test]
fn a_kanji_of_a_japanese_place_is_taken_from_the_title_where_the_rest_agrees() {
    // アレクサンドリア then one kanji (prefix 0xFA and its byte): the title says 城.
    let kana = [0xA6, 0xF1, 0xB2, 0xBA, 0xF5, 0xCD, 0xEF, 0xA6];
    let with_kanji = [&kana[..], &[0xFA, 0x21]].concat();
    let e = japanese_save("／アレクサンドリア城", &with_kanji);
    assert_eq!(e.summary.unwrap().location.as_deref(), Some("アレクサンドリア城"));
    assert_eq!(e.findings, vec![]);
    // No place in the title: the kanji is shown as 〓, and said.
    let e = japanese_save("", &with_kanji);
    assert_eq!(e.summary.unwrap().location.as_deref(), Some("アレクサンドリア〓"));
    assert_eq!(
        e.findings,
        vec![Finding::info(
            FindingKind::UnreadableText,
            "the place holds 1 kanji quadmist cannot show (shown as 〓): no public table gives \
             the game's kanji"
        )]
    );
    // A title that names another place: the block's is shown, with both.
    let e = japanese_save("／リンドブルム城", &with_kanji);
    assert_eq!(e.summary.unwrap().location.as_deref(), Some("アレクサンドリア〓"));
    assert_eq!(
        e.findings,
        vec![
            Finding::warning(
                FindingKind::CopiesDisagree,
                "the place in the save's title (リンドブルム城) is not the place in its data \
                 (アレクサンドリア〓); the data's is shown (an edited save)"
            ),
            Finding::info(
                FindingKind::UnreadableText,
                "the place holds 1 kanji quadmist cannot show (shown as 〓): no public table \
                 gives the game's kanji"
            ),
        ]
    );
    // Kana only, the title agreeing: nothing to say.
    let e = japanese_save("／アレクサンドリア", &kana);
    assert_eq!(e.summary.unwrap().location.as_deref(), Some("アレクサンドリア"));
    assert_eq!(e.findings, vec![]);
}
