//! See the `sowing-cli` crate (cli/src/selfplay): the tool, written once for any game.

fn main() {
    sowing_cli::selfplay::main()
}
