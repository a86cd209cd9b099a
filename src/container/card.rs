//! A 128 KiB card image: header, broken-sector list, directory and block chains.
//!
//! The walk is lenient (memory-card-formats §3.1, §10, §11): every damage case is a
//! [`Finding`] and one bad chain never hides the other saves.

use super::geometry::{BLOCK_SIZE, CARD_SIZE, FRAME_SIZE};
use super::layout::{read_at, until_nul, BrokenSector, DirectoryFrame};
use super::save::{build_save, SaveFile, SaveState};
use crate::model::words::count;
use crate::model::{Finding, FindingKind, Location, Severity};
use std::borrow::Cow;

/// Directory slots (and data blocks) on a card.
const SLOTS: usize = 15;
/// Link value that ends a chain.
const END_LINK: u16 = 0xFFFF;

/// One directory frame as read.
#[derive(Debug, Clone)]
struct Entry {
    state: u8,
    state_rest: [u8; 3],
    size: u32,
    link: u16,
    name: Vec<u8>,
}

impl Entry {
    /// Reads one whole 128-byte frame (a shorter slice reads as a free, unlinked entry).
    fn parse(frame: &[u8]) -> Entry {
        let f: DirectoryFrame =
            read_at(frame, 0).unwrap_or_else(|| DirectoryFrame::new(0xA0, 0, END_LINK, b""));
        Entry {
            state: f.state,
            state_rest: f.state_rest,
            size: f.size,
            link: f.link,
            name: until_nul(&f.name).to_vec(),
        }
    }
}

/// True for the allocation states of §2.3.
/// An allocation state in words: "the first block of a save", "free", "unknown (82)".
pub(crate) fn state_words(state: u8) -> String {
    match state {
        0x51 => "the first block of a save".into(),
        0x52 => "a middle block of a save".into(),
        0x53 => "the last block of a save".into(),
        0xA0 => "free".into(),
        0xA1 => "the first block of a deleted save".into(),
        0xA2 => "a middle block of a deleted save".into(),
        0xA3 => "the last block of a deleted save".into(),
        s => format!("unknown ({s})"),
    }
}

fn known_state(state: u8) -> bool {
    matches!(state, 0x51..=0x53 | 0xA0..=0xA3)
}

/// XOR of bytes 0x00..0x7E of a frame (the value stored at 0x7F).
pub fn frame_xor(frame: &[u8]) -> u8 {
    frame[..0x7F].iter().fold(0, |acc, b| acc ^ b)
}

/// How a directory frame's XOR byte compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XorCheck {
    /// Byte 0x7F is the XOR of 0x00..0x7E.
    Valid,
    /// Only the legacy 126-byte XOR (0x00..0x7D) matches.
    Legacy,
    /// Neither matches: (stored, computed).
    Bad(u8, u8),
}

/// Checks a 128-byte frame's XOR (memory-card-formats §10).
pub fn check_xor(frame: &[u8]) -> XorCheck {
    let computed = frame_xor(frame);
    let stored = frame[0x7F];
    if computed == stored {
        XorCheck::Valid
    } else if computed ^ frame[0x7E] == stored {
        XorCheck::Legacy
    } else {
        XorCheck::Bad(stored, computed)
    }
}

/// The finding for a frame's XOR check, if any; `what` names the frame.
pub fn xor_finding(frame: &[u8], what: &str) -> Option<Finding> {
    match check_xor(frame) {
        XorCheck::Valid => None,
        XorCheck::Legacy => Some(Finding::info(FindingKind::FrameChecksum, format!(
            "{what}: legacy-tool checksum (126-byte XOR, as older MemcardRex versions write it)"
        ))),
        XorCheck::Bad(stored, computed) => Some(Finding::warning(FindingKind::FrameChecksum, format!(
            "{what}: its checksum does not match (stored {stored}, computed {computed}); read anyway"
        ))),
    }
}

