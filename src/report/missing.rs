//! Where each missing card can still be had, as both front ends show it: the `--json` contract
//! of `quadmist missing`, the words of the compact list (one block per card, its best open way
//! first; facts shared by many ways said once in a legend), which the page's list
//! (`report::missing_html`) and the terminal's both lay out.
//!
//! The words carry no citation and no internal label: citations are in `--json`, behind
//! `--sources` in the terminal and behind each card's disclosure on the page.

use crate::model::card_sources::{Fight, SourceKind, ANY_CARD_PLAYER, SOURCE_REFS};
use crate::sources::{Availability, MissingCard, PickupState, SourceState, Status};
use serde::Serialize;

/// Everything `quadmist missing --json` prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct MissingReport {
    /// The story's disc (`null` when the save has no event variables).
    pub disc: Option<u8>,
    /// The scenario counter, the story point every window is judged on (`null` likewise).
    pub progress: Option<u16>,
    /// Every missing card number, with its ways (the analysis's own values: their fields are
    /// the contract's).
    pub missing: Vec<MissingCard>,
    /// Every flag the save keeps for a pickup, reward or treasure.
    pub pickups: Vec<PickupState>,
}

/// The JSON report of an availability.
pub fn missing_report(a: &Availability) -> MissingReport {
    MissingReport {
        disc: a.disc,
        progress: a.progress,
        missing: a.missing.clone(),
        pickups: a.pickups.clone(),
    }
}

/// A window in words, `None` when no source gives it: "disc 1", "discs 1–3", "disc 3, until
/// story point 8800", "from story point 10300", "story points 9450–9890" (a story point's
/// bound where known, the disc's for the other).
pub fn window_words(s: &SourceState) -> Option<String> {
    let discs = s.disc.map(|[from, to]| match from == to {
        true => format!("disc {from}"),
        false => format!("discs {from}–{to}"),
    });
    match (s.progress, discs) {
        (Some([Some(from), Some(to)]), _) => Some(format!("story points {from}–{to}")),
        (Some([None, Some(to)]), Some(d)) => Some(format!("{d}, until story point {to}")),
        (Some([None, Some(to)]), None) => Some(format!("until story point {to}")),
        (Some([Some(from), None]), _) => Some(format!("from story point {from}")),
        (_, discs) => discs,
    }
}

/// A drop's enemy with what is known of the fight: "Valia Pira (Desert Palace, story points
/// 9450–9890, once)", "Zombie".
fn enemy_words(s: &SourceState) -> String {
    enemy_met_words(s, s.met)
}

/// [`enemy_words`] with the places given apart (an enemy's guide entries joined).
fn enemy_met_words(s: &SourceState, met: Option<&str>) -> String {
    let mut said: Vec<String> = met.map(str::to_string).into_iter().collect();
    said.extend(window_words(s));
    if s.fight == Some(Fight::Once) {
        said.push("once".to_string());
    }
    said.extend(s.dispute.map(str::to_string));
    match said.is_empty() {
        true => s.place.to_string(),
        false => format!("{} ({})", s.place, said.join(", ")),
    }
}

/// One way but a drop in words, without its kind: "Alexandria, pub (disc 1)".
fn place_words(s: &SourceState) -> String {
    let mut said: Vec<String> = window_words(s).into_iter().collect();
    said.extend(s.dispute.map(str::to_string));
    match said.is_empty() {
        true => s.place.to_string(),
        false => format!("{} ({})", s.place, said.join("; ")),
    }
}

/// The word for a kind in the list ("chocobo" for the chocobo side quest's treasures).
fn kind_word(kind: SourceKind) -> &'static str {
    match kind {
        SourceKind::Other => "chocobo treasure",
        SourceKind::Player => "card players",
        other => other.word(),
    }
}

/// ", (one guide)" when a single source gives it.
fn one_guide(one: bool) -> &'static str {
    if one {
        " (one guide)"
    } else {
        ""
    }
}

