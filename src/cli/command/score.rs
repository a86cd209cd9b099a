//! `quadmist score`: collector points, rank, the points to the next rank, to Master and to 1700.

use crate::cli::args::SaveArgs;
use crate::cli::card_text::{cost_words, COST_LEGEND};
use crate::cli::error::CliResult;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::cli::text::{self, count};
use crate::model::{catalogue, display_string};
pub use crate::report::score::{
    rank_label, score_report, CardContribution, CountedPoints, NextLevel, ScoreReport, TypePoints,
    PERFECT_WORDING,
};
use anstyle::Style;
use clap::Args;
use std::fmt::Write as _;
use std::io::Write as _;
use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::peaker::Priority;
use tabled::settings::{Alignment, Padding, Style as TableStyle, Width};

const EXAMPLES: &str = "\
Points = 10 per distinct card id + 5 per distinct arrow pattern + 1 per X copy + 2 per A \
copy. Master is 1698 points (rank 31 of 32); 1700 is the maximum (rank 32 of 32, no name).

Examples:
  Points, rank and the points still needed:
      quadmist score memcard.mcr --save 3
  Also what each card is worth on its own:
      quadmist score SavedData_ww.dat --save 1-2 --cards
  The same as JSON:
      quadmist score save.json --json";

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

/// The breakdown of the points as a table.
fn breakdown_table(report: &ScoreReport) -> String {
    let mut b = Builder::default();
    b.push_record(["Counted", "How many", "Each", "Points"]);
    let mut row = |what: &str, n: u32, each: u32| {
        b.push_record([what.to_string(), n.to_string(), each.to_string(), (n * each).to_string()]);
    };
    row("Card numbers held", report.ids.count, 10);
    row("Arrow patterns held", report.arrows.count, 5);
    row("X cards", report.types.x, 1);
    row("A cards", report.types.a, 2);
    b.push_record(["Total".to_string(), String::new(), String::new(), report.points.to_string()]);
    let mut t = b.build();
    t.with(TableStyle::empty())
        .with(Padding::new(2, 1, 0, 0))
        .modify(Columns::new(1..), Alignment::right())
        .with(Width::wrap(text::term_width() + 1).priority(Priority::max(true)));
    t.to_string().lines().map(str::trim_end).collect::<Vec<_>>().join("\n")
}

/// The table of `score --cards`: what each card is worth on its own.
fn cards_table(cards: &[CardContribution], width: usize) -> String {
    let mut b = Builder::default();
    b.push_record(["Slot", "Name", "Card", "Arrows", "Loses", "Why"]);
    for c in cards {
        b.push_record([
            c.card.slot.to_string(),
            catalogue::numbered_name(c.card.id),
            display_string(&c.card),
            text::arrows_line(c.card.arrows),
            c.loses.to_string(),
            if c.loses == 0 { String::new() } else { cost_words(&c.card, &c.contribution) },
        ]);
    }
    let mut t = b.build();
    t.with(TableStyle::empty())
        .with(Padding::new(0, 2, 0, 0))
        .modify(Columns::new(0..1), Alignment::right())
        .modify(Columns::new(4..5), Alignment::right())
        .with(Width::wrap(width + 2).priority(Priority::max(true)));
    t.to_string().lines().map(str::trim_end).collect::<Vec<_>>().join("\n")
}

