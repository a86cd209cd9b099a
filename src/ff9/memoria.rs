//! The Memoria mod's sidecar (`SavedData_ww_Memoria_<slot>_<file>.dat`): a SimpleJSON binary tree.
//!
//! Spec §d. [`parse`] turns the binary tree into a [`serde_json::Value`] with strict bounds
//! (every count and length checked against the bytes left, nesting limited to
//! [`MAX_DEPTH`]), so the Switch JSON readers apply unchanged. [`apply`] is the game's
//! override rule: the sidecar's card list replaces the vanilla one unless both play times
//! exist and differ by more than one second.

use super::minigame::{
    decode_entries, float_number, read_mini_game, read_play_time, Keep, MAX_CARD_ENTRIES,
    MINI_GAME_KEY,
};
use crate::container::layout::read_at;
use crate::model::{format_decimal, CardSource, Collection, Finding, FindingKind};
use binrw::BinRead;
use serde_json::{Map, Value};

/// Deepest nesting accepted (the game's trees are 4 levels deep).
pub const MAX_DEPTH: usize = 64;
/// Largest play-time difference (seconds) at which the sidecar still applies.
pub const TIME_TOLERANCE: f64 = 1.0;

/// A node tag of the SimpleJSON binary form (written as an i32).
mod tag {
    pub const ARRAY: i32 = 1;
    pub const OBJECT: i32 = 2;
    pub const STRING: i32 = 3;
    pub const INT: i32 = 4;
    pub const DOUBLE: i32 = 5;
    pub const BOOL: i32 = 6;
    pub const FLOAT: i32 = 7;
}

/// Why a SimpleJSON binary tree cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SimpleJsonError {
    /// The bytes end inside a value.
    #[error("truncated at offset {at}")]
    Truncated {
        /// Offset of the value.
        at: usize,
    },
    /// An array or object count larger than the bytes left could hold.
    #[error("count {count} at offset {at} does not fit the remaining bytes")]
    Count {
        /// The count as stored.
        count: i32,
        /// Its offset.
        at: usize,
    },
    /// A string length of more than five 7-bit groups.
    #[error("string length at offset {at} is malformed")]
    StringLength {
        /// Offset of the length.
        at: usize,
    },
    /// A string longer than the bytes left.
    #[error("string of {len} bytes at offset {at} runs past the end")]
    StringPastEnd {
        /// The length as stored.
        len: usize,
        /// Offset of the length.
        at: usize,
    },
    /// Nesting deeper than [`MAX_DEPTH`].
    #[error("nested deeper than {MAX_DEPTH} levels")]
    TooDeep,
    /// A node tag outside 1..=7.
    #[error("unknown node tag {tag} at offset {at}")]
    UnknownTag {
        /// The tag as stored.
        tag: i32,
        /// Its offset.
        at: usize,
    },
    /// Bytes after the root node.
    #[error("{0} bytes after the end of the tree")]
    Trailing(usize),
}

/// The smallest encoded node: a tag and a one-byte bool.
const MIN_NODE_LEN: usize = 5;

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Card entries left unread past [`MAX_CARD_ENTRIES`].
    ignored: usize,
}

impl Reader<'_> {
    /// A little-endian number (u8, i32, f32 or f64) read with binrw.
    fn number<T>(&mut self) -> Result<T, SimpleJsonError>
    where
        T: BinRead,
        for<'b> T::Args<'b>: Default,
    {
        let value = read_at::<T>(self.bytes, self.pos)
            .ok_or(SimpleJsonError::Truncated { at: self.pos })?;
        self.pos += std::mem::size_of::<T>();
        Ok(value)
    }

    fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    /// A count whose items need at least `min_item` bytes each.
    fn count(&mut self, min_item: usize) -> Result<usize, SimpleJsonError> {
        let at = self.pos;
        let n = self.number::<i32>()?;
        usize::try_from(n)
            .ok()
            .filter(|&n| n.saturating_mul(min_item) <= self.remaining())
            .ok_or(SimpleJsonError::Count { count: n, at })
    }

    /// A .NET BinaryWriter string (7-bit-encoded length, then UTF-8), borrowed.
    fn string_bytes(&mut self) -> Result<&[u8], SimpleJsonError> {
        let at = self.pos;
        let mut len = 0usize;
        for shift in (0..35).step_by(7) {
            let b = self.number::<u8>()?;
            len |= usize::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                break;
            }
            if shift == 28 {
                return Err(SimpleJsonError::StringLength { at });
            }
        }
        let bytes = self
            .bytes
            .get(self.pos..)
            .and_then(|b| b.get(..len))
            .ok_or(SimpleJsonError::StringPastEnd { len, at })?;
        self.pos += len;
        Ok(bytes)
    }

    /// Reads one node, keeping what `keep` names (see [`Keep`]); dropped parts are walked
    /// without being stored. Arrays never reserve more than they keep.
    fn node(&mut self, depth: usize, keep: Keep) -> Result<Value, SimpleJsonError> {
        if depth > MAX_DEPTH {
            return Err(SimpleJsonError::TooDeep);
        }
        let at = self.pos;
        let value = match self.number::<i32>()? {
            tag::ARRAY => {
                let n = self.count(MIN_NODE_LEN)?;
                let (kept, item) = keep.items(n);
                // Reserve only what is kept, and never more than the bytes left could hold
                // at the size of a Value (the count is checked against them already).
                let mut items = Vec::with_capacity(kept.min(MAX_CARD_ENTRIES));
                for k in 0..n {
                    let v = self.node(depth + 1, if k < kept { item } else { Keep::Skip })?;
                    if k < kept {
                        items.push(v);
                    }
                }
                if !matches!(keep, Keep::CardList | Keep::All) {
                    return Ok(Value::Null);
                }
                self.ignored = self.ignored.saturating_add(n - kept);
                Value::Array(items)
            }
            tag::OBJECT => {
                let n = self.count(1 + MIN_NODE_LEN)?;
                let mut map = Map::new();
                for _ in 0..n {
                    let key = String::from_utf8_lossy(self.string_bytes()?).into_owned();
                    let child = if keep.is_object() { keep.child(&key) } else { Keep::Skip };
                    let value = self.node(depth + 1, child)?;
                    if child != Keep::Skip {
                        map.insert(key, value);
                    }
                }
                if !keep.is_object() {
                    return Ok(Value::Null);
                }
                Value::Object(map)
            }
            tag::STRING => {
                let bytes = self.string_bytes()?;
                match keep {
                    Keep::Skip => Value::Null,
                    _ => Value::String(String::from_utf8_lossy(bytes).into_owned()),
                }
            }
            tag::INT => Value::from(self.number::<i32>()?),
            tag::DOUBLE => float_number(self.number::<f64>()?),
            tag::BOOL => Value::Bool(self.number::<u8>()? != 0),
            tag::FLOAT => float_number(f64::from(self.number::<f32>()?)),
            other => return Err(SimpleJsonError::UnknownTag { tag: other, at }),
        };
        Ok(if keep == Keep::Skip { Value::Null } else { value })
    }
}

