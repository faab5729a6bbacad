//! See the `sowing-cli` crate (cli/src/engine/): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::engine::main()
}
