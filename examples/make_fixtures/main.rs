//! Writes the sample memory cards of `fixtures/` (run from the crate root):
//! `cargo run --example make_fixtures`. See `generate.rs` for how they are made.

mod generate;

fn main() -> std::io::Result<()> {
    std::fs::create_dir_all("fixtures")?;
    for (path, bytes) in generate::files() {
        std::fs::write(path, &bytes)?;
        println!("wrote {path} ({} bytes)", bytes.len());
    }
    Ok(())
}
