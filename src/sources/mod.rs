//! Where each missing card can still be had in this playthrough: the card-sources table
//! ([`crate::model::card_sources`]) read against the save's own event variables.
//!
//! Each way is judged on the save's scenario counter (its story point): a way whose window has
//! not begun is open later, one whose window has ended is over (a window the sources do not
//! give never ends); a flagged pickup or reward whose flag is set was taken (it gives its card
//! once), and one whose window has ended without its flag was missed. A way that comes back
//! (the jump rope, on the early square and again on the late steeple) is two rows, so it is
//! missed only after its last chance. Where only the disc is known, the disc the counter falls
//! in decides. A missing card with no way left is no longer obtainable in this playthrough, and
//! then Master (which needs all 100 numbers) is out of reach: [`best_reachable`] gives the best
//! rank left.
//!
//! Without event variables (a save that lacks them) the story point is unknown: every way counts
//! as open and no pickup is known as taken.

use crate::model::card_sources::{
    CardSourceRow, Fight, SourceFlag, SourceKind, ANY_CARD_PLAYER, CARD_SOURCES,
};
use crate::model::events::{story_disc, EventFlags, DISC_SCENARIO};
use crate::model::{catalogue, Collection};
use crate::rules::score::{level, LEVEL_THRESHOLDS, PERFECT_POINTS};
use serde::Serialize;

/// Where a way stands at the save's story point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// It can be had now.
    Open,
    /// Its window begins later in the story.
    Later,
    /// The save records it as taken (a pickup or reward gives its card once).
    Taken,
    /// A flagged pickup or reward whose window ended without its flag.
    Missed,
    /// Its window ended (a one-time fight past, a place closed).
    Over,
}

impl Status {
    /// True when it can still be had (now or later).
    pub fn possible(self) -> bool {
        matches!(self, Status::Open | Status::Later)
    }
}

/// One way to get a missing card, judged at the save's story point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SourceState {
    /// How.
    pub kind: SourceKind,
    /// Where, or from whom; for a drop, the enemy.
    #[serde(rename = "where")]
    pub place: &'static str,
    /// For a drop, the enemy's entry in the guide's enemy table.
    pub enemy: Option<u8>,
    /// For a drop, where the enemy is met, when a source gives it.
    pub met: Option<&'static str>,
    /// For a drop, whether the fight happens once (`once`), is disputed, or is not stated
    /// twice (`unknown`); `null` for the other kinds.
    pub fight: Option<Fight>,
    /// First and last disc; `null` when no source gives them.
    pub disc: Option<[u8; 2]>,
    /// First and last story point (scenario counter), either `null` when not known; `null`
    /// when neither is.
    pub progress: Option<[Option<u16>; 2]>,
    /// Where it stands at the save's story point.
    pub state: Status,
    /// For a flagged pickup or reward: whether the save records it as taken; `null` when it
    /// has no known flag or the save has no event variables.
    pub taken: Option<bool>,
    /// True when it can still be had (now or later).
    pub possible: bool,
    /// True when only one source gives this way.
    pub one_source: bool,
    /// Where the sources disagree (the safer reading is the one judged).
    pub dispute: Option<&'static str>,
    /// The sources that give this way.
    pub sources: Vec<&'static str>,
    /// The sources of its window, place and fight.
    pub window_sources: Vec<&'static str>,
}

/// A card number the collection lacks, and its ways, open ones first and easiest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct MissingCard {
    /// Card number 1..100.
    pub number: u8,
    /// Its name.
    pub name: &'static str,
    /// True when at least one way can still be had.
    pub obtainable: bool,
    /// Its ways.
    pub sources: Vec<SourceState>,
}

/// One flag the save keeps for a pickup, reward or chocobo treasure, and where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct PickupState {
    /// Card number 1..100.
    pub number: u8,
    /// The card's name.
    pub name: &'static str,
    /// Where (a way that comes back names each place, joined by "; ").
    #[serde(rename = "where")]
    pub place: String,
    /// Its best state: taken, else open, later, or missed once every window has ended.
    pub state: Status,
    /// The save records it as taken (false when the save has no event variables).
    pub taken: bool,
    /// Not taken and every window of it has ended.
    pub missed: bool,
    /// True when the save holds a copy of its card now.
    pub card_held: bool,
}

/// Where every missing card can still be had, for one save.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct Availability {
    /// The disc the story is on, from the scenario counter; `None` without event variables.
    pub disc: Option<u8>,
    /// The scenario counter (the story point); `None` without event variables.
    pub progress: Option<u16>,
    /// The missing card numbers, in number order.
    pub missing: Vec<MissingCard>,
    /// Every flagged pickup, reward and treasure, in table order.
    pub pickups: Vec<PickupState>,
}

