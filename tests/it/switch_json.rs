//! Switch JSON reader: the real JSON copies agree field by field with the PC `.dat`
//! (decoded independently by the PC decoder, itself checked against a Python decryption).

use crate::shared;

use quadmist::ff9::{self, FileKind, SaveEntry};
use quadmist::model::{CardType, FindingKind, Location, Platform};
use quadmist::Severity;

const JSON_FILES: [&str; 7] = [
    "AUTO",
    "DATA_SLOT0_FILE0",
    "DATA_SLOT0_FILE1",
    "DATA_SLOT0_FILE2",
    "DATA_SLOT0_FILE3",
    "DATA_SLOT0_FILE4",
    "DATA_SLOT1_FILE0",
];

fn no_neighbour(_: &str) -> Option<Vec<u8>> {
    None
}

fn open_json(bytes: &[u8], name: &str) -> SaveEntry {
    let set = ff9::open(bytes, Some(name), &no_neighbour).expect("opens");
    assert_eq!(set.kind, FileKind::SwitchJson);
    assert_eq!(set.saves.len(), 1);
    set.saves.into_iter().next().unwrap()
}

#[test(needs = SharedData)]
fn every_json_copy_gives_exactly_the_cards_and_counters_of_the_pc_block() {
    let dat = shared::read("data/real/steam/SavedData_ww.dat");
    let pc = ff9::open(&dat, Some("SavedData_ww.dat"), &no_neighbour).unwrap();
    let mut seen = Vec::new();
    for name in JSON_FILES {
        let bytes = shared::read(&format!("data/real/switch/{name}"));
        let json = open_json(&bytes, name);
        let pc_save =
            pc.saves.iter().find(|s| s.selector == json.selector).expect("matching block");
        let (j, p) = (json.collection().unwrap(), pc_save.collection().unwrap());
        assert_eq!(j.platform, Platform::Switch);
        assert_eq!(j.cards, p.cards, "{name}: every field, in order");
        assert!(!j.cards.is_empty());
        assert_eq!((j.wins, j.losses, j.draws), (p.wins, p.losses, p.draws), "{name}");
        assert_eq!(j.summary.play_time_seconds, p.summary.play_time_seconds, "{name}");
        // The party leader, level and gil: the same as the block's (checked against
        // tests/oracles/pc_party.py); the place is only in the PC block's preview.
        let (js, ps) = (&j.summary, &p.summary);
        assert_eq!(
            (&js.leader_name, js.leader_level, js.gil),
            (&ps.leader_name, ps.leader_level, ps.gil),
            "{name}"
        );
        assert!(js.leader_name.is_some() && js.leader_level.is_some(), "{name}");
        assert_eq!(json.summary.as_ref(), Some(js), "{name}: listed as decoded");
        assert!(j.findings.is_empty(), "{name}: {:?}", j.findings);
        seen.push(json.selector);
    }
    assert_eq!(seen, ["auto", "1-1", "1-2", "1-3", "1-4", "1-5", "2-1"]);
}

/// A minimal JSON save in the Switch style (every value a string).
fn save_json(cards: &[&str], extra: &str) -> String {
    format!(
        r#"{{"Data":{{"30000_MiniGame":{{"sWin":"7","sLose":"3","sDraw":"-2","MiniGameCard":[{}]}}{extra}}}}}"#,
        cards.join(",")
    )
}

fn card(id: &str, ty: &str) -> String {
    format!(
        r#"{{"id":"{id}","side":"0","atk":"40","type":"{ty}","pdef":"17","mdef":"33","cpoint":"10","arrow":"129"}}"#
    )
}

