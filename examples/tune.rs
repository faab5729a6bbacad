//! See the `sowing-cli` crate (cli/src/tune/): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::tune::main()
}
