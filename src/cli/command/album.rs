//! `quadmist album`: the collection as the game's card menu, the 100 cards in a 10×10 grid.

use crate::cli::args::SaveArgs;
use crate::cli::error::CliResult;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::cli::text::{self, count};
use crate::model::card_sources::SourceKind;
use crate::model::{catalogue, display_string, CardRecord, CardType, Collection};
use crate::rules::score;
use crate::sources::Availability;
use anstyle::{AnsiColor, Style};
use clap::Args;
use serde::Serialize;
use std::fmt::Write as _;

const EXAMPLES: &str = "\
Each cell is one card number, as in the game's card menu: the number, how many copies you \
hold (x2, x3 ...; nothing for one), and under it the best copy as the game shows it (attack \
digit, type, physical and magical defence digits; the best copy has the highest type, A then \
X then P/M, then the highest stats). A missing card shows its number and ····, dimmed. On a \
terminal of 99 columns or more a third line shows the best copy's arrows (↖↑······ is up-left \
and up).

Examples:
  The album of save 3:
      quadmist album memcard.mcr --save 3
  Also list the missing cards, each with the easiest way still open to get it:
      quadmist album memcard.mcr -s 3 --missing
  The same as JSON:
      quadmist album SavedData_ww.dat -s 1-2 --json";

/// Arguments of `quadmist album`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct AlbumArgs {
    /// The save file and which save in it.
    #[command(flatten)]
    pub save: SaveArgs,
    /// Also list the missing cards with their numbers and names, and the easiest way still
    /// open to get each (from the save's story flags; `quadmist missing` has them all).
    #[arg(long)]
    pub missing: bool,
    /// Print JSON instead of the grid.
    #[arg(long)]
    pub json: bool,
}

/// One card number in the album.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct AlbumCell {
    /// Card number 1..100.
    pub number: u8,
    /// Name.
    pub name: &'static str,
    /// Copies held (0 when missing).
    pub copies: usize,
    /// The best copy: the highest type (A, X, then P/M), then the highest atk + pdef + mdef.
    pub best: Option<CardRecord>,
    /// The best copy's in-game string, e.g. `8X35`.
    pub best_display: Option<String>,
    /// With `--missing`, for a card not held: the easiest way still open to get it (`pickup`,
    /// `reward`, `battle drop`, `card players`, `chocobo treasure`), or `lost`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub way: Option<&'static str>,
}

/// Everything `quadmist album` shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct AlbumReport {
    /// The 100 card numbers, in order.
    pub cells: Vec<AlbumCell>,
    /// Cards held (every copy).
    #[serde(rename = "card_count")]
    pub cards_held: usize,
    /// Card numbers held.
    pub numbers_held: usize,
    /// Collector points.
    pub points: u32,
    /// Rank number 1..32, as the text numbers it; the game's collector level is one less.
    #[serde(rename = "rank", serialize_with = "crate::report::score::serialize_rank")]
    #[cfg_attr(feature = "json-schema", schemars(range(min = 1, max = 32)))]
    pub level: usize,
    /// Rank name (`None` at rank 32).
    #[serde(rename = "rank_name")]
    pub rank: Option<&'static str>,
}

fn type_rank(t: CardType) -> u8 {
    match t {
        CardType::Assault => 3,
        CardType::Flexible => 2,
        CardType::Physical | CardType::Magic => 1,
        CardType::Unknown(_) => 0,
    }
}

/// Builds the album of a collection (cards outside the catalogue are not in it).
pub fn album_report(collection: &Collection) -> AlbumReport {
    let cells: Vec<AlbumCell> = catalogue::CATALOGUE
        .iter()
        .map(|info| {
            let copies: Vec<&CardRecord> =
                collection.cards.iter().filter(|c| c.id == info.id).collect();
            let best = copies
                .iter()
                .max_by_key(|c| {
                    let strength = u32::from(c.atk) + u32::from(c.pdef) + u32::from(c.mdef);
                    (type_rank(c.card_type), strength, std::cmp::Reverse(c.slot))
                })
                .map(|c| **c);
            AlbumCell {
                number: info.number,
                name: info.name,
                copies: copies.len(),
                best,
                best_display: best.as_ref().map(display_string),
                way: None,
            }
        })
        .collect();
    let points = score::points(&collection.cards);
    let level = score::level(points);
    AlbumReport {
        numbers_held: cells.iter().filter(|c| c.copies > 0).count(),
        cells,
        cards_held: collection.cards.len(),
        points,
        level,
        rank: score::rank_name(level),
    }
}