/// True when block 0 looks like a card directory even without `MC`: at least 12 of the 15
/// directory frames have a valid (or legacy) XOR and a known state.
fn directory_looks_valid(card: &[u8]) -> bool {
    (1..=SLOTS)
        .filter(|&i| {
            let f = &card[i * FRAME_SIZE..(i + 1) * FRAME_SIZE];
            known_state(f[0]) && !matches!(check_xor(f), XorCheck::Bad(..))
        })
        .count()
        >= 12
}

/// True when `card` (at least 131072 bytes from `offset`) starts with `MC` and a valid
/// directory: used to find a card behind an unknown header.
pub fn looks_like_card_at(bytes: &[u8], offset: usize) -> bool {
    bytes
        .get(offset..offset + CARD_SIZE)
        .is_some_and(|c| c.starts_with(b"MC") && directory_looks_valid(c))
}

/// A chain walked from one first block.
struct Chain {
    first: u8,
    deleted: bool,
    reconstructed: bool,
    blocks: Vec<u8>,
    findings: Vec<Finding>,
}

/// Reads the saves of a 131072-byte card image. Returns the saves (live in directory order,
/// then deleted ones) and the card-level findings.
pub fn read_card(image: &[u8]) -> (Vec<SaveFile>, Vec<Finding>) {
    let mut findings = Vec::new();
    // Borrowed as it is; copied only when it is short (padded with zeros) or a broken-sector
    // replacement changes it.
    let mut card = match image.get(..CARD_SIZE) {
        Some(whole) => Cow::Borrowed(whole),
        None => {
            let mut padded = image.to_vec();
            padded.resize(CARD_SIZE, 0);
            Cow::Owned(padded)
        }
    };

    if let Some(f) = unformatted(&card) {
        findings.push(f);
        return (Vec::new(), findings);
    }
    findings.extend(check_header(&card));
    apply_broken_sectors(&mut card, &mut findings);

    let entries: Vec<Entry> =
        (1..=SLOTS).map(|i| Entry::parse(&card[i * FRAME_SIZE..(i + 1) * FRAME_SIZE])).collect();
    check_directory(&card, &entries, &mut findings);

    let mut chains: Vec<Chain> = Vec::new();
    for (first_state, deleted) in [(0x51u8, false), (0xA1u8, true)] {
        for first in 1..=SLOTS as u8 {
            if entries[first as usize - 1].state == first_state {
                chains.push(walk(&entries, first, deleted));
            }
        }
    }
    rebuild_cleared_chains(&mut chains, &entries, &card);
    report_cross_links(&mut chains);
    report_orphans(&entries, &chains, &mut findings);

    let mut saves: Vec<SaveFile> =
        chains.into_iter().map(|c| to_save(c, &entries, &card)).collect();
    report_duplicate_names(&mut saves);
    (saves, findings)
}

/// The finding for a card whose bytes are all 0xFF or all 0x00 (it holds no saves).
fn unformatted(card: &[u8]) -> Option<Finding> {
    if !(card.iter().all(|&b| b == 0xFF) || card.iter().all(|&b| b == 0x00)) {
        return None;
    }
    let fill = if card[0] == 0xFF { "255 (all bits set)" } else { "zero" };
    Some(Finding::warning(
        FindingKind::Unformatted,
        format!("unformatted card: every byte is {fill}; it holds no saves"),
    ))
}

/// The header frame: the `MC` mark (a directory that looks valid stands in for it) and XOR.
fn check_header(card: &[u8]) -> Option<Finding> {
    if card.starts_with(b"MC") {
        return xor_finding(&card[..FRAME_SIZE], "header frame");
    }
    Some(if directory_looks_valid(card) {
        Finding::warning(
            FindingKind::ContainerHeader,
            "card header lacks the `MC` mark; read from its directory, which looks valid",
        )
    } else {
        Finding::error(FindingKind::ContainerHeader,
            "card header lacks the `MC` mark and the directory does not look valid: not a formatted card; whatever parses is shown",
        )
    })
}

