//! PS1 memory-card images and single-save containers: bytes → the saves inside.
//!
//! [`read`] detects the container by content (sizes and magic bytes; the file name only
//! breaks ties and names raw single saves), walks the directory and block chains leniently,
//! decodes titles and icons, and reports every damage case as a [`Finding`].
//! See `shared/spec/memory-card-formats.md`.

use crate::model::{Finding, FindingKind};
use serde::Serialize;

pub mod card;
pub(crate) mod detect;
mod format;
mod geometry;
pub mod icon;
pub mod layout;
mod save;
pub(crate) mod single;
mod sjis;
pub mod source;
pub(crate) mod title;
#[cfg(feature = "write")]
pub mod write;

pub use format::{ContainerError, ContainerFormat};
pub use geometry::{BLOCK_SIZE, CARD_SIZE, FRAME_SIZE};
pub use icon::Icon;
pub use save::{SaveFile, SaveName, SaveState};
pub use title::Title;

/// Everything read from one container file.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct ContainerFile {
    /// The recognised format.
    pub format: ContainerFormat,
    /// Byte offset of the card image or save payload inside the file.
    pub payload_offset: usize,
    /// The saves found, live ones in directory order first, then deleted ones.
    pub saves: Vec<SaveFile>,
    /// Card-level findings (header, directory, orphans, ...).
    pub findings: Vec<Finding>,
}

/// Reads a PS1 container.
///
/// `file_name` (the last path component, if known) only breaks ties between formats and
/// gives raw single saves their directory name.
pub fn read(bytes: &[u8], file_name: Option<&str>) -> Result<ContainerFile, ContainerError> {
    let d = detect::detect(bytes, file_name)?;
    let mut findings = d.findings;
    let saves = if d.format.is_card() {
        if bytes.len() < d.payload_offset + BLOCK_SIZE {
            Vec::new()
        } else {
            let end = bytes.len().min(d.payload_offset + CARD_SIZE);
            let (saves, card_findings) = card::read_card(&bytes[d.payload_offset..end]);
            findings.extend(card_findings);
            saves
        }
    } else if bytes.len() < d.payload_offset + BLOCK_SIZE {
        if bytes.len() >= d.payload_offset {
            findings.push(Finding::error(
                FindingKind::Truncated,
                format!(
                    "{} holds no whole 8192-byte block: no save can be read",
                    d.format.description()
                ),
            ));
        }
        Vec::new()
    } else {
        vec![single::read_single(d.format, bytes, d.payload_offset, file_name)]
    };
    Ok(ContainerFile { format: d.format, payload_offset: d.payload_offset, saves, findings })
}
