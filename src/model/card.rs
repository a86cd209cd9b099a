//! A card as a save stores it: its type, its stats and arrows, and the in-game digits.

use serde::Serialize;
use std::fmt;

/// A card's battle type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardType {
    /// P: attacks the physical defence.
    Physical,
    /// M: attacks the magical defence.
    Magic,
    /// X (flexible): attacks the lower defence.
    Flexible,
    /// A (assault): attacks with its highest stat against the lowest.
    Assault,
    /// A type code the game does not define (an edited or damaged save).
    Unknown(u8),
}

impl CardType {
    /// From the save's type code (0 P, 1 M, 2 X, 3 A).
    pub fn from_code(code: u32) -> CardType {
        match code {
            0 => CardType::Physical,
            1 => CardType::Magic,
            2 => CardType::Flexible,
            3 => CardType::Assault,
            other => CardType::Unknown(other.min(255) as u8),
        }
    }

    /// The type code (0..3, or the unknown value).
    pub fn code(self) -> u8 {
        match self {
            CardType::Physical => 0,
            CardType::Magic => 1,
            CardType::Flexible => 2,
            CardType::Assault => 3,
            CardType::Unknown(c) => c,
        }
    }

    /// Its place among the types, 0 to 4: P, M, X, A, then every unknown code (the order the
    /// derived `Ord` gives). Indexes tables by type and sorts a page's rows by type.
    pub fn index(self) -> usize {
        match self {
            CardType::Physical => 0,
            CardType::Magic => 1,
            CardType::Flexible => 2,
            CardType::Assault => 3,
            CardType::Unknown(_) => 4,
        }
    }

    /// The letter shown in game (`P`, `M`, `X`, `A`; `?` for an unknown code).
    pub fn letter(self) -> char {
        match self {
            CardType::Physical => 'P',
            CardType::Magic => 'M',
            CardType::Flexible => 'X',
            CardType::Assault => 'A',
            CardType::Unknown(_) => '?',
        }
    }

    /// From a letter `P`, `M`, `X` or `A` (either case).
    pub fn from_letter(c: char) -> Option<CardType> {
        match c.to_ascii_uppercase() {
            'P' => Some(CardType::Physical),
            'M' => Some(CardType::Magic),
            'X' => Some(CardType::Flexible),
            'A' => Some(CardType::Assault),
            _ => None,
        }
    }
}

impl fmt::Display for CardType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Serialize for CardType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 4];
        s.serialize_str(self.letter().encode_utf8(&mut buf))
    }
}

/// A battle type is written as its letter.
#[cfg(feature = "json-schema")]
impl schemars::JsonSchema for CardType {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "CardType".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Battle type: P physical, M magical, X flexible, A assault, ? unknown (a damaged record).",
            "type": "string",
            "enum": ["P", "M", "X", "A", "?"]
        })
    }
}

/// One owned card as stored in the save. Its JSON also gives the card number people read
/// (`number`, 1..100) beside the id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardRecord {
    /// Position in the save's card list, 1-based (1..=100 in a vanilla save).
    pub slot: u16,
    /// Card id 0..99 (Goblin = 0; the catalogue number is id + 1).
    pub id: u8,
    /// Arrow mask: bit 0 = up, then clockwise.
    pub arrows: u8,
    /// Attack, 0..255.
    pub atk: u8,
    /// Battle type (`type` in JSON).
    pub card_type: CardType,
    /// Physical defence, 0..255.
    pub pdef: u8,
    /// Magical defence, 0..255.
    pub mdef: u8,
    /// The per-card point value stored on PC and Switch (absent on PlayStation).
    pub cpoint: Option<u8>,
}