/// Each directory frame's XOR, allocation state and the bytes after the state.
fn check_directory(card: &[u8], entries: &[Entry], findings: &mut Vec<Finding>) {
    for i in 1..=SLOTS {
        let frame = &card[i * FRAME_SIZE..(i + 1) * FRAME_SIZE];
        if let Some(f) = xor_finding(frame, &format!("directory frame {i}")) {
            findings.push(f);
        }
        let e = &entries[i - 1];
        if !known_state(e.state) {
            findings.push(
                Finding::warning(
                    FindingKind::DirectoryEntry,
                    format!(
                        "directory frame {i} has an unknown state ({}), so block {i} is skipped",
                        e.state
                    ),
                )
                .at(Location::Block(i as u16)),
            );
        } else if e.state_rest != [0, 0, 0] {
            findings.push(Finding::warning(FindingKind::DirectoryEntry, format!(
                "directory frame {i}: the three bytes after its state should be zero but hold {}, {} and {}",
                e.state_rest[0], e.state_rest[1], e.state_rest[2]
            )).at(Location::Block(i as u16)));
        }
    }
}

/// DuckStation-style deletes: rebuilds the chains of deleted saves whose links were cleared.
fn rebuild_cleared_chains(chains: &mut [Chain], entries: &[Entry], card: &[u8]) {
    for k in 0..chains.len() {
        let c = &chains[k];
        if !c.deleted || c.blocks.len() != 1 || entries[c.first as usize - 1].link != END_LINK {
            continue;
        }
        let first = c.first;
        let want = declared_blocks(&entries[first as usize - 1], card, first);
        if want <= 1 {
            continue;
        }
        let taken: Vec<u8> = chains.iter().flat_map(|c| c.blocks.iter().copied()).collect();
        let rebuilt = reconstruct(entries, first, want, &taken);
        let c = &mut chains[k];
        match rebuilt {
            Some(blocks) => {
                c.findings.push(Finding::warning(FindingKind::BrokenChain, format!(
                    "deleted save with cleared links: chain rebuilt from the following deleted blocks {}",
                    list(&blocks)
                )));
                c.blocks = blocks;
                c.reconstructed = true;
            }
            None => c.findings.push(Finding::warning(FindingKind::BrokenChain, format!(
                "deleted save of {want} blocks with cleared links: the following blocks do not form its chain; only block {first} is read"
            ))),
        }
    }
}

/// Cross links: a block reached by more than one chain, reported on each of them.
fn report_cross_links(chains: &mut [Chain]) {
    for b in 1..=SLOTS as u8 {
        let owners: Vec<usize> =
            (0..chains.len()).filter(|&k| chains[k].blocks.contains(&b)).collect();
        if owners.len() > 1 {
            let slots: Vec<String> = owners.iter().map(|&k| chains[k].first.to_string()).collect();
            for &k in &owners {
                let sev = severity(chains[k].deleted);
                chains[k].findings.push(
                    Finding::new(
                        sev,
                        FindingKind::BrokenChain,
                        format!(
                            "cross-linked: block {b} is reached by the saves in slots {}",
                            slots.join(" and ")
                        ),
                    )
                    .at(Location::Block(b.into())),
                );
            }
        }
    }
}

/// Orphans: continuation entries no chain reached.
fn report_orphans(entries: &[Entry], chains: &[Chain], findings: &mut Vec<Finding>) {
    for b in 1..=SLOTS as u8 {
        let st = entries[b as usize - 1].state;
        if matches!(st, 0x52 | 0x53 | 0xA2 | 0xA3) && !chains.iter().any(|c| c.blocks.contains(&b))
        {
            findings.push(
                Finding::warning(
                    FindingKind::DirectoryEntry,
                    format!(
                        "directory frame {b} marks {} that no save's chain reaches",
                        state_words(st)
                    ),
                )
                .at(Location::Block(b.into())),
            );
        }
    }
}

