//! How well the adviser's chances match what happens: predictions of simulated matches
//! ([`crate::game::sim::Played`]) against their results, as a reliability table by tenths of
//! predicted chance, the Brier score and the expected calibration error.
//!
//! ECE (expected calibration error): over the ten bins [0, 0.1), [0.1, 0.2), …, [0.9, 1], the
//! mean gap between predicted and observed frequency, each bin weighted by its share of the
//! predictions, in percentage points. Brier score: the mean squared gap between the predicted
//! chance and 1 (it happened) or 0.

use crate::game::engine::Outcome;
use crate::game::sim::{Played, Rate};
use serde::Serialize;

/// One tenth of predicted chance.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Bin {
    /// The lowest predicted chance in the bin.
    pub from: f64,
    /// The bound above it (included for the last bin).
    pub to: f64,
    /// Predictions in the bin.
    pub count: u64,
    /// Their mean predicted chance (none when the bin is empty).
    pub predicted: Option<f64>,
    /// How often what they predicted happened (none when the bin is empty).
    pub observed: Option<f64>,
    /// The 95 % Wilson interval of `observed`: (low, high).
    pub interval: Option<(f64, f64)>,
}

/// A reliability table with its scores.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Reliability {
    /// Predictions counted.
    pub predictions: u64,
    /// Brier score.
    pub brier: f64,
    /// Expected calibration error, in percentage points.
    pub ece_points: f64,
    /// The ten bins, lowest first.
    pub bins: Vec<Bin>,
}

/// The bin of a predicted chance: tenths, 1 in the last.
fn bin_of(p: f64) -> usize {
    ((p * 10.0).floor().max(0.0) as usize).min(9)
}

impl Reliability {
    /// The table of these (predicted chance, whether it happened) pairs.
    pub fn of(pairs: &[(f64, bool)]) -> Reliability {
        let mut count = [0u64; 10];
        let mut sum = [0.0f64; 10];
        let mut hits = [0u64; 10];
        let mut brier = 0.0;
        for &(p, happened) in pairs {
            let b = bin_of(p);
            count[b] += 1;
            sum[b] += p;
            hits[b] += u64::from(happened);
            let y = f64::from(u8::from(happened));
            brier += (p - y) * (p - y);
        }
        let n = pairs.len() as u64;
        let mut ece = 0.0;
        let bins = (0..10)
            .map(|b| {
                let (predicted, observed, interval) = if count[b] == 0 {
                    (None, None, None)
                } else {
                    let c = count[b] as f64;
                    let (pr, ob) = (sum[b] / c, hits[b] as f64 / c);
                    ece += c / n as f64 * (pr - ob).abs();
                    let r = Rate::wilson(hits[b], count[b]);
                    (Some(pr), Some(ob), Some((r.low, r.high)))
                };
                Bin {
                    from: b as f64 / 10.0,
                    to: (b + 1) as f64 / 10.0,
                    count: count[b],
                    predicted,
                    observed,
                    interval,
                }
            })
            .collect();
        Reliability {
            predictions: n,
            brier: if n == 0 { 0.0 } else { brier / n as f64 },
            ece_points: 100.0 * ece,
            bins,
        }
    }

    /// The bins of `min` or more predictions whose observed frequency lies more than `points`
    /// from their mean prediction.
    pub fn bins_off(&self, min: u64, points: f64) -> Vec<Bin> {
        self.bins
            .iter()
            .filter(|b| b.count >= min)
            .filter(|b| match (b.predicted, b.observed) {
                (Some(p), Some(o)) => 100.0 * (p - o).abs() > points,
                _ => false,
            })
            .copied()
            .collect()
    }
}

/// The calibration of one of the player's turns.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct TurnCalibration {
    /// The player's own turn, 1 to 5.
    pub turn: u8,
    /// Predictions at that turn.
    pub predictions: u64,
    /// ECE of the chance to win at that turn, in points.
    pub ece_points: f64,
    /// ECE of the chance of a draw at that turn, in points.
    pub draw_ece_points: f64,
}

/// The calibration of a set of simulated matches: the chance to win shown for each move
/// played against the match's result, and the same for the chance of a draw.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Calibration {
    /// Matches.
    pub matches: u64,
    /// Predictions of the chance to win (one per move the adviser played).
    pub predictions: u64,
    /// Brier score of the chance to win.
    pub brier: f64,
    /// ECE of the chance to win, in points.
    pub ece_points: f64,
    /// The chance to win by tenths.
    pub bins: Vec<Bin>,
    /// By the player's own turn, 1 to 5.
    pub by_turn: Vec<TurnCalibration>,
    /// The same for the chance of a draw.
    pub draws: Reliability,
}

