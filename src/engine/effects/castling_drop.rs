//! Drops that give castling rights (placement chess): see
//! [`crate::rules::Effect::CastlingByDrops`].

use crate::engine::bits::{Bits, set_of};
use crate::engine::core::Engine;
use crate::engine::position::Pos;
use crate::rules::PieceId;
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// The castling rights a drop of `kind` on `to` gives; `kings` and `partners` are the
    /// zones' cells for each player.
    pub(crate) fn castling_by_drop(
        &self,
        pos: &mut Pos<B>,
        side: PlayerId,
        to: usize,
        kind: PieceId,
        kings: &[B],
        partners: &[B],
    ) {
        let t = &self.t;
        let s = side.index();
        let (kings, partners) = (kings[s], partners[s]);
        let rank = to / t.files;
        let row: B = set_of((rank * t.files..(rank + 1) * t.files).filter(|&c| t.on_board.has(c)));
        for cs in &self.rules.castling {
            let gains = if cs.king == kind && kings.has(to) {
                pos.of(cs.rook.0, side) & partners & row
            } else if cs.rook == kind
                && partners.has(to)
                && (pos.of(cs.king.0, side) & kings & row).any()
            {
                B::cell(to)
            } else {
                B::EMPTY
            };
            for c in (gains & !pos.st.castling).cells() {
                self.add_castling(pos, c);
            }
        }
    }
}
