//! What changed from one save to a later one, as HTML (the web page's comparison): points,
//! rank, match counts, and the cards won, gone, grown and evolved under the growth rules; the
//! two saves put in play-time order, with a warning when they cannot be one playthrough.

use super::html::{card_line, count, CopyIndex};
use super::score::rank_label;
use crate::diff::{diff, CardChange, Change};
use crate::ff9::SaveEntry;
use crate::model::Collection;
use maud::{html, Markup};

/// One save of a comparison: its collection, its entry in its file, its label, and where its
/// card names link (`link` followed by a card number).
#[derive(Debug, Clone, Copy)]
pub struct DiffSide<'a> {
    /// The save's cards and counters.
    pub collection: &'a Collection,
    /// The save in its file (its release, for PlayStation saves).
    pub entry: &'a SaveEntry,
    /// How the comparison names it.
    pub label: &'a str,
    /// The start of a link to one of its cards (`#f=0&s=1&card=`).
    pub link: &'a str,
}

impl DiffSide<'_> {
    fn play_time(&self) -> Option<f64> {
        self.collection.summary.play_time_seconds
    }
}

/// `(earlier, later)` by play time (as given when a time is unknown or both are equal).
pub fn in_play_order<'a>(a: DiffSide<'a>, b: DiffSide<'a>) -> (DiffSide<'a>, DiffSide<'a>) {
    match (a.play_time(), b.play_time()) {
        (Some(x), Some(y)) if y < x => (b, a),
        _ => (a, b),
    }
}

/// Why `old` and the later `new` cannot be saves of one playthrough: a save of one playthrough
/// is on the same platform and release, and its counters (matches won, lost, drawn; the story's
/// progress) never go down as play time goes on. Empty when nothing says so.
pub fn playthrough_warnings(old: &DiffSide<'_>, new: &DiffSide<'_>) -> Vec<String> {
    let (a, b) = (old.collection, new.collection);
    let mut why = Vec::new();
    if a.platform != b.platform {
        why.push(format!("one is a {} save, the other a {} save", a.platform, b.platform));
    }
    if let (Some(x), Some(y)) = (&old.entry.game_info, &new.entry.game_info) {
        if (&x.region, &x.language) != (&y.region, &y.language) {
            why.push(format!(
                "they come from two releases of the game ({} {}, {} {})",
                x.region, x.language, y.region, y.language
            ));
        }
    }
    for (what, before, after) in [
        ("matches won", a.wins, b.wins),
        ("matches lost", a.losses, b.losses),
        ("draws", a.draws, b.draws),
    ] {
        if after < before {
            why.push(format!(
                "the later save counts fewer {what} ({after}) than the earlier ({before})"
            ));
        }
    }
    let progress = |c: &Collection| c.events.as_ref().and_then(|e| e.scenario());
    if let (Some(x), Some(y)) = (progress(a), progress(b)) {
        if y < x {
            why.push(format!(
                "the later save is earlier in the story (scenario counter {y}, against {x})"
            ));
        }
    }
    why
}

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

/// The comparison of two saves, the earlier by play time first.
pub fn render_diff(a: DiffSide<'_>, b: DiffSide<'_>) -> String {
    let (o, n) = in_play_order(a, b);
    let warnings = playthrough_warnings(&o, &n);
    let (old, new) = (o.collection, n.collection);
    let (old_copies, new_copies) = (CopyIndex::new(&old.cards), CopyIndex::new(&new.cards));
    let was = |i: usize| card_line(&old.cards[i], &old_copies, o.link);
    let now = |j: usize| card_line(&new.cards[j], &new_copies, n.link);
    let d = diff(old, new);
    let markup = html! {
        section #diff {
            h2 { "What changed" }
            p.muted { "From " strong { (o.label) } " to the later " strong { (n.label) }
                " (by play time). A card's name opens it in its save." }
            @if !warnings.is_empty() {
                p.playthrough role="note" { strong { "Two playthroughs? " }
                    "These saves do not look like one playthrough: " (warnings.join("; "))
                    ". What follows compares them all the same." }
            }
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
                ul.added { @for &j in &d.added { li { (now(j)) } } }
            }
            h3 { "Gone (" (d.removed.len()) ")" }
            @if d.removed.is_empty() { p.muted { "None." } } @else {
                ul.removed { @for &i in &d.removed { li { (was(i)) } } }
            }
            h3 { "Grown (" (d.grown.len()) ")" }
            @if d.grown.is_empty() { p.muted { "None." } } @else {
                ul.grown { @for ch in &d.grown {
                    li { (was(ch.before)) " → " (now(ch.after))
                        ": " (growth(ch)) }
                } }
            }
            h3 { "Evolved (" (d.evolved.len()) ")" }
            @if d.evolved.is_empty() { p.muted { "None." } } @else {
                ul.evolved { @for ch in &d.evolved {
                    li { (was(ch.before)) " → " (now(ch.after))
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
