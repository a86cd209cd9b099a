//! A whole match: the board, the cards and their types as they evolve, whose decision or which
//! battle comes next, the result, the prize and the growth (tetra-master-match §2, §3).
//!
//! The engine is deterministic: every battle's outcome (won or lost, and whether the winner
//! evolves) is given by the caller, who may draw it ([`crate::game::sim`]), read it from the
//! screen (`quadmist play`) or branch on it (the adviser).

use crate::game::board::{Board, Side, Turn, NPC_SLOTS, PLAYER_SLOTS};
use crate::game::card::{exact_win_chance, win_probability, GameCard};
use crate::model::CardType;
use crate::rules::growth::EvolutionOdds;
use crate::rules::ratio::Ratio;
use serde::{Deserialize, Serialize};

/// Why a move or an outcome was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The match is over.
    Over,
    /// A battle is pending; a card cannot be placed now.
    BattlePending,
    /// No battle is pending.
    NoBattle,
    /// The card is not in the mover's hand.
    NotInHand(u8),
    /// The cell is blocked, occupied or off the board.
    CellNotFree(u8),
    /// The card is not a battle target that may be attacked now.
    NotATarget(u8),
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Over => f.write_str("the match is over"),
            MoveError::BattlePending => f.write_str("a battle must be resolved first"),
            MoveError::NoBattle => f.write_str("no battle is waiting"),
            MoveError::NotInHand(s) => write!(f, "card {s} is not in the mover's hand"),
            MoveError::CellNotFree(c) => write!(f, "cell {c} is not free"),
            MoveError::NotATarget(s) => write!(f, "card {s} cannot be attacked now"),
        }
    }
}

impl std::error::Error for MoveError {}

/// The result of a finished match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player owns 6 or more cards.
    Win,
    /// 5–5.
    Draw,
    /// The NPC owns 6 or more cards.
    Loss,
}

/// The final score and result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct MatchResult {
    /// Cards on the player's side.
    pub player: u32,
    /// Cards on the NPC's side.
    pub npc: u32,
    /// Win, draw or loss, for the player.
    pub outcome: Outcome,
    /// One side owns all ten cards.
    pub perfect: bool,
}

impl MatchResult {
    /// The result of a final board.
    pub fn of(board: &Board) -> MatchResult {
        let (player, npc) = board.score();
        let outcome = match player.cmp(&npc) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss,
        };
        MatchResult { player, npc, outcome, perfect: player == 10 || npc == 10 }
    }
}

/// Which cards change hands after the match (§3.2). Slots: 0..=4 the player's hand, 5..=9 the
/// NPC's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Prize {
    /// A draw: nothing.
    Nothing,
    /// A normal win: the player picks one of these NPC cards (taken automatically if one).
    PlayerPicks(Vec<u8>),
    /// A Perfect win: all five NPC cards, in NPC hand order.
    PlayerTakesAll,
    /// A normal loss: the NPC takes this player card (the lowest hand index on its side).
    NpcTakes(u8),
    /// A Perfect loss: all five player cards, in hand order.
    NpcTakesAll,
}

/// The prize of a finished match.
pub fn prize(board: &Board) -> Prize {
    let r = MatchResult::of(board);
    match (r.outcome, r.perfect) {
        (Outcome::Draw, _) => Prize::Nothing,
        (Outcome::Win, true) => Prize::PlayerTakesAll,
        (Outcome::Loss, true) => Prize::NpcTakesAll,
        (Outcome::Win, false) => {
            Prize::PlayerPicks((5..10).filter(|&s| board.side(s) == Side::Player).collect())
        }
        (Outcome::Loss, false) => {
            Prize::NpcTakes((0..5).find(|&s| board.side(s) == Side::Npc).unwrap_or(0))
        }
    }
}

/// Growth rolls after the match, by slot (§3.3): only on a win; a normal win gives the player's
/// five cards one roll each; a Perfect win five rounds, the hand growing by the taken cards
/// between rounds: 5 rolls for each of the player's cards, 4, 3, 2, 1, 0 for the NPC's cards
/// 1st…5th (derived from the code, unverified in play).
pub fn growth_rolls(board: &Board) -> [u32; 10] {
    let r = MatchResult::of(board);
    let mut rolls = [0u32; 10];
    match (r.outcome, r.perfect) {
        (Outcome::Win, false) => rolls[..5].fill(1),
        (Outcome::Win, true) => {
            rolls[..5].fill(5);
            for (k, r) in rolls[5..].iter_mut().enumerate() {
                *r = 4 - k as u32;
            }
        }
        _ => {}
    }
    rolls
}

