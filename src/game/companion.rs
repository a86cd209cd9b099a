//! The match companion's boundary: [`Live`] driven by JSON commands, for a page that follows a
//! real match by taps and keeps it across reloads.
//!
//! A [`Companion`] is my five cards and the list of [`Command`]s applied so far. Every command
//! goes through [`Live`], as a typed line of `quadmist play` does: the page decides nothing
//! about the match. Its [`Session`] (my cards and the commands) is the whole match: restoring
//! replays the commands, so the undo history comes back too. [`Companion::view`] is what the
//! page shows; [`Companion::advise`] runs the adviser on the position (in the page, in a
//! worker, with the page's clock).
//!
//! Everything read is bounded: a session of at most [`MAX_COMMANDS`] commands, texts of at most
//! [`MAX_TEXT`] characters, JSON of at most [`MAX_JSON`] bytes.

use crate::game::board::Side;
use crate::game::card::GameCard;
use crate::game::engine::{prize, Outcome, Prize};
use crate::game::live::{Ask, Entry, EntryError, Live, ADVISED_MOVES};
use crate::game::notation::{self, PositionError};
use crate::game::search::{Analysis, Clock, Goal, Opponent};
use crate::model::collection::Collection;
use crate::model::{catalogue, CardType};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The most commands a session holds: a match needs far fewer (5 for their cards, blocks, who
/// starts, 10 placements, and per placement at most 8 targets and 8 battles).
pub const MAX_COMMANDS: usize = 400;

/// The longest text in a command (a card in the notation, with a name).
pub const MAX_TEXT: usize = 200;

/// The largest JSON the boundary reads.
pub const MAX_JSON: usize = 256 * 1024;

/// One entry of the match, as the page sends it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Their next card as the game shows it, in the notation of `advise` (`1P23@E+S`, or with
    /// the card named to narrow its digits: `Goblin:0P00@N`).
    TheirCard {
        /// The card.
        card: String,
    },
    /// The blocked cells (x + 4·y each).
    Blocks {
        /// The cells.
        cells: Vec<u8>,
    },
    /// Who places the first card.
    First {
        /// True when I do.
        me: bool,
    },
    /// The mover places the card of `slot` (0..=4 mine, 5..=9 theirs) on `cell`.
    Place {
        /// The card's slot.
        slot: u8,
        /// The cell, x + 4·y.
        cell: u8,
    },
    /// The next battle is against the card of `slot`.
    Target {
        /// The target's slot.
        slot: u8,
    },
    /// A battle's result as I saw it.
    Battle {
        /// My card won.
        won: bool,
        /// The two numbers shown at its start, mine first.
        #[serde(default)]
        shown: Option<(u16, u16)>,
        /// The winner's type letter changed.
        #[serde(default)]
        evolved: bool,
    },
}

/// A whole match as the page stores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Session {
    /// My five cards in hand order, in the notation (`138/X/53/90@E+S,...`).
    pub mine: String,
    /// The commands applied, oldest first.
    pub commands: Vec<Command>,
}

