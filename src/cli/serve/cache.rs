//! The server's compiled games: the few used last, never a failure, so that requests for ever
//! new files or variants (an unknown variant name each time) cannot grow the server's memory.

use std::sync::Arc;

/// How many compiled games the server keeps.
pub const CAPACITY: usize = 16;

/// A file and a variant (none: the main one).
pub type GameKey = (String, Option<String>);

/// Compiled games by file and variant, each with the hash of the text it was compiled from, the
/// one used last at the end; at most [`CAPACITY`] of them.
#[derive(Default)]
pub struct Cache {
    entries: Vec<(GameKey, u64, Arc<varia::Game>)>,
}

impl Cache {
    /// Gets the game compiled from this version of the file's text, marked as used last.
    pub fn get(&mut self, key: &GameKey, version: u64) -> Option<Arc<varia::Game>> {
        let i = self
            .entries
            .iter()
            .position(|e| &e.0 == key && e.1 == version)?;
        let entry = self.entries.remove(i);
        let game = entry.2.clone();
        self.entries.push(entry);
        Some(game)
    }

    /// Keeps a game in place of any other version of it; when full, the one used longest ago
    /// goes.
    pub fn insert(&mut self, key: GameKey, version: u64, game: Arc<varia::Game>) {
        self.entries.retain(|e| e.0 != key);
        if self.entries.len() >= CAPACITY {
            self.entries.remove(0);
        }
        self.entries.push((key, version, game));
    }

    /// Gets how many games are kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Arc<varia::Game> {
        let source = include_str!("../../../definitions/classic/chess.varia");
        Arc::new(varia::load_str(source, None).unwrap())
    }

    fn key(file: &str) -> GameKey {
        (file.to_string(), None)
    }

    #[test]
    fn the_game_used_longest_ago_goes_first() {
        let g = game();
        let mut cache = Cache::default();
        for i in 0..CAPACITY {
            cache.insert(key(&i.to_string()), 1, g.clone());
        }
        assert!(cache.get(&key("0"), 1).is_some());
        cache.insert(key("new"), 1, g.clone());
        assert_eq!(cache.len(), CAPACITY);
        // "1" was used longest ago ("0" was just read).
        assert!(cache.get(&key("1"), 1).is_none());
        assert!(cache.get(&key("0"), 1).is_some());
        assert!(cache.get(&key("new"), 1).is_some());
        // Another version of a file replaces it; an old version is not served.
        cache.insert(key("new"), 2, g.clone());
        assert_eq!(cache.len(), CAPACITY);
        assert!(cache.get(&key("new"), 1).is_none());
        assert!(cache.get(&key("new"), 2).is_some());
        for i in 0..10 * CAPACITY {
            cache.insert(key(&format!("more {i}")), 1, g.clone());
        }
        assert_eq!(cache.len(), CAPACITY);
    }
}
