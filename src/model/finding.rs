//! Findings: what a parser noticed about its input, with a severity, a typed kind and, where
//! known, a location.
//!
//! Every layer reports damage, oddities and assumptions as [`Finding`]s instead of
//! failing; a caller decides what to show and whether anything usable is left. Which findings
//! are repeats of one another is decided here, once ([`Finding::group`], [`collapse`]): a
//! front end only renders what [`collapse`] gives it.

use serde::Serialize;
use std::borrow::Borrow;
use std::fmt;

/// How serious a [`Finding`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Severity {
    /// Worth knowing; nothing is wrong with the data.
    Info,
    /// Something is odd or was repaired; the data shown may be incomplete or edited.
    Warning,
    /// Something is damaged; part of the data could not be read or is invalid.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// What a finding says, as an identifier (as PKHeX's legality checks carry one): findings
/// of one kind are repeats of one another whatever their words (the card's name, the slot).
/// Every finding a reader or a check makes has a kind of its own; [`FindingKind::Other`] is
/// left to a front end's notes about its own run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum FindingKind {
    // The file and its container.
    /// The input, or a block or record in it, ends early: what is missing is lost or read as
    /// zeros.
    Truncated,
    /// Bytes before or after what the format holds: skipped.
    ExtraBytes,
    /// A container's own header (DexDrive, PSV, a raw image's, the card's `MC` mark) is
    /// damaged or unusual.
    ContainerHeader,
    /// A memory card that was never formatted.
    Unformatted,
    /// A memory card frame's XOR check does not hold, or was written the way older tools do.
    FrameChecksum,
    /// A directory frame's state, size or link is not what the card's rules allow.
    DirectoryEntry,
    /// A save's chain of blocks is cut, loops, crosses another save's or was rebuilt.
    BrokenChain,
    /// The card's broken-sector list replaces a sector, or names one it cannot.
    BrokenSector,
    /// Two sizes of one save (directory, title frame, blocks read) disagree.
    SizeMismatch,
    /// Two saves of one card have the same name.
    DuplicateName,
    /// A save's title frame lacks its mark or its title cannot be decoded.
    TitleFrame,
    /// A save's icon is hidden by the console or cut off.
    Icon,
    /// A deleted save, still readable.
    DeletedSave,
    // One Final Fantasy IX save.
    /// A save under the game's name whose title is not the game's: not decoded.
    NotGameSave,
    /// The game's title under a product code the game never used: decoded anyway.
    UnknownProduct,
    /// The game's own checksum of the save does not hold.
    Checksum,
    /// Two copies of one value in the save (disc, place, play time, gil) disagree.
    CopiesDisagree,
    /// The play time read in another unit, the one the title's copy agrees with.
    PlayTimeReading,
    /// A name or place holds characters the game's table (or quadmist) cannot show.
    UnreadableText,
    /// Memoria's sidecar card list: beside the save, used, ignored or damaged.
    Sidecar,
    /// The story's event variables (progress, pickups, card players beaten) cannot be read.
    EventVariables,
    /// A PC or Switch save of another layout than the game's (size, padding, schema).
    UnknownSchema,
    /// A PC save block that decrypts to nothing the game writes, or holds an invalid value.
    DamagedBlock,
    /// Which save the file's own metadata names as the last one written.
    LatestSave,
    /// JSON text in another encoding than the game's UTF-8.
    TextEncoding,
    // The cards and counters.
    /// A PC or Switch card entry with a field missing, out of range or spelled otherwise.
    CardEntry,
    /// A card record whose id is no card (100..254): read as an empty slot.
    InvalidCardId,
    /// A card id outside the catalogue (0..99).
    UnknownId,
    /// A card's stat above its cap.
    AboveCap,
    /// A card's stat below the lowest a new card can roll.
    BelowCreationMinimum,
    /// A type code that is no card type (0..3).
    UnknownType,
    /// A type the card cannot have in play (neither its default, X nor A).
    ImpossibleType,
    /// PlayStation: P where the catalogue says M or the reverse, the NPC table's type.
    NpcType,
    /// A card recorded past slot 100, where the game never counts one.
    PastSlot100,
    /// A PC or Switch card entry whose side is not 0 (the game always saves 0).
    CardSide,
    /// More cards than the game's 100 (a modded limit), or more entries than are read.
    OverCardLimit,
    /// A wins, losses or draws counter missing or outside the game's signed 16-bit range.
    CounterOutOfRange,
    /// The count of findings of one kind left out after the first ones ([`limit_repeats`]).
    Repeats,
    /// A front end's note about its own run (a folder, a browser, an option), not about the
    /// save: grouped by its words, numbers left out.
    Other,
}

/// Where in the save a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Location {
    /// A card record, by its 1-based place in the save's card list (the game's slot).
    CardSlot(u16),
    /// A memory card's block (1..15; its directory frame has the same number).
    Block(u16),
    /// A memory card's sector (frame), by its number on the card.
    Sector(u16),
}

/// One observation about the input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Finding {
    /// How serious it is.
    pub severity: Severity,
    /// What it says, as an identifier.
    pub kind: FindingKind,
    /// Where it is, when it is about one place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    /// A sentence for a person, naming where (block, slot, offset) when known.
    pub message: String,
}

