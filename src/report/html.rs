//! The report: the collection as one self-contained HTML page (album, score, plan, source and
//! findings), written with the `maud` HTML builder. `quadmist report` writes it to a file; the
//! web page shows its sections and exports it byte for byte.
//!
//! The page loads nothing from elsewhere: inline CSS, inline SVG; a card opens with
//! `<details>` (one open at a time), and one tiny inline script only lets its × close it.
//! Every text that comes from the save is escaped by `maud`.

use super::header::SaveHeader;
use super::missing_html::{card_ways_html, missing_html};
use super::plan::{PlanReport, PlanStep, MAX_PLAN_CARDS};
use super::score::{self as score_report, ScoreReport, PERFECT_WORDING};
use super::views::SaveViews;
use crate::ff9::SaveEntry;
use crate::model::card::display_chars;
use crate::model::card_sources::CARD_SOURCES;
use crate::model::catalogue::{self as cards, CardInfo};
use crate::model::finding::{collapse, Shown, REPEATS_SHOWN};
use crate::model::{self, CardRecord, CardSource, CardType, Collection, Finding};
use crate::rules::score::{Contribution, MASTER_POINTS, PERFECT_POINTS};
use crate::sources::{Availability, MissingCard};
use maud::{html, Markup, PreEscaped, Render, DOCTYPE};
use std::borrow::Borrow;
use std::fmt;

/// Where the page came from, as shown in its "Source" section.
#[derive(Debug, Clone)]
pub struct PageSource<'a> {
    /// The save file's name (the last path component only: a page may be posted publicly).
    pub file_name: String,
    /// What the file is (e.g. "raw memory card").
    pub file_kind: String,
    /// The save the collection was read from.
    pub entry: &'a SaveEntry,
    /// File-level findings (container damage and the like).
    pub file_findings: &'a [Finding],
}

/// The page's `<title>` and heading, e.g. "Zidane's Tetra Master collection".
/// The `<head>` of a self-contained quadmist page: its `title` and its whole style sheet `css`
/// (no file beside it, so the page can be kept or sent alone).
pub(crate) fn page_head(title: &str, css: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            meta name="color-scheme" content="light dark";
            meta name="generator" content=(concat!("quadmist ", env!("CARGO_PKG_VERSION")));
            title { (title) }
            style { (PreEscaped(css)) }
        }
    }
}

fn page_title(collection: &Collection) -> String {
    let s = &collection.summary;
    // A leader not named yet is called by the member's default name, not by the label's words.
    let name = match (s.leader_named, s.unnamed_leader) {
        (Some(false), Some(who)) => Some(who.name().to_string()),
        (Some(false), None) => None,
        _ => s.leader_label(),
    };
    match name {
        Some(name) => format!("{}'s Tetra Master collection", name.trim()),
        None => "Tetra Master collection".to_string(),
    }
}

/// `1 card`, `2 cards`: a number with its noun, singular or plural.
#[derive(Debug, Clone, Copy)]
pub struct Count {
    n: usize,
    one: &'static str,
    many: &'static str,
}

/// `n` with `one` or `many`, as [`Count`].
pub fn count(n: usize, one: &'static str, many: &'static str) -> Count {
    Count { n, one, many }
}

impl Count {
    fn noun(&self) -> &'static str {
        if self.n == 1 {
            self.one
        } else {
            self.many
        }
    }
}

impl Render for Count {
    fn render_to(&self, buffer: &mut String) {
        self.n.render_to(buffer);
        buffer.push(' ');
        // The nouns are this file's own words: nothing to escape.
        buffer.push_str(self.noun());
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.n, self.noun())
    }
}

/// The arrow triangles (bit 0 = up, then clockwise) in the 60 × 80 card box.
const ARROW_PATHS: [&str; 8] = [
    "M25 10 30 3 35 10Z",
    "M48 4 57 3 56 12Z",
    "M50 34 57 40 50 46Z",
    "M56 68 57 77 48 76Z",
    "M25 70 30 77 35 70Z",
    "M12 76 3 77 4 68Z",
    "M10 34 3 40 10 46Z",
    "M4 12 3 3 12 4Z",
];

/// Direction names of the arrow bits, clockwise from up.
const ARROW_NAMES: [&str; 8] =
    ["up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left"];

/// An arrow mask in words: `3 arrows: up, right, down-left`, or `no arrows`.
#[derive(Debug, Clone, Copy)]
struct ArrowWords(u8);

impl Render for ArrowWords {
    fn render_to(&self, buffer: &mut String) {
        let mask = self.0;
        // Only this file's own words: nothing to escape.
        if mask == 0 {
            return buffer.push_str("no arrows");
        }
        count(mask.count_ones() as usize, "arrow", "arrows").render_to(buffer);
        let mut separator = ": ";
        for (bit, name) in ARROW_NAMES.iter().enumerate() {
            if mask & (1 << bit) != 0 {
                buffer.push_str(separator);
                buffer.push_str(name);
                separator = ", ";
            }
        }
    }
}

/// Text of quadmist's own (class names, arrow references, fixed words, the catalogue's names),
/// written as it is: none holds a character that HTML escapes (`catalogue_names_need_no_escaping`
/// checks every name).
#[derive(Debug, Clone, Copy)]
struct Plain(&'static str);

impl Render for Plain {
    fn render_to(&self, buffer: &mut String) {
        buffer.push_str(self.0);
    }
}

/// A card's in-game string, e.g. `1P23`.
#[derive(Debug, Clone, Copy)]
struct InGame<'a>(&'a CardRecord);

impl Render for InGame<'_> {
    fn render_to(&self, buffer: &mut String) {
        // Hex digits and a type letter (or `?`): nothing to escape.
        buffer.extend(display_chars(self.0));
    }
}

fn type_class(t: CardType) -> &'static str {
    match t {
        CardType::Physical => "face tP",
        CardType::Magic => "face tM",
        CardType::Flexible => "face tX",
        CardType::Assault => "face tA",
        CardType::Unknown(_) => "face tU",
    }
}

/// A type in words: `P (physical)`, `unknown type code 9`.
#[derive(Debug, Clone, Copy)]
struct TypeWords(CardType);

impl Render for TypeWords {
    fn render_to(&self, buffer: &mut String) {
        let words = match self.0 {
            CardType::Physical => "P (physical)",
            CardType::Magic => "M (magic)",
            CardType::Flexible => "X (flexible)",
            CardType::Assault => "A (assault)",
            CardType::Unknown(c) => {
                buffer.push_str("unknown type code ");
                return c.render_to(buffer);
            }
        };
        // This file's own words: nothing to escape.
        buffer.push_str(words);
    }
}

/// A card's arrows as the data of one SVG path: the triangles of its arrow bits, one after the
/// other. One path a card rather than a `<use>` of a shared shape per arrow: a `<use>` is an
/// element and a copy of its shape for the browser to lay out, and an album has hundreds.
#[derive(Debug, Clone, Copy)]
struct ArrowPath(u8);

