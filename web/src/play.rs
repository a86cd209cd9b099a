//! The match companion's page (`play.html`): a real match followed by taps, with the adviser
//! searching in a Web Worker.
//!
//! The match itself is [`Companion`] (the library's `game::live` behind JSON commands); this
//! module renders it as HTML and passes strings across. The page's script keeps what is not the
//! match ([`Ui`]: which card is selected, the cells tapped as blocked, the opponent card being
//! picked, the adviser's last answer); what a tap on the picker does is worked out here
//! ([`picker`]), with the library's rule of what an opponent can hold
//! ([`quadmist::rules::dealt`]). The worker calls [`advise`] with the stored match.

use crate::play_protocol::{AdviceReply, AdviceRequest};
use maud::{html, Markup};
use quadmist::ff9;
use quadmist::game::card::GameCard;
use quadmist::game::companion::{
    Advice, AdviceOptions, AskView, CardView, Command, Companion, CompanionError, View,
};
use quadmist::game::notation::{self, arrows_text, card_text, cell_name};
use quadmist::game::search::{Budget, Goal, Opponent, Searcher};
use quadmist::game::sim::random_position;
use quadmist::model::catalogue::{self as cards, CATALOGUE};
use quadmist::model::CardType;
use quadmist::rules::dealt::{self, Partial};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::wasm_bindgen;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: there in a window and in a worker.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The page's clock for the search's time budget.
#[cfg(target_arch = "wasm32")]
fn page_clock() -> f64 {
    performance_now()
}

#[cfg(not(target_arch = "wasm32"))]
fn page_clock() -> f64 {
    quadmist::game::search::system_clock()
}

/// A match followed on the page.
#[wasm_bindgen]
pub struct PlayMatch {
    companion: Companion,
}

/// An opponent card seen in an earlier match (or earlier in this one), offered again.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Seen {
    /// The card's number 1..=100, or 0 when it was not named.
    pub number: u8,
    /// Its four characters (`0P00`).
    pub chars: String,
}

/// What the page's script holds that is not the match.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Ui {
    /// The card tapped, waiting for a cell.
    pub selected: Option<u8>,
    /// The cell tapped, waiting for a card.
    pub cell: Option<u8>,
    /// Cells tapped as blocked, before they are confirmed.
    pub blocks: Vec<u8>,
    /// The opponent card being picked: its four characters, `_` where not known yet.
    pub chars: String,
    /// The character the keypad enters next (0..=3), when the player chose it.
    pub cursor: Option<u8>,
    /// Arrow bits tapped.
    pub arrows: u8,
    /// The card's number 1..=100, or 0 for none.
    pub name: u8,
    /// "Fix" was tapped: their card to correct is asked.
    pub fixing: bool,
    /// Their card (0..=4) being corrected.
    pub editing: Option<u8>,
    /// Opponent cards seen before, newest first.
    pub seen: Vec<Seen>,
    /// The adviser is searching this position.
    pub thinking: bool,
    /// The advice shown is a first answer; a better one is coming.
    pub refining: bool,
    /// The last message (an entry refused).
    pub message: String,
    /// The time budget, milliseconds.
    pub budget_ms: u64,
    /// The battle numbers typed so far, and the evolution box.
    pub shown_mine: String,
    /// Theirs.
    pub shown_theirs: String,
    /// The winner's letter changed.
    pub evolved: bool,
    /// The card typed in the notation, so far.
    pub card_text: String,
    /// The line to type the card is open.
    pub typing: bool,
}

#[wasm_bindgen]
impl PlayMatch {
    /// A new match with my five cards in the notation (`138/X/53/90@E+S,...`).
    pub fn start(mine: &str) -> Result<PlayMatch, String> {
        Companion::new(mine).map(|companion| PlayMatch { companion }).map_err(|e| e.to_string())
    }

    /// The match a stored session describes.
    pub fn restore(session: &str) -> Result<PlayMatch, String> {
        Companion::restore_json(session)
            .map(|companion| PlayMatch { companion })
            .map_err(|e| e.to_string())
    }

    /// Applies a command (JSON); the empty string when done, else why it was refused.
    pub fn apply(&mut self, command: &str) -> String {
        match self.companion.apply_json(command) {
            Ok(()) => String::new(),
            Err(e) => e.to_string(),
        }
    }

    /// Enters a battle's result: whether my card `won`, the two numbers shown as typed
    /// (`mine`, `theirs`: both or neither, each 0 to 255) and whether the winner's letter
    /// changed; the empty string when done, else why it was refused (nothing changed).
    pub fn battle(&mut self, won: bool, mine: &str, theirs: &str, evolved: bool) -> String {
        let number = |t: &str| {
            let digits = !t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| t.parse::<u16>().ok()).flatten().filter(|&n| n <= 255)
        };
        let (mine, theirs) = (mine.trim(), theirs.trim());
        let shown = match (mine.is_empty(), theirs.is_empty()) {
            (true, true) => None,
            (false, false) => match (number(mine), number(theirs)) {
                (Some(m), Some(t)) => Some((m, t)),
                _ => return "The numbers shown are 0 to 255.".into(),
            },
            _ => return "Give both numbers shown, mine and theirs, or neither.".into(),
        };
        match self.companion.apply(Command::Battle { won, shown, evolved }) {
            Ok(()) => String::new(),
            Err(e) => e.to_string(),
        }
    }

    /// Goes back one entry; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.companion.undo()
    }

    /// Replaces their card `n` (0..=4) by `card` (the notation) and replays the entries after
    /// it; the empty string when done, else why not (nothing changed).
    pub fn edit_their_card(&mut self, n: usize, card: &str) -> String {
        match self.companion.edit_their_card(n, card) {
            Ok(()) => String::new(),
            Err(e) => e.to_string(),
        }
    }

    /// Their card `n` as the picker shows it (see [`card_picker`]), to correct it; the empty
    /// string when it is not entered.
    pub fn their_card_picker(&self, n: usize) -> String {
        self.companion.their_card(n).map(|c| card_picker(&c)).unwrap_or_default()
    }

    /// What a tap on the opponent card picker does ([`picker`], with the guess this match
    /// gives): the script's state `ui` and the tap as JSON, the [`Picked`] as JSON (the empty
    /// string when the tap cannot be read).
    pub fn picker_tap(&self, ui: &str, tap: &str) -> String {
        let ui: Ui = serde_json::from_str(ui).unwrap_or_default();
        let Ok(tap) = serde_json::from_str::<PickerTap>(tap) else { return String::new() };
        let g = guess_for(&self.companion.view(), &ui);
        serde_json::to_string(&picker(&ui, &tap, &g)).unwrap_or_default()
    }

    /// The whole match as JSON, to store; also the key advice is for.
    pub fn session(&self) -> String {
        self.companion.session_json()
    }

    /// What is asked and shown, as JSON.
    pub fn view(&self) -> String {
        serde_json::to_string(&self.companion.view()).unwrap_or_default()
    }

    /// True when the adviser has something to say now (my move or my target pick).
    pub fn wants_advice(&self) -> bool {
        matches!(self.companion.view().ask, AskView::Place { me: true } | AskView::Target { .. })
    }

    /// The page's HTML for the match, with `advice` (the worker's JSON, or empty) shown only
    /// when it is for this position, and the script's state `ui` (JSON).
    pub fn html(&self, advice: &str, ui: &str) -> String {
        let ui: Ui = serde_json::from_str(ui).unwrap_or_default();
        let key = self.companion.session_json();
        let advice = Advice::from_json(advice).ok().filter(|a| a.key == key);
        render(&self.companion.view(), advice.as_ref(), &ui, &key).into_string()
    }
}

/// A card as the picker shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CardPicker {
    /// Its four characters.
    pub chars: String,
    /// Its arrows.
    pub arrows: u8,
    /// Its number 1..=100, 0 when not named.
    pub name: u8,
}

/// A card in the notation as the picker shows it, the JSON of a [`CardPicker`] (the last card
/// when several are given); the empty string when it cannot be read.
#[wasm_bindgen]
pub fn card_picker(card: &str) -> String {
    let last = card.rsplit(',').next().unwrap_or_default();
    let Ok(c) = quadmist::game::live::parse_their_card(last) else { return String::new() };
    let p = CardPicker { chars: c.digits(), arrows: c.arrows, name: c.id.map_or(0, |i| i + 1) };
    serde_json::to_string(&p).unwrap_or_default()
}

/// The adviser's answer for a stored match (`session`, JSON) with `options`: the advice,
/// `None` when nothing is to be advised.
pub fn advise(session: &str, options: &AdviceOptions) -> Result<Option<Advice>, CompanionError> {
    Companion::restore_json(session)?.advise(options, page_clock, None)
}

