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
use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::{Map, Number, Value};
use std::cell::Cell;
use std::fmt;

/// Most entries read from one card list: the game's 100 and a wide margin for modded lists
/// (Memoria's `MaxCardCount`). Entries past it are counted and reported, not read.
pub const MAX_CARD_ENTRIES: usize = 1_000;

/// What the readers keep of a JSON or SimpleJSON tree. Everything else is walked and
/// dropped, so memory is bounded by what is read, not by the size of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// The root: `Data`, `MemoriaExtraData` and the sections.
    Root,
    /// `Data` or `MemoriaExtraData`: the sections.
    Holder,
    /// `30000_MiniGame`: the card list and the counters.
    MiniGame,
    /// `95000_Setting`: the play time.
    Setting,
    /// `MiniGameCard`: its first [`MAX_CARD_ENTRIES`] entries.
    CardList,
    /// One card entry: its fields.
    Card,
    /// A string, number or bool (a list or object here is dropped).
    Scalar,
    /// Dropped.
    Skip,
    /// Everything, unbounded (for tests and tools; the readers never use it).
    All,
}

impl Keep {
    /// What to keep of the value under `key` of an object kept as `self`.
    pub fn child(self, key: &str) -> Keep {
        match (self, key) {
            (Keep::All, _) => Keep::All,
            (Keep::Root, "Data" | "MemoriaExtraData") => Keep::Holder,
            (Keep::Root | Keep::Holder, "30000_MiniGame") => Keep::MiniGame,
            (Keep::Root | Keep::Holder, "95000_Setting") => Keep::Setting,
            (Keep::MiniGame, "MiniGameCard") => Keep::CardList,
            (Keep::MiniGame, "sWin" | "sLose" | "sDraw") | (Keep::Setting, "00001_time") => {
                Keep::Scalar
            }
            (Keep::Card, "arrow" | "atk" | "cpoint" | "id" | "mdef" | "pdef" | "side" | "type") => {
                Keep::Scalar
            }
            _ => Keep::Skip,
        }
    }

    /// True for the kinds kept as objects.
    pub fn is_object(self) -> bool {
        matches!(
            self,
            Keep::Root | Keep::Holder | Keep::MiniGame | Keep::Setting | Keep::Card | Keep::All
        )
    }

    /// How many items of a list kept as `self` are kept, and as what.
    pub fn items(self, n: usize) -> (usize, Keep) {
        match self {
            Keep::CardList => (n.min(MAX_CARD_ENTRIES), Keep::Card),
            Keep::All => (n, Keep::All),
            _ => (0, Keep::Skip),
        }
    }
}

/// A JSON number, or null for NaN and infinities.
pub fn float_number(f: f64) -> Value {
    Number::from_f64(f).map_or(Value::Null, Value::Number)
}

/// Deserialises the parts of a JSON tree named by a [`Keep`]; card entries past
/// [`MAX_CARD_ENTRIES`] are added to `ignored`.
struct Pruned<'a> {
    keep: Keep,
    ignored: &'a Cell<usize>,
}

impl<'de> DeserializeSeed<'de> for Pruned<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        if self.keep == Keep::Skip {
            IgnoredAny::deserialize(d)?;
            return Ok(Value::Null);
        }
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Pruned<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(float_number(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        let (kept, item) = self.keep.items(usize::MAX);
        while items.len() < kept {
            match seq.next_element_seed(Pruned { keep: item, ignored: self.ignored })? {
                Some(v) => items.push(v),
                None => return Ok(Value::Array(items)),
            }
        }
        let mut dropped = 0usize;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            dropped += 1;
        }
        if kept == 0 {
            return Ok(Value::Null);
        }
        self.ignored.set(self.ignored.get().saturating_add(dropped));
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let keep = if self.keep.is_object() { self.keep.child(&key) } else { Keep::Skip };
            let value = map.next_value_seed(Pruned { keep, ignored: self.ignored })?;
            if keep != Keep::Skip {
                out.insert(key, value);
            }
        }
        Ok(if self.keep.is_object() { Value::Object(out) } else { Value::Null })
    }
}

/// Parses JSON text, keeping what [`Keep::Root`] names; also returns the number of card
/// entries left unread past [`MAX_CARD_ENTRIES`].
pub fn parse_pruned(text: &[u8]) -> Result<(Value, usize), serde_json::Error> {
    let ignored = Cell::new(0);
    let mut de = serde_json::Deserializer::from_slice(text);
    let root = Pruned { keep: Keep::Root, ignored: &ignored }.deserialize(&mut de)?;
    de.end()?;
    Ok((root, ignored.get()))
}

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