/// One way with its kind: "pickup: Alexandria, pub (disc 1)", "drop: Zombie (one guide)".
pub fn way_words(s: &SourceState) -> String {
    let what = match s.kind {
        SourceKind::Drop => enemy_words(s),
        _ => place_words(s),
    };
    format!("{}: {what}{}", kind_word(s.kind), one_guide(s.one_source))
}

/// Ways of the same state in words, drops of one kind gathered in one clause ("drop: A, B
/// (one guide)"): the order of `ways` is kept, each clause where its first way stands.
fn clauses(ways: &[&SourceState]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let drops: Vec<&&SourceState> = ways.iter().filter(|s| s.kind == SourceKind::Drop).collect();
    let mut drops_said = false;
    for s in ways {
        if s.kind != SourceKind::Drop {
            out.push(way_words(s));
        } else if !drops_said {
            drops_said = true;
            let all_one = drops.iter().all(|d| d.one_source);
            // The guide lists one enemy met in several places as several entries: entries
            // alike but for their places read as one enemy, met in all their places.
            let mut alike: Vec<(&SourceState, Vec<&str>)> = Vec::new();
            for d in &drops {
                let places = d.met.into_iter().flat_map(|m| m.split(", "));
                match alike.iter_mut().find(|(a, _)| same_but_place(a, d)) {
                    Some((a, met)) => {
                        // Checked twice for one entry is checked twice for the enemy.
                        if a.one_source && !d.one_source {
                            *a = d;
                        }
                        places.for_each(|p| {
                            if !met.contains(&p) {
                                met.push(p);
                            }
                        })
                    }
                    None => alike.push((d, places.collect())),
                }
            }
            let mut items: Vec<String> = Vec::new();
            for (d, met) in alike {
                let met = (!met.is_empty()).then(|| met.join(", "));
                let words = enemy_met_words(d, met.as_deref());
                items.push(format!("{words}{}", one_guide(d.one_source && !all_one)));
            }
            out.push(format!("drop: {}{}", items.join(", "), one_guide(all_one)));
        }
    }
    out
}

/// Two drops of one enemy that differ at most in where it is met, or in their number of
/// sources where one of them has no place (the guide's entry no battle can be told to be).
fn same_but_place(a: &SourceState, b: &SourceState) -> bool {
    (a.place, a.fight, a.disc, a.progress, a.dispute)
        == (b.place, b.fight, b.disc, b.progress, b.dispute)
        && (a.one_source == b.one_source || a.met.is_none() || b.met.is_none())
}

/// One way of a missing card with the citations of its facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitedWay {
    /// The way in words, with its kind and window.
    pub words: String,
    /// The way in a word or two: the enemy, or the place.
    pub short: &'static str,
    /// The sources of the way, then those of its window, place and fight.
    pub citations: Vec<&'static str>,
    /// Where it stands.
    pub state: Status,
}

/// One missing card as both front ends list it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardBlock {
    /// Card number 1..100.
    pub number: u8,
    /// Its name.
    pub name: &'static str,
    /// No way is left.
    pub lost: bool,
    /// The ways open now, best first, in words; any card player is left to the legend.
    pub open: Vec<String>,
    /// The ways that open later in the story ("later: ...").
    pub later: Vec<String>,
    /// The ways gone, each with its state ("missed: ...", "over: ...").
    pub gone: Vec<String>,
    /// Every way with the citations of its facts (for `--sources` and the page's
    /// disclosure), in the order shown.
    pub cited: Vec<CitedWay>,
}

impl CardBlock {
    /// The first line's words: the best open way, else the first that opens later, else what
    /// is left.
    pub fn best(&self) -> String {
        match (self.open.first(), self.later.first(), self.lost) {
            (Some(way), _, _) => way.clone(),
            (None, Some(way), _) => format!("later: {way}"),
            (None, None, true) => "no way left in this playthrough".to_string(),
            (None, None, false) => "only from card players".to_string(),
        }
    }

