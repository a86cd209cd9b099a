//! Save titles: Shift-JIS (CP932) bytes → Unicode, and the full-width fold for display.
//!
//! See memory-card-formats §5.

use super::layout::until_nul;
use crate::model::{Finding, FindingKind};
use serde::Serialize;

/// A decoded title (title frame bytes 0x04..0x43).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Title {
    /// The raw bytes up to the first NUL.
    #[serde(skip)]
    pub raw: Vec<u8>,
    /// The title decoded from Shift-JIS (CP932), trailing spaces trimmed.
    pub unicode: String,
    /// The same with full-width letters, digits and punctuation folded to ASCII.
    pub folded: String,
}

/// Decodes title bytes (title frame 0x04..0x43): cut at the first NUL byte, decode as
/// CP932, trim trailing spaces, fold full-width forms. The finding reports bytes that do not
/// decode (shown as U+FFFD).
pub fn decode(bytes: &[u8]) -> (Title, Option<Finding>) {
    let raw = until_nul(bytes).to_vec();
    let (text, had_errors) = super::sjis::decode(&raw);
    let unicode = text.trim_end_matches([' ', '\u{3000}']).to_string();
    let folded = fold(&unicode);
    let finding = had_errors.then(|| {
        Finding::warning(
            FindingKind::TitleFrame,
            format!("title bytes {} are not valid Shift-JIS; shown as U+FFFD", hex(&raw)),
        )
    });
    (Title { raw, unicode, folded }, finding)
}

/// Folds full-width ASCII forms (U+FF01..U+FF5E), the ideographic space and the spec's
/// punctuation rows to ASCII; Japanese text is left alone.
pub fn fold(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            '\u{2018}' | '\u{2019}' => '\'',
            '\u{201C}' | '\u{201D}' => '"',
            '\u{2010}' => '-',
            '\u{FFE5}' => '¥',
            '\u{FFE3}' => '~',
            _ => c,
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_letters_digits_and_space_fold() {
        // "ＦＦ９／" then an ideographic space and "１２" (bytes from the spec's table).
        let bytes =
            [0x82, 0x65, 0x82, 0x65, 0x82, 0x58, 0x81, 0x5E, 0x81, 0x40, 0x82, 0x50, 0x82, 0x51];
        let (t, f) = decode(&bytes);
        assert_eq!(t.unicode, "ＦＦ９／\u{3000}１２");
        assert_eq!(t.folded, "FF9/ 12");
        assert!(f.is_none());
    }

    #[test]
    fn cut_at_first_nul_even_at_odd_offsets_and_trim() {
        let (t, _) = decode(b"ABC  \0DEF");
        assert_eq!(t.raw, b"ABC  ");
        assert_eq!(t.unicode, "ABC");
    }

    #[test]
    fn cp932_wave_dash_and_minus_and_kana_dash_kept() {
        // 0x8160 → U+FF5E → '~'; 0x817C → U+FF0D → '-'; 0x815B (ー) stays.
        let (t, _) = decode(&[0x81, 0x60, 0x81, 0x7C, 0x81, 0x5B]);
        assert_eq!(t.unicode, "～－ー");
        assert_eq!(t.folded, "~-ー");
    }

    #[test]
    fn every_row_of_the_spec_fold_table() {
        // memory-card-formats §5 step 3, in table order, then the single-row entries.
        let codes: [u16; 40] = [
            0x8143, 0x8144, 0x8146, 0x8147, 0x8148, 0x8149, 0x815E, 0x8169, 0x816A, 0x816D, 0x816E,
            0x816F, 0x8170, 0x817B, 0x817C, 0x8181, 0x8183, 0x8184, 0x8190, 0x8193, 0x8194, 0x8195,
            0x8196, 0x8197, 0x8151, 0x814F, 0x8162, 0x8160, 0x815F, 0x8140, 0x8165, 0x8166, 0x8167,
            0x8168, 0x815D, 0x818F, 0x8150, 0x824F, 0x8260, 0x829A,
        ];
        let bytes: Vec<u8> = codes.iter().flat_map(|c| c.to_be_bytes()).collect();
        let (t, f) = decode(&bytes);
        assert!(f.is_none());
        assert_eq!(t.folded, ",.:;?!/()[]{}+-=<>$%#&*@_^|~\\ ''\"\"-¥~0Az");
    }

    #[test]
    fn invalid_bytes_give_a_warning() {
        let (t, f) = decode(&[b'A', 0x82]);
        assert_eq!(t.unicode, "A\u{FFFD}");
        assert_eq!(
            f.unwrap().message,
            "title bytes 41 82 are not valid Shift-JIS; shown as U+FFFD"
        );
    }
}
