//! The game's opponent AI as a policy (tetra-master-match §4, `EnemyAI.SetCard`).
//!
//! Two forms of the same procedure: [`distribution`], the exact probability of every move
//! (for the adviser), and [`decide`], one decision reproduced draw by draw from a random
//! stream (for simulation and for the spec's vectors). The AI reads raw stats; for a card known
//! only by its digits the middle of each band is used (an approximation, see [`crate::game`]).
//! The AI can play either side: "own" and "opponent" below are relative to `side`.

use crate::game::board::{interaction, Board, Side, EMPTY, NEIGHBOURS};
use crate::game::card::{start_values, GameCard};
use crate::model::CardType;
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

/// A cell's score from its first facing target's winChance (§4.1 step 4): fightF·winChance
/// below Wise 3; at Wise 3 the non-monotonic wc − 100 under 60, else 145 − wc.
#[inline]
fn fight_score(wc: i32, wise: u8, fight_f: i32) -> i32 {
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
                        fight_score(view.win_chance[slot as usize][target as usize], wise, fight_f)
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
}

impl Choices {
    /// The moves.
    pub fn as_slice(&self) -> &[Choice] {
        &self.items[..self.len]
    }

    /// Sorts the moves by probability, highest first (ties in loop order).
    pub fn sort_by_probability(&mut self) {
        let loop_order = |c: &Choice| (c.slot, c.cell % 4, c.cell / 4);
        self.items[..self.len]
            .sort_unstable_by(|x, y| y.p.total_cmp(&x.p).then(loop_order(x).cmp(&loop_order(y))));
    }
}

/// The selection pass's probabilities: `SELECTION[n][k]` for the k-th (0-based) of n tied
/// entries in loop order (§4.1 step 5, §4.3): (1−q)^(n−1) for the first, q·(1−q)^(n−k−1) for
/// the others, q = ⌊1000/n⌋/1000.
fn selection(n: usize, k: usize) -> f64 {
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = vec![0.0; 81 * 81];
        for n in 1..=80 {
            for k in 0..n {
                t[n * 81 + k] = selection_formula(n, k);
            }
        }
        t
    });
    match table.get(n * 81 + k) {
        Some(&p) if n <= 80 => p,
        _ => selection_formula(n, k),
    }
}

fn selection_formula(n: usize, k: usize) -> f64 {
    let n = n as i32;
    let k = k as i32 + 1;
    let q = f64::from(1000 / n) / 1000.0;
    if k == 1 {
        (1.0 - q).powi(n - 1)
    } else {
        q * (1.0 - q).powi(n - k)
    }
}

/// The evaluation's scores of the free cells only (an occupied cell is never chosen: a free cell
/// always scores more than MIN), in loop order; the same values as [`evaluate`], each cell's
/// opponent neighbours listed once for all hand cards.
fn free_scores(view: &AiView, board: &Board, side: Side, wise: u8) -> ([(u8, u8, i32); 80], usize) {
    let (flip_f, fight_f) = factors(board, side);
    // Free cells in loop order (x, then y) with their opponent neighbours (direction, slot).
    let mut cells = [(0u8, [(0u8, 0u8); 8], 0u8); 16];
    let mut nc = 0;
    for x in 0..4u8 {
        for y in 0..4u8 {
            let cell = x + 4 * y;
            if board.cells[cell as usize] != EMPTY {
                continue;
            }
            let (mut list, mut len) = ([(0u8, 0u8); 8], 0u8);
            for (d, &n) in NEIGHBOURS[cell as usize].iter().enumerate() {
                if n == EMPTY {
                    continue;
                }
                let s = board.cells[n as usize];
                if s < 10 && board.side(s) != side {
                    list[len as usize] = (d as u8, s);
                    len += 1;
                }
            }
            cells[nc] = (cell, list, len);
            nc += 1;
        }
    }
    let mut out = [(0u8, 0u8, 0i32); 80];
    let mut n = 0;
    let hand = board.hand(side);
    for slot in (0..10u8).filter(|s| hand & (1 << s) != 0) {
        let arrows = view.arrows[slot as usize];
        for &(cell, list, len) in &cells[..nc] {
            let mut flips = 0;
            let mut score = None;
            for &(d, s) in &list[..len as usize] {
                if arrows & (1 << d) == 0 {
                    continue;
                }
                if view.arrows[s as usize] & (1 << ((d + 4) % 8)) != 0 {
                    // The first fight target decides the cell.
                    score = Some(fight_score(
                        view.win_chance[slot as usize][s as usize],
                        wise,
                        fight_f,
                    ));
                    break;
                }
                flips += 1;
            }
            out[n] = (slot, cell, score.unwrap_or(flips * flip_f));
            n += 1;
        }
    }
    (out, n)
}

