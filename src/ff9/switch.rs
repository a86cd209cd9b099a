//! Switch-style JSON saves (every value a string; spec §c).
//!
//! The readers here take values leniently (a number string or a JSON number), so the
//! Memoria sidecar ([`super::memoria`]), whose tree is converted to the same
//! [`serde_json::Value`], reuses [`read_mini_game`] and [`read_play_time`].

use super::pc::{self, CardEntry, PcSlot};
use super::{
    Collection, DecodeError, FileKind, OpenError, Platform, SaveEntry, SavePayload, SaveSet,
    SaveSummary,
};
use crate::finding::Finding;
use serde_json::Value;

/// The Tetra Master section of a save: card entries and counters.
#[derive(Debug, Clone, PartialEq)]
pub struct MiniGame {
    /// `MiniGameCard` entries in order (padding included; unreadable entries left out).
    pub entries: Vec<CardEntry>,
    /// `sWin`.
    pub wins: i32,
    /// `sLose`.
    pub losses: i32,
    /// `sDraw`.
    pub draws: i32,
    /// What the reader noticed.
    pub findings: Vec<Finding>,
}

/// One JSON save, read at [`open`].
#[derive(Debug, Clone)]
pub struct SwitchSave {
    /// The Tetra Master section.
    pub mini_game: MiniGame,
    /// `Data/95000_Setting/00001_time`, seconds.
    pub play_time: Option<f64>,
}

impl SwitchSave {
    /// Decodes the collection.
    pub fn collection(&self) -> Result<Collection, DecodeError> {
        let m = &self.mini_game;
        let mut findings = m.findings.clone();
        pc::check_counters(m.wins, m.losses, m.draws, &mut findings);
        let cards = pc::decode_entries(&m.entries, &mut findings);
        Ok(Collection {
            wins: m.wins,
            losses: m.losses,
            draws: m.draws,
            summary: SaveSummary { play_time_seconds: self.play_time, ..SaveSummary::default() },
            findings,
            ..Collection::new(Platform::Switch, cards)
        })
    }
}

/// `bytes` without a leading UTF-8 byte-order mark.
fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// True when `bytes` start (after a byte-order mark and white space) with `{`.
pub fn looks_like_json(bytes: &[u8]) -> bool {
    without_bom(bytes).iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// An integer from a number string or a JSON number (an integral float is accepted).
pub fn int_value(v: &Value) -> Option<i64> {
    match v {
        Value::String(s) => s.trim().parse().ok(),
        Value::Number(n) => n.as_i64().or_else(|| {
            n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64)
        }),
        _ => None,
    }
}

/// A finite float from a number string or a JSON number.
pub fn float_value(v: &Value) -> Option<f64> {
    match v {
        Value::String(s) => s.trim().parse::<f64>().ok(),
        Value::Number(n) => n.as_f64(),
        _ => None,
    }
    .filter(|f| f.is_finite())
}

/// A card type from a number or an enum name (`PHYSICAL`, `MAGIC`, `FLEXIABLE`, `ASSAULT`;
/// `FLEXIBLE` with a warning, since the game's enum spells it `FLEXIABLE`).
fn type_value(v: &Value, slot: usize, findings: &mut Vec<Finding>) -> Option<i32> {
    if let Some(n) = int_value(v) {
        return i32::try_from(n).ok();
    }
    match v.as_str()?.trim() {
        "PHYSICAL" => Some(0),
        "MAGIC" => Some(1),
        "FLEXIABLE" => Some(2),
        "ASSAULT" => Some(3),
        "FLEXIBLE" => {
            findings.push(Finding::warning(format!(
                "card entry {slot}: type `FLEXIBLE` read as X (the game's enum name is `FLEXIABLE`)"
            )));
            Some(2)
        }
        _ => None,
    }
}

