//! A move's second part: the wall its player puts on an empty cell after the move
//! ([`crate::rules::MoveRule::Wall`]).

use super::Sink;
use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::plan::WallPlan;
use crate::engine::position::{Pos, RawMove, Then};
use crate::rules::{Cell, PlayerId, WallCells};

/// Gathers the cells a piece's quiet moves reach.
pub(super) struct Reach<B> {
    pub(super) cells: B,
}

impl<B: Bits> Sink<B> for Reach<B> {
    fn add(&mut self, m: RawMove, _suspect: bool) {
        self.cells |= B::cell(m.to.index());
    }

    fn add_plain(&mut self, _from: usize, _piece: u8, targets: B) {
        self.cells |= targets;
    }

    fn add_drops(&mut self, _piece: u8, _targets: B) {}
}

impl<B: Bits> Engine<B> {
    /// Completes every first part in `firsts` with each cell its wall may go on, into `out`: the
    /// cells empty once the first part is made (so a duck may not stay where it stands), of the
    /// mover's region, and for [`WallCells::Reach`] those the moved piece could move to from its
    /// new cell. Where royals stand, each whole move is tested: a wall may block a check.
    pub(crate) fn add_walls(
        &self,
        pos: &mut Pos<B>,
        w: &WallPlan<B>,
        firsts: &[RawMove],
        out: &mut Vec<RawMove>,
    ) {
        let t = &self.t;
        let mover = pos.st.side;
        let tested = pos.royals.any();
        for m in firsts {
            self.make(pos, m);
            let mut cells = w.region[mover.index()] & !pos.occ & t.on_board;
            if w.cells == WallCells::Reach {
                cells &= self.quiet_reach(pos, mover, m.to.index());
            }
            pos.unmake(t.royal_kinds);
            for c in cells.cells() {
                let full = RawMove {
                    then: Some(Then::Wall(Cell(c as u16))),
                    ..*m
                };
                if !tested || self.legal_by_test(pos, &full) {
                    out.push(full);
                }
            }
        }
    }

    /// The empty cells the piece on `at` could move to, moving for `mover` (the position is
    /// the one after its move, with the next player to move).
    fn quiet_reach(&self, pos: &mut Pos<B>, mover: PlayerId, at: usize) -> B {
        if !pos.by_owner[mover.index()].has(at) {
            // The piece is gone (an effect of its move took it).
            return B::EMPTY;
        }
        let next = pos.st.side;
        pos.st.side = mover;
        let reach = self.reach_as(pos, pos.sq[at].kind, at, mover);
        pos.st.side = next;
        reach & !pos.occ
    }
}