impl Availability {
    /// The missing cards that can no longer be had.
    pub fn lost(&self) -> impl Iterator<Item = &MissingCard> {
        self.missing.iter().filter(|m| !m.obtainable)
    }

    /// The ways of card `number` if it is missing.
    pub fn missing_card(&self, number: u8) -> Option<&MissingCard> {
        self.missing.iter().find(|m| m.number == number)
    }
}

/// How hard a way is, easiest 0: a pickup (lying there, taken once), a scripted reward, a
/// battle drop (32 in 256 a battle, nothing to learn first), a chocobo treasure (a sure card
/// but only after the chocobo side quest reaches it, so after a drop), a card player a source
/// names, and last any card player (which decks hold the card is not public, so it means
/// farming matches at random).
pub fn ease(kind: SourceKind, place: &str) -> u8 {
    match kind {
        SourceKind::Pickup => 0,
        SourceKind::Reward => 1,
        SourceKind::Drop => 2,
        SourceKind::Other => 3,
        SourceKind::Player if place == ANY_CARD_PLAYER => 5,
        SourceKind::Player => 4,
    }
}

/// The last story point of a way's window: its own, else the end of its last disc; `None`
/// when it has no known end.
fn window_end(row: &CardSourceRow) -> Option<u16> {
    row.progress.and_then(|(_, to)| to).or_else(|| {
        let (_, to) = row.discs?;
        DISC_SCENARIO.get(usize::from(to).checked_sub(1)?).map(|&(_, end)| end)
    })
}

/// The state of flag `f` in the save's variables, if read.
fn flag(events: Option<&EventFlags>, f: Option<SourceFlag>) -> Option<bool> {
    f.and_then(|f| events?.flag(usize::from(f.offset), f.bit))
}

/// Where `row` stands at story point `at` (unknown: open, nothing taken).
fn status(row: &CardSourceRow, events: Option<&EventFlags>, at: Option<u16>) -> Status {
    let taken = flag(events, row.flag);
    if taken == Some(true) {
        return Status::Taken;
    }
    let (from, to) = row.progress.unwrap_or((None, None));
    let disc = at.map(story_disc);
    // The story point's own bound where known, else the disc's.
    let ended = flag(events, row.ends) == Some(true)
        || at.is_some_and(|p| match to {
            Some(to) => p > to,
            None => row.discs.is_some_and(|(_, last)| disc.is_some_and(|d| d > last)),
        });
    let before = at.is_some_and(|p| match from {
        Some(from) => p < from,
        None => row.discs.is_some_and(|(first, _)| disc.is_some_and(|d| d < first)),
    });
    match (ended, before) {
        (true, _) if taken == Some(false) => Status::Missed,
        (true, _) => Status::Over,
        (false, true) => Status::Later,
        (false, false) => Status::Open,
    }
}

/// Judges one source row at story point `at`.
fn judge(row: &CardSourceRow, events: Option<&EventFlags>, at: Option<u16>) -> SourceState {
    let state = status(row, events, at);
    SourceState {
        kind: row.kind,
        place: row.place,
        enemy: row.enemy,
        met: row.met,
        fight: (row.kind == SourceKind::Drop).then_some(row.fight),
        disc: row.discs.map(|(from, to)| [from, to]),
        progress: row.progress.map(|(from, to)| [from, to]),
        state,
        taken: flag(events, row.flag),
        possible: state.possible(),
        one_source: row.one_source(),
        dispute: row.dispute,
        sources: row.citations(),
        window_sources: row.window_citations(),
    }
}

/// Where every card the collection lacks can still be had, and the state of every flagged
/// pickup.
pub fn availability(collection: &Collection) -> Availability {
    let events = collection.events.as_ref();
    let at = events.and_then(|e| e.scenario());
    let held = |number: u8| collection.cards.iter().any(|c| c.id + 1 == number);
    let missing = catalogue::CATALOGUE
        .iter()
        .filter(|c| !held(c.number))
        .map(|c| {
            let mut rows: Vec<(&CardSourceRow, SourceState)> = CARD_SOURCES
                .iter()
                .filter(|r| r.number == c.number)
                .map(|r| (r, judge(r, events, at)))
                .collect();
            // Open ways first, then later ones, then the ones gone; within each the easiest,
            // and among equals the one that closes first.
            rows.sort_by_key(|(r, s)| {
                let rank = match s.state {
                    Status::Open => 0,
                    Status::Later => 1,
                    _ => 2,
                };
                // A friendly monster (its drop ends when it is satisfied) after the enemies
                // fought at will.
                let friendly = r.ends.is_some() && r.fight != Fight::Once;
                (rank, ease(r.kind, r.place), window_end(r).unwrap_or(u16::MAX), friendly)
            });
            let sources: Vec<SourceState> = rows.into_iter().map(|(_, s)| s).collect();
            MissingCard {
                number: c.number,
                name: c.name,
                obtainable: sources.iter().any(|s| s.possible),
                sources,
            }
        })
        .collect();
    Availability { disc: at.map(story_disc), progress: at, missing, pickups: pickups(collection) }
}