/// Parses a SimpleJSON binary tree, keeping what `keep` names (everything else is walked
/// and dropped); also returns the card entries left unread past [`MAX_CARD_ENTRIES`].
/// Trailing bytes after the root node are an error.
pub fn parse_kept(bytes: &[u8], keep: Keep) -> Result<(Value, usize), SimpleJsonError> {
    let mut reader = Reader { bytes, pos: 0, ignored: 0 };
    let root = reader.node(0, keep)?;
    match reader.remaining() {
        0 => Ok((root, reader.ignored)),
        n => Err(SimpleJsonError::Trailing(n)),
    }
}

/// Parses the parts of a SimpleJSON binary tree the readers use ([`Keep::Root`]).
pub fn parse(bytes: &[u8]) -> Result<Value, SimpleJsonError> {
    parse_kept(bytes, Keep::Root).map(|(root, _)| root)
}

/// A top-level section of the sidecar, at the root or under `Data` or `MemoriaExtraData`
/// (Memoria versions differ in where they put it).
fn section<'a>(root: &'a Value, key: &str) -> Option<&'a Value> {
    root.get(key)
        .or_else(|| root.get("Data")?.get(key))
        .or_else(|| root.get("MemoriaExtraData")?.get(key))
}

/// Applies the sidecar `name` (its `bytes`) to a collection decoded from the vanilla block
/// whose play time is `vanilla_time`, as the game does, and says which list was used and why.
pub fn apply(collection: &mut Collection, vanilla_time: Option<f64>, name: &str, bytes: &[u8]) {
    let (root, ignored) = match parse_kept(bytes, Keep::Root) {
        Ok(parsed) => parsed,
        Err(e) => {
            collection.findings.push(Finding::warning(
                FindingKind::Sidecar,
                format!(
                "Memoria sidecar {name} is damaged ({e}); the card list of the save itself is used"
            ),
            ));
            return;
        }
    };
    let Some(mini_game) = section(&root, MINI_GAME_KEY).and_then(|m| read_mini_game(m, ignored))
    else {
        collection.findings.push(Finding::info(
            FindingKind::Sidecar,
            format!(
            "Memoria sidecar {name} holds no card list; the card list of the save itself is used"
        ),
        ));
        return;
    };
    let sidecar_time = read_play_time(|key| section(&root, key));
    let why = match (vanilla_time, sidecar_time) {
        (Some(v), Some(s)) if (v - s).abs() > TIME_TOLERANCE => {
            collection.findings.push(Finding::info(
                FindingKind::Sidecar,
                format!(
                "Memoria sidecar {name} ignored: its play time {} s differs from the save's {} s \
                 by more than {} s (the save was overwritten after it, e.g. by a cloud save); the \
                 card list of the save itself is used",
                format_decimal(s, 1),
                format_decimal(v, 1),
                format_decimal(TIME_TOLERANCE, 0)
            ),
            ));
            return;
        }
        (Some(_), Some(_)) => "its play time matches the save's",
        _ => "no play time to compare",
    };
    collection.findings.extend(mini_game.findings);
    collection.cards = decode_entries(&mini_game.entries, &mut collection.findings);
    collection.card_source = CardSource::MemoriaSidecar;
    collection.findings.push(Finding::info(
        FindingKind::Sidecar,
        format!(
            "card list from the Memoria sidecar {name}, which replaces the save's own list as the \
         game does ({why})"
        ),
    ));
}
