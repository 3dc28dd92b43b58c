//! Captors that turn into what they took: see [`crate::rules::Effect::Contagion`].

use crate::engine::bits::Bits;
use crate::engine::bits::KindSet;
use crate::engine::core::Engine;
use crate::engine::kinds::KindBits;
use crate::engine::position::{Piece, Pos};
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// Turns the piece of `side`'s that took `victim` on `to` (if it is still there, and is
    /// neither royal nor of a contagious type) into the victim's type.
    pub(crate) fn infect(
        &self,
        pos: &mut Pos<B>,
        to: usize,
        side: PlayerId,
        victim: Piece,
        contagious: &KindSet<B>,
    ) {
        if let Some(p) = pos.piece(to)
            && p.owner == side
            && !self.t.royal_kinds.has(p.kind.0)
            && !contagious.has(p.kind.0)
        {
            let turned = Piece {
                owner: side,
                ..victim
            };
            self.put(pos, to, turned);
        }
    }
}
