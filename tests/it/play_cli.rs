//! `quadmist advise --save` and `quadmist play` end to end: my cards come exact from a fixture
//! save; the figures are checked against the library's search run here on the decoded cards.

use assert_cmd::Command;
use quadmist::ff9;
use quadmist::game::card::GameCard;
use quadmist::game::notation;
use quadmist::game::search::{Goal, Opponent, Searcher};
use std::time::Duration;

const FIXTURE: &str = "fixtures/ff9-three-saves.mcr";
/// Five slots of save 3 of the fixture (18 cards), in hand order.
const SLOTS: [u16; 5] = [2, 9, 11, 13, 16];

/// My five cards, decoded here from the fixture (not through the command line).
fn my_cards() -> [GameCard; 5] {
    let bytes = std::fs::read(FIXTURE).unwrap();
    let set = ff9::open(&bytes, Some("ff9-three-saves.mcr"), &|_| None).unwrap();
    let save = set.saves.iter().find(|s| s.selector == "3").unwrap();
    let c = save.collection().unwrap();
    SLOTS.map(|s| GameCard::from_record(c.card(s).unwrap()))
}

fn quadmist(args: &[&str]) -> (String, String, i32) {
    let out = Command::cargo_bin("quadmist")
        .unwrap()
        .env("COLUMNS", "80")
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
        out.status.code().unwrap_or(-1),
    )
}

/// Four cards left: my cards 4 and 5, their cards 4 and 5 (digits: bands), me to move.
const BOARD: &str = "aF../.b.G/c..H/....";
const THEIRS: &str = "3P21@W,2M12@S+W,1P11@N,4X20@E+W+N,3P30@SW";

#[test]
fn advise_takes_my_cards_exact_from_a_save() {
    let position = format!("{BOARD};*;{THEIRS}");
    let hand = SLOTS.map(|s| s.to_string()).join(",");
    let save = format!("{FIXTURE}:3");
    for (opp, model) in [("game", Opponent::Game(3)), ("worst", Opponent::Worst)] {
        let (out, err, code) = quadmist(&[
            "advise",
            &position,
            "--save",
            &save,
            "--hand",
            &hand,
            "--json",
            "--opponent",
            opp,
            "--top",
            "40",
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        // My cards in the position are the save's, exact: id, raw stats, type, arrows.
        let mine = my_cards();
        let pos = v["position"].as_str().unwrap();
        let section = pos.split(';').nth(1).unwrap();
        let expected: Vec<String> = mine
            .iter()
            .map(|c| {
                format!(
                    "{}:{}/{}/{}/{}@{}",
                    u32::from(c.id.unwrap()) + 1,
                    c.atk.lo,
                    c.card_type.letter(),
                    c.pdef.lo,
                    c.mdef.lo,
                    notation::arrows_text(c.arrows)
                )
            })
            .collect();
        assert_eq!(section, expected.join(","));
        assert!(mine.iter().all(GameCard::is_exact));
        // The search, called here on the same cards, deepening to the end of the match as the
        // command does (draw and cards are those of one line that is best for the goal, so
        // they follow the same tie-breaks only on the same iterations).
        let p = notation::parse(&format!("{BOARD};*;{THEIRS}"), Some(mine)).unwrap();
        let mut s = Searcher::new(&p.cards, model, Goal::Win, 20);
        let a = s.analyse(&p.board, Some(Duration::from_secs(600)));
        assert!(a.exact);
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), a.moves.len(), "2 cards of mine × 10 free cells");
        // Every listed move has the library's figures for that move, and the first is the best.
        let best = a.moves.iter().map(|m| m.value.win).fold(0.0, f64::max);
        assert!((moves[0]["win"].as_f64().unwrap() - best).abs() < 1e-9, "{opp}");
        for mv in moves {
            let slot = mv["card"].as_u64().unwrap() as u8 - 1;
            let name = mv["cell"].as_str().unwrap();
            let lib = a
                .moves
                .iter()
                .find(|m| m.slot == slot && notation::cell_name(m.cell) == name)
                .unwrap()
                .value;
            for (k, want) in [("win", lib.win), ("draw", lib.draw), ("cards", lib.cards)] {
                let got = mv[k].as_f64().unwrap();
                assert!((got - want).abs() < 1e-9, "{opp} {name} {k}: {got} vs {want}");
            }
        }
        // Their cards are known by digits: the figures are labelled as estimates.
        assert_eq!(v["exact"], false);
    }
}
