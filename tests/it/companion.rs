//! The match companion's JSON boundary against the engine: `simulate`'s seeded deals played on a
//! reference [`Match`] with random moves, targets, battle results and evolutions, and the same
//! match sent through [`Companion`] as JSON commands, as the page sends them. Also the scripts
//! the browser tests replay by taps (`web/tests/companion/matches.json`), checked to be what
//! this file generates (`QUADMIST_UPDATE_SCRIPTS=1` rewrites it), and the adviser's figures
//! against `quadmist advise --json`.

use quadmist::game::board::{Side, EMPTY};
use quadmist::game::companion::{hand_text, AdviceOptions, Command, Companion, Session};
use quadmist::game::engine::{evolve, Chooser, Match, Phase};
use quadmist::game::live::battle_value;
use quadmist::game::notation::{self, board_text};
use quadmist::game::search::system_clock;
use quadmist::game::sim::{deal, GameRng};
use quadmist::rules::creation::RangeRng;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The seed of `simulate`'s deals used (`quadmist simulate --seed 1`: game g is stream g).
const SEED: u64 = 1;

/// One match as the page replays it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Script {
    /// `simulate`'s game number (its deal is `GameRng::new(SEED, game)`'s).
    pub game: u64,
    /// My five cards in the notation.
    pub mine: String,
    /// The commands, in order.
    pub commands: Vec<Command>,
    /// The reference engine's final board (notation) and types.
    pub board: String,
    pub types: String,
    /// The position (advise notation) before my first move with at most `ADVISED_LEFT` cards
    /// left, the number of commands before it, and `quadmist advise --json`'s moves there.
    pub advised: Option<Advised>,
}

/// A position solved to the end of the match and `advise`'s answer for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Advised {
    pub after: usize,
    pub position: String,
    pub moves: Vec<Figures>,
}

/// One move's figures as `advise --json` gives them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// My card by its place in my hand (advise's `hand_position`; `card` in the scripts).
    #[serde(alias = "hand_position")]
    pub card: u8,
    pub cell: String,
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    pub cards: f64,
}

/// Cards left when the compared position is taken: solved exactly in well under a second.
const ADVISED_LEFT: u32 = 6;

/// The match of `game`. In odd games their cards are entered by digits, arrows and (every
/// other card) name, as the picker enters them, and the battles give the two numbers shown; in
/// even games their cards are typed exactly and the battles give results only.
pub fn script(game: u64) -> (Script, Match) {
    let mut rng = GameRng::new(SEED, game);
    let d = deal(&mut rng);
    let mut m = Match::new(d.cards, d.blocks, d.first);
    let mut commands = Vec::new();
    for (k, c) in d.cards[5..].iter().enumerate() {
        let arrows = notation::arrows_text(c.arrows);
        let card = match c.id {
            // Even games: typed exactly, in the notation (the compared positions are exact).
            _ if game.is_multiple_of(2) => notation::card_text(c),
            Some(id) if k.is_multiple_of(2) => format!("{}:{}@{arrows}", id + 1, c.digits()),
            _ => format!("{}@{arrows}", c.digits()),
        };
        commands.push(Command::TheirCard { card });
    }
    commands
        .push(Command::Blocks { cells: (0..16).filter(|c| d.blocks & (1 << c) != 0).collect() });
    commands.push(Command::First { me: d.first == Side::Player });
    let mine: [_; 5] = d.cards[..5].try_into().unwrap();
    let mut advised = None;
    loop {
        match m.phase() {
            Phase::Over(_) => break,
            Phase::Place(side) => {
                if side == Side::Player && advised.is_none() && m.board.cards_left() <= ADVISED_LEFT
                {
                    advised = Some(commands.len());
                }
                let hand: Vec<u8> =
                    (0..10).filter(|&s| m.board.hand(side) & (1 << s) != 0).collect();
                let free: Vec<u8> =
                    (0..16).filter(|&c| m.board.cells[c as usize] == EMPTY).collect();
                let slot = hand[rng.range(0, hand.len() as u32) as usize];
                let cell = free[rng.range(0, free.len() as u32) as usize];
                m.place(slot, cell).unwrap();
                commands.push(Command::Place { slot, cell });
            }
            Phase::Battle { attacker, targets, chooser } => {
                let defender = match chooser {
                    Chooser::Automatic(d) => d,
                    Chooser::Side(_) => {
                        let t = targets[rng.range(0, targets.len() as u32) as usize];
                        commands.push(Command::Target { slot: t });
                        t
                    }
                };
                let won = rng.range(0, 2) == 0;
                let winner = if won { attacker } else { defender };
                let t = m.types[winner as usize];
                let evolved = evolve(t) != t && rng.range(0, 4) == 0;
                let at = m.types[attacker as usize];
                // The numbers shown: the true cards' start values (mine first).
                let shown = (game % 2 == 1).then(|| {
                    let a = battle_value(&d.cards[attacker as usize], false, at).unwrap();
                    let b = battle_value(&d.cards[defender as usize], true, at).unwrap();
                    let (a, b) = (u16::from(a), u16::from(b));
                    if attacker < 5 {
                        (a, b)
                    } else {
                        (b, a)
                    }
                });
                m.fight(defender, won, evolved).unwrap();
                commands.push(Command::Battle { won: won == (attacker < 5), shown, evolved });
            }
        }
    }
    let types = m.types.iter().map(|t| t.letter()).collect();
    let script = Script {
        game,
        mine: hand_text(&mine),
        commands,
        board: board_text(&m.board),
        types,
        advised: advised.map(|after| Advised { after, position: String::new(), moves: Vec::new() }),
    };
    (script, m)
}

