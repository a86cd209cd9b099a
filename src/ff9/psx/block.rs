//! The FF9 PlayStation block: load-screen fields, Tetra Master counters and card records.
//!
//! Offsets are block offsets (the block starts with the `SC` title frame; game data at 0x100).

use super::checksum::CRC_OFFSET;
use crate::container::layout::read_at;
use crate::ff9::charset::{self, Table};
use crate::ff9::error::DecodeError;
use crate::ff9::listing::GameInfo;
use crate::ff9::minigame::check_counters;
use crate::model::events::{EVENT_BLOCK_OFFSET, EVENT_GLOBAL_LEN};
use crate::model::{
    CardRecord, CardSource, CardType, Collection, EventFlags, Finding, FindingKind, Location,
    PartyMember, Platform, SaveSummary,
};
use binrw::{BinRead, BinWrite};
use std::io::Cursor;

/// Offset of the load-screen fields read into [`PreviewFields`].
pub const PREVIEW_OFFSET: usize = 0x105;
/// Offset of the current disc as one bit, `1 << (disc - 1)` (§a.5).
pub const DISC_BIT_OFFSET: usize = 0x104;
/// Offset of the scenario progression counter (u16; its range tells the disc, §a.5).
pub const PROGRESSION_OFFSET: usize = 0x1C0;
/// Offset of the current-disc byte (zero-based, §a.5).
pub const DISC_OFFSET: usize = 0x1C5;
/// The scenario progression range of each disc 1..4 (§a.5; the game-tools-collection
/// template's hint text, consistent with the genuine saves: 1155 on disc 1, 11740 on disc 4).
pub const DISC_PROGRESSION: [(u16, u16); 4] =
    [(1000, 3899), (3900, 6989), (6990, 10994), (11090, 11770)];
/// Offset of the party member indices (4 bytes).
pub const PARTY_OFFSET: usize = 0xEE0;
/// Offset of the gameplay copy of the gil (u32).
pub const GIL_OFFSET: usize = 0xEE8;
/// Offset of the Tetra Master section read into [`TetraMasterSection`].
pub const TETRA_MASTER_OFFSET: usize = 0x1178;
/// Card records the game counts.
pub const CARD_SLOTS: usize = 100;
/// Records the save editor S1 shows (the last five are never counted).
pub const RECORDS: usize = 105;
/// Offset of the first card record (just after the three counters).
pub const RECORDS_OFFSET: usize = TETRA_MASTER_OFFSET + 6;
/// Bytes a block must have for [`decode`]: everything up to and including the CRC.
pub const MIN_BLOCK_LEN: usize = CRC_OFFSET + 2;
/// Offset of the title's file number (characters 8–9, two full-width digits).
pub const TITLE_FILE_OFFSET: usize = 0x14;
/// Offset of the title's play-time hours (characters 11–12).
pub const TITLE_HOURS_OFFSET: usize = 0x1A;
/// Offset of the title's play-time minutes (characters 14–15).
pub const TITLE_MINUTES_OFFSET: usize = 0x20;

/// One PlayStation save with what the listing recognised about it.
#[derive(Debug, Clone, Default)]
pub struct PsxSave {
    /// The directory name.
    pub name: String,
    /// The save bytes (at least one block when complete).
    pub data: Vec<u8>,
    /// Region, language, disc and file when the name is an FF9 save name.
    pub game_info: Option<GameInfo>,
    /// True when the folded title contains `FF9/`.
    pub ff9_title: bool,
    /// The CRC check: `Some(true)` matches, `Some(false)` fails, `None` block too short.
    pub crc_ok: Option<bool>,
}

impl PsxSave {
    /// Decodes the collection.
    pub fn collection(&self) -> Result<Collection, DecodeError> {
        decode(self)
    }
}

/// The load-screen (preview) fields at 0x105..0x134.
#[derive(Debug, Clone, PartialEq, Eq, BinRead, BinWrite)]
#[brw(little)]
pub struct PreviewFields {
    /// Party leader's level (0x105).
    pub leader_level: u8,
    /// Party leader's name, FF9 charset, 0xFF-padded (0x106).
    pub leader_name: [u8; 8],
    /// Unknown (0x10E).
    pub unknown: [u8; 2],
    /// Location name, FF9 charset (0x110).
    pub location: [u8; 28],
    /// Play time, frames or tenths of a second (0x12C; see the spec's §a.7).
    pub play_time: u32,
    /// Preview copy of the gil (0x130; only 3 bytes are meaningful).
    pub gil: u32,
}

