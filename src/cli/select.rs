//! Choosing one save in a file, with errors that offer the file's Final Fantasy IX saves, and
//! loading it: open, choose, read the sidecar, decode, print the findings.

use super::args::SaveArgs;
use super::error::CliError;
use super::files::{load_sidecar, open};
use super::findings::print_findings;
use crate::ff9::{SaveEntry, SaveSet};
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
