//! `quadmist saves`: one row per save in a file.

use crate::cli::error::{CliError, CliResult};
use crate::cli::files;
use crate::cli::findings::print_findings;
use crate::cli::output;
use crate::cli::output::print_json;
use crate::cli::text::{self, count};
use crate::ff9::{FileKind, SaveEntry, SaveSet};
use crate::model::{Finding, FindingKind};
use clap::Args;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use tabled::builder::Builder;
use tabled::settings::{Padding, Style};

const EXAMPLES: &str = "\
The SAVE column is the value every other command accepts as --save. Problems (damage, \
checksum mismatches) go to stderr; the exit code is 1 when the file is unreadable or holds no \
save that can be read.

JSON: {\"format\", \"saves\": [{\"save\", \"name\", \"game\", \"region\", \"language\", \
\"disc\", \"file\", \"deleted\", \"checksum_ok\", \"title\", \"product_code\", \"summary\", \
\"latest\", \"card_count\", \"points\", \"record\"}], \"problems\": [{\"severity\", \"message\", \
\"save\"}]}; its JSON Schema is schemas/saves.json in quadmist's repository.

Examples:
  The saves on a raw memory card:
      quadmist saves epsxe000.mcr
  The same as JSON:
      quadmist saves card.gme --json
  A raw single save (named after the save):
      quadmist saves BASLUS-0125100000-00
  The slots of a PC save:
      quadmist saves SavedData_ww.dat
  The FF9 saves of every card in a folder, each with its FILE:SAVE (files that are not \
saves are skipped):
      quadmist saves ~/.local/share/duckstation/memcards";

/// Arguments of `quadmist saves`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct SavesArgs {
    /// The file: memory card (.mcr .mcd .gme .vgs .vmp ...), single save (.mcs .psv .mcb
    /// ...), PC SavedData_ww.dat or a Switch JSON save; or a folder (an emulator's memory-card
    /// folder, the Steam save folder): the FF9 saves of every file in it.
    pub file: std::path::PathBuf,
    /// With a folder: also the files in its subfolders (up to 8 deep).
    #[arg(long, short = 'r')]
    pub recursive: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// The `format` string of the JSON output.
pub fn format_name(kind: &FileKind) -> String {
    match kind {
        FileKind::PlayStation(f) => serde_json::to_value(f)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        FileKind::PcDat => "pc_dat".into(),
        FileKind::SwitchJson => "switch_json".into(),
    }
}

/// One save in the JSON output.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SaveJson<'a> {
    /// The `--save` selector.
    pub save: &'a str,
    /// The save's name.
    pub name: &'a str,
    /// `"ff9"` for an FF9 game save, else null.
    pub game: Option<&'static str>,
    /// Product code, when the name has one.
    pub product_code: Option<&'a str>,
    /// Region (PlayStation FF9 saves).
    pub region: Option<&'a str>,
    /// Language (PlayStation FF9 saves).
    pub language: Option<&'a str>,
    /// Disc 1..4.
    pub disc: Option<u8>,
    /// In-game file number.
    pub file: Option<u8>,
    /// Deleted but readable.
    pub deleted: bool,
    /// The game's checksum: true, false, or null when none was checked.
    pub checksum_ok: Option<bool>,
    /// The folded title.
    pub title: &'a str,
    /// The load-screen summary of FF9 saves.
    pub summary: Option<&'a crate::model::SaveSummary>,
    /// The save the file's metadata names as the last one written (PC and Switch `auto`).
    pub latest: bool,
    /// Cards in the collection (null when the save is not an FF9 save or cannot be decoded),
    /// as the table's CARDS column.
    pub card_count: Option<usize>,
    /// Collector points, as the table's POINTS column.
    pub points: Option<u32>,
    /// Card matches won, lost and drawn, as the table's W/L/D column.
    pub record: Option<Record>,
}

/// Card matches won, lost and drawn.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Record {
    /// Matches won.
    pub wins: i32,
    /// Matches lost.
    pub losses: i32,
    /// Matches drawn.
    pub draws: i32,
}

/// One problem in the JSON output.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct ProblemJson<'a> {
    /// The finding: severity, kind, location when known, message.
    #[serde(flatten)]
    pub finding: &'a Finding,
    /// The save it concerns, null for the file.
    pub save: Option<&'a str>,
}

/// The whole JSON output.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SavesJson<'a> {
    /// The file's format (`raw_card`, `gme`, `mcs`, ..., `pc_dat`, `switch_json`).
    pub format: String,
    /// The saves.
    pub saves: Vec<SaveJson<'a>>,
    /// File findings, then every save's findings.
    pub problems: Vec<ProblemJson<'a>>,
}

