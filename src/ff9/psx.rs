//! PlayStation FF9 saves: one 8 KiB memory-card block.

use super::{Collection, DecodeError, SaveSet};
use crate::container::ContainerFile;

/// One PlayStation save with the container facts the decoder needs.
#[derive(Debug, Clone)]
pub struct PsxSave {
    /// The directory name.
    pub name: String,
    /// The save bytes (at least one block when complete).
    pub data: Vec<u8>,
}

impl PsxSave {
    /// Decodes the collection.
    pub fn collection(&self) -> Result<Collection, DecodeError> {
        Err(DecodeError::new("PlayStation decoder not written yet"))
    }
}

/// Lists the saves of a container, recognising FF9 ones.
pub fn open(file: ContainerFile) -> SaveSet {
    SaveSet {
        kind: super::FileKind::PlayStation(file.format),
        saves: Vec::new(),
        findings: file.findings,
    }
}
