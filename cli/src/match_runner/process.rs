//! An engine as a process ([`EngineProcess`]): started from its command,
//! spoken to line by line over its pipes (docs/PROTOCOL.md), its output
//! read by threads so that a hung or crashed engine is a timeout or an
//! ended channel, never a blocked referee; [`ready`] starts one and sets
//! its game. Knows nothing of the games' types.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// An engine process: its input, the lines it writes (read by a thread),
/// and the last line of its standard error once that ends (another thread:
/// an engine that refuses its command line says why there).
pub(super) struct EngineProcess {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    last_error: Receiver<String>,
}

impl EngineProcess {
    /// Starts `command` (its words split at spaces), reading its output.
    fn start(command: &str) -> Result<EngineProcess, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no standard input")?;
        let output = child.stdout.take().ok_or("no standard output")?;
        let errors = child.stderr.take().ok_or("no standard error")?;
        let (last_tx, last_error) = channel();
        std::thread::spawn(move || {
            // Read to the end (an engine must never block on a full pipe),
            // keeping the last line that says something.
            let mut last = None;
            for line in BufReader::new(errors).lines() {
                let Ok(line) = line else { break };
                if !line.trim().is_empty() {
                    last = Some(line);
                }
            }
            if let Some(line) = last {
                let _ = last_tx.send(line);
            }
        });
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            input,
            lines: rx,
            last_error,
        })
    }

    /// `why` the engine failed, with the last line of its standard error
    /// if it wrote one and ended it within a moment.
    fn explain(&mut self, why: String) -> String {
        match self.last_error.recv_timeout(Duration::from_millis(500)) {
            Ok(line) => {
                let line: String = line.chars().take(300).collect();
                format!("{why}; its last error line: {line}")
            }
            Err(_) => why,
        }
    }

    /// Writes `line` to the engine.
    pub(super) fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|_| "crashed (its input is closed)".to_string())
    }

    /// Reads lines until one starting with `word`, within `limit`; that
    /// line. An error line before it (`info string error`) is an error.
    pub(super) fn wait_for(&mut self, word: &str, limit: Duration) -> Result<String, String> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if line.starts_with(word) {
                        return Ok(line);
                    }
                    if let Some(e) = line.strip_prefix("info string error:") {
                        return Err(format!("said error:{e}"));
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("hung (no {word} within {} ms)", limit.as_millis()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("crashed (its output ended before {word})"));
                }
            }
        }
    }

    /// Asks the engine to quit; kills it if it has not within 500 ms.
    pub(super) fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts an engine and sets its game; why not.
pub(super) fn ready(
    command: &str,
    variant: &str,
    margin: Duration,
) -> Result<EngineProcess, String> {
    let mut e = EngineProcess::start(command)?;
    let limit = Duration::from_secs(5) + margin;
    let setup = |e: &mut EngineProcess| {
        e.send("uci")?;
        e.wait_for("uciok", limit)?;
        e.send(&format!("setoption name Variant value {variant}"))?;
        e.send("ucinewgame")?;
        e.send("isready")?;
        e.wait_for("readyok", limit).map(drop)
    };
    match setup(&mut e) {
        Ok(()) => Ok(e),
        Err(why) => {
            // Why, in its own words if it wrote any; and never left
            // running (a hung engine would outlive the match).
            let why = e.explain(why);
            e.quit();
            Err(why)
        }
    }
}
