//! The plans as both front ends show them: safe discards, the best N discards and the road to
//! Master, with cards named by slot.

use crate::model::{CardRecord, Collection, Platform};
use crate::plan::master::NewCopyUpgrades;
use crate::plan::{self, KeepPlan, MasterPlan, Step};
use crate::rules::growth::EvolutionOdds;
use crate::rules::score::{self, Contribution};
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

/// Cards sharing an arrow pattern.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct PatternGroup {
    /// The shared arrow mask (bit n = direction n, clockwise from up).
    pub arrows: u8,
    /// The cards' slots.
    pub slots: Vec<u16>,
}

/// Copies of one card number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct CopiesGroup {
    /// The card number 1..100.
    #[serde(rename = "number", serialize_with = "number_of_id")]
    pub id: u8,
    /// The copies' slots.
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
    pub shared_patterns: Vec<PatternGroup>,
    /// Card numbers owned in several copies.
    #[serde(rename = "repeated_numbers")]
    pub repeated_ids: Vec<CopiesGroup>,
    /// Upgrades needed.
    pub upgrades: UpgradeReport,
    /// Expected battle wins for all upgrades (expected value; new copies estimated).
    pub expected_battle_wins: u64,
    /// The steps in order.
    pub steps: Vec<StepReport>,
}

/// A card that is not a keeper and costs points when it goes: discarded only when room is needed
/// for a new card, in this order (cheapest first).
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoomDiscard {
    /// Its slot.
    pub slot: u16,
    /// Points lost when it goes, once the cards before it in the list are gone.
    pub cost: u32,
    /// Points of the collection once it and the cards before it are gone.
    pub points_after: u32,
}

/// Everything `quadmist plan` shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct PlanReport {
    /// Points of the collection now.
    pub points: u32,
    /// Cards now.
    pub card_count: usize,
    /// Slots of the cards that can go together at any time without losing a point: the largest
    /// such set, less any card the road to Master keeps (none on every save seen so far), so
    /// that no card is both a keeper and a safe discard.
    pub safe_discards: Vec<u16>,
    /// The other cards that are not keepers, cheapest first, with what each costs: they go
    /// only when room is needed for a new card (the points come back with the new cards).
    pub room_discards: Vec<RoomDiscard>,
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

fn patterns(cards: &[CardRecord], groups: &[(u8, Vec<usize>)]) -> Vec<PatternGroup> {
    groups.iter().map(|(mask, g)| PatternGroup { arrows: *mask, slots: slots(cards, g) }).collect()
}

