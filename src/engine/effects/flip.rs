//! Pieces that change owner: those a drop encloses ([`crate::rules::Effect::FlipEnclosed`]) and
//! those next to where a piece lands ([`crate::rules::Effect::FlipNeighbours`],
//! [`crate::rules::Effect::FlipNeighboursOfTouching`]).

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::plan::KING_STEPS;
use crate::engine::position::{Piece, Pos};
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// Gives the enemy pieces a drop of `side`'s on `to` encloses to `side`.
    pub(crate) fn flip_enclosed(&self, pos: &mut Pos<B>, to: usize, side: PlayerId) {
        let enclosed = self.enclosed(pos, to, side);
        self.flip(pos, enclosed, side);
    }

    /// Gives the pieces next to `to` to `side`, if its piece landed there.
    pub(crate) fn flip_neighbours(&self, pos: &mut Pos<B>, near: &[B], to: usize, side: PlayerId) {
        if pos.piece(to).is_some_and(|p| p.owner == side) {
            self.flip(pos, near[to] & pos.occ, side);
        }
    }

    /// Gives the pieces on `cells` that are not `side`'s to `side`.
    fn flip(&self, pos: &mut Pos<B>, cells: B, side: PlayerId) {
        for c in (cells & !pos.by_owner[side.index()]).cells() {
            if let Some(p) = pos.piece(c) {
                let p = Piece { owner: side, ..p };
                self.put(pos, c, p);
            }
        }
    }

    /// The enemy pieces of `side` that a piece of its on `to` encloses: in each orthogonal or
    /// diagonal direction, one or more enemy pieces in a row, then a piece of `side`'s.
    pub(crate) fn enclosed(&self, pos: &Pos<B>, to: usize, side: PlayerId) -> B {
        let b = &self.rules.board;
        let (f0, r0) = ((to % self.t.files) as i32, (to / self.t.files) as i32);
        let mine = pos.by_owner[side.index()];
        let mut out = B::EMPTY;
        for (df, dr) in KING_STEPS {
            let mut line = B::EMPTY;
            let (mut f, mut r) = (f0 + df, r0 + dr);
            while let Some(c) = b.cell(f, r).map(|c| c.index()) {
                if mine.has(c) {
                    out |= line;
                    break;
                }
                if !pos.occ.has(c) {
                    break;
                }
                line |= B::cell(c);
                f += df;
                r += dr;
            }
        }
        out
    }
}
