//! The games on disk: one SQLite file (`--data FILE`) keeps every game the
//! server has started, in progress or finished, so that a restart (even a
//! kill) loses none. A game is a row of its start, its ruleset with its
//! options, its players and its record (in the game's notation), rewritten
//! in one transaction after each move, undo and redo; a game is read back
//! by replaying its record from its start, which works for any ruleset.
//!
//! The file is this server's alone while it runs: it is opened in SQLite's
//! exclusive locking mode and written once at opening, so a second server
//! on the same file is refused (the operating system drops the lock when the
//! process ends, however it ends). A file that is not SQLite, is damaged, is
//! another program's database or another version of this one is refused
//! with a message saying which, and left as it is.

use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, params};
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

/// The file's `PRAGMA application_id`: "SoWg", the sowing server's games.
pub const APPLICATION_ID: i32 = 0x536f_5767;

/// The layout of the tables below (`PRAGMA user_version`). A file of
/// another version is refused, never converted in place.
pub const SCHEMA_VERSION: i32 = 1;

const SCHEMA: &str = "
CREATE TABLE games (
    id      TEXT PRIMARY KEY NOT NULL,
    -- The ruleset with the options that differ from their defaults, as the
    -- tools name it: sadeqa-ii(starter-only).
    rules   TEXT NOT NULL,
    -- The start position's string.
    start   TEXT NOT NULL,
    south   TEXT NOT NULL,
    north   TEXT NOT NULL,
    seed    INTEGER NOT NULL,
    -- The moves played, in the notation: 3/5/S.
    record  TEXT NOT NULL,
    -- The moves an undo took back, for redo: a JSON array of records, the
    -- next redo last.
    redo    TEXT NOT NULL,
    ply     INTEGER NOT NULL,
    over    INTEGER NOT NULL,
    title   TEXT NOT NULL,
    headline TEXT,
    -- Seconds since 1970.
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
);
CREATE INDEX games_by_update ON games (updated);
";

/// A game as it is kept: enough to play it again from its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The ruleset and its options (`sadeqa-ii(starter-only)`).
    pub rules: String,
    /// The start position's string.
    pub start: String,
    /// South's and North's players.
    pub seats: [String; 2],
    pub seed: u64,
    /// The moves played (`3/5/S`).
    pub record: String,
    /// The moves of each undo not yet played again, as records, the next
    /// redo last.
    pub redo: Vec<String>,
    /// Plies played.
    pub ply: usize,
    pub over: bool,
    /// The game's full name.
    pub title: String,
    /// The result in a few words, once the game is over.
    pub headline: Option<String>,
}

/// One line of the list of games (`GET /api/games`).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub id: String,
    pub title: String,
    pub rules: String,
    pub south: String,
    pub north: String,
    pub ply: usize,
    pub over: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub headline: Option<String>,
    /// When the game last changed, in seconds since 1970 (absent for a
    /// server that keeps its games in memory).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated: Option<u64>,
}

/// Why the games file cannot be used. The file is left as it is.
#[derive(Debug)]
pub enum OpenError {
    /// Another process (another server) holds the file.
    InUse { path: PathBuf },
    /// Not an SQLite database, or a damaged one.
    Damaged { path: PathBuf, why: String },
    /// An SQLite database of another program.
    OtherProgram { path: PathBuf, id: i32 },
    /// A games file of another version of the server.
    OtherVersion { path: PathBuf, version: i32 },
    /// The file cannot be opened or created (a missing directory, no
    /// permission).
    Io { path: PathBuf, why: String },
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::InUse { path } => write!(
                f,
                "{}: the games file is in use by another server (one server a file: stop the \
                 other, or give another file with --data, or --memory)",
                path.display()
            ),
            OpenError::Damaged { path, why } => write!(
                f,
                "{}: not a readable games file ({why}); it is left as it is: move it away, or \
                 give another file with --data",
                path.display()
            ),
            OpenError::OtherProgram { path, id } => write!(
                f,
                "{}: an SQLite database of another program (application id {id:#x}, not the \
                 sowing server's {APPLICATION_ID:#x}); it is left as it is: give another file \
                 with --data",
                path.display()
            ),
            OpenError::OtherVersion { path, version } => write!(
                f,
                "{}: a games file of another version of the server (its layout is version \
                 {version}, this server reads version {SCHEMA_VERSION}); it is left as it is: \
                 serve it with the server that wrote it, or give another file with --data",
                path.display()
            ),
            OpenError::Io { path, why } => {
                write!(f, "{}: cannot open the games file: {why}", path.display())
            }
        }
    }
}

