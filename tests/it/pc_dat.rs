//! The PC `.dat` decoder against the real sample `steam/SavedData_ww.dat`.
//!
//! Expected values come from an independent decryption with Python's `cryptography`
//! (PBKDF2-HMAC-SHA1 via `hashlib`, AES-256-CBC over each whole 17,984-byte block, fields
//! read with `struct`): see `tests/oracles/pc_dat.py`.

use crate::shared;

use quadmist::ff9::{self, FileKind, SaveSet};
use quadmist::model::{CardSource, CardType, Platform};
use quadmist::Severity;

const DAT: &str = "data/real/steam/SavedData_ww.dat";

fn no_neighbour(_: &str) -> Option<Vec<u8>> {
    None
}

fn open_real() -> SaveSet {
    let bytes = shared::read(DAT);
    ff9::open(&bytes, Some("SavedData_ww.dat"), &no_neighbour).expect("the real .dat opens")
}

#[test(needs = SharedData)]
fn lists_every_save_of_the_real_dat() {
    let set = open_real();
    assert_eq!(set.kind, FileKind::PcDat);
    assert!(set.findings.is_empty(), "{:?}", set.findings);
    let selectors: Vec<&str> = set.saves.iter().map(|s| s.selector.as_str()).collect();
    assert_eq!(selectors, ["auto", "1-1", "1-2", "1-3", "1-4", "1-5", "2-1"]);
    let names: Vec<&str> = set.saves.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names[0], "autosave");
    assert_eq!(names[2], "slot 1, file 2");
    assert_eq!(names[6], "slot 2, file 1");
    assert!(set.saves.iter().all(|s| s.is_ff9 && !s.deleted && s.checksum_ok.is_none()));
    // Metadata LatestSlot 0, LatestSave 0: slot 1, file 1.
    let latest: Vec<&str> = set
        .saves
        .iter()
        .filter(|s| s.findings.iter().any(|f| f.message.contains("latest save")))
        .map(|s| s.selector.as_str())
        .collect();
    assert_eq!(latest, ["1-1"]);
    // The mark is a typed flag, not part of the title.
    let flagged: Vec<&str> =
        set.saves.iter().filter(|s| s.latest).map(|s| s.selector.as_str()).collect();
    assert_eq!(flagged, ["1-1"]);
    assert!(set.saves.iter().all(|s| !s.title.contains("latest")));
}

#[test(needs = SharedData)]
fn every_save_decodes_with_the_oracle_counts_and_play_times() {
    let set = open_real();
    // (selector, owned cards, play time in seconds) from the Python decryption.
    let expected = [
        ("auto", 41, 75488.1497859956),
        ("1-1", 41, 75429.7103328706),
        ("1-2", 31, 63665.0931987764),
        ("1-3", 37, 73893.2484188081),
        ("1-4", 36, 68808.4987773897),
        ("1-5", 37, 73080.0660457612),
        ("2-1", 35, 67809.979734421),
    ];
    for (save, (selector, owned, time)) in set.saves.iter().zip(expected) {
        assert_eq!(save.selector, selector);
        assert_eq!(save.summary.as_ref().and_then(|s| s.play_time_seconds), Some(time));
        let c = save.collection().expect("decodes");
        assert_eq!(c.platform, Platform::Pc);
        assert_eq!(c.card_source, CardSource::Save);
        assert_eq!(c.cards.len(), owned, "{selector}");
        assert_eq!((c.wins, c.losses, c.draws), (11, 5, 2), "{selector}");
        assert_eq!(c.summary.play_time_seconds, Some(time));
        assert!(c.findings.is_empty(), "{selector}: {:?}", c.findings);
        assert!(c.cards.iter().all(|k| k.cpoint == Some(10)));
        let slots: Vec<u16> = c.cards.iter().map(|k| k.slot).collect();
        assert_eq!(slots, (1..=owned as u16).collect::<Vec<_>>(), "packed list");
    }
}

#[test(needs = SharedData)]
fn slot_1_file_2_cards_match_the_independent_decryption() {
    let set = open_real();
    let c = set.saves[2].collection().unwrap();
    // (slot, id, arrows, atk, type, pdef, mdef) from the Python decryption of block 2.
    let expected = [
        (1, 11, 255, 28, CardType::Magic, 15, 23),
        (2, 12, 223, 28, CardType::Magic, 5, 21),
        (3, 16, 84, 34, CardType::Magic, 7, 21),
        (6, 92, 51, 35, CardType::Physical, 18, 3),
        (7, 0, 106, 3, CardType::Physical, 7, 3),
        (15, 3, 189, 9, CardType::Flexible, 4, 16),
        (31, 79, 32, 19, CardType::Physical, 2, 4),
    ];
    for (slot, id, arrows, atk, card_type, pdef, mdef) in expected {
        let k = c.cards[slot - 1];
        assert_eq!(
            (k.slot as usize, k.id, k.arrows, k.atk, k.card_type, k.pdef, k.mdef),
            (slot, id, arrows, atk, card_type, pdef, mdef)
        );
    }
}

