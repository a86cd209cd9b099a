//! Choosing one save in a file, with errors that offer the file's Final Fantasy IX saves, and
//! loading it: open, choose, read the sidecar, decode, print the findings.

use super::args::SaveArgs;
use super::error::CliError;
use super::files::{open, read_beside};
use super::findings::print_findings;
use crate::ff9::{ChoiceError, LoadedSave, SaveChoice, SaveEntry, SaveSet};
use crate::model::{Collection, Finding};
use anyhow::Context;
use std::path::Path;

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

/// [`select`], with hints written as `hint` says: the library's choice
/// ([`SaveSet::choose`]), its refusals worded with the file's FF9 saves; a deleted save taken
/// alone is said.
pub fn select_hinted<'a>(
    set: &'a SaveSet,
    selector: Option<&str>,
    path: &Path,
    hint: SelectorHint,
) -> Result<&'a SaveEntry, CliError> {
    let choice = SaveChoice::from_selector(selector);
    let ff9: Vec<&SaveEntry> = set.ff9_saves().collect();
    let offer = || offer(&ff9, path, hint);
    let shown = path.display();
    let entry = set.choose(&choice).map_err(|e| match e {
        ChoiceError::NoLatest => CliError::usage(format!(
            "{shown} does not record which save is the latest (a PC .dat does); choose one \
             with --save; {}",
            offer()
        )),
        ChoiceError::Empty { selector } => CliError::unusable(format!(
            "{shown} holds no save that can be read, so it has no save `{selector}`"
        )),
        ChoiceError::NoSuchSave { .. } => CliError::usage(format!(
            "{shown} has no save `{}`; {}",
            selector.unwrap_or_default(),
            offer()
        )),
        ChoiceError::NotFf9 { selector, lookalike } => {
            let what = if lookalike {
                "has a Final Fantasy IX file name but is not a game save"
            } else {
                "is not a Final Fantasy IX save"
            };
            let entry = set.find(&selector);
            let title = entry.map_or("", |e| e.title.as_str());
            let title = if title.is_empty() { "untitled" } else { title };
            CliError::unusable(format!(
                "{shown}: save {selector} (\"{title}\", {}) {what}; {}",
                entry.map_or("", |e| e.name.as_str()),
                offer()
            ))
        }
        ChoiceError::NoFf9 { .. } => no_ff9_save(set, path),
        ChoiceError::Several { live, total } => several_ff9_saves(&ff9, live, total, path, hint),
    })?;
    if choice == SaveChoice::Only && entry.deleted {
        print_findings(&[Finding::warning(format!(
            "{shown} holds no live Final Fantasy IX save: its only one, save {}, is deleted",
            entry.selector
        ))]);
    }
    Ok(entry)
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
    set.find(selector).ok_or_else(|| {
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
    let loaded = load(select_hinted(&set, args.save.as_deref(), &args.file, hint)?, &args.file)?;
    Ok((loaded.entry, loaded.collection))
}

/// Loads a chosen save of the file at `path` (its sidecar read beside it) and prints what
/// reading it found; a save that cannot be decoded is an error naming it.
pub fn load(entry: &SaveEntry, path: &Path) -> Result<LoadedSave, CliError> {
    let loaded = entry
        .load(&|name: &str| read_beside(path, name))
        .with_context(|| format!("{} save {}", path.display(), entry.selector))?;
    print_findings(&loaded.entry.findings);
    print_findings(&loaded.collection.findings);
    Ok(loaded)
}