fn copies(cards: &[CardRecord], groups: &[(u8, Vec<usize>)]) -> Vec<CopiesGroup> {
    groups.iter().map(|(id, g)| CopiesGroup { id: *id, slots: slots(cards, g) }).collect()
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
        shared_patterns: patterns(cards, &m.shared_masks),
        repeated_ids: copies(cards, &m.repeated_ids),
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

/// The cards of `rest` (input indices; `gone` already discarded) in the order that loses the
/// fewest points at each step: the cheapest card first, the lower slot on a tie; each with its
/// cost and the points after it.
fn cheapest_first(cards: &[CardRecord], gone: &[usize], rest: &[usize]) -> Vec<RoomDiscard> {
    let mut kept = vec![true; cards.len()];
    for &g in gone {
        kept[g] = false;
    }
    let mut left: Vec<usize> = rest.to_vec();
    let mut out = Vec::with_capacity(left.len());
    let mut points = score::points(cards.iter().zip(&kept).filter(|(_, &k)| k).map(|(c, _)| c));
    while !left.is_empty() {
        // What each card still held is worth to the cards still held (input order).
        let held: Vec<usize> = (0..cards.len()).filter(|&i| kept[i]).collect();
        let held_cards: Vec<CardRecord> = held.iter().map(|&i| cards[i]).collect();
        let worth = score::contributions(&held_cards);
        let cost_of = |i: usize| held.binary_search(&i).map_or(0, |k| worth[k].total());
        let (at, cost) = left
            .iter()
            .enumerate()
            .map(|(at, &i)| (at, cost_of(i)))
            .min_by_key(|&(at, cost)| (cost, cards[left[at]].slot))
            .expect("left is not empty");
        let i = left.remove(at);
        kept[i] = false;
        points -= cost;
        out.push(RoomDiscard { slot: cards[i].slot, cost, points_after: points });
    }
    out
}

/// What a slot is, said once wherever the plan lists cards.
pub const SLOT_NOTE: &str = "A slot is a card's place in the save's list of cards (slot 1 comes \
first); the game does not show it. In the game, find a card by its name and which of its copies \
it is: the card menu pages through a card's copies in this order.";

/// `28,032`: a whole number with its thousands separated.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A large figure in words, rounded: `about 28 thousand`, `about 1.2 million`; below ten
/// thousand the figure itself.
pub fn in_words(n: u64) -> String {
    match n {
        0..=9_999 => thousands(n),
        10_000..=999_499 => format!("about {} thousand", (n + 500) / 1000),
        _ => {
            let tenths = (n + 50_000) / 100_000;
            if tenths.is_multiple_of(10) {
                format!("about {} million", tenths / 10)
            } else {
                format!("about {}.{} million", tenths / 10, tenths % 10)
            }
        }
    }
}

/// `1 card`, `2 cards`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The plan's sentences, the same on the page and in the terminal (each front end adds its
/// lists and tables of cards).
impl PlanReport {
    /// The goal in words: `Master (1698 points)` or the maximum.
    pub fn goal(&self) -> &'static str {
        if self.master.target == crate::rules::score::PERFECT_POINTS {
            "the maximum, 1700 points (the last rank, which has no name)"
        } else {
            "Master (1698 points)"
        }
    }

    /// The safe discards' heading sentence.
    pub fn safe_words(&self) -> String {
        match self.safe_discards.len() {
            0 => format!(
                "None: every card is needed for the {}.",
                counted(self.points as usize, "point", "points")
            ),
            1 => "This card can go at any time without losing a point (another card holds its \
                  card number and its arrow pattern):"
                .to_string(),
            n => format!(
                "These {n} cards can go at any time, all together, without losing a point \
                 (other cards hold their card numbers and arrow patterns):"
            ),
        }
    }

    /// The keepers in words; `star` when the album marks them with ★.
    pub fn keeper_words(&self, star: bool) -> String {
        let m = &self.master;
        format!(
            "Keepers{}: {}, one for each card number held and no two on the same arrow \
             pattern, as Master needs 100 such cards. On their own they have {}.",
            if star { " (★ in the album)" } else { "" },
            counted(m.keepers.len(), "card", "cards"),
            counted(m.keeper_points as usize, "point", "points")
        )
    }

    /// The arrow patterns still free, and what that means for the cards still to get.
    pub fn pattern_words(&self) -> String {
        let m = &self.master;
        let p = m.free_pattern_probability_estimate;
        let mut s = format!(
            "Arrow patterns: a card has one of 256; the keepers use {}, so {} are still free.",
            m.keepers.len(),
            m.free_patterns
        );
        if m.missing_ids.len() + m.ids_needing_new_arrows.len() > 0 && p > 0.0 {
            s.push_str(&format!(
                " A new card lands on a free one about {} times in 100 (an estimate from the \
                 game's odds of drawing a new card's arrows), so each card number still to get \
                 takes about {} new copies.",
                (100.0 * p).round() as u32,
                crate::model::format_decimal(1.0 / p, 1)
            ));
        }
        s
    }

    /// The upgrades and the battle wins they take, with the figure in words.
    pub fn upgrade_words(&self) -> String {
        let m = &self.master;
        let u = &m.upgrades;
        if m.expected_battle_wins == 0 {
            return "Upgrades: none needed.".to_string();
        }
        format!(
            "Upgrades: {} to become X, {} to become A. A card changes type only by chance, after \
             a card battle it wins: 1 in {} for P or M to X, 1 in {} for X to A, by the odds of \
             the {}. That makes {} battle wins in all ({}, on average{}): by far the longest part \
             of the road.",
            counted(u.to_x, "card", "cards"),
            counted(u.to_a, "card", "cards"),
            m.odds_to_x,
            m.odds_to_a,
            m.odds,
            thousands(m.expected_battle_wins),
            in_words(m.expected_battle_wins),
            if u.new_copies.copies > 0 { "; new copies counted as arriving P or M" } else { "" }
        )
    }

    /// The steps in words, in order; the room step and the upgrade step are followed by their
    /// tables of cards.
    pub fn step_words(&self) -> Vec<PlanStep> {
        let m = &self.master;
        let mut steps = Vec::new();
        if !self.safe_discards.is_empty() {
            steps.push(PlanStep::Free(format!(
                "Discard the {} whenever you like: {}.",
                counted(self.safe_discards.len(), "safe discard", "safe discards"),
                if self.safe_discards.len() == 1 {
                    "it costs nothing"
                } else {
                    "they cost nothing"
                }
            )));
        }
        let needed = m.missing_ids.len() + m.ids_needing_new_arrows.len();
        if needed > 0 {
            steps.push(PlanStep::Acquire(format!(
                "Get the {} still needed ({} missing, {} whose copies all clash with a keeper's \
                 arrows). Keep a new card only if its arrow pattern is still free; otherwise \
                 discard it at once, which leaves you where you were.",
                counted(needed, "card number", "card numbers"),
                m.missing_ids.len(),
                m.ids_needing_new_arrows.len()
            )));
        }
        if let Some(last) = self.room_discards.last() {
            let n = self.room_discards.len();
            steps.push(PlanStep::Room(format!(
                "Only when the collection is full (100 cards) and a new card needs room, discard \
                 the next of {}, cheapest first. Each costs the points shown until new cards make \
                 them up: with all {n} gone the collection has {} (it has {} now).",
                if n == 1 { "this card".to_string() } else { format!("these {n} cards") },
                counted(last.points_after as usize, "point", "points"),
                counted(self.points as usize, "point", "points")
            )));
        }
        if !m.upgrades.cards.is_empty() || m.upgrades.new_copies.expected_wins > 0 {
            steps.push(PlanStep::Upgrade(
                "Win card battles with these cards until they change type:".to_string(),
            ));
        }
        steps.push(PlanStep::Reached(format!("{} is reached.", capitalised(self.goal()))));
        steps
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// One step of the plan in words (see [`PlanReport::step_words`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanStep {
    /// Discard the safe discards: free.
    Free(String),
    /// Get the card numbers still needed.
    Acquire(String),
    /// Make room with the other non-keepers, cheapest first: followed by their list.
    Room(String),
    /// Win battles: followed by the upgrades' list.
    Upgrade(String),
    /// The goal reached.
    Reached(String),
}

impl PlanStep {
    /// The step's sentence.
    pub fn words(&self) -> &str {
        match self {
            PlanStep::Free(s)
            | PlanStep::Acquire(s)
            | PlanStep::Room(s)
            | PlanStep::Upgrade(s)
            | PlanStep::Reached(s) => s,
        }
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
    let zero_loss = plan::zero_loss_discards(cards);
    let master = plan::master_plan(cards, odds.odds(), target);
    // A subset of a set that loses no point loses none either.
    let safe: Vec<usize> =
        zero_loss.discarded.iter().copied().filter(|i| !master.keepers.contains(i)).collect();
    let others: Vec<usize> =
        master.non_keepers.iter().copied().filter(|i| !safe.contains(i)).collect();
    PlanReport {
        points: zero_loss.points_before,
        card_count: cards.len(),
        safe_discards: slots(cards, &safe),
        room_discards: cheapest_first(cards, &safe, &others),
        discard: discard.map(|n| discard_report(cards, &plan::best_discards(cards, n))),
        master: master_report(cards, &master, odds),
        out_of_reach: out_of_reach(collection),
    }
}

/// Largest collection planned (by `quadmist plan`, the report and the page): the exact planners
/// take time quadratic or worse in the card count (a vanilla save holds at most 100, Memoria's raised limit a few hundred).
pub const MAX_PLAN_CARDS: usize = 2000;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CardType::{self, Flexible as X, Physical as P};

    fn card(slot: u16, id: u8, arrows: u8, card_type: CardType) -> CardRecord {
        CardRecord { slot, id, arrows, atk: 1, card_type, pdef: 1, mdef: 1, cpoint: None }
    }

    #[test]
    fn large_figures_are_said_in_words() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(28_032), "28,032");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(in_words(9_999), "9,999");
        assert_eq!(in_words(28_032), "about 28 thousand");
        assert_eq!(in_words(28_500), "about 29 thousand");
        assert_eq!(in_words(999_499), "about 999 thousand");
        assert_eq!(in_words(999_500), "about 1 million");
        assert_eq!(in_words(1_250_000), "about 1.3 million");
    }

    #[test]
    fn the_discards_split_into_free_ones_and_costed_ones_worked_by_hand() {
        // Two equal Goblins on pattern 0x01, a Fang P on 0x02 and a Fang X on 0x04:
        // ids 2 × 10 + patterns 3 × 5 + one X = 36 points. Master keeps one Goblin and the Fang
        // X (31 points). One Goblin goes free; the Fang P holds the only 0x02 pattern: 5 points.
        let c = Collection::new(
            Platform::Pc,
            vec![
                card(1, 0, 0x01, P),
                card(2, 0, 0x01, P),
                card(3, 1, 0x02, P),
                card(4, 1, 0x04, X),
            ],
        );
        let r = plan_report(&c, None, None, crate::rules::score::MASTER_POINTS);
        assert_eq!(r.points, 36);
        assert_eq!(r.master.keeper_points, 31);
        assert_eq!(r.safe_discards.len(), 1);
        let goblins: Vec<u16> =
            r.safe_discards.iter().chain(&r.master.keepers).copied().filter(|&s| s <= 2).collect();
        assert_eq!(goblins.len(), 2, "one Goblin kept, the other free: {goblins:?}");
        assert_eq!(r.room_discards, vec![RoomDiscard { slot: 3, cost: 5, points_after: 31 }]);
    }

    /// Every collection of the fixture card: the free discards lose nothing, no keeper is among
    /// the discards, and each costed discard's cost is the points it takes when it goes after
    /// those before it, recomputed from the cards, ending on the keepers' points.
    #[test]
    fn on_the_fixture_the_discards_cost_what_the_score_says_and_end_on_the_keepers() {
        let bytes =
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/ff9-three-saves.mcr"))
                .expect("fixture");
        let set = crate::ff9::open(&bytes, Some("ff9-three-saves.mcr"), &|_| None).expect("opens");
        let mut seen = 0;
        for e in set.saves.iter().filter(|e| e.is_ff9) {
            let c = e.collection().expect("decodes");
            let r = plan_report(&c, None, None, crate::rules::score::MASTER_POINTS);
            let keepers = &r.master.keepers;
            let without =
                |gone: &[u16]| score::points(c.cards.iter().filter(|x| !gone.contains(&x.slot)));
            assert_eq!(without(&r.safe_discards), r.points, "the free discards lose nothing");
            let mut gone = r.safe_discards.clone();
            let mut before = r.points;
            for d in &r.room_discards {
                assert!(!keepers.contains(&d.slot), "slot {} is a keeper", d.slot);
                // No card left costs less than the one chosen.
                for x in
                    c.cards.iter().filter(|x| !gone.contains(&x.slot) && !keepers.contains(&x.slot))
                {
                    let mut g = gone.clone();
                    g.push(x.slot);
                    assert!(
                        before - without(&g) >= d.cost,
                        "slot {} is cheaper than {}",
                        x.slot,
                        d.slot
                    );
                }
                gone.push(d.slot);
                assert_eq!(without(&gone), d.points_after);
                assert_eq!(before - d.points_after, d.cost);
                before = d.points_after;
            }
            assert_eq!(gone.len() + keepers.len(), c.cards.len(), "every card is kept or goes");
            assert_eq!(before, r.master.keeper_points);
            seen += 1;
        }
        assert_eq!(seen, 3);
    }
}
