//! `quadmist missing`: where each missing card can still be had in this playthrough, read
//! from the save's own event variables, and the state of every pickup the save records.

use crate::cli::args::SaveArgs;
use crate::cli::error::CliResult;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::cli::text::{self, count};
use crate::ff9::SaveEntry;
use crate::model::card_sources::ANY_CARD_PLAYER;
use crate::model::Collection;
use crate::report::missing::{discs, lists_a_drop, missing_report, source_words, DROP_CHANCE};
use crate::sources::{self, Availability, MissingCard};
use anstyle::Style;
use clap::Args;
use std::fmt::Write as _;

const EXAMPLES: &str = "\
For each card number the save lacks: the ways to get it that are still open at this point of
the story, easiest first (a pickup before a reward, a battle drop, a chocobo treasure, then
card players), and the ones that are over. Then every pickup and reward the save records: taken, still possible or
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
    // Cards whose one way is some card player, none named, go on one list at the end; a card
    // with any other way, even one that is over (a missed pickup, a past boss fight), is
    // listed in full so that what was missed shows.
    let only_players =
        |m: &MissingCard| m.obtainable && m.sources.iter().all(|s| s.place == ANY_CARD_PLAYER);
    for m in a.missing.iter().filter(|m| !only_players(m)) {
        s.push('\n');
        s.push_str(&card_lines(m, width));
    }
    let rest: Vec<String> = a
        .missing
        .iter()
        .filter(|m| only_players(m))
        .map(|m| format!("{} {}", m.number, m.name))
        .collect();
    if !rest.is_empty() {
        let head = format!(
            "From card players only ({}; which players hold them is not in the sources \
             quadmist read):",
            count(rest.len() as u64, "card")
        );
        let _ = writeln!(s, "\n{}", text::wrap(&head, width, "", ""));
        let _ = writeln!(s, "{}", text::wrap_list(&rest, width, "  ", "  "));
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
    if lists_a_drop(a) {
        let _ = writeln!(s, "\n{}", text::wrap(DROP_CHANCE, width, "", ""));
    }
    let note = "Places and disc windows are facts from guides and save editors, not from the \
                game's code; --json names the source of each.";
    let _ = writeln!(s, "\n{}", text::wrap(note, width, "", ""));
    s
}

/// The heading: the save and whose it is.
pub fn heading(entry: &SaveEntry, c: &Collection) -> String {
    heading::save_heading(format!("Missing cards of save {}", entry.selector), c, false).join(", ")
}

/// Runs `quadmist missing`.
pub fn run(args: &MissingArgs) -> CliResult {
    let (entry, collection) = select::load_collection(&args.save)?;
    let a = sources::availability(&collection);
    if args.json {
        let save = format!("{}:{}", args.save.file.display(), entry.selector);
        return output::print_json(&missing_report(save, &a));
    }
    output::print_text(&render_missing(&a, &heading(&entry, &collection), text::term_width()))?;
    Ok(())
}
