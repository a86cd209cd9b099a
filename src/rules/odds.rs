//! The odds of one card battle under a rule set (the video game's formula or a board-game dice
//! variant), the chance seen from the defender's side, and the ranking of several cards.

use crate::model::CardType;
use crate::rules::battle::{self, Fighter, Matchup, Odds};
use crate::rules::dice::{self, DiceRule};
use crate::rules::ratio::Ratio;
use serde::Serialize;
use std::str::FromStr;

/// Which rules decide a card battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum RuleSet {
    /// The video game's formula.
    Game,
    /// Board game: compare the sums of the dice; ties to the attacker.
    Dice,
    /// Board game: compare the number of sixes; ties to the attacker.
    Sixes,
}

impl RuleSet {
    /// Every rule set with its name on the command line.
    pub const ALL: [(&'static str, RuleSet); 3] =
        [("game", RuleSet::Game), ("dice", RuleSet::Dice), ("sixes", RuleSet::Sixes)];

    /// The rules in words; with the game's rules, the matchup of the attacker's type when known
    /// ("game rules, atk vs pdef").
    pub fn phrase(self, matchup: Option<Matchup>) -> String {
        match (self, matchup) {
            (RuleSet::Game, Some(m)) => format!("game rules, {}", m.describe()),
            (RuleSet::Game, None) => "game rules".to_string(),
            (RuleSet::Dice, _) => "dice rules, sums compared, ties to the attacker".to_string(),
            (RuleSet::Sixes, _) => "dice rules, sixes counted, ties to the attacker".to_string(),
        }
    }
}

impl FromStr for RuleSet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleSet::ALL
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(s.trim()))
            .map(|&(_, r)| r)
            .ok_or_else(|| {
                format!("`{}` is not a rule set: use game, dice or sixes", s.escape_debug())
            })
    }
}

/// What decides one battle: the values the game compares, or the dice each side rolls.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
#[non_exhaustive]
pub enum Basis {
    /// The game's formula: the stats compared and the range of each value.
    Values {
        /// Which stats are compared.
        matchup: Matchup,
        /// Lowest and highest attack value.
        attack: (u8, u8),
        /// Lowest and highest defence value.
        defence: (u8, u8),
    },
    /// A dice variant: how many dice each side rolls.
    Dice {
        /// The attacker's dice.
        attacker_dice: u8,
        /// The defender's dice.
        defender_dice: u8,
    },
}

impl Basis {
    /// "128..143 vs 32..47" or "8d6 vs 2d6".
    pub fn describe(&self) -> String {
        let span = |(lo, hi): (u8, u8)| {
            if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}..{hi}")
            }
        };
        match self {
            Basis::Values { attack, defence, .. } => {
                format!("{} vs {}", span(*attack), span(*defence))
            }
            Basis::Dice { attacker_dice, defender_dice } => {
                format!("{attacker_dice}d6 vs {defender_dice}d6")
            }
        }
    }

    /// The game's matchup, for the rules phrase.
    pub fn matchup(&self) -> Option<Matchup> {
        match self {
            Basis::Values { matchup, .. } => Some(*matchup),
            Basis::Dice { .. } => None,
        }
    }
}

/// The odds of one attacker against one defender and what decides them; `None` when the
/// attacker's type code is not one the game defines.
pub fn match_odds(a: &Fighter, d: &Fighter, rules: RuleSet) -> Option<(Basis, Odds)> {
    match rules {
        RuleSet::Game => {
            let b = battle::battle(a, d)?;
            Some((
                Basis::Values { matchup: b.matchup, attack: b.attack, defence: b.defence },
                b.odds,
            ))
        }
        RuleSet::Dice | RuleSet::Sixes => {
            let rule = if rules == RuleSet::Dice { DiceRule::Sums } else { DiceRule::Sixes };
            let (n, m) = dice::dice_counts(a, d)?;
            Some((
                Basis::Dice { attacker_dice: n, defender_dice: m },
                Odds::Exact(dice::win_chance(n, m, rule)),
            ))
        }
    }
}

/// The other side's chance: every battle has a winner, so the defender wins with 1 − p (the
/// worst and best cases swap).
pub fn complement(odds: Odds) -> Odds {
    let not = Ratio::complement;
    match odds {
        Odds::Exact(p) => Odds::Exact(not(p)),
        Odds::Range { min, mean, max } => {
            Odds::Range { min: not(max), mean: 1.0 - mean, max: not(min) }
        }
    }
}

/// The key cards are ranked by, best first: the exact or mean chance, then the worst case.
pub fn rank_key(odds: &Odds) -> (f64, f64) {
    match *odds {
        Odds::Exact(p) => (p.to_f64(), p.to_f64()),
        Odds::Range { min, mean, .. } => (mean, min.to_f64()),
    }
}

/// Sorts items best first by the odds `of` each gives (a stable sort: ties keep their order).
pub fn rank_best_first<T>(items: &mut [T], of: impl Fn(&T) -> Odds) {
    items.sort_by(|x, y| {
        rank_key(&of(y)).partial_cmp(&rank_key(&of(x))).unwrap_or(std::cmp::Ordering::Equal)
    });
}

/// True when a type has a rule in every rule set (P, M, X, A).
pub fn defined(t: CardType) -> bool {
    !matches!(t, CardType::Unknown(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defender_wins_what_the_attacker_does_not() {
        let p = Odds::Exact(Ratio::new(183, 200));
        assert_eq!(complement(p), Odds::Exact(Ratio::new(17, 200)));
        let r = Odds::Range { min: Ratio::new(13, 16), mean: 0.85, max: Ratio::new(23, 26) };
        assert_eq!(
            complement(r),
            Odds::Range { min: Ratio::new(3, 26), mean: 1.0 - 0.85, max: Ratio::new(3, 16) }
        );
    }

    #[test]
    fn rule_sets_parse_and_have_one_phrase() {
        assert_eq!("Dice".parse::<RuleSet>(), Ok(RuleSet::Dice));
        assert!("chess".parse::<RuleSet>().is_err());
        assert_eq!(RuleSet::Game.phrase(Some(Matchup::AtkVsPdef)), "game rules, atk vs pdef");
        assert_eq!(RuleSet::Sixes.phrase(None), "dice rules, sixes counted, ties to the attacker");
    }
}