/// One file of a folder in the JSON output of `saves DIR`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct FolderFileJson<'a> {
    /// The file's path, as `FILE` in `FILE:SAVE`.
    pub file: String,
    /// Its saves, as `saves FILE --json` gives them.
    pub saves: SavesJson<'a>,
}

/// What `saves --json` prints: one file's saves, or (for a folder) each file with FF9 saves.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum SavesOutput<'a> {
    /// `saves FILE`.
    File(SavesJson<'a>),
    /// `saves DIR`.
    Folder(Vec<FolderFileJson<'a>>),
}

/// Builds the JSON value of a save set.
pub fn to_json(set: &SaveSet) -> SavesJson<'_> {
    let saves = set
        .saves
        .iter()
        .map(|s| {
            let collection = if s.is_ff9 { s.collection().ok() } else { None };
            SaveJson {
                save: &s.selector,
                name: &s.name,
                game: s.is_ff9.then_some("ff9"),
                product_code: s.product_code.as_deref(),
                region: s.game_info.as_ref().map(|g| g.region.as_str()),
                language: s.game_info.as_ref().map(|g| g.language.as_str()),
                disc: s.game_info.as_ref().and_then(|g| g.disc),
                file: s.game_info.as_ref().and_then(|g| g.file),
                deleted: s.deleted,
                checksum_ok: s.checksum_ok,
                title: &s.title,
                summary: s.summary.as_ref(),
                latest: s.latest,
                card_count: collection.as_ref().map(|c| c.cards.len()),
                points: collection.as_ref().map(|c| crate::rules::score::points(&c.cards)),
                record: collection.as_ref().map(|c| Record {
                    wins: c.wins,
                    losses: c.losses,
                    draws: c.draws,
                }),
            }
        })
        .collect();
    let mut problems: Vec<ProblemJson> =
        set.findings.iter().map(|f| ProblemJson { finding: f, save: None }).collect();
    for s in &set.saves {
        problems
            .extend(s.findings.iter().map(|f| ProblemJson { finding: f, save: Some(&s.selector) }));
    }
    SavesJson { format: format_name(&set.kind), saves, problems }
}

/// One save as the text table shows it; empty cells are blank.
struct Row {
    save: String,
    game: String,
    region: String,
    disc: String,
    file: String,
    state: String,
    leader: String,
    time: String,
    gil: String,
    cards: String,
    points: String,
    record: String,
    /// Where the save was made (an FF9 save's load-screen place).
    place: String,
    title: String,
    /// Points, for naming the best collection.
    score: Option<u32>,
    /// True when the leader is marked as not named yet.
    unnamed: bool,
}

const HEADERS: [&str; 14] = [
    "SAVE", "GAME", "REGION", "DISC", "FILE", "STATE", "LEADER", "TIME", "GIL", "CARDS", "POINTS",
    "W/L/D", "PLACE", "TITLE",
];

/// The PLACE column's index in [`HEADERS`].
const PLACE: usize = 12;

/// The TITLE column's index in [`HEADERS`].
const TITLE: usize = 13;

/// The narrowest a place is wrapped to: `Alexandria/` fits.
const PLACE_ROOM_MIN: usize = 12;

/// The widest the PLACE column (or TITLE) is counted when columns are left out to fit the width: a longer
/// place wraps in its column rather than costing the table another column.
const PLACE_WRAP: usize = 18;

