//! Following a real match as it is played (`quadmist play`): what is asked next, the player's
//! typed entries, and how each entry changes the match. No terminal here: the command line
//! draws [`Live`] and feeds it the lines typed.
//!
//! The set-up is asked in the game's order (tetra-master-match §1): the opponent's five cards as
//! the game shows them (digits and arrows; exact stats when known), the blocked cells, who moves
//! first. Then, turn by turn: a placement (card number in hand order and cell), the battle target
//! when the player picks it, each battle's result as the player saw it (won or lost, optionally
//! the two numbers shown at the start of the battle, which are raw stats: they make that stat of
//! an opponent card exact, §2.4), and whether the winner's type letter changed (evolution, §2.5).
//!
//! Entry syntax (case does not matter):
//! * an opponent card: `1P23 E+S`, `1P23@E+S`, `Goblin:0P00@N`, `138/X/53/90 E`; several may be
//!   given at once, separated by commas;
//! * blocked cells: `A1 C3` (column A–D, row 1–4), `-` or nothing for none;
//! * who moves first: `m` (me) or `t` (them);
//! * a placement: `2 B3` (card 2 of the mover's hand, cell B3); nothing accepts the suggestion;
//! * a target: its cell, `C2`; nothing accepts the suggestion;
//! * a battle: `w` (I won it) or `l` (I lost it), then optionally the two numbers shown, mine
//!   first, then `e` if the winner's type letter changed: `w 138 53 e`.

use crate::game::board::Side;
use crate::game::calibration::MEASURED;
use crate::game::card::{GameCard, Span};
use crate::game::engine::{evolve, Chooser, Match, MatchResult, MoveError, Phase};
use crate::game::notation::{self, PositionError};
use crate::game::search::{Analysis, Clock, Goal, MoveValue, Opponent, Searcher, HIDDEN_DRAWS};
use crate::model::words::count;
use crate::model::CardType;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The placements `quadmist play` shows (the best and the next two): only these are ranked
/// exactly ([`Searcher::set_top`]), which answers sooner.
pub const ADVISED_MOVES: usize = 3;

/// The most blocked cells the game deals (§1.2).
pub const MAX_BLOCKS: u32 = 6;

/// What the match waits for from the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// The opponent's card number `n` (0..=4), as the game shows it.
    TheirCard(usize),
    /// The blocked cells.
    Blocks,
    /// Who places the first card.
    First,
    /// A placement by this side.
    Place(Side),
    /// The player picks the next battle target of `attacker` among `targets` (slots).
    Target {
        /// The placed card's slot.
        attacker: u8,
        /// The targets facing it, direction order.
        targets: Vec<u8>,
    },
    /// The result of the battle of `attacker` against `defender`.
    Battle {
        /// The placed card's slot.
        attacker: u8,
        /// The card it fights.
        defender: u8,
    },
    /// The match is over.
    Over(MatchResult),
}

/// One typed entry, parsed.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    /// Opponent cards, in hand order from the next one asked.
    TheirCards(Vec<GameCard>),
    /// Blocked cells (bit x + 4·y).
    Blocks(u16),
    /// Who moves first.
    First(Side),
    /// The mover places `slot` (0..=9) on `cell`.
    Place {
        /// Slot: 0..=4 mine, 5..=9 the opponent's.
        slot: u8,
        /// Cell x + 4·y.
        cell: u8,
    },
    /// The next battle is against this slot.
    Target(u8),
    /// A battle's result.
    Battle {
        /// True when the player's card won the battle (attacking or defending).
        i_won: bool,
        /// The numbers shown at the start of the battle: the player's card's, then the
        /// opponent's.
        shown: Option<(u16, u16)>,
        /// The winner's type letter changed.
        evolved: bool,
    },
}

/// Everything entered so far.
#[derive(Debug, Clone)]
struct State {
    theirs: Vec<GameCard>,
    blocks: Option<u16>,
    first: Option<Side>,
    game: Option<Match>,
    /// The target the player picked for the next battle.
    picked: Option<u8>,
    log: Vec<String>,
}

/// A real match followed entry by entry, with undo.
#[derive(Debug, Clone)]
pub struct Live {
    mine: [GameCard; 5],
    state: State,
    undo: Vec<State>,
    advice: Option<Analysis>,
}

/// Why a typed entry (or the set-up given to [`Live::new`]) was refused; each message says what
/// to type instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EntryError {
    /// An opponent card that could not be read.
    #[error(transparent)]
    Card(#[from] PositionError),
    /// Not a cell name.
    #[error("`{0}` is not a cell: a column A to D and a row 1 to 4, e.g. B3")]
    Cell(String),
    /// More blocked cells than the game deals.
    #[error("the game blocks at most {MAX_BLOCKS} cells")]
    TooManyBlocks,
    /// More than five opponent cards given at the start.
    #[error("the opponent has five cards, {0} were given")]
    TheirCount(usize),
    /// More opponent cards typed than are left to enter.
    #[error("only {0} more of their cards to enter")]
    MoreCards(usize),
    /// Not a placement.
    #[error("not a move: a card number 1 to 5, then a cell, e.g. 2 B3")]
    Move,
    /// Not a battle result.
    #[error("w if your card won, l if it lost; then the two numbers shown, yours first")]
    Battle,
    /// A battle number that is not 0..=255.
    #[error("`{0}` is not a number 0 to 255 (or e)")]
    Number(String),
    /// One number, or more than two, given for a battle.
    #[error("give both numbers shown in the battle, yours first, or none")]
    NumberCount,
    /// A battle number no stat of the card can give.
    #[error("{0} cannot be shown for this card (its digits say otherwise)")]
    CannotShow(u8),
    /// Neither `m` nor `t` for who moves first.
    #[error("type m if you move first, t if they do")]
    First,
    /// Any entry after the match ended.
    #[error("the match is over: press q to quit")]
    Finished,
    /// An empty placement without a suggestion to accept.
    #[error("type the card number and the cell, e.g. 2 B3")]
    PlaceWhat,
    /// An empty target without a suggestion to accept.
    #[error("type the cell of the card to attack, e.g. C2")]
    TargetWhat,
    /// A match entry before the set-up is complete.
    #[error("the match is not set up")]
    NotSetUp,
    /// A target cell without a card.
    #[error("there is no card on {}", notation::cell_name(*.0))]
    NoCardOn(u8),
    /// A card on the board that is not a battle target now.
    #[error("that card is not a battle target now")]
    NotATarget,
    /// An entry applied after the match ended.
    #[error("the match is over")]
    Over,
    /// An entry of another kind than asked.
    #[error("that is not what is asked now")]
    NotAsked,
    /// A card (number in hand, 1..=5) already placed.
    #[error("card {0} is already on the board")]
    Placed(u8),
    /// A blocked or occupied cell.
    #[error("{} is not free", notation::cell_name(*.0))]
    NotFree(u8),
    /// Another move the engine refused.
    #[error(transparent)]
    Refused(MoveError),
    /// The player's own battle number differs from the one its exact stats give.
    #[error("your card's number in this battle is {0} (its exact stats); give yours first")]
    YourNumber(u8),
    /// A battle number an opponent card's digits rule out.
    #[error("{value} cannot be the number of {card} (its digits say otherwise)")]
    NotTheirNumber {
        /// The number typed.
        value: u16,
        /// The card, in words (`the 1P23 on B3`).
        card: String,
    },
    /// `e` typed for a winner that cannot evolve.
    #[error("an A card does not evolve: leave out the e")]
    NoEvolution,
}

