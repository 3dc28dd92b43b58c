//! What moves do beyond moving, taking and promoting: one file per effect, run in the plan's
//! order by [`Engine::effects`] (the hot path calls it only where the plan has effects).

mod blast;
mod burn;
mod capturer;
mod castling_drop;
mod contagion;
mod flip;
mod petrify;
mod wall;

use super::bits::Bits;
use super::core::Engine;
use super::plan::EffectPlan;
use super::position::{MoveKind, Piece, Pos, RawMove};
use crate::engine::kinds::KindBits;
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// Runs the plan's effects on a move `side` just made (`loser`: the owner of the piece it
    /// took, if any; `taken`: the piece it took on the cell where it ended, if any). Returns
    /// whether they removed a piece that the move did not capture (a burn), which resets the
    /// clock.
    #[cold]
    #[inline(never)]
    pub(crate) fn effects(
        &self,
        pos: &mut Pos<B>,
        m: &RawMove,
        side: PlayerId,
        loser: Option<PlayerId>,
        taken: Option<Piece>,
    ) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let drop = m.kind == MoveKind::Drop;
        let mut burned = false;
        for e in &self.plan.effects {
            match e {
                EffectPlan::CastlingByDrops { kings, partners } if drop => {
                    self.castling_by_drop(pos, side, to, m.piece, kings, partners);
                }
                EffectPlan::FlipEnclosed if drop => self.flip_enclosed(pos, to, side),
                EffectPlan::Blast if !drop => {
                    if let (Some(b), Some(loser)) = (&self.plan.blast, loser) {
                        self.explode(pos, b, to, side, loser);
                    }
                }
                EffectPlan::LeaveWalls if !drop => self.leave_wall(pos, from),
                // After a drop, FSF's quadwrangle flips only where an own piece stands by.
                EffectPlan::FlipNeighbours { near, touching }
                    if !(drop && *touching) || (near[to] & pos.by_owner[side.index()]).any() =>
                {
                    self.flip_neighbours(pos, near, to, side);
                }
                EffectPlan::Petrify(kinds) if loser.is_some() && kinds.has(m.piece.0) => {
                    self.petrify(pos, to, side);
                }
                EffectPlan::Contagion(kinds) => {
                    if let Some(victim) = taken.filter(|v| kinds.has(v.kind.0)) {
                        self.infect(pos, to, side, victim, kinds);
                    }
                }
                EffectPlan::CapturerTurns => {
                    if let Some(loser) = loser {
                        self.turn_capturer(pos, to, side, loser);
                    }
                }
                EffectPlan::Burn {
                    burners,
                    passive,
                    near,
                } if !drop => {
                    burned |= self.burn(
                        pos,
                        (*burners, *passive, near.as_slice()),
                        m.piece.0,
                        to,
                        side,
                    );
                }
                _ => {}
            }
        }
        burned
    }
}