impl Finding {
    /// A finding of `kind`, nowhere in particular.
    pub fn new(severity: Severity, kind: FindingKind, message: impl Into<String>) -> Self {
        Finding { severity, kind, location: None, message: message.into() }
    }
    /// An informational finding.
    pub fn info(kind: FindingKind, message: impl Into<String>) -> Self {
        Finding::new(Severity::Info, kind, message)
    }
    /// A warning.
    pub fn warning(kind: FindingKind, message: impl Into<String>) -> Self {
        Finding::new(Severity::Warning, kind, message)
    }
    /// An error.
    pub fn error(kind: FindingKind, message: impl Into<String>) -> Self {
        Finding::new(Severity::Error, kind, message)
    }
    /// The same finding, at `location`.
    pub fn at(self, location: Location) -> Self {
        Finding { location: Some(location), ..self }
    }

    /// The group this finding is a repeat in: its severity and kind; a finding of kind
    /// [`FindingKind::Other`] is grouped by its words, every word that holds a digit (a
    /// number, `0x5643549A`, `C9AD0E26`) left out, so "slot 5: attack 200 above its cap 100"
    /// and "slot 9: ..." are one group.
    pub fn group(&self) -> Group {
        if self.kind != FindingKind::Other {
            return Group { severity: self.severity, kind: self.kind, words: String::new() };
        }
        let mut words = String::with_capacity(self.message.len());
        let mut word = String::new();
        let flush = |word: &mut String, words: &mut String| {
            if word.chars().any(|c| c.is_ascii_digit()) {
                words.push('#');
            } else {
                words.push_str(word);
            }
            word.clear();
        };
        for c in self.message.chars() {
            if c.is_alphanumeric() {
                word.push(c);
            } else {
                flush(&mut word, &mut words);
                words.push(c);
            }
        }
        flush(&mut word, &mut words);
        Group { severity: self.severity, kind: self.kind, words }
    }
}

/// Findings that are repeats of one another ([`Finding::group`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Group {
    severity: Severity,
    kind: FindingKind,
    words: String,
}

/// One line of what a front end shows of a list of findings ([`collapse`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Shown<'a> {
    /// A finding, shown.
    Finding(&'a Finding),
    /// The findings of the group of the one shown just before that are left out.
    More {
        /// Their severity.
        severity: Severity,
        /// Their kind.
        kind: FindingKind,
        /// How many.
        count: usize,
        /// The findings left out, in order (a front end may offer them folded away).
        rest: Vec<&'a Finding>,
    },
}

/// The findings in order, each group ([`Finding::group`]) cut after its first `first` ones,
/// with a [`Shown::More`] right after the last one shown of a group that had more. Linear in
/// the number of findings.
pub fn collapse<F: std::borrow::Borrow<Finding>>(findings: &[F], first: usize) -> Vec<Shown<'_>> {
    use std::collections::HashMap;
    let findings: Vec<&Finding> = findings.iter().map(Borrow::borrow).collect();
    let groups: Vec<Group> = findings.iter().map(|f| f.group()).collect();
    // Each group's findings past the first ones, gathered before any is shown.
    let mut rests: HashMap<&Group, Vec<&Finding>> = HashMap::new();
    let mut seen: HashMap<&Group, usize> = HashMap::new();
    for (f, g) in findings.iter().zip(&groups) {
        let n = seen.entry(g).or_default();
        *n += 1;
        if *n > first {
            rests.entry(g).or_default().push(f);
        }
    }
    seen.clear();
    let mut out = Vec::new();
    for (f, g) in findings.iter().zip(&groups) {
        let n = seen.entry(g).or_default();
        *n += 1;
        if *n <= first {
            out.push(Shown::Finding(f));
        }
        if *n == first {
            if let Some(rest) = rests.remove(g) {
                out.push(Shown::More {
                    severity: f.severity,
                    kind: f.kind,
                    count: rest.len(),
                    rest,
                });
            }
        }
    }
    out
}

impl FindingKind {
    /// What findings of this kind are about, in words: "broken block chains", "icons".
    pub fn topic(self) -> &'static str {
        use FindingKind::*;
        match self {
            Truncated => "data cut short",
            ExtraBytes => "extra bytes",
            ContainerHeader => "the file's header",
            Unformatted => "unformatted cards",
            FrameChecksum => "frame checksums",
            DirectoryEntry => "directory entries",
            BrokenChain => "broken block chains",
            BrokenSector => "broken sectors",
            SizeMismatch => "sizes that disagree",
            DuplicateName => "duplicate names",
            TitleFrame => "save titles",
            Icon => "icons",
            DeletedSave => "deleted saves",
            NotGameSave => "saves that are not the game's",
            UnknownProduct => "unknown product codes",
            Checksum => "save checksums",
            CopiesDisagree => "copies that disagree",
            PlayTimeReading => "play times",
            UnreadableText => "unreadable text",
            Sidecar => "Memoria's card lists",
            EventVariables => "event variables",
            UnknownSchema => "unknown save layouts",
            DamagedBlock => "damaged blocks",
            LatestSave => "the latest save",
            TextEncoding => "text encodings",
            CardEntry => "card entries",
            InvalidCardId => "invalid card ids",
            UnknownId => "card ids outside the catalogue",
            AboveCap => "stats above their cap",
            BelowCreationMinimum => "stats below what a new card can roll",
            UnknownType => "unknown card types",
            ImpossibleType => "impossible card types",
            NpcType => "card types from the opponents' table",
            PastSlot100 => "cards past slot 100",
            CardSide => "card sides",
            OverCardLimit => "the card limit",
            CounterOutOfRange => "counters out of range",
            Repeats => "repeated findings",
            Other => "other matters",
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity, self.message)
    }
}

