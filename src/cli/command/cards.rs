//! `quadmist cards`: every owned card with exact stats, caps, type, arrows and legality.

use crate::cli::args::SaveArgs;
use crate::cli::card_view::{views, CardView};
use crate::cli::error::{CliError, CliResult};
use crate::cli::findings;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::cli::text::{self, count};
use crate::ff9::SaveEntry;
use crate::model::{
    catalogue::{self, CardInfo},
    CardType, Collection, FindingKind, Severity,
};
use crate::rules::legality::CardFinding;
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;
use tabled::builder::Builder;
use tabled::settings::formatting::AlignmentStrategy;
use tabled::settings::object::{Columns, Rows};
use tabled::settings::peaker::Priority;
use tabled::settings::{Alignment, Padding, Style, Width};

const HELP: &str = "\
Columns (one line per card):
  Slot
      position in the save's card list (1..100; holes are skipped)
  No.
      the card's number 1..100
  Card
      the string the game shows: attack digit, type, physical and magical defence digits \
(a digit is the value divided by 16)
  Atk, PDef, MDef
      exact value / the card's cap; `!` marks a value above its cap (an edited save)
  Left
      level-ups left over the three stats (each won match adds 1 to a random stat)
  Arrows
      the eight arrows in their places, read like the card's corners and sides: ↖↑↗←→↙↓↘ is \
a card with all eight, ↖↑······ one with up-left and up only
  Held
      how many cards of this number the save holds (x2, x3 and so on for duplicates)

--wide shows each stat with its level-ups left, and the arrows as a 3×3 picture around the \
card (□):

    ↖↑↗
    ←□→
    ↙↓↘

Legality findings (a stat above its cap or below the lowest a new card rolls, an impossible \
or unknown type, a record past slot 100) go to stderr, and into `findings` in --json.

Examples:
  The cards of save 1:
      quadmist cards memcard.mcr --save 1
  The strongest first, only those still growing:
      quadmist cards memcard.mcr -s 1 --sort strength --not-maxed
  Duplicates, in the tall table:
      quadmist cards memcard.mcr -s 1 --duplicates --wide
  Every copy of one card:
      quadmist cards memcard.mcr -s 1 --card \"Ogre\"
  The cards an editor touched:
      quadmist cards memcard.mcr -s 1 --flagged --diagnostic
  As JSON:
      quadmist cards memcard.mcr -s 1 --json > cards.json
  As CSV, one row per card:
      quadmist cards SavedData_ww.dat --save 1-2 --csv > cards.csv";

/// How to order the cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SortKey {
    /// Save order.
    Slot,
    /// Card number 1..100, then slot.
    Number,
    /// Name, alphabetically.
    Name,
    /// atk + pdef + mdef, strongest first.
    Strength,
    /// Attack, highest first.
    Atk,
    /// Physical defence, highest first.
    Pdef,
    /// Magical defence, highest first.
    Mdef,
    /// Level-ups left, most first.
    Left,
    /// Type: A, X, then P and M.
    Type,
}

/// Arguments of `quadmist cards`.
#[derive(Debug, Args)]
#[command(after_help = HELP)]
pub struct CardsArgs {
    /// The file and save.
    #[command(flatten)]
    pub save: SaveArgs,
    /// Print JSON instead of a table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV, one row per card.
    #[arg(long)]
    pub csv: bool,
    /// Order of the cards.
    #[arg(long, value_enum, default_value_t = SortKey::Slot)]
    pub sort: SortKey,
    /// Reverse the order.
    #[arg(long)]
    pub reverse: bool,
    /// Only cards of a number held more than once.
    #[arg(long)]
    pub duplicates: bool,
    /// Only cards with at least one stat below its cap.
    #[arg(long)]
    pub not_maxed: bool,
    /// Only this card, by name or number (e.g. `Ogre`, `39`).
    #[arg(long, value_name = "NAME")]
    pub card: Option<String>,
    /// Only cards of this type (P, M, X or A).
    #[arg(long = "type", value_name = "TYPE", value_parser = parse_type)]
    pub card_type: Option<CardType>,
    /// Only cards with a legality finding.
    #[arg(long)]
    pub flagged: bool,
    /// The tall table: each stat with its level-ups left, the arrows as a 3×3 picture.
    #[arg(long, alias = "tall")]
    pub wide: bool,
    /// One line per card (the default; kept for scripts that pass it).
    #[arg(long, hide = true, conflicts_with = "wide")]
    pub compact: bool,
    /// Also show the records the game never counts (PlayStation records 101..105) and each
    /// arrow byte in hex.
    #[arg(long)]
    pub diagnostic: bool,
}

