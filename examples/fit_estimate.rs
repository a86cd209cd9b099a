//! Fits the adviser's estimate of unfinished positions (`src/game/estimate.rs`) from positions
//! of simulated matches solved exactly. Everything is seeded: the same commands give the same
//! parameters on any machine.
//!
//! 1. `solve FILE [GAMES]`: plays GAMES (default 586) matches per opponent model (the game's
//!    AI at Wise 0 to 3, and the worst case) from seeded deals, the player's side chosen by a
//!    fixed mix of policies that does not use the estimate (greedy, the game's AI, random), and
//!    solves every position with 2 to 8 cards left to the end of the match, as the adviser
//!    sees it (the opponent's cards by their digits); below Wise 3, up to 7 cards left, and
//!    against the worst case up to 6 ([`MAX_LEFT`]); positions with 7 or 8 cards left in
//!    every fourth match only. Appends one JSON line per position to
//!    FILE; a run stopped and started again goes on where it stopped.
//! 2. `fit FILE`: fits the parameters for each model, count of cards left and mover, and
//!    prints them as Rust (`src/game/estimate_params.rs`). The parameters compiled in come
//!    from `solve fit.jsonl 586` (2,930 matches, 15,385 positions).
//! 3. `check FILE`: fits on matches 0-3, 8-11, … and reports, on the others, how far the
//!    fitted estimate and the old card-balance estimate are from the exact figures.
//! 4. `depth FILE`: on the held-out matches, the best move's chance searched 1, 2, …
//!    placements deep against the exact one, fitted and old estimates.
//! 5. `sim FILE WISE NODES GAMES fitted|old|built-in`: the calibration of the adviser with
//!    parameters fitted from FILE, the card-balance ones, or those compiled in.
//!
//! 6. `shown FILE WISE GAMES [NODES]`: plays matches 0..GAMES of seed 1 (the deals of
//!    `quadmist simulate --seed 1`) with the adviser at NODES positions a move (default
//!    50,000: `--budget-ms 50`) against the game's AI at WISE, its chances shown WITHOUT the
//!    recalibration ([`Searcher::set_recalibrated`]), and appends each match to FILE as
//!    `simulate --records` writes it; a run stopped and started again goes on where it stopped.
//! 7. `recalibrate FILE...`: fits the maps from the estimate a move shows to the chance it
//!    shows (`quadmist::game::estimate::recalibrated`) on the estimated (not exact)
//!    predictions of those matches: isotonic regression of "the match was won" on the
//!    estimate (pool-adjacent-violators), read off at the fixed knots [`KNOTS`]. One map from
//!    every prediction, one from those with `estimate::LATE_LEFT` or fewer cards left. It
//!    prints them as Rust (`src/game/shown_params.rs`).
//!
//! 8. `replay RECORDS OUT [THREADS]`: the matches of `quadmist simulate --records` RECORDS
//!    (the adviser's) with the figures this build shows, written to OUT as `simulate
//!    --records` writes them, for a build that changes figures, or moves only at solved
//!    turns. A replay, not a new run: at each turn whose recorded figure is an estimate, the
//!    move played is the one legal move whose estimate this build gives equal to the recorded
//!    figure (to 1e-9, win and draw; the deep search that chose it is not run again, unless
//!    several moves give that figure, and then it chooses among them). At each solved turn,
//!    the search's own figure of its best move must equal the recorded one (`searched`; in
//!    records that lack it, the figure shown for that move alone, as builds before the draws
//!    chose showed it), and the move is this build's choice. A match that differs from its
//!    record anywhere (a
//!    figure, the cards left at a turn, the number of turns, the result) is played again in
//!    full (`play_recorded`, the run's budget). So OUT holds the matches this build plays. It
//!    reports how many matches took which way.
//!
//! 9. `playouts SEED WISE NODES GAMES LO HI PLAYOUTS [THREADS]`: what the adviser's solved
//!    chances to win from LO (included) to HI mean, without the luck of one match. Plays
//!    matches 0..GAMES of `quadmist simulate --seed SEED --wise WISE --nodes NODES`; at each
//!    of the adviser's turns whose chance shown is in that range and solved (the search
//!    reached the end), plays the match on PLAYOUTS times from the move played, the adviser
//!    choosing as it does, the game's AI and the battles drawn anew, the deal's true stats.
//!    The share won is that position's chance to win under the adviser's own play, close to
//!    exact (its standard error, at most 0.5/√PLAYOUTS). Prints one line per such turn
//!    (match, cards left, shown, playouts won, the match's own result) and the means.
//!
//! Run: `cargo run --release --example fit_estimate -- solve fit.jsonl 586`, then
//! `cargo run --release --example fit_estimate -- fit fit.jsonl > src/game/estimate_params.rs`;
//! then `shown w3.jsonl 3 2000`, `shown w1.jsonl 1 2000` and
//! `recalibrate w3.jsonl w1.jsonl > src/game/shown_params.rs` (the shown figures depend on the
//! estimate, so the map is fitted after it).

