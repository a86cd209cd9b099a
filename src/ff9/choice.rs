//! Which save of a file to take: the one way both front ends choose (a selector as `quadmist
//! saves` lists it, `latest`, or none when the file holds one Final Fantasy IX save).
//!
//! Only Final Fantasy IX saves are ever chosen: a selector naming another game's save (or an
//! FF9 look-alike that is not a game save) is refused. A deleted FF9 save can be named; with
//! no selector it is taken only when it is the file's only FF9 save (the caller may warn: the
//! save it gets is [`Entry::deleted`]). `latest` follows the typed flag [`Entry::latest`], set
//! by the PC reader from the file's metadata, never a title.

use super::listing::{Entry, Listing};
use std::fmt;

/// Which save of a file a player asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SaveChoice {
    /// None named: the file's only Final Fantasy IX save (its only live one).
    Only,
    /// A selector as the listing gives it: `1`..`15` on a memory card, `auto` or `S-F` in a PC
    /// `.dat` or Switch save (compared without case and surrounding spaces).
    Named(String),
    /// The save the file's own metadata names as the last one written (a PC `.dat`), or the
    /// only live FF9 save of a file that records none.
    Latest,
}

impl SaveChoice {
    /// The choice a selector typed by a player means: `latest` (any case) is
    /// [`SaveChoice::Latest`], anything else the selector itself, none [`SaveChoice::Only`].
    pub fn from_selector(selector: Option<&str>) -> SaveChoice {
        match selector.map(str::trim) {
            None => SaveChoice::Only,
            Some(s) if s.eq_ignore_ascii_case("latest") => SaveChoice::Latest,
            Some(s) => SaveChoice::Named(s.to_string()),
        }
    }
}

impl fmt::Display for SaveChoice {
    /// The selector as a player types it (`3`, `1-2`, `latest`); empty for [`SaveChoice::Only`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveChoice::Only => Ok(()),
            SaveChoice::Named(s) => f.write_str(s),
            SaveChoice::Latest => f.write_str("latest"),
        }
    }
}

/// Why no save was chosen. The front ends word it, offering the file's FF9 saves
/// ([`Listing::ff9_saves`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChoiceError {
    /// A selector named, but the file holds no save that can be read.
    Empty {
        /// The selector named.
        selector: String,
    },
    /// No save of the file has this selector.
    NoSuchSave {
        /// The selector named.
        selector: String,
    },
    /// The save named is not a Final Fantasy IX game save.
    NotFf9 {
        /// Its selector, as the listing gives it.
        selector: String,
        /// True when it has an FF9 file name but is not a game save (a look-alike).
        lookalike: bool,
    },
    /// The file holds no Final Fantasy IX game save.
    NoFf9 {
        /// Saves with an FF9 file name that are not game saves, by selector.
        lookalikes: Vec<String>,
        /// How many saves of other games it holds.
        others: usize,
    },
    /// No save named, and the file holds several FF9 saves.
    Several {
        /// How many are live (not deleted).
        live: usize,
        /// How many FF9 saves in all.
        total: usize,
    },
    /// `latest` in a file that records no latest save and holds several live FF9 saves.
    NoLatest,
}

impl fmt::Display for ChoiceError {
    /// What went wrong, short, for a front end that does not list the saves itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceError::Empty { selector } => {
                write!(f, "it holds no save that can be read, so no save `{selector}`")
            }
            ChoiceError::NoSuchSave { selector } => write!(f, "no save `{selector}`"),
            ChoiceError::NotFf9 { selector, lookalike: true } => {
                write!(f, "save {selector} has a Final Fantasy IX file name but is not a game save")
            }
            ChoiceError::NotFf9 { selector, lookalike: false } => {
                write!(f, "save {selector} is not a Final Fantasy IX save")
            }
            ChoiceError::NoFf9 { .. } => f.write_str("it holds no Final Fantasy IX game save"),
            ChoiceError::Several { live, .. } => {
                write!(f, "it holds {live} Final Fantasy IX saves: choose one")
            }
            ChoiceError::NoLatest => f.write_str(
                "it does not record which save is the latest (a PC .dat does): choose one",
            ),
        }
    }
}

impl ChoiceError {
    /// True when the player asked for something the file cannot give in that form (another
    /// selector would do: a usage error); false when the file holds nothing to choose.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            ChoiceError::NoSuchSave { .. } | ChoiceError::Several { .. } | ChoiceError::NoLatest
        )
    }
}

impl<P> Listing<P> {
    /// The Final Fantasy IX saves, deleted ones included, in file order: what a front end
    /// offers when a choice fails.
    pub fn ff9_saves(&self) -> impl Iterator<Item = &Entry<P>> {
        self.saves.iter().filter(|s| s.is_ff9)
    }

    /// The save of any game whose selector is `selector` (without case and surrounding
    /// spaces): for what every save has, such as a PlayStation save's icon.
    pub fn find(&self, selector: &str) -> Option<&Entry<P>> {
        self.saves.iter().find(|s| s.selector.eq_ignore_ascii_case(selector.trim()))
    }

