//! Burning (Tenjiku Shogi's Fire Demon): see [`crate::rules::Effect::Burn`].

use crate::engine::bits::Bits;
use crate::engine::bits::KindSet;
use crate::engine::core::Engine;
use crate::engine::kinds::KindBits;
use crate::engine::position::Pos;
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// Burns after a move of `side`'s that ended on `to`, made by a piece of type `mover` (as it
    /// moved): where burning is passive and an enemy burner stands next to `to`, the piece there
    /// burns; else, if `mover` burns, so does every enemy piece next to `to`. Returns whether a
    /// piece burned.
    pub(crate) fn burn(
        &self,
        pos: &mut Pos<B>,
        (burners, passive, near): (KindSet<B>, bool, &[B]),
        mover: u8,
        to: usize,
        side: PlayerId,
    ) -> bool {
        if !pos.by_owner[side.index()].has(to) {
            return false;
        }
        let enemies = pos.occ & !pos.by_owner[side.index()] & !pos.walls;
        let around = near[to] & enemies;
        if passive && let Some(c) = around.cells().find(|&c| burners.has(pos.sq[c].kind)) {
            let burner = pos.sq[c].owner.map(|o| o.player());
            self.remove_burned(pos, to, burner);
            return true;
        }
        if !burners.has(mover) || around.none() {
            return false;
        }
        for c in around.cells() {
            self.remove_burned(pos, c, Some(side));
        }
        true
    }

    /// Removes the piece on `c` as if `captor` had captured it.
    fn remove_burned(&self, pos: &mut Pos<B>, c: usize, captor: Option<PlayerId>) {
        self.clear_pending(pos, c);
        if let Some(p) = self.take(pos, c) {
            self.clear_castling(pos, c);
            if let Some(captor) = captor.filter(|&k| k != p.owner) {
                self.to_hand(pos, p, captor);
            }
        }
    }
}
