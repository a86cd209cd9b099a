//! `quadmist odds`.

use super::CliResult;
use clap::Args;

/// Arguments of `quadmist odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The file.
    pub file: std::path::PathBuf,
}

/// Runs `quadmist odds`.
pub fn run(args: &OddsArgs) -> CliResult {
    let _ = args;
    Err(super::CliError::unusable("not written yet"))
}
