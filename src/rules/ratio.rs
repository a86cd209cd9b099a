//! Exact fractions for the odds (battle, dice, card creation).

use serde::Serialize;
use std::fmt;

/// A non-negative fraction `num / den`, always in lowest terms with `den > 0`.
///
/// Our own type rather than `num-rational`: the odds need only construction, equality, `1 − p`,
/// display and `f64`, on u128 (6³⁰ outcomes of the dice), which is a few lines; the fields are
/// private so [`Ratio::new`] is the only way in and the invariant (reduced, positive
/// denominator, hence one representation per value and a derived `Eq` that is exact) holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: u128,
    den: u128,
}

impl Ratio {
    /// `num / den` in lowest terms. Panics if `den` is 0 (callers pass constants or counts).
    pub fn new(num: u128, den: u128) -> Ratio {
        assert!(den != 0, "a ratio's denominator must not be 0");
        let g = gcd(num, den);
        Ratio { num: num / g, den: den / g }
    }

    /// The numerator (in lowest terms).
    pub fn num(self) -> u128 {
        self.num
    }

    /// The denominator (in lowest terms, never 0).
    pub fn den(self) -> u128 {
        self.den
    }

    /// `1 − self`, clamped at 0 for a ratio above 1.
    pub fn complement(self) -> Ratio {
        Ratio::new(self.den - self.num.min(self.den), self.den)
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

/// A fraction is written `"num/den"`, in lowest terms.
#[cfg(feature = "json-schema")]
impl schemars::JsonSchema for Ratio {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Ratio".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "An exact fraction, \"numerator/denominator\" in lowest terms.",
            "type": "string",
            "pattern": "^[0-9]+/[1-9][0-9]*$"
        })
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
