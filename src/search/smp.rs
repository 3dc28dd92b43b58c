//! Lazy SMP: a search on several threads. The extra threads ("helpers") search the same position
//! at the same time with their own move-ordering memory, sharing only the transposition table;
//! what one finds (bounds, best moves) orders and cuts the others' trees. Every other helper
//! starts an iteration one ply deeper, so the threads spread over two depths. The move played,
//! its line and score are the main thread's; the nodes reported are all threads'.

use super::*;
use std::sync::atomic::AtomicU64;

impl Searcher {
    /// Sets the threads a search uses, 1 to [`MAX_THREADS`] (clamped): the helpers share this
    /// searcher's table and evaluation.
    pub fn set_threads(&mut self, threads: usize) {
        let want = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(want);
        while self.helpers.len() < want {
            let mut h = Searcher::new_sharing(self);
            h.deeper = self.helpers.len().is_multiple_of(2);
            self.helpers.push(h);
        }
    }

    /// Gets the threads a search uses.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// A helper of `main`: its game, evaluation and table.
    fn new_sharing(main: &Searcher) -> Searcher {
        let mut h = Searcher::new(main.game.clone(), 1);
        h.eval = main.eval.clone();
        h.see = main.see.clone();
        h.tt = main.tt.clone();
        h.published = Some(Arc::new(AtomicU64::new(0)));
        h
    }

    /// Nodes of the helpers' searches under way, as they last published them.
    pub(super) fn helper_nodes(&self) -> u64 {
        self.counters
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .sum()
    }

    /// Searches with the helpers beside the main thread: they stop when it does.
    pub(super) fn search_shared(
        &mut self,
        pos: &Position,
        limits: &Limits,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let stop = Arc::new(AtomicBool::new(false));
        let mut helpers = std::mem::take(&mut self.helpers);
        self.counters = helpers.iter().filter_map(|h| h.published.clone()).collect();
        self.counters
            .iter()
            .for_each(|c| c.store(0, Ordering::Relaxed));
        let helper_limits = Limits {
            stop: Some(stop.clone()),
            ..Limits::default()
        };
        let result = std::thread::scope(|scope| {
            for h in helpers.iter_mut() {
                h.tt = self.tt.clone();
                let limits = helper_limits.clone();
                scope.spawn(move || h.search_alone(pos, &limits, &mut |_| {}));
            }
            let mut result = self.search_alone(pos, limits, info);
            stop.store(true, Ordering::Relaxed);
            result.nodes += self.helper_nodes();
            result
        });
        self.counters.clear();
        self.helpers = helpers;
        result
    }
}
