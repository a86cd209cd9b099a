//! The page's work natively, for the benchmark's wasm-against-native ratio
//! (`web/scripts/bench.mjs` runs the same calls on the WebAssembly build): for one save file,
//! a fresh page, the file added (every save named: decoded and scored), the save's view
//! (decode, score, plan, render).
//!
//! `cargo run --release -p quadmist-web --example native_bench -- FILE SAVE ITERATIONS [report]`
//! prints the milliseconds per iteration, the best of seven rounds of ITERATIONS after as many
//! to warm up (with `report`: the report page instead of the view). The best round, not the
//! mean: the machine is shared, and other work only ever adds time.

use quadmist_web::Page;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("FILE");
    let save = args.next().unwrap_or_else(|| "1".into());
    let n: u32 = args.next().map_or(200, |s| s.parse().expect("ITERATIONS"));
    let report = args.next().is_some_and(|a| a == "report");
    let bytes = std::fs::read(&file).expect("readable file");
    let name = std::path::Path::new(&file).file_name().unwrap().to_string_lossy().into_owned();
    let once = || {
        let mut page = Page::new();
        page.give(&name, bytes.len() as f64, Some(bytes.clone()));
        page.answer(r#"{"kind":"add","files":[]}"#);
        let request = if report {
            format!(r#"{{"kind":"report","file":0,"save":"{save}"}}"#)
        } else {
            format!(r#"{{"kind":"show","hash":"f=0&s={save}"}}"#)
        };
        let answer = page.answer(&request);
        answer.len() + page.take_html().len()
    };
    // Warm-up, and a check that the view is there.
    assert!(once() > 10_000, "no view for {file} save {save}");
    let mut total = 0;
    for _ in 0..n {
        total += once();
    }
    let mut best = f64::INFINITY;
    for _ in 0..7 {
        let start = Instant::now();
        for _ in 0..n {
            total += once();
        }
        best = best.min(start.elapsed().as_secs_f64() * 1000.0 / f64::from(n));
    }
    println!(
        "{best:.4} ms per view (best of 7 rounds of {n}; {} bytes of answer each)",
        total / (8 * n as usize)
    );
}