impl Render for ArrowPath {
    fn render_to(&self, buffer: &mut String) {
        for (bit, d) in ARROW_PATHS.iter().enumerate() {
            if self.0 & (1 << bit) != 0 {
                // Numbers and letters of this file's own: nothing to escape.
                buffer.push_str(d);
            }
        }
    }
}

/// A card's arrow pattern drawn small (the card's outline and its arrows), named in words for
/// screen readers: the album legend's picture of the arrows.
fn arrows_icon(arrows: u8) -> Markup {
    html! {
        svg.pattern viewBox="0 0 60 80" role="img" aria-label=(ArrowWords(arrows)) {
            rect x="1" y="1" width="58" height="78" rx="5" {}
            @if arrows != 0 { path.ar d=(ArrowPath(arrows)) {} }
        }
    }
}

/// A card's arrows as one line of eight places, as the terminal writes them (`↖·↗·→···`), named
/// in words for screen readers: how every list of copies shows arrows.
#[derive(Debug, Clone, Copy)]
struct ArrowGlyphs(u8);

impl Render for ArrowGlyphs {
    fn render_to(&self, buffer: &mut String) {
        html! { span.arrows role="img" aria-label=(ArrowWords(self.0)) {
        (model::card::arrows_line(self.0)) } }
        .render_to(buffer);
    }
}

/// Where each card stands among the copies of its card number, in save order: what the game's
/// card menu shows when it pages through a card's copies (the PC game's code fills each number's
/// list of copies by walking the save's cards in order).
#[derive(Debug, Default)]
pub struct CopyIndex {
    /// (slot, which copy from 1, copies of that number), sorted by slot.
    by_slot: Vec<(u16, u16, u16)>,
}

impl CopyIndex {
    /// The copies of `cards`, numbered in save order.
    pub fn new(cards: &[CardRecord]) -> Self {
        let mut seen = [0u16; 256];
        let mut by_slot: Vec<(u16, u16, u16)> = cards
            .iter()
            .map(|c| {
                seen[usize::from(c.id)] += 1;
                (c.slot, seen[usize::from(c.id)], c.id.into())
            })
            .collect();
        for entry in &mut by_slot {
            entry.2 = seen[usize::from(entry.2)];
        }
        // Stable: a slot given twice keeps its first card first.
        by_slot.sort_by_key(|&(slot, _, _)| slot);
        CopyIndex { by_slot }
    }

    /// Which copy the card in `slot` is, and of how many: `(2, 3)` for the second of three.
    pub fn of(&self, slot: u16) -> Option<(u16, u16)> {
        let at = self.by_slot.partition_point(|&(s, _, _)| s < slot);
        self.by_slot.get(at).filter(|e| e.0 == slot).map(|&(_, k, n)| (k, n))
    }
}

/// One card in a list of copies, as a player finds it in the game: its name (a link to its
/// album card, `link` followed by its number), which of its copies it is, its in-game string,
/// its arrows; then its slot, for the command line.
pub(crate) fn card_line(c: &CardRecord, copies: &CopyIndex, link: &str) -> Markup {
    html! {
        span.cardline {
            a href={ (link) (u16::from(c.id) + 1) } { (CardName(c.id)) }
            @if let Some((k, n)) = copies.of(c.slot) {
                @if n > 1 { " (copy " (k) " of " (n) ")" }
            }
            " " code { (InGame(c)) } " " (ArrowGlyphs(c.arrows)) " " small.slot { "slot " (c.slot) }
        }
    }
}

/// One card drawn as the game shows it: type colour, arrows, in-game string; with the card
/// number, the copies owned (when more than one) and a star on a plan keeper.
fn card_face(card: &CardRecord, owned: usize, keeper: bool) -> Markup {
    let name = Plain(cards::info(card.id).map_or("unknown card", |i| i.name));
    let string = InGame(card);
    html! {
        svg viewBox="0 0 60 80" role="img"
            aria-label={ (name) " " (string) ", " (ArrowWords(card.arrows)) } {
            rect class=(Plain(type_class(card.card_type))) x="1" y="1" width="58" height="78" rx="5" {}
            @if card.arrows != 0 { path.ar d=(ArrowPath(card.arrows)) {} }
            text class="n" x="13" y="20" { (card.id as u16 + 1) }
            @if owned > 1 {
                text class="c" x="48" y="20" { "×" (owned) }
            }
            text class="s" x="30" y="46" { (string) }
            @if keeper {
                text class="k" x="30" y="63" { "★" }
            }
        }
    }
}

/// A card not owned: a dashed outline with its number.
fn missing_face(info: &CardInfo) -> Markup {
    html! {
        svg viewBox="0 0 60 80" role="img" aria-label={ (Plain(info.name)) " (not owned)" } {
            rect class="miss" x="2" y="2" width="56" height="76" rx="5" {}
            text class="nm" x="30" y="46" { (info.number) }
        }
    }
}

/// How much of its bar a stat fills: its value against its cap, in whole percent (at most 100).
fn bar_percent(value: u8, cap: u8) -> u32 {
    if cap == 0 {
        100
    } else {
        ((u32::from(value) * 200 + u32::from(cap)) / (2 * u32::from(cap))).min(100)
    }
}

/// What the plan and the score say about each card, by slot (sorted, looked up by binary
/// search: no hashing in the album's loops).
#[derive(Debug, Default)]
struct Marks {
    keepers: Vec<u16>,
    safe: Vec<u16>,
    /// The cards that go only when room is needed, with their cost, by slot.
    room: Vec<(u16, u32)>,
    /// Each card's contribution (for a slot given twice, the later card's).
    worth: Vec<(u16, Contribution)>,
}

impl Marks {
    fn new(score: &ScoreReport, plan: Option<&PlanReport>) -> Self {
        let sorted = |slots: &[u16]| {
            let mut v = slots.to_vec();
            v.sort_unstable();
            v
        };
        let mut worth: Vec<(u16, Contribution)> =
            score.cards.iter().flatten().map(|c| (c.card.slot, c.contribution)).collect();
        // Stable: a repeated slot keeps its cards in order, the later one last.
        worth.sort_by_key(|&(slot, _)| slot);
        let mut room: Vec<(u16, u32)> = plan
            .map(|p| p.room_discards.iter().map(|d| (d.slot, d.cost)).collect())
            .unwrap_or_default();
        room.sort_unstable();
        Marks {
            keepers: plan.map(|p| sorted(&p.master.keepers)).unwrap_or_default(),
            safe: plan.map(|p| sorted(&p.safe_discards)).unwrap_or_default(),
            room,
            worth,
        }
    }

    fn keeper(&self, slot: u16) -> bool {
        self.keepers.binary_search(&slot).is_ok()
    }

    fn safe(&self, slot: u16) -> bool {
        self.safe.binary_search(&slot).is_ok()
    }

    fn room(&self, slot: u16) -> Option<u32> {
        let at = self.room.partition_point(|&(s, _)| s < slot);
        self.room.get(at).filter(|r| r.0 == slot).map(|r| r.1)
    }

    fn worth(&self, slot: u16) -> Option<Contribution> {
        let end = self.worth.partition_point(|&(s, _)| s <= slot);
        self.worth[..end].last().filter(|&&(s, _)| s == slot).map(|&(_, c)| c)
    }
}

