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
#[derive(Debug, Clone, Copy)]
struct Entry {
    slot: u8,
    cell: u8,
    score: i32,
    fight: Option<(u8, u8)>,
}

/// The evaluation pass (§4.1 step 4) in loop order: hand card (hand order), then x, then y.
fn evaluate(view: &AiView, board: &Board, side: Side, wise: u8, kept: bool) -> Vec<Entry> {
    let (flip_f, fight_f) = if kept { factors(board, side) } else { (0, 0) };
    let mut out = Vec::with_capacity(80);
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
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    /// The card's slot.
    pub slot: u8,
    /// The cell, x + 4·y.
    pub cell: u8,
    /// Its probability.
    pub p: f64,
}

/// Adds the selection pass's distribution (§4.1 step 5, §4.3) with weight `w`: the entries
/// equal to the maximum, in loop order e1..en, are chosen with probability (1−q)^(n−1) for e1
/// and q·(1−q)^(n−k) for ek, q = ⌊1000/n⌋/1000.
fn add_selection(entries: &[Entry], w: f64, out: &mut Vec<Choice>) {
    let best = entries.iter().map(|e| e.score).max().unwrap_or(MIN);
    let tied: Vec<&Entry> = entries.iter().filter(|e| e.score == best).collect();
    let n = tied.len() as i32;
    let q = f64::from(1000 / n) / 1000.0;
    for (k, e) in tied.iter().enumerate() {
        let k = k as i32 + 1;
        let p = if k == 1 { (1.0 - q).powi(n - 1) } else { q * (1.0 - q).powi(n - k) };
        if p > 0.0 {
            match out.iter_mut().find(|c| c.slot == e.slot && c.cell == e.cell) {
                Some(c) => c.p += w * p,
                None => out.push(Choice { slot: e.slot, cell: e.cell, p: w * p }),
            }
        }
    }
}

/// The exact probability of each move of the AI playing `side` at this Wise level (0..=3).
pub fn distribution(view: &AiView, board: &Board, side: Side, wise: u8) -> Vec<Choice> {
    let wise = wise.min(3);
    let keep = f64::from(WISE_KEEP[wise as usize] + 1).min(100.0) / 100.0;
    let mut out = Vec::new();
    add_selection(&evaluate(view, board, side, wise, true), keep, &mut out);
    if keep < 1.0 {
        add_selection(&evaluate(view, board, side, wise, false), 1.0 - keep, &mut out);
    }
    out
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
    for e in &entries {
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
    for e in &entries {
        if e.score > running {
            running = e.score;
            choice = (e.slot, e.cell);
        } else if e.score == running && rng.range(0, 1000) < threshold {
            choice = (e.slot, e.cell);
        }
    }
    choice
}
