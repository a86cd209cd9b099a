//! A card in a match and what is known of its raw stats; battle odds between two such cards.
//!
//! The player's cards come exact from the save. An opponent card is known either exactly (the
//! numbers shown at the start of a battle are the raw values) or by its displayed digits: each
//! raw stat is then taken as uniform on its 16-value band, intersected with the creation range
//! of its card id when the id is known (an NPC card is always freshly created, §1.4 of
//! tetra-master-match).

use crate::model::{catalogue, digit, CardRecord, CardType};
use crate::rules::battle::win_chance;
use crate::rules::creation::stat_range;
use crate::rules::ratio::Ratio;
use serde::Serialize;

/// An inclusive range of equally likely raw values; one value when the stat is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Span {
    /// Lowest possible value.
    pub lo: u8,
    /// Highest possible value.
    pub hi: u8,
}

impl Span {
    /// One exact value.
    pub const fn exact(v: u8) -> Span {
        Span { lo: v, hi: v }
    }

    /// The band of a displayed digit (16d ..= 16d + 15; a digit above 15 reads as 15).
    pub fn digit(d: u8) -> Span {
        let lo = d.min(15) << 4;
        Span { lo, hi: lo | 0x0F }
    }

    /// True when only one value is possible.
    pub fn is_exact(self) -> bool {
        self.lo == self.hi
    }

    /// The intersection with `lo..=hi`, or `self` when they do not meet (the band wins: the
    /// creation range is a refinement, never a contradiction of what the game shows).
    pub fn within(self, lo: u8, hi: u8) -> Span {
        let (a, b) = (self.lo.max(lo), self.hi.min(hi));
        if a <= b {
            Span { lo: a, hi: b }
        } else {
            self
        }
    }

    /// The middle value, rounded down.
    pub fn middle(self) -> u8 {
        ((u16::from(self.lo) + u16::from(self.hi)) / 2) as u8
    }

    fn len(self) -> f64 {
        f64::from(self.hi - self.lo) + 1.0
    }

    /// P(value ≤ v).
    fn cdf(self, v: i32) -> f64 {
        if v < i32::from(self.lo) {
            0.0
        } else if v >= i32::from(self.hi) {
            1.0
        } else {
            f64::from(v - i32::from(self.lo) + 1) / self.len()
        }
    }
}

/// A card taking part in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct GameCard {
    /// Catalogue id 0..99, when known.
    pub id: Option<u8>,
    /// Battle type at the start of the match.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// Arrow mask: bit 0 = up (N), then clockwise.
    pub arrows: u8,
    /// Attack.
    pub atk: Span,
    /// Physical defence.
    pub pdef: Span,
    /// Magical defence.
    pub mdef: Span,
}

impl GameCard {
    /// A card with exact stats.
    pub fn exact(
        id: Option<u8>,
        atk: u8,
        card_type: CardType,
        pdef: u8,
        mdef: u8,
        arrows: u8,
    ) -> GameCard {
        GameCard {
            id,
            card_type,
            arrows,
            atk: Span::exact(atk),
            pdef: Span::exact(pdef),
            mdef: Span::exact(mdef),
        }
    }

    /// An owned card from a save: exact.
    pub fn from_record(c: &CardRecord) -> GameCard {
        GameCard::exact(Some(c.id), c.atk, c.card_type, c.pdef, c.mdef, c.arrows)
    }

    /// A card known by its displayed digits. With an id, each band is intersected with the
    /// creation range of that card (an NPC card is always freshly created).
    pub fn from_digits(
        id: Option<u8>,
        atk: u8,
        card_type: CardType,
        pdef: u8,
        mdef: u8,
        arrows: u8,
    ) -> GameCard {
        let info = id.and_then(catalogue::info);
        let band = |d: u8, max: Option<u8>| {
            let s = Span::digit(d);
            match max {
                Some(m) => {
                    let (lo, hi) = stat_range(m);
                    s.within(lo, hi)
                }
                None => s,
            }
        };
        GameCard {
            id,
            card_type,
            arrows,
            atk: band(atk, info.map(|i| i.max_atk)),
            pdef: band(pdef, info.map(|i| i.max_pdef)),
            mdef: band(mdef, info.map(|i| i.max_mdef)),
        }
    }

    /// True when all three stats are exact.
    pub fn is_exact(&self) -> bool {
        self.atk.is_exact() && self.pdef.is_exact() && self.mdef.is_exact()
    }