impl Row {
    fn cells(&self) -> [&str; 14] {
        [
            &self.save,
            &self.game,
            &self.region,
            &self.disc,
            &self.file,
            &self.state,
            &self.leader,
            &self.time,
            &self.gil,
            &self.cards,
            &self.points,
            &self.record,
            &self.place,
            &self.title,
        ]
    }
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// The order of saves in a file: directory slot on a memory card, then `auto` before `S-F`.
fn slot_key(selector: &str) -> (u32, u32) {
    let n = |s: &str| s.parse::<u32>().unwrap_or(u32::MAX);
    match selector.split_once('-') {
        _ if selector.eq_ignore_ascii_case("auto") => (0, 0),
        Some((a, b)) => (n(a), n(b)),
        None => (n(selector), 0),
    }
}

fn row(s: &SaveEntry, save: String) -> Row {
    let g = s.game_info.as_ref();
    let sum = s.summary.as_ref();
    let collection = if s.is_ff9 { s.collection().ok() } else { None };
    let score = collection.as_ref().map(|c| crate::rules::score::points(&c.cards));
    let mut state = Vec::new();
    if s.deleted {
        state.push("deleted");
    }
    if s.checksum_ok == Some(false) {
        state.push("checksum fails");
    }
    if s.latest {
        state.push("latest");
    }
    let region =
        g.map(|g| if g.region == "PAL" { format!("PAL {}", g.language) } else { g.region.clone() });
    // A leader not named yet is marked `*` (the legend says it in words), which keeps the
    // column narrow. A name with codes outside the game's table is not shown (it would be
    // codes, not a name).
    let unnamed = sum.and_then(|m| m.unnamed_leader.filter(|_| m.leader_named == Some(false)));
    let leader_label = match unnamed {
        Some(who) => Some(format!("{who}*")),
        None => sum.and_then(|m| m.leader_label()),
    };
    let leader_name = leader_label.as_deref().and_then(text::readable);
    let leader = match (leader_name, sum.and_then(|m| m.leader_level)) {
        (Some(n), Some(l)) => format!("{n} Lv {l}"),
        (Some(n), None) => n.to_string(),
        (None, Some(l)) => format!("Lv {l}"),
        (None, None) => String::new(),
    };
    Row {
        save,
        game: if s.is_ff9 {
            "FF9".into()
        } else {
            s.product_code.clone().unwrap_or_else(|| s.name.clone())
        },
        region: opt(region),
        disc: opt(g.and_then(|g| g.disc)),
        file: opt(g.and_then(|g| g.file)),
        state: state.join(", "),
        leader,
        time: opt(sum.and_then(|m| m.play_time_seconds).map(crate::model::format_play_time)),
        gil: opt(sum.and_then(|m| m.gil)),
        cards: opt(collection.as_ref().map(|c| c.cards.len())),
        points: opt(score),
        record: opt(collection.as_ref().map(|c| format!("{}/{}/{}", c.wins, c.losses, c.draws))),
        place: opt(sum.and_then(|m| m.location.as_deref()).and_then(text::readable)),
        title: if s.is_ff9 { String::new() } else { s.title.clone() },
        score,
        unnamed: unnamed.is_some(),
    }
}

/// Columns left out, in this order, while the table is wider than the terminal.
const DROP_ORDER: [usize; 5] = [8, 3, 2, 6, 4];

/// The table of saves without the columns that are empty (or `FF9`) in every row, fitted to
/// `width` by leaving out the least useful columns (gil, disc, region, leader, file) first,
/// then by wrapping the widest cells; the place wraps after its slashes, and is left out last
/// when even wrapped it leaves no room. Widths are display widths: a Japanese place or title
/// counts two columns a character.
fn render_rows(rows: &[Row], width: usize, dir: bool) -> String {
    let all_ff9 = rows.iter().all(|r| r.game == "FF9");
    let mut keep: Vec<usize> = (0..HEADERS.len())
        .filter(|&i| rows.iter().any(|r| !r.cells()[i].is_empty()))
        .filter(|&i| !(i == 1 && all_ff9))
        .collect();
    // The cells of the columns `keep`, a place wrapped to `place_room` columns.
    let cells = |keep: &[usize], place_room: usize| -> Vec<Vec<String>> {
        let head = keep.iter().map(|&i| HEADERS[i].to_string()).collect();
        let body = rows.iter().map(|r| {
            let cells = r.cells();
            keep.iter()
                .map(|&i| match i {
                    PLACE => wrap_place(cells[i], place_room),
                    _ => cells[i].to_string(),
                })
                .collect()
        });
        std::iter::once(head).chain(body).collect()
    };
    let build = |cells: Vec<Vec<String>>| {
        let mut t = Builder::from(cells).build();
        t.with(Style::empty()).with(Padding::new(0, 2, 0, 0));
        t
    };
    // The table's width with `keep`, each column followed by its 2 spaces, a place or title
    // counted at `wrap` columns at most.
    let measure_at = |keep: &[usize], wrap: usize| -> usize {
        keep.iter()
            .map(|&i| {
                let cells = rows.iter().map(|r| r.cells()[i]);
                let w = std::iter::once(HEADERS[i]).chain(cells).map(text::width).max();
                let w = w.unwrap_or(0);
                2 + if i == PLACE || i == TITLE { w.min(wrap) } else { w }
            })
            .sum()
    };
    let measure = |keep: &[usize]| measure_at(keep, PLACE_WRAP);
    for col in DROP_ORDER {
        if measure(&keep) <= width + 2 {
            break;
        }
        keep.retain(|&i| i != col);
    }
    // The place goes last, when even wrapped to a few words it leaves no room.
    if measure_at(&keep, PLACE_ROOM_MIN) > width + 2 {
        keep.retain(|&i| i != PLACE);
    }
    // What the place has once the other columns have theirs: a place too long for it breaks
    // after a slash (`Alexandria/` `Steeple`) before anywhere else.
    let others: Vec<usize> = keep.iter().copied().filter(|&i| i != PLACE).collect();
    let place_room = (width + 2).saturating_sub(measure(&others) + 2).max(PLACE_ROOM_MIN);
    // Cells are wrapped by display width, a wide (Japanese) character never cut.
    let t = build(text::fit_columns(&cells(&keep, place_room), 2, width + 2));
    let mut s = String::new();
    for line in t.to_string().lines() {
        s.push_str(line.trim_end());
        s.push('\n');
    }
    let mut legend = String::new();
    if keep.contains(&6) && rows.iter().any(|r| r.unnamed) {
        legend.push_str(
            "LEADER: * not named yet (the save holds question marks in place of the name). ",
        );
    }
    if rows.iter().any(|r| r.score.is_some()) {
        legend.push_str(
            "CARDS, POINTS: the Tetra Master collection and its collector points; W/L/D: card \
             matches won, lost and drawn.",
        );
    }
    if !legend.is_empty() {
        s.push_str(&text::wrap(legend.trim_end(), width, "", ""));
        s.push('\n');
    }
    let scored: Vec<&Row> = rows.iter().filter(|r| r.score.is_some()).collect();
    let best = scored
        .iter()
        .max_by_key(|r| r.score)
        .filter(|b| scored.len() > 1 && scored.iter().filter(|r| r.score == b.score).count() == 1);
    if let Some(best) = best {
        let how = if dir {
            "Other commands take FILE:SAVE in place of a file."
        } else {
            "Other commands take it as --save SAVE."
        };
        let line = format!(
            "The most points: {}{} ({}). {how}",
            if dir { "" } else { "save " },
            best.save,
            count(best.score.unwrap_or(0), "point")
        );
        s.push_str(&text::wrap(&line, width, "", ""));
        s.push('\n');
    }
    s
}

/// A place wrapped to `room` display columns: after its slashes where a piece fits, else by
/// [`text::wrap`] (at spaces, a longer word cut between characters, never inside one).
fn wrap_place(place: &str, room: usize) -> String {
    if text::width(place) <= room {
        return place.to_string();
    }
    let mut lines: Vec<String> = vec![String::new()];
    for piece in place.split_inclusive('/') {
        let last = lines.last_mut().expect("one line at least");
        if text::width(last) + text::width(piece) <= room {
            last.push_str(piece);
        } else if text::width(piece.trim_start()) <= room {
            lines.push(piece.trim_start().to_string());
        } else {
            let wrapped = text::wrap(piece.trim_start(), room, "", "");
            lines.extend(wrapped.lines().map(str::to_string));
        }
    }
    lines.retain(|l| !l.trim().is_empty());
    lines.iter().map(|l| l.trim_end()).collect::<Vec<_>>().join("\n")
}

/// The JSON Schema of `saves --json`: one file's saves, or a folder's files.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<SavesOutput<'static>>()
}

