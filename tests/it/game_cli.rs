//! `quadmist advise` and `quadmist simulate` end to end, and the game AI against itself on
//! mirrored deals.

use super::game_search::naive;
use super::shared::quadmist;
use quadmist::game::ai::AiView;
use quadmist::game::board::Side;
use quadmist::game::engine::{Match, Outcome};
use quadmist::game::notation;
use quadmist::game::search::{Goal, Opponent};
use quadmist::game::sim::{deal, play, GameRng, Player};

/// A position with four cells left, searched to the end.
pub const POSITION: &str = "aF../.b.G/c..H/....;\
60/P/40/30@E+S,70/M/50/60@N+W,55/X/45/35@E,80/P/20/70@N+E+S+W,65/M/65/65@NE+SW;\
58/P/44/40@W,62/M/38/52@S+W,50/P/50/50@N,75/X/30/45@E+W+N,66/P/40/40@SW";

#[test]
fn advise_text_fits_80_columns_and_is_stable() {
    let (out, err, code) = quadmist(&["advise", POSITION, "--top", "5"]);
    assert_eq!(code, 0, "{err}");
    for line in out.lines() {
        assert!(line.chars().count() <= 80, "too wide: {line}");
    }
    assert!(out.contains("exact"), "{out}");
    insta::assert_snapshot!("advise_end_position", out);
}

#[test]
fn advise_json_figures_equal_the_naive_enumeration() {
    for (opp, model) in [("game", Opponent::Game(3)), ("worst", Opponent::Worst)] {
        let (out, err, code) =
            quadmist(&["advise", POSITION, "--json", "--opponent", opp, "--top", "40"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["exact"], true);
        let p = notation::parse(POSITION, None).unwrap();
        let m = Match::from_board(p.cards, p.cards.map(|c| c.card_type), p.board);
        let view = AiView::new(&p.cards, &p.cards.map(|c| c.card_type));
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 20, "4 cards... 2 of mine × 10 free cells");
        for mv in moves {
            let slot = mv["card"].as_u64().unwrap() as u8 - 1;
            let name = mv["cell"].as_str().unwrap();
            let cell = (0..16u8).find(|&c| notation::cell_name(c) == name).unwrap();
            let mut n = m.clone();
            n.place(slot, cell).unwrap();
            let expected = naive(&n, &view, model, Goal::Win);
            let got = mv["win"].as_f64().unwrap();
            assert!((got - expected).abs() < 1e-9, "{opp} {name}: {got} vs {expected}");
        }
    }
}

#[test]
fn advise_refuses_bad_positions_with_exit_2() {
    for bad in ["a.../..../..../....;x;y", "nonsense", "..../..../..../....;1P11@N;1P11@N"] {
        let (_, err, code) = quadmist(&["advise", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(!err.is_empty());
    }
}

#[test]
fn simulate_json_has_the_specified_shape() {
    let (out, err, code) = quadmist(&[
        "simulate", "--games", "50", "--seed", "7", "--player", "greedy", "--wise", "1", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 50);
    assert_eq!(v["player"], "greedy");
    assert_eq!(v["opponent"], "game");
    assert_eq!(v["wise"], 1);
    let total: f64 = ["win", "draw", "loss"].iter().map(|k| v[k]["rate"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
    for k in ["win", "draw", "loss"] {
        let r = &v[k];
        assert!(r["low"].as_f64().unwrap() <= r["rate"].as_f64().unwrap());
        assert!(r["rate"].as_f64().unwrap() <= r["high"].as_f64().unwrap());
    }
    // Reproducible, whatever the threads.
    let (again, _, _) = quadmist(&[
        "simulate",
        "--games",
        "50",
        "--seed",
        "7",
        "--player",
        "greedy",
        "--wise",
        "1",
        "--json",
        "--threads",
        "2",
    ]);
    assert_eq!(out, again);
}

#[test]
fn the_game_ai_against_itself_on_mirrored_deals_is_even() {
    // Each deal is played twice: as dealt, and with the hands and the first player swapped.
    // The game AI plays both sides at Wise 3; wins and losses must balance.
    let (mut wins, mut losses, mut games) = (0i64, 0i64, 0i64);
    for g in 0..600u64 {
        let mut rng = GameRng::new(99, g);
        let d = deal(&mut rng);
        let mut mirrored = d.clone();
        mirrored.cards.rotate_left(5);
        mirrored.first = if d.first == Side::Player { Side::Npc } else { Side::Player };
        for dd in [&d, &mirrored] {
            let mut r = GameRng::new(100, g);
            let res = play(dd, Player::Game, 3, &mut r);
            games += 1;
            match res.outcome {
                Outcome::Win => wins += 1,
                Outcome::Loss => losses += 1,
                Outcome::Draw => {}
            }
        }
    }
    // |wins − losses| well inside 4 standard deviations of a fair ±1 walk over the games.
    let sd = (games as f64).sqrt();
    assert!(((wins - losses) as f64).abs() < 4.0 * sd, "wins {wins}, losses {losses} of {games}");
}

#[test]
fn advise_labels_a_search_cut_by_its_budget_as_estimates() {
    // The opening (ten cards to place, exact stats): 1 ms cannot reach the end of the match.
    let opening = "..../..../..../....;\
60/P/40/30@E+S,70/M/50/60@N+W,55/X/45/35@E,80/P/20/70@N+E+S+W,65/M/65/65@NE+SW;\
58/P/44/40@W,62/M/38/52@S+W,50/P/50/50@N,75/X/30/45@E+W+N,66/P/40/40@SW";
    let (out, err, code) = quadmist(&["advise", opening, "--budget-ms", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(estimates,"), "{out}");
    assert!(out.contains("card-balance estimate"), "{out}");
    let (out, err, code) = quadmist(&["advise", opening, "--budget-ms", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["exact"], false);
    assert!(v["estimates"][0].as_str().unwrap().contains("did not reach the end"), "{out}");
    // The end position of the other tests is solved: exact, no estimate line.
    let (out, _, _) = quadmist(&["advise", POSITION]);
    assert!(out.contains("(exact,") && !out.contains("Estimate"), "{out}");
}
