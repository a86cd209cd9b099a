//! The `quadmist` command: a thin shell over [`quadmist::cli`].

fn main() -> std::process::ExitCode {
    quadmist::cli::main()
}
