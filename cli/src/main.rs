//! `sowing`: every tool of the engine for the built-in games, as one
//! program with subcommands (`sowing play`, `sowing serve`, `sowing
//! tablebase build`, ...; `sowing --help` lists them). Installed with
//! `cargo install --path cli` from a checkout (docs/TOOLS.md "Install").
//! The examples (`cargo run --release --example play`) run the same code.

fn main() -> std::process::ExitCode {
    sowing_cli::run(sowing_cli::Games::built_in())
}
