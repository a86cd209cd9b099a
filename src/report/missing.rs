//! Where each missing card can still be had, as both front ends show it: the `--json`
//! contract of `quadmist missing` and the words for one source.

use crate::model::card_sources::{SourceKind, ANY_CARD_PLAYER};
use crate::sources::{Availability, SourceState};
use serde::Serialize;

/// One source of a missing card, as `--json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourceJson {
    /// `pickup`, `reward`, `drop`, `player` or `other`.
    pub kind: &'static str,
    /// Where, or from whom.
    #[serde(rename = "where")]
    pub place: &'static str,
    /// First and last disc.
    pub disc: [u8; 2],
    /// Whether the save records it as taken (`null` when it has no known flag).
    pub taken: Option<bool>,
    /// Whether it can still be had.
    pub possible: bool,
    /// Where the fact comes from.
    pub source: &'static str,
}

/// One missing card, as `--json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissingJson {
    /// Card number 1..100.
    pub number: u8,
    /// Its name.
    pub name: &'static str,
    /// Whether any source is still possible.
    pub obtainable: bool,
    /// Its sources, possible ones first, easiest first.
    pub sources: Vec<SourceJson>,
}

/// One flagged pickup or reward, as `--json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PickupJson {
    /// Card number 1..100.
    pub number: u8,
    /// The card's name.
    pub name: &'static str,
    /// Where.
    #[serde(rename = "where")]
    pub place: &'static str,
    /// The save records it as taken.
    pub taken: bool,
    /// Not taken and its disc has passed.
    pub missed: bool,
}

/// Everything `quadmist missing --json` prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissingReport {
    /// The save, as `FILE:S`.
    pub save: String,
    /// The story's disc (`null` when the save has no event variables).
    pub disc: Option<u8>,
    /// The scenario counter (`null` likewise).
    pub progress: Option<u16>,
    /// Every missing card number.
    pub missing: Vec<MissingJson>,
    /// Every flagged pickup and reward.
    pub pickups: Vec<PickupJson>,
}

fn source_json(s: &SourceState) -> SourceJson {
    SourceJson {
        kind: s.kind.word(),
        place: s.place,
        disc: s.disc,
        taken: s.taken,
        possible: s.possible,
        source: s.source,
    }
}

/// The JSON report of an availability.
pub fn missing_report(save: String, a: &Availability) -> MissingReport {
    MissingReport {
        save,
        disc: a.disc,
        progress: a.progress,
        missing: a
            .missing
            .iter()
            .map(|m| MissingJson {
                number: m.number,
                name: m.name,
                obtainable: m.obtainable,
                sources: m.sources.iter().map(source_json).collect(),
            })
            .collect(),
        pickups: a
            .pickups
            .iter()
            .map(|p| PickupJson {
                number: p.number,
                name: p.name,
                place: p.place,
                taken: p.taken,
                missed: p.missed,
            })
            .collect(),
    }
}

/// "disc 2" or "discs 1–4".
pub fn discs(window: [u8; 2]) -> String {
    if window[0] == window[1] {
        format!("disc {}", window[0])
    } else {
        format!("discs {}–{}", window[0], window[1])
    }
}

/// One source in words: "pickup: Cleyra, cathedral (disc 2): missed".
pub fn source_words(s: &SourceState) -> String {
    let state = match (s.possible, s.taken) {
        (true, _) => String::new(),
        (false, Some(true)) => ": already taken".to_string(),
        (false, _) if s.taken.is_some() => ": missed".to_string(),
        (false, _) => ": over".to_string(),
    };
    let kind = match s.kind {
        SourceKind::Drop => "battle drop, 32 in 256",
        SourceKind::Player => "card players",
        other => other.word(),
    };
    let place = if s.place == ANY_CARD_PLAYER { "none named in the sources read" } else { s.place };
    format!("{kind}: {place} ({}){state}", discs(s.disc))
}
