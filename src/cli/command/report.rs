//! `quadmist report`: writes the report page ([`crate::report::html`]) to a file or to
//! standard output.

use crate::cli::args::{self, SaveArgs};
use crate::cli::error::{CliError, CliResult};
use crate::cli::files;
use crate::cli::findings;
use crate::cli::heading;
use crate::cli::output;
use crate::cli::select;
use crate::ff9::LoadedSave;
use crate::report::html::{count, render_page, PageSource};
use crate::report::plan::OddsChoice;
use crate::report::views::{page_file_name, PlanOptions, SaveViews};
use clap::Args;
use serde::Serialize;
use std::io::Write as _;
use std::path::{Path, PathBuf};

const EXAMPLES: &str = "\
The page is one file with nothing loaded from elsewhere: open it in any browser, keep it, \
print it (A4) or post it. Without -o it is written to the current directory as \
<NAME>[-save-<SAVE>]-collection.html (<NAME>: the save file's name without its extension), \
replacing an earlier page of that name. quadmist \
never writes over the save it reads, nor over any file that is not an HTML page.

Examples:
  Write memcard-save-3-collection.html here:
      quadmist report memcard.mcr --save 3
  Write it where you say:
      quadmist report SavedData_ww.dat --save 1-2 -o cards.html
  The page on standard output:
      quadmist report save.mcs -o - > page.html
  Where the page went, as JSON:
      quadmist report memcard.mcr --json";

/// Arguments of `quadmist report`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ReportArgs {
    /// The save file and which save in it.
    #[command(flatten)]
    pub save: SaveArgs,
    // The doc below is the help text, as clap prints it (not HTML).
    #[allow(rustdoc::invalid_html_tags)]
    /// Where to write the page (`-` for standard output); by default
    /// <NAME>[-save-<SAVE>]-collection.html in the current directory, <NAME> being the save
    /// file's name without its extension.
    #[arg(long, short = 'o', value_name = "PAGE.html")]
    pub output: Option<PathBuf>,
    /// Evolution odds for the plan's upgrade estimate [default: psx for PlayStation saves, pc
    /// for PC and Switch saves].
    #[arg(long, value_enum)]
    pub odds: Option<OddsChoice>,
    /// The score the plan aims at: 1698 (Master, the default) or 1700 (the maximum).
    #[arg(long, default_value = "1698", hide_default_value = true, value_parser = args::parse_target)]
    pub target: u32,
    /// Print where the page was written as JSON (the page itself is always HTML).
    #[arg(long)]
    pub json: bool,
}

/// What `quadmist report --json` prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct ReportWritten {
    /// The page's path (`-` for standard output).
    pub output: String,
    /// Its size in bytes.
    pub bytes: usize,
    /// Cards in the collection.
    pub card_count: usize,
    /// Collector points shown on the page.
    pub points: u32,
}

/// The default page name, in the current directory: [`page_file_name`] (as the web page names
/// its export).
pub fn default_output(file: &Path, selector: Option<&str>) -> PathBuf {
    let name = file.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    PathBuf::from(page_file_name(&name, selector))
}

/// Refuses to write over the save being read (through any link), a directory, a FIFO or a
/// device ([`files::check_output`]), or any existing file that is not an HTML page (another
/// save, a Memoria sidecar, anything else).
pub fn check_output(output: &Path, input: &Path) -> Result<(), CliError> {
    // The input itself (by file identity), a directory, a FIFO or a device: refused first,
    // before anything opens the output.
    files::check_output(output, input)?;
    if output.is_file() {
        // Room for the 512 bytes looked at: one read, not a growing buffer.
        let mut head = Vec::with_capacity(513);
        if let Ok(f) = std::fs::File::open(output) {
            use std::io::Read as _;
            let _ = f.take(512).read_to_end(&mut head);
        }
        let text = String::from_utf8_lossy(&head);
        let text = text.trim_start_matches('\u{feff}').trim_start();
        let is_html = text.is_empty()
            || text.get(..9).is_some_and(|s| s.eq_ignore_ascii_case("<!doctype"))
            || text.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("<html"));
        if !is_html {
            return Err(CliError::usage(format!(
                "{} exists and is not an HTML page; quadmist will not write over it: \
                 choose another -o",
                output.display()
            )));
        }
    }
    Ok(())
}

/// Writes `page` to `path`, over an earlier page in place, then cuts the file to the page's
/// length. Truncating first would free the old page's blocks only to allocate new ones (on ext4
/// that costs about half a millisecond, a third of the whole report).
fn write_over(path: &Path, page: &[u8]) -> std::io::Result<()> {
    let mut file =
        std::fs::OpenOptions::new().write(true).create(true).truncate(false).open(path)?;
    file.write_all(page)?;
    // Only an earlier page longer than this one leaves bytes to cut.
    if file.metadata()?.len() > page.len() as u64 {
        file.set_len(page.len() as u64)?;
    }
    Ok(())
}

