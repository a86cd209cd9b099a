//! Choosing one save in a file (the library's [`SaveSet::choose`]) and loading it: open, choose,
//! read the sidecar, decode, print the findings. When no save can be chosen, the error lists
//! the file's Final Fantasy IX saves, each by its one header ([`SaveHeader`]): the `FILE:S` to
//! type and what it holds.

use super::args::SaveArgs;
use super::error::CliError;
use super::files::{open, read_beside};
use super::findings::print_findings;
use super::heading;
use super::text;
use crate::ff9::{ChoiceError, LoadedSave, SaveChoice, SaveEntry, SaveSet};
use crate::model::{Collection, Finding, FindingKind};
use crate::report::header::SaveHeader;
use anyhow::Context;
use std::path::Path;

/// How a command takes a save, for the words of an error that asks for one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelectorHint {
    /// `FILE:S`, or `FILE --save S`.
    Flag,
    /// `FILE:S` only (`diff`, whose two saves are two arguments).
    FileSuffix,
}

impl SelectorHint {
    /// How to choose, after "choose one".
    fn how(self) -> &'static str {
        match self {
            SelectorHint::Flag => "choose one as FILE:S (or with --save S)",
            SelectorHint::FileSuffix => "choose one as FILE:S",
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

/// [`select`], with the way to choose worded as `hint` says: the library's choice, its
/// refusals worded with the file's FF9 saves; a deleted save taken alone is said.
pub fn select_hinted<'a>(
    set: &'a SaveSet,
    selector: Option<&str>,
    path: &Path,
    hint: SelectorHint,
) -> Result<&'a SaveEntry, CliError> {
    let choice = SaveChoice::from_selector(selector);
    let shown = path.display();
    let entry = set.choose(&choice).map_err(|e| {
        let offer = |what: String| offer(set, path, hint, what);
        match e {
            ChoiceError::NoLatest => CliError::usage(offer(format!(
                "{shown} does not record which save is the latest (a PC .dat does)"
            ))),
            ChoiceError::Empty { selector } => CliError::unusable(format!(
                "{shown} holds no save that can be read, so it has no save `{selector}`"
            )),
            ChoiceError::NoSuchSave { selector } => {
                CliError::usage(offer(format!("{shown} has no save `{selector}`")))
            }
            ChoiceError::NotFf9 { selector, lookalike } => {
                let what = if lookalike {
                    "has a Final Fantasy IX file name but is not a game save"
                } else {
                    "is not a Final Fantasy IX save"
                };
                let entry = set.find(&selector);
                let title = entry.map_or("", |e| e.title.as_str());
                let title = if title.is_empty() { "untitled" } else { title };
                let name = entry.map_or("", |e| e.name.as_str());
                CliError::unusable(offer(format!(
                    "{shown}: save {selector} (\"{title}\", {name}) {what}"
                )))
            }
            ChoiceError::NoFf9 { .. } => no_ff9_save(set, path),
            ChoiceError::Several { live: 0, total } => CliError::usage(offer(format!(
                "{shown} holds {total} deleted Final Fantasy IX saves and no live one"
            ))),
            ChoiceError::Several { live, .. } => {
                CliError::usage(offer(format!("{shown} holds {live} Final Fantasy IX saves")))
            }
        }
    })?;
    if choice == SaveChoice::Only && entry.deleted {
        print_findings(&[Finding::warning(
            FindingKind::DeletedSave,
            format!(
                "{shown} holds no live Final Fantasy IX save: its only one, save {}, is deleted",
                entry.selector
            ),
        )]);
    }
    Ok(entry)
}

/// `what`, then the file's FF9 saves to choose from, one header a line (or that it holds
/// none).
fn offer(set: &SaveSet, path: &Path, hint: SelectorHint, what: String) -> String {
    let headers: Vec<SaveHeader> = set.ff9_saves().map(|s| header(path, s)).collect();
    if headers.is_empty() {
        return format!("{what}; it holds no Final Fantasy IX save");
    }
    let width = text::term_width();
    format!("{what}; {}:\n{}", hint.how(), heading::list(&headers, width))
}

/// The header of a listed save, with what decoding it adds (a PC or Switch save's disc and
/// leader); a save that does not decode is named by what its listing holds.
fn header(path: &Path, entry: &SaveEntry) -> SaveHeader {
    let decoded = if entry.is_ff9 { entry.collection().ok() } else { None };
    heading::header(path, entry, decoded.as_ref())
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

/// The save named by `selector`, of any game (for `icon`: every PlayStation save has one).
pub fn select_any<'a>(
    set: &'a SaveSet,
    selector: &str,
    path: &Path,
) -> Result<&'a SaveEntry, CliError> {
    set.find(selector).ok_or_else(|| {
        let shown = path.display();
        if set.saves.is_empty() {
            return CliError::usage(format!("{shown} has no save `{selector}`; it holds none"));
        }
        let headers: Vec<SaveHeader> = set.saves.iter().map(|s| header(path, s)).collect();
        CliError::usage(format!(
            "{shown} has no save `{selector}`; choose one as FILE:S (or with --save S):\n{}",
            heading::list(&headers, text::term_width())
        ))
    })
}

/// Opens the file, selects the save and decodes its collection; prints the findings on stderr.
/// The file may be given as `FILE:S` (as `quadmist saves DIR` prints it) instead of `--save S`.
pub fn load_collection(args: &SaveArgs) -> Result<(SaveEntry, Collection), CliError> {
    load_collection_hinted(args, SelectorHint::Flag)
}

/// [`load_collection`], with the way to choose worded as `hint` says.
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
        .with_context(|| heading::header(path, entry, None).to_string())?;
    print_findings(&loaded.entry.findings);
    print_findings(&loaded.collection.findings);
    Ok(loaded)
}
