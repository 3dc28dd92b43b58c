//! Pickups ([`crate::rules::MoveRule::Pickup`], Twilight chess's): a move that takes one of the
//! mover's pieces from the board into its hand.

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::kinds::KindBits;
use crate::engine::position::{MoveKind, Pos, RawMove};
use crate::rules::{Cell, PieceId};

impl<B: Bits> Engine<B> {
    /// Adds the legal pickups of the player to move to `out`: each of its pieces of a listed
    /// type, unless taking it away leaves a royal piece of its own attacked.
    pub(crate) fn add_pickups(&self, pos: &mut Pos<B>, out: &mut Vec<RawMove>) {
        let side = pos.st.side;
        for kind in self.plan.pickups.iter() {
            for c in pos.of(kind, side).cells() {
                let m = RawMove {
                    from: Cell(c as u16),
                    to: Cell(c as u16),
                    piece: PieceId(kind),
                    promotion: None,
                    swap: false,
                    kind: MoveKind::Pickup,
                    then: None,
                };
                if self.legal_by_test(pos, &m) {
                    out.push(m);
                }
            }
        }
    }
}
