//! The game's opponent AI as a policy (tetra-master-match §4, `EnemyAI.SetCard`).
//!
//! Two forms of the same procedure: [`distribution`], the exact probability of every move
//! (for the adviser), and [`decide`], one decision reproduced draw by draw from a random
//! stream (for simulation and for the spec's vectors). The AI reads raw stats; for a card known
//! only by its digits the middle of each band is used (an approximation, see [`crate::game`]).
//! The AI can play either side: "own" and "opponent" below are relative to `side`.

use crate::ff9::CardType;
use crate::game::board::{interaction, Board, Side, EMPTY, NEIGHBOURS};
use crate::game::card::{start_values, GameCard};
use crate::rules::creation::RangeRng;

/// The score of an occupied or blocked cell.
pub const MIN: i32 = -32767;

/// The Wise thresholds K: the factors survive when R(0,100) ≤ K.
pub const WISE_KEEP: [u32; 4] = [28, 62, 92, 100];

/// What the AI needs to know of the cards: arrows, hand types, and the start values of every
/// (attacker, defender) pair (with the attacker's hand type: a card in hand never evolved).
#[derive(Debug, Clone)]
pub struct AiView {
    arrows: [u8; 10],
    /// ⌊100·A/(A+D)⌋ per (attacker slot, defender slot).
    win_chance: [[i32; 10]; 10],
    /// (A, D) per pair, for the draws R(0,A), R(0,D) the evaluation throws away.
    start: [[(u32, u32); 10]; 10],
}

impl AiView {
    /// The view of these cards (types as in hand).
    pub fn new(cards: &[GameCard; 10], types: &[CardType; 10]) -> AiView {
        let mut win_chance = [[0; 10]; 10];
        let mut start = [[(1, 1); 10]; 10];
        for a in 0..10 {
            for d in 0..10 {
                let (av, dv) = start_values(&cards[a], types[a], &cards[d]);
                start[a][d] = (av, dv);
                win_chance[a][d] = (100 * av / (av + dv)) as i32;
            }
        }
        AiView { arrows: cards.map(|c| c.arrows), win_chance, start }
    }
}

/// The factors (flipF, fightF) by the board counts before placing (§4.1 step 2).
fn factors(board: &Board, side: Side) -> (i32, i32) {
    let (p, n) = board.score();
    let (own, opp) = if side == Side::Npc { (n, p) } else { (p, n) };
    match own.cmp(&opp) {
        std::cmp::Ordering::Equal => (64, 1),
        std::cmp::Ordering::Less => (67, 1),
        std::cmp::Ordering::Greater => (1, 5),
    }
}

/// One entry of the evaluation: the score and, for a fight, the pair whose start values the
/// evaluation draws.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    slot: u8,
    cell: u8,
    score: i32,
    fight: Option<(u8, u8)>,
}

/// The evaluation's entries in loop order (at most 5 hand cards × 16 cells), without allocating.
struct Entries {
    items: [Entry; 80],
    len: usize,
}

impl Entries {
    fn as_slice(&self) -> &[Entry] {
        &self.items[..self.len]
    }

    fn push(&mut self, e: Entry) {
        self.items[self.len] = e;
        self.len += 1;
    }
}

/// The evaluation pass (§4.1 step 4) in loop order: hand card (hand order), then x, then y.
fn evaluate(view: &AiView, board: &Board, side: Side, wise: u8, kept: bool) -> Entries {
    let (flip_f, fight_f) = if kept { factors(board, side) } else { (0, 0) };
    let mut out = Entries { items: [Entry::default(); 80], len: 0 };
    let hand = board.hand(side);
    for slot in 0..10u8 {
        if hand & (1 << slot) == 0 {
            continue;
        }
        let arrows = view.arrows[slot as usize];
        for x in 0..4u8 {
            for y in 0..4u8 {
                let cell = x + 4 * y;
                if board.cells[cell as usize] != EMPTY {
                    out.push(Entry { slot, cell, score: MIN, fight: None });
                    continue;
                }
                let (mut flips, mut first_fight) = (0, None);
                for (d, &n) in NEIGHBOURS[cell as usize].iter().enumerate() {
                    if n == EMPTY {
                        continue;
                    }
                    let s = board.cells[n as usize];
                    if s >= 10 || board.side(s) == side {
                        continue;
                    }
                    match interaction(arrows, view.arrows[s as usize], d) {
                        2 if first_fight.is_none() => first_fight = Some(s),
                        1 => flips += 1,
                        _ => {}
                    }
                }
                let score = match first_fight {
                    Some(target) => {
                        let wc = view.win_chance[slot as usize][target as usize];
                        if wise >= 3 {
                            if wc < 60 {
                                wc - 100
                            } else {
                                145 - wc
                            }
                        } else {
                            wc * fight_f
                        }
                    }
                    None => flips * flip_f,
                };
                out.push(Entry { slot, cell, score, fight: first_fight.map(|t| (slot, t)) });
            }
        }
    }
    out
}

/// A move with its probability.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Choice {
    /// The card's slot.
    pub slot: u8,
    /// The cell, x + 4·y.
    pub cell: u8,
    /// Its probability.
    pub p: f64,
}

/// The AI's moves with their probabilities (at most 5 hand cards × 16 cells), without
/// allocating; in the evaluation's loop order unless sorted.
#[derive(Debug, Clone)]
pub struct Choices {
    items: [Choice; 80],
    len: usize,
    /// Position + 1 of each (slot, cell) in `items`, 0 when absent.
    index: [u8; 160],
}

