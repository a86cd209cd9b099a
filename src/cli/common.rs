//! What every subcommand shares: opening a file read-only, choosing a save, printing findings.

use super::error::CliError;
use crate::container::source::{clamp, ByteSource, ReadError};
use crate::ff9::{self, SaveEntry, SaveSet};
use crate::model::{format_play_time, Collection, Finding, Severity};
use anstyle::{AnsiColor, Style};
use anyhow::Context;
use clap::Args;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;

pub use crate::ff9::MAX_FILE_SIZE;

/// The arguments that name one save: a file and an optional selector. `FILE:S` is split when
/// the arguments are parsed ([`parse_save_spec`]), so every command taking these reads
/// `FILE:S` as `FILE --save S`.
#[derive(Debug, Clone)]
pub struct SaveArgs {
    /// The save file.
    pub file: PathBuf,
    /// Which save in it, if one was named.
    pub save: Option<String>,
}

/// [`SaveArgs`] as typed: the help text and the options.
#[derive(Debug, Clone, Args)]
struct TypedSaveArgs {
    /// The save file: memory card (.mcr .mcd .srm .gme .vgs .vmp ...), single save (.mcs .psv
    /// .mcb ...), PC SavedData_ww.dat or a Switch JSON save. `FILE:S` is the same as
    /// `FILE --save S`.
    file: PathBuf,
    /// Which save in the file (`quadmist saves FILE` lists them): 1..15 on a memory card,
    /// `auto` or SLOT-FILE (e.g. `1-2`) in a PC .dat or Switch save. `latest`: on PC, the save
    /// the file's own metadata names as the last one written (LatestSlot/LatestSave, the one
    /// `saves` marks "latest"); in a file with one FF9 save, that save. Not needed when the
    /// file holds one FF9 save.
    #[arg(long, short = 's', value_name = "SAVE")]
    save: Option<String>,
}

impl clap::FromArgMatches for SaveArgs {
    /// The file and save as typed, `FILE:S` without `--save` split into both.
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let typed = TypedSaveArgs::from_arg_matches(matches)?;
        Ok(match (typed.save, typed.file.to_str()) {
            (None, Some(spec)) => parse_save_spec(spec),
            (save, _) => SaveArgs { file: typed.file, save },
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for SaveArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        TypedSaveArgs::augment_args(cmd)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        TypedSaveArgs::augment_args_for_update(cmd)
    }

    fn group_id() -> Option<clap::Id> {
        TypedSaveArgs::group_id()
    }
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
fn open_regular(path: &Path) -> Result<FileSource, (&'static str, String)> {
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
        return Err(("cannot read", ff9::too_large(meta.len())));
    }
    Ok(FileSource { file, size: meta.len() })
}

/// Reads a regular file whole, read-only, refusing FIFOs, devices, directories and anything
/// larger than [`MAX_FILE_SIZE`] (the size is checked again while reading, for a file that
/// grows). One read into a buffer of the size the file's metadata gives (and one more to see
/// the end).
/// The error is the verb (`cannot open`, `cannot read`) and why.
pub fn read_bounded(path: &Path) -> Result<Vec<u8>, (&'static str, String)> {
    let source = open_regular(path)?;
    let cannot = |e: std::io::Error| ("cannot read", e.to_string());
    // One byte more than the metadata says, to notice a file that grew since.
    let mut bytes = vec![0u8; source.size as usize + 1];
    let mut filled = 0;
    while filled < bytes.len() {
        match (&source.file).read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(cannot(e)),
        }
    }
    bytes.truncate(filled);
    if filled > source.size as usize {
        (&source.file)
            .take(MAX_FILE_SIZE + 1 - filled as u64)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    }
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
    read_bounded(path).map_err(|e| file_error(path, e))
}

