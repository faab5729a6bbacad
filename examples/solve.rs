//! See the `sowing-cli` crate (cli/src/solve): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::solve::main()
}
