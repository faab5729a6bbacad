//! A web board for every game: `cargo run --release --example serve`, then
//! open the address it prints. The page (HTML, CSS, JavaScript) is served
//! by the program itself and works offline; the engine runs on the server
//! behind a JSON API (see docs/WEB.md and docs/API.md). One server hosts
//! games of all the program's [`Games`] at once; a crate that defines a
//! game serves it with [`main_with`] (`Games::from([MyGame::default()])`).
//!
//! Modules, the front (above the games' registry, `crate::games`): this
//! one (the command line), `api` (routes, JSON: the request bodies, the
//! endpoints), `setup` (a game chosen by its name: a new game, one read
//! back, one at a ply), `catalogue` (the games the page offers), `assets`
//! (the page), `rules` (each game's "How to play" page, from the rule
//! book), `connections` (the accept loop, its time limit on headers),
//! `trim` (freed memory given back to the system). Below the registry,
//! written once over `R: Ruleset` or naming no game at all, the modules
//! the registry's entry point `new_served_game` reaches: `game` (a game
//! on the server, `game::GameState`, and what the API does with it,
//! `game::ServedGame`), `turn` (a turn's legality, the proofs of its
//! undecided moves), `view` (the JSON views of a game and of a move's
//! events), `databases` (the endgame databases, for the hint), `players`
//! (player names to computer players), `prover` (endless-sowing proofs off
//! the request threads), `store` (the games: bounded in memory, kept in
//! the games file), `saved` (the games file: SQLite), `error` (the API's
//! refusals); from the crate, the words shared with the terminal game
//! (`describe`, `narrate`, `tally`).

mod api;
mod assets;
mod catalogue;
mod connections;
mod databases;
pub(crate) mod error;
pub(crate) mod game;
mod players;
mod prover;
mod rules;
mod saved;
mod setup;
mod store;
mod trim;
mod turn;
mod view;

use crate::{Games, describe};
use clap::Parser;
use std::ffi::OsString;
use std::process::ExitCode;

/// Serve a web board for the two-row mancala games of Ethiopia and Eritrea.
#[derive(Parser, Debug)]
#[command(version)]
pub(crate) struct Args {
    /// Port on 127.0.0.1 (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,

    /// The games file (SQLite): every game, in progress or over, is kept
    /// there and read back after a restart. One server a file.
    #[arg(long, value_name = "FILE", default_value = DEFAULT_DATA)]
    data: std::path::PathBuf,

    /// Keep the games in memory only: a restart loses them (no games file).
    #[arg(long, conflicts_with = "data")]
    memory: bool,

    /// Games kept in memory; beyond it the least recently used is dropped
    /// (and read back from the games file when asked for again).
    #[arg(long, default_value_t = 1000, value_parser = describe::at_least_one)]
    max_games: usize,

    /// Largest request body accepted, in bytes.
    #[arg(long, default_value_t = 64 * 1024)]
    max_body: usize,

    /// Seconds a client may take to send a request's headers (then the
    /// connection is closed), and again its body (then 408).
    #[arg(long, value_name = "SECONDS", default_value_t = api::REQUEST_TIME.as_secs_f64(),
          value_parser = seconds)]
    request_timeout: f64,

    /// Threads proving endless sowings.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    provers: u64,

    /// The endgame databases' directory (built by the `tablebase`
    /// example): where they hold a game's position, the hint says whether
    /// each move wins, draws or loses, and by how much.
    #[arg(long, value_name = "DIR")]
    tablebase: Option<std::path::PathBuf>,
}

/// The web board's routes for `games`, their games kept in memory (at most
/// `max_games`, the least recently used dropped), request bodies bounded
/// to `max_body` bytes, one thread proving endless sowings: the API called
/// in process, without a listener, as a tower service (tests, and the
/// fuzzer, fuzz/fuzz_targets/web_api.rs).
pub fn router_in_memory(games: &Games, max_games: usize, max_body: usize) -> axum::Router {
    api::router(api::App::new(games.clone(), max_games, 1, None), max_body)
}

/// The games file's name when `--data` is not given, in the working
/// directory.
pub const DEFAULT_DATA: &str = "sowing-games.sqlite3";

/// A time from 0.01 s to a day.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.01..=86_400.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "expected seconds from 0.01 to 86400, found {text:?}"
        )),
    }
}

/// The web board for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// The web board for `games` (the first is the page's default), with the
/// command line `args` (the first is the program's name). Serves until the
/// process ends; returns only on an error.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let args: Args = crate::games::parse_args(games, args, |c| c);
    if let Some(dir) = &args.tablebase
        && !dir.is_dir()
    {
        eprintln!("serve: --tablebase {}: not a directory", dir.display());
        return ExitCode::from(2);
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(blocking_threads(cores))
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("serve: cannot start the server's threads: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(serve(games.clone(), args))
}

/// The threads that run the engine's work (tokio's blocking pool) on a
/// machine of `cores`: twice the cores, at least four. The work is mostly
/// computation, so more threads than that only wait their turn, and each
/// costs memory that stays: its stack, and glibc's malloc cache of freed
/// blocks for it, which keeps them from other threads and from being
/// merged. Tokio's default (512) gave the soak's 50 clients 50 threads, and
/// the server's heap grew over 1,000 games to some three times what was in
/// use (docs/WEB.md). A request waits for a thread before it locks its game.
fn blocking_threads(cores: usize) -> usize {
    (2 * cores).max(4)
}

async fn serve(games: Games, args: Args) -> ExitCode {
    if let Some(dir) = &args.tablebase {
        println!(
            "sowing: the hint reads the endgame databases in {} (each game's ruleset and options, where its files are there)",
            dir.display()
        );
    }
    let store = if args.memory {
        println!("sowing: games kept in memory only (--memory): a restart loses them");
        store::Store::new(args.max_games)
    } else {
        match saved::SavedGames::open(&args.data) {
            Ok(file) => {
                let count = file.count().unwrap_or(0);
                println!(
                    "sowing: games kept in {} ({count} there; --data FILE for another, --memory for none)",
                    args.data.display()
                );
                store::Store::on_file(args.max_games, file)
            }
            Err(e) => {
                eprintln!("serve: --data {e}");
                return ExitCode::from(2);
            }
        }
    };
    let app = api::App::with_store(
        games,
        store,
        args.provers as usize,
        args.tablebase,
        std::time::Duration::from_secs_f64(args.request_timeout),
    );
    let router = api::router(app, args.max_body).layer(axum::middleware::map_request(
        |request: axum::extract::Request| async move {
            trim::note_request();
            request
        },
    ));
    tokio::spawn(trim::trim_while_busy(trim::PERIOD));
    let listener = match tokio::net::TcpListener::bind(("127.0.0.1", args.port)).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("serve: cannot listen on 127.0.0.1:{}: {e}", args.port);
            return ExitCode::from(2);
        }
    };
    match listener.local_addr() {
        Ok(addr) => println!("sowing: serving the board on http://{addr}/"),
        Err(e) => println!("sowing: serving (address unknown: {e})"),
    }
    connections::serve(
        listener,
        router,
        std::time::Duration::from_secs_f64(args.request_timeout),
    )
    .await;
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::blocking_threads;

    /// The engine's threads are bounded by the machine, not by the clients
    /// (the soak's heap, docs/WEB.md).
    #[test]
    fn blocking_threads_follow_the_cores() {
        assert_eq!(blocking_threads(1), 4);
        assert_eq!(blocking_threads(2), 4);
        assert_eq!(blocking_threads(16), 32);
    }
}