/// Step `step` of the adviser's answers to `request` (the JSON of an [`AdviceRequest`]): step
/// 0 searches `quick_ms`, step 1 the whole budget; the JSON of an [`AdviceReply`], `final`
/// when no better answer follows (the last step, or figures already exact).
#[wasm_bindgen]
pub fn advise_step(request: &str, step: u32) -> String {
    let r: AdviceRequest = match serde_json::from_str(request) {
        Ok(r) => r,
        Err(e) => {
            let reply = AdviceReply {
                id: 0,
                session: String::new(),
                advice: String::new(),
                error: Some(format!("the adviser's request cannot be read: {e}")),
                ms: 0.0,
                last: true,
            };
            return serde_json::to_string(&reply).unwrap_or_default();
        }
    };
    let quick = step == 0 && r.quick_ms > 0 && r.budget_ms > r.quick_ms;
    let budget_ms = if quick { r.quick_ms } else { r.budget_ms };
    let options = AdviceOptions { budget_ms, ..AdviceOptions::default() };
    let start = page_clock();
    let (advice, error, exact) = match advise(&r.session, &options) {
        Ok(Some(a)) => (serde_json::to_string(&a).unwrap_or_default(), None, a.exact),
        Ok(None) => (String::new(), None, true),
        Err(e) => (String::new(), Some(e.to_string()), true),
    };
    let reply = AdviceReply {
        id: r.id,
        session: r.session,
        advice,
        error,
        ms: page_clock() - start,
        last: !quick || exact,
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

/// One save's cards to pick my hand from.
#[derive(Debug, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct HandSave {
    /// The save's label.
    pub label: String,
    /// Its cards: slot, the notation of the card (exact), and the words shown.
    pub cards: Vec<HandCard>,
}

/// A card of a save, to tap into my hand.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct HandCard {
    /// Its slot in the save.
    pub slot: u16,
    /// The card in the notation, exact.
    pub text: String,
    /// Its name.
    pub name: String,
    /// Its number 1..=100.
    #[serde(default)]
    pub number: u8,
    /// Its digits as the game shows them.
    pub digits: String,
    /// Its exact stats, `138/X/53/90`.
    #[serde(default)]
    pub stats: String,
    /// Attack plus both defences, to sort the strongest first.
    #[serde(default)]
    pub total: u16,
    /// Its arrows.
    pub arrows: u8,
}

/// The Final Fantasy IX saves of a file and their cards, or why it cannot be read.
#[derive(Debug, Default, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Saves {
    /// The saves with cards first, then those without (a hand cannot come from them).
    pub saves: Vec<HandSave>,
    /// Why the file cannot be read; or, when it holds no save with cards, that it holds none.
    pub error: Option<String>,
}

/// The Final Fantasy IX saves of a file and their cards, the JSON of [`Saves`].
#[wasm_bindgen]
pub fn save_hands(name: &str, bytes: &[u8]) -> String {
    serde_json::to_string(&saves_of(name, bytes)).unwrap_or_default()
}

fn saves_of(name: &str, bytes: &[u8]) -> Saves {
    let failed = |error: String| Saves { saves: Vec::new(), error: Some(error) };
    if bytes.len() as u64 > ff9::MAX_FILE_SIZE {
        return failed(format!("{name}: too large to be a save"));
    }
    let set = match ff9::open(bytes, Some(name), &|_| None) {
        Ok(s) => s,
        Err(e) => return failed(format!("{name}: {e}")),
    };
    let saves: Vec<HandSave> = set
        .saves
        .iter()
        .filter_map(|s| {
            let c = s.collection().ok()?;
            let cards = c
                .cards
                .iter()
                .map(|r| {
                    let g = GameCard::from_record(r);
                    HandCard {
                        slot: r.slot,
                        text: card_text(&g),
                        name: cards::name(r.id),
                        number: r.id.saturating_add(1),
                        digits: g.digits(),
                        stats: format!("{}/{}/{}/{}", r.atk, r.card_type.letter(), r.pdef, r.mdef),
                        total: u16::from(r.atk) + u16::from(r.pdef) + u16::from(r.mdef),
                        arrows: r.arrows,
                    }
                })
                .collect();
            Some(HandSave { label: format!("{name} save {}: {}", s.selector, s.title), cards })
        })
        .collect();
    let (with, without): (Vec<HandSave>, Vec<HandSave>) =
        saves.into_iter().partition(|s| !s.cards.is_empty());
    if with.is_empty() {
        return Saves {
            saves: without,
            error: Some("No Final Fantasy IX save with cards in this file.".into()),
        };
    }
    Saves { saves: with.into_iter().chain(without).collect(), error: None }
}

/// What the set-up screen's card list shows: the save's cards, the ones picked (slots, in
/// hand order) and the order asked.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct HandPick {
    /// The save's cards.
    pub cards: Vec<HandCard>,
    /// Slots picked, in hand order.
    pub picked: Vec<u16>,
    /// `number` (catalogue order), `strength` (strongest first) or `save` (the save's order).
    pub sort: String,
}

/// The set-up screen's card list: every card of the save with its arrows, digits, exact stats
/// and name, sorted as asked; copies of one card told apart by their stats and, when those are
/// the same too, a copy number. `pick` is [`HandPick`]'s JSON.
#[wasm_bindgen]
pub fn hand_cards_html(pick: &str) -> String {
    let p: HandPick = serde_json::from_str(pick).unwrap_or_default();
    let mut cards = p.cards.clone();
    match p.sort.as_str() {
        "strength" => cards.sort_by(|a, b| b.total.cmp(&a.total).then(a.slot.cmp(&b.slot))),
        "save" => cards.sort_by_key(|c| c.slot),
        _ => cards.sort_by(|a, b| {
            (a.number, std::cmp::Reverse(a.total), a.slot).cmp(&(
                b.number,
                std::cmp::Reverse(b.total),
                b.slot,
            ))
        }),
    }
    // Copies identical in stats and arrows: numbered in the order shown.
    let same = |a: &HandCard, b: &HandCard| {
        a.number == b.number && a.stats == b.stats && a.arrows == b.arrows
    };
    html! {
        @for (k, c) in cards.iter().enumerate() {
            @let copies = cards.iter().filter(|o| same(o, c)).count();
            @let copy = cards[..k].iter().filter(|o| same(o, c)).count() + 1;
            @let at = p.picked.iter().position(|&s| s == c.slot);
            button type="button" class="hand-card" data-slot=(c.slot)
                aria-pressed=(at.is_some()) {
                span.face { (face(&c.digits, c.arrows)) }
                span.about {
                    b { (c.name) }
                    @if copies > 1 { " (copy " (copy) ")" }
                    br;
                    span.stats { (c.stats) }
                }
                @if let Some(i) = at { span.order { (i + 1) } }
            }
        }
    }
    .into_string()
}

/// My hand in the notation (`138/X/53/90@E+S,...`) from the cards picked of a save (`pick`,
/// [`HandPick`]'s JSON, `picked` in hand order); the empty string unless five are picked.
#[wasm_bindgen]
pub fn hand_text(pick: &str) -> String {
    let p: HandPick = serde_json::from_str(pick).unwrap_or_default();
    let texts: Option<Vec<&str>> = p
        .picked
        .iter()
        .map(|s| p.cards.iter().find(|c| c.slot == *s).map(|c| c.text.as_str()))
        .collect();
    match texts {
        Some(t) if t.len() == 5 => t.join(","),
        _ => String::new(),
    }
}

/// The card names, numbered 1..=100, for the picker's list.
#[wasm_bindgen]
pub fn card_names() -> String {
    let names: Vec<&str> = CATALOGUE.iter().map(|c| c.name).collect();
    serde_json::to_string(&names).unwrap_or_default()
}

/// Positions searched a second on the benchmark's positions (`benches/game.rs`: the first
/// `count` of `sim::random_position(seed, left)` with `left` cards left, against the game's AI
/// at Wise 3, best move only): `[positions, milliseconds]`. `nodes` 0 solves each exactly;
/// otherwise the search stops after that many positions, its leaves scored by the estimate
/// (at the opening, where the end is out of reach).
#[wasm_bindgen]
pub fn search_speed(left: u32, count: usize, nodes: u64) -> Vec<f64> {
    let (mut searched, mut ms) = (0u64, 0.0);
    let found = (0..10_000u64)
        .filter_map(|s| random_position(s, left))
        .filter(|m| m.board.cards_left() == left)
        .take(count);
    for m in found {
        let mut s = Searcher::new(&m.cards, Opponent::Game(3), Goal::Win, 20);
        s.set_top(1);
        let budget = if nodes == 0 { Budget::Unlimited } else { Budget::Nodes(nodes) };
        let t = page_clock();
        let a = s.analyse(&m.board, budget);
        ms += page_clock() - t;
        searched += a.nodes;
    }
    vec![searched as f64, ms]
}

