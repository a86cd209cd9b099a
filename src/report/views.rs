//! A save's views, computed once for every front end: its score (with what each card is worth
//! on its own), its plan, and where each missing card can still be had. `quadmist report`,
//! `quadmist FILE` and the web page all show a save from one [`SaveViews`].

use super::plan::{plan_report, OddsChoice, PlanReport, MAX_PLAN_CARDS};
use super::score::{score_report, ScoreReport};
use crate::model::Collection;
use crate::rules::score::MASTER_POINTS;
use crate::sources::{self, Availability};

/// What the plan is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanOptions {
    /// Also the N cards whose discard together loses the fewest points.
    pub discard: Option<usize>,
    /// The evolution odds; `None` for the platform's own.
    pub odds: Option<OddsChoice>,
    /// The score planned for: 1698 (Master) or 1700.
    pub target: u32,
}

impl Default for PlanOptions {
    /// The road to Master with the platform's odds, no budgeted discard: what the report page
    /// shows unless told otherwise.
    fn default() -> Self {
        PlanOptions { discard: None, odds: None, target: MASTER_POINTS }
    }
}

/// Everything a save's page shows besides the save itself.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveViews {
    /// The collector score, with each card's worth.
    pub score: ScoreReport,
    /// The plan; `None` for a collection larger than [`MAX_PLAN_CARDS`].
    pub plan: Option<PlanReport>,
    /// The missing cards and where each can still be had.
    pub missing: Availability,
}

impl SaveViews {
    /// The views of `collection`, its plan made as `plan` asks.
    pub fn new(collection: &Collection, plan: &PlanOptions) -> SaveViews {
        SaveViews {
            score: score_report(collection, true),
            plan: (collection.cards.len() <= MAX_PLAN_CARDS)
                .then(|| plan_report(collection, plan.discard, plan.odds, plan.target)),
            missing: sources::availability(collection),
        }
    }
}

/// The file name of a save's report page: `<file stem>[-save-<SAVE>]-collection.html`, from the
/// save file's name (its last path component) and the selector, when one was named. Letters,
/// digits, `-` and `_` are kept, anything else becomes `-`; a file with no stem is `quadmist`.
/// `quadmist report` names the page it writes so, and the web page its export.
pub fn page_file_name(file_name: &str, selector: Option<&str>) -> String {
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
            .collect()
    };
    // The stem as `Path::file_stem` gives it: a leading dot is part of it (`.mcr` → `.mcr`).
    let stem = match file_name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem,
        _ => file_name,
    };
    let stem = if stem.is_empty() { "quadmist".to_string() } else { clean(stem) };
    match selector {
        Some(sel) => format!("{stem}-save-{}-collection.html", clean(sel.trim())),
        None => format!("{stem}-collection.html"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_name_says_which_file_and_save() {
        assert_eq!(page_file_name("memcard.mcr", None), "memcard-collection.html");
        assert_eq!(page_file_name("memcard.mcr", Some("1-2")), "memcard-save-1-2-collection.html");
        assert_eq!(page_file_name("x.y.dat", Some("../3")), "x-y-save----3-collection.html");
        assert_eq!(page_file_name("AUTO", Some(" auto ")), "AUTO-save-auto-collection.html");
        assert_eq!(page_file_name(".mcr", None), "-mcr-collection.html");
        assert_eq!(page_file_name("", Some("1")), "quadmist-save-1-collection.html");
    }
}
