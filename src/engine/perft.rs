//! Perft: counting the leaves of the tree of legal moves.

use super::bits::Bits;
use super::core::Engine;
use super::position::{Pos, RawMove};

impl<B: Bits> Engine<B> {
    pub(super) fn perft(&self, pos: &mut Pos<B>, depth: u32) -> u64 {
        let mut buffers = vec![(Vec::with_capacity(256), Vec::with_capacity(64)); depth as usize];
        self.perft_with(pos, depth, &mut buffers)
    }

    /// Perft with one reusable move list per ply; a player left without moves where that
    /// eliminates is removed when its turn comes, not on every move.
    fn perft_with(
        &self,
        pos: &mut Pos<B>,
        depth: u32,
        buffers: &mut [(Vec<RawMove>, Vec<RawMove>)],
    ) -> u64 {
        let Some(((moves, suspects), rest)) = buffers.split_first_mut() else {
            return 1;
        };
        if depth == 1 && !self.plan.special() {
            let n = self.count_legal(pos, suspects);
            if n == 0 && self.eliminates && self.settle_one(pos) {
                return self.perft_with(pos, depth, buffers);
            }
            return n;
        }
        self.legal_moves_with(pos, moves, suspects);
        if moves.is_empty() && self.eliminates && self.settle_one(pos) {
            return self.perft_with(pos, depth, buffers);
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut n = 0;
        for m in moves.iter() {
            self.make(pos, m);
            n += self.perft_with(pos, depth - 1, rest);
            pos.unmake(self.t.royal_kinds);
        }
        n
    }

    pub(super) fn divide(&self, pos: &mut Pos<B>, depth: u32) -> Vec<(RawMove, u64)> {
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        moves
            .into_iter()
            .map(|m| {
                self.play(pos, &m);
                let n = if depth <= 1 {
                    1
                } else {
                    self.perft(pos, depth - 1)
                };
                pos.unmake(self.t.royal_kinds);
                (m, n)
            })
            .collect()
    }
}
