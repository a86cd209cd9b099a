//! Card creation (`CardPool.CreateQuadMistCard`): stat rolls, type and arrow-mask odds.
//!
//! The game's `R(a, b)` is Unity's integer `Random.Range`: uniform on `a..b-1`, `a` when
//! `a == b`. The arrow odds are the PC engine's; the PlayStation's are assumed equal (unverified).

use crate::model::CardInfo;
use crate::model::CardType;
use crate::rules::ratio::Ratio;

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
/// out of [`MASK_DENOMINATOR`]. Exact: computed by the dynamic programme over the 8!
/// permutations of the game's shuffle (`mask_numerators_by_dp`, checked by a test).
pub const MASK_NUMERATORS: [u64; 256] = [
    16777216, 16777216, 21268408, 17214825, 19433400, 18517650, 20566700, 11683342, 17827768,
    16663875, 18557575, 11736724, 19849825, 12406882, 13225933, 5596218, 16422840, 15049325,
    16813525, 10436026, 18259375, 11049392, 11799437, 5441004, 16557450, 11338126, 12004626,
    5606658, 12607638, 5802894, 6035544, 3391938, 15193528, 13643025, 15299425, 9313702, 16879675,
    9881684, 10576673, 4767786, 15292950, 10308802, 10930662, 4918860, 11494862, 5097816, 5309982,
    3259944, 13932900, 9210968, 9778950, 4951386, 10296216, 5104134, 5283918, 3308850, 10701510,
    5241168, 5429628, 3365766, 5599728, 3432024, 3509181, 3442965, 14117880, 12418025, 13984825,
    8345014, 15682675, 8876912, 9528191, 4196250, 14196750, 9422326, 10008660, 4336740, 10541984,
    4503168, 4700502, 2794122, 12923100, 8409308, 8943252, 4449618, 9430882, 4591998, 4759542,
    2839140, 9913676, 4720068, 4896072, 2891520, 5055372, 2952486, 3023469, 3332600, 11831400,
    7549616, 8041896, 3913452, 8493194, 4041792, 4192740, 2849202, 9052868, 4157712, 4316796,
    2892114, 4461408, 2941794, 2999322, 3351085, 8112390, 4289328, 4431996, 2930436, 4561092,
    2981592, 3040866, 3372365, 4677912, 3027456, 3088746, 3396865, 3143934, 3425075, 3457560,
    4194304, 13176688, 11350875, 12843325, 7508696, 14644075, 8012074, 8628850, 3710646, 13246350,
    8658672, 9216889, 3843648, 9725785, 4001220, 4188078, 2409948, 12048300, 7719310, 8226253,
    4023054, 8690385, 4158018, 4316814, 2453022, 9239054, 4279680, 4446792, 2503134, 4598388,
    2561454, 2629350, 2744355, 11021400, 6922114, 7388137, 3533544, 7816557, 3654468, 3796668,
    2521404, 8429706, 3763980, 3914172, 2562048, 4051080, 2609082, 2663523, 2762840, 7546330,
    3934764, 4070268, 2598426, 4193100, 2646936, 2703123, 2784120, 4304448, 2690532, 2748735,
    2808620, 2801277, 2836830, 2869315, 4194304, 10141200, 6245446, 6678919, 3125088, 7078943,
    3235644, 3365604, 2168334, 7744792, 3336192, 3473928, 2204442, 3600036, 2246184, 2294451,
    2814475, 6924160, 3546288, 3671928, 2236932, 3786120, 2280150, 2330163, 2830355, 3889908,
    2319210, 2371239, 2848555, 2418489, 2869415, 2893325, 4194304, 6240300, 3120660, 3233268,
    2322702, 3336012, 2360394, 2403864, 2844520, 3429756, 2394306, 2439216, 2863080, 2479788,
    2884360, 2908760, 4194304, 3616344, 2424816, 2471040, 2879680, 2512800, 2901440, 2926400,
    4194304, 2550528, 2920960, 2946560, 4194304, 2969600, 4194304, 4194304, 16777216,
];

/// [`MASK_NUMERATORS`].
pub fn mask_numerators() -> &'static [u64; 256] {
    &MASK_NUMERATORS
}

/// The dynamic programme over the 8! permutations that produced [`MASK_NUMERATORS`] (about
/// 15 ms in a release build, too slow for every run; a test checks the table against it).
#[cfg(test)]
fn mask_numerators_by_dp() -> [u64; 256] {
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
}

/// 8!: the permutations of the eight directions.
#[cfg(test)]
const PERMUTATIONS: usize = 40320;

/// The rank of a permutation of 0..8 in lexicographic order (its Lehmer code).
#[cfg(test)]
fn rank(p: &[u8; 8]) -> usize {
    let mut r = 0;
    for i in 0..8 {
        let smaller_after = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (8 - i) + smaller_after;
    }
    r
}

/// The permutation of 0..8 with lexicographic rank `r`.
#[cfg(test)]
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
        assert_eq!(mask_probability_exact(0x00), Ratio::new(1, 100));
        assert_eq!(mask_probability_exact(0xFF), Ratio::new(1, 100));
        assert_eq!(mask_probability_exact(0x01), Ratio::new(1, 100));
        assert_eq!(mask_probability_exact(0x02), Ratio::new(2658551, 209715200));
        assert_eq!(mask_probability_exact(0x80), Ratio::new(823543, 104857600));
        assert_eq!(mask_probability_exact(0xC7), Ratio::new(1084167, 838860800));
        let total: u64 = mask_numerators().iter().sum();
        assert_eq!(total, MASK_DENOMINATOR);
    }

    #[test]
    fn the_mask_table_is_what_the_permutation_dp_computes() {
        assert_eq!(mask_numerators_by_dp(), MASK_NUMERATORS);
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
