//! The generator of moves in two legs (see `engine/legs.rs`).

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::legs::LegsPlan;
use crate::engine::position::{MoveKind, Pos, RawMove};
use crate::rules::Cell;

impl<B: Bits> Engine<B> {
    /// Adds the legal moves in legs of the player to move to `out` (after the other moves, which
    /// a move in legs that only passes a cell may repeat).
    pub(crate) fn add_legs(&self, pos: &mut Pos<B>, lp: &LegsPlan, out: &mut Vec<RawMove>) {
        let side = pos.st.side;
        let s = side.index();
        let mine = pos.by_owner[s];
        let enemies = pos.occ & !mine & !pos.walls & !self.guarded(pos);
        let mut found = Vec::new();
        for &k in &lp.kinds {
            // A first leg that captures may take en passant where this type may (the victim
            // goes, the piece goes on from the empty cell, `make` takes the victim).
            let ep = self.ep_open(pos, k, !pos.occ);
            for from in pos.of(k, side).cells() {
                for fl in lp.at(k, s, from) {
                    if fl.pass.iter().any(|&c| pos.occ.has(c as usize)) {
                        continue;
                    }
                    let via = fl.via as usize;
                    // Whether the first leg may stop there, passing it or capturing.
                    let (pass, capture) = if !pos.occ.has(via) {
                        (fl.stop.empty, fl.stop.capture && ep.has(via))
                    } else if enemies.has(via) {
                        (fl.stop.hop, fl.stop.capture && !self.spares(pos, k, via))
                    } else {
                        (fl.stop.hop, false)
                    };
                    for captures in [false, true] {
                        if !(if captures { capture } else { pass }) {
                            continue;
                        }
                        for &to in &fl.to {
                            let to = to as usize;
                            let ok = if to == from || !pos.occ.has(to) {
                                fl.mode.moves()
                            } else {
                                fl.mode.captures() && enemies.has(to) && !self.spares(pos, k, to)
                            };
                            // Coming back over a piece it could capture, written as the capture.
                            let same = to == from && !captures && capture;
                            if ok && !same {
                                found.push(leg_move(from, via, to, k, captures));
                            }
                        }
                        // A second leg that rides: over empty cells, to the first piece.
                        for ray in &fl.rays {
                            for &to in ray {
                                let to = to as usize;
                                let ok = if !pos.occ.has(to) {
                                    fl.mode.moves()
                                } else {
                                    fl.mode.captures()
                                        && enemies.has(to)
                                        && !self.spares(pos, k, to)
                                };
                                if ok {
                                    found.push(leg_move(from, via, to, k, captures));
                                }
                                if pos.occ.has(to) {
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }
        for m in found {
            if !out.contains(&m) && self.legal_by_test(pos, &m) {
                out.push(m);
            }
        }
    }
}

/// The move of a piece of type `kind` from `from` over `via` to `to`: in legs where it captures
/// on `via` or comes back, else a plain move.
fn leg_move(from: usize, via: usize, to: usize, kind: u8, captures: bool) -> RawMove {
    let mut m = RawMove::normal(from, to, kind);
    if captures || to == from {
        m.kind = MoveKind::Legs {
            via: Cell(via as u16),
            capture: captures,
        };
    }
    m
}