use quadmist::game::ai::{decide, AiView};
use quadmist::game::board::{Board, Side};
use quadmist::game::calibration::Calibration;
use quadmist::game::card::start_values;
use quadmist::game::engine::{Chooser, Match, Outcome, Phase};
use quadmist::game::estimate::{self, CardTables, Params, FEATURES, MODELS};
use quadmist::game::search::{Analysis, Budget, Goal, MoveValue, Opponent, Searcher, Value};
use quadmist::game::sim::{
    adviser_target, deal, fight, greedy_move, legal, play_on, play_recorded, play_with,
    seen_by_player, GameRng, Played, Player, Prediction, Rate, Record,
};
use quadmist::model::CardType;
use quadmist::rules::creation::RangeRng;
use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, Write};

/// The seed of every deal, battle and policy draw of the fit.
const SEED: u64 = 31_2026;
/// The seed of the matches that measure the fit (other deals than the fit's).
const SIM_SEED: u64 = 7_2026;
/// Cards left in the positions solved: from 2 to this many, by model (solving a position with
/// 8 cards left against the game's AI below Wise 3 takes millions of positions; a deep search
/// against those models reaches no further anyway).
const MAX_LEFT: [u32; MODELS] = [7, 7, 7, 8, 6];
/// The seed of the matches the shown chance is recalibrated on (`simulate --seed 1`).
const SHOWN_SEED: u64 = 1;
/// Where the recalibration map is read off the isotonic fit (between its ends, (0, 0) and
/// (1, 1)): where the adviser's shown estimates lie, closer together where most of them are.
const KNOTS: [f64; 7] = [0.6, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995];

/// Cards left in the positions recorded.
const LEFT: std::ops::RangeInclusive<u32> = 2..=8;

/// The opponent model of index `model` ([`estimate::model_index`]).
fn opponent(model: usize) -> Opponent {
    if model < 4 {
        Opponent::Game(model as u8)
    } else {
        Opponent::Worst
    }
}

/// The match `game` of model `model`, played to the end: its seen cards and the positions
/// (board before a placement) with [`LEFT`] cards left.
fn trajectory(model: usize, game: u64) -> ([quadmist::game::card::GameCard; 10], Vec<Board>) {
    let mut rng = GameRng::new(SEED + model as u64, game);
    let mut policy = GameRng::new(SEED + 100 + model as u64, game);
    let d = deal(&mut rng);
    let wise = if model < 4 { model as u8 } else { 3 };
    let mut m = Match::new(d.cards, d.blocks, d.first);
    let view = AiView::new(&d.cards, &m.types);
    let mut out = Vec::new();
    loop {
        match m.phase() {
            Phase::Over(_) => return (seen_by_player(&d.cards), out),
            Phase::Place(side) => {
                let left = m.board.cards_left();
                // The costliest positions (the most cards left) in every fourth match only.
                let most =
                    if game.is_multiple_of(4) { MAX_LEFT[model] } else { MAX_LEFT[model].min(6) };
                if (2..=most).contains(&left) {
                    out.push(m.board);
                }
                let (slot, cell) = if side == Side::Npc {
                    decide(&view, &m.board, Side::Npc, wise, &mut rng)
                } else {
                    match policy.range(0, 100) {
                        0..=54 => greedy_move(&m),
                        55..=84 => decide(&view, &m.board, Side::Player, 3, &mut policy),
                        _ => {
                            let v = legal(&m.board, Side::Player);
                            v[policy.range(0, v.len() as u32) as usize]
                        }
                    }
                };
                m.place(slot, cell).expect("a legal move");
            }
            Phase::Battle { attacker, targets, chooser } => {
                let defender = match chooser {
                    Chooser::Automatic(d) => d,
                    Chooser::Side(_) => targets[policy.range(0, targets.len() as u32) as usize],
                };
                let a = attacker as usize;
                let (av, dv) = start_values(&m.cards[a], m.types[a], &m.cards[defender as usize]);
                let won = rng.range(0, av) > rng.range(0, dv);
                let winner = if won { attacker } else { defender };
                let evolves = match m.types[winner as usize] {
                    CardType::Physical | CardType::Magic => rng.range(0, m.evolution.to_x) == 0,
                    CardType::Flexible => rng.range(0, m.evolution.to_a) == 0,
                    _ => false,
                };
                m.fight(defender, won, evolves).expect("a legal battle");
            }
        }
    }
}

/// One solved position.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Solved {
    model: usize,
    game: u64,
    /// Index among the match's recorded positions.
    ply: usize,
    left: u32,
    npc_moves: bool,
    win: f64,
    draw: f64,
    nodes: u64,
}

/// The JSON lines of `file` that read as a `T` (none when there is no such file yet).
fn read<T: serde::de::DeserializeOwned>(file: &str) -> Vec<T> {
    let Ok(f) = std::fs::File::open(file) else { return Vec::new() };
    std::io::BufReader::new(f)
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| serde_json::from_str(&l).ok())
        .collect()
}