impl std::error::Error for OpenError {}

/// The games file, open and locked for this process's lifetime.
pub struct SavedGames {
    conn: Mutex<Connection>,
    path: PathBuf,
}

impl fmt::Debug for SavedGames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SavedGames({})", self.path.display())
    }
}

/// SQLite's answer while another connection holds the lock.
fn busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

impl SavedGames {
    /// Opens the games file at `path`, creating it if it does not exist,
    /// and locks it for as long as the value lives.
    ///
    /// # Errors
    /// [`OpenError`]: the file is held by another server, is not an SQLite
    /// file or is damaged, is another program's, is of another version,
    /// or cannot be opened.
    pub fn open(path: &Path) -> Result<SavedGames, OpenError> {
        let path = path.to_path_buf();
        let damaged = |e: rusqlite::Error| -> OpenError {
            if busy(&e) {
                OpenError::InUse { path: path.clone() }
            } else {
                OpenError::Damaged {
                    path: path.clone(),
                    why: e.to_string(),
                }
            }
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(&path, flags).map_err(|e| OpenError::Io {
            path: path.clone(),
            why: e.to_string(),
        })?;
        // Exclusive locking mode: the lock taken by the first write below is
        // held until the connection closes. No waiting for another holder.
        conn.busy_timeout(std::time::Duration::ZERO)
            .map_err(&damaged)?;
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE")
            .map_err(&damaged)?;
        // Reading the header is the first access: a file that is not SQLite
        // fails here ("file is not a database").
        let app: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(&damaged)?;
        let version: i32 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(&damaged)?;
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
            .map_err(&damaged)?;
        if app != APPLICATION_ID && (app != 0 || tables != 0 || version != 0) {
            return Err(OpenError::OtherProgram { path, id: app });
        }
        if app == APPLICATION_ID && version != SCHEMA_VERSION {
            return Err(OpenError::OtherVersion { path, version });
        }
        // A games file is checked before anything is written to it (even a
        // pragma that changes its header), so that a refused file is left
        // byte for byte as it was.
        if app == APPLICATION_ID {
            let check: String = conn
                .query_row("PRAGMA quick_check", [], |r| r.get(0))
                .map_err(&damaged)?;
            if check != "ok" {
                return Err(OpenError::Damaged { path, why: check });
            }
            if let Some(why) = layout_differs(&conn).map_err(&damaged)? {
                return Err(OpenError::Damaged { path, why });
            }
        }
        // WAL: a commit is one append, and what was committed survives a
        // kill (synchronous=NORMAL risks only the last commits on a power
        // loss, never the file).
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(&damaged)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(&damaged)?;
        // A small page cache (256 KiB, not SQLite's 2 MB): the file's
        // pages stay in the system's cache, and a page read again is a
        // copy from there, while SQLite's own cache would grow with the
        // file to its limit and stay in the server's memory (the soak
        // test's bound, docs/WEB.md).
        conn.pragma_update(None, "cache_size", -256)
            .map_err(&damaged)?;
        // The first write takes the exclusive lock, kept from now on.
        let tx = conn.unchecked_transaction().map_err(&damaged)?;
        if app == 0 {
            tx.execute_batch(SCHEMA).map_err(&damaged)?;
            tx.pragma_update(None, "application_id", APPLICATION_ID)
                .map_err(&damaged)?;
            tx.pragma_update(None, "user_version", SCHEMA_VERSION)
                .map_err(&damaged)?;
        } else {
            // Any write takes the lock; this one changes nothing.
            tx.execute("DELETE FROM games WHERE 0", [])
                .map_err(&damaged)?;
        }
        tx.commit().map_err(&damaged)?;
        Ok(SavedGames {
            conn: Mutex::new(conn),
            path,
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many games the file holds.
    ///
    /// # Errors
    /// The file cannot be read.
    pub fn count(&self) -> rusqlite::Result<u64> {
        self.conn()
            .query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))
            .map(|n| n as u64)
    }

    /// Keeps a new game under `id`; `false` (and nothing written) if the
    /// id is taken.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn insert(&self, id: &str, game: &SavedGame) -> rusqlite::Result<bool> {
        let now = now();
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        let added = tx.execute(
            "INSERT OR IGNORE INTO games
             (id, rules, start, south, north, seed, record, redo, ply, over, title, headline,
              created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13)",
            params![
                id,
                game.rules,
                game.start,
                game.seats[0],
                game.seats[1],
                game.seed as i64,
                game.record,
                redo_text(&game.redo),
                game.ply as i64,
                game.over,
                game.title,
                game.headline,
                now,
            ],
        )?;
        tx.commit()?;
        Ok(added == 1)
    }

    /// Writes game `id`'s moves and state after a move, an undo or a redo
    /// (the start, rules and players never change).
    ///
    /// # Errors
    /// The file cannot be written, or holds no game `id`.
    pub fn update(&self, id: &str, game: &SavedGame) -> rusqlite::Result<()> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        let changed = tx.execute(
            "UPDATE games SET record = ?2, redo = ?3, ply = ?4, over = ?5, headline = ?6,
             updated = ?7 WHERE id = ?1",
            params![
                id,
                game.record,
                redo_text(&game.redo),
                game.ply as i64,
                game.over,
                game.headline,
                now(),
            ],
        )?;
        if changed != 1 {
            return Err(rusqlite::Error::QueryReturnedNoRows);
        }
        tx.commit()
    }

