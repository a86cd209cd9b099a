//! Findings on stderr: filtered by `-q`/`-v`, repeats of one kind collapsed, each printed once.

use super::output::{printable, severity_style};
use crate::model::finding::{collapse, Shown};
use crate::model::{Finding, Severity};
use std::io::Write;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;

/// How much of the findings to print (`-q`, default, `-v`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    /// `-q`: errors only.
    Quiet,
    /// Every finding, repeats of one kind collapsed after [`REPEATS_SHOWN`].
    Normal,
    /// `-v`: every finding, nothing collapsed.
    Verbose,
}

static VERBOSITY: AtomicU8 = AtomicU8::new(1);

/// Sets how much of the findings [`print_findings`] prints (from `-q` / `-v`).
pub fn set_verbosity(v: Verbosity) {
    VERBOSITY.store(v as u8, Ordering::Relaxed);
}

/// The verbosity set by [`set_verbosity`].
pub fn verbosity() -> Verbosity {
    match VERBOSITY.load(Ordering::Relaxed) {
        0 => Verbosity::Quiet,
        1 => Verbosity::Normal,
        _ => Verbosity::Verbose,
    }
}

pub use crate::model::finding::REPEATS_SHOWN;

/// The lines [`print_findings`] prints for these findings at this verbosity (without colour):
/// `-q` keeps errors only; by default each group of repeats (the library's
/// [`collapse`]) is cut after its first [`REPEATS_SHOWN`], then "... and N more like it, on
/// TOPIC" ([`FindingKind::topic`](crate::model::FindingKind::topic)); `-v` keeps everything.
pub fn finding_lines(findings: &[Finding], v: Verbosity) -> Vec<(Severity, String)> {
    let shown: Vec<Finding> = findings
        .iter()
        .filter(|f| v != Verbosity::Quiet || f.severity == Severity::Error)
        .cloned()
        .collect();
    let first = if v == Verbosity::Verbose { usize::MAX } else { REPEATS_SHOWN };
    collapse(&shown, first)
        .into_iter()
        .map(|line| match line {
            Shown::Finding(f) => (f.severity, f.message.clone()),
            Shown::More { severity, kind, count, .. } => (
                severity,
                format!(
                    "... and {count} more like it, on {} (-v shows {})",
                    kind.topic(),
                    if count == 1 { "it" } else { "them" }
                ),
            ),
        })
        .collect()
}

/// Prints findings on stderr, one a line, coloured by severity on a terminal, collapsed and
/// filtered as [`finding_lines`] says; the same finding is printed once per process.
pub fn print_findings(findings: &[Finding]) {
    static PRINTED: Mutex<Vec<Finding>> = Mutex::new(Vec::new());
    let fresh: Vec<Finding> = {
        let mut printed = PRINTED.lock().unwrap_or_else(|e| e.into_inner());
        findings
            .iter()
            .filter(|f| {
                if printed.contains(f) {
                    return false;
                }
                if printed.len() < 10_000 {
                    printed.push((*f).clone());
                }
                true
            })
            .cloned()
            .collect()
    };
    let mut err = anstream::stderr().lock();
    let width = super::text::term_width();
    for (severity, message) in finding_lines(&fresh, verbosity()) {
        let st = severity_style(severity);
        let label = severity.to_string();
        let text = super::text::fit(&format!("{label}: {}", printable(&message)), width, "  ");
        let _ = writeln!(err, "{st}{label}{st:#}{}", &text[label.len()..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::FindingKind;

    #[test]
    fn repeats_of_one_kind_collapse_and_quiet_keeps_errors() {
        let mut f: Vec<Finding> = (1..=20)
            .map(|i| {
                Finding::warning(
                    FindingKind::AboveCap,
                    format!("slot {i}: attack {} above its cap 10", 10 + i),
                )
            })
            .collect();
        f.push(Finding::error(FindingKind::BrokenChain, "block 3 is damaged"));
        for hex in ["0x5643549A", "0x8F1A49E9", "0xC9AD0E26", "0xFD91E11F"] {
            f.push(Finding::warning(
                FindingKind::BrokenSector,
                format!("entry names sector {hex} but its XOR is bad"),
            ));
        }
        f.push(Finding::info(FindingKind::Other, "Japanese save"));
        let normal = finding_lines(&f, Verbosity::Normal);
        assert_eq!(normal.len(), REPEATS_SHOWN + 2 + REPEATS_SHOWN + 2);
        assert_eq!(normal[0].1, "slot 1: attack 11 above its cap 10");
        // The count follows the last one shown of its kind.
        assert_eq!(
            normal[REPEATS_SHOWN],
            (
                Severity::Warning,
                "... and 17 more like it, on stats above their cap (-v shows them)".to_string()
            )
        );
        assert_eq!(
            normal[normal.len() - 2],
            (
                Severity::Warning,
                "... and 1 more like it, on broken sectors (-v shows it)".to_string()
            )
        );
        assert_eq!(finding_lines(&f, Verbosity::Verbose).len(), 26);
        let quiet = finding_lines(&f, Verbosity::Quiet);
        assert_eq!(quiet, vec![(Severity::Error, "block 3 is damaged".to_string())]);
    }
}