/// A file-system error `(verb, why)` as an error chain printed `cannot open PATH: why`.
fn file_error(path: &Path, (verb, why): (&'static str, String)) -> CliError {
    anyhow::Error::msg(why).context(format!("{verb} {}", path.display())).into()
}

/// An open regular file of at most [`MAX_FILE_SIZE`] bytes, read at offsets (`pread`) only
/// where the library asks; its size is the one its metadata gave when opened.
struct FileSource {
    file: File,
    size: u64,
}

impl ByteSource for FileSource {
    fn size(&self) -> u64 {
        self.size
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>, ReadError> {
        let range = clamp(self.size, offset, len);
        // At most the file's size, which is at most MAX_FILE_SIZE.
        let mut buf = vec![0u8; (range.end - range.start) as usize];
        let mut filled = 0;
        while filled < buf.len() {
            match read_at(&self.file, &mut buf[filled..], range.start + filled as u64) {
                Ok(0) => break, // the file shrank since it was opened
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(ReadError::Io(e)),
            }
        }
        buf.truncate(filled);
        Ok(buf)
    }
}

/// One positioned read.
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

/// One positioned read.
#[cfg(not(unix))]
fn read_at(mut file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    use std::io::{Seek, SeekFrom};
    file.seek(SeekFrom::Start(offset))?;
    file.read(buf)
}

/// Opens a save file and lists its saves (Memoria sidecars are read later, for the selected
/// save only: [`load_collection`]). A PC `.dat` is read only where its saves are.
pub fn open(path: &Path) -> Result<SaveSet, CliError> {
    let source = open_regular(path).map_err(|e| file_error(path, e))?;
    let file_name = path.file_name().and_then(|n| n.to_str());
    let set = ff9::open_source(&source, file_name, &|_| None)
        .map_err(|e| anyhow::Error::msg(without_file_name(path, &e.to_string())))
        .with_context(|| path.display().to_string())?;
    Ok(set)
}

/// `PATH: message`, the file named once: a message that names the file itself (by its file
/// name, as the library does) loses that name.
pub fn name_once(path: &Path, message: &str) -> String {
    format!("{}: {}", path.display(), without_file_name(path, message))
}

/// `message` without `NAME: ` where NAME is the file name of `path` (the library names a file
/// by its file name; the command line names it by the path given).
fn without_file_name(path: &Path, message: &str) -> String {
    match path.file_name().and_then(|n| n.to_str()) {
        Some(name) => message.replace(&format!("{name}: "), ""),
        None => message.to_string(),
    }
}

/// Reads the file `name` beside `path`: `Ok(None)` when there is none.
fn read_beside(path: &Path, name: &str) -> Result<Option<Vec<u8>>, std::io::Error> {
    let p = path.parent().map(Path::to_path_buf).unwrap_or_default().join(name);
    match std::fs::symlink_metadata(&p) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        _ => read_bounded(&p).map(Some).map_err(|(_, why)| std::io::Error::other(why)),
    }
}

/// Reads the Memoria sidecar of `entry` beside `file` (PC saves only), reporting a failure
/// to read it among the entry's findings.
pub fn load_sidecar(entry: &mut SaveEntry, file: &Path) {
    entry.load_sidecar(&|name: &str| read_beside(file, name));
}

/// Refuses an output that is the input file itself (by file identity: device and inode, or
/// the Windows file index, so hard and symbolic links count), a directory, or anything but a
/// regular file (a FIFO would block, a device would be written to).
pub fn check_output(output: &Path, input: &Path) -> Result<(), CliError> {
    let shown = output.display();
    // Metadata first: it does not open the file, so a FIFO cannot block here.
    match std::fs::metadata(output) {
        Ok(meta) if meta.is_dir() => {
            return Err(CliError::usage(format!("-o {shown} is a directory: -o takes a file name")))
        }
        Ok(meta) if !meta.is_file() => {
            return Err(CliError::usage(format!(
                "-o {shown} is not a regular file (a named pipe or a device); write to a file, \
                 or use -o - for stdout"
            )))
        }
        _ => {}
    }
    if same_file::is_same_file(output, input).unwrap_or(false) {
        return Err(CliError::usage(format!(
            "-o {shown} is the save being read, the input file itself (maybe through a \
             link); quadmist never writes to a file it reads: choose another -o"
        )));
    }
    Ok(())
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
    let offer_ff9 = || offer(&ff9, path, hint);
    if selector.is_some_and(|s| s.trim().eq_ignore_ascii_case("latest")) {
        return select_latest(set, path, offer_ff9);
    }
    if let Some(sel) = selector {
        return select_named(set, sel, path, offer_ff9);
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
        (0, 0) => Err(no_ff9_save(set, path)),
        (n, total) => Err(several_ff9_saves(&ff9, n, total, path, hint)),
    }
}

/// The sentence that offers the FF9 saves a file holds (or says it holds none).
fn offer(ff9: &[&SaveEntry], path: &Path, hint: SelectorHint) -> String {
    if ff9.is_empty() {
        "it holds no Final Fantasy IX save".into()
    } else {
        let list: Vec<String> = ff9.iter().map(|s| one_line(s, path, hint)).collect();
        format!("its Final Fantasy IX saves are: {}", list.join(", "))
    }
}

/// `--save latest`: the save the PC metadata names, or the only live FF9 save.
fn select_latest<'a>(
    set: &'a SaveSet,
    path: &Path,
    offer: impl Fn() -> String,
) -> Result<&'a SaveEntry, CliError> {
    let ff9: Vec<&SaveEntry> = set.saves.iter().filter(|s| s.is_ff9 && !s.deleted).collect();
    // The PC metadata's latest save is the one its listing titles "(latest)".
    let latest = set.saves.iter().find(|s| s.is_ff9 && s.title.ends_with("(latest)"));
    match (latest, ff9.len()) {
        (Some(s), _) => Ok(s),
        (None, 1) => Ok(ff9[0]),
        (None, _) => Err(CliError::usage(format!(
            "{} does not record which save is the latest (a PC .dat does); choose one \
             with --save; {}",
            path.display(),
            offer()
        ))),
    }
}

