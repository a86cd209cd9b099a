//! The plans as both front ends show them: safe discards, the best N discards and the road to
//! Master, with cards named by slot.

use crate::model::{CardRecord, Collection, Platform};
use crate::plan::master::NewCopyUpgrades;
use crate::plan::{self, KeepPlan, MasterPlan, Step};
use crate::rules::growth::EvolutionOdds;
use crate::rules::score::Contribution;
use serde::Serialize;

/// Which evolution odds to plan with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum OddsChoice {
    /// PlayStation-era guides: P/M → X 1/32, X → A 1/256 (unverified for the PlayStation code).
    #[cfg_attr(feature = "cli", value(name = "psx", alias = "psx-guide"))]
    Psx,
    /// The PC/Switch engine code: P/M → X 1/64, X → A 1/128.
    #[cfg_attr(feature = "cli", value(name = "pc", alias = "engine", alias = "switch"))]
    Pc,
}

impl OddsChoice {
    /// The default for a platform: PlayStation → psx, PC and Switch → pc.
    pub fn for_platform(platform: Platform) -> OddsChoice {
        match platform {
            Platform::PlayStation => OddsChoice::Psx,
            Platform::Pc | Platform::Switch => OddsChoice::Pc,
        }
    }

    /// The odds.
    pub fn odds(self) -> EvolutionOdds {
        match self {
            OddsChoice::Psx => EvolutionOdds::PSX_GUIDE,
            OddsChoice::Pc => EvolutionOdds::ENGINE,
        }
    }

    /// A name for people.
    pub fn label(self) -> &'static str {
        match self {
            OddsChoice::Psx => "PlayStation guides (unverified)",
            OddsChoice::Pc => "PC/Switch engine",
        }
    }
}

/// A discarded card and what it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct CostedCard {
    /// The card.
    #[serde(flatten)]
    pub card: CardRecord,
    /// What its discard costs (id and mask points charged once per group leaving together).
    pub cost: Contribution,
}

/// The `--discard N` result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct DiscardReport {
    /// Slots of the cards to discard.
    pub slots: Vec<u16>,
    /// Points lost.
    pub points_lost: u32,
    /// Points afterwards.
    pub points_after: u32,
    /// The cards and what each costs.
    pub cards: Vec<CostedCard>,
}

/// Upgrade counts and the keepers' upgrades.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct UpgradeReport {
    /// P/M → X steps (keepers and new copies; P/M → A counts here and in `to_a`).
    pub to_x: usize,
    /// X → A steps.
    pub to_a: usize,
    /// Each keeper's upgrade.
    pub cards: Vec<KeeperUpgrade>,
    /// The upgrades of new copies still to acquire.
    pub new_copies: NewCopyUpgrades,
}

/// One keeper's upgrade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct KeeperUpgrade {
    /// Its slot.
    pub slot: u16,
    /// Its card number 1..100.
    #[serde(rename = "number", serialize_with = "number_of_id")]
    pub id: u8,
    /// Type now: P, M, X (or ? for an unknown code, planned as P/M).
    pub from: char,
    /// Type to reach: X or A.
    pub to: char,
    /// Expected battle wins (an expected value).
    pub expected_wins: u64,
}

/// A step of the road, with slots.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum StepReport {
    /// Discard these slots first.
    Discard {
        /// Slots.
        slots: Vec<u16>,
        /// Points afterwards.
        points_after: u32,
    },
    /// Acquire a copy of each card on a free arrow pattern.
    Acquire {
        /// Card numbers 1..100.
        #[serde(rename = "numbers", serialize_with = "numbers_of_ids")]
        ids: Vec<u8>,
        /// Estimate: the chance a new copy gets a free pattern.
        free_pattern_probability_estimate: f64,
    },
    /// Win battles with these cards.
    Upgrade {
        /// Keepers' upgrades.
        cards: Vec<KeeperUpgrade>,
        /// New copies' upgrades.
        new_copies: NewCopyUpgrades,
    },
}