    /// Game `id`, if the file holds it.
    ///
    /// # Errors
    /// The file cannot be read, or the row is not one this server wrote.
    pub fn load(&self, id: &str) -> rusqlite::Result<Option<SavedGame>> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT rules, start, south, north, seed, record, redo, ply, over, title,
                 headline FROM games WHERE id = ?1",
                [id],
                |r| {
                    Ok(SavedGame {
                        rules: r.get(0)?,
                        start: r.get(1)?,
                        seats: [r.get(2)?, r.get(3)?],
                        seed: r.get::<_, i64>(4)? as u64,
                        record: r.get(5)?,
                        redo: redo_list(&r.get::<_, String>(6)?).ok_or_else(|| {
                            rusqlite::Error::FromSqlConversionFailure(
                                6,
                                rusqlite::types::Type::Text,
                                "the redo column is not a JSON array of records".into(),
                            )
                        })?,
                        ply: r.get::<_, i64>(7)? as usize,
                        over: r.get(8)?,
                        title: r.get(9)?,
                        headline: r.get(10)?,
                    })
                },
            )
            .optional()?;
        Ok(row)
    }

    /// The `limit` games changed last, the last first. A row this server
    /// did not write (a column of another type) is left out of the list,
    /// not an error for every game: it is refused on its own when it is
    /// asked for ([`load`](Self::load)).
    ///
    /// # Errors
    /// The file cannot be read.
    pub fn list(&self, limit: usize) -> rusqlite::Result<Vec<Summary>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT id, title, rules, south, north, ply, over, headline, updated FROM games
             ORDER BY updated DESC, rowid DESC LIMIT ?1",
        )?;
        stmt.query_map([limit as i64], |r| {
            Ok(Summary {
                id: r.get(0)?,
                title: r.get(1)?,
                rules: r.get(2)?,
                south: r.get(3)?,
                north: r.get(4)?,
                ply: r.get::<_, i64>(5)? as usize,
                over: r.get(6)?,
                headline: r.get(7)?,
                updated: Some(r.get::<_, i64>(8)? as u64),
            })
        })?
        .filter(|row| !matches!(row, Err(e) if unreadable_row(e)))
        .collect()
    }
}

