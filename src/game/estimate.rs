//! The adviser's figures for a position its search does not follow to the end of the match:
//! a fitted estimate of P(win) and P(draw) from a few features of the board.
//!
//! Model (an ordinal logistic): with features f (from the player's side: positive is good for
//! the player) and, for the position's cards left and mover, weights w and thresholds
//! t_win ≥ t_draw,
//! P(win) = σ(w·f − t_win), P(win or draw) = σ(w·f − t_draw), P(loss) the rest.
//!
//! Features ([`features`]):
//! 1. the card balance d: the player's cards on the board and in hand minus the opponent's;
//! 2. the best immediate gain of the player's hand: over its cards and the free cells, the
//!    cards a placement would turn (a free capture counts 1, a battle 2p − 1 with p the chance
//!    to win it);
//! 3. the same for the opponent's hand (counted negative);
//! 4. exposure to free captures: the opponent's board cards minus the player's, each counted
//!    once per free neighbouring cell it has no arrow towards;
//! 5. exposure to battles: the same, per free neighbouring cell it has an arrow towards.
//!
//! The parameters are fitted on positions of simulated matches solved exactly
//! (`examples/fit_estimate.rs`, fixed seeds) and compiled in ([`PARAMS`], generated into
//! `estimate_params.rs`).
//!
//! The chance to win a move then shows goes through one more fitted map, [`recalibrated`]:
//! a monotone piecewise-linear function of the estimate (one for a side's first placement, one
//! after it) fitted on what happened after the moves the adviser played in simulated matches
//! (generated into `shown_params.rs`).

use crate::game::board::{Board, Side, EMPTY, NEIGHBOURS};
use crate::game::card::{win_probability, GameCard};

/// Features of a position.
pub const FEATURES: usize = 5;

/// The parameters for one count of cards left and one mover: weights, then t_win, t_draw.
pub type Params = [f64; FEATURES + 2];

/// The opponent models with parameters of their own: the game's AI at Wise 0..=3, then the
/// worst case.
pub const MODELS: usize = 5;

/// What the features need to know of the ten cards: arrows, each hand card's type index and
/// the chance of every (attacker, defender) pair for the attacker's hand type.
#[derive(Debug, Clone)]
pub struct CardTables {
    /// Arrow masks by slot.
    pub arrows: [u8; 10],
    /// P(attacker `a` in its hand type beats defender `d`), by slot.
    pub odds: [[f64; 10]; 10],
}

impl CardTables {
    /// The tables of these ten cards (types as in hand).
    pub fn new(cards: &[GameCard; 10]) -> CardTables {
        let mut odds = [[0.0; 10]; 10];
        for a in 0..10 {
            for d in 0..10 {
                odds[a][d] = win_probability(&cards[a], cards[a].card_type, &cards[d]);
            }
        }
        CardTables { arrows: cards.map(|c| c.arrows), odds }
    }
}

/// The features of `b` ([`FEATURES`] values), from the player's side.
pub fn features(t: &CardTables, b: &Board) -> [f64; FEATURES] {
    let (p, n) = b.score();
    let ph = b.hand(Side::Player).count_ones();
    let nh = b.hand(Side::Npc).count_ones();
    let d = f64::from(p + ph) - f64::from(n + nh);
    // Each free cell's board neighbours: (direction from the cell, slot).
    let mut cells = [(0u8, [(0u8, 0u8); 8], 0u8); 16];
    let mut nc = 0;
    let (mut free_exposure, mut battle_exposure) = (0.0, 0.0);
    for cell in 0..16u8 {
        if b.cells[cell as usize] != EMPTY {
            continue;
        }
        let (mut list, mut len) = ([(0u8, 0u8); 8], 0u8);
        for (dir, &nb) in NEIGHBOURS[cell as usize].iter().enumerate() {
            if nb == EMPTY {
                continue;
            }
            let s = b.cells[nb as usize];
            if s >= 10 {
                continue;
            }
            list[len as usize] = (dir as u8, s);
            len += 1;
            // Does the neighbour point back at this cell?
            let back = t.arrows[s as usize] & (1 << ((dir + 4) % 8)) != 0;
            let sign = if b.side(s) == Side::Npc { 1.0 } else { -1.0 };
            if back {
                battle_exposure += sign;
            } else {
                free_exposure += sign;
            }
        }
        cells[nc] = (cell, list, len);
        nc += 1;
    }
    let gain = |side: Side| -> f64 {
        let mut best = f64::NEG_INFINITY;
        for slot in (0..10u8).filter(|s| b.hand(side) & (1 << s) != 0) {
            let arrows = t.arrows[slot as usize];
            for &(_, list, len) in &cells[..nc] {
                let mut g = 0.0;
                for &(dir, s) in &list[..len as usize] {
                    if b.side(s) == side || arrows & (1 << dir) == 0 {
                        continue;
                    }
                    if t.arrows[s as usize] & (1 << ((dir + 4) % 8)) != 0 {
                        g += 2.0 * t.odds[slot as usize][s as usize] - 1.0;
                    } else {
                        g += 1.0;
                    }
                }
                best = best.max(g);
            }
        }
        if best.is_finite() {
            best
        } else {
            0.0
        }
    };
    [d, gain(Side::Player), -gain(Side::Npc), free_exposure, battle_exposure]
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// P(win) and P(draw) of features `f` under parameters `p`.
pub fn probabilities(p: &Params, f: &[f64; FEATURES]) -> (f64, f64) {
    let z: f64 = p[..FEATURES].iter().zip(f).map(|(w, x)| w * x).sum();
    let win = sigmoid(z - p[FEATURES]);
    let not_loss = sigmoid(z - p[FEATURES + 1]).max(win);
    (win, not_loss - win)
}

/// The index of a model's parameters: Wise 0..=3, or 4 for the worst case.
pub fn model_index(wise: Option<u8>) -> usize {
    wise.map_or(4, |w| usize::from(w.min(3)))
}

/// Parameters by cards left (1..=9) and mover (the player, the opponent).
pub type Table = [[Params; 2]; 9];

/// The parameters of `model` ([`model_index`]).
pub fn table(model: usize) -> &'static Table {
    &PARAMS[model.min(MODELS - 1)]
}