/// One copy in its album card's panel: which copy it is (`k` of `n`, the game's card menu
/// order), its exact stats against their caps, how its in-game string follows from them, and
/// what the plan says of it.
fn copy_entry(
    card: &CardRecord,
    (k, n): (usize, usize),
    info: Option<&CardInfo>,
    marks: &Marks,
) -> Markup {
    let keeper = marks.keeper(card.slot);
    let worth = marks.worth(card.slot).map(|c| c.total());
    html! {
        div.copy {
            (card_face(card, 1, keeper))
            div {
                b { @if n > 1 { "Copy " (k) " of " (n) } @else { "The only copy" } }
                " " small.slot { "slot " (card.slot) } " "
                code { (InGame(card)) } " "
                (TypeWords(card.card_type))
                @if keeper { " " span.badge.keep { "★ plan keeper" } }
                @if marks.safe(card.slot) { " " span.badge { "safe discard: free" } }
                @if let Some(cost) = marks.room(card.slot) {
                    " " span.badge { "goes when room is needed: "
                        @if cost == 0 { "free" } @else { (count(cost as usize, "point", "points")) } }
                }
                @if let Some(info) = info {
                    @for (name, value, cap) in [
                        ("Attack", card.atk, info.max_atk),
                        ("Phys. def.", card.pdef, info.max_pdef),
                        ("Mag. def.", card.mdef, info.max_mdef),
                    ] {
                        div.stat {
                            span { (Plain(name)) }
                            span.bar { i style={ "width:" (bar_percent(value, cap)) "%" } {} }
                            span { (value) " of " (cap) @if value > cap { " (over the cap)" } }
                        }
                    }
                    p.digits { small {
                        (InGame(card)) ": each digit is the value ÷ 16, rounded down ("
                        (card.atk) "→" (HexDigit(card.atk)) ", " (card.pdef) "→"
                        (HexDigit(card.pdef)) ", " (card.mdef) "→" (HexDigit(card.mdef)) ")."
                    } }
                    p {
                        small {
                            "Level-ups left: "
                            (levelups_left(card, info))
                            ". " (ArrowWords(card.arrows)) "."
                            @if let Some(w) = worth {
                                " Discarding it alone costs "
                                @if w == 0 { "no point." } @else { (count(w as usize, "point", "points")) "." }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A stat's digit as the game shows it: the value ÷ 16, rounded down, `0`–`9` then `A`–`F`.
#[derive(Debug, Clone, Copy)]
struct HexDigit(u8);

impl Render for HexDigit {
    fn render_to(&self, buffer: &mut String) {
        let d = model::card::digit(self.0);
        buffer.push(char::from_digit(u32::from(d), 16).map_or('?', |c| c.to_ascii_uppercase()));
    }
}

/// Level-ups left over the three stats (a stat over its cap counts none).
fn levelups_left(card: &CardRecord, info: &CardInfo) -> usize {
    [(card.atk, info.max_atk), (card.pdef, info.max_pdef), (card.mdef, info.max_mdef)]
        .iter()
        .map(|&(v, cap)| usize::from(cap.saturating_sub(v)))
        .sum()
}

/// The copy drawn on the album face: the plan's keeper, else the best type, then the strongest.
fn face_copy<'a>(copies: &[&'a CardRecord], marks: &Marks) -> Option<&'a CardRecord> {
    copies.iter().copied().find(|c| marks.keeper(c.slot)).or_else(|| {
        copies.iter().copied().max_by_key(|c| {
            (
                c.card_type.bonus(),
                u32::from(c.atk) + u32::from(c.pdef) + u32::from(c.mdef),
                std::cmp::Reverse(c.slot),
            )
        })
    })
}

/// The album's 100 cards, in the catalogue's order. Rendered one card at a time onto the
/// page's buffer, never as one string of its own (the album is most of the page).
struct Album<'a> {
    /// The cards with a catalogue id, by id (each id's copies in collection order).
    by_id: Vec<&'a CardRecord>,
    marks: &'a Marks,
    /// Where each missing card can still be had (from the save's story flags).
    sources: &'a Availability,
    /// True to leave the cards' panels empty, for the web page to render one when it opens.
    lazy: bool,
}

impl<'a> Album<'a> {
    fn new(
        collection: &'a Collection,
        marks: &'a Marks,
        sources: &'a Availability,
        lazy: bool,
    ) -> Self {
        let mut by_id: Vec<&CardRecord> = collection
            .cards
            .iter()
            .filter(|c| usize::from(c.id) < cards::CATALOGUE.len())
            .collect();
        by_id.sort_by_key(|c| c.id);
        Album { by_id, marks, sources, lazy }
    }
}

impl Render for Album<'_> {
    fn render_to(&self, buffer: &mut String) {
        let mut rest = &self.by_id[..];
        for info in cards::CATALOGUE {
            let (copies, after) = rest.split_at(rest.partition_point(|c| c.id <= info.id));
            rest = after;
            let missing = self.sources.missing_card(info.number);
            album_card(info, copies, self.marks, missing, self.lazy).render_to(buffer);
        }
    }
}

/// One album card: its face, which opens on every copy.
fn album_card(
    info: &CardInfo,
    copies: &[&CardRecord],
    marks: &Marks,
    missing: Option<&MissingCard>,
    lazy: bool,
) -> Markup {
    let owned = copies.len();
    let right = info.id % 10 >= 5;
    let keeper = copies.iter().any(|c| marks.keeper(c.slot));
    html! {
        details.card.r[right] name="album" id={ "card-" (info.number) } data-id=(info.id)
            data-owned=(owned) data-keeper=[keeper.then_some("1")] {
            summary title={ (info.number) " " (Plain(info.name)) ": "
                @if owned == 0 { "not owned" } @else { (count(owned, "copy", "copies")) } } {
                @match face_copy(copies, marks) {
                    Some(face) => (card_face(face, owned, keeper)),
                    None => (missing_face(info)),
                }
                span.cap { (Plain(info.name)) }
            }
            div.copies {
                @if !lazy { (card_panel(info, copies, marks, missing)) }
            }
        }
    }
}

/// What an album card opens on: its caps, and each copy's exact stats (or, for a card not
/// owned, where it can still be had).
fn card_panel(
    info: &CardInfo,
    copies: &[&CardRecord],
    marks: &Marks,
    missing: Option<&MissingCard>,
) -> Markup {
    html! {
        button.close type="button" aria-label="Close" { "×" }
        h3 { (info.number) ". " (Plain(info.name)) }
        p { small {
            "Default type " (TypeWords(info.default_type)) "; caps "
            (info.max_atk) " / " (info.max_pdef) " / " (info.max_mdef)
            " (attack / physical / magic defence)."
        } }
        @if copies.is_empty() {
            p { "Not owned yet." }
            @if let Some(m) = missing {
                (card_ways_html(m))
            }
        }
        @for (k, c) in copies.iter().enumerate() {
            (copy_entry(c, (k + 1, copies.len()), Some(info), marks))
        }
    }
}

/// The panel of album card `id` (what the report's card opens on: its caps and each copy), for
/// the web page, which renders it when the card is opened; `None` for an id outside the
/// catalogue.
pub fn render_card_panel(collection: &Collection, views: &SaveViews, id: u8) -> Option<String> {
    let info = cards::info(id)?;
    let marks = Marks::new(&views.score, views.plan.as_ref());
    let copies: Vec<&CardRecord> = collection.cards.iter().filter(|c| c.id == id).collect();
    let missing = views.missing.missing_card(info.number);
    Some(card_panel(info, &copies, &marks, missing).into_string())
}

fn score_section(s: &ScoreReport) -> Markup {
    let pct = |points: u32| f64::from(points) / f64::from(PERFECT_POINTS) * 100.0;
    let rank = score_report::rank_label(s.level);
    html! {
        section #score {
            h2 { "Score" }
            div.lead {
                span { span.big #points data-points=(s.points) { (s.points) } " points" }
                span { "Rank: " strong #rank { (rank) } }
                span { (count(s.card_count, "card", "cards")) }
            }
            div.stack role="img" aria-label=(format_args!(
                "{} points of 1700: ids {}, arrow patterns {}, X copies {}, A copies {}",
                s.points, s.ids.points, s.arrows.points, s.types.x, 2 * s.types.a)) {
                span.ids style=(format_args!("width:{}%", model::format_decimal(pct(s.ids.points), 2))) {}
                span.masks style=(format_args!("width:{}%", model::format_decimal(pct(s.arrows.points), 2))) {}
                span.x style=(format_args!("width:{}%", model::format_decimal(pct(s.types.x), 2))) {}
                span.a style=(format_args!("width:{}%", model::format_decimal(pct(2 * s.types.a), 2))) {}
                i.mark style=(format_args!("left:{}%", model::format_decimal(pct(MASTER_POINTS), 2))) title="Master, 1698" {}
            }
            ul.legend {
                li { i style="background:var(--ids)" {} "card numbers held "
                    (s.ids.count) " × 10 = " strong { (s.ids.points) } }
                li { i style="background:var(--masks)" {} "arrow patterns held "
                    (s.arrows.count) " × 5 = " strong { (s.arrows.points) } }
                li { i style="background:var(--bx)" {} "X cards " (s.types.x) " × 1 = "
                    strong { (s.types.x) } }
                li { i style="background:var(--ba)" {} "A cards " (s.types.a) " × 2 = "
                    strong { (2 * s.types.a) } }
            }
            p.muted { "The bar is out of 1700, the maximum; the line marks Master (1698)." }
            ul {
                li { @match &s.next {
                    Some(n) => {
                        "Next: " (score_report::rank_label(n.level)) ", at " (n.threshold)
                        " points; " strong { (count(n.points_needed as usize, "point", "points")) }
                        " to go."
                    }
                    None => "Top level reached.",
                } }
                li { "Master (1698): " @if s.to_master == 0 { strong { "reached" } } @else {
                    strong { (count(s.to_master as usize, "point", "points")) } " to go" } }
                li { @if s.to_perfect == 0 { "Maximum: reached. " (PERFECT_WORDING) } @else {
                    "Maximum (1700, not a named rank): "
                    strong { (count(s.to_perfect as usize, "point", "points")) } " to go" } }
            }
        }
    }
}

/// A card's name, or `#<id>` for an id outside the catalogue (as [`cards::name`] says it).
#[derive(Debug, Clone, Copy)]
struct CardName(u8);

impl Render for CardName {
    fn render_to(&self, buffer: &mut String) {
        match cards::info(self.0) {
            Some(info) => Plain(info.name).render_to(buffer),
            None => {
                buffer.push('#');
                self.0.render_to(buffer);
            }
        }
    }
}

/// Card numbers and names, e.g. `1 Goblin, 7 Skeleton`.
#[derive(Debug, Clone, Copy)]
struct Names<'a>(&'a [u8]);

impl Render for Names<'_> {
    fn render_to(&self, buffer: &mut String) {
        for (k, &id) in self.0.iter().enumerate() {
            if k > 0 {
                buffer.push_str(", ");
            }
            (u16::from(id) + 1).render_to(buffer);
            buffer.push(' ');
            CardName(id).render_to(buffer);
        }
    }
}

/// The cards in `slots` (in that order), each as [`card_line`], in a list.
fn card_list(collection: &Collection, copies: &CopyIndex, slots: &[u16], id: &str) -> Markup {
    html! {
        ul.cards id=(id) { @for &slot in slots { @if let Some(c) = collection.card(slot) {
            li { (card_line(c, copies, "#card-")) }
        } } }
    }
}

fn plan_section(collection: &Collection, r: &PlanReport) -> Markup {
    let m = &r.master;
    let copies = CopyIndex::new(&collection.cards);
    html! {
        section #plan {
            h2 { "Plan to " (r.goal()) }
            p.muted { small { (super::plan::SLOT_NOTE) } }
            h3 { "Safe discards: free" }
            p { (r.safe_words()) }
            @if !r.safe_discards.is_empty() {
                (card_list(collection, &copies, &r.safe_discards, "safe"))
            }
            @if r.card_count > 100 {
                p { "You hold " (r.card_count) " cards; the game makes you discard down to 100: "
                    code { "quadmist plan --discard " (r.card_count - 100) } " picks the cheapest." }
            }
            h3 { "The road" }
            ul {
                li #keepers data-count=(m.keepers.len()) { (r.keeper_words(true)) }
                @if !m.missing_ids.is_empty() {
                    li { "Card numbers still missing (" (m.missing_ids.len()) "): " (Names(&m.missing_ids)) "." }
                }
                @if !m.ids_needing_new_arrows.is_empty() {
                    li { "Held, but every copy's arrow pattern is another keeper's ("
                        (m.ids_needing_new_arrows.len()) "): " (Names(&m.ids_needing_new_arrows)) "." }
                }
                li { (r.pattern_words()) }
                li #battle-wins data-wins=(m.expected_battle_wins) { (r.upgrade_words()) }
            }
            h3 { "Steps" }
            ol.steps {
                @for step in r.step_words() {
                    li { (step.words())
                        @match step {
                            PlanStep::Room(_) => {
                                table.room {
                                    thead { tr { th { "Card" } th.num { "Costs" } th.num { "Points after" } } }
                                    tbody { @for d in &r.room_discards {
                                        @if let Some(c) = collection.card(d.slot) {
                                            tr { td { (card_line(c, &copies, "#card-")) }
                                                td.num { @if d.cost == 0 { "nothing" } @else {
                                                    (count(d.cost as usize, "point", "points")) } }
                                                td.num { (d.points_after) } }
                                        }
                                    } }
                                }
                            }
                            PlanStep::Upgrade(_) => {
                                @if !m.upgrades.cards.is_empty() {
                                    table.upgrades {
                                        thead { tr { th { "Keeper" } th { "Type" }
                                            th.num { "Battle wins, on average" } } }
                                        tbody { @for u in &m.upgrades.cards {
                                            @if let Some(c) = collection.card(u.slot) {
                                                tr { td { (card_line(c, &copies, "#card-")) }
                                                    td { (u.from) " → " (u.to) }
                                                    td.num { (super::plan::thousands(u.expected_wins)) } }
                                            }
                                        } }
                                    }
                                }
                                @let nc = &m.upgrades.new_copies;
                                @if nc.to_a + nc.to_x_only > 0 {
                                    p { "New copies, once won: " (nc.to_a) " to A, " (nc.to_x_only)
                                        " to X, about " (super::plan::thousands(nc.expected_wins))
                                        " battle wins (" em { "an estimate" } ")." }
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
    }
}

fn source_section(src: &PageSource<'_>, collection: &Collection) -> Markup {
    let e = src.entry;
    let s = &collection.summary;
    html! {
        section #source {
            h2 { "Source" }
            dl.src {
                dt { "File" } dd { (src.file_name) " (" (src.file_kind) ")" }
                dt { "Save" } dd { (e.selector) ": " (e.name) @if !e.title.is_empty() { ", " (e.title) } }
                @if let Some(g) = &e.game_info {
                    dt { "Game" } dd { (g.region) ", " (g.language)
                        @if let Some(d) = g.disc { ", disc " (d) }
                        @if let Some(f) = g.file { ", in-game file " (f) } }
                }
                dt { "Platform" } dd { (collection.platform) }
                @if let Some(name) = s.leader_label() {
                    dt { "Leader" } dd { (name) @if let Some(l) = s.leader_level { ", level " (l) } }
                }
                @if let Some(t) = s.play_time_seconds {
                    dt { "Play time" } dd { (model::format_play_time(t)) }
                }
                @if let Some(loc) = &s.location { dt { "Location" } dd { (loc) } }
                @if let Some(g) = s.gil { dt { "Gil" } dd { (g) } }
                dt { "Matches" } dd { (count(collection.wins.max(0) as usize, "win", "wins")) ", "
                    (count(collection.losses.max(0) as usize, "loss", "losses")) ", "
                    (count(collection.draws.max(0) as usize, "draw", "draws")) }
                @if collection.card_source == CardSource::MemoriaSidecar {
                    dt { "Cards from" } dd { "the Memoria sidecar beside the save (as the game reads it)" }
                }
            }
        }
    }
}

fn findings_section(src: &PageSource<'_>, collection: &Collection) -> Markup {
    let all: Vec<&Finding> =
        src.file_findings.iter().chain(&src.entry.findings).chain(&collection.findings).collect();
    html! {
        section #findings {
            h2 { "Findings" }
            @if all.is_empty() {
                p { "Nothing unusual was found in this save." }
            } @else {
                (findings_list(&all))
            }
            @if !collection.ignored_records.is_empty() {
                p { (count(collection.ignored_records.len(), "record", "records"))
                    " past the card list, which the game never counts, are not shown." }
            }
            @let unknown = collection.cards.iter().filter(|c| c.id >= 100).count();
            @if unknown > 0 {
                p { (count(unknown, "card has an id", "cards have ids"))
                    " outside the catalogue; they are not in the album and earn no points." }
            }
        }
    }
}

/// Findings as the library groups them ([`collapse`]): the first [`REPEATS_SHOWN`] of each
/// group, then the rest of it folded away under "… and N more like it".
pub fn findings_list<F: Borrow<Finding>>(findings: &[F]) -> Markup {
    let item = |f: &Finding| {
        html! { li class={ "finding " (f.severity) } { strong { (f.severity) } ": " (f.message) } }
    };
    html! {
        @if !findings.is_empty() {
            ul.findings { @for line in collapse(findings, REPEATS_SHOWN) {
                @match line {
                    Shown::Finding(f) => (item(f)),
                    Shown::More { severity, count, rest, .. } => li class={ "finding " (severity) } {
                        details {
                            summary { "… and " (count) " more like it" }
                            ul { @for f in rest { (item(f)) } }
                        }
                    },
                }
            } }
        }
    }
}

/// The plan, or why there is none (a collection too large to plan).
fn plan_or_limit(
    collection: &Collection,
    score: &ScoreReport,
    plan: Option<&PlanReport>,
) -> Markup {
    html! {
        @match plan {
            Some(p) => (plan_section(collection, p)),
            None => section #plan { h2 { "Plan" } p { "This collection holds "
                (score.card_count) " cards; quadmist plans collections of up to "
                (MAX_PLAN_CARDS) "." } },
        }
    }
}

/// What every mark, colour and digit of the album means.
fn album_legend() -> Markup {
    html! {
        aside.key aria-labelledby="key-head" {
            h3 #key-head { "Reading a card" }
            dl {
                dt { code { "0P00" } }
                dd { "The string the game shows: attack, type, physical defence, magic defence. "
                    "Each digit is the exact value ÷ 16, rounded down, written 0–9 then A–F for "
                    "10–15: an attack of 5 shows 0, one of 80 to 95 shows 5. Open a card for the "
                    "exact values." }
                dt { span.sw.tP { "P" } " " span.sw.tM { "M" } " " span.sw.tX { "X" } " "
                    span.sw.tA { "A" } }
                dd { "The type, also the card's colour: P physical, M magic, X flexible (hits the "
                    "weaker defence; 1 point), A assault (its best stat against the weakest; "
                    "2 points)." }
                dt { span.mark { "1" } }
                dd { "Top left: the card's number, 1 to 100, in the game's order." }
                dt { span.mark { "×3" } }
                dd { "Top right: the copies you hold, when more than one." }
                dt { span.mark { "★" } }
                dd { "The copy the plan keeps for Master." }
                dt { (arrows_icon(0b0101_0101)) }
                dd { "The white arrows: the sides the card attacks and defends." }
                dt { span.sw.miss { "4" } }
                dd { "A dashed outline: a card number you do not hold yet." }
            }
        }
    }
}

/// The album: the legend beside the 100 cards, with a link that skips past them.
fn album_section(
    collection: &Collection,
    marks: &Marks,
    sources: &Availability,
    lazy: bool,
) -> Markup {
    html! {
        section #album {
            h2 { "Album" }
            p.muted { "The 100 cards in the game's order; open one for its copies' exact stats. "
                a.skip href=(if lazy { "#copies" } else { "#plan" }) { "Skip the album" } }
            div.album-wrap {
                div.album { (Album::new(collection, marks, sources, lazy)) }
                (album_legend())
            }
        }
    }
}

/// Every copy held, one a row, as the game's card menu finds it (a card's copies in save
/// order), with its exact stats, arrows, level-ups left and what the plan says of it: on the web
/// page only, its rows rendered when the table is opened ([`render_copies`]), sorted and
/// filtered by the page's script.
fn copies_section(collection: &Collection) -> Markup {
    let n = collection.cards.iter().filter(|c| usize::from(c.id) < cards::CATALOGUE.len()).count();
    html! {
        section #copies {
            h2 tabindex="-1" { "Your copies" }
            p.muted { "All " (count(n, "copy", "copies")) " you hold, as the game's card menu finds "
                "them: a card, then its copies in the order it pages through them." }
            details.copies-table {
                summary { "Show the " (count(n, "copy", "copies")) ": sort and filter" }
                div.table-body {
                        form.filters aria-label="Filter the copies" {
                            label { "Type " select name="type" {
                                option value="" { "any" } option value="P" { "P" }
                                option value="M" { "M" } option value="X" { "X" }
                                option value="A" { "A" } } }
                            label { "Arrows, at least " select name="arrows" {
                                @for a in 0..=8u8 { option value=(a) { (a) } } } }
                            label { "Level-ups left, at least " select name="levelups" {
                                @for l in [0u16, 1, 10, 50, 100] { option value=(l) { (l) } } } }
                            label { "Name " input type="search" name="name" autocomplete="off"; }
                        }
                        p.count role="status" aria-live="polite" {}
                }
            }
        }
    }
}

/// The table of copies (see [`copies_section`]); each row carries its values in `data-`
/// attributes for sorting and filtering.
fn copies_table(collection: &Collection, marks: &Marks) -> Markup {
    let copies = CopyIndex::new(&collection.cards);
    let mut rows: Vec<&CardRecord> =
        collection.cards.iter().filter(|c| usize::from(c.id) < cards::CATALOGUE.len()).collect();
    // The game's order: by card number, each number's copies in save order.
    rows.sort_by_key(|c| c.id);
    let sortable = |key: &'static str, label: &'static str| {
        html! { th scope="col" aria-sort=[(key == "number").then_some("ascending")] {
        button type="button" data-sort=(key) { (Plain(label)) } } }
    };
    html! {
        table.copies {
            thead { tr {
                (sortable("number", "Card")) th scope="col" { "Copy" } th scope="col" { "Shows" }
                (sortable("type", "Type")) (sortable("atk", "Attack"))
                (sortable("pdef", "Phys. def.")) (sortable("mdef", "Mag. def."))
                (sortable("arrows", "Arrows")) (sortable("levelups", "Level-ups left"))
                th scope="col" { "Plan" } (sortable("slot", "Slot"))
            } }
            tbody { @for (row, c) in rows.iter().enumerate() {
                @let info = cards::info(c.id);
                @let (k, n) = copies.of(c.slot).unwrap_or((1, 1));
                @let left = info.map_or(0, |i| levelups_left(c, i));
                tr data-number=(u16::from(c.id) + 1) data-order=(row) data-name=(CardName(c.id))
                    data-type=(c.card_type.letter()) data-rank=(c.card_type.index())
                    data-atk=(c.atk) data-pdef=(c.pdef) data-mdef=(c.mdef)
                    data-arrows=(c.arrows.count_ones()) data-levelups=(left) data-slot=(c.slot) {
                    td { a href={ "#card-" (u16::from(c.id) + 1) } { (u16::from(c.id) + 1) " " (CardName(c.id)) } }
                    td { (k) " of " (n) }
                    td { code { (InGame(c)) } }
                    td { (TypeWords(c.card_type)) }
                    td.num { (c.atk) }
                    td.num { (c.pdef) }
                    td.num { (c.mdef) }
                    td { (ArrowGlyphs(c.arrows)) }
                    td.num { (left) }
                    td { @if marks.keeper(c.slot) { "★ keeper" }
                        @else if marks.safe(c.slot) { "free to discard" }
                        @else if let Some(cost) = marks.room(c.slot) {
                            "goes when room is needed (" (count(cost as usize, "point", "points")) ")" } }
                    td.num { (c.slot) }
                }
            } }
        }
    }
}

/// The table of copies for the web page, rendered when the player opens it.
pub fn render_copies(collection: &Collection, views: &SaveViews) -> String {
    copies_table(collection, &Marks::new(&views.score, views.plan.as_ref())).into_string()
}

/// The whole page of a save's `collection` and its `views`.
pub fn render_page(src: &PageSource<'_>, collection: &Collection, views: &SaveViews) -> String {
    let (score, plan, sources) = (&views.score, views.plan.as_ref(), &views.missing);
    let marks = Marks::new(score, plan);
    let title = page_title(collection);
    let owned_ids = score.ids.count;
    let page = html! {
        (Room(page_capacity(src, collection, plan)))
        (DOCTYPE)
        html lang="en" {
            (page_head(&title, include_str!("report.css")))
            body {
                header {
                    h1 { (title) }
                    p.muted { "Final Fantasy IX, Tetra Master. " (count(score.card_count, "card", "cards"))
                        ", " (owned_ids) " of the 100 card numbers. Open a card to see every copy's exact stats." }
                }
                (score_section(score))
                (album_section(collection, &marks, sources, false))
                (plan_or_limit(collection, score, plan))
                (missing_section(sources))
                (source_section(src, collection))
                (findings_section(src, collection))
                script { (PreEscaped(CLOSE_SCRIPT)) }
                footer {
                    p { "Made by quadmist " (env!("CARGO_PKG_VERSION")) ". Every figure is exact and "
                        "follows the game's rules, except those labelled expected value or estimate." }
                }
            }
        }
    };
    page.into_string()
}

/// One save's view on the web page, in the two parts the page shows one after the other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewParts {
    /// What a player looks at first: the save's header, the score and the album.
    pub first: String,
    /// The sections after the album: the copies, the plan, the missing cards, the source and the
    /// findings. Most of the view's markup (the missing cards' sources, the plan's lists), put
    /// in once the album is painted, so that laying it out does not hold the album back.
    pub later: String,
}

/// One save's view on the web page: the report's sections (score, album, plan, source and
/// findings, the same markup as [`render_page`]) with the table of copies after the album and
/// the missing cards after the plan, as HTML fragments: no page around them, no script (the page
/// wires the cards' × itself). The album cards' panels are left empty: the page asks for one
/// ([`render_card_panel`]) when its card is opened, which halves the markup it must lay out
/// when a save is dropped.
pub fn render_view(src: &PageSource<'_>, collection: &Collection, views: &SaveViews) -> ViewParts {
    let (score, plan, sources) = (&views.score, views.plan.as_ref(), &views.missing);
    let marks = Marks::new(score, plan);
    let first = html! {
        header {
            h2.title { (src.file_name) ", save " (src.entry.selector) }
            p.save-words { (SaveHeader::new(&src.file_name, src.entry, Some(collection)).details()) ", "
                (count(score.points as usize, "point", "points")) }
            p.muted { (page_title(collection)) ": " (count(score.card_count, "card", "cards")) ", "
                (score.ids.count) " of the 100 card numbers. Open a card to see every copy's exact "
                "stats." }
        }
        (score_section(score))
        (album_section(collection, &marks, sources, true))
    };
    let later = html! {
        (copies_section(collection))
        (plan_or_limit(collection, score, plan))
        (missing_section(sources))
        (source_section(src, collection))
        (findings_section(src, collection))
    };
    ViewParts { first: first.into_string(), later: later.into_string() }
}

/// The card numbers not held, each a link to its album card, with where each can still be
/// had at this point of the story (the shared renderer of the missing list).
fn missing_section(a: &Availability) -> Markup {
    html! {
        section #missing {
            h2 { "Missing cards" }
            (missing_html(a))
        }
    }
}