/// What a tap on the opponent card picker does.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum PickerTap {
    /// A key of the keypad: a hex digit, or a type letter where the type is entered.
    Key(char),
    /// The character `n` (0..=3) is entered next.
    At(u8),
    /// The last character known goes.
    Back,
    /// Everything goes.
    Clear,
    /// An arrow, bit 0 north then clockwise, on or off.
    Arrow(u8),
    /// The card's number 1..=100 (0: no name).
    Name(u8),
    /// A card seen before (its index in [`Ui::seen`]).
    Seen(usize),
    /// Nothing changes: the picker as it is (its card, for Add).
    Look,
}

/// The picker after a tap.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Picked {
    /// The four characters, `_` where unknown.
    pub chars: String,
    /// The character entered next.
    pub cursor: Option<u8>,
    /// Arrow bits.
    pub arrows: u8,
    /// The card's number, 0 for none.
    pub name: u8,
    /// What Add enters, in the notation: the card typed, once its four characters are known
    /// and an opponent can hold it, else the card with the guess in its blanks (see
    /// [`guess`]) when an opponent can hold that.
    pub card: Option<String>,
    /// The four characters of [`Picked::card`], to remember it as seen.
    pub card_chars: Option<String>,
    /// Why the four characters are no card an opponent holds.
    pub error: Option<String>,
    /// The card is to be added now: the tap completed it, its arrows were entered first, and
    /// no card is being corrected.
    pub add: bool,
}

fn partial(chars: &str) -> Partial {
    let mut k: Partial = [None; 4];
    for (i, c) in chars.chars().take(4).enumerate() {
        if c != '_' {
            k[i] = Some(c.to_ascii_uppercase());
        }
    }
    k
}

fn chars_text(k: &Partial) -> String {
    k.iter().map(|c| c.unwrap_or('_')).collect()
}

fn name_id(name: u8) -> Option<u8> {
    (1..=100).contains(&name).then(|| name - 1)
}

/// The character the keypad enters next: the one chosen, else the first unknown, else the
/// last.
fn cursor_of(k: &Partial, cursor: Option<u8>) -> u8 {
    cursor
        .filter(|&c| c < 4)
        .unwrap_or_else(|| k.iter().position(Option::is_none).unwrap_or(3) as u8)
}

/// Fills every unknown character that only one value can take.
fn fill(id: Option<u8>, k: &mut Partial) {
    loop {
        let mut changed = false;
        for p in 0..4 {
            if k[p].is_none() {
                if let [only] = dealt::choices(id, k, p)[..] {
                    k[p] = Some(only);
                    changed = true;
                }
            }
        }
        if !changed {
            return;
        }
    }
}

/// The card the picker holds, in the notation (`[N:]0P00@0x05`).
fn picked_text(name: u8, k: &Partial, arrows: u8) -> String {
    let n = if name > 0 { format!("{name}:") } else { String::new() };
    format!("{n}{}@0x{arrows:02x}", chars_text(k))
}

/// What a tap does to the picker (see [`PickerTap`]); the guesses (best first) fill the blanks
/// for Add.
pub fn picker(ui: &Ui, tap: &PickerTap, guess: &[Partial]) -> Picked {
    let mut k = partial(&ui.chars);
    let mut name = ui.name;
    let mut arrows = ui.arrows;
    let mut cursor = ui.cursor;
    let mut forward = false;
    match *tap {
        PickerTap::Key(c) => {
            let at = cursor_of(&k, cursor) as usize;
            let c = c.to_ascii_uppercase();
            if dealt::choices(name_id(name), &k, at).contains(&c) {
                k[at] = Some(c);
                // The next unknown character after this one, else the first unknown.
                cursor = (at + 1..4).chain(0..at).find(|&p| k[p].is_none()).map(|p| p as u8);
                forward = true;
            }
        }
        PickerTap::At(p) => cursor = Some(p.min(3)),
        PickerTap::Look => {}
        PickerTap::Back => {
            if let Some(p) = (0..4).rev().find(|&p| k[p].is_some()) {
                k[p] = None;
                cursor = Some(p as u8);
            }
        }
        PickerTap::Clear => {
            k = [None; 4];
            name = 0;
            arrows = 0;
            cursor = None;
        }
        PickerTap::Arrow(b) => arrows ^= 1u8.checked_shl(u32::from(b)).unwrap_or(0),
        PickerTap::Name(n) => {
            name = if name_id(n).is_some_and(|id| !dealt::cards_matching(Some(id), &k).is_empty()) {
                n
            } else {
                0
            };
            if let (Some(id), None) = (name_id(name), k[1]) {
                // The card's own type, the one 126 of 127 new cards have (X or A is tapped).
                let letter = CATALOGUE[id as usize].default_type.letter();
                if !dealt::cards_matching(Some(id), &[k[0], Some(letter), k[2], k[3]]).is_empty() {
                    k[1] = Some(letter);
                }
            }
            cursor = None;
            forward = name > 0;
        }
        PickerTap::Seen(i) => {
            if let Some(s) = ui.seen.get(i) {
                let sk = partial(&s.chars);
                if sk.iter().all(Option::is_some)
                    && !dealt::cards_matching(name_id(s.number), &sk).is_empty()
                {
                    k = sk;
                    name = s.number;
                    cursor = None;
                    forward = true;
                }
            }
        }
    }
    if forward {
        fill(name_id(name), &mut k);
        if cursor.is_some_and(|c| k[c as usize].is_some()) {
            cursor = None;
        }
    }
    let complete = k.iter().all(Option::is_some);
    let (card, error) = if complete {
        let text = picked_text(name, &k, arrows);
        match notation::parse_their_card(&text) {
            Ok(_) => (Some((text, chars_text(&k))), None),
            Err(e) => (None, Some(e.to_string())),
        }
    } else {
        (
            shown_guess(name, &k, guess).map(|g| (picked_text(name, &g, arrows), chars_text(&g))),
            None,
        )
    };
    // Added by the tap only when the player gave every character: a guess waits for Add.
    let add = forward && complete && card.is_some() && arrows != 0 && ui.editing.is_none();
    let (card, card_chars) = card.unzip();
    Picked { chars: chars_text(&k), cursor, arrows, name, card, card_chars, error, add }
}

/// The characters a card created at random (any of the hundred alike, as the game creates
/// cards for a player with fewer than five) shows most often: Goblin, Fang, Skeleton,
/// Zaghnol, Lizard Man, Chocobo and Frog show nothing else but once in 127 (X). The guess for
/// their first card when none was seen before.
pub const FIRST_GUESS: &str = "0P00";

