//! What every subcommand shares: opening a file read-only, choosing a save, printing findings.

use super::CliError;
use crate::ff9::{self, Collection, SaveEntry, SaveSet};
use crate::finding::{Finding, Severity};
use anstyle::{AnsiColor, Style};
use clap::Args;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Largest file quadmist reads (no save format comes near it).
pub const MAX_FILE_SIZE: u64 = 16 * 1024 * 1024;

/// The arguments that name one save: a file and an optional `--save` selector.
#[derive(Debug, Clone, Args)]
pub struct SaveArgs {
    /// The save file: memory card (.mcr .mcd .srm .gme .vgs .vmp ...), single save (.mcs .psv
    /// .mcb ...), PC SavedData_ww.dat or a Switch JSON save.
    pub file: PathBuf,
    /// Which save in the file (`quadmist saves FILE` lists them): 1..15 on a memory card,
    /// `auto` or SLOT-FILE (e.g. `1-2`) in a PC .dat. Not needed when the file holds one FF9 save.
    #[arg(long, short = 's', value_name = "SAVE")]
    pub save: Option<String>,
}

/// Reads a whole file, read-only, refusing anything larger than [`MAX_FILE_SIZE`].
pub fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    let file = File::open(path)
        .map_err(|e| CliError::unusable(format!("cannot open {}: {e}", path.display())))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_SIZE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::unusable(format!("cannot read {}: {e}", path.display())))?;
    if bytes.len() as u64 > MAX_FILE_SIZE {
        return Err(CliError::unusable(format!(
            "{} is larger than {} MiB: not a save file",
            path.display(),
            MAX_FILE_SIZE / (1024 * 1024)
        )));
    }
    Ok(bytes)
}

/// Opens a save file and lists its saves.
pub fn open(path: &Path) -> Result<SaveSet, CliError> {
    let bytes = read_file(path)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let neighbour = move |name: &str| -> Option<Vec<u8>> {
        let p = dir.join(name);
        p.is_file().then(|| read_file(&p).ok()).flatten()
    };
    let file_name = path.file_name().and_then(|n| n.to_str());
    ff9::open(&bytes, file_name, &neighbour)
        .map_err(|e| CliError::unusable(format!("{}: {e}", path.display())))
}

/// How a hint writes a save selector: `--save 3` (most commands) or `FILE:3` (`odds`, whose
/// `--save` takes the file and the save together).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelectorHint {
    /// `--save S`.
    Flag,
    /// `FILE:S`.
    FileSuffix,
}

impl SelectorHint {
    fn write(self, path: &Path, selector: &str) -> String {
        match self {
            SelectorHint::Flag => format!("--save {selector}"),
            SelectorHint::FileSuffix => format!("{}:{selector}", path.display()),
        }
    }
}

/// Picks the FF9 save named by `selector`, or the only FF9 save when none is given.
pub fn select<'a>(
    set: &'a SaveSet,
    selector: Option<&str>,
    path: &Path,
) -> Result<&'a SaveEntry, CliError> {
    select_hinted(set, selector, path, SelectorHint::Flag)
}

