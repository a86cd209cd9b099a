//! The game's one-byte character tables, used for names and places in PlayStation saves: the
//! Western one (US and PAL releases) and the Japanese one (`data/charset.csv`, whose sources
//! and gaps `data/charset.md` gives).
//!
//! 0xFF ends a text; the bytes after it are stale. In Japanese text 0xFA, 0xFB and 0xFC each
//! start a kanji, the byte after it choosing the kanji in a table no source gives as
//! characters: such a kanji is shown as [`KANJI_SHOWN`]. Other codes a table does not cover
//! are shown as `\xNN`.

/// Each code's character, Western then Japanese; `'\0'` where the sources give none.
const TABLES: [[char; 2]; 0xFF] = include!(concat!(env!("OUT_DIR"), "/charset.rs"));

/// The byte that ends a name or a place.
pub const END: u8 = 0xFF;

/// The bytes that start a kanji in Japanese text (the byte after each chooses the kanji).
pub const KANJI_PREFIXES: [u8; 3] = [0xFA, 0xFB, 0xFC];

/// What is shown for a kanji: the geta mark, the sign Japanese print uses for a character it
/// cannot show.
pub const KANJI_SHOWN: char = '〓';

/// Which of the game's tables a save's text is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    /// The US and PAL releases.
    Western,
    /// The Japanese release.
    Japanese,
}

impl Table {
    /// The table of a release by its save name's region prefix: `BI` is Japanese.
    pub fn for_region(prefix: Option<&str>) -> Table {
        if prefix == Some("BI") {
            Table::Japanese
        } else {
            Table::Western
        }
    }

    /// The most characters a party member's name has: 6 in Japanese, 7 elsewhere (the game's
    /// name entry; the genuine saves hold ベアトリクス and Beatrix, each at its limit).
    pub fn name_len(self) -> usize {
        match self {
            Table::Western => 7,
            Table::Japanese => 6,
        }
    }

    /// The character of `code`, if the table covers it.
    pub fn char(self, code: u8) -> Option<char> {
        let c = TABLES.get(usize::from(code))?[self as usize];
        (c != '\0').then_some(c)
    }

    /// The code of `c`, if the table has it.
    pub fn code(self, c: char) -> Option<u8> {
        if c == '\0' {
            return None;
        }
        TABLES.iter().position(|t| t[self as usize] == c).map(|p| p as u8)
    }
}

/// A text read from a save.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Decoded {
    /// The characters, with [`KANJI_SHOWN`] for each kanji and `\xNN` for each uncovered code.
    pub text: String,
    /// Codes the table does not cover (shown as `\xNN`).
    pub uncovered: usize,
    /// Kanji (a prefix byte and the byte after it), shown as [`KANJI_SHOWN`].
    pub kanji: usize,
    /// False when no 0xFF ended the text within `max_chars` characters or the field.
    pub ended: bool,
}

/// Decodes a text of at most `max_chars` characters from `bytes`, up to the first 0xFF.
pub fn decode(bytes: &[u8], table: Table, max_chars: usize) -> Decoded {
    let mut out = Decoded::default();
    let mut chars = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == END {
            out.ended = true;
            return out;
        }
        if chars == max_chars {
            return out;
        }
        chars += 1;
        i += 1;
        if table == Table::Japanese && KANJI_PREFIXES.contains(&b) {
            // The prefix and the kanji's byte; a prefix cut off by the field's end or by the
            // end mark is still one kanji the reader cannot show.
            if bytes.get(i).is_some_and(|&k| k != END) {
                i += 1;
            }
            out.kanji += 1;
            out.text.push(KANJI_SHOWN);
            continue;
        }
        match table.char(b) {
            Some(c) => out.text.push(c),
            None => {
                out.uncovered += 1;
                out.text.push_str(&format!("\\x{b:02X}"));
            }
        }
    }
    out
}

/// Encodes text in `table`, padded with 0xFF to `len` bytes (characters without a code are
/// skipped; text longer than `len` is cut).
pub fn encode_in(text: &str, table: Table, len: usize) -> Vec<u8> {
    let mut out: Vec<u8> = text.chars().filter_map(|c| table.code(c)).take(len).collect();
    out.resize(len, END);
    out
}

/// Encodes text in the Western table, padded with 0xFF to `len` bytes.
pub fn encode(text: &str, len: usize) -> Vec<u8> {
    encode_in(text, Table::Western, len)
}

/// [`encode`] into a fixed-width field of `N` bytes.
pub fn encode_array<const N: usize>(text: &str) -> [u8; N] {
    let bytes = encode(text, N);
    // `encode` pads (or cuts) to exactly N bytes.
    std::array::from_fn(|i| bytes.get(i).copied().unwrap_or(END))
}