/// The guesses for the picker's blanks, best first: the characters of their cards entered so
/// far (the most frequent first, of equals the latest), then those of the cards seen before
/// (the last seen first), then [`FIRST_GUESS`]. An opponent's five cards come from a deck of
/// sixteen, drawn with replacement, so one card often comes back; one tap then confirms it.
pub fn guess(theirs: &[&str], seen: &[Seen]) -> Vec<Partial> {
    let complete = |c: &&str| partial(c).iter().all(Option::is_some);
    let theirs: Vec<&str> = theirs.iter().copied().filter(complete).collect();
    let mut ranked: Vec<(usize, usize, &str)> = theirs
        .iter()
        .enumerate()
        .map(|(i, c)| (theirs.iter().filter(|o| *o == c).count(), i, *c))
        .collect();
    ranked.sort_by_key(|r| std::cmp::Reverse((r.0, r.1)));
    let seen = seen.iter().map(|s| s.chars.as_str()).filter(complete);
    let mut out: Vec<Partial> = Vec::new();
    for c in ranked.into_iter().map(|r| r.2).chain(seen).chain([FIRST_GUESS]) {
        let k = partial(c);
        if !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// The characters typed (`k`), the blanks filled from `guess`, when an opponent can hold that
/// card (named `id`, if it is); `None` when every character is typed or the guess does not fit.
fn guessed(id: Option<u8>, k: &Partial, guess: &Partial) -> Option<Partial> {
    if k.iter().all(Option::is_some) {
        return None;
    }
    let mut g = *k;
    for (c, h) in g.iter_mut().zip(guess) {
        if c.is_none() {
            *c = *h;
        }
    }
    let whole = g.iter().all(Option::is_some);
    (whole && !dealt::cards_matching(id, &g).is_empty()).then_some(g)
}

/// What the blanks show and Add takes, from the guesses (best first) for the card named `name`
/// (0: none) with the characters typed `k`: the first guess that agrees with every character
/// typed (the typed ones narrow the guesses, as a name does), else the first whose characters
/// fill the blanks into a card; only cards the notation takes as held by an opponent.
fn shown_guess(name: u8, k: &Partial, guesses: &[Partial]) -> Option<Partial> {
    let holds = |g: &Partial| notation::parse_their_card(&picked_text(name, g, 0)).is_ok();
    let agrees = |g: &Partial| k.iter().zip(g).all(|(t, c)| t.is_none() || t == c);
    let fill = |g: &Partial| guessed(name_id(name), k, g).filter(holds);
    guesses.iter().filter(|g| agrees(g)).find_map(fill).or_else(|| guesses.iter().find_map(fill))
}

/// The guesses (see [`guess`]) for the match shown in `v`: their cards entered so far, the
/// cards seen before.
fn guess_for(v: &View, ui: &Ui) -> Vec<Partial> {
    let theirs: Vec<&str> =
        v.cards.iter().filter(|c| c.slot >= 5).map(|c| c.digits.as_str()).collect();
    guess(&theirs, &ui.seen)
}

fn percent(p: f64) -> String {
    format!("{:.1}\u{a0}%", 100.0 * p)
}

/// The eight arrow marks of a card (bit 0 north, clockwise).
fn arrow_marks(arrows: u8) -> Markup {
    const NAMES: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
    html! {
        @for (b, n) in NAMES.iter().enumerate() {
            @if arrows & (1 << b) != 0 { i class={ "ar ar-" (n) } {} }
        }
    }
}

/// A card's face: its digits and arrows (the arrows also in words, for screen readers).
fn face(digits: &str, arrows: u8) -> Markup {
    let words = match arrows {
        0 => "no arrows".to_string(),
        a => format!("arrows {}", arrows_text(a)),
    };
    html! {
        (arrow_marks(arrows))
        b.digits { (digits) }
        span.sr { " " (words) }
    }
}

fn question(v: &View, ui: &Ui) -> String {
    if let Some(n) = ui.editing {
        return format!(
            "Correct their card {}: its characters, name and arrows, then Save.",
            n + 1
        );
    }
    if ui.fixing {
        return "Tap their card to correct.".into();
    }
    let one_left = |me: bool| {
        let (lo, hi) = if me { (0, 5) } else { (5, 10) };
        v.cards.iter().filter(|c| (lo..hi).contains(&c.slot) && c.cell.is_none()).count() == 1
    };
    match &v.ask {
        AskView::TheirCard { n } => format!(
            "Their card {} of 5: its arrows, then its characters or name (Add takes grey \
             guesses).",
            n + 1
        ),
        AskView::Blocks => "Tap the blocked cells (grey in the game), then Done.".into(),
        AskView::First => "Coin toss: who places the first card?".into(),
        AskView::Place { me } => match (ui.selected, ui.cell, one_left(*me)) {
            (Some(_), _, _) => "Now tap a free cell.".into(),
            (None, Some(_), _) if *me => "Now tap my card for that cell.".into(),
            (None, Some(_), _) => "Now tap the card they played there.".into(),
            (None, None, true) if *me => "My last card: tap its cell.".into(),
            (None, None, true) => "Their last card: tap its cell.".into(),
            (None, None, false) if *me => {
                "My move: the gold cell plays the best move; or a card and a cell.".into()
            }
            (None, None, false) => "Their move: tap the card they played and its cell.".into(),
        },
        AskView::Target { attacker, .. } if *attacker >= 5 => {
            "Which of my cards does their card attack first? Tap it.".into()
        }
        AskView::Target { .. } => "Which card do I attack first? Tap it (gold: advised).".into(),
        AskView::Battle { .. } => "Battle: did my card win? The numbers shown are optional.".into(),
        AskView::Over { .. } => "The match is over.".into(),
    }
}

fn ask_name(ask: &AskView) -> &'static str {
    match ask {
        AskView::TheirCard { .. } => "their_card",
        AskView::Blocks => "blocks",
        AskView::First => "first",
        AskView::Place { me: true } => "place_me",
        AskView::Place { me: false } => "place_them",
        AskView::Target { .. } => "target",
        AskView::Battle { .. } => "battle",
        AskView::Over { .. } => "over",
    }
}

/// The adviser's time budgets offered, milliseconds and words.
const BUDGETS: [(u64, &str); 7] = [
    (250, "0.25 s"),
    (500, "0.5 s"),
    (1000, "1 s"),
    (2000, "2 s"),
    (5000, "5 s"),
    (10_000, "10 s"),
    (30_000, "30 s"),
];

/// The picker is shown: their card is asked or corrected.
fn picking(v: &View, ui: &Ui) -> bool {
    ui.editing.is_some() || (matches!(v.ask, AskView::TheirCard { .. }) && !ui.fixing)
}

/// The whole match view.
pub fn render(v: &View, advice: Option<&Advice>, ui: &Ui, key: &str) -> Markup {
    let ask = ask_name(&v.ask);
    let mode = if picking(v, ui) {
        "pick"
    } else if ui.fixing {
        "fix"
    } else {
        "play"
    };
    let score = v.score;
    html! {
        div.play data-ask=(ask) data-mode=(mode) data-board=(v.board.as_deref().unwrap_or(""))
            data-types=(v.types.as_deref().unwrap_or("")) data-advised=(u8::from(advice.is_some()))
            data-refining=(u8::from(ui.refining && advice.is_some()))
            data-key-length=(key.len()) {
            header.bar {
                span.score {
                    @match score {
                        Some((me, them)) => { "Me " b { (me) } " · them " b { (them) } },
                        None => "Setting up",
                    }
                }
                select #budget-now aria-label="The adviser's time for each move" {
                    @for (ms, label) in BUDGETS {
                        option value=(ms) selected[ui.budget_ms == ms] { (label) }
                    }
                }
                button type="button" data-act="undo" disabled[!v.can_undo] { "Undo" }
                button type="button" data-act="fix" aria-pressed=(ui.fixing)
                    disabled[v.cards.len() <= 5 || ui.editing.is_some()]
                    aria-label="Fix: correct one of their cards" { "Fix" }
                button type="button" data-act="new" { "New" }
            }
            // A refusal takes the question's place (and height): nothing below moves.
            @if ui.message.is_empty() {
                p.question #question { (question(v, ui)) }
            } @else {
                p.message #question role="alert" { (ui.message) }
            }
            (hand(v, ui, advice, false))
            @if picking(v, ui) {
                (hand(v, ui, advice, true))
                (picker_html(ui, &guess_for(v, ui)))
            } @else {
                (board(v, ui, advice))
                (hand(v, ui, advice, true))
                (panel(v, ui, advice))
            }
        }
    }
}

fn hand(v: &View, ui: &Ui, advice: Option<&Advice>, mine: bool) -> Markup {
    let cards: Vec<&CardView> = v.cards.iter().filter(|c| (c.slot < 5) == mine).collect();
    let (who, label) = if mine { ("mine", "My cards") } else { ("theirs", "Their cards") };
    let tappable = |c: &CardView| {
        if ui.fixing {
            // Any of their cards, on the board or not, can be corrected.
            return !mine;
        }
        if c.cell.is_some() {
            return false;
        }
        match v.ask {
            AskView::TheirCard { .. } => !mine && ui.editing.is_none(),
            AskView::Place { me } => me == mine,
            _ => false,
        }
    };
    let best = advice.filter(|a| a.kind == "place").and_then(|a| a.moves.first()).map(|m| m.slot);
    let asked = match v.ask {
        AskView::TheirCard { n } if !mine => Some(n as u8 + 5),
        _ => None,
    };
    html! {
        ol class={ "hand " (who) } aria-label=(label) {
            @for k in 0..5u8 {
                @let slot = k + if mine { 0 } else { 5 };
                li {
                    @match cards.iter().find(|c| c.slot == slot) {
                        Some(c) => {
                            @let placed = c.cell.is_some();
                            @let title = match &c.name {
                                Some(n) if !c.known.is_empty() => format!("{n}: {}", c.known),
                                Some(n) => n.clone(),
                                None => c.known.clone(),
                            };
                            @let editing = !mine && ui.editing == Some(slot.wrapping_sub(5));
                            button type="button"
                                class={ "card " (if c.mine_now { "blue" } else { "red" })
                                    @if placed { " placed" }
                                    @if ui.selected == Some(slot) || editing { " selected" }
                                    @if best == Some(slot) && !placed { " best" } }
                                data-act="card" data-slot=(slot) title=(title)
                                disabled[!tappable(c)] {
                                (face(&c.digits, c.arrows))
                                span.n { (k + 1) }
                            }
                        },
                        None => {
                            span class={ "card unknown" @if asked == Some(slot) { " asked" } } {
                                @if asked == Some(slot) {
                                    @let k2 = partial(&ui.chars);
                                    (face(&chars_text(&k2), ui.arrows))
                                } @else { "?" }
                            }
                        },
                    }
                }
            }
        }
    }
}

