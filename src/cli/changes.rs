//! What changed between two saves, as JSON and as text (`diff`, and `watch` at each write):
//! cards won and gone, grown, evolved, ambiguous; counters; points and rank.

use super::args::SaveArgs;
use super::card_view::{self, CardView};
use super::text;
use crate::diff::{CardChange, Change, Diff};
use crate::ff9::SaveEntry;
use crate::model::{catalogue, display_string, CardRecord, CardType, Collection, Platform};
use crate::report::header::SaveHeader;
use serde::Serialize;

/// Which save a side of the diff is.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SaveRef {
    /// Which save: the file as given, the `--save` selector, leader and level, disc, place,
    /// play time (the header every command names a save with).
    #[serde(flatten)]
    pub header: SaveHeader,
    /// The save's name.
    pub name: String,
    /// Platform.
    pub platform: Platform,
}

impl SaveRef {
    /// The save `entry` of `args`' file.
    pub fn new(args: &SaveArgs, entry: &SaveEntry, c: &Collection) -> Self {
        SaveRef {
            header: SaveHeader::new(&args.file.display().to_string(), entry, Some(c)),
            name: entry.name.clone(),
            platform: c.platform,
        }
    }
}

/// A card that grew, as JSON.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct GrownView {
    /// The card in the earlier save.
    pub before: CardView,
    /// The card in the later save.
    pub after: CardView,
    /// Attack level-ups.
    pub atk: u32,
    /// Physical defence level-ups.
    pub pdef: u32,
    /// Magical defence level-ups.
    pub mdef: u32,
}

/// A card that evolved, as JSON.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct EvolvedView {
    /// The card in the earlier save.
    pub before: CardView,
    /// The card in the later save.
    pub after: CardView,
    /// Type before.
    pub from: CardType,
    /// Type after.
    pub to: CardType,
    /// Attack level-ups.
    pub atk: u32,
    /// Physical defence level-ups.
    pub pdef: u32,
    /// Magical defence level-ups.
    pub mdef: u32,
}

/// Cards of one id and arrows whose story is not unique, as JSON.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct AmbiguousView {
    /// Card id.
    pub id: u8,
    /// Card number, id + 1.
    pub number: u16,
    /// Name.
    pub name: String,
    /// Arrow byte.
    pub arrows: u8,
    /// The group's cards in the earlier save.
    pub before: Vec<CardView>,
    /// The group's cards in the later save.
    pub after: Vec<CardView>,
    /// Cards kept (the same in every best story).
    pub kept: usize,
    /// Level-ups in all (the same in every best story).
    pub growth: u32,
    /// True when the group holds too many copies to be matched exactly (more than any save
    /// the game writes); `kept` and `growth` are then 0.
    pub too_large: bool,
}

/// The JSON document of `quadmist diff --json` (and each line of `quadmist watch --json`).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct DiffReport {
    /// The earlier save.
    pub from: SaveRef,
    /// The later save.
    pub to: SaveRef,
    /// Matches won.
    pub wins: Change<i32>,
    /// Matches lost.
    pub losses: Change<i32>,
    /// Matches drawn.
    pub draws: Change<i32>,
    /// Collector points.
    pub points: Change<u32>,
    /// Rank number 1..32, as the text numbers it (the collector level plus one).
    #[serde(rename = "rank")]
    pub level: Change<usize>,
    /// New cards (won, bought or received: not in the earlier save).
    pub added: Vec<CardView>,
    /// Cards gone (lost or discarded).
    pub removed: Vec<CardView>,
    /// Cards of unchanged type that grew.
    pub grown: Vec<GrownView>,
    /// Cards whose type moved (listed here only).
    pub evolved: Vec<EvolvedView>,
    /// Groups whose story is not unique.
    pub ambiguous: Vec<AmbiguousView>,
}