/// Runs `quadmist saves`.
pub fn run(args: &SavesArgs) -> CliResult {
    if args.file.is_dir() {
        return run_dir(args);
    }
    let set = files::open(&args.file)?;
    print_findings(&set.findings);
    for s in &set.saves {
        let prefixed: Vec<Finding> = s
            .findings
            .iter()
            .map(|f| Finding {
                message: format!("save {}: {}", s.selector, f.message),
                ..f.clone()
            })
            .collect();
        print_findings(&prefixed);
    }
    // A recognised file that holds no save has nothing usable: exit 1, after the listing.
    let nothing =
        || CliError::unusable(format!("{} holds no save that can be read", args.file.display()));
    if args.json {
        print_json(&to_json(&set))?;
        return if set.saves.is_empty() { Err(nothing()) } else { Ok(()) };
    }
    let mut out = output::stdout();
    let width = text::term_width();
    let head = format!(
        "{}: {}, {}",
        args.file.display(),
        set.kind.description(),
        count(set.saves.len() as u64, "save")
    );
    writeln!(out, "{}", text::fit(&head, width, "  "))?;
    if set.saves.is_empty() {
        return Err(nothing());
    }
    let mut saves: Vec<&SaveEntry> = set.saves.iter().collect();
    saves.sort_by_key(|s| slot_key(&s.selector));
    let rows: Vec<Row> = saves.iter().map(|s| row(s, s.selector.clone())).collect();
    write!(out, "{}", render_rows(&rows, width, false))?;
    Ok(())
}

