//! `quadmist completions SHELL` and `quadmist man`: shell completions and a man page, generated
//! from the command line's own definition (clap_complete, clap_mangen) and printed on stdout.
//! The generators are built with the `manual` feature only, which the released binaries have:
//! without it both commands say how to get them.

use crate::cli::error::{CliError, CliResult};
#[cfg(feature = "manual")]
use crate::cli::man;
use clap::Args;
#[cfg(feature = "manual")]
use std::io::Write;
use std::path::PathBuf;

const COMPLETIONS_HELP: &str = "\
Examples:
  bash:
      quadmist completions bash > ~/.local/share/bash-completion/completions/quadmist
  zsh (with fpath+=~/.zfunc in ~/.zshrc):
      quadmist completions zsh > ~/.zfunc/_quadmist
  fish:
      quadmist completions fish > ~/.config/fish/completions/quadmist.fish
  PowerShell:
      quadmist completions powershell >> $PROFILE";

/// Arguments of `quadmist completions`.
#[derive(Debug, Args)]
#[command(after_help = COMPLETIONS_HELP)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(hide_possible_values = true)]
    pub shell: Shell,
}

/// The shells completions are written for (clap_complete's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Shell {
    Bash,
    Elvish,
    Fish,
    Powershell,
    Zsh,
}

#[cfg(feature = "manual")]
impl From<Shell> for clap_complete::Shell {
    fn from(shell: Shell) -> Self {
        match shell {
            Shell::Bash => clap_complete::Shell::Bash,
            Shell::Elvish => clap_complete::Shell::Elvish,
            Shell::Fish => clap_complete::Shell::Fish,
            Shell::Powershell => clap_complete::Shell::PowerShell,
            Shell::Zsh => clap_complete::Shell::Zsh,
        }
    }
}

const MAN_HELP: &str = "\
Examples:
  Read quadmist's page:
      quadmist man > quadmist.1 && man ./quadmist.1
  Install every page where man finds it:
      quadmist man --dir ~/.local/share/man/man1
  Read the page of `quadmist saves`:
      quadmist man saves | man -l -";

/// Arguments of `quadmist man`.
#[derive(Debug, Args)]
#[command(after_help = MAN_HELP)]
pub struct ManArgs {
    /// The command whose page to print (`saves`, `cards` ...); quadmist's own page when left
    /// out.
    pub command: Option<String>,
    /// Write every page into this folder (quadmist.1, quadmist-saves.1 ...), and list them,
    /// instead of printing one.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<PathBuf>,
}

/// Why a build without the `manual` feature has no completions nor man pages, and where to
/// get them.
#[cfg(not(feature = "manual"))]
const NOT_BUILT: &str = "this quadmist was built without its man pages and shell \
completions; the released files have them, and so does a build with --features manual \
(cargo install --path . --locked --features manual)";

/// Runs `quadmist completions` for `command`, the whole command line's definition.
#[cfg(feature = "manual")]
pub fn run_completions(args: &CompletionsArgs, mut command: clap::Command) -> CliResult {
    let mut out = Vec::new();
    let shell = clap_complete::Shell::from(args.shell);
    clap_complete::generate(shell, &mut command, "quadmist", &mut out);
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// Runs `quadmist man` for `command`, the whole command line's definition: one page on
/// stdout, or every page into a folder (their paths on stdout).
#[cfg(feature = "manual")]
pub fn run_man(args: &ManArgs, command: clap::Command) -> CliResult {
    let pages = man::man_pages(command)
        .map_err(|e| CliError::unusable(format!("cannot write the man pages: {e}")))?;
    let Some(dir) = &args.dir else {
        let name = match &args.command {
            Some(c) => format!("quadmist-{c}.1"),
            None => "quadmist.1".to_string(),
        };
        let Some((_, page)) = pages.iter().find(|(n, _)| *n == name) else {
            let names: Vec<&str> =
                pages.iter().skip(1).map(|(n, _)| &n["quadmist-".len()..n.len() - 2]).collect();
            return Err(CliError::usage(format!(
                "no command `{}`; the pages are quadmist's own and those of: {}",
                args.command.as_deref().unwrap_or_default(),
                names.join(", ")
            )));
        };
        std::io::stdout().lock().write_all(page.as_bytes())?;
        return Ok(());
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::unusable(format!("cannot create {}: {e}", dir.display())))?;
    let mut out = std::io::stdout().lock();
    for (name, page) in &pages {
        let path = dir.join(name);
        std::fs::write(&path, page)
            .map_err(|e| CliError::unusable(format!("cannot write {}: {e}", path.display())))?;
        writeln!(out, "{}", path.display())?;
    }
    Ok(())
}

/// `quadmist completions` in a build without the generators.
#[cfg(not(feature = "manual"))]
pub fn run_completions(_: &CompletionsArgs, _: clap::Command) -> CliResult {
    Err(CliError::unusable(NOT_BUILT))
}

/// `quadmist man` in a build without the generators.
#[cfg(not(feature = "manual"))]
pub fn run_man(_: &ManArgs, _: clap::Command) -> CliResult {
    Err(CliError::unusable(NOT_BUILT))
}
