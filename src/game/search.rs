//! The adviser: an expectimax search for the player's best move.
//!
//! Node kinds: the player's placements and target choices (max), the opponent's placements
//! (a chance node over the game AI's exact move distribution, or min for the worst-case model),
//! battle outcomes (chance: the attacker's win probability) and, when the attacker fights again
//! in the same turn, its type evolution (chance). A card's type only matters when it attacks,
//! which it does only in its own placement turn, so evolution is branched on only there.
//!
//! Speed: a transposition table over placement nodes (Zobrist keys; bounds, depth and best
//! move stored; buckets of two entries, the deeper result kept and the newest beside it; sized
//! by the position searched), move ordering (table move first, then immediate gains), Star1
//! pruning at every chance node with windows from the min/max nodes above (sound for both
//! models: values are bounded), the last placement of the match solved directly (no table, no
//! ordering), optionally only the best `k` root moves ranked exactly ([`Searcher::set_top`]),
//! and iterative deepening over placements within a budget of time or of placement nodes (the
//! previous iteration's best move searched first). Nothing here allocates per node. Every
//! figure stays exact: tests compare the search with a naive enumeration and with its own plain
//! mode (no table, no pruning).
//!
//! # Evaluation of unfinished positions
//! When the depth runs out before the end of the match, a position is scored by the fitted
//! estimate ([`crate::game::estimate`]: P(win), P(draw) from five board features, parameters
//! per opponent model, cards left and mover); expected cards = P(win) − P(loss);
//! P(keep) = 1 − P(loss)/2. The figures a move then shows are not the deep search's but the
//! estimate after the opponent's reply, the same whatever the budget, its chance to win mapped
//! to how often such a figure was won ([`Searcher::analyse`], [`SHOWN_DEPTH`],
//! [`estimate::recalibrated`]). These are estimates and are labelled so: a result is exact only
//! when [`Analysis::exact`] and every stat is known.
//!
//! # Solved positions with hidden stats
//! When the search reaches the end of the match but some of the opponent's stats are known only
//! by their digits, the figures shown are the mean of exact solutions over draws of those stats
//! ([`HIDDEN_DRAWS`], [`Searcher::with_fixed_figures`]): the search itself takes each battle as
//! an independent draw from the bands, which a card's one true value is not. The draws are
//! weighted by what the match has shown of those stats ([`Searcher::set_seen`]). They also
//! choose the move: the search's best [`RERANKED`] moves are ordered by the figures drawn,
//! when all their draws fit in [`DRAWN_NODES`].

use crate::game::ai::{choices, AiView};
use crate::game::board::{Board, Side, Turn, EMPTY, NEIGHBOURS};
use crate::game::card::{win_probability, GameCard};
use crate::game::engine::{chooser, evolution_chance, evolve, Chooser, Seen};
use crate::game::estimate::{self, CardTables};
use crate::model::CardType;
use crate::rules::growth::EvolutionOdds;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The search's clock: milliseconds since any fixed origin, never decreasing. A plain function
/// so that a searcher stays `Send` and each front end brings what works on its target
/// (`std::time::Instant` panics on wasm32-unknown-unknown; a page passes `performance.now`).
pub type Clock = fn() -> f64;

/// The system's monotonic clock ([`std::time::Instant`]), milliseconds since its first use.
/// Not on wasm32-unknown-unknown, where `Instant` panics: give [`Searcher::set_clock`] the
/// page's clock there.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn system_clock() -> f64 {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(std::time::Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Where no system clock works: time stands still, so only a cancellation or the end of the
/// search stops it. The page sets its own ([`Searcher::set_clock`]).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn system_clock() -> f64 {
    0.0
}

/// Placement nodes the search visits in a millisecond on the reference machine (this project's
/// 2-core x86-64 machine, one thread, release build; the opening and middle positions of
/// `benches/game.rs`, CPU time): what turns a budget in milliseconds into one in nodes, which
/// gives the same search on every machine.
pub const NODES_PER_MS: u64 = 1_000;

/// The adviser's time for a move when the player gives none (`advise`, `play`, the companion's
/// options), in milliseconds: a quarter of a second, the answer at once. Why not more: the
/// figures shown before the end of the match are the same at any budget ([`SHOWN_DEPTH`]) and
/// their calibration was measured at 50 ms; a longer search mostly makes more of them exact.
/// In the same 20 seeded matches against the game's AI at Wise 3 the adviser won all 20 at
/// 50 ms, 250 ms and 2 s, and a match cost 0.36 million positions here against 1.85 million
/// at 2 s (`simulate --seed 2 --games 20`).
pub const DEFAULT_BUDGET_MS: u64 = 250;

/// Placements searched for the figure a move shows when the search did not reach the end of
/// the match: the move itself and the opponent's reply, then the fitted estimate
/// ([`Searcher::analyse`]). Two keeps it within every budget (about a tenth of 50,000
/// positions at the opening, measured) and lets the estimate see the reply it is most wrong
/// about.
pub const SHOWN_DEPTH: u32 = 2;

/// Draws of the opponent's hidden stats whose exact solutions are averaged for the figures of
/// a solved position in which some stats are known only by their digits
/// ([`Searcher::with_fixed_figures`]).
pub const HIDDEN_DRAWS: u32 = 32;

/// When the match has shown something of the hidden stats ([`Searcher::set_seen`]): draws
/// from the bands per draw kept, the kept ones taken in proportion to how well each explains
/// what was seen.
pub const SEEN_CANDIDATES: u32 = 16;

/// The most entries [`Searcher::set_seen`] keeps: a match has 5 placements of the opponent and
/// at most 8 battles (one per neighbour) in each of its 10 turns.
const MAX_SEEN: usize = 5 + 10 * 8;

/// Placement nodes the draws of one solved analysis may take in all: as many as a search at
/// the default budget. The draws that do not fit are left out, so the time a figure takes
/// stays bounded. In 2,000 simulated matches against Wise 3 at the default budget, 183 of
/// the 7,529 solved figures (with 6 to 8 cards left) had fewer than [`HIDDEN_DRAWS`] draws:
/// they differ from the figures of all the draws by 0.1 points on average, 3.0 at most.
pub const DRAWN_NODES: u64 = DEFAULT_BUDGET_MS * NODES_PER_MS;

/// At a solved position with hidden stats, how many of the search's best moves the draws
/// order again ([`Searcher::analyse`]). The search models the game's AI by the middle of each
/// band, the draws by the stats drawn, as the AI chooses; where the two disagree, the draws
/// are right more often. In 200 matches against Wise 3 at 50 ms (seed 2), 15 of 588 solved
/// turns had a move the draws rated higher than the search's best: each time among the
/// search's best 5. Only when all their draws fit in [`DRAWN_NODES`] (on 20 random positions
/// of each count: 0 of 20 with 8 cards left, 6 with 7, 17 with 6); else the search chooses.
pub const RERANKED: usize = 5;

