//! The games: in memory, bounded, and (unless the server runs with
//! `--memory`) kept in the games file ([`SavedGames`]). When a new game
//! would pass the bound, the game used least recently and not in use is
//! dropped from memory (its proofs are cancelled with it); a game in the
//! file is read back from it when it is asked for again, after such a drop
//! or after a restart.

use crate::serve::error::ApiError;
use crate::serve::game::ServedGame;
use crate::serve::saved::{SavedGame, SavedGames, Summary};
use axum::http::StatusCode;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

/// A game, shared by the requests that use it.
pub type Shared = Arc<Mutex<Box<dyn ServedGame>>>;

struct Entry {
    session: Shared,
    used: u64,
}

#[derive(Default)]
struct Inner {
    games: HashMap<String, Entry>,
    /// Last use (a tick) to game id, oldest first.
    by_use: BTreeMap<u64, String>,
    tick: u64,
}

impl Inner {
    /// Drops least recently used games not in use until there is room
    /// for one more under `max` (games in use stay, over the bound for a
    /// moment rather than kept twice).
    fn make_room(&mut self, max: usize) {
        while self.games.len() >= max {
            let idle = self.by_use.iter().find_map(|(&tick, id)| {
                let entry = self.games.get(id)?;
                (Arc::strong_count(&entry.session) == 1).then_some(tick)
            });
            let Some(tick) = idle else { break };
            if let Some(id) = self.by_use.remove(&tick) {
                self.games.remove(&id);
            }
        }
    }

    fn keep(&mut self, id: &str, game: Box<dyn ServedGame>) -> Shared {
        self.tick += 1;
        let used = self.tick;
        let shared = Arc::new(Mutex::new(game));
        self.games.insert(
            id.to_string(),
            Entry {
                session: shared.clone(),
                used,
            },
        );
        self.by_use.insert(used, id.to_string());
        shared
    }
}

/// The games, at most `max` of them in memory.
pub struct Store {
    inner: Mutex<Inner>,
    max: usize,
    saved: Option<SavedGames>,
    /// Held while a game is read back from the file, one lock for the
    /// ids whose hash falls on it: two requests reading back one game
    /// at once could each make a copy, the first be played, saved and
    /// dropped again before the second is kept, and the second (the older
    /// one) then be played and saved over the first's moves.
    reading: [Mutex<()>; READING_LOCKS],
}

/// How many locks share the games being read back (a game waits only for
/// another read back under the same lock).
const READING_LOCKS: usize = 16;

/// 500: the games file could not be written or read.
fn storage(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "storage_failed",
        format!("the games file cannot be used: {e}"),
    )
}

impl Store {
    /// Games in memory only: a restart loses them (`--memory`).
    pub fn new(max: usize) -> Store {
        Store {
            inner: Mutex::new(Inner::default()),
            max: max.max(1),
            saved: None,
            reading: Default::default(),
        }
    }

    /// Games kept in `saved` as well, at most `max` of them in memory.
    pub fn on_file(max: usize, saved: SavedGames) -> Store {
        Store {
            saved: Some(saved),
            ..Store::new(max)
        }
    }