/// Cards sharing an arrow pattern or an id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SlotGroup {
    /// The shared arrow mask or card id.
    pub value: u8,
    /// The cards' slots.
    pub slots: Vec<u16>,
}

/// The road to Master as shown.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct MasterReport {
    /// 1698 or 1700.
    pub target: u32,
    /// The odds used.
    pub odds: &'static str,
    /// P/M → X is 1 in this many battle wins.
    pub odds_to_x: u32,
    /// X → A is 1 in this many battle wins.
    pub odds_to_a: u32,
    /// Slots of the keepers (one per id, pairwise distinct arrow patterns).
    pub keepers: Vec<u16>,
    /// Points of the keepers alone.
    pub keeper_points: u32,
    /// Card numbers 1..100 with no copy owned.
    #[serde(rename = "missing_numbers", serialize_with = "numbers_of_ids")]
    pub missing_ids: Vec<u8>,
    /// Card numbers 1..100 owned whose copies all clash with other keepers' patterns.
    #[serde(rename = "numbers_needing_new_arrows", serialize_with = "numbers_of_ids")]
    pub ids_needing_new_arrows: Vec<u8>,
    /// Arrow patterns no keeper uses.
    pub free_patterns: usize,
    /// Estimate: chance a new card lands on a free pattern (PC creation odds).
    pub free_pattern_probability_estimate: f64,
    /// Arrow patterns carried by several cards.
    pub shared_patterns: Vec<SlotGroup>,
    /// Ids owned in several copies.
    pub repeated_ids: Vec<SlotGroup>,
    /// Upgrades needed.
    pub upgrades: UpgradeReport,
    /// Expected battle wins for all upgrades (expected value; new copies estimated).
    pub expected_battle_wins: u64,
    /// The steps in order.
    pub steps: Vec<StepReport>,
}

/// Everything `quadmist plan` shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct PlanReport {
    /// Points of the collection now.
    pub points: u32,
    /// Cards now.
    pub card_count: usize,
    /// Slots of the largest set of cards that can go together without losing a point.
    pub safe_discards: Vec<u16>,
    /// With `--discard N`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discard: Option<DiscardReport>,
    /// The road to the target.
    pub master: MasterReport,
    /// When some missing card can no longer be had in this playthrough (the save's story
    /// flags say so): Master is out of reach, and the best score and rank still reachable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_reach: Option<OutOfReach>,
}

/// Master out of reach on this save: the cards no longer obtainable and the best left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct OutOfReach {
    /// Numbers of the missing cards with no source left.
    pub lost_numbers: Vec<u8>,
    /// The most points still reachable (10 fewer per lost number).
    pub best_points: u32,
    /// Its rank number 1..32, as the text numbers it.
    #[serde(rename = "best_rank", serialize_with = "crate::report::score::serialize_rank")]
    #[cfg_attr(feature = "json-schema", schemars(range(min = 1, max = 32)))]
    pub best_level: usize,
    /// Its rank name (`None` at rank 32).
    #[serde(rename = "best_rank_name")]
    pub best_rank: Option<&'static str>,
}

/// Writes card ids (0..99) as the card numbers people read (1..100).
fn numbers_of_ids<S: serde::Serializer>(ids: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(ids.iter().map(|&id| u16::from(id) + 1))
}

/// Writes a card id (0..99) as its card number (1..100).
fn number_of_id<S: serde::Serializer>(id: &u8, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u16(u16::from(*id) + 1)
}

/// Master out of reach, from the save's story flags; `None` when every missing card can
/// still be had.
pub fn out_of_reach(collection: &Collection) -> Option<OutOfReach> {
    let a = crate::sources::availability(collection);
    let lost_numbers: Vec<u8> = a.lost().map(|m| m.number).collect();
    if lost_numbers.is_empty() {
        return None;
    }
    let (best_points, best_level) = crate::sources::best_reachable(lost_numbers.len());
    Some(OutOfReach {
        lost_numbers,
        best_points,
        best_level,
        best_rank: crate::rules::score::rank_name(best_level),
    })
}

