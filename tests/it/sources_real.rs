//! The event variables and the card sources on the genuine saves: PlayStation (every release,
//! early disc 1), the seven blocks of the PC `.dat` and their seven Switch copies (disc 3).
//!
//! Expected values come from the files themselves, read independently: the Switch JSON's
//! base64 decoded by Python's `base64` module, the `.dat` decrypted with Python's
//! `cryptography`; the scenario counters and flags below were read that way.

use crate::shared;
use quadmist::ff9::{self, SaveEntry};
use quadmist::model::card_sources::{Fight, SourceKind, CARD_SOURCES, SOURCE_REFS};
use quadmist::model::catalogue;
use quadmist::model::Collection;
use quadmist::sources::{availability, Status};
use std::collections::BTreeSet;

fn none(_: &str) -> Option<Vec<u8>> {
    None
}

/// Switch file, its PC selector, its scenario counter and its card players beaten (the first
/// nine, in the file's order; all seven saves list the same nine).
pub const SAVES: [(&str, &str, u16); 7] = [
    ("AUTO", "auto", 9950),
    ("DATA_SLOT0_FILE0", "1-1", 9950),
    ("DATA_SLOT0_FILE1", "1-2", 9410),
    ("DATA_SLOT0_FILE2", "1-3", 9910),
    ("DATA_SLOT0_FILE3", "1-4", 9750),
    ("DATA_SLOT0_FILE4", "1-5", 9830),
    ("DATA_SLOT1_FILE0", "2-1", 9705),
];
const BEATEN: [i32; 9] =
    [558002, 555014, 551010, 1904008, 1903007, 1915006, 1903224, 1903225, 1903227];
/// The pickups taken in every one of these saves (flag set): Yeti (Treno slums), Mimic
/// (Lindblum), Nymph and Zuu (Cleyra's rewards). Every other flag is clear.
const TAKEN: [(u8, &str); 4] = [
    (11, "Treno, slums"),
    (12, "Lindblum, industrial district house"),
    (17, "Cleyra: help its people to safety"),
    (19, "Cleyra: help its people to safety"),
];

fn taken(c: &Collection) -> Vec<(u8, String)> {
    availability(c).pickups.into_iter().filter(|p| p.taken).map(|p| (p.number, p.place)).collect()
}

/// Every taken pickup's card must be held, unless the save shows it could have gone: this
/// checks each one and returns the exceptions.
fn taken_but_not_held(c: &Collection) -> Vec<u8> {
    let held: BTreeSet<u8> = c.cards.iter().map(|c| c.id + 1).collect();
    availability(c)
        .pickups
        .iter()
        .filter(|p| p.taken && !held.contains(&p.number))
        .map(|p| p.number)
        .collect()
}

