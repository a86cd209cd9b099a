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

/// Picks the FF9 save named by `selector`, or the only FF9 save when none is given.
pub fn select<'a>(
    set: &'a SaveSet,
    selector: Option<&str>,
    path: &Path,
) -> Result<&'a SaveEntry, CliError> {
    if let Some(sel) = selector {
        let entry =
            set.saves.iter().find(|s| s.selector.eq_ignore_ascii_case(sel.trim())).ok_or_else(
                || {
                    CliError::usage(format!(
                        "{} has no save `{sel}`; its saves are: {}",
                        path.display(),
                        list_selectors(set.saves.iter())
                    ))
                },
            )?;
        return Ok(entry);
    }
    let ff9: Vec<&SaveEntry> = set.saves.iter().filter(|s| s.is_ff9 && !s.deleted).collect();
    match ff9.len() {
        1 => Ok(ff9[0]),
        0 => {
            let deleted: Vec<&SaveEntry> = set.saves.iter().filter(|s| s.is_ff9).collect();
            if deleted.len() == 1 {
                return Ok(deleted[0]);
            }
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
                format!(" (saves found: {})", list_selectors(set.saves.iter()))
            };
            Err(CliError::unusable(format!(
                "{} holds no Final Fantasy IX game save{found}",
                path.display()
            )))
        }
        _ => Err(CliError::usage(format!(
            "{} holds {} Final Fantasy IX saves; choose one with --save:\n{}",
            path.display(),
            ff9.len(),
            ff9.iter()
                .map(|s| format!("  --save {:<6} {}  {}", s.selector, s.name, s.title))
                .collect::<Vec<_>>()
                .join("\n")
        ))),
    }
}

fn list_selectors<'a>(saves: impl Iterator<Item = &'a SaveEntry>) -> String {
    let v: Vec<String> = saves.map(|s| format!("{} ({})", s.selector, s.name)).collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// Opens the file, selects the save and decodes its collection; prints the findings on stderr.
pub fn load_collection(args: &SaveArgs) -> Result<(SaveEntry, Collection), CliError> {
    let set = open(&args.file)?;
    print_findings(&set.findings);
    let entry = select(&set, args.save.as_deref(), &args.file)?;
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
