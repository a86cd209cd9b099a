//! The video game's battle formula and exact odds (`QuadMistGame.Calculate`, tetra-master-rules §9).
//!
//! The attacker's type picks an attack value A and the defender's defence value D (raw 0..255
//! stats; 0 counts as 1). The game rolls a = R(0, A) and d = R(0, D), uniform on 0..A−1 and
//! 0..D−1; the attacker wins only if a > d. The chance is a closed form, kept as an exact
//! [`Ratio`]. A stat known only by its displayed digit is a band of 16 values; the odds are then
//! the worst and best case (exact) and the mean over all equally likely value combinations
//! (an estimate: it assumes every value of a band equally likely).

use crate::model::{CardRecord, CardType};
use crate::rules::ratio::Ratio;
use serde::Serialize;
use std::fmt;

/// The game's floor: a value of 0 counts as 1.
fn floor_one(value: u8) -> u32 {
    u32::from(value.max(1))
}

/// P(R(0, A) > R(0, D)) for attack value `attack` and defence value `defence` (0 counts as 1),
/// in closed form: (A − 1)/(2D) if A ≤ D, else 1 − (D + 1)/(2A).
pub fn win_chance(attack: u8, defence: u8) -> Ratio {
    let (num, den) = win_fraction(floor_one(attack), floor_one(defence));
    Ratio::new(u128::from(num), u128::from(den))
}

/// The closed form as an unreduced fraction over 2·max(A, D), for A, D ≥ 1.
fn win_fraction(a: u32, d: u32) -> (u32, u32) {
    if a <= d {
        (a - 1, 2 * d)
    } else {
        (2 * a - d - 1, 2 * a)
    }
}

/// A stat as far as it is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Stat {
    /// The exact value 0..255.
    Exact(u8),
    /// Only the displayed hex digit 0..15 is known: the value is one of 16d..16d+15.
    Digit(u8),
}

impl Stat {
    /// The lowest and highest value the stat can have (a digit above 15 is read as 15).
    pub fn bounds(self) -> (u8, u8) {
        match self {
            Stat::Exact(v) => (v, v),
            Stat::Digit(d) => {
                let lo = d.min(15) << 4;
                (lo, lo | 0x0F)
            }
        }
    }

    /// The displayed digit.
    pub fn digit(self) -> u8 {
        match self {
            Stat::Exact(v) => crate::model::digit(v),
            Stat::Digit(d) => d.min(15),
        }
    }
}

/// A card in a battle: its type and what is known of its three stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Fighter {
    /// Attack.
    pub atk: Stat,
    /// Battle type.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// Physical defence.
    pub pdef: Stat,
    /// Magical defence.
    pub mdef: Stat,
}

impl Fighter {
    /// An owned card, all stats exact.
    pub fn from_record(card: &CardRecord) -> Fighter {
        Fighter {
            atk: Stat::Exact(card.atk),
            card_type: card.card_type,
            pdef: Stat::Exact(card.pdef),
            mdef: Stat::Exact(card.mdef),
        }
    }

    /// The in-game string, e.g. `8X35`.
    pub fn digits(&self) -> String {
        crate::model::digits_string(
            self.atk.digit(),
            self.card_type,
            self.pdef.digit(),
            self.mdef.digit(),
        )
    }
}

impl fmt::Display for Fighter {
    /// Digits when no stat is exact (`8X35`), otherwise `atk/type/pdef/mdef` with exact values
    /// in decimal and digit-only stats as `d?` (e.g. `138/X/53/5?`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stats = [self.atk, self.pdef, self.mdef];
        if stats.iter().all(|s| matches!(s, Stat::Digit(_))) {
            return f.write_str(&self.digits());
        }
        let show = |s: Stat| match s {
            Stat::Exact(v) => v.to_string(),
            Stat::Digit(d) => format!("{:X}?", d.min(15)),
        };
        write!(
            f,
            "{}/{}/{}/{}",
            show(self.atk),
            self.card_type.letter(),
            show(self.pdef),
            show(self.mdef)
        )
    }
}

