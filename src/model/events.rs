//! The game's global event variables (`gEventGlobal`), which every save keeps: the scenario
//! counter (how far the story has gone) and the flags of fixed pickups already taken.
//!
//! Offsets are PlayStation block offsets, as guides and save editors give them: the 2048
//! bytes start at block offset 0x1C0 (byte X of the block is byte X − 0x1C0 of the variables,
//! also in the PC and Switch saves).

/// Bytes of `gEventGlobal`.
pub const EVENT_GLOBAL_LEN: usize = 2048;
/// The block offset of the first byte of `gEventGlobal` on PlayStation.
pub const EVENT_BLOCK_OFFSET: usize = 0x1C0;
/// The scenario counter ranges of discs 1..4 (game-tools-collection's hint text; the genuine
/// saves agree: 1155 early on disc 1, 9410–9950 on disc 3, 11740 on disc 4).
pub const DISC_SCENARIO: [(u16, u16); 4] =
    [(1000, 3899), (3900, 6989), (6990, 10994), (11090, 11770)];

/// The event variables read from a save (at most [`EVENT_GLOBAL_LEN`] bytes; fewer when the
/// save held a short copy, then the flags past its end are unknown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventFlags {
    bytes: Vec<u8>,
}

impl EventFlags {
    /// The variables from their bytes; anything past [`EVENT_GLOBAL_LEN`] is dropped.
    pub fn new(mut bytes: Vec<u8>) -> EventFlags {
        bytes.truncate(EVENT_GLOBAL_LEN);
        EventFlags { bytes }
    }

    /// Bytes read (2048 for a complete copy).
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// True when no byte was read.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The byte at PlayStation block offset `offset`, if read.
    pub fn byte(&self, offset: usize) -> Option<u8> {
        self.bytes.get(offset.checked_sub(EVENT_BLOCK_OFFSET)?).copied()
    }

    /// Bit `bit` (0 = least significant) of the byte at block offset `offset`, if read.
    pub fn flag(&self, offset: usize, bit: u8) -> Option<bool> {
        (bit < 8).then_some(())?;
        Some(self.byte(offset)? >> bit & 1 == 1)
    }

    /// The scenario counter: the first 16-bit little-endian value.
    pub fn scenario(&self) -> Option<u16> {
        match self.bytes.as_slice() {
            [lo, hi, ..] => Some(u16::from_le_bytes([*lo, *hi])),
            _ => None,
        }
    }

    /// The disc the story is on, from the scenario counter ([`story_disc`]).
    pub fn disc(&self) -> Option<u8> {
        self.scenario().map(story_disc)
    }
}

/// The disc whose range holds a scenario counter, if one does ([`DISC_SCENARIO`]).
pub fn disc_of_scenario(scenario: u16) -> Option<u8> {
    DISC_SCENARIO.iter().position(|&(lo, hi)| (lo..=hi).contains(&scenario)).map(|d| d as u8 + 1)
}

/// The disc the story is on for any counter: its range's disc, and between two ranges (or
/// before the first) the disc of the last range started, since the counter only grows.
pub fn story_disc(scenario: u16) -> u8 {
    DISC_SCENARIO.iter().rposition(|&(lo, _)| scenario >= lo).map_or(1, |d| d as u8 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discs_follow_the_ranges_and_gaps_stay_on_the_disc_begun() {
        assert_eq!(story_disc(0), 1);
        assert_eq!(story_disc(1155), 1);
        assert_eq!(story_disc(3899), 1);
        assert_eq!(story_disc(3900), 2);
        assert_eq!(story_disc(9950), 3);
        assert_eq!(story_disc(11000), 3);
        assert_eq!(disc_of_scenario(11000), None);
        assert_eq!(story_disc(11740), 4);
        assert_eq!(disc_of_scenario(11740), Some(4));
    }

    #[test]
    fn flags_are_block_offsets_and_short_copies_leave_the_rest_unknown() {
        let mut bytes = vec![0u8; 0x600 - EVENT_BLOCK_OFFSET];
        bytes[0x574 - EVENT_BLOCK_OFFSET] = 0b1000_0010;
        let e = EventFlags::new(bytes);
        assert_eq!(e.flag(0x574, 7), Some(true));
        assert_eq!(e.flag(0x574, 1), Some(true));
        assert_eq!(e.flag(0x574, 6), Some(false));
        assert_eq!(e.flag(0x574, 8), None);
        assert_eq!(e.flag(0x600, 0), None);
        assert_eq!(e.flag(0x100, 0), None);
        assert_eq!(e.scenario(), Some(0));
        assert_eq!(EventFlags::new(vec![1]).scenario(), None);
    }
}
