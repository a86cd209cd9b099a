//! A player's collection, the same for every platform, and where it came from.

use super::card::CardRecord;
use super::events::EventFlags;
use super::finding::Finding;
use super::party::{self, PartyMember};
use serde::Serialize;
use std::fmt;

/// The release a save comes from; decides the default evolution odds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Platform {
    /// PlayStation memory card save.
    PlayStation,
    /// PC (Steam) `SavedData_ww.dat`, with or without a Memoria sidecar.
    Pc,
    /// Switch (and converted) JSON save.
    Switch,
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Platform::PlayStation => "PlayStation",
            Platform::Pc => "PC",
            Platform::Switch => "Switch",
        })
    }
}

/// Where a collection's card list came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum CardSource {
    /// The save itself.
    Save,
    /// A Memoria sidecar beside the PC save, which replaces the vanilla list as the game does.
    MemoriaSidecar,
}

/// What a save shows on the load screen, where known.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SaveSummary {
    /// Party leader's name, as the save holds it (question marks for a leader not named yet).
    pub leader_name: Option<String>,
    /// False when the leader has not been named yet: the game keeps question marks in place of
    /// the name until the player gives one. `None` where the save shows no leader.
    pub leader_named: Option<bool>,
    /// Who a leader not named yet is, by the party record the leader's name is in (`None` for
    /// a named leader, or when the save does not say).
    pub unnamed_leader: Option<PartyMember>,
    /// Party leader's level.
    pub leader_level: Option<u8>,
    /// Location name.
    pub location: Option<String>,
    /// Play time in seconds.
    pub play_time_seconds: Option<f64>,
    /// Gil.
    pub gil: Option<u32>,
}

impl SaveSummary {
    /// The leader as a player reads it: the name, or who it is and that the player has not
    /// named them yet ("Vivi (not named yet)"); `None` when the save shows no leader.
    pub fn leader_label(&self) -> Option<String> {
        if self.leader_named == Some(false) {
            return Some(party::not_named_yet(self.unnamed_leader));
        }
        self.leader_name.clone().filter(|n| !n.trim().is_empty())
    }
}

/// A player's Tetra Master collection, the same for every platform.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Collection {
    /// The platform the save comes from.
    pub platform: Platform,
    /// The owned cards (empty slots skipped), in save order.
    pub cards: Vec<CardRecord>,
    /// Records the game never counts (PlayStation records 101..105 with a valid id); shown
    /// for diagnosis only.
    pub ignored_records: Vec<CardRecord>,
    /// Matches won.
    pub wins: i32,
    /// Matches lost.
    pub losses: i32,
    /// Matches drawn.
    pub draws: i32,
    /// Where the card list came from.
    pub card_source: CardSource,
    /// Load-screen summary.
    pub summary: SaveSummary,
    /// What the decoder noticed.
    pub findings: Vec<Finding>,
    /// The game's event variables (story progress, pickups taken), when the save holds them.
    #[serde(skip)]
    pub events: Option<EventFlags>,
    /// The card players beaten (`QuadmistWinList`: field map × 1000 + object id), PC and
    /// Switch saves only; at most [`MAX_PLAYERS_BEATEN`].
    #[serde(skip)]
    pub players_beaten: Option<Vec<i32>>,
}

/// The most card players a save lists as beaten (the game writes 300 entries, padded with −1).
pub const MAX_PLAYERS_BEATEN: usize = 300;

impl Collection {
    /// A collection of these cards with no counters, summary or findings (from the save itself).
    pub fn new(platform: Platform, cards: Vec<CardRecord>) -> Collection {
        Collection {
            platform,
            cards,
            ignored_records: Vec::new(),
            wins: 0,
            losses: 0,
            draws: 0,
            card_source: CardSource::Save,
            summary: SaveSummary::default(),
            findings: Vec::new(),
            events: None,
            players_beaten: None,
        }
    }

    /// The card in this 1-based slot, if the slot holds one.
    pub fn card(&self, slot: u16) -> Option<&CardRecord> {
        self.cards.iter().find(|c| c.slot == slot)
    }
}

/// `x` with `places` decimals, rounded half away from zero (`12.35`), written with integers:
/// the web page's WebAssembly then carries no floating-point formatting code (about a tenth of
/// its download). `x` is a figure of a save or a rule, far inside ±2^53.
pub fn format_decimal(x: f64, places: u32) -> String {
    let scale = 10i64.pow(places);
    let n = (x * scale as f64).round() as i64;
    let sign = if n < 0 { "-" } else { "" };
    let n = n.unsigned_abs();
    let (whole, frac) = (n / scale as u64, n % scale as u64);
    if places == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{frac:0width$}", width = places as usize)
    }
}

/// Formats a play time in seconds as `H:MM:SS` (whole seconds, rounded down).
pub fn format_play_time(seconds: f64) -> String {
    let s = seconds.max(0.0).min(f64::from(u32::MAX)) as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::format_decimal;

    #[test]
    fn decimals_are_written_as_format_writes_them() {
        // Exact binary halves aside (std rounds those to even), the same digits as `{:.N}`.
        for &(x, places) in &[
            (0.0, 2),
            (12.345_6, 2),
            (99.999, 2),
            (1.0, 0),
            (0.05, 1),
            (-3.26, 1),
            (1.39, 1),
            (72.0, 1),
            (122_741.0, 1),
            (0.004, 2),
            (1698.0 / 1700.0 * 100.0, 2),
        ] {
            assert_eq!(format_decimal(x, places), format!("{x:.*}", places as usize), "{x}");
        }
    }
}
