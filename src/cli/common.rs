//! What every subcommand shares: opening a file read-only, choosing a save, printing findings.

use super::CliError;
use crate::ff9::{self, Collection, SaveEntry, SaveSet};
use crate::finding::{limit_repeats, Finding, Severity};
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

/// Why `path` is not a file quadmist reads, from its metadata; `None` for a regular file.
fn not_regular(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("is a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("is a named pipe (FIFO), which could wait forever for data");
        }
        if t.is_socket() {
            return Some("is a socket");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("is a device");
        }
    }
    Some("is not a regular file")
}

/// Opens `path` read-only without blocking on a FIFO (on Unix the open is non-blocking) and
/// refuses anything but a regular file of at most [`MAX_FILE_SIZE`] bytes.
fn open_regular(path: &Path) -> Result<File, (&'static str, String)> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| ("cannot open", e.to_string()))?;
    let meta = file.metadata().map_err(|e| ("cannot open", e.to_string()))?;
    if let Some(why) = not_regular(&meta) {
        return Err(("cannot read", format!("it {why}; quadmist reads regular files only")));
    }
    if meta.len() > MAX_FILE_SIZE {
        return Err((
            "cannot read",
            format!(
                "it has {} bytes, more than {} MiB: not a save file",
                meta.len(),
                MAX_FILE_SIZE / (1024 * 1024)
            ),
        ));
    }
    Ok(file)
}

/// Reads a regular file whole, read-only, refusing FIFOs, devices, directories and anything
/// larger than [`MAX_FILE_SIZE`] (the size is checked again while reading, for a file that
/// grows).
/// The error is the verb (`cannot open`, `cannot read`) and why.
pub fn read_bounded(path: &Path) -> Result<Vec<u8>, (&'static str, String)> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_SIZE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ("cannot read", e.to_string()))?;
    if bytes.len() as u64 > MAX_FILE_SIZE {
        return Err((
            "cannot read",
            format!(
                "it grew past {} MiB while being read: not a save file",
                MAX_FILE_SIZE / (1024 * 1024)
            ),
        ));
    }
    Ok(bytes)
}

/// Reads a whole file as [`read_bounded`] does; the error names the file.
pub fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    read_bounded(path)
        .map_err(|(verb, why)| CliError::unusable(format!("{verb} {}: {why}", path.display())))
}

/// Opens a save file and lists its saves (Memoria sidecars are read later, for the selected
/// save only: [`load_collection`]).
pub fn open(path: &Path) -> Result<SaveSet, CliError> {
    let bytes = read_file(path)?;
    let file_name = path.file_name().and_then(|n| n.to_str());
    ff9::open(&bytes, file_name, &|_| None)
        .map_err(|e| CliError::unusable(format!("{}: {e}", path.display())))
}

/// Reads the file `name` beside `path`: `Ok(None)` when there is none.
fn read_beside(path: &Path, name: &str) -> Result<Option<Vec<u8>>, String> {
    let p = path.parent().map(Path::to_path_buf).unwrap_or_default().join(name);
    match std::fs::symlink_metadata(&p) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        _ => read_bounded(&p).map(Some).map_err(|(_, why)| why),
    }
}

/// Picks the FF9 save named by `selector`, or the only FF9 save when none is given.
pub fn select<'a>(
    set: &'a SaveSet,
    selector: Option<&str>,
    path: &Path,
) -> Result<&'a SaveEntry, CliError> {
    if let Some(sel) = selector {
        if set.saves.is_empty() {
            return Err(CliError::unusable(format!(
                "{} holds no save that can be read, so it has no save `{sel}`",
                path.display()
            )));
        }
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
    let mut entry = select(&set, args.save.as_deref(), &args.file)?.clone();
    entry.load_sidecar(&|name: &str| read_beside(&args.file, name));
    let collection = entry.collection().map_err(|e| {
        CliError::unusable(format!("{} save {}: {e}", args.file.display(), entry.selector))
    })?;
    print_findings(&entry.findings);
    print_findings(&collection.findings);
    Ok((entry, collection))
}

fn severity_style(s: Severity) -> Style {
    match s {
        Severity::Info => Style::new().fg_color(Some(AnsiColor::Cyan.into())),
        Severity::Warning => Style::new().fg_color(Some(AnsiColor::Yellow.into())),
        Severity::Error => Style::new().fg_color(Some(AnsiColor::Red.into())).bold(),
    }
}

/// `text` with control characters (but line breaks) escaped as `\u{..}`, `\t`, `\r`, so
/// nothing read from a file or typed on the command line can drive the terminal.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return text.into();
    }
    text.chars()
        .map(
            |c| if c.is_control() && c != '\n' { c.escape_default().to_string() } else { c.into() },
        )
        .collect::<String>()
        .into()
}

/// Prints findings on stderr, one a line, coloured by severity on a terminal; repeated
/// findings of one kind are cut to the first few.
pub fn print_findings(findings: &[Finding]) {
    let mut err = anstream::stderr().lock();
    for f in limit_repeats(findings.to_vec()) {
        let st = severity_style(f.severity);
        let _ = writeln!(err, "{st}{}{st:#}: {}", f.severity, printable(&f.message));
    }
}

/// Prints an error message on stderr.
pub fn print_error(message: &str) {
    let st = severity_style(Severity::Error);
    let _ = writeln!(anstream::stderr(), "{st}error{st:#}: {}", printable(message));
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
