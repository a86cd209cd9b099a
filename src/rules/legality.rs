//! Legality checks over a collection (in the spirit of PKHeX): caps, creation minimums,
//! types, records past slot 100.
//!
//! Rules (tetra-master-rules §1, §6, §7): a new card rolls each stat in
//! `⌊max/2⌋ ..= 2·⌊max/2⌋ − 1` and stats only grow, so a stat below `⌊max/2⌋` is edited or
//! damaged; growth stops only at exactly the cap, so a stat above it is edited and keeps
//! growing until it wraps from 255 to 0; a card's type is its default, X or A. The disputed
//! catalogue rows (Ogre and Gargant pdef) give warnings instead of errors, and Ozma and
//! Invincible accept both P and M as default. On PlayStation saves a P↔M difference from
//! the default is the NPC table's type (the PS1 release keeps a player and an NPC type per
//! card; genuine saves hold such copies): an info, never "edited" (tetra-master-rules §6, §14).

use crate::model::{
    catalogue::{self, CardInfo},
    CardRecord, CardType, Collection, Finding, FindingKind, Location, Platform, Severity,
};
use serde::Serialize;

/// Ids whose default type is disputed between sources: P and M are both accepted.
pub const DISPUTED_TYPE_IDS: [u8; 2] = [54, 82];
/// Ids whose pdef cap is disputed between sources: pdef findings are warnings.
pub const DISPUTED_PDEF_IDS: [u8; 2] = [38, 96];

/// One legality finding about one card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct CardFinding {
    /// The card's slot (1-based).
    pub slot: u16,
    /// The card's id.
    pub id: u8,
    /// What is wrong: a legality check is a finding kind like any other.
    pub issue: FindingKind,
    /// How serious it is.
    pub severity: Severity,
    /// A sentence for a person, naming the slot and card.
    pub message: String,
}

impl CardFinding {
    /// The same as a plain [`Finding`]: its issue as the kind, at the card's slot.
    pub fn to_finding(&self) -> Finding {
        Finding::new(self.severity, self.issue, self.message.clone())
            .at(Location::CardSlot(self.slot))
    }
}

/// True when a card of this catalogue entry can have `card_type` in play.
pub fn type_possible(info: &CardInfo, card_type: CardType) -> bool {
    match card_type {
        CardType::Flexible | CardType::Assault => true,
        CardType::Physical | CardType::Magic => {
            card_type == info.default_type || DISPUTED_TYPE_IDS.contains(&info.id)
        }
        CardType::Unknown(_) => false,
    }
}

/// Checks every card of a collection, counted or ignored, under its platform's rules;
/// findings in slot order.
pub fn check(collection: &Collection) -> Vec<CardFinding> {
    let mut out: Vec<CardFinding> = collection
        .cards
        .iter()
        .chain(&collection.ignored_records)
        .flat_map(|c| check_card(c, collection.platform))
        .collect();
    out.sort_by_key(|f| f.slot);
    out
}

/// Checks one card of a save from `platform`.
pub fn check_card(card: &CardRecord, platform: Platform) -> Vec<CardFinding> {
    let mut out = Vec::new();
    let label = format!("slot {} {}", card.slot, catalogue::name(card.id));
    let mut push = |issue, severity, message: String| {
        out.push(CardFinding { slot: card.slot, id: card.id, issue, severity, message })
    };
    if card.slot > 100 {
        push(
            FindingKind::PastSlot100,
            Severity::Warning,
            format!("{label}: recorded past slot 100, where the game never counts a card"),
        );
    }
    let Some(info) = catalogue::info(card.id) else {
        push(
            FindingKind::UnknownId,
            Severity::Error,
            format!("{label}: card id {} is not in the catalogue (0..99)", card.id),
        );
        return out;
    };
    for (stat, value, max) in [
        ("atk", card.atk, info.max_atk),
        ("pdef", card.pdef, info.max_pdef),
        ("mdef", card.mdef, info.max_mdef),
    ] {
        let disputed = stat == "pdef" && DISPUTED_PDEF_IDS.contains(&card.id);
        let (severity, note) = if disputed {
            (Severity::Warning, " (this cap is disputed between sources)")
        } else {
            (Severity::Error, "")
        };
        if value > max {
            let wrap = if value == 255 {
                "it wraps to 0 when it next grows".to_string()
            } else {
                format!(
                    "it keeps growing and wraps to 0 after {} more level-ups",
                    256 - value as u16
                )
            };
            push(
                FindingKind::AboveCap,
                severity,
                format!(
                    "{label}: {stat} {value} is above its cap {max}: an edited save; {wrap}{note}"
                ),
            );
        }
        let (minimum, _) = crate::rules::creation::stat_range(max);
        if value < minimum {
            push(
                FindingKind::BelowCreationMinimum,
                if disputed { Severity::Warning } else { Severity::Error },
                format!(
                    "{label}: {stat} {value} is below {minimum}, the lowest a new card rolls: \
                     edited or damaged{note}"
                ),
            );
        }
    }
    match card.card_type {
        CardType::Unknown(code) => push(
            FindingKind::UnknownType,
            Severity::Error,
            format!("{label}: type byte {code} is not a card type (0..3)"),
        ),
        t if !type_possible(info, t) && platform == Platform::PlayStation => push(
            FindingKind::NpcType,
            Severity::Info,
            format!(
                "{label}: type {t}, where the catalogue says {}: the NPC table's type, as on \
                 cards won from opponents (the PlayStation release keeps two types per card)",
                info.default_type
            ),
        ),
        t if !type_possible(info, t) => push(
            FindingKind::ImpossibleType,
            Severity::Warning,
            format!(
                "{label}: type {t} is neither its default {} nor X or A: an edited save",
                info.default_type
            ),
        ),
        _ => {}
    }
    out
}