    /// The rest, each a paragraph: the other open ways, then the later ones (but the one said
    /// first), then the ways gone, grouped by state.
    pub fn rest(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.open.len() > 1 {
            out.push(format!("also {}", self.open[1..].join("; ")));
        }
        match (self.open.is_empty(), self.later.len()) {
            (true, 2..) => out.push(format!("also later: {}", self.later[1..].join("; "))),
            (false, 1..) => out.push(format!("later: {}", self.later.join("; "))),
            _ => {}
        }
        out.extend(self.gone.iter().cloned());
        out
    }
}

/// The words of the ways gone, one clause per state: "missed: A; B", "over: C".
fn gone_words(m: &MissingCard) -> Vec<String> {
    let mut out = Vec::new();
    for (state, word) in
        [(Status::Missed, "missed"), (Status::Over, "over"), (Status::Taken, "taken, then lost")]
    {
        let ways: Vec<&SourceState> = m.sources.iter().filter(|s| s.state == state).collect();
        if !ways.is_empty() {
            let words: Vec<String> = ways
                .iter()
                .map(|s| match s.kind {
                    SourceKind::Drop => enemy_words(s),
                    _ => place_words(s),
                })
                .collect();
            out.push(format!("{word}: {}", words.join("; ")));
        }
    }
    out
}

/// The citations of one way: the sources of the way, then those of its window, place and
/// fight, each once.
fn citations(s: &SourceState) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = s.sources.clone();
    for c in &s.window_sources {
        if !out.contains(c) {
            out.push(c);
        }
    }
    out
}

/// The block of one missing card.
pub fn card_block(m: &MissingCard) -> CardBlock {
    let shown = |s: &&SourceState| s.place != ANY_CARD_PLAYER;
    let of = |state: Status| -> Vec<&SourceState> {
        m.sources.iter().filter(|s| s.state == state).filter(shown).collect()
    };
    CardBlock {
        number: m.number,
        name: m.name,
        lost: !m.obtainable,
        open: clauses(&of(Status::Open)),
        later: clauses(&of(Status::Later)),
        gone: gone_words(m),
        cited: m
            .sources
            .iter()
            .filter(|s| shown(s))
            .map(|s| CitedWay {
                words: way_words(s),
                short: s.place,
                citations: citations(s),
                state: s.state,
            })
            .collect(),
    }
}

/// A card whose only way is some card player, none named: listed together at the end.
pub fn only_card_players(m: &MissingCard) -> bool {
    m.obtainable && m.sources.iter().all(|s| s.place == ANY_CARD_PLAYER)
}

/// The story point in words, for the summary.
pub fn story_words(a: &Availability) -> String {
    match (a.disc, a.progress) {
        (Some(d), Some(p)) => format!("the story is on disc {d}, at story point {p}"),
        _ => "the save holds no event variables, so the story point and the pickups taken are \
              unknown and every way is listed as open"
            .to_string(),
    }
}

/// The pickups, rewards and treasures the save records, in one sentence: "4 taken (11 Yeti,
/// 12 Mimic, 17 Nymph, 19 Zuu), 30 still to be had, 11 missed".
pub fn pickups_words(a: &Availability) -> String {
    let taken: Vec<String> =
        a.pickups.iter().filter(|p| p.taken).map(|p| format!("{} {}", p.number, p.name)).collect();
    let missed = a.pickups.iter().filter(|p| p.missed).count();
    let open = a.pickups.len() - taken.len() - missed;
    let taken_words = match taken.is_empty() {
        true => "none taken".to_string(),
        false => format!("{} taken ({})", taken.len(), taken.join(", ")),
    };
    format!(
        "Pickups, rewards and treasures the save records: {taken_words}, {open} still to be had, \
         {missed} missed."
    )
}

