//! The game's event variables (`gEventGlobal`) and the card players beaten
//! (`QuadmistWinList`) as the PC and Switch saves hold them: base64 text of the 2048 bytes,
//! and up to 300 ids padded with −1. The PlayStation block holds the bytes themselves
//! ([`super::psx::block::read_events`]).
//!
//! A missing, short or undecodable copy is a finding; the collection is read all the same.

use super::minigame::{int_value, ACHIEVEMENT_KEY, EVENT_KEY};
use crate::model::collection::MAX_PLAYERS_BEATEN;
use crate::model::events::EVENT_GLOBAL_LEN;
use crate::model::{EventFlags, Finding, FindingKind};
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine;
use serde_json::Value;

/// Longest `gEventGlobal` text read: the game's 4096-byte string field (the 2048 bytes take
/// 2732 characters).
pub const MAX_EVENT_TEXT: usize = 4096;

/// Standard base64, with or without the final `=` padding.
const BASE64: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// Decodes `gEventGlobal` text (NUL padding and white space around it ignored).
pub fn decode_event_text(text: &[u8], findings: &mut Vec<Finding>) -> Option<EventFlags> {
    let end = text.iter().rposition(|b| *b != 0 && !b.is_ascii_whitespace()).map_or(0, |i| i + 1);
    let start = text[..end].iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(end);
    let text = &text[start..end];
    if text.is_empty() {
        findings.push(Finding::warning(
            FindingKind::EventVariables,
            "the save's event variables are empty: story progress and pickups taken are unknown",
        ));
        return None;
    }
    if text.len() > MAX_EVENT_TEXT {
        findings.push(Finding::warning(
            FindingKind::EventVariables,
            format!(
                "the save's event variables are {} characters of text, more than the game's \
             {MAX_EVENT_TEXT}: not read, so story progress and pickups taken are unknown",
                text.len()
            ),
        ));
        return None;
    }
    let bytes = match BASE64.decode(text) {
        Ok(bytes) => bytes,
        Err(why) => {
            findings.push(Finding::warning(
                FindingKind::EventVariables,
                format!(
                    "the save's event variables are not valid base64 ({why}): story progress and \
                 pickups taken are unknown"
                ),
            ));
            return None;
        }
    };
    if bytes.len() != EVENT_GLOBAL_LEN {
        let rest = if bytes.len() < EVENT_GLOBAL_LEN {
            "the flags past them are unknown"
        } else {
            "the rest is ignored"
        };
        findings.push(Finding::warning(
            FindingKind::EventVariables,
            format!(
            "the save's event variables hold {} bytes instead of the game's {EVENT_GLOBAL_LEN}; \
             {rest}",
            bytes.len()
        ),
        ));
    }
    (!bytes.is_empty()).then(|| EventFlags::new(bytes))
}

/// `Data/20000_Event/gEventGlobal` of a JSON save's `Data` object.
pub fn read_json_events(data: &Value, findings: &mut Vec<Finding>) -> Option<EventFlags> {
    match data.get(EVENT_KEY).and_then(|e| e.get("gEventGlobal")) {
        Some(Value::String(text)) => decode_event_text(text.as_bytes(), findings),
        Some(_) => {
            findings.push(Finding::warning(
                FindingKind::EventVariables,
                "gEventGlobal is not text: story progress and pickups taken are unknown",
            ));
            None
        }
        None => {
            findings.push(Finding::info(
                FindingKind::EventVariables,
                "the save has no gEventGlobal: story progress and pickups taken are unknown",
            ));
            None
        }
    }
}

/// `Data/80000_Achievement/QuadmistWinList` of a JSON save's `Data` object (the padding −1
/// left out); `None` when the save has none. The pruning reader keeps at most
/// [`MAX_PLAYERS_BEATEN`] entries.
pub fn read_json_players_beaten(data: &Value, findings: &mut Vec<Finding>) -> Option<Vec<i32>> {
    let list = data.get(ACHIEVEMENT_KEY)?.get("QuadmistWinList")?;
    let Some(items) = list.as_array() else {
        findings.push(Finding::warning(
            FindingKind::EventVariables,
            "QuadmistWinList is not a list; card players beaten unknown",
        ));
        return None;
    };
    let mut bad = 0usize;
    let ids = items
        .iter()
        .take(MAX_PLAYERS_BEATEN)
        .filter_map(|v| {
            let id = int_value(v).and_then(|n| i32::try_from(n).ok());
            bad += usize::from(id.is_none());
            id
        })
        .filter(|&id| id != -1)
        .collect();
    if bad > 0 {
        findings.push(Finding::warning(
            FindingKind::EventVariables,
            format!("QuadmistWinList: {bad} entries are not whole numbers and are skipped"),
        ));
    }
    Some(ids)
}

/// The card players beaten from the 300 little-endian i32 of a PC block (−1 left out);
/// `None` when `bytes` are too short.
pub fn players_beaten_from_bytes(bytes: &[u8]) -> Option<Vec<i32>> {
    let list = crate::container::layout::read_at::<[i32; MAX_PLAYERS_BEATEN]>(bytes, 0)?;
    Some(list.into_iter().filter(|&id| id != -1).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_decodes_with_or_without_padding_and_reports_short_copies() {
        let mut f = Vec::new();
        let e = decode_event_text(b"3iYOAA==\0\0\0", &mut f).expect("decodes");
        assert_eq!((e.len(), e.scenario()), (4, Some(9950)));
        assert_eq!(f.len(), 1, "{f:?}");
        let mut f = Vec::new();
        assert_eq!(decode_event_text(b"3iYOAA", &mut f).map(|e| e.len()), Some(4));
        let mut f = Vec::new();
        assert!(decode_event_text(b"@@@@", &mut f).is_none());
        assert!(f[0].message.contains("not valid base64"), "{f:?}");
        let mut f = Vec::new();
        assert!(decode_event_text(&[0u8; 40], &mut f).is_none());
        assert_eq!(f.len(), 1);
    }
}
