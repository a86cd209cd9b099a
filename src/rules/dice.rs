//! The board-game dice variant (sums, or counting sixes).