/// The colour of a type letter on a terminal.
fn type_style(t: CardType) -> Style {
    let colour = match t {
        CardType::Physical => AnsiColor::Red,
        CardType::Magic => AnsiColor::Blue,
        CardType::Flexible => AnsiColor::Yellow,
        CardType::Assault => AnsiColor::Green,
        CardType::Unknown(_) => AnsiColor::Magenta,
    };
    Style::new().fg_color(Some(colour.into())).bold()
}

/// Cell width in columns; cells are separated by one space.
const CELL: usize = 7;

/// Cell width when the terminal has room for the arrows (10 cells of 9 and 9 spaces: 99).
const WIDE_CELL: usize = 9;

/// The grid: two lines per row of cards, as many cards a row as fit `width` (at most 10); on a
/// terminal of 99 columns or more, a third line with the best copy's arrows (`↖↑······`).
pub fn render_grid(report: &AlbumReport, width: usize) -> String {
    let with_arrows = width >= 10 * (WIDE_CELL + 1) - 1;
    let cell = if with_arrows { WIDE_CELL } else { CELL };
    let per_row = ((width + 1) / (cell + 1)).clamp(1, 10);
    let dim = Style::new().dimmed();
    let mut s = String::new();
    let mut lines: [String; 3] = Default::default();
    for row in report.cells.chunks(per_row) {
        for line in &mut lines {
            line.clear();
        }
        for (i, c) in row.iter().enumerate() {
            // Each cell padded to `cell` columns, one space between cells.
            let starts = lines.each_mut().map(|line| {
                if i > 0 {
                    line.push(' ');
                }
                line.len()
            });
            let [top, middle, bottom] = &mut lines;
            match (&c.best, &c.best_display) {
                (Some(best), Some(display)) => {
                    let _ = write!(top, "{:>3} ", c.number);
                    if c.copies > 1 {
                        let _ = write!(top, "x{}", c.copies);
                    }
                    let st = type_style(best.card_type);
                    let mut chars = display.chars();
                    let atk = chars.next().unwrap_or(' ');
                    let letter = chars.next().unwrap_or(' ');
                    let _ = write!(middle, "  {atk}{st}{letter}{st:#}{}", chars.as_str());
                    bottom.push(' ');
                    bottom.push_str(&text::arrows_line(best.arrows));
                }
                _ => {
                    let _ = write!(top, "{dim}{:>3}{dim:#}", c.number);
                    let _ = write!(middle, "  {dim}····{dim:#}");
                }
            }
            for (line, start) in lines.iter_mut().zip(starts) {
                let used = text::width(&line[start..]);
                line.extend(std::iter::repeat_n(' ', cell.saturating_sub(used)));
            }
        }
        let shown = if with_arrows { 3 } else { 2 };
        for line in &lines[..shown] {
            s.push_str(line.trim_end());
            s.push('\n');
        }
    }
    s
}

/// The whole text of `quadmist album`.
pub fn render_album(
    report: &AlbumReport,
    heading: &str,
    missing_sources: Option<&Availability>,
    width: usize,
) -> String {
    let with_missing = missing_sources.is_some();
    let mut s = String::new();
    let bold = Style::new().bold();
    let _ = writeln!(s, "{bold}{heading}{bold:#}");
    s.push_str(&render_grid(report, width));
    let missing: Vec<&AlbumCell> = report.cells.iter().filter(|c| c.copies == 0).collect();
    let score_line = format!(
        "{}: {}. {} of 100 card numbers held ({} in all); {} missing{}",
        count(report.points, "point"),
        text::rank_phrase(report.level),
        report.numbers_held,
        count(report.cards_held as u64, "card"),
        missing.len(),
        if missing.is_empty() || with_missing { "." } else { " (--missing lists them)." }
    );
    let _ = writeln!(s, "{}", text::wrap(&score_line, width, "", "  "));
    if let (Some(a), false) = (missing_sources, missing.is_empty()) {
        let list: Vec<String> = missing
            .iter()
            .map(|c| format!("{} {}{}", c.number, c.name, how(a, c.number)))
            .collect();
        let _ = writeln!(s, "{}", text::wrap_list(&list, width, "Missing: ", "  "));
        let note = if a.lost().next().is_some() {
            "Lost: no way left to get it in this playthrough. quadmist missing shows every source."
        } else {
            "quadmist missing shows where each can still be had."
        };
        let _ = writeln!(s, "{}", text::wrap(note, width, "", ""));
    }
    s
}

