//! PC (Steam) `SavedData_ww.dat`: AES-256-CBC encrypted save blocks.

use super::{Collection, DecodeError, NeighbourReader, OpenError, SaveSet};

/// One data block of the `.dat` (autosave or slot/file).
#[derive(Debug, Clone)]
pub struct PcSave {}

impl PcSave {
    /// Decodes the collection.
    pub fn collection(&self) -> Result<Collection, DecodeError> {
        Err(DecodeError::new("PC decoder not written yet"))
    }
}

/// True when `bytes` look like a PC `.dat` (by size or by decrypting the metadata).
pub fn looks_like_dat(bytes: &[u8]) -> bool {
    bytes.len() == 2_937_152
}

/// Lists the saves in a `.dat`.
pub fn open(
    bytes: &[u8],
    file_name: Option<&str>,
    neighbour: NeighbourReader<'_>,
) -> Result<SaveSet, OpenError> {
    let _ = (bytes, file_name, neighbour);
    Err(OpenError { message: "PC saves are not read yet".into() })
}