    /// The Final Fantasy IX save `choice` names (see the module's doc).
    pub fn choose(&self, choice: &SaveChoice) -> Result<&Entry<P>, ChoiceError> {
        match choice {
            SaveChoice::Named(selector) => self.named(selector),
            SaveChoice::Latest => {
                let live: Vec<&Entry<P>> = self.ff9_saves().filter(|s| !s.deleted).collect();
                match (self.ff9_saves().find(|s| s.latest), live.as_slice()) {
                    (Some(latest), _) => Ok(latest),
                    (None, [only]) => Ok(only),
                    (None, _) => Err(ChoiceError::NoLatest),
                }
            }
            SaveChoice::Only => {
                let ff9: Vec<&Entry<P>> = self.ff9_saves().collect();
                let live: Vec<&Entry<P>> = ff9.iter().copied().filter(|s| !s.deleted).collect();
                match (live.as_slice(), ff9.as_slice()) {
                    ([only], _) | ([], [only]) => Ok(only),
                    ([], []) => Err(ChoiceError::NoFf9 {
                        lookalikes: self
                            .saves
                            .iter()
                            .filter(|s| s.game_info.is_some())
                            .map(|s| s.selector.clone())
                            .collect(),
                        others: self.saves.len(),
                    }),
                    (live, ff9) => Err(ChoiceError::Several { live: live.len(), total: ff9.len() }),
                }
            }
        }
    }

    /// The save a selector names, refused when it is not an FF9 game save.
    fn named(&self, selector: &str) -> Result<&Entry<P>, ChoiceError> {
        if self.saves.is_empty() {
            return Err(ChoiceError::Empty { selector: selector.to_string() });
        }
        let entry = self
            .find(selector)
            .ok_or_else(|| ChoiceError::NoSuchSave { selector: selector.to_string() })?;
        if !entry.is_ff9 {
            return Err(ChoiceError::NotFf9 {
                selector: entry.selector.clone(),
                lookalike: entry.game_info.is_some(),
            });
        }
        Ok(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ff9::listing::{FileKind, GameInfo};

    /// A save: selector, FF9 or not, deleted, latest, title.
    fn save(selector: &str, ff9: bool, deleted: bool, latest: bool, title: &str) -> Entry<()> {
        let mut e = Entry::unboxed(selector.into(), selector.into(), None, latest, vec![], ());
        e.is_ff9 = ff9;
        e.deleted = deleted;
        e.title = title.to_string();
        e
    }

    fn listing(saves: Vec<Entry<()>>) -> Listing<()> {
        Listing { kind: FileKind::PcDat, saves, findings: vec![] }
    }

    fn chosen(l: &Listing<()>, typed: Option<&str>) -> Result<String, ChoiceError> {
        l.choose(&SaveChoice::from_selector(typed)).map(|e| e.selector.clone())
    }

    #[test]
    fn a_selector_is_matched_without_case_and_spaces() {
        let l = listing(vec![
            save("1-1", true, false, false, ""),
            save("AUTO", true, false, false, ""),
        ]);
        assert_eq!(chosen(&l, Some(" auto ")), Ok("AUTO".into()));
        assert_eq!(chosen(&l, Some("1-1")), Ok("1-1".into()));
        assert_eq!(
            chosen(&l, Some("2-2")),
            Err(ChoiceError::NoSuchSave { selector: "2-2".into() })
        );
        assert_eq!(chosen(&l, None), Err(ChoiceError::Several { live: 2, total: 2 }));
    }

    /// `latest` is the flag the PC reader sets, never a title: a save whose own title ends in
    /// "(latest)" is not taken for the latest one.
    #[test]
    fn latest_is_the_flag_never_the_title() {
        let titled = listing(vec![
            save("1", true, false, false, "FF9/FILE01 (latest)"),
            save("2", true, false, false, ""),
        ]);
        assert_eq!(chosen(&titled, Some("latest")), Err(ChoiceError::NoLatest));
        assert_eq!(chosen(&titled, Some("LATEST")), Err(ChoiceError::NoLatest));
        let flagged =
            listing(vec![save("1-1", true, false, false, ""), save("1-2", true, false, true, "")]);
        assert_eq!(chosen(&flagged, Some("latest")), Ok("1-2".into()));
        // A file with one live FF9 save: that one.
        let one =
            listing(vec![save("1", true, true, false, ""), save("2", true, false, false, "")]);
        assert_eq!(chosen(&one, Some("latest")), Ok("2".into()));
    }

    #[test]
    fn only_ff9_game_saves_are_chosen() {
        let mut lookalike = save("3", false, false, false, "bare-bones");
        lookalike.game_info = Some(GameInfo {
            region: "NTSC-U".into(),
            language: "English".into(),
            disc: None,
            file: None,
        });
        let l = listing(vec![save("1", false, false, false, "OTHER GAME"), lookalike]);
        assert_eq!(
            chosen(&l, Some("1")),
            Err(ChoiceError::NotFf9 { selector: "1".into(), lookalike: false })
        );
        assert_eq!(
            chosen(&l, Some("3")),
            Err(ChoiceError::NotFf9 { selector: "3".into(), lookalike: true })
        );
        assert_eq!(
            chosen(&l, None),
            Err(ChoiceError::NoFf9 { lookalikes: vec!["3".into()], others: 2 })
        );
        assert_eq!(
            chosen(&listing(vec![]), Some("1")),
            Err(ChoiceError::Empty { selector: "1".into() })
        );
        assert!(!ChoiceError::NoFf9 { lookalikes: vec![], others: 0 }.is_usage());
        assert!(ChoiceError::NoLatest.is_usage());
    }

    #[test]
    fn a_deleted_save_is_taken_alone_only() {
        let alone = listing(vec![save("4", true, true, false, "")]);
        assert_eq!(chosen(&alone, None), Ok("4".into()));
        let two = listing(vec![save("4", true, true, false, ""), save("5", true, true, false, "")]);
        assert_eq!(chosen(&two, None), Err(ChoiceError::Several { live: 0, total: 2 }));
        assert_eq!(chosen(&two, Some("5")), Ok("5".into()));
    }
}
