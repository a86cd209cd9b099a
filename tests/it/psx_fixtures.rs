//! The committed `fixtures/` equal a fresh run of their generator, and decode to what the
//! generator put in them.

#[path = "../../examples/make_fixtures/generate.rs"]
pub(crate) mod generate;

use quadmist::container::BLOCK_SIZE;
use quadmist::ff9::psx::block::{self, CARD_SLOTS};
use quadmist::ff9::psx::{block_crc, PsxSave};
use quadmist::rules::legality;

#[test]
fn committed_fixtures_equal_a_fresh_run() {
    for (path, bytes) in generate::files() {
        let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        let committed = std::fs::read(&full).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(committed == bytes, "{path} differs: run `cargo run --example make_fixtures`");
    }
}

#[test]
fn every_save_on_the_raw_card_decodes_to_its_records() {
    let card = generate::raw_card();
    let saves = generate::saves();
    let mut previous_wins = i32::MAX;
    for (k, s) in saves.iter().enumerate() {
        let data = card[(k + 1) * BLOCK_SIZE..(k + 2) * BLOCK_SIZE].to_vec();
        // Directory frame k+1: live, one block, the save's name.
        let dir = &card[(k + 1) * 0x80..(k + 2) * 0x80];
        assert_eq!(dir[0], 0x51);
        assert_eq!(&dir[0x0A..0x1E], s.name.as_bytes());
        let crc_ok = block_crc(&data).map(|(a, b)| a == b);
        assert_eq!(crc_ok, Some(true));
        let save = PsxSave { name: s.name.clone(), data, game_info: None, ff9_title: true, crc_ok };
        let c = block::decode(&save).unwrap();
        assert!(c.findings.is_empty(), "{:?}", c.findings);
        let expected: Vec<_> = s.block.records[..CARD_SLOTS]
            .iter()
            .enumerate()
            .filter(|(_, r)| r.id < 100)
            .map(|(i, r)| (i as u16 + 1, r.id, r.arrows, r.atk, r.card_type, r.pdef, r.mdef))
            .collect();
        let got: Vec<_> = c
            .cards
            .iter()
            .map(|c| (c.slot, c.id, c.arrows, c.atk, c.card_type.code(), c.pdef, c.mdef))
            .collect();
        assert_eq!(got, expected);
        assert!(c.ignored_records.is_empty());
        // Grown with the game's rules: nothing for the legality checks to report.
        assert_eq!(legality::check(&c), vec![]);
        // Newest first: the counters only go down from save to save.
        assert!(c.wins < previous_wins);
        previous_wins = c.wins;
    }
}

#[test]
fn fixtures_are_named_and_titled_as_the_game_writes_them() {
    // As the genuine saves (ff9-save-formats §a.1, §a.2, §a.5): disc 1's product code in
    // every name, `ＦＦ９／ＦＩＬＥｎｎ／ＨＨ：ＭＭ` titles, the disc in the block as a bit at
    // 0x104, zero-based at 0x1C5 and a progression of that disc's range at 0x1C0.
    let card = generate::raw_card();
    let set = quadmist::ff9::open(&card, Some("ff9-three-saves.mcr"), &|_| None).unwrap();
    // (name, title, disc) of the three saves, newest first (fixtures/README.md).
    let expected = [
        ("BASLUS-0125100000-00", "FF9/FILE01/34:05", 3u8, 0x04u8, (6990u16, 10994u16)),
        ("BASLUS-0125100000-01", "FF9/FILE02/18:40", 2, 0x02, (3900, 6989)),
        ("BASLUS-0125100000-02", "FF9/FILE03/05:12", 1, 0x01, (1000, 3899)),
    ];
    assert_eq!(set.saves.len(), 3);
    for (k, (s, (name, title, disc, bit, (lo, hi)))) in set.saves.iter().zip(expected).enumerate() {
        assert_eq!((s.name.as_str(), s.title.as_str()), (name, title));
        assert_eq!(s.game_info.as_ref().unwrap().disc, Some(disc));
        assert!(s.findings.is_empty(), "{:?}", s.findings);
        let data = &card[(k + 1) * BLOCK_SIZE..(k + 2) * BLOCK_SIZE];
        assert_eq!((data[0x104], data[0x1C5]), (bit, disc - 1));
        let progression = u16::from_le_bytes([data[0x1C0], data[0x1C1]]);
        assert!((lo..=hi).contains(&progression), "{progression}");
        // Title bytes as on the genuine US save: ＦＦ９／ then ＦＩＬＥ (82 65 82 68 82 6B 82 64).
        assert_eq!(
            &data[4..20],
            &[
                0x82, 0x65, 0x82, 0x65, 0x82, 0x58, 0x81, 0x5E, 0x82, 0x65, 0x82, 0x68, 0x82, 0x6B,
                0x82, 0x64
            ]
        );
    }
}

#[test]
fn the_newest_save_has_duplicates_holes_and_evolved_types() {
    let newest = &generate::saves()[0].block;
    let recs = &newest.records[..CARD_SLOTS];
    let last = recs.iter().rposition(|r| r.id < 100).unwrap();
    let holes = recs[..last].iter().filter(|r| r.id >= 100).count();
    assert!(holes > 0, "no hole");
    let mut copies = [0; 100];
    for r in recs.iter().filter(|r| r.id < 100) {
        copies[r.id as usize] += 1;
    }
    assert!(copies.iter().any(|&n| n > 1), "no duplicate");
    assert!(recs.iter().any(|r| r.id < 100 && r.card_type >= 2), "no X or A card");
    assert!(recs[last + 1..].iter().all(|r| *r == block::RawCardRecord::EMPTY));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Damage anywhere in the fixture card never makes the listing or the decoder panic.
    #[test]
    fn damaged_fixture_cards_never_panic(
        edits in proptest::collection::vec((0usize..0x20000, proptest::prelude::any::<u8>()), 1..64)
    ) {
        let mut card = generate::raw_card();
        for (at, v) in edits {
            card[at] = v;
        }
        if let Ok(set) = quadmist::ff9::open(&card, Some("damaged.mcr"), &|_| None) {
            for s in &set.saves {
                if let Ok(c) = s.collection() {
                    let _ = legality::check(&c);
                }
            }
        }
    }
}
