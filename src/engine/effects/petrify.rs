//! Capturers that turn into walls: see [`crate::rules::Effect::Petrify`].

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::position::Pos;
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// Turns the piece of `side`'s that captured on `to` into a wall, if it is still there.
    pub(crate) fn petrify(&self, pos: &mut Pos<B>, to: usize, side: PlayerId) {
        if pos.piece(to).is_some_and(|p| p.owner == side) {
            self.take(pos, to);
            self.add_wall(pos, to);
        }
    }
}