#[test(needs = SharedData)]
fn switch_and_pc_saves_give_the_same_events_progress_and_pickups() {
    let dat = shared::read("data/real/steam/SavedData_ww.dat");
    let pc = ff9::open(&dat, Some("SavedData_ww.dat"), &none).unwrap();
    assert_eq!(pc.saves.len(), 7);
    for (file, selector, scenario) in SAVES {
        let json = shared::read(&format!("data/real/switch/{file}"));
        let switch = ff9::open(&json, Some(file), &none).unwrap().saves.remove(0);
        let pc_save = pc.saves.iter().find(|s| s.selector == selector).unwrap();
        for (what, entry) in [("switch", &switch), ("pc", pc_save)] {
            let c = entry.collection().unwrap();
            let e = c.events.as_ref().unwrap_or_else(|| panic!("{what} {file}: no events"));
            assert_eq!((e.len(), e.scenario(), e.disc()), (2048, Some(scenario), Some(3)));
            assert_eq!(c.players_beaten.as_deref(), Some(&BEATEN[..]), "{what} {file}");
            let expected: Vec<(u8, String)> =
                TAKEN.iter().map(|&(n, p)| (n, p.to_string())).collect();
            assert_eq!(taken(&c), expected, "{what} {file}");
            assert_eq!(
                taken_but_not_held(&c),
                Vec::<u8>::new(),
                "{what} {file}: a taken pickup not held"
            );
            // The other way round is no contradiction: Oglop (93) is held with its Conde Petie
            // flag clear (won from a card player or dropped, not picked up).
            let oglop = availability(&c).pickups.into_iter().find(|p| p.number == 93).unwrap();
            assert!(!oglop.taken && oglop.card_held, "{what} {file}");
            let a = availability(&c);
            assert_eq!((a.disc, a.progress), (Some(3), Some(scenario)));
            // Disc 3: nothing is lost yet (Namingway's window is disputed, the safer end kept).
            assert_eq!(a.lost().count(), 0, "{what} {file}");
            // The story point is past the Hippaul race (disc 3 up to 8800): the save's own
            // Hippaul level is 1 (block offset 0x3AB, read with Python), so the seven race
            // rewards were never won and are missed; the jump rope comes back at 10300, so its
            // four rewards are not missed.
            let e = c.events.as_ref().unwrap();
            assert_eq!(e.byte(0x3AB), Some(1), "{what} {file}");
            let state = |flag_byte: u16, bit: u8| {
                let r = CARD_SOURCES
                    .iter()
                    .find(|r| r.flag.is_some_and(|f| f.offset == flag_byte && f.bit == bit))
                    .unwrap();
                a.pickups
                    .iter()
                    .find(|p| p.number == r.number && p.place.contains(r.place))
                    .unwrap()
                    .state
            };
            for bit in 1..=7 {
                assert_eq!(state(0x574, bit), Status::Missed, "Hippaul bit {bit}: {what} {file}");
            }
            for bit in 3..=6 {
                assert_eq!(state(0x399, bit), Status::Later, "jump rope bit {bit}: {what} {file}");
            }
            assert!(c.findings.iter().all(|f| !f.message.contains("event")), "{what} {file}");
        }
        // The two readers agree byte for byte.
        let (s, p) = (switch.collection().unwrap(), pc_save.collection().unwrap());
        assert_eq!(s.events, p.events, "{file}");
    }
}

#[test(needs = SharedData)]
fn genuine_playstation_saves_are_early_disc_1_with_the_disc_saves_shows() {
    let mut seen = 0;
    for release in ["usa", "europe", "france", "germany", "italy", "spain", "japan"] {
        let bytes = shared::read(&format!("data/real/psx-ff9/{release}.mcr"));
        let set = ff9::open(&bytes, Some(&format!("{release}.mcr")), &none).unwrap();
        for s in set.saves.iter().filter(|s| s.is_ff9 && !s.deleted) {
            let c = s.collection().unwrap();
            let e = c.events.as_ref().expect("the block holds the event variables");
            assert_eq!(e.len(), 2048);
            let scenario = e.scenario().unwrap();
            // 0:11–0:18 of play: the story's first range.
            assert!((1000..1200).contains(&scenario), "{release} {}: {scenario}", s.selector);
            // The disc `saves` shows (0x1C5, 0x104, 0x1C0) is the one the counter gives.
            assert_eq!(s.game_info.as_ref().unwrap().disc, e.disc(), "{release}");
            check_psx_pickups(release, s, &c);
            seen += 1;
        }
    }
    assert!(seen >= 7, "{seen} saves");
}

/// This early, no flagged pickup is taken, and the three starting cards (Goblin, Fang,
/// Skeleton) are held without one: the game gives them at the start, not from a pickup.
fn check_psx_pickups(release: &str, s: &SaveEntry, c: &Collection) {
    assert_eq!(taken(c), Vec::<(u8, String)>::new(), "{release} {}", s.selector);
    let held: BTreeSet<u8> = c.cards.iter().map(|c| c.id + 1).collect();
    assert_eq!(held, BTreeSet::from([1, 2, 3]), "{release}");
    let a = availability(c);
    assert_eq!((a.disc, a.missing.len()), (Some(1), 97));
    assert!(a.missing.iter().all(|m| m.obtainable));
}