/// One six-byte card record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, BinRead, BinWrite)]
#[brw(little)]
pub struct RawCardRecord {
    /// Card id; ≥ 100 (0xFF normally) is an empty slot.
    pub id: u8,
    /// Arrow mask.
    pub arrows: u8,
    /// Attack.
    pub atk: u8,
    /// Type code (0 P, 1 M, 2 X, 3 A).
    pub card_type: u8,
    /// Physical defence.
    pub pdef: u8,
    /// Magical defence.
    pub mdef: u8,
}

impl RawCardRecord {
    /// An empty slot as the game writes it: id 0xFF, the other five bytes zero (every empty
    /// record of the genuine saves in `shared/data/real/psx-ff9/`).
    pub const EMPTY: RawCardRecord =
        RawCardRecord { id: 0xFF, arrows: 0, atk: 0, card_type: 0, pdef: 0, mdef: 0 };
}

/// The Tetra Master section at 0x1178..0x13F4: counters and 105 records.
#[derive(Debug, Clone, PartialEq, Eq, BinRead, BinWrite)]
#[brw(little)]
pub struct TetraMasterSection {
    /// Matches won.
    pub wins: u16,
    /// Matches lost.
    pub losses: u16,
    /// Matches drawn.
    pub draws: u16,
    /// Records 0..99 (counted) and 100..104 (diagnostic only).
    pub records: [RawCardRecord; RECORDS],
}

/// Reads the preview fields of a block, or `None` if the block is too short.
pub fn read_preview(block: &[u8]) -> Option<PreviewFields> {
    let bytes = block.get(PREVIEW_OFFSET..)?;
    PreviewFields::read(&mut Cursor::new(bytes)).ok()
}

/// Reads the Tetra Master section of a block, or `None` if the block is too short.
pub fn read_tetra_master(block: &[u8]) -> Option<TetraMasterSection> {
    let bytes = block.get(TETRA_MASTER_OFFSET..)?;
    TetraMasterSection::read(&mut Cursor::new(bytes)).ok()
}

/// Reads two full-width digits (Shift-JIS `０`..`９`, `82 4F`..`82 58`) at `offset`.
fn title_number(block: &[u8], offset: usize) -> Option<u32> {
    let b = block.get(offset..offset + 4)?;
    let digit =
        |hi: u8, lo: u8| (hi == 0x82 && (0x4F..=0x58).contains(&lo)).then(|| (lo - 0x4F) as u32);
    Some(digit(b[0], b[1])? * 10 + digit(b[2], b[3])?)
}

/// The play time `HH:MM` written in the title (characters 11–12 and 14–15), if readable.
pub fn title_play_time(block: &[u8]) -> Option<(u32, u32)> {
    Some((title_number(block, TITLE_HOURS_OFFSET)?, title_number(block, TITLE_MINUTES_OFFSET)?))
}

/// The in-game file number written in the title (characters 8–9), if readable.
pub fn title_file_number(block: &[u8]) -> Option<u32> {
    title_number(block, TITLE_FILE_OFFSET)
}

/// Frames per second of a release by its region prefix: 50 for PAL (`BE`), else 60.
pub fn frame_rate(region_prefix: Option<&str>) -> u32 {
    if region_prefix.is_some_and(|p| p.as_bytes().get(1) == Some(&b'E')) {
        50
    } else {
        60
    }
}

