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
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

const HELP: &str = "\
The file is looked at 20 times a second (its size, time of change and identity), so a file \
replaced by a rename is followed. After a write, quadmist waits until the save reads whole \
(its checksum holds) and prints what changed since the last state it read: cards won and \
gone, grown and evolved, counters, points and rank. A write that changes nothing in the save \
prints nothing. Stop with Ctrl-C.

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

/// How often the file is looked at while waiting for a write: one `stat` of its metadata, far
/// less work than a read, and soon enough after a save in the game.
const POLL: Duration = Duration::from_millis(50);
/// Quiet time after a change before the file is read (writers write in several steps).
const SETTLE: Duration = Duration::from_millis(20);
/// The longest a run of changes may delay a read.
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

/// The file as it stands on disk: a write changes its time of last change (or its size), and
/// a file renamed over it is another file (on Unix, another inode). `None` while it is missing
/// (between a writer's delete and rename, or for good).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    /// The device and inode on Unix; 0 elsewhere, where a new file has its own times.
    id: (u64, u64),
}

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let id = {
        use std::os::unix::fs::MetadataExt;
        (meta.dev(), meta.ino())
    };
    #[cfg(not(unix))]
    let id = (0, 0);
    Some(Stamp { len: meta.len(), modified: meta.modified().ok(), id })
}

/// Waits until the file's stamp differs from `seen` (when `retrying`, at most [`RETRY`]), then
/// until the writes that follow settle: the stamp unchanged for [`SETTLE`], at most
/// [`MAX_SETTLE`]. `seen` becomes the stamp of the file about to be read.
fn wait_for_write(path: &Path, seen: &mut Option<Stamp>, retrying: bool) {
    let start = Instant::now();
    loop {
        std::thread::sleep(POLL);
        let now = stamp(path);
        if now != *seen {
            *seen = now;
            break;
        }
        if retrying && start.elapsed() >= RETRY {
            return;
        }
    }
    let start = Instant::now();
    while start.elapsed() < MAX_SETTLE {
        std::thread::sleep(SETTLE);
        let now = stamp(path);
        if now == *seen {
            break;
        }
        *seen = now;
    }
}

/// Runs `quadmist watch`.
pub fn run(args: &WatchArgs) -> CliResult {
    // Taken before the first read, so that a write during it is read again.
    let mut seen = stamp(&args.save.file);
    let (entry, mut current) = select::load_collection(&args.save)?;
    if entry.checksum_ok == Some(false) {
        return Err(CliError::unusable(format!(
            "the checksum of {} does not hold; wait for the game to finish writing",
            heading::header(&args.save.file, &entry, Some(&current))
        )));
    }
    // The save stays the one chosen now, even if the file gains other saves.
    let selector = entry.selector.clone();
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
        wait_for_write(&args.save.file, &mut seen, failures > 0);
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
}
