//! The adviser's search against the times a player can wait for at the table:
//!
//! | case | target |
//! |---|---|
//! | 6 cards left, game AI Wise 3, solved exactly | ≤ 100 ms |
//! | 6 cards left, game AI Wise 0, 1, 2, solved exactly | ≤ 1 s |
//! | 6 cards left, worst-case opponent, solved exactly | ≤ 1 s |
//! | 8 cards left, game AI Wise 3, solved exactly | ≤ 2 s |
//! | the opening (10 left), game AI Wise 3, 1 s budget | the budget is kept |
//!
//! "Solved": the best move and its figures, exact (`Searcher::set_top(1)`: the other moves
//! are only proved no better). Three more cases rank every move exactly (`advise` without a
//! limit), the work the search did before `set_top` existed.
//!
//! Positions (fixed): for each case, the first deals `sim::random_position(seed, left)` gives
//! for seeds 0, 1, 2, … with the player to move and exactly `left` cards left (a seeded deal as
//! the game sets a match up, played forward with uniformly random moves, targets and battle
//! outcomes): 8 positions with 6 left, 4 with 8 left, 3 openings. Goal: win.
//!
//! Two parts. First a report (always printed to stderr): each position solved on its own from
//! an empty transposition table, best of `QUADMIST_BENCH_RUNS` runs (default 3); per case the
//! median and the worst time over its positions, wall clock and this thread's CPU time (the
//! latter holds on a loaded machine), and positions per second (placement nodes / wall time);
//! for the opening the time taken and the depth reached. `QUADMIST_BENCH_VERBOSE` lists every
//! position; `QUADMIST_BENCH_CASE=name;name` runs only those cases. Then
//! criterion, one benchmark per case solving the whole set (skipped when `QUADMIST_BENCH_REPORT`
//! is set, for a quick report, e.g. under callgrind).

//! Measured on this project's 2-core machine, shared (load average 6–8, so wall times are
//! inflated; CPU time is this thread's): before = commit a515b17 (every move ranked, one run),
//! after = commit d4fc95b (best of 3 runs). Median / worst over the positions, milliseconds.
//!
//! | case | before, wall | after, wall | after, CPU | ratio (wall, median / worst) |
//! |---|---|---|---|---|
//! | 6 left, Wise 3 | 121 / 200 | 7.2 / 22 | 4.5 / 18 | 17× / 9× |
//! | 6 left, Wise 2 | 368 / 3842 | 39 / 887 | 30 / 611 | 9× / 4.3× |
//! | 6 left, Wise 1 | 444 / 3762 | 29 / 674 | 25 / 472 | 15× / 5.6× |
//! | 6 left, Wise 0 | 359 / 3648 | 51 / 717 | 37 / 598 | 7× / 5.1× |
//! | 6 left, worst | 109 / 247 | 3.8 / 69 | 3.8 / 60 | 29× / 3.6× |
//! | 8 left, Wise 3 | 1186 / 4194 | 174 / 940 | 169 / 920 | 6.8× / 4.5× |
//! | opening, 1 s budget | 1071 / 1174, depth 5 | 1000.2 / 1000.3, depth 5–6 (†) | 942 / 979 | |
//! | 6 left, Wise 3, all moves | 121 / 200 | 9.9 / 53 | 9.9 / 51 | 12× / 3.8× |
//! | 6 left, Wise 1, all moves | 444 / 3762 | 111 / 2196 | 107 / 1889 | 4× / 1.7× |
//! | 6 left, worst, all moves | 109 / 247 | 18 / 122 | 12 / 81 | 6× / 2× |
//!
//! (†) with the table of a timed search capped at 2^18 entries (before that cap: 1008 / 1009).
//!
//! Positions per second (placement nodes / wall time): before 0.16–0.69 million, after
//! 0.34–1.5 million (the cheap Wise 3 positions are dominated by setting up the search).

use criterion::{black_box, Criterion};
use quadmist::game::engine::Match;
use quadmist::game::search::{Analysis, Goal, Opponent, Searcher};
use quadmist::game::sim::random_position;
use std::time::{Duration, Instant};

/// The positions of a case: (seed, position).
fn positions(left: u32, n: usize) -> Vec<(u64, Match)> {
    (0..10_000u64)
        .filter_map(|s| random_position(s, left).map(|m| (s, m)))
        .filter(|(_, m)| m.board.cards_left() == left)
        .take(n)
        .collect()
}

fn solve(m: &Match, case: &Case) -> Analysis {
    let mut s = Searcher::new(&m.cards, case.opp, Goal::Win, 20);
    s.set_top(case.top);
    s.analyse(black_box(&m.board), case.budget)
}

struct Case {
    name: &'static str,
    opp: Opponent,
    left: u32,
    budget: Option<Duration>,
    /// Root moves ranked exactly (1: the best move and its figures; `usize::MAX`: every move).
    top: usize,
}

