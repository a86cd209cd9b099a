//! The adviser's search (tetra-master-match; issue targets: ≤ 6 cards left solved exactly in
//! ≤ 100 ms against the game AI at Wise 3 and ≤ 1 s at Wise 0–2 or against the worst case;
//! ≤ 8 cards left at Wise 3 in ≤ 2 s; an opening move within a 1 s budget).
//!
//! Positions: random deals played at random to the given number of cards left, me to move
//! (`sim::random_position`, seeds fixed). Each iteration solves every position of its set from
//! an empty transposition table. Baseline for the ratio: the same search with the table and all
//! pruning off (`Searcher::set_plain`), on the 6-card sets. Positions per second: printed once
//! per set as placement nodes / time.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use quadmist::game::engine::Match;
use quadmist::game::search::{Goal, Opponent, Searcher};
use quadmist::game::sim::random_position;
use std::time::{Duration, Instant};

fn positions(left: u32, n: usize) -> Vec<Match> {
    (0..10_000u64)
        .filter_map(|s| random_position(s, left))
        .filter(|m| m.board.cards_left() == left)
        .take(n)
        .collect()
}

fn solve(set: &[Match], opp: Opponent, plain: bool) -> u64 {
    let mut nodes = 0;
    for m in set {
        let mut s = Searcher::new(&m.cards, opp, Goal::Win, 20);
        s.set_plain(plain);
        let a = s.analyse(black_box(&m.board), None);
        assert!(a.exact);
        nodes += a.nodes;
    }
    nodes
}

fn report(name: &str, set: &[Match], opp: Opponent, plain: bool) {
    let t = Instant::now();
    let nodes = solve(set, opp, plain);
    let dt = t.elapsed().as_secs_f64();
    eprintln!(
        "{name}: {} positions, {:.1} ms each, {nodes} nodes, {:.0} positions/s",
        set.len(),
        1000.0 * dt / set.len() as f64,
        nodes as f64 / dt
    );
}

fn bench(c: &mut Criterion) {
    let six = positions(6, 8);
    let eight = positions(8, 3);
    let ten = positions(10, 3);
    let mut g = c.benchmark_group("search");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(10))
        .warm_up_time(Duration::from_secs(1));
    for (name, opp) in [
        ("6 left, wise 3", Opponent::Game(3)),
        ("6 left, wise 1", Opponent::Game(1)),
        ("6 left, worst", Opponent::Worst),
    ] {
        report(name, &six, opp, false);
        g.bench_function(name, |b| b.iter(|| solve(&six, opp, false)));
    }
    for (name, opp) in
        [("6 left, wise 3, plain", Opponent::Game(3)), ("6 left, worst, plain", Opponent::Worst)]
    {
        report(name, &six, opp, true);
        g.bench_function(name, |b| b.iter(|| solve(&six, opp, true)));
    }
    report("8 left, wise 3", &eight, Opponent::Game(3), false);
    g.bench_function("8 left, wise 3", |b| b.iter(|| solve(&eight, Opponent::Game(3), false)));
    g.bench_function("opening, 1 s budget", |b| {
        b.iter(|| {
            let m = &ten[0];
            let mut s = Searcher::new(&m.cards, Opponent::Game(3), Goal::Win, 20);
            let a = s.analyse(&m.board, Some(Duration::from_secs(1)));
            eprintln!("opening: depth {} in 1 s, {} nodes", a.depth, a.nodes);
            a.depth
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
