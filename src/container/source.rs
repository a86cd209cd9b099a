//! Random access to an input's bytes, so a decoder reads only the parts it needs (a PC `.dat`
//! is 2.9 MB; one save's listing and cards take a few AES blocks of it).
//!
//! The library never touches the file system: the caller passes a [`ByteSource`], a byte slice
//! (already in memory) or its own reader over an open file (the command line's reads with
//! `pread`).

/// Bytes that can be read at any offset. The length is fixed when the source is made.
pub trait ByteSource {
    /// The number of bytes.
    fn size(&self) -> u64;

    /// Reads up to `len` bytes at `offset`: fewer only where the source ends (none at or past
    /// its end). Allocates at most what the source holds from `offset`, whatever `len` asks.
    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>, ReadError>;

    /// The whole source, read once.
    fn read_all(&self) -> Result<Vec<u8>, ReadError> {
        let len = usize::try_from(self.size()).map_err(|_| ReadError::TooLarge)?;
        self.read_at(0, len)
    }
}

/// Why a [`ByteSource`] could not be read (the file became unreadable while open).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The reader's own error.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The source is larger than this machine can address.
    #[error("too large to read")]
    TooLarge,
}

/// The part of `0..size` that `len` bytes at `offset` cover (empty past the end).
pub fn clamp(size: u64, offset: u64, len: usize) -> std::ops::Range<u64> {
    let start = offset.min(size);
    start..start.saturating_add(len as u64).min(size)
}

impl ByteSource for &[u8] {
    fn size(&self) -> u64 {
        self.len() as u64
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>, ReadError> {
        let r = clamp(self.len() as u64, offset, len);
        // The range lies within the slice, whose length fits usize.
        Ok(self[r.start as usize..r.end as usize].to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_reads_within_its_bounds_only() {
        let bytes: &[u8] = &[1, 2, 3, 4, 5];
        let bytes = &bytes;
        assert_eq!(bytes.size(), 5);
        assert_eq!(bytes.read_at(1, 2).unwrap(), [2, 3]);
        assert_eq!(bytes.read_at(3, 10).unwrap(), [4, 5]);
        assert_eq!(bytes.read_at(5, 1).unwrap(), [0u8; 0]);
        assert_eq!(bytes.read_at(u64::MAX, usize::MAX).unwrap(), [0u8; 0]);
        assert_eq!(bytes.read_all().unwrap(), [1, 2, 3, 4, 5]);
    }
}