/// The disc a block was saved on (§a.1, §a.5): the disc byte at 0x1C5 (zero-based),
/// cross-checked with the disc bit at 0x104 and the progression range at 0x1C0.
///
/// The first readable of the three gives the disc; a finding reports only a disagreement
/// among them. The product code is no evidence: the game writes disc 1's code on every disc.
/// A zero at 0x104 and a progression outside every disc's range (e.g. before the first range
/// starts) say nothing.
pub fn disc(block: &[u8]) -> (Option<u8>, Vec<Finding>) {
    let by_byte = block.get(DISC_OFFSET).map(|&b| (b, (b < 4).then(|| b + 1)));
    // A zero bit byte is no reading (a save written by a tool that leaves it alone).
    let by_bit = block.get(DISC_BIT_OFFSET).filter(|&&b| b != 0).map(|&b| {
        let one_disc = b.count_ones() == 1 && b < 0x10;
        (b, one_disc.then(|| b.trailing_zeros() as u8 + 1))
    });
    let progression = read_at::<u16>(block, PROGRESSION_OFFSET);
    let by_progression = progression.and_then(|p| {
        DISC_PROGRESSION.iter().position(|&(lo, hi)| (lo..=hi).contains(&p)).map(|d| d as u8 + 1)
    });
    let disc = by_byte.and_then(|b| b.1).or(by_bit.and_then(|b| b.1)).or(by_progression);
    let readings = [by_byte.and_then(|b| b.1), by_bit.and_then(|b| b.1), by_progression];
    let mut known = readings.iter().flatten();
    let first = known.next();
    let agree = known.all(|d| Some(d) == first);
    let unreadable =
        by_byte.is_some_and(|b| b.1.is_none()) || by_bit.is_some_and(|b| b.1.is_none());
    let mut findings = Vec::new();
    if !agree || unreadable {
        let byte = match by_byte {
            Some((_, Some(d))) => format!("the disc byte says disc {d}"),
            Some((b, None)) => format!("the disc byte holds {b}, which is no disc"),
            None => "the disc byte is missing".into(),
        };
        let bit = match by_bit {
            Some((_, Some(d))) => format!("the disc bit says disc {d}"),
            Some((b, None)) => format!("the disc bits hold {b}, which names no single disc"),
            None => "the disc bit is not set".into(),
        };
        let progress = match (progression, by_progression) {
            (Some(p), Some(d)) => format!("the story progression {p} belongs to disc {d}"),
            (Some(p), None) => format!("the story progression {p} is in no disc's range"),
            (None, _) => "the story progression is missing".into(),
        };
        let shown =
            disc.map_or("the disc is not shown".to_string(), |d| format!("disc {d} is shown"));
        findings.push(Finding::warning(FindingKind::CopiesDisagree, format!(
            "the disc fields disagree: {byte}, {bit}, {progress}; {shown} (an edited or damaged save)"
        )));
    }
    (disc, findings)
}

/// Bytes of the title frame that hold the title (Shift-JIS, up to the first NUL).
const TITLE_BYTES: std::ops::Range<usize> = 0x04..0x44;