/// The save a selector names, refused when it is not an FF9 game save.
fn select_named<'a>(
    set: &'a SaveSet,
    sel: &str,
    path: &Path,
    offer: impl Fn() -> String,
) -> Result<&'a SaveEntry, CliError> {
    if set.saves.is_empty() {
        return Err(CliError::unusable(format!(
            "{} holds no save that can be read, so it has no save `{sel}`",
            path.display()
        )));
    }
    let Some(entry) = set.saves.iter().find(|s| s.selector.eq_ignore_ascii_case(sel.trim())) else {
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
    Ok(entry)
}

/// The error for a file with no FF9 game save: its look-alikes, or what else it holds.
fn no_ff9_save(set: &SaveSet, path: &Path) -> CliError {
    let lookalikes: Vec<String> = set
        .saves
        .iter()
        .filter(|s| s.game_info.is_some())
        .map(|s| {
            format!("save {} ({}) has an FF9 file name but is not a game save", s.selector, s.name)
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
    CliError::unusable(format!("{} holds no Final Fantasy IX game save{found}", path.display()))
}

/// The error for a file with several FF9 saves (`n` live of `total`) and no selector: one
/// line a save, written as `hint` says.
fn several_ff9_saves(
    ff9: &[&SaveEntry],
    n: usize,
    total: usize,
    path: &Path,
    hint: SelectorHint,
) -> CliError {
    let how = match hint {
        SelectorHint::Flag => "choose one with --save",
        SelectorHint::FileSuffix => "choose one as FILE:SAVE",
    };
    let what = if n == 0 {
        format!("{total} deleted Final Fantasy IX saves and no live one")
    } else {
        format!("{n} Final Fantasy IX saves")
    };
    let lines: Vec<String> = ff9
        .iter()
        .map(|s| {
            format!(
                "  {:<8} {}  {}{}",
                hint.write(path, &s.selector),
                s.name,
                s.title,
                if s.deleted { "  (deleted)" } else { "" }
            )
        })
        .collect();
    CliError::usage(format!("{} holds {what}; {how}:\n{}", path.display(), lines.join("\n")))
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

/// Splits `FILE[:S]` into the file and the save selector. The whole text is a file when it
/// exists (so Windows paths such as `C:\saves\card.mcr` stay whole); otherwise the part after
/// the last `:` is the selector when the part before it exists, or when it looks like one
/// (`1`..`15`, `S-F` or `auto`).
pub fn parse_save_spec(spec: &str) -> SaveArgs {
    let whole = || SaveArgs { file: PathBuf::from(spec), save: None };
    if Path::new(spec).exists() {
        return whole();
    }
    let Some((file, sel)) = spec.rsplit_once(':') else { return whole() };
    // The same rule as `--save` everywhere: after an existing file, any selector (a wrong
    // one is a usage error naming the saves there is).
    if !file.is_empty() && Path::new(file).exists() {
        return SaveArgs { file: PathBuf::from(file), save: Some(sel.to_string()) };
    }
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let is_selector = sel.eq_ignore_ascii_case("auto")
        || numeric(sel)
        || sel.split_once('-').is_some_and(|(a, b)| numeric(a) && numeric(b));
    if file.is_empty() || !is_selector {
        return whole();
    }
    SaveArgs { file: PathBuf::from(file), save: Some(sel.to_string()) }
}

/// Opens the file, selects the save and decodes its collection; prints the findings on stderr.
/// The file may be given as `FILE:S` (as `quadmist saves DIR` prints it) instead of `--save S`.
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
    let mut entry = select_hinted(&set, args.save.as_deref(), &args.file, hint)?.clone();
    load_sidecar(&mut entry, &args.file);
    let collection = entry
        .collection()
        .with_context(|| format!("{} save {}", args.file.display(), entry.selector))?;
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

/// How much of the findings to print (`-q`, default, `-v`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    /// `-q`: errors only.
    Quiet,
    /// Every finding, repeats of one kind collapsed after [`REPEATS_SHOWN`].
    Normal,
    /// `-v`: every finding, nothing collapsed.
    Verbose,
}

static VERBOSITY: AtomicU8 = AtomicU8::new(1);

/// Sets how much of the findings [`print_findings`] prints (from `-q` / `-v`).
pub fn set_verbosity(v: Verbosity) {
    VERBOSITY.store(v as u8, Ordering::Relaxed);
}

/// The verbosity set by [`set_verbosity`].
pub fn verbosity() -> Verbosity {
    match VERBOSITY.load(Ordering::Relaxed) {
        0 => Verbosity::Quiet,
        1 => Verbosity::Normal,
        _ => Verbosity::Verbose,
    }
}

/// Findings of one kind shown before the rest are counted ("and 17 more like it").
pub const REPEATS_SHOWN: usize = 3;

/// The kind of a finding: its severity and its message with every word that holds a digit
/// (a number, `0x5643549A`, `C9AD0E26`) replaced by `#` (so "slot 5: attack 200 above its cap
/// 100" and "slot 9: ..." are of one kind).
fn kind(f: &Finding) -> (Severity, String) {
    let mut k = String::with_capacity(f.message.len());
    let mut word = String::new();
    let flush = |word: &mut String, k: &mut String| {
        if word.chars().any(|c| c.is_ascii_digit()) {
            k.push('#');
        } else {
            k.push_str(word);
        }
        word.clear();
    };
    for c in f.message.chars() {
        if c.is_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut k);
            k.push(c);
        }
    }
    flush(&mut word, &mut k);
    (f.severity, k)
}