fn solve(file: &str, games: u64) {
    let done: HashSet<(usize, u64)> =
        read::<Solved>(file).iter().map(|s| (s.model, s.game)).collect();
    let mut out =
        std::fs::OpenOptions::new().create(true).append(true).open(file).expect("the data file");
    for game in 0..games {
        for model in 0..MODELS {
            if done.contains(&(model, game)) {
                continue;
            }
            let (cards, boards) = trajectory(model, game);
            let mut s = Searcher::new(&cards, opponent(model), Goal::Win, 20);
            let mut lines = String::new();
            for (ply, b) in boards.iter().enumerate() {
                let before = s.nodes;
                let v = s.value(b, b.cards_left());
                let row = Solved {
                    model,
                    game,
                    ply,
                    left: b.cards_left(),
                    npc_moves: b.mover == Side::Npc,
                    win: v.win,
                    draw: v.draw,
                    nodes: s.nodes - before,
                };
                lines.push_str(&serde_json::to_string(&row).expect("json"));
                lines.push('\n');
            }
            // One match at a time: a stopped run loses at most the match in progress.
            out.write_all(lines.as_bytes()).expect("write");
        }
        if game % 50 == 49 {
            eprintln!("{} matches", game + 1);
        }
    }
}

/// A sample: features and exact (win, draw, loss).
struct Sample {
    f: [f64; FEATURES],
    y: [f64; 3],
}

