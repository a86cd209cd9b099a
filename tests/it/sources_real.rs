//! The event variables and the card sources on the genuine saves: PlayStation (every release,
//! early disc 1), the seven blocks of the PC `.dat` and their seven Switch copies (disc 3).
//!
//! Expected values come from the files themselves, read independently: the Switch JSON's
//! base64 decoded by Python's `base64` module, the `.dat` decrypted with Python's
//! `cryptography`; the scenario counters and flags below were read that way.

use crate::shared;
use quadmist::ff9::{self, SaveEntry};
use quadmist::model::card_sources::{SourceKind, CARD_SOURCES};
use quadmist::model::catalogue;
use quadmist::model::Collection;
use quadmist::sources::availability;
use std::collections::BTreeSet;

fn none(_: &str) -> Option<Vec<u8>> {
    None
}

/// Switch file, its PC selector, its scenario counter and its card players beaten (the first
/// nine, in the file's order; all seven saves list the same nine).
const SAVES: [(&str, &str, u16); 7] = [
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
/// (Lindblum residence), Nymph and Zuu (Cleyra cathedral). Every other flag is clear.
const TAKEN: [(u8, &str); 4] = [
    (11, "Treno, slums"),
    (12, "Lindblum, residence"),
    (17, "Cleyra, cathedral"),
    (19, "Cleyra, cathedral"),
];

fn taken(c: &Collection) -> Vec<(u8, &'static str)> {
    availability(c).pickups.iter().filter(|p| p.taken).map(|p| (p.number, p.place)).collect()
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
            assert_eq!(taken(&c), TAKEN, "{what} {file}");
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
            // Disc 3: nothing is lost yet (Namingway's window is disc 3), no pickup missed
            // but those of Cleyra, which are taken.
            assert_eq!(a.lost().count(), 0, "{what} {file}");
            assert!(a.pickups.iter().all(|p| !p.missed), "{what} {file}");
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
    assert_eq!(taken(c), Vec::<(u8, &str)>::new(), "{release} {}", s.selector);
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
    for r in CARD_SOURCES {
        // A fact from two sources names both ("A; B": the card from A, the window from B).
        let cited = r.source.split("; ").all(|part| {
            part.starts_with("https://") || (part.starts_with("github.com/") && part.contains('@'))
        });
        assert!(
            cited,
            "card {} `{}`: source `{}` is no page address nor repository file at a \
                 commit",
            r.number, r.place, r.source
        );
        if let Some((from, to)) = r.discs {
            assert!(from >= 1 && from <= to && to <= 4);
        }
        // Card players exist on every disc (Hades Workshop's deck list): their window is known.
        if r.is_any_card_player() {
            assert_eq!(r.discs, Some((1, 4)));
        }
    }
    // Every row of kind `other` is a chocobo treasure (`quadmist album` calls them so).
    assert!(CARD_SOURCES
        .iter()
        .filter(|r| r.kind == SourceKind::Other)
        .all(|r| r.place.contains("chocobo") && r.place.contains("treasure")));
    // Every card but Namingway (a disc-3 find only) keeps the row for card players none named.
    for info in catalogue::CATALOGUE {
        let any = CARD_SOURCES.iter().any(|r| r.number == info.number && r.is_any_card_player());
        assert_eq!(any, info.number != 98, "{}", info.name);
    }
    // The spec's flag table (card-sources.md §2): 35 flags, and each pickup or reward
    // row has one.
    let flagged = CARD_SOURCES.iter().filter(|r| r.flag.is_some()).count();
    assert_eq!(flagged, 35);
    assert!(CARD_SOURCES
        .iter()
        .filter(|r| matches!(r.kind, SourceKind::Pickup | SourceKind::Reward))
        .all(|r| r.flag.is_some()));
}

/// A few rows checked against the researcher's table (`card-sources-extra.csv`), its values
/// copied by hand: the guide's enemy table, the speedrun splits' boss discs, the chocobo side
/// quest's treasures.
#[test]
fn rows_agree_with_the_research_table_written_by_hand() {
    let find = |number: u8, place: &str| {
        CARD_SOURCES
            .iter()
            .find(|r| r.number == number && r.place.starts_with(place))
            .unwrap_or_else(|| panic!("card {number}: no row `{place}`"))
    };
    const ENEMIES: &str = "github.com/Druthulu/Stiltzkins-Bag@d9f6ee9b:FFIX GUIDE DATA/Final \
                           Fantasy IX Reference Guide - Stolen Items + Blue Magic.csv";
    const SPLITS: &str = "github.com/fhelwanger/ff9-auto-splitter@3b0163d0:FinalFantasy9.asl";
    // Card 1 Goblin: dropped by the Goblin (entry 10), window not given.
    let r = find(1, "Goblin (guide's enemy 10)");
    assert_eq!((r.kind, r.discs, r.flag, r.source), (SourceKind::Drop, None, None, ENEMIES));
    // Card 1 Goblin: the Prison Cage boss (entry 14), disc 1 only.
    let r = find(1, "Prison Cage (guide's enemy 14), one-time boss fight");
    assert_eq!((r.kind, r.discs), (SourceKind::Drop, Some((1, 1))));
    assert_eq!(r.source, format!("{ENEMIES}; {SPLITS}"));
    // Card 23 Antlion: Hilgigars (95) and Soulcage (100), disc 2 each.
    assert_eq!(find(23, "Hilgigars (guide's enemy 95)").discs, Some((2, 2)));
    assert_eq!(find(23, "Soulcage (guide's enemy 100)").discs, Some((2, 2)));
    // Card 74 Elixir: Nova Dragon (178), disc 4.
    assert_eq!(find(74, "Nova Dragon (guide's enemy 178)").discs, Some((4, 4)));
    // Card 57 Holy: the Hades boss (190), whose disc no source read gives.
    assert_eq!(find(57, "Hades (guide's enemy 190), one-time boss fight").discs, None);
    // Card 84 Cargo Ship: the chocograph 3 treasure, Uncultivated Lands.
    let r = find(84, "chocograph 3 treasure, Uncultivated Lands (needs a red chocobo)");
    assert_eq!((r.kind, r.discs), (SourceKind::Other, None));
    // Card 100 Airship: a dead-pepper mountain crack in the east of the Lost Continent.
    let r = find(100, "dead-pepper chocobo treasure: mountain crack in eastern Lost Continent");
    assert_eq!(
        r.source,
        "github.com/Druthulu/Stiltzkins-Bag@d9f6ee9b:FFIX GUIDE DATA/dead pepper rewards.txt"
    );
    // The researcher's 154 rows: 140 drops and 14 treasures; with the one drop row of the
    // Final Fantasy wiki that they replace, the table holds 140 drops and 14 of kind other.
    let kind = |k: SourceKind| CARD_SOURCES.iter().filter(|r| r.kind == k).count();
    assert_eq!((kind(SourceKind::Drop), kind(SourceKind::Other)), (140, 14));
}
