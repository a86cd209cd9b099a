//! Where each missing card can still be had in this playthrough: the card-sources table
//! ([`crate::model::card_sources`]) read against the save's own event variables.
//!
//! The story's disc comes from the scenario counter. A source whose disc window is over is
//! no longer possible; a flagged pickup or reward whose flag is set was taken (it gives its
//! card once), and one whose window is over without its flag was missed. A missing card with
//! no possible source left is no longer obtainable in this playthrough, and then Master
//! (which needs all 100 numbers) is out of reach: [`best_reachable`] gives the best rank left.
//!
//! Without event variables (a save that lacks them) the disc is taken as unknown: every
//! source counts as possible and no pickup is known as taken.

use crate::model::card_sources::{CardSourceRow, SourceKind, ANY_CARD_PLAYER, CARD_SOURCES};
use crate::model::{catalogue, Collection};
use crate::rules::score::{level, LEVEL_THRESHOLDS, PERFECT_POINTS};
use serde::Serialize;

/// One source of a missing card, judged at this point of the story.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourceState {
    /// How.
    pub kind: SourceKind,
    /// Where, or from whom.
    #[serde(rename = "where")]
    pub place: &'static str,
    /// First and last disc.
    pub disc: [u8; 2],
    /// For a flagged pickup or reward: whether the save records it as taken; `None` when
    /// the source has no known flag or the save has no event variables.
    pub taken: Option<bool>,
    /// True when it can still be had.
    pub possible: bool,
    /// Where the fact comes from.
    pub source: &'static str,
}

/// A card number the collection lacks, and its sources, possible ones first and easiest
/// first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissingCard {
    /// Card number 1..100.
    pub number: u8,
    /// Its name.
    pub name: &'static str,
    /// True when at least one source is still possible.
    pub obtainable: bool,
    /// Its sources.
    pub sources: Vec<SourceState>,
}

/// One flagged pickup or reward and what the save says of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PickupState {
    /// Card number 1..100.
    pub number: u8,
    /// The card's name.
    pub name: &'static str,
    /// Where.
    #[serde(rename = "where")]
    pub place: &'static str,
    /// First and last disc.
    pub disc: [u8; 2],
    /// The save records it as taken (false when the save has no event variables).
    pub taken: bool,
    /// Not taken and its window is over.
    pub missed: bool,
    /// True when the save holds a copy of its card now.
    pub card_held: bool,
}

/// Where every missing card can still be had, for one save.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Availability {
    /// The disc the story is on, from the scenario counter; `None` without event variables.
    pub disc: Option<u8>,
    /// The scenario counter (story progress); `None` without event variables.
    pub progress: Option<u16>,
    /// The missing card numbers, in number order.
    pub missing: Vec<MissingCard>,
    /// Every flagged pickup and reward, in table order.
    pub pickups: Vec<PickupState>,
}

impl Availability {
    /// The missing cards that can no longer be had.
    pub fn lost(&self) -> impl Iterator<Item = &MissingCard> {
        self.missing.iter().filter(|m| !m.obtainable)
    }

    /// The sources of card `number` if it is missing.
    pub fn missing_card(&self, number: u8) -> Option<&MissingCard> {
        self.missing.iter().find(|m| m.number == number)
    }
}

/// Judges one source row at disc `disc` (unknown: every window open, nothing taken).
fn judge(row: &CardSourceRow, collection: &Collection, disc: Option<u8>) -> SourceState {
    let events = collection.events.as_ref();
    let taken = row.flag.and_then(|f| events?.flag(usize::from(f.offset), f.bit));
    let open = disc.is_none_or(|d| d <= row.discs.1);
    SourceState {
        kind: row.kind,
        place: row.place,
        disc: [row.discs.0, row.discs.1],
        taken,
        possible: open && taken != Some(true),
        source: row.source,
    }
}