/// Reads one `MiniGameCard` object; `None` (with an error finding) when a field is missing
/// or out of range.
fn read_entry(v: &Value, slot: usize, findings: &mut Vec<Finding>) -> Option<CardEntry> {
    let mut bad = Vec::new();
    let mut byte = |key: &'static str| {
        let value = v.get(key).and_then(int_value).and_then(|n| u8::try_from(n).ok());
        if value.is_none() {
            bad.push(key);
        }
        value.unwrap_or(0)
    };
    let (arrow, atk, cpoint, id, mdef, pdef, side) = (
        byte("arrow"),
        byte("atk"),
        byte("cpoint"),
        byte("id"),
        byte("mdef"),
        byte("pdef"),
        byte("side"),
    );
    let card_type = v.get("type").and_then(|t| type_value(t, slot, findings));
    if card_type.is_none() {
        bad.push("type");
    }
    if !bad.is_empty() {
        findings.push(Finding::error(format!(
            "card entry {slot}: {} missing or out of range; the entry is skipped",
            bad.join(", ")
        )));
        return None;
    }
    Some(CardEntry { arrow, atk, cpoint, id, mdef, pdef, side, card_type: card_type? })
}

/// Reads a `30000_MiniGame` object (lenient scalars); `None` when it holds no
/// `MiniGameCard` array.
pub fn read_mini_game(v: &Value) -> Option<MiniGame> {
    let list = v.get("MiniGameCard")?.as_array()?;
    let mut findings = Vec::new();
    let entries =
        list.iter().enumerate().filter_map(|(k, e)| read_entry(e, k + 1, &mut findings)).collect();
    let mut counter =
        |key: &str| match v.get(key).and_then(int_value).and_then(|n| i32::try_from(n).ok()) {
            Some(n) => n,
            None => {
                findings
                    .push(Finding::error(format!("{key} is missing or not a number; shown as 0")));
                0
            }
        };
    let (wins, losses, draws) = (counter("sWin"), counter("sLose"), counter("sDraw"));
    Some(MiniGame { entries, wins, losses, draws, findings })
}

/// The play time `95000_Setting/00001_time` of a `Data` object, in seconds.
pub fn read_play_time(data: &Value) -> Option<f64> {
    data.get("95000_Setting")?.get("00001_time").and_then(float_value)
}

/// The save a JSON file name stands for (`AUTO`, `DATA_SLOT<s>_FILE<f>`, 0-based).
pub fn slot_from_file_name(name: &str) -> Option<PcSlot> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let base = base.strip_suffix(".json").unwrap_or(base);
    if base == "AUTO" {
        return Some(PcSlot::Autosave);
    }
    let (slot, file) = base.strip_prefix("DATA_SLOT")?.split_once("_FILE")?;
    let (slot, file) = (slot.parse::<u8>().ok()?, file.parse::<u8>().ok()?);
    (usize::from(slot) < pc::SLOTS && usize::from(file) < pc::FILES_PER_SLOT)
        .then_some(PcSlot::File { slot, file })
}

/// Lists the save in a JSON file (one save; selector from the file name, else `1`).
pub fn open(bytes: &[u8], file_name: Option<&str>) -> Result<SaveSet, OpenError> {
    let root: Value = serde_json::from_slice(without_bom(bytes))
        .map_err(|e| OpenError { message: format!("not a valid JSON save: {e}") })?;
    let data = root.get("Data").ok_or_else(|| OpenError {
        message: "JSON without a `Data` object: not a Final Fantasy IX data save (PREVIEW_, \
                  SLOTINFO and PREFS_ files hold no cards)"
            .into(),
    })?;
    let mini_game =
        data.get("30000_MiniGame").and_then(read_mini_game).ok_or_else(|| OpenError {
            message: "JSON save without Data/30000_MiniGame/MiniGameCard: no Tetra Master data"
                .into(),
        })?;
    let play_time = read_play_time(data);
    let slot = file_name.and_then(slot_from_file_name);
    let (selector, name) = match slot {
        Some(s) => (s.selector(), s.name()),
        None => ("1".to_string(), file_name.unwrap_or("JSON save").to_string()),
    };
    let entry = SaveEntry::unboxed(
        selector,
        name,
        play_time,
        false,
        Vec::new(),
        SavePayload::Switch(SwitchSave { mini_game, play_time }),
    );
    Ok(SaveSet { kind: FileKind::SwitchJson, saves: vec![entry], findings: Vec::new() })
}
