//! FF9's own one-byte character set (US/EU), used for names in PlayStation saves.

/// Decodes FF9-charset bytes up to the first 0xFF; unmapped bytes are shown as `\xNN`.
pub fn decode(bytes: &[u8]) -> String {
    bytes.iter().take_while(|&&b| b != 0xFF).map(|&b| format!("\\x{b:02X}")).collect()
}
