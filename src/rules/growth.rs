//! Growth and type evolution (P/M → X → A), and the expected battle wins evolution takes.

use crate::model::CardType;
use crate::rules::creation::RangeRng;
use serde::Serialize;

/// Evolution odds as "one in n" per card battle won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct EvolutionOdds {
    /// P or M becomes X with probability 1/to_x per battle won.
    pub to_x: u32,
    /// X becomes A with probability 1/to_a per battle won.
    pub to_a: u32,
}

impl EvolutionOdds {
    /// The PC/Switch engine code: 1/64 and 1/128.
    pub const ENGINE: EvolutionOdds = EvolutionOdds { to_x: 64, to_a: 128 };
    /// PlayStation-era guides: 1/32 and 1/256 (unverified for the PlayStation code).
    pub const PSX_GUIDE: EvolutionOdds = EvolutionOdds { to_x: 32, to_a: 256 };

    /// Expected battle wins from type bonus `from` (0 P/M, 1 X, 2 A) to bonus `to`.
    pub fn expected_wins(&self, from: u32, to: u32) -> u32 {
        let mut total = 0;
        if from == 0 && to >= 1 {
            total += self.to_x;
        }
        if from <= 1 && to >= 2 {
            total += self.to_a;
        }
        total
    }
}

/// One level-up after a won match (`QuadMistCard.LevelUpInMatch`): one of atk, pdef, mdef is
/// picked with probability 1/3 each and gains 1 unless it equals its cap (the point is then
/// lost). The test is "≠ cap", so a stat edited above its cap keeps rising and wraps to 0.
/// `stats` and `caps` are in the order atk, pdef, mdef.
pub fn level_up_in_match(stats: [&mut u8; 3], caps: [u8; 3], rng: &mut impl RangeRng) {
    let k = rng.range(0, 3) as usize;
    if let (Some(stat), Some(&cap)) = (stats.into_iter().nth(k), caps.get(k)) {
        if *stat != cap {
            *stat = stat.wrapping_add(1);
        }
    }
}

/// One card battle won (`QuadMistCard.LevelUpInBattle`): P or M becomes X with probability
/// 1/`to_x`, X becomes A with 1/`to_a`; A (and an unknown type) stays. Draws from `rng` only
/// for P, M and X.
pub fn level_up_in_battle(
    card_type: CardType,
    odds: EvolutionOdds,
    rng: &mut impl RangeRng,
) -> CardType {
    match card_type {
        CardType::Physical | CardType::Magic if rng.range(0, odds.to_x) == 0 => CardType::Flexible,
        CardType::Flexible if rng.range(0, odds.to_a) == 0 => CardType::Assault,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers every `range` call with the values given, in order.
    struct Scripted(Vec<u32>);

    impl RangeRng for Scripted {
        fn range(&mut self, lo: u32, _hi: u32) -> u32 {
            if self.0.is_empty() {
                lo
            } else {
                self.0.remove(0)
            }
        }
    }

    #[test]
    fn a_level_up_adds_one_below_the_cap_and_is_lost_at_the_cap() {
        let (mut atk, mut pdef, mut mdef) = (5u8, 9u8, 200u8);
        let caps = [7, 9, 4];
        level_up_in_match([&mut atk, &mut pdef, &mut mdef], caps, &mut Scripted(vec![0]));
        assert_eq!((atk, pdef, mdef), (6, 9, 200));
        level_up_in_match([&mut atk, &mut pdef, &mut mdef], caps, &mut Scripted(vec![1]));
        assert_eq!((atk, pdef, mdef), (6, 9, 200), "pdef at its cap: the point is lost");
        // mdef 200 is above its cap 4 (an edit): "≠ cap" lets it rise, and 255 wraps to 0.
        level_up_in_match([&mut atk, &mut pdef, &mut mdef], caps, &mut Scripted(vec![2]));
        assert_eq!(mdef, 201);
        let mut top = 255u8;
        let (mut a, mut p) = (0u8, 0u8);
        level_up_in_match([&mut a, &mut p, &mut top], caps, &mut Scripted(vec![2]));
        assert_eq!(top, 0);
    }

    #[test]
    fn evolution_needs_a_zero_roll_and_a_stays_a() {
        let odds = EvolutionOdds::ENGINE;
        assert_eq!(
            level_up_in_battle(CardType::Physical, odds, &mut Scripted(vec![0])),
            CardType::Flexible
        );
        assert_eq!(
            level_up_in_battle(CardType::Magic, odds, &mut Scripted(vec![1])),
            CardType::Magic
        );
        assert_eq!(
            level_up_in_battle(CardType::Flexible, odds, &mut Scripted(vec![0])),
            CardType::Assault
        );
        assert_eq!(
            level_up_in_battle(CardType::Flexible, odds, &mut Scripted(vec![5])),
            CardType::Flexible
        );
        let mut untouched = Scripted(vec![0]);
        assert_eq!(level_up_in_battle(CardType::Assault, odds, &mut untouched), CardType::Assault);
        assert_eq!(untouched.0, vec![0], "an A card draws nothing");
    }

    #[test]
    fn expected_wins_follow_the_spec_table() {
        for (odds, e1, e2) in
            [(EvolutionOdds::ENGINE, 64, 128), (EvolutionOdds::PSX_GUIDE, 32, 256)]
        {
            assert_eq!(odds.expected_wins(0, 1), e1);
            assert_eq!(odds.expected_wins(1, 2), e2);
            assert_eq!(odds.expected_wins(0, 2), e1 + e2);
            assert_eq!(odds.expected_wins(2, 2), 0);
        }
    }
}