fn board(v: &View, ui: &Ui, advice: Option<&Advice>) -> Markup {
    let board: Vec<char> = v.board.as_deref().unwrap_or("").chars().filter(|&c| c != '/').collect();
    let (best_cell, best_target) = match advice.and_then(|a| a.moves.first().map(|m| (a, m))) {
        Some((a, m)) if a.kind == "place" => (Some(m.cell), None),
        Some((_, m)) => (None, m.first_target),
        None => (None, None),
    };
    let targets: &[u8] = match &v.ask {
        AskView::Target { targets, .. } => targets,
        _ => &[],
    };
    let battle = match v.ask {
        AskView::Battle { attacker, defender, .. } => Some((attacker, defender)),
        _ => None,
    };
    let entered = v.blocks.unwrap_or(0);
    let placing = matches!(v.ask, AskView::Place { .. }) && !ui.fixing;
    let asking_blocks = matches!(v.ask, AskView::Blocks) && !ui.fixing;
    html! {
        div.board role="group" aria-label="The board" {
            @for cell in 0..16u8 {
                @let ch = board.get(cell as usize).copied();
                @let slot = match ch {
                    Some(c @ 'a'..='j') => Some(c as u8 - b'a'),
                    Some(c @ 'A'..='J') => Some(c as u8 - b'A'),
                    _ => None,
                };
                @let blocked = ch == Some('#') || entered & (1 << cell) != 0
                    || (asking_blocks && ui.blocks.contains(&cell));
                @let card = slot.and_then(|s| v.cards.iter().find(|c| c.slot == s));
                @let (class, enabled, label) = cell_look(
                    cell, blocked, card, targets, best_cell, best_target, battle, ui,
                    placing, asking_blocks, matches!(v.ask, AskView::Place { me: true }));
                button type="button" class=(class) data-act="cell" data-cell=(cell)
                    data-slot=[slot] aria-label=(label) disabled[!enabled] {
                    @if let Some(c) = card { (face(&c.digits, c.arrows)) }
                }
            }
        }
    }
}

/// A cell's class, whether it takes a tap now, and its name for screen readers.
#[allow(clippy::too_many_arguments)]
fn cell_look(
    cell: u8,
    blocked: bool,
    card: Option<&CardView>,
    targets: &[u8],
    best_cell: Option<u8>,
    best_target: Option<u8>,
    battle: Option<(u8, u8)>,
    ui: &Ui,
    placing: bool,
    asking_blocks: bool,
    my_move: bool,
) -> (String, bool, String) {
    let name = cell_name(cell);
    let mut class = String::from("cell");
    if blocked {
        class.push_str(" block");
        return (class, asking_blocks, format!("{name}, blocked"));
    }
    let Some(c) = card else {
        if best_cell == Some(cell) && my_move {
            class.push_str(" best");
        }
        if ui.cell == Some(cell) {
            class.push_str(" selected");
        }
        return (class, placing || asking_blocks, format!("{name}, free"));
    };
    class.push_str(if c.mine_now { " blue" } else { " red" });
    let mut enabled = false;
    if targets.contains(&c.slot) {
        class.push_str(" target");
        enabled = true;
    }
    if best_target == Some(c.slot) {
        class.push_str(" best");
    }
    if battle.is_some_and(|(a, d)| a == c.slot || d == c.slot) {
        class.push_str(" fighting");
    }
    // The label starts with what the cell shows (the digits), so that a voice command naming
    // what is seen finds it.
    let whose = if c.mine_now { "mine" } else { "theirs" };
    (class, enabled, format!("{} on {name}, {whose}", c.digits))
}

