//! See the `sowing-cli` crate (cli/src/match_runner/): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::match_runner::main()
}
