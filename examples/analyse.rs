//! See the `sowing-cli` crate (cli/src/analyse): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::analyse::main()
}