/// Sends a script's commands as JSON, each checked against what the companion then asks.
fn play(s: &Script, upto: usize) -> Companion {
    let mut c = Companion::new(&s.mine).unwrap();
    for (k, cmd) in s.commands[..upto].iter().enumerate() {
        let json = serde_json::to_string(cmd).unwrap();
        c.apply_json(&json).unwrap_or_else(|e| panic!("game {}: command {k} {json}: {e}", s.game));
    }
    c
}

#[test]
fn twenty_seeded_matches_sent_as_json_end_on_the_engines_final_state() {
    let mut battles = 0;
    let mut shown = 0;
    for game in 0..20 {
        let (s, m) = script(game);
        let c = play(&s, s.commands.len());
        let v = c.view();
        assert_eq!(v.board.as_deref(), Some(s.board.as_str()), "game {game}");
        assert_eq!(v.types.as_deref(), Some(s.types.as_str()), "game {game}");
        assert_eq!(c.live().game().unwrap().board, m.board, "game {game}");
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(json["ask"]["kind"], "over", "game {game}");
        assert_eq!(json["ask"]["me"], m.board.score().0, "game {game}");
        battles += s.commands.iter().filter(|c| matches!(c, Command::Battle { .. })).count();
        shown += s
            .commands
            .iter()
            .filter(|c| matches!(c, Command::Battle { shown: Some(_), .. }))
            .count();
        // Stored and restored: the same match, and its undo history with it.
        let stored = c.session_json();
        let mut back = Companion::restore_json(&stored).unwrap();
        assert_eq!(back.view(), v);
        assert_eq!(back.session_json(), stored);
        let mut undone = 0;
        while back.undo() {
            undone += 1;
        }
        assert_eq!(undone, s.commands.len());
        assert_eq!(serde_json::to_value(back.view()).unwrap()["ask"]["kind"], "their_card");
    }
    assert!(battles >= 30 && shown >= 10, "{battles} battles, {shown} with numbers");
}

#[test]
fn named_cards_and_shown_numbers_narrow_their_stats() {
    // Game 1 gives the numbers shown: some opponent stat becomes exact on the way.
    let (s, _) = script(1);
    let c = play(&s, s.commands.len());
    let v = c.view();
    assert!(v.cards[5..].iter().any(|c| !c.known.is_empty()), "{:?}", v.cards);
    // A name narrows the digits to what card creation gives (the first of their cards is named).
    let c = play(&s, 5);
    let named = c.live().theirs()[0];
    let bare = quadmist::game::notation::parse_card(&format!("{}@-", named.digits())).unwrap();
    let width = |c: &quadmist::game::card::GameCard| {
        [c.atk, c.pdef, c.mdef].iter().map(|s| u32::from(s.hi - s.lo)).sum::<u32>()
    };
    assert!(named.id.is_some());
    assert!(width(&named) <= width(&bare));
}

#[test]
fn refused_and_hostile_commands_change_nothing() {
    let (s, _) = script(2);
    let mut c = play(&s, 8);
    let before = c.view();
    let junk = [
        "",
        "{}",
        "[]",
        "{\"do\":\"place\",\"slot\":99,\"cell\":0}",
        "{\"do\":\"place\",\"slot\":0,\"cell\":16}",
        "{\"do\":\"blocks\",\"cells\":[1]}",
        "{\"do\":\"battle\",\"won\":true}",
        "{\"do\":\"their_card\",\"card\":\"1P23@E\"}",
        "{\"do\":\"fly\"}",
        &"[".repeat(10_000),
        &format!("{{\"do\":\"their_card\",\"card\":\"{}\"}}", "x".repeat(300_000)),
    ];
    for j in junk {
        assert!(c.apply_json(j).is_err(), "{}", &j[..j.len().min(60)]);
        assert_eq!(c.view(), before);
    }
    // A stored match that is not one: refused with a message, never a panic.
    for bad in ["", "null", "{\"mine\":\"x\",\"commands\":[]}", &"{".repeat(5000)] {
        assert!(Companion::restore_json(bad).is_err());
    }
    let too_long =
        Session { mine: s.mine.clone(), commands: vec![Command::First { me: true }; 401] };
    assert!(Companion::restore(&too_long).is_err());
}