/// The lines [`print_findings`] prints for these findings at this verbosity (without colour):
/// `-q` keeps errors only; by default the findings of one kind after the first
/// [`REPEATS_SHOWN`] become one line "... and N more like it"; `-v` keeps everything. A
/// finding already printed by this process (the same file named twice) is skipped.
pub fn finding_lines(findings: &[Finding], v: Verbosity) -> Vec<(Severity, String)> {
    let shown: Vec<&Finding> = findings
        .iter()
        .filter(|f| v != Verbosity::Quiet || f.severity == Severity::Error)
        .collect();
    let kinds: Vec<(Severity, String)> = shown.iter().map(|f| kind(f)).collect();
    let mut totals: std::collections::HashMap<&(Severity, String), usize> =
        std::collections::HashMap::new();
    for k in &kinds {
        *totals.entry(k).or_default() += 1;
    }
    let mut seen: std::collections::HashMap<&(Severity, String), usize> =
        std::collections::HashMap::new();
    let mut lines = Vec::new();
    for (f, k) in shown.iter().zip(&kinds) {
        let n = seen.entry(k).or_default();
        *n += 1;
        if v == Verbosity::Verbose || *n <= REPEATS_SHOWN {
            lines.push((f.severity, f.message.clone()));
        }
        let total = totals[k];
        if v != Verbosity::Verbose && *n == REPEATS_SHOWN && total > REPEATS_SHOWN {
            // Said right after the last one shown of its kind.
            let more = total - REPEATS_SHOWN;
            lines.push((
                f.severity,
                format!(
                    "... and {more} more like it (-v shows {})",
                    if more == 1 { "it" } else { "them" }
                ),
            ));
        }
    }
    lines
}

