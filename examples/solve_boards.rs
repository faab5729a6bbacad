//! See the `sowing-cli` crate (cli/src/solve_boards): the tool, written once for any game.

fn main() {
    sowing_cli::solve_boards::main()
}
