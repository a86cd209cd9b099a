//! The Memoria sidecar beside the real `.dat`: the override rule and the SimpleJSON reader.
//!
//! No real sidecar exists, so the tests build them with a small SimpleJSON binary writer
//! (tag i32, counts i32, .NET 7-bit-length strings; spec §d).

use crate::shared;
use crate::simplejson;

use proptest::prelude::*;
use quadmist::ff9::minigame::Keep;
use quadmist::ff9::{self, memoria, SaveSet};
use quadmist::model::{CardSource, CardType};
use quadmist::Severity;
use serde_json::{json, Value};
use simplejson::binary;

/// A sidecar with `n` cards (id k % 100, type k % 4 as an int, atk as a number string)
/// and the play time `time`, laid out as spec §d describes (sections at the root).
fn sidecar(n: usize, time: Option<f64>) -> Value {
    let cards: Vec<Value> = (0..n)
        .map(|k| {
            json!({"id": k % 100, "side": 0, "atk": format!("{}", 16 + k % 200), "type": k % 4,
                   "pdef": 1, "mdef": 2, "cpoint": 10, "arrow": k % 256})
        })
        .collect();
    let mut root =
        json!({"30000_MiniGame": {"sWin": 11, "sLose": 5, "sDraw": 2, "MiniGameCard": cards}});
    if let Some(t) = time {
        root["95000_Setting"] = json!({"00001_time": t});
    }
    root
}

/// Slot 1, file 2 of the real file (block 2); its play time from the Python decryption.
const SLOT_1_FILE_2_TIME: f64 = 63665.0931987764;
const SIDECAR_1_2: &str = "SavedData_ww_Memoria_0_1.dat";

fn open_with(sidecar_bytes: Vec<u8>) -> SaveSet {
    let dat = shared::read("data/real/steam/SavedData_ww.dat");
    let neighbour = move |name: &str| (name == SIDECAR_1_2).then(|| sidecar_bytes.clone());
    ff9::open(&dat, Some("SavedData_ww.dat"), &neighbour).unwrap()
}

#[test(needs = SharedData)]
fn a_matching_sidecar_replaces_the_card_list_and_says_so() {
    let set = open_with(binary(&sidecar(105, Some(SLOT_1_FILE_2_TIME + 0.9))));
    let save = set.saves.iter().find(|s| s.selector == "1-2").unwrap();
    assert!(save.findings.iter().any(|f| f.message.contains(SIDECAR_1_2)));
    let c = save.collection().unwrap();
    assert_eq!(c.card_source, CardSource::MemoriaSidecar);
    assert_eq!(c.cards.len(), 105);
    let last = c.cards[104];
    assert_eq!(
        (last.slot, last.id, last.atk, last.card_type, last.arrows),
        (105, 4, 120, CardType::Physical, 104)
    );
    assert_eq!(c.cards[3].card_type, CardType::Assault);
    assert!(c
        .findings
        .iter()
        .any(|f| f.severity == Severity::Warning && f.message.contains("modded limit")));
    assert!(c.findings.iter().any(|f| f.severity == Severity::Info
        && f.message.contains(SIDECAR_1_2)
        && f.message.contains("matches")));
    // Other saves have no sidecar.
    let other = set.saves.iter().find(|s| s.selector == "1-1").unwrap().collection().unwrap();
    assert_eq!((other.card_source, other.cards.len()), (CardSource::Save, 41));
}

#[test(needs = SharedData)]
fn a_sidecar_whose_play_time_differs_by_more_than_a_second_is_ignored() {
    let set = open_with(binary(&sidecar(60, Some(SLOT_1_FILE_2_TIME + 1.5))));
    let c = set.saves[2].collection().unwrap();
    assert_eq!((c.card_source, c.cards.len()), (CardSource::Save, 31));
    assert!(c.findings.iter().any(|f| f.message.contains("ignored")));
}

#[test(needs = SharedData)]
fn a_sidecar_without_play_time_applies() {
    let set = open_with(binary(&sidecar(3, None)));
    let c = set.saves[2].collection().unwrap();
    assert_eq!((c.card_source, c.cards.len()), (CardSource::MemoriaSidecar, 3));
}

#[test(needs = SharedData)]
fn sections_under_memoria_extra_data_are_found() {
    let inner = sidecar(2, Some(SLOT_1_FILE_2_TIME));
    let set = open_with(binary(&json!({"MemoriaExtraData": inner})));
    assert_eq!(set.saves[2].collection().unwrap().cards.len(), 2);
}

#[test(needs = SharedData)]
fn a_damaged_sidecar_leaves_the_vanilla_list_with_a_warning() {
    let mut bytes = binary(&sidecar(10, Some(SLOT_1_FILE_2_TIME)));
    bytes.truncate(bytes.len() - 3);
    let set = open_with(bytes);
    let c = set.saves[2].collection().unwrap();
    assert_eq!((c.card_source, c.cards.len()), (CardSource::Save, 31));
    assert!(c
        .findings
        .iter()
        .any(|f| f.severity == Severity::Warning && f.message.contains("damaged")));
}

#[test]
fn the_reader_round_trips_the_writer_and_rejects_what_does_not_fit() {
    let v = json!({"a": [1, "x", true, 2.5, {"b": []}], "ü": "é"});
    assert_eq!(memoria::parse_kept(&binary(&v), Keep::All).unwrap(), (v, 0));
    // A float node (tag 7).
    let mut f = 7i32.to_le_bytes().to_vec();
    f.extend(1.5f32.to_le_bytes());
    assert_eq!(memoria::parse(&f).unwrap(), json!(1.5));
    // Counts larger than the bytes left, an unknown tag, trailing bytes, deep nesting.
    let huge = [1i32.to_le_bytes(), i32::MAX.to_le_bytes()].concat();
    assert!(memoria::parse(&huge).unwrap_err().to_string().contains("count"));
    assert!(memoria::parse(&[9, 0, 0, 0]).unwrap_err().to_string().contains("tag 9"));
    let mut trailing = binary(&json!(1));
    trailing.push(0);
    assert!(memoria::parse(&trailing).is_err());
    let mut deep = Vec::new();
    for _ in 0..10_000 {
        deep.extend(1i32.to_le_bytes());
        deep.extend(1i32.to_le_bytes());
    }
    deep.extend(binary(&json!(true)));
    assert!(memoria::parse(&deep).unwrap_err().to_string().contains("deeper"));
    // A string whose length runs past the end.
    let s = [3u8, 0, 0, 0, 0xFF, 0xFF, 0x03];
    assert!(memoria::parse(&s).is_err());
}

proptest! {
    #[test]
    fn mutated_sidecars_never_panic(
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut bytes = binary(&sidecar(5, Some(1.0)));
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        let keep = cut.index(bytes.len() + 1);
        bytes.truncate(keep);
        let _ = memoria::parse(&bytes);
    }
}
