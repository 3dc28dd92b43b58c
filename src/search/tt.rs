//! The transposition table: a fixed array of entries indexed by the position key.

use crate::engine::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy)]
pub struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    generation: u8,
}

/// A transposition table of a fixed size.
pub struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// Makes a table of at most `megabytes` (a power of two of entries, at least 1024).
    pub fn new(megabytes: usize) -> Table {
        let size = std::mem::size_of::<Option<Entry>>();
        let want = (megabytes.max(1) << 20) / size;
        let mut n = 1024;
        while n * 2 <= want {
            n *= 2;
        }
        Table {
            entries: vec![None; n],
            mask: n - 1,
            generation: 0,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    /// Starts a new search: older entries give way first.
    pub fn age(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        if let Some(old) = slot
            && old.key == key
            && old.generation == self.generation
            && old.depth as i32 > depth
            && bound != Bound::Exact
        {
            return;
        }
        let best = best.or_else(|| slot.filter(|o| o.key == key).and_then(|o| o.best));
        *slot = Some(Entry {
            key,
            best,
            score,
            depth: depth.clamp(-1, 1000) as i16,
            bound,
            generation: self.generation,
        });
    }
}