/// True when a name is the game's mark for a party member not named yet: question marks
/// only. The game keeps them in the name until the player names the character (every genuine
/// early save holds them for Vivi: six in English, German, Italian and Japanese, three in
/// French, seven in Spanish).
pub fn not_named_yet(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c == '?')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &[u8], table: Table) -> String {
        decode(bytes, table, 28).text
    }

    #[test]
    fn zidane_from_the_spec_example() {
        let d = decode(&[0x29, 0x38, 0x33, 0x30, 0x3D, 0x34, 0xFF, 0xFF], Table::Western, 7);
        assert_eq!(d, Decoded { text: "Zidane".into(), uncovered: 0, kanji: 0, ended: true });
        assert_eq!(encode("Zidane", 8), vec![0x29, 0x38, 0x33, 0x30, 0x3D, 0x34, 0xFF, 0xFF]);
    }

    #[test]
    fn uncovered_bytes_are_shown_as_hex() {
        let d = decode(&[0x10, 0x94, 0xB2], Table::Western, 28);
        assert_eq!((d.text.as_str(), d.uncovered, d.ended), ("A\\x94\\xB2", 2, false));
        assert_eq!(text(&[0xF7, 0xA6], Table::Japanese), "\\xF7ア");
    }

    #[test]
    fn bytes_after_the_end_mark_are_stale() {
        // The genuine French save: Vivi's "???" then 0xFF, then "Gren" left from before.
        let d = decode(&[0x2C, 0x2C, 0x2C, 0xFF, 0x16, 0x41, 0x34, 0x3D], Table::Western, 7);
        assert_eq!((d.text.as_str(), d.ended), ("???", true));
    }

    #[test]
    fn a_name_stops_at_its_length_without_an_end_mark() {
        let bytes = [0xDB, 0xA6, 0xC8, 0xEF, 0xB2, 0xBC, 0xA6, 0xFF];
        let d = decode(&bytes, Table::Japanese, Table::Japanese.name_len());
        assert_eq!((d.text.as_str(), d.ended), ("ベアトリクス", false));
        // In the Western table 0xA6 is ★ and the other five are uncovered: seven characters.
        let d = decode(&bytes, Table::Western, 7);
        assert_eq!((d.text.as_str(), d.uncovered), ("\\xDB★\\xC8\\xEF\\xB2\\xBC★", 5));
    }

    #[test]
    fn japanese_places_and_names_of_the_genuine_save() {
        let place = [0xA6, 0xF1, 0xB2, 0xBA, 0xF5, 0xCD, 0xEF, 0xA6, 0xFF];
        assert_eq!(text(&place, Table::Japanese), "アレクサンドリア");
        assert_eq!(text(&[0xC9, 0xB5, 0x55, 0xFF], Table::Japanese), "ダガー");
        assert_eq!(text(&[0x2C; 6], Table::Japanese), "??????");
        assert_eq!(encode_in("ダガー", Table::Japanese, 4), vec![0xC9, 0xB5, 0x55, 0xFF]);
    }

    #[test]
    fn a_kanji_is_its_prefix_and_the_next_byte_shown_as_one_mark() {
        // ア, レ, a kanji, then a prefix cut off by the end mark.
        let bytes = [0xA6, 0xF1, 0xFA, 0x10, 0xFB, 0xFF, 0xFC, 0x00, 0xFF];
        let d = decode(&bytes, Table::Japanese, 28);
        assert_eq!((d.text.as_str(), d.kanji, d.uncovered), ("アレ〓〓", 2, 0));
        // The 0xFF after 0xFB is the end mark, not the kanji's byte: the prefix alone counts.
        assert!(d.ended);
        let d = decode(&[0xFA, 0x10, 0xFC], Table::Japanese, 28);
        assert_eq!((d.text.as_str(), d.kanji, d.ended), ("〓〓", 2, false));
        // In Western text the same bytes are no prefix.
        assert_eq!(decode(&[0xFA, 0x10], Table::Western, 28).text, "\\xFAA");
    }

    #[test]
    fn the_japanese_table_follows_the_syllabary() {
        // Hiragana 0x56..0xA5, katakana 0xA6..0xF5: the same kana 0x50 codes apart, and 0x60
        // apart in Unicode.
        for code in 0x56..=0xA5u8 {
            let h = Table::Japanese.char(code).unwrap();
            let k = Table::Japanese.char(code + 0x50).unwrap();
            assert!(('ぁ'..='ゖ').contains(&h), "{code:#04X} {h}");
            assert_eq!(u32::from(k), u32::from(h) + 0x60, "{code:#04X}");
        }
        assert_eq!(Table::Japanese.char(0xF6), Some('ヴ'));
        // 247 codes: 0x00..0xF6; the Western rows up to 0x4F.
        assert_eq!((0..0xFF).filter(|&c| Table::Japanese.char(c).is_some()).count(), 247);
        for code in 0..0x50 {
            assert_eq!(Table::Japanese.char(code), Table::Western.char(code), "{code:#04X}");
        }
        for code in KANJI_PREFIXES {
            assert_eq!(Table::Japanese.char(code), None);
        }
    }

    #[test]
    fn question_marks_only_mean_not_named_yet() {
        for name in ["???", "??????", "???????"] {
            assert!(not_named_yet(name), "{name}");
        }
        for name in ["", "Vivi", "?Vivi", "ビビ"] {
            assert!(!not_named_yet(name), "{name}");
        }
    }
}
