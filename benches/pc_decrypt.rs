//! Opening the real PC `.dat` and decoding every save (only the AES blocks needed) against
//! decrypting every data block of the file in full; and from the file on disk, reading only
//! those blocks (`pread`, as the command line does) against reading the 2.9 MB whole.
//!
//! Run: `cargo bench --features bench --bench pc_decrypt -- --warm-up-time 1 --measurement-time 3`.
//! The one-time key derivation is measured apart: the key is cached for the process.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use quadmist::container::source::{clamp, ByteSource, ReadError};
use quadmist::ff9::{self, pc};
use std::fs::File;
use std::path::PathBuf;

fn dat_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/real/steam/SavedData_ww.dat")
}

/// An open file read at offsets, as the command line's source.
struct Pread(File, u64);

impl ByteSource for Pread {
    fn size(&self) -> u64 {
        self.1
    }

    fn read_at(&self, offset: u64, len: usize) -> Result<Vec<u8>, ReadError> {
        use std::os::unix::fs::FileExt;
        let r = clamp(self.1, offset, len);
        let mut buf = vec![0u8; (r.end - r.start) as usize];
        self.0.read_exact_at(&mut buf, r.start)?;
        Ok(buf)
    }
}

/// From the path: the file opened and read where the saves are, every save decoded.
fn from_file_by_pread() -> usize {
    let file = File::open(dat_path()).expect("opens");
    let size = file.metadata().expect("metadata").len();
    let set = ff9::open_source(&Pread(file, size), Some("SavedData_ww.dat"), &no_neighbour)
        .expect("opens");
    set.saves.iter().map(|s| s.collection().expect("decodes").cards.len()).sum()
}

/// From the path: the file read whole, then opened, every save decoded.
fn from_file_read_whole() -> usize {
    open_and_decode(&std::fs::read(dat_path()).expect("reads"))
}

fn real_dat() -> Option<Vec<u8>> {
    let path = dat_path();
    match std::fs::read(&path) {
        Ok(b) => Some(b),
        Err(e) => {
            eprintln!("skipping pc_decrypt: {} is missing ({e})", path.display());
            None
        }
    }
}

fn no_neighbour(_: &str) -> Option<Vec<u8>> {
    None
}

/// What `quadmist cards` does: open, list, decode every save.
fn open_and_decode(bytes: &[u8]) -> usize {
    let set = ff9::open(bytes, Some("SavedData_ww.dat"), &no_neighbour).expect("opens");
    set.saves.iter().map(|s| s.collection().expect("decodes").cards.len()).sum()
}

/// The baseline: the metadata and all 151 data blocks decrypted whole (17,984 bytes each).
fn decrypt_everything(bytes: &[u8]) -> usize {
    let cipher_blocks = (pc::VANILLA_DATA_SIZE as usize + 4) / 16 + 1;
    let meta = pc::decrypt_blocks(bytes, 0..pc::METADATA_CIPHER_LEN / 16).expect("metadata");
    let mut saves = usize::from(&meta[..4] == b"SAVE");
    for b in 0..pc::BLOCKS {
        let block = &bytes[pc::DATA_OFFSET + b * pc::BLOCK_LEN..][..pc::BLOCK_LEN];
        let plain = pc::decrypt_blocks(block, 0..cipher_blocks).expect("block");
        saves += usize::from(&plain[..4] == b"SAVE");
    }
    saves
}

fn bench(c: &mut Criterion) {
    let Some(bytes) = real_dat() else { return };
    assert_eq!(open_and_decode(&bytes), 41 + 41 + 31 + 37 + 36 + 37 + 35);
    assert_eq!(decrypt_everything(&bytes), 1 + 7);
    let mut group = c.benchmark_group("pc_dat");
    group.bench_function("open_and_decode_needed_blocks", |b| {
        b.iter(|| open_and_decode(black_box(&bytes)))
    });
    assert_eq!(from_file_by_pread(), from_file_read_whole());
    group.bench_function("from_file_pread_needed_blocks", |b| b.iter(from_file_by_pread));
    group.bench_function("from_file_read_whole", |b| b.iter(from_file_read_whole));
    group.bench_function("decrypt_every_block_in_full", |b| {
        b.iter(|| decrypt_everything(black_box(&bytes)))
    });
    // Paid once per process (the key is cached): PBKDF2-HMAC-SHA1, 1000 rounds, 48 bytes.
    group.bench_function("key_derivation_once_per_process", |b| {
        b.iter(|| {
            let mut out = [0u8; 48];
            pbkdf2::pbkdf2_hmac::<sha1::Sha1>(
                black_box(b"System.Security.SecureString"),
                &[3, 3, 1, 4, 7, 0, 9, 7],
                1000,
                &mut out,
            );
            out
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
