//! FF9's own one-byte character set (US/EU), used for names in PlayStation saves.
//!
//! 0xFF ends a string. Japanese saves use another table (not known): callers show those as hex.

/// The characters of codes 0x00..0xB1 (`\0` marks an unmapped code).
const TABLE: [char; 0xB2] = [
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '-', '*', '=', '%', ' ', //
    'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', //
    'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', '(', '!', '?', '“', ':', '.', //
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', //
    'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', ')', ',', '/', '•', '~', '&', //
    'Á', 'À', 'Â', 'Ä', 'É', 'È', 'Ê', 'Ë', 'Í', 'Ì', 'Î', 'Ï', 'Ó', 'Ò', 'Ô', 'Ö', //
    'Ú', 'Ù', 'Û', 'Ü', 'á', 'à', 'â', 'ä', 'é', 'è', 'ê', 'ë', 'í', 'ì', 'î', 'ï', //
    'ó', 'ò', 'ô', 'ö', 'ú', 'ù', 'û', 'ü', 'Ç', 'Ñ', 'ç', 'ñ', 'Œ', 'ß', '’', '”', //
    '_', '】', '【', '∴', '∵', '♪', '→', '∈', 'ⅹ', '♦', '§', '‹', '›', '←', '∋', '↑', //
    '△', '□', '∞', '♥', '\0', '\0', '\0', '\0', '\0', '\0', '\0', '\0', '\0', '\0', '\0',
    '\0', //
    '\0', '≪', '≫', '↓', '─', '°', '★', '♂', '♀', '☺', '\0', '„', '‘', '#', '※', ';', //
    '¡', '¿',
];

/// Decodes FF9-charset bytes up to the first 0xFF. Unmapped bytes become `\xNN`; the second
/// value is true when any byte was unmapped.
pub fn decode(bytes: &[u8]) -> (String, bool) {
    let mut out = String::new();
    let mut unmapped = false;
    for &b in bytes.iter().take_while(|&&b| b != 0xFF) {
        match TABLE.get(b as usize) {
            Some(&c) if c != '\0' => out.push(c),
            _ => {
                unmapped = true;
                out.push_str(&format!("\\x{b:02X}"));
            }
        }
    }
    (out, unmapped)
}

/// Encodes text in the FF9 charset, padded with 0xFF to `len` bytes (characters without a
/// code are skipped; text longer than `len` is cut).
pub fn encode(text: &str, len: usize) -> Vec<u8> {
    let mut out: Vec<u8> = text
        .chars()
        .filter_map(|c| TABLE.iter().position(|&t| t == c && c != '\0').map(|p| p as u8))
        .take(len)
        .collect();
    out.resize(len, 0xFF);
    out
}

/// [`encode`] into a fixed-width field of `N` bytes.
pub fn encode_array<const N: usize>(text: &str) -> [u8; N] {
    let bytes = encode(text, N);
    // `encode` pads (or cuts) to exactly N bytes.
    std::array::from_fn(|i| bytes.get(i).copied().unwrap_or(0xFF))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zidane_from_the_spec_example() {
        let (s, bad) = decode(&[0x29, 0x38, 0x33, 0x30, 0x3D, 0x34, 0xFF, 0xFF]);
        assert_eq!(s, "Zidane");
        assert!(!bad);
        assert_eq!(encode("Zidane", 8), vec![0x29, 0x38, 0x33, 0x30, 0x3D, 0x34, 0xFF, 0xFF]);
    }

    #[test]
    fn unmapped_bytes_are_shown_as_hex() {
        assert_eq!(decode(&[0x10, 0x94, 0xB2]), ("A\\x94\\xB2".to_string(), true));
    }
}