/// Why the companion refused something; each message says what to do instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CompanionError {
    /// My cards could not be read (the error names them).
    #[error("{0}")]
    Mine(PositionError),
    /// A save slot that holds no card.
    #[error("the save has no card in slot {0}")]
    NoCard(u16),
    /// A card picked twice from the save.
    #[error("the same card was picked twice")]
    Twice,
    /// Not five cards picked.
    #[error("pick five cards, {0} were picked")]
    HandSize(usize),
    /// An entry the match refused.
    #[error(transparent)]
    Entry(#[from] EntryError),
    /// JSON that is not a command, a session or advice options.
    #[error("unreadable {what}: {detail}")]
    Json {
        /// What was expected.
        what: &'static str,
        /// Why it could not be read.
        detail: String,
    },
    /// Input larger than the boundary reads.
    #[error("{0} is too large")]
    TooLarge(&'static str),
    /// A command in a stored session that the match refused.
    #[error("stored entry {index} was refused: {error}")]
    Replay {
        /// Its position, from 1.
        index: usize,
        /// Why.
        error: EntryError,
    },
    /// Their card `n` (from 0) is not entered yet.
    #[error("their card {} is not entered yet", .0 + 1)]
    NoTheirCard(usize),
    /// An edited card that an entry after it contradicts.
    #[error("with that card, entry {index} of the match no longer fits: {error}")]
    Edit {
        /// The entry's position, from 1.
        index: usize,
        /// Why.
        error: EntryError,
    },
    /// A cell number outside the board.
    #[error("cell {0} is not on the board (0 to 15)")]
    Cell(u8),
    /// A slot number outside both hands.
    #[error("slot {0} is no card (0 to 9)")]
    Slot(u8),
}

/// Reads JSON of at most [`MAX_JSON`] bytes.
fn read_json<T: for<'de> Deserialize<'de>>(
    json: &str,
    what: &'static str,
) -> Result<T, CompanionError> {
    if json.len() > MAX_JSON {
        return Err(CompanionError::TooLarge(what));
    }
    serde_json::from_str(json).map_err(|e| CompanionError::Json { what, detail: e.to_string() })
}

/// My five cards taken from a save's card slots, in hand order (exact: the save holds them).
pub fn hand_from_collection(
    collection: &Collection,
    slots: &[u16],
) -> Result<[GameCard; 5], CompanionError> {
    if slots.len() != 5 {
        return Err(CompanionError::HandSize(slots.len()));
    }
    if (0..5).any(|i| (i + 1..5).any(|j| slots[i] == slots[j])) {
        return Err(CompanionError::Twice);
    }
    let mut out = [GameCard::exact(None, 0, CardType::Physical, 0, 0, 0); 5];
    for (o, &slot) in out.iter_mut().zip(slots) {
        let c = collection.card(slot).ok_or(CompanionError::NoCard(slot))?;
        *o = GameCard::from_record(c);
    }
    Ok(out)
}

/// My five cards in the notation, as a [`Session`] keeps them.
pub fn hand_text(cards: &[GameCard; 5]) -> String {
    cards.iter().map(notation::card_text).collect::<Vec<_>>().join(",")
}

/// A match followed through JSON commands.
#[derive(Debug, Clone)]
pub struct Companion {
    live: Live,
    session: Session,
}

impl Companion {
    /// A new match with my five cards in the notation (`advise`'s), nothing else entered.
    pub fn new(mine: &str) -> Result<Companion, CompanionError> {
        if mine.len() > 5 * (MAX_TEXT + 1) {
            return Err(CompanionError::TooLarge("my cards"));
        }
        let v = notation::parse_hand(mine, "my cards").map_err(CompanionError::Mine)?;
        let cards = [v[0], v[1], v[2], v[3], v[4]];
        let live = Live::new(cards, Vec::new(), None, None)?;
        Ok(Companion { live, session: Session { mine: hand_text(&cards), commands: Vec::new() } })
    }

    /// The match a stored session describes, every command replayed.
    pub fn restore(session: &Session) -> Result<Companion, CompanionError> {
        if session.commands.len() > MAX_COMMANDS {
            return Err(CompanionError::TooLarge("the stored match"));
        }
        let mut c = Companion::new(&session.mine)?;
        for (k, cmd) in session.commands.iter().enumerate() {
            c.apply(cmd.clone()).map_err(|e| match e {
                CompanionError::Entry(error) => CompanionError::Replay { index: k + 1, error },
                other => other,
            })?;
        }
        Ok(c)
    }

    /// [`Companion::restore`] from the session's JSON.
    pub fn restore_json(json: &str) -> Result<Companion, CompanionError> {
        Companion::restore(&read_json(json, "stored match")?)
    }

    /// The whole match, to store.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session as JSON: also the key of the position (two equal keys, one position).
    pub fn session_json(&self) -> String {
        serde_json::to_string(&self.session).unwrap_or_default()
    }

    /// The match followed.
    pub fn live(&self) -> &Live {
        &self.live
    }

    /// Applies a command; on an error nothing changes.
    pub fn apply(&mut self, cmd: Command) -> Result<(), CompanionError> {
        if self.session.commands.len() >= MAX_COMMANDS {
            return Err(CompanionError::TooLarge("the match"));
        }
        let entry = match &cmd {
            Command::TheirCard { card } => {
                if card.len() > MAX_TEXT {
                    return Err(CompanionError::TooLarge("the card"));
                }
                match self.live.ask() {
                    Ask::TheirCard(_) => self.live.parse(card)?,
                    _ => return Err(EntryError::NotAsked.into()),
                }
            }
            Command::Blocks { cells } => {
                let mut mask = 0u16;
                for &c in cells.iter().take(16) {
                    if c > 15 {
                        return Err(CompanionError::Cell(c));
                    }
                    mask |= 1 << c;
                }
                Entry::Blocks(mask)
            }
            Command::First { me } => Entry::First(if *me { Side::Player } else { Side::Npc }),
            Command::Place { slot, cell } => {
                check_slot(*slot)?;
                if *cell > 15 {
                    return Err(CompanionError::Cell(*cell));
                }
                Entry::Place { slot: *slot, cell: *cell }
            }
            Command::Target { slot } => {
                check_slot(*slot)?;
                Entry::Target(*slot)
            }
            Command::Battle { won, shown, evolved } => {
                Entry::Battle { i_won: *won, shown: *shown, evolved: *evolved }
            }
        };
        self.live.apply(entry)?;
        self.session.commands.push(cmd);
        Ok(())
    }

    /// [`Companion::apply`] of a command's JSON.
    pub fn apply_json(&mut self, json: &str) -> Result<(), CompanionError> {
        self.apply(read_json(json, "entry")?)
    }

    /// Goes back one command; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.live.undo() {
            self.session.commands.pop();
            true
        } else {
            false
        }
    }

    /// Their card `n` (0..=4) as it was entered, in the notation; `None` before it is.
    pub fn their_card(&self, n: usize) -> Option<String> {
        self.their_cards().into_iter().nth(n)
    }

    /// Their cards as entered, in hand order (a command may have given several).
    fn their_cards(&self) -> Vec<String> {
        self.session
            .commands
            .iter()
            .filter_map(|c| match c {
                Command::TheirCard { card } => Some(card.split(',').map(|t| t.trim().to_string())),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// Replaces their card `n` (0..=4) by `card` and replays every entry after it, as if it
    /// had been entered so from the start. Refused, with nothing changed, when the card cannot
    /// be read or an entry after it no longer fits (a battle number its digits rule out).
    pub fn edit_their_card(&mut self, n: usize, card: &str) -> Result<(), CompanionError> {
        if card.len() > MAX_TEXT {
            return Err(CompanionError::TooLarge("the card"));
        }
        let card = card.trim();
        // The card alone first, so that its own fault is named.
        crate::game::live::parse_their_card(card).map_err(EntryError::Card)?;
        let mut k = 0;
        let mut found = false;
        let mut session = self.session.clone();
        for c in &mut session.commands {
            let Command::TheirCard { card: text } = c else { continue };
            let mut parts: Vec<String> = text.split(',').map(|t| t.trim().to_string()).collect();
            for p in &mut parts {
                if k == n {
                    *p = card.to_string();
                    found = true;
                }
                k += 1;
            }
            *text = parts.join(",");
        }
        if !found {
            return Err(CompanionError::NoTheirCard(n));
        }
        *self = Companion::restore(&session).map_err(|e| match e {
            CompanionError::Replay { index, error } => CompanionError::Edit { index, error },
            other => other,
        })?;
        Ok(())
    }

    /// What the page shows now.
    pub fn view(&self) -> View {
        view(&self.live)
    }

    /// Runs the adviser when I am to place a card or pick a target (`None` otherwise). Once
    /// `cancel` is set the search stops and its answer is not to be used.
    pub fn advise(
        &self,
        options: &AdviceOptions,
        clock: Clock,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Result<Option<Advice>, CompanionError> {
        let (opponent, goal) = options.model()?;
        let budget = Duration::from_millis(options.budget_ms.clamp(1, 600_000));
        // A target pick is searched to a fixed depth, which no clock cuts short: deeper and
        // deeper (each depth costing several times the last) while a tenth of the budget is
        // left unspent, so the whole pick stays near the budget; a placement is timed itself.
        let target = matches!(self.live.ask(), Ask::Target { .. });
        let left = self.live.game().map_or(1, |g| g.board.cards_left().max(1));
        let start = clock();
        let mut found = None;
        for depth in 1..=left {
            let Some(a) = self.live.analyse(opponent, goal, budget, depth, cancel.clone(), clock)
            else {
                return Ok(None);
            };
            let done = !target || a.exact || clock() - start > options.budget_ms as f64 / 10.0;
            found = Some(a);
            if done {
                break;
            }
        }
        let Some(a) = found else { return Ok(None) };
        Ok(Some(advice(&self.live, &a, goal, self.session_json())))
    }
}

fn check_slot(slot: u8) -> Result<(), CompanionError> {
    if slot > 9 {
        Err(CompanionError::Slot(slot))
    } else {
        Ok(())
    }
}

/// The adviser's options, as `play` and `advise` take them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct AdviceOptions {
    /// `game` (the game's AI at `wise`) or `worst` (my worst case).
    pub opponent: String,
    /// The game AI's Wise level, 0..=3.
    pub wise: u8,
    /// `win`, `cards` or `keep`.
    pub goal: String,
    /// With the goal `keep`: my card to keep, 1..=5.
    pub keep: Option<u8>,
    /// Time for the search, in milliseconds (1..=600000).
    pub budget_ms: u64,
}

impl Default for AdviceOptions {
    fn default() -> AdviceOptions {
        AdviceOptions {
            opponent: "game".into(),
            wise: 3,
            goal: "win".into(),
            keep: None,
            budget_ms: crate::game::search::DEFAULT_BUDGET_MS,
        }
    }
}

impl AdviceOptions {
    /// Reads the options' JSON.
    pub fn from_json(json: &str) -> Result<AdviceOptions, CompanionError> {
        read_json(json, "adviser options")
    }

    /// The opponent model and the goal.
    pub fn model(&self) -> Result<(Opponent, Goal), CompanionError> {
        let bad = |detail: &str| CompanionError::Json {
            what: "adviser options",
            detail: detail.to_string(),
        };
        let opponent = match self.opponent.as_str() {
            "game" if self.wise <= 3 => Opponent::Game(self.wise),
            "game" => return Err(bad("wise is 0 to 3")),
            "worst" => Opponent::Worst,
            _ => return Err(bad("the opponent is game or worst")),
        };
        let goal = match (self.goal.as_str(), self.keep) {
            ("win", _) => Goal::Win,
            ("cards", _) => Goal::Cards,
            ("keep", Some(k @ 1..=5)) => Goal::Keep(k - 1),
            ("keep", _) => return Err(bad("the goal keep needs keep, my card 1 to 5")),
            _ => return Err(bad("the goal is win, cards or keep")),
        };
        Ok((opponent, goal))
    }
}

/// One advised move with its figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdvisedMove {
    /// The card's slot (0..=4 mine; for a target pick, the attacker's).
    pub slot: u8,
    /// The cell, x + 4·y.
    pub cell: u8,
    /// `card 2 (3P21) to B3`, or for a target pick `attack their 1P23 on C2 first`.
    pub text: String,
    /// P(win).
    pub win: f64,
    /// P(draw).
    pub draw: f64,
    /// P(loss).
    pub loss: f64,
    /// Expected cards won.
    pub cards: f64,
    /// With the goal `keep`: P(the card is kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep: Option<f64>,
    /// When several cards face it: the best first target's slot.
    #[serde(default)]
    pub first_target: Option<u8>,
}

impl Advice {
    /// Reads advice back from its JSON (as a worker sends it).
    pub fn from_json(json: &str) -> Result<Advice, CompanionError> {
        read_json(json, "advice")
    }
}

/// The adviser's answer for one position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Advice {
    /// The session it answers ([`Companion::session_json`]): advice for another key is stale.
    pub key: String,
    /// `place` (my move) or `target` (my card's first target).
    pub kind: String,
    /// Every figure exact: the search reached the end of the match and every card is known
    /// exactly.
    pub exact: bool,
    /// Why the figures are estimates, as `play` labels them (empty when exact).
    pub estimates: Vec<String>,
    /// Placements searched ahead.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// The best move first, then at most two more.
    pub moves: Vec<AdvisedMove>,
}