/// Most files `saves DIR` looks at, and how deep `--recursive` goes.
pub const MAX_DIR_FILES: usize = 10_000;
/// How many folders deep `--recursive` goes.
pub const MAX_DIR_DEPTH: usize = 8;

/// The files of a folder, sorted by name (subfolders too with `recursive`); notes for what is
/// skipped.
fn dir_files(dir: &Path, recursive: bool, notes: &mut Vec<Finding>) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), 0usize)];
    while let Some((d, depth)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            notes.push(Finding::warning(
                FindingKind::Other,
                format!("cannot read the folder {}", d.display()),
            ));
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if files.len() >= MAX_DIR_FILES {
                notes.push(Finding::warning(
                    FindingKind::Other,
                    format!("more than {MAX_DIR_FILES} files: the rest are not read"),
                ));
                return files;
            }
            let Ok(meta) = std::fs::metadata(&p) else { continue };
            let is_link = std::fs::symlink_metadata(&p).is_ok_and(|m| m.file_type().is_symlink());
            if meta.is_dir() {
                if recursive && !is_link && depth < MAX_DIR_DEPTH {
                    stack.push((p, depth + 1));
                }
            } else if !meta.is_file() {
                notes.push(Finding::info(
                    FindingKind::Other,
                    format!("{}: not a regular file; skipped", p.display()),
                ));
            } else if meta.len() > files::MAX_FILE_SIZE {
                notes.push(Finding::info(
                    FindingKind::Other,
                    format!(
                        "{}: larger than {} MiB, not a save; skipped",
                        p.display(),
                        files::MAX_FILE_SIZE / (1024 * 1024)
                    ),
                ));
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// `quadmist saves DIR`: the FF9 saves of every file in a folder.
fn run_dir(args: &SavesArgs) -> CliResult {
    let mut notes = Vec::new();
    let files = dir_files(&args.file, args.recursive, &mut notes);
    print_findings(&notes);
    let mut sets = Vec::new();
    for path in &files {
        // Files that are not saves, or hold no FF9 save, are skipped quietly.
        if let Ok(set) = files::open(path) {
            if set.saves.iter().any(|s| s.is_ff9) {
                sets.push((path, set));
            }
        }
    }
    if args.json {
        let json: Vec<_> = sets
            .iter()
            .map(|(p, set)| FolderFileJson { file: p.display().to_string(), saves: to_json(set) })
            .collect();
        return print_json(&json);
    }
    let width = text::term_width();
    let mut out = output::stdout();
    let head = format!(
        "{}: {} with Final Fantasy IX saves ({} read)",
        args.file.display(),
        count(sets.len() as u64, "file"),
        count(files.len() as u64, "file")
    );
    writeln!(out, "{}", text::fit(&head, width, "  "))?;
    let mut rows = Vec::new();
    for (path, set) in &sets {
        let name = path.strip_prefix(&args.file).unwrap_or(path).display().to_string();
        let mut saves: Vec<&SaveEntry> = set.saves.iter().filter(|s| s.is_ff9).collect();
        saves.sort_by_key(|s| slot_key(&s.selector));
        rows.extend(saves.iter().map(|s| row(s, format!("{name}:{}", s.selector))));
    }
    if !rows.is_empty() {
        write!(out, "{}", render_rows(&rows, width, true))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_breaks_after_its_slashes_then_anywhere_by_display_width() {
        assert_eq!(wrap_place("Alexandria/Steeple", 18), "Alexandria/Steeple");
        assert_eq!(wrap_place("Alexandria/Steeple", 12), "Alexandria/\nSteeple");
        assert_eq!(wrap_place("Al./ Glockenturm", 12), "Al./\nGlockenturm");
        // Eight kana are 16 columns: 5 then 3 at 11, none cut in two.
        assert_eq!(wrap_place("アレクサンドリア", 11), "アレクサン\nドリア");
        assert_eq!(wrap_place("Lindblum/Business District", 10), "Lindblum/\nBusiness\nDistrict");
    }

    #[test]
    fn saves_sort_by_slot() {
        let mut v = vec!["2-1", "1-10", "auto", "1-2", "10", "3"];
        v.sort_by_key(|s| slot_key(s));
        assert_eq!(v, ["auto", "1-2", "1-10", "2-1", "3", "10"]);
    }
}
