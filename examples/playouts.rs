//! See the `sowing-cli` crate (cli/src/playouts): the tool, written once for any game.

fn main() -> std::process::ExitCode {
    sowing_cli::playouts::main()
}
