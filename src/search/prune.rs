//! Pruning at a node before its moves are searched: the static evaluation far above beta
//! (reverse futility) and the null move (the player to move passes; if a shallower search still
//! reaches beta, so would the full one). Both are left out at the root, in principal-variation
//! nodes, in check and when beta is a mate score.

use super::*;

/// Reverse futility: the deepest remaining depth it prunes at.
const REVERSE_FUTILITY_DEPTH: i32 = 6;
/// Reverse futility: centipawns of margin per ply of depth left.
const REVERSE_FUTILITY_MARGIN: i32 = 90;
/// The null move: the least depth left it is tried at.
const NULL_MOVE_DEPTH: i32 = 3;
/// Late-move pruning and futility of quiet moves: the deepest remaining depth they apply at.
const QUIET_PRUNING_DEPTH: i32 = 3;
/// Futility of quiet moves: centipawns of margin, and per ply of depth left.
const FUTILITY_BASE: i32 = 100;
const FUTILITY_MARGIN: i32 = 120;

impl Searcher {
    /// Whether the game allows a null move at all: two players (a pass in a coalition would hand
    /// the move to a partner), no filter on the moves (a capture obligation makes passing a
    /// different game), and no pass among the moves (passes may end the game).
    pub(super) fn null_moves_fit(game: &Game) -> bool {
        let rules = game.rules();
        rules.players.len() == 2 && rules.filters.is_empty() && rules.passing().is_none()
    }

    /// Prunes a node that is not on the principal variation, not in check and not the root, if
    /// its static evaluation or a null move says it will fail high; gives the score to return.
    pub(super) fn prune_node(
        &mut self,
        pos: &mut Position,
        depth: i32,
        beta: i32,
        ply: usize,
        static_eval: i32,
    ) -> Option<i32> {
        if beta.abs() >= MATE_BOUND {
            return None;
        }
        if depth <= REVERSE_FUTILITY_DEPTH && static_eval - REVERSE_FUTILITY_MARGIN * depth >= beta
        {
            return Some(static_eval);
        }
        let side = pos.side_to_move();
        if !self.null_moves
            || depth < NULL_MOVE_DEPTH
            || static_eval < beta
            || self.nulled[ply]
            || !self.eval.has_pieces(&self.game, pos, side)
        {
            return None;
        }
        let game = self.game.clone();
        let pass = game.raw_null_move(pos)?;
        let reduction = 3 + depth / 4;
        game.raw_play_unchecked(pos, &pass);
        self.nulled[ply + 1] = true;
        let v = self.child(side, pos, depth - 1 - reduction, beta - 1, beta, ply, false);
        self.nulled[ply + 1] = false;
        game.undo(pos);
        // A mate found after a pass is not a mate of the real game.
        (!self.aborted && v >= beta).then_some(if v >= MATE_BOUND { beta } else { v })
    }

    /// Whether a quiet move late in the list (late-move pruning) or far below alpha even with a
    /// margin (futility) is skipped at a node near the horizon: `quiets` quiet moves have been
    /// searched before it.
    pub(super) fn skip_quiet(
        &self,
        depth: i32,
        alpha: i32,
        quiets: usize,
        static_eval: Option<i32>,
    ) -> bool {
        let Some(e) = static_eval else {
            return false;
        };
        if depth > QUIET_PRUNING_DEPTH || alpha.abs() >= MATE_BOUND {
            return false;
        }
        quiets >= 3 + (depth * depth) as usize
            || e + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha
    }
}
