//! `quadmist plan`: safe discards, the best N discards, and the road to Master.

use super::common::{self, SaveArgs};
use super::text;
use super::{CliError, CliResult};
use crate::ff9::{CardRecord, Collection, Platform};
use crate::finding::Finding;
use crate::plan::master::NewCopyUpgrades;
use crate::plan::{self, KeepPlan, MasterPlan, Step};
use crate::rules::growth::EvolutionOdds;
use crate::rules::score::{Contribution, MASTER_POINTS, PERFECT_POINTS};
use clap::{Args, ValueEnum};
use serde::Serialize;

const EXAMPLES: &str = "\
Examples:
  quadmist plan memcard.mcr --save 3         safe discards and the road to Master
  quadmist plan SavedData_ww.dat --save 1-2 --discard 5
                                             the 5 cards whose discard costs the fewest points
  quadmist plan memcard.mcr --odds pc --target 1700
                                             the road to 1700 with the PC engine's odds
  quadmist plan save.json --json             the same as JSON

Every plan is exact (minimum-cost flow), not a rule of thumb. Expected battle wins are
expected values; the chance of a new card getting a free arrow pattern is an estimate.";

/// Which evolution odds to plan with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OddsChoice {
    /// PlayStation-era guides: P/M → X 1/32, X → A 1/256 (unverified for the PlayStation code).
    #[value(name = "psx", alias = "psx-guide")]
    Psx,
    /// The PC/Switch engine code: P/M → X 1/64, X → A 1/128.
    #[value(name = "pc", alias = "engine", alias = "switch")]
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

pub(crate) fn parse_target(s: &str) -> Result<u32, String> {
    match s.trim() {
        "1698" | "master" => Ok(MASTER_POINTS),
        "1700" | "max" | "maximum" => Ok(PERFECT_POINTS),
        _ => Err("expected 1698 (Master) or 1700 (maximum)".into()),
    }
}

/// Arguments of `quadmist plan`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct PlanArgs {
    /// The save file and which save in it.
    #[command(flatten)]
    pub save: SaveArgs,
    /// Also choose the N cards whose discard together loses the fewest points (exact; among
    /// equal choices the stronger cards stay).
    #[arg(long, value_name = "N")]
    pub discard: Option<usize>,
    /// Evolution odds for the upgrade estimate [default: psx for PlayStation saves, pc for
    /// PC and Switch saves].
    #[arg(long, value_enum)]
    pub odds: Option<OddsChoice>,
    /// The score to plan for: 1698 (Master) or 1700 (maximum).
    #[arg(long, default_value = "1698", value_parser = parse_target)]
    pub target: u32,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A discarded card and what it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CostedCard {
    /// The card.
    #[serde(flatten)]
    pub card: CardRecord,
    /// What its discard costs (id and mask points charged once per group leaving together).
    pub cost: Contribution,
}

