//! A save's heading for people: who leads, where, for how long.

use crate::model::{format_play_time, Collection};

/// A save's heading for people: `first` (e.g. "Save 1"), then the leader and level, the
/// location when `with_location`, and the play time, joined by commas. Unreadable names are left
/// out.
pub fn save_heading(first: String, c: &Collection, with_location: bool) -> Vec<String> {
    let s = &c.summary;
    let mut parts = vec![first];
    if let Some(n) = s.leader_label().as_deref().and_then(super::text::readable) {
        parts.push(match s.leader_level {
            Some(l) => format!("{n} Lv {l}"),
            None => n.to_string(),
        });
    }
    if with_location {
        if let Some(l) = s.location.as_deref().and_then(super::text::readable) {
            parts.push(l.to_string());
        }
    }
    if let Some(t) = s.play_time_seconds {
        parts.push(format_play_time(t));
    }
    parts
}
