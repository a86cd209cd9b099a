//! The Tetra Master section every non-PlayStation save shares (`30000_MiniGame`): the
//! 11-byte card entry of the PC block, the same entry and counters read leniently from a JSON
//! or SimpleJSON tree (Switch saves and the Memoria sidecar), the pruning JSON reader that
//! keeps only this section, and the checks on entries and counters. PC, Switch and Memoria
//! all use this module; it uses none of them.

use crate::model::{CardRecord, CardType, Finding, FindingKind, Location};
use binrw::{BinRead, BinWrite};
use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::{Map, Number, Value};
use std::cell::Cell;
use std::fmt;

/// Size of one card entry in a decrypted PC block.
pub const CARD_ENTRY_LEN: usize = 11;
/// The game's card limit.
pub const CARD_LIMIT: usize = 100;

/// Key of the Tetra Master section in a JSON or SimpleJSON save.
pub const MINI_GAME_KEY: &str = "30000_MiniGame";
/// Key of the settings section, which holds the play time.
pub const SETTING_KEY: &str = "95000_Setting";
/// Key of the event section, which holds `gEventGlobal`.
pub const EVENT_KEY: &str = "20000_Event";
/// Key of the achievement section, which holds `QuadmistWinList`.
pub const ACHIEVEMENT_KEY: &str = "80000_Achievement";
/// Key of the common section, which holds the party (`players`, `slot`) and `gil`.
pub const COMMON_KEY: &str = "40000_Common";
/// Party places in `40000_Common/slot`.
pub const PARTY_PLACES: usize = 4;
/// Party members in `40000_Common/players` (Zidane .. Beatrix).
pub const PARTY_MEMBERS: usize = 9;

