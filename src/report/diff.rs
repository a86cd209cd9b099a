//! What changed from one save to a later one, as HTML (the web page's comparison): points,
//! rank, match counts, and the cards won, gone, grown and evolved under the growth rules.

use super::html::{card_line_of, count};
use super::score::rank_label;
use crate::diff::{diff, CardChange, Change};
use crate::model::Collection;
use maud::{html, Markup};

/// `+3`, `−2`, `no change`.
fn signed(n: i64) -> String {
    match n {
        0 => "no change".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

fn counter(c: Change<i32>) -> Markup {
    html! { (c.before) " → " (c.after) " (" (signed(i64::from(c.after) - i64::from(c.before))) ")" }
}

/// The stat level-ups of a matched card, in words.
fn growth(ch: &CardChange) -> String {
    let parts: Vec<String> =
        [("attack", ch.atk), ("physical defence", ch.pdef), ("magic defence", ch.mdef)]
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(name, n)| format!("{name} +{n}"))
            .collect();
    if parts.is_empty() {
        "no stat grew".into()
    } else {
        parts.join(", ")
    }
}

/// The comparison of `old` (labelled `old_label`) with the later `new`.
pub fn render_diff(old: &Collection, new: &Collection, old_label: &str, new_label: &str) -> String {
    let d = diff(old, new);
    let markup = html! {
        section #diff {
            h2 { "What changed" }
            p.muted { "From " strong { (old_label) } " to " strong { (new_label) } "." }
            @if d.is_empty() {
                p { "Nothing changed: the same cards, counters and points." }
            }
            ul {
                li { "Points: " strong #diff-points data-before=(d.points.before)
                    data-after=(d.points.after) { (counter(Change {
                        before: d.points.before as i32, after: d.points.after as i32 })) } }
                li { "Rank: " (rank_label(d.level.before)) " → " (rank_label(d.level.after)) }
                li { "Wins: " (counter(d.wins)) "; losses: " (counter(d.losses))
                    "; draws: " (counter(d.draws)) }
                li { "Cards: " (old.cards.len()) " → " (new.cards.len()) }
            }
            h3 { "Won or new (" (d.added.len()) ")" }
            @if d.added.is_empty() { p.muted { "None." } } @else {
                ul.added { @for &j in &d.added { li { (card_line_of(&new.cards[j])) } } }
            }
            h3 { "Gone (" (d.removed.len()) ")" }
            @if d.removed.is_empty() { p.muted { "None." } } @else {
                ul.removed { @for &i in &d.removed { li { (card_line_of(&old.cards[i])) } } }
            }
            h3 { "Grown (" (d.grown.len()) ")" }
            @if d.grown.is_empty() { p.muted { "None." } } @else {
                ul.grown { @for ch in &d.grown {
                    li { (card_line_of(&old.cards[ch.before])) " → " (card_line_of(&new.cards[ch.after]))
                        ": " (growth(ch)) }
                } }
            }
            h3 { "Evolved (" (d.evolved.len()) ")" }
            @if d.evolved.is_empty() { p.muted { "None." } } @else {
                ul.evolved { @for ch in &d.evolved {
                    li { (card_line_of(&old.cards[ch.before])) " → " (card_line_of(&new.cards[ch.after]))
                        ": type " (ch.from.letter()) " → " (ch.to.letter()) "; " (growth(ch)) }
                } }
            }
            @if !d.ambiguous.is_empty() {
                p { (count(d.ambiguous.len(), "group of copies", "groups of copies"))
                    " of one card and arrow pattern changed in more than one possible way; "
                    code { "quadmist diff" } " lists them." }
            }
        }
    };
    markup.into_string()
}
