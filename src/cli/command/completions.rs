//! `quadmist completions SHELL` and `quadmist man`: shell completions and a man page, generated
//! from the command line's own definition (clap_complete, clap_mangen) and printed on stdout.

use crate::cli::error::{CliError, CliResult};
use clap::Args;
use std::io::Write;

const COMPLETIONS_HELP: &str = "\
Examples:
  quadmist completions bash > ~/.local/share/bash-completion/completions/quadmist
  quadmist completions zsh > ~/.zfunc/_quadmist       (with fpath+=~/.zfunc in ~/.zshrc)
  quadmist completions fish > ~/.config/fish/completions/quadmist.fish
  quadmist completions powershell >> $PROFILE";

/// Arguments of `quadmist completions`.
#[derive(Debug, Args)]
#[command(after_help = COMPLETIONS_HELP)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    pub shell: clap_complete::Shell,
}

const MAN_HELP: &str = "\
Examples:
  quadmist man > quadmist.1 && man ./quadmist.1
  quadmist man > ~/.local/share/man/man1/quadmist.1";

/// Arguments of `quadmist man`.
#[derive(Debug, Args)]
#[command(after_help = MAN_HELP)]
pub struct ManArgs {}

/// Runs `quadmist completions` for `command`, the whole command line's definition.
pub fn run_completions(args: &CompletionsArgs, mut command: clap::Command) -> CliResult {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "quadmist", &mut out);
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// Runs `quadmist man` for `command`, the whole command line's definition.
pub fn run_man(_: &ManArgs, command: clap::Command) -> CliResult {
    let mut out = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut out)
        .map_err(|e| CliError::unusable(format!("cannot write the man page: {e}")))?;
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}
