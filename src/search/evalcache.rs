//! A cache of static evaluations: the search evaluates the same positions again and again (each
//! iteration of the deepening revisits most of the last one's tree, and transpositions meet), and
//! the evaluation is its most costly part. Each thread keeps its own cache, indexed by the
//! position's key (salted by the root player where the evaluation depends on it), holding the
//! evaluation and the cells the opponents attack. It changes no score: a hit gives what the
//! evaluation would compute, unless two positions share a 64-bit key.

use super::eval::Threats;

/// Entries in a cache (a power of two): 2^15 entries of 48 bytes, 1.5 MB a thread.
const ENTRIES: usize = 1 << 15;

#[derive(Clone, Copy, Default)]
struct Entry {
    /// The salted key, 0 for an empty entry.
    key: u64,
    value: i32,
    threats: Threats,
}

/// One thread's cache of evaluations.
#[derive(Clone)]
pub(super) struct EvalCache {
    entries: Vec<Entry>,
}

impl EvalCache {
    /// An empty cache; its memory is taken at the first store.
    pub(super) fn new() -> EvalCache {
        EvalCache {
            entries: Vec::new(),
        }
    }

    /// The evaluation and threats stored for a salted key, if any.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<(i32, Threats)> {
        let e = self.entries.get(key as usize & (ENTRIES - 1))?;
        (e.key == key && key != 0).then_some((e.value, e.threats))
    }

    /// Keeps an evaluation and its threats for a salted key, in place of what its entry held.
    #[inline]
    pub(super) fn put(&mut self, key: u64, value: i32, threats: Threats) {
        if self.entries.is_empty() {
            self.entries = vec![Entry::default(); ENTRIES];
        }
        self.entries[key as usize & (ENTRIES - 1)] = Entry {
            key,
            value,
            threats,
        };
    }

    /// Forgets every evaluation (new weights, a new game).
    pub(super) fn clear(&mut self) {
        self.entries.clear();
    }
}