fn card_name(live: &Live, slot: u8) -> String {
    let Some(g) = live.game() else { return String::new() };
    let cell = g.board.cells.iter().position(|&x| x == slot).map_or(0, |x| x as u8);
    let whose = if g.board.side(slot) == Side::Player { "my" } else { "their" };
    format!("{whose} {} on {}", g.cards[slot as usize].digits(), notation::cell_name(cell))
}

fn advice(live: &Live, a: &Analysis, goal: Goal, key: String) -> Advice {
    let target = matches!(live.ask(), Ask::Target { .. });
    let moves = a
        .moves
        .iter()
        .take(ADVISED_MOVES)
        .map(|m| {
            let text = if target {
                let t = m.first_target.map(|d| card_name(live, d)).unwrap_or_default();
                format!("attack {t} first")
            } else {
                let digits = live.mine()[m.slot as usize % 5].digits();
                let mut s =
                    format!("card {} ({digits}) to {}", m.slot + 1, notation::cell_name(m.cell));
                if let Some(d) = m.first_target {
                    s.push_str(&format!(", attack {} first", card_name(live, d)));
                }
                s
            };
            AdvisedMove {
                slot: m.slot,
                cell: m.cell,
                text,
                win: m.value.win,
                draw: m.value.draw,
                loss: m.value.loss(),
                cards: m.value.cards,
                keep: matches!(goal, Goal::Keep(_)).then_some(m.value.keep),
                first_target: m.first_target,
            }
        })
        .collect();
    let estimates: Vec<String> = live.estimate_label(a).into_iter().collect();
    Advice {
        key,
        kind: if target { "target" } else { "place" }.into(),
        exact: estimates.is_empty(),
        estimates,
        depth: a.depth,
        nodes: a.nodes,
        moves,
    }
}

