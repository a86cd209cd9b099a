//! Shift-JIS as the WHATWG Encoding Standard defines it (Windows' code page 932, which PS1 save
//! titles use), decoded with one table of its two-byte characters: `sjis.bin`, 11,280 big-endian
//! UTF-16 units (0 where a pair has no character), one per lead byte (0x81..=0x9F,
//! 0xE0..=0xFC) and trail byte (0x40..=0x7E, 0x80..=0xFC), in the standard's pointer order.
//!
//! The table is what `encoding_rs` decodes for each pair; `the_table_is_encoding_rs_s` checks it
//! and rewrites it under `UPDATE_SJIS=1`. Reading titles with it rather than with `encoding_rs`
//! keeps every other encoding's tables out of the web page's WebAssembly: `encoding_rs` decodes
//! through one dispatch over all its encodings, so all of them were linked in (about a third of
//! the page's download).

/// The two-byte characters, by pointer.
static TABLE: &[u8; 2 * POINTERS] = include_bytes!("sjis.bin");

/// Lead bytes × trail bytes.
const POINTERS: usize = 60 * 188;

/// The character of pointer `p`, if any.
fn two_byte(p: usize) -> Option<char> {
    let unit = u16::from_be_bytes([TABLE[2 * p], TABLE[2 * p + 1]]);
    (unit != 0).then(|| char::from_u32(u32::from(unit))).flatten()
}

/// The pointer of a lead and a trail byte (both in range), as the standard computes it.
fn pointer(lead: u8, trail: u8) -> Option<usize> {
    let lead_offset = match lead {
        0x81..=0x9F => 0x81,
        0xE0..=0xFC => 0xC1,
        _ => return None,
    };
    let trail_offset = match trail {
        0x40..=0x7E => 0x40,
        0x80..=0xFC => 0x41,
        _ => return None,
    };
    Some(usize::from(lead - lead_offset) * 188 + usize::from(trail - trail_offset))
}

/// Decodes `bytes`: the text, and whether some bytes did not decode (each shown as U+FFFD).
pub fn decode(bytes: &[u8]) -> (String, bool) {
    let mut out = String::with_capacity(bytes.len() * 3 / 2);
    let mut errors = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        i += 1;
        match b {
            0x00..=0x80 => out.push(char::from(b)),
            0xA1..=0xDF => {
                out.push(char::from_u32(0xFF61 - 0xA1 + u32::from(b)).unwrap_or('\u{FFFD}'))
            }
            0x81..=0x9F | 0xE0..=0xFC => {
                let Some(&trail) = bytes.get(i) else {
                    errors = true;
                    out.push('\u{FFFD}');
                    break;
                };
                match pointer(b, trail).and_then(two_byte) {
                    Some(c) => {
                        out.push(c);
                        i += 1;
                    }
                    None => {
                        errors = true;
                        out.push('\u{FFFD}');
                        // An ASCII trail byte is read again on its own.
                        if trail >= 0x80 {
                            i += 1;
                        }
                    }
                }
            }
            _ => {
                errors = true;
                out.push('\u{FFFD}');
            }
        }
    }
    (out, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table as `encoding_rs` decodes each pair.
    fn table() -> Vec<u8> {
        let mut out = vec![0u8; 2 * POINTERS];
        for lead in (0x81..=0x9Fu8).chain(0xE0..=0xFC) {
            for trail in (0x40..=0x7Eu8).chain(0x80..=0xFC) {
                let pair = [lead, trail];
                let (text, bad) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(&pair);
                let mut chars = text.chars();
                if let (false, Some(c), None) = (bad, chars.next(), chars.next()) {
                    let unit = u16::try_from(u32::from(c)).expect("Shift-JIS stays in the BMP");
                    let p = pointer(lead, trail).unwrap();
                    out[2 * p..2 * p + 2].copy_from_slice(&unit.to_be_bytes());
                }
            }
        }
        out
    }

    #[test]
    fn the_table_is_encoding_rs_s() {
        let want = table();
        if std::env::var_os("UPDATE_SJIS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/container/sjis.bin");
            std::fs::write(path, &want).unwrap();
        }
        assert!(TABLE[..] == want[..], "src/container/sjis.bin is stale: run with UPDATE_SJIS=1");
        // Rows 1 to 84 of JIS X 0208 and the extensions: most pairs are characters.
        let mapped = want.chunks(2).filter(|u| u != &[0, 0]).count();
        assert!((9000..POINTERS).contains(&mapped), "{mapped} characters");
    }

    fn same_as_encoding_rs(bytes: &[u8]) {
        let (text, bad) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
        assert_eq!(decode(bytes), (text.into_owned(), bad), "{bytes:02X?}");
    }

    #[test]
    fn every_byte_and_pair_decodes_as_encoding_rs_decodes_it() {
        for a in 0..=255u8 {
            same_as_encoding_rs(&[a]);
            for b in 0..=255u8 {
                same_as_encoding_rs(&[a, b]);
            }
        }
    }

    #[test]
    fn random_byte_strings_decode_as_encoding_rs_decodes_them() {
        // A fixed xorshift sequence, biased to lead bytes, so a failure can be replayed.
        let mut x = 0x2545_F491u32;
        for _ in 0..50_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let len = (x % 9) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|k| {
                    let v = x.rotate_left(k as u32 * 7);
                    if v & 3 == 0 {
                        0x81 + (v >> 8) as u8 % 0x1F
                    } else {
                        (v >> 16) as u8
                    }
                })
                .collect();
            same_as_encoding_rs(&bytes);
        }
    }
}
