//! `quadmist score`: collector points, rank, the points to the next rank, to Master and to 1700.

use super::common::{self, SaveArgs};
use super::CliResult;
use crate::cards;
use crate::ff9::{CardRecord, Collection};
use crate::rules::score::{self, Contribution, LEVEL_THRESHOLDS, MASTER_POINTS, PERFECT_POINTS};
use anstyle::Style;
use clap::Args;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write as _;

const EXAMPLES: &str = "\
Examples:
  quadmist score memcard.mcr --save 3        points, rank and the points still needed
  quadmist score SavedData_ww.dat --save 1-2 --cards
                                             also what each card is worth on its own
  quadmist score save.json --json            the same as JSON

Points = 10 per distinct card id + 5 per distinct arrow pattern + 1 per X copy + 2 per A copy.
Master is 1698 points; 1700 is the maximum (rank 31, no name).";

/// Arguments of `quadmist score`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ScoreArgs {
    /// The save file and which save in it.
    #[command(flatten)]
    pub save: SaveArgs,
    /// Also list each card's contribution: the points lost if that card alone is discarded.
    #[arg(long)]
    pub cards: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A count and the points it earns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CountedPoints {
    /// How many.
    pub count: u32,
    /// Points earned.
    pub points: u32,
}

/// Type points: X and A copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TypePoints {
    /// X copies (1 point each).
    pub x: u32,
    /// A copies (2 points each).
    pub a: u32,
    /// Points earned.
    pub points: u32,
}

/// The next collector level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct NextLevel {
    /// Its index, 1..31.
    pub level: usize,
    /// Its name; `None` for level 31 (1700), which has none.
    pub rank: Option<&'static str>,
    /// Its threshold.
    pub threshold: u32,
    /// Points still needed.
    pub points_needed: u32,
}

/// One card and what it is worth on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CardContribution {
    /// The card.
    #[serde(flatten)]
    pub card: CardRecord,
    /// Points lost if this card alone is discarded.
    pub contribution: Contribution,
    /// `contribution.total()`.
    pub loses: u32,
}

/// Everything `quadmist score` shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScoreReport {
    /// Total collector points.
    pub points: u32,
    /// Collector level 0..31.
    pub level: usize,
    /// Rank name; `None` at level 31 (1700).
    pub rank: Option<&'static str>,
    /// Distinct card ids.
    pub ids: CountedPoints,
    /// Distinct arrow patterns.
    pub arrows: CountedPoints,
    /// Type bonus.
    pub types: TypePoints,
    /// The next level, `None` at level 31.
    pub next: Option<NextLevel>,
    /// Points still needed for Master (1698); 0 when reached.
    pub to_master: u32,
    /// Points still needed for the maximum 1700; 0 when reached.
    pub to_perfect: u32,
    /// Cards counted.
    pub card_count: usize,
    /// Each card's contribution, with `--cards`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CardContribution>>,
}

/// Computes the report for a collection.
pub fn score_report(collection: &Collection, with_cards: bool) -> ScoreReport {
    let b = score::breakdown(&collection.cards);
    let points = b.points();
    let level = score::level(points);
    let next = LEVEL_THRESHOLDS.get(level + 1).map(|&threshold| NextLevel {
        level: level + 1,
        rank: score::rank_name(level + 1),
        threshold,
        points_needed: threshold - points,
    });
    let cards = with_cards.then(|| {
        let contributions = score::contributions(&collection.cards);
        collection
            .cards
            .iter()
            .zip(contributions)
            .map(|(&card, contribution)| CardContribution {
                card,
                contribution,
                loses: contribution.total(),
            })
            .collect()
    });
    ScoreReport {
        points,
        level,
        rank: score::rank_name(level),
        ids: CountedPoints { count: b.distinct_ids, points: b.id_points() },
        arrows: CountedPoints { count: b.distinct_masks, points: b.mask_points() },
        types: TypePoints { x: b.x_copies, a: b.a_copies, points: b.type_points() },
        next,
        to_master: MASTER_POINTS.saturating_sub(points),
        to_perfect: PERFECT_POINTS.saturating_sub(points),
        card_count: collection.cards.len(),
        cards,
    }
}

/// What 1700 points is, in the tool's wording (never "Master").
pub const PERFECT_WORDING: &str = "1700 = maximum (rank 31, no name; the game is widely \
     reported to show 'Would you like to discard?')";

/// A rank for people: its name, or the 1700 wording for level 31.
pub fn rank_label(level: usize) -> String {
    match score::rank_name(level) {
        Some(name) => format!("{name} (level {level} of 31)"),
        None => PERFECT_WORDING.to_string(),
    }
}

/// One card on one line: slot, name, in-game string and arrow pattern.
pub fn card_label(card: &CardRecord) -> String {
    format!(
        "slot {:>3}  {:<18} {}  arrows {:#04x}",
        card.slot,
        cards::name(card.id),
        cards::display_string(card),
        card.arrows
    )
}

