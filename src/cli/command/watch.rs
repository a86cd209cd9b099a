//! `quadmist watch FILE [--save S]`: waits for the save file to change (an emulator rewrites
//! the card on every in-game save, in place or through a temporary file renamed over it),
//! re-reads it until the save is whole (its checksum holds; for PC and Switch saves, which have
//! none, two reads agree), and prints what changed since the previous state, once per change,
//! until interrupted.

use crate::cli::args::SaveArgs;
use crate::cli::changes::{self, SaveRef};
use crate::cli::error::{CliError, CliResult};
use crate::cli::files;
use crate::cli::findings;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::diff;
use crate::ff9::SaveEntry;
use crate::model::{Collection, Finding, FindingKind};
use clap::Args;
use notify::event::{AccessKind, AccessMode};
use notify::{Event, EventKind, RecursiveMode, Watcher};
use std::io::Write;
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

const HELP: &str = "\
The file is watched through its folder, so a file replaced by a rename is followed. After a \
write, quadmist waits until the save reads whole (its checksum holds) and prints what changed \
since the last state it read: cards won and gone, grown and evolved, counters, points and \
rank. A write that changes nothing in the save prints nothing. Stop with Ctrl-C.

Examples:
  Watch save 1 of a memory card:
      quadmist watch epsxe000.mcr --save 1
  One JSON object per change, one per line:
      quadmist watch SavedData_ww.dat --save auto --json";

/// Arguments of `quadmist watch`.
#[derive(Debug, Args)]
#[command(after_help = HELP)]
pub struct WatchArgs {
    /// The file and save.
    #[command(flatten)]
    pub save: SaveArgs,
    /// Print one JSON object per change, one per line (the document of `diff --json`).
    #[arg(long)]
    pub json: bool,
}

/// Quiet time after an event before the file is read (writers send bursts of events).
const SETTLE: Duration = Duration::from_millis(20);
/// The longest a burst of events may delay a read.
const MAX_SETTLE: Duration = Duration::from_millis(200);
/// Delay between reads of a file that is not whole yet.
const RETRY: Duration = Duration::from_millis(100);
/// Reads of a file that is not whole before saying so and waiting for the next write.
const RETRIES: u32 = 50;

/// Reads the save until it is whole: its checksum holds (PlayStation), or, for saves without a
/// checksum (PC, Switch), two reads [`SETTLE`] apart agree. `Err` with the reason otherwise.
fn read_whole(args: &SaveArgs, selector: &str) -> Result<(SaveEntry, Collection), String> {
    let first = read_state(args, selector)?;
    if first.0.checksum_ok.is_some() {
        return Ok(first);
    }
    std::thread::sleep(SETTLE);
    let second = read_state(args, selector)?;
    if second.1 != first.1 {
        return Err("the file is still changing".into());
    }
    Ok(second)
}

/// Reads the file and the save; `Err` with the reason when it is not (yet) a whole save.
fn read_state(args: &SaveArgs, selector: &str) -> Result<(SaveEntry, Collection), String> {
    let set = files::open(&args.file).map_err(|e| e.message)?;
    let entry = select::select(&set, Some(selector), &args.file).map_err(|e| e.message)?;
    if entry.checksum_ok == Some(false) {
        return Err(format!("the checksum of save {} does not hold", entry.selector));
    }
    let loaded = entry
        .load(&|name: &str| files::read_beside(&args.file, name))
        .map_err(|e| e.to_string())?;
    Ok((loaded.entry, loaded.collection))
}

/// True when an event may have changed the file named `name` (reads and opens do not).
fn relevant(event: &Event, name: &std::ffi::OsStr) -> bool {
    let kind_counts = match event.kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    };
    kind_counts && event.paths.iter().any(|p| p.file_name() == Some(name))
}

/// Events of the folder watcher.
type Events = mpsc::Receiver<notify::Result<Event>>;

/// Watches the folder `dir` (so a file replaced by a rename is followed).
fn watch_folder(dir: &Path) -> Result<(notify::RecommendedWatcher, Events), CliError> {
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |res| {
        let _ = tx.send(res);
    })
    .map_err(|e| CliError::unusable(format!("cannot watch files here: {e}")))?;
    watcher
        .watch(dir, RecursiveMode::NonRecursive)
        .map_err(|e| CliError::unusable(format!("cannot watch {}: {e}", dir.display())))?;
    Ok((watcher, rx))
}

