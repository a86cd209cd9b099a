//! The error that ends a command, and the process exit codes it carries.

/// Exit code: success (findings, even errors, may have been reported on stderr).
pub const EXIT_OK: u8 = 0;
/// Exit code: the file could not be read, or nothing usable was found in it.
pub const EXIT_UNUSABLE: u8 = 1;
/// Exit code: the command line is wrong (unknown option, bad value, a `--save` is needed).
pub const EXIT_USAGE: u8 = 2;

/// An error that ends the command with an exit code.
#[derive(Debug)]
pub struct CliError {
    /// The process exit code.
    pub code: u8,
    /// The message printed on stderr.
    pub message: String,
}

/// Both take any message that displays: a text, or one of the library's typed errors (so
/// `.map_err(CliError::usage)`).
impl CliError {
    /// The file is unreadable or holds nothing usable (exit 1).
    pub fn unusable(message: impl std::fmt::Display) -> Self {
        CliError { code: EXIT_UNUSABLE, message: message.to_string() }
    }
    /// The command line is wrong (exit 2).
    pub fn usage(message: impl std::fmt::Display) -> Self {
        CliError { code: EXIT_USAGE, message: message.to_string() }
    }
}

impl From<anyhow::Error> for CliError {
    /// An error with its context (exit 1), printed as `context: cause`.
    fn from(e: anyhow::Error) -> Self {
        CliError::unusable(format!("{e:#}"))
    }
}

impl From<std::io::Error> for CliError {
    /// An output error; a closed pipe (`quadmist ... | head`) ends the command quietly with 0.
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError { code: EXIT_OK, message: String::new() }
        } else {
            CliError::unusable(format!("cannot write the output: {e}"))
        }
    }
}

/// Result of one subcommand.
pub type CliResult = Result<(), CliError>;
