//! Single-save containers: MCS (plain and interleaved), Action Replay, PSV and raw saves
//! (memory-card-formats §7.7–§7.11).

use super::card::state_words;
use super::card::xor_finding;
use super::detect::AR_HEADER;
use super::format::ContainerFormat;
use super::geometry::{BLOCK_SIZE, FRAME_SIZE};
use super::layout::{read_at, until_nul, DirectoryFrame, PsvHeader};
use super::save::{build_save, SaveFile, SaveState};
use crate::model::words::count;
use crate::model::{Finding, FindingKind};

/// Bytes of a NUL-terminated field, at most `max`.
fn cstr(bytes: &[u8], max: usize) -> Vec<u8> {
    until_nul(&bytes[..bytes.len().min(max)]).to_vec()
}

/// Whole blocks of `data` (a trailing partial block is dropped).
fn whole_blocks(data: &[u8]) -> &[u8] {
    &data[..data.len() - data.len() % BLOCK_SIZE]
}

/// Reads the one save of a single-save file whose payload starts at `offset`.
pub fn read_single(
    format: ContainerFormat,
    bytes: &[u8],
    offset: usize,
    file_name: Option<&str>,
) -> SaveFile {
    let mut findings = Vec::new();
    let mut state = SaveState::Live;
    let (name, size_field, data): (Vec<u8>, u32, Vec<u8>) = match format {
        ContainerFormat::Mcs | ContainerFormat::InterleavedMcs => {
            let frame = &bytes[..FRAME_SIZE];
            if let Some(f) = xor_finding(frame, "MCS directory frame") {
                findings.push(f);
            }
            if frame[0] == 0xA1 {
                state = SaveState::Deleted;
                findings
                    .push(Finding::info(FindingKind::DeletedSave, "exported as a deleted save"));
            }
            let size = read_at::<DirectoryFrame>(frame, 0).map_or(0, |f| f.size);
            let data = if format == ContainerFormat::Mcs {
                whole_blocks(&bytes[FRAME_SIZE..]).to_vec()
            } else {
                interleaved_blocks(bytes, &mut findings)
            };
            if size as usize != data.len() {
                findings.push(Finding::warning(FindingKind::SizeMismatch, format!(
                    "size mismatch: the directory frame says {size} bytes, the file holds {} ({}); the file length is used",
                    data.len(),
                    count((data.len() / BLOCK_SIZE) as u64, "block")
                )));
            }
            (cstr(&frame[0x0A..0x1E], 20), size, data)
        }
        ContainerFormat::ActionReplay => {
            (cstr(bytes, 21).into_iter().take(20).collect(), 0, bytes[AR_HEADER..].to_vec())
        }
        ContainerFormat::Psv => {
            let header = read_at::<PsvHeader>(bytes, 0);
            let name = header.as_ref().map(|h| cstr(&h.name, 20)).unwrap_or_default();
            let length = header.map_or(0, |h| h.length);
            let rest = bytes.get(offset..).unwrap_or_default();
            let take = (length as usize).min(rest.len());
            let data = whole_blocks(&rest[..take]).to_vec();
            if data.is_empty() {
                findings.push(Finding::error(
                    FindingKind::Truncated,
                    "PSV holds no whole 8192-byte block",
                ));
            }
            (name, length, data)
        }
        _ => {
            let name = file_name.map(save_name_from_file_name).unwrap_or_default();
            if name.is_empty() {
                findings.push(Finding::warning(
                    FindingKind::ContainerHeader,
                    "raw single save without a file name: its directory name is unknown",
                ));
            }
            (name, 0, bytes.to_vec())
        }
    };
    build_save("1".into(), None, state, name, size_field, Vec::new(), data, findings)
}

/// The blocks of an interleaved MCS, checking each block's directory frame state.
fn interleaved_blocks(bytes: &[u8], findings: &mut Vec<Finding>) -> Vec<u8> {
    let stride = FRAME_SIZE + BLOCK_SIZE;
    let n = bytes.len() / stride;
    let mut data = Vec::with_capacity(n * BLOCK_SIZE);
    for k in 0..n {
        let frame = &bytes[k * stride..k * stride + FRAME_SIZE];
        let want: &[u8] = match k {
            0 => &[0x51, 0xA1],
            k if k + 1 == n => &[0x53, 0xA3],
            _ => &[0x52, 0xA2],
        };
        if !want.contains(&frame[0]) {
            findings.push(Finding::warning(
                FindingKind::DirectoryEntry,
                format!(
                    "interleaved MCS: block {}'s frame is marked as {}, not as {}",
                    k + 1,
                    state_words(frame[0]),
                    state_words(want[0])
                ),
            ));
        }
        data.extend_from_slice(&bytes[k * stride + FRAME_SIZE..(k + 1) * stride]);
    }
    data
}

/// A raw save's directory name from its file name (§7.10–§7.11): the first 12 characters,
/// then the rest un-hexed when it is PS3-style even-length upper-case hex of printable
/// ASCII; cut to 20 bytes.
pub fn save_name_from_file_name(file_name: &str) -> Vec<u8> {
    let b = file_name.as_bytes();
    let mut name = b.to_vec();
    if b.len() > 12 {
        let tail = &b[12..];
        let is_hex = tail.len().is_multiple_of(2)
            && tail.iter().all(|c| c.is_ascii_digit() || (b'A'..=b'F').contains(c));
        if is_hex {
            let decoded: Option<Vec<u8>> = tail
                .chunks(2)
                .map(|p| {
                    std::str::from_utf8(p)
                        .ok()
                        .and_then(|s| u8::from_str_radix(s, 16).ok())
                        .filter(|v| (0x20..=0x7E).contains(v))
                })
                .collect();
            if let Some(d) = decoded {
                name = b[..12].to_vec();
                name.extend(d);
            }
        }
    }
    name.truncate(20);
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ps3_hex_names_are_undone() {
        // The spec's examples (§7.11).
        assert_eq!(save_name_from_file_name("BESLES-53702535953"), b"BESLES-53702SYS");
        assert_eq!(save_name_from_file_name("BASLUS-013632D3030303032"), b"BASLUS-01363-00002");
        assert_eq!(save_name_from_file_name("BASLUS-0125100000-00"), b"BASLUS-0125100000-00");
    }
}