/// A cell name (`B3`) parsed to x + 4·y.
pub fn parse_cell(s: &str) -> Result<u8, EntryError> {
    let s = s.trim();
    let mut ch = s.chars();
    match (ch.next(), ch.next(), ch.next()) {
        (Some(c), Some(r), None) => {
            let col = c.to_ascii_uppercase();
            if !('A'..='D').contains(&col) || !('1'..='4').contains(&r) {
                return Err(EntryError::Cell(s.to_string()));
            }
            Ok((col as u8 - b'A') + 4 * (r as u8 - b'1'))
        }
        _ => Err(EntryError::Cell(s.to_string())),
    }
}

fn parse_blocks(text: &str) -> Result<u16, EntryError> {
    let t = text.trim();
    if t.is_empty() || t == "-" || t == "0" || t.eq_ignore_ascii_case("none") {
        return Ok(0);
    }
    let mut m = 0u16;
    for w in t.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()) {
        m |= 1 << parse_cell(w)?;
    }
    if m.count_ones() > MAX_BLOCKS {
        return Err(EntryError::TooManyBlocks);
    }
    Ok(m)
}

/// An opponent card as typed: `1P23 E+S` or `1P23@E+S` (notation of `advise`); a name may hold
/// spaces (`Hedgehog Pie:2M11 SW`): the arrows are the last word when it reads as arrows. A
/// card no opponent can hold is refused ([`notation::parse_their_card`]).
pub fn parse_their_card(text: &str) -> Result<GameCard, PositionError> {
    let t = text.trim();
    if t.contains('@') {
        return notation::parse_their_card(t);
    }
    let joined = match t.rsplit_once(char::is_whitespace) {
        Some((stats, arrows)) if notation::parse_arrows(arrows).is_ok() => {
            format!("{}@{arrows}", stats.trim())
        }
        _ => format!("{t}@-"),
    };
    notation::parse_their_card(&joined)
}

/// A placement as typed: `2 B3` or `2B3`.
fn parse_place(text: &str) -> Result<(u8, u8), EntryError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut ch = t.chars();
    let n = ch
        .next()
        .and_then(|c| c.to_digit(10))
        .filter(|d| (1..=5).contains(d))
        .ok_or(EntryError::Move)?;
    Ok((n as u8 - 1, parse_cell(ch.as_str())?))
}

fn parse_battle(text: &str) -> Result<Entry, EntryError> {
    let words: Vec<String> = text.split_whitespace().map(str::to_ascii_lowercase).collect();
    let i_won = match words.first().map(String::as_str) {
        Some("w") | Some("won") => true,
        Some("l") | Some("lost") => false,
        _ => return Err(EntryError::Battle),
    };
    let mut numbers = Vec::new();
    let mut evolved = false;
    for w in &words[1..] {
        if w == "e" {
            evolved = true;
        } else {
            let n: u16 = w
                .parse()
                .ok()
                .filter(|&n| n <= 255)
                .ok_or_else(|| EntryError::Number(w.clone()))?;
            numbers.push(n);
        }
    }
    let shown = match numbers.as_slice() {
        [] => None,
        [a, b] => Some((*a, *b)),
        _ => return Err(EntryError::NumberCount),
    };
    Ok(Entry::Battle { i_won, shown, evolved })
}

/// What a battle start value says about one card: `v` is its battle value, the highest
/// (`highest`) or lowest of `stats`. Narrows the spans it can (a value of 1 may stand for a raw 0);
/// a stat becomes exact when it alone can hold the value. Err when no stat can.
fn reveal(
    spans: [Span; 3],
    which: &[usize],
    highest: bool,
    v: u8,
) -> Result<[Span; 3], EntryError> {
    let (vlo, vhi) = if v <= 1 { (0, 1) } else { (v, v) };
    let mut out = spans;
    for &i in which {
        let s = out[i];
        let cut = if highest { (s.lo, s.hi.min(vhi)) } else { (s.lo.max(vlo), s.hi) };
        if cut.0 > cut.1 {
            return Err(EntryError::CannotShow(v));
        }
        out[i] = Span { lo: cut.0, hi: cut.1 };
    }
    let holders: Vec<usize> =
        which.iter().copied().filter(|&i| out[i].lo <= vhi && vlo <= out[i].hi).collect();
    match holders.as_slice() {
        [] => Err(EntryError::CannotShow(v)),
        [i] => {
            out[*i] = Span { lo: out[*i].lo.max(vlo), hi: out[*i].hi.min(vhi) };
            Ok(out)
        }
        _ => Ok(out),
    }
}

/// The card after its battle value `v` was shown, as attacker of type `t` or as defender against
/// an attacker of type `t` (§2.4: which stats the value is made of).
pub fn reveal_card(
    card: &GameCard,
    attacking: bool,
    t: CardType,
    v: u8,
) -> Result<GameCard, EntryError> {
    let spans = [card.atk, card.pdef, card.mdef];
    let (which, highest): (&[usize], bool) = match (attacking, t) {
        (true, CardType::Assault) => (&[0, 1, 2], true),
        (true, _) => (&[0], true),
        (false, CardType::Physical) => (&[1], false),
        (false, CardType::Magic) => (&[2], false),
        (false, CardType::Flexible) => (&[1, 2], false),
        (false, CardType::Assault) => (&[0, 1, 2], false),
        (false, CardType::Unknown(_)) => return Ok(*card),
    };
    // A single stat is the value itself (both bounds); several: the extreme of them.
    let out = if which.len() == 1 {
        let one = reveal(spans, which, true, v)?;
        reveal(one, which, false, v)?
    } else {
        reveal(spans, which, highest, v)?
    };
    Ok(GameCard { atk: out[0], pdef: out[1], mdef: out[2], ..*card })
}

