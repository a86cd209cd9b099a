//! The adviser's search natively on the positions of `benches/game.rs` (6 cards left: the
//! first 8; 8 left: the first 4), solved exactly against the game's AI at Wise 3: the baseline
//! for the same search in WebAssembly (`web/scripts/bench-play.mjs` runs both and gives the
//! ratio). Prints `left positions milliseconds` per case, best of `RUNS` (default 3).
//!
//! Run: `cargo run --profile dist -p quadmist-web --example search_speed` (as shipped).

fn main() {
    let runs: usize = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(3);
    for (left, count) in [(6, 8), (8, 4)] {
        let best = (0..runs)
            .map(|_| quadmist_web::play::search_speed(left, count))
            .min_by(|a, b| a[1].total_cmp(&b[1]))
            .unwrap_or_default();
        println!("{left} {} {}", best[0], best[1]);
    }
}