/// The samples of `rows`, grouped by (model, left, npc_moves).
fn samples(rows: &[Solved]) -> BTreeMap<(usize, u32, bool), Vec<Sample>> {
    let mut boards: BTreeMap<(usize, u64), (CardTables, Vec<Board>)> = BTreeMap::new();
    let mut out: BTreeMap<(usize, u32, bool), Vec<Sample>> = BTreeMap::new();
    for r in rows {
        let (tables, bs) = boards.entry((r.model, r.game)).or_insert_with(|| {
            let (cards, bs) = trajectory(r.model, r.game);
            (CardTables::new(&cards), bs)
        });
        let b = &bs[r.ply];
        assert_eq!(b.cards_left(), r.left, "model {} game {} ply {}", r.model, r.game, r.ply);
        let loss = (1.0 - r.win - r.draw).max(0.0);
        out.entry((r.model, r.left, r.npc_moves))
            .or_default()
            .push(Sample { f: estimate::features(tables, b), y: [r.win, r.draw, loss] });
    }
    out
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean cross-entropy of `p` on `data` and its gradient in the fit's own coordinates
/// (weights, a = t_win, c with t_draw = a − e^c).
fn loss_and_gradient(theta: &[f64; FEATURES + 2], data: &[Sample]) -> (f64, [f64; FEATURES + 2]) {
    let mut g = [0.0; FEATURES + 2];
    let mut total = 0.0;
    let (a, c) = (theta[FEATURES], theta[FEATURES + 1]);
    let t2 = a - c.exp();
    for s in data {
        let z: f64 = theta[..FEATURES].iter().zip(&s.f).map(|(w, x)| w * x).sum();
        let pa = sigmoid(z - a).clamp(1e-12, 1.0 - 1e-12);
        let pb = sigmoid(z - t2).clamp(1e-12, 1.0 - 1e-12);
        let pd = (pb - pa).max(1e-12);
        let [yw, yd, yl] = s.y;
        total -= yw * pa.ln() + yd * pd.ln() + yl * (1.0 - pb).ln();
        let dl_da = -yw / pa + yd / pd;
        let dl_db = -yd / pd + yl / (1.0 - pb);
        let (sa, sb) = (pa * (1.0 - pa), pb * (1.0 - pb));
        let dz = dl_da * sa + dl_db * sb;
        for (gk, x) in g.iter_mut().zip(&s.f) {
            *gk += dz * x;
        }
        let (dt1, dt2) = (-dl_da * sa, -dl_db * sb);
        g[FEATURES] += dt1 + dt2;
        g[FEATURES + 1] += -dt2 * c.exp();
    }
    let n = data.len().max(1) as f64;
    for x in &mut g {
        *x /= n;
    }
    // A little ridge on the weights: groups with few positions stay near zero.
    for k in 0..FEATURES {
        total += 1e-3 * n * theta[k] * theta[k];
        g[k] += 2e-3 * theta[k];
    }
    (total / n, g)
}

/// Fits one group by full-batch Adam (deterministic); returns the parameters.
fn fit_group(data: &[Sample]) -> Params {
    let mut theta = [0.0; FEATURES + 2];
    theta[0] = 0.9;
    theta[FEATURES] = 0.9;
    theta[FEATURES + 1] = 1.8f64.ln();
    let (mut m, mut v) = ([0.0; FEATURES + 2], [0.0; FEATURES + 2]);
    let (b1, b2, lr) = (0.9, 0.999, 0.03);
    for step in 1..=4000 {
        let (_, g) = loss_and_gradient(&theta, data);
        for k in 0..FEATURES + 2 {
            m[k] = b1 * m[k] + (1.0 - b1) * g[k];
            v[k] = b2 * v[k] + (1.0 - b2) * g[k] * g[k];
            let mh = m[k] / (1.0 - f64::powi(b1, step));
            let vh = v[k] / (1.0 - f64::powi(b2, step));
            theta[k] -= lr * mh / (vh.sqrt() + 1e-9);
        }
    }
    let mut p = [0.0; FEATURES + 2];
    p[..FEATURES].copy_from_slice(&theta[..FEATURES]);
    p[FEATURES] = theta[FEATURES];
    p[FEATURES + 1] = theta[FEATURES] - theta[FEATURES + 1].exp();
    p
}

/// Parameters for every (model, left 1..=9, mover); groups without data take their nearest
/// neighbour's in cards left.
fn fit_all(groups: &BTreeMap<(usize, u32, bool), Vec<Sample>>) -> Vec<[[Params; 2]; 9]> {
    let mut all = vec![[[[0.0; FEATURES + 2]; 2]; 9]; MODELS];
    for (model, table) in all.iter_mut().enumerate() {
        for npc in [false, true] {
            let fitted: BTreeMap<u32, Params> = LEFT
                .filter_map(|k| {
                    let d = groups.get(&(model, k, npc)).filter(|d| d.len() >= 30)?;
                    Some((k, fit_group(d)))
                })
                .collect();
            for k in 1..=9u32 {
                let nearest = fitted
                    .iter()
                    .min_by_key(|(&j, _)| j.abs_diff(k))
                    .map(|(_, p)| *p)
                    .expect("some group fitted");
                table[(k - 1) as usize][usize::from(npc)] = nearest;
            }
        }
    }
    all
}

fn print_params(all: &[[[Params; 2]; 9]], rows: &[Solved]) {
    let games = rows.iter().map(|r| r.game + 1).max().unwrap_or(0);
    println!("//! The estimate's fitted parameters, generated by `examples/fit_estimate.rs` (do not edit");
    println!(
        "//! by hand): `solve fit.jsonl {games}` then `fit fit.jsonl`, from {} positions",
        rows.len()
    );
    println!("//! of {games} matches per opponent model solved exactly.");
    println!();
    println!(
        "/// By model (Wise 0..=3, worst case), cards left (1..=9) and mover (player, opponent):"
    );
    println!("/// the weights of the features, then t_win and t_draw.");
    println!("#[rustfmt::skip]");
    // Plain array types: the estimate reads this file, so it names nothing of the estimate's.
    println!("pub static FITTED: [[[[f64; 7]; 2]; 9]; 5] = [");
    for table in all {
        println!("    [");
        for pair in table {
            let show =
                |p: &Params| p.iter().map(|x| format!("{x:.4}")).collect::<Vec<_>>().join(", ");
            println!("        [[{}], [{}]],", show(&pair[0]), show(&pair[1]));
        }
        println!("    ],");
    }
    println!("];");
}

fn check(rows: &[Solved]) {
    let (train, test): (Vec<Solved>, Vec<Solved>) =
        rows.iter().cloned().partition(|r| r.game % 8 < 4);
    let params = fit_all(&samples(&train));
    let old: Params = [0.9, 0.0, 0.0, 0.0, 0.0, 0.9, -0.9];
    println!(
        "model left mover  n   | fitted: |err win| bias win  |err draw| | old: |err win| bias"
    );
    for ((model, k, npc), data) in samples(&test) {
        let p = &params[model][(k - 1) as usize][usize::from(npc)];
        let (mut ew, mut bw, mut ed, mut eo, mut bo) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for s in &data {
            let (w, d) = estimate::probabilities(p, &s.f);
            ew += (w - s.y[0]).abs();
            bw += w - s.y[0];
            ed += (d - s.y[1]).abs();
            let (w0, _) = estimate::probabilities(&old, &s.f);
            eo += (w0 - s.y[0]).abs();
            bo += w0 - s.y[0];
        }
        let n = data.len() as f64;
        println!(
            "{model} {k} {} {:>5} | {:.3} {:+.3} {:.3} | {:.3} {:+.3}",
            if npc { "npc   " } else { "player" },
            data.len(),
            ew / n,
            bw / n,
            ed / n,
            eo / n,
            bo / n
        );
    }
}

/// (model, cards left, depth searched, 0 for the fitted estimate or 1 for the old one).
type DepthKey = (usize, u32, u32, usize);

/// Fits on matches 0-3, 8-11, …; on matches 4, 5, 12, 13, …, the best move's chance to win searched
/// 1, 2, … placements deep against the exact figure, with the fitted estimate and the old one.
fn depth(rows: &[Solved]) {
    let (train, test): (Vec<Solved>, Vec<Solved>) =
        rows.iter().cloned().partition(|r| r.game % 8 < 4);
    let fitted = fit_all(&samples(&train));
    let old: &'static estimate::Table =
        Box::leak(Box::new([[[0.9, 0.0, 0.0, 0.0, 0.0, 0.9, -0.9]; 2]; 9]));
    // (model, left, depth, which) -> (n, sum error, sum |error|)
    let mut acc: BTreeMap<DepthKey, (f64, f64, f64)> = BTreeMap::new();
    for r in
        test.iter().filter(|r| !r.npc_moves && r.left >= 5 && (r.game % 8 == 4 || r.game % 8 == 5))
    {
        let (cards, bs) = trajectory(r.model, r.game);
        let b = &bs[r.ply];
        let table: &'static estimate::Table = Box::leak(Box::new(fitted[r.model]));
        for (which, t) in [(0usize, table), (1, old)] {
            for d in 1..r.left {
                let mut s = Searcher::new(&cards, opponent(r.model), Goal::Win, 20);
                s.set_estimate(t);
                s.set_top(1);
                let Some(best) = s.analyse_depth(b, d).first().copied() else { continue };
                let e = best.value.win - r.win;
                let a = acc.entry((r.model, r.left, d, which)).or_default();
                a.0 += 1.0;
                a.1 += e;
                a.2 += e.abs();
            }
        }
    }
    println!("model left depth  n | fitted: bias |error| | old: bias |error|");
    let keys: Vec<(usize, u32, u32)> =
        acc.keys().filter(|k| k.3 == 0).map(|k| (k.0, k.1, k.2)).collect();
    for (m, k, d) in keys {
        let f = acc[&(m, k, d, 0)];
        let o = acc[&(m, k, d, 1)];
        println!(
            "{m} {k} {d} {:>4} | {:+.3} {:.3} | {:+.3} {:.3}",
            f.0,
            f.1 / f.0,
            f.2 / f.0,
            o.1 / o.0,
            o.2 / o.0
        );
    }
}

/// Plays `games` matches of the adviser (a budget of `nodes` a move) against the game's AI at
/// `wise` with the fitted estimate (`which` = "fitted") or the old one, and prints how well its
/// chances matched the results.
fn simulate(rows: &[Solved], wise: u8, nodes: u64, games: u64, which: &str) {
    let old: estimate::Table = [[[0.9, 0.0, 0.0, 0.0, 0.0, 0.9, -0.9]; 2]; 9];
    let table: &'static estimate::Table = if which == "old" {
        Box::leak(Box::new(old))
    } else if which == "built-in" {
        estimate::table(usize::from(wise))
    } else {
        Box::leak(Box::new(fit_all(&samples(rows))[usize::from(wise)]))
    };
    let mut played = Vec::new();
    let (mut wins, mut nodes_by_turn) = (0, [0u64; 6]);
    for g in 0..games {
        let mut rng = GameRng::new(SIM_SEED, g);
        let d = deal(&mut rng);
        let p = play_with(&d, Player::Adviser(Budget::Nodes(nodes)), wise, &mut rng, |mut s| {
            s.set_estimate(table);
            s
        });
        wins += u64::from(p.result.outcome == Outcome::Win);
        for x in &p.predictions {
            nodes_by_turn[x.turn as usize] += x.nodes;
        }
        played.push(p);
    }
    let c = Calibration::of(&played);
    let r = Rate::wilson(wins, games);
    println!(
        "{which}, Wise {wise}, {nodes} nodes: {games} matches, won {:.1} % ({:.1}-{:.1}), \
         ECE {:.2} points, Brier {:.4}; draws: ECE {:.2}, Brier {:.4}",
        100.0 * r.rate,
        100.0 * r.low,
        100.0 * r.high,
        c.ece_points,
        c.brier,
        c.draws.ece_points,
        c.draws.brier
    );
    for b in &c.bins {
        if let (Some(p), Some(o)) = (b.predicted, b.observed) {
            println!(
                "  {:.1}-{:.1} {:>6} predicted {:.3} observed {:.3}",
                b.from, b.to, b.count, p, o
            );
        }
    }
    for t in &c.by_turn {
        println!(
            "  turn {} {:>6} ECE {:.2} (draws {:.2}), mean nodes {}",
            t.turn,
            t.predictions,
            t.ece_points,
            t.draw_ece_points,
            nodes_by_turn[t.turn as usize] / t.predictions.max(1)
        );
    }
}