/// The play time `95000_Setting/00001_time`, in seconds; `section` finds a top-level section
/// by key (in a Switch save's `Data` object, or wherever a Memoria version put it).
pub fn read_play_time<'a>(section: impl Fn(&str) -> Option<&'a Value>) -> Option<f64> {
    section(SETTING_KEY)?.get("00001_time").and_then(float_value)
}

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
    /// `20000_Event`: `gEventGlobal`.
    Event,
    /// `80000_Achievement`: `QuadmistWinList`.
    Achievement,
    /// `40000_Common`: `gil`, `slot` and `players`.
    Common,
    /// `slot`: its first [`PARTY_PLACES`] entries.
    Party,
    /// `players`: its first [`PARTY_MEMBERS`] records.
    Players,
    /// One `players` record: `name` and `level`.
    Player,
    /// `QuadmistWinList`: its first [`crate::model::collection::MAX_PLAYERS_BEATEN`] entries.
    WinList,
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
            (Keep::Root | Keep::Holder, MINI_GAME_KEY) => Keep::MiniGame,
            (Keep::Root | Keep::Holder, SETTING_KEY) => Keep::Setting,
            (Keep::Root | Keep::Holder, EVENT_KEY) => Keep::Event,
            (Keep::Root | Keep::Holder, ACHIEVEMENT_KEY) => Keep::Achievement,
            (Keep::Root | Keep::Holder, COMMON_KEY) => Keep::Common,
            (Keep::Common, "slot") => Keep::Party,
            (Keep::Common, "players") => Keep::Players,
            (Keep::Common, "gil") | (Keep::Player, "name" | "level") => Keep::Scalar,
            (Keep::Achievement, "QuadmistWinList") => Keep::WinList,
            (Keep::Event, "gEventGlobal") => Keep::Scalar,
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
            Keep::Root
                | Keep::Holder
                | Keep::MiniGame
                | Keep::Setting
                | Keep::Event
                | Keep::Achievement
                | Keep::Common
                | Keep::Player
                | Keep::Card
                | Keep::All
        )
    }

    /// How many items of a list kept as `self` are kept, and as what.
    pub fn items(self, n: usize) -> (usize, Keep) {
        match self {
            Keep::CardList => (n.min(MAX_CARD_ENTRIES), Keep::Card),
            Keep::WinList => (n.min(crate::model::collection::MAX_PLAYERS_BEATEN), Keep::Scalar),
            Keep::Party => (n.min(PARTY_PLACES), Keep::Scalar),
            Keep::Players => (n.min(PARTY_MEMBERS), Keep::Player),
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
        // Only card entries past the limit are reported; a longer list of beaten players
        // (the game itself writes 300) or party is cut silently.
        if self.keep == Keep::CardList {
            self.ignored.set(self.ignored.get().saturating_add(dropped));
        }
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

/// One card entry of the PC schema, shared by the `.dat` block, the Switch JSON and the
/// Memoria sidecar (`MiniGameCard`; binary order = sorted keys).
#[derive(Debug, Clone, Copy, PartialEq, Eq, BinRead, BinWrite)]
#[brw(little)]
pub struct CardEntry {
    /// Arrow mask.
    pub arrow: u8,
    /// Attack.
    pub atk: u8,
    /// Per-card point value.
    pub cpoint: u8,
    /// Card id; 255 (or any value ≥ 100) is an empty entry.
    pub id: u8,
    /// Magical defence.
    pub mdef: u8,
    /// Physical defence.
    pub pdef: u8,
    /// Owner in battle; 0 in saves.
    pub side: u8,
    /// Type code (0 P, 1 M, 2 X, 3 A; 255 in padding entries).
    pub card_type: i32,
}

impl CardEntry {
    /// True when the entry is one the game writes: id 0..99 or 255, type 0..3 or 255,
    /// side 0 or 255 (the acceptance test for an unknown schema, spec §b.3).
    pub fn validates(&self) -> bool {
        (self.id < 100 || self.id == 255)
            && (matches!(self.card_type, 0..=3) || self.card_type == 255)
            && (self.side == 0 || self.side == 255)
    }
}

/// Turns the entries of a card list into owned cards (empty entries skipped), reporting
/// invalid ids and types, a non-zero side and a list over the game's 100 cards.
/// Slots are 1-based positions in the list.
pub fn decode_entries(entries: &[CardEntry], findings: &mut Vec<Finding>) -> Vec<CardRecord> {
    let mut cards = Vec::with_capacity(entries.len().min(CARD_LIMIT));
    for (k, e) in entries.iter().enumerate() {
        let slot = k + 1;
        let at = Location::CardSlot(u16::try_from(slot).unwrap_or(u16::MAX));
        if e.id >= 100 {
            if e.id != 255 {
                findings.push(
                    Finding::warning(
                        FindingKind::InvalidCardId,
                        format!("card entry {slot}: invalid id {} treated as empty", e.id),
                    )
                    .at(at),
                );
            }
            continue;
        }
        let card_type = CardType::from_code(u32::try_from(e.card_type).unwrap_or(u32::MAX));
        if let CardType::Unknown(_) = card_type {
            findings.push(
                Finding::error(
                    FindingKind::UnknownType,
                    format!(
                        "card entry {slot}: type code {} is not one the game defines (0..3); \
                     the score counts 0 type points for it",
                        e.card_type
                    ),
                )
                .at(at),
            );
        }
        if e.side != 0 {
            findings.push(
                Finding::warning(
                    FindingKind::CardSide,
                    format!("card entry {slot}: side {} (the game always saves 0)", e.side),
                )
                .at(at),
            );
        }
        cards.push(CardRecord {
            slot: u16::try_from(slot).unwrap_or(u16::MAX),
            id: e.id,
            arrows: e.arrow,
            atk: e.atk,
            card_type,
            pdef: e.pdef,
            mdef: e.mdef,
            cpoint: Some(e.cpoint),
        });
    }
    if cards.len() > CARD_LIMIT {
        findings.push(Finding::warning(
            FindingKind::OverCardLimit,
            format!(
                "{} cards: more than the game's {CARD_LIMIT} (a modded limit); plans still \
                 target {CARD_LIMIT}",
                cards.len()
            ),
        ));
    }
    cards
}

/// Reports W/L/D counters that do not fit the game's i16 or are negative (a wrap after
/// 32,767 or an edit). Every platform's decoder uses it (the PlayStation's counters are read
/// unsigned, so only the upper check can fire there).
pub fn check_counters(wins: i32, losses: i32, draws: i32, findings: &mut Vec<Finding>) {
    for (name, value) in [("wins", wins), ("losses", losses), ("draws", draws)] {
        if value < 0 {
            findings.push(Finding::warning(
                FindingKind::CounterOutOfRange,
                format!(
                    "{name} = {value}: negative (the counter wrapped after 32767 or was edited)"
                ),
            ));
        } else if value > i32::from(i16::MAX) {
            findings.push(Finding::warning(
                FindingKind::CounterOutOfRange,
                format!(
                    "{name} counter {value} is above 32767: the game counts in a signed 16-bit \
                     value (edited save or overflow)"
                ),
            ));
        }
    }
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
/// The location of the card entry numbered `slot` (1-based).
fn entry_slot(slot: usize) -> Location {
    Location::CardSlot(u16::try_from(slot).unwrap_or(u16::MAX))
}

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
            findings.push(
                Finding::warning(
                    FindingKind::CardEntry,
                    format!(
                "card entry {slot}: type `FLEXIBLE` read as X (the game's enum name is `FLEXIABLE`)"
            ),
                )
                .at(entry_slot(slot)),
            );
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
        findings.push(
            Finding::error(
                FindingKind::CardEntry,
                format!(
                    "card entry {slot}: {} missing or out of range; the entry is skipped",
                    bad.join(", ")
                ),
            )
            .at(entry_slot(slot)),
        );
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
        findings.push(Finding::error(
            FindingKind::OverCardLimit,
            format!(
                "the card list has {ignored} more entries after the first {MAX_CARD_ENTRIES} \
             (the game holds 100); they are ignored"
            ),
        ));
    }
    let mut counter = |key: &str| {
        let value = v.get(key);
        match value.and_then(int_value).and_then(|n| i32::try_from(n).ok()) {
            Some(n) => n,
            None => {
                findings.push(Finding::error(
                    FindingKind::CounterOutOfRange,
                    match value {
                        None => format!("{key} is missing; shown as 0"),
                        Some(other) => format!(
                            "{key} is {}, not a whole number the game's counter holds; shown as 0",
                            short_json(other)
                        ),
                    },
                ));
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
