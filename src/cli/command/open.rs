//! `quadmist FILE`: a save file dropped onto the program (or opened with it, or named alone on
//! the command line). The report of every Final Fantasy IX save in the file (or of the one
//! `FILE:SAVE` names) is written to a new page in the temporary folder and opened in the default
//! browser; `--no-open` only writes it. Either way it says where the page is.
//!
//! A program started from Explorer (a save dropped onto it, or a double click) gets a console
//! window of its own, which closes the moment it ends: then it waits for Enter first, so that
//! what it said can be read. Started from a terminal, it never waits.

use crate::cli::args;
use crate::cli::error::{CliError, CliResult, EXIT_OK, EXIT_USAGE};
use crate::cli::files;
use crate::cli::findings;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::cli::text;
use crate::ff9::SaveEntry;
use crate::model::{Finding, FindingKind};
use crate::report::file_page::{self, SavePage};
use std::ffi::{OsStr, OsString};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A command line of the drop form: `quadmist [--no-open] [-q | -v] FILE[:SAVE]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenArgs {
    /// The save file, as given (`FILE:SAVE` included).
    pub file: PathBuf,
    /// Only write the page.
    pub no_open: bool,
    /// `-q`: errors only.
    pub quiet: bool,
    /// `-v`: every finding.
    pub verbose: bool,
}

/// The drop form of a command line, `None` for any other (clap parses those, with its own
/// errors and suggestions). `is_command` tells the subcommands' names: `quadmist saves` is the
/// command, never a file of that name. A lone word that names no file and has no `.`, `/`, `\`
/// or `:` is left to clap too, so that a mistyped command gets clap's suggestion.
pub fn parse(args: &[OsString], is_command: impl Fn(&str) -> bool) -> Option<OpenArgs> {
    let mut file = None;
    let (mut no_open, mut quiet, mut verbose) = (false, false, false);
    for arg in args.iter().skip(1) {
        match arg.to_str() {
            Some("--no-open") => no_open = true,
            Some("-q" | "--quiet") => quiet = true,
            Some("-v" | "--verbose") => verbose = true,
            Some(s) if s.starts_with('-') => return None,
            _ if file.is_some() => return None,
            _ => file = Some(arg),
        }
    }
    let file = file?;
    if quiet && verbose {
        return None;
    }
    if let Some(name) = file.to_str() {
        let path_like = name.contains(['.', '/', '\\', ':']);
        if is_command(name) || !(path_like || Path::new(name).exists()) {
            return None;
        }
    }
    Some(OpenArgs { file: PathBuf::from(file), no_open, quiet, verbose })
}

/// Runs the drop form: writes the page, opens it, and keeps the program's own console window
/// open until Enter.
pub fn main(args: &OpenArgs) -> ExitCode {
    findings::set_verbosity(match (args.quiet, args.verbose) {
        (true, _) => findings::Verbosity::Quiet,
        (_, true) => findings::Verbosity::Verbose,
        _ => findings::Verbosity::Normal,
    });
    let code = match run(args) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            if !e.message.is_empty() {
                output::print_error(&e.message);
            }
            e.code
        }
    };
    wait_if_own_console();
    ExitCode::from(code)
}

/// The short help of `quadmist` with no arguments (exit 2). Started from Explorer, it tells the
/// player to drop a save onto the program, and waits for Enter.
pub fn no_arguments() -> ExitCode {
    let text = if own_console() { FROM_EXPLORER } else { FROM_TERMINAL };
    let _ = writeln!(output::stdout(), "{text}");
    wait_if_own_console();
    ExitCode::from(EXIT_USAGE)
}

/// What `quadmist` alone says in a terminal.
pub const FROM_TERMINAL: &str = "\
quadmist reads Final Fantasy IX saves and shows what Tetra Master hides: each
card's exact stats, the collector score, what can go, what is still missing.

  quadmist FILE              the report of every save in FILE, in your browser
  quadmist FILE --no-open    only write that page, and say where
  quadmist saves FILE        the saves in FILE (memory card, PC or Switch save)
  quadmist --help            every command";

/// What `quadmist` alone says in the console window Explorer opened for it.
pub const FROM_EXPLORER: &str = "\
quadmist reads Final Fantasy IX saves and shows what Tetra Master hides: each
card's exact stats, the collector score, what can go, what is still missing.

To see your cards, drag your save file onto quadmist.exe and drop it there: a
memory card of an emulator (such as epsxe000.mcr or shared_card_1.mcd), the PC
game's SavedData_ww.dat or a Switch save. Its report opens in your browser.

quadmist also runs in a terminal (PowerShell or Command Prompt): quadmist --help";

/// Writes the page of the file's saves to a new temporary file and opens it.
pub fn run(args: &OpenArgs) -> CliResult {
    let save = match args.file.to_str() {
        Some(spec) => args::parse_save_spec(spec),
        None => args::SaveArgs { file: args.file.clone(), save: None },
    };
    let file = &save.file;
    let set = files::open(file)?;
    findings::print_findings(&set.findings);
    let entries = chosen_saves(&set, save.save.as_deref(), file)?;
    let pages: Vec<SavePage> = entries
        .into_iter()
        .filter_map(|entry| match entry.load(&|name: &str| files::read_beside(file, name)) {
            Ok(loaded) => {
                findings::print_findings(&loaded.entry.findings);
                findings::print_findings(&loaded.collection.findings);
                Some(SavePage::new(loaded))
            }
            Err(e) => {
                findings::print_findings(&entry.findings);
                findings::print_findings(&[Finding::error(
                    FindingKind::Other,
                    format!("save {}: {e}; it is not on the page", entry.selector),
                )]);
                None
            }
        })
        .collect();
    if pages.is_empty() {
        return Err(CliError::unusable(format!(
            "{}: no save could be read, so there is no page",
            file.display()
        )));
    }
    let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let page = file_page::render_file_page(&set, &file_name, &pages);
    let path = write_temporary(file, page.as_bytes())?;
    let mut out = output::stdout();
    let width = text::term_width();
    let headers: Vec<_> =
        pages.iter().map(|p| heading::header(file, &p.entry, Some(&p.collection))).collect();
    let these = match pages.len() {
        1 => "The page of this save:".to_string(),
        n => format!("The page of these {n} saves:"),
    };
    writeln!(out, "{these}\n{}", heading::list(&headers, width))?;
    let shown = path.display().to_string();
    if text::width(&shown) + 3 <= width {
        writeln!(out, "is {shown}")?;
    } else {
        writeln!(out, "is\n{shown}")?;
    }
    if args.no_open {
        writeln!(out, "Open it in a browser.")?;
        return Ok(());
    }
    out.flush()?;
    match start_browser(&path) {
        Ok(()) => writeln!(out, "It opens in your browser.")?,
        Err(e) => findings::print_findings(&[Finding::warning(
            FindingKind::Other,
            format!("no browser could be started ({e}): open the page yourself"),
        )]),
    }
    Ok(())
}

/// Starts a browser on `page` without waiting for it. On Windows, the browser that opens web
/// addresses (webbrowser: the handler of `http`, as Explorer finds it). Elsewhere the commands
/// of `$BROWSER` when it is set (macOS aside), as command-line tools read it (a `:`-separated
/// list tried in turn, `%s` standing for the page's address, else the address added last);
/// otherwise, or when none of them starts, the system's way to open an HTML file (open:
/// xdg-open and its kin, `open` on macOS), which needs no URL parser nor ICU in the build.
fn start_browser(page: &Path) -> std::io::Result<()> {
    #[cfg(windows)]
    return webbrowser::open(&page.to_string_lossy());
    #[cfg(all(unix, not(target_os = "macos")))]
    if let Some(list) = std::env::var_os("BROWSER") {
        let address = format!("file://{}", page.display());
        for command in list.to_string_lossy().split(':') {
            let mut words = command.split_whitespace();
            let Some(program) = words.next() else { continue };
            let mut args: Vec<String> = words.map(|w| w.replace("%s", &address)).collect();
            if !command.contains("%s") {
                args.push(address.clone());
            }
            let started = std::process::Command::new(program)
                .args(&args)
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn();
            if started.is_ok() {
                return Ok(());
            }
        }
    }
    #[cfg(not(windows))]
    open::that_detached(page)
}

/// The saves for the page: the one `selector` names, or every live Final Fantasy IX save (the
/// file's only one when all are deleted, as the other commands take it).
fn chosen_saves<'a>(
    set: &'a crate::ff9::SaveSet,
    selector: Option<&str>,
    file: &Path,
) -> Result<Vec<&'a SaveEntry>, CliError> {
    if selector.is_some() {
        return Ok(vec![select::select(set, selector, file)?]);
    }
    let live: Vec<&SaveEntry> = set.saves.iter().filter(|s| s.is_ff9 && !s.deleted).collect();
    if live.is_empty() {
        return Ok(vec![select::select(set, None, file)?]);
    }
    Ok(live)
}

/// Writes the page to a new file in the temporary folder (`quadmist-<file name>-<random>.html`,
/// never an existing file, readable by this user only) and keeps it after the program ends: the
/// browser reads it later.
fn write_temporary(file: &Path, page: &[u8]) -> Result<PathBuf, CliError> {
    let stem = file.file_stem().map(page_name_part).unwrap_or_default();
    let cannot = |e: &dyn std::fmt::Display| {
        CliError::unusable(format!(
            "cannot write the page in the temporary folder {}: {e}",
            std::env::temp_dir().display()
        ))
    };
    let mut temp = tempfile::Builder::new()
        .prefix(&format!("quadmist-{stem}-"))
        .suffix(".html")
        .tempfile()
        .map_err(|e| cannot(&e))?;
    temp.write_all(page).map_err(|e| cannot(&e))?;
    let (_, path) = temp.keep().map_err(|e| cannot(&e))?;
    Ok(path)
}

/// A file name's stem as part of the page's name: letters, digits, `-` and `_`, at most 40.
fn page_name_part(stem: &OsStr) -> String {
    stem.to_string_lossy()
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
        .take(40)
        .collect()
}

/// Waits for Enter when the console window is the program's own (started from Explorer).
fn wait_if_own_console() {
    if own_console() {
        let _ = write!(output::stdout(), "\nPress Enter to close this window.");
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        let _ = std::io::stdin().read_line(&mut line);
    }
}

/// True when the console was made for this program: Explorer starts a console program in a new
/// console, where it is the only process; in a terminal the shell shares it.
#[cfg(windows)]
fn own_console() -> bool {
    own_console_of(|ids| {
        // SAFETY: the buffer holds `ids.len()` process ids, the length passed.
        unsafe {
            windows_sys::Win32::System::Console::GetConsoleProcessList(
                ids.as_mut_ptr(),
                ids.len() as u32,
            )
        }
    })
}

/// Elsewhere a program started from a file manager has no console to keep open.
#[cfg(not(windows))]
fn own_console() -> bool {
    false
}

/// The rule of [`own_console`] given `GetConsoleProcessList`: exactly one process (this one) is
/// attached; 0 means no console at all.
#[cfg_attr(not(windows), allow(dead_code))]
fn own_console_of(list: impl FnOnce(&mut [u32; 2]) -> u32) -> bool {
    let mut ids = [0u32; 2];
    list(&mut ids) == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> Option<OpenArgs> {
        let args: Vec<OsString> =
            std::iter::once("quadmist").chain(line.split(' ')).map(Into::into).collect();
        parse(&args, |name| matches!(name, "saves" | "score" | "help"))
    }

    #[test]
    fn a_lone_file_is_the_drop_form() {
        let open = |file: &str, no_open, quiet, verbose| {
            Some(OpenArgs { file: file.into(), no_open, quiet, verbose })
        };
        assert_eq!(parsed("card.mcr"), open("card.mcr", false, false, false));
        assert_eq!(parsed("card.mcr --no-open"), open("card.mcr", true, false, false));
        assert_eq!(parsed("--no-open -q card.mcr:2"), open("card.mcr:2", true, true, false));
        assert_eq!(parsed(r"C:\Saves\card.mcr -v"), open(r"C:\Saves\card.mcr", false, false, true));
        assert_eq!(parsed("AUTO/DATA"), open("AUTO/DATA", false, false, false));
    }

    #[test]
    fn anything_else_is_left_to_clap() {
        for line in [
            "saves",
            "score",
            "help",
            "scor",
            "card.mcr other.mcr",
            "card.mcr --json",
            "--help",
            "--version",
            "-q -v card.mcr",
            "--no-open",
        ] {
            assert_eq!(parsed(line), None, "{line}");
        }
    }

    #[test]
    fn only_a_console_with_this_process_alone_is_its_own() {
        assert!(own_console_of(|_| 1));
        assert!(!own_console_of(|_| 0), "no console at all");
        assert!(!own_console_of(|_| 2), "a terminal shared with its shell");
        assert!(!own_console_of(|_| 3));
    }

    #[test]
    fn page_names_keep_letters_and_digits_only() {
        assert_eq!(page_name_part(OsStr::new("ff9 <1>.sav")), "ff9--1--sav");
        assert_eq!(page_name_part(OsStr::new("Sauvegarde été")), "Sauvegarde-été");
        assert_eq!(page_name_part(OsStr::new(&"x".repeat(99))).len(), 40);
    }

    #[test]
    fn the_short_helps_fit_80_columns() {
        for text in [FROM_TERMINAL, FROM_EXPLORER] {
            for line in text.lines() {
                assert!(line.chars().count() <= 80, "{line}");
            }
        }
        assert!(FROM_EXPLORER.contains("drop it"));
        assert!(!FROM_TERMINAL.contains("drop it"));
    }
}
