//! Fuzzes detection, the directory walk and the FF9 block decode.
//!
//! The input's first byte picks a file name (names break ties and name raw saves); the rest
//! is the file.

#![no_main]

use libfuzzer_sys::fuzz_target;

const NAMES: [Option<&str>; 4] =
    [None, Some("card.gme"), Some("BASLUS-0125100000-00"), Some("BASLUS-012513030303030")];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else { return };
    let name = NAMES[pick as usize % NAMES.len()];
    if let Ok(file) = quadmist::container::read(bytes, name) {
        for save in &file.saves {
            let (icon, _) = quadmist::container::icon::parse(&save.data);
            let _ = quadmist::container::icon::to_png_strip(&icon, 1);
        }
    }
    if let Ok(set) = quadmist::ff9::open(bytes, name, &|_| None) {
        for entry in &set.saves {
            let _ = entry.collection();
        }
    }
});