/// True when any finding in `findings` is an [`Severity::Error`].
pub fn has_error(findings: &[Finding]) -> bool {
    findings.iter().any(|f| f.severity == Severity::Error)
}

/// How many findings of one group a front end shows before the rest are counted ("and 17
/// more like it"): the same in the terminal and on the page.
pub const REPEATS_SHOWN: usize = 3;

/// How many findings of one kind a reader keeps before the rest are only counted (a bound on
/// memory and output; the command line shows fewer unless asked, see `cli::findings`).
pub const REPEATS_KEPT: usize = 20;

/// Keeps the first [`REPEATS_KEPT`] findings of each group ([`Finding::group`]) in order and
/// replaces the rest by one finding per group, "N more findings of the kind above", right
/// after the last one kept.
/// Linear in the number of findings.
pub fn limit_repeats(findings: Vec<Finding>) -> Vec<Finding> {
    let shown = collapse(&findings, REPEATS_KEPT);
    if shown.iter().all(|s| matches!(s, Shown::Finding(_))) {
        return findings;
    }
    shown
        .into_iter()
        .map(|s| match s {
            Shown::Finding(f) => f.clone(),
            Shown::More { severity, count, .. } => Finding::new(
                severity,
                FindingKind::Repeats,
                format!(
                    "{count} more findings of the kind above (only the first {REPEATS_KEPT} of \
                     a kind are kept)"
                ),
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn findings_of_one_kind_are_repeats_whatever_their_words() {
        // Ten cards above their caps, each named: by their words (the card's name differs)
        // they were ten groups and never collapsed; by their kind they are one.
        let names = [
            "Goblin",
            "Fang",
            "Skeleton",
            "Flan",
            "Zaghnol",
            "Lizard Man",
            "Zombie",
            "Bomb",
            "Ironite",
            "Sahagin",
        ];
        let f: Vec<Finding> = names
            .iter()
            .zip(1u16..)
            .map(|(n, slot)| {
                Finding::warning(
                    FindingKind::AboveCap,
                    format!("slot {slot} {n}: attack above its cap"),
                )
                .at(Location::CardSlot(slot))
            })
            .chain([Finding::warning(FindingKind::CounterOutOfRange, "wins = -3: negative")])
            .collect();
        let shown = collapse(&f, 3);
        assert_eq!(shown.len(), 3 + 1 + 1);
        assert_eq!(
            shown[3],
            Shown::More {
                severity: Severity::Warning,
                kind: FindingKind::AboveCap,
                count: 7,
                rest: f[3..10].iter().collect()
            }
        );
        assert_eq!(shown[4], Shown::Finding(&f[10]));
        // The location and the kind are in the JSON; a finding nowhere has no location.
        let json = serde_json::to_value(&f[1]).unwrap();
        assert_eq!(json["kind"], "above_cap");
        assert_eq!(json["location"], serde_json::json!({"card_slot": 2}));
        assert!(serde_json::to_value(&f[10]).unwrap().get("location").is_none());
    }

    #[test]
    fn repeats_of_a_kind_are_cut_after_the_first_ones_and_counted() {
        let mut findings: Vec<Finding> = (1..=30)
            .map(|k| {
                Finding::error(
                    FindingKind::InvalidCardId,
                    format!("card entry {k}: invalid id {}", 100 + k),
                )
            })
            .collect();
        findings.insert(
            3,
            Finding::warning(FindingKind::CounterOutOfRange, "wins = 40000: over 32767"),
        );
        findings.push(Finding::warning(FindingKind::CardSide, "card entry 7: side 3"));
        let out = limit_repeats(findings);
        // 20 of the first kind, its count right after the 20th, the two others in place.
        assert_eq!(out.len(), 20 + 1 + 2);
        assert_eq!(out[3].message, "wins = 40000: over 32767");
        assert_eq!(out[20].message, "card entry 20: invalid id 120");
        assert_eq!(
            out[21].message,
            "10 more findings of the kind above (only the first 20 of a kind are kept)"
        );
        assert_eq!(out[21].severity, Severity::Error);
        assert_eq!(out[22].message, "card entry 7: side 3");
        // Nothing to cut: unchanged.
        let few = vec![
            Finding::info(FindingKind::Other, "a 1"),
            Finding::info(FindingKind::Other, "a 2"),
        ];
        assert_eq!(limit_repeats(few.clone()), few);
    }
}
