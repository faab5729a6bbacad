//! See the `sowing-cli` crate (cli/src/replay): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::replay::main()
}