/// Plays matches `0..games` of [`SHOWN_SEED`] as `simulate --calibration --records` does, the
/// adviser's chances shown without the recalibration; appends them to `file`.
fn shown(file: &str, wise: u8, games: u64, nodes: u64) {
    let done: HashSet<u64> = read::<Record>(file).iter().map(|r| r.game).collect();
    let mut out =
        std::fs::OpenOptions::new().create(true).append(true).open(file).expect("the data file");
    for game in (0..games).filter(|g| !done.contains(g)) {
        let mut rng = GameRng::new(SHOWN_SEED, game);
        let d = deal(&mut rng);
        let played =
            play_with(&d, Player::Adviser(Budget::Nodes(nodes)), wise, &mut rng, |mut s| {
                s.set_recalibrated(false);
                s
            });
        let record = Record {
            seed: SHOWN_SEED,
            player: "adviser".into(),
            wise,
            nodes: Some(nodes),
            game,
            played,
        };
        writeln!(out, "{}", serde_json::to_string(&record).expect("a record")).expect("write");
        if game % 100 == 99 {
            eprintln!("{} matches", game + 1);
        }
    }
}

/// Isotonic regression by pool-adjacent-violators: for `points` sorted by x, the blocks of the
/// non-decreasing step function closest in squared error, as (largest x, mean y, count).
fn isotonic(points: &[(f64, f64)]) -> Vec<(f64, f64, f64)> {
    let mut blocks: Vec<(f64, f64, f64)> = Vec::new();
    for &(x, y) in points {
        blocks.push((x, y, 1.0));
        while blocks.len() >= 2 && blocks[blocks.len() - 2].1 >= blocks[blocks.len() - 1].1 {
            let (x1, y1, n1) = blocks.pop().expect("two blocks");
            let (_, y0, n0) = blocks.pop().expect("two blocks");
            blocks.push((x1, (y0 * n0 + y1 * n1) / (n0 + n1), n0 + n1));
        }
    }
    blocks
}