/// The facts shared by many ways, said once under the list.
pub const LEGEND: [&str; 4] = [
    "A story point is the save's scenario counter; a window not given is not known, and never \
     counted as over.",
    "drop: the card an enemy may leave, 32 chances in 256 after each battle won against it and \
     at most one card a battle (the game's code); once: a fight that happens only once. \
     (one guide): a single source gives it.",
    "Every card but Namingway may also be won from card players; which decks hold which cards \
     is not public.",
    "quadmist missing --sources names the sources of each way; --json gives them all.",
];

/// The whole list, in the order both front ends show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingList {
    /// The first sentence: how many are missing, lost, and where the story is.
    pub summary: String,
    /// One block per missing card with a way to show, in number order.
    pub blocks: Vec<CardBlock>,
    /// The cards only card players may hold: number and name.
    pub players_only: Vec<(u8, &'static str)>,
    /// The pickups the save records, in one sentence.
    pub pickups: String,
    /// The legend.
    pub legend: &'static [&'static str],
}

/// The summary sentence.
fn summary(a: &Availability) -> String {
    let n = a.missing.len();
    let numbers = |n: usize| format!("{n} card number{}", if n == 1 { "" } else { "s" });
    let lost: Vec<String> = a.lost().map(|m| format!("{} {}", m.number, m.name)).collect();
    if n == 0 {
        format!("All 100 card numbers are held; {}.", story_words(a))
    } else if lost.is_empty() {
        format!("{} missing, all still to be had; {}.", numbers(n), story_words(a))
    } else {
        let (points, level) = crate::sources::best_reachable(lost.len());
        format!(
            "{} missing; {} no longer to be had in this playthrough ({}), so Master is out of \
             reach on this save: the best left is {points} points, {}; {}.",
            numbers(n),
            lost.len(),
            lost.join(", "),
            super::score::rank_label(level),
            story_words(a)
        )
    }
}

/// The list of an availability.
pub fn missing_list(a: &Availability) -> MissingList {
    MissingList {
        summary: summary(a),
        blocks: a.missing.iter().filter(|m| !only_card_players(m)).map(card_block).collect(),
        players_only: a
            .missing
            .iter()
            .filter(|m| only_card_players(m))
            .map(|m| (m.number, m.name))
            .collect(),
        pickups: pickups_words(a),
        legend: &LEGEND,
    }
}

/// What a citation is, in our words, from the table of sources.
pub fn citation_what(citation: &str) -> Option<&'static str> {
    SOURCE_REFS.iter().find(|r| r.citation == citation).map(|r| r.what)
}

/// A citation shortened for a link's text: "Memoria, EMinigame.cs" for a repository file,
/// the address without its scheme for a page.
pub fn citation_label(citation: &str) -> String {
    match citation.strip_prefix("github.com/") {
        Some(rest) => {
            let repo = rest.split('@').next().unwrap_or(rest);
            let name = repo.rsplit('/').next().unwrap_or(repo);
            let file = rest.rsplit('/').next().unwrap_or(rest);
            let file = file.rsplit(':').next().unwrap_or(file);
            format!("{name}, {file}")
        }
        None => citation.trim_start_matches("https://").to_string(),
    }
}

/// A citation as a link: a repository file at a commit becomes its address on GitHub; a page
/// address stays.
pub fn citation_url(citation: &str) -> String {
    let Some(rest) = citation.strip_prefix("github.com/") else { return citation.to_string() };
    let Some((repo, at)) = rest.split_once('@') else { return format!("https://{citation}") };
    let (commit, path) = at.split_once(':').unwrap_or((at, ""));
    format!("https://github.com/{repo}/blob/{commit}/{}", path.replace(' ', "%20"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_citation_becomes_a_link() {
        assert_eq!(
            citation_url("github.com/a/b@0123abcd:dir one/f.txt"),
            "https://github.com/a/b/blob/0123abcd/dir%20one/f.txt"
        );
        assert_eq!(citation_url("https://example.org/x"), "https://example.org/x");
    }
}