    /// The same card with every stat at its middle value (exact).
    pub fn middle(&self) -> GameCard {
        GameCard {
            atk: Span::exact(self.atk.middle()),
            pdef: Span::exact(self.pdef.middle()),
            mdef: Span::exact(self.mdef.middle()),
            ..*self
        }
    }

    /// The same card with each stat drawn from its span by `pick(lo, hi)`, which returns a
    /// value in `lo..=hi` (an exact stat is kept).
    pub fn drawn(&self, mut pick: impl FnMut(u8, u8) -> u8) -> GameCard {
        let mut draw = |s: Span| if s.is_exact() { s } else { Span::exact(pick(s.lo, s.hi)) };
        GameCard { atk: draw(self.atk), pdef: draw(self.pdef), mdef: draw(self.mdef), ..*self }
    }

    /// The in-game string, e.g. `3P2A`.
    pub fn digits(&self) -> String {
        format!(
            "{:X}{}{:X}{:X}",
            digit(self.atk.lo),
            self.card_type.letter(),
            digit(self.pdef.lo),
            digit(self.mdef.lo)
        )
    }
}

/// The values a battle value (a stat, or the highest or lowest of several) can take, with
/// probabilities; at most 16 values since every span is at most 16 wide when not exact.
fn spread(spans: &[Span], highest: bool) -> Vec<(u32, f64)> {
    let lo =
        if highest { spans.iter().map(|s| s.lo).max() } else { spans.iter().map(|s| s.lo).min() }
            .unwrap_or(0);
    let hi =
        if highest { spans.iter().map(|s| s.hi).max() } else { spans.iter().map(|s| s.hi).min() }
            .unwrap_or(0);
    // P(extreme ≤ v) for the highest, P(extreme ≥ v) for the lowest.
    let at_most = |v: i32| spans.iter().map(|s| s.cdf(v)).product::<f64>();
    let at_least = |v: i32| spans.iter().map(|s| 1.0 - s.cdf(v - 1)).product::<f64>();
    (i32::from(lo)..=i32::from(hi))
        .map(|v| {
            let p =
                if highest { at_most(v) - at_most(v - 1) } else { at_least(v) - at_least(v + 1) };
            (v.max(1) as u32, p)
        })
        .filter(|&(_, p)| p > 0.0)
        .collect()
}

/// The attack and defence value spreads for an attacker of type `attacker_type`. An unknown
/// type code leaves both values at 0 in the game's switch, which count as 1: the attacker never
/// wins (inferred from the code's structure).
/// A battle value's distribution: (value ≥ 1, probability).
type Distribution = Vec<(u32, f64)>;

fn values(
    attacker: &GameCard,
    attacker_type: CardType,
    defender: &GameCard,
) -> (Distribution, Distribution) {
    let (a, d) = (attacker, defender);
    match attacker_type {
        CardType::Physical => (spread(&[a.atk], true), spread(&[d.pdef], true)),
        CardType::Magic => (spread(&[a.atk], true), spread(&[d.mdef], true)),
        CardType::Flexible => (spread(&[a.atk], true), spread(&[d.pdef, d.mdef], false)),
        CardType::Assault => {
            (spread(&[a.atk, a.pdef, a.mdef], true), spread(&[d.atk, d.pdef, d.mdef], false))
        }
        CardType::Unknown(_) => (vec![(1, 1.0)], vec![(1, 1.0)]),
    }
}

/// The closed form P(R(0,A) > R(0,D)) for A, D ≥ 1, as a float.
fn closed_form(a: u32, d: u32) -> f64 {
    if a <= d {
        f64::from(a - 1) / f64::from(2 * d)
    } else {
        1.0 - f64::from(d + 1) / f64::from(2 * a)
    }
}

/// The attacker's chance to win one battle: exact when both cards' values involved are exact,
/// otherwise the mean over the equally likely values (each battle on its own: see
/// [`crate::game`] for what this approximates).
pub fn win_probability(attacker: &GameCard, attacker_type: CardType, defender: &GameCard) -> f64 {
    let (a, d) = values(attacker, attacker_type, defender);
    let mut p = 0.0;
    for &(av, ap) in &a {
        for &(dv, dp) in &d {
            p += ap * dp * closed_form(av, dv);
        }
    }
    p
}