fn severity(deleted: bool) -> Severity {
    if deleted {
        Severity::Warning
    } else {
        Severity::Error
    }
}

fn list(blocks: &[u8]) -> String {
    blocks.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

/// Follows links from `first` (§3.1 steps 2–5).
fn walk(entries: &[Entry], first: u8, deleted: bool) -> Chain {
    let sev = severity(deleted);
    let mut findings = Vec::new();
    let mut blocks = vec![first];
    let (mid, last) = if deleted { (0xA2, 0xA3) } else { (0x52, 0x53) };
    let mut cur = first;
    while blocks.len() <= SLOTS {
        let link = entries[cur as usize - 1].link;
        if link == END_LINK {
            break;
        }
        if link > 14 {
            findings.push(
                Finding::new(
                    sev,
                    FindingKind::BrokenChain,
                    format!(
                        "block {cur} links to block {}, which does not exist: the chain is cut after {}",
                        u32::from(link) + 1,
                        count(blocks.len() as u64, "block")
                    ),
                )
                .at(Location::Block(cur.into())),
            );
            break;
        }
        let next = link as u8 + 1;
        if blocks.contains(&next) {
            findings.push(
                Finding::new(
                    sev,
                    FindingKind::BrokenChain,
                    format!(
                    "cycle: block {cur} links back to block {next}; the chain is stopped after {}",
                    count(blocks.len() as u64, "block")
                ),
                )
                .at(Location::Block(cur.into())),
            );
            break;
        }
        let st = entries[next as usize - 1].state;
        if st != mid && st != last {
            findings.push(Finding::new(
                sev, FindingKind::BrokenChain,
                format!(
                    "cross-linked or overwritten chain: block {cur} links to block {next}, which is {}; the save is partial ({})",
                    state_words(st),
                    count(blocks.len() as u64, "block")
                ),
            ).at(Location::Block(cur.into())));
            break;
        }
        blocks.push(next);
        cur = next;
    }
    for (k, &b) in blocks.iter().enumerate().skip(1) {
        let st = entries[b as usize - 1].state;
        let is_end = k + 1 == blocks.len();
        if is_end && st != last {
            findings.push(
                Finding::warning(
                    FindingKind::DirectoryEntry,
                    format!(
                        "the chain ends at block {b}, which is marked as {}, not as {}",
                        state_words(st),
                        state_words(last)
                    ),
                )
                .at(Location::Block(b.into())),
            );
        } else if !is_end && st == last {
            findings.push(
                Finding::warning(
                    FindingKind::DirectoryEntry,
                    format!("block {b} is marked as {} but links on", state_words(last)),
                )
                .at(Location::Block(b.into())),
            );
        }
        if entries[b as usize - 1].size != 0 {
            findings.push(
                Finding::warning(
                    FindingKind::DirectoryEntry,
                    format!(
                        "continuation block {b} carries a size field ({} bytes)",
                        entries[b as usize - 1].size
                    ),
                )
                .at(Location::Block(b.into())),
            );
        }
    }
    Chain { first, deleted, reconstructed: false, blocks, findings }
}

/// Blocks a save says it has: the size field when it is a valid multiple of 8192, else the
/// title's block count.
fn declared_blocks(first: &Entry, card: &[u8], block: u8) -> usize {
    let size = first.size as usize;
    if size.is_multiple_of(BLOCK_SIZE) && (BLOCK_SIZE..=SLOTS * BLOCK_SIZE).contains(&size) {
        return size / BLOCK_SIZE;
    }
    (card[block as usize * BLOCK_SIZE + 3] as usize).min(SLOTS)
}

/// §3.1 step 7: the next `want − 1` deleted continuation blocks after `first` that no chain
/// took, with cleared links, middle ones 0xA2 and the last 0xA3.
fn reconstruct(entries: &[Entry], first: u8, want: usize, taken: &[u8]) -> Option<Vec<u8>> {
    let mut blocks = vec![first];
    for b in first + 1..=SLOTS as u8 {
        if blocks.len() == want {
            break;
        }
        let e = &entries[b as usize - 1];
        if matches!(e.state, 0xA2 | 0xA3) && e.link == END_LINK && !taken.contains(&b) {
            blocks.push(b);
        }
    }
    let states_ok = blocks.len() == want
        && blocks.iter().enumerate().skip(1).all(|(k, &b)| {
            entries[b as usize - 1].state == if k + 1 == want { 0xA3 } else { 0xA2 }
        });
    states_ok.then_some(blocks)
}

/// Broken-sector list (§2.4): applies valid replacements (copying the card on the first one),
/// reports the rest.
fn apply_broken_sectors(card: &mut Cow<'_, [u8]>, findings: &mut Vec<Finding>) {
    for n in 0..20 {
        let o = (16 + n) * FRAME_SIZE;
        let frame = &card[o..o + FRAME_SIZE];
        let sector = read_at::<BrokenSector>(frame, 0).map_or(0xFFFF_FFFF, |b| b.sector);
        if sector == 0xFFFF_FFFF {
            continue;
        }
        let xor_ok = check_xor(frame) == XorCheck::Valid;
        if xor_ok && (64..=0x3FF).contains(&sector) {
            let s = sector as usize * FRAME_SIZE;
            let r = (36 + n) * FRAME_SIZE;
            card.to_mut().copy_within(r..r + FRAME_SIZE, s);
            findings.push(Finding::info(FindingKind::BrokenSector, format!(
                "broken-sector list entry {n}: sector {sector} (block {}, frame {}) replaced by frame {}",
                sector / 64,
                sector % 64,
                36 + n
            )).at(Location::Sector(sector as u16)));
        } else {
            findings.push(Finding::warning(
                FindingKind::BrokenSector,
                format!(
                    "broken-sector list entry {n} names sector {sector} but {}; ignored",
                    if xor_ok { "that is not a data sector" } else { "its checksum is bad" }
                ),
            ));
        }
    }
}

fn to_save(chain: Chain, entries: &[Entry], card: &[u8]) -> SaveFile {
    let e = &entries[chain.first as usize - 1];
    let mut data = Vec::with_capacity(chain.blocks.len() * BLOCK_SIZE);
    for &b in &chain.blocks {
        data.extend_from_slice(&card[b as usize * BLOCK_SIZE..(b as usize + 1) * BLOCK_SIZE]);
    }
    let state = match (chain.deleted, chain.reconstructed) {
        (false, _) => SaveState::Live,
        (true, false) => SaveState::Deleted,
        (true, true) => SaveState::Reconstructed,
    };
    let mut findings = chain.findings;
    let n = chain.blocks.len() as u32;
    if e.size != n * BLOCK_SIZE as u32 {
        findings.push(Finding::warning(
            FindingKind::SizeMismatch,
            format!(
                "size mismatch: the directory says {} bytes, the chain has {} ({} bytes)",
                e.size,
                count(n, "block"),
                n * BLOCK_SIZE as u32
            ),
        ));
    }
    build_save(
        chain.first.to_string(),
        Some(chain.first),
        state,
        e.name.clone(),
        e.size,
        chain.blocks,
        data,
        findings,
    )
}

fn report_duplicate_names(saves: &mut [SaveFile]) {
    for i in 0..saves.len() {
        if saves[i].name.raw.is_empty() {
            continue;
        }
        let others: Vec<String> = (0..saves.len())
            .filter(|&j| j != i && saves[j].name.raw == saves[i].name.raw)
            .map(|j| saves[j].selector.clone())
            .collect();
        if !others.is_empty() {
            saves[i].findings.push(Finding::info(
                FindingKind::DuplicateName,
                format!("the save in slot {} has the same name", others.join(", ")),
            ));
        }
    }
}
