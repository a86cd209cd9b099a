//! `quadmist diff OLD NEW`: what changed between two saves (cards won and gone, grown,
//! evolved; counters; points and rank). The report is shared with `quadmist watch`.

use crate::cli::args;
use crate::cli::args::SaveArgs;
use crate::cli::changes::{render_text, report, SaveRef};
use crate::cli::error::{CliError, CliResult};
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::diff;
use crate::ff9::SaveEntry;
use crate::model::Collection;
use clap::Args;

const HELP: &str = "\
OLD and NEW are FILE or FILE:SAVE, two files of any formats (PlayStation, PC, Switch) or \
two saves of one file. A save gives its cards no identity and the game reorders them, so \
cards are matched by the rules: same card and arrows, a type that only moves P/M -> X -> A, \
stats that only grow up to their caps; among the matchings allowed, the one keeping the most \
cards with the least growth. When two matchings tell different stories the cards are listed \
as ambiguous instead of guessed.

Examples:
  What changed between two memory cards:
      quadmist diff before.mcr after.mcr
  Between two saves of one card:
      quadmist diff memcard.mcr:3 memcard.mcr:1
  Between a PC slot and the autosave, as JSON:
      quadmist diff SavedData_ww.dat:1-1 SavedData_ww.dat:auto --json";

/// Arguments of `quadmist diff`.
#[derive(Debug, Args)]
#[command(after_help = HELP)]
pub struct DiffArgs {
    /// The earlier save: FILE:SAVE (`memcard.mcr:3`, `SavedData_ww.dat:1-1`), or FILE alone
    /// when it holds one save.
    #[arg(value_name = "OLD")]
    pub old: String,
    /// The later save: FILE or FILE:SAVE.
    #[arg(value_name = "NEW")]
    pub new: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

fn load(spec: &str) -> Result<(SaveArgs, SaveEntry, Collection), CliError> {
    let args = args::parse_save_spec(spec);
    let (entry, c) = select::load_collection_hinted(&args, select::SelectorHint::FileSuffix)?;
    Ok((args, entry, c))
}

/// The JSON Schema of `diff --json` (and of each line of `watch --json`).
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<crate::cli::changes::DiffReport>()
}

/// Runs `quadmist diff`.
pub fn run(args: &DiffArgs) -> CliResult {
    let (oa, oe, old) = load(&args.old)?;
    let (na, ne, new) = load(&args.new)?;
    let (from, to) = (SaveRef::new(&oa, &oe, &old), SaveRef::new(&na, &ne, &new));
    let d = diff::diff(&old, &new);
    if args.json {
        return output::print_json(&report(&d, from, to, &old, &new));
    }
    let headers =
        (heading::header(&oa.file, &oe, Some(&old)), heading::header(&na.file, &ne, Some(&new)));
    let mut text = render_text(&d, &old, &new, Some((&headers.0, &headers.1)));
    text.push('\n');
    output::print_text(&text)?;
    Ok(())
}
