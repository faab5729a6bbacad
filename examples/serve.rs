//! See the `sowing-cli` crate (cli/src/serve): the tool, written once for any game.

fn main() {
    sowing_cli::serve::main()
}
