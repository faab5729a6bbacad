//! See the `sowing-cli` crate (cli/src/serve): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::serve::main()
}
