//! The transposition table: a fixed array of entries indexed by the position key. Its memory is
//! reserved when it is made (so a size the system cannot give is refused there) and written a
//! chunk at a time as entries are stored, so that a large table is committed only as it fills.

use crate::engine::RawMove;
use std::collections::TryReserveError;

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
    pub best: Option<RawMove>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    generation: u8,
}

/// Entries per chunk, at most (a power of two).
const CHUNK_BITS: u32 = 15;

/// A transposition table of a fixed size.
pub struct Table {
    /// The entries, by chunks of `1 << bits` reserved up front; a chunk is empty until an entry
    /// is stored in it.
    chunks: Vec<Vec<Option<Entry>>>,
    bits: u32,
    mask: usize,
    generation: u8,
}

impl Table {
    /// Makes a table of at most `megabytes` (a power of two of entries, at least 1024), its
    /// memory reserved but not yet written; an error if the memory cannot be reserved.
    pub fn new(megabytes: usize) -> Result<Table, TryReserveError> {
        let size = std::mem::size_of::<Option<Entry>>();
        let want = (megabytes.clamp(1, 1 << 16) << 20) / size;
        let mut n: usize = 1024;
        while n * 2 <= want {
            n *= 2;
        }
        let bits = n.trailing_zeros().min(CHUNK_BITS);
        let mut chunks = Vec::new();
        chunks.try_reserve_exact(n >> bits)?;
        for _ in 0..n >> bits {
            let mut chunk = Vec::new();
            chunk.try_reserve_exact(1 << bits)?;
            chunks.push(chunk);
        }
        Ok(Table {
            chunks,
            bits,
            mask: n - 1,
            generation: 0,
        })
    }

    /// Makes the smallest table (1024 entries).
    pub fn smallest() -> Table {
        Table {
            chunks: vec![Vec::with_capacity(1024)],
            bits: 10,
            mask: 1023,
            generation: 0,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.chunks.iter_mut().for_each(|c| c.clear());
    }

    /// Starts a new search: older entries give way first.
    pub fn age(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        let chunk = &self.chunks[i >> self.bits];
        chunk
            .get(i & ((1 << self.bits) - 1))
            .copied()
            .flatten()
            .filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, best: Option<RawMove>, score: i32, depth: i32, bound: Bound) {
        let i = key as usize & self.mask;
        let len = 1 << self.bits;
        let chunk = &mut self.chunks[i >> self.bits];
        if chunk.is_empty() {
            // Within the capacity reserved: this writes (commits) the chunk, allocating nothing.
            chunk.resize(len, None);
        }
        let slot = &mut chunk[i & (len - 1)];
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
