//! See the `sowing-cli` crate (cli/src/analyse): the tool, written once for any game.

fn main() {
    sowing_cli::analyse::main()
}