/// The `--discard N` result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
pub struct KeeperUpgrade {
    /// Its slot.
    pub slot: u16,
    /// Its id.
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
#[serde(tag = "step", rename_all = "snake_case")]
pub enum StepReport {
    /// Discard these slots first.
    Discard {
        /// Slots.
        slots: Vec<u16>,
        /// Points afterwards.
        points_after: u32,
    },
    /// Acquire a copy of each id on a free arrow pattern.
    Acquire {
        /// Ids.
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
pub struct SlotGroup {
    /// The shared arrow mask or card id.
    pub value: u8,
    /// The cards' slots.
    pub slots: Vec<u16>,
}

/// The road to Master as shown.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
    /// Ids with no copy owned.
    pub missing_ids: Vec<u8>,
    /// Ids owned whose copies all clash with other keepers' patterns.
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
pub struct OutOfReach {
    /// Numbers of the missing cards with no source left.
    pub lost_numbers: Vec<u8>,
    /// The most points still reachable (10 fewer per lost number).
    pub best_points: u32,
    /// Its collector level.
    pub best_level: usize,
    /// Its rank name (`None` at level 31).
    pub best_rank: Option<&'static str>,
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

pub use super::plan_render::render_plan;

/// Largest collection `quadmist plan` accepts: the exact planners take time quadratic or worse
/// in the card count (a vanilla save holds at most 100, Memoria's raised limit a few hundred).
pub const MAX_PLAN_CARDS: usize = 2000;

/// Runs `quadmist plan`.
pub fn run(args: &PlanArgs) -> CliResult {
    let (_, collection) = common::load_collection(&args.save)?;
    if collection.cards.len() > MAX_PLAN_CARDS {
        return Err(CliError::unusable(format!(
            "this save holds {} cards; quadmist plans collections of up to {MAX_PLAN_CARDS}",
            collection.cards.len()
        )));
    }
    let held = collection.cards.len();
    let discard = match args.discard {
        Some(n) if n > held => {
            common::print_findings(&[Finding::warning(format!(
                "--discard {n} is more than the {held} {} this save holds: the plan discards all {held}",
                if held == 1 { "card" } else { "cards" }
            ))]);
            Some(held)
        }
        other => other,
    };
    let report = plan_report(&collection, discard, args.odds, args.target);
    if args.json {
        return common::print_json(&report);
    }
    common::print_text(&render_plan(&collection, &report, text::term_width()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::score::tests::collection;
    use crate::ff9::CardType::{Assault as A, Flexible as X, Physical as P};

    /// Every card number but Namingway (98), one copy each, with the story at `scenario`.
    fn all_but_namingway(scenario: u16) -> Collection {
        let ids: Vec<(u8, crate::ff9::CardType, u8)> =
            (0..100u8).filter(|&id| id != 97).map(|id| (id, A, id)).collect();
        let mut events = vec![0u8; 2048];
        events[..2].copy_from_slice(&scenario.to_le_bytes());
        Collection { events: Some(crate::model::EventFlags::new(events)), ..collection(&ids) }
    }

    #[test]
    fn past_disc_3_without_namingway_master_is_out_of_reach_and_pro_is_the_best_left() {
        // Disc 3 (scenario 9950): the Desert Palace pickup is still open.
        assert_eq!(
            plan_report(&all_but_namingway(9950), None, None, MASTER_POINTS).out_of_reach,
            None
        );
        // Disc 4 (11740): no source left; 99 ids (990) + 100 masks (500) + 100 A (200) at most
        // = 1690, the Pro threshold (level 29), below Master's 1698.
        let c = all_but_namingway(11740);
        let r = plan_report(&c, None, None, MASTER_POINTS);
        let o = r.out_of_reach.clone().expect("out of reach");
        assert_eq!(
            (o.lost_numbers, o.best_points, o.best_level, o.best_rank),
            (vec![98], 1690, 29, Some("Pro"))
        );
        let text = anstream::adapter::strip_str(&render_plan(&c, &r, 80)).to_string();
        assert!(text.contains("Master is out of reach on this save: 98 Namingway"), "{text}");
        assert!(text.contains("1690 points, Pro"), "{text}");
        assert!(text.lines().all(|l| text::width(l) <= 80));
    }

    #[test]
    fn json_has_the_issue_fields_for_the_13_3_example() {
        // §13.3: Goblin P 0x01 ×2, Fang X 0x01, Fang A 0x03 (33 points): one Goblin can go.
        let c = collection(&[(0, P, 0x01), (0, P, 0x01), (1, X, 0x01), (1, A, 0x03)]);
        let r = plan_report(&c, Some(2), None, MASTER_POINTS);
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["points"], 33);
        assert_eq!(v["safe_discards"].as_array().unwrap().len(), 1);
        // Discarding 2: a Goblin (free) and Fang X (its type, 1 point) is the cheapest.
        assert_eq!(v["discard"]["points_lost"], 1);
        let d = &r.discard.as_ref().unwrap().slots;
        assert!(d.len() == 2 && d.contains(&3) && (d.contains(&1) || d.contains(&2)), "{d:?}");
        let m = &v["master"];
        // Keepers: a Goblin on 0x01 (the two tie) and Fang A on 0x03.
        let k = &r.master.keepers;
        assert!(k.len() == 2 && (k[0] == 1 || k[0] == 2) && k[1] == 4, "{k:?}");
        assert_eq!(m["missing_ids"].as_array().unwrap().len(), 98);
        assert_eq!(m["ids_needing_new_arrows"], serde_json::json!([]));
        // PC platform → engine odds. 98 new copies + Goblin P; slack 2 at 1698: two of the
        // 99 P/M cards stop at X (64 each), 97 go to A (192 each).
        assert_eq!(m["odds_to_x"], 64);
        assert_eq!(m["upgrades"]["to_x"], 99);
        assert_eq!(m["upgrades"]["to_a"], 97);
        assert_eq!(m["expected_battle_wins"], 97 * 192 + 2 * 64);
        assert_eq!(m["steps"][0]["step"], "discard");
        assert_eq!(m["steps"][1]["step"], "acquire");
        assert_eq!(m["steps"][2]["step"], "upgrade");
    }

    #[test]
    fn text_names_the_safe_discards_and_never_calls_1700_master() {
        let c = collection(&[(0, P, 0x10), (0, P, 0x20), (1, P, 0x10), (1, P, 0x20)]);
        let r = plan_report(&c, None, Some(OddsChoice::Psx), PERFECT_POINTS);
        assert_eq!(r.safe_discards.len(), 2);
        let text = render_plan(&c, &r, 80);
        assert!(text.contains("Goblin") && text.contains("Fang"), "{text}");
        assert!(text.contains("Road to the maximum, 1700 (rank 32 of 32, no name)"), "{text}");
        assert!(text.contains("P/M→X 1/32, X→A 1/256"), "{text}");
        assert!(!text.contains("Master (1700"), "{text}");
    }
}