/// A card as JSON: the record with its card number beside its id.
#[derive(Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "json-schema", schemars(rename = "CardRecord"))]
struct CardRecordJson {
    /// Position in the save's card list, 1-based (1..=100 in a vanilla save).
    slot: u16,
    /// Card id 0..99 (Goblin = 0).
    id: u8,
    /// Card number 1..100, as people and the game's card menu number it (the id plus one).
    number: u16,
    /// Arrow mask: bit 0 = up, then clockwise.
    arrows: u8,
    /// Attack, 0..255.
    atk: u8,
    /// Battle type.
    #[serde(rename = "type")]
    card_type: CardType,
    /// Physical defence, 0..255.
    pdef: u8,
    /// Magical defence, 0..255.
    mdef: u8,
    /// The per-card point value stored on PC and Switch (absent on PlayStation).
    cpoint: Option<u8>,
}

impl Serialize for CardRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = *self;
        CardRecordJson {
            slot: c.slot,
            id: c.id,
            number: u16::from(c.id) + 1,
            arrows: c.arrows,
            atk: c.atk,
            card_type: c.card_type,
            pdef: c.pdef,
            mdef: c.mdef,
            cpoint: c.cpoint,
        }
        .serialize(s)
    }
}

#[cfg(feature = "json-schema")]
impl schemars::JsonSchema for CardRecord {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        CardRecordJson::schema_name()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        CardRecordJson::json_schema(generator)
    }
}

/// The hex digit the game shows for a stat value.
pub fn digit(value: u8) -> u8 {
    value >> 4
}

/// The in-game string of a card, e.g. `3P2A` (atk, type, pdef, mdef digits).
pub fn display_string(card: &CardRecord) -> String {
    display_chars(card).iter().collect()
}

/// The in-game string of a card as its four characters, e.g. `['3', 'P', '2', 'A']`.
pub fn display_chars(card: &CardRecord) -> [char; 4] {
    digits_chars(digit(card.atk), card.card_type, digit(card.pdef), digit(card.mdef))
}

/// The in-game string from the three digits (0..15 each) and the type, e.g. `3P2A`.
pub fn digits_string(atk: u8, card_type: CardType, pdef: u8, mdef: u8) -> String {
    digits_chars(atk, card_type, pdef, mdef).iter().collect()
}

/// [`digits_string`] as four characters (a digit over 15 shows as `F`).
fn digits_chars(atk: u8, card_type: CardType, pdef: u8, mdef: u8) -> [char; 4] {
    let hex = |d: u8| char::from(b"0123456789ABCDEF"[usize::from(d.min(15))]);
    [hex(atk), card_type.letter(), hex(pdef), hex(mdef)]
}

/// The eight arrows, in the game's bit order (bit 0 up, then clockwise).
pub const ARROW_GLYPHS: [char; 8] = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];

/// The mark of a missing arrow in a picture.
pub const NO_ARROW: char = '·';

/// The bits of the arrows in reading order: up-left, up, up-right, left, right, down-left,
/// down, down-right.
const READING_ORDER: [u8; 8] = [7, 0, 1, 6, 2, 5, 4, 3];

/// The arrows as one line of 8 places, each arrow in its place or `·`: 0xFF is `↖↑↗←→↙↓↘`,
/// 0x81 (up and up-left) `↖↑······`.
pub fn arrows_line(mask: u8) -> String {
    let mut line = String::with_capacity(8 * '↖'.len_utf8());
    line.extend(READING_ORDER.iter().map(|&b| {
        if mask & (1 << b) != 0 {
            ARROW_GLYPHS[b as usize]
        } else {
            NO_ARROW
        }
    }));
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_game_strings_are_the_high_hex_digits_and_the_type_letter() {
        let card = |atk, card_type, pdef, mdef| CardRecord {
            slot: 1,
            id: 0,
            arrows: 0,
            atk,
            card_type,
            pdef,
            mdef,
            cpoint: None,
        };
        assert_eq!(display_string(&card(0x1F, CardType::Physical, 0x20, 0xFF)), "1P2F");
        assert_eq!(
            display_chars(&card(0x0F, CardType::Unknown(7), 0xA0, 0xC3)),
            ['0', '?', 'A', 'C']
        );
        // Digits given directly: anything over 15 shows as F.
        assert_eq!(digits_string(16, CardType::Assault, 10, 0), "FAA0");
        assert_eq!(digits_string(9, CardType::Flexible, 11, 255), "9XBF");
    }
}