/// [`select`], with hints written as `hint` says.
///
/// Only Final Fantasy IX saves are ever chosen or offered: a selector naming another game's
/// save (or an FF9 look-alike that is not a game save) ends with exit 1 and the FF9 saves the
/// file does hold. A deleted FF9 save can be chosen; without a selector it is taken only when
/// it is the file's only FF9 save, with a warning.
pub fn select_hinted<'a>(
    set: &'a SaveSet,
    selector: Option<&str>,
    path: &Path,
    hint: SelectorHint,
) -> Result<&'a SaveEntry, CliError> {
    let ff9: Vec<&SaveEntry> = set.saves.iter().filter(|s| s.is_ff9).collect();
    let offer = || -> String {
        if ff9.is_empty() {
            "it holds no Final Fantasy IX save".into()
        } else {
            let list: Vec<String> = ff9.iter().map(|s| one_line(s, path, hint)).collect();
            format!("its Final Fantasy IX saves are: {}", list.join(", "))
        }
    };
    if let Some(sel) = selector {
        let Some(entry) = set.saves.iter().find(|s| s.selector.eq_ignore_ascii_case(sel.trim()))
        else {
            return Err(CliError::usage(format!(
                "{} has no save `{sel}`; {}",
                path.display(),
                offer()
            )));
        };
        if !entry.is_ff9 {
            let what = if entry.game_info.is_some() {
                "has a Final Fantasy IX file name but is not a game save"
            } else {
                "is not a Final Fantasy IX save"
            };
            let title = if entry.title.is_empty() { "untitled" } else { &entry.title };
            return Err(CliError::unusable(format!(
                "{}: save {} (\"{title}\", {}) {what}; {}",
                path.display(),
                entry.selector,
                entry.name,
                offer()
            )));
        }
        return Ok(entry);
    }
    let live: Vec<&SaveEntry> = ff9.iter().copied().filter(|s| !s.deleted).collect();
    match (live.len(), ff9.len()) {
        (1, _) => Ok(live[0]),
        (0, 1) => {
            print_findings(&[Finding::warning(format!(
                "{} holds no live Final Fantasy IX save: its only one, save {}, is deleted",
                path.display(),
                ff9[0].selector
            ))]);
            Ok(ff9[0])
        }
        (0, 0) => {
            let lookalikes: Vec<String> = set
                .saves
                .iter()
                .filter(|s| s.game_info.is_some())
                .map(|s| {
                    format!(
                        "save {} ({}) has an FF9 file name but is not a game save",
                        s.selector, s.name
                    )
                })
                .collect();
            let found = if !lookalikes.is_empty() {
                format!(": {}", lookalikes.join("; "))
            } else if set.saves.is_empty() {
                String::new()
            } else {
                let n = set.saves.len();
                format!(" (it holds {n} {} of other games)", if n == 1 { "save" } else { "saves" })
            };
            Err(CliError::unusable(format!(
                "{} holds no Final Fantasy IX game save{found}",
                path.display()
            )))
        }
        (n, total) => {
            let how = match hint {
                SelectorHint::Flag => "choose one with --save",
                SelectorHint::FileSuffix => "choose one as FILE:SAVE",
            };
            let what = if n == 0 {
                format!("{total} deleted Final Fantasy IX saves and no live one")
            } else {
                format!("{n} Final Fantasy IX saves")
            };
            Err(CliError::usage(format!(
                "{} holds {what}; {how}:\n{}",
                path.display(),
                ff9.iter()
                    .map(|s| {
                        format!(
                            "  {:<8} {}  {}{}",
                            hint.write(path, &s.selector),
                            s.name,
                            s.title,
                            if s.deleted { "  (deleted)" } else { "" }
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            )))
        }
    }
}

/// The save named by `selector`, of any game (for `icon`: every PlayStation save has one).
pub fn select_any<'a>(
    set: &'a SaveSet,
    selector: &str,
    path: &Path,
) -> Result<&'a SaveEntry, CliError> {
    set.saves.iter().find(|s| s.selector.eq_ignore_ascii_case(selector.trim())).ok_or_else(|| {
        let list: Vec<String> =
            set.saves.iter().map(|s| format!("{} ({})", s.selector, s.title)).collect();
        CliError::usage(format!(
            "{} has no save `{selector}`; its saves are: {}",
            path.display(),
            if list.is_empty() { "none".to_string() } else { list.join(", ") }
        ))
    })
}

/// `--save 3 (FF9/FILE01/12:00)`, with `deleted` when it is.
fn one_line(s: &SaveEntry, path: &Path, hint: SelectorHint) -> String {
    let deleted = if s.deleted { ", deleted" } else { "" };
    format!("{} ({}{deleted})", hint.write(path, &s.selector), s.title)
}

/// Opens the file, selects the save and decodes its collection; prints the findings on stderr.
pub fn load_collection(args: &SaveArgs) -> Result<(SaveEntry, Collection), CliError> {
    load_collection_hinted(args, SelectorHint::Flag)
}

/// [`load_collection`], with selector hints written as `hint` says.
pub fn load_collection_hinted(
    args: &SaveArgs,
    hint: SelectorHint,
) -> Result<(SaveEntry, Collection), CliError> {
    let set = open(&args.file)?;
    print_findings(&set.findings);
    let entry = select_hinted(&set, args.save.as_deref(), &args.file, hint)?;
    let collection = entry.collection().map_err(|e| {
        CliError::unusable(format!("{} save {}: {e}", args.file.display(), entry.selector))
    })?;
    print_findings(&entry.findings);
    print_findings(&collection.findings);
    Ok((entry.clone(), collection))
}

fn severity_style(s: Severity) -> Style {
    match s {
        Severity::Info => Style::new().fg_color(Some(AnsiColor::Cyan.into())),
        Severity::Warning => Style::new().fg_color(Some(AnsiColor::Yellow.into())),
        Severity::Error => Style::new().fg_color(Some(AnsiColor::Red.into())).bold(),
    }
}

/// Prints findings on stderr, one a line, coloured by severity on a terminal.
pub fn print_findings(findings: &[Finding]) {
    let mut err = anstream::stderr().lock();
    for f in findings {
        let st = severity_style(f.severity);
        let _ = writeln!(err, "{st}{}{st:#}: {}", f.severity, f.message);
    }
}

/// Prints an error message on stderr.
pub fn print_error(message: &str) {
    let st = severity_style(Severity::Error);
    let _ = writeln!(anstream::stderr(), "{st}error{st:#}: {message}");
}

/// Writes a value as pretty JSON on stdout.
pub fn print_json<T: serde::Serialize>(value: &T) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// A stdout writer that strips colour when stdout is not a terminal or `NO_COLOR` is set.
pub fn stdout() -> anstream::AutoStream<std::io::Stdout> {
    anstream::stdout()
}
