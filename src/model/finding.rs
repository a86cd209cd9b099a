//! Findings: what a parser noticed about its input, with a severity.
//!
//! Every layer reports damage, oddities and assumptions as [`Finding`]s instead of
//! failing; a caller decides what to show and whether anything usable is left.

use serde::Serialize;
use std::fmt;

/// How serious a [`Finding`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; nothing is wrong with the data.
    Info,
    /// Something is odd or was repaired; the data shown may be incomplete or edited.
    Warning,
    /// Something is damaged; part of the data could not be read or is invalid.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One observation about the input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// How serious it is.
    pub severity: Severity,
    /// A sentence for a person, naming where (block, slot, offset) when known.
    pub message: String,
}

impl Finding {
    /// An informational finding.
    pub fn info(message: impl Into<String>) -> Self {
        Finding { severity: Severity::Info, message: message.into() }
    }
    /// A warning.
    pub fn warning(message: impl Into<String>) -> Self {
        Finding { severity: Severity::Warning, message: message.into() }
    }
    /// An error.
    pub fn error(message: impl Into<String>) -> Self {
        Finding { severity: Severity::Error, message: message.into() }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity, self.message)
    }
}

/// True when any finding in `findings` is an [`Severity::Error`].
pub fn has_error(findings: &[Finding]) -> bool {
    findings.iter().any(|f| f.severity == Severity::Error)
}