/// The parameters in `table` for `left` cards left and this mover.
pub fn params(table: &Table, left: u32, mover: Side) -> &Params {
    &table[(left.clamp(1, 9) - 1) as usize][usize::from(mover == Side::Npc)]
}

/// The card-balance logistic the adviser used before this estimate was fitted:
/// P(win) = σ(0.9·(d − 1)), P(loss) = σ(0.9·(−d − 1)); for measuring what the fit gains.
pub const BALANCE: Params = [0.9, 0.0, 0.0, 0.0, 0.0, 0.9, -0.9];

/// [`BALANCE`] for every count of cards left and mover.
pub static BALANCE_TABLE: Table = [[BALANCE; 2]; 9];

/// Fitted parameters by model, cards left (1..=9) and mover (player, opponent).
pub static PARAMS: &[Table; MODELS] = &crate::game::estimate_params::FITTED;

/// The chance to win an unfinished analysis shows for a move, from the estimate after the
/// opponent's reply (`win`) with `left` cards left before the move: a non-decreasing
/// piecewise-linear map from (0, 0) to (1, 1), through [`SHOWN_WIN`] at a side's first
/// placement (9 or 10 cards left) and through [`SHOWN_WIN_LATE`] after it.
///
/// Why: the adviser plays the move its deep search prefers, and the match then goes on with
/// its deep searches, so it wins more often than an estimate two placements ahead says (in
/// simulated matches, a shown 76 % was won 94 % of the time). Why two maps: later in the match
/// the estimate is under-confident where the first placement's is not (7 cards left: 97.1 to
/// 97.8 % shown, 98.5 to 99.5 % won), and the map fitted on every move pulled it further down,
/// 3.3 points below the exact figure a longer search finds on one position. The maps are fitted
/// on the moves played in seeded simulated matches against the game's AI at Wise 3 and Wise 1
/// (`examples/fit_estimate.rs`, `recalibrate`), by isotonic regression read off at fixed
/// knots, never above [`MOST_SHOWN`]. Being monotone, each keeps the order of the figures it
/// maps; neither touches an exact figure.
pub fn recalibrated(win: f64, left: u32) -> f64 {
    let knots = if left <= LATE_LEFT { SHOWN_WIN_LATE } else { SHOWN_WIN };
    let win = win.clamp(0.0, 1.0);
    let mut from = (0.0, 0.0);
    for &(x, y) in knots.iter().chain(&[(1.0, 1.0)]) {
        if win <= x {
            let (x0, y0) = from;
            return if x > x0 { y0 + (y - y0) * (win - x0) / (x - x0) } else { y };
        }
        from = (x, y);
    }
    1.0
}

/// Cards left (both hands, before the move) from which on [`SHOWN_WIN_LATE`] maps an estimate:
/// 8 or fewer, after each side's first placement.
pub const LATE_LEFT: u32 = 8;

/// The most a map's knot shows: an estimate is never shown as a certain win (only an exact
/// figure is), even where every match of the fit was won.
pub const MOST_SHOWN: f64 = 0.999;

/// The knots of [`recalibrated`] at a side's first placement, between its ends (0, 0) and
/// (1, 1): (estimate, chance shown), both increasing.
pub static SHOWN_WIN: &[(f64, f64)] = &crate::game::shown_params::SHOWN_WIN;

/// The knots of [`recalibrated`] with [`LATE_LEFT`] or fewer cards left.
pub static SHOWN_WIN_LATE: &[(f64, f64)] = &crate::game::shown_params::SHOWN_WIN_LATE;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shown_chance_maps_are_monotone_through_their_knots() {
        for (knots, left) in
            [(SHOWN_WIN, 10), (SHOWN_WIN, 9), (SHOWN_WIN_LATE, 8), (SHOWN_WIN_LATE, 2)]
        {
            assert_eq!(recalibrated(0.0, left), 0.0);
            assert_eq!(recalibrated(1.0, left), 1.0);
            let mut last = (0.0, 0.0);
            for &(x, y) in knots {
                assert!(x > last.0 && y >= last.1, "knots increase: {last:?} then {:?}", (x, y));
                assert!(y <= MOST_SHOWN, "{y}");
                assert!((recalibrated(x, left) - y).abs() < 1e-12);
                // Half way between two knots: half way between their figures.
                let mid = recalibrated((x + last.0) / 2.0, left);
                assert!((mid - (y + last.1) / 2.0).abs() < 1e-12, "{mid}");
                last = (x, y);
            }
            let mut prev = 0.0;
            for i in 0..=1000 {
                let v = recalibrated(f64::from(i) / 1000.0, left);
                assert!(v >= prev && (0.0..=1.0).contains(&v), "{v} after {prev}");
                prev = v;
            }
        }
        // The two maps differ (else one would do).
        assert_ne!(SHOWN_WIN, SHOWN_WIN_LATE);
    }
}
