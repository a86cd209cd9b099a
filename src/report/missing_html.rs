//! The missing cards on the page: the same compact list as the terminal's, one item per card
//! (its best open way first, the rest after it), with the sources of its ways behind a
//! disclosure, and the legend once under the list.

use super::missing::{
    card_block, citation_label, citation_url, citation_what, missing_list, CardBlock,
};
use crate::sources::{Availability, MissingCard, Status};

/// A state's word, as the JSON says it.
fn state_word(s: Status) -> &'static str {
    match s {
        Status::Open => "open",
        Status::Later => "later",
        Status::Taken => "taken",
        Status::Missed => "missed",
        Status::Over => "over",
    }
}
use maud::{html, Markup};

/// The sources of a card's ways, behind a disclosure.
fn sources_disclosure(b: &CardBlock) -> Markup {
    html! {
        details.way-sources {
            summary { "Sources" }
            ul {
                @for way in &b.cited {
                    li data-state=(state_word(way.state)) { (way.words) ": "
                        @for (i, c) in way.citations.iter().enumerate() {
                            @if i > 0 { ", " }
                            a href=(citation_url(c)) rel="noreferrer" title=(citation_what(c).unwrap_or("")) {
                                (citation_label(c)) }
                        }
                    }
                }
            }
        }
    }
}

/// One card's ways: the best first (after `head`, the card's name, when given), then the
/// rest, then the sources' disclosure (which the list's style puts beside the first line).
fn block_html(b: &CardBlock, head: Option<Markup>) -> Markup {
    html! {
        p.best {
            @if let Some(head) = head { (head) " " }
            (b.best())
        }
        @for line in b.rest() { p.more { (line) } }
        @if !b.cited.is_empty() { (sources_disclosure(b)) }
    }
}

/// A missing card's ways as the album's card panel shows them.
pub fn card_ways_html(m: &MissingCard) -> Markup {
    let b = card_block(m);
    html! {
        div.ways {
            @if b.lost { p { strong { "No longer obtainable in this playthrough." } } }
            (block_html(&b, None))
        }
    }
}

/// The missing section's content: the summary, one item per card (each links to its album
/// card), the cards only card players may hold, the pickups the save records, the legend.
pub fn missing_html(a: &Availability) -> Markup {
    let list = missing_list(a);
    html! {
        p { (list.summary) }
        @if !list.blocks.is_empty() {
            ul.missing {
                @for b in &list.blocks {
                    li data-number=(b.number) data-obtainable=(!b.lost) {
                        (block_html(b, Some(html! {
                            a.card-name href={ "#card-" (b.number) } { (b.number) " " (b.name) }
                            @if b.lost { " " span.badge { "no longer obtainable" } }
                        })))
                    }
                }
            }
        }
        @if !list.players_only.is_empty() {
            p.players-only { "From card players only: "
                @for (i, (number, name)) in list.players_only.iter().enumerate() {
                    @if i > 0 { ", " }
                    a href={ "#card-" (number) } data-number=(number) { (number) " " (name) }
                }
                "." }
        }
        p { (list.pickups) }
        @for line in list.legend { p.muted { small { (line) } } }
    }
}
