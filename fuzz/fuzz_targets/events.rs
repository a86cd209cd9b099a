//! Fuzzes the readers of the game's event variables and of the card players beaten, and the
//! card-sources analysis over whatever they give.
//!
//! The input's first byte picks the mode (modulo 4): 0 `gEventGlobal` text, 1 a PC block's
//! event and win-list ciphertext (decrypted like a real block's), 2 a Switch JSON save, 3 a
//! PlayStation block's event bytes (`psx::block::read_events` on a block made of them); the
//! rest is the input.

#![no_main]

use libfuzzer_sys::fuzz_target;
use quadmist::ff9::events::{decode_event_text, players_beaten_from_bytes};
use quadmist::ff9::pc::{PcSave, PcSlot, VANILLA_DATA_SIZE, WIN_LIST_OFFSET};
use quadmist::model::collection::MAX_PLAYERS_BEATEN;
use quadmist::model::events::EVENT_GLOBAL_LEN;
use quadmist::model::{Collection, EventFlags, Platform};
use quadmist::sources::availability;

/// The bounds every result keeps, and the analysis over it.
fn check(c: &Collection) {
    if let Some(e) = &c.events {
        assert!(e.len() <= EVENT_GLOBAL_LEN);
        assert!(!e.is_empty());
    }
    if let Some(p) = &c.players_beaten {
        assert!(p.len() <= MAX_PLAYERS_BEATEN);
    }
    let a = availability(c);
    assert!(a.missing.len() <= 100);
    assert_eq!(a.pickups.len(), 35);
    assert!(a.disc.is_none_or(|d| (1..=4).contains(&d)));
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else { return };
    match pick % 4 {
        0 => {
            let mut findings = Vec::new();
            let events = decode_event_text(bytes, &mut findings);
            assert!(findings.len() <= 1);
            check(&Collection { events, ..Collection::new(Platform::Switch, Vec::new()) });
        }
        1 => {
            let _ = players_beaten_from_bytes(bytes);
            let half = bytes.len() / 2;
            let save = PcSave {
                slot: PcSlot::Autosave,
                cards_ciphertext: Vec::new(),
                data_size: VANILLA_DATA_SIZE,
                play_time: None,
                sidecar_name: None,
                sidecar: None,
                events_ciphertext: (bytes[..half].to_vec(), 0),
                win_list_ciphertext: (bytes[half..].to_vec(), WIN_LIST_OFFSET / 16 * 16 - 16),
            };
            // The card list is empty: the block is cut before it, which is an error.
            let _ = save.collection();
            let mut c = Collection::new(Platform::Pc, Vec::new());
            save.read_events(&mut c);
            check(&c);
        }
        2 => {
            if let Ok(set) = quadmist::ff9::open(bytes, Some("DATA_SLOT0_FILE0"), &|_| None) {
                for entry in &set.saves {
                    if let Ok(c) = entry.collection() {
                        check(&c);
                    }
                }
            }
        }
        _ => {
            let mut block = vec![0u8; 0x1C0];
            block.extend_from_slice(bytes);
            let read = quadmist::ff9::psx::block::read_events(&block);
            assert_eq!(read.is_some(), bytes.len() >= EVENT_GLOBAL_LEN);
            // A PlayStation block's 2048 bytes, or a short copy (never an empty one).
            let events = (!bytes.is_empty()).then(|| EventFlags::new(bytes.to_vec()));
            check(&Collection { events, ..Collection::new(Platform::PlayStation, Vec::new()) });
        }
    }
});
