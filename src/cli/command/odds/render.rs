//! The text of `quadmist odds`: one matchup both ways, or a table of several, fitted to the
//! terminal. The figures come from [`super::report`] (computed by [`crate::rules::odds`]).

use super::report::Row;
use crate::cli::text;
use crate::rules::battle::Odds;
use crate::rules::odds::{Basis, RuleSet};
use anstyle::Style;
use std::fmt::Write as _;
use tabled::settings::object::Columns;
use tabled::settings::peaker::Priority;
use tabled::settings::{Alignment, Padding, Style as TableStyle, Width};

/// A chance in percent with two decimals; never rounds a possible outcome to 0% or a
/// possible loss to 100%.
pub(super) fn percent(p: f64) -> String {
    let shown = format!("{:.2}", 100.0 * p);
    match shown.as_str() {
        "0.00" if p > 0.0 => "<0.01%".to_string(),
        "100.00" if p < 1.0 => ">99.99%".to_string(),
        _ => format!("{shown}%"),
    }
}

/// The chance lines of one direction.
fn chance_lines(s: &mut String, who: &str, odds: Odds) {
    let bold = Style::new().bold();
    match odds {
        Odds::Exact(p) => {
            let _ = writeln!(s, "  {who} wins {bold}{}{bold:#} ({p})", percent(p.to_f64()));
        }
        Odds::Range { min, mean, max } => {
            let _ = writeln!(s, "  {who} wins:");
            let _ = writeln!(s, "    worst {:>8} ({min})", percent(min.to_f64()));
            let _ = writeln!(s, "    mean  {bold}{:>8}{bold:#} (estimate)", percent(mean));
            let _ = writeln!(s, "    best  {:>8} ({max})", percent(max.to_f64()));
        }
    }
}

/// The text of one matchup, both directions, fitted to `width`.
pub(super) fn render_single(row: &Row, rules: RuleSet, notes: &[String], width: usize) -> String {
    let mut s = String::new();
    let (a, d) = (&row.attacker, &row.defender);
    let what = |b: &Basis| match b {
        Basis::Values { .. } => "attack value vs defence value",
        Basis::Dice { .. } => "dice",
    };
    let _ = writeln!(
        s,
        "{}",
        text::fit(&format!("When {} attacks {}", a.label(), d.label()), width, "  ")
    );
    let rule_line = |b: &Basis| {
        text::wrap(&format!("{} ({})", rules.phrase(b.matchup()), what(b)), width, "  ", "    ")
    };
    let _ = writeln!(s, "{}", rule_line(&row.basis));
    let _ = writeln!(s, "  {}", row.basis.describe());
    chance_lines(&mut s, &a.who(), row.odds);
    let _ = writeln!(s, "{}", text::fit(&format!("When {} attacks it", d.who()), width, "  "));
    match &row.when_attacked {
        Some(w) => {
            let _ = writeln!(s, "{}", rule_line(&w.basis));
            let _ = writeln!(s, "  {}", w.basis.describe());
            chance_lines(&mut s, &a.who(), w.odds);
        }
        None => {
            let line = format!("{} cannot attack: its type is not one the game defines", d.who());
            let _ = writeln!(s, "{}", text::wrap(&line, width, "  ", "    "));
        }
    }
    for n in notes {
        let _ = writeln!(s, "{}", text::wrap(n, width, "note: ", "  "));
    }
    s
}

/// A chance for a table cell: exact, or `~mean`.
fn cell(odds: Odds) -> String {
    match odds {
        Odds::Exact(p) => percent(p.to_f64()),
        Odds::Range { mean, .. } => format!("~{}", percent(mean)),
    }
}

/// The table of several matchups, fitted to `width`.
pub(super) fn render_table(rows: &[Row], rules: RuleSet, notes: &[String], width: usize) -> String {
    let mut builder = tabled::builder::Builder::new();
    builder.push_record(["Card", "Opponent", "Attacking", "Attacked"]);
    for r in rows {
        builder.push_record([
            r.attacker.short(),
            r.defender.short(),
            cell(r.odds),
            r.when_attacked.as_ref().map(|w| cell(w.odds)).unwrap_or_else(|| "-".into()),
        ]);
    }
    let mut table = builder.build();
    table
        .with(TableStyle::empty())
        .with(Padding::new(0, 2, 0, 0))
        .modify(Columns::new(2..), Alignment::right())
        .with(Width::wrap(width + 2).priority(Priority::max(true)));
    let mut s = String::new();
    let head = format!(
        "Each card's chance to win ({}), when it attacks the opponent and when the opponent \
         attacks it{}:",
        rules.phrase(None),
        if rows.len() > 1 && rows.iter().any(|r| r.attacker != rows[0].attacker) {
            "; best attacker first"
        } else {
            ""
        }
    );
    let _ = writeln!(s, "{}", text::wrap(&head, width, "", ""));
    for line in table.to_string().lines() {
        let _ = writeln!(s, "{}", line.trim_end());
    }
    if rows.iter().any(|r| r.estimate) {
        let _ = writeln!(
            s,
            "{}",
            text::wrap(
                "~: the mean over the digit bands, an estimate; `quadmist odds CARD OPPONENT` \
                 gives the worst and best case.",
                width,
                "",
                ""
            )
        );
    }
    for n in notes.iter().filter(|n| !n.starts_with("mean:")) {
        let _ = writeln!(s, "{}", text::wrap(n, width, "note: ", "  "));
    }
    s
}
