//! Card notation a player types: a type letter (`P`, `M`, `X`, `A`) and a card, either as the
//! in-game digits (`8X35`) or as exact stats (`138/X/53/90`, `0x8A/X/0x35/3?`).

use crate::model::CardType;
use crate::rules::battle::{Fighter, Stat};
use std::fmt;
use std::str::FromStr;

/// Text that is not a type letter or not a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// The text as given.
    pub text: String,
    /// What was expected.
    pub expected: &'static str,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not {}", self.text.escape_debug(), self.expected)
    }
}

impl std::error::Error for NotationError {}

/// What a type is written as.
pub const TYPE_EXPECTED: &str = "a type: use P, M, X or A";

/// What a card is written as.
pub const CARD_EXPECTED: &str = "a card: write the in-game digits like 8X35 (attack digit, type \
     P/M/X/A, pdef digit, mdef digit) or exact stats like 138/X/53/90 (atk/type/pdef/mdef, \
     0-255 each)";

/// Parses one type letter, any case, surrounding spaces ignored.
pub fn parse_type(text: &str) -> Result<CardType, NotationError> {
    let mut chars = text.trim().chars();
    match (chars.next().and_then(CardType::from_letter), chars.next()) {
        (Some(t), None) => Ok(t),
        _ => Err(NotationError { text: text.to_string(), expected: TYPE_EXPECTED }),
    }
}

/// Parses a card written as in-game digits (`8X35`) or exact stats (`138/X/53/90`).
pub fn parse_card(text: &str) -> Result<Fighter, NotationError> {
    let bad = || NotationError { text: text.to_string(), expected: CARD_EXPECTED };
    let s = text.trim();
    if s.contains('/') {
        let parts: Vec<&str> = s.split('/').collect();
        let [atk, t, pdef, mdef] = parts[..] else { return Err(bad()) };
        let stat = |p: &str| parse_stat(p.trim()).ok_or_else(bad);
        return Ok(Fighter {
            atk: stat(atk)?,
            card_type: parse_type(t).map_err(|_| bad())?,
            pdef: stat(pdef)?,
            mdef: stat(mdef)?,
        });
    }
    let chars: Vec<char> = s.chars().collect();
    let [a, t, p, m] = chars[..] else { return Err(bad()) };
    let digit = |c: char| c.to_digit(16).map(|d| Stat::Digit(d as u8)).ok_or_else(bad);
    Ok(Fighter {
        atk: digit(a)?,
        card_type: CardType::from_letter(t).ok_or_else(bad)?,
        pdef: digit(p)?,
        mdef: digit(m)?,
    })
}

/// One stat of the exact syntax: decimal, `0x` hex, or a hex digit and `?`.
fn parse_stat(s: &str) -> Option<Stat> {
    if let Some(d) = s.strip_suffix('?') {
        let mut chars = d.chars();
        return match (chars.next(), chars.next()) {
            (Some(c), None) => c.to_digit(16).map(|d| Stat::Digit(d as u8)),
            _ => None,
        };
    }
    let value = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u8::from_str_radix(hex, 16).ok()?,
        None => s.parse::<u8>().ok()?,
    };
    Some(Stat::Exact(value))
}

impl FromStr for Fighter {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_card(s)
    }
}

impl FromStr for CardType {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_type(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_one_letter() {
        assert_eq!("x".parse::<CardType>(), Ok(CardType::Flexible));
        assert_eq!(" A ".parse::<CardType>(), Ok(CardType::Assault));
        for bad in ["", "PX", "Q", "1"] {
            assert!(bad.parse::<CardType>().unwrap_err().to_string().contains("P, M, X or A"));
        }
    }

    #[test]
    fn parses_digits_and_exact_stats() {
        let f: Fighter = "8x35".parse().unwrap();
        assert_eq!(f.atk, Stat::Digit(8));
        assert_eq!(f.card_type, CardType::Flexible);
        assert_eq!((f.pdef, f.mdef), (Stat::Digit(3), Stat::Digit(5)));
        // The type letter A is not read as a hex digit: position 2 is always the type.
        assert_eq!(parse_card("FAFF").unwrap().card_type, CardType::Assault);
        let e = parse_card(" 138/X/53/90 ").unwrap();
        assert_eq!((e.atk, e.pdef, e.mdef), (Stat::Exact(138), Stat::Exact(53), Stat::Exact(90)));
        let h = parse_card("0x8A/m/0X35/3?").unwrap();
        assert_eq!(
            (h.atk, h.card_type, h.pdef, h.mdef),
            (Stat::Exact(138), CardType::Magic, Stat::Exact(53), Stat::Digit(3))
        );
        for bad in [
            "",
            "8X3",
            "8X355",
            "8Q35",
            "G X35",
            "256/P/1/1",
            "1/P/1",
            "1/P/1/1/1",
            "1/PX/1/1",
            "1/P/-1/1",
            "1/P/12?/1",
            "ÿXÿÿ",
        ] {
            let e = parse_card(bad).unwrap_err().to_string();
            assert!(e.contains("8X35") && e.contains("138/X/53/90"), "{bad}");
        }
    }
}
