//! The adviser's search natively on the positions of `benches/game.rs`, against the game's AI at
//! Wise 3: 6 cards left (the first 8) and 8 left (the first 4) solved exactly, and the opening
//! (10 left, the first 4) cut at 300,000 positions each, its leaves scored by the estimate. The
//! baseline for the same search in WebAssembly (`web/scripts/bench-play.mjs` runs both and gives
//! the ratio). Prints `left nodes positions milliseconds` per case (`nodes` 0: to the end), best
//! of `RUNS` (default 3).
//!
//! Run: `cargo run --profile dist -p quadmist-web --example search_speed` (as shipped).

/// The cases: cards left, positions, the budget in positions (0: to the end).
pub const CASES: [(u32, usize, u64); 3] = [(6, 8, 0), (8, 4, 0), (10, 4, 300_000)];

fn main() {
    let runs: usize = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(3);
    for (left, count, nodes) in CASES {
        let best = (0..runs)
            .map(|_| quadmist_web::play::search_speed(left, count, nodes))
            .min_by(|a, b| a[1].total_cmp(&b[1]))
            .unwrap_or_default();
        println!("{left} {nodes} {} {}", best[0], best[1]);
    }
}
