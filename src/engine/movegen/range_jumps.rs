//! The generator and the attack test of captures over lower ranks (see
//! `engine/range_jumps.rs`).

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::movegen::Collect;
use crate::engine::position::{Pos, RawMove};
use crate::engine::range_jumps::RangeJumps;
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// Adds the legal captures over lower ranks of the player to move to `out` (after the other
    /// moves: each takes a piece beyond the first in its line, which no other move of the rider
    /// reaches).
    pub(crate) fn add_range_jumps(
        &self,
        pos: &mut Pos<B>,
        rj: &RangeJumps<B>,
        out: &mut Vec<RawMove>,
    ) {
        let side = pos.st.side;
        let s = side.index();
        let enemies = pos.occ & !pos.by_owner[s] & !pos.walls & !self.guarded(pos);
        let mut found = Vec::new();
        for &k in &rj.kinds {
            let own = rj.ranks[k as usize];
            for from in pos.of(k, side).cells() {
                for line in rj.at(k, s, from) {
                    let mut beyond = false;
                    for &c in &line.cells {
                        let c = c as usize;
                        if !pos.occ.has(c) {
                            continue;
                        }
                        if pos.walls.has(c) {
                            break;
                        }
                        let lower = rj.ranks[pos.sq[c].kind as usize] < own;
                        if beyond && lower && enemies.has(c) && !self.spares(pos, k, c) {
                            found.push(RawMove::normal(from, c, k));
                        }
                        if !lower {
                            break;
                        }
                        beyond = true;
                    }
                }
            }
        }
        // Each with the promotions it may make.
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
            if self.legal_by_test(pos, &m) {
                out.push(m);
            }
        }
    }

    /// Whether a piece of `by` could capture on `target` over lower ranks, the occupied cells
    /// being `occ` and the pieces on `gone` not there (a cell occupied by no piece of the
    /// position counts as rank 0).
    pub(crate) fn range_jump_attacks(
        &self,
        pos: &Pos<B>,
        rj: &RangeJumps<B>,
        target: usize,
        by: PlayerId,
        occ: B,
        gone: B,
    ) -> bool {
        let p = by.index();
        let rank = |c: usize| {
            if pos.walls.has(c) {
                u8::MAX
            } else if gone.has(c) || pos.sq[c].owner.is_none() {
                0
            } else {
                rj.ranks[pos.sq[c].kind as usize]
            }
        };
        rj.kinds.iter().any(|&k| {
            let own = rj.ranks[k as usize];
            if rank(target) >= own || self.spares(pos, k, target) {
                return false;
            }
            (pos.of(k, by) & !gone).cells().any(|s| {
                rj.at(k, p, s).iter().any(|line| {
                    if !line.set.has(target) {
                        return false;
                    }
                    let mut beyond = false;
                    for &c in &line.cells {
                        let c = c as usize;
                        if c == target {
                            return beyond;
                        }
                        if !occ.has(c) {
                            continue;
                        }
                        if rank(c) >= own {
                            return false;
                        }
                        beyond = true;
                    }
                    false
                })
            })
        })
    }
}