const ALL: usize = usize::MAX;

const CASES: [Case; 10] = [
    Case { name: "6 left, wise 3", opp: Opponent::Game(3), left: 6, budget: None, top: 1 },
    Case { name: "6 left, wise 2", opp: Opponent::Game(2), left: 6, budget: None, top: 1 },
    Case { name: "6 left, wise 1", opp: Opponent::Game(1), left: 6, budget: None, top: 1 },
    Case { name: "6 left, wise 0", opp: Opponent::Game(0), left: 6, budget: None, top: 1 },
    Case { name: "6 left, worst", opp: Opponent::Worst, left: 6, budget: None, top: 1 },
    Case { name: "8 left, wise 3", opp: Opponent::Game(3), left: 8, budget: None, top: 1 },
    Case {
        name: "opening, wise 3, 1 s budget",
        opp: Opponent::Game(3),
        left: 10,
        budget: Some(Duration::from_secs(1)),
        top: 1,
    },
    Case {
        name: "6 left, wise 3, all moves",
        opp: Opponent::Game(3),
        left: 6,
        budget: None,
        top: ALL,
    },
    Case {
        name: "6 left, wise 1, all moves",
        opp: Opponent::Game(1),
        left: 6,
        budget: None,
        top: ALL,
    },
    Case {
        name: "6 left, worst, all moves",
        opp: Opponent::Worst,
        left: 6,
        budget: None,
        top: ALL,
    },
];

fn set_size(left: u32) -> usize {
    match left {
        6 => 8,
        8 => 4,
        _ => 3,
    }
}

/// CPU time of this thread, in seconds: what the search costs whatever else the machine runs.
fn cpu_time() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid pointer to a timespec; the clock id is a constant the OS defines.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn report(case: &Case, set: &[(u64, Match)], runs: usize) {
    let mut times = Vec::new();
    let mut cpu = Vec::new();
    let (mut nodes, mut total) = (0u64, 0.0);
    let mut depths = Vec::new();
    for (seed, m) in set {
        let mut best = f64::INFINITY;
        let mut best_cpu = f64::INFINITY;
        let mut position_nodes = 0;
        for _ in 0..runs {
            let (t, c) = (Instant::now(), cpu_time());
            let a = solve(m, case);
            let dt = t.elapsed().as_secs_f64();
            best_cpu = best_cpu.min(cpu_time() - c);
            assert!(case.budget.is_some() || a.exact, "{}: not solved", case.name);
            best = best.min(dt);
            nodes += a.nodes;
            position_nodes = a.nodes;
            total += dt;
            depths.push(a.depth);
        }
        if std::env::var_os("QUADMIST_BENCH_VERBOSE").is_some() {
            eprintln!(
                "  seed {seed}: {:.1} ms ({:.1} ms CPU), {position_nodes} nodes",
                1000.0 * best,
                1000.0 * best_cpu
            );
        }
        times.push(best);
        cpu.push(best_cpu);
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let worst = sorted[sorted.len() - 1];
    cpu.sort_by(f64::total_cmp);
    let (cpu_median, cpu_worst) = (cpu[cpu.len() / 2], cpu[cpu.len() - 1]);
    let seeds: Vec<u64> = set.iter().map(|p| p.0).collect();
    eprintln!(
        "{}: {} positions (seeds {seeds:?}), median {:.1} ms, worst {:.1} ms; CPU: median {:.1} \
         ms, worst {:.1} ms; {:.0} positions/s (wall)",
        case.name,
        set.len(),
        1000.0 * median,
        1000.0 * worst,
        1000.0 * cpu_median,
        1000.0 * cpu_worst,
        nodes as f64 / total
    );
    if case.budget.is_some() {
        eprintln!("  {}: depths reached {depths:?}", case.name);
    }
}

fn main() {
    let runs = std::env::var("QUADMIST_BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let only = std::env::var("QUADMIST_BENCH_CASE").ok();
    // QUADMIST_BENCH_CASE: case names separated by ';' (exact), or all cases.
    let cases: Vec<&Case> = CASES
        .iter()
        .filter(|c| only.as_deref().is_none_or(|o| o.split(';').any(|n| n == c.name)))
        .collect();
    let sets: Vec<Vec<(u64, Match)>> =
        cases.iter().map(|c| positions(c.left, set_size(c.left))).collect();
    for (case, set) in cases.iter().zip(&sets) {
        report(case, set, runs);
    }
    if std::env::var_os("QUADMIST_BENCH_REPORT").is_some() {
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("search");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(10))
        .warm_up_time(Duration::from_secs(1));
    for (case, set) in cases.iter().zip(&sets) {
        g.bench_function(case.name, |b| {
            b.iter(|| set.iter().map(|(_, m)| solve(m, case).nodes).sum::<u64>())
        });
    }
    g.finish();
    c.final_summary();
}