/// How long a search may run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub enum Budget {
    /// To the end of the match: exact.
    Unlimited,
    /// Until this much time has passed on the searcher's clock ([`Searcher::set_clock`]).
    Time(Duration),
    /// Until this many placement nodes are visited: the same answer on any machine, however
    /// loaded (what a reproducible simulation needs).
    Nodes(u64),
}

impl From<Option<Duration>> for Budget {
    /// A time budget, or none.
    fn from(d: Option<Duration>) -> Budget {
        d.map_or(Budget::Unlimited, Budget::Time)
    }
}

/// How the opponent is modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// The game's AI at this Wise level (0..=3): an expectation over its move distribution.
    Game(u8),
    /// The opponent picks the move worst for the player.
    Worst,
}

/// What the player optimises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    /// The chance to win the match.
    Win,
    /// Expected cards won (+1 a win, +5 a Perfect; −1 a loss, −5 a Perfect loss).
    Cards,
    /// The chance that my card in this slot (0..=4) is not taken.
    Keep(u8),
}

/// The figures of a position under the search's policy.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Value {
    /// The goal's figure (what is maximised).
    pub objective: f64,
    /// P(win).
    pub win: f64,
    /// P(draw).
    pub draw: f64,
    /// Expected cards won (negative: lost).
    pub cards: f64,
    /// P(the kept card is not taken) (1 when the goal is not `keep`).
    pub keep: f64,
}

impl Value {
    /// P(loss).
    pub fn loss(&self) -> f64 {
        (1.0 - self.win - self.draw).max(0.0)
    }

    fn scaled(self, p: f64) -> Value {
        Value {
            objective: self.objective * p,
            win: self.win * p,
            draw: self.draw * p,
            cards: self.cards * p,
            keep: self.keep * p,
        }
    }

    fn add(self, o: Value) -> Value {
        Value {
            objective: self.objective + o.objective,
            win: self.win + o.win,
            draw: self.draw + o.draw,
            cards: self.cards + o.cards,
            keep: self.keep + o.keep,
        }
    }

    fn bound(objective: f64) -> Value {
        Value { objective, ..Value::default() }
    }
}

const TYPES: [CardType; 5] = [
    CardType::Physical,
    CardType::Magic,
    CardType::Flexible,
    CardType::Assault,
    CardType::Unknown(255),
];

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: Value,
    depth: u8,
    /// 0 exact, 1 lower bound, 2 upper bound.
    flag: u8,
    /// Best move + 1 (slot·16 + cell), 0 none.
    best: u8,
}

/// What the table says about a node: its value, or only the move to try first (code + 1, 0 for
/// none).
enum Probe {
    Settled(Value),
    Hint(u8),
}

/// A table entry's flag for `objective` found in the window (`alpha`, `beta`): 0 exact,
/// 1 a lower bound (at or above `beta`), 2 an upper bound (at or below `alpha`).
#[inline]
fn bound_flag(objective: f64, alpha: f64, beta: f64) -> u8 {
    if objective <= alpha {
        2
    } else if objective >= beta {
        1
    } else {
        0
    }
}

/// A search over one match's ten cards.
#[derive(Debug)]
pub struct Searcher {
    /// The ten cards as known, for [`Searcher::drawn_figures`].
    cards: [GameCard; 10],
    arrows: [u8; 10],
    hand_types: [CardType; 10],
    odds: [[[f64; 5]; 10]; 10],
    ai: AiView,
    /// What the estimate of an unfinished position reads of the cards.
    tables: CardTables,
    /// The estimate's parameters, for the opponent model.
    estimate: &'static estimate::Table,
    opponent: Opponent,
    goal: Goal,
    evolution: EvolutionOdds,
    zobrist: [[[u64; 2]; 10]; 16],
    /// The transposition table, allocated by the first search at a size for its position.
    table: Vec<Entry>,
    /// The table's largest size, as a power of two.
    table_bits: u32,
    /// Placement nodes visited so far.
    pub nodes: u64,
    /// When a timed search stops, in the clock's milliseconds.
    deadline: Option<f64>,
    /// The node count at which a search with a node budget stops (`u64::MAX`: none).
    node_limit: u64,
    clock: Clock,
    /// Set by another thread to stop every search as a spent budget would.
    cancel: Option<Arc<AtomicBool>>,
    aborted: bool,
    plain: bool,
    /// Root moves ranked exactly (the others only proved no better than the last of them).
    top: usize,
    /// The root move to search first (slot·16 + cell + 1; 0 none): the previous iteration's best.
    root_hint: u8,
    /// Unfinished analyses show the fixed-shape figures ([`Searcher::analyse`]).
    fixed_figures: bool,
    /// The fixed-shape figures go through [`estimate::recalibrated`].
    recalibrate: bool,
    /// Draws of the hidden stats for the figures of a solved position ([`HIDDEN_DRAWS`]).
    draws: u32,
    /// What the match has shown of the hidden stats, which the draws are conditioned on.
    seen: Vec<Seen>,
}

/// A root move and its figures.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct MoveValue {
    /// The card's slot (0..=4: the player's hand).
    pub slot: u8,
    /// The cell, x + 4·y.
    pub cell: u8,
    /// The figures if this move is played and the search's policy follows.
    pub value: Value,
    /// When several targets face the placed card: the best first target.
    pub first_target: Option<u8>,
}

/// The adviser's answer for a position.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Analysis {
    /// The player's moves, best first.
    pub moves: Vec<MoveValue>,
    /// Placements searched ahead in the last completed iteration.
    pub depth: u32,
    /// True when the search reached the end of the match on every line: the figures are exact
    /// when every stat is known, and the mean over draws of the hidden ones otherwise
    /// ([`crate::game`]).
    pub exact: bool,
    /// Placement nodes visited.
    pub nodes: u64,
}

