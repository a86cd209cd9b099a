//! The report of `quadmist odds`: each matchup's exact odds under the rules, both ways, with
//! the notes that go with them; what the text ([`super::render`]) and the JSON show.

use crate::cli::card_text::in_slot;
use crate::model::{catalogue, CardType, Finding, FindingKind, Platform};
use crate::rules::battle::{Fighter, Odds};
use crate::rules::dice;
use crate::rules::odds::{self as rules_odds, Basis, RuleSet};
use crate::rules::ratio::Ratio;
use serde::Serialize;

/// One side of a battle: a card and where it came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Side {
    /// The card as given or as stored (`8X35` or `138/X/53/90`).
    pub card: String,
    /// The in-game digits.
    pub digits: String,
    /// The card number 1..100, for a card from a save (the text names it by its number and
    /// name).
    #[serde(rename = "number", serialize_with = "number_of_id")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "json-schema", schemars(with = "Option<u8>"))]
    pub id: Option<u8>,
    /// The catalogue name, for a card from a save.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The slot in the save's card list, for a card from a save: where it is, not what it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<u16>,
    /// The platform of the save the card comes from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub platform: Option<Platform>,
    /// The stats.
    #[serde(rename = "stats")]
    pub fighter: Fighter,
}

impl Side {
    /// A card typed on the command line.
    pub(super) fn typed(fighter: Fighter) -> Side {
        Side {
            card: fighter.to_string(),
            digits: fighter.digits(),
            name: None,
            id: None,
            slot: None,
            platform: None,
            fighter,
        }
    }

    /// The card in full: "53 Iron Man (slot 2): 167/P/63/12 (AP30)", or as typed.
    pub(super) fn label(&self) -> String {
        let card = if self.card == self.digits {
            self.card.clone()
        } else {
            format!("{} ({})", self.card, self.digits)
        };
        match (self.id, self.slot) {
            (Some(id), Some(slot)) => format!("{}: {card}", in_slot(id, slot)),
            _ => card,
        }
    }

    /// The card in short, for a table: "53 Iron Man (slot 2) AP30", or as typed.
    pub(super) fn short(&self) -> String {
        match (self.id, self.slot) {
            (Some(id), Some(slot)) => format!("{} {}", in_slot(id, slot), self.digits),
            _ => self.card.clone(),
        }
    }

    /// The card's number and name, or the card as typed.
    pub(super) fn who(&self) -> String {
        self.id.map(catalogue::numbered_name).unwrap_or_else(|| self.card.clone())
    }
}

/// Writes a card id (0..99) as its card number (1..100).
fn number_of_id<S: serde::Serializer>(id: &Option<u8>, s: S) -> Result<S::Ok, S::Error> {
    match id {
        Some(id) => s.serialize_u16(u16::from(*id) + 1),
        None => s.serialize_none(),
    }
}

/// A chance as JSON: a number, or `{min, mean, max}`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
enum WinsJson {
    One(f64),
    Range { min: f64, mean: f64, max: f64 },
}

/// The exact fractions behind [`WinsJson`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
enum ExactJson {
    One(Ratio),
    Range { min: Ratio, max: Ratio },
}

fn wins_json(odds: Odds) -> (WinsJson, ExactJson, bool) {
    match odds {
        Odds::Exact(p) => (WinsJson::One(p.to_f64()), ExactJson::One(p), false),
        Odds::Range { min, mean, max } => (
            WinsJson::Range { min: min.to_f64(), mean, max: max.to_f64() },
            ExactJson::Range { min, max },
            true,
        ),
    }
}

/// The other direction: the defender attacks, and the first card's chance to hold.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub(super) struct Attacked {
    #[serde(flatten)]
    pub(super) basis: Basis,
    /// The first card's chance to win when the other card attacks it.
    holds: WinsJson,
    exact: ExactJson,
    #[serde(skip)]
    pub(super) odds: Odds,
}

