//! See the `sowing-cli` crate (cli/src/solve_boards): the built-in games solved on small boards.

fn main() -> std::process::ExitCode {
    sowing_cli::solve_boards::main()
}