/// Who picks the next battle target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Chooser {
    /// Only one target may be attacked now (a single target, or the NPC's first battle, which
    /// always takes the first target in direction order).
    Automatic(u8),
    /// This side picks among the targets. After an NPC battle won with two or more targets
    /// left, the game's code hands the choice to the player (§2.6 quirk, unverified in play).
    Side(Side),
}

/// What the match waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// This side places a card.
    Place(Side),
    /// A battle: the attacker (placed card) and the remaining targets, and who picks.
    Battle {
        /// The placed card's slot.
        attacker: u8,
        /// The targets still facing it, direction order.
        targets: Vec<u8>,
        /// Who picks the next one.
        chooser: Chooser,
    },
    /// The match is over.
    Over(MatchResult),
}

/// The chooser of the next target of a turn in progress.
pub fn chooser(board: &Board, turn: &Turn) -> Chooser {
    let t = turn.targets();
    let npc_moves = board.side(turn.attacker) == Side::Npc;
    if t.len() == 1 || (npc_moves && turn.battles == 0) {
        Chooser::Automatic(t[0])
    } else if npc_moves {
        Chooser::Side(Side::Player)
    } else {
        Chooser::Side(board.side(turn.attacker))
    }
}

/// Something the player saw happen that depends on the opponent's stats, which the player may
/// know only by their digits: the game's AI chose its placements knowing them, and a battle's
/// outcome is drawn from them. What the draws of the hidden stats are conditioned on
/// ([`crate::game::search::Searcher::set_seen`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// The opponent placed its card `slot` on `cell` in this position (before the placement).
    Placed {
        /// The position the opponent chose in.
        board: Board,
        /// The card's slot (5..=9).
        slot: u8,
        /// The cell, x + 4·y.
        cell: u8,
    },
    /// A battle and its outcome.
    Battle {
        /// The attacker's slot.
        attacker: u8,
        /// The attacker's type in this battle.
        attacker_type: CardType,
        /// The defender's slot.
        defender: u8,
        /// True when the attacker won.
        won: bool,
    },
}

/// A match in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    /// The ten cards: slots 0..=4 the player's hand order, 5..=9 the NPC's.
    pub cards: [GameCard; 10],
    /// Each card's type now (a battle's winner may evolve).
    pub types: [CardType; 10],
    /// Board, hands and mover.
    pub board: Board,
    /// The turn in progress, while battles are pending.
    pub turn: Option<Turn>,
    /// Evolution odds per battle won.
    pub evolution: EvolutionOdds,
    arrows: [u8; 10],
    /// The opponent's placements and the battles, in order: at most 5 + 10 · 8 entries.
    seen: Vec<Seen>,
}

impl Match {
    /// A new match: both hands full, these blocked cells (bit x + 4·y), this side first.
    pub fn new(cards: [GameCard; 10], blocks: u16, first: Side) -> Match {
        Match {
            types: cards.map(|c| c.card_type),
            arrows: cards.map(|c| c.arrows),
            cards,
            board: Board::new(blocks, first),
            turn: None,
            evolution: EvolutionOdds::ENGINE,
            seen: Vec::new(),
        }
    }

    /// A position in the middle of a match: a board, the cards' current types, no turn pending.
    pub fn from_board(cards: [GameCard; 10], types: [CardType; 10], board: Board) -> Match {
        Match {
            arrows: cards.map(|c| c.arrows),
            cards,
            types,
            board,
            turn: None,
            evolution: EvolutionOdds::ENGINE,
            seen: Vec::new(),
        }
    }

    /// The arrow masks by slot.
    pub fn arrows(&self) -> &[u8; 10] {
        &self.arrows
    }

    /// What the match has shown of the opponent's stats so far: its placements and the
    /// battles, in order (none before [`Match::from_board`]'s position).
    pub fn seen(&self) -> &[Seen] {
        &self.seen
    }

    /// What the match waits for.
    pub fn phase(&self) -> Phase {
        if let Some(turn) = &self.turn {
            return Phase::Battle {
                attacker: turn.attacker,
                targets: turn.targets().to_vec(),
                chooser: chooser(&self.board, turn),
            };
        }
        if self.board.is_over() {
            Phase::Over(MatchResult::of(&self.board))
        } else {
            Phase::Place(self.board.mover)
        }
    }

