//! What the command line's unit tests share: small collections made by hand.

use crate::model::{CardRecord, CardType, Collection, Platform};

/// A collection of these cards (id, type, arrows).
pub fn collection(cards: &[(u8, CardType, u8)]) -> Collection {
    Collection::new(
        Platform::Pc,
        cards
            .iter()
            .enumerate()
            .map(|(i, &(id, card_type, arrows))| CardRecord {
                slot: i as u16 + 1,
                id,
                arrows,
                atk: 0x10,
                card_type,
                pdef: 0x10,
                mdef: 0x10,
                cpoint: Some(10),
            })
            .collect(),
    )
}
