//! `engine`: a player of the crate behind a line protocol over standard
//! input and output, after UCI as Aalina adapts it to Oware
//! (docs/PROTOCOL.md): `uci`, `isready`, `setoption`, `ucinewgame`,
//! `position`, `go`, `stop`, `quit`.
//!
//! The game is chosen at run time (`setoption name Variant value
//! sadeqa-iii`): one dispatch through [`Rules`] makes an
//! `EngineState<R>`, held as a `Box<dyn EngineGame>`; everything after it
//! is generic code. A search runs on its own thread with a stop flag
//! (`sowing::bots::alphabeta::search_until`), so `stop` and `isready` are
//! answered while it runs.

use crate::Games;
use clap::Parser;
use sowing::bots::alphabeta::{Budget, MAX_DEPTH, SearchReport, Table, search_until};
use sowing::bots::{
    AutoEval, BotSpec, EvalKind, Evaluation, Mcts, MctsBudget, StandardEval, TablebaseEval,
    TunedEval,
};
use sowing::tablebase::Tablebase;
use sowing::{Game, Move, MoveSet, ParsePositionError, Position, Ruleset};
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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

/// Where the engine's lines go: standard output (the program), or a list
/// a [`Session`] hands back. The search thread writes through a clone.
#[derive(Clone, Default)]
pub(crate) struct Out(Option<Arc<Mutex<Vec<String>>>>);

impl Out {
    /// Writes one line of the protocol (flushed: the other side waits for
    /// it).
    fn say(&self, line: &str) {
        match &self.0 {
            None => {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            }
            Some(lines) => lines
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(line.to_string()),
        }
    }
}

/// The player behind the engine, as a spec reads.
fn read_player(text: &str) -> Result<BotSpec, String> {
    text.trim().parse::<BotSpec>().map_err(|e| e.to_string())
}

/// What `go` asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Go {
    depth: Option<u8>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    /// Each side's clock and increment in ms: South's, North's.
    clock: [Option<u64>; 2],
    inc: [u64; 2],
    infinite: bool,
}

impl Go {
    fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            if key == "infinite" {
                go.infinite = true;
                i += 1;
                continue;
            }
            let value = words
                .get(i + 1)
                .ok_or_else(|| format!("go {key}: a number is missing"))?;
            let number = value
                .parse::<u64>()
                .map_err(|_| format!("go {key}: {value:?} is not a whole number"))?;
            match key {
                "depth" => {
                    if number == 0 || number > u64::from(MAX_DEPTH) {
                        return Err(format!("go depth: {number} is not in 1..={MAX_DEPTH}"));
                    }
                    go.depth = Some(number as u8);
                }
                "nodes" => go.nodes = Some(number.max(1)),
                "movetime" => go.movetime = Some(number),
                "wtime" => go.clock[0] = Some(number),
                "btime" => go.clock[1] = Some(number),
                "winc" => go.inc[0] = number,
                "binc" => go.inc[1] = number,
                "movestogo" => {}
                _ => {
                    return Err(format!(
                        "go: unknown word {key:?} (expected depth, nodes, movetime, wtime, btime, winc, binc, movestogo or infinite)"
                    ));
                }
            }
            i += 2;
        }
        Ok(go)
    }

    /// The time to spend on a move for the side `side` (0 South, 1 North),
    /// if `go` gives one: `movetime`, else a share of the clock (a
    /// thirtieth of what is left plus most of the increment, never more
    /// than half of what is left).
    fn time_for(&self, side: usize) -> Option<Duration> {
        if let Some(ms) = self.movetime {
            return Some(Duration::from_millis(ms.max(1)));
        }
        let left = self.clock[side]?;
        let inc = self.inc[side];
        let share = (left / 30 + inc * 4 / 5).min(left / 2).max(1);
        Some(Duration::from_millis(share))
    }
}