/// Which stats make the attack and the defence value, by the attacker's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Matchup {
    /// P: attacker's atk vs defender's pdef.
    AtkVsPdef,
    /// M: attacker's atk vs defender's mdef.
    AtkVsMdef,
    /// X: attacker's atk vs the lower of the defender's pdef and mdef.
    AtkVsLowerDefence,
    /// A: attacker's highest stat vs the defender's lowest stat.
    HighestVsLowest,
}

impl Matchup {
    /// The matchup of an attacker of this type; `None` for a type code the game does not define.
    pub fn of(attacker_type: CardType) -> Option<Matchup> {
        match attacker_type {
            CardType::Physical => Some(Matchup::AtkVsPdef),
            CardType::Magic => Some(Matchup::AtkVsMdef),
            CardType::Flexible => Some(Matchup::AtkVsLowerDefence),
            CardType::Assault => Some(Matchup::HighestVsLowest),
            CardType::Unknown(_) => None,
        }
    }

    /// A phrase for a person, e.g. "atk vs pdef".
    pub fn describe(self) -> &'static str {
        match self {
            Matchup::AtkVsPdef => "atk vs pdef",
            Matchup::AtkVsMdef => "atk vs mdef",
            Matchup::AtkVsLowerDefence => "atk vs lower of pdef/mdef",
            Matchup::HighestVsLowest => "highest stat vs lowest stat",
        }
    }
}

/// The attacker's chance to win one card battle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Odds {
    /// Every stat involved is exact: one exact chance.
    Exact(Ratio),
    /// Some stat involved is known by its digit only.
    Range {
        /// The worst case over the possible values (exact).
        min: Ratio,
        /// The mean over all equally likely value combinations: an estimate (values uniform
        /// within each digit band).
        mean: f64,
        /// The best case over the possible values (exact).
        max: Ratio,
    },
}

impl Odds {
    /// The exact chance, or the mean estimate for a range: the figure to rank cards by.
    pub fn mean(&self) -> f64 {
        match *self {
            Odds::Exact(p) => p.to_f64(),
            Odds::Range { mean, .. } => mean,
        }
    }
}

/// The battle of one attacker against one defender.
#[derive(Debug, Clone, PartialEq)]
pub struct Battle {
    /// Which stats are compared.
    pub matchup: Matchup,
    /// Lowest and highest attack value A (0 shown as 0; it counts as 1).
    pub attack: (u8, u8),
    /// Lowest and highest defence value D (0 shown as 0; it counts as 1).
    pub defence: (u8, u8),
    /// The attacker's chance to win.
    pub odds: Odds,
}

/// The values the highest (or lowest) of several independent uniform stats can take: the
/// support `lo..=hi` and, for each value, how many of the equally likely combinations give it.
///
/// Each stat spans at most 16 values, so the support does too: the highest value lies between
/// the largest low bound and the largest high bound, which is at most 15 above it (and likewise
/// for the lowest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Spread {
    lo: u8,
    hi: u8,
    /// `counts[i]` combinations give the value `lo + i`.
    counts: [u32; 16],
}

impl Spread {
    fn of(stats: &[Stat], highest: bool) -> Spread {
        let pick = |f: fn((u8, u8)) -> u8| {
            let values = stats.iter().map(|s| f(s.bounds()));
            if highest { values.max() } else { values.min() }.unwrap_or(0)
        };
        let (lo, hi) = (pick(|b| b.0), pick(|b| b.1));
        // Combinations whose extreme is ≤ v (highest) or ≥ v (lowest).
        let at_or_beyond = |v: i32| -> u32 {
            stats
                .iter()
                .map(|s| {
                    let (l, h) = s.bounds();
                    let (l, h) = (i32::from(l), i32::from(h));
                    let n = if highest { v.min(h) - l + 1 } else { h - v.max(l) + 1 };
                    n.max(0) as u32
                })
                .product()
        };
        let step = if highest { -1 } else { 1 };
        let mut counts = [0u32; 16];
        for (v, c) in (i32::from(lo)..=i32::from(hi)).zip(counts.iter_mut()) {
            *c = at_or_beyond(v) - at_or_beyond(v + step);
        }
        Spread { lo, hi, counts }
    }