fn recalibrate(files: &[&str]) {
    // (cards left, estimate, won) of every estimated prediction.
    let mut points = Vec::new();
    let mut matches = 0;
    for file in files {
        for r in read::<Record>(file) {
            matches += 1;
            let won = r.played.result.outcome == Outcome::Win;
            for p in r.played.predictions.iter().filter(|p| !p.exact) {
                points.push((p.left, p.win, f64::from(u8::from(won))));
            }
        }
    }
    let late = points.iter().filter(|p| p.0 <= estimate::LATE_LEFT).count();
    println!("//! The maps from the estimate a move shows to its chance to win, generated by");
    println!(
        "//! `examples/fit_estimate.rs` (do not edit by hand): `recalibrate {}`,",
        files.join(" ")
    );
    println!(
        "//! from {} estimated predictions of {matches} matches (`shown`, seed {SHOWN_SEED}),\n\
         //! {late} of them with {} or fewer cards left.",
        points.len(),
        estimate::LATE_LEFT
    );
    // Plain types: the estimate reads this file, so it names nothing of the estimate's.
    print_map("SHOWN_WIN", "every one", &points, |_| true);
    print_map(
        "SHOWN_WIN_LATE",
        &format!("those with {} or fewer cards left", estimate::LATE_LEFT),
        &points,
        |left| left <= estimate::LATE_LEFT,
    );
}

/// Prints the map fitted on the `points` (cards left, estimate, won) whose cards left pass
/// `keep`: the isotonic regression of "won" on the estimate, read off at [`KNOTS`], never
/// above [`estimate::MOST_SHOWN`].
fn print_map(name: &str, what: &str, points: &[(u32, f64, f64)], keep: impl Fn(u32) -> bool) {
    let mut points: Vec<(f64, f64)> =
        points.iter().filter(|p| keep(p.0)).map(|p| (p.1, p.2)).collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let blocks = isotonic(&points);
    // The step function's value at x: the block x falls in (the last beyond the data).
    let at = |x: f64| blocks.iter().find(|b| x <= b.0).or(blocks.last()).map_or(x, |b| b.1);
    println!();
    println!("/// (estimate, chance shown) at the knots, both increasing.");
    println!("/// Fitted on {what}.");
    println!("#[rustfmt::skip]");
    println!("pub static {name}: [(f64, f64); {}] = [", KNOTS.len());
    for k in KNOTS {
        println!("    ({k:.3}, {:.4}),", at(k).min(estimate::MOST_SHOWN));
    }
    println!("];");
}

