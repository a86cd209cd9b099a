//! Card creation (`CardPool.CreateQuadMistCard`): stat rolls, type and arrow-mask odds.
//!
//! The game's `R(a, b)` is Unity's integer `Random.Range`: uniform on `a..b-1`, `a` when
//! `a == b`. The arrow odds are the PC engine's; the PlayStation's are assumed equal (unverified).

use crate::model::CardInfo;
use crate::model::CardType;
use crate::rules::ratio::Ratio;
use std::sync::OnceLock;

/// A source of the game's `Random.Range(lo, hi)` integers.
pub trait RangeRng {
    /// Uniform on `lo..hi` (exclusive); returns `lo` when `lo >= hi`.
    fn range(&mut self, lo: u32, hi: u32) -> u32;
}

/// Arrow-count weights in percent for 0..8 arrows.
pub const ARROW_COUNT_WEIGHTS: [u32; 9] = [1, 8, 25, 31, 18, 9, 5, 2, 1];

/// A freshly created card's stats, type and arrows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewCard {
    /// Attack.
    pub atk: u8,
    /// Physical defence.
    pub pdef: u8,
    /// Magical defence.
    pub mdef: u8,
    /// Default type, or X with probability 1/127.
    pub card_type: CardType,
    /// Arrow mask.
    pub arrows: u8,
}

/// The values a new card can roll for a stat with cap `max`: `⌊max/2⌋ ..= 2·⌊max/2⌋ − 1`
/// (just `⌊max/2⌋` when that is 0 or the range is empty).
pub fn stat_range(max: u8) -> (u8, u8) {
    let h = max / 2;
    (h, if h == 0 { 0 } else { 2 * h - 1 })
}

/// Rolls one stat the way the game does: `⌊m/2⌋ + R(0, ⌊m/2⌋)`.
pub fn roll_stat(max: u8, rng: &mut impl RangeRng) -> u8 {
    let h = max / 2;
    h + rng.range(0, h as u32) as u8
}

/// Rolls an arrow mask: a count from the weights, then the game's biased shuffle of 0..7.
pub fn roll_arrows(rng: &mut impl RangeRng) -> u8 {
    let roll = rng.range(0, 100);
    let mut acc = 0;
    let mut count = 8;
    for (k, w) in ARROW_COUNT_WEIGHTS.iter().enumerate() {
        acc += w;
        if roll < acc {
            count = k;
            break;
        }
    }
    let mut dirs = [0u8, 1, 2, 3, 4, 5, 6, 7];
    for j in 0..8 {
        let k = rng.range(0, 8) as usize;
        dirs.swap(j, k);
    }
    dirs[..count].iter().fold(0, |m, &d| m | (1 << d))
}

/// Creates a card of this catalogue entry the way the game does (stats, then type, then arrows).
pub fn create(info: &CardInfo, rng: &mut impl RangeRng) -> NewCard {
    let atk = roll_stat(info.max_atk, rng);
    let pdef = roll_stat(info.max_pdef, rng);
    let mdef = roll_stat(info.max_mdef, rng);
    let card_type = if rng.range(0, 127) == 0 { CardType::Flexible } else { info.default_type };
    let arrows = roll_arrows(rng);
    NewCard { atk, pdef, mdef, card_type, arrows }
}

/// Denominator of [`mask_numerators`]: 100 (count roll) × 8⁸ (shuffle rolls).
pub const MASK_DENOMINATOR: u64 = 100 * (1 << 24);

/// For each mask, the number of equally likely (count roll, shuffle rolls) outcomes giving it,
/// out of [`MASK_DENOMINATOR`]. Exact.
pub fn mask_numerators() -> &'static [u64; 256] {
    static TABLE: OnceLock<[u64; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The distribution over the 8! permutations after the game's 8 swap steps, each step
        // with 8 equally likely choices (8^8 outcomes in all), indexed by permutation rank.
        let mut dist = vec![0u64; PERMUTATIONS];
        dist[rank(&[0, 1, 2, 3, 4, 5, 6, 7])] = 1;
        let perms: Vec<[u8; 8]> = (0..PERMUTATIONS).map(unrank).collect();
        for j in 0..8 {
            let mut next = vec![0u64; PERMUTATIONS];
            for (perm, &n) in perms.iter().zip(&dist) {
                if n == 0 {
                    continue;
                }
                for k in 0..8 {
                    let mut p = *perm;
                    p.swap(j, k);
                    next[rank(&p)] += n;
                }
            }
            dist = next;
        }
        let mut table = [0u64; 256];
        for (perm, &n) in perms.iter().zip(&dist) {
            let mut mask = 0u8;
            for (count, w) in ARROW_COUNT_WEIGHTS.iter().enumerate() {
                if count > 0 {
                    mask |= 1 << perm[count - 1];
                }
                table[mask as usize] += n * *w as u64;
            }
        }
        table
    })
}

/// 8!: the permutations of the eight directions.
const PERMUTATIONS: usize = 40320;

/// The rank of a permutation of 0..8 in lexicographic order (its Lehmer code).
fn rank(p: &[u8; 8]) -> usize {
    let mut r = 0;
    for i in 0..8 {
        let smaller_after = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (8 - i) + smaller_after;
    }
    r
}

/// The permutation of 0..8 with lexicographic rank `r`.
fn unrank(mut r: usize) -> [u8; 8] {
    let mut digits = [0usize; 8];
    for i in (0..8).rev() {
        digits[i] = r % (8 - i);
        r /= 8 - i;
    }
    let mut left: Vec<u8> = (0..8).collect();
    let mut p = [0u8; 8];
    for (i, &d) in digits.iter().enumerate() {
        p[i] = left.remove(d);
    }
    p
}

/// Probability that a newly created card gets `mask`.
pub fn mask_probability(mask: u8) -> f64 {
    mask_numerators()[mask as usize] as f64 / MASK_DENOMINATOR as f64
}

/// Probability that a newly created card gets `mask`, as a reduced fraction.
pub fn mask_probability_exact(mask: u8) -> Ratio {
    Ratio::new(u128::from(mask_numerators()[mask as usize]), u128::from(MASK_DENOMINATOR))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_probabilities_match_the_spec_vectors() {
        assert_eq!(mask_probability_exact(0x00), Ratio { num: 1, den: 100 });
        assert_eq!(mask_probability_exact(0xFF), Ratio { num: 1, den: 100 });
        assert_eq!(mask_probability_exact(0x01), Ratio { num: 1, den: 100 });
        assert_eq!(mask_probability_exact(0x02), Ratio { num: 2658551, den: 209715200 });
        assert_eq!(mask_probability_exact(0x80), Ratio { num: 823543, den: 104857600 });
        assert_eq!(mask_probability_exact(0xC7), Ratio { num: 1084167, den: 838860800 });
        let total: u64 = mask_numerators().iter().sum();
        assert_eq!(total, MASK_DENOMINATOR);
    }

    #[test]
    fn permutation_rank_round_trips() {
        for r in [0, 1, 5039, 20160, 40319] {
            assert_eq!(rank(&unrank(r)), r);
        }
        assert_eq!(rank(&[7, 6, 5, 4, 3, 2, 1, 0]), 40319);
    }

    #[test]
    fn stat_ranges_match_the_spec_examples() {
        assert_eq!(stat_range(7), (3, 5));
        assert_eq!(stat_range(255), (127, 253));
        assert_eq!(stat_range(2), (1, 1));
    }
}