#[test]
fn type_names_padding_and_the_file_name_selector() {
    let pad = card("255", "255").replace("\"0\"", "\"255\"");
    let cards = [
        card("5", "PHYSICAL"),
        card("6", "MAGIC"),
        card("7", "FLEXIABLE"),
        card("8", "ASSAULT"),
        card("9", "2"),
        pad.clone(),
        card("10", "FLEXIBLE"),
        pad,
    ];
    let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
    let text = save_json(&cards, r#","95000_Setting":{"00001_time":"3725.5"}"#);
    let entry = open_json(text.as_bytes(), "DATA_SLOT9_FILE14");
    assert_eq!(entry.selector, "10-15");
    assert_eq!(entry.name, "slot 10, file 15");
    assert_eq!(entry.title, "FINAL FANTASY IX  1:02:05");
    let c = entry.collection().unwrap();
    let got: Vec<(u16, u8, CardType)> =
        c.cards.iter().map(|k| (k.slot, k.id, k.card_type)).collect();
    assert_eq!(
        got,
        [
            (1, 5, CardType::Physical),
            (2, 6, CardType::Magic),
            (3, 7, CardType::Flexible),
            (4, 8, CardType::Assault),
            (5, 9, CardType::Flexible),
            (7, 10, CardType::Flexible),
        ]
    );
    let k = c.cards[0];
    assert_eq!((k.arrows, k.atk, k.pdef, k.mdef, k.cpoint), (129, 40, 17, 33, Some(10)));
    assert_eq!((c.wins, c.losses, c.draws), (7, 3, -2));
    assert_eq!(c.summary.play_time_seconds, Some(3725.5));
    // FLEXIBLE is accepted with a warning naming the entry; the negative draws are reported.
    assert!(c
        .findings
        .iter()
        .any(|f| f.severity == Severity::Warning && f.message.contains("entry 7")));
    assert!(c.findings.iter().any(|f| f.message.contains("draws = -2")));
    // A save without the event variables says so (an info: the cards are all there).
    assert!(c
        .findings
        .iter()
        .any(|f| f.severity == Severity::Info && f.message.contains("no gEventGlobal")));
    assert_eq!(c.findings.len(), 3, "{:?}", c.findings);
}

#[test]
fn other_file_names_get_selector_1_and_auto_gets_auto() {
    let one = [card("0", "0")];
    let one: Vec<&str> = one.iter().map(String::as_str).collect();
    let text = save_json(&one, "");
    assert_eq!(open_json(text.as_bytes(), "my-save.json").selector, "1");
    assert_eq!(open_json(text.as_bytes(), "AUTO").selector, "auto");
    assert_eq!(open_json(text.as_bytes(), "DATA_SLOT10_FILE0").selector, "1");
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
    assert_eq!(open_json(&with_bom, "AUTO").collection().unwrap().cards.len(), 1);
}

#[test]
fn bad_entries_and_values_give_findings_not_panics() {
    let cards = [
        card("300", "0"),            // id out of a byte
        card("120", "0"),            // invalid id: empty with a warning
        card("3", "SIDEWAYS"),       // unknown type name
        card("4", "7"),              // unknown type code: kept, error
        r#"{"id":"5"}"#.to_string(), // fields missing
        r#"[1,2]"#.to_string(),      // not an object
    ];
    let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
    let text = save_json(&cards, "").replace(r#""sWin":"7""#, r#""sWin":"lots""#);
    let c = open_json(text.as_bytes(), "AUTO").collection().unwrap();
    assert_eq!(c.cards.len(), 1);
    assert_eq!((c.cards[0].id, c.cards[0].card_type), (4, CardType::Unknown(7)));
    assert_eq!(c.wins, 0);
    let errors = c.findings.iter().filter(|f| f.severity == Severity::Error).count();
    // id 300, SIDEWAYS, type 7, missing fields, not an object, sWin.
    assert_eq!(errors, 6, "{:?}", c.findings);
    assert!(c.findings.iter().any(|f| f.message.contains("invalid id 120")));
}

#[test]
fn json_that_is_not_a_data_save_gives_a_clear_error() {
    for (text, needle) in [
        (r#"{"Data": "#, "not a valid JSON"),
        (r#"{"slot": 1, "isEmpty": false}"#, "Data"),
        (r#"{"Data": {"10000_State": {}}}"#, "30000_MiniGame"),
    ] {
        let err =
            ff9::open(text.as_bytes(), Some("PREVIEW_SLOT0_FILE0"), &no_neighbour).unwrap_err();
        assert!(err.to_string().contains(needle), "{err}");
    }
}

/// The event variables and the card players beaten in a JSON save: a short, undecodable or
/// missing copy is a finding and the cards are read all the same; the list of players is
/// cut at the game's 300 without a finding about card entries.
#[test]
fn event_variables_and_players_beaten_are_read_leniently_and_bounded() {
    let one = [card("0", "0")];
    let one: Vec<&str> = one.iter().map(String::as_str).collect();
    let events = |text: &str| {
        let extra = format!(r#","20000_Event":{{"gEventGlobal":"{text}","gStepCount":"0"}}"#);
        open_json(save_json(&one, &extra).as_bytes(), "AUTO").collection().unwrap()
    };
    // "3iYOAA==" is de 26 0e 00: scenario counter 0x26DE = 9950, 4 bytes of 2048.
    let c = events("3iYOAA==");
    assert_eq!(c.cards.len(), 1);
    let e = c.events.as_ref().unwrap();
    assert_eq!((e.len(), e.scenario(), e.disc()), (4, Some(9950), Some(3)));
    assert!(c
        .findings
        .iter()
        .any(|f| f.message.contains("hold 4 bytes instead of the game's 2048")));
    let c = events("not base64!");
    assert_eq!((c.cards.len(), c.events.is_none()), (1, true));
    assert!(c.findings.iter().any(|f| f.message.contains("not valid base64")));
    // 301 ids, then padding: the first 300 are kept, the 300th included, the rest dropped.
    let ids: Vec<String> = (1..=301).map(|n| format!("\"{n}\"")).chain(["\"-1\"".into()]).collect();
    let extra = format!(r#","80000_Achievement":{{"QuadmistWinList":[{}]}}"#, ids.join(","));
    let c = open_json(save_json(&one, &extra).as_bytes(), "AUTO").collection().unwrap();
    let beaten = c.players_beaten.unwrap();
    assert_eq!((beaten.len(), beaten[0], beaten[299]), (300, 1, 300));
    assert!(c.findings.iter().all(|f| !f.message.contains("more entries")), "{:?}", c.findings);
}

/// The leader is the member in the first party place that holds one (255 marks an empty
/// place); a party with none, a level out of range or no common section leave them out, and
/// a long party list is cut without a finding about card entries.
#[test]
fn the_leader_is_the_first_party_place_held() {
    let one = [card("0", "0")];
    let one: Vec<&str> = one.iter().map(String::as_str).collect();
    let players: Vec<String> = ["Zidane", "Vivi", "Dagger"]
        .iter()
        .enumerate()
        .map(|(k, n)| format!(r#"{{"name":"{n}","level":"{}"}}"#, 10 + k))
        .collect();
    let summary = |slot: &str, level_of_vivi: &str| {
        let players =
            players.join(",").replace(r#""level":"11""#, &format!(r#""level":"{level_of_vivi}""#));
        let extra =
            format!(r#","40000_Common":{{"gil":"1234","slot":[{slot}],"players":[{players}]}}"#);
        let c = open_json(save_json(&one, &extra).as_bytes(), "AUTO").collection().unwrap();
        assert!(c.findings.iter().all(|f| !f.message.contains("entries")), "{:?}", c.findings);
        (c.summary.leader_name, c.summary.leader_level, c.summary.gil)
    };
    assert_eq!(summary(r#""255","1","0","2""#, "11"), (Some("Vivi".into()), Some(11), Some(1234)));
    assert_eq!(summary(r#""2","1""#, "11"), (Some("Dagger".into()), Some(12), Some(1234)));
    assert_eq!(summary(r#""1""#, "300"), (Some("Vivi".into()), None, Some(1234)));
    assert_eq!(summary(r#""255","255","255","255","1""#, "11"), (None, None, Some(1234)));
    let c = open_json(save_json(&one, "").as_bytes(), "AUTO").collection().unwrap();
    assert_eq!((c.summary.leader_name, c.summary.gil), (None, None));
}

/// The lenient card walk locates what it finds: an entry whose id is no card is read as
/// empty and named by its kind and its place in the list, whatever the message says.
#[test]
fn a_card_walk_finding_has_its_kind_and_slot() {
    let cards = [card("0", "0"), card("200", "0"), card("5", "9")];
    let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
    let c = open_json(save_json(&cards, "").as_bytes(), "AUTO").collection().unwrap();
    assert_eq!(c.cards.len(), 2);
    let located: Vec<(FindingKind, Option<Location>)> =
        c.findings.iter().filter(|f| f.location.is_some()).map(|f| (f.kind, f.location)).collect();
    // The rest are about the whole save (this one holds no event variables), each typed.
    assert!(c.findings.iter().all(|f| f.kind != FindingKind::Other), "{:?}", c.findings);
    assert!(c.findings.iter().any(|f| f.kind == FindingKind::EventVariables));
    assert_eq!(
        located,
        [
            (FindingKind::InvalidCardId, Some(Location::CardSlot(2))),
            (FindingKind::UnknownType, Some(Location::CardSlot(3))),
        ]
    );
}
