//! See the `sowing-cli` crate (cli/src/tablebase): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::tablebase::main()
}
