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

/// A budget that lets a debug build reach the end of [`POSITION`] on a loaded machine (the
/// search stops as soon as it does): the default budget is a quarter of a second of wall time,
/// which a busy CI runner may not give the tests' debug build.
pub const SOLVE_MS: &str = "600000";

/// A position with four cells left, searched to the end.
pub const POSITION: &str = "aF../.b.G/c..H/....;\
60/P/40/30@E+S,70/M/50/60@N+W,55/X/45/35@E,80/P/20/70@N+E+S+W,65/M/65/65@NE+SW;\
58/P/44/40@W,62/M/38/52@S+W,50/P/50/50@N,75/X/30/45@E+W+N,66/P/40/40@SW";

#[test]
fn advise_text_fits_80_columns_and_is_stable() {
    let (out, err, code) = quadmist(&["advise", POSITION, "--top", "5", "--budget-ms", SOLVE_MS]);
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
        let (out, err, code) = quadmist(&[
            "advise",
            POSITION,
            "--json",
            "--opponent",
            opp,
            "--top",
            "40",
            "--budget-ms",
            SOLVE_MS,
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["exact"], true);
        let p = notation::parse(POSITION, None).unwrap();
        let m = Match::from_board(p.cards, p.cards.map(|c| c.card_type), p.board);
        let view = AiView::new(&p.cards, &p.cards.map(|c| c.card_type));
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 20, "4 cards... 2 of mine × 10 free cells");
        for mv in moves {
            let slot = mv["hand_position"].as_u64().unwrap() as u8 - 1;
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
fn advise_refuses_an_opponent_card_no_opponent_holds_with_the_reason() {
    // FP99: attack digit F needs an attack cap of 240 or more (Hades, Excalibur II, Ultima
    // Weapon in cards.csv), and none of them reaches magic defence 144.
    let theirs = "FP99@W,62/M/38/52@S+W,50/P/50/50@N,75/X/30/45@E+W+N,66/P/40/40@SW";
    let position = POSITION.rsplit_once(';').unwrap().0.to_string() + ";" + theirs;
    let (out, err, code) = quadmist(&["advise", &position]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    // The message is wrapped at 80 columns: compared with its words joined by spaces.
    let words = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "no card can show FP99: only Hades, Excalibur II and Ultima Weapon have that \
             attack, and none of them can show the rest"
        ),
        "{err}"
    );
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

/// `simulate` with the adviser and these extra arguments: its JSON.
fn simulate_adviser(extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["simulate", "--games", "6", "--seed", "5", "--json"];
    if !extra.contains(&"--budget-ms") {
        args.extend_from_slice(&["--nodes", "2000"]);
    }
    args.extend_from_slice(extra);
    let (out, err, code) = quadmist(&args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn simulate_with_the_adviser_is_the_same_on_any_machine_and_thread_count() {
    // A budget in positions searched: the same matches, moves and shown chances every time,
    // whatever the threads and however busy the machine (a time budget gave 92 % and 94 % on
    // two runs of one seed).
    let one = simulate_adviser(&["--calibration"]);
    let two = simulate_adviser(&["--calibration", "--threads", "2"]);
    assert_eq!(one, two);
    assert_eq!(one["nodes"], 2000);
    assert_eq!(one["budget_ms"], 2.0);
    assert_eq!(one["predictions"].as_u64().unwrap() as usize, 6 * 5);
    // --budget-ms is a budget in positions too: 2 ms is 2,000 positions.
    let ms = simulate_adviser(&["--calibration", "--budget-ms", "2"]);
    assert_eq!(ms["budget_ms"], 2.0);
    assert_eq!(ms, one);
}

/// `v` with every number rounded to 9 decimals.
fn rounded(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Number(n) => Value::from((n.as_f64().unwrap() * 1e9).round() / 1e9),
        Value::Array(a) => Value::Array(a.iter().map(rounded).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, x)| (k.clone(), rounded(x))).collect()),
        x => x.clone(),
    }
}

#[test]
fn simulate_calibration_follows_its_records() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("all.jsonl");
    let records = records.to_str().unwrap();
    let v = simulate_adviser(&["--calibration", "--records", records]);
    assert_eq!(v["matches"], 6);
    assert_eq!(v["wise"], 3);
    // The shown chances and results, read back from the records: the table, the Brier score
    // and the calibration error computed here from them.
    let text = std::fs::read_to_string(records).unwrap();
    let mut pairs = Vec::new();
    let mut first_turn = Vec::new();
    for line in text.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let won = r["result"]["outcome"] == "win";
        for p in r["predictions"].as_array().unwrap() {
            let w = p["win"].as_f64().unwrap();
            pairs.push((w, won));
            if p["turn"] == 1 {
                first_turn.push((w, won));
            }
        }
    }
    assert_eq!(pairs.len(), 30);
    let ece = |pairs: &[(f64, bool)]| {
        let mut points = 0.0;
        for b in 0..10 {
            let inside: Vec<_> =
                pairs.iter().filter(|(p, _)| ((p * 10.0).floor() as usize).min(9) == b).collect();
            if inside.is_empty() {
                continue;
            }
            let n = inside.len() as f64;
            let shown = inside.iter().map(|x| x.0).sum::<f64>() / n;
            let happened = inside.iter().filter(|x| x.1).count() as f64 / n;
            points += 100.0 * n / pairs.len() as f64 * (shown - happened).abs();
        }
        points
    };
    let brier = pairs.iter().map(|&(p, w)| (p - f64::from(u8::from(w))).powi(2)).sum::<f64>()
        / pairs.len() as f64;
    assert!((v["brier"].as_f64().unwrap() - brier).abs() < 1e-12);
    assert!((v["ece_points"].as_f64().unwrap() - ece(&pairs)).abs() < 1e-9);
    assert_eq!(v["bins"].as_array().unwrap().len(), 10);
    assert_eq!(v["bins"][3]["from"], 0.3);
    let counted: u64 =
        v["bins"].as_array().unwrap().iter().map(|b| b["count"].as_u64().unwrap()).sum();
    assert_eq!(counted, 30);
    assert_eq!(v["by_turn"][0]["turn"], 1);
    assert_eq!(v["by_turn"][0]["predictions"], 6);
    assert!((v["by_turn"][0]["ece_points"].as_f64().unwrap() - ece(&first_turn)).abs() < 1e-9);
    // Resumed from the first three matches, the rest played again: the same report.
    let part = dir.path().join("part.jsonl");
    let three: Vec<&str> = text.lines().take(3).collect();
    std::fs::write(&part, three.join("\n")).unwrap();
    let rest = dir.path().join("rest.jsonl");
    let again = simulate_adviser(&[
        "--calibration",
        "--resume",
        part.to_str().unwrap(),
        "--records",
        rest.to_str().unwrap(),
    ]);
    // The same up to the last digit of a float (a chance read back from JSON may differ in it).
    assert_eq!(rounded(&again), rounded(&v));
    assert_eq!(std::fs::read_to_string(&rest).unwrap().lines().count(), 3);
    // Another run's records are refused, as a usage error.
    let (_, err, code) = quadmist(&[
        "simulate",
        "--games",
        "6",
        "--seed",
        "6",
        "--nodes",
        "2000",
        "--calibration",
        "--resume",
        part.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("another run"), "{err}");
}