impl Live {
    /// A new match with my five cards (exact, hand order) and what is already known of the
    /// set-up. Errors when `theirs` holds more than five cards or `blocks` more than six cells.
    pub fn new(
        mine: [GameCard; 5],
        theirs: Vec<GameCard>,
        blocks: Option<u16>,
        first: Option<Side>,
    ) -> Result<Live, EntryError> {
        if theirs.len() > 5 {
            return Err(EntryError::TheirCount(theirs.len()));
        }
        if blocks.is_some_and(|b| b.count_ones() > MAX_BLOCKS) {
            return Err(EntryError::TooManyBlocks);
        }
        let state = State { theirs, blocks, first, game: None, picked: None, log: Vec::new() };
        let mut live = Live { mine, state, undo: Vec::new(), advice: None };
        live.start();
        Ok(live)
    }

    /// Starts the match once the set-up is complete.
    fn start(&mut self) {
        let s = &mut self.state;
        if let (None, 5, Some(blocks), Some(first)) = (&s.game, s.theirs.len(), s.blocks, s.first) {
            let mut cards = [self.mine[0]; 10];
            cards[..5].copy_from_slice(&self.mine);
            cards[5..].copy_from_slice(&s.theirs);
            s.game = Some(Match::new(cards, blocks, first));
        }
    }

    /// The match, once set up.
    pub fn game(&self) -> Option<&Match> {
        self.state.game.as_ref()
    }

    /// My five cards.
    pub fn mine(&self) -> &[GameCard; 5] {
        &self.mine
    }

    /// The opponent's cards entered so far (all five once set up; stats as known now).
    pub fn theirs(&self) -> Vec<GameCard> {
        match &self.state.game {
            Some(g) => g.cards[5..].to_vec(),
            None => self.state.theirs.clone(),
        }
    }

    /// The blocked cells, once entered.
    pub fn blocks(&self) -> Option<u16> {
        self.state.blocks
    }

    /// What happened, oldest first, in words.
    pub fn log(&self) -> &[String] {
        &self.state.log
    }

    /// What is asked now.
    pub fn ask(&self) -> Ask {
        let s = &self.state;
        let Some(g) = &s.game else {
            return if s.theirs.len() < 5 {
                Ask::TheirCard(s.theirs.len())
            } else if s.blocks.is_none() {
                Ask::Blocks
            } else {
                Ask::First
            };
        };
        match g.phase() {
            Phase::Place(side) => Ask::Place(side),
            Phase::Battle { attacker, targets, chooser } => match (chooser, s.picked) {
                (Chooser::Automatic(d), _) => Ask::Battle { attacker, defender: d },
                (Chooser::Side(_), Some(d)) if targets.contains(&d) => {
                    Ask::Battle { attacker, defender: d }
                }
                (Chooser::Side(_), _) => Ask::Target { attacker, targets },
            },
            Phase::Over(r) => Ask::Over(r),
        }
    }

    /// The adviser's analysis of this position, if one was kept ([`Live::set_advice`]).
    pub fn advice(&self) -> Option<&Analysis> {
        self.advice.as_ref()
    }

    /// Something was entered that [`Live::undo`] can take back.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Why the figures of `a` (an analysis of this position) are estimates, in the words
    /// `play` shows; `None` when they are exact.
    pub fn estimate_label(&self, a: &Analysis) -> Option<String> {
        if !a.exact {
            // The calibration as measured, then how the figures were made.
            let mut label = MEASURED.label();
            label[..1].make_ascii_uppercase();
            Some(format!("{label} ({} searched).", count(a.depth, "placement")))
        } else if self.cards_now().is_some_and(|c| notation::has_bands(&c)) {
            Some(format!(
                "Estimates: a mean over up to {HIDDEN_DRAWS} draws of hidden stats that fit the match."
            ))
        } else {
            None
        }
    }

    /// Keeps an analysis of the current position (what an empty entry accepts).
    pub fn set_advice(&mut self, a: Analysis) {
        self.advice = Some(a);
    }

    /// The ten cards as known now, with their types now (the match must be set up).
    pub fn cards_now(&self) -> Option<[GameCard; 10]> {
        let g = self.state.game.as_ref()?;
        let mut cards = g.cards;
        for (c, t) in cards.iter_mut().zip(g.types) {
            c.card_type = t;
        }
        Some(cards)
    }

    /// Runs the adviser when the player is to place a card or pick a target; `None` otherwise.
    /// A target pick is searched `depth` placements ahead (at least 1). Once `cancel` is set
    /// (by another thread, when the position has changed), the search stops early and what it
    /// returns is not to be used. `clock` measures the budget
    /// ([`system_clock`](crate::game::search::system_clock) on a native target).
    pub fn analyse(
        &self,
        opponent: Opponent,
        goal: Goal,
        budget: Duration,
        depth: u32,
        cancel: Option<Arc<AtomicBool>>,
        clock: Clock,
    ) -> Option<Analysis> {
        let g = self.state.game.as_ref()?;
        let cards = self.cards_now()?;
        let mut s = Searcher::new(&cards, opponent, goal, 20);
        s.set_seen(g.seen());
        s.set_clock(clock);
        if let Some(flag) = cancel {
            s.cancel_with(flag);
        }
        match self.ask() {
            Ask::Place(Side::Player) => {
                s.set_top(ADVISED_MOVES);
                Some(s.analyse(&g.board, Some(budget)))
            }
            Ask::Target { attacker, .. } => {
                let turn = g.turn?;
                let left = g.board.cards_left();
                let depth = depth.clamp(1, left.max(1));
                let t = g.types[attacker as usize];
                let (d, value) = s.best_target(&g.board, turn, t, depth)?;
                let moves = vec![MoveValue {
                    slot: attacker,
                    cell: turn.cell,
                    value,
                    first_target: Some(d),
                }];
                Some(Analysis { moves, depth, exact: depth >= left, nodes: s.nodes })
            }
            _ => None,
        }
    }

    /// Parses a typed line for what is asked now.
    pub fn parse(&self, text: &str) -> Result<Entry, EntryError> {
        let t = text.trim();
        match self.ask() {
            Ask::TheirCard(_) => {
                let cards: Vec<GameCard> =
                    t.split(',').map(parse_their_card).collect::<Result<_, _>>()?;
                Ok(Entry::TheirCards(cards))
            }
            Ask::Blocks => parse_blocks(t).map(Entry::Blocks),
            Ask::First => match t.to_ascii_lowercase().as_str() {
                "m" | "me" => Ok(Entry::First(Side::Player)),
                "t" | "them" => Ok(Entry::First(Side::Npc)),
                _ => Err(EntryError::First),
            },
            Ask::Place(side) => self.parse_place(side, t),
            Ask::Target { .. } => self.parse_target(t),
            Ask::Battle { .. } => parse_battle(t),
            Ask::Over(_) => Err(EntryError::Finished),
        }
    }

