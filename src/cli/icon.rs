//! `quadmist icon`.

use super::CliResult;
use clap::Args;

/// Arguments of `quadmist icon`.
#[derive(Debug, Args)]
pub struct IconArgs {
    /// The file.
    pub file: std::path::PathBuf,
}

/// Runs `quadmist icon`.
pub fn run(args: &IconArgs) -> CliResult {
    let _ = args;
    Err(super::CliError::unusable("not written yet"))
}