fn panel(v: &View, ui: &Ui, advice: Option<&Advice>) -> Markup {
    let names = |s: u8| v.cards.iter().find(|c| c.slot == s).map(|c| c.digits.clone());
    html! {
        section.panel {
            @match &v.ask {
                _ if ui.fixing => {
                    button type="button" class="wide" data-act="fix-cancel" { "Cancel" }
                },
                AskView::TheirCard { .. } => {},
                AskView::Blocks => {
                    @let n = ui.blocks.len();
                    button type="button" class="wide" data-act="blocks" {
                        "Done: " (match n {
                            0 => "no blocked cell".to_string(),
                            1 => "1 blocked cell".to_string(),
                            n => format!("{n} blocked cells"),
                        })
                    }
                },
                AskView::First => {
                    div.row {
                        button type="button" data-act="first" data-me="1" { "I do" }
                        button type="button" data-act="first" data-me="0" { "They do" }
                    }
                },
                AskView::Place { me: true } | AskView::Target { .. } => (advice_panel(ui, advice)),
                AskView::Place { me: false } => {},
                AskView::Battle { chance, exact, mine_attacks, attacker, defender, .. } => {
                    @let (mine, theirs) = if *mine_attacks { (*attacker, *defender) } else { (*defender, *attacker) };
                    p {
                        "My " (names(mine).unwrap_or_default()) " "
                        (if *mine_attacks { "attacks" } else { "defends against" })
                        " their " (names(theirs).unwrap_or_default()) ". My chance to win it: "
                        b data-chance=(chance) { (percent(*chance)) }
                        @if !exact { " (estimate: the mean over their card's values)" }
                    }
                    div.row.numbers {
                        label { "Mine " input #shown-mine inputmode="numeric" maxlength="3"
                            autocomplete="off" value=(ui.shown_mine); }
                        label { "Theirs " input #shown-theirs inputmode="numeric" maxlength="3"
                            autocomplete="off" value=(ui.shown_theirs); }
                        label.check { input #evolved type="checkbox" checked[ui.evolved]; " Letter changed" }
                    }
                    div.row {
                        button type="button" data-act="battle" data-won="1" { "Won" }
                        button type="button" data-act="battle" data-won="0" { "Lost" }
                    }
                },
                AskView::Over { result, prize, outcome, .. } => {
                    p.result data-outcome=(format!("{outcome:?}").to_lowercase()) {
                        b { (result) } " " (prize)
                    }
                    div.row {
                        button type="button" data-act="rematch" { "Rematch with the same hand" }
                        button type="button" data-act="new" { "New match" }
                    }
                },
            }
            (log(v))
        }
    }
}

/// The last changes, kept on screen beside the advice.
fn log(v: &View) -> Markup {
    let from = v.log.len().saturating_sub(3);
    html! {
        ol.log aria-label="What happened last" aria-live="polite" {
            @for line in &v.log[from..] { li { (line) } }
        }
    }
}

/// A move in a few words, for the table: `card 5 to A2`, `their 0P00 on B1`.
fn move_words(kind: &str, m: &quadmist::game::companion::AdvisedMove) -> String {
    if kind == "place" {
        format!("card {} to {}", m.slot + 1, cell_name(m.cell))
    } else {
        m.text.trim_start_matches("attack ").trim_end_matches(" first").to_string()
    }
}

fn advice_panel(ui: &Ui, advice: Option<&Advice>) -> Markup {
    let Some(a) = advice else {
        let what = if ui.thinking { "Thinking…" } else { "No advice yet." };
        return html! { div.advice.thinking { p { (what) } } };
    };
    let Some(best) = a.moves.first() else {
        return html! { div.advice { p { "No move to advise." } } };
    };
    let cards = |c: f64| if c.abs() < 0.005 { 0.0 } else { c };
    html! {
        div.advice data-exact=(u8::from(a.exact)) data-depth=(a.depth) {
            button type="button" class="wide play-best" data-act="best" { "Best: " (best.text) }
            table.moves {
                thead { tr {
                    th scope="col" { span.sr { "Move" } }
                    th scope="col" { "win" } th scope="col" { "draw" } th scope="col" { "loss" }
                    th scope="col" { "cards" }
                } }
                tbody {
                    @for (k, m) in a.moves.iter().enumerate() {
                        tr data-slot=(m.slot) data-cell=(m.cell) data-win=(format!("{:e}", m.win))
                            data-draw=(format!("{:e}", m.draw)) data-loss=(format!("{:e}", m.loss))
                            data-cards=(format!("{:e}", m.cards)) class=[(k == 0).then_some("best-row")] {
                            th scope="row" { (if k == 0 { "Best: " } else { "" }) (move_words(&a.kind, m)) }
                            td { (percent(m.win)) } td { (percent(m.draw)) } td { (percent(m.loss)) }
                            td { (format!("{:+.2}", cards(m.cards))) }
                        }
                    }
                }
            }
            @if !a.estimates.is_empty() || ui.refining {
                p.estimate {
                    @for e in &a.estimates { (e) " " }
                    @if ui.refining { span.refining { "A deeper search is under way…" } }
                }
            }
        }
    }
}

/// The hex keys (and the type letters where the type is entered), the arrows around the card
/// as typed so far, its name, the cards seen before and a line to type the card instead.
fn picker_html(ui: &Ui, guess: &[Partial]) -> Markup {
    let k = partial(&ui.chars);
    let id = name_id(ui.name);
    let at = cursor_of(&k, ui.cursor) as usize;
    let choices = dealt::choices(id, &k, at);
    let complete = k.iter().all(Option::is_some);
    // The blanks as Add would take them (a guess), else still blank.
    let g = shown_guess(ui.name, &k, guess);
    let shown = |p: usize| k[p].or_else(|| g.and_then(|g| g[p]));
    const AROUND: [(u8, &str, &str); 8] = [
        (7, "NW", "north-west"),
        (0, "N", "north"),
        (1, "NE", "north-east"),
        (6, "W", "west"),
        (2, "E", "east"),
        (5, "SW", "south-west"),
        (4, "S", "south"),
        (3, "SE", "south-east"),
    ];
    const POSITIONS: [&str; 4] =
        ["attack digit", "type", "physical defence digit", "magic defence digit"];
    // Names that can show what is known, alphabetical.
    let mut names: Vec<(&str, u8)> =
        dealt::cards_matching(None, &k).iter().map(|i| (i.name, i.number)).collect();
    if let Some(i) = id.and_then(cards::info) {
        if !names.iter().any(|&(_, n)| n == i.number) {
            names.push((i.name, i.number));
        }
    }
    names.sort();
    let seen: Vec<(usize, &Seen)> = ui
        .seen
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            let sk = partial(&s.chars);
            sk.iter().all(Option::is_some)
                && (ui.name == 0 || ui.name == s.number)
                && (0..4).all(|p| k[p].is_none() || k[p] == sk[p])
                && !dealt::cards_matching(name_id(s.number), &sk).is_empty()
        })
        .take(6)
        .collect();
    html! {
        div.picker {
            div.compass role="group" aria-label="Its arrows" {
                @for (i, (bit, label, words)) in AROUND.iter().enumerate() {
                    @if i == 4 {
                        output.typed #typed aria-label="The card so far" {
                            (arrow_marks(ui.arrows))
                            b.digits {
                                @for p in 0..4 {
                                    @if k[p].is_none() && g.is_some() {
                                        span.guess { (shown(p).unwrap_or('_')) }
                                    } @else { (shown(p).unwrap_or('_')) }
                                }
                            }
                        }
                    }
                    @let on = ui.arrows & (1 << bit) != 0;
                    button type="button" data-act="arrow" data-bit=(bit) aria-pressed=(on)
                        aria-label=(format!("{label}, {words}")) class=[on.then_some("on")] { (label) }
                }
            }
            div.entry {
                div.chars role="group" aria-label="Its four characters" {
                    @for p in 0..4 {
                        @let guessed = k[p].is_none() && g.is_some();
                        @let words = match (k[p], shown(p)) {
                            (Some(c), _) => c.to_string(),
                            (None, Some(c)) => format!("{c}, a guess Add takes"),
                            (None, None) => "not entered".to_string(),
                        };
                        button type="button" data-act="at" data-at=(p)
                            class=[match (p == at && !complete, guessed) {
                                (true, true) => Some("cursor guess"),
                                (true, false) => Some("cursor"),
                                (false, true) => Some("guess"),
                                (false, false) => None,
                            }]
                            aria-label=(format!("{}: {words}", POSITIONS[p])) {
                            (shown(p).unwrap_or('_'))
                        }
                    }
                }
                @if at == 1 && !complete {
                    div.keys.types role="group" aria-label="Its type letter" {
                        @for (c, w) in [('P', "physical"), ('M', "magic"), ('X', "flexible"), ('A', "assault")] {
                            button type="button" class="type-key" data-act="key" data-key=(c)
                                aria-label=(format!("{c} {w}, the type")) disabled[!choices.contains(&c)] {
                                (c) " " small { (w) }
                            }
                        }
                        button type="button" data-act="back" aria-label="Delete" { "⌫" }
                    }
                } @else {
                    div.keys.hex role="group" aria-label=(format!("Its {}", POSITIONS[at])) {
                        @for c in "0123456789ABCDEF".chars() {
                            button type="button" class="hex-key" data-act="key" data-key=(c)
                                aria-label=(format!("digit {c}"))
                                disabled[complete || !choices.contains(&c)] { (c) }
                        }
                    }
                }
            }
        }
        div.row.name-row {
            select #name aria-label="Its name (optional)" {
                option value="0" { "Name (optional)" }
                @for (n, number) in &names {
                    option value=(number) selected[ui.name == *number] { (n) }
                }
            }
            @if complete || !matches!(at, 1) {
                button type="button" data-act="back" aria-label="Delete" disabled[k.iter().all(Option::is_none)] { "⌫" }
            }
            @if let Some(n) = ui.editing {
                button type="button" data-act="save" data-n=(n) disabled[!complete] { "Save" }
                button type="button" data-act="edit-cancel" { "Cancel" }
            } @else {
                button type="button" data-act="add" disabled[!complete && g.is_none()] { "Add" }
            }
        }
        @if !seen.is_empty() {
            div.seen role="group" aria-label="Seen before" {
                @for (i, s) in &seen {
                    button type="button" data-act="seen" data-i=(i) {
                        @if let Some(info) = name_id(s.number).and_then(cards::info) { (info.name) " " }
                        b { (s.chars) }
                    }
                }
            }
        }
        details.typed-line open[ui.typing || !ui.card_text.is_empty()] {
            summary { "Type it instead" }
            div.row.typed {
                input #card-text placeholder="Goblin:0P00@N+E" autocomplete="off"
                    autocapitalize="off" spellcheck="false" aria-label="The card, typed"
                    value=(ui.card_text);
                button type="button" data-act="add-text" { "Add" }
            }
        }
        @if let Some(info) = id.and_then(cards::info) {
            p.hint { (info.name) " shows " (name_hint(info)) }
        }
    }
}

