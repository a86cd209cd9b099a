//! `quadmist saves`.

use super::CliResult;
use clap::Args;

/// Arguments of `quadmist saves`.
#[derive(Debug, Args)]
pub struct SavesArgs {
    /// The file.
    pub file: std::path::PathBuf,
}

/// Runs `quadmist saves`.
pub fn run(args: &SavesArgs) -> CliResult {
    let _ = args;
    Err(super::CliError::unusable("not written yet"))
}
