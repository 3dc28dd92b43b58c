//! Attacks by moves in two legs (see `engine/legs.rs`).

use super::Engine;
use crate::engine::bits::Bits;
use crate::engine::legs::{Chain, LegsPlan};
use crate::engine::position::Pos;
use crate::rules::{LegStop, PlayerId};

impl<B: Bits> Engine<B> {
    /// Whether a piece of `by` could capture on `target` by a move in legs, the occupied cells
    /// being `occ` and the pieces on `gone` not there.
    pub(crate) fn leg_attacks(
        &self,
        pos: &Pos<B>,
        lp: &LegsPlan,
        target: usize,
        by: PlayerId,
        occ: B,
        gone: B,
    ) -> bool {
        let p = by.index();
        let theirs = pos.by_owner[p] & !gone;
        lp.kinds.iter().any(|&k| {
            (pos.of(k, by) & !gone).cells().any(|s| {
                lp.chains_at(k, p, s)
                    .iter()
                    .any(|ch| self.chain_attacks(pos, ch, (s, k, target), occ, theirs))
                    || lp.at(k, p, s).iter().any(|fl| {
                        if fl.pass.iter().any(|&c| occ.has(c as usize)) {
                            return false;
                        }
                        let via = fl.via as usize;
                        if via == target {
                            // Captured between the legs, if the second leg can end somewhere.
                            return fl.stop.capture
                                && !self.spares(pos, k, target)
                                && fl.to.iter().any(|&to| {
                                    let to = to as usize;
                                    if to == s || !occ.has(to) {
                                        fl.mode.moves()
                                    } else {
                                        fl.mode.captures() && !theirs.has(to)
                                    }
                                });
                        }
                        let stops = if !occ.has(via) {
                            fl.stop.empty
                        } else if theirs.has(via) {
                            fl.stop.hop
                        } else {
                            fl.stop.hop || fl.stop.capture
                        };
                        // A second leg that rides reaches the target over empty cells.
                        let rides_to = || {
                            fl.rays.iter().any(|ray| {
                                for &c in ray {
                                    if c as usize == target {
                                        return true;
                                    }
                                    if occ.has(c as usize) {
                                        return false;
                                    }
                                }
                                false
                            })
                        };
                        stops
                            && fl.mode.captures()
                            && (fl.to.contains(&(target as u16)) || rides_to())
                            && !self.spares(pos, k, target)
                    })
            })
        })
    }

    /// Whether a move in three legs of a piece of type `k` on `from` could capture on `target`
    /// (between its legs or where it ends), the occupied cells being `occ` and its owner's
    /// `theirs`.
    fn chain_attacks(
        &self,
        pos: &Pos<B>,
        ch: &Chain,
        (from, k, target): (usize, u8, usize),
        occ: B,
        theirs: B,
    ) -> bool {
        let [a, b] = ch.via.map(usize::from);
        let to = ch.to as usize;
        if ![a, b, to].contains(&target) || self.spares(pos, k, target) {
            return false;
        }
        // What a cell holds once the cells in `gone` are emptied: 0 nothing, 1 a piece the
        // mover may capture (the target, whatever stands there), 2 one of its own.
        let held = |c: usize, gone: &[usize]| {
            if gone.contains(&c) {
                0
            } else if c == target {
                1
            } else if c == from || !occ.has(c) {
                0
            } else if theirs.has(c) {
                2
            } else {
                1
            }
        };
        let leg = |h: u8, take: bool, stop: LegStop| match h {
            0 => !take && stop.empty,
            1 if take => stop.capture,
            _ => !take && stop.hop,
        };
        [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .any(|(ta, tb)| {
                let gone: Vec<usize> = [(a, ta), (b, tb)]
                    .into_iter()
                    .filter(|x| x.1)
                    .map(|x| x.0)
                    .collect();
                let end = held(to, &gone);
                leg(held(a, &[]), ta, ch.stops[0])
                    && leg(held(b, &gone[..usize::from(ta)]), tb, ch.stops[1])
                    && match end {
                        0 => ch.mode.moves(),
                        1 => ch.mode.captures(),
                        _ => false,
                    }
                    && ((ta && a == target) || (tb && b == target) || (end == 1 && to == target))
            })
    }
}
