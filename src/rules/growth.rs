//! Type evolution odds (P/M → X → A) and expected battle wins.

use serde::Serialize;

/// Evolution odds as "one in n" per card battle won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EvolutionOdds {
    /// P or M becomes X with probability 1/to_x per battle won.
    pub to_x: u32,
    /// X becomes A with probability 1/to_a per battle won.
    pub to_a: u32,
}

impl EvolutionOdds {
    /// The PC/Switch engine code: 1/64 and 1/128.
    pub const ENGINE: EvolutionOdds = EvolutionOdds { to_x: 64, to_a: 128 };
    /// PlayStation-era guides: 1/32 and 1/256 (unverified for the PlayStation code).
    pub const PSX_GUIDE: EvolutionOdds = EvolutionOdds { to_x: 32, to_a: 256 };

    /// Expected battle wins from type bonus `from` (0 P/M, 1 X, 2 A) to bonus `to`.
    pub fn expected_wins(&self, from: u32, to: u32) -> u32 {
        let mut total = 0;
        if from == 0 && to >= 1 {
            total += self.to_x;
        }
        if from <= 1 && to >= 2 {
            total += self.to_a;
        }
        total
    }
}
