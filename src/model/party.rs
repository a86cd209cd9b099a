//! The party members a save names, and how a leader not named yet is said.

use serde::Serialize;
use std::fmt;

/// The eight party members the player names, in the order the save keeps their records
/// (Beatrix's record, the ninth, follows; the game names her itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum PartyMember {
    /// Record 1.
    Zidane,
    /// Record 2.
    Vivi,
    /// Record 3.
    Dagger,
    /// Record 4.
    Steiner,
    /// Record 5.
    Freya,
    /// Record 6 (held by Cinna early in the story).
    Quina,
    /// Record 7 (held by Marcus early in the story).
    Eiko,
    /// Record 8 (held by Blank early in the story).
    Amarant,
}

impl PartyMember {
    /// The member the player names whose record is `index` (0-based), if any: a record that
    /// other characters borrow early in the story (Cinna, Marcus, Blank) is its named
    /// member's, since those three never go unnamed.
    pub fn from_record(index: u8) -> Option<PartyMember> {
        use PartyMember::*;
        [Zidane, Vivi, Dagger, Steiner, Freya, Quina, Eiko, Amarant]
            .get(usize::from(index))
            .copied()
    }

    /// The name the English release gives by default.
    pub fn name(self) -> &'static str {
        match self {
            PartyMember::Zidane => "Zidane",
            PartyMember::Vivi => "Vivi",
            PartyMember::Dagger => "Dagger",
            PartyMember::Steiner => "Steiner",
            PartyMember::Freya => "Freya",
            PartyMember::Quina => "Quina",
            PartyMember::Eiko => "Eiko",
            PartyMember::Amarant => "Amarant",
        }
    }
}

impl fmt::Display for PartyMember {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a leader the player has not named yet is written, e.g. "Vivi (not named yet)": the
/// save holds question marks in place of the name, which would read as an unknown.
pub fn not_named_yet(who: Option<PartyMember>) -> String {
    match who {
        Some(p) => format!("{p} (not named yet)"),
        None => "leader not named yet".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_name_their_member() {
        assert_eq!(PartyMember::from_record(1), Some(PartyMember::Vivi));
        assert_eq!(PartyMember::from_record(7), Some(PartyMember::Amarant));
        // Beatrix's record, and indices past the nine records (9 and up mark an empty place).
        assert_eq!(PartyMember::from_record(8), None);
        assert_eq!(PartyMember::from_record(9), None);
        assert_eq!(not_named_yet(Some(PartyMember::Vivi)), "Vivi (not named yet)");
        assert_eq!(not_named_yet(None), "leader not named yet");
    }
}
