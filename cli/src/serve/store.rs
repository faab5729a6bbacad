//! The games in memory, bounded: when a new game would pass the bound, the
//! game used least recently is dropped (its proofs are cancelled with it).

use crate::serve::engine::ServedGame;
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
    created: u64,
}

/// The games, at most `max` of them.
pub struct Store {
    inner: Mutex<Inner>,
    max: usize,
}

impl Store {
    pub fn new(max: usize) -> Store {
        Store {
            inner: Mutex::new(Inner::default()),
            max: max.max(1),
        }
    }

    /// Keeps `game` under a new id, dropping the least recently used
    /// games beyond the bound. Returns the id.
    pub fn insert(&self, game: Box<dyn ServedGame>) -> (String, Shared) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        while inner.games.len() >= self.max {
            let Some((_, oldest)) = inner.by_use.pop_first() else {
                break;
            };
            inner.games.remove(&oldest);
        }
        inner.created += 1;
        inner.tick += 1;
        // The counter makes ids unique; the clock bits keep a restarted
        // server from answering an old page's id with another game.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let id = format!("g{}-{:x}", inner.created, nanos & 0xffff);
        let shared = Arc::new(Mutex::new(game));
        let used = inner.tick;
        inner.games.insert(
            id.clone(),
            Entry {
                session: shared.clone(),
                used,
            },
        );
        inner.by_use.insert(used, id.clone());
        (id, shared)
    }

    /// The game `id`, marked as used now.
    pub fn get(&self, id: &str) -> Option<Shared> {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.tick += 1;
        let tick = inner.tick;
        let entry = inner.games.get_mut(id)?;
        let old = std::mem::replace(&mut entry.used, tick);
        let session = entry.session.clone();
        inner.by_use.remove(&old);
        inner.by_use.insert(tick, id.to_string());
        Some(session)
    }
}