/// Writes the page to standard output in one piece, past its line buffer where it can (the
/// buffer would first scan the whole page for its last newline): to a duplicate of the
/// descriptor on Unix.
fn write_stdout(page: &[u8]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.flush()?;
    #[cfg(unix)]
    if let Ok(fd) = std::os::fd::AsFd::as_fd(&out).try_clone_to_owned() {
        return std::fs::File::from(fd).write_all(page);
    }
    out.write_all(page)?;
    out.flush()
}

/// The JSON Schema of `report --json`.
#[cfg(feature = "json-schema")]
pub fn json_schema() -> schemars::Schema {
    crate::cli::json_schema::of::<output::SaveDocument<'static, ReportWritten>>()
}

/// Runs `quadmist report`.
pub fn run(args: &ReportArgs) -> CliResult {
    let to_stdout = args.output.as_deref() == Some(Path::new("-"));
    let output = match &args.output {
        Some(o) => o.clone(),
        None => default_output(&args.save.file, args.save.save.as_deref()),
    };
    if to_stdout && args.json {
        return Err(CliError::usage(
            "--json prints where the page went; with -o - the page itself is on standard output",
        ));
    }
    if !to_stdout {
        check_output(&output, &args.save.file)?;
    }
    let set = files::open(&args.save.file)?;
    findings::print_findings(&set.findings);
    let chosen = select::select(&set, args.save.save.as_deref(), &args.save.file)?;
    let LoadedSave { entry, collection } = select::load(chosen, &args.save.file)?;
    let plan = PlanOptions { odds: args.odds, target: args.target, ..PlanOptions::default() };
    let views = SaveViews::new(&collection, &plan);
    let src = PageSource {
        file_name: args
            .save
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        file_kind: set.kind.description(),
        entry: &entry,
        file_findings: &set.findings,
    };
    let page = render_page(&src, &collection, &views);

    let written = ReportWritten {
        output: if to_stdout { "-".into() } else { output.display().to_string() },
        bytes: page.len(),
        card_count: collection.cards.len(),
        points: views.score.points,
    };
    if to_stdout {
        write_stdout(page.as_bytes())?;
        return Ok(());
    }
    write_over(&output, page.as_bytes())
        .map_err(|e| CliError::unusable(format!("cannot write {}: {e}", output.display())))?;
    if args.json {
        return output::print_json(&output::SaveDocument {
            header: heading::header(&args.save.file, &entry, Some(&collection)),
            body: &written,
        });
    }
    let width = crate::cli::text::term_width();
    let wrote = format!(
        "Wrote {} ({} KB, {}, {} points): open it in a browser.",
        written.output,
        written.bytes.div_ceil(1024),
        count(written.card_count, "card", "cards"),
        written.points
    );
    let header = heading::header(&args.save.file, &entry, Some(&collection));
    writeln!(
        output::stdout(),
        "{}\n{}",
        heading::line(&header, width),
        crate::cli::text::wrap(&wrote, width, "", "  ")
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::error::EXIT_USAGE;

    #[test]
    fn the_default_page_name_says_which_save() {
        let f = Path::new("/saves/memcard.mcr");
        assert_eq!(default_output(f, None), PathBuf::from("memcard-collection.html"));
        assert_eq!(
            default_output(f, Some("1-2")),
            PathBuf::from("memcard-save-1-2-collection.html")
        );
        assert_eq!(
            default_output(Path::new("a b/../x.y.dat"), Some("../3")),
            PathBuf::from("x-y-save----3-collection.html")
        );
    }

    #[test]
    fn the_page_never_goes_over_the_save_or_another_file() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("card.mcr");
        std::fs::write(&save, b"MC\0\0").unwrap();
        let err = check_output(&save, &save).unwrap_err();
        assert_eq!(err.code, EXIT_USAGE);
        let other = dir.path().join("other.dat");
        std::fs::write(&other, b"\x00\x01binary").unwrap();
        assert_eq!(check_output(&other, &save).unwrap_err().code, EXIT_USAGE);
        let old = dir.path().join("old.html");
        std::fs::write(&old, b"\n<!DOCTYPE html><html></html>").unwrap();
        assert!(check_output(&old, &save).is_ok());
        assert!(check_output(&dir.path().join("new.html"), &save).is_ok());
        assert_eq!(check_output(dir.path(), &save).unwrap_err().code, EXIT_USAGE);
    }
}