/// Whether `seen` says anything of the hidden stats under the opponent model (`wise`: the
/// game's AI at that level; none: the worst case, whose placements are not drawn from the
/// stats): every battle does, a placement only against the game's AI.
fn weighs(seen: &Seen, wise: Option<u8>) -> bool {
    match seen {
        Seen::Battle { .. } => true,
        Seen::Placed { .. } => wise.is_some(),
    }
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The table's Zobrist keys: one per cell, slot and side, from `seed`.
fn zobrist_keys(mut seed: u64) -> [[[u64; 2]; 10]; 16] {
    let mut zobrist = [[[0u64; 2]; 10]; 16];
    for c in zobrist.iter_mut() {
        for s in c.iter_mut() {
            for z in s.iter_mut() {
                *z = splitmix(&mut seed);
            }
        }
    }
    zobrist
}

impl Searcher {
    /// A searcher for these ten cards (slots 0..=4 the player's, 5..=9 the opponent's, types as
    /// at the start of the match) with a transposition table of 2^`table_bits` entries.
    pub fn new(
        cards: &[GameCard; 10],
        opponent: Opponent,
        goal: Goal,
        table_bits: u32,
    ) -> Searcher {
        let hand_types = cards.map(|c| c.card_type);
        let mut odds = [[[0.0; 5]; 10]; 10];
        for a in 0..10 {
            for d in 0..10 {
                for (t, ty) in TYPES.iter().enumerate() {
                    odds[a][d][t] = win_probability(&cards[a], *ty, &cards[d]);
                }
            }
        }
        Searcher {
            cards: *cards,
            arrows: cards.map(|c| c.arrows),
            ai: AiView::new(cards, &hand_types),
            tables: CardTables::new(cards),
            estimate: estimate::table(estimate::model_index(match opponent {
                Opponent::Game(w) => Some(w),
                Opponent::Worst => None,
            })),
            hand_types,
            odds,
            opponent,
            goal,
            evolution: EvolutionOdds::ENGINE,
            zobrist: zobrist_keys(0x5EED),
            table: Vec::new(),
            table_bits: table_bits.clamp(4, 26),
            nodes: 0,
            deadline: None,
            node_limit: u64::MAX,
            clock: system_clock,
            cancel: None,
            aborted: false,
            plain: false,
            top: usize::MAX,
            root_hint: 0,
            fixed_figures: true,
            recalibrate: true,
            draws: HIDDEN_DRAWS,
            seen: Vec::new(),
        }
    }

    /// Makes the transposition table large enough for a position with `left` cards to place:
    /// 2^(2·left + 5) entries, at most 2^`table_bits`, and at most 2^18 in a timed search
    /// (zeroing a large table costs more than searching a small position).
    fn prepare(&mut self, left: u32) {
        let mut bits = (2 * left + 5).clamp(10, self.table_bits.max(10));
        if self.deadline.is_some() || self.node_limit != u64::MAX {
            // A budgeted search: zeroing 2^20 entries (60 MB) would take a noticeable part of it.
            bits = bits.min(18);
        }
        if self.table.len() < 1 << bits {
            self.table = vec![Entry::default(); 1 << bits];
        }
    }

    /// Draws of the opponent's hidden stats whose solutions a solved position's figures average
    /// (0: the figures of the search itself, over 16-value bands; default [`HIDDEN_DRAWS`]).
    pub fn set_hidden_draws(&mut self, draws: u32) {
        self.draws = draws;
    }

    /// What the match has shown so far ([`crate::game::engine::Match::seen`]): the draws of the
    /// hidden stats are weighted by how likely each makes it ([`Searcher::with_fixed_figures`]).
    /// Entries beyond the 85 a match can hold are ignored.
    pub fn set_seen(&mut self, seen: &[Seen]) {
        self.seen = seen.iter().take(MAX_SEEN).copied().collect();
    }

    /// Ranks only the `k` (≥ 1) best moves exactly: the others are searched with the k-th best
    /// figure as a lower window bound, proved no better than it, and left out of the answer
    /// (the figures of the moves kept are unchanged, only found sooner). By default every move.
    pub fn set_top(&mut self, k: usize) {
        self.top = k.max(1);
    }

    /// Scores unfinished positions with these parameters instead of the fitted ones (for the
    /// fit that finds them, `examples/fit_estimate.rs`).
    pub fn set_estimate(&mut self, table: &'static estimate::Table) {
        self.estimate = table;
    }

    /// Keeps the deep search's own figures in an unfinished analysis instead of the fixed-shape
    /// ones ([`Searcher::analyse`]); for measuring how those drift with the budget.
    pub fn set_fixed_figures(&mut self, fixed: bool) {
        self.fixed_figures = fixed;
    }

    /// Shows the fixed-shape figures as the estimate gives them, without
    /// [`estimate::recalibrated`]; for the fit that finds that map (`examples/fit_estimate.rs`).
    pub fn set_recalibrated(&mut self, recalibrate: bool) {
        self.recalibrate = recalibrate;
    }

    /// Turns the plain reference search on or off: no transposition table and no pruning
    /// (every window full); for measuring what they gain.
    pub fn set_plain(&mut self, plain: bool) {
        self.plain = plain;
    }

    /// The full window when searching plainly.
    fn window(&self, alpha: f64, beta: f64) -> (f64, f64) {
        if self.plain {
            let (lo, hi) = self.range();
            (lo - 1.0, hi + 1.0)
        } else {
            (alpha, beta)
        }
    }

    /// The bounds of the objective.
    fn range(&self) -> (f64, f64) {
        match self.goal {
            Goal::Cards => (-5.0, 5.0),
            _ => (0.0, 1.0),
        }
    }

    fn key(&self, b: &Board) -> u64 {
        let mut k = if b.mover == Side::Npc { 0x9E37_79B9_7F4A_7C15 } else { 0 };
        for (c, &s) in b.cells.iter().enumerate() {
            if s < 10 {
                k ^= self.zobrist[c][s as usize][(b.red >> s & 1) as usize];
            }
        }
        k
    }

    fn terminal(&self, b: &Board) -> Value {
        let (p, n) = b.score();
        let perfect = p == 10 || n == 10;
        let (win, draw) = (f64::from(u8::from(p > n)), f64::from(u8::from(p == n)));
        let cards = match p.cmp(&n) {
            std::cmp::Ordering::Greater => {
                if perfect {
                    5.0
                } else {
                    1.0
                }
            }
            std::cmp::Ordering::Equal => 0.0,
            std::cmp::Ordering::Less => {
                if perfect {
                    -5.0
                } else {
                    -1.0
                }
            }
        };
        let keep = match self.goal {
            Goal::Keep(k) if p < n => {
                let first_red = (0..5u8).find(|&s| b.side(s) == Side::Npc);
                f64::from(u8::from(!(perfect || first_red == Some(k))))
            }
            _ => 1.0,
        };
        self.finish(Value { objective: 0.0, win, draw, cards, keep })
    }

    fn finish(&self, mut v: Value) -> Value {
        v.objective = match self.goal {
            Goal::Win => v.win,
            Goal::Cards => v.cards,
            Goal::Keep(_) => v.keep,
        };
        v
    }

    /// The documented estimate of an unfinished position (module docs).
    fn estimate(&self, b: &Board) -> Value {
        let f = estimate::features(&self.tables, b);
        let (win, draw) =
            estimate::probabilities(estimate::params(self.estimate, b.cards_left(), b.mover), &f);
        let loss = (1.0 - win - draw).max(0.0);
        let keep = if matches!(self.goal, Goal::Keep(_)) { 1.0 - loss / 2.0 } else { 1.0 };
        self.finish(Value { objective: 0.0, win, draw, cards: win - loss, keep })
    }

    /// The figures of any position (either side to move), searched `depth` placements ahead
    /// (the number of cards left or more: exact).
    pub fn value(&mut self, b: &Board, depth: u32) -> Value {
        self.prepare(b.cards_left());
        self.aborted = false;
        let (lo, hi) = self.range();
        if b.is_over() {
            return self.terminal(b);
        }
        self.node(b, depth.max(1), lo - 1.0, hi + 1.0)
    }

    /// Stops this searcher's searches once `flag` is set, as a spent budget would (checked
    /// every 256 placement nodes). A cancelled [`Searcher::analyse`] returns no move.
    pub fn cancel_with(&mut self, flag: Arc<AtomicBool>) {
        self.cancel = Some(flag);
    }

    /// Measures time budgets with `clock` instead of the system's (checked every 256 placement
    /// nodes, as the cancellation flag is).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    fn tick(&mut self) {
        self.nodes += 1;
        // A node budget is checked at every node (the same stop on any machine); the clock and
        // the cancel flag every 256 nodes (reading them costs more than a node).
        if self.nodes >= self.node_limit
            || (self.nodes & 255 == 0
                && (self.deadline.is_some_and(|d| (self.clock)() >= d) || self.cancelled()))
        {
            self.aborted = true;
        }
    }

    /// The mover's placements, best first by the table's move, then a quick score (free
    /// captures plus 2·P(win) − ½ per battle), then slot and cell; at most 5 cards × 16 cells.
    fn moves(&self, b: &Board, best: u8) -> Moves {
        let side = b.mover;
        let hand = b.hand(side);
        // Each free cell's opponent neighbours: (direction, slot, whether it points back).
        let mut cells = [(0u8, [(0u8, 0u8, false); 8], 0u8); 16];
        let mut nc = 0;
        for cell in 0..16u8 {
            if b.cells[cell as usize] != EMPTY {
                continue;
            }
            let (mut list, mut len) = ([(0u8, 0u8, false); 8], 0u8);
            for (d, &n) in NEIGHBOURS[cell as usize].iter().enumerate() {
                if n == EMPTY {
                    continue;
                }
                let s = b.cells[n as usize];
                if s < 10 && b.side(s) != side {
                    let back = self.arrows[s as usize] & (1 << ((d + 4) % 8)) != 0;
                    list[len as usize] = (d as u8, s, back);
                    len += 1;
                }
            }
            cells[nc] = (cell, list, len);
            nc += 1;
        }
        let mut scored = [(0.0f64, 0u8); 80];
        let mut n = 0;
        for slot in (0..10u8).filter(|s| hand & (1 << s) != 0) {
            let arrows = self.arrows[slot as usize];
            let odds = &self.odds[slot as usize];
            let t = self.hand_types[slot as usize].index();
            for &(cell, list, len) in &cells[..nc] {
                let code = slot * 16 + cell;
                let s = if best != 0 && best - 1 == code {
                    1e9
                } else {
                    let (mut free, mut fights) = (0u32, 0.0f64);
                    for &(d, s, back) in &list[..len as usize] {
                        if arrows & (1 << d) != 0 {
                            if back {
                                fights += 2.0 * odds[s as usize][t] - 0.5;
                            } else {
                                free += 1;
                            }
                        }
                    }
                    f64::from(free) + fights
                };
                scored[n] = (s, code);
                n += 1;
            }
        }
        scored[..n].sort_unstable_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
        let mut out = Moves { items: [(0, 0); 80], len: n };
        for (o, &(_, code)) in out.items.iter_mut().zip(&scored[..n]) {
            *o = (code / 16, code % 16);
        }
        out
    }

    /// A placement node.
    fn node(&mut self, b: &Board, depth: u32, alpha: f64, beta: f64) -> Value {
        let (alpha, beta) = self.window(alpha, beta);
        if b.is_over() {
            return self.terminal(b);
        }
        let left = b.cards_left();
        if depth == 0 {
            return self.estimate(b);
        }
        self.tick();
        if self.aborted {
            return Value::bound(alpha);
        }
        if left == 1 {
            return self.last(b);
        }
        let eff = depth.min(left) as u8;
        let key = self.key(b);
        // A bucket of two entries: the deeper result kept, the newest beside it.
        let idx = (key as usize) & (self.table.len() - 2);
        let best_move = match self.probe(idx, key, eff, alpha, beta) {
            Probe::Settled(v) => return v,
            Probe::Hint(m) => m,
        };
        let (value, best) = match (b.mover, self.opponent) {
            (Side::Player, _) | (Side::Npc, Opponent::Worst) => {
                self.choose(b, best_move, depth, alpha, beta)
            }
            (Side::Npc, Opponent::Game(wise)) => (self.chance(b, wise, depth, alpha, beta), 0),
        };
        if self.aborted {
            return Value::bound(alpha);
        }
        let flag = bound_flag(value.objective, alpha, beta);
        self.store(idx, Entry { key, value, depth: eff, flag, best });
        value
    }

    /// The table's word on a node at `idx` with `key`, searched `eff` placements deep in the
    /// window (`alpha`, `beta`): a stored value that settles it, or else the move to try first.
    #[inline]
    fn probe(&self, idx: usize, key: u64, eff: u8, alpha: f64, beta: f64) -> Probe {
        let e = if self.table[idx + 1].key == key { self.table[idx + 1] } else { self.table[idx] };
        if e.key != key || self.plain {
            return Probe::Hint(0);
        }
        if e.depth >= eff {
            match e.flag {
                0 => return Probe::Settled(e.value),
                1 if e.value.objective >= beta => return Probe::Settled(e.value),
                2 if e.value.objective <= alpha => return Probe::Settled(e.value),
                _ => {}
            }
        }
        Probe::Hint(e.best)
    }

    /// A node where a side chooses (the player maximising, the worst-case opponent
    /// minimising), alpha-beta over the ordered moves: the value and its move (code + 1, 0 for
    /// none). Meaningless once the search is aborted.
    #[inline]
    fn choose(
        &mut self,
        b: &Board,
        best_move: u8,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> (Value, u8) {
        let maximise = b.mover == Side::Player;
        let (mut a, mut bt) = (alpha, beta);
        let mut best: Option<(Value, u8)> = None;
        for &(slot, cell) in self.moves(b, best_move).as_slice() {
            let v = self.placement(b, slot, cell, depth, a, bt);
            if self.aborted {
                break;
            }
            if best.is_none_or(|(bv, _)| beats(maximise, v.objective, bv.objective)) {
                best = Some((v, slot * 16 + cell + 1));
            }
            if narrow(maximise, &mut a, &mut bt, v.objective) {
                break;
            }
        }
        best.unwrap_or_else(|| (self.terminal(b), 0))
    }

    /// A node where the game's AI (of wisdom `wise`) places: the expectation over its choices,
    /// Star1-pruned. Meaningless once the search is aborted.
    #[inline]
    fn chance(&mut self, b: &Board, wise: u8, depth: u32, alpha: f64, beta: f64) -> Value {
        let (lo, hi) = self.range();
        let mut dist = choices(&self.ai, b, Side::Npc, wise);
        dist.sort_by_probability();
        let mut ch = Star1::new(alpha, beta, lo, hi);
        for c in dist.as_slice() {
            let (wa, wb) = ch.window(c.p);
            let v = self.placement(b, c.slot, c.cell, depth, wa, wb);
            if self.aborted {
                break;
            }
            if let Some(cut) = ch.add(c.p, v, (wa, wb)) {
                return cut;
            }
        }
        ch.sum
    }

    /// Records `entry` in the bucket at `idx`: in its first entry if that holds this position
    /// or no deeper result, else beside it.
    #[inline]
    fn store(&mut self, idx: usize, entry: Entry) {
        if self.plain {
            return;
        }
        let first = &self.table[idx];
        let slot = if first.key == entry.key || first.depth <= entry.depth { idx } else { idx + 1 };
        self.table[slot] = entry;
    }

    /// The last placement of the match, exactly: no table (the position is reached once per
    /// line) and no ordering.
    fn last(&mut self, b: &Board) -> Value {
        let (lo, hi) = self.range();
        let slot = b.hands.trailing_zeros() as u8;
        let free = b.free_cells();
        match (b.mover, self.opponent) {
            (Side::Npc, Opponent::Game(wise)) => {
                let mut sum = Value::default();
                for c in choices(&self.ai, b, Side::Npc, wise).as_slice() {
                    let v = self.placement(b, c.slot, c.cell, 1, lo - 1.0, hi + 1.0);
                    sum = sum.add(v.scaled(c.p));
                }
                sum
            }
            (mover, _) => {
                let mut best: Option<Value> = None;
                for cell in (0..16u8).filter(|c| free & (1 << c) != 0) {
                    let v = self.placement(b, slot, cell, 1, lo - 1.0, hi + 1.0);
                    let better = best.is_none_or(|bv| {
                        if mover == Side::Player {
                            v.objective > bv.objective
                        } else {
                            v.objective < bv.objective
                        }
                    });
                    if better {
                        best = Some(v);
                    }
                }
                best.unwrap_or_else(|| self.terminal(b))
            }
        }
    }

    /// Places `slot` on `cell` and resolves the turn.
    fn placement(
        &mut self,
        b: &Board,
        slot: u8,
        cell: u8,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> Value {
        let mut nb = *b;
        let turn = nb.place(&self.arrows, slot, cell);
        if turn.is_over() {
            return self.node(&nb, depth - 1, alpha, beta);
        }
        let t = self.hand_types[slot as usize];
        self.battles(&nb, turn, t, depth, alpha, beta)
    }

    /// The next battle of a turn: the target is automatic or chosen by the player.
    fn battles(
        &mut self,
        b: &Board,
        turn: Turn,
        t: CardType,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> Value {
        let (alpha, beta) = self.window(alpha, beta);
        match chooser(b, &turn) {
            Chooser::Automatic(d) => self.fight(b, turn, d, t, depth, alpha, beta),
            Chooser::Side(side) => {
                let maximise = side == Side::Player;
                let (mut a, mut bt) = (alpha, beta);
                let mut best: Option<Value> = None;
                for &d in turn.targets() {
                    let v = self.fight(b, turn, d, t, depth, a, bt);
                    if self.aborted {
                        return Value::bound(alpha);
                    }
                    if best.is_none_or(|bv| beats(maximise, v.objective, bv.objective)) {
                        best = Some(v);
                    }
                    if narrow(maximise, &mut a, &mut bt, v.objective) {
                        break;
                    }
                }
                best.unwrap_or_default()
            }
        }
    }

    /// One battle: a chance node over its outcome (and the attacker's evolution when it fights
    /// on).
    #[allow(clippy::too_many_arguments)]
    fn fight(
        &mut self,
        b: &Board,
        turn: Turn,
        d: u8,
        t: CardType,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> Value {
        let (alpha, beta) = self.window(alpha, beta);
        let p = self.odds[turn.attacker as usize][d as usize][t.index()];
        let (lo, hi) = self.range();
        let mut ch = Star1::new(alpha, beta, lo, hi);
        // Win first when likelier: better cut-offs.
        let order = if p >= 0.5 { [true, false] } else { [false, true] };
        for won in order {
            let q = if won { p } else { 1.0 - p };
            if q <= 0.0 {
                continue;
            }
            let (wa, wb) = ch.window(q);
            let mut nb = *b;
            let mut nt = turn;
            nb.battle(&self.arrows, &mut nt, d, won);
            let v = if nt.is_over() {
                self.node(&nb, depth - 1, wa, wb)
            } else {
                let e = evolution_chance(t, self.evolution);
                if e > 0.0 {
                    let mut inner = Star1::new(wa, wb, lo, hi);
                    let mut out = None;
                    for (pe, ty) in [(1.0 - e, t), (e, evolve(t))] {
                        let (ia, ib) = inner.window(pe);
                        let v = self.battles(&nb, nt, ty, depth, ia, ib);
                        if let Some(cut) = inner.add(pe, v, (ia, ib)) {
                            out = Some(cut);
                            break;
                        }
                    }
                    out.unwrap_or(inner.sum)
                } else {
                    self.battles(&nb, nt, t, depth, wa, wb)
                }
            };
            if self.aborted {
                return Value::bound(alpha);
            }
            if let Some(cut) = ch.add(q, v, (wa, wb)) {
                return cut;
            }
        }
        ch.sum
    }

    /// Ranks the player's moves in a position where the player is to place a card, searching
    /// `depth` placements ahead (all of them: exact).
    pub fn analyse_depth(&mut self, b: &Board, depth: u32) -> Vec<MoveValue> {
        let mut out = Vec::new();
        if b.mover != Side::Player || b.is_over() {
            return out;
        }
        self.prepare(b.cards_left());
        let (lo, hi) = self.range();
        for &(slot, cell) in self.moves(b, self.root_hint).as_slice() {
            let full = out.len() >= self.top;
            let alpha = if full { out[self.top - 1].value.objective } else { lo - 1.0 };
            let v = self.placement(b, slot, cell, depth, alpha, hi + 1.0);
            if self.aborted {
                return out;
            }
            if full && v.objective <= alpha {
                continue;
            }
            let mut nb = *b;
            let turn = nb.place(&self.arrows, slot, cell);
            let first_target = if turn.targets().len() >= 2 {
                let t = self.hand_types[slot as usize];
                turn.targets()
                    .iter()
                    .map(|&d| (d, self.fight(&nb, turn, d, t, depth, lo - 1.0, hi + 1.0)))
                    .max_by(|x, y| x.1.objective.total_cmp(&y.1.objective))
                    .map(|x| x.0)
            } else {
                None
            };
            // Sorted, best first; among equal figures in search order.
            let at = out.partition_point(|m| m.value.objective >= v.objective);
            out.insert(at, MoveValue { slot, cell, value: v, first_target });
            out.truncate(self.top);
        }
        out
    }

    /// Iterative deepening within a budget (a time budget, or `None`: to the end of the
    /// match; or any [`Budget`]). Returns the last completed iteration.
    pub fn analyse(&mut self, b: &Board, budget: impl Into<Budget>) -> Analysis {
        let budget = budget.into();
        let start = (self.clock)();
        self.deadline = match budget {
            Budget::Time(d) => Some(start + d.as_secs_f64() * 1000.0),
            _ => None,
        };
        self.node_limit = match budget {
            Budget::Nodes(n) => self.nodes.saturating_add(n.max(1)),
            _ => u64::MAX,
        };
        self.aborted = false;
        self.root_hint = 0;
        let left = b.cards_left();
        let mut last = Analysis { moves: Vec::new(), depth: 0, exact: false, nodes: 0 };
        let first = if budget == Budget::Unlimited { left } else { 1 };
        for depth in first..=left {
            let moves = self.analyse_depth(b, depth);
            if self.aborted {
                break;
            }
            self.root_hint = moves.first().map_or(0, |m| m.slot * 16 + m.cell + 1);
            last = Analysis { moves, depth, exact: depth >= left, nodes: self.nodes };
        }
        if last.moves.is_empty() && self.aborted && !self.cancelled() {
            // Not even depth 1 finished: take the ordering heuristic's choice.
            self.aborted = false;
            self.deadline = None;
            self.node_limit = u64::MAX;
            let moves = self.analyse_depth(b, 1);
            last = Analysis { moves, depth: 1, exact: left <= 1, nodes: self.nodes };
        }
        self.deadline = None;
        self.node_limit = u64::MAX;
        if last.exact && self.top < RERANKED && self.draws_apply() {
            // The draws choose among the search's best RERANKED moves: rank that many.
            // Solved already, the table makes this search short.
            let top = std::mem::replace(&mut self.top, RERANKED);
            let moves = self.analyse_depth(b, left);
            self.top = top;
            if !self.aborted {
                last.moves = moves;
                last.nodes = self.nodes;
            }
        }
        if self.fixed_figures {
            last = self.with_fixed_figures(b, last);
            last.moves.truncate(self.top);
        }
        last
    }

    /// Whether a solved figure is the mean over draws of hidden stats
    /// ([`Searcher::with_fixed_figures`]): some opponent stat is known only by its digits.
    fn draws_apply(&self) -> bool {
        self.draws > 0 && !self.cards.iter().all(GameCard::is_exact)
    }

    /// `a`, an analysis of `b` by this searcher with [`Searcher::set_fixed_figures`] off, with
    /// the figures [`Searcher::analyse`] shows otherwise: the fixed-shape estimate when
    /// unfinished ([`SHOWN_DEPTH`]); when solved, its own if every stat is known, else the mean
    /// over draws of the hidden stats ([`HIDDEN_DRAWS`]), which order the search's best
    /// [`RERANKED`] moves when all their draws fit (the search's order kept among equals), then
    /// the others. For reading both figures of one search: with fixed figures off, a solved
    /// analysis with hidden stats keeps at least [`RERANKED`] moves, for this to order.
    pub fn with_fixed_figures(&mut self, b: &Board, mut a: Analysis) -> Analysis {
        if self.cancelled() {
            return a;
        }
        // The searches below index the table even where they do not read it.
        self.prepare(b.cards_left());
        if a.exact {
            // The search's best RERANKED moves, then the others: each group drawn and ordered
            // on its own, so the first ones are the same however many are shown. A stable
            // sort: among equals the order is the search's own.
            let by_figure =
                |x: &MoveValue, y: &MoveValue| y.value.objective.total_cmp(&x.value.objective);
            let split = a.moves.len().min(RERANKED);
            let (first, rest) = a.moves.split_at_mut(split);
            if self.drawn_figures(b, first, true) {
                first.sort_by(by_figure);
            } else if let Some((best, others)) = first.split_first_mut() {
                // Not all their draws fit (8 cards left, some of 7): the search's order stays,
                // its best move drawn alone, as many draws as fit; the others shown likewise.
                let shown = others.len().min(self.top - 1);
                self.drawn_figures(b, std::slice::from_mut(best), false);
                self.drawn_figures(b, &mut others[..shown], false);
            }
            self.drawn_figures(b, rest, false);
            rest.sort_by(by_figure);
        } else {
            self.shown_figures(b, &mut a.moves);
        }
        a.nodes = self.nodes;
        a
    }

    /// Replaces the figures of `moves`, solved to the end of the match with each hidden stat
    /// taken as uniform on its band, by the mean of exact solutions over [`HIDDEN_DRAWS`] draws
    /// of the opponent's stats (uniform on each band, as the game creates them, then weighted
    /// by what the match has shown, [`Searcher::set_seen`]; drawn from a seed of the position,
    /// so the same position and history show the same figures), or as many as fit in
    /// [`DRAWN_NODES`].
    ///
    /// Why: a card's stat is one value, the same in all its battles, and the game's AI chooses
    /// with the true values. The banded solution treats each battle as an independent draw and
    /// models the AI by the band's middle. In 2,000 simulated matches a level at the default
    /// budget, its figures of 80 to 90 % at Wise 3 (86.4 % on average) were won 94.0 % of the
    /// time, and those of 70 to 80 % at Wise 1 (76.5 %) 69.6 % of the time. Each draw is solved
    /// exactly, the opponent model choosing with the drawn stats; every move gets the same
    /// draws, so their figures compare ([`RERANKED`]). Does nothing when every stat is exact.
    ///
    /// Each draw's solution lets the player's later choices follow the stats drawn, which the
    /// player does not see: that alone would overstate the chance. Keeping the banded search's
    /// later choices instead was measured, on the same matches, to understate it at Wise 3
    /// (two tenths 5.5 and 12.4 points under what happened) and to be no better at Wise 1: the
    /// positions a match reaches say something of the hidden stats, which draws from the bands
    /// alone do not know. Hence the weights: at Wise 3 the game's AI places its cards by their
    /// true stats, without chance, so its placements say much. On the 62 solved moves shown
    /// 70 to 80 % in 2,000 matches at 50 ms (seed 3), the draws from the bands alone showed
    /// 75.6 % where 400 playouts from each position, with the deal's true stats, won 79.1 %;
    /// weighted by what was seen, 79.7 %, and the mean squared gap to the playouts fell from
    /// 0.045 to 0.020.
    ///
    /// With `whole`, all the draws or none: the figures stay, and it returns false, as soon as
    /// the draws made so far say the rest will not fit in [`DRAWN_NODES`]. Otherwise returns
    /// whether the figures were replaced.
    fn drawn_figures(&mut self, b: &Board, moves: &mut [MoveValue], whole: bool) -> bool {
        if moves.is_empty() || !self.draws_apply() {
            return false;
        }
        let left = b.cards_left();
        let mut state = self.key(b) ^ 0xD8A3_11C7_5EED_0001;
        let draws = self.drawn_from_seen(&mut state);
        let count = draws.len() as u64;
        let mut sums = vec![Value::default(); moves.len()];
        // One table for every draw: each draw has its own keys, so an entry of another draw
        // is never read (a 64-bit key match by chance aside), and nothing is zeroed again.
        let mut table = Vec::new();
        let (mut done, mut spent) = (0u32, 0u64);
        for (k, (cards, keys, times)) in draws.into_iter().enumerate() {
            // The draws so far, their mean cost: will the rest fit?
            let short = k > 0 && spent / k as u64 * count > DRAWN_NODES;
            if spent >= DRAWN_NODES || (whole && short) {
                if whole {
                    return false;
                }
                break;
            }
            let mut s = Searcher::new(&cards, self.opponent, self.goal, self.table_bits);
            s.zobrist = zobrist_keys(keys);
            s.table = std::mem::take(&mut table);
            s.evolution = self.evolution;
            s.cancel = self.cancel.clone();
            s.node_limit = DRAWN_NODES - spent;
            s.prepare(left);
            let (lo, hi) = s.range();
            let values: Vec<Value> = moves
                .iter()
                .map(|m| s.placement(b, m.slot, m.cell, left, lo - 1.0, hi + 1.0))
                .collect();
            spent += s.nodes;
            self.nodes += s.nodes;
            if s.aborted {
                // Out of nodes, or cancelled: this draw is left out.
                if whole {
                    return false;
                }
                break;
            }
            for (sum, v) in sums.iter_mut().zip(values) {
                *sum = sum.add(v.scaled(f64::from(times)));
            }
            done += times;
            table = s.table;
        }
        if done == 0 || self.cancelled() {
            // The banded figures stay.
            return false;
        }
        let share = 1.0 / f64::from(done);
        for (m, sum) in moves.iter_mut().zip(sums) {
            m.value = self.finish(sum.scaled(share));
        }
        true
    }

    /// The draws of the hidden stats for [`Searcher::drawn_figures`]: each as the ten cards,
    /// the seed of its table keys, and how many of the [`HIDDEN_DRAWS`] it counts for.
    ///
    /// With nothing seen, [`HIDDEN_DRAWS`] draws uniform on the bands, once each. Otherwise
    /// [`SEEN_CANDIDATES`] times as many are drawn, each weighted by the chance of what was
    /// seen under its stats (every battle's outcome, and every placement of the game's AI),
    /// and [`HIDDEN_DRAWS`] are taken from them in proportion to the weights (systematic
    /// resampling): draws of the stats as the player can know them now, not as before the
    /// match. When no draw explains what was seen (a contradiction entered by the player),
    /// the weights are ignored.
    fn drawn_from_seen(&self, state: &mut u64) -> Vec<([GameCard; 10], u64, u32)> {
        let wise = match self.opponent {
            Opponent::Game(w) => Some(w),
            Opponent::Worst => None,
        };
        let informative = self.seen.iter().any(|e| weighs(e, wise));
        let n = if informative { self.draws * SEEN_CANDIDATES } else { self.draws };
        let mut out: Vec<([GameCard; 10], u64, u32)> = (0..n)
            .map(|_| {
                let cards = self.cards.map(|c| {
                    c.drawn(|lo, hi| lo + (splitmix(state) % (u64::from(hi - lo) + 1)) as u8)
                });
                (cards, splitmix(state), 1)
            })
            .collect();
        if !informative {
            return out;
        }
        let weights: Vec<f64> = out.iter().map(|d| self.likelihood(&d.0, wise)).collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 || !total.is_finite() {
            out.truncate(self.draws as usize);
            return out;
        }
        // Systematic resampling: one uniform offset, then points evenly spaced on the
        // cumulative weights.
        let step = total / f64::from(self.draws);
        let mut point = (splitmix(state) >> 11) as f64 / (1u64 << 53) as f64 * step;
        let mut cumulative = 0.0;
        for (d, w) in out.iter_mut().zip(&weights) {
            cumulative += w;
            let mut times = 0;
            while point < cumulative {
                times += 1;
                point += step;
            }
            d.2 = times;
        }
        out.retain(|d| d.2 > 0);
        out
    }

    /// The chance of what was seen ([`Searcher::set_seen`]) if the cards were `cards`: the
    /// product of each battle's chance of its outcome and, against the game's AI, of each of
    /// its placements.
    fn likelihood(&self, cards: &[GameCard; 10], wise: Option<u8>) -> f64 {
        // The AI's view costs 100 pairs of start values: only when a placement was seen.
        let placed = self.seen.iter().any(|e| matches!(e, Seen::Placed { .. }));
        let view = wise.filter(|_| placed).map(|_| AiView::new(cards, &self.hand_types));
        let mut p = 1.0;
        for e in &self.seen {
            p *= match *e {
                Seen::Battle { attacker, attacker_type, defender, won } => {
                    let q = win_probability(
                        &cards[attacker as usize],
                        attacker_type,
                        &cards[defender as usize],
                    );
                    if won {
                        q
                    } else {
                        1.0 - q
                    }
                }
                Seen::Placed { board, slot, cell } => match (&view, wise) {
                    (Some(view), Some(w)) => choices(view, &board, Side::Npc, w)
                        .as_slice()
                        .iter()
                        .find(|c| c.slot == slot && c.cell == cell)
                        .map_or(0.0, |c| c.p),
                    _ => 1.0,
                },
            };
        }
        p
    }

    /// Replaces the figures of `moves` (searched to a depth that depends on the budget) by the
    /// calibrated estimate of a fixed shape: the move, every reply of the opponent model, then
    /// the fitted estimate ([`SHOWN_DEPTH`] placements, a full expectation, no table).
    ///
    /// Why: a root value taken from a search of variable depth drifts with the depth reached
    /// (maxima over estimates are biased upwards, expectations of them less so, and which of
    /// the two meets the estimate changes with the parity of the depth), so the same position
    /// read 65 % with one budget and 89 % with another. The deep search still chooses and
    /// orders the moves; the figure a move shows is computed the same way whatever the budget,
    /// so it does not move with it, and it is the one `simulate --calibration` measures. The
    /// best move is chosen by the deep search, not by this figure, so no maximum over
    /// estimates inflates it either. Exact figures (a search that reached the end) are kept.
    ///
    /// The chance to win then goes through [`estimate::recalibrated`], fitted on what happened
    /// after the moves played; the chances of a draw and of a loss share what is left in their
    /// own proportion, so the three still add up to 1. The order of the moves is the deep
    /// search's: neither step changes the move chosen.
    fn shown_figures(&mut self, b: &Board, moves: &mut [MoveValue]) {
        let plain = self.plain;
        // Plain: no table (a deeper entry would change the shape) and full windows (exact
        // expectations, not bounds).
        self.plain = true;
        self.aborted = false;
        let (lo, hi) = self.range();
        for m in moves.iter_mut() {
            let v = self.placement(b, m.slot, m.cell, SHOWN_DEPTH, lo - 1.0, hi + 1.0);
            if self.aborted {
                break;
            }
            m.value = if self.recalibrate { self.recalibrated(v, b.cards_left()) } else { v };
        }
        self.plain = plain;
    }

    /// `v`, a move's figure with `left` cards left before it, with its chance to win through
    /// [`estimate::recalibrated`]; draw and loss scaled to share the rest as before, expected
    /// cards and the chance to keep a card moved with them.
    fn recalibrated(&self, v: Value, left: u32) -> Value {
        let win = estimate::recalibrated(v.win, left);
        let loss = (1.0 - v.win - v.draw).max(0.0);
        let rest = v.draw + loss;
        let scale = if rest > 0.0 { (1.0 - win) / rest } else { 0.0 };
        let (draw, new_loss) = (v.draw * scale, loss * scale);
        let keep = match self.goal {
            Goal::Keep(_) => (v.keep - (new_loss - loss) / 2.0).clamp(0.0, 1.0),
            _ => v.keep,
        };
        let cards = v.cards + (win - v.win) - (new_loss - loss);
        self.finish(Value { objective: 0.0, win, draw, cards, keep })
    }

    /// The best next target for the player when several face the attacker in a turn in
    /// progress (`t` the attacker's type now), searching `budget_depth` placements after this
    /// turn (the cards left, or more: exact).
    pub fn best_target(
        &mut self,
        b: &Board,
        turn: Turn,
        t: CardType,
        budget_depth: u32,
    ) -> Option<(u8, Value)> {
        self.prepare(b.cards_left() + 1);
        let (lo, hi) = self.range();
        // `fight` counts the turn in progress as a placement of its depth.
        let depth = budget_depth + 1;
        turn.targets()
            .to_vec()
            .into_iter()
            .map(|d| (d, self.fight(b, turn, d, t, depth, lo - 1.0, hi + 1.0)))
            .max_by(|x, y| x.1.objective.total_cmp(&y.1.objective))
    }
}

/// A node's moves (slot, cell) in search order.
struct Moves {
    items: [(u8, u8); 80],
    len: usize,
}

impl Moves {
    fn as_slice(&self) -> &[(u8, u8)] {
        &self.items[..self.len]
    }
}

/// Star1 bookkeeping at a chance node: the children's windows and the cut-offs.
struct Star1 {
    alpha: f64,
    beta: f64,
    lo: f64,
    hi: f64,
    sum: Value,
    left: f64,
}

impl Star1 {
    fn new(alpha: f64, beta: f64, lo: f64, hi: f64) -> Star1 {
        Star1 { alpha, beta, lo, hi, sum: Value::default(), left: 1.0 }
    }

    /// The window for the next child of probability `p`.
    fn window(&self, p: f64) -> (f64, f64) {
        let rest = (self.left - p).max(0.0);
        let s = self.sum.objective;
        let a = (self.alpha - s - self.hi * rest) / p;
        let b = (self.beta - s - self.lo * rest) / p;
        (a.max(self.lo - 1.0), b.min(self.hi + 1.0))
    }

    /// Adds a child's value (searched with `window`); returns a bound when the node is proved
    /// outside its own window (a child outside its window proves it, whatever the rounding).
    fn add(&mut self, p: f64, v: Value, window: (f64, f64)) -> Option<Value> {
        self.sum = self.sum.add(v.scaled(p));
        self.left = (self.left - p).max(0.0);
        let s = self.sum.objective;
        if v.objective >= window.1 {
            return Some(Value::bound((s + self.lo * self.left).max(self.beta)));
        }
        if v.objective <= window.0 {
            return Some(Value::bound((s + self.hi * self.left).min(self.alpha)));
        }
        if s + self.lo * self.left >= self.beta {
            return Some(Value::bound(s + self.lo * self.left));
        }
        if s + self.hi * self.left <= self.alpha {
            return Some(Value::bound(s + self.hi * self.left));
        }
        None
    }
}

/// Whether `v` beats `best` for the side choosing: the player maximises, the worst-case
/// opponent minimises.
#[inline]
fn beats(maximise: bool, v: f64, best: f64) -> bool {
    if maximise {
        v > best
    } else {
        v < best
    }
}

/// Narrows the window `(a, bt)` by a child's value `v`; true when it closes (a cut-off).
#[inline]
fn narrow(maximise: bool, a: &mut f64, bt: &mut f64, v: f64) -> bool {
    if maximise {
        *a = a.max(v);
    } else {
        *bt = bt.min(v);
    }
    *a >= *bt
}
