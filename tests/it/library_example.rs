//! The library's example (`examples/score.rs`, shown on the crate's page) runs and holds.

#[path = "../../examples/score.rs"]
mod score;

#[test]
fn the_crate_pages_example_runs() {
    score::main().unwrap();
}