/// Builds the report of a diff between `old` and `new`.
pub fn report(
    d: &Diff,
    from: SaveRef,
    to: SaveRef,
    old: &Collection,
    new: &Collection,
) -> DiffReport {
    let (ov, nv) = (card_view::views(old).0, card_view::views(new).0);
    let grown = d
        .grown
        .iter()
        .map(|c| GrownView {
            before: ov[c.before].clone(),
            after: nv[c.after].clone(),
            atk: c.atk,
            pdef: c.pdef,
            mdef: c.mdef,
        })
        .collect();
    let evolved = d
        .evolved
        .iter()
        .map(|c| EvolvedView {
            before: ov[c.before].clone(),
            after: nv[c.after].clone(),
            from: c.from,
            to: c.to,
            atk: c.atk,
            pdef: c.pdef,
            mdef: c.mdef,
        })
        .collect();
    let ambiguous = d
        .ambiguous
        .iter()
        .filter_map(|a| {
            let first =
                a.old.first().map(|&i| &old.cards[i]).or(a.new.first().map(|&j| &new.cards[j]))?;
            Some(AmbiguousView {
                id: first.id,
                number: u16::from(first.id) + 1,
                name: catalogue::name(first.id),
                arrows: first.arrows,
                before: a.old.iter().map(|&i| ov[i].clone()).collect(),
                after: a.new.iter().map(|&j| nv[j].clone()).collect(),
                kept: a.matched,
                growth: a.growth,
                too_large: a.too_large,
            })
        })
        .collect();
    DiffReport {
        from,
        to,
        wins: d.wins,
        losses: d.losses,
        draws: d.draws,
        points: d.points,
        level: Change {
            before: crate::report::score::rank_of(d.level.before),
            after: crate::report::score::rank_of(d.level.after),
        },
        added: d.added.iter().map(|&j| nv[j].clone()).collect(),
        removed: d.removed.iter().map(|&i| ov[i].clone()).collect(),
        grown,
        evolved,
        ambiguous,
    }
}