/// The engine's state of one game: the position (a game, for its
/// repetition rule), the player, the table, the databases.
pub(crate) trait EngineGame: Send {
    /// `position startpos|fen <string> [moves ...]`, the words after
    /// `position`. Unchanged on an error.
    fn position(&mut self, words: &[&str]) -> Result<(), String>;
    /// `ucinewgame`: the start position, an empty table.
    fn new_game(&mut self);
    /// `setoption name Hash`.
    fn set_hash(&mut self, mib: u32);
    /// `setoption name Tablebase`; `None` closes them.
    fn set_tablebase(&mut self, dir: Option<&str>) -> Result<(), String>;
    /// `setoption name Player`.
    fn set_player(&mut self, player: BotSpec);
    /// Starts the search `go` asks on its own thread, which prints its
    /// `info` and `bestmove` lines; or prints `bestmove none` at once when
    /// the game is over (then `None`).
    fn go(&mut self, go: Go, stop: Arc<AtomicBool>) -> Option<JoinHandle<()>>;
}

/// What `engine` needs to make a game's state (one `Erased` call).
pub(crate) struct Setup {
    pub(crate) player: BotSpec,
    pub(crate) hash_mib: u32,
    pub(crate) seed: u64,
    pub(crate) out: Out,
}

/// The table bits for `mib` MiB of 128-byte entries.
fn table_bits(mib: u32) -> u8 {
    let entries = (u64::from(mib.max(1)) << 20) / 128;
    (63 - entries.max(16).leading_zeros()) as u8
}

/// [`EngineGame`] for ruleset `R`.
pub(crate) struct EngineState<R: Ruleset> {
    rules: R,
    game: Game<R>,
    player: BotSpec,
    table: Arc<Mutex<Table<R>>>,
    tablebase: Option<Arc<Tablebase<R>>>,
    seed: u64,
    searches: u64,
    out: Out,
}

impl<R: Ruleset> EngineState<R> {
    /// Empties the transposition table.
    fn clear_table(&mut self) {
        if let Ok(mut t) = self.table.lock() {
            t.clear();
        }
    }
}

/// A new engine state of `rules` (the one dispatch point calls this).
pub(crate) fn state<R: Ruleset>(rules: R, setup: &Setup) -> Box<dyn EngineGame> {
    Box::new(EngineState {
        rules,
        game: Game::new(Position::new(rules)),
        player: setup.player,
        table: Arc::new(Mutex::new(Table::new(table_bits(setup.hash_mib)))),
        tablebase: None,
        seed: setup.seed,
        searches: 0,
        out: setup.out.clone(),
    })
}