/// The exact chance as a fraction, when every value involved is exact.
pub fn exact_win_chance(
    attacker: &GameCard,
    attacker_type: CardType,
    defender: &GameCard,
) -> Option<Ratio> {
    let (a, d) = values(attacker, attacker_type, defender);
    match (a.as_slice(), d.as_slice()) {
        ([(av, _)], [(dv, _)]) => Some(win_chance((*av).min(255) as u8, (*dv).min(255) as u8)),
        _ => None,
    }
}

/// The start values the game's `Calculate` uses (A, D after 0 → 1), taking the middle of any
/// inexact span; the game AI's `winChance` is ⌊100·A/(A+D)⌋ of these.
pub fn start_values(
    attacker: &GameCard,
    attacker_type: CardType,
    defender: &GameCard,
) -> (u32, u32) {
    let (a, d) = values(&attacker.middle(), attacker_type, &defender.middle());
    (a.first().map_or(1, |v| v.0), d.first().map_or(1, |v| v.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_battles_match_the_closed_form_vectors() {
        // T3: (A, D) → P(win).
        let att = |a: u8| GameCard::exact(None, a, CardType::Physical, 0, 0, 0);
        let def = |d: u8| GameCard::exact(None, 0, CardType::Physical, d, 0, 0);
        for (a, d, num, den) in [(53, 32, 73, 106), (32, 53, 31, 106), (80, 80, 79, 160)] {
            let p = win_probability(&att(a), CardType::Physical, &def(d));
            assert!((p - num as f64 / den as f64).abs() < 1e-12, "{a} vs {d}");
            assert_eq!(
                exact_win_chance(&att(a), CardType::Physical, &def(d)),
                Some(Ratio::new(num, den))
            );
        }
        assert!(
            (win_probability(&att(16), CardType::Physical, &def(0)) - 15.0 / 16.0).abs() < 1e-12
        );
        assert_eq!(win_probability(&att(1), CardType::Physical, &def(200)), 0.0);
        assert_eq!(win_probability(&att(0), CardType::Physical, &def(0)), 0.0);
    }

    #[test]
    fn digit_bands_are_cut_by_the_creation_range() {
        // T2: table atk 0x35 (53) → generated atk in [26, 51]; digit 2 → uniform on [32, 47];
        // digit 1 → [26, 31]; digit 3 → [48, 51].
        assert_eq!(Span::digit(2).within(26, 51), Span { lo: 32, hi: 47 });
        assert_eq!(Span::digit(1).within(26, 51), Span { lo: 26, hi: 31 });
        assert_eq!(Span::digit(3).within(26, 51), Span { lo: 48, hi: 51 });
    }

    #[test]
    fn band_odds_are_the_brute_force_mean() {
        // X attacker atk 0x2? vs defender pdef 0x1?, mdef 0x3?: D = min(pdef, mdef) = pdef band.
        let att = GameCard::from_digits(None, 2, CardType::Flexible, 0, 0, 0);
        let def = GameCard::from_digits(None, 0, CardType::Magic, 1, 3, 0);
        let mut sum = 0.0;
        for a in 32..48u32 {
            for p in 16..32u32 {
                for m in 48..64u32 {
                    sum += closed_form(a, p.min(m));
                }
            }
        }
        let expected = sum / (16.0 * 16.0 * 16.0);
        let got = win_probability(&att, CardType::Flexible, &def);
        assert!((got - expected).abs() < 1e-12, "{got} vs {expected}");
        // A type: highest of three bands vs the lowest of three bands, brute force.
        let att = GameCard::from_digits(None, 1, CardType::Assault, 2, 0, 0);
        let def = GameCard::from_digits(None, 2, CardType::Physical, 1, 3, 0);
        let mut sum = 0.0;
        let mut n = 0.0;
        for a1 in 16..32u32 {
            for a2 in 32..48u32 {
                for a3 in 0..16u32 {
                    for d1 in 32..48u32 {
                        for d2 in 16..32u32 {
                            let d3 = 50; // any value ≥ 48: never the lowest
                            sum += closed_form(a1.max(a2).max(a3).max(1), d1.min(d2).min(d3));
                            n += 1.0;
                        }
                    }
                }
            }
        }
        let got = win_probability(&att, CardType::Assault, &def);
        assert!((got - sum / n).abs() < 1e-12, "{got} vs {}", sum / n);
    }
}