/// Reads a name or a place in the game's `table`, at most `max_chars` characters, and reports
/// what it could not read: codes outside the table (shown as `\xNN`), kanji (shown as `〓`),
/// and a name with no end mark within its length.
fn decode_text(
    bytes: &[u8],
    table: Table,
    max_chars: usize,
    what: &str,
    findings: &mut Vec<Finding>,
) -> charset::Decoded {
    let d = charset::decode(bytes, table, max_chars);
    if d.uncovered > 0 {
        findings.push(Finding::warning(
            FindingKind::UnreadableText,
            format!(
                "the {what} holds {} outside the game's character table (shown as \\xNN)",
                plural(d.uncovered, "code", "codes")
            ),
        ));
    }
    if !d.ended && max_chars < bytes.len() {
        findings.push(Finding::warning(
            FindingKind::UnreadableText,
            format!(
            "the {what} has no end mark within {max_chars} characters: the first {max_chars} are \
             shown (an edited or damaged save)"
        ),
        ));
    }
    d
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The place written at the end of a Japanese save's title (`FF9/ファイル15/00:16/アレクサンドリア`),
/// folded like the title; `None` when the title has no place.
pub fn title_place(block: &[u8]) -> Option<String> {
    let (title, _) = crate::container::title::decode(block.get(TITLE_BYTES)?);
    let place = title.folded.splitn(4, '/').nth(3)?;
    (!place.is_empty()).then(|| place.to_string())
}

/// A Japanese place checked against the place in the title. The title is Shift-JIS, so it
/// holds the kanji the block's table cannot show: where every other character agrees, each
/// `〓` takes the title's character. A title cut at its 64 bytes may hold only the start of
/// the place. A disagreement leaves the block's place, with a finding.
fn place_with_title(place: charset::Decoded, block: &[u8], findings: &mut Vec<Finding>) -> String {
    let Some(titled) = title_place(block) else {
        if place.kanji > 0 {
            findings.push(kanji_finding(place.kanji));
        }
        return place.text;
    };
    let full_title = block.get(TITLE_BYTES).is_some_and(|t| !t[t.len() - 2..].contains(&0));
    let (ours, theirs): (Vec<char>, Vec<char>) =
        (place.text.chars().collect(), titled.chars().collect());
    let same_length = ours.len() == theirs.len() || (full_title && theirs.len() < ours.len());
    let agree = same_length
        && ours.iter().zip(&theirs).all(|(&a, &b)| a == charset::KANJI_SHOWN || same_sign(a, b));
    if !agree {
        findings.push(Finding::warning(
            FindingKind::CopiesDisagree,
            format!(
                "the place in the save's title ({titled}) is not the place in its data ({}); the \
             data's is shown (an edited save)",
                place.text
            ),
        ));
        if place.kanji > 0 {
            findings.push(kanji_finding(place.kanji));
        }
        return place.text;
    }
    let filled: String = ours
        .iter()
        .zip(theirs.iter().map(Some).chain(std::iter::repeat(None)))
        .map(|(&a, b)| match b {
            Some(&b) if a == charset::KANJI_SHOWN => b,
            _ => a,
        })
        .collect();
    let left = filled.chars().filter(|&c| c == charset::KANJI_SHOWN).count();
    if left > 0 {
        findings.push(kanji_finding(left));
    }
    filled
}

/// True when a character of the block and one of the title are the same sign: equal once
/// the title's full-width forms are folded, or the middle dot (`•` in the table, `・` in
/// Shift-JIS).
fn same_sign(ours: char, title: char) -> bool {
    let fold = |c: char| match c {
        '・' => '•',
        c => crate::container::title::fold(c.encode_utf8(&mut [0; 4])).chars().next().unwrap_or(c),
    };
    fold(ours) == fold(title)
}

fn kanji_finding(n: usize) -> Finding {
    Finding::info(
        FindingKind::UnreadableText,
        format!(
            "the place holds {} quadmist cannot show (shown as 〓): no public table gives the \
         game's kanji",
            plural(n, "kanji", "kanji")
        ),
    )
}

/// The load-screen summary of an FF9 block: leader, location, play time and gil.
///
/// `region_prefix` is the save name's first two characters (`BA`, `BI`, `BE`): it selects
/// the frame rate of the play-time reading and the character table. Play time follows the
/// spec's rule: of the frames and tenths-of-a-second readings, the one whose `HH:MM` equals
/// the title's; the frames reading (with a finding) when neither does.
pub fn summary(block: &[u8], region_prefix: Option<&str>) -> (SaveSummary, Vec<Finding>) {
    let mut findings = Vec::new();
    let Some(preview) = read_preview(block) else {
        findings.push(Finding::error(
            FindingKind::Truncated,
            "the block is too short for the load-screen fields",
        ));
        return (SaveSummary::default(), findings);
    };
    let table = Table::for_region(region_prefix);
    let leader_name =
        decode_text(&preview.leader_name, table, table.name_len(), "leader's name", &mut findings)
            .text;
    let place =
        decode_text(&preview.location, table, preview.location.len(), "place", &mut findings);
    let location = match table {
        Table::Japanese => place_with_title(place, block, &mut findings),
        Table::Western => place.text,
    };
    let leader_named = !charset::not_named_yet(&leader_name);
    // The first party member leads; a not-named leader is said by the record it is in.
    let leader_record = block.get(PARTY_OFFSET).copied();

    let fps = frame_rate(region_prefix);
    let by_frames = preview.play_time as f64 / fps as f64;
    let by_tenths = preview.play_time as f64 / 10.0;
    let hh_mm = |secs: f64| {
        let s = secs as u64;
        ((s / 3600) as u32, ((s / 60) % 60) as u32)
    };
    let play_time = match title_play_time(block) {
        Some(t) if hh_mm(by_frames) == t => by_frames,
        Some(t) if hh_mm(by_tenths) == t => {
            findings.push(Finding::info(
                FindingKind::PlayTimeReading,
                "play time read as tenths of a second (that reading matches the title)",
            ));
            by_tenths
        }
        title => {
            let (h, m) = hh_mm(by_frames);
            findings.push(Finding::warning(
                FindingKind::CopiesDisagree,
                format!(
                    "play time {h}:{m:02} ({} frames at {fps}/s) does not match the title's {}; \
                 shown as frames",
                    preview.play_time,
                    title.map_or("unreadable time".to_string(), |(h, m)| format!("{h:02}:{m:02}"))
                ),
            ));
            by_frames
        }
    };

    let gil = read_at::<u32>(block, GIL_OFFSET);
    if let Some(g) = gil {
        if g & 0xFF_FFFF != preview.gil & 0xFF_FFFF {
            findings.push(Finding::warning(
                FindingKind::CopiesDisagree,
                format!("gil {g} differs from the load-screen copy {}", preview.gil & 0xFF_FFFF),
            ));
        }
    }
    let summary = SaveSummary {
        leader_name: Some(leader_name),
        leader_named: Some(leader_named),
        unnamed_leader: (!leader_named)
            .then(|| leader_record.and_then(PartyMember::from_record))
            .flatten(),
        leader_level: Some(preview.leader_level),
        location: Some(location),
        play_time_seconds: Some(play_time),
        gil,
    };
    (summary, findings)
}

/// Converts one raw record at 1-based `slot` (the id must be < 100).
fn card(slot: u16, raw: &RawCardRecord) -> CardRecord {
    CardRecord {
        slot,
        id: raw.id,
        arrows: raw.arrows,
        atk: raw.atk,
        card_type: CardType::from_code(raw.card_type as u32),
        pdef: raw.pdef,
        mdef: raw.mdef,
        cpoint: None,
    }
}

/// Decodes the collection of a PlayStation FF9 save (ff9-save-formats §a.4 rules 1–6, §a.9).
///
/// Refuses a block too short to hold the Tetra Master section and one that only looks like
/// an FF9 save (FF9 name but no FF9 title with a failing CRC, or an all-zero card area),
/// rather than presenting 100 zero-stat Goblins. Findings cover the Tetra Master data
/// (counters, invalid ids, unknown types, records past slot 100); the title, CRC and
/// load-screen findings belong to the listing, which reports them on the save entry.
pub fn decode(save: &PsxSave) -> Result<Collection, DecodeError> {
    let block = &save.data;
    if save.game_info.is_none() && !save.ff9_title {
        return Err(DecodeError::NotFf9);
    }
    if block.len() < MIN_BLOCK_LEN {
        return Err(DecodeError::TooShort { len: block.len(), need: MIN_BLOCK_LEN });
    }
    let card_area = &block[TETRA_MASTER_OFFSET..RECORDS_OFFSET + 6 * CARD_SLOTS];
    let zero_cards = card_area.iter().all(|&b| b == 0);
    let crc_failed = save.crc_ok == Some(false);
    if !save.ff9_title && (zero_cards || crc_failed) {
        return Err(DecodeError::NamedOnly { zero_cards, crc_failed });
    }
    if zero_cards {
        return Err(DecodeError::ZeroCardArea);
    }
    let section = read_tetra_master(block).ok_or(DecodeError::SectionUnreadable)?;

    let mut findings = Vec::new();
    let (wins, losses, draws) =
        (i32::from(section.wins), i32::from(section.losses), i32::from(section.draws));
    check_counters(wins, losses, draws, &mut findings);

    let mut cards = Vec::new();
    let mut ignored_records = Vec::new();
    for (k, raw) in section.records.iter().enumerate() {
        let slot = k as u16 + 1;
        if raw.id >= 100 {
            if raw.id != 0xFF && k < CARD_SLOTS {
                findings.push(
                    Finding::warning(
                        FindingKind::InvalidCardId,
                        format!("slot {slot}: invalid card id {} treated as empty", raw.id),
                    )
                    .at(Location::CardSlot(slot)),
                );
            }
            continue;
        }
        let c = card(slot, raw);
        if k >= CARD_SLOTS {
            findings.push(
                Finding::warning(
                    FindingKind::PastSlot100,
                    format!(
                        "record {slot} (past the game's 100 slots) holds {} {}: never counted by \
                     the game",
                        crate::model::catalogue::name(c.id),
                        crate::model::display_string(&c)
                    ),
                )
                .at(Location::CardSlot(slot)),
            );
            ignored_records.push(c);
            continue;
        }
        if let CardType::Unknown(code) = c.card_type {
            findings.push(
                Finding::error(
                    FindingKind::UnknownType,
                    format!(
                    "slot {slot}: type byte {code} is not a card type (0..3); counted as 0 type \
                     points"
                ),
                )
                .at(Location::CardSlot(slot)),
            );
        }
        cards.push(c);
    }

    // The listing (`psx::open`) reports the title, CRC and summary findings on the save
    // entry; only the values are taken here, so nothing is reported twice.
    let (summary, _) = summary(block, save.name.get(..2));
    Ok(Collection {
        platform: Platform::PlayStation,
        cards,
        ignored_records,
        wins,
        losses,
        draws,
        card_source: CardSource::Save,
        summary,
        findings,
        events: read_events(block),
        players_beaten: None,
    })
}

/// The game's event variables at 0x1C0..0x9C0; `None` for a block too short to hold them
/// (every block [`decode`] accepts holds them).
pub fn read_events(block: &[u8]) -> Option<EventFlags> {
    let bytes = read_at::<[u8; EVENT_GLOBAL_LEN]>(block, EVENT_BLOCK_OFFSET)?;
    Some(EventFlags::new(bytes.to_vec()))
}