fn parse_type(s: &str) -> Result<CardType, String> {
    crate::rules::notation::parse_type(s).map_err(|e| e.to_string())
}

/// The JSON document of `quadmist cards --json`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct CardsReport<'a> {
    /// Platform.
    pub platform: crate::model::Platform,
    /// Matches won.
    pub wins: i32,
    /// Matches lost.
    pub losses: i32,
    /// Matches drawn.
    pub draws: i32,
    /// Gil, when the save holds them (the save itself is named by the document's header).
    pub gil: Option<u32>,
    /// Cards in the save.
    #[serde(rename = "card_count")]
    pub total_cards: usize,
    /// The cards shown (after filters), in the chosen order.
    pub cards: Vec<CardView>,
    /// Records the game never counts (PlayStation records 101..105), for diagnosis.
    pub ignored_records: Vec<CardView>,
    /// The decoder's findings.
    pub findings: &'a [crate::model::Finding],
}

/// Applies the filters and order of `args`.
pub fn select_and_sort(
    mut rows: Vec<CardView>,
    args: &CardsArgs,
    only: Option<&CardInfo>,
) -> Vec<CardView> {
    rows.retain(|r| {
        (!args.duplicates || r.copies > 1)
            && (!args.not_maxed || r.total_left() > 0)
            && only.is_none_or(|i| i.id == r.id)
            && args.card_type.is_none_or(|t| t == r.card_type)
            && (!args.flagged || r.findings.iter().any(|f| f.severity > Severity::Info))
    });
    let type_rank = |t: CardType| match t {
        CardType::Assault => 0,
        CardType::Flexible => 1,
        CardType::Physical => 2,
        CardType::Magic => 3,
        CardType::Unknown(_) => 4,
    };
    match args.sort {
        SortKey::Slot => rows.sort_by_key(|r| r.slot),
        SortKey::Number => rows.sort_by_key(|r| (r.number, r.slot)),
        SortKey::Name => rows.sort_by(|a, b| a.name.cmp(&b.name).then(a.slot.cmp(&b.slot))),
        SortKey::Strength => rows.sort_by_key(|r| (std::cmp::Reverse(r.strength()), r.slot)),
        SortKey::Atk => rows.sort_by_key(|r| (std::cmp::Reverse(r.atk), r.slot)),
        SortKey::Pdef => rows.sort_by_key(|r| (std::cmp::Reverse(r.pdef), r.slot)),
        SortKey::Mdef => rows.sort_by_key(|r| (std::cmp::Reverse(r.mdef), r.slot)),
        SortKey::Left => rows.sort_by_key(|r| (std::cmp::Reverse(r.total_left()), r.slot)),
        SortKey::Type => rows.sort_by_key(|r| (type_rank(r.card_type), r.number, r.slot)),
    }
    if args.reverse {
        rows.reverse();
    }
    rows
}

/// One stat of the tall table: `value/cap` over what is left to grow (`+30`, `max`, or `!` for
/// a value above its cap), two short lines that a narrow terminal never cuts.
fn stat_cell(value: u8, max: Option<u8>) -> String {
    match max {
        None => value.to_string(),
        Some(m) if value > m => format!("{value}/{m}\n!"),
        Some(m) if value == m => format!("{value}/{m}\nmax"),
        Some(m) => format!("{value}/{m}\n+{}", m - value),
    }
}

