//! Every tool of the `sowing` engine for Oware, through the tools crate:
//!
//! ```text
//! cargo run --release -p oware -- play --north alphabeta
//! cargo run --release -p oware -- analyse --position "oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"
//! cargo run --release -p oware -- solve --position "oware 0,0,0,0,1,2/1,0,0,0,0,1 S 20-23"
//! cargo run --release -p oware -- tablebase build --max-seeds 12 --dir oware-tb
//! cargo run --release -p oware -- serve
//! ```

fn main() -> std::process::ExitCode {
    sowing_cli::run([oware::Oware])
}
