//! The generator of moves in two legs (see `engine/legs.rs`).

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::legs::{Chain, LegsPlan};
use crate::engine::movegen::Collect;
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
                self.add_chains(pos, lp.chains_at(k, s, from), from, k, &mut found);
            }
        }
        // Each with the promotions it may make (a Lion that promotes by capturing).
        let (mut plain, mut promoting) = (Vec::new(), Vec::new());
        for m in found {
            if self.rules.pieces[m.piece.index()].promotions.is_empty() {
                plain.push(m);
            } else {
                let mut sink = Collect {
                    safe: &mut promoting,
                    suspect: &mut plain,
                };
                let (from, to) = (m.from.index(), m.to.index());
                self.push(pos, m.piece.0, from, to, m.kind, true, &mut sink);
                plain.append(&mut promoting);
            }
        }
        for m in plain {
            if !out.contains(&m) && self.legal_by_test(pos, &m) {
                out.push(m);
            }
        }
    }
}

/// What a cell holds for a leg of a move in legs: nothing (the start, where the piece left, and a
/// cell it captured on are empty), an enemy it may capture, or another piece.
#[derive(Clone, Copy, PartialEq)]
enum Held {
    Empty,
    Enemy,
    Other,
}

impl<B: Bits> Engine<B> {
    /// Adds the moves in three legs of a piece of type `kind` on `from` to `found`, each
    /// written by what it does: a plain move, a move in two legs over the one cell it captures
    /// on, or [`MoveKind::ThreeLegs`] where it captures on both.
    fn add_chains(
        &self,
        pos: &Pos<B>,
        chains: &[Chain],
        from: usize,
        kind: u8,
        found: &mut Vec<RawMove>,
    ) {
        if chains.is_empty() {
            return;
        }
        let mine = pos.by_owner[pos.st.side.index()];
        let enemies = pos.occ & !mine & !pos.walls & !self.guarded(pos);
        let held = |c: usize, gone: &[usize]| {
            if c == from || gone.contains(&c) || !pos.occ.has(c) {
                Held::Empty
            } else if enemies.has(c) && !self.spares(pos, kind, c) {
                Held::Enemy
            } else {
                Held::Other
            }
        };
        for ch in chains {
            let [a, b] = ch.via.map(usize::from);
            let to = ch.to as usize;
            // Each leg before the last passes its cell or captures there, as its stop allows.
            for take_a in [false, true] {
                let ha = held(a, &[]);
                let ok_a = match ha {
                    Held::Empty => !take_a && ch.stops[0].empty,
                    Held::Enemy if take_a => ch.stops[0].capture,
                    _ => !take_a && ch.stops[0].hop,
                };
                if !ok_a {
                    continue;
                }
                let gone: &[usize] = if take_a { &[a] } else { &[] };
                for take_b in [false, true] {
                    let ok_b = match held(b, gone) {
                        Held::Empty => !take_b && ch.stops[1].empty,
                        Held::Enemy if take_b => ch.stops[1].capture,
                        _ => !take_b && ch.stops[1].hop,
                    };
                    if !ok_b {
                        continue;
                    }
                    let gone2 = [a, b];
                    let gone: &[usize] = match (take_a, take_b) {
                        (true, true) => &gone2,
                        (true, false) => &gone2[..1],
                        (false, true) => &gone2[1..],
                        _ => &[],
                    };
                    let ok = match held(to, gone) {
                        Held::Empty => ch.mode.moves(),
                        Held::Enemy => ch.mode.captures(),
                        Held::Other => false,
                    };
                    if !ok {
                        continue;
                    }
                    // Where it ends on a cell it captured on, that capture is the end's.
                    let mut kills = [(a, take_a), (b, take_b)]
                        .into_iter()
                        .filter(|&(c, t)| t && c != to)
                        .map(|(c, _)| c);
                    let m = match (kills.next(), kills.next()) {
                        (Some(x), Some(y)) => {
                            let mut m = RawMove::normal(from, to, kind);
                            m.kind = MoveKind::ThreeLegs {
                                via: [Cell(x as u16), Cell(y as u16)],
                            };
                            m
                        }
                        (Some(x), None) => leg_move(from, x, to, kind, true),
                        _ => leg_move(from, a, to, kind, false),
                    };
                    if !found.contains(&m) {
                        found.push(m);
                    }
                }
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