/// What is asked now, for the page.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AskView {
    /// Their card `n` (0..=4).
    TheirCard {
        /// Which.
        n: usize,
    },
    /// The blocked cells.
    Blocks,
    /// Who moves first.
    First,
    /// A placement by me (`me` true) or them.
    Place {
        /// My move.
        me: bool,
    },
    /// I pick the next target of `attacker` among `targets`.
    Target {
        /// The placed card's slot.
        attacker: u8,
        /// The targets' slots.
        targets: Vec<u8>,
    },
    /// A battle's result.
    Battle {
        /// The attacker's slot.
        attacker: u8,
        /// The defender's slot.
        defender: u8,
        /// My card attacks.
        mine_attacks: bool,
        /// My card's chance to win it.
        chance: f64,
        /// The chance is exact (else the mean over their card's possible values).
        exact: bool,
        /// The winner may change its type letter: it can evolve (not an A card).
        can_evolve: [bool; 2],
    },
    /// The match is over.
    Over {
        /// `win`, `draw` or `loss`.
        outcome: Outcome,
        /// My cards at the end.
        me: u32,
        /// Theirs.
        them: u32,
        /// All ten on one side.
        perfect: bool,
        /// The result in words.
        result: String,
        /// The prize in words.
        prize: String,
    },
}

