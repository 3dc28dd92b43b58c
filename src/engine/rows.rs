//! `N in a row` (see [`crate::rules::Row`]): after a move, whether the player who made it has
//! the row. A line of `n` is found with `n - 1` shifts of the player's pieces along each step:
//! what survives them all is the last cell of a line of `n`, as Fairy-Stockfish finds its
//! `connectN`.

use super::bits::Bits;
use super::core::Engine;
use super::plan::RowPlan;
use super::position::Pos;
use crate::engine::kinds::KindBits;
use crate::rules::Outcome;
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// The first row rule the player who just moved satisfies, with what it means for it.
    pub(crate) fn row_made(
        &self,
        pos: &Pos<B>,
        rows: &[RowPlan<B>],
    ) -> Option<(super::Reason, PlayerId, Outcome)> {
        let mover = self.previous_player(pos.st.eliminated, pos.st.side);
        let own = pos.by_owner[mover.index()];
        for row in rows {
            let mut pieces = own & row.cells[mover.index()];
            if row.kinds.any() {
                pieces &= Self::of_kinds(pos, row.kinds);
            }
            if pieces.count() < row.length as u32 {
                continue;
            }
            for &(shift, from) in &row.steps {
                let mut run = pieces;
                for _ in 1..row.length {
                    run = pieces & (run & from).shift(shift);
                    if run.none() {
                        break;
                    }
                }
                if run.any() {
                    return Some((super::Reason::Row, mover, row.outcome));
                }
            }
        }
        None
    }
}
