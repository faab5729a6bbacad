//! See the `sowing-cli` crate (cli/src/selfplay): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::selfplay::main()
}