/// Renders nothing: reserves room for this many bytes in the buffer the page is written to, so
/// that it never grows (and never copies what it holds) while the page is written.
struct Room(usize);

impl Render for Room {
    fn render_to(&self, buffer: &mut String) {
        buffer.reserve_exact(self.0);
    }
}

/// An upper bound on the page's size in bytes, so that it is written into one buffer (see
/// [`Room`]); `the_page_fits_in_the_room_made_for_it` checks it on the largest pages.
fn page_capacity(
    src: &PageSource<'_>,
    collection: &Collection,
    plan: Option<&PlanReport>,
) -> usize {
    /// Everything whose size does not depend on the save: CSS, script, headings, score, legend.
    const FIXED: usize = 16 * 1024;
    /// One album card as an outline, with the catalogue's line.
    const ALBUM_CARD: usize = 768;
    /// What a card's face on the album adds to its outline.
    const FACE: usize = 512;
    /// One copy's entry: its face, type, stat bars and words.
    const COPY: usize = 2048;
    /// One card named in a list of the plan.
    const NAME: usize = 32;
    /// One line of the plan or of the findings that names a card (besides a finding's message),
    /// with its arrows drawn.
    const LINE: usize = 448;
    /// Escaping makes a byte of text from the save at most 6 bytes (`"` is `&quot;`).
    const ESCAPED: usize = 6;
    /// One source of a missing card: its words, its state and where each of its facts comes
    /// from (a drop cites the guide and the game's battle data, and where the enemy is met).
    const SOURCE: usize = 896;
    /// The heading of a missing card's sources, and the note on the drop chance.
    const SOURCES_HEAD: usize = 416;
    /// A missing card's line in the missing list.
    const MISSING_ITEM: usize = 128;
    let s = &collection.summary;
    let e = src.entry;
    let findings = src.file_findings.iter().chain(&e.findings).chain(&collection.findings);
    let leader = s.leader_label().unwrap_or_default();
    let location = s.location.as_deref().unwrap_or_default();
    // The leader's name is in the title, the heading and the source.
    let save_text = [&src.file_name, &src.file_kind, &e.selector, &e.name, &e.title]
        .iter()
        .map(|t| t.len())
        .chain([3 * leader.len(), location.len()])
        .chain(findings.clone().map(|f| f.message.len()))
        .sum::<usize>();
    let (names, lines) = plan.map_or((0, 0), |p| {
        let m = &p.master;
        (
            m.missing_ids.len() + m.ids_needing_new_arrows.len(),
            p.safe_discards.len() + p.room_discards.len() + m.upgrades.cards.len() + m.steps.len(),
        )
    });
    let cards = collection.cards.len();
    let mut held = [false; 256];
    for c in &collection.cards {
        held[usize::from(c.id)] = true;
    }
    let missing = cards::CATALOGUE.iter().filter(|i| !held[usize::from(i.id)]).count();
    let missing_sources = CARD_SOURCES.iter().filter(|r| !held[usize::from(r.number - 1)]).count();
    // A missing card's sources are listed twice: in its album card and in the missing list.
    FIXED
        + missing * (SOURCES_HEAD + MISSING_ITEM)
        + 2 * missing_sources * SOURCE
        + cards::CATALOGUE.len() * ALBUM_CARD
        + cards.min(cards::CATALOGUE.len()) * FACE
        + cards * COPY
        + names * NAME
        + (lines + findings.count()) * LINE
        + save_text * ESCAPED
}