#[test]
fn every_card_number_has_a_source_and_every_row_names_where_it_comes_from() {
    for info in catalogue::CATALOGUE {
        assert!(
            CARD_SOURCES.iter().any(|r| r.number == info.number),
            "{} has no source",
            info.name
        );
    }
    for r in SOURCE_REFS {
        let cited = r.citation.starts_with("https://")
            || (r.citation.starts_with("github.com/") && r.citation.contains('@'));
        assert!(
            cited,
            "{}: {} is no page address nor repository file at a commit",
            r.key, r.citation
        );
    }
    for r in CARD_SOURCES {
        assert!(!r.sources.is_empty(), "card {} `{}`: no source", r.number, r.place);
        if let Some((from, to)) = r.discs {
            assert!(from >= 1 && from <= to && to <= 4);
        }
        // Card players exist on every disc (Hades Workshop's deck list).
        if r.is_any_card_player() {
            assert_eq!(r.discs, Some((1, 4)));
        }
        // A one-time fight is backed by two origins, counting its fight's sources.
        if r.fight == Fight::Once {
            let mut origins: Vec<&str> =
                r.sources.iter().chain(r.when_by).map(|&i| SOURCE_REFS[i].origin).collect();
            origins.sort_unstable();
            origins.dedup();
            assert!(origins.len() >= 2, "{}", r.place);
        }
    }
    // Every row of kind `other` is a chocobo treasure (a chocograph or a dead-pepper spot).
    assert!(CARD_SOURCES
        .iter()
        .filter(|r| r.kind == SourceKind::Other)
        .all(|r| r.place.starts_with("chocograph ") || r.place.starts_with("dead pepper, ")));
    // Every card but Namingway (a disc-3 find only) keeps the row for any card player.
    for info in catalogue::CATALOGUE {
        let any = CARD_SOURCES.iter().any(|r| r.number == info.number && r.is_any_card_player());
        assert_eq!(any, info.number != 98, "{}", info.name);
    }
}

/// The card pickups and rewards of the save editor's template, taken flag by flag whatever the
/// label says (the steeple's Ramuh card is labelled "Ramuh", without the word "card"), copied
/// by hand: (block offset, bit, card number). The template labels 36 such flags; every other
/// labelled flag names an item, a place or an event.
const TEMPLATE_CARD_FLAGS: [(u16, u8, u8); 36] = [
    (0x574, 7, 13),
    (0x574, 6, 21),
    (0x574, 5, 35),
    (0x574, 4, 40),
    (0x574, 3, 76),
    (0x574, 2, 54),
    (0x574, 1, 79),
    (0x399, 6, 24),
    (0x399, 5, 79),
    (0x399, 4, 94),
    (0x399, 3, 77),
    (0x542, 4, 2),
    (0x542, 3, 1),
    (0x543, 6, 6),
    (0x543, 5, 10),
    (0x543, 4, 7),
    (0x543, 2, 4),
    (0x544, 2, 9),
    (0x544, 1, 1),
    (0x544, 0, 2),
    (0x575, 3, 60),
    (0x575, 2, 62),
    (0x578, 7, 94),
    (0x562, 4, 12),
    (0x57D, 7, 95),
    (0x564, 0, 13),
    (0x556, 3, 46),
    (0x556, 7, 11),
    (0x555, 0, 17),
    (0x588, 7, 19),
    (0x559, 7, 93),
    (0x566, 6, 98),
    (0x571, 6, 59),
    (0x571, 5, 58),
    (0x560, 7, 74),
    (0x250, 5, 55),
];