fn slots(cards: &[CardRecord], indices: &[usize]) -> Vec<u16> {
    indices.iter().map(|&i| cards[i].slot).collect()
}

fn groups(cards: &[CardRecord], groups: &[(u8, Vec<usize>)]) -> Vec<SlotGroup> {
    groups.iter().map(|(value, g)| SlotGroup { value: *value, slots: slots(cards, g) }).collect()
}

fn keeper_upgrade(cards: &[CardRecord], u: &plan::Upgrade) -> KeeperUpgrade {
    let card = &cards[u.index];
    KeeperUpgrade {
        slot: card.slot,
        id: card.id,
        from: card.card_type.letter(),
        to: if u.to == 2 { 'A' } else { 'X' },
        expected_wins: u.expected_wins,
    }
}

fn discard_report(cards: &[CardRecord], p: &KeepPlan) -> DiscardReport {
    DiscardReport {
        slots: slots(cards, &p.discarded),
        points_lost: p.points_lost(),
        points_after: p.points_after,
        cards: p.costs.iter().map(|c| CostedCard { card: cards[c.index], cost: c.cost }).collect(),
    }
}

fn master_report(cards: &[CardRecord], m: &MasterPlan, odds: OddsChoice) -> MasterReport {
    let upgrades: Vec<KeeperUpgrade> =
        m.upgrades.iter().map(|u| keeper_upgrade(cards, u)).collect();
    let steps = m
        .steps
        .iter()
        .map(|s| match s {
            Step::Discard { cards: c, points_after } => {
                StepReport::Discard { slots: slots(cards, c), points_after: *points_after }
            }
            Step::Acquire { ids, free_mask_probability } => StepReport::Acquire {
                ids: ids.clone(),
                free_pattern_probability_estimate: *free_mask_probability,
            },
            Step::Upgrade { cards: u, new_copies } => StepReport::Upgrade {
                cards: u.iter().map(|u| keeper_upgrade(cards, u)).collect(),
                new_copies: *new_copies,
            },
        })
        .collect();
    MasterReport {
        target: m.target,
        odds: odds.label(),
        odds_to_x: m.odds.to_x,
        odds_to_a: m.odds.to_a,
        keepers: slots(cards, &m.keepers),
        keeper_points: m.keeper_points,
        missing_ids: m.missing_ids.clone(),
        ids_needing_new_arrows: m.blocked_ids.clone(),
        free_patterns: m.free_masks.len(),
        free_pattern_probability_estimate: m.free_mask_probability,
        shared_patterns: groups(cards, &m.shared_masks),
        repeated_ids: groups(cards, &m.repeated_ids),
        upgrades: UpgradeReport {
            to_x: m.to_x,
            to_a: m.to_a,
            cards: upgrades,
            new_copies: m.new_copies,
        },
        expected_battle_wins: m.expected_battle_wins,
        steps,
    }
}

/// Computes the plan for a collection.
pub fn plan_report(
    collection: &Collection,
    discard: Option<usize>,
    odds: Option<OddsChoice>,
    target: u32,
) -> PlanReport {
    let cards = &collection.cards;
    let odds = odds.unwrap_or_else(|| OddsChoice::for_platform(collection.platform));
    let safe = plan::zero_loss_discards(cards);
    let master = plan::master_plan(cards, odds.odds(), target);
    PlanReport {
        points: safe.points_before,
        card_count: cards.len(),
        safe_discards: slots(cards, &safe.discarded),
        discard: discard.map(|n| discard_report(cards, &plan::best_discards(cards, n))),
        master: master_report(cards, &master, odds),
        out_of_reach: out_of_reach(collection),
    }
}

/// Largest collection planned (by `quadmist plan`, the report and the page): the exact planners
/// take time quadratic or worse in the card count (a vanilla save holds at most 100, Memoria's raised limit a few hundred).
pub const MAX_PLAN_CARDS: usize = 2000;
