//! The transposition table: a fixed array of entries indexed by the position key, shared by the
//! threads of one search (lazy SMP) without locks. Each entry is three 64-bit words written and
//! read one at a time: the key (mixed with the other two), the packed score, depth, bound and
//! generation, and the best move's fingerprint ([`fingerprint`]). A probe that meets an entry
//! half written by another thread sees a key that does not match, and takes it for a miss.
//!
//! The memory is asked of the allocator zeroed (so a size the system cannot give is refused when
//! the table is made, and the pages are committed as the search writes them).

use crate::engine::RawMove;
use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::hash::{Hash, Hasher};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

impl Bound {
    /// What the best score `best` of a search within the window (`alpha`, `beta`) says.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

#[derive(Clone, Copy)]
pub struct Entry {
    /// The best move's [`fingerprint`], if one is known.
    pub best: Option<u64>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    generation: u8,
}

/// Words per entry.
const WORDS: usize = 3;

/// A 64-bit fingerprint of a move, never 0: the table keeps it instead of the move, and a move
/// is the table's when its fingerprint is the one stored ([`is_move`]). The low half is the
/// move's cells, the high half a hash of the whole move.
pub fn fingerprint(m: &RawMove) -> u64 {
    let mut h = Fold(0);
    m.hash(&mut h);
    cells(m) as u64 | (h.0 >> 32 | 1 << 31) << 32
}

fn cells(m: &RawMove) -> u32 {
    m.from.0 as u32 | (m.to.0 as u32) << 16
}

/// Whether a move is the one of this fingerprint (its cells compared first, cheaply).
pub fn is_move(fingerprint: u64, m: &RawMove) -> bool {
    fingerprint as u32 == cells(m) && self::fingerprint(m) == fingerprint
}

/// A small multiplicative hasher (moves are a few integers).
struct Fold(u64);

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A transposition table of a fixed size, shared by reference between threads.
pub struct Table {
    words: NonNull<AtomicU64>,
    /// Entries, a power of two.
    len: usize,
    generation: AtomicU8,
}

// The words are atomics, read and written only through shared references.
unsafe impl Send for Table {}
unsafe impl Sync for Table {}

impl Drop for Table {
    fn drop(&mut self) {
        // SAFETY: allocated in `with_entries` with this layout.
        unsafe { dealloc(self.words.as_ptr().cast(), Self::layout(self.len)) }
    }
}

/// The allocator could not give the memory a hash table asked for.
#[derive(Debug, thiserror::Error)]
#[error("the memory for the hash table could not be had")]
pub struct NoMemory;

impl Table {
    fn layout(len: usize) -> Layout {
        Layout::array::<AtomicU64>(len * WORDS).expect("a table size checked when made")
    }

    fn with_entries(len: usize) -> Result<Table, NoMemory> {
        // SAFETY: the layout is not empty; zero bytes are a valid AtomicU64.
        let ptr = unsafe { alloc_zeroed(Self::layout(len)) };
        let words = NonNull::new(ptr.cast::<AtomicU64>()).ok_or(NoMemory)?;
        Ok(Table {
            words,
            len,
            generation: AtomicU8::new(0),
        })
    }

    /// Makes a table of at most `megabytes` (a power of two of entries, at least 1024); an
    /// error if the memory cannot be had.
    pub fn new(megabytes: usize) -> Result<Table, NoMemory> {
        let size = WORDS * 8;
        let want = (megabytes.clamp(1, 1 << 16) << 20) / size;
        let mut n: usize = 1024;
        while n * 2 <= want {
            n *= 2;
        }
        Table::with_entries(n)
    }

    /// Makes the smallest table (1024 entries).
    pub fn smallest() -> Table {
        Table::with_entries(1024).expect("24 KiB")
    }

    fn slot(&self, key: u64) -> &[AtomicU64] {
        let i = (key as usize & (self.len - 1)) * WORDS;
        // SAFETY: `i + WORDS <= len * WORDS`, within the allocation, which lives as long as self.
        unsafe { std::slice::from_raw_parts(self.words.as_ptr().add(i), WORDS) }
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        // SAFETY: as in `slot`, for the whole allocation.
        let all = unsafe { std::slice::from_raw_parts(self.words.as_ptr(), self.len * WORDS) };
        all.iter().for_each(|w| w.store(0, Ordering::Relaxed));
    }

    /// Starts a new search: older entries give way first.
    pub fn age(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let w = self.slot(key);
        let (k, data, mv) = (
            w[0].load(Ordering::Relaxed),
            w[1].load(Ordering::Relaxed),
            w[2].load(Ordering::Relaxed),
        );
        // A data word is never 0 (its bound is stored plus one): an empty slot never matches.
        if data == 0 || k ^ data ^ mv != key {
            return None;
        }
        let bound = match (data >> 48) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            best: (mv != 0).then_some(mv),
            score: data as u32 as i32,
            depth: (data >> 32) as u16 as i16,
            bound,
            generation: (data >> 56) as u8,
        })
    }

    pub fn store(&self, key: u64, best: Option<u64>, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let old = self.probe(key);
        if let Some(old) = old
            && old.generation == generation
            && old.depth as i32 > depth
            && bound != Bound::Exact
        {
            return;
        }
        let best = best.or_else(|| old.and_then(|o| o.best)).unwrap_or(0);
        let depth = depth.clamp(-1, 1000) as i16;
        let b = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data =
            score as u32 as u64 | (depth as u16 as u64) << 32 | b << 48 | (generation as u64) << 56;
        let w = self.slot(key);
        w[0].store(key ^ data ^ best, Ordering::Relaxed);
        w[1].store(data, Ordering::Relaxed);
        w[2].store(best, Ordering::Relaxed);
    }
}
