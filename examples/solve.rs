//! See the `sowing-cli` crate (cli/src/solve): the tool, written once for any game.

fn main() {
    sowing_cli::solve::main()
}
