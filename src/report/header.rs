//! The one header that names a save, the same in every command, in every error that asks the
//! player to choose a save, and on the web page: the `FILE:S` to type, then who leads the
//! party and at what level, the disc, the place and the play time, each when the save holds
//! it.

use crate::ff9::{LoadedSave, SaveEntry};
use crate::model::{format_play_time, Collection};
use serde::Serialize;
use std::fmt;

/// What names a save for a player.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SaveHeader {
    /// The file as the player named it: a path on the command line, a file name on the page.
    pub file: String,
    /// The save's selector in the file (`3`, `1-2`, `auto`).
    pub save: String,
    /// The party leader's name, when the save holds one that can be shown.
    pub leader: Option<String>,
    /// The party leader's level.
    pub level: Option<u8>,
    /// The disc the story is on, 1..4.
    pub disc: Option<u8>,
    /// Where the save was made, when the save names the place.
    pub place: Option<String>,
    /// The play time, in seconds.
    pub play_time_seconds: Option<f64>,
    /// A deleted (but still readable) save.
    pub deleted: bool,
    /// The save the file's metadata names as the last one written.
    pub latest: bool,
    /// The title of a save that is not a Final Fantasy IX game save (another game's), which
    /// names it instead.
    pub other_title: Option<String>,
}

impl SaveHeader {
    /// The header of `entry` in the file named `file`. With its decoded `collection` it also
    /// knows what only decoding gives (the disc from the story's progress on PC and Switch,
    /// their leader and level).
    pub fn new(file: &str, entry: &SaveEntry, collection: Option<&Collection>) -> SaveHeader {
        let listed = entry.summary.as_ref();
        let decoded = collection.map(|c| &c.summary);
        let pick = |f: &dyn Fn(&crate::model::SaveSummary) -> Option<String>| {
            decoded.and_then(f).or_else(|| listed.and_then(f))
        };
        let level = decoded.and_then(|s| s.leader_level).or(listed.and_then(|s| s.leader_level));
        let disc = entry
            .game_info
            .as_ref()
            .and_then(|g| g.disc)
            .or_else(|| collection.and_then(|c| c.events.as_ref()).and_then(|e| e.disc()));
        SaveHeader {
            file: file.to_string(),
            save: entry.selector.clone(),
            leader: pick(&|s| s.leader_label().filter(|n| readable(n).is_some())),
            level,
            disc,
            place: pick(&|s| s.location.as_deref().and_then(readable).map(str::to_string)),
            play_time_seconds: decoded
                .and_then(|s| s.play_time_seconds)
                .or(listed.and_then(|s| s.play_time_seconds)),
            deleted: entry.deleted,
            latest: entry.latest,
            other_title: (!entry.is_ff9 && !entry.title.trim().is_empty())
                .then(|| entry.title.clone()),
        }
    }

    /// The header of a loaded save in the file named `file`.
    pub fn of(file: &str, save: &LoadedSave) -> SaveHeader {
        SaveHeader::new(file, &save.entry, Some(&save.collection))
    }

    /// What the player types to name this save: `FILE:S`.
    pub fn spec(&self) -> String {
        format!("{}:{}", self.file, self.save)
    }

    /// Everything but the `FILE:S`, comma-separated: "Zidane Lv 52, disc 3, Black Mage
    /// Village, 34:05:41", then "deleted" or "latest" when the save is; "no details" when the
    /// save holds none.
    pub fn details(&self) -> String {
        self.detail_parts().join(", ")
    }

    /// The parts of [`SaveHeader::details`], for a front end that lays them out itself.
    pub fn detail_parts(&self) -> Vec<String> {
        let mut parts = Vec::new();
        match (&self.leader, self.level) {
            (Some(n), Some(l)) => parts.push(format!("{n} Lv {l}")),
            (Some(n), None) => parts.push(n.clone()),
            (None, Some(l)) => parts.push(format!("leader Lv {l}")),
            (None, None) => {}
        }
        if let Some(d) = self.disc {
            parts.push(format!("disc {d}"));
        }
        if let Some(p) = &self.place {
            parts.push(p.clone());
        }
        if let Some(t) = self.play_time_seconds {
            parts.push(format_play_time(t));
        }
        if let Some(t) = &self.other_title {
            parts.push(format!("\"{t}\", not a Final Fantasy IX save"));
        }
        if self.deleted {
            parts.push("deleted".into());
        }
        if self.latest {
            parts.push("latest".into());
        }
        if parts.is_empty() {
            parts.push("no details".into());
        }
        parts
    }
}

impl fmt::Display for SaveHeader {
    /// The whole header on one line: `FILE:S  details`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}  {}", self.spec(), self.details())
    }
}

/// A text read from a save, or `None` when it is empty or holds characters quadmist cannot
/// show (names in a character table it does not know come out as `\xNN` codes, never shown to
/// a player).
pub fn readable(s: &str) -> Option<&str> {
    (!s.contains("\\x") && !s.trim().is_empty()).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ff9::{psx::PsxSave, SavePayload};
    use crate::model::{EventFlags, Platform, SaveSummary};

    fn entry(summary: SaveSummary) -> SaveEntry {
        let mut e = SaveEntry::unboxed(
            "1-2".into(),
            "slot 1, file 2".into(),
            summary.play_time_seconds,
            true,
            vec![],
            SavePayload::PlayStation(PsxSave::default()),
        );
        e.summary = Some(summary);
        e
    }

    #[test]
    fn the_header_names_the_save_and_what_it_holds() {
        let e = entry(SaveSummary {
            leader_name: Some("Zidane".into()),
            leader_level: Some(52),
            location: Some("Black Mage Village".into()),
            play_time_seconds: Some(34.0 * 3600.0 + 5.0 * 60.0 + 41.0),
            ..SaveSummary::default()
        });
        let h = SaveHeader::new("card.mcr", &e, None);
        assert_eq!(
            h.to_string(),
            "card.mcr:1-2  Zidane Lv 52, Black Mage Village, 34:05:41, latest"
        );
        // Decoded, the disc comes from the story's progress (scenario 6990: disc 3).
        let mut events = vec![0u8; 2048];
        events[..2].copy_from_slice(&6990u16.to_le_bytes());
        let c = Collection {
            events: Some(EventFlags::new(events)),
            ..Collection::new(Platform::Pc, vec![])
        };
        assert_eq!(SaveHeader::new("card.mcr", &e, Some(&c)).disc, Some(3));
    }

    #[test]
    fn names_that_cannot_be_shown_are_left_out() {
        let e = entry(SaveSummary {
            leader_name: Some("\\x8A\\x8B".into()),
            leader_level: Some(3),
            location: Some("  ".into()),
            ..SaveSummary::default()
        });
        let mut h = SaveHeader::new("a.mcr", &e, None);
        assert_eq!(h.details(), "leader Lv 3, latest");
        h.latest = false;
        h.level = None;
        assert_eq!(h.to_string(), "a.mcr:1-2  no details");
    }
}