fn signed(n: i64) -> String {
    match n {
        0 => "no change".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

/// "12 wins → 15 (+3)" or "12 wins (no change)".
fn counter(c: Change<i32>, noun: &str) -> String {
    if c.moved() {
        format!(
            "{} → {} ({})",
            text::count(c.before.max(0) as u64, noun),
            c.after,
            signed(i64::from(c.after) - i64::from(c.before))
        )
    } else {
        text::count(c.before.max(0) as u64, noun)
    }
}

/// A card's exact stats as `atk/type/pdef/mdef` (the notation `odds` reads).
fn exact(c: &CardRecord) -> String {
    format!("{}/{}/{}/{}", c.atk, c.card_type, c.pdef, c.mdef)
}

/// "Goblin 0P00 3/P/4/2, arrows ↖↑······".
fn card_line(c: &CardRecord) -> String {
    let mut line = catalogue::numbered_name(c.id);
    line.push(' ');
    line.extend(crate::model::card::display_chars(c));
    line.push(' ');
    line.push_str(&exact(c));
    line.push_str(", arrows ");
    line.push_str(&text::arrows_line(c.arrows));
    line
}

/// "atk +1 (9→10/15), mdef +2 (7→9/13)".
fn stat_changes(a: &CardRecord, b: &CardRecord, ch: &CardChange) -> String {
    let caps = catalogue::info(a.id).map(|i| [i.max_atk, i.max_pdef, i.max_mdef]);
    let stats = [
        ("atk", a.atk, b.atk, ch.atk),
        ("pdef", a.pdef, b.pdef, ch.pdef),
        ("mdef", a.mdef, b.mdef, ch.mdef),
    ];
    let parts: Vec<String> = stats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.3 > 0)
        .map(|(k, &(name, x, y, n))| match caps {
            Some(c) => format!("{name} +{n} ({x}→{y}/{})", c[k]),
            None => format!("{name} +{n} ({x}→{y})"),
        })
        .collect();
    if parts.is_empty() {
        "no stat grew".into()
    } else {
        parts.join(", ")
    }
}

/// The parts of the points that moved: "+1 different card (+10 points), ...".
fn parts_moved(d: &Diff) -> Vec<String> {
    let (b, a) = (d.breakdown.before, d.breakdown.after);
    let mut out = Vec::new();
    let mut part = |before: u32, after: u32, noun: &str, each: i64| {
        if before != after {
            let n = i64::from(after) - i64::from(before);
            let sign = if n > 0 { "+" } else { "−" };
            out.push(format!(
                "{sign}{} ({}; {before} → {after})",
                text::count(n.unsigned_abs(), noun),
                text::signed_points(n * each),
            ));
        }
    };
    part(b.distinct_ids, a.distinct_ids, "different card", 10);
    part(b.distinct_masks, a.distinct_masks, "different arrow pattern", 5);
    part(b.x_copies, a.x_copies, "X copy", 1);
    part(b.a_copies, a.a_copies, "A copy", 2);
    out
}

/// Renders the text report. `header` adds the two saves' names (off for `watch`).
pub fn render_text(
    d: &Diff,
    old: &Collection,
    new: &Collection,
    saves: Option<(&SaveHeader, &SaveHeader)>,
) -> String {
    let w = text::term_width();
    let mut lines: Vec<String> = Vec::new();
    if let Some((from, to)) = saves {
        for (h, label) in [(from, "Before: "), (to, "After:  ")] {
            let first = format!("{label}{}  ", h.spec());
            lines.push(text::wrap_list(&h.detail_parts(), w, &first, "        "));
        }
    }
    let mut push = |s: String, first: &str, rest: &str| lines.push(text::wrap(&s, w, first, rest));
    push(
        format!(
            "{}, {}, {}",
            counter(d.wins, "win"),
            counter(d.losses, "loss"),
            counter(d.draws, "draw")
        ),
        "Matches: ",
        "  ",
    );
    let p = d.points;
    if p.moved() {
        push(
            format!(
                "{} → {} ({})",
                p.before,
                p.after,
                text::signed_points(i64::from(p.after) - i64::from(p.before))
            ),
            "Points: ",
            "  ",
        );
        for part in parts_moved(d) {
            push(part, "  ", "    ");
        }
    } else {
        push(format!("{} (no change)", p.before), "Points: ", "  ");
    }
    if d.level.moved() {
        push(
            format!("{} → {}", text::rank_phrase(d.level.before), text::rank_phrase(d.level.after)),
            "Rank: ",
            "  ",
        );
    } else {
        push(text::rank_phrase(d.level.before), "Rank: ", "  ");
    }
    let mut section = |title: &str, n: usize, noun: &str, items: Vec<String>| {
        if n > 0 {
            lines.push(String::new());
            lines.push(text::wrap(
                &format!("{} {title}:", text::count(n as u64, noun)),
                w,
                "",
                "  ",
            ));
            for item in items {
                lines.push(text::wrap(&item, w, "  ", "      "));
            }
        }
    };
    section(
        "(won, bought or received)",
        d.added.len(),
        "new card",
        d.added.iter().map(|&j| card_line(&new.cards[j])).collect(),
    );
    section(
        "gone (lost or discarded)",
        d.removed.len(),
        "card",
        d.removed.iter().map(|&i| card_line(&old.cards[i])).collect(),
    );
    section("grew", d.grown.len(), "card", change_lines(&d.grown, old, new, false));
    section("evolved", d.evolved.len(), "card", change_lines(&d.evolved, old, new, true));
    section(
        "ambiguous (the rules allow several stories; none is picked)",
        d.ambiguous.len(),
        "group",
        ambiguous_lines(d, old, new),
    );
    if d.added.is_empty()
        && d.removed.is_empty()
        && d.grown.is_empty()
        && d.evolved.is_empty()
        && d.ambiguous.is_empty()
    {
        lines.push(String::new());
        lines.push("No card changed.".into());
    }
    lines.join("\n")
}

/// One line a changed card: name, digits before and after, then (for an evolution) the two
/// types, and the stats that moved.
fn change_lines(
    changes: &[CardChange],
    old: &Collection,
    new: &Collection,
    types: bool,
) -> Vec<String> {
    changes
        .iter()
        .map(|c| {
            let (a, b) = (&old.cards[c.before], &new.cards[c.after]);
            let evolution =
                if types { format!("{} → {}, ", c.from, c.to) } else { String::new() };
            format!(
                "{} {} → {}: {evolution}{}",
                catalogue::numbered_name(a.id),
                display_string(a),
                display_string(b),
                stat_changes(a, b, c)
            )
        })
        .collect()
}

/// One line a group of copies the rules match in several ways (or that is too large to
/// match exactly).
fn ambiguous_lines(d: &Diff, old: &Collection, new: &Collection) -> Vec<String> {
    let list = |cs: Vec<&CardRecord>| {
        if cs.is_empty() {
            "none".to_string()
        } else {
            cs.iter().map(|c| exact(c)).collect::<Vec<_>>().join(", ")
        }
    };
    d.ambiguous
        .iter()
        .filter_map(|a| {
            let first =
                a.old.first().map(|&i| &old.cards[i]).or(a.new.first().map(|&j| &new.cards[j]))?;
            if a.too_large {
                return Some(format!(
                    "{}, arrows {}: {} before and {} after, too many copies to match \
                     exactly (more than a save of the game holds)",
                    catalogue::numbered_name(first.id),
                    text::arrows_line(first.arrows),
                    text::count(a.old.len() as u64, "card"),
                    a.new.len(),
                ));
            }
            Some(format!(
                "{}, arrows {}: before {}; after {}; {} kept, {} in all",
                catalogue::numbered_name(first.id),
                text::arrows_line(first.arrows),
                list(a.old.iter().map(|&i| &old.cards[i]).collect()),
                list(a.new.iter().map(|&j| &new.cards[j]).collect()),
                text::count(a.matched as u64, "card"),
                text::count(u64::from(a.growth), "level-up"),
            ))
        })
        .collect()
}
