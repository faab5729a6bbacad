//! See the `sowing-cli` crate (cli/src/play): the tool, written once for any game.

fn main() {
    sowing_cli::play::main()
}