/// Prints findings on stderr, one a line, coloured by severity on a terminal, collapsed and
/// filtered as [`finding_lines`] says; the same finding is printed once per process.
pub fn print_findings(findings: &[Finding]) {
    static PRINTED: Mutex<Vec<Finding>> = Mutex::new(Vec::new());
    let fresh: Vec<Finding> = {
        let mut printed = PRINTED.lock().unwrap_or_else(|e| e.into_inner());
        findings
            .iter()
            .filter(|f| {
                if printed.contains(f) {
                    return false;
                }
                if printed.len() < 10_000 {
                    printed.push((*f).clone());
                }
                true
            })
            .cloned()
            .collect()
    };
    let mut err = anstream::stderr().lock();
    let width = super::text::term_width();
    for (severity, message) in finding_lines(&fresh, verbosity()) {
        let st = severity_style(severity);
        let label = severity.to_string();
        let text = super::text::fit(&format!("{label}: {}", printable(&message)), width, "  ");
        let _ = writeln!(err, "{st}{label}{st:#}{}", &text[label.len()..]);
    }
}

/// Prints an error message on stderr.
pub fn print_error(message: &str) {
    let st = severity_style(Severity::Error);
    let text = super::text::fit(
        &format!("error: {}", printable(message)),
        super::text::term_width(),
        "  ",
    );
    let _ = writeln!(anstream::stderr(), "{st}error{st:#}{}", &text[5..]);
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

/// Writes `text` through [`stdout`]. When colour is stripped and the text's only escape codes
/// are the SGR ones quadmist writes, they are cut out here in one pass, as anstream would
/// (checked against it in the tests), instead of anstream's pass over every byte.
pub fn print_text(text: &str) -> std::io::Result<()> {
    let mut out = stdout();
    if out.current_choice() == anstream::ColorChoice::Never {
        if let Some(plain) = without_sgr(text) {
            return std::io::stdout().lock().write_all(plain.as_bytes());
        }
    }
    write!(out, "{text}")
}

/// `text` without its SGR sequences (`ESC [`, digits and `;`, `m`), or `None` when it holds
/// another escape or control character than a line break.
fn without_sgr(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut plain = String::with_capacity(text.len());
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        // Control characters: C0 but the line break, DEL, and C1 (0xC2 0x80..=0x9F in UTF-8).
        let b = bytes[i];
        let control = (b < 0x20 && b != b'\n')
            || b == 0x7f
            || (b == 0xc2 && matches!(bytes.get(i + 1), Some(0x80..=0x9f)));
        if !control {
            i += 1;
            continue;
        }
        plain.push_str(&text[start..i]);
        let body = text[i..].strip_prefix("\x1b[")?;
        let end = body.find(|c: char| !(c.is_ascii_digit() || c == ';'))?;
        let after = body[end..].strip_prefix('m')?;
        i = text.len() - after.len();
        start = i;
    }
    plain.push_str(&text[start..]);
    Some(plain)
}

