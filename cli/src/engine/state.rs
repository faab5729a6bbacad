//! The engine's game with the ruleset's type ([`EngineGame`]): the
//! position the protocol sets, the player and its search on a thread of
//! its own, and the lines the engine sends ([`Out`]).

use sowing::bots::alphabeta::{Budget, MAX_DEPTH, SearchReport, Table, search_until};
use sowing::bots::{
    AutoEval, BotSpec, EvalKind, Evaluation, Mcts, MctsBudget, StandardEval, TablebaseEval,
    TunedEval,
};
use sowing::tablebase::Tablebase;
use sowing::{Game, Move, MoveSet, ParsePositionError, Position, Ruleset};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
/// Where the engine's lines go: standard output (the program), or a list
/// a [`Session`] hands back. The search thread writes through a clone.
#[derive(Clone, Default)]
pub(crate) struct Out(pub(crate) Option<Arc<Mutex<Vec<String>>>>);

impl Out {
    /// Writes one line of the protocol (flushed: the other side waits for
    /// it).
    pub(crate) fn say(&self, line: &str) {
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

/// What `go` asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Go {
    depth: Option<u8>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    /// Each side's clock and increment in ms: South's, North's.
    clock: [Option<u64>; 2],
    inc: [u64; 2],
    pub(crate) infinite: bool,
}

impl Go {
    pub(crate) fn parse(words: &[&str]) -> Result<Go, String> {
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
fn info_line(r: &SearchReport) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_its_limits_and_refuses_bad_ones() {
        let go = Go::parse(&["wtime", "1000", "btime", "2000", "winc", "10"]).unwrap();
        assert_eq!(go.time_for(0), Some(Duration::from_millis(1000 / 30 + 8)));
        assert_eq!(go.time_for(1), Some(Duration::from_millis(2000 / 30)));
        assert!(Go::parse(&["depth", "0"]).is_err());
        assert!(Go::parse(&["depth"]).is_err());
        assert!(Go::parse(&["movetime", "x"]).is_err());
        assert!(Go::parse(&["sideways", "1"]).is_err());
        assert!(Go::parse(&["infinite"]).unwrap().infinite);
    }

    #[test]
    fn the_table_takes_the_hash_size() {
        assert_eq!(table_bits(32), 18);
        assert_eq!(table_bits(1), 13);
    }
}
