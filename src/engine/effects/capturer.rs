//! Capturers change sides: see [`crate::rules::Effect::CapturerTurns`].

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::kinds::KindBits;
use crate::engine::position::{Piece, Pos};
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// Gives the piece of `side`'s that captured on `to` (if it is still there, and is not
    /// royal) to `loser`, the player whose piece it took.
    pub(crate) fn turn_capturer(
        &self,
        pos: &mut Pos<B>,
        to: usize,
        side: PlayerId,
        loser: PlayerId,
    ) {
        if let Some(p) = pos.piece(to)
            && p.owner == side
            && !self.t.royal_kinds.has(p.kind.0)
        {
            let turned = Piece { owner: loser, ..p };
            self.put(pos, to, turned);
        }
    }
}