/// A save's heading for people: `first` (e.g. "Save 1"), then the leader and level, the
/// location when `with_location`, and the play time, joined by commas. Unreadable names are left
/// out.
pub fn save_heading(first: String, c: &Collection, with_location: bool) -> Vec<String> {
    let s = &c.summary;
    let mut parts = vec![first];
    if let Some(n) = s.leader_label().as_deref().and_then(super::text::readable) {
        parts.push(match s.leader_level {
            Some(l) => format!("{n} Lv {l}"),
            None => n.to_string(),
        });
    }
    if with_location {
        if let Some(l) = s.location.as_deref().and_then(super::text::readable) {
            parts.push(l.to_string());
        }
    }
    if let Some(t) = s.play_time_seconds {
        parts.push(format_play_time(t));
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::sim::GameRng;
    use crate::rules::creation::RangeRng;

    #[test]
    fn sgr_codes_go_as_anstream_strips_them_and_other_escapes_are_left_to_it() {
        let pieces = [
            "a",
            "Slot",
            " ",
            "\n",
            "→",
            "·",
            "ファ",
            "−",
            "\x1b[1m",
            "\x1b[0m",
            "\x1b[31;1m",
            "\x1b[m",
            "\x1b]",
            "\x1b",
            "\x1bX",
            "\t",
            "\x07",
            "\u{85}",
            "\u{9b}",
            "\x1b[2J",
            "[",
            "m",
            "\x7f",
        ];
        let mut rng = GameRng::new(13, 0);
        let mut fast = 0;
        for case in 0..5000 {
            let text: String = (0..1 + case % 12)
                .map(|_| pieces[rng.range(0, pieces.len() as u32) as usize])
                .collect();
            if let Some(plain) = without_sgr(&text) {
                assert_eq!(plain, anstream::adapter::strip_str(&text).to_string(), "{text:?}");
                fast += 1;
            }
        }
        assert!(fast > 500, "{fast}");
    }

    #[test]
    fn an_error_names_the_file_once() {
        let p = Path::new("dir/README.md");
        assert_eq!(
            name_once(p, "not a PS1 memory card or save file: README.md: 11849 bytes"),
            "dir/README.md: not a PS1 memory card or save file: 11849 bytes"
        );
        assert_eq!(name_once(p, "damaged"), "dir/README.md: damaged");
    }

    #[test]
    fn repeats_of_one_kind_collapse_and_quiet_keeps_errors() {
        let mut f: Vec<Finding> = (1..=20)
            .map(|i| Finding::warning(format!("slot {i}: attack {} above its cap 10", 10 + i)))
            .collect();
        f.push(Finding::error("block 3 is damaged"));
        for hex in ["0x5643549A", "0x8F1A49E9", "0xC9AD0E26", "0xFD91E11F"] {
            f.push(Finding::warning(format!("entry names sector {hex} but its XOR is bad")));
        }
        f.push(Finding::info("Japanese save"));
        let normal = finding_lines(&f, Verbosity::Normal);
        assert_eq!(normal.len(), REPEATS_SHOWN + 2 + REPEATS_SHOWN + 2);
        assert_eq!(normal[0].1, "slot 1: attack 11 above its cap 10");
        // The count follows the last one shown of its kind.
        assert_eq!(
            normal[REPEATS_SHOWN],
            (Severity::Warning, "... and 17 more like it (-v shows them)".to_string())
        );
        assert_eq!(
            normal[normal.len() - 2],
            (Severity::Warning, "... and 1 more like it (-v shows it)".to_string())
        );
        assert_eq!(finding_lines(&f, Verbosity::Verbose).len(), 26);
        let quiet = finding_lines(&f, Verbosity::Quiet);
        assert_eq!(quiet, vec![(Severity::Error, "block 3 is damaged".to_string())]);
    }
}