impl<R: Ruleset> EngineGame for EngineState<R> {
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let (start, rest): (Position<R>, &[&str]) = match words.first() {
            Some(&"startpos") => (Position::new(self.rules), &words[1..]),
            Some(&"fen") => {
                let end = words
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(words.len());
                let text = words[1..end].join(" ");
                if text.is_empty() {
                    return Err("position fen: the position string is missing".into());
                }
                let pos = text.parse::<Position<R>>().map_err(|e| match e {
                    // Most often a position of another game than the
                    // Variant chosen: say so, not just "unknown".
                    ParsePositionError::UnknownVariant(name) => format!(
                        "position fen {text}: the variant field {name:?} is not the game chosen, {} (choose the position's game first: setoption name Variant value <game>)",
                        sowing::options::with_options(&self.rules)
                    ),
                    e => format!("position fen {text}: {e}"),
                })?;
                (pos, &words[end..])
            }
            Some(w) => return Err(format!("position: expected startpos or fen, not {w:?}")),
            None => return Err("position: expected startpos or fen".into()),
        };
        let moves = match rest.split_first() {
            None => &[][..],
            Some((&"moves", moves)) => moves,
            Some((w, _)) => return Err(format!("position: expected moves, not {w:?}")),
        };
        let mut game = Game::new(start);
        for (i, text) in moves.iter().enumerate() {
            let mv: Move = text
                .parse()
                .map_err(|e| format!("position: move {} {text:?}: {e}", i + 1))?;
            game.play(mv)
                .map_err(|e| format!("position: move {} {text:?}: {e}", i + 1))?;
        }
        self.game = game;
        Ok(())
    }

    fn new_game(&mut self) {
        self.game = Game::new(Position::new(self.rules));
        self.clear_table();
    }

    fn set_hash(&mut self, mib: u32) {
        self.table = Arc::new(Mutex::new(Table::new(table_bits(mib))));
    }

    fn set_tablebase(&mut self, dir: Option<&str>) -> Result<(), String> {
        self.tablebase = match dir {
            None => None,
            Some(dir) => Some(Arc::new(
                Tablebase::open(self.rules, dir).map_err(|e| format!("Tablebase {dir}: {e}"))?,
            )),
        };
        // Values found with other databases, or none, are not these (a
        // refused directory changes nothing, the table included).
        self.clear_table();
        Ok(())
    }

    fn set_player(&mut self, player: BotSpec) {
        // The table's values are the old player's (another evaluation's
        // units and knowledge): a search must not read them.
        if player != self.player {
            self.clear_table();
        }
        self.player = player;
    }

    fn go(&mut self, go: Go, stop: Arc<AtomicBool>) -> Option<JoinHandle<()>> {
        // What is known at once (RULES.md section 2): the moves known to
        // end, and those still undecided, whose exact proof can take
        // minutes. The player chooses among the moves known to end, as the
        // web board's computer players do; only if there are none does the
        // search's thread prove the others (the engine answers `isready`
        // and `stop` meanwhile).
        let known = self.game.position().legality();
        if !self.game.outcome().is_ongoing()
            || (known.ends.is_empty() && known.undecided.is_empty())
        {
            self.out.say("bestmove none");
            return None;
        }
        let pos = *self.game.position();
        let side = pos.side_to_move().index();
        self.searches += 1;
        let seed = self.seed.wrapping_add(self.searches);
        let player = self.player;
        let table = Arc::clone(&self.table);
        let tablebase = self.tablebase.clone();
        let out = self.out.clone();
        Some(std::thread::spawn(move || {
            let legal = if known.ends.is_empty() {
                pos.legal_moves()
            } else {
                known.ends
            };
            if legal.is_empty() {
                out.say("bestmove none");
                return;
            }
            let best = match player {
                BotSpec::AlphaBeta(own, eval) => {
                    let budget = if go.infinite {
                        Budget::Depth(MAX_DEPTH)
                    } else if let Some(d) = go.depth {
                        Budget::Depth(d)
                    } else if let Some(n) = go.nodes {
                        Budget::Nodes(n)
                    } else if let Some(t) = go.time_for(side) {
                        Budget::Time(t)
                    } else {
                        own
                    };
                    let Ok(mut table) = table.lock() else {
                        out.say("info string error: the table is unusable");
                        return;
                    };
                    // Each evaluation its own search (no choice at each leaf).
                    let report = match eval {
                        EvalKind::Auto => {
                            alphabeta(&pos, legal, budget, AutoEval, &tablebase, &mut table, &stop)
                        }
                        EvalKind::Standard => alphabeta(
                            &pos,
                            legal,
                            budget,
                            StandardEval,
                            &tablebase,
                            &mut table,
                            &stop,
                        ),
                        EvalKind::Tuned => alphabeta(
                            &pos, legal, budget, TunedEval, &tablebase, &mut table, &stop,
                        ),
                    };
                    report.map(|r| {
                        out.say(&info_line(&r));
                        r.best
                    })
                }
                BotSpec::Mcts(own, eval) => {
                    let player = |budget, seed| Mcts::with_eval(budget, seed, eval);
                    let (best, info) = mcts(&pos, legal, go, (own, player), side, seed, &stop);
                    out.say(&info);
                    best
                }
                BotSpec::Uct(own) => {
                    let (best, info) = mcts(&pos, legal, go, (own, Mcts::uct), side, seed, &stop);
                    out.say(&info);
                    best
                }
                other => other.build_for::<R>(seed).choose_from(&pos, legal),
            };
            if go.infinite {
                // UCI: an infinite search answers only `stop`.
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            match best {
                Some(mv) => out.say(&format!("bestmove {mv}")),
                None => out.say("bestmove none"),
            }
        }))
    }
}