/// Figures equal to the 1e-9 (the same computation, up to the order of a sum).
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// One recorded match replayed with this build's figures (`replay`, module docs); `None`
/// when the shortcut does not give the recorded match.
fn replay_fast(r: &Record) -> Option<Played> {
    let wise = r.wise;
    let mut rng = GameRng::new(r.seed, r.game);
    let d = deal(&mut rng);
    let mut m = Match::new(d.cards, d.blocks, d.first);
    let view = AiView::new(&d.cards, &m.types);
    let mut s = Searcher::new(&seen_by_player(&d.cards), Opponent::Game(wise), Goal::Win, 18);
    s.set_top(1);
    s.set_fixed_figures(false);
    let mut predictions: Vec<Prediction> = Vec::new();
    loop {
        match m.phase() {
            Phase::Over(result) => {
                let same_end =
                    result == r.played.result && predictions.len() == r.played.predictions.len();
                return same_end.then_some(Played { result, predictions });
            }
            Phase::Place(Side::Npc) => {
                let (slot, cell) = decide(&view, &m.board, Side::Npc, wise, &mut rng);
                m.place(slot, cell).ok()?;
            }
            Phase::Place(Side::Player) => {
                s.set_seen(m.seen());
                let p = *r.played.predictions.get(predictions.len())?;
                if p.left != m.board.cards_left() {
                    return None;
                }
                let (slot, cell, shown, searched) = if p.exact {
                    let a = s.analyse(&m.board, Budget::Nodes(r.nodes?));
                    let best = *a.moves.first()?;
                    if !a.exact {
                        return None;
                    }
                    // The search is checked by its own figure; in a record without it, by
                    // the figure its best move showed (builds before the draws chose).
                    let (win, draw) = match p.searched {
                        Some(fig) => fig,
                        None => {
                            let alone = Analysis { moves: vec![best], ..a.clone() };
                            let v = s.with_fixed_figures(&m.board, alone).moves.first()?.value;
                            if !same(v.win, p.win) || !same(v.draw, p.draw) {
                                return None;
                            }
                            (best.value.win, best.value.draw)
                        }
                    };
                    if !same(best.value.win, win) || !same(best.value.draw, draw) {
                        return None;
                    }
                    let played = *s.with_fixed_figures(&m.board, a).moves.first()?;
                    let searched = Some((best.value.win, best.value.draw));
                    (played.slot, played.cell, played.value, searched)
                } else {
                    let moves = legal(&m.board, Side::Player)
                        .into_iter()
                        .map(|(slot, cell)| MoveValue {
                            slot,
                            cell,
                            value: Value::default(),
                            first_target: None,
                        })
                        .collect();
                    let a = Analysis { moves, depth: 0, exact: false, nodes: 0 };
                    let shown = s.with_fixed_figures(&m.board, a);
                    let found: Vec<MoveValue> = shown
                        .moves
                        .into_iter()
                        .filter(|mv| same(mv.value.win, p.win) && same(mv.value.draw, p.draw))
                        .collect();
                    let mv = match found.as_slice() {
                        [] => return None,
                        [mv] => *mv,
                        _ => {
                            // Equal estimates (an opening's symmetric cells): the deep search
                            // chooses, as it did (the same search when no turn before it was
                            // replayed; else checked by the rest of the match).
                            let a = s.analyse(&m.board, Budget::Nodes(r.nodes?));
                            let best = a.moves.first()?;
                            *found.iter().find(|f| (f.slot, f.cell) == (best.slot, best.cell))?
                        }
                    };
                    (mv.slot, mv.cell, mv.value, None)
                };
                predictions.push(Prediction { win: shown.win, draw: shown.draw, searched, ..p });
                m.place(slot, cell).ok()?;
            }
            Phase::Battle { attacker, targets, chooser } => {
                let defender = match chooser {
                    Chooser::Automatic(d) => d,
                    Chooser::Side(_) => adviser_target(&mut s, &m, attacker, &targets),
                };
                fight(&mut m, attacker, defender, &mut rng);
            }
        }
    }
}

fn replay(records: &str, out: &str, threads: usize) {
    let rows: Vec<Record> = read(records);
    let done = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (rows, done) = (&rows, &done);
            scope.spawn(move || {
                for r in rows.iter().skip(t).step_by(threads) {
                    let (played, fast) = match replay_fast(r) {
                        Some(p) => (p, true),
                        None => {
                            let mut rng = GameRng::new(r.seed, r.game);
                            let d = deal(&mut rng);
                            let budget = r.nodes.map_or(Budget::Unlimited, Budget::Nodes);
                            (play_recorded(&d, Player::Adviser(budget), r.wise, &mut rng), false)
                        }
                    };
                    let line = Record { played, player: r.player.clone(), ..*r };
                    done.lock().expect("no panic").push((r.game, fast, line));
                }
            });
        }
    });
    let mut done = done.into_inner().expect("no panic");
    done.sort_by_key(|x| x.0);
    let mut f = std::io::BufWriter::new(std::fs::File::create(out).expect("OUT can be written"));
    for (_, _, line) in &done {
        writeln!(f, "{}", serde_json::to_string(line).expect("a record")).expect("written");
    }
    let fast = done.iter().filter(|x| x.1).count();
    eprintln!(
        "{} matches: {fast} replayed, {} played again in full",
        done.len(),
        done.len() - fast
    );
}

/// One solved turn of the `playouts` command: the match, the cards left, the chance shown,
/// the playouts won from there, and whether the match itself was won.
struct PlayedOut {
    game: u64,
    left: u32,
    shown: f64,
    won: usize,
    result: bool,
}