/// `quadmist advise --json`'s best three moves for a position, solved to the end.
fn advise_json(position: &str) -> Vec<Figures> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_quadmist"))
        .args(["advise", "--json", "--top", "3", "--budget-ms", "600000", position])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["exact"].as_bool(), Some(v["estimates"].as_array().unwrap().is_empty()));
    serde_json::from_value(v["moves"].clone()).unwrap()
}

/// The position a companion is at, in `advise`'s notation (me to move).
fn position(c: &Companion) -> String {
    let g = c.live().game().unwrap();
    let cards = c.live().cards_now().unwrap();
    let text = |r: std::ops::Range<usize>| {
        cards[r].iter().map(notation::card_text).collect::<Vec<_>>().join(",")
    };
    format!("{};{};{}", board_text(&g.board), text(0..5), text(5..10))
}

/// The scripts for the browser tests, with `advise`'s figures at one position of each of ten
/// even games (their cards exact: every figure exact).
fn scripts() -> Vec<Script> {
    let mut out = Vec::new();
    for game in 0..20 {
        let (mut s, _) = script(game);
        let keep = game.is_multiple_of(2)
            && out.iter().filter(|s: &&Script| s.advised.is_some()).count() < 10;
        s.advised = match (s.advised.take(), keep) {
            (Some(a), true) => {
                let c = play(&s, a.after);
                let position = position(&c);
                Some(Advised { after: a.after, moves: advise_json(&position), position })
            }
            _ => None,
        };
        out.push(s);
    }
    out
}

#[test]
fn the_advisers_figures_equal_advise_json_and_the_browser_scripts_are_current() {
    let scripts = scripts();
    let advised: Vec<&Script> = scripts.iter().filter(|s| s.advised.is_some()).collect();
    assert_eq!(advised.len(), 10);
    let options = AdviceOptions { budget_ms: 600_000, ..AdviceOptions::default() };
    for s in &advised {
        let a = s.advised.as_ref().unwrap();
        let c = play(s, a.after);
        let advice = c.advise(&options, system_clock, None).unwrap().unwrap();
        assert_eq!(advice.key, c.session_json());
        assert_eq!(advice.moves.len(), a.moves.len().min(3), "game {}", s.game);
        assert!(advice.exact && advice.estimates.is_empty(), "{:?}", advice.estimates);
        for (m, f) in advice.moves.iter().zip(&a.moves) {
            assert_eq!((m.slot + 1, notation::cell_name(m.cell)), (f.card, f.cell.clone()));
            for (x, y) in [(m.win, f.win), (m.draw, f.draw), (m.loss, f.loss), (m.cards, f.cards)] {
                assert!((x - y).abs() <= 1e-9, "game {}: {x} vs {y}", s.game);
            }
        }
    }
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("web/tests/companion/matches.json");
    let text = serde_json::to_string_pretty(&scripts).unwrap() + "\n";
    if std::env::var_os("QUADMIST_UPDATE_SCRIPTS").is_some() {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, &text).unwrap();
    }
    let stored = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        stored == text,
        "{} is not what this test generates: run it with QUADMIST_UPDATE_SCRIPTS=1",
        file.display()
    );
}

#[test]
fn my_cards_come_from_a_save_in_the_order_tapped() {
    use quadmist::game::card::GameCard;
    use quadmist::game::companion::{hand_from_collection, CompanionError};
    let bytes = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/ff9-file1.psv"))
        .unwrap();
    let set = quadmist::ff9::open(&bytes, Some("ff9-file1.psv"), &|_| None).unwrap();
    let collection = set.saves.iter().find_map(|s| s.collection().ok()).unwrap();
    let slots: Vec<u16> = (0..1000u16).filter(|&s| collection.card(s).is_some()).take(5).collect();
    let order = [slots[3], slots[0], slots[4], slots[1], slots[2]];
    let hand = hand_from_collection(&collection, &order).unwrap();
    for (c, &s) in hand.iter().zip(&order) {
        assert_eq!(*c, GameCard::from_record(collection.card(s).unwrap()));
    }
    // Through the session's text and back: the same exact cards.
    let c = Companion::new(&hand_text(&hand)).unwrap();
    assert_eq!(c.live().mine(), &hand);
    let twice = [order[0], order[0], order[1], order[2], order[3]];
    assert_eq!(hand_from_collection(&collection, &twice), Err(CompanionError::Twice));
    assert_eq!(hand_from_collection(&collection, &order[..4]), Err(CompanionError::HandSize(4)));
    let none = [order[0], order[1], order[2], order[3], 60_000];
    assert_eq!(hand_from_collection(&collection, &none), Err(CompanionError::NoCard(60_000)));
}

