//! Exact fractions for the odds (battle, dice, card creation).

use serde::Serialize;
use std::fmt;

/// A non-negative fraction `num / den` in lowest terms (`den > 0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ratio {
    /// Numerator.
    pub num: u128,
    /// Denominator, never 0.
    pub den: u128,
}

impl Ratio {
    /// `num / den` in lowest terms. Panics if `den` is 0 (callers pass constants or counts).
    pub fn new(num: u128, den: u128) -> Ratio {
        assert!(den != 0, "a ratio's denominator must not be 0");
        let g = gcd(num, den);
        Ratio { num: num / g, den: den / g }
    }

    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// Serialised as the string `"num/den"` (JSON numbers cannot hold every u128).
impl Serialize for Ratio {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    // Most fractions here are small: u64 division is several times faster than u128.
    if let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) {
        let (mut x, mut y) = (x, y);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        return u128::from(x);
    }
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