    fn parse_place(&self, side: Side, t: &str) -> Result<Entry, EntryError> {
        if t.is_empty() {
            let best = self.advice.as_ref().and_then(|a| a.moves.first());
            return match (side, best) {
                (Side::Player, Some(m)) => Ok(Entry::Place { slot: m.slot, cell: m.cell }),
                _ => Err(EntryError::PlaceWhat),
            };
        }
        let (n, cell) = parse_place(t)?;
        let slot = if side == Side::Player { n } else { n + 5 };
        Ok(Entry::Place { slot, cell })
    }

    fn parse_target(&self, t: &str) -> Result<Entry, EntryError> {
        if t.is_empty() {
            let best = self.advice.as_ref().and_then(|a| a.moves.first()?.first_target);
            return best.map(Entry::Target).ok_or(EntryError::TargetWhat);
        }
        let cell = parse_cell(t)?;
        let g = self.state.game.as_ref().ok_or(EntryError::NotSetUp)?;
        match g.board.cells[cell as usize] {
            s if s < 10 => Ok(Entry::Target(s)),
            _ => Err(EntryError::NoCardOn(cell)),
        }
    }

    /// Parses and applies a typed line.
    pub fn enter(&mut self, text: &str) -> Result<(), EntryError> {
        let e = self.parse(text)?;
        self.apply(e)
    }

    /// Goes back one entry; false when nothing is left to undo.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(s) => {
                self.state = s;
                self.advice = None;
                true
            }
            None => false,
        }
    }

    /// Applies an entry to the match; on an error nothing changes.
    pub fn apply(&mut self, e: Entry) -> Result<(), EntryError> {
        let before = self.state.clone();
        if let Err(m) = self.apply_inner(e) {
            self.state = before;
            return Err(m);
        }
        self.undo.push(before);
        self.start();
        self.advice = None;
        Ok(())
    }

    fn apply_inner(&mut self, e: Entry) -> Result<(), EntryError> {
        let ask = self.ask();
        let s = &mut self.state;
        match (ask, e) {
            (Ask::TheirCard(n), Entry::TheirCards(cards)) => {
                if n + cards.len() > 5 {
                    return Err(EntryError::MoreCards(5 - n));
                }
                s.theirs.extend(cards);
            }
            (Ask::Blocks, Entry::Blocks(b)) => {
                s.blocks = Some(b);
                s.log.push(match b {
                    0 => "No blocked cell.".to_string(),
                    _ => format!("Blocked: {}.", cells_text(b)),
                });
            }
            (Ask::First, Entry::First(side)) => {
                s.first = Some(side);
                s.log.push(match side {
                    Side::Player => "I move first.".into(),
                    Side::Npc => "They move first.".into(),
                });
            }
            (Ask::Place(_), Entry::Place { slot, cell }) => self.place(slot, cell)?,
            (Ask::Target { targets, .. }, Entry::Target(d)) => {
                if !targets.contains(&d) {
                    return Err(EntryError::NotATarget);
                }
                s.picked = Some(d);
            }
            (Ask::Battle { attacker, defender }, Entry::Battle { i_won, shown, evolved }) => {
                self.battle(attacker, defender, i_won, shown, evolved)?;
            }
            (Ask::Over(_), _) => return Err(EntryError::Over),
            _ => return Err(EntryError::NotAsked),
        }
        Ok(())
    }

    fn place(&mut self, slot: u8, cell: u8) -> Result<(), EntryError> {
        let s = &mut self.state;
        let g = s.game.as_mut().ok_or(EntryError::NotSetUp)?;
        let mover = g.board.mover;
        let before = sides(g);
        g.place(slot, cell).map_err(|e| match e {
            MoveError::NotInHand(_) => EntryError::Placed(slot % 5 + 1),
            MoveError::CellNotFree(_) => EntryError::NotFree(cell),
            other => EntryError::Refused(other),
        })?;
        let who = if mover == Side::Player { "I" } else { "They" };
        let mut line = format!(
            "{who} put card {} ({}) on {}",
            slot % 5 + 1,
            digits_now(g, slot),
            notation::cell_name(cell)
        );
        // Free captures: cards that changed side with no battle to fight.
        let taken = flipped_by(g, &before);
        if !taken.is_empty() {
            line.push_str(&format!(" and took {} without a battle", taken_text(g, &taken)));
        }
        line.push('.');
        s.log.push(line);
        Ok(())
    }

    /// The cards after the numbers shown in a battle; Err when they cannot be those cards'.
    fn shown(
        g: &Match,
        attacker: u8,
        defender: u8,
        (mine, theirs): (u16, u16),
    ) -> Result<(GameCard, GameCard), EntryError> {
        let t = g.types[attacker as usize];
        let mine_attacks = g.board.side(attacker) == Side::Player;
        let (a_val, d_val) = if mine_attacks { (mine, theirs) } else { (theirs, mine) };
        let my_slot = if mine_attacks { attacker } else { defender };
        let my_card = &g.cards[my_slot as usize];
        let my_value = battle_value(my_card, !mine_attacks, t);
        if my_value.is_some_and(|v| u16::from(v) != mine.max(1)) {
            return Err(EntryError::YourNumber(my_value.unwrap_or(0)));
        }
        let name = |slot: u8| {
            let cell = g.board.cells.iter().position(|&c| c == slot).unwrap_or(0) as u8;
            format!("the {} on {}", g.cards[slot as usize].digits(), notation::cell_name(cell))
        };
        let refused = |value: u16, slot: u8| EntryError::NotTheirNumber { value, card: name(slot) };
        let a = reveal_card(&g.cards[attacker as usize], true, t, a_val as u8)
            .map_err(|_| refused(a_val, attacker))?;
        let d = reveal_card(&g.cards[defender as usize], false, t, d_val as u8)
            .map_err(|_| refused(d_val, defender))?;
        Ok((a, d))
    }

    fn battle(
        &mut self,
        attacker: u8,
        defender: u8,
        i_won: bool,
        shown: Option<(u16, u16)>,
        evolved: bool,
    ) -> Result<(), EntryError> {
        let s = &mut self.state;
        let g = s.game.as_mut().ok_or(EntryError::NotSetUp)?;
        if let Some(numbers) = shown {
            let (a, d) = Self::shown(g, attacker, defender, numbers)?;
            g.cards[attacker as usize] = a;
            g.cards[defender as usize] = d;
        }
        let mine_attacks = g.board.side(attacker) == Side::Player;
        let attacker_won = i_won == mine_attacks;
        let winner = if attacker_won { attacker } else { defender };
        let before = g.types[winner as usize];
        let evolves = evolved && evolve(before) != before;
        if evolved && !evolves {
            return Err(EntryError::NoEvolution);
        }
        let loser = if attacker_won { defender } else { attacker };
        let (won_text, lost_text) = (card_words(g, winner), card_words(g, loser));
        let before = sides(g);
        g.fight(defender, attacker_won, evolves).map_err(EntryError::Refused)?;
        s.picked = None;
        let taken = flipped_by(g, &before);
        let evolution = if evolves {
            format!(" The winner is now {}.", g.types[winner as usize].letter())
        } else {
            String::new()
        };
        s.log.push(format!(
            "{} beat {lost_text} and took {}.{evolution}",
            capitalised(&won_text),
            taken_text(g, &taken)
        ));
        Ok(())
    }
}

