//! A card as the terminal shows it and its JSON holds it: exact stats, caps, level-ups left,
//! copies and legality findings (`cards`, `diff`, `watch`).

use crate::model::{catalogue, display_string, CardRecord, CardType, Collection};
use crate::rules::legality::{self, CardFinding};
use serde::Serialize;

/// The three stats of a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Stats {
    /// Attack.
    pub atk: u8,
    /// Physical defence.
    pub pdef: u8,
    /// Magical defence.
    pub mdef: u8,
}

/// One card as `cards` shows it (and as its JSON holds it).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct CardView {
    /// Slot, 1-based.
    pub slot: u16,
    /// Card id 0..99.
    pub id: u8,
    /// Card number, id + 1.
    pub number: u16,
    /// Name.
    pub name: String,
    /// Type letter.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// Attack.
    pub atk: u8,
    /// Physical defence.
    pub pdef: u8,
    /// Magical defence.
    pub mdef: u8,
    /// Arrow byte, 0..255.
    pub arrows: u8,
    /// In-game string, e.g. `3P2A`.
    pub display: String,
    /// The card's caps (`null` for an id outside the catalogue).
    pub max: Option<Stats>,
    /// Level-ups left per stat (0 at or above the cap).
    pub left: Option<Stats>,
    /// Cards of this id in the save.
    pub copies: usize,
    /// Legality findings about this card.
    pub findings: Vec<CardFinding>,
}

impl CardView {
    fn new(card: &CardRecord, copies: usize, findings: Vec<CardFinding>) -> Self {
        let info = catalogue::info(card.id);
        let max = info.map(|i| Stats { atk: i.max_atk, pdef: i.max_pdef, mdef: i.max_mdef });
        let left = max.map(|m| Stats {
            atk: m.atk.saturating_sub(card.atk),
            pdef: m.pdef.saturating_sub(card.pdef),
            mdef: m.mdef.saturating_sub(card.mdef),
        });
        CardView {
            slot: card.slot,
            id: card.id,
            number: card.id as u16 + 1,
            name: catalogue::name(card.id),
            card_type: card.card_type,
            atk: card.atk,
            pdef: card.pdef,
            mdef: card.mdef,
            arrows: card.arrows,
            display: display_string(card),
            max,
            left,
            copies,
            findings,
        }
    }

    /// Level-ups left over the three stats.
    pub fn total_left(&self) -> u32 {
        self.left.map_or(0, |l| l.atk as u32 + l.pdef as u32 + l.mdef as u32)
    }

    /// The sum of the three stats.
    pub fn strength(&self) -> u32 {
        self.atk as u32 + self.pdef as u32 + self.mdef as u32
    }
}

/// Builds the views of a collection's cards, with copies and legality findings.
pub fn views(collection: &Collection) -> (Vec<CardView>, Vec<CardView>) {
    let mut copies = [0usize; 256];
    for c in &collection.cards {
        copies[c.id as usize] += 1;
    }
    // Findings grouped by slot once, so building the views is linear in the cards.
    let mut by_slot: std::collections::HashMap<u16, Vec<CardFinding>> =
        std::collections::HashMap::new();
    for f in legality::check(collection) {
        by_slot.entry(f.slot).or_default().push(f);
    }
    let view = |c: &CardRecord| {
        let f = by_slot.get(&c.slot).cloned().unwrap_or_default();
        CardView::new(c, copies[c.id as usize], f)
    };
    (
        collection.cards.iter().map(view).collect(),
        collection.ignored_records.iter().map(view).collect(),
    )
}