/// One stat as `value/cap`, `!` after a value above its cap.
fn short_stat(value: u8, max: Option<u8>) -> String {
    match max {
        None => value.to_string(),
        Some(m) if value > m => format!("{value}/{m}!"),
        Some(m) => format!("{value}/{m}"),
    }
}

/// Renders the table of `cards` fitted to the terminal: one line per card, or with `wide` the
/// tall table (three lines per card, the arrows as a 3×3 picture). `hex` adds a column with each
/// arrow byte (for --diagnostic), a cell of its own so that no byte is split by the wrapping.
pub fn render_table(rows: &[CardView], wide: bool, hex: bool) -> String {
    let mut head =
        vec!["Slot", "No.", "Name", "Card", "Atk", "PDef", "MDef", "Left", "Arrows", "Held"];
    if hex {
        head.insert(9, "Hex");
    }
    let mut records = Vec::with_capacity(rows.len() + 1);
    records.push(head.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    for r in rows {
        type StatCell = fn(u8, Option<u8>) -> String;
        let (stat, arrows): (StatCell, String) = if wide {
            let g = text::arrows_grid(r.arrows);
            (stat_cell, format!("{}\n{}\n{}", g[0], g[1], g[2]))
        } else {
            (short_stat, text::arrows_line(r.arrows))
        };
        let mut record = vec![
            r.slot.to_string(),
            r.number.to_string(),
            r.name.clone(),
            r.display.clone(),
            stat(r.atk, r.max.map(|m| m.atk)),
            stat(r.pdef, r.max.map(|m| m.pdef)),
            stat(r.mdef, r.max.map(|m| m.mdef)),
            r.total_left().to_string(),
            arrows,
            if r.copies > 1 { format!("x{}", r.copies) } else { String::new() },
        ];
        if hex {
            record.insert(9, format!("{:02X}", r.arrows));
        }
        records.push(record);
    }
    // Slot and number, then the four numbers, aligned right.
    const RIGHT_ALIGNED: [std::ops::Range<usize>; 2] = [0..2, 4..8];
    let width = text::term_width() + 2;
    if !wide {
        let right = |c: usize| RIGHT_ALIGNED.iter().any(|r| r.contains(&c));
        if let Some(table) = text::plain_table(&records, right, width, "") {
            return table;
        }
    }
    // The tall table, or one too wide for plain_table: tabled wraps the widest cells.
    // Words are kept whole (a name wraps between its words), so no number is cut in two.
    let mut t = Builder::from(records).build();
    t.with(Style::empty()).with(Padding::new(0, 2, 0, 0));
    for columns in RIGHT_ALIGNED {
        t.modify(Columns::new(columns), Alignment::right());
    }
    if wide {
        // A blank line after each card of three lines; each line of a stat aligned on its own.
        t.modify(Rows::new(1..), Padding::new(0, 2, 0, 1));
        t.modify(Columns::new(4..7), AlignmentStrategy::PerLine);
    }
    t.with(Width::wrap(width).keep_words(true).priority(Priority::max(true)));
    t.to_string().lines().map(str::trim_end).collect::<Vec<_>>().join("\n")
}

fn write_csv(rows: &[CardView]) -> Result<(), CliError> {
    let mut w = csv::Writer::from_writer(std::io::stdout().lock());
    let err = |e: csv::Error| CliError::unusable(format!("cannot write CSV: {e}"));
    w.write_record([
        "slot", "id", "number", "name", "type", "display", "atk", "max_atk", "pdef", "max_pdef",
        "mdef", "max_mdef", "arrows", "copies", "findings",
    ])
    .map_err(err)?;
    for r in rows {
        let opt = |v: Option<u8>| v.map(|v| v.to_string()).unwrap_or_default();
        w.write_record([
            r.slot.to_string(),
            r.id.to_string(),
            r.number.to_string(),
            r.name.clone(),
            r.card_type.to_string(),
            r.display.clone(),
            r.atk.to_string(),
            opt(r.max.map(|m| m.atk)),
            r.pdef.to_string(),
            opt(r.max.map(|m| m.pdef)),
            r.mdef.to_string(),
            opt(r.max.map(|m| m.mdef)),
            r.arrows.to_string(),
            r.copies.to_string(),
            r.findings.iter().map(|f| f.message.as_str()).collect::<Vec<_>>().join("; "),
        ])
        .map_err(err)?;
    }
    w.flush()?;
    Ok(())
}

/// The save's header, then its gil, match counters and cards.
fn heading(path: &Path, entry: &SaveEntry, c: &Collection, shown: usize) -> String {
    let width = text::term_width();
    let gil = c.summary.gil.map(|g| format!("{g} gil; ")).unwrap_or_default();
    format!(
        "{}\n{}",
        heading::line(&heading::header(path, entry, Some(c)), width),
        text::fit(
            &format!(
                "{gil}{}, {}, {}; {}{}",
                count(c.wins.max(0) as u64, "win"),
                count(c.losses.max(0) as u64, "loss"),
                count(c.draws.max(0) as u64, "draw"),
                count(c.cards.len() as u64, "card"),
                if shown == c.cards.len() { String::new() } else { format!(" ({shown} shown)") }
            ),
            width,
            "  "
        )
    )
}

/// The JSON Schema of `cards --json`.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<output::SaveDocument<'static, CardsReport<'static>>>()
}