impl Calibration {
    /// The calibration of these matches.
    pub fn of(matches: &[Played]) -> Calibration {
        let pairs =
            |turn: Option<u8>, draw: bool| -> Vec<(f64, bool)> {
                matches
                    .iter()
                    .flat_map(|m| m.predictions.iter().map(move |p| (m.result.outcome, p)))
                    .filter(|(_, p)| turn.is_none_or(|t| p.turn == t))
                    .map(|(o, p)| {
                        if draw {
                            (p.draw, o == Outcome::Draw)
                        } else {
                            (p.win, o == Outcome::Win)
                        }
                    })
                    .collect()
            };
        let win = Reliability::of(&pairs(None, false));
        let by_turn = (1..=5u8)
            .map(|t| {
                let w = Reliability::of(&pairs(Some(t), false));
                let d = Reliability::of(&pairs(Some(t), true));
                TurnCalibration {
                    turn: t,
                    predictions: w.predictions,
                    ece_points: w.ece_points,
                    draw_ece_points: d.ece_points,
                }
            })
            .collect();
        Calibration {
            matches: matches.len() as u64,
            predictions: win.predictions,
            brier: win.brier,
            ece_points: win.ece_points,
            bins: win.bins,
            by_turn,
            draws: Reliability::of(&pairs(None, true)),
        }
    }

    /// The chance to win as a reliability table.
    pub fn win(&self) -> Reliability {
        Reliability {
            predictions: self.predictions,
            brier: self.brier,
            ece_points: self.ece_points,
            bins: self.bins.clone(),
        }
    }
}

/// How well the estimates the adviser shows were measured to match what happened: the words
/// every front end puts beside an estimate (advise, play, the companion, simulate's report),
/// so that a figure is never shown without them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Measured {
    /// Simulated matches measured (`simulate --calibration`), every level together.
    pub matches: u64,
    /// The largest expected calibration error of the chance to win found over them, rounded up
    /// to whole points.
    pub within_points: u32,
    /// Where it was measured: opponent levels and budgets.
    pub measured_at: &'static str,
}

impl Measured {
    /// "estimate, within 2 points on 2,000 simulated matches".
    pub fn label(&self) -> String {
        let m = self.matches;
        let matches =
            if m >= 1000 { format!("{},{:03}", m / 1000, m % 1000) } else { m.to_string() };
        let points = if self.within_points == 1 { "point" } else { "points" };
        format!("estimate, within {} {points} on {matches} simulated matches", self.within_points)
    }
}

/// The calibration of the shown estimates, as last measured with `simulate --calibration`
/// (re-measure and update it when the search or the estimate changes), on matches the
/// recalibration ([`crate::game::estimate::recalibrated`]) was not fitted on. `within_points`
/// bounds every slice measured: all moves, the first turn alone, the second alone, and the
/// moves whose figures were estimates (the only ones shown with this label), at each level.
pub const MEASURED: Measured = Measured {
    matches: 4_000,
    within_points: 2,
    measured_at: "the game's AI at Wise 3 (2,000 matches: error 0.2 points over all moves, \
                  0.3 on the first turn, 0.8 on the second, 0.3 on the estimated moves) and at \
                  Wise 1 (2,000 matches: 0.8, 1.4, 0.9, 1.3), 50,000 positions a move (50 ms), \
                  seed 2",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ece_and_brier_by_hand() {
        // Bin [0.2, 0.3): 0.2 and 0.25, one happened: predicted 0.225, observed 0.5.
        // Bin [0.9, 1]: 1.0 ×2 and 0.9, all happened: predicted 0.9667, observed 1.
        let pairs = [(0.2, false), (0.25, true), (1.0, true), (1.0, true), (0.9, true)];
        let r = Reliability::of(&pairs);
        assert_eq!(r.predictions, 5);
        assert_eq!(r.bins[2].count, 2);
        assert_eq!(r.bins[9].count, 3);
        let ece = 2.0 / 5.0 * (0.5 - 0.225) + 3.0 / 5.0 * (1.0 - 2.9 / 3.0);
        assert!((r.ece_points - 100.0 * ece).abs() < 1e-9, "{}", r.ece_points);
        let brier = (0.04 + 0.5625 + 0.0 + 0.0 + 0.01) / 5.0;
        assert!((r.brier - brier).abs() < 1e-12);
        assert_eq!(r.bins[0].predicted, None);
        assert_eq!(r.bins_off(2, 20.0).len(), 1);
        assert_eq!(r.bins_off(3, 20.0).len(), 0);
    }

    #[test]
    fn the_label_says_how_well_in_words() {
        let m = Measured { matches: 2_000, within_points: 2, measured_at: "" };
        assert_eq!(m.label(), "estimate, within 2 points on 2,000 simulated matches");
        let m = Measured { matches: 300, within_points: 1, measured_at: "" };
        assert_eq!(m.label(), "estimate, within 1 point on 300 simulated matches");
    }
}