/// One attacker against one defender, both directions.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub(super) struct Row {
    pub(super) attacker: Side,
    pub(super) defender: Side,
    #[serde(flatten)]
    pub(super) basis: Basis,
    attacker_wins: WinsJson,
    exact: ExactJson,
    /// True when a mean is an estimate (a side known by digits).
    pub(super) estimate: bool,
    /// When the defender attacks instead; null when its type is not one the game defines.
    pub(super) when_attacked: Option<Attacked>,
    #[serde(skip)]
    pub(super) odds: Odds,
}

/// The odds of one matchup under the rules; `None` when the attacker's type code is unknown.
pub(super) fn row(attacker: &Side, defender: &Side, rules: RuleSet) -> Option<Row> {
    let (basis, odds) = rules_odds::match_odds(&attacker.fighter, &defender.fighter, rules)?;
    let (attacker_wins, exact, estimate) = wins_json(odds);
    let when_attacked =
        rules_odds::match_odds(&defender.fighter, &attacker.fighter, rules).map(|(basis, o)| {
            let odds = rules_odds::complement(o);
            let (holds, exact, _) = wins_json(odds);
            Attacked { basis, holds, exact, odds }
        });
    Some(Row {
        attacker: attacker.clone(),
        defender: defender.clone(),
        basis,
        attacker_wins,
        exact,
        estimate,
        when_attacked,
        odds,
    })
}

/// Every attacker against every defender, grouped by defender; with several attackers each
/// group is ranked best first (by the chance when attacking). Cards with an undefined type get
/// a finding instead of a row.
pub(super) fn rows(
    attackers: &[Side],
    defenders: &[Side],
    rules: RuleSet,
    findings: &mut Vec<Finding>,
) -> Vec<Row> {
    let mut out = Vec::new();
    for d in defenders {
        let mut group = Vec::new();
        for a in attackers {
            if out.len() + group.len() >= MAX_ROWS {
                break;
            }
            match row(a, d, rules) {
                Some(r) => group.push(r),
                None => findings.push(Finding::warning(
                    FindingKind::UnknownType,
                    format!(
                        "{}: type code {} is not one the game defines; no odds",
                        a.label(),
                        a.fighter.card_type.code()
                    ),
                )),
            }
        }
        rules_odds::rank_best_first(&mut group, |r| r.odds);
        out.append(&mut group);
    }
    out
}

/// Notes that go with the figures.
pub(super) fn notes(rows: &[Row], rules: RuleSet) -> Vec<String> {
    let mut notes = Vec::new();
    if rows.iter().any(|r| r.estimate) {
        notes.push(
            "mean: an estimate, every value of a digit band taken as equally likely; worst and \
             best are exact"
                .to_string(),
        );
    }
    let from_playstation = |r: &Row| {
        [&r.attacker, &r.defender].iter().any(|s| s.platform == Some(Platform::PlayStation))
    };
    if rules == RuleSet::Game && rows.iter().any(from_playstation) {
        notes.push(
            "PlayStation card: the battle formula is the PC engine's, assumed identical on the \
             PlayStation (unverified)"
                .to_string(),
        );
    }
    let assault = |s: &Side| s.fighter.card_type == CardType::Assault;
    if rules != RuleSet::Game && rows.iter().any(|r| assault(&r.attacker) || assault(&r.defender)) {
        notes.push(dice::ASSAULT_ASSUMPTION.to_string());
    }
    notes
}

/// JSON of a single matchup: the row with the rules and notes beside it.
#[derive(Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub(super) struct SingleJson<'a> {
    pub(super) rules: RuleSet,
    #[serde(flatten)]
    pub(super) row: &'a Row,
    pub(super) notes: Vec<String>,
}

/// JSON of a table.
#[derive(Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub(super) struct TableJson<'a> {
    pub(super) rules: RuleSet,
    pub(super) rows: &'a [Row],
    pub(super) notes: Vec<String>,
}

/// Most rows of one table (attackers × defenders).
pub const MAX_ROWS: usize = 10_000;