/// One card in a hand or on the board, for the page.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardView {
    /// Slot, 0..=4 mine, 5..=9 theirs.
    pub slot: u8,
    /// The name, when known.
    pub name: Option<String>,
    /// The digits as the game shows them now (`1P23`; its type as now).
    pub digits: String,
    /// The arrows, bit 0 north, then clockwise.
    pub arrows: u8,
    /// What is known exactly: `138/X/53/90`, `atk 55`, or nothing.
    pub known: String,
    /// Its cell, once placed.
    pub cell: Option<u8>,
    /// On my side now.
    pub mine_now: bool,
}

/// What the page shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// What is asked.
    pub ask: AskView,
    /// The board in the notation (`#.../.a../..../....`), once set up.
    pub board: Option<String>,
    /// Each card's type letter now, slots 0..=9, once set up (`PMXAP...`).
    pub types: Option<String>,
    /// The blocked cells, once entered.
    pub blocks: Option<u16>,
    /// My cards on my side, theirs on theirs.
    pub score: Option<(u32, u32)>,
    /// My five cards, then theirs entered so far.
    pub cards: Vec<CardView>,
    /// What happened, oldest first.
    pub log: Vec<String>,
    /// Something to undo.
    pub can_undo: bool,
}

/// What is known exactly of a card: all stats, some, or none.
fn known(c: &GameCard) -> String {
    if c.is_exact() {
        return format!("{}/{}/{}/{}", c.atk.lo, c.card_type.letter(), c.pdef.lo, c.mdef.lo);
    }
    [("atk", c.atk), ("pdef", c.pdef), ("mdef", c.mdef)]
        .iter()
        .filter(|(_, s)| s.is_exact())
        .map(|(n, s)| format!("{n} {}", s.lo))
        .collect::<Vec<_>>()
        .join(", ")
}

