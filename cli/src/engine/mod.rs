//! `engine`: a player of the crate behind a line protocol over standard
//! input and output, after UCI as Aalina adapts it to Oware
//! (docs/PROTOCOL.md): `uci`, `isready`, `setoption`, `ucinewgame`,
//! `position`, `go`, `stop`, `quit`.
//!
//! The game is chosen at run time (`setoption name Variant value
//! sadeqa-iii`): one dispatch through [`Rules`](crate::Rules) makes an
//! `EngineState<R>`, held as a `Box<dyn EngineGame>`; everything after it
//! is generic code. A search runs on its own thread with a stop flag
//! (`sowing::bots::alphabeta::search_until`), so `stop` and `isready` are
//! answered while it runs.

pub(crate) mod state;

use crate::Games;
use clap::Parser;
use sowing::bots::{BotSpec, EvalKind};
use state::{EngineGame, Go, Out, Setup};
use std::ffi::OsString;
use std::io::BufRead;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// The default transposition table, in MiB.
const DEFAULT_HASH_MIB: u32 = 32;

/// The command line of `engine`.
#[derive(Parser, Debug)]
#[command(
    about = "A player of the crate behind a UCI-like line protocol on standard input and output (docs/PROTOCOL.md)"
)]
pub(crate) struct Args {
    /// The player: alphabeta, mcts, greedy, random, or a spec (alphabeta:8,
    /// mcts:2000, alphabeta:100ms, alphabeta:100ms:eval=tuned); its budget
    /// is the one `go` uses when it gives none, its evaluation the Eval
    /// option's default.
    #[arg(long, default_value = "alphabeta")]
    player: String,
    /// The game at the start (`setoption name Variant` changes it); default:
    /// the program's first.
    #[arg(long)]
    variant: Option<String>,
    /// The transposition table, in MiB (1 to 2048, as `setoption name Hash`).
    #[arg(long, default_value_t = DEFAULT_HASH_MIB, value_parser = clap::value_parser!(u32).range(1..=2048))]
    hash: u32,
    /// The seed of the random players and MCTS.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// `engine` for the built-in games.
pub fn main() -> ExitCode {
    main_with(&Games::built_in(), std::env::args_os())
}

/// `engine` for `games`: `args` as on the command line, the program's name
/// first. Reads commands from standard input until `quit` or its end.
pub fn main_with(games: &Games, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let args: Args = crate::games::parse_args(games, args, |c| c);
    let mut engine = match Engine::new(games.clone(), &args, Out::default()) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("engine: {e}");
            return ExitCode::from(2);
        }
    };
    let stdin = std::io::stdin();
    // Lines as bytes: one that is not UTF-8 text is read lossily and so
    // refused as an unknown command, as any other bad line, where
    // `lines()` would end the session at it.
    for line in stdin.lock().split(b'\n') {
        let Ok(line) = line else { break };
        if !engine.command(&String::from_utf8_lossy(&line)) {
            break;
        }
    }
    engine.stop_search();
    ExitCode::SUCCESS
}

/// The engine in process: the protocol's lines in, the engine's lines
/// out, as `engine` reads them from standard input and writes them to
/// standard output (for tests and the fuzzer, fuzz/fuzz_targets/engine_line.rs).
///
/// A `go` search runs on its own thread as in the program: its `info` and
/// `bestmove` lines come with a later command's lines, or with
/// [`Session::finish`]'s.
pub struct Session {
    engine: Engine,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Session {
    /// An engine for `games`, with `args` as on `engine`'s command line (the
    /// program's name first: `["engine", "--hash", "1"]`).
    ///
    /// # Errors
    /// The command line's error (clap's words, `--help` included), or a
    /// `--player` or `--variant` that is not known.
    pub fn new(
        games: &Games,
        args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
    ) -> Result<Session, String> {
        let args = <Args as clap::Parser>::try_parse_from(args).map_err(|e| e.to_string())?;
        let lines = Arc::new(Mutex::new(Vec::new()));
        let engine = Engine::new(games.clone(), &args, Out(Some(Arc::clone(&lines))))?;
        Ok(Session { engine, lines })
    }

    /// Handles one line of the protocol (without its line end). Returns
    /// whether the session goes on (`false` after `quit`) and the lines
    /// written since the last call.
    pub fn command(&mut self, line: &str) -> (bool, Vec<String>) {
        let more = self.engine.command(line);
        (more, self.take())
    }

    /// Stops a search that runs (as at the end of the input), waits for
    /// its `bestmove`, and returns the lines not yet handed back.
    pub fn finish(mut self) -> Vec<String> {
        self.engine.stop_search();
        self.take()
    }

    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.lines.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// The player behind the engine, as a spec reads.
fn read_player(text: &str) -> Result<BotSpec, String> {
    text.trim().parse::<BotSpec>().map_err(|e| e.to_string())
}

/// A search under way.
struct Searching {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
    infinite: bool,
}

/// The engine: the games it offers, the current one, its options.
struct Engine {
    games: Games,
    /// The game at the start (`--variant`, else the program's default):
    /// the Variant option's default that `uci` gives.
    start_variant: String,
    state: Box<dyn EngineGame>,
    setup: Setup,
    tablebase: Option<String>,
    search: Option<Searching>,
}

impl Engine {
    fn new(games: Games, args: &Args, out: Out) -> Result<Engine, String> {
        let player = read_player(&args.player).map_err(|e| format!("--player: {e}"))?;
        let name = args.variant.clone().unwrap_or_else(|| games.default_name());
        let rules = games.rules(&name).map_err(|e| format!("--variant: {e}"))?;
        let setup = Setup {
            player,
            hash_mib: args.hash,
            seed: args.seed,
            out,
        };
        let state = rules.erased().engine_state(&setup);
        Ok(Engine {
            games,
            start_variant: name,
            state,
            setup,
            tablebase: None,
            search: None,
        })
    }

    /// Waits for a search with a limit to end (its `bestmove` comes
    /// first); an error while an infinite one runs (it ends on `stop`).
    fn finish_search(&mut self) -> Result<(), String> {
        if self.search.as_ref().is_some_and(|s| s.infinite) {
            return Err("an infinite search is running (send stop first)".into());
        }
        if let Some(s) = self.search.take() {
            let _ = s.thread.join();
        }
        Ok(())
    }

    /// Stops the search, if one runs, and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(s) = self.search.take() {
            s.stop.store(true, Ordering::Relaxed);
            let _ = s.thread.join();
        }
    }

