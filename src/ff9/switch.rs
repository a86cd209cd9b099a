//! Switch-style JSON saves (every value a string; spec §c).
//!
//! The readers here take values leniently (a number string or a JSON number), so the
//! Memoria sidecar ([`super::memoria`]), whose tree is converted to the same
//! [`serde_json::Value`], reuses [`read_mini_game`] and [`read_play_time`].

use super::error::{DecodeError, OpenError};
use super::listing::{Entry, FileKind, Listing};
use super::minigame::{
    check_counters, decode_entries, int_value, parse_pruned, read_mini_game, read_play_time,
    MiniGame, COMMON_KEY, MINI_GAME_KEY, PARTY_MEMBERS,
};
use super::pc::{self, PcSlot};
use crate::model::{Collection, EventFlags, Finding, Platform, SaveSummary};
use binrw::{BinRead, Endian, VecArgs};
use std::io::Cursor;

/// One JSON save, read at [`open()`].
#[derive(Debug, Clone)]
pub struct SwitchSave {
    /// The Tetra Master section.
    pub mini_game: MiniGame,
    /// `Data/95000_Setting/00001_time`, seconds.
    pub play_time: Option<f64>,
    /// `Data/20000_Event/gEventGlobal`, decoded.
    pub events: Option<EventFlags>,
    /// `Data/80000_Achievement/QuadmistWinList` without its padding.
    pub players_beaten: Option<Vec<i32>>,
    /// What reading those two noticed.
    pub event_findings: Vec<Finding>,
    /// What the load screen shows: the party leader and level, gil and the play time (the
    /// place is only in the slot's preview file, not read).
    pub summary: SaveSummary,
}

impl SwitchSave {
    /// Decodes the collection.
    pub fn collection(&self) -> Result<Collection, DecodeError> {
        let m = &self.mini_game;
        let mut findings = m.findings.clone();
        findings.extend(self.event_findings.iter().cloned());
        check_counters(m.wins, m.losses, m.draws, &mut findings);
        let cards = decode_entries(&m.entries, &mut findings);
        Ok(Collection {
            wins: m.wins,
            losses: m.losses,
            draws: m.draws,
            summary: self.summary.clone(),
            findings,
            events: self.events.clone(),
            players_beaten: self.players_beaten.clone(),
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
    let endian = if big_endian { Endian::Big } else { Endian::Little };
    let mut units = Cursor::new(bytes);
    let mut text = String::with_capacity(bytes.len() / 2);
    if encoding == "UTF-32" {
        let args = VecArgs { count: bytes.len() / 4, inner: () };
        let codes = Vec::<u32>::read_options(&mut units, endian, args).ok()?;
        text.extend(
            codes.into_iter().map(|n| char::from_u32(n).unwrap_or(char::REPLACEMENT_CHARACTER)),
        );
    } else {
        let args = VecArgs { count: bytes.len() / 2, inner: () };
        let codes = Vec::<u16>::read_options(&mut units, endian, args).ok()?;
        text.extend(char::decode_utf16(codes).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)));
    }
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    looks_like_json(text.as_bytes()).then(|| (text.as_bytes().to_vec(), encoding))
}

/// What `Data/40000_Common` says of the party: gil, and the leader (the member in the first
/// party place that holds one, `slot`'s 255 marking an empty place) with their level. Values
/// out of range are left out.
fn read_common(data: &serde_json::Value, play_time: Option<f64>) -> SaveSummary {
    let mut summary = SaveSummary { play_time_seconds: play_time, ..SaveSummary::default() };
    let Some(common) = data.get(COMMON_KEY) else { return summary };
    let number = |v: Option<&serde_json::Value>| v.and_then(int_value);
    summary.gil = number(common.get("gil")).and_then(|g| u32::try_from(g).ok());
    let places = common.get("slot").and_then(|s| s.as_array());
    let leader = places
        .into_iter()
        .flatten()
        .filter_map(|p| usize::try_from(int_value(p)?).ok())
        .find(|&p| p < PARTY_MEMBERS)
        .and_then(|p| common.get("players")?.as_array()?.get(p));
    if let Some(leader) = leader {
        summary.leader_level = number(leader.get("level"))
            .and_then(|l| u8::try_from(l).ok())
            .filter(|l| (1..=99).contains(l));
        summary.leader_name = leader
            .get("name")
            .and_then(|n| n.as_str())
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_string);
    }
    summary
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
pub fn open(bytes: &[u8], file_name: Option<&str>) -> Result<Listing<SwitchSave>, OpenError> {
    let (root, ignored) = parse_pruned(without_bom(bytes)).map_err(OpenError::Json)?;
    let data = root.get("Data").ok_or(OpenError::NoDataObject)?;
    let mini_game = data
        .get(MINI_GAME_KEY)
        .and_then(|m| read_mini_game(m, ignored))
        .ok_or(OpenError::NoMiniGame)?;
    let play_time = read_play_time(|key| data.get(key));
    let summary = read_common(data, play_time);
    let mut event_findings = Vec::new();
    let events = super::events::read_json_events(data, &mut event_findings);
    let players_beaten = super::events::read_json_players_beaten(data, &mut event_findings);
    let slot = file_name.and_then(slot_from_file_name);
    let (selector, name) = match slot {
        Some(s) => (s.selector(), s.name()),
        None => ("1".to_string(), file_name.unwrap_or("JSON save").to_string()),
    };
    let entry = Entry::unboxed(
        selector,
        name,
        play_time,
        false,
        Vec::new(),
        SwitchSave {
            mini_game,
            play_time,
            events,
            players_beaten,
            event_findings,
            summary: summary.clone(),
        },
    );
    let entry = Entry { summary: Some(summary), ..entry };
    Ok(Listing { kind: FileKind::SwitchJson, saves: vec![entry], findings: Vec::new() })
}