/// The alpha-beta search of `go` with evaluation `eval`, read from the
/// databases where they hold the position.
fn alphabeta<R: Ruleset, E: Evaluation<R>>(
    pos: &Position<R>,
    legal: MoveSet,
    budget: Budget,
    eval: E,
    tablebase: &Option<Arc<Tablebase<R>>>,
    table: &mut Table<R>,
    stop: &AtomicBool,
) -> Option<SearchReport> {
    match tablebase {
        Some(tb) => search_until(
            pos,
            legal,
            budget,
            &TablebaseEval::new(Arc::clone(tb), eval),
            table,
            stop,
        ),
        None => search_until(pos, legal, budget, &eval, table, stop),
    }
}

/// The MCTS player's move (`player` makes it from a budget and a seed:
/// `mcts` or `uct`): `go`'s playouts (`nodes`) or time, else its own
/// budget; an infinite search (or one of `depth`, which MCTS does not
/// count) searches in 20 ms slices until `stop`, answering with the move
/// of the last slice. Also the `info` line that reports the search.
fn mcts<R: Ruleset, E: Evaluation<R>>(
    pos: &Position<R>,
    legal: MoveSet,
    go: Go,
    (own, player): (MctsBudget, impl Fn(MctsBudget, u64) -> Mcts<E>),
    side: usize,
    seed: u64,
    stop: &Arc<AtomicBool>,
) -> (Option<Move>, String) {
    let start = Instant::now();
    let budget = if let Some(n) = go.nodes {
        MctsBudget::Playouts(u32::try_from(n).unwrap_or(u32::MAX))
    } else if let Some(t) = go.time_for(side) {
        MctsBudget::Time(t)
    } else {
        own
    };
    if go.infinite {
        let mut best = None;
        let mut playouts = 0u64;
        let mut slice = 0u64;
        while !stop.load(Ordering::Relaxed) {
            slice += 1;
            let slice_budget = MctsBudget::Time(Duration::from_millis(20));
            let mut bot = player(slice_budget, seed.wrapping_add(slice)).stop_on(stop.clone());
            best = bot.search(pos, legal).or(best);
            playouts += u64::from(bot.last_playouts());
        }
        return (best, mcts_info(playouts, start.elapsed(), best));
    }
    // `stop` (or `quit`) ends the search at once, with its best move.
    let mut bot = player(budget, seed).stop_on(stop.clone());
    let best = bot.search(pos, legal);
    let info = mcts_info(u64::from(bot.last_playouts()), start.elapsed(), best);
    (best, info)
}

fn mcts_info(playouts: u64, time: Duration, best: Option<Move>) -> String {
    let ms = time.as_millis().max(1) as u64;
    let mut line = format!(
        "info nodes {playouts} nps {} time {}",
        playouts * 1000 / ms,
        time.as_millis()
    );
    if let Some(mv) = best {
        line.push_str(&format!(" pv {mv}"));
    }
    line
}

/// `info depth <d> score ... nodes <n> nps <n> time <ms> pv <moves>`.
pub(crate) fn info_line(r: &SearchReport) -> String {
    let score = match r.value.plies_to_end() {
        Some(p) if r.value.is_win() => format!("win {p}"),
        Some(p) => format!("loss {p}"),
        // The evaluation counts about 4 a seed.
        None => format!("seeds {}", r.value.0 / 4),
    };
    let ms = r.time.as_millis() as u64;
    let pv: Vec<String> = r.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} score {score} nodes {} nps {} time {ms} pv {}",
        r.depth,
        r.nodes,
        r.nodes * 1000 / ms.max(1),
        pv.join(" ")
    )
    .trim_end()
    .to_string()
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