    /// Handles one line; `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return true;
        };
        let result = match first {
            "quit" => return false,
            "uci" => {
                self.uci();
                Ok(())
            }
            "isready" => {
                self.setup.out.say("readyok");
                Ok(())
            }
            "stop" => {
                self.stop_search();
                Ok(())
            }
            "debug" | "register" | "ponderhit" => Ok(()),
            "ucinewgame" => self.finish_search().map(|()| self.state.new_game()),
            "position" => self
                .finish_search()
                .and_then(|()| self.state.position(rest)),
            "go" => self.finish_search().and_then(|()| {
                Go::parse(rest).map(|go| {
                    let stop = Arc::new(AtomicBool::new(false));
                    if let Some(thread) = self.state.go(go, Arc::clone(&stop)) {
                        self.search = Some(Searching {
                            stop,
                            thread,
                            infinite: go.infinite,
                        });
                    }
                })
            }),
            "setoption" => self.finish_search().and_then(|()| self.set_option(rest)),
            _ => Err(format!(
                "unknown command {first:?} (expected uci, isready, setoption, ucinewgame, position, go, stop or quit)"
            )),
        };
        if let Err(e) = result {
            self.setup.out.say(&format!("info string error: {e}"));
        }
        true
    }

    fn uci(&self) {
        let say = |line: &str| self.setup.out.say(line);
        say(&format!("id name sowing {}", env!("CARGO_PKG_VERSION")));
        say("id author the sowing authors");
        say(&format!(
            "option name Variant type string default {}",
            self.start_variant
        ));
        say(&format!(
            "option name Player type string default {}",
            self.setup.player
        ));
        say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max 2048"
        ));
        say("option name Tablebase type string default <empty>");
        let eval = match self.setup.player {
            BotSpec::AlphaBeta(_, e) | BotSpec::Mcts(_, e) => e,
            _ => EvalKind::default(),
        };
        say(&format!(
            "option name Eval type combo default {eval} var auto var standard var tuned"
        ));
        say("uciok");
    }

    /// `setoption name <Name> [value <text>]`.
    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        if words.first() != Some(&"name") {
            return Err("setoption: expected setoption name <Name> value <value>".into());
        }
        let at = words.iter().position(|w| *w == "value");
        let name = words[1..at.unwrap_or(words.len())].join(" ");
        let value = at.map(|i| words[i + 1..].join(" ")).unwrap_or_default();
        match name.to_ascii_lowercase().as_str() {
            "variant" => {
                let rules = self
                    .games
                    .rules(value.trim())
                    .map_err(|e| format!("setoption Variant: {e}"))?;
                let mut state = rules.erased().engine_state(&self.setup);
                if let Some(dir) = &self.tablebase {
                    // The databases follow the game, when it has them there.
                    if let Err(e) = state.set_tablebase(Some(dir)) {
                        self.setup
                            .out
                            .say(&format!("info string error: {e}; no databases now"));
                        self.tablebase = None;
                    }
                }
                self.state = state;
                Ok(())
            }
            "player" => {
                let player = read_player(&value).map_err(|e| format!("setoption Player: {e}"))?;
                self.setup.player = player;
                self.state.set_player(player);
                Ok(())
            }
            "eval" => {
                let eval = value
                    .parse::<EvalKind>()
                    .map_err(|e| format!("setoption Eval: {e}"))?;
                let player = match self.setup.player {
                    BotSpec::AlphaBeta(budget, _) => BotSpec::AlphaBeta(budget, eval),
                    BotSpec::Mcts(budget, _) => BotSpec::Mcts(budget, eval),
                    other => {
                        return Err(format!(
                            "setoption Eval: the player {other} has no evaluation to choose (alphabeta and mcts have)"
                        ));
                    }
                };
                self.setup.player = player;
                self.state.set_player(player);
                Ok(())
            }
            "hash" => {
                let mib = value
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|m| (1..=2048).contains(m))
                    .ok_or_else(|| {
                        format!("setoption Hash: {value:?} is not a size in MiB from 1 to 2048")
                    })?;
                self.setup.hash_mib = mib;
                self.state.set_hash(mib);
                Ok(())
            }
            "tablebase" => {
                let dir = value.trim();
                if dir.is_empty() || dir == "<empty>" {
                    self.state.set_tablebase(None)?;
                    self.tablebase = None;
                } else {
                    self.state.set_tablebase(Some(dir))?;
                    self.tablebase = Some(dir.to_string());
                }
                Ok(())
            }
            _ => Err(format!(
                "setoption: unknown option {name:?} (expected Variant, Player, Eval, Hash or Tablebase)"
            )),
        }
    }
}

#[cfg(test)]
mod tests;