/// How the file's tables and indices differ from [`SCHEMA`]'s (made in
/// memory and compared column by column), if they do: a file of this
/// version whose tables were changed by hand or by another program.
fn layout_differs(conn: &Connection) -> rusqlite::Result<Option<String>> {
    // Each table's and index's columns: name, type, not null, key.
    fn layout(conn: &Connection) -> rusqlite::Result<Vec<String>> {
        let mut items = Vec::new();
        let mut objects = conn.prepare(
            "SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name",
        )?;
        let names = objects
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        for (kind, name) in names {
            let pragma = if kind == "index" {
                "index_info"
            } else {
                "table_info"
            };
            let mut columns = conn.prepare(&format!("SELECT * FROM pragma_{pragma}(?1)"))?;
            let described = columns
                .query_map([&name], |r| {
                    let count = r.as_ref().column_count();
                    let values = (0..count)
                        .map(|i| {
                            r.get::<_, rusqlite::types::Value>(i)
                                .map(|v| format!("{v:?}"))
                        })
                        .collect::<rusqlite::Result<Vec<_>>>()?;
                    Ok(values.join(" "))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            items.push(format!("{kind} {name}: {}", described.join(", ")));
        }
        Ok(items)
    }
    let expected = Connection::open_in_memory()?;
    expected.execute_batch(SCHEMA)?;
    let (want, have) = (layout(&expected)?, layout(conn)?);
    if want == have {
        return Ok(None);
    }
    // The tables and indices that are missing, extra or changed.
    let mut differ: Vec<&str> = want
        .iter()
        .filter(|w| !have.contains(w))
        .chain(have.iter().filter(|h| !want.contains(h)))
        .map(|item| item.split(':').next().unwrap_or(item))
        .collect();
    differ.sort_unstable();
    differ.dedup();
    Ok(Some(format!(
        "its tables are not those of a games file of version {SCHEMA_VERSION}: {} {}",
        differ.join(", "),
        if differ.len() == 1 {
            "differs"
        } else {
            "differ"
        }
    )))
}

/// A row's value of another type or out of range: that row's fault, not
/// the file's.
fn unreadable_row(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::InvalidColumnType(..)
            | rusqlite::Error::FromSqlConversionFailure(..)
            | rusqlite::Error::IntegralValueOutOfRange(..)
    )
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

fn redo_text(redo: &[String]) -> String {
    serde_json::to_string(redo).unwrap_or_else(|_| "[]".to_string())
}

fn redo_list(text: &str) -> Option<Vec<String>> {
    serde_json::from_str(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(record: &str) -> SavedGame {
        SavedGame {
            rules: "sadeqa-ii(starter-only)".into(),
            start: "sadeqa-ii 4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 S 0-0".into(),
            seats: ["human".into(), "random".into()],
            seed: u64::MAX,
            record: record.into(),
            redo: vec!["5/6".into()],
            ply: record.split('/').count(),
            over: false,
            title: "Sadeqa II".into(),
            headline: None,
        }
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sowing-saved-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("games.sqlite3")
    }

    #[test]
    fn games_are_read_back_after_closing() {
        let path = temp("reopen");
        {
            let saved = SavedGames::open(&path).unwrap();
            assert!(saved.insert("g1", &game("1")).unwrap());
            assert!(
                !saved.insert("g1", &game("2")).unwrap(),
                "an id is kept once"
            );
            saved.update("g1", &game("1/3")).unwrap();
            assert!(saved.update("nothing", &game("1")).is_err());
        }
        let saved = SavedGames::open(&path).unwrap();
        assert_eq!(saved.count().unwrap(), 1);
        assert_eq!(saved.load("g1").unwrap(), Some(game("1/3")));
        assert_eq!(saved.load("g2").unwrap(), None);
        let list = saved.list(10).unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].ply, 2);
    }

    #[test]
    fn a_second_server_on_the_file_is_refused() {
        let path = temp("twice");
        let first = SavedGames::open(&path).unwrap();
        let second = SavedGames::open(&path).unwrap_err();
        assert!(matches!(second, OpenError::InUse { .. }), "{second}");
        assert!(second.to_string().contains("in use by another server"));
        // The first still works, and the file is free once it is closed.
        assert!(first.insert("g1", &game("1")).unwrap());
        drop(first);
        assert_eq!(SavedGames::open(&path).unwrap().count().unwrap(), 1);
    }

    #[test]
    fn a_file_that_is_not_sqlite_is_refused_and_kept() {
        let path = temp("text");
        let text = b"these are not the games you are looking for, but they are 100 bytes long at least, so SQLite reads them";
        std::fs::write(&path, text).unwrap();
        let e = SavedGames::open(&path).unwrap_err();
        assert!(matches!(e, OpenError::Damaged { .. }), "{e}");
        assert!(e.to_string().contains("not a readable games file"), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), text, "left as it was");
    }

    #[test]
    fn a_damaged_file_is_refused_and_kept() {
        let path = temp("damaged");
        {
            let saved = SavedGames::open(&path).unwrap();
            for i in 0..200 {
                saved.insert(&format!("g{i}"), &game("1/3")).unwrap();
            }
            // Fold the write-ahead log into the file, so the damage below
            // hits the tables.
            saved
                .conn()
                .execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
                .unwrap();
        }
        let mut bytes = std::fs::read(&path).unwrap();
        assert!(bytes.len() > 8192);
        // Overwrite the second page onwards (the table's pages) with noise.
        for (i, b) in bytes[4096..].iter_mut().enumerate() {
            *b = (i * 7 + 13) as u8;
        }
        std::fs::write(&path, &bytes).unwrap();
        let e = SavedGames::open(&path).unwrap_err();
        assert!(matches!(e, OpenError::Damaged { .. }), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "left as it was");
    }

    #[test]
    fn a_file_of_another_version_or_program_is_refused_and_kept() {
        let path = temp("version");
        drop(SavedGames::open(&path).unwrap());
        {
            let conn = Connection::open(&path).unwrap();
            conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
                .unwrap();
        }
        let before = std::fs::read(&path).unwrap();
        let e = SavedGames::open(&path).unwrap_err();
        assert!(
            matches!(e, OpenError::OtherVersion { version, .. } if version == SCHEMA_VERSION + 1)
        );
        assert!(
            e.to_string().contains("another version of the server"),
            "{e}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), before, "left as it was");

        let other = temp("program");
        {
            let conn = Connection::open(&other).unwrap();
            conn.execute_batch("CREATE TABLE notes (text TEXT)")
                .unwrap();
        }
        let e = SavedGames::open(&other).unwrap_err();
        assert!(matches!(e, OpenError::OtherProgram { .. }), "{e}");
    }

    /// A games file of this version whose tables were changed (a column
    /// dropped, the table gone) is refused, and left byte for byte as it
    /// was, even in SQLite's rollback-journal mode (which a server's first
    /// write would turn to WAL, changing the header).
    #[test]
    fn a_file_whose_tables_were_changed_is_refused_and_kept() {
        for (name, change, differs) in [
            // The index names its columns by number, which the drop
            // changes too.
            (
                "column",
                "ALTER TABLE games DROP COLUMN headline",
                "index games_by_update, table games differ",
            ),
            (
                "table",
                "DROP TABLE games",
                "index games_by_update, table games differ",
            ),
        ] {
            let path = temp(name);
            drop(SavedGames::open(&path).unwrap());
            {
                let conn = Connection::open(&path).unwrap();
                conn.pragma_update(None, "journal_mode", "DELETE").unwrap();
                conn.execute_batch(change).unwrap();
            }
            let before = std::fs::read(&path).unwrap();
            let e = SavedGames::open(&path).unwrap_err();
            assert!(matches!(e, OpenError::Damaged { .. }), "{e}");
            assert!(e.to_string().contains(differs), "{e}");
            assert_eq!(
                std::fs::read(&path).unwrap(),
                before,
                "{name}: left as it was"
            );
        }
    }

    /// A row another program wrote with a value of another type is left
    /// out of the list (the other games are listed) and refused alone.
    #[test]
    fn a_row_of_another_type_is_left_out_of_the_list() {
        let path = temp("row");
        let saved = SavedGames::open(&path).unwrap();
        for id in ["g1", "g2", "g3"] {
            saved.insert(id, &game("1/3")).unwrap();
        }
        saved
            .conn()
            .execute("UPDATE games SET updated = 'yesterday' WHERE id = 'g2'", [])
            .unwrap();
        let ids: Vec<String> = saved.list(10).unwrap().into_iter().map(|s| s.id).collect();
        assert_eq!(ids, ["g3", "g1"]);
        saved
            .conn()
            .execute("UPDATE games SET ply = 'many' WHERE id = 'g3'", [])
            .unwrap();
        assert!(saved.load("g3").is_err());
        assert_eq!(saved.load("g1").unwrap(), Some(game("1/3")));
    }

    #[test]
    fn an_empty_file_becomes_a_games_file() {
        let path = temp("empty");
        std::fs::write(&path, b"").unwrap();
        let saved = SavedGames::open(&path).unwrap();
        assert_eq!(saved.count().unwrap(), 0);
    }
}
