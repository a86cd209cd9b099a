//! The game's battle odds (tetra-master-rules §9) against independent computations:
//! exhaustive enumeration of both rolls, brute force over digit bands, and a seeded Monte Carlo.

use quadmist::model::CardType;
use quadmist::rules::battle::{battle, win_chance, Fighter, Odds, Stat};
use quadmist::rules::ratio::Ratio;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// wins[A][D] = #{(a, d) : a < A, d < D, a > d}: every roll pair checked once, the counts
/// for all (A, D) accumulated along the way (a row adds the pairs with d = D − 1).
fn enumerate_all_wins() -> Vec<[u64; 256]> {
    let mut wins = vec![[0u64; 256]; 256];
    for (attack, row) in wins.iter_mut().enumerate() {
        for defence in 1..256 {
            let d = defence - 1;
            let new_pairs = (0..attack).filter(|&a| a > d).count() as u64;
            row[defence] = row[defence - 1] + new_pairs;
        }
    }
    wins
}

#[test]
fn closed_form_equals_exhaustive_enumeration_for_every_value_pair() {
    let wins = enumerate_all_wins();
    for attack in 0..=255u8 {
        for defence in 0..=255u8 {
            let (a, d) = (usize::from(attack.max(1)), usize::from(defence.max(1)));
            let expected = Ratio::new(u128::from(wins[a][d]), (a * d) as u128);
            assert_eq!(win_chance(attack, defence), expected, "A={attack} D={defence}");
        }
    }
    // Spot checks of the enumeration itself: (2, 1) has one winning pair (1, 0); (3, 3) has
    // (1, 0), (2, 0), (2, 1).
    assert_eq!((wins[2][1], wins[3][3], wins[1][255]), (1, 3, 0));
}

#[test]
fn the_chance_rises_with_attack_and_falls_with_defence() {
    // The worst/best cases rely on this monotonicity; check it on every neighbouring pair.
    for a in 0..=255u8 {
        for d in 0..=255u8 {
            let p = win_chance(a, d).to_f64();
            if a < 255 {
                assert!(win_chance(a + 1, d).to_f64() >= p, "A={a} D={d}");
            }
            if d < 255 {
                assert!(win_chance(a, d + 1).to_f64() <= p, "A={a} D={d}");
            }
        }
    }
}

fn fighter(atk: Stat, card_type: CardType, pdef: Stat, mdef: Stat) -> Fighter {
    Fighter { atk, card_type, pdef, mdef }
}

/// Plays `n` battles the way the game does, drawing each digit-band stat uniformly first.
fn simulate(attacker: &Fighter, defender: &Fighter, n: u32, rng: &mut ChaCha8Rng) -> f64 {
    let draw = |s: Stat, rng: &mut ChaCha8Rng| {
        let (lo, hi) = s.bounds();
        rng.gen_range(lo..=hi)
    };
    let mut wins = 0u32;
    for _ in 0..n {
        let (aa, ap, am) =
            (draw(attacker.atk, rng), draw(attacker.pdef, rng), draw(attacker.mdef, rng));
        let (da, dp, dm) =
            (draw(defender.atk, rng), draw(defender.pdef, rng), draw(defender.mdef, rng));
        let (a, d) = match attacker.card_type {
            CardType::Physical => (aa, dp),
            CardType::Magic => (aa, dm),
            CardType::Flexible => (aa, dp.min(dm)),
            _ => (aa.max(ap).max(am), da.min(dp).min(dm)),
        };
        let roll_a = rng.gen_range(0..u32::from(a.max(1)));
        let roll_d = rng.gen_range(0..u32::from(d.max(1)));
        wins += u32::from(roll_a > roll_d);
    }
    f64::from(wins) / f64::from(n)
}

