//! `quadmist plan`.

use super::CliResult;
use clap::Args;

/// Arguments of `quadmist plan`.
#[derive(Debug, Args)]
pub struct PlanArgs {
    /// The file.
    pub file: std::path::PathBuf,
}

/// Runs `quadmist plan`.
pub fn run(args: &PlanArgs) -> CliResult {
    let _ = args;
    Err(super::CliError::unusable("not written yet"))
}
