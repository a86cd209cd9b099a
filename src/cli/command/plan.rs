//! `quadmist plan`: safe discards, the best N discards, and the road to Master.

use crate::cli::args::{self, SaveArgs};
use crate::cli::error::{CliError, CliResult};
use crate::cli::findings;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::cli::text;
use crate::model::{Finding, FindingKind};
use crate::report::plan::{plan_report, OddsChoice, MAX_PLAN_CARDS};
use render::render_plan;

mod render;
use clap::Args;

const EXAMPLES: &str = "\
Every plan is exact (minimum-cost flow), not a rule of thumb. Expected battle wins are \
expected values; the chance of a new card getting a free arrow pattern is an estimate.

Examples:
  Safe discards and the road to Master:
      quadmist plan memcard.mcr --save 3
  The 5 cards whose discard costs the fewest points:
      quadmist plan SavedData_ww.dat --save 1-2 --discard 5
  The road to 1700 with the PC engine's odds:
      quadmist plan memcard.mcr --odds pc --target 1700
  The same as JSON:
      quadmist plan save.json --json";

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
    /// The score to plan for: 1698 (Master, the default) or 1700 (the maximum).
    #[arg(long, default_value = "1698", hide_default_value = true, value_parser = args::parse_target)]
    pub target: u32,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The JSON Schema of `plan --json`.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<output::SaveDocument<'static, crate::report::plan::PlanReport>>()
}

/// Runs `quadmist plan`.
pub fn run(args: &PlanArgs) -> CliResult {
    let (entry, collection) = select::load_collection(&args.save)?;
    if collection.cards.len() > MAX_PLAN_CARDS {
        return Err(CliError::unusable(format!(
            "this save holds {} cards; quadmist plans collections of up to {MAX_PLAN_CARDS}",
            collection.cards.len()
        )));
    }
    let held = collection.cards.len();
    let discard = match args.discard {
        Some(n) if n > held => {
            findings::print_findings(&[Finding::warning(FindingKind::Other, format!(
                "--discard {n} is more than the {held} {} this save holds: the plan discards all {held}",
                if held == 1 { "card" } else { "cards" }
            ))]);
            Some(held)
        }
        other => other,
    };
    let report = plan_report(&collection, discard, args.odds, args.target);
    if args.json {
        return output::print_json(&output::SaveDocument {
            header: heading::header(&args.save.file, &entry, Some(&collection)),
            body: &report,
        });
    }
    let width = text::term_width();
    let header = heading::header(&args.save.file, &entry, Some(&collection));
    let text =
        format!("{}\n{}", heading::line(&header, width), render_plan(&collection, &report, width));
    output::print_text(&text)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::testing::collection;
    use crate::model::CardType::{Assault as A, Flexible as X, Physical as P};
    use crate::model::Collection;
    use crate::rules::score::{MASTER_POINTS, PERFECT_POINTS};

    /// Every card number but Namingway (98), one copy each, with the story at `scenario`.
    fn all_but_namingway(scenario: u16) -> Collection {
        let ids: Vec<(u8, crate::model::CardType, u8)> =
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
    fn json_has_every_field_for_the_13_3_example() {
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
        // Card numbers 3..100 (Goblin 1 and Fang 2 are held).
        let missing: Vec<u64> =
            m["missing_numbers"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
        assert_eq!(missing, (3..=100).collect::<Vec<u64>>());
        assert_eq!(m["numbers_needing_new_arrows"], serde_json::json!([]));
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