/// The encoding of a text in UTF-16 or UTF-32 (by its byte-order mark, or by a first
/// character `{` or white space padded with NULs), if it is one.
pub fn wide_text(bytes: &[u8]) -> Option<&'static str> {
    let text = |b: &u8| *b == b'{' || b.is_ascii_whitespace();
    if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) || bytes.starts_with(&[0, 0, 0xFE, 0xFF]) {
        return Some("UTF-32");
    }
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Some("UTF-16");
    }
    match bytes {
        [c, 0, 0, 0, ..] | [0, 0, 0, c, ..] if text(c) => Some("UTF-32"),
        [c, 0, ..] | [0, c, ..] if text(c) => Some("UTF-16"),
        _ => None,
    }
}

/// UTF-16 or UTF-32 text (either byte order, with or without a byte-order mark) as UTF-8;
/// `None` unless [`wide_text`] recognises it and the text starts with `{`. Characters that do not decode become U+FFFD.
pub fn wide_to_utf8(bytes: &[u8]) -> Option<(Vec<u8>, &'static str)> {
    let encoding = wide_text(bytes)?;
    let big_endian = match encoding {
        "UTF-32" => bytes.starts_with(&[0, 0]),
        _ => bytes.first() == Some(&0) || bytes.starts_with(&[0xFE, 0xFF]),
    };
    let mut text = String::with_capacity(bytes.len() / 2);
    if encoding == "UTF-32" {
        for c in bytes.chunks_exact(4) {
            let c = [c[0], c[1], c[2], c[3]];
            let n = if big_endian { u32::from_be_bytes(c) } else { u32::from_le_bytes(c) };
            text.push(char::from_u32(n).unwrap_or(char::REPLACEMENT_CHARACTER));
        }
    } else {
        let units = bytes.chunks_exact(2).map(|c| {
            let c = [c[0], c[1]];
            if big_endian {
                u16::from_be_bytes(c)
            } else {
                u16::from_le_bytes(c)
            }
        });
        text.extend(char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)));
    }
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    looks_like_json(text.as_bytes()).then(|| (text.as_bytes().to_vec(), encoding))
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
/// `MiniGameCard` array. `ignored` entries past [`MAX_CARD_ENTRIES`] were left unread.
pub fn read_mini_game(v: &Value, ignored: usize) -> Option<MiniGame> {
    let list = v.get("MiniGameCard")?.as_array()?;
    let mut findings = Vec::new();
    let entries = list
        .iter()
        .take(MAX_CARD_ENTRIES)
        .enumerate()
        .filter_map(|(k, e)| read_entry(e, k + 1, &mut findings))
        .collect();
    let ignored = ignored + list.len().saturating_sub(MAX_CARD_ENTRIES);
    if ignored > 0 {
        findings.push(Finding::error(format!(
            "the card list has {ignored} more entries after the first {MAX_CARD_ENTRIES} \
             (the game holds 100); they are ignored"
        )));
    }
    let mut counter = |key: &str| {
        let value = v.get(key);
        match value.and_then(int_value).and_then(|n| i32::try_from(n).ok()) {
            Some(n) => n,
            None => {
                findings.push(Finding::error(match value {
                    None => format!("{key} is missing; shown as 0"),
                    Some(other) => format!(
                        "{key} is {}, not a whole number the game's counter holds; shown as 0",
                        short_json(other)
                    ),
                }));
                0
            }
        }
    };
    let (wins, losses, draws) = (counter("sWin"), counter("sLose"), counter("sDraw"));
    Some(MiniGame { entries, wins, losses, draws, findings })
}

/// A value as compact JSON text, cut to 24 characters (control characters are escaped by
/// JSON itself).
fn short_json(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(24) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
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
    let (root, ignored) = parse_pruned(without_bom(bytes))
        .map_err(|e| OpenError { message: format!("not a valid JSON save: {e}") })?;
    let data = root.get("Data").ok_or_else(|| OpenError {
        message: "JSON without a `Data` object: not a Final Fantasy IX data save (PREVIEW_, \
                  SLOTINFO and PREFS_ files hold no cards)"
            .into(),
    })?;
    let mini_game = data
        .get("30000_MiniGame")
        .and_then(|m| read_mini_game(m, ignored))
        .ok_or_else(|| OpenError {
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
