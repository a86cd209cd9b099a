//! The card's geometry: the sizes of a block, a frame and a whole card image
//! (memory-card-formats §2).

/// Bytes in one block (a save is 1..=15 blocks).
pub const BLOCK_SIZE: usize = 0x2000;
/// Bytes in one frame (the card I/O unit).
pub const FRAME_SIZE: usize = 0x80;
/// Bytes in a raw 128 KiB card image.
pub const CARD_SIZE: usize = 0x20000;
