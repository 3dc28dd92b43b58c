//! Pieces leave walls: see [`crate::rules::Effect::LeaveWalls`].

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::position::Pos;

impl<B: Bits> Engine<B> {
    /// Walls up the cell a piece left, if it stayed empty.
    pub(crate) fn leave_wall(&self, pos: &mut Pos<B>, from: usize) {
        if pos.is_empty(from) {
            self.add_wall(pos, from);
        }
    }
}