#[test]
fn seeded_monte_carlo_agrees_within_three_standard_deviations() {
    let (g, e) = (Stat::Digit, Stat::Exact);
    let cases = [
        (
            fighter(e(138), CardType::Flexible, e(53), e(90)),
            fighter(e(70), CardType::Physical, e(40), e(35)),
        ),
        (
            fighter(e(0), CardType::Physical, e(0), e(0)),
            fighter(e(0), CardType::Physical, e(0), e(0)),
        ),
        (
            fighter(g(8), CardType::Physical, g(3), g(5)),
            fighter(g(4), CardType::Physical, g(2), g(3)),
        ),
        (fighter(g(2), CardType::Magic, g(0), g(0)), fighter(g(0), CardType::Physical, g(0), g(9))),
        (fighter(g(1), CardType::Assault, g(9), g(4)), fighter(g(12), CardType::Magic, g(8), g(6))),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(0x7e77a);
    let n = 200_000;
    for (att, def) in cases {
        let p = battle(&att, &def).unwrap().odds.mean();
        let observed = simulate(&att, &def, n, &mut rng);
        let sigma = (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!(
            (observed - p).abs() <= 3.0 * sigma.max(1e-9),
            "{att} vs {def}: computed {p}, simulated {observed} (σ {sigma})"
        );
    }
}

#[test]
fn the_mean_table_for_single_digits_is_a_16_by_16_average() {
    // Entry (a, d): attack digit a vs defence digit d, each band uniform; brute-force the 256
    // value pairs with exact enumeration counts and compare.
    for ad in 0..16u8 {
        for dd in 0..16u8 {
            let att = fighter(Stat::Digit(ad), CardType::Physical, Stat::Exact(0), Stat::Exact(0));
            let def = fighter(Stat::Exact(0), CardType::Physical, Stat::Digit(dd), Stat::Exact(0));
            let b = battle(&att, &def).unwrap();
            let mut sum = 0.0;
            for a in 16 * u32::from(ad)..16 * u32::from(ad) + 16 {
                for d in 16 * u32::from(dd)..16 * u32::from(dd) + 16 {
                    let (a, d) = (a.max(1), d.max(1));
                    let wins: u32 = (0..a).map(|x| x.min(d)).sum();
                    sum += f64::from(wins) / f64::from(a * d);
                }
            }
            let expected = sum / 256.0;
            match b.odds {
                Odds::Range { mean, min, max } => {
                    assert!((mean - expected).abs() < 1e-12, "{ad} vs {dd}");
                    assert!(min.to_f64() <= mean && mean <= max.to_f64());
                }
                Odds::Exact(_) => panic!("{ad} vs {dd}: bands give a range"),
            }
        }
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn stat() -> impl Strategy<Value = Stat> {
        prop_oneof![any::<u8>().prop_map(Stat::Exact), (0u8..16).prop_map(Stat::Digit)]
    }

    fn card_type() -> impl Strategy<Value = CardType> {
        prop_oneof![
            Just(CardType::Physical),
            Just(CardType::Magic),
            Just(CardType::Flexible),
            Just(CardType::Assault)
        ]
    }

    prop_compose! {
        fn any_fighter()(atk in stat(), t in card_type(), pdef in stat(), mdef in stat()) -> Fighter {
            fighter(atk, t, pdef, mdef)
        }
    }

    proptest! {
        /// The worst and best cases are reached by some values and bound the mean; the worst
        /// equals the closed form at the lowest A and highest D the bands allow.
        #[test]
        fn worst_mean_best_are_ordered(att in any_fighter(), def in any_fighter()) {
            let b = battle(&att, &def).unwrap();
            match b.odds {
                Odds::Exact(p) => {
                    prop_assert_eq!(p, win_chance(b.attack.0, b.defence.1));
                    prop_assert_eq!(p, win_chance(b.attack.1, b.defence.0));
                }
                Odds::Range { min, mean, max } => {
                    prop_assert_eq!(min, win_chance(b.attack.0, b.defence.1));
                    prop_assert_eq!(max, win_chance(b.attack.1, b.defence.0));
                    prop_assert!(min.to_f64() - 1e-12 <= mean && mean <= max.to_f64() + 1e-12);
                }
            }
            prop_assert!(b.attack.1 - b.attack.0 <= 15 && b.defence.1 - b.defence.0 <= 15);
        }
    }
}