    /// (value, count) for every value of the support.
    fn values(&self) -> impl Iterator<Item = (u8, u32)> + '_ {
        (self.lo..=self.hi).zip(self.counts.iter().copied())
    }
}

/// The attack and defence value spreads of this matchup.
fn spreads(m: Matchup, attacker: &Fighter, defender: &Fighter) -> (Spread, Spread) {
    let (a, d) = (attacker, defender);
    match m {
        Matchup::AtkVsPdef => (Spread::of(&[a.atk], true), Spread::of(&[d.pdef], true)),
        Matchup::AtkVsMdef => (Spread::of(&[a.atk], true), Spread::of(&[d.mdef], true)),
        Matchup::AtkVsLowerDefence => {
            (Spread::of(&[a.atk], true), Spread::of(&[d.pdef, d.mdef], false))
        }
        Matchup::HighestVsLowest => (
            Spread::of(&[a.atk, a.pdef, a.mdef], true),
            Spread::of(&[d.atk, d.pdef, d.mdef], false),
        ),
    }
}

/// The attacker's odds against the defender by the game's formula; `None` when the attacker's
/// type code is not one the game defines.
///
/// The chance grows with A and falls with D, and the two cards' stats are independent, so the
/// worst case is (lowest A, highest D) and the best (highest A, lowest D), both exact. The mean
/// weighs the closed form over the exact joint distribution of A and D (for X and A types these
/// are the min or max of several bands, counted exactly).
pub fn battle(attacker: &Fighter, defender: &Fighter) -> Option<Battle> {
    let matchup = Matchup::of(attacker.card_type)?;
    let (a, d) = spreads(matchup, attacker, defender);
    let min = win_chance(a.lo, d.hi);
    let max = win_chance(a.hi, d.lo);
    let odds = if min == max {
        Odds::Exact(min)
    } else {
        Odds::Range { min, mean: mean_chance(&a, &d), max }
    };
    Some(Battle { matchup, attack: (a.lo, a.hi), defence: (d.lo, d.hi), odds })
}

