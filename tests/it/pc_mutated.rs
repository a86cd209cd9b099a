//! Mutated, truncated and foreign files: a clear error or findings, never a panic.

use crate::shared;

use proptest::prelude::*;
use quadmist::ff9::{self, pc, switch};

const DAT: &str = "data/real/steam/SavedData_ww.dat";

fn no_neighbour(_: &str) -> Option<Vec<u8>> {
    None
}

/// Opens `bytes` as a `.dat` and decodes every save listed; returns the number of saves.
fn exercise_dat(bytes: &[u8]) -> usize {
    match pc::open(bytes, Some("SavedData_ww.dat"), &no_neighbour) {
        Ok(set) => {
            for save in &set.saves {
                match save.payload.collection() {
                    Ok(c) => assert!(c.cards.len() <= pc::CARD_ENTRIES),
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
            set.saves.len()
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            0
        }
    }
}

/// Offsets the decoder reads: the metadata, and in the first eight data blocks the magic,
/// the card area, the play time and the padding.
fn interesting_offset() -> impl Strategy<Value = usize> {
    let in_block =
        prop_oneof![0usize..32, 4096usize..5248, 14_368usize..14_400, 17_952usize..18_000];
    prop_oneof![
        (0usize..48).boxed(),
        (0usize..8, in_block).prop_map(|(b, o)| pc::DATA_OFFSET + b * pc::BLOCK_LEN + o).boxed(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test(needs = SharedData)]
    fn mutated_dat_files_never_panic(
        flips in proptest::collection::vec((interesting_offset(), any::<u8>()), 1..16),
    ) {
        let mut bytes = shared::read(DAT);
        for (at, value) in flips {
            bytes[at] = value;
        }
        exercise_dat(&bytes);
    }

    #[test(needs = SharedData)]
    fn truncated_dat_files_never_panic(keep in 0usize..pc::DAT_SIZE) {
        let mut bytes = shared::read(DAT);
        bytes.truncate(keep);
        let saves = exercise_dat(&bytes);
        prop_assert!(saves <= 7);
    }

    #[test]
    fn foreign_bytes_are_not_taken_for_a_dat(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        prop_assert!(!pc::looks_like_dat(&bytes));
        exercise_dat(&bytes);
    }

    #[test(needs = SharedData)]
    fn mutated_json_saves_never_panic(
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        keep in any::<prop::sample::Index>(),
    ) {
        let mut bytes = shared::read("data/real/switch/DATA_SLOT0_FILE1");
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        bytes.truncate(keep.index(bytes.len() + 1));
        if let Ok(set) = switch::open(&bytes, Some("DATA_SLOT0_FILE1")) {
            for save in &set.saves {
                let _ = save.payload.collection();
            }
        }
    }
}

#[test(needs = SharedData)]
fn a_damaged_card_area_gives_findings() {
    // A flipped ciphertext byte garbles its AES block (here entries 1..2 of slot 1, file 2)
    // and one byte of the next: the garbled entries must be reported, not decoded silently.
    let mut bytes = shared::read(DAT);
    let card_area = pc::DATA_OFFSET + 2 * pc::BLOCK_LEN + pc::CARDS_OFFSET + 20;
    bytes[card_area] ^= 0xFF;
    let set = ff9::open(&bytes, None, &no_neighbour).unwrap();
    let c = set.saves[2].collection().unwrap();
    assert!(!c.findings.is_empty(), "garbled entries are reported");
}
