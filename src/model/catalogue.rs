//! The catalogue of the 100 Tetra Master cards and the in-game stat encoding.
//!
//! The table is `data/cards.csv` (a copy of `shared/data/cards.csv`), compiled in by
//! `build.rs`. Stats are bytes; the game shows each as one hex digit, `value >> 4`.

use super::card::CardType;

/// One catalogue row: a card's name, default type and the maximum of each stat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardInfo {
    /// Card id as stored in saves, 0..99.
    pub id: u8,
    /// Number in fan lists and menus, id + 1.
    pub number: u8,
    /// Common English name.
    pub name: &'static str,
    /// The type a new card gets (P or M; X with 1/127).
    pub default_type: CardType,
    /// Attack cap.
    pub max_atk: u8,
    /// Physical defence cap.
    pub max_pdef: u8,
    /// Magical defence cap.
    pub max_mdef: u8,
}

/// All 100 cards, indexed by id.
pub static CATALOGUE: &[CardInfo] = include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// The catalogue row of a card id, if the id is 0..99.
pub fn info(id: u8) -> Option<&'static CardInfo> {
    CATALOGUE.get(id as usize)
}

/// The card's name, or `#<id>` for an id outside the catalogue.
pub fn name(id: u8) -> String {
    info(id).map(|c| c.name.to_string()).unwrap_or_else(|| format!("#{id}"))
}

/// A card as a player reads it, the same in every command and on the page: its number (as the
/// game's card menu counts, 1..100) and its name, "53 Iron Man"; an id outside the catalogue is
/// "card id 200".
pub fn numbered_name(id: u8) -> String {
    match info(id) {
        Some(c) => format!("{} {}", c.number, c.name),
        None => format!("card id {id}"),
    }
}

/// Finds a card by name (case-insensitive; spaces and punctuation ignored) or by number 1..100.
pub fn find(query: &str) -> Option<&'static CardInfo> {
    let key =
        |s: &str| s.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_lowercase();
    if let Ok(n) = query.trim().parse::<u8>() {
        return CATALOGUE.iter().find(|c| c.number == n);
    }
    let q = key(query);
    CATALOGUE.iter().find(|c| key(c.name) == q)
}
