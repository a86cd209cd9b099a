//! Where each missing card can still be had in this playthrough: the card-sources table
//! ([`crate::model::card_sources`]) read against the save's own event variables.
//!
//! The story's disc comes from the scenario counter. A source whose disc window is over is
//! no longer possible (a window the sources read do not give is never counted as over); a flagged pickup or reward whose flag is set was taken (it gives its
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
    /// First and last disc; `None` when the sources read do not give the window.
    pub disc: Option<[u8; 2]>,
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
    /// First and last disc; `None` when the sources read do not give the window.
    pub disc: Option<[u8; 2]>,
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

/// How hard a way is, easiest 0: a pickup (lying there, taken once), a scripted reward, a
/// battle drop (32 in 256 a battle, nothing to learn first), a chocobo treasure (a sure card
/// but only after the chocobo side quest reaches it, so after a drop), a card player the
/// sources name, and last a card player none of them names (which decks hold the card is not
/// known, so it means farming matches at random). Within one rank a source whose window is
/// known comes before one whose window is not (it may close; the other is never called over),
/// then the earlier window.
fn ease(s: &SourceState) -> u8 {
    match s.kind {
        SourceKind::Pickup => 0,
        SourceKind::Reward => 1,
        SourceKind::Drop => 2,
        SourceKind::Other => 3,
        SourceKind::Player if s.place == ANY_CARD_PLAYER => 5,
        SourceKind::Player => 4,
    }
}

/// Judges one source row at disc `disc` (unknown: every window open, nothing taken).
fn judge(row: &CardSourceRow, collection: &Collection, disc: Option<u8>) -> SourceState {
    let events = collection.events.as_ref();
    let taken = row.flag.and_then(|f| events?.flag(usize::from(f.offset), f.bit));
    let open = disc.is_none_or(|d| row.discs.is_none_or(|(_, to)| d <= to));
    SourceState {
        kind: row.kind,
        place: row.place,
        disc: row.discs.map(|(from, to)| [from, to]),
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
            sources.sort_by_key(|s| (!s.possible, ease(s), s.disc.is_none(), s.disc));
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
                missed: !taken && !state.possible,
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

    /// A collection of every card but the numbers `lacking`, at scenario counter `scenario`,
    /// with the event flags `set` (block offset, bit).
    fn save_lacking(lacking: &[u8], scenario: u16, set: &[(usize, u8)]) -> Collection {
        let cards = (0..100).filter(|&id| !lacking.contains(&(id + 1))).map(card).collect();
        let mut bytes = vec![0u8; 2048];
        bytes[..2].copy_from_slice(&scenario.to_le_bytes());
        for &(offset, bit) in set {
            bytes[offset - 0x1C0] |= 1 << bit;
        }
        Collection { events: Some(EventFlags::new(bytes)), ..Collection::new(Platform::Pc, cards) }
    }

    /// A collection of every card but Namingway (98) and Nymph (17).
    fn save(scenario: u16, set: &[(usize, u8)]) -> Collection {
        save_lacking(&[98, 17], scenario, set)
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
        // Nymph: its Cleyra pickup (disc 2 only) is missed; four battle drops whose windows
        // the guide does not give, then card players, remain.
        let nymph = a.missing_card(17).unwrap();
        let kinds: Vec<_> = nymph.sources.iter().map(|s| (s.kind, s.possible)).collect();
        let (drop, player, pickup) = (SourceKind::Drop, SourceKind::Player, SourceKind::Pickup);
        let open_drop = (drop, true);
        assert_eq!(
            kinds,
            [open_drop, open_drop, open_drop, open_drop, (player, true), (pickup, false)]
        );
        assert!(nymph.sources[..4].iter().all(|s| s.disc.is_none()));
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
    fn a_card_whose_boss_drops_are_past_is_left_only_to_card_players() {
        // Antlion (23): in the table only the one-time Hilgigars and Soulcage fights (disc 2
        // each) and card players, none named. On disc 3 both drops are over, not missed
        // (no flag records a drop), and the card is obtainable through card players alone.
        let a = availability(&save_lacking(&[23], 9950, &[]));
        let antlion = a.missing_card(23).unwrap();
        assert!(antlion.obtainable);
        let open: Vec<_> = antlion.sources.iter().filter(|s| s.possible).collect();
        assert_eq!(open.len(), 1);
        assert_eq!(
            (open[0].kind, open[0].place, open[0].disc),
            (SourceKind::Player, ANY_CARD_PLAYER, Some([1, 4]))
        );
        let over: Vec<_> = antlion.sources.iter().filter(|s| !s.possible).collect();
        assert_eq!(over.len(), 2);
        for s in &over {
            assert_eq!((s.kind, s.disc, s.taken), (SourceKind::Drop, Some([2, 2]), None));
            assert!(s.place.ends_with("one-time boss fight"), "{}", s.place);
        }
        // On disc 2 the same drops are still open and come before card players.
        let a = availability(&save_lacking(&[23], 5000, &[]));
        let antlion = a.missing_card(23).unwrap();
        assert!(antlion.sources.iter().all(|s| s.possible));
        assert_eq!(antlion.sources[0].kind, SourceKind::Drop);
    }

    #[test]
    fn an_unknown_window_is_never_over_and_easier_ways_come_first() {
        // Disc 4 (counter 11740). Goblin (1): its two Alexandria pickups (windows unknown)
        // stay possible, before the three common drops (unknown) and card players; the
        // Prison Cage fight (disc 1) is over.
        let a = availability(&save_lacking(&[1, 84, 97], 11740, &[]));
        let goblin = a.missing_card(1).unwrap();
        let ways: Vec<_> = goblin.sources.iter().map(|s| (s.kind, s.disc, s.possible)).collect();
        let (p, d, c) = (SourceKind::Pickup, SourceKind::Drop, SourceKind::Player);
        assert_eq!(
            ways,
            [
                (p, None, true),
                (p, None, true),
                (d, None, true),
                (d, None, true),
                (d, None, true),
                (c, Some([1, 4]), true),
                (d, Some([1, 1]), false),
            ]
        );
        // Cargo Ship (84): its chocograph treasure before card players.
        let ship = a.missing_card(84).unwrap();
        let kinds: Vec<_> = ship.sources.iter().map(|s| s.kind).collect();
        assert_eq!(kinds, [SourceKind::Other, SourceKind::Player]);
        // Gargant (97): two drops of unknown window, the card players the wiki names, the
        // placeholder, then the disc-2 Ralvuimago fight, over.
        let gargant = a.missing_card(97).unwrap();
        let places: Vec<_> = gargant.sources.iter().map(|s| s.place).collect();
        assert_eq!(
            places,
            [
                "Adamantoise (guide's enemy 104)",
                "Dracozombie (guide's enemy 99)",
                "Treno: Card Freak Cil; Black Mage Village: Genome at the inn",
                ANY_CARD_PLAYER,
                "Ralvuimago (guide's enemy 79), one-time boss fight",
            ]
        );
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