fn view(live: &Live) -> View {
    let g = live.game();
    let now = live.cards_now();
    let mut cards: Vec<(u8, GameCard)> =
        live.mine().iter().copied().zip(0u8..).map(|(c, s)| (s, c)).collect();
    cards.extend(live.theirs().into_iter().zip(5u8..).map(|(c, s)| (s, c)));
    let cards = cards
        .into_iter()
        .map(|(slot, c)| {
            let c = now.map_or(c, |n| n[slot as usize]);
            let cell =
                g.and_then(|g| g.board.cells.iter().position(|&x| x == slot)).map(|x| x as u8);
            CardView {
                slot,
                name: c.id.map(catalogue::name),
                digits: c.digits(),
                arrows: c.arrows,
                known: known(&c),
                cell,
                mine_now: g.map_or(slot < 5, |g| g.board.side(slot) == Side::Player),
            }
        })
        .collect();
    View {
        ask: ask_view(live),
        board: g.map(|g| notation::board_text(&g.board)),
        types: g.map(|g| g.types.iter().map(|t| t.letter()).collect()),
        blocks: live.blocks(),
        score: g.map(|g| g.board.score()),
        cards,
        log: live.log().to_vec(),
        can_undo: live.can_undo(),
    }
}

fn ask_view(live: &Live) -> AskView {
    match live.ask() {
        Ask::TheirCard(n) => AskView::TheirCard { n },
        Ask::Blocks => AskView::Blocks,
        Ask::First => AskView::First,
        Ask::Place(side) => AskView::Place { me: side == Side::Player },
        Ask::Target { attacker, targets } => AskView::Target { attacker, targets },
        Ask::Battle { attacker, defender } => {
            let g = live.game();
            let p = g.and_then(|g| g.win_probability(defender)).unwrap_or(0.0);
            let exact = g.is_some_and(|g| g.exact_win_chance(defender).is_some());
            let can = |slot: u8| {
                g.is_some_and(|g| {
                    let t = g.types[slot as usize];
                    crate::game::engine::evolve(t) != t
                })
            };
            AskView::Battle {
                attacker,
                defender,
                // The attacker was just placed from its owner's hand.
                mine_attacks: attacker < 5,
                chance: if attacker < 5 { p } else { 1.0 - p },
                exact,
                can_evolve: [can(attacker), can(defender)],
            }
        }
        Ask::Over(r) => {
            let (result, prize) = result_text(live).unwrap_or_default();
            AskView::Over {
                outcome: r.outcome,
                me: r.player,
                them: r.npc,
                perfect: r.perfect,
                result,
                prize,
            }
        }
    }
}

/// The end of the match in words, as `play` and the page say it: the result and the prize
/// (empty for a draw). `None` before the end.
pub fn result_text(live: &Live) -> Option<(String, String)> {
    let g = live.game()?;
    let r = g.result()?;
    let perfect = if r.perfect { ": Perfect" } else { "" };
    let result = match r.outcome {
        Outcome::Win => format!("I won, {} to {}{perfect}.", r.player, r.npc),
        Outcome::Draw => "A draw, 5 to 5: no card changes hands.".into(),
        Outcome::Loss => format!("I lost, {} to {}{perfect}.", r.player, r.npc),
    };
    Some((result, prize_text(live, &prize(&g.board))))
}

/// The prize in words.
fn prize_text(live: &Live, p: &Prize) -> String {
    let Some(g) = live.game() else { return String::new() };
    let digits = |s: u8| g.cards[s as usize].digits();
    match p {
        Prize::Nothing => String::new(),
        Prize::PlayerPicks(s) if s.len() == 1 => {
            format!("I take their card {} ({}).", s[0] - 4, digits(s[0]))
        }
        Prize::PlayerPicks(s) => {
            let names: Vec<String> =
                s.iter().map(|&x| format!("{} ({})", x - 4, digits(x))).collect();
            let (last, rest) =
                names.split_last().map_or((String::new(), &[][..]), |(l, r)| (l.clone(), r));
            format!("I pick one of their cards {} or {last}.", rest.join(", "))
        }
        Prize::PlayerTakesAll => "I take all five of their cards.".into(),
        Prize::NpcTakes(s) => format!("They take my card {} ({}).", s + 1, digits(*s)),
        Prize::NpcTakesAll => "They take all five of my cards.".into(),
    }
}