/// Σ count(A)·count(D)·P(A, D) / (Σ count(A) · Σ count(D)).
///
/// Per attack value A the defence values split in two: D < A, where P = (2A − D − 1)/(2A)
/// shares the denominator 2A (an integer sum, one division), and D ≥ A, where
/// P = (A − 1)/(2D) and Σ count(D)/(2D) is summed once per defence value.
fn mean_chance(attack: &Spread, defence: &Spread) -> f64 {
    // (D, count, count/(2D)) per defence value; unused entries have count 0 and add nothing.
    let mut defence_values = [(0u32, 0u32, 0.0f64); 16];
    for ((d, cd), slot) in defence.values().zip(defence_values.iter_mut()) {
        let d = floor_one(d);
        *slot = (d, cd, f64::from(cd) / f64::from(2 * d));
    }
    let mut sum = 0.0;
    for (a, ca) in attack.values() {
        let a = floor_one(a);
        let (mut below, mut at_or_above) = (0u64, 0.0);
        for &(d, cd, share) in &defence_values {
            if d < a {
                below += u64::from(cd) * u64::from(2 * a - d - 1);
            } else {
                at_or_above += share;
            }
        }
        let row = below as f64 / f64::from(2 * a) + f64::from(a - 1) * at_or_above;
        sum += f64::from(ca) * row;
    }
    let total = |s: &Spread| s.counts.iter().map(|&c| f64::from(c)).sum::<f64>();
    sum / (total(attack) * total(defence))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(atk: u8, t: CardType, pdef: u8, mdef: u8) -> Fighter {
        Fighter {
            atk: Stat::Digit(atk),
            card_type: t,
            pdef: Stat::Digit(pdef),
            mdef: Stat::Digit(mdef),
        }
    }

    fn exact(atk: u8, t: CardType, pdef: u8, mdef: u8) -> Fighter {
        Fighter {
            atk: Stat::Exact(atk),
            card_type: t,
            pdef: Stat::Exact(pdef),
            mdef: Stat::Exact(mdef),
        }
    }

    #[test]
    fn closed_form_matches_the_spec_vectors() {
        let cases = [
            (1, 1, 0, 1),
            (2, 1, 1, 2),
            (16, 16, 15, 32),
            (48, 32, 21, 32),
            (32, 48, 31, 96),
            (100, 50, 149, 200),
            (255, 4, 101, 102),
            (4, 255, 1, 170),
            (255, 255, 127, 255),
            (0, 0, 0, 1),
        ];
        for (a, d, num, den) in cases {
            assert_eq!(win_chance(a, d), Ratio::new(num, den), "A={a} D={d}");
        }
    }

    #[test]
    fn stat_bounds_and_digits() {
        assert_eq!(Stat::Digit(0).bounds(), (0, 15));
        assert_eq!(Stat::Digit(8).bounds(), (128, 143));
        assert_eq!(Stat::Digit(15).bounds(), (240, 255));
        assert_eq!(Stat::Exact(138).digit(), 8);
    }

    #[test]
    fn exact_fighters_give_one_exact_figure() {
        // X attacker 100 vs defender pdef 80, mdef 50: D = 50 → 149/200.
        let b =
            battle(&exact(100, CardType::Flexible, 0, 0), &exact(0, CardType::Physical, 80, 50))
                .unwrap();
        assert_eq!(b.odds, Odds::Exact(Ratio::new(149, 200)));
        assert_eq!((b.attack, b.defence), ((100, 100), (50, 50)));
        // A attacker: max(10, 48, 3) = 48 vs min(200, 32, 90) = 32 → 21/32.
        let b = battle(&exact(10, CardType::Assault, 48, 3), &exact(200, CardType::Magic, 32, 90))
            .unwrap();
        assert_eq!(b.odds, Odds::Exact(Ratio::new(21, 32)));
        // M attacker uses mdef: 16 vs 16 → 15/32.
        let b = battle(&exact(16, CardType::Magic, 0, 0), &exact(0, CardType::Physical, 200, 16))
            .unwrap();
        assert_eq!(b.odds, Odds::Exact(Ratio::new(15, 32)));
        assert!(battle(&exact(1, CardType::Unknown(7), 1, 1), &exact(1, CardType::Physical, 1, 1))
            .is_none());
    }

    #[test]
    fn digit_bounds_are_the_band_extremes() {
        // 1P.. vs .P1.: A in 16..31, D in 16..31. Worst (16, 31) = 15/62, best (31, 16) = 14/31.
        let b = battle(&digits(1, CardType::Physical, 0, 0), &digits(0, CardType::Physical, 1, 0))
            .unwrap();
        let Odds::Range { min, max, mean } = b.odds else { panic!("a range") };
        assert_eq!(min, Ratio::new(15, 62));
        assert_eq!(max, Ratio::new(45, 62)); // 1 − 17/62
                                             // Symmetric bands: P(a > d) + P(d > a) + P(tie) = 1 and by symmetry the mean is
                                             // (1 − P(tie))/2, with P(tie) = mean of Σ 1/(A·D)·min(A, D) over the band pairs.
        let mut tie = 0.0;
        for a in 16..32u32 {
            for d in 16..32u32 {
                tie += f64::from(a.min(d)) / f64::from(a * d);
            }
        }
        let expected = (1.0 - tie / 256.0) / 2.0;
        assert!((mean - expected).abs() < 1e-12, "{mean} vs {expected}");
    }

    /// Brute force: every combination of values, and every roll pair, counted exactly.
    fn brute_force_mean(attacker: &Fighter, defender: &Fighter) -> f64 {
        let range = |s: Stat| {
            let (lo, hi) = s.bounds();
            lo..=hi
        };
        let mut total = 0.0;
        let mut n = 0u64;
        for aa in range(attacker.atk) {
            for ap in range(attacker.pdef) {
                for am in range(attacker.mdef) {
                    for da in range(defender.atk) {
                        for dp in range(defender.pdef) {
                            for dm in range(defender.mdef) {
                                let (av, dv) = match attacker.card_type {
                                    CardType::Physical => (aa, dp),
                                    CardType::Magic => (aa, dm),
                                    CardType::Flexible => (aa, dp.min(dm)),
                                    _ => (aa.max(ap).max(am), da.min(dp).min(dm)),
                                };
                                let (av, dv) = (u32::from(av.max(1)), u32::from(dv.max(1)));
                                let wins: u32 = (0..av).map(|a| a.min(dv)).sum();
                                total += f64::from(wins) / f64::from(av * dv);
                                n += 1;
                            }
                        }
                    }
                }
            }
        }
        total / n as f64
    }

    #[test]
    fn digit_means_match_brute_force_for_every_type() {
        // Stats the matchup ignores are exact, which keeps the brute force small; A uses two
        // bands and one exact stat on each side.
        let f = |atk, card_type, pdef, mdef| Fighter { atk, card_type, pdef, mdef };
        let (g, e) = (Stat::Digit, Stat::Exact);
        let cases = [
            (f(g(3), CardType::Physical, e(9), e(9)), f(e(1), CardType::Magic, g(2), e(15))),
            (f(g(0), CardType::Magic, e(0), e(0)), f(e(0), CardType::Magic, e(0), g(0))),
            (f(g(7), CardType::Flexible, e(0), e(0)), f(e(0), CardType::Physical, g(6), g(7))),
            (f(g(2), CardType::Flexible, e(0), e(0)), f(e(0), CardType::Physical, g(2), g(2))),
            (f(g(4), CardType::Assault, g(4), e(70)), f(g(3), CardType::Physical, e(60), g(4))),
            (f(g(1), CardType::Assault, e(5), g(0)), f(e(0), CardType::Magic, g(0), g(0))),
        ];
        for (att, def) in cases {
            let b = battle(&att, &def).unwrap();
            let expected = brute_force_mean(&att, &def);
            assert!(
                (b.odds.mean() - expected).abs() < 1e-12,
                "{att} vs {def}: {:?} vs {expected}",
                b.odds
            );
        }
    }

    #[test]
    fn assault_extremes_range_over_joint_values() {
        // Attacker A with atk digit 2, pdef digit 5, mdef exact 10: A = max ∈ [80, 95].
        // Defender atk exact 40, pdef digit 1, mdef digit 9: D = min ∈ [16, 31].
        let att = Fighter {
            atk: Stat::Digit(2),
            card_type: CardType::Assault,
            pdef: Stat::Digit(5),
            mdef: Stat::Exact(10),
        };
        let def = Fighter {
            atk: Stat::Exact(40),
            card_type: CardType::Physical,
            pdef: Stat::Digit(1),
            mdef: Stat::Digit(9),
        };
        let b = battle(&att, &def).unwrap();
        assert_eq!((b.attack, b.defence), ((80, 95), (16, 31)));
        let Odds::Range { min, max, .. } = b.odds else { panic!("a range") };
        assert_eq!(min, win_chance(80, 31));
        assert_eq!(max, win_chance(95, 16));
    }
}