/// The number a card shows in a battle (its start value, 0 shown as 1) when its stats are exact:
/// as attacker (`defending` false) or defender, the attacker being of type `t`.
pub fn battle_value(card: &GameCard, defending: bool, t: CardType) -> Option<u8> {
    let (a, p, m) = (card.atk, card.pdef, card.mdef);
    if !card.is_exact() {
        return None;
    }
    let v = match (defending, t) {
        (false, CardType::Assault) => a.lo.max(p.lo).max(m.lo),
        (false, _) => a.lo,
        (true, CardType::Physical) => p.lo,
        (true, CardType::Magic) => m.lo,
        (true, CardType::Flexible) => p.lo.min(m.lo),
        (true, CardType::Assault) => a.lo.min(p.lo).min(m.lo),
        (true, CardType::Unknown(_)) => 0,
    };
    Some(v.max(1))
}

/// The side of every slot on the board, by slot (`None` for a card still in hand).
fn sides(g: &Match) -> [Option<Side>; 10] {
    let mut out = [None; 10];
    for &c in &g.board.cells {
        if let Some(o) = out.get_mut(c as usize) {
            *o = Some(g.board.side(c));
        }
    }
    out
}

/// The slots on the board that changed side since `before`, in slot order.
fn flipped_by(g: &Match, before: &[Option<Side>; 10]) -> Vec<u8> {
    let now = sides(g);
    (0..10u8)
        .filter(|&s| matches!((before[s as usize], now[s as usize]), (Some(a), Some(b)) if a != b))
        .collect()
}

/// A card's digits as the game shows them now (its type letter may have changed).
fn digits_now(g: &Match, slot: u8) -> String {
    GameCard { card_type: g.types[slot as usize], ..g.cards[slot as usize] }.digits()
}

/// A card in words, by its side now: `my 0M89`, `their 2X33`.
fn card_words(g: &Match, slot: u8) -> String {
    let whose = if g.board.side(slot) == Side::Player { "my" } else { "their" };
    format!("{whose} {}", digits_now(g, slot))
}

/// Cards that changed side, all from one side: `my 0M89 and 1P40`, `their 0P00, 1P11 and
/// 2M20` (whose they were, then their digits).
fn taken_text(g: &Match, taken: &[u8]) -> String {
    let Some(&first) = taken.first() else { return "nothing".into() };
    // They changed side: they were the other side's.
    let whose = if g.board.side(first) == Side::Player { "their" } else { "my" };
    let digits: Vec<String> = taken.iter().map(|&s| digits_now(g, s)).collect();
    format!("{whose} {}", words_list(&digits))
}