#[test]
fn a_target_pick_is_advised_within_the_budget() {
    use quadmist::game::companion::AskView;
    // The first target pick of the scripts, advised with a stopped clock (the search goes to
    // the end of the match) and with a clock that has spent the budget at once (depth 1).
    fn stopped() -> f64 {
        0.0
    }
    fn spent() -> f64 {
        use std::sync::atomic::{AtomicU64, Ordering};
        static T: AtomicU64 = AtomicU64::new(0);
        T.fetch_add(1_000_000, Ordering::Relaxed) as f64
    }
    let (s, k) = (0..20)
        .map(|g| script(g).0)
        .find_map(|s| {
            // A pick of mine with cards still to place: deeper searches to choose from.
            s.commands.iter().enumerate().find_map(|(k, cmd)| {
                let c = play(&s, k);
                let left = c.live().game()?.board.cards_left();
                let mine = matches!(c.view().ask, AskView::Target { attacker, .. } if attacker < 5);
                (matches!(cmd, Command::Target { .. }) && mine && left >= 2).then(|| (s.clone(), k))
            })
        })
        .expect("a target pick of mine in the scripts");
    let c = play(&s, k);
    let options = AdviceOptions { budget_ms: 1000, ..AdviceOptions::default() };
    let left = c.live().game().unwrap().board.cards_left();
    let full = c.advise(&options, stopped, None).unwrap().unwrap();
    assert_eq!((full.kind.as_str(), full.depth), ("target", left));
    let quick = c.advise(&options, spent, None).unwrap().unwrap();
    assert_eq!(quick.depth, 1);
    assert!(full.moves[0].first_target.is_some() && quick.moves[0].first_target.is_some());
}

#[test]
fn an_opponent_card_edited_mid_match_replays_the_entries_after_it() {
    use quadmist::game::card::GameCard;
    use quadmist::game::companion::CompanionError;
    // Game 2: their cards typed exactly, battles given by result only.
    let (s, reference) = script(2);
    let end = s.commands.len();
    let mut c = play(&s, end);
    let first = c.their_card(0).unwrap();
    let old = notation::parse_their_card(&first).unwrap();
    // The same card known by its digits only: the arrows are the same, so every entry still
    // fits and the board is the engine's; the card's stats are bands now.
    let digits = format!("{}@{}", old.digits(), notation::arrows_text(old.arrows));
    c.edit_their_card(0, &digits).unwrap();
    assert_eq!(c.their_card(0).as_deref(), Some(digits.as_str()));
    assert_eq!(c.live().game().unwrap().board, reference.board);
    assert!(!c.live().theirs()[0].is_exact());
    assert_eq!(c.session().commands.len(), end, "every entry replayed");
    // A card no opponent holds, and a card number not entered: refused, nothing changed.
    let before = c.session_json();
    let e = c.edit_their_card(1, "FP99@N").unwrap_err();
    assert!(e.to_string().starts_with("no card can show FP99"), "{e}");
    assert_eq!(c.edit_their_card(5, "0P00@N"), Err(CompanionError::NoTheirCard(5)));
    assert_eq!(c.session_json(), before);
    // Arrows changed on every card: some entry after them no longer fits (a battle that is
    // not fought, a target that is none), and the message names it.
    let mut refused = None;
    for n in 0..5 {
        let t = notation::parse_their_card(&c.their_card(n).unwrap()).unwrap();
        let flipped = GameCard { arrows: !t.arrows, ..t };
        if let Err(e) = c.clone().edit_their_card(n, &notation::card_text(&flipped)) {
            refused = Some(e);
            break;
        }
    }
    let e = refused.expect("some arrows change contradicts a later entry");
    assert!(matches!(e, CompanionError::Edit { .. }), "{e}");
    assert!(e.to_string().starts_with("with that card, entry "), "{e}");
    // During the set-up: card 2 of 3 entered so far.
    let mut early = play(&s, 3);
    early.edit_their_card(1, "Goblin:0P00@N+S").unwrap();
    assert_eq!(early.their_card(1).as_deref(), Some("Goblin:0P00@N+S"));
    assert_eq!(early.view().cards[6].arrows, 0x11);
}