/// Where every card the collection lacks can still be had, and the state of every flagged
/// pickup.
pub fn availability(collection: &Collection) -> Availability {
    let progress = collection.events.as_ref().and_then(|e| e.scenario());
    let disc = collection.events.as_ref().and_then(|e| e.disc());
    let held = |number: u8| collection.cards.iter().any(|c| c.id + 1 == number);
    let missing = catalogue::CATALOGUE
        .iter()
        .filter(|c| !held(c.number))
        .map(|c| {
            let mut sources: Vec<SourceState> = CARD_SOURCES
                .iter()
                .filter(|r| r.number == c.number)
                .map(|r| judge(r, collection, disc))
                .collect();
            // Possible first, easiest kind first; a row naming no card player after those
            // that name one.
            sources.sort_by_key(|s| (!s.possible, s.kind, s.place == ANY_CARD_PLAYER, s.disc));
            MissingCard {
                number: c.number,
                name: c.name,
                obtainable: sources.iter().any(|s| s.possible),
                sources,
            }
        })
        .collect();
    let pickups = CARD_SOURCES
        .iter()
        .filter(|r| r.flag.is_some())
        .map(|r| {
            let state = judge(r, collection, disc);
            let taken = state.taken == Some(true);
            PickupState {
                number: r.number,
                name: catalogue::CATALOGUE[usize::from(r.number - 1)].name,
                place: r.place,
                disc: state.disc,
                taken,
                missed: !taken && disc.is_some_and(|d| d > r.discs.1),
                card_held: held(r.number),
            }
        })
        .collect();
    Availability { disc, progress, missing, pickups }
}

/// The best collector points and level a collection can still reach when `lost` card
/// numbers can no longer be had: each costs its 10 points for a distinct id, while arrows
/// and types still reach their maximum on 100 cards (duplicates keep the slots filled).
pub fn best_reachable(lost: usize) -> (u32, usize) {
    let lost = u32::try_from(lost).unwrap_or(u32::MAX);
    let points = PERFECT_POINTS.saturating_sub(lost.saturating_mul(10));
    (points, level(points))
}

/// The points a level needs (for wording "1690 points, Pro").
pub fn level_threshold(level: usize) -> u32 {
    LEVEL_THRESHOLDS.get(level).copied().unwrap_or(PERFECT_POINTS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CardRecord, CardType, EventFlags, Platform};

    fn card(id: u8) -> CardRecord {
        CardRecord {
            slot: 1,
            id,
            arrows: 0,
            atk: 0,
            card_type: CardType::Physical,
            pdef: 0,
            mdef: 0,
            cpoint: None,
        }
    }

    /// A collection of every card but Namingway (98) and Nymph (17), on disc `scenario`'s.
    fn save(scenario: u16, set: &[(usize, u8)]) -> Collection {
        let cards = (0..100).filter(|&id| id != 97 && id != 16).map(card).collect();
        let mut bytes = vec![0u8; 2048];
        bytes[..2].copy_from_slice(&scenario.to_le_bytes());
        for &(offset, bit) in set {
            bytes[offset - 0x1C0] |= 1 << bit;
        }
        Collection { events: Some(EventFlags::new(bytes)), ..Collection::new(Platform::Pc, cards) }
    }

    #[test]
    fn a_window_passed_without_its_flag_is_missed_and_namingway_is_lost_after_disc_3() {
        // Disc 3: Namingway's Desert Palace pickup (0x566 bit 6) is still possible.
        let a = availability(&save(9950, &[]));
        assert_eq!((a.disc, a.progress), (Some(3), Some(9950)));
        assert_eq!(a.missing.iter().map(|m| m.number).collect::<Vec<_>>(), [17, 98]);
        let naming = a.missing_card(98).unwrap();
        assert!(naming.obtainable);
        assert_eq!(naming.sources.len(), 1);
        assert_eq!(naming.sources[0].taken, Some(false));
        // Nymph: its Cleyra pickup (disc 2 only) is missed; card players remain.
        let nymph = a.missing_card(17).unwrap();
        assert_eq!(nymph.sources[0].kind, SourceKind::Player);
        assert!(!nymph.sources.last().unwrap().possible);
        let p = a.pickups.iter().find(|p| p.number == 17).unwrap();
        assert!(p.missed && !p.taken && !p.card_held);
        // Disc 4: Namingway is gone for good; Master is out of reach, Pro is the best left.
        let a = availability(&save(11740, &[]));
        assert_eq!(a.lost().map(|m| m.number).collect::<Vec<_>>(), [98]);
        assert_eq!(best_reachable(1), (1690, 29));
        // Taken but no longer held (lost in a match): not possible again.
        let a = availability(&save(9950, &[(0x566, 6)]));
        assert!(!a.missing_card(98).unwrap().obtainable);
        assert!(a.pickups.iter().any(|p| p.number == 98 && p.taken && !p.card_held));
    }

    #[test]
    fn without_event_variables_everything_stays_possible() {
        let c = Collection::new(Platform::Switch, vec![card(0)]);
        let a = availability(&c);
        assert_eq!((a.disc, a.progress, a.missing.len()), (None, None, 99));
        assert!(a.missing.iter().all(|m| m.obtainable));
        assert!(a.pickups.iter().all(|p| !p.taken && !p.missed));
    }
}
