//! `quadmist saves`: one row per save in a file.

use super::common::{self, print_findings, print_json};
use super::{CliError, CliResult};
use crate::ff9::{FileKind, SaveEntry, SaveSet};
use crate::finding::{Finding, Severity};
use clap::Args;
use serde::Serialize;
use std::io::Write;
use tabled::settings::Style;
use tabled::{Table, Tabled};

const EXAMPLES: &str = "\
Examples:
  quadmist saves epsxe000.mcr            the saves on a raw memory card
  quadmist saves card.gme --json         the same as JSON
  quadmist saves BASLUS-0125100000-00    a raw single save (named after the save)
  quadmist saves SavedData_ww.dat        the slots of a PC save

The SAVE column is the value every other command accepts as --save.
JSON: {\"format\", \"saves\": [{\"save\", \"name\", \"game\", \"region\", \"language\", \"disc\",
\"file\", \"deleted\", \"checksum_ok\", \"title\", \"product_code\", \"summary\"}],
\"problems\": [{\"severity\", \"message\", \"save\"}]}.
Problems (damage, checksum mismatches) go to stderr; exit code 1 when the file is unreadable
or holds no save that can be read.";

/// Arguments of `quadmist saves`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct SavesArgs {
    /// The file: memory card (.mcr .mcd .gme .vgs .vmp ...), single save (.mcs .psv .mcb
    /// ...), PC SavedData_ww.dat or a Switch JSON save.
    pub file: std::path::PathBuf,
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
    pub summary: Option<&'a crate::ff9::SaveSummary>,
}

/// One problem in the JSON output.
#[derive(Debug, Serialize)]
pub struct ProblemJson<'a> {
    /// `info`, `warning` or `error`.
    pub severity: Severity,
    /// The message.
    pub message: &'a str,
    /// The save it concerns, null for the file.
    pub save: Option<&'a str>,
}

/// The whole JSON output.
#[derive(Debug, Serialize)]
pub struct SavesJson<'a> {
    /// The file's format (`raw_card`, `gme`, `mcs`, ..., `pc_dat`, `switch_json`).
    pub format: String,
    /// The saves.
    pub saves: Vec<SaveJson<'a>>,
    /// File findings, then every save's findings.
    pub problems: Vec<ProblemJson<'a>>,
}

/// Builds the JSON value of a save set.
pub fn to_json(set: &SaveSet) -> SavesJson<'_> {
    let saves = set
        .saves
        .iter()
        .map(|s| SaveJson {
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
        })
        .collect();
    let mut problems: Vec<ProblemJson> = set
        .findings
        .iter()
        .map(|f| ProblemJson { severity: f.severity, message: &f.message, save: None })
        .collect();
    for s in &set.saves {
        problems.extend(s.findings.iter().map(|f| ProblemJson {
            severity: f.severity,
            message: &f.message,
            save: Some(&s.selector),
        }));
    }
    SavesJson { format: format_name(&set.kind), saves, problems }
}

#[derive(Tabled)]
struct Row {
    #[tabled(rename = "SAVE")]
    save: String,
    #[tabled(rename = "GAME")]
    game: String,
    #[tabled(rename = "REGION")]
    region: String,
    #[tabled(rename = "LANG")]
    language: String,
    #[tabled(rename = "DISC")]
    disc: String,
    #[tabled(rename = "FILE")]
    file: String,
    #[tabled(rename = "DELETED")]
    deleted: String,
    #[tabled(rename = "CHECKSUM")]
    checksum: String,
    #[tabled(rename = "TITLE")]
    title: String,
    #[tabled(rename = "LEADER")]
    leader: String,
    #[tabled(rename = "LV")]
    level: String,
    #[tabled(rename = "TIME")]
    time: String,
    #[tabled(rename = "GIL")]
    gil: String,
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_else(|| "-".into())
}

fn row(s: &SaveEntry) -> Row {
    let g = s.game_info.as_ref();
    let sum = s.summary.as_ref();
    Row {
        save: s.selector.clone(),
        game: if s.is_ff9 {
            "FF9".into()
        } else {
            s.product_code.clone().unwrap_or_else(|| s.name.clone())
        },
        region: opt(g.map(|g| &g.region)),
        language: opt(g.map(|g| &g.language)),
        disc: opt(g.and_then(|g| g.disc)),
        file: opt(g.and_then(|g| g.file)),
        deleted: if s.deleted { "deleted".into() } else { String::new() },
        checksum: match s.checksum_ok {
            Some(true) => "ok".into(),
            Some(false) => "MISMATCH".into(),
            None => "-".into(),
        },
        title: s.title.clone(),
        leader: opt(sum.and_then(|m| m.leader_name.clone())),
        level: opt(sum.and_then(|m| m.leader_level)),
        time: opt(sum.and_then(|m| m.play_time_seconds).map(crate::ff9::format_play_time)),
        gil: opt(sum.and_then(|m| m.gil)),
    }
}

/// Runs `quadmist saves`.
pub fn run(args: &SavesArgs) -> CliResult {
    let set = common::open(&args.file)?;
    print_findings(&set.findings);
    for s in &set.saves {
        let prefixed: Vec<Finding> = s
            .findings
            .iter()
            .map(|f| Finding {
                severity: f.severity,
                message: format!("save {}: {}", s.selector, f.message),
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
    let mut out = common::stdout();
    writeln!(out, "{} ({})", args.file.display(), set.kind.description())?;
    if set.saves.is_empty() {
        writeln!(out, "no saves")?;
        return Err(nothing());
    }
    let mut table = Table::new(set.saves.iter().map(row));
    table.with(Style::sharp());
    writeln!(out, "{table}")?;
    Ok(())
}
