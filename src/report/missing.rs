//! Where each missing card can still be had, as both front ends show it: the `--json`
//! contract of `quadmist missing` and the words for one source.

use crate::model::card_sources::SourceKind;
use crate::sources::{Availability, MissingCard, SourceState};
use serde::Serialize;

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
    /// Every missing card number, with its sources (the analysis's own values: their
    /// fields are the contract's).
    pub missing: Vec<MissingCard>,
    /// Every flagged pickup and reward.
    pub pickups: Vec<PickupJson>,
}

/// The JSON report of an availability.
pub fn missing_report(save: String, a: &Availability) -> MissingReport {
    MissingReport {
        save,
        disc: a.disc,
        progress: a.progress,
        missing: a.missing.clone(),
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

/// "disc 2", "discs 1–4", or for a window the sources do not give "disc not in the
/// sources read" (such a source is never counted as over).
pub fn discs(window: Option<[u8; 2]>) -> String {
    match window {
        None => "disc not in the sources read".to_string(),
        Some([from, to]) if from == to => format!("disc {from}"),
        Some([from, to]) => format!("discs {from}–{to}"),
    }
}

/// True when a battle drop is among the sources listed (then [`DROP_CHANCE`] is said).
pub fn lists_a_drop(a: &Availability) -> bool {
    a.missing.iter().flat_map(|m| &m.sources).any(|s| s.kind == SourceKind::Drop)
}

/// The chance of a battle drop, said once under the list rather than on each drop: the
/// game's code gives 32 in 256 a battle and at most one card a battle.
pub const DROP_CHANCE: &str = "A battle drop has a chance of 32 in 256 (12.5 %) after each \
                               battle won against that enemy, at most one card a battle (the \
                               game's code); a one-time boss fight gives that chance once.";

/// One source in words: "pickup: Cleyra, cathedral (disc 2): missed", "battle drop: Goblin
/// (guide's enemy 10) (disc not in the sources read)".
pub fn source_words(s: &SourceState) -> String {
    let state = match (s.possible, s.taken) {
        (true, _) => String::new(),
        (false, Some(true)) => ": already taken".to_string(),
        (false, _) if s.taken.is_some() => ": missed".to_string(),
        (false, _) => ": over".to_string(),
    };
    let kind = match s.kind {
        SourceKind::Drop => "battle drop",
        SourceKind::Player => "card players",
        other => other.word(),
    };
    // A place of kind `other` names its way itself ("chocograph 3 treasure, ...").
    let place = if s.kind == SourceKind::Other {
        s.place.to_string()
    } else {
        format!("{kind}: {}", s.place)
    };
    format!("{place} ({}){state}", discs(s.disc))
}
