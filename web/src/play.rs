//! The match companion's page (`play.html`): a real match followed by taps, with the adviser
//! searching in a Web Worker.
//!
//! The match itself is [`Companion`] (the library's `game::live` behind JSON commands); this
//! module only renders it as HTML and passes strings across. The page's script keeps what is
//! not the match: which card is selected, the cells tapped as blocked, the digits typed in the
//! picker, the adviser's last answer. The worker calls [`advise`] with the stored match.

use quadmist::ff9;
use quadmist::game::card::GameCard;
use quadmist::game::companion::{
    Advice, AdviceOptions, AskView, CardView, Companion, CompanionError, View,
};
use quadmist::game::notation::{arrows_text, card_text, cell_name};
use quadmist::game::search::{Goal, Opponent, Searcher};
use quadmist::game::sim::random_position;
use quadmist::model::catalogue::{self as cards, CATALOGUE};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
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

/// What the page's script holds that is not the match.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Ui {
    /// The card tapped, waiting for a cell.
    pub selected: Option<u8>,
    /// Cells tapped as blocked, before they are confirmed.
    pub blocks: Vec<u8>,
    /// The opponent card being picked: its digits so far (`1P2`), arrows and name.
    pub digits: String,
    /// Arrow bits tapped.
    pub arrows: u8,
    /// The card's number 1..=100, or 0 for none.
    pub name: u8,
    /// The adviser is searching this position.
    pub thinking: bool,
    /// The last message (an entry refused).
    pub message: String,
    /// The time budget, milliseconds.
    pub budget_ms: u64,
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

    /// Goes back one entry; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.companion.undo()
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
        render(&self.companion.view(), advice.as_ref(), &ui, &key)
    }
}

/// The adviser's answer for a stored match (`session`, JSON) with `options` (JSON), as JSON:
/// the advice, `{"none":true}` when nothing is to be advised, or `{"error":...}`.
#[wasm_bindgen]
pub fn advise(session: &str, options: &str) -> String {
    let run = || -> Result<Option<Advice>, CompanionError> {
        let c = Companion::restore_json(session)?;
        let o = AdviceOptions::from_json(options)?;
        c.advise(&o, page_clock, None)
    };
    match run() {
        Ok(Some(a)) => serde_json::to_string(&a).unwrap_or_default(),
        Ok(None) => "{\"none\":true}".into(),
        Err(e) => serde_json::json!({ "error": e.to_string() }).to_string(),
    }
}

/// One save's cards to pick my hand from.
#[derive(Debug, Serialize)]
pub struct HandSave {
    /// The save's label.
    pub label: String,
    /// Its cards: slot, the notation of the card (exact), and the words shown.
    pub cards: Vec<HandCard>,
}

/// A card of a save, to tap into my hand.
#[derive(Debug, Serialize)]
pub struct HandCard {
    /// Its slot in the save.
    pub slot: u16,
    /// The card in the notation, exact.
    pub text: String,
    /// Its name.
    pub name: String,
    /// Its digits as the game shows them.
    pub digits: String,
    /// Its arrows.
    pub arrows: u8,
}

/// The Final Fantasy IX saves of a file and their cards, as JSON (`{"saves":[...]}` or
/// `{"error":...}`).
#[wasm_bindgen]
pub fn save_hands(name: &str, bytes: &[u8]) -> String {
    if bytes.len() as u64 > ff9::MAX_FILE_SIZE {
        return serde_json::json!({ "error": format!("{name}: too large to be a save") })
            .to_string();
    }
    let set = match ff9::open(bytes, Some(name), &|_| None) {
        Ok(s) => s,
        Err(e) => return serde_json::json!({ "error": format!("{name}: {e}") }).to_string(),
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
                        digits: g.digits(),
                        arrows: r.arrows,
                    }
                })
                .collect();
            Some(HandSave { label: format!("{name} save {}: {}", s.selector, s.title), cards })
        })
        .collect();
    serde_json::json!({ "saves": saves }).to_string()
}

