//! One save as read from a container: its place on the card, name, title, icon and bytes, and
//! the checks of its title frame (memory-card-formats §4, §9).

use super::geometry::{BLOCK_SIZE, FRAME_SIZE};
use super::icon::{self, Icon};
use super::title::{self, Title};
use crate::model::words::count;
use crate::model::{Finding, FindingKind};
use serde::Serialize;

/// How a save was found on the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum SaveState {
    /// In use (state 0x51 chain, or a single-save file).
    Live,
    /// Deleted (0xA1 chain), still readable.
    Deleted,
    /// Deleted with its links cleared; the chain was rebuilt from the following blocks.
    Reconstructed,
}

/// A save's 20-byte directory name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SaveName {
    /// The bytes up to the first NUL (at most 20).
    pub raw: Vec<u8>,
    /// The bytes as text (bytes outside 0x20..0x7E shown as `\xNN`).
    pub text: String,
}

/// One save found in a container.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SaveFile {
    /// The selector other commands accept as `--save` (directory slot of the first block on
    /// a card, 1..15; `1` for a single-save file).
    pub selector: String,
    /// Directory slot (1..15) of the first block, on a card.
    pub directory_index: Option<u8>,
    /// Live, deleted or reconstructed.
    pub state: SaveState,
    /// The directory name (e.g. `BASLUS-0125100000-00`).
    pub name: SaveName,
    /// Size field of the first directory entry, in bytes (0 when the container has none).
    pub size_field: u32,
    /// Card blocks (1..15) in chain order; empty for single-save files.
    pub blocks: Vec<u8>,
    /// Block count from title byte 0x03.
    pub title_block_count: u8,
    /// The decoded title.
    pub title: Title,
    /// The icon.
    pub icon: Icon,
    /// The save bytes: its blocks concatenated in chain order, starting with the title frame.
    #[serde(skip)]
    pub data: Vec<u8>,
    /// What was noticed about this save.
    pub findings: Vec<Finding>,
}

/// Builds a [`SaveFile`] from its bytes: decodes the name, title and icon, and checks the
/// title frame (`SC` mark, block count against the blocks read).
#[allow(clippy::too_many_arguments)]
pub(crate) fn build_save(
    selector: String,
    directory_index: Option<u8>,
    state: SaveState,
    name: Vec<u8>,
    size_field: u32,
    blocks: Vec<u8>,
    data: Vec<u8>,
    mut findings: Vec<Finding>,
) -> SaveFile {
    let head = data.get(..FRAME_SIZE).unwrap_or(&[]);
    match head.get(..2) {
        Some(b"SC") => {}
        Some(b"sc") => findings.push(Finding::info(FindingKind::TitleFrame, "title frame starts with lowercase `sc`")),
        _ => findings.push(Finding::warning(FindingKind::TitleFrame,
            "the save's first block does not start with the `SC` title frame; title and icon are not meaningful",
        )),
    }
    let title_block_count = head.get(3).copied().unwrap_or(0);
    let n = data.len() / BLOCK_SIZE;
    if title_block_count as usize != n {
        findings.push(Finding::warning(
            FindingKind::SizeMismatch,
            format!(
                "size mismatch: the title frame says {}, {} read",
                count(title_block_count, "block"),
                if n == 1 { "1 was".to_string() } else { format!("{n} were") }
            ),
        ));
    }
    let (title, title_finding) = title::decode(head.get(4..0x44).unwrap_or(&[]));
    findings.extend(title_finding);
    let (icon, icon_findings) = icon::parse(&data);
    findings.extend(icon_findings);
    let text = name
        .iter()
        .map(|&b| {
            if (0x20..=0x7E).contains(&b) {
                (b as char).to_string()
            } else {
                format!("\\x{b:02X}")
            }
        })
        .collect();
    SaveFile {
        selector,
        directory_index,
        state,
        name: SaveName { raw: name, text },
        size_field,
        blocks,
        title_block_count,
        title,
        icon,
        data,
        findings,
    }
}