/// The ways of a treasure checklist written by area and disc (a second source, counted by
/// hand from it without reading the template): the card numbers of its 55 card entries that
/// are no battle drop and no card player.
const CHECKLIST_CARDS: [u8; 55] = [
    // Disc 1: the ticket booth's three, Alexandria's town, Lindblum, the Bohden Gate.
    1, 2, 3, 1, 2, 4, 6, 7, 8, 10, 12, 13, 74,
    // Disc 2: Lindblum, Treno (the Griffin, the slums), Cleyra's two, Conde Petie.
    95, 46, 11, 17, 19, 93,
    // Disc 3: the steeple's five, Hippaul's seven, the girl, the Desert Palace, Daguerreo.
    1, 2, 9, 60, 62, 13, 21, 35, 40, 54, 76, 79, 94, 98, 58, 59,
    // Disc 4: the jump rope's four, three ocean bubbles, three cracks, Ozma, eight
    // chocographs, the Fat Chocobo.
    24, 79, 94, 77, 86, 81, 83, 85, 64, 100, 55, 84, 87, 53, 73, 70, 82, 75, 67, 90,
];

#[test]
fn the_pickups_are_counted_independently_of_their_labels() {
    // The table's flags of pickups and rewards are exactly the template's card flags.
    let mut table: Vec<(u16, u8, u8)> = CARD_SOURCES
        .iter()
        .filter(|r| matches!(r.kind, SourceKind::Pickup | SourceKind::Reward))
        .filter_map(|r| r.flag.map(|f| (f.offset, f.bit, r.number)))
        .collect();
    table.sort_unstable();
    table.dedup();
    let mut template = TEMPLATE_CARD_FLAGS.to_vec();
    template.sort_unstable();
    assert_eq!(table, template);
    // Its ways that are not drops nor card players (a way that comes back counted once) are
    // the checklist's, card for card.
    // A way is its card and its flag, or its place when it has none.
    let mut ways: Vec<(u8, String)> = CARD_SOURCES
        .iter()
        .filter(|r| !matches!(r.kind, SourceKind::Drop | SourceKind::Player))
        .map(|r| match r.flag {
            Some(f) => (r.number, format!("{:#x}:{}", f.offset, f.bit)),
            None => (r.number, r.place.to_string()),
        })
        .collect();
    ways.sort_unstable();
    ways.dedup();
    let mut numbers: Vec<u8> = ways.iter().map(|w| w.0).collect();
    numbers.sort_unstable();
    let mut checklist = CHECKLIST_CARDS.to_vec();
    checklist.sort_unstable();
    assert_eq!(numbers, checklist);
}