/// The text of `quadmist score` (bold headings are `anstyle` codes, stripped off a terminal).
pub fn render_score(report: &ScoreReport) -> String {
    let bold = Style::new().bold();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{bold}Points: {}{bold:#}   Rank: {}   ({} cards)",
        report.points,
        rank_label(report.level),
        report.card_count
    );
    let _ = writeln!(
        s,
        "  distinct card ids        {:>3} x 10 = {:>4}",
        report.ids.count, report.ids.points
    );
    let _ = writeln!(
        s,
        "  distinct arrow patterns  {:>3} x 5  = {:>4}",
        report.arrows.count, report.arrows.points
    );
    let _ = writeln!(
        s,
        "  X copies                 {:>3} x 1  = {:>4}",
        report.types.x, report.types.x
    );
    let _ = writeln!(
        s,
        "  A copies                 {:>3} x 2  = {:>4}",
        report.types.a,
        2 * report.types.a
    );
    match &report.next {
        Some(n) => {
            let name = n.rank.map(str::to_string).unwrap_or_else(|| "the maximum".into());
            let _ = writeln!(
                s,
                "Next rank: {name} (level {}) at {}: {} points to go",
                n.level, n.threshold, n.points_needed
            );
        }
        None => {
            let _ = writeln!(s, "Top level reached.");
        }
    }
    match report.to_master {
        0 => {
            let _ = writeln!(s, "Master (1698): reached");
        }
        n => {
            let _ = writeln!(s, "Master (1698): {n} points to go");
        }
    }
    match report.to_perfect {
        0 => {
            let _ = writeln!(s, "Maximum: reached. {PERFECT_WORDING}");
        }
        n => {
            let _ = writeln!(s, "Maximum (1700, not a named rank): {n} points to go");
        }
    }
    if let Some(cards) = &report.cards {
        let _ = writeln!(
            s,
            "\n{bold}What each card is worth on its own{bold:#} (points lost if only it goes):"
        );
        for c in cards {
            let mut parts = Vec::new();
            if c.contribution.id_points > 0 {
                parts.push("last copy of its id 10".to_string());
            }
            if c.contribution.mask_points > 0 {
                parts.push("last with its arrows 5".to_string());
            }
            if c.contribution.type_points > 0 {
                parts.push(format!(
                    "type {} {}",
                    c.card.card_type.letter(),
                    c.contribution.type_points
                ));
            }
            let why =
                if parts.is_empty() { String::new() } else { format!("  ({})", parts.join(", ")) };
            let _ = writeln!(s, "  {}  {:>2}{why}", card_label(&c.card), c.loses);
        }
        let _ = writeln!(
            s,
            "Cards worth 0 on their own may still not all go together: see `quadmist plan`."
        );
    }
    s
}

/// Runs `quadmist score`.
pub fn run(args: &ScoreArgs) -> CliResult {
    let (_, collection) = common::load_collection(&args.save)?;
    let report = score_report(&collection, args.cards);
    if args.json {
        return common::print_json(&report);
    }
    write!(common::stdout(), "{}", render_score(&report))?;
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ff9::{CardType, Platform};

    /// A collection of these cards (id, type, arrows).
    pub(crate) fn collection(cards: &[(u8, CardType, u8)]) -> Collection {
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

    #[test]
    fn json_has_the_issue_fields_with_hand_computed_values() {
        use CardType::*;
        // Goblin P 0x01, Goblin X 0x02, Fang A 0x01: ids 2 (20), masks 2 (10), X 1 + A 2 = 3.
        let c = collection(&[(0, Physical, 0x01), (0, Flexible, 0x02), (1, Assault, 0x01)]);
        let v = serde_json::to_value(score_report(&c, true)).unwrap();
        assert_eq!(v["points"], 33);
        assert_eq!(v["level"], 0);
        assert_eq!(v["rank"], "Beginner");
        assert_eq!(v["ids"]["count"], 2);
        assert_eq!(v["ids"]["points"], 20);
        assert_eq!(v["arrows"]["count"], 2);
        assert_eq!(v["arrows"]["points"], 10);
        assert_eq!((v["types"]["x"].clone(), v["types"]["a"].clone()), (1.into(), 1.into()));
        assert_eq!(v["types"]["points"], 3);
        assert_eq!(v["next"]["level"], 1);
        assert_eq!(v["next"]["rank"], "Novice");
        assert_eq!(v["next"]["points_needed"], 300 - 33);
        assert_eq!(v["to_master"], 1698 - 33);
        assert_eq!(v["to_perfect"], 1700 - 33);
        // Goblin P: 0; Goblin X: mask 0x02 alone 5 + 1 = 6; Fang A: last Fang 10 + 2 = 12.
        let loses: Vec<u64> =
            v["cards"].as_array().unwrap().iter().map(|c| c["loses"].as_u64().unwrap()).collect();
        assert_eq!(loses, [0, 6, 12]);
    }

    fn full(a_cards: usize) -> Collection {
        let cards: Vec<(u8, CardType, u8)> = (0..100u8)
            .map(|i| {
                (i, if (i as usize) < a_cards { CardType::Assault } else { CardType::Physical }, i)
            })
            .collect();
        collection(&cards)
    }

    #[test]
    fn master_and_the_maximum_are_worded_as_the_spec_says() {
        // 100 ids, 100 masks, 99 A: 1500 + 198 = 1698 → Master, next is level 31 (no name).
        let r = score_report(&full(99), false);
        assert_eq!((r.points, r.level, r.rank), (1698, 30, Some("Master")));
        let next = r.next.unwrap();
        assert_eq!((next.level, next.rank, next.points_needed), (31, None, 2));
        let text = render_score(&r);
        assert!(text.contains("Master (1698): reached"), "{text}");
        assert!(text.contains("Maximum (1700, not a named rank): 2 points to go"), "{text}");

        let r = score_report(&full(100), false);
        assert_eq!((r.points, r.level, r.rank, r.next), (1700, 31, None, None));
        let text = render_score(&r);
        assert!(text.contains(PERFECT_WORDING), "{text}");
        assert!(!text.contains("Rank: Master"), "{text}");
        let v = serde_json::to_value(&r).unwrap();
        assert!(v["next"].is_null() && v["rank"].is_null());
        assert_eq!((v["to_master"].clone(), v["to_perfect"].clone()), (0.into(), 0.into()));
    }
}
