//! `quadmist missing`: where each missing card can still be had in this playthrough, read
//! from the save's own event variables, and the state of every pickup the save records.

use super::common::{self, SaveArgs};
use super::text::{self, count};
use super::CliResult;
use crate::ff9::SaveEntry;
use crate::model::card_sources::SourceKind;
use crate::model::Collection;
use crate::sources::{self, Availability, MissingCard, SourceState};
use anstyle::Style;
use clap::Args;
use serde::Serialize;
use std::fmt::Write as _;

const EXAMPLES: &str = "\
For each card number the save lacks: the ways to get it that are still open at this point of
the story, easiest first (a pickup before a reward, a battle drop, then card players), and the
ones that are over. Then every pickup and reward the save records: taken, still possible or
missed (its disc has passed). The story's disc comes from the save's scenario counter.

Places and disc windows are facts from guides and save editors; each names its source in
--json (and data/card-sources.md in quadmist's source says which were used).

Examples:
  quadmist missing memcard.mcr:3               the missing cards of save 3
  quadmist missing SavedData_ww.dat --save 1-2
  quadmist missing DATA_SLOT0_FILE0 --json     the same as JSON, with every source";

/// Arguments of `quadmist missing`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct MissingArgs {
    /// The save file and which save in it.
    #[command(flatten)]
    pub save: SaveArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

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
        other => other.word(),
    };
    format!("{kind}: {} ({}){state}", s.place, discs(s.disc))
}

/// The lines of one missing card: its number and name, then its sources.
pub fn card_lines(m: &MissingCard, width: usize) -> String {
    let mut s = String::new();
    let lost = if m.obtainable { "" } else { " (no longer obtainable in this playthrough)" };
    let _ =
        writeln!(s, "{}", text::wrap(&format!("{} {}{lost}", m.number, m.name), width, "", "  "));
    for src in &m.sources {
        let _ = writeln!(s, "{}", text::wrap(&source_words(src), width, "    ", "      "));
    }
    s
}

/// Where the story is, in words.
fn story_words(a: &Availability) -> String {
    match (a.disc, a.progress) {
        (Some(d), Some(p)) => format!("the story is on disc {d} (scenario counter {p})"),
        _ => "the save holds no event variables: the disc and the pickups taken are unknown, so \
              every source is listed as possible"
            .to_string(),
    }
}

/// The whole text of `quadmist missing`.
pub fn render_missing(a: &Availability, heading: &str, width: usize) -> String {
    let bold = Style::new().bold();
    let mut s = String::new();
    let _ = writeln!(s, "{bold}{}{bold:#}", text::fit(heading, width, "  "));
    let lost: Vec<String> = a.lost().map(|m| format!("{} {}", m.number, m.name)).collect();
    let summary = if a.missing.is_empty() {
        format!("All 100 card numbers are held; {}.", story_words(a))
    } else if lost.is_empty() {
        format!(
            "{} missing, all still to be had; {}.",
            count(a.missing.len() as u64, "card number"),
            story_words(a)
        )
    } else {
        let (points, level) = sources::best_reachable(lost.len());
        format!(
            "{} missing; {} no longer obtainable in this playthrough ({}), so Master is out of \
             reach on this save: the best left is {}, {}; {}.",
            count(a.missing.len() as u64, "card number"),
            lost.len(),
            lost.join(", "),
            count(points, "point"),
            text::rank_phrase(level),
            story_words(a)
        )
    };
    let _ = writeln!(s, "{}", text::wrap(&summary, width, "", ""));
    for m in &a.missing {
        s.push('\n');
        s.push_str(&card_lines(m, width));
    }
    let taken = a.pickups.iter().filter(|p| p.taken).count();
    let missed = a.pickups.iter().filter(|p| p.missed).count();
    let open = a.pickups.len() - taken - missed;
    let line = format!(
        "Pickups and rewards the save records: {} taken, {} still possible, {} missed.",
        taken, open, missed
    );
    let _ = writeln!(s, "\n{bold}{}{bold:#}", text::wrap(&line, width, "", ""));
    for p in &a.pickups {
        let state = match (p.taken, p.missed) {
            (true, _) => "taken",
            (_, true) => "missed",
            _ => "possible",
        };
        let item = format!("{} {}: {} ({})", p.number, p.name, p.place, discs(p.disc));
        let _ =
            writeln!(s, "{}", text::wrap(&item, width, &format!("  {state:<10}"), "            "));
    }
    let note = "Places and disc windows are facts from guides and save editors, not from the \
                game's code; --json names the source of each.";
    let _ = writeln!(s, "\n{}", text::wrap(note, width, "", ""));
    s
}

/// The heading: the save and whose it is.
pub fn heading(entry: &SaveEntry, c: &Collection) -> String {
    common::save_heading(format!("Missing cards of save {}", entry.selector), c, false).join(", ")
}

/// Runs `quadmist missing`.
pub fn run(args: &MissingArgs) -> CliResult {
    let (entry, collection) = common::load_collection(&args.save)?;
    let a = sources::availability(&collection);
    if args.json {
        let save = format!("{}:{}", args.save.file.display(), entry.selector);
        return common::print_json(&missing_report(save, &a));
    }
    common::print_text(&render_missing(&a, &heading(&entry, &collection), text::term_width()))?;
    Ok(())
}