/// A few rows checked against their sources by hand: the guide's enemy table, the speedrun
/// splits' fights, the chocobo side quest's treasures, the game's story points.
#[test]
fn rows_agree_with_their_sources_read_by_hand() {
    let find = |number: u8, place: &str| {
        CARD_SOURCES
            .iter()
            .find(|r| r.number == number && r.place == place)
            .unwrap_or_else(|| panic!("card {number}: no row `{place}`"))
    };
    let cites = |r: &quadmist::model::card_sources::CardSourceRow| r.citations().join(" | ");
    // Card 1 Goblin: dropped by the Goblin (entry 10), window not given.
    let r = find(1, "Goblin");
    assert_eq!(
        (r.kind, r.enemy, r.discs, r.progress, r.flag),
        (SourceKind::Drop, Some(10), None, None, None)
    );
    assert!(cites(r).contains("Stolen Items + Blue Magic.csv"));
    // Card 1 Goblin: the Prison Cage (entry 14), once, in the Evil Forest on disc 1: left at
    // story point 2400 (Hades Workshop).
    let r = find(1, "Prison Cage");
    assert_eq!(
        (r.enemy, r.fight, r.met, r.discs),
        (Some(14), Fight::Once, Some("Evil Forest"), Some((1, 1)))
    );
    assert_eq!(r.progress, Some((None, Some(2400))));
    // Card 23 Antlion: Hilgigars (95) and Soulcage (100), disc 2 each, once.
    assert_eq!(find(23, "Hilgigars").discs, Some((2, 2)));
    assert_eq!(find(23, "Soulcage").fight, Fight::Once);
    // Card 61 Ifrit: Maliris in the Crystal World (191) is met at random, not once.
    let r = find(61, "Maliris");
    assert_eq!(
        (r.enemy, r.fight, r.progress),
        (Some(191), Fight::Unknown, Some((Some(11760), None)))
    );
    // Card 84 Cargo Ship: chocograph 3, flagged at 0x278 bit 2 (the third treasure).
    let r = find(84, "chocograph 3, Uncultivated Land (red chocobo)");
    assert_eq!(r.flag.map(|f| (f.offset, f.bit)), Some((0x278, 2)));
    // Card 100 Airship: a dead-pepper crack, from the pepper list and the checklist.
    let r = find(100, "dead pepper, mountain crack, east of the Lost Continent");
    assert_eq!(r.origins(), 2);
    // Card 98 Namingway: the Desert Palace from story point 9450, its end disputed.
    let r = find(98, "Desert Palace, Kuja's room");
    assert_eq!((r.discs, r.progress), (Some((3, 3)), Some((Some(9450), None))));
    assert!(r.dispute.is_some());
    let kind = |k: SourceKind| CARD_SOURCES.iter().filter(|r| r.kind == k).count();
    assert_eq!((kind(SourceKind::Drop), kind(SourceKind::Other)), (143, 14));
}

/// The drops against the game's own battle data (every battle's enemies with their items and
/// the card each drops, read apart with Memoria's layout of a battle-scene file and matched to
/// the guide's entries by the items they can be stolen and dropped): the figures below come
/// from that comparison, made outside the project (`data/card-sources.md`).
#[test]
fn drops_are_checked_against_the_games_battle_data() {
    let find = |number: u8, place: &str| {
        CARD_SOURCES
            .iter()
            .find(|r| r.number == number && r.place == place)
            .unwrap_or_else(|| panic!("card {number}: no row `{place}`"))
    };
    let drops: Vec<_> = CARD_SOURCES.iter().filter(|r| r.kind == SourceKind::Drop).collect();
    // 139 drops both give; the others: the Fang of entry 33 (the guide gives it no item, so
    // no battle can be told to be it) and three the guide lacks.
    assert_eq!(drops.iter().filter(|r| r.origins() >= 2).count(), 139);
    assert_eq!(drops.iter().filter(|r| r.met.is_none()).count(), 1);
    let fang = drops.iter().find(|r| r.enemy == Some(33)).unwrap();
    assert_eq!((fang.origins(), fang.met), (1, None));
    // Card 1 Goblin: in the Evil Forest's battles and on the Mist Continent's world map.
    let r = find(1, "Goblin");
    assert_eq!((r.origins(), r.met), (2, Some("Evil Forest, Mist Continent, world map forests")));
    assert!(r.window_citations().iter().any(|c| c.contains("FF9BattleDB.MapModel.cs")));
    // The Grimlock is two enemies in the game's data: the one the guide lists drops Troll,
    // the other Grimlock (missing from the guide).
    assert_eq!(find(30, "Grimlock").origins(), 2);
    let r = find(45, "Grimlock");
    assert_eq!((r.enemy, r.origins(), r.met), (Some(112), 1, Some("Desert Palace, world map")));
    // The guide's Ash gives no card; the game's Ash drops the Ash card, in Memoria.
    assert_eq!((find(41, "Ash").enemy, find(41, "Ash").met), (Some(181), Some("Memoria")));
    // The guide says the friendly Yan drops no card; the game's data says Elixir. Satisfied
    // (the save editor's flag 0x286 bit 0), it is no longer met.
    let r = find(74, "friendly Yan");
    assert_eq!((r.origins(), r.ends.map(|f| (f.offset, f.bit))), (1, Some((0x286, 0))));
}
