//! Promotion as a move of its own ([`crate::rules::MoveRule::PromoteInPlace`], Sittuyin's): a
//! piece changes its type where it stands, or, where the rule says so, on a step of the new type.

use super::walls::Reach;
use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::plan::InPlacePlan;
use crate::engine::position::{MoveKind, Pos, RawMove};
use crate::rules::{Cell, PlayerId};

impl<B: Bits> Engine<B> {
    /// Adds the legal promotions in place of the player to move to `out`.
    pub(crate) fn add_in_place(
        &self,
        pos: &mut Pos<B>,
        ip: &InPlacePlan<B>,
        out: &mut Vec<RawMove>,
    ) {
        let side = pos.st.side;
        let own = pos.of(ip.piece.0, side);
        let eligible = if ip.anywhere_when_last && own.count() == 1 {
            own
        } else {
            own & ip.zone[side.index()]
        };
        for from in eligible.cells() {
            for &target in &ip.to {
                let full = ip
                    .limit
                    .is_some_and(|n| pos.of(target.0, side).count() >= u32::from(n));
                if full || !self.arrival_ok(pos, target.0, from, from) {
                    continue;
                }
                let mut cells = B::cell(from);
                if ip.moving {
                    cells |= self.reach_as(pos, target.0, from, side) & !pos.occ & self.t.on_board;
                }
                for to in cells.cells() {
                    let m = RawMove {
                        from: Cell(from as u16),
                        to: Cell(to as u16),
                        piece: ip.piece,
                        promotion: Some(target),
                        swap: false,
                        kind: MoveKind::Normal,
                        then: None,
                    };
                    if self.arrival_ok(pos, target.0, from, to)
                        && self.legal_by_test(pos, &m)
                        && !(ip.attacking_nothing && self.attacks_after(pos, &m, side))
                    {
                        out.push(m);
                    }
                }
            }
        }
    }

    /// The cells a piece of type `kind` of `side` on `at` reaches (quietly or capturing), the
    /// board as it stands and `side` to move.
    pub(super) fn reach_as(&self, pos: &Pos<B>, kind: u8, at: usize, side: PlayerId) -> B {
        let kt = self.t.kind(kind, side.index());
        let mut reach = Reach { cells: B::EMPTY };
        self.gen_piece(
            pos,
            kind,
            at,
            kt,
            false,
            !B::EMPTY,
            B::EMPTY,
            false,
            &mut reach,
        );
        reach.cells
    }

    /// Whether, once `m` is made, its promoted piece attacks an enemy piece or the move gives
    /// check.
    fn attacks_after(&self, pos: &mut Pos<B>, m: &RawMove, side: PlayerId) -> bool {
        self.make(pos, m);
        let next = pos.st.side;
        let to = m.to.index();
        let kind = pos.sq[to].kind;
        let mut hits = false;
        if next != side {
            pos.st.side = side;
            let enemies = pos.occ & !pos.by_owner[side.index()] & !pos.walls;
            hits = (self.reach_as(pos, kind, to, side) & enemies).any();
            pos.st.side = next;
        }
        hits = hits || self.checked(pos, next);
        pos.unmake(self.t.royal_kinds);
        hits
    }
}