#[test]
fn simulate_plots_the_reliability_diagram_and_writes_its_page() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, page) = (dir.path().join("r.svg"), dir.path().join("r.html"));
    let v = simulate_adviser(&[
        "--calibration",
        "--plot",
        svg.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{svg}");
    // One circle per tenth that holds a prediction, and one in the legend.
    let bins = v["bins"].as_array().unwrap().iter().filter(|b| b["count"] != 0).count();
    assert_eq!(svg.matches("<circle").count(), bins + 1);
    let page = std::fs::read_to_string(page).unwrap();
    assert!(page.contains("<svg") && page.contains("By the player's own turn"), "{page}");
    // Without --calibration there is nothing to plot: a usage error.
    let (_, err, code) = quadmist(&["simulate", "--games", "1", "--plot", "x.svg"]);
    assert_eq!(code, 2, "{err}");
    let (_, err, code) =
        quadmist(&["simulate", "--games", "1", "--player", "greedy", "--calibration"]);
    assert_eq!(code, 2, "{err}");
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
    // The estimate names its measured calibration, the one constant every front end reads.
    let label = quadmist::game::calibration::MEASURED.label();
    assert!(out.replace("\n  ", " ").contains(&label), "{out}");
    let (out, err, code) = quadmist(&["advise", opening, "--budget-ms", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["exact"], false);
    assert!(v["estimates"][0].as_str().unwrap().contains("did not reach the end"), "{out}");
    assert!(v["estimates"][0].as_str().unwrap().contains(&label), "{out}");
    let m = quadmist::game::calibration::MEASURED;
    assert_eq!(v["calibration"]["matches"], m.matches);
    assert_eq!(v["calibration"]["within_points"], m.within_points);
    // The end position of the other tests is solved: exact, no estimate line.
    let (out, _, _) = quadmist(&["advise", POSITION, "--budget-ms", SOLVE_MS]);
    assert!(out.contains("(exact,") && !out.contains("Estimate"), "{out}");
}

#[test]
fn the_default_budget_is_the_one_the_help_and_the_readme_give() {
    use quadmist::game::companion::AdviceOptions;
    use quadmist::game::search::DEFAULT_BUDGET_MS;
    // A quarter of a second (see DEFAULT_BUDGET_MS for why).
    assert_eq!(DEFAULT_BUDGET_MS, 250);
    for command in ["advise", "play"] {
        let (out, err, code) = quadmist(&[command, "--help"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("[default: 250]"), "{command} --help: {out}");
    }
    assert_eq!(AdviceOptions::default().budget_ms, 250);
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    assert!(readme.contains("`--budget-ms`, default 250,"), "the README says the default");
}
