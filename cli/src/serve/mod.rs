//! A web board for every game: `cargo run --release --example serve`, then
//! open the address it prints. The page (HTML, CSS, JavaScript) is served
//! by this example itself and works offline; the engine runs on the server
//! behind a JSON API (see docs/WEB.md and docs/API.md).
//!
//! Modules: `api` (routes, JSON), `engine` (every call into `sowing`),
//! `players` (player names to computer players), `prover` (endless-sowing
//! proofs off the request threads), `store` (the bounded games in memory),
//! `assets` (the page), `rules` (each game's "How to play" page, from
//! the rule book), `error` (the API's refusals); from
//! `examples/common/`, the words shared with the terminal game (`describe`,
//! `narrate`, `tally`).

mod api;
mod assets;
mod engine;
mod error;
mod players;
mod prover;
mod rules;
mod store;

use crate::describe;
use clap::Parser;

/// Serve a web board for the two-row mancala games of Ethiopia and Eritrea.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Port on 127.0.0.1 (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,

    /// Games kept in memory; beyond it the least recently used is dropped.
    #[arg(long, default_value_t = 1000, value_parser = describe::at_least_one)]
    max_games: usize,

    /// Largest request body accepted, in bytes.
    #[arg(long, default_value_t = 64 * 1024)]
    max_body: usize,

    /// Threads proving endless sowings.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    provers: u64,

    /// The endgame databases' directory (built by the `tablebase`
    /// example): where they hold a game's position, the hint says whether
    /// each move wins, draws or loses, and by how much.
    #[arg(long, value_name = "DIR")]
    tablebase: Option<std::path::PathBuf>,
}

#[tokio::main]
pub async fn main() {
    let args = Args::parse();
    if let Some(dir) = &args.tablebase
        && !dir.is_dir()
    {
        eprintln!("serve: --tablebase {}: not a directory", dir.display());
        std::process::exit(2);
    }
    if let Some(dir) = &args.tablebase {
        println!(
            "sowing: the hint reads the endgame databases in {} (each game's ruleset and options, where its files are there)",
            dir.display()
        );
    }
    let app = api::App::new(args.max_games, args.provers as usize, args.tablebase);
    let router = api::router(app, args.max_body);
    let listener = match tokio::net::TcpListener::bind(("127.0.0.1", args.port)).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("serve: cannot listen on 127.0.0.1:{}: {e}", args.port);
            std::process::exit(2);
        }
    };
    match listener.local_addr() {
        Ok(addr) => println!("sowing: serving the board on http://{addr}/"),
        Err(e) => println!("sowing: serving (address unknown: {e})"),
    }
    if let Err(e) = axum::serve(listener, router).await {
        eprintln!("serve: {e}");
        std::process::exit(1);
    }
}