/// The easiest way still open to get card `number`, in brackets: " (pickup)", " (card
/// players)"; " (lost)" when none is left.
fn how(a: &Availability, number: u8) -> &'static str {
    let Some(m) = a.missing_card(number) else { return "" };
    match m.sources.iter().find(|s| s.possible).map(|s| s.kind) {
        None => " (lost)",
        Some(SourceKind::Pickup) => " (pickup)",
        Some(SourceKind::Reward) => " (reward)",
        Some(SourceKind::Drop) => " (battle drop)",
        Some(SourceKind::Player) => " (card players)",
        Some(SourceKind::Other) => " (chocobo treasure)",
    }
}

/// The JSON Schema of `album --json`.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<output::SaveDocument<'static, AlbumReport>>()
}

/// Runs `quadmist album`.
pub fn run(args: &AlbumArgs) -> CliResult {
    let (entry, collection) = select::load_collection(&args.save)?;
    let mut report = album_report(&collection);
    if args.json {
        if args.missing {
            let a = crate::sources::availability(&collection);
            for cell in report.cells.iter_mut().filter(|c| c.copies == 0) {
                let way = how(&a, cell.number).trim_start_matches(" (").trim_end_matches(')');
                cell.way = (!way.is_empty()).then_some(way);
            }
        }
        return output::print_json(&output::SaveDocument {
            header: heading::header(&args.save.file, &entry, Some(&collection)),
            body: &report,
        });
    }
    let heading = heading::line(
        &heading::header(&args.save.file, &entry, Some(&collection)),
        text::term_width(),
    );
    let sources = args.missing.then(|| crate::sources::availability(&collection));
    let text = render_album(&report, &heading, sources.as_ref(), text::term_width());
    output::print_text(&text)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::testing::collection;
    use CardType::{Assault as A, Flexible as X, Physical as P};

    #[test]
    fn the_best_copy_has_the_highest_type_then_stats() {
        // Goblin (no. 1) P, X, P; Fang (no. 2) A. Card 100 missing.
        let c = collection(&[(0, P, 1), (0, X, 2), (0, P, 3), (1, A, 4)]);
        let r = album_report(&c);
        assert_eq!((r.numbers_held, r.cards_held), (2, 4));
        assert_eq!(r.cells[0].copies, 3);
        assert_eq!(r.cells[0].best.unwrap().slot, 2);
        assert_eq!(r.cells[0].best_display.as_deref(), Some("1X11"));
        assert_eq!(r.cells[1].best_display.as_deref(), Some("1A11"));
        assert_eq!(r.cells[99].copies, 0);
        // 2 ids 20 + 4 masks 20 + X 1 + A 2 = 43.
        assert_eq!(r.points, 43);
    }

    #[test]
    fn the_grid_is_ten_by_ten_and_fits_80_columns() {
        let c = collection(&[(0, P, 1), (0, X, 2), (99, A, 4)]);
        let r = album_report(&c);
        let grid = render_grid(&r, 80);
        let plain: String = anstream::adapter::strip_str(&grid).to_string();
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines.len(), 20);
        assert_eq!(
            lines[0],
            "  1 x2    2       3       4       5       6       7       8       9      10"
        );
        assert_eq!(
            lines[1],
            "  1X11    ····    ····    ····    ····    ····    ····    ····    ····    ····"
        );
        assert!(lines[18].ends_with(" 100"), "{}", lines[18]);
        assert!(lines[19].ends_with("  1A11"), "{}", lines[19]);
        assert!(lines.iter().all(|l| text::width(l) <= 80));
        // A narrow terminal gets fewer cards a row.
        let narrow = render_grid(&r, 40);
        assert_eq!(anstream::adapter::strip_str(&narrow).to_string().lines().count(), 40);
        // A terminal of 99 columns or more also shows the best copy's arrows.
        let wide = render_grid(&r, 100);
        let plain: String = anstream::adapter::strip_str(&wide).to_string();
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines.len(), 30);
        // Goblin's best copy is the X one, arrows 0x02 (up-right).
        assert_eq!(lines[2], " ··↗·····");
        assert!(lines.iter().all(|l| text::width(l) <= 99));
    }
}