/// What waiting for the file gave.
enum Wake {
    /// Read the file: it was written (and the writes have settled), or a retry is due.
    Read,
    /// An event about something else: wait again.
    Skip,
    /// The watcher is gone.
    Stop,
}

/// Waits for a write to the file `name` (when `retrying`, at most [`RETRY`]), then until the
/// writes that follow it settle.
fn wait_for_write(rx: &Events, retrying: bool, name: &std::ffi::OsStr) -> Wake {
    let event = if retrying {
        match rx.recv_timeout(RETRY) {
            Ok(e) => Some(e),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => return Wake::Stop,
        }
    } else {
        match rx.recv() {
            Ok(e) => Some(e),
            Err(_) => return Wake::Stop,
        }
    };
    if let Some(event) = event {
        match event {
            Ok(e) if relevant(&e, name) => {}
            Ok(_) => return Wake::Skip,
            Err(e) => {
                findings::print_findings(&[Finding::warning(
                    FindingKind::Other,
                    format!("file watch: {e}"),
                )]);
                return Wake::Skip;
            }
        }
        let start = Instant::now();
        while start.elapsed() < MAX_SETTLE {
            match rx.recv_timeout(SETTLE) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return Wake::Stop,
            }
        }
    }
    Wake::Read
}

/// Runs `quadmist watch`.
pub fn run(args: &WatchArgs) -> CliResult {
    let (entry, mut current) = select::load_collection(&args.save)?;
    if entry.checksum_ok == Some(false) {
        return Err(CliError::unusable(format!(
            "the checksum of {} does not hold; wait for the game to finish writing",
            heading::header(&args.save.file, &entry, Some(&current))
        )));
    }
    // The save stays the one chosen now, even if the file gains other saves.
    let selector = entry.selector.clone();
    let name = args
        .save
        .file
        .file_name()
        .ok_or_else(|| CliError::usage(format!("{} is not a file", args.save.file.display())))?
        .to_os_string();
    let dir = match args.save.file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => Path::new(".").to_path_buf(),
    };
    // The watcher stops when dropped: keep it for the whole loop.
    let (_watcher, rx) = watch_folder(&dir)?;
    let mut here = SaveRef::new(&args.save, &entry, &current);
    let header = heading::header(&args.save.file, &entry, Some(&current));
    let cards = crate::cli::text::count(current.cards.len() as u64, "card");
    if args.json {
        // stdout holds only the changes' JSON lines: the save is named on stderr.
        findings::print_findings(&[Finding::info(
            FindingKind::Other,
            format!("watching {header}: {cards}; stop with Ctrl-C"),
        )]);
    } else {
        // The save named first, as every command names it, then what is watched.
        let mut out = output::stdout();
        writeln!(out, "{}", heading::line(&header, crate::cli::text::term_width()))?;
        out.flush()?;
        findings::print_findings(&[Finding::info(
            FindingKind::Other,
            format!("watching it for changes ({cards}); stop with Ctrl-C"),
        )]);
    }

    let mut failures = 0u32;
    let mut changes = 0u32;
    loop {
        match wait_for_write(&rx, failures > 0, &name) {
            Wake::Read => {}
            Wake::Skip => continue,
            Wake::Stop => break,
        }
        let (later_entry, later) = match read_whole(&args.save, &selector) {
            Ok(s) => s,
            Err(reason) => {
                failures += 1;
                if failures >= RETRIES {
                    findings::print_findings(&[Finding::warning(
                        FindingKind::Other,
                        format!(
                        "{} is not readable as a whole save ({reason}); waiting for the next write",
                        args.save.file.display()
                    ),
                    )]);
                    failures = 0;
                }
                continue;
            }
        };
        failures = 0;
        let d = diff::diff(&current, &later);
        let there = SaveRef::new(&args.save, &later_entry, &later);
        if !d.is_empty() {
            changes += 1;
            let mut out = output::stdout();
            if args.json {
                let report = changes::report(&d, here.clone(), there.clone(), &current, &later);
                let line = serde_json::to_string(&report).map_err(std::io::Error::from)?;
                writeln!(out, "{line}")?;
            } else {
                let body = changes::render_text(&d, &current, &later, None);
                writeln!(out, "Change {changes}:\n{body}\n")?;
            }
            out.flush()?;
        }
        current = later;
        here = there;
    }
    Ok(())
}
