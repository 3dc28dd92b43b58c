//! Attacks by moves in two legs (see `engine/legs.rs`).

use super::Engine;
use crate::engine::bits::Bits;
use crate::engine::legs::LegsPlan;
use crate::engine::position::Pos;
use crate::rules::PlayerId;

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
                lp.at(k, p, s).iter().any(|fl| {
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
}