impl Choices {
    fn new() -> Choices {
        Choices { items: [Choice::default(); 80], len: 0, index: [0; 160] }
    }

    /// The moves.
    pub fn as_slice(&self) -> &[Choice] {
        &self.items[..self.len]
    }

    /// Adds `p` to the move's probability.
    fn add(&mut self, slot: u8, cell: u8, p: f64) {
        let k = usize::from(slot) * 16 + usize::from(cell);
        match self.index[k] {
            0 => {
                self.items[self.len] = Choice { slot, cell, p };
                self.len += 1;
                self.index[k] = self.len as u8;
            }
            i => self.items[usize::from(i) - 1].p += p,
        }
    }

    /// Sorts the moves by probability, highest first (ties in loop order).
    pub fn sort_by_probability(&mut self) {
        let n = self.len;
        let mut order: [(f64, u8); 80] = [(0.0, 0); 80];
        for (i, c) in self.items[..n].iter().enumerate() {
            order[i] = (c.p, i as u8);
        }
        order[..n].sort_unstable_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
        let old = self.items;
        for (i, &(_, k)) in order[..n].iter().enumerate() {
            self.items[i] = old[usize::from(k)];
        }
        self.index = [0; 160];
    }
}

/// The selection pass's probabilities: `SELECTION[n][k]` for the k-th (0-based) of n tied
/// entries in loop order (§4.1 step 5, §4.3): (1−q)^(n−1) for the first, q·(1−q)^(n−k−1) for
/// the others, q = ⌊1000/n⌋/1000.
fn selection(n: usize, k: usize) -> f64 {
    let n = n as i32;
    let k = k as i32 + 1;
    let q = f64::from(1000 / n) / 1000.0;
    if k == 1 {
        (1.0 - q).powi(n - 1)
    } else {
        q * (1.0 - q).powi(n - k)
    }
}

/// Adds the selection pass's distribution with weight `w` over the entries equal to the
/// maximum, in loop order.
fn add_selection(entries: &[Entry], w: f64, out: &mut Choices) {
    let best = entries.iter().map(|e| e.score).max().unwrap_or(MIN);
    let n = entries.iter().filter(|e| e.score == best).count();
    for (k, e) in entries.iter().filter(|e| e.score == best).enumerate() {
        let p = selection(n, k);
        if p > 0.0 {
            out.add(e.slot, e.cell, w * p);
        }
    }
}

/// The exact probability of each move of the AI playing `side` at this Wise level (0..=3), in
/// the evaluation's loop order.
pub fn choices(view: &AiView, board: &Board, side: Side, wise: u8) -> Choices {
    let wise = wise.min(3);
    let keep = f64::from(WISE_KEEP[wise as usize] + 1).min(100.0) / 100.0;
    let mut out = Choices::new();
    add_selection(evaluate(view, board, side, wise, true).as_slice(), keep, &mut out);
    if keep < 1.0 {
        // Factors zeroed: every free cell scores 0 for every hand card (no evaluation needed).
        let hand = board.hand(side);
        let free: u16 = (0..16).filter(|&c| board.cells[c] == EMPTY).fold(0, |m, c| m | 1 << c);
        let n = (hand.count_ones() * free.count_ones()) as usize;
        let mut k = 0;
        for slot in (0..10u8).filter(|s| hand & (1 << s) != 0) {
            for x in 0..4u8 {
                for y in 0..4u8 {
                    let cell = x + 4 * y;
                    if free & (1 << cell) != 0 {
                        let p = selection(n, k);
                        if p > 0.0 {
                            out.add(slot, cell, (1.0 - keep) * p);
                        }
                        k += 1;
                    }
                }
            }
        }
    }
    out
}

/// The exact probability of each move of the AI playing `side` at this Wise level (0..=3).
pub fn distribution(view: &AiView, board: &Board, side: Side, wise: u8) -> Vec<Choice> {
    choices(view, board, side, wise).as_slice().to_vec()
}

/// One decision, drawing from `rng` exactly as the game does (§4.4): R(15,31) and R(−2,21)
/// (drawn as R(0,23): they only set delays), the Wise roll, R(0,A) and R(0,D) for every
/// (card, free cell) pair with a fight, then the selection pass's tie draws.
pub fn decide(
    view: &AiView,
    board: &Board,
    side: Side,
    wise: u8,
    rng: &mut impl RangeRng,
) -> (u8, u8) {
    let wise = wise.min(3);
    rng.range(15, 31);
    rng.range(0, 23);
    let kept = rng.range(0, 100) <= WISE_KEEP[wise as usize];
    let entries = evaluate(view, board, side, wise, kept);
    let entries = entries.as_slice();
    for e in entries {
        if let Some((a, d)) = e.fight {
            let (av, dv) = view.start[a as usize][d as usize];
            rng.range(0, av);
            rng.range(0, dv);
        }
    }
    let best = entries.iter().map(|e| e.score).max().unwrap_or(MIN);
    let n = entries.iter().filter(|e| e.score == best).count() as u32;
    let threshold = 1000 / n.max(1);
    let (mut running, mut choice) = (MIN, (entries.first().map_or(0, |e| e.slot), 0u8));
    for e in entries {
        if e.score > running {
            running = e.score;
            choice = (e.slot, e.cell);
        } else if e.score == running && rng.range(0, 1000) < threshold {
            choice = (e.slot, e.cell);
        }
    }
    choice
}
