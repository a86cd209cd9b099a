//! The arguments several commands take: one save (`FILE`, `FILE:S`, `--save S`) and the
//! score a plan aims at.

use crate::rules::score::{MASTER_POINTS, PERFECT_POINTS};
use clap::Args;
use std::path::{Path, PathBuf};

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
            (Some(save), Some(spec)) => {
                let split = parse_save_spec(spec);
                if let Some(named) = &split.save {
                    return Err(clap::Error::raw(
                        clap::error::ErrorKind::ArgumentConflict,
                        format!("{}\n", conflict(spec, named, &save)),
                    ));
                }
                SaveArgs { file: typed.file, save: Some(save) }
            }
            (save, None) => SaveArgs { file: typed.file, save },
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

/// Why a save named twice, as `FILE:S` and with `--save S`, is a usage error (exit 2).
pub fn conflict(spec: &str, in_spec: &str, flag: &str) -> String {
    format!(
        "the save is named twice: `{spec}` names save {in_spec} and --save names {flag}; name \
         it once, as FILE:S or with --save S"
    )
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

/// The `--target` of `plan` and `report`: 1698 (Master) or 1700 (maximum).
pub fn parse_target(s: &str) -> Result<u32, String> {
    match s.trim() {
        "1698" | "master" => Ok(MASTER_POINTS),
        "1700" | "max" | "maximum" => Ok(PERFECT_POINTS),
        _ => Err("expected 1698 (Master) or 1700 (maximum)".into()),
    }
}