/// What a named card's characters can be: `0 P 0 0–1` (its own type; X or A are seldom).
fn name_hint(info: &cards::CardInfo) -> String {
    let none: Partial = [None; 4];
    let span = |p: usize| {
        let c = dealt::choices(Some(info.id), &none, p);
        match (c.first(), c.last()) {
            (Some(a), Some(b)) if a == b => a.to_string(),
            (Some(a), Some(b)) => format!("{a}–{b}"),
            _ => "?".into(),
        }
    };
    let letter = match info.default_type {
        CardType::Magic => 'M',
        _ => 'P',
    };
    format!("{} {letter} {} {} (X or A seldom)", span(0), span(2), span(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A match of the same five cards of mine against `theirs`, no cell blocked, my move first.
    fn my_first_move(theirs: [&str; 5]) -> PlayMatch {
        let mut m =
            PlayMatch::start("100/P/70/20@W,90/M/40/45@E,50/P/50/50@-,50/P/50/50@-,50/P/50/50@-")
                .unwrap();
        for c in theirs {
            command(&mut m, &format!(r#"{{"do":"their_card","card":"{c}"}}"#));
        }
        command(&mut m, r#"{"do":"blocks","cells":[]}"#);
        command(&mut m, r#"{"do":"first","me":true}"#);
        m
    }

    /// The companion starts at the adviser's default budget, the one its calibration was
    /// measured at: the setup menu selects it, and the in-match menu offers it.
    #[test]
    fn the_default_budget_is_the_advisers() {
        use quadmist::game::search::DEFAULT_BUDGET_MS;
        let setup = include_str!("../static/play.html");
        let menu = &setup[setup.find(r#"<select id="budget">"#).unwrap()..];
        let menu = &menu[..menu.find("</select>").unwrap()];
        let selected: Vec<&str> = menu.lines().filter(|l| l.contains(" selected")).collect();
        assert_eq!(selected.len(), 1, "{menu}");
        assert!(selected[0].starts_with(&format!(r#"<option value="{DEFAULT_BUDGET_MS}" "#)));
        assert!(BUDGETS.iter().any(|&(ms, _)| ms == DEFAULT_BUDGET_MS));
    }

    #[test]
    fn stale_advice_is_not_shown() {
        let mut m = my_first_move(["1P23@E", "0P00@-", "0P00@-", "0P00@-", "0P00@-"]);
        let options = AdviceOptions { budget_ms: 200, ..AdviceOptions::default() };
        let a = serde_json::to_string(&advise(&m.session(), &options).unwrap().unwrap()).unwrap();
        assert!(m.html(&a, "{}").contains("data-advised=\"1\""));
        assert_eq!(m.apply("{\"do\":\"place\",\"slot\":0,\"cell\":5}"), "");
        assert!(m.html(&a, "{}").contains("data-advised=\"0\""));
        assert!(m.undo());
        assert!(m.html(&a, "{}").contains("data-advised=\"1\""));
    }

    /// Whatever the library labels its estimates with (`live::estimate_label`, through the
    /// advice's `estimates`) is shown under the moves, each move with its win, draw and loss.
    #[test]
    fn the_advice_shows_its_estimate_label_and_every_moves_win_draw_and_loss() {
        let m = my_first_move(["1P23@E", "0P00@N+S", "0P00@-", "0P00@W", "0P00@-"]);
        // A search this short at the opening does not reach the end: its figures are estimates.
        let options = AdviceOptions { budget_ms: 20, ..AdviceOptions::default() };
        let a = advise(&m.session(), &options).unwrap().unwrap();
        assert!(!a.exact && !a.estimates.is_empty(), "{a:?}");
        let h = m.html(&serde_json::to_string(&a).unwrap(), "{}");
        for e in &a.estimates {
            assert!(h.contains(&format!("<p class=\"estimate\">{e} ")), "{e}: {h}");
        }
        assert_eq!(a.moves.len(), 3);
        for mv in &a.moves {
            let row = format!(
                "<td>{}</td><td>{}</td><td>{}</td>",
                percent(mv.win),
                percent(mv.draw),
                percent(mv.loss)
            );
            assert!(h.contains(&row), "{row}: {h}");
        }
    }

    fn command(m: &mut PlayMatch, json: &str) {
        assert_eq!(m.apply(json), "", "{json}");
    }

    /// No guess: the blanks stay blank.
    const NO_GUESS: &[Partial] = &[];

    fn ui(json: &str) -> Ui {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_name_fills_the_characters_it_alone_can_show_and_adds_the_card() {
        // Goblin (caps 7, 9, 4): every digit 0; its own type P. With two arrows tapped first,
        // naming it completes the card and adds it.
        let u = ui(r#"{"chars":"____","arrows":5}"#);
        let p = picker(&u, &PickerTap::Name(1), NO_GUESS);
        assert_eq!(
            (p.chars.as_str(), p.card.as_deref(), p.add),
            ("0P00", Some("1:0P00@0x05"), true)
        );
        // Without arrows yet: complete, not added (Add, or arrows then Add).
        let p = picker(&ui(r#"{"chars":"____"}"#), &PickerTap::Name(1), NO_GUESS);
        assert_eq!((p.chars.as_str(), p.add), ("0P00", false));
        // X tapped before the name is kept.
        let p = picker(&ui(r#"{"chars":"_X__","arrows":1}"#), &PickerTap::Name(1), NO_GUESS);
        assert_eq!(p.card.as_deref(), Some("1:0X00@0x01"));
        // Flan (caps 13, 6, 19): magic defence 9..18, digit 0 or 1: the name leaves it open.
        let p = picker(&ui(r#"{"chars":"____","arrows":1}"#), &PickerTap::Name(4), NO_GUESS);
        assert_eq!((p.chars.as_str(), p.add, p.cursor), ("0M0_", false, None));
        let u = ui(r#"{"chars":"0M0_","arrows":1,"name":4}"#);
        let p = picker(&u, &PickerTap::Key('1'), NO_GUESS);
        assert_eq!((p.card.as_deref(), p.add), (Some("4:0M01@0x01"), true));
        // A key the card cannot show does nothing.
        assert_eq!(picker(&u, &PickerTap::Key('2'), NO_GUESS).chars, "0M0_");
    }

    #[test]
    fn digits_typed_in_order_and_keys_that_cannot_be_do_nothing() {
        let mut u = ui(r#"{"chars":"____","arrows":16}"#);
        for (key, chars) in [('F', "F___"), ('P', "FP__"), ('9', "FP9_")] {
            let p = picker(&u, &PickerTap::Key(key), NO_GUESS);
            assert_eq!(p.chars, chars);
            u.chars = p.chars;
            u.cursor = p.cursor;
        }
        // FP9 then 9: no card (Excalibur II's magic defence digit is 0).
        assert_eq!(picker(&u, &PickerTap::Key('9'), NO_GUESS).chars, "FP9_");
        let p = picker(&u, &PickerTap::Key('0'), NO_GUESS);
        assert_eq!((p.chars.as_str(), p.add), ("FP90", true));
        // Back removes the last known character and moves the cursor there.
        u.chars = p.chars;
        let p = picker(&u, &PickerTap::Back, NO_GUESS);
        assert_eq!((p.chars.as_str(), p.cursor), ("FP9_", Some(3)));
    }

    /// Computed from the rules of card creation (tetra-master-match §1.4), not from
    /// `rules::dealt`: each stat with cap m is uniform on ⌊m/2⌋..=2·⌊m/2⌋−1 (0 when m ≤ 1), the
    /// type is the card's own but X once in 127.
    #[test]
    fn the_first_guess_is_what_a_card_created_at_random_shows_most_often() {
        use std::collections::HashMap;
        let digits = |m: u8| -> Vec<(u8, f64)> {
            let h = u32::from(m / 2);
            let values: Vec<u32> = if h == 0 { vec![0] } else { (h..2 * h).collect() };
            let n = values.len() as f64;
            let mut out: HashMap<u8, f64> = HashMap::new();
            for v in values {
                *out.entry((v >> 4) as u8).or_default() += 1.0 / n;
            }
            out.into_iter().collect()
        };
        let mut chance: HashMap<String, f64> = HashMap::new();
        for c in CATALOGUE {
            let own = c.default_type.letter();
            for (t, pt) in [(own, 126.0 / 127.0), ('X', 1.0 / 127.0)] {
                for (a, pa) in digits(c.max_atk) {
                    for (p, pp) in digits(c.max_pdef) {
                        for (m, pm) in digits(c.max_mdef) {
                            let k = format!("{a:X}{t}{p:X}{m:X}");
                            *chance.entry(k).or_default() += pt * pa * pp * pm / 100.0;
                        }
                    }
                }
            }
        }
        let (best, p) = chance.iter().max_by(|a, b| a.1.total_cmp(b.1)).unwrap();
        assert_eq!(best, FIRST_GUESS, "{p}");
        assert!(*p > 0.06, "{p}");
    }

    #[test]
    fn a_guess_fills_the_blanks_for_add_and_is_never_added_by_itself() {
        let seen = |n: u8, c: &str| Seen { number: n, chars: c.into() };
        // Their cards so far: the characters shown most often, the latest of equals.
        let texts = |g: Vec<Partial>| g.iter().map(chars_text).collect::<Vec<_>>();
        assert_eq!(texts(guess(&["0P00", "0M01", "0P00"], &[])), ["0P00", "0M01"]);
        assert_eq!(texts(guess(&["0P00", "0M01"], &[seen(1, "0P00")])), ["0M01", "0P00"]);
        // Then the cards seen, the last seen first, then the first guess.
        assert_eq!(
            texts(guess(&["2P21"], &[seen(20, "1P10"), seen(1, "0P00")])),
            ["2P21", "1P10", "0P00"]
        );
        assert_eq!(texts(guess(&[], &[])), [FIRST_GUESS]);
        let g = [partial("0P00")];
        // Arrows tapped, nothing typed: Add would enter 0P00; nothing is added by itself.
        let u = ui(r#"{"chars":"____","arrows":7}"#);
        let p = picker(&u, &PickerTap::Look, &g);
        assert_eq!(
            (p.chars.as_str(), p.card.as_deref(), p.card_chars.as_deref(), p.add),
            ("____", Some("0P00@0x07"), Some("0P00"), false)
        );
        // A typed character replaces the guess's: Flan's M, then its magic defence 1 typed
        // at the end; the first characters still come from the guess.
        let p = picker(&ui(r#"{"chars":"____","arrows":7,"cursor":1}"#), &PickerTap::Key('M'), &g);
        assert_eq!(
            (p.chars.as_str(), p.card.as_deref(), p.add),
            ("_M__", Some("0M00@0x07"), false)
        );
        let p = picker(&ui(r#"{"chars":"_M__","arrows":7,"cursor":3}"#), &PickerTap::Key('1'), &g);
        assert_eq!(
            (p.chars.as_str(), p.card.as_deref(), p.add),
            ("_M_1", Some("0M01@0x07"), false)
        );
        // The last character typed adds the card, as without a guess.
        let p = picker(&ui(r#"{"chars":"0M0_","arrows":7}"#), &PickerTap::Key('1'), &g);
        assert_eq!((p.card.as_deref(), p.add), (Some("0M01@0x07"), true));
        // What is typed narrows the guesses: M picks Flan's 0M01 over the better 0P00.
        let both = [partial("0P00"), partial("0M01")];
        let p =
            picker(&ui(r#"{"chars":"____","arrows":7,"cursor":1}"#), &PickerTap::Key('M'), &both);
        assert_eq!(p.card.as_deref(), Some("0M01@0x07"));
        // A guess the card named cannot show is not offered: Dragonfly's attack digit is 1 or 2.
        let p = picker(&ui(r#"{"chars":"____","arrows":7,"name":20}"#), &PickerTap::Look, &g);
        assert_eq!(p.card, None);
        // The page shows the guess in the blanks, marked, and Add takes it.
        let mut m = PlayMatch::start("0P00@N,0P00@N,0P00@N,0P00@N,0P00@N").unwrap();
        command(&mut m, r#"{"do":"their_card","card":"0M01@N"}"#);
        let h = m.html("", r#"{"chars":"____","arrows":1}"#);
        assert!(h.contains(r#"aria-label="type: M, a guess Add takes""#), "{h}");
        let tap = m.picker_tap(r#"{"chars":"____","arrows":1}"#, r#""look""#);
        assert!(tap.contains(r#""card":"0M01@0x01""#), "{tap}");
    }

    #[test]
    fn battle_numbers_are_both_or_neither_and_0_to_255() {
        let mut m = PlayMatch::start("0P00@N,0P00@N,0P00@N,0P00@N,0P00@N").unwrap();
        for c in ["0P00@S", "0P00@S", "0P00@S", "0P00@S", "0P00@S"] {
            command(&mut m, &format!(r#"{{"do":"their_card","card":"{c}"}}"#));
        }
        command(&mut m, r#"{"do":"blocks","cells":[]}"#);
        command(&mut m, r#"{"do":"first","me":false}"#);
        command(&mut m, r#"{"do":"place","slot":5,"cell":0}"#);
        command(&mut m, r#"{"do":"place","slot":0,"cell":4}"#);
        let session = m.session();
        let both = "Give both numbers shown, mine and theirs, or neither.";
        let range = "The numbers shown are 0 to 255.";
        for (mine, theirs, why) in [
            ("12", "", both),
            ("", "7", both),
            ("256", "3", range),
            ("1x", "3", range),
            ("-1", "3", range),
        ] {
            assert_eq!(m.battle(true, mine, theirs, false), why, "{mine} {theirs}");
            assert_eq!(m.session(), session, "nothing changed");
        }
        assert_eq!(m.battle(true, " 12 ", "7", false), "");
        assert!(m.session().contains(r#""shown":[12,7]"#), "{}", m.session());
    }

    #[test]
    fn my_hand_is_written_from_five_cards_picked_in_order() {
        let card = |slot: u16, text: &str| HandCard {
            slot,
            text: text.into(),
            name: String::new(),
            number: 1,
            digits: String::new(),
            stats: String::new(),
            total: 0,
            arrows: 0,
        };
        let cards: Vec<HandCard> = (0..6).map(|s| card(s, &format!("{s}/P/1/1@N"))).collect();
        let pick = |picked: &[u16]| {
            serde_json::json!({ "cards": cards, "picked": picked, "sort": "save" }).to_string()
        };
        assert_eq!(
            hand_text(&pick(&[5, 0, 2, 1, 3])),
            "5/P/1/1@N,0/P/1/1@N,2/P/1/1@N,1/P/1/1@N,3/P/1/1@N"
        );
        assert_eq!(hand_text(&pick(&[5, 0, 2, 1])), "");
        assert_eq!(hand_text(&pick(&[5, 0, 2, 1, 9])), "");
    }

    #[test]
    fn a_card_seen_before_is_one_tap() {
        let u = ui(r#"{"chars":"____","arrows":3,"seen":[{"number":2,"chars":"0P00"}]}"#);
        let p = picker(&u, &PickerTap::Seen(0), NO_GUESS);
        assert_eq!((p.card.as_deref(), p.add), (Some("2:0P00@0x03"), true));
        // Not while a card is corrected: Save does it.
        let u = ui(r#"{"arrows":3,"editing":1,"seen":[{"number":2,"chars":"0P00"}]}"#);
        assert!(!picker(&u, &PickerTap::Seen(0), NO_GUESS).add);
    }

    /// The match's HTML at each kind of question, with the picker half filled, cells tapped as
    /// blocked, and advice given by hand (a timed search's figures depend on the machine).
    #[test]
    fn the_match_as_html() {
        let mut m = PlayMatch::start(
            "Goblin:100/P/70/20@W,90/M/40/45@E+W,50/P/50/50@N,50/X/50/50@S,50/A/50/50@-",
        )
        .unwrap();
        let picker = r#"{"chars":"1P__","arrows":5,"name":0,"budget_ms":2000,
            "seen":[{"number":20,"chars":"1P10"},{"number":1,"chars":"0P00"}]}"#;
        insta::assert_snapshot!("their_card", m.html("", picker));
        for c in ["1P23@E", "10/P/10/10@E", "10/P/200/200@W", "0P00@-", "0P00@-"] {
            command(&mut m, &format!(r#"{{"do":"their_card","card":"{c}"}}"#));
        }
        insta::assert_snapshot!("blocks", m.html("", r#"{"blocks":[0,15],"budget_ms":2000}"#));
        command(&mut m, r#"{"do":"blocks","cells":[15]}"#);
        insta::assert_snapshot!("first", m.html("", r#"{"budget_ms":2000}"#));
        command(&mut m, r#"{"do":"first","me":false}"#);
        command(&mut m, r#"{"do":"place","slot":6,"cell":0}"#);
        let advice = serde_json::json!({
            "key": m.session(), "kind": "place", "exact": false,
            "estimates": ["Estimates: searched 3 placements ahead, then scored by the card balance."],
            "depth": 3, "nodes": 1234,
            "moves": [
                {"slot": 1, "cell": 1, "text": "card 2 (5M22) to B1", "win": 0.625, "draw": 0.125,
                 "loss": 0.25, "cards": 0.375, "first_target": null},
                {"slot": 0, "cell": 4, "text": "card 1 (6P41) to A2", "win": 0.5, "draw": 0.25,
                 "loss": 0.25, "cards": 0.25, "first_target": null}
            ]
        })
        .to_string();
        insta::assert_snapshot!(
            "my_move",
            m.html(&advice, r#"{"selected":1,"budget_ms":2000,"refining":true}"#)
        );
        command(&mut m, r#"{"do":"place","slot":1,"cell":1}"#);
        insta::assert_snapshot!(
            "battle",
            m.html("", r#"{"budget_ms":2000,"shown_mine":"90","message":"a refused entry"}"#)
        );
        command(&mut m, r#"{"do":"battle","won":true,"shown":[90,10]}"#);
        insta::assert_snapshot!("after_battle", m.html("", r#"{"budget_ms":2000}"#));
        insta::assert_snapshot!("fix", m.html("", r#"{"budget_ms":2000,"fixing":true}"#));
        let n = m.their_card_picker(2);
        assert_eq!(n, r#"{"chars":"0PCC","arrows":64,"name":0}"#);
        insta::assert_snapshot!(
            "correcting",
            m.html("", r#"{"budget_ms":2000,"editing":2,"chars":"0PCC","arrows":64}"#)
        );
    }

    #[test]
    fn the_save_cards_sort_and_copies_are_told_apart() {
        let card = |slot: u16, number: u8, stats: &str, total: u16, arrows: u8| HandCard {
            slot,
            text: String::new(),
            name: CATALOGUE[number as usize - 1].name.to_string(),
            number,
            digits: "0P00".into(),
            stats: stats.into(),
            total,
            arrows,
        };
        let cards = vec![
            card(0, 2, "8/P/5/2", 15, 1),
            card(1, 1, "4/P/6/3", 13, 1),
            card(2, 2, "8/P/5/2", 15, 1),
            card(3, 2, "9/P/5/2", 16, 1),
        ];
        let json = |sort: &str| {
            serde_json::json!({ "cards": cards, "picked": [2, 1], "sort": sort }).to_string()
        };
        let slots = |h: &str| -> Vec<String> {
            h.split("data-slot=\"").skip(1).map(|s| s[..1].to_string()).collect()
        };
        let h = hand_cards_html(&json("number"));
        // Goblin first, then the Fangs strongest first, equal ones in save order.
        assert_eq!(slots(&h), ["1", "3", "0", "2"]);
        assert_eq!(h.matches("(copy ").count(), 2, "{h}");
        assert!(h.contains("(copy 2)"));
        assert_eq!(slots(&hand_cards_html(&json("strength"))), ["3", "0", "2", "1"]);
        assert_eq!(slots(&hand_cards_html(&json("save"))), ["0", "1", "2", "3"]);
        // Picked: their place in my hand.
        assert!(h.contains("<span class=\"order\">1</span>"));
        insta::assert_snapshot!("hand_cards", h);
    }
}
