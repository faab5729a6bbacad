//! See the `sowing-cli` crate (cli/src/play): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::play::main()
}