/// The card names, numbered 1..=100, for the picker's list.
#[wasm_bindgen]
pub fn card_names() -> String {
    let names: Vec<&str> = CATALOGUE.iter().map(|c| c.name).collect();
    serde_json::to_string(&names).unwrap_or_default()
}

/// Positions searched a second on the benchmark's positions (`benches/game.rs`: the first
/// `count` of `sim::random_position(seed, left)` with `left` cards left, solved exactly
/// against the game's AI at Wise 3, best move only): `[positions, milliseconds]`.
#[wasm_bindgen]
pub fn search_speed(left: u32, count: usize) -> Vec<f64> {
    let (mut nodes, mut ms) = (0u64, 0.0);
    let found = (0..10_000u64)
        .filter_map(|s| random_position(s, left))
        .filter(|m| m.board.cards_left() == left)
        .take(count);
    for m in found {
        let mut s = Searcher::new(&m.cards, Opponent::Game(3), Goal::Win, 20);
        s.set_top(1);
        let t = page_clock();
        let a = s.analyse(&m.board, None);
        ms += page_clock() - t;
        nodes += a.nodes;
    }
    vec![nodes as f64, ms]
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

fn percent(p: f64) -> String {
    format!("{:.1}\u{a0}%", 100.0 * p)
}

/// The eight arrow marks of a card (bit 0 north, clockwise).
fn arrow_marks(arrows: u8) -> String {
    const NAMES: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
    let mut s = String::new();
    for (b, n) in NAMES.iter().enumerate() {
        if arrows & (1 << b) != 0 {
            let _ = write!(s, "<i class=\"ar ar-{n}\"></i>");
        }
    }
    s
}

/// A card's face: its digits and arrows (the arrows also in words, for screen readers).
fn face(digits: &str, arrows: u8) -> String {
    let words = match arrows {
        0 => "no arrows".to_string(),
        a => format!("arrows {}", arrows_text(a)),
    };
    format!(
        "{}<b class=\"digits\">{}</b><span class=\"sr\"> {}</span>",
        arrow_marks(arrows),
        esc(digits),
        esc(&words)
    )
}

fn question(ask: &AskView, ui: &Ui) -> String {
    match ask {
        AskView::TheirCard { n } => {
            format!("Their card {} of 5: tap its digits and arrows as the game shows them.", n + 1)
        }
        AskView::Blocks => "Tap the blocked cells (grey in the game), then Done.".into(),
        AskView::First => "Coin toss: who places the first card?".into(),
        AskView::Place { me: true } => match ui.selected {
            Some(_) => "Now tap a free cell.".into(),
            None => "My move: tap my card, then a cell; the gold cell plays the best move.".into(),
        },
        AskView::Place { me: false } => match ui.selected {
            Some(_) => "Now tap the cell they chose.".into(),
            None => "Their move: tap the card they played, then its cell.".into(),
        },
        AskView::Target { attacker, .. } if *attacker >= 5 => {
            "Which of my cards does their card attack first? Tap it.".into()
        }
        AskView::Target { .. } => "Which card do I attack first? Tap it.".into(),
        AskView::Battle { .. } => {
            "Battle: did my card win? Add the two numbers shown if you saw them.".into()
        }
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
const BUDGETS: [(u64, &str); 6] = [
    (500, "0.5 s"),
    (1000, "1 s"),
    (2000, "2 s"),
    (5000, "5 s"),
    (10_000, "10 s"),
    (30_000, "30 s"),
];

/// The whole match view.
pub fn render(v: &View, advice: Option<&Advice>, ui: &Ui, key: &str) -> String {
    let mut h = String::new();
    let ask = ask_name(&v.ask);
    let _ = write!(
        h,
        "<div class=\"play\" data-ask=\"{ask}\" data-board=\"{}\" data-types=\"{}\" \
         data-advised=\"{}\" data-key-length=\"{}\">",
        esc(v.board.as_deref().unwrap_or("")),
        esc(v.types.as_deref().unwrap_or("")),
        u8::from(advice.is_some()),
        key.len()
    );
    // The bar: score, undo, a new match.
    let score = match v.score {
        Some((me, them)) => format!("Me <b>{me}</b> · them <b>{them}</b>"),
        None => "Setting up".into(),
    };
    let mut budget = String::new();
    for (ms, label) in BUDGETS {
        let _ = write!(
            budget,
            "<option value=\"{ms}\"{}>{label}</option>",
            if ui.budget_ms == ms { " selected" } else { "" }
        );
    }
    let _ = write!(
        h,
        "<header class=\"bar\"><span class=\"score\">{score}</span>\
         <select id=\"budget-now\" aria-label=\"The adviser's time for each move\">{budget}\
         </select><button type=\"button\" data-act=\"undo\"{}>Undo</button>\
         <button type=\"button\" data-act=\"new\">New</button></header>",
        if v.can_undo { "" } else { " disabled" }
    );
    let _ = write!(h, "<p class=\"question\" id=\"question\">{}</p>", esc(&question(&v.ask, ui)));
    if !ui.message.is_empty() {
        let _ = write!(h, "<p class=\"message\" role=\"alert\">{}</p>", esc(&ui.message));
    }
    hand(&mut h, v, ui, advice, false);
    board(&mut h, v, ui, advice);
    hand(&mut h, v, ui, advice, true);
    panel(&mut h, v, ui, advice);
    h.push_str("</div>");
    h
}

fn hand(h: &mut String, v: &View, ui: &Ui, advice: Option<&Advice>, mine: bool) {
    let cards: Vec<&CardView> = v.cards.iter().filter(|c| (c.slot < 5) == mine).collect();
    let who = if mine { "mine" } else { "theirs" };
    let label = if mine { "My cards" } else { "Their cards" };
    let _ = write!(h, "<ol class=\"hand {who}\" aria-label=\"{label}\">");
    let tappable = match v.ask {
        AskView::Place { me } => me == mine,
        _ => false,
    };
    let best = advice.filter(|a| a.kind == "place").and_then(|a| a.moves.first()).map(|m| m.slot);
    for k in 0..5u8 {
        let slot = k + if mine { 0 } else { 5 };
        match cards.iter().find(|c| c.slot == slot) {
            Some(c) => {
                let placed = c.cell.is_some();
                let mut class = format!("card {}", if c.mine_now { "blue" } else { "red" });
                if placed {
                    class.push_str(" placed");
                }
                if ui.selected == Some(slot) {
                    class.push_str(" selected");
                }
                if best == Some(slot) && !placed {
                    class.push_str(" best");
                }
                let title = match &c.name {
                    Some(n) if !c.known.is_empty() => format!("{n}: {}", c.known),
                    Some(n) => n.clone(),
                    None => c.known.clone(),
                };
                let disabled = if tappable && !placed { "" } else { " disabled" };
                let _ = write!(
                    h,
                    "<li><button type=\"button\" class=\"{class}\" data-act=\"card\" \
                     data-slot=\"{slot}\" title=\"{}\"{disabled}>{}<span class=\"n\">{}</span>\
                     </button></li>",
                    esc(&title),
                    face(&c.digits, c.arrows),
                    k + 1
                );
            }
            None => {
                let _ = write!(h, "<li><span class=\"card unknown\">?</span></li>");
            }
        }
    }
    h.push_str("</ol>");
}

fn board(h: &mut String, v: &View, ui: &Ui, advice: Option<&Advice>) {
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
    let blocking = matches!(v.ask, AskView::Blocks | AskView::TheirCard { .. } | AskView::First);
    let placing = matches!(v.ask, AskView::Place { .. });
    h.push_str("<div class=\"board\" role=\"group\" aria-label=\"The board\">");
    for cell in 0..16u8 {
        let name = cell_name(cell);
        let ch = board.get(cell as usize).copied();
        let slot = match ch {
            Some(c @ 'a'..='j') => Some(c as u8 - b'a'),
            Some(c @ 'A'..='J') => Some(c as u8 - b'A'),
            _ => None,
        };
        let blocked = ch == Some('#') || (blocking && ui.blocks.contains(&cell));
        let mut class = String::from("cell");
        let mut inner = String::new();
        let mut enabled = false;
        if blocked {
            class.push_str(" block");
            enabled = matches!(v.ask, AskView::Blocks);
        } else if let Some(s) = slot {
            let c = v.cards.iter().find(|c| c.slot == s);
            if let Some(c) = c {
                class.push_str(if c.mine_now { " blue" } else { " red" });
                inner = face(&c.digits, c.arrows);
            }
            if targets.contains(&s) {
                class.push_str(" target");
                enabled = true;
            }
            if best_target == Some(s) {
                class.push_str(" best");
            }
            if battle.is_some_and(|(a, d)| a == s || d == s) {
                class.push_str(" fighting");
            }
        } else {
            enabled = matches!(v.ask, AskView::Blocks) || placing;
            if best_cell == Some(cell) && matches!(v.ask, AskView::Place { me: true }) {
                class.push_str(" best");
            }
        }
        let slot_attr = slot.map(|s| format!(" data-slot=\"{s}\"")).unwrap_or_default();
        let _ = write!(
            h,
            "<button type=\"button\" class=\"{class}\" data-act=\"cell\" data-cell=\"{cell}\"\
             {slot_attr} aria-label=\"{name}\"{}>{inner}</button>",
            if enabled { "" } else { " disabled" }
        );
    }
    h.push_str("</div>");
}

fn panel(h: &mut String, v: &View, ui: &Ui, advice: Option<&Advice>) {
    h.push_str("<section class=\"panel\" aria-live=\"polite\">");
    match &v.ask {
        AskView::TheirCard { .. } => picker(h, ui),
        AskView::Blocks => {
            let n = ui.blocks.len();
            let _ = write!(
                h,
                "<button type=\"button\" class=\"wide\" data-act=\"blocks\">Done: {}</button>",
                match n {
                    0 => "no blocked cell".to_string(),
                    1 => "1 blocked cell".to_string(),
                    n => format!("{n} blocked cells"),
                }
            );
        }
        AskView::First => h.push_str(
            "<div class=\"row\"><button type=\"button\" data-act=\"first\" data-me=\"1\">I do\
             </button><button type=\"button\" data-act=\"first\" data-me=\"0\">They do</button>\
             </div>",
        ),
        AskView::Place { me: true } | AskView::Target { .. } => advice_panel(h, ui, advice),
        AskView::Place { me: false } => {}
        AskView::Battle { chance, exact, mine_attacks, attacker, defender, .. } => {
            let name = |s: u8| {
                v.cards.iter().find(|c| c.slot == s).map(|c| c.digits.clone()).unwrap_or_default()
            };
            let (mine, theirs) =
                if *mine_attacks { (*attacker, *defender) } else { (*defender, *attacker) };
            let label = if *exact { "" } else { " (estimate: the mean over their card's values)" };
            let _ = write!(
                h,
                "<p>My {} {} their {}. My chance to win it: <b data-chance=\"{chance}\">{}</b>\
                 {label}</p>",
                esc(&name(mine)),
                if *mine_attacks { "attacks" } else { "defends against" },
                esc(&name(theirs)),
                percent(*chance)
            );
            h.push_str(
                "<div class=\"row numbers\"><label>Mine <input id=\"shown-mine\" \
                 inputmode=\"numeric\" maxlength=\"3\" autocomplete=\"off\"></label>\
                 <label>Theirs <input id=\"shown-theirs\" inputmode=\"numeric\" maxlength=\"3\" \
                 autocomplete=\"off\"></label><label class=\"check\"><input type=\"checkbox\" \
                 id=\"evolved\"> Letter changed</label></div>\
                 <div class=\"row\"><button type=\"button\" data-act=\"battle\" data-won=\"1\">\
                 Won</button><button type=\"button\" data-act=\"battle\" data-won=\"0\">Lost\
                 </button></div>",
            );
        }
        AskView::Over { result, prize, outcome, .. } => {
            let _ = write!(
                h,
                "<p class=\"result\" data-outcome=\"{}\"><b>{}</b> {}</p>",
                esc(&format!("{outcome:?}").to_lowercase()),
                esc(result),
                esc(prize)
            );
        }
    }
    // What happened last, unless the adviser's answer needs the room.
    let advising = matches!(v.ask, AskView::Place { me: true } | AskView::Target { .. });
    if let (Some(last), false) = (v.log.last(), advising) {
        let _ = write!(h, "<p class=\"log\">{}</p>", esc(last));
    }
    h.push_str("</section>");
}

fn advice_panel(h: &mut String, ui: &Ui, advice: Option<&Advice>) {
    let Some(a) = advice else {
        let what = if ui.thinking { "Thinking…" } else { "No advice yet." };
        let _ = write!(h, "<p class=\"advice thinking\">{what}</p>");
        return;
    };
    let Some(best) = a.moves.first() else {
        h.push_str("<p class=\"advice\">No move to advise.</p>");
        return;
    };
    let cards = if best.cards.abs() < 0.005 { 0.0 } else { best.cards };
    let _ = write!(
        h,
        "<div class=\"advice\" data-exact=\"{}\" data-depth=\"{}\"><button type=\"button\" \
         class=\"wide play-best\" data-act=\"best\">Best: {}</button>\
         <p class=\"figures\">win {} · draw {} · loss {} · expected cards {cards:+.2}</p>",
        u8::from(a.exact),
        a.depth,
        esc(&best.text),
        percent(best.win),
        percent(best.draw),
        percent(best.loss)
    );
    h.push_str("<ol class=\"moves\">");
    for (k, m) in a.moves.iter().enumerate() {
        let _ = write!(
            h,
            "<li data-slot=\"{}\" data-cell=\"{}\" data-win=\"{:e}\" data-draw=\"{:e}\" \
             data-loss=\"{:e}\" data-cards=\"{:e}\"{}>{}</li>",
            m.slot,
            m.cell,
            m.win,
            m.draw,
            m.loss,
            m.cards,
            if k == 0 { " hidden" } else { "" },
            if k == 0 {
                String::new()
            } else {
                format!("Next: {}, win {}", esc(&m.text), percent(m.win))
            }
        );
    }
    h.push_str("</ol>");
    for e in &a.estimates {
        let _ = write!(h, "<p class=\"estimate\">{}</p>", esc(e));
    }
    h.push_str("</div>");
}

/// The opponent card picker: the digits typed so far, a hex keypad with the type letters,
/// the eight arrows around a card, the card's name, and a line to type the card instead.
fn picker(h: &mut String, ui: &Ui) {
    let mut shown: Vec<char> = ui.digits.chars().take(4).collect();
    while shown.len() < 4 {
        shown.push('_');
    }
    let shown: String = shown.into_iter().collect();
    let _ = write!(h, "<div class=\"picker\"><div class=\"keys\">");
    let next = ui.digits.chars().count();
    for k in "0123456789ABCDEF".chars() {
        let on = next != 1 && next < 4;
        let _ = write!(
            h,
            "<button type=\"button\" data-act=\"digit\" data-key=\"{k}\"{}>{k}</button>",
            if on { "" } else { " disabled" }
        );
    }
    for k in ["P", "M", "X", "A"] {
        let _ = write!(
            h,
            "<button type=\"button\" data-act=\"digit\" data-key=\"{k}\"{}>{k}</button>",
            if next == 1 { "" } else { " disabled" }
        );
    }
    let _ = write!(
        h,
        "<button type=\"button\" data-act=\"digit\" data-key=\"back\" aria-label=\"Delete\">⌫\
         </button></div><div class=\"compass\">"
    );
    const AROUND: [(usize, &str); 9] = [
        (7, "NW"),
        (0, "N"),
        (1, "NE"),
        (6, "W"),
        (9, ""),
        (2, "E"),
        (5, "SW"),
        (4, "S"),
        (3, "SE"),
    ];
    for (bit, label) in AROUND {
        if bit == 9 {
            let _ = write!(h, "<output class=\"digits\" id=\"typed\">{}</output>", esc(&shown));
            continue;
        }
        let on = ui.arrows & (1 << bit) != 0;
        let _ = write!(
            h,
            "<button type=\"button\" data-act=\"arrow\" data-bit=\"{bit}\" aria-pressed=\"{on}\" \
             class=\"{}\">{label}</button>",
            if on { "on" } else { "" }
        );
    }
    h.push_str(
        "</div></div><div class=\"row\"><select id=\"name\" aria-label=\"Its name (optional)\">",
    );
    let _ = write!(h, "<option value=\"0\">Name (optional)</option>");
    for c in CATALOGUE {
        let _ = write!(
            h,
            "<option value=\"{}\"{}>{}</option>",
            c.number,
            if ui.name == c.number { " selected" } else { "" },
            esc(c.name)
        );
    }
    let _ = write!(
        h,
        "</select><button type=\"button\" data-act=\"add\"{}>Add</button></div>\
         <div class=\"row typed\"><input id=\"card-text\" placeholder=\"or type: Goblin:0P00@N+E\" \
         autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\"><button type=\"button\" \
         data-act=\"add-text\">Add</button></div>",
        if next == 4 { "" } else { " disabled" }
    );
}

/// The picker's card in the notation: `[N:]1P23@0x54`.
pub fn picked_card(ui: &Ui) -> Option<String> {
    if ui.digits.chars().count() != 4 {
        return None;
    }
    let name = if ui.name > 0 { format!("{}:", ui.name) } else { String::new() };
    Some(format!("{name}{}@0x{:02x}", ui.digits, ui.arrows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_advice_is_not_shown() {
        let mut m =
            PlayMatch::start("100/P/70/20@W,90/M/40/45@E,50/P/50/50@-,50/P/50/50@-,50/P/50/50@-")
                .unwrap();
        for c in ["1P23@E", "0P00@-", "0P00@-", "0P00@-", "0P00@-"] {
            assert_eq!(m.apply(&format!("{{\"do\":\"their_card\",\"card\":\"{c}\"}}")), "");
        }
        assert_eq!(m.apply("{\"do\":\"blocks\",\"cells\":[]}"), "");
        assert_eq!(m.apply("{\"do\":\"first\",\"me\":true}"), "");
        let a = advise(&m.session(), "{\"budget_ms\":200}");
        assert!(m.html(&a, "{}").contains("data-advised=\"1\""));
        assert_eq!(m.apply("{\"do\":\"place\",\"slot\":0,\"cell\":5}"), "");
        assert!(m.html(&a, "{}").contains("data-advised=\"0\""));
        assert!(m.undo());
        assert!(m.html(&a, "{}").contains("data-advised=\"1\""));
    }

    fn command(m: &mut PlayMatch, json: &str) {
        assert_eq!(m.apply(json), "", "{json}");
    }

    /// The match's HTML at each kind of question, with the picker half filled, cells tapped as
    /// blocked, and advice given by hand (a timed search's figures depend on the machine).
    #[test]
    fn the_match_as_html() {
        let mut m = PlayMatch::start(
            "Goblin:100/P/70/20@W,90/M/40/45@E+W,50/P/50/50@N,50/X/50/50@S,50/A/50/50@-",
        )
        .unwrap();
        let picker = r#"{"digits":"1P","arrows":5,"name":12,"budget_ms":2000}"#;
        insta::assert_snapshot!("their_card", m.html("", picker));
        for c in ["1P23@E", "10/P/10/10@E", "10/P/200/200@W", "0P00@-", "0P00@-"] {
            command(&mut m, &format!(r#"{{"do":"their_card","card":"{c}"}}"#));
        }
        insta::assert_snapshot!("blocks", m.html("", r#"{"blocks":[0,15],"budget_ms":2000}"#));
        command(&mut m, r#"{"do":"blocks","cells":[15]}"#);
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
        insta::assert_snapshot!("my_move", m.html(&advice, r#"{"selected":1,"budget_ms":2000}"#));
        command(&mut m, r#"{"do":"place","slot":1,"cell":1}"#);
        insta::assert_snapshot!("battle", m.html("", r#"{"budget_ms":2000}"#));
        command(&mut m, r#"{"do":"battle","won":true,"shown":[90,10]}"#);
        insta::assert_snapshot!("after_battle", m.html("", r#"{"budget_ms":2000}"#));
    }
}