/// Every flag of a pickup, reward or treasure, once, with its best state over the rows that
/// share it (a way that comes back is missed only when its last window has ended).
fn pickups(collection: &Collection) -> Vec<PickupState> {
    let events = collection.events.as_ref();
    let at = events.and_then(|e| e.scenario());
    let mut out: Vec<(SourceFlag, PickupState)> = Vec::new();
    for row in CARD_SOURCES.iter().filter(|r| r.kind != SourceKind::Drop) {
        let Some(f) = row.flag else { continue };
        let state = status(row, events, at);
        if let Some((_, p)) = out.iter_mut().find(|(g, _)| *g == f) {
            p.place = format!("{}; {}", p.place, row.place);
            p.state = p.state.min(state);
            continue;
        }
        let p = PickupState {
            number: row.number,
            name: catalogue::CATALOGUE[usize::from(row.number - 1)].name,
            place: row.place.to_string(),
            state,
            taken: false,
            missed: false,
            card_held: collection.cards.iter().any(|c| c.id + 1 == row.number),
        };
        out.push((f, p));
    }
    out.into_iter()
        .map(|(_, mut p)| {
            p.taken = p.state == Status::Taken;
            p.missed = p.state == Status::Missed;
            p
        })
        .collect()
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

    /// The state of card `number`'s way at `place` (a pickup's or reward's place, or a drop's
    /// enemy), at `scenario`, with the flags `set`.
    fn way(number: u8, place: &str, scenario: u16, set: &[(usize, u8)]) -> SourceState {
        let a = availability(&save_lacking(&[number], scenario, set));
        let m = a.missing_card(number).unwrap();
        m.sources
            .iter()
            .find(|s| s.place == place)
            .unwrap_or_else(|| panic!("card {number}: no way {place}: {:?}", m.sources))
            .clone()
    }

    #[test]
    fn a_story_point_window_is_open_before_its_end_and_over_after() {
        // The Hippaul race (Wyerd at level 10): disc 3 up to story point 8800.
        let race = "Hippaul race, Alexandria (level 10)";
        assert_eq!(way(13, race, 6000, &[]).state, Status::Later);
        assert_eq!(way(13, race, 7500, &[]).state, Status::Open);
        assert_eq!(way(13, race, 8800, &[]).state, Status::Open);
        assert_eq!(way(13, race, 8801, &[]).state, Status::Missed);
        assert_eq!(way(13, race, 8801, &[(0x574, 7)]).state, Status::Taken);
        // The Valia Pira fight: the Desert Palace, story points 9450 to 9890.
        let boss = way(60, "Valia Pira", 9500, &[]);
        assert_eq!(
            (boss.state, boss.fight, boss.progress),
            (Status::Open, Some(Fight::Once), Some([Some(9450), Some(9890)]))
        );
        assert_eq!(way(60, "Valia Pira", 9950, &[]).state, Status::Over);
        // Cleyra's reward: open until Cleyra falls (4990), missed after.
        let cleyra = "Cleyra: help its people to safety";
        assert_eq!(way(17, cleyra, 4500, &[]).state, Status::Open);
        assert_eq!(way(17, cleyra, 5000, &[]).state, Status::Missed);
    }

    #[test]
    fn a_jump_rope_reward_comes_back_and_is_not_missed_before_its_last_chance() {
        // Cactuar (50 jumps): the early square is over on disc 3, the late steeple opens at
        // 10300, so at 9950 the card is later, not missed.
        let a = availability(&save_lacking(&[24], 9950, &[]));
        let cactuar = a.missing_card(24).unwrap();
        assert!(cactuar.obtainable);
        let rope: Vec<_> = cactuar
            .sources
            .iter()
            .filter(|s| s.place.starts_with("jump rope"))
            .map(|s| (s.place, s.state))
            .collect();
        assert_eq!(
            rope,
            [
                ("jump rope, 50 jumps: Alexandria steeple, with Vivi or Eiko", Status::Later),
                ("jump rope, 50 jumps: Alexandria square", Status::Missed),
            ]
        );
        let flag = a.pickups.iter().find(|p| p.number == 24).unwrap();
        assert_eq!((flag.state, flag.missed, flag.taken), (Status::Later, false, false));
        // On disc 4 it is open.
        let steeple = "jump rope, 50 jumps: Alexandria steeple, with Vivi or Eiko";
        assert_eq!(way(24, steeple, 11740, &[]).state, Status::Open);
    }

    #[test]
    fn a_random_encounter_is_never_a_one_time_fight() {
        // Maliris in the Crystal World (Ifrit, 61) is met at random from story point 11760:
        // late in disc 4 it is still open, and it is not called a one-time fight.
        let m = way(61, "Maliris", 11900, &[]);
        assert_eq!(
            (m.state, m.fight, m.met),
            (Status::Open, Some(Fight::Unknown), Some("Crystal World"))
        );
        assert_eq!(way(61, "Maliris", 11000, &[]).state, Status::Later);
        // No drop of an enemy whose kind is not stated twice ever ends.
        for r in
            CARD_SOURCES.iter().filter(|r| r.kind == SourceKind::Drop && r.fight != Fight::Once)
        {
            assert_eq!(r.progress.and_then(|(_, to)| to), None, "{}", r.place);
            assert!(r.discs.is_none_or(|(_, to)| to == 4), "{}", r.place);
        }
    }

    #[test]
    fn an_enemy_met_only_in_memoria_waits_for_disc_4() {
        // The Chimera and the Ash (the Ash card, 41) are met only in Memoria (the game's
        // battles), the last dungeon, reached on disc 4: later on disc 3, open on disc 4.
        assert_eq!(way(41, "Chimera", 9950, &[]).state, Status::Later);
        assert_eq!(way(41, "Ash", 9950, &[]).state, Status::Later);
        assert_eq!(way(41, "Ash", 11200, &[]).state, Status::Open);
        assert_eq!(way(41, "Ash", 11200, &[]).disc, Some([4, 4]));
    }

    #[test]
    fn flags_end_a_fight_or_a_friendly_monster() {
        // Hades (Holy, 57): over once the save records it defeated.
        assert_eq!(way(57, "Hades", 11740, &[]).state, Status::Open);
        assert_eq!(way(57, "Hades", 11740, &[(0x385, 7)]).state, Status::Over);
        // The friendly Nymph (Nymph card, 17) is no longer met once satisfied.
        assert_eq!(way(17, "friendly Nymph", 9950, &[]).state, Status::Open);
        assert_eq!(way(17, "friendly Nymph", 9950, &[(0x282, 4)]).state, Status::Over);
    }

    #[test]
    fn namingway_is_disputed_on_disc_3_and_lost_on_disc_4() {
        let a = availability(&save_lacking(&[98], 9950, &[]));
        let naming = a.missing_card(98).unwrap();
        assert!(naming.obtainable);
        assert_eq!(naming.sources.len(), 1);
        let s = &naming.sources[0];
        assert_eq!(
            (s.state, s.taken, s.progress),
            (Status::Open, Some(false), Some([Some(9450), None]))
        );
        assert!(s.dispute.unwrap().contains("9890"));
        assert_eq!(way(98, "Desert Palace, Kuja's room", 9400, &[]).state, Status::Later);
        let a = availability(&save_lacking(&[98], 11740, &[]));
        assert_eq!(a.lost().map(|m| m.number).collect::<Vec<_>>(), [98]);
        assert_eq!(best_reachable(1), (1690, 29));
        // Taken but no longer held (lost in a match): not possible again.
        let a = availability(&save_lacking(&[98], 9950, &[(0x566, 6)]));
        assert!(!a.missing_card(98).unwrap().obtainable);
        assert!(a.pickups.iter().any(|p| p.number == 98 && p.taken && !p.card_held));
    }

    #[test]
    fn open_ways_come_first_easiest_first_and_unknown_windows_never_end() {
        // Disc 4 (11740). Goblin (1): the Alexandria pickups (disc 1, discs 1-3) and the
        // ticket booth are over; the drops with no window stay open, then any card player.
        let a = availability(&save_lacking(&[1], 11740, &[]));
        let goblin = a.missing_card(1).unwrap();
        let ways: Vec<_> = goblin.sources.iter().map(|s| (s.kind, s.state)).collect();
        let (p, r, d, c) =
            (SourceKind::Pickup, SourceKind::Reward, SourceKind::Drop, SourceKind::Player);
        use Status::{Missed, Open, Over};
        assert_eq!(
            ways,
            [
                (d, Open),
                (d, Open),
                (d, Open),
                (c, Open),
                (p, Missed),
                (p, Missed),
                (r, Over),
                (d, Over)
            ]
        );
    }

    #[test]
    fn without_event_variables_everything_stays_open() {
        let c = Collection::new(Platform::Switch, vec![card(0)]);
        let a = availability(&c);
        assert_eq!((a.disc, a.progress, a.missing.len()), (None, None, 99));
        assert!(a.missing.iter().all(|m| m.obtainable));
        assert!(a.missing.iter().flat_map(|m| &m.sources).all(|s| s.state == Status::Open));
        assert!(a.pickups.iter().all(|p| !p.taken && !p.missed));
    }
}
