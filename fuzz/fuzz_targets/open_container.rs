//! Fuzzes detection, the directory walk, the FF9 block decode, the Switch JSON reader and the
//! Memoria sidecar reader.
//!
//! The input's first byte picks a file name (names break ties, name raw saves, and pick the
//! JSON slot), or (`5`) reads the rest as a Memoria sidecar; the rest is the file.

#![no_main]

use libfuzzer_sys::fuzz_target;
use quadmist::ff9::minigame::MAX_CARD_ENTRIES;
use quadmist::ff9::memoria;
use quadmist::model::{Collection, Platform};

const NAMES: [Option<&str>; 6] = [
    None,
    Some("card.gme"),
    Some("BASLUS-0125100000-00"),
    Some("BASLUS-012513030303030"),
    Some("DATA_SLOT0_FILE0"),
    Some("SavedData_ww_Memoria_0_0.dat"),
];

/// The bounds every collection keeps, whatever the input.
fn check(c: &Collection) {
    assert!(c.cards.len() <= MAX_CARD_ENTRIES, "{} cards", c.cards.len());
    // Each read entry adds at most a few findings (and repeats of a kind are cut).
    assert!(c.findings.len() <= 5 * MAX_CARD_ENTRIES + 64, "{} findings", c.findings.len());
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else { return };
    let name = NAMES[pick as usize % NAMES.len()];
    if pick as usize % NAMES.len() == 5 {
        let _ = memoria::parse(bytes);
        let mut c = Collection::new(Platform::Pc, Vec::new());
        memoria::apply(&mut c, Some(100.0), "SavedData_ww_Memoria_0_0.dat", bytes);
        check(&c);
        return;
    }
    if let Ok(file) = quadmist::container::read(bytes, name) {
        for save in &file.saves {
            let (icon, _) = quadmist::container::icon::parse(&save.data);
            let _ = quadmist::container::icon::to_png_strip(&icon, 1);
        }
    }
    if let Ok(set) = quadmist::ff9::open(bytes, name, &|_| None) {
        for entry in &set.saves {
            if let Ok(c) = entry.collection() {
                check(&c);
            }
        }
    }
});
