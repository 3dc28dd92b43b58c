//! Drops from the hand.

use super::Sink;
use crate::engine::bits::{Bits, set_of};
use crate::engine::core::Engine;
use crate::engine::core::safety::Safety;
use crate::engine::index::AsIndex;
use crate::engine::kinds::KindBits;
use crate::engine::position::{MoveKind, Pos, RawMove};
use crate::rules::{Cell, PieceId, Royalty};

impl<B: Bits> Engine<B> {
    /// The cells a drop of type `kind` may not take for types kept on both colours (see
    /// [`crate::rules::DropRules::on_both_colours`]): for `kind` itself, a colour already holding
    /// half of its pieces (rounded up); for another type, the free cells such a type still needs.
    #[cold]
    #[inline(never)]
    fn colour_room(&self, pos: &Pos<B>, kind: u8, empty: B) -> B {
        let t = &self.t;
        let side = pos.st.side;
        let s = side.index();
        let colours = [t.even & t.on_board, !t.even & t.on_board];
        let mut out = B::EMPTY;
        for &k in &self.both_colours {
            let own = pos.of(k, side);
            let total = own.count() + pos.hand(side, k) as u32;
            if k == kind {
                for colour in colours {
                    if (own & colour).count() + 1 > total.div_ceil(2) {
                        out |= colour;
                    }
                }
                continue;
            }
            let mut free = empty & self.drop_cells[k.index() * t.players + s];
            if let Some(z) = self.rules.pieces[k.index()].drops.zone {
                free &= t.zone(z, s);
            }
            for colour in colours {
                let have = ((own | free) & colour).count();
                if have < total / 2 {
                    return !B::EMPTY;
                } else if have == total / 2 {
                    out |= free & colour;
                }
            }
        }
        out
    }

    pub(super) fn gen_drops<S: Sink<B>>(&self, pos: &Pos<B>, safety: &Safety<B>, out: &mut S) {
        let t = &self.t;
        let side = pos.st.side;
        let s = side.index();
        let base = s * t.kinds;
        if self.plan.no_drops {
            return;
        }
        if self.plan.free_drops.none() && pos.hands[base..base + t.kinds].iter().all(|&n| n == 0) {
            return;
        }
        let empty = !pos.occ & t.on_board;
        // Where drops must enclose or touch: the cells that may take a drop at all.
        let placed = if !self.plan.drop_shapes.is_empty() {
            self.drop_shape_cells(pos, empty)
        } else {
            !B::EMPTY
        };
        for slot in 0..t.kinds {
            if pos.hands[base + slot] == 0 && self.plan.free_drops.none() {
                continue;
            }
            for &kind in &t.members[slot] {
                if pos.hands[base + slot] == 0 && !self.plan.free_drops.has(kind) {
                    continue;
                }
                let rules = &self.rules.pieces[kind.index()].drops;
                let mut allowed = empty & self.drop_cells[kind.index() * t.players + s] & placed;
                if let Some(z) = rules.zone {
                    allowed &= t.zone(z, s);
                }
                if !self.both_colours.is_empty() {
                    allowed &= !self.colour_room(pos, kind, empty);
                }
                if rules
                    .max_on_board
                    .is_some_and(|m| pos.of(kind, side).count() >= m as u32)
                {
                    continue;
                }
                if rules.max_per_file.is_some() || rules.max_per_colour.is_some() {
                    let own = pos.of(kind, side);
                    if let Some(m) = rules.max_per_file {
                        for &cells in &t.file_cells {
                            if (own & cells).count() >= m as u32 {
                                allowed &= !cells;
                            }
                        }
                    }
                    if let Some(m) = rules.max_per_colour {
                        for colour in [t.even, !t.even & t.on_board] {
                            if (own & colour).count() >= m as u32 {
                                allowed &= !colour;
                            }
                        }
                    }
                }
                allowed &= safety.block;
                let mut risky = if safety.test_all {
                    allowed
                } else {
                    allowed & safety.danger
                };
                if t.royal_kinds.has(kind) {
                    // A dropped royal may not land attacked. Out of check, where each royal
                    // counts and a drop off the dangerous cells cannot expose another, its cell
                    // is looked at as a royal's step's would be; otherwise the full test.
                    if self.royal_steps_plain
                        && !safety.in_check
                        && self.rules.royalty == Royalty::Each
                        && !self.plan.facing
                    {
                        let calm = allowed & !risky;
                        allowed = risky
                            | set_of(calm.cells().filter(|&c| self.royal_step_safe(pos, c, c)));
                    } else {
                        risky = allowed;
                    }
                }
                out.add_drops(kind, allowed & !risky);
                for to in risky.cells() {
                    let m = RawMove {
                        then: None,
                        from: Cell(to as u16),
                        to: Cell(to as u16),
                        piece: PieceId(kind),
                        promotion: None,
                        swap: false,
                        kind: MoveKind::Drop,
                    };
                    out.add(m, true);
                }
            }
        }
    }
}
