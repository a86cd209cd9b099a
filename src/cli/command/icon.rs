//! `quadmist icon`: a PlayStation save's icon as a PNG.

use crate::cli::args::SaveArgs;
use crate::cli::error::{CliError, CliResult};
use crate::cli::files;
use crate::cli::findings::print_findings;
use crate::cli::heading;
use crate::cli::select;
use crate::container::icon;
use crate::ff9::SavePayload;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

const EXAMPLES: &str = "\
All animation frames are drawn side by side, left to right, in animation order. Colour \
0x0000 of the palette is transparent, every other colour opaque.

Examples:
  The icon of save 2:
      quadmist icon epsxe000.mcr --save 2 -o silent-hill.png
  Four times as large:
      quadmist icon card.mcd --save 6 -o icon.png --scale 4
  The PNG on standard output:
      quadmist icon ff9.mcs -o - > icon.png";

/// Arguments of `quadmist icon`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct IconArgs {
    /// The file and save (a PlayStation one: only they have icons); the save is not needed
    /// when the file holds one save or one FF9 save.
    #[command(flatten)]
    pub save: SaveArgs,
    /// The PNG to write (`-` for stdout).
    #[arg(long, short = 'o', value_name = "PNG")]
    pub output: PathBuf,
    /// Each icon pixel becomes a SCALE×SCALE square, SCALE from 1 to 64 (8 if not given).
    #[arg(long, default_value_t = 8, hide_default_value = true, value_parser = clap::value_parser!(u32).range(1..=icon::MAX_SCALE as i64))]
    pub scale: u32,
}

/// Runs `quadmist icon`.
pub fn run(args: &IconArgs) -> CliResult {
    let SaveArgs { file, save } = &args.save;
    let set = files::open(file)?;
    print_findings(&set.findings);
    let entry = match save.as_deref() {
        Some(sel) => select::select_any(&set, sel, file)?,
        None if set.saves.len() == 1 => &set.saves[0],
        None => select::select(&set, None, file)?,
    };
    let SavePayload::PlayStation(save) = &entry.payload else {
        return Err(CliError::usage(format!(
            "save {} is not a PlayStation save: only PlayStation saves have icons",
            entry.selector
        )));
    };
    let (icon, findings) = icon::parse(&save.data);
    print_findings(&findings);
    let png = icon::to_png_strip(&icon, args.scale)
        .map_err(|e| CliError::unusable(format!("cannot encode the PNG: {e}")))?;
    if args.output.as_os_str() == "-" {
        std::io::stdout().lock().write_all(&png)?;
        return Ok(());
    }
    files::check_output(&args.output, file)?;
    let bytes = png.len();
    std::fs::write(&args.output, png)
        .map_err(|e| CliError::unusable(format!("cannot write {}: {e}", args.output.display())))?;
    // Where it wrote goes to stderr: stdout stays for data.
    let frames = icon.frames.len().max(1);
    let side = 16 * args.scale as usize;
    let picture = if frames == 1 {
        format!("one {side}×{side} picture")
    } else {
        format!("{frames} animation frames of {side}×{side} side by side")
    };
    let message = format!(
        "wrote its icon to {}: {picture}, {}",
        args.output.display(),
        crate::cli::text::count(bytes as u64, "byte")
    );
    let width = crate::cli::text::term_width();
    let _ = writeln!(
        std::io::stderr(),
        "{}\n{}",
        heading::line(&heading::header(file, entry, None), width),
        crate::cli::text::fit(&message, width, "  ")
    );
    Ok(())
}
