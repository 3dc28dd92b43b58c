//! Captures explode (atomic chess): see [`crate::rules::Effect::Blast`].

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::kinds::KindBits;
use crate::engine::plan::Blast;
use crate::engine::position::Pos;
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// The blast of a capture by `side` that landed on `to` and took a piece of `loser`'s:
    /// the pieces a king's step away go (but those that survive nearby blasts), then the
    /// capturing piece (unless it survives every blast). Enemy pieces go where captured pieces
    /// go; the mover's own go to the hand of the player whose piece was taken, as if that player
    /// had captured them (Fairy-Stockfish's rule for two players).
    pub(crate) fn explode(
        &self,
        pos: &mut Pos<B>,
        b: &Blast<B>,
        to: usize,
        side: PlayerId,
        loser: PlayerId,
    ) {
        let near = b.near[to] & pos.occ;
        for c in near.cells().chain(std::iter::once(to)) {
            let Some(p) = pos.piece(c) else { continue };
            let spared = if c == to { b.spare_all } else { b.spare_near };
            if spared.has(p.kind.0) {
                continue;
            }
            self.clear_pending(pos, c);
            self.take(pos, c);
            self.clear_castling(pos, c);
            let captor = if p.owner == side { loser } else { side };
            if captor != p.owner {
                self.to_hand(pos, p, captor);
            }
        }
    }
}