    /// The games file, if the games are kept in one.
    pub fn file(&self) -> Option<&SavedGames> {
        self.saved.as_ref()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps `game` under a new id (written to the games file first).
    /// Returns the id.
    ///
    /// # Errors
    /// The games file cannot be written.
    pub fn insert(&self, game: Box<dyn ServedGame>) -> Result<(String, Shared), ApiError> {
        let saved = game.saved();
        let id = loop {
            // Random ids: unique across restarts, and not guessable from
            // another game's.
            let id = format!("g{:016x}", rand::random::<u64>());
            let taken = match &self.saved {
                Some(file) => !file.insert(&id, &saved).map_err(storage)?,
                None => self.lock().games.contains_key(&id),
            };
            if !taken {
                break id;
            }
        };
        let mut inner = self.lock();
        inner.make_room(self.max);
        let shared = inner.keep(&id, game);
        Ok((id, shared))
    }

    /// The game `id`, marked as used now; read back from the games file
    /// (by `restore`) if it is not in memory. `None` if there is no such
    /// game.
    ///
    /// # Errors
    /// The games file cannot be read, or `restore` refuses the saved game.
    pub fn get(
        &self,
        id: &str,
        restore: impl FnOnce(&SavedGame) -> Result<Box<dyn ServedGame>, ApiError>,
    ) -> Result<Option<Shared>, ApiError> {
        if let Some(found) = self.touch(id) {
            return Ok(Some(found));
        }
        let Some(file) = &self.saved else {
            return Ok(None);
        };
        let _reading = self.reading[reading_lock(id)]
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        // Read back by another request while this one waited: that copy
        // (it may have been played since) is the game.
        if let Some(found) = self.touch(id) {
            return Ok(Some(found));
        }
        let Some(saved) = file.load(id).map_err(storage)? else {
            return Ok(None);
        };
        let game = restore(&saved)?;
        let mut inner = self.lock();
        // One copy only (the reading lock already sees to it).
        if inner.games.contains_key(id) {
            drop(inner);
            return Ok(self.touch(id));
        }
        inner.make_room(self.max);
        Ok(Some(inner.keep(id, game)))
    }

    /// Marks game `id` as used now and returns it, if it is in memory.
    fn touch(&self, id: &str) -> Option<Shared> {
        let mut inner = self.lock();
        inner.tick += 1;
        let tick = inner.tick;
        let entry = inner.games.get_mut(id)?;
        let old = std::mem::replace(&mut entry.used, tick);
        let session = entry.session.clone();
        inner.by_use.remove(&old);
        inner.by_use.insert(tick, id.to_string());
        Some(session)
    }

    /// Writes game `id` after a change. If that fails, the game is dropped
    /// from memory, so that the next request reads back what the file
    /// holds rather than a game the file does not.
    ///
    /// # Errors
    /// The games file cannot be written.
    pub fn save(&self, id: &str, game: &dyn ServedGame) -> Result<(), ApiError> {
        let Some(file) = &self.saved else {
            return Ok(());
        };
        file.update(id, &game.saved()).map_err(|e| {
            let mut inner = self.lock();
            if let Some(entry) = inner.games.remove(id) {
                inner.by_use.remove(&entry.used);
            }
            storage(e)
        })
    }

    /// The `limit` games used or changed last, the last first: from the
    /// games file, or (in memory) the games in memory.
    ///
    /// # Errors
    /// The games file cannot be read.
    pub fn list(&self, limit: usize) -> Result<Vec<Summary>, ApiError> {
        if let Some(file) = &self.saved {
            return file.list(limit).map_err(storage);
        }
        let recent: Vec<(String, Shared)> = {
            let inner = self.lock();
            inner
                .by_use
                .values()
                .rev()
                .take(limit)
                .filter_map(|id| Some((id.clone(), inner.games.get(id)?.session.clone())))
                .collect()
        };
        Ok(recent
            .into_iter()
            .map(|(id, shared)| {
                let game = shared.lock().unwrap_or_else(|e| e.into_inner()).saved();
                Summary {
                    id,
                    title: game.title,
                    rules: game.rules,
                    south: game.seats[0].clone(),
                    north: game.seats[1].clone(),
                    ply: game.ply,
                    over: game.over,
                    headline: game.headline,
                    updated: None,
                }
            })
            .collect())
    }
}

/// The reading lock of game `id`.
fn reading_lock(id: &str) -> usize {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(id) as usize % READING_LOCKS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Games;
    use crate::serve::setup::{self, GameSetup, RuleChoice};

    fn file(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("sowing-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("games.sqlite3")
    }

    /// A game of each kind (options set, a computer seat, a position
    /// string start) is read back after the store is closed, as it was:
    /// position, record, the moves an undo took back.
    #[test]
    fn games_are_read_back_as_they_were() {
        let games = Games::built_in();
        let path = file("reopen");
        let setups = [
            ("sadeqa-ii", Some(true), None, None, "human"),
            ("andada-15", None, Some(true), None, "human"),
            (
                "sadeqa-iii",
                None,
                None,
                Some("sadeqa-iii 6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 N 0-0"),
                "random",
            ),
        ];
        let mut kept = Vec::new();
        {
            let store = Store::on_file(2, SavedGames::open(&path).unwrap());
            for (variant, starter_only, clockwise, position, north) in setups {
                let setup = GameSetup {
                    rules: RuleChoice {
                        variant: position.is_none().then(|| variant.to_string()),
                        starter_only,
                        clockwise,
                        reading: None,
                    },
                    position: position.map(str::to_string),
                    seats: ["human".to_string(), north.to_string()],
                    seed: 5,
                    ..GameSetup::default()
                };
                let game = setup::new_game(&games, &setup).unwrap();
                let (id, shared) = store.insert(game).unwrap();
                let mut game = shared.lock().unwrap();
                for _ in 0..4 {
                    let view = game.view(&id);
                    if view.over {
                        break;
                    }
                    if view.to_move_seat == "human" {
                        game.play_person(&view.legal[0]).unwrap();
                    } else {
                        game.play_computer().unwrap();
                    }
                    store.save(&id, &**game).unwrap();
                }
                game.undo().unwrap();
                store.save(&id, &**game).unwrap();
                let view = game.view(&id);
                assert!(view.can_redo);
                kept.push((id, view.position, view.record, view.title, game.saved()));
            }
        }
        let store = Store::on_file(2, SavedGames::open(&path).unwrap());
        assert_eq!(store.list(10).unwrap().len(), 3);
        for (id, position, record, title, saved) in kept {
            let shared = store
                .get(&id, |s| setup::restore(&games, s))
                .unwrap()
                .unwrap();
            let mut game = shared.lock().unwrap();
            let view = game.view(&id);
            assert_eq!(
                (&view.position, &view.record, &view.title),
                (&position, &record, &title)
            );
            assert_eq!(game.saved(), saved);
            game.redo().unwrap();
        }
        assert!(store.get("g-none", |_| unreachable!()).unwrap().is_none());
    }

    /// Every move answered is kept, when the games are dropped from
    /// memory and read back all the time (one game in memory, three
    /// played by eight threads at once): a game read back twice at once
    /// used to be kept twice, and the older copy's moves saved over the
    /// newer one's.
    #[test]
    fn no_move_is_lost_when_games_are_read_back_at_once() {
        let games = Games::built_in();
        let path = file("race");
        let store = Store::on_file(1, SavedGames::open(&path).unwrap());
        let ids: Vec<String> = (0..3)
            .map(|_| {
                let setup = GameSetup {
                    rules: RuleChoice {
                        variant: Some("andada-24".to_string()),
                        ..RuleChoice::default()
                    },
                    seats: ["human".to_string(), "human".to_string()],
                    ..GameSetup::default()
                };
                let game = setup::new_game(&games, &setup).unwrap();
                store.insert(game).unwrap().0
            })
            .collect();
        let played: Vec<std::sync::atomic::AtomicUsize> = ids.iter().map(|_| 0.into()).collect();
        std::thread::scope(|scope| {
            for thread in 0..8 {
                let (store, games, ids, played) = (&store, &games, &ids, &played);
                scope.spawn(move || {
                    for round in 0..12 {
                        let which = (thread + round) % ids.len();
                        let id = &ids[which];
                        // A slow read back (a long record, a proof), to
                        // give another request time to read back, play,
                        // save and drop the game meanwhile.
                        let restore = |s: &SavedGame| {
                            std::thread::sleep(std::time::Duration::from_millis(2));
                            setup::restore(games, s)
                        };
                        let shared = store.get(id, restore).unwrap().unwrap();
                        let mut game = shared.lock().unwrap();
                        let view = game.view(id);
                        if view.over {
                            continue;
                        }
                        game.play_person(&view.legal[0]).unwrap();
                        store.save(id, &**game).unwrap();
                        played[which].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                });
            }
        });
        drop(store);
        let store = Store::on_file(1, SavedGames::open(&path).unwrap());
        for (id, played) in ids.iter().zip(&played) {
            let shared = store
                .get(id, |s| setup::restore(&games, s))
                .unwrap()
                .unwrap();
            let ply = shared.lock().unwrap().saved().ply;
            assert_eq!(
                ply,
                played.load(std::sync::atomic::Ordering::Relaxed),
                "{id}"
            );
        }
    }
}
