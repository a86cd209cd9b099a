//! `quadmist score`.

use super::CliResult;
use clap::Args;

/// Arguments of `quadmist score`.
#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// The file.
    pub file: std::path::PathBuf,
}

/// Runs `quadmist score`.
pub fn run(args: &ScoreArgs) -> CliResult {
    let _ = args;
    Err(super::CliError::unusable("not written yet"))
}