/// The exact probability of each move of the AI playing `side` at this Wise level (0..=3), in
/// the evaluation's loop order.
pub fn choices(view: &AiView, board: &Board, side: Side, wise: u8) -> Choices {
    let wise = wise.min(3);
    let keep = f64::from(WISE_KEEP[wise as usize] + 1).min(100.0) / 100.0;
    let (scores, n) = free_scores(view, board, side, wise);
    let scores = &scores[..n];
    let mut p = [0.0f64; 80];
    let best = scores.iter().map(|e| e.2).max().unwrap_or(MIN);
    let tied = scores.iter().filter(|e| e.2 == best).count();
    let mut k = 0;
    for (i, e) in scores.iter().enumerate() {
        if e.2 == best {
            p[i] = keep * selection(tied, k);
            k += 1;
        }
    }
    if keep < 1.0 {
        // Factors zeroed: every free cell scores 0 for every hand card, all n entries tie.
        for (i, q) in p[..n].iter_mut().enumerate() {
            *q += (1.0 - keep) * selection(n, i);
        }
    }
    let mut out = Choices { items: [Choice::default(); 80], len: 0 };
    for (e, &q) in scores.iter().zip(&p) {
        if q > 0.0 {
            out.items[out.len] = Choice { slot: e.0, cell: e.1, p: q };
            out.len += 1;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::card::GameCard;

    /// A pseudo-random position: ten cards with random stats, types and arrows, random blocks,
    /// `placed` random cards put on random free cells on random sides.
    fn position(seed: u64, placed: u32) -> ([GameCard; 10], Board) {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = |n: u32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % u64::from(n)) as u32
        };
        let types = [CardType::Physical, CardType::Magic, CardType::Flexible, CardType::Assault];
        let cards = [(); 10].map(|_| {
            let (a, p, m) = (next(256) as u8, next(256) as u8, next(256) as u8);
            GameCard::exact(None, a, types[next(4) as usize], p, m, next(256) as u8)
        });
        let mut blocks = 0u16;
        for _ in 0..next(7) {
            blocks |= 1 << next(16);
        }
        let mut board = Board::new(blocks, Side::Player);
        for _ in 0..placed {
            let slots: Vec<u8> = (0..10).filter(|s| board.hands & (1 << s) != 0).collect();
            let cells: Vec<u8> = (0..16).filter(|&c| board.cells[c as usize] == EMPTY).collect();
            let side = if next(2) == 0 { Side::Player } else { Side::Npc };
            board.put(
                slots[next(slots.len() as u32) as usize],
                cells[next(cells.len() as u32) as usize],
                side,
            );
        }
        (cards, board)
    }

    #[test]
    fn free_scores_are_the_evaluation_of_the_free_cells() {
        let mut checked = 0;
        for seed in 0..80 {
            let (cards, board) = position(seed, (seed % 9) as u32);
            let view = AiView::new(&cards, &cards.map(|c| c.card_type));
            for side in [Side::Player, Side::Npc] {
                if board.hand(side) == 0 {
                    continue;
                }
                for wise in 0..=3 {
                    let full = evaluate(&view, &board, side, wise, true);
                    let free: Vec<(u8, u8, i32)> = full
                        .as_slice()
                        .iter()
                        .filter(|e| board.cells[e.cell as usize] == EMPTY)
                        .map(|e| (e.slot, e.cell, e.score))
                        .collect();
                    let (fast, n) = free_scores(&view, &board, side, wise);
                    assert_eq!(&fast[..n], free.as_slice(), "seed {seed} {side:?} {wise}");
                    let total: f64 =
                        choices(&view, &board, side, wise).as_slice().iter().map(|c| c.p).sum();
                    assert!((total - 1.0).abs() < 1e-12, "{total}");
                    checked += usize::from(free.iter().any(|e| e.2 != 0));
                }
            }
        }
        assert!(checked > 100, "{checked} evaluations with a capture or a fight");
    }
}
