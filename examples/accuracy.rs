//! See the `sowing-cli` crate (cli/src/accuracy/): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::accuracy::main()
}
