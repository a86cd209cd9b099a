//! PlayStation FF9 saves: one 8 KiB memory-card block.
//!
//! This module recognises FF9 saves among a container's saves (name, product code, title),
//! checks the CRC and reads the load-screen fields; [`block`] decodes the Tetra Master data.

use super::listing::{Entry, FileKind, GameInfo, Listing};
use crate::container::{ContainerFile, SaveFile, SaveState, BLOCK_SIZE};
use crate::model::{Finding, FindingKind, SaveSummary};

pub mod block;
pub mod checksum;
#[cfg(feature = "write")]
pub mod write;

pub use block::PsxSave;
pub use checksum::{block_crc, crc16, CRC_OFFSET};

/// Lists the saves of a container, recognising FF9 ones.
pub fn open(file: ContainerFile) -> Listing<PsxSave> {
    Listing {
        kind: FileKind::PlayStation(file.format),
        saves: file.saves.into_iter().map(entry).collect(),
        findings: file.findings,
    }
}

/// One row of the product-code table (ff9-save-formats §a.1).
struct Release {
    prefix: &'static str,
    region: &'static str,
    language: &'static str,
    discs: [&'static str; 4],
}

const RELEASES: [Release; 7] = [
    Release {
        prefix: "BA",
        region: "NTSC-U",
        language: "English",
        discs: ["SLUS-01251", "SLUS-01295", "SLUS-01296", "SLUS-01297"],
    },
    Release {
        prefix: "BI",
        region: "NTSC-J",
        language: "Japanese",
        discs: ["SLPS-02000", "SLPS-02001", "SLPS-02002", "SLPS-02003"],
    },
    Release {
        prefix: "BE",
        region: "PAL",
        language: "English",
        discs: ["SLES-02965", "SLES-12965", "SLES-22965", "SLES-32965"],
    },
    Release {
        prefix: "BE",
        region: "PAL",
        language: "French",
        discs: ["SLES-02966", "SLES-12966", "SLES-22966", "SLES-32966"],
    },
    Release {
        prefix: "BE",
        region: "PAL",
        language: "German",
        discs: ["SLES-02967", "SLES-12967", "SLES-22967", "SLES-32967"],
    },
    Release {
        prefix: "BE",
        region: "PAL",
        language: "Italian",
        discs: ["SLES-02968", "SLES-12968", "SLES-22968", "SLES-32968"],
    },
    Release {
        prefix: "BE",
        region: "PAL",
        language: "Spanish",
        discs: ["SLES-02969", "SLES-12969", "SLES-22969", "SLES-32969"],
    },
];

/// The product code of a directory name (name characters 2..12) when it has the
/// `AAAA-NNNNN` shape (or `AAAAPNNNNN`, PocketStation).
pub fn product_code(name: &[u8]) -> Option<String> {
    let code = name.get(2..12)?;
    let shape = code[..4].iter().all(u8::is_ascii_uppercase)
        && matches!(code[4], b'-' | b'P')
        && code[5..].iter().all(u8::is_ascii_digit);
    shape.then(|| String::from_utf8_lossy(code).into_owned())
}

/// Region, language and file of an FF9 save name (§a.1 shape check and product table), or
/// `None` when the name is not an FF9 save name. The disc is left `None`: the game names
/// every save with disc 1's code, so the disc comes from the block ([`block::disc`]).
pub fn ff9_game_info(name: &[u8]) -> Option<GameInfo> {
    if name.len() != 20 || &name[12..17] != b"00000" || name[17] != b'-' {
        return None;
    }
    let digits = &name[18..20];
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let (prefix, code) = (&name[..2], &name[2..12]);
    RELEASES.iter().find_map(|r| {
        r.discs.iter().position(|d| d.as_bytes() == code)?;
        (r.prefix.as_bytes() == prefix).then(|| GameInfo {
            region: r.region.to_string(),
            language: r.language.to_string(),
            disc: None,
            file: Some((digits[0] - b'0') * 10 + (digits[1] - b'0') + 1),
        })
    })
}

fn entry(save: SaveFile) -> Entry<PsxSave> {
    let mut findings = save.findings;
    let game_info = ff9_game_info(&save.name.raw);
    let ff9_title = save.title.folded.contains("FF9/");
    let name = save.name.text.clone();
    let is_ff9 = match (&game_info, ff9_title) {
        (Some(_), true) => true,
        (Some(_), false) => {
            findings.push(Finding::warning(FindingKind::NotGameSave, format!(
                "FF9 file name but not an FF9 title (`{}`): not a game save; its cards are not shown",
                save.title.folded
            )));
            false
        }
        (None, true) => {
            findings.push(Finding::warning(
                FindingKind::UnknownProduct,
                format!("FF9 title under an unknown product code (`{name}`); decoded anyway"),
            ));
            true
        }
        (None, false) => false,
    };
    let block = save.data.get(..BLOCK_SIZE).unwrap_or(&save.data);
    let crc_ok = if game_info.is_some() || ff9_title {
        let ok = block_crc(block).map(|(stored, computed)| {
            if stored != computed {
                let shown = if is_ff9 { "; the data is shown anyway" } else { "" };
                findings.push(Finding::warning(
                    FindingKind::Checksum,
                    format!(
                        "the checksum does not match (stored {stored}, computed {computed}){shown}"
                    ),
                ));
            }
            stored == computed
        });
        if ok.is_none() {
            findings.push(Finding::error(
                FindingKind::Truncated,
                format!(
                    "the save is {} bytes, too short for the FF9 block and its checksum",
                    save.data.len()
                ),
            ));
        }
        ok
    } else {
        None
    };
    if is_ff9 && save.state != SaveState::Live {
        findings.push(Finding::warning(
            FindingKind::DeletedSave,
            "deleted save: it can still be read, but its blocks count as free, so a later save \
             may have partly overwritten it",
        ));
    }
    let summary = is_ff9.then(|| summary(block, &save.name.raw, &mut findings));
    let mut game_info = game_info;
    if let (true, Some(info)) = (is_ff9, game_info.as_mut()) {
        let (disc, found) = block::disc(block);
        info.disc = disc;
        findings.extend(found);
    }
    let payload = PsxSave {
        name: name.clone(),
        data: save.data,
        game_info: game_info.clone(),
        ff9_title,
        crc_ok,
    };
    Entry {
        selector: save.selector,
        name,
        product_code: product_code(&save.name.raw),
        is_ff9,
        game_info,
        deleted: save.state != SaveState::Live,
        latest: false,
        checksum_ok: crc_ok,
        title: save.title.folded,
        summary,
        findings,
        payload,
    }
}

/// The load-screen summary ([`block::summary`]) with its findings.
fn summary(block: &[u8], name: &[u8], findings: &mut Vec<Finding>) -> SaveSummary {
    let prefix = name.get(..2).and_then(|p| std::str::from_utf8(p).ok());
    let (summary, found) = block::summary(block, prefix);
    findings.extend(found);
    summary
}