/// The `playouts` command (module docs): for each match, the solved turns shown in [lo, hi)
/// with the share of `n` playouts won from there, and whether the match itself was won.
fn playouts(seed: u64, wise: u8, nodes: u64, games: u64, range: (f64, f64), n: u64, threads: u64) {
    let lines = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for t in 0..threads {
            let lines = &lines;
            scope.spawn(move || {
                for game in (t..games).step_by(threads as usize) {
                    let mut rng = GameRng::new(seed, game);
                    let d = deal(&mut rng);
                    let mut turns = Vec::new();
                    let advised = |m: &Match, a: &Analysis| {
                        let Some(best) = a.moves.first() else { return };
                        let shown = best.value.win;
                        if !a.exact || shown < range.0 || shown >= range.1 {
                            return;
                        }
                        let mut from = m.clone();
                        let _ = from.place(best.slot, best.cell);
                        let left = m.board.cards_left();
                        let mut prng =
                            GameRng::new(seed ^ 0x9A1E_0075, game * 16 + u64::from(left));
                        // Solved: the moves are the same at any budget; the figures are not
                        // read, so they are not computed.
                        let won = (0..n)
                            .filter(|_| {
                                let played = play_on(
                                    from.clone(),
                                    Player::Adviser(Budget::Unlimited),
                                    wise,
                                    &mut prng,
                                    |mut s| {
                                        s.set_fixed_figures(false);
                                        s
                                    },
                                    |_, _| {},
                                );
                                played.result.outcome == Outcome::Win
                            })
                            .count();
                        turns.push((left, shown, won));
                    };
                    let start = Match::new(d.cards, d.blocks, d.first);
                    let adviser = Player::Adviser(Budget::Nodes(nodes));
                    let played = play_on(start, adviser, wise, &mut rng, |s| s, advised);
                    let result = played.result.outcome == Outcome::Win;
                    let mut lines = lines.lock().expect("no panic");
                    for (left, shown, won) in turns {
                        lines.push(PlayedOut { game, left, shown, won, result });
                    }
                }
            });
        }
    });
    let mut lines = lines.into_inner().expect("no panic");
    lines.sort_by_key(|x| (x.game, std::cmp::Reverse(x.left)));
    for x in &lines {
        println!("{} {} {:.6} {} {}", x.game, x.left, x.shown, x.won, u8::from(x.result));
    }
    let k = lines.len() as f64;
    let mean = |f: fn(&PlayedOut, u64) -> f64| lines.iter().map(|x| f(x, n)).sum::<f64>() / k;
    println!(
        "{} turns: shown {:.1} %, playouts won {:.1} %, the matches won {:.1} %",
        lines.len(),
        100.0 * mean(|x, _| x.shown),
        100.0 * mean(|x, n| x.won as f64 / n as f64),
        100.0 * mean(|x, _| f64::from(u8::from(x.result))),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["solve", file] => solve(file, 586),
        ["solve", file, games] => solve(file, games.parse().expect("a number of matches")),
        ["fit", file] => {
            let rows = read(file);
            print_params(&fit_all(&samples(&rows)), &rows);
        }
        ["check", file] => check(&read(file)),
        ["depth", file] => depth(&read(file)),
        ["sim", file, wise, nodes, games, which] => simulate(
            &read(file),
            wise.parse().expect("Wise 0..3"),
            nodes.parse().expect("nodes"),
            games.parse().expect("matches"),
            which,
        ),
        ["shown", file, wise, games] => {
            shown(file, wise.parse().expect("Wise 0..3"), games.parse().expect("matches"), 50_000)
        }
        ["shown", file, wise, games, nodes] => shown(
            file,
            wise.parse().expect("Wise 0..3"),
            games.parse().expect("matches"),
            nodes.parse().expect("nodes"),
        ),
        ["recalibrate", files @ ..] if !files.is_empty() => recalibrate(files),
        ["replay", records, out] => replay(records, out, 2),
        ["replay", records, out, threads] => {
            replay(records, out, threads.parse().expect("a number of threads"))
        }
        ["playouts", seed, wise, nodes, games, lo, hi, n, rest @ ..] if rest.len() <= 1 => {
            playouts(
                seed.parse().expect("a seed"),
                wise.parse().expect("Wise 0..3"),
                nodes.parse().expect("nodes"),
                games.parse().expect("matches"),
                (lo.parse().expect("a chance"), hi.parse().expect("a chance")),
                n.parse().expect("playouts"),
                rest.first().map_or(2, |t| t.parse().expect("a number of threads")),
            )
        }
        _ => eprintln!(
            "usage: fit_estimate solve FILE [GAMES] | fit FILE | check FILE | depth FILE | \
             sim FILE WISE NODES GAMES fitted|old|built-in | shown FILE WISE GAMES [NODES] | \
             recalibrate FILE... | replay RECORDS OUT [THREADS] | \
             playouts SEED WISE NODES GAMES LO HI PLAYOUTS [THREADS]"
        ),
    }
}