/// The page's only script: the × of an opened card closes it (on a phone the card list is
/// under the panel). Everything else works without it.
const CLOSE_SCRIPT: &str = "document.addEventListener('click',function(e){var b=e.target.closest\
('.close');if(b)b.closest('details').open=false});";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ff9::{psx::PsxSave, SavePayload};
    use crate::model::{FindingKind, Platform};
    use crate::report::plan::plan_report;
    use crate::report::score::score_report;
    use CardType::{Assault as A, Flexible as X, Magic as M, Physical as P};

    fn entry() -> SaveEntry {
        SaveEntry::unboxed(
            "1".into(),
            "slot <1>".into(),
            Some(3725.0),
            false,
            vec![Finding::warning(FindingKind::Other, "a <b>bold</b> & \"quoted\" finding")],
            SavePayload::PlayStation(PsxSave::default()),
        )
    }

    fn card(slot: u16, id: u8, arrows: u8, card_type: CardType) -> CardRecord {
        CardRecord { slot, id, arrows, atk: 20, card_type, pdef: 30, mdef: 40, cpoint: None }
    }

    /// The page of `collection` from a file so named, with the room made for it.
    fn page_and_room(collection: &Collection, file_name: &str) -> (String, usize) {
        let e = entry();
        let src = PageSource {
            file_name: file_name.into(),
            file_kind: "raw memory card".into(),
            entry: &e,
            file_findings: &[],
        };
        let views = SaveViews::new(collection, &Default::default());
        let page = render_page(&src, collection, &views);
        (page, page_capacity(&src, collection, views.plan.as_ref()))
    }

    fn page(collection: &Collection) -> String {
        page_and_room(collection, "card<script>.mcr").0
    }

    #[test]
    fn every_text_from_the_save_is_escaped() {
        let mut c = Collection::new(Platform::PlayStation, vec![card(1, 0, 0x11, P)]);
        c.summary.leader_name = Some("<script>alert(1)</script>".into());
        c.summary.location = Some("Treno & \"Alexandria\"".into());
        c.findings.push(Finding::error(FindingKind::Other, "slot <img src=x onerror=alert(1)>"));
        let html = page(&c);
        assert!(!html.contains("<script>alert"), "a raw <script> tag");
        assert!(!html.contains("<img"), "a raw <img> tag");
        assert!(!html.contains("<b>bold"), "a raw <b> tag");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;'s Tetra Master collection"));
        assert!(html.contains("Treno &amp; &quot;Alexandria&quot;"));
        assert!(html.contains("card&lt;script&gt;.mcr"));
        assert!(html.contains("slot &lt;1&gt;"));
        assert!(html.contains("a &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; finding"));
    }

    #[test]
    fn the_page_shows_findings_as_the_library_groups_them() {
        // Ten cards above their caps, each with its own words, and one counter: the first
        // three of the kind shown, the other seven folded away under one line, the counter
        // shown (as the terminal prints them).
        let mut c = Collection::new(Platform::PlayStation, vec![card(1, 0, 0x11, P)]);
        c.findings = (1..=10u16)
            .map(|slot| {
                Finding::warning(FindingKind::AboveCap, format!("slot {slot}: attack above cap"))
                    .at(model::Location::CardSlot(slot))
            })
            .chain([Finding::warning(FindingKind::CounterOutOfRange, "wins = -3: negative")])
            .collect();
        let html = page(&c);
        let section = &html[html.find("<section id=\"findings\"").unwrap()..];
        let section = &section[..section.find("</section>").unwrap()];
        let shown = |m: &str| section.find(&format!("<strong>warning</strong>: {m}</li>"));
        let more = section.find("<summary>… and 7 more like it</summary>").expect(section);
        assert!(shown("slot 3: attack above cap").unwrap() < more, "{section}");
        assert!(shown("slot 4: attack above cap").unwrap() > more, "folded away: {section}");
        assert!(
            shown("wins = -3: negative").unwrap() > shown("slot 10: attack above cap").unwrap()
        );
        assert_eq!(section.matches("<details>").count(), 1, "{section}");
    }

    #[test]
    fn a_full_collection_page_is_under_300_kb_and_loads_nothing() {
        // The game's limit, 100 cards, at their largest: 100 ids, eight arrows each.
        let types = [P, M, X, A];
        let cards: Vec<CardRecord> =
            (0..100u16).map(|i| card(i + 1, i as u8, 0xFF, types[usize::from(i % 4)])).collect();
        let c = Collection::new(Platform::Pc, cards);
        let html = page(&c);
        assert!(html.len() < 300 * 1024, "{} bytes", html.len());
        for needle in
            ["http:", "https:", "src=", "<link", "<script src", "@import", "url(", "fetch("]
        {
            assert!(!html.contains(needle), "the page refers to something outside: {needle}");
        }
        assert_eq!(html.matches("<details class=\"card").count(), 100);
    }

    /// The page's size against the room made for it (a file name that escapes to 6× its
    /// quotes).
    fn size_and_room(collection: &Collection) -> (usize, usize) {
        let (page, room) = page_and_room(collection, "card\"\"\".mcr");
        (page.len(), room)
    }

    #[test]
    fn the_page_fits_in_the_room_made_for_it() {
        // Every card at its largest: eight arrows, an unknown type, stats over their caps.
        let big = |slot: u16, id: u8| CardRecord {
            slot,
            id,
            arrows: 0xFF,
            atk: 255,
            card_type: CardType::Unknown(200),
            pdef: 255,
            mdef: 255,
            cpoint: None,
        };
        let full: Vec<CardRecord> = (0..100u16).map(|i| big(10_000 + i, i as u8)).collect();
        let (len, room) = size_and_room(&Collection::new(Platform::Pc, full.clone()));
        assert!(len <= room, "{len} bytes in {room}");
        assert!(room < len * 3 / 2, "a loose bound: {len} bytes in {room}");
        // Five copies of each card (the plan then has safe discards), and the escaped texts.
        let many: Vec<CardRecord> = (0..500u16).map(|i| big(10_000 + i, (i % 100) as u8)).collect();
        let mut c = Collection::new(Platform::Pc, many);
        c.summary.leader_name = Some("\"".repeat(20));
        c.summary.location = Some("\"".repeat(40));
        c.findings =
            (0..30).map(|_| Finding::warning(FindingKind::Other, "\"".repeat(50))).collect();
        let (len, room) = size_and_room(&c);
        assert!(len <= room, "{len} bytes in {room}");
        // Nothing at all: 100 outlines.
        let (len, room) = size_and_room(&Collection::new(Platform::Switch, vec![]));
        assert!(len <= room, "{len} bytes in {room}");
    }

    #[test]
    fn marks_are_found_by_slot_and_a_repeated_slot_gives_the_later_card() {
        // Slot 3 twice: Goblin P (10 + 5 + 0 = 15 points alone), then Skeleton A (10 + 5 + 2).
        let c = Collection::new(
            Platform::Pc,
            vec![card(3, 0, 0x01, P), card(1, 1, 0x02, M), card(3, 2, 0x04, A)],
        );
        let score = score_report(&c, true);
        let plan = plan_report(&c, None, None, MASTER_POINTS);
        let marks = Marks::new(&score, Some(&plan));
        assert_eq!(marks.worth(3).map(|w| w.total()), Some(17));
        assert_eq!(marks.worth(1).map(|w| w.total()), Some(15));
        assert_eq!(marks.worth(2), None);
        for slot in 0..5 {
            assert_eq!(marks.keeper(slot), plan.master.keepers.contains(&slot));
            assert_eq!(marks.safe(slot), plan.safe_discards.contains(&slot));
        }
        assert!(marks.keeper(1), "the only Fang is a keeper");
    }

    #[test]
    fn catalogue_names_need_no_escaping() {
        for info in cards::CATALOGUE {
            assert_eq!(Plain(info.name).render().into_string(), info.name.render().into_string());
        }
    }

    #[test]
    fn the_page_shows_the_hand_computed_score() {
        // Goblin P 0x01, Goblin X 0x02, Fang A 0x01: ids 20 + masks 10 + X 1 + A 2 = 33.
        let c = Collection::new(
            Platform::Pc,
            vec![card(1, 0, 0x01, P), card(2, 0, 0x02, X), card(3, 1, 0x01, A)],
        );
        let html = page(&c);
        assert!(html.contains("<span class=\"big\" id=\"points\" data-points=\"33\">33</span>"));
        assert!(html.contains("data-id=\"0\" data-owned=\"2\""));
        assert!(html.contains("data-id=\"1\" data-owned=\"1\""));
        assert!(html.contains("data-id=\"2\" data-owned=\"0\""));
        assert!(html.contains("Beginner, rank 1 of 32"));
        assert!(html.contains("card numbers held 2 × 10 = <strong>20</strong>"));
    }

    #[test]
    fn a_cards_arrows_are_one_path_of_the_triangles_of_its_bits() {
        // Goblin with arrows up (bit 0), right (bit 2) and up-left (bit 7): the triangle at the
        // top's middle, the one at the right side's middle, the one in the top left corner, in
        // that order, as one path; Fang without arrows draws no path.
        let c = Collection::new(Platform::Pc, vec![card(1, 0, 0b1000_0101, P), card(2, 1, 0, P)]);
        let html = page(&c);
        let goblin =
            &html[html.find("id=\"card-1\"").unwrap()..html.find("id=\"card-2\"").unwrap()];
        let fang = &html[html.find("id=\"card-2\"").unwrap()..html.find("id=\"card-3\"").unwrap()];
        assert!(
            goblin.contains(
                r#"<path class="ar" d="M25 10 30 3 35 10ZM50 34 57 40 50 46ZM4 12 3 3 12 4Z">"#
            ),
            "{goblin}"
        );
        assert!(goblin.contains("3 arrows: up, right, up-left"));
        assert!(!fang.contains("<path"), "{fang}");
        assert!(!html.contains("<use"));
    }

    #[test]
    fn an_empty_or_odd_collection_still_makes_a_page() {
        // No card at all: 100 outlines, 0 points.
        let html = page(&Collection::new(Platform::Switch, vec![]));
        assert_eq!(html.matches("data-owned=\"0\"").count(), 100);
        assert!(html.contains("data-points=\"0\""));
        // An id outside the catalogue, an unknown type and stats over their caps.
        let mut odd = card(1, 200, 0x01, CardType::Unknown(9));
        odd.atk = 255;
        let mut over = card(2, 0, 0x02, P);
        over.atk = 250; // Goblin's attack cap is far lower
        let html = page(&Collection::new(Platform::Pc, vec![odd, over]));
        assert!(html.contains("1 card has an id outside the catalogue"));
        assert!(html.contains("(over the cap)"));
        assert_eq!(html.matches("<details class=\"card").count(), 100);
    }
}