    /// The result, once all ten cards are placed and no battle is pending.
    pub fn result(&self) -> Option<MatchResult> {
        match self.phase() {
            Phase::Over(r) => Some(r),
            _ => None,
        }
    }

    /// Places the mover's card `slot` on `cell` (x + 4·y). Returns the pending turn's targets
    /// (empty when the turn ended at once, free captures flipped).
    pub fn place(&mut self, slot: u8, cell: u8) -> Result<Vec<u8>, MoveError> {
        if self.turn.is_some() {
            return Err(MoveError::BattlePending);
        }
        if self.board.is_over() {
            return Err(MoveError::Over);
        }
        if slot >= 10 || self.board.hand(self.board.mover) & (1 << slot) == 0 {
            return Err(MoveError::NotInHand(slot));
        }
        if cell >= 16 || self.board.cells[cell as usize] != crate::game::board::EMPTY {
            return Err(MoveError::CellNotFree(cell));
        }
        if self.board.mover == Side::Npc {
            self.seen.push(Seen::Placed { board: self.board, slot, cell });
        }
        let turn = self.board.place(&self.arrows, slot, cell);
        let targets = turn.targets().to_vec();
        if !turn.is_over() {
            self.turn = Some(turn);
        }
        Ok(targets)
    }

    /// The attacker's chance to beat `defender` now (exact, or the mean over an inexact card's
    /// equally likely values).
    pub fn win_probability(&self, defender: u8) -> Option<f64> {
        let t = self.turn.as_ref()?;
        let a = t.attacker as usize;
        Some(win_probability(&self.cards[a], self.types[a], &self.cards[defender as usize]))
    }

    /// The exact chance as a fraction, when both cards' values involved are exact.
    pub fn exact_win_chance(&self, defender: u8) -> Option<Ratio> {
        let t = self.turn.as_ref()?;
        let a = t.attacker as usize;
        exact_win_chance(&self.cards[a], self.types[a], &self.cards[defender as usize])
    }

    /// Fights the pending battle against `defender` with this outcome; `winner_evolves` applies
    /// the winner's evolution roll (P/M → X, X → A; ignored for A). Returns the slots that
    /// changed side.
    pub fn fight(
        &mut self,
        defender: u8,
        won: bool,
        winner_evolves: bool,
    ) -> Result<u16, MoveError> {
        let Some(mut turn) = self.turn else { return Err(MoveError::NoBattle) };
        let allowed = match chooser(&self.board, &turn) {
            Chooser::Automatic(s) => s == defender,
            Chooser::Side(_) => turn.targets().contains(&defender),
        };
        if !allowed {
            return Err(MoveError::NotATarget(defender));
        }
        let winner = if won { turn.attacker } else { defender };
        self.seen.push(Seen::Battle {
            attacker: turn.attacker,
            attacker_type: self.types[turn.attacker as usize],
            defender,
            won,
        });
        let flipped = self.board.battle(&self.arrows, &mut turn, defender, won);
        if winner_evolves {
            let t = &mut self.types[winner as usize];
            *t = evolve(*t);
        }
        self.turn = if turn.is_over() { None } else { Some(turn) };
        Ok(flipped)
    }

    /// The chance that the winner of a battle evolves, given its type now.
    pub fn evolution_chance(&self, winner: u8) -> f64 {
        evolution_chance(self.types[winner as usize], self.evolution)
    }

    /// Cards still in each hand: (player slots, NPC slots) as masks.
    pub fn hands(&self) -> (u16, u16) {
        (self.board.hands & PLAYER_SLOTS, self.board.hands & NPC_SLOTS)
    }
}

/// The type a battle winner takes when its evolution roll succeeds.
pub fn evolve(t: CardType) -> CardType {
    match t {
        CardType::Physical | CardType::Magic => CardType::Flexible,
        CardType::Flexible => CardType::Assault,
        other => other,
    }
}

/// The chance that a battle winner of type `t` evolves.
pub fn evolution_chance(t: CardType, odds: EvolutionOdds) -> f64 {
    match t {
        CardType::Physical | CardType::Magic => 1.0 / f64::from(odds.to_x),
        CardType::Flexible => 1.0 / f64::from(odds.to_a),
        _ => 0.0,
    }
}
