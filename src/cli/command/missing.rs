//! `quadmist missing`: where each missing card can still be had in this playthrough, read
//! from the save's own event variables, and the state of every pickup the save records.

use crate::cli::args::SaveArgs;
use crate::cli::error::CliResult;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::cli::text;
use crate::report::missing::{citation_what, missing_list, missing_report, CardBlock};
use crate::sources::{self, Availability};
use anstyle::Style;
use clap::Args;
use std::fmt::Write as _;

const EXAMPLES: &str = "\
For each card number the save lacks: its best way still open at this point of the story first, \
then the other ways, those that open later and those that are over. The story point is the \
save's scenario counter.

Places and windows are facts from guides, save editors and the game's code; a way given by one \
source only says \"(one guide)\". --sources names the sources of each way, --json gives every \
field.

Examples:
  The missing cards of save 3:
      quadmist missing memcard.mcr:3
  Of a PC save, slot 1, file 2:
      quadmist missing SavedData_ww.dat --save 1-2
  With the sources of each way:
      quadmist missing memcard.mcr:3 --sources
  Every field, as JSON:
      quadmist missing DATA_SLOT0_FILE0 --json";

/// Arguments of `quadmist missing`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct MissingArgs {
    /// The save file and which save in it.
    #[command(flatten)]
    pub save: SaveArgs,
    /// Name the sources of each way (repository files and pages).
    #[arg(long)]
    pub sources: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The column the ways start at: the card's number and name before it.
const WAYS_COLUMN: usize = 19;

/// One card's lines: its number and name, its best way on the same line, then the rest.
/// On a terminal narrower than 60 columns the name has its own line.
fn block_lines(b: &CardBlock, width: usize, refs: Option<&mut Vec<&'static str>>) -> String {
    let head = format!("{:>3} {}", b.number, b.name);
    let (first, indent) = if width >= 60 && text::width(&head) < WAYS_COLUMN {
        (text::pad(&head, WAYS_COLUMN), " ".repeat(WAYS_COLUMN))
    } else {
        (format!("{head}\n    "), "    ".to_string())
    };
    let mut s = String::new();
    let _ = writeln!(s, "{}", text::wrap(&b.best(), width, &first, &indent));
    let more = format!("{indent}  ");
    for line in b.rest() {
        let _ = writeln!(s, "{}", text::wrap(&line, width, &indent, &more));
    }
    if let Some(refs) = refs {
        let cited: Vec<String> = b
            .cited
            .iter()
            .map(|way| {
                let numbers: Vec<String> =
                    way.citations.iter().map(|c| reference(refs, c)).collect();
                format!("{} [{}]", way.short, numbers.join(", "))
            })
            .collect();
        let _ = writeln!(
            s,
            "{}",
            text::wrap_list_sep(&cited, ';', width, &format!("{indent}sources: "), &more)
        );
    }
    s
}

/// The number of citation `c` in the reference list, added when new.
fn reference(refs: &mut Vec<&'static str>, c: &'static str) -> String {
    let i = refs.iter().position(|r| *r == c).unwrap_or_else(|| {
        refs.push(c);
        refs.len() - 1
    });
    (i + 1).to_string()
}

/// The whole text of `quadmist missing`: the summary, one block per missing card, the cards
/// only card players may hold, the pickups the save records and the legend; with `sources`,
/// each card's sources and the numbered list of them.
pub fn render_missing(a: &Availability, heading: &str, width: usize, sources: bool) -> String {
    let bold = Style::new().bold();
    let list = missing_list(a);
    let mut refs: Vec<&'static str> = Vec::new();
    let mut s = String::new();
    let _ = writeln!(s, "{bold}{heading}{bold:#}");
    let _ = writeln!(s, "{}", text::wrap(&list.summary, width, "", ""));
    if !list.blocks.is_empty() {
        s.push('\n');
    }
    for b in &list.blocks {
        s.push_str(&block_lines(b, width, sources.then_some(&mut refs)));
    }
    if !list.players_only.is_empty() {
        let names: Vec<String> =
            list.players_only.iter().map(|(n, name)| format!("{n} {name}")).collect();
        let _ =
            writeln!(s, "\n{}", text::wrap_list(&names, width, "From card players only: ", "  "));
    }
    let _ = writeln!(s, "\n{}", text::wrap(&list.pickups, width, "", ""));
    s.push('\n');
    for line in list.legend {
        let _ = writeln!(s, "{}", text::wrap(line, width, "", ""));
    }
    if sources && !refs.is_empty() {
        let _ = writeln!(s, "\n{bold}Sources{bold:#}");
        for (i, c) in refs.iter().enumerate() {
            let what = citation_what(c).map(|w| format!(" — {w}")).unwrap_or_default();
            let first = format!("[{}] ", i + 1);
            let _ = writeln!(s, "{}", text::wrap(&format!("{c}{what}"), width, &first, "     "));
        }
    }
    s
}

/// The JSON Schema of `missing --json`.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<
        output::SaveDocument<'static, crate::report::missing::MissingReport>,
    >()
}

/// Runs `quadmist missing`.
pub fn run(args: &MissingArgs) -> CliResult {
    let (entry, collection) = select::load_collection(&args.save)?;
    let a = sources::availability(&collection);
    if args.json {
        return output::print_json(&output::SaveDocument {
            header: heading::header(&args.save.file, &entry, Some(&collection)),
            body: &missing_report(&a),
        });
    }
    let width = text::term_width();
    let heading =
        heading::line(&heading::header(&args.save.file, &entry, Some(&collection)), width);
    output::print_text(&render_missing(&a, &heading, width, args.sources))?;
    Ok(())
}