/// `a`, `a and b`, `a, b and c`.
fn words_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Cell names of a mask: `A1 C3`.
pub fn cells_text(mask: u16) -> String {
    (0..16u8)
        .filter(|c| mask & (1 << c) != 0)
        .map(notation::cell_name)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::card::win_probability;
    use crate::game::engine::Chooser;
    use crate::game::sim::{deal, GameRng};
    use crate::rules::creation::RangeRng;

    fn cell_of(g: &Match, slot: u8) -> u8 {
        g.board.cells.iter().position(|&c| c == slot).unwrap() as u8
    }

    /// Plays a random match on a reference engine and types the same match into [`Live`]:
    /// every placement, target pick, battle result and evolution.
    fn replay(seed: u64) -> (Match, Live) {
        let mut rng = GameRng::new(seed, 0);
        let d = deal(&mut rng);
        let mut reference = Match::new(d.cards, d.blocks, d.first);
        let mine = [d.cards[0], d.cards[1], d.cards[2], d.cards[3], d.cards[4]];
        let mut live = Live::new(mine, Vec::new(), None, None).unwrap();
        // Their cards one by one, the last two on one line.
        for k in 5..8 {
            live.enter(&notation::card_text(&d.cards[k]).replace('@', " ")).unwrap();
        }
        let two =
            format!("{}, {}", notation::card_text(&d.cards[8]), notation::card_text(&d.cards[9]));
        live.enter(&two).unwrap();
        assert_eq!(live.ask(), Ask::Blocks);
        live.enter(&cells_text(d.blocks)).unwrap();
        live.enter(if d.first == Side::Player { "m" } else { "t" }).unwrap();
        loop {
            match reference.phase() {
                Phase::Over(r) => {
                    assert_eq!(live.ask(), Ask::Over(r));
                    return (reference, live);
                }
                Phase::Place(side) => {
                    assert_eq!(live.ask(), Ask::Place(side));
                    let hand: Vec<u8> =
                        (0..10).filter(|&s| reference.board.hand(side) & (1 << s) != 0).collect();
                    let free: Vec<u8> = (0..16)
                        .filter(|&c| reference.board.cells[c as usize] == crate::game::board::EMPTY)
                        .collect();
                    let slot = hand[rng.range(0, hand.len() as u32) as usize];
                    let cell = free[rng.range(0, free.len() as u32) as usize];
                    reference.place(slot, cell).unwrap();
                    live.enter(&format!("{} {}", slot % 5 + 1, notation::cell_name(cell))).unwrap();
                }
                Phase::Battle { attacker, targets, chooser } => {
                    let d = match chooser {
                        Chooser::Automatic(d) => d,
                        Chooser::Side(_) => {
                            let d = targets[rng.range(0, targets.len() as u32) as usize];
                            assert!(matches!(live.ask(), Ask::Target { .. }));
                            live.enter(&notation::cell_name(cell_of(&reference, d))).unwrap();
                            d
                        }
                    };
                    assert_eq!(live.ask(), Ask::Battle { attacker, defender: d });
                    let won = rng.range(0, 2) == 0;
                    let winner = if won { attacker } else { d };
                    let t = reference.types[winner as usize];
                    let evolves = evolve(t) != t && rng.range(0, 4) == 0;
                    reference.fight(d, won, evolves).unwrap();
                    // The placed card is from the mover's own hand: mine when slot < 5.
                    let i_won = won == (attacker < 5);
                    let text = format!(
                        "{}{}",
                        if i_won { "w" } else { "l" },
                        if evolves { " e" } else { "" }
                    );
                    live.enter(&text).unwrap();
                }
            }
        }
    }

    #[test]
    fn a_whole_match_entered_by_events_reproduces_the_engine() {
        let mut battles_seen = 0;
        for seed in 0..40 {
            let (reference, live) = replay(seed);
            let g = live.game().unwrap();
            assert_eq!(g.board, reference.board, "seed {seed}");
            assert_eq!(g.types, reference.types, "seed {seed}");
            assert_eq!(g.result(), reference.result());
            battles_seen +=
                live.log().iter().filter(|l| l.contains("beat") || l.contains("lost to")).count();
            // Undo walks back to the start of the set-up.
            let mut l = live.clone();
            let mut steps = 0;
            while l.undo() {
                steps += 1;
            }
            assert_eq!(l.ask(), Ask::TheirCard(0));
            assert!(steps >= 10 + 3, "seed {seed}: {steps} steps");
        }
        assert!(battles_seen > 40, "the random matches fought {battles_seen} battles");
    }

    fn exact(atk: u8, t: CardType, pdef: u8, mdef: u8, arrows: u8) -> GameCard {
        GameCard::exact(None, atk, t, pdef, mdef, arrows)
    }

    /// No blocks, they move first. My card 1: P, atk 100, pdef 70, mdef 20, arrow W; their card
    /// 1 as typed, the other four harmless.
    fn duel(their: &str) -> Live {
        let mine = [
            exact(100, CardType::Physical, 70, 20, 0x40),
            exact(90, CardType::Magic, 40, 45, 0x04),
            exact(50, CardType::Physical, 50, 50, 0),
            exact(50, CardType::Physical, 50, 50, 0),
            exact(50, CardType::Physical, 50, 50, 0),
        ];
        let theirs =
            [their, "0P00@-", "0P00@-", "0P00@-", "0P00@-"].map(|t| parse_their_card(t).unwrap());
        Live::new(mine, theirs.to_vec(), Some(0), Some(Side::Npc)).unwrap()
    }

    #[test]
    fn battle_numbers_make_an_opponent_card_exact() {
        // They put their card 1 (1P23, arrows E) on A1; I put my card 1 (W arrow) on B1: a battle.
        let mut live = duel("1P23@E");
        live.enter("1 A1").unwrap();
        live.enter("1 B1").unwrap();
        assert_eq!(live.ask(), Ask::Battle { attacker: 0, defender: 5 });
        let g = live.game().unwrap();
        let banded = g.win_probability(5).unwrap();
        // A band of 16 values: the mean chance, not exact.
        assert!(g.exact_win_chance(5).is_none());
        assert_eq!(g.cards[5].pdef, Span { lo: 32, hi: 47 });
        // Wrong numbers are refused and change nothing: mine is 100 (P attacker: atk).
        assert!(live.enter("w 99 40").is_err());
        // 60 is outside their pdef digit 2 (32..47): the message names that number and card.
        let e = live.enter("w 100 60").unwrap_err();
        assert_eq!(
            e.to_string(),
            "60 cannot be the number of the 1P23 on A1 (its digits say otherwise)"
        );
        assert_eq!(live.ask(), Ask::Battle { attacker: 0, defender: 5 });
        // Their pdef shown as 40: exact from now on; their atk and mdef stay bands.
        let mut probe = live.clone();
        probe.enter("l 100 40").unwrap();
        let c = probe.game().unwrap().cards[5];
        assert_eq!(c.pdef, Span::exact(40));
        assert_eq!(c.atk, Span { lo: 16, hi: 31 });
        assert_eq!(c.mdef, Span { lo: 48, hi: 63 });
        // The same card's battle odds become the closed form with raw values 100 vs 40.
        let p = win_probability(&exact(100, CardType::Physical, 0, 0, 0), CardType::Physical, &c);
        assert!((p - (1.0 - 41.0 / 200.0)).abs() < 1e-12);
        assert!((p - banded).abs() > 1e-6, "exact {p} vs banded {banded}");
        // I lost: my card 1 is theirs now.
        assert_eq!(probe.game().unwrap().board.side(0), Side::Npc);
    }

    #[test]
    fn every_change_of_side_gets_its_line() {
        // My card 2 (arrows E+W) between their two arrowless cards on A1 and C1 takes both
        // without a battle; their card on A3 (arrows N, attack 0..15) attacks my card 1 on A2
        // (arrows S, physical defence 70), my card wins and, its own card 1 having no arrows
        // toward them, takes only the attacker. Written out by hand from §2.5.
        let mine = [
            exact(100, CardType::Physical, 70, 20, 0x10),
            exact(90, CardType::Magic, 40, 45, 0x44),
            exact(50, CardType::Physical, 50, 50, 0),
            exact(50, CardType::Physical, 50, 50, 0),
            exact(50, CardType::Physical, 50, 50, 0),
        ];
        let theirs = ["0P00@-", "0M00@-", "0P00@N+E", "0P00@-", "0P00@-"]
            .map(|t| parse_their_card(t).unwrap());
        let mut live = Live::new(mine, theirs.to_vec(), Some(0), Some(Side::Npc)).unwrap();
        for e in ["1 A1", "3 D4", "2 C1", "2 B1"] {
            live.enter(e).unwrap();
        }
        assert_eq!(
            live.log().last().unwrap(),
            "I put card 2 (5M22) on B1 and took their 0P00 and 0M00 without a battle."
        );
        // Their card 4 out of the way on C3, my card 1 (S) on A2, then their card 3 (N+E) on
        // A3 under it: a battle, which they lose.
        for e in ["4 C3", "1 A2", "3 A3"] {
            live.enter(e).unwrap();
        }
        assert_eq!(live.ask(), Ask::Battle { attacker: 7, defender: 0 });
        live.enter("w").unwrap();
        assert_eq!(live.log().last().unwrap(), "My 6P41 beat their 0P00 and took their 0P00.");
        // On the board: my D4, B1 and A2 and their A1, C1 and A3 taken (6); their C3 (1).
        assert_eq!(live.game().unwrap().board.score(), (6, 1));
        // The same battle lost: their card takes mine (its own arrows point at no card of
        // theirs, so nothing more changes side).
        let mut lost = live.clone();
        assert!(lost.undo());
        lost.enter("l").unwrap();
        assert_eq!(lost.log().last().unwrap(), "Their 0P00 beat my 6P41 and took my 6P41.");
    }

    #[test]
    fn a_defending_flexible_card_shows_its_lower_defence() {
        // Their X card pdef digit 1 (16..31), mdef digit 3 (48..63) attacked by my P card: the
        // number is pdef (P attacker). Attacked by my M card: mdef. Here an X defender is
        // probed through reveal_card directly: min(pdef, mdef) = 20 → pdef = 20 exact. The
        // cards are made up for the arithmetic (no opponent holds a 2X13): read unchecked.
        let c = notation::parse_card("2X13@W").unwrap();
        let r = reveal_card(&c, false, CardType::Flexible, 20).unwrap();
        assert_eq!(r.pdef, Span::exact(20));
        assert_eq!(r.mdef, Span { lo: 48, hi: 63 });
        // Overlapping bands: both may hold the lowest value; both are cut below, none is exact.
        let c = notation::parse_card("2X11@W").unwrap();
        let r = reveal_card(&c, false, CardType::Flexible, 20).unwrap();
        assert_eq!((r.pdef, r.mdef), (Span { lo: 20, hi: 31 }, Span { lo: 20, hi: 31 }));
        // An A attacker shows its highest stat: 3 digits 1, 4, 2 → 70 is atk? No: pdef (4x).
        let c = notation::parse_card("1A42@W").unwrap();
        let r = reveal_card(&c, true, CardType::Assault, 70).unwrap();
        assert_eq!(r.pdef, Span::exact(70));
        assert!(reveal_card(&c, true, CardType::Assault, 20).is_err(), "pdef is at least 64");
        // A shown 1 may be a raw 0.
        let c = parse_their_card("0P00@W").unwrap();
        let r = reveal_card(&c, true, CardType::Physical, 1).unwrap();
        assert_eq!(r.atk, Span { lo: 0, hi: 1 });
    }

    #[test]
    fn their_attack_number_makes_their_attack_exact() {
        // They move first and attack: their card 1 (3P00, arrows S) on A1... placed after mine.
        // A made-up card (no opponent holds a 3P00), read unchecked.
        let mine = [
            exact(100, CardType::Physical, 70, 20, 0x01),
            exact(90, CardType::Magic, 40, 45, 0),
            exact(50, CardType::Physical, 50, 50, 0),
            exact(50, CardType::Physical, 50, 50, 0),
            exact(50, CardType::Physical, 50, 50, 0),
        ];
        let theirs = ["3P00@S", "0P00@-", "0P00@-", "0P00@-", "0P00@-"]
            .map(|t| notation::parse_card(t).unwrap());
        let mut live = Live::new(mine, theirs.to_vec(), Some(0), Some(Side::Player)).unwrap();
        live.enter("1 A2").unwrap();
        assert_eq!(live.ask(), Ask::Place(Side::Npc));
        live.enter("1 A1").unwrap();
        assert_eq!(live.ask(), Ask::Battle { attacker: 5, defender: 0 });
        // Mine defends against a P attacker: my pdef 70 is shown; theirs (atk) 55.
        assert!(live.enter("w 20 55").is_err(), "my number is 70, not 20");
        live.enter("w 70 55").unwrap();
        let g = live.game().unwrap();
        assert_eq!(g.cards[5].atk, Span::exact(55));
        // I won: their card is mine.
        assert_eq!(g.board.side(5), Side::Player);
        assert_eq!(g.board.score(), (2, 0));
    }

    #[test]
    fn bad_entries_give_messages_and_change_nothing() {
        let junk = ["", " ", "zz", "9 Z9", "1 E1", "w 300 1", "w 1", "1P2", "q", "6 A1", "@@", ","];
        let mut live = duel("1P23@E");
        for stage in 0..4 {
            for j in junk {
                let before = live.ask();
                let _ = live.enter(j);
                if live.ask() != before {
                    // A junk line was a valid entry here (e.g. nothing = no blocks): go back.
                    assert!(live.undo());
                }
            }
            match stage {
                0 => live.enter("1 A1").unwrap(),
                1 => live.enter("1 B1").unwrap(),
                2 => live.enter("w").unwrap(),
                _ => {}
            }
        }
        // Placing on an occupied cell or an already placed card is refused.
        assert!(live.enter("2 A1").unwrap_err().to_string().contains("not free"));
        let mut fresh = Live::new(*duel("0P00@-").mine(), Vec::new(), None, None).unwrap();
        for j in junk {
            let _ = fresh.enter(j);
        }
        assert!(Live::new(*fresh.mine(), vec![fresh.mine()[0]; 6], None, None).is_err());
    }

    #[test]
    fn a_card_no_opponent_holds_is_refused_and_changes_nothing() {
        let mut live = Live::new(*duel("0P00@-").mine(), Vec::new(), None, None).unwrap();
        let e = live.enter("FP99 N").unwrap_err();
        assert!(e.to_string().starts_with("no card can show FP99: only Hades"), "{e}");
        assert_eq!(live.ask(), Ask::TheirCard(0));
        live.enter("Goblin:0P00 N").unwrap();
        assert_eq!(live.ask(), Ask::TheirCard(1));
    }

    #[test]
    fn names_with_spaces_and_cards_without_arrows_are_read() {
        let c = parse_their_card("Hedgehog Pie:2M11 SW+SE").unwrap();
        assert_eq!(
            (c.id, c.arrows),
            (crate::model::catalogue::find("Hedgehog Pie").map(|i| i.id), 0x28)
        );
        let c = parse_their_card("Hedgehog Pie:2M11").unwrap();
        assert_eq!(c.arrows, 0);
        assert_eq!(parse_their_card("1P23").unwrap().arrows, 0);
        assert_eq!(parse_their_card("1p23 e+s").unwrap().arrows, 0x14);
    }

    #[test]
    fn a_target_pick_is_advised_and_enter_takes_it() {
        // My card 2 (M, atk 90, arrows E and W) placed on B1 between their cards on A1 (pointing
        // E) and C1 (pointing W): two targets, I pick. Their A1 card has mdef 10, C1 mdef 200.
        let mine = [
            exact(100, CardType::Physical, 70, 20, 0),
            exact(90, CardType::Magic, 40, 45, 0x44),
            exact(50, CardType::Physical, 50, 50, 0),
            exact(50, CardType::Physical, 50, 50, 0),
            exact(50, CardType::Physical, 50, 50, 0),
        ];
        let theirs = ["10/P/10/10@E", "10/P/200/200@W", "0P00@-", "0P00@-", "0P00@-"]
            .map(|t| parse_their_card(t).unwrap());
        let mut live = Live::new(mine, theirs.to_vec(), Some(0), Some(Side::Npc)).unwrap();
        live.enter("1 A1").unwrap();
        live.enter("1 D4").unwrap();
        live.enter("2 C1").unwrap();
        live.enter("2 B1").unwrap();
        assert_eq!(live.ask(), Ask::Target { attacker: 1, targets: vec![6, 5] });
        assert!(live.enter("").is_err(), "no advice yet: Enter alone has nothing to take");
        let a = live
            .analyse(
                Opponent::Game(3),
                Goal::Win,
                Duration::from_secs(60),
                2,
                None,
                crate::game::search::system_clock,
            )
            .unwrap();
        assert_eq!((a.depth, a.exact), (2, false));
        // The weak card first: beating A1 (mdef 10) is likely, C1 (mdef 200) is not.
        assert_eq!(a.moves[0].first_target, Some(5));
        live.set_advice(a);
        live.enter("").unwrap();
        assert_eq!(live.ask(), Ask::Battle { attacker: 1, defender: 5 });
        // Picking a card that is no target is refused.
        let mut other = live.clone();
        assert!(other.undo());
        assert!(other.enter("D4").is_err());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Any typed lines, valid or not: no panic, and a refused line changes nothing.
        #[test]
        fn typed_lines_never_panic(lines in proptest::collection::vec(
            proptest::prop_oneof![
                "[0-9a-fA-FwlemtqxPMXA@+:/, #.-]{0,10}",
                "[1-5] [A-Da-d][1-4]",
                "[wl]( [0-9]{1,3} [0-9]{1,3})?( e)?",
                "[0-9A-F][PMXA][0-9A-F]{2} [NESW]{1,2}",
            ],
            0..60,
        ), set_up in proptest::bool::ANY) {
            let mine = [exact(100, CardType::Physical, 70, 20, 0xFF); 5];
            let mut live = if set_up {
                // Set up already: the lines fall on moves, targets and battles.
                let theirs = vec![parse_their_card("3A33@N+E+S+W+NE+SE+SW+NW").unwrap(); 5];
                Live::new(mine, theirs, Some(0b1001), Some(Side::Npc)).unwrap()
            } else {
                Live::new(mine, Vec::new(), None, None).unwrap()
            };
            let start = live.ask();
            for l in &lines {
                let before = (live.ask(), live.game().map(|g| (g.board, g.cards, g.types)));
                if live.enter(l).is_err() {
                    let after = (live.ask(), live.game().map(|g| (g.board, g.cards, g.types)));
                    proptest::prop_assert_eq!(before, after);
                }
            }
            while live.undo() {}
            proptest::prop_assert_eq!(live.ask(), start);
        }
    }

    proptest::proptest! {
        /// The number a card shows, fed back to the same card known by its digits, never rules
        /// out its true stats, and makes a stat used alone exact (a shown 1 may be a raw 0 or 1).
        #[test]
        fn a_shown_number_keeps_the_true_stats(
            atk in 0u8..=255, pdef in 0u8..=255, mdef in 0u8..=255,
            t in 0usize..4, attacking in proptest::bool::ANY,
        ) {
            let ty = [CardType::Physical, CardType::Magic, CardType::Flexible, CardType::Assault][t];
            let truth = exact(atk, ty, pdef, mdef, 0);
            let digits = GameCard::from_digits(None, atk >> 4, ty, pdef >> 4, mdef >> 4, 0);
            let v = battle_value(&truth, !attacking, ty).unwrap();
            let r = reveal_card(&digits, attacking, ty, v).unwrap();
            for (s, x) in [(r.atk, atk), (r.pdef, pdef), (r.mdef, mdef)] {
                proptest::prop_assert!(s.lo <= x && x <= s.hi, "{:?} lost {}", s, x);
            }
            let alone = match (attacking, ty) {
                (true, CardType::Assault) | (false, CardType::Flexible | CardType::Assault) => None,
                (true, _) => Some(r.atk),
                (false, CardType::Physical) => Some(r.pdef),
                (false, _) => Some(r.mdef),
            };
            if let Some(s) = alone {
                if v > 1 {
                    proptest::prop_assert!(s.is_exact() && s.lo == v);
                } else {
                    proptest::prop_assert!(s.lo == 0 && s.hi == 1);
                }
            }
        }
    }

    #[test]
    fn entry_errors_read_as_the_messages_players_saw() {
        // The texts the String errors carried before the typed errors, written out by hand.
        let cases = [
            (EntryError::TooManyBlocks, "the game blocks at most 6 cells"),
            (EntryError::NoCardOn(6), "there is no card on C2"),
            (EntryError::NotFree(0), "A1 is not free"),
            (EntryError::Placed(3), "card 3 is already on the board"),
            (EntryError::Refused(MoveError::NoBattle), "no battle is waiting"),
            (EntryError::Card(PositionError::Digit('G')), "`G` is not a hex digit 0..F"),
        ];
        for (e, text) in cases {
            assert_eq!(e.to_string(), text);
        }
        let e = Live::new(
            [GameCard::exact(None, 1, CardType::Physical, 1, 1, 0); 5],
            vec![],
            Some(0x7F),
            None,
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "the game blocks at most 6 cells");
    }

    /// Plays the dealt match on (first cards and cells, battles won) until `left` cards remain
    /// and the player is to place.
    fn played_to(seed: u64, left: u32) -> Live {
        let d = deal(&mut GameRng::new(seed, 0));
        let (mine, theirs) = (d.cards[..5].try_into().unwrap(), d.cards[5..].to_vec());
        let mut live = Live::new(mine, theirs, Some(d.blocks), Some(d.first)).unwrap();
        loop {
            let g = live.game().unwrap();
            let entry = match live.ask() {
                Ask::Place(Side::Player) if g.board.cards_left() <= left => return live,
                Ask::Place(side) => {
                    let n = (0..5u8).find(|k| {
                        g.board.hand(side) & (1 << (k + 5 * u8::from(side == Side::Npc))) != 0
                    });
                    let cell = (0..16u8)
                        .find(|&c| g.board.cells[c as usize] == crate::game::board::EMPTY)
                        .unwrap();
                    format!("{} {}", n.unwrap() + 1, notation::cell_name(cell))
                }
                Ask::Target { targets, .. } => notation::cell_name(cell_of(g, targets[0])),
                Ask::Battle { .. } => "w".into(),
                other => panic!("unexpected {other:?}"),
            };
            live.enter(&entry).unwrap();
        }
    }

    #[test]
    fn play_ranks_its_three_shown_moves_as_the_full_search_does() {
        for seed in 1..4 {
            let live = played_to(seed, 4);
            let a = live
                .analyse(
                    Opponent::Game(3),
                    Goal::Win,
                    Duration::from_secs(600),
                    0,
                    None,
                    crate::game::search::system_clock,
                )
                .unwrap();
            assert!(a.exact);
            // The full ranking of the same position, every move searched exactly.
            let g = live.game().unwrap();
            let mut s = Searcher::new(&live.cards_now().unwrap(), Opponent::Game(3), Goal::Win, 20);
            let full = s.analyse(&g.board, None);
            assert!(full.moves.len() > ADVISED_MOVES, "seed {seed}: {} moves", full.moves.len());
            assert_eq!(a.moves.len(), ADVISED_MOVES);
            let mut wins: Vec<f64> = full.moves.iter().map(|m| m.value.win).collect();
            wins.sort_by(|x, y| y.total_cmp(x));
            for (k, m) in a.moves.iter().enumerate() {
                assert!((m.value.win - wins[k]).abs() < 1e-12, "seed {seed}: move {k}");
                let same =
                    full.moves.iter().find(|f| (f.slot, f.cell) == (m.slot, m.cell)).unwrap();
                assert!((same.value.win - m.value.win).abs() < 1e-12, "seed {seed}: move {k}");
            }
        }
    }
}
