//! End to end: known records in an FF9 block, wrapped by every container writer, read back
//! through `ff9::open` and compared field by field.

use quadmist::container::write::{
    self, to_action_replay, to_gme, to_interleaved_mcs, to_mcs, to_psv, to_psx_magazine, to_vgs,
    to_vmp, CardBuilder,
};
use quadmist::ff9;
use quadmist::ff9::psx::block::RawCardRecord;
use quadmist::ff9::psx::write::FF9Block;
use quadmist::model::{CardRecord, CardType, Collection, Platform};

const NAME: &str = "BASLUS-0129500000-01";

fn rec(id: u8, arrows: u8, atk: u8, card_type: u8, pdef: u8, mdef: u8) -> RawCardRecord {
    RawCardRecord { id, arrows, atk, card_type, pdef, mdef }
}

/// Holes, 0xFF padding, edge values and a record past slot 100.
fn block() -> Vec<u8> {
    let mut b = FF9Block {
        file_number: 2,
        leader_name: "Vivi".into(),
        leader_level: 99,
        location: "Treno".into(),
        play_time_seconds: 99 * 3600 + 59 * 60 + 59,
        disc: 2,
        gil: 9_999_999,
        wins: 0,
        losses: 65535,
        draws: 1,
        ..FF9Block::default()
    };
    b.records[0] = rec(99, 0xFF, 129, 3, 127, 127);
    b.records[2] = rec(0, 0x00, 3, 0, 4, 2);
    b.records[3] = rec(0, 0x01, 7, 2, 9, 4);
    b.records[50] = rec(54, 0xAA, 110, 1, 3, 99);
    b.records[99] = rec(37, 0x80, 81, 1, 10, 70);
    b.records[102] = rec(5, 0x10, 1, 1, 1, 1);
    b.build()
}

fn card(slot: u16, id: u8, arrows: u8, atk: u8, t: CardType, pdef: u8, mdef: u8) -> CardRecord {
    CardRecord { slot, id, arrows, atk, card_type: t, pdef, mdef, cpoint: None }
}

fn check(label: &str, c: &Collection) {
    assert_eq!(c.platform, Platform::PlayStation, "{label}");
    assert_eq!((c.wins, c.losses, c.draws), (0, 65535, 1), "{label}");
    assert_eq!(
        c.cards,
        vec![
            card(1, 99, 0xFF, 129, CardType::Assault, 127, 127),
            card(3, 0, 0x00, 3, CardType::Physical, 4, 2),
            card(4, 0, 0x01, 7, CardType::Flexible, 9, 4),
            card(51, 54, 0xAA, 110, CardType::Magic, 3, 99),
            card(100, 37, 0x80, 81, CardType::Magic, 10, 70),
        ],
        "{label}"
    );
    assert_eq!(c.ignored_records, vec![card(103, 5, 0x10, 1, CardType::Magic, 1, 1)], "{label}");
    let s = &c.summary;
    assert_eq!(s.leader_name.as_deref(), Some("Vivi"), "{label}");
    assert_eq!(s.leader_level, Some(99), "{label}");
    assert_eq!(s.location.as_deref(), Some("Treno"), "{label}");
    assert_eq!(s.play_time_seconds, Some(359_999.0), "{label}");
    assert_eq!(s.gil, Some(9_999_999), "{label}");
}

fn open_one(label: &str, bytes: &[u8], file_name: &str) -> Collection {
    let set =
        ff9::open(bytes, Some(file_name), &|_| None).unwrap_or_else(|e| panic!("{label}: {e}"));
    let ff9: Vec<_> = set.saves.iter().filter(|s| s.is_ff9).collect();
    assert_eq!(ff9.len(), 1, "{label}: {:?}", set.saves);
    let entry = ff9[0];
    assert_eq!(entry.name, NAME, "{label}");
    assert_eq!(entry.checksum_ok, Some(true), "{label}");
    let info = entry.game_info.as_ref().unwrap();
    assert_eq!((info.disc, info.file), (Some(2), Some(2)), "{label}");
    entry.collection().unwrap_or_else(|e| panic!("{label}: {e}"))
}

#[test]
fn every_card_format() {
    let mut cb = CardBuilder::formatted();
    // A foreign save first, so the FF9 one sits in block 3 and 4 is 0xFF padding.
    cb.add_save("BASCUS-9999900000", &write::new_save(2, b"OTHER", &[0; 16], &[[0; 128]]));
    cb.add_save(NAME, &block());
    let card = cb.into_bytes();
    for (label, bytes, file) in [
        ("raw", card.clone(), "card.mcr"),
        ("gme", to_gme(&card), "card.gme"),
        ("vgs", to_vgs(&card), "card.vgs"),
        ("psx magazine", to_psx_magazine(&card), "card.psx"),
        ("vmp", to_vmp(&card), "card.vmp"),
    ] {
        let c = open_one(label, &bytes, file);
        check(label, &c);
    }
}

#[test]
fn every_single_save_format() {
    let b = block();
    for (label, bytes, file) in [
        ("mcs", to_mcs(NAME, &b), "save.mcs".to_string()),
        ("interleaved mcs", to_interleaved_mcs(NAME, &b), "save.mcs".to_string()),
        ("action replay", to_action_replay(NAME, "FF9", &b), "save.mcb".to_string()),
        ("psv", to_psv(NAME, &b), format!("{}.PSV", write::psv_file_name(NAME))),
        ("raw save", b.clone(), NAME.to_string()),
    ] {
        let c = open_one(label, &bytes, &file);
        check(label, &c);
    }
}

#[test(needs = SharedData)]
fn the_crafted_tonyhax_save_is_listed_but_not_a_collection() {
    let bytes = crate::shared::read("data/real/psx-ff9-crafted/ff9-a-us-tpl.mcs");
    let set = ff9::open(&bytes, Some("ff9-a-us-tpl.mcs"), &|_| None).unwrap();
    assert_eq!(set.saves.len(), 1);
    assert!(!set.saves[0].is_ff9);
    let e = set.saves[0].collection().unwrap_err();
    assert!(e.to_string().starts_with("not a game save: FF9 file name but no FF9 title"), "{e}");
}