/// The text of `quadmist score` (bold headings are `anstyle` codes, stripped off a terminal).
pub fn render_score(report: &ScoreReport, heading: &str, width: usize) -> String {
    let bold = Style::new().bold();
    let mut s = String::new();
    if !heading.is_empty() {
        let _ = writeln!(s, "{heading}");
    }
    let _ = writeln!(
        s,
        "{}",
        text::fit(
            &format!(
                "{bold}{}{bold:#}: {} ({})",
                count(report.points, "point"),
                rank_label(report.level),
                count(report.card_count as u64, "card")
            ),
            width,
            "  "
        )
    );
    let _ = writeln!(s, "{}", breakdown_table(report));
    let mut lines = Vec::new();
    match &report.next {
        Some(n) => lines.push(format!(
            "Next: {}, at {} points; {} to go.",
            rank_label(n.level),
            n.threshold,
            count(n.points_needed, "point")
        )),
        None => lines.push("Top rank reached.".to_string()),
    }
    lines.push(match report.to_master {
        0 => "Master (1698): reached.".to_string(),
        n => format!("Master (1698): {} to go.", count(n, "point")),
    });
    lines.push(match report.to_perfect {
        0 => format!("Maximum: reached. {PERFECT_WORDING}"),
        n => format!("Maximum (1700, not a named rank): {} to go.", count(n, "point")),
    });
    for l in lines {
        let _ = writeln!(s, "{}", text::wrap(&l, width, "", "  "));
    }
    if let Some(cards) = &report.cards {
        let _ = writeln!(
            s,
            "\n{}",
            text::wrap(
                &format!(
                    "{bold}What each card is worth on its own{bold:#}: the points lost if only \
                     it goes."
                ),
                width,
                "",
                ""
            )
        );
        let _ = writeln!(s, "{}", cards_table(cards, width));
        let _ = writeln!(s, "{}", text::wrap(COST_LEGEND, width, "", ""));
        let _ = writeln!(
            s,
            "{}",
            text::wrap(
                "Cards worth 0 on their own may still not all go together: see `quadmist plan`.",
                width,
                "",
                ""
            )
        );
    }
    s
}

/// The JSON Schema of `score --json`.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<output::SaveDocument<'static, crate::report::score::ScoreReport>>(
    )
}

/// Runs `quadmist score`.
pub fn run(args: &ScoreArgs) -> CliResult {
    let (entry, collection) = select::load_collection(&args.save)?;
    let report = score_report(&collection, args.cards);
    if args.json {
        return output::print_json(&output::SaveDocument {
            header: heading::header(&args.save.file, &entry, Some(&collection)),
            body: &report,
        });
    }
    let heading = heading::line(
        &heading::header(&args.save.file, &entry, Some(&collection)),
        text::term_width(),
    );
    write!(output::stdout(), "{}", render_score(&report, &heading, text::term_width()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::testing::collection;
    use crate::model::{CardType, Collection};

    #[test]
    fn json_has_every_field_with_hand_computed_values() {
        use CardType::*;
        // Goblin P 0x01, Goblin X 0x02, Fang A 0x01: ids 2 (20), masks 2 (10), X 1 + A 2 = 3.
        let c = collection(&[(0, Physical, 0x01), (0, Flexible, 0x02), (1, Assault, 0x01)]);
        let v = serde_json::to_value(score_report(&c, true)).unwrap();
        assert_eq!(v["points"], 33);
        // 33 points: the first rank ("rank 1 of 32"), as the text numbers it.
        assert_eq!(v["rank"], 1);
        assert_eq!(v["rank_name"], "Beginner");
        assert_eq!(v["ids"]["count"], 2);
        assert_eq!(v["ids"]["points"], 20);
        assert_eq!(v["arrow_patterns"]["count"], 2);
        assert_eq!(v["arrow_patterns"]["points"], 10);
        assert_eq!((v["types"]["x"].clone(), v["types"]["a"].clone()), (1.into(), 1.into()));
        assert_eq!(v["types"]["points"], 3);
        assert_eq!(v["next"]["rank"], 2);
        assert_eq!(v["next"]["rank_name"], "Novice");
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
        let text = render_score(&r, "", 80);
        assert!(text.contains("Master (1698): reached"), "{text}");
        assert!(text.contains("Maximum (1700, not a named rank): 2 points to go"), "{text}");
        assert!(text.contains("Master, rank 31 of 32"), "{text}");

        let r = score_report(&full(100), false);
        assert_eq!((r.points, r.level, r.rank, r.next), (1700, 31, None, None));
        let text = render_score(&r, "", 200);
        assert!(text.contains(PERFECT_WORDING), "{text}");
        assert!(!text.contains("Master, rank"), "{text}");
        assert!(text.contains("the maximum, rank 32 of 32 (no name)"), "{text}");
        let v = serde_json::to_value(&r).unwrap();
        // 1700 is rank 32 of 32, with no name and no next rank.
        assert!(v["next"].is_null() && v["rank_name"].is_null());
        assert_eq!(v["rank"], 32);
        assert_eq!((v["to_master"].clone(), v["to_perfect"].clone()), (0.into(), 0.into()));
    }
}
