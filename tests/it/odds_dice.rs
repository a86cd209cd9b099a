//! The board-game dice odds (tetra-master-rules §10) against independent computations:
//! enumeration of every dice outcome, closed-form counts, and a seeded Monte Carlo.

use quadmist::rules::dice::{win_chance, DiceRule, MAX_DICE};
use quadmist::rules::ratio::Ratio;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The score of one outcome of the dice.
fn score(faces: &[u8], rule: DiceRule) -> u32 {
    match rule {
        DiceRule::Sums => faces.iter().map(|&f| u32::from(f)).sum(),
        DiceRule::Sixes => faces.iter().filter(|&&f| f == 6).count() as u32,
    }
}

/// Counts the attacker's wins over every one of the 6^(n+m) outcomes, die by die.
fn enumerate(n: usize, m: usize, rule: DiceRule) -> Ratio {
    let dice = n + m;
    let total = 6u128.pow(dice as u32);
    let mut wins = 0u128;
    let mut faces = vec![1u8; dice];
    for _ in 0..total {
        if score(&faces[..n], rule) >= score(&faces[n..], rule) {
            wins += 1;
        }
        // Next outcome, like an odometer.
        for f in faces.iter_mut() {
            if *f < 6 {
                *f += 1;
                break;
            }
            *f = 1;
        }
    }
    Ratio::new(wins, total)
}

#[test]
fn both_rules_equal_exhaustive_enumeration_for_small_dice() {
    for n in 0..=7usize {
        for m in 0..=7 - n {
            for rule in [DiceRule::Sums, DiceRule::Sixes] {
                assert_eq!(
                    win_chance(n as u8, m as u8, rule),
                    enumerate(n, m, rule),
                    "{rule:?} N={n} M={m}"
                );
            }
        }
    }
}

fn binomial(n: i128, k: i128) -> i128 {
    if k < 0 || k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Ways n dice sum to s, by inclusion–exclusion: Σ_k (−1)^k C(n,k) C(s − 6k − 1, n − 1).
fn sum_ways(n: i128, s: i128) -> i128 {
    if n == 0 {
        return i128::from(s == 0);
    }
    (0..=n).map(|k| (1 - 2 * (k % 2)) * binomial(n, k) * binomial(s - 6 * k - 1, n - 1)).sum()
}

/// Ways n dice show exactly k sixes: C(n, k) · 5^(n−k).
fn six_ways(n: i128, k: i128) -> i128 {
    binomial(n, k) * 5i128.pow((n - k).max(0) as u32)
}

#[test]
fn both_rules_equal_closed_form_counts_for_every_dice_pair() {
    for n in 0..=i128::from(MAX_DICE) {
        for m in 0..=i128::from(MAX_DICE) {
            for rule in [DiceRule::Sums, DiceRule::Sixes] {
                let (ways, top): (fn(i128, i128) -> i128, i128) = match rule {
                    DiceRule::Sums => (sum_ways, 6),
                    DiceRule::Sixes => (six_ways, 1),
                };
                let mut wins = 0i128;
                for a in 0..=top * n {
                    let def_le: i128 = (0..=a.min(top * m)).map(|d| ways(m, d)).sum();
                    wins += ways(n, a) * def_le;
                }
                let total = 6i128.pow((n + m) as u32);
                let expected = Ratio::new(wins as u128, total as u128);
                assert_eq!(win_chance(n as u8, m as u8, rule), expected, "{rule:?} N={n} M={m}");
            }
        }
    }
}

#[test]
fn seeded_monte_carlo_agrees_within_three_standard_deviations() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xd1ce);
    let trials = 100_000u32;
    for (n, m) in [(1u8, 1u8), (8, 5), (15, 15), (3, 9), (0, 2)] {
        for rule in [DiceRule::Sums, DiceRule::Sixes] {
            let p = win_chance(n, m, rule).to_f64();
            let mut wins = 0u32;
            for _ in 0..trials {
                let a: Vec<u8> = (0..n).map(|_| rng.gen_range(1..=6)).collect();
                let d: Vec<u8> = (0..m).map(|_| rng.gen_range(1..=6)).collect();
                wins += u32::from(score(&a, rule) >= score(&d, rule));
            }
            let observed = f64::from(wins) / f64::from(trials);
            let sigma = (p * (1.0 - p) / f64::from(trials)).sqrt();
            assert!(
                (observed - p).abs() <= 3.0 * sigma.max(1e-9),
                "{rule:?} ({n}, {m}): computed {p}, simulated {observed} (σ {sigma})"
            );
        }
    }
}

#[test]
fn the_largest_denominators_fit() {
    // 15 vs 15 dice: 6^30 outcomes; the reduced fraction must still be a probability.
    for rule in [DiceRule::Sums, DiceRule::Sixes] {
        let p = win_chance(15, 15, rule);
        assert!(p.num() < p.den());
        assert_eq!(6u128.pow(30) % p.den(), 0, "the denominator divides 6^30");
    }
}
