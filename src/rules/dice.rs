//! The board-game dice variant (tetra-master-rules §10): sums, or counting sixes.
//!
//! The attacker rolls N six-sided dice, N = its attack digit; the defender rolls M dice, M = the
//! defence digit the attacker's type picks (P → pdef, M → mdef, X → the lower of the two). A
//! digit 0 rolls no dice. Standard rules compare the sums, "sixes" the number of sixes; ties go
//! to the attacker. Exact odds come from the two count distributions (out of 6^N and 6^M
//! outcomes, so 6^(N+M) ≤ 6^30 < 2^78 fits a u128).
//!
//! Assumption (the rule set leaves it open): an A attacker rolls its highest digit against the
//! defender's lowest digit, mirroring the video game.

use super::battle::Fighter;
use super::ratio::Ratio;
use crate::model::CardType;
use serde::Serialize;

/// Which dice rule decides a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum DiceRule {
    /// Higher sum wins; ties go to the attacker.
    Sums,
    /// More sixes wins; ties go to the attacker ("math is hard" variant).
    Sixes,
}

/// The most dice one side rolls (a digit is at most 15).
pub const MAX_DICE: u8 = 15;

/// The statement shown with odds for an A attacker, whose dice the rule set leaves open.
pub const ASSAULT_ASSUMPTION: &str =
    "an A attacker rolls its highest digit against the defender's lowest digit (assumed; the \
     board-game rules leave A open)";

/// How many of the 6^n equally likely outcomes of n dice give each score (sum, or count of
/// sixes), indexed by score. `n` above [`MAX_DICE`] is read as [`MAX_DICE`].
pub fn score_counts(n: u8, rule: DiceRule) -> Vec<u128> {
    let n = n.min(MAX_DICE);
    let mut counts = vec![1u128];
    for _ in 0..n {
        let mut next = vec![0u128; counts.len() + if rule == DiceRule::Sums { 6 } else { 1 }];
        for (score, &c) in counts.iter().enumerate() {
            match rule {
                DiceRule::Sums => {
                    for face in 1..=6 {
                        next[score + face] += c;
                    }
                }
                DiceRule::Sixes => {
                    next[score] += 5 * c;
                    next[score + 1] += c;
                }
            }
        }
        counts = next;
    }
    counts
}

/// P(attacker's score ≥ defender's score) with `attacker_dice` against `defender_dice`.
pub fn win_chance(attacker_dice: u8, defender_dice: u8, rule: DiceRule) -> Ratio {
    let att = score_counts(attacker_dice, rule);
    let def = score_counts(defender_dice, rule);
    // def_at_most[s] = outcomes of the defender scoring ≤ s.
    let mut def_at_most = Vec::with_capacity(def.len());
    let mut acc = 0u128;
    for &c in &def {
        acc += c;
        def_at_most.push(acc);
    }
    let def_total = acc;
    let wins: u128 = att
        .iter()
        .enumerate()
        .map(|(s, &c)| c * def_at_most.get(s).copied().unwrap_or(def_total))
        .sum();
    let att_total: u128 = att.iter().sum();
    Ratio::new(wins, att_total * def_total)
}

/// The dice each side rolls: (attacker, defender).
pub fn dice_counts(attacker: &Fighter, defender: &Fighter) -> Option<(u8, u8)> {
    let a = attacker.atk.digit();
    let (dp, dm) = (defender.pdef.digit(), defender.mdef.digit());
    match attacker.card_type {
        CardType::Physical => Some((a, dp)),
        CardType::Magic => Some((a, dm)),
        CardType::Flexible => Some((a, dp.min(dm))),
        CardType::Assault => Some((
            a.max(attacker.pdef.digit()).max(attacker.mdef.digit()),
            defender.atk.digit().min(dp).min(dm),
        )),
        CardType::Unknown(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_match_the_spec_vectors() {
        let cases = [
            (1, 1, 7, 12),
            (2, 1, 49, 54),
            (1, 2, 35, 216),
            (3, 3, 4249, 7776),
            (5, 2, 278227, 279936),
            (0, 1, 0, 1),
            (0, 0, 1, 1),
        ];
        for (n, m, num, den) in cases {
            assert_eq!(win_chance(n, m, DiceRule::Sums), Ratio::new(num, den), "({n}, {m})");
        }
    }

    #[test]
    fn sixes_match_the_spec_vectors() {
        let cases = [
            (1, 1, 31, 36),
            (2, 1, 191, 216),
            (1, 2, 20, 27),
            (3, 3, 17033, 23328),
            (5, 2, 20203, 23328),
            (0, 1, 5, 6),
            (0, 0, 1, 1),
        ];
        for (n, m, num, den) in cases {
            assert_eq!(win_chance(n, m, DiceRule::Sixes), Ratio::new(num, den), "({n}, {m})");
        }
    }

    #[test]
    fn counts_cover_every_outcome() {
        for n in 0..=MAX_DICE {
            for rule in [DiceRule::Sums, DiceRule::Sixes] {
                let total: u128 = score_counts(n, rule).iter().sum();
                assert_eq!(total, 6u128.pow(u32::from(n)));
            }
        }
        // Digits above 15 do not exist; they are clamped rather than allowed to grow.
        assert_eq!(score_counts(200, DiceRule::Sums).len(), 6 * 15 + 1);
    }

    #[test]
    fn the_attackers_type_picks_the_dice() {
        use crate::rules::battle::Stat;
        let f = |atk, t, pdef, mdef| Fighter {
            atk: Stat::Digit(atk),
            card_type: t,
            pdef: Stat::Digit(pdef),
            mdef: Stat::Exact(mdef),
        };
        let def = f(2, CardType::Physical, 5, 0x3A);
        assert_eq!(dice_counts(&f(8, CardType::Physical, 0, 0), &def), Some((8, 5)));
        assert_eq!(dice_counts(&f(8, CardType::Magic, 0, 0), &def), Some((8, 3)));
        assert_eq!(dice_counts(&f(8, CardType::Flexible, 0, 0), &def), Some((8, 3)));
        assert_eq!(dice_counts(&f(1, CardType::Assault, 9, 0x40), &def), Some((9, 2)));
        assert_eq!(dice_counts(&f(1, CardType::Unknown(9), 9, 0), &def), None);
    }
}
