//! The library's first example (the crate's own page shows it): save 1 of the sample memory
//! card, its cards and collector points, as `quadmist score` shows them.
//! `cargo run --example score`; `tests/it` runs it too.

use quadmist::{open, points};

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ff9-three-saves.mcr");
    let bytes = std::fs::read(path)?;
    // The caller reads files; `open` only takes bytes (and a reader for a PC sidecar).
    let saves = open(&bytes, Some("ff9-three-saves.mcr"), &|_| None)?;
    let save = saves.saves.iter().find(|s| s.selector == "1").expect("save 1");
    let collection = save.collection()?;
    let points = points(&collection.cards);
    println!("{} cards, {points} points", collection.cards.len());
    assert_eq!((collection.cards.len(), points), (83, 915)); // as `quadmist score` shows
    Ok(())
}