/// Runs `quadmist cards`.
pub fn run(args: &CardsArgs) -> CliResult {
    let only = match &args.card {
        Some(q) => Some(catalogue::find(q).ok_or_else(|| {
            CliError::usage(format!("no card is named or numbered `{q}` (try a number 1..100)"))
        })?),
        None => None,
    };
    let (entry, collection) = select::load_collection(&args.save)?;
    let (rows, ignored) = views(&collection);
    // Unknown type bytes and records past slot 100 are already among the decoder's
    // findings (printed by `load_collection`); they stay in the per-card JSON.
    let legality: Vec<_> = rows
        .iter()
        .chain(&ignored)
        .flat_map(|r| &r.findings)
        .filter(|f| !matches!(f.issue, FindingKind::UnknownType | FindingKind::PastSlot100))
        .map(CardFinding::to_finding)
        .collect();
    findings::print_findings(&legality);
    let rows = select_and_sort(rows, args, only);
    if args.json {
        let report = CardsReport {
            platform: collection.platform,
            wins: collection.wins,
            losses: collection.losses,
            draws: collection.draws,
            gil: collection.summary.gil,
            total_cards: collection.cards.len(),
            cards: rows,
            ignored_records: ignored,
            findings: &collection.findings,
        };
        return output::print_json(&output::SaveDocument {
            header: heading::header(&args.save.file, &entry, Some(&collection)),
            body: &report,
        });
    }
    if args.csv {
        return write_csv(&rows);
    }
    let mut out = String::new();
    let bold = anstyle::Style::new().bold();
    let _ = writeln!(
        out,
        "{bold}{}{bold:#}",
        heading(&args.save.file, &entry, &collection, rows.len())
    );
    if rows.is_empty() {
        out.push_str("no card matches\n");
    } else {
        let _ = writeln!(out, "{}", render_table(&rows, args.wide, args.diagnostic));
    }
    if args.diagnostic {
        if ignored.is_empty() {
            out.push_str("no record past slot 100\n");
        } else {
            out.push_str("records past slot 100 (never counted by the game):\n");
            let _ = writeln!(out, "{}", render_table(&ignored, args.wide, true));
        }
    }
    output::print_text(&out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_cells() {
        assert_eq!(stat_cell(53, Some(53)), "53/53\nmax");
        assert_eq!(stat_cell(37, Some(53)), "37/53\n+16");
        assert_eq!(stat_cell(60, Some(53)), "60/53\n!");
        assert_eq!(stat_cell(60, None), "60");
        assert_eq!(short_stat(53, Some(53)), "53/53");
        assert_eq!(short_stat(60, Some(53)), "60/53!");
    }
}