#[test]
fn a_sidecar_name_is_derived_from_the_dat_name() {
    use ff9::pc::PcSlot;
    let name = |s: PcSlot, n: &str| s.sidecar_name(n);
    assert_eq!(
        name(PcSlot::File { slot: 0, file: 3 }, "SavedData_ww.dat").as_deref(),
        Some("SavedData_ww_Memoria_0_3.dat")
    );
    assert_eq!(
        name(PcSlot::Autosave, "SavedData_jp.dat").as_deref(),
        Some("SavedData_jp_Memoria_Autosave.dat")
    );
    assert_eq!(name(PcSlot::Autosave, "save.bin"), None);
    assert_eq!(PcSlot::from_index(150), Some(PcSlot::File { slot: 9, file: 14 }));
    assert_eq!(PcSlot::from_index(151), None);
    assert_eq!(PcSlot::File { slot: 9, file: 14 }.selector(), "10-15");
}

#[test(needs = SharedData)]
fn a_truncated_dat_lists_what_is_complete_and_says_so() {
    let bytes = shared::read(DAT);
    // Cut inside block 3 (slot 1, file 3): blocks 0..2 are whole.
    let cut = ff9::pc::DATA_OFFSET + 3 * ff9::pc::BLOCK_LEN + 100;
    let set = ff9::open(&bytes[..cut], None, &no_neighbour).expect("still a .dat");
    assert!(set
        .findings
        .iter()
        .any(|f| f.severity == Severity::Error && f.message.contains("truncated")));
    let selectors: Vec<&str> = set.saves.iter().map(|s| s.selector.as_str()).collect();
    assert_eq!(selectors, ["auto", "1-1", "1-2", "1-3"]);
    assert!(set.saves[3].findings.iter().any(|f| f.severity == Severity::Error));
    assert!(set.saves[3].collection().is_err());
    assert_eq!(set.saves[2].collection().unwrap().cards.len(), 31);
}

#[test(needs = SharedData)]
fn the_metadata_alone_is_recognised_and_the_rest_is_reported_missing() {
    let bytes = shared::read(DAT);
    assert!(ff9::pc::looks_like_dat(&bytes[..32]));
    let err = ff9::open(&bytes[..20], None, &no_neighbour).unwrap_err();
    assert!(!err.to_string().is_empty());
    let set = ff9::open(&bytes[..400], None, &no_neighbour).unwrap();
    assert!(set.saves.is_empty());
    assert!(set.findings.iter().any(|f| f.severity == Severity::Error));
}

#[test]
fn a_file_of_the_right_size_that_is_not_a_dat_gives_a_clear_error() {
    let err = ff9::open(&vec![0u8; ff9::pc::DAT_SIZE], None, &no_neighbour).unwrap_err();
    assert!(err.to_string().contains("does not decrypt"), "{err}");
}

/// The load screen's facts, as every command's header shows them: the party leader (the
/// member in the first party place) and level, gil, and the place the slot's preview names
/// (the autosave has no preview). Expected values from `tests/oracles/pc_party.py`, which
/// decrypts each block whole, walks `40000_Common` by its sorted keys, checks the leader
/// against the preview's first party member and against the Switch JSON copy of each save.
#[test(needs = SharedData)]
fn every_save_names_its_leader_level_gil_and_place() {
    let set = open_real();
    let expected = [
        ("auto", "Zidane", 33, 57_677, None),
        ("1-1", "Zidane", 33, 57_677, Some("Gulug/Path")),
        ("1-2", "Zidane", 23, 19_917, Some("Mage Village/Mill")),
        ("1-3", "Zidane", 30, 37_179, Some("Gulug Mountains")),
        ("1-4", "Zidane", 30, 20_883, Some("Oeilvert/Star Display")),
        ("1-5", "Freya", 18, 33_172, Some("Palace/Library")),
        ("2-1", "Zidane", 28, 11_821, Some("Oeilvert/Star Display")),
    ];
    assert_eq!(set.saves.len(), expected.len());
    for (save, (sel, leader, level, gil, place)) in set.saves.iter().zip(expected) {
        assert_eq!(save.selector, sel);
        let listed = save.summary.as_ref().expect("a summary");
        let decoded = save.collection().expect("decodes").summary;
        for s in [listed, &decoded] {
            assert_eq!(s.leader_name.as_deref(), Some(leader), "{sel}");
            assert_eq!(s.leader_level, Some(level), "{sel}");
            assert_eq!(s.gil, Some(gil), "{sel}");
            assert_eq!(s.location.as_deref(), place, "{sel}");
        }
    }
    // The one header: 1-5 is led by Freya (the party of Freya, Quina, Amarant and Dagger);
    // the disc comes from the story's progress.
    let save = set.find("1-5").unwrap();
    let header = quadmist::report::header::SaveHeader::new(
        "SavedData_ww.dat",
        save,
        Some(&save.collection().unwrap()),
    );
    assert_eq!(
        header.to_string(),
        "SavedData_ww.dat:1-5  Freya Lv 18, disc 3, Palace/Library, 20:18:00"
    );
}
