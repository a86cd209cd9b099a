//! `quadmist cards`.

use super::CliResult;
use clap::Args;

/// Arguments of `quadmist cards`.
#[derive(Debug, Args)]
pub struct CardsArgs {
    /// The file.
    pub file: std::path::PathBuf,
}

/// Runs `quadmist cards`.
pub fn run(args: &CardsArgs) -> CliResult {
    let _ = args;
    Err(super::CliError::unusable("not written yet"))
}
