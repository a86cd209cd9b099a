//! Findings: what a parser noticed about its input, with a severity.
//!
//! Every layer reports damage, oddities and assumptions as [`Finding`]s instead of
//! failing; a caller decides what to show and whether anything usable is left.

use serde::Serialize;
use std::fmt;

/// How serious a [`Finding`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
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
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
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

/// How many findings of one kind a reader keeps before the rest are only counted (a bound on
/// memory and output; the command line shows fewer unless asked, see `cli::findings`).
pub const REPEATS_KEPT: usize = 20;

/// A finding's kind: its severity and its message with every run of digits replaced by `#`
/// (`card entry 7: invalid id 200` and `card entry 9: invalid id 201` are one kind).
fn kind(f: &Finding) -> (Severity, String) {
    let mut key = String::with_capacity(f.message.len());
    for c in f.message.chars() {
        if !c.is_ascii_digit() {
            key.push(c);
        } else if !key.ends_with('#') {
            key.push('#');
        }
    }
    (f.severity, key)
}

/// Keeps the first [`REPEATS_KEPT`] findings of each kind (see `kind`) in order and replaces
/// the rest by one finding per kind, "N more findings of the kind above", right after
/// the last one kept.
/// Linear in the number of findings.
pub fn limit_repeats(findings: Vec<Finding>) -> Vec<Finding> {
    use std::collections::HashMap;
    let mut counts: HashMap<(Severity, String), usize> = HashMap::new();
    let keys: Vec<(Severity, String)> = findings.iter().map(kind).collect();
    for k in &keys {
        *counts.entry(k.clone()).or_insert(0) += 1;
    }
    if counts.values().all(|&n| n <= REPEATS_KEPT) {
        return findings;
    }
    let mut seen: HashMap<&(Severity, String), usize> = HashMap::new();
    let mut out = Vec::new();
    for (f, k) in findings.into_iter().zip(&keys) {
        let n = seen.entry(k).or_insert(0);
        *n += 1;
        if *n > REPEATS_KEPT {
            continue;
        }
        let total = counts[k];
        let last_kept = *n == REPEATS_KEPT && total > REPEATS_KEPT;
        let severity = f.severity;
        out.push(f);
        if last_kept {
            let more = total - REPEATS_KEPT;
            out.push(Finding {
                severity,
                message: format!(
                    "{more} more findings of the kind above (only the first {REPEATS_KEPT} of \
                     a kind are kept)"
                ),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_of_a_kind_are_cut_after_the_first_ones_and_counted() {
        let mut findings: Vec<Finding> = (1..=30)
            .map(|k| Finding::error(format!("card entry {k}: invalid id {}", 100 + k)))
            .collect();
        findings.insert(3, Finding::warning("wins = 40000: over 32767"));
        findings.push(Finding::warning("card entry 7: side 3"));
        let out = limit_repeats(findings);
        // 20 of the first kind, its count right after the 20th, the two others in place.
        assert_eq!(out.len(), 20 + 1 + 2);
        assert_eq!(out[3].message, "wins = 40000: over 32767");
        assert_eq!(out[20].message, "card entry 20: invalid id 120");
        assert_eq!(
            out[21].message,
            "10 more findings of the kind above (only the first 20 of a kind are kept)"
        );
        assert_eq!(out[21].severity, Severity::Error);
        assert_eq!(out[22].message, "card entry 7: side 3");
        // Nothing to cut: unchanged.
        let few = vec![Finding::info("a 1"), Finding::info("a 2")];
        assert_eq!(limit_repeats(few.clone()), few);
    }
}
