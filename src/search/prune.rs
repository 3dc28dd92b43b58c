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
        self.played[ply] = None;
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

/// Pruning by the static exchange: the deepest remaining depth it applies at.
const SEE_PRUNING_DEPTH: i32 = 6;
/// Pruning by the static exchange: centipawns a capture may lose per ply of depth left, and a
/// quiet move per ply squared.
const SEE_CAPTURE_MARGIN: i32 = 90;
const SEE_QUIET_MARGIN: i32 = 20;

impl Searcher {
    /// Whether a move (not the first) at a node near the horizon, off the principal variation
    /// and out of check (where `threats` are known), is skipped for losing more material on its
    /// destination than the depth left allows: a capture more than 90 centipawns a ply, a quiet
    /// move or a drop more than 20 a ply squared. Only where the exchange is exact
    /// ([`see::See::exact`]) and an opponent attacks the destination.
    pub(super) fn skip_losing(
        &self,
        pos: &Position,
        m: &RawMove,
        depth: i32,
        quiet: bool,
        threats: Option<eval::Threats>,
    ) -> bool {
        let Some(threats) = threats else {
            return false;
        };
        if depth > SEE_PRUNING_DEPTH
            || !self.see.exact
            || !threats.has(m.to)
            || !self.see.may_lose(pos, m)
        {
            return false;
        }
        let margin = if quiet {
            SEE_QUIET_MARGIN * depth * depth
        } else {
            SEE_CAPTURE_MARGIN * depth
        };
        self.see.value(&self.eval, pos, m) < -margin
    }
}

/// Aspiration windows: the first half-width (centipawns) around the last iteration's score.
const ASPIRATION_WINDOW: i32 = 30;
/// Aspiration windows: the first depth that uses one.
const ASPIRATION_DEPTH: u32 = 4;

impl Searcher {
    /// Searches the root to `depth` within a window around the last iteration's score `last`,
    /// widened (doubled on the side it failed) until the score falls inside it.
    pub(super) fn search_root(&mut self, pos: &mut Position, depth: u32, last: i32) -> i32 {
        if depth < ASPIRATION_DEPTH || last.abs() >= MATE_BOUND {
            return self.negamax(pos, depth as i32, -INF, INF, 0, true);
        }
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let v = self.negamax(pos, depth as i32, alpha, beta, 0, true);
            if self.aborted {
                return v;
            }
            delta = delta.saturating_mul(2);
            if v <= alpha {
                alpha = if delta > 4 * ASPIRATION_WINDOW * 8 {
                    -INF
                } else {
                    (v - delta).max(-INF)
                };
            } else if v >= beta {
                beta = if delta > 4 * ASPIRATION_WINDOW * 8 {
                    INF
                } else {
                    (v + delta).min(INF)
                };
            } else {
                return v;
            }
        }
    }

    /// How many plies a late move is searched less deep: more the deeper the node and the later
    /// the move (logarithmically in both), one less on the principal variation, up to two less
    /// or more by the move's history, and always at least one ply of search left.
    pub(super) fn late_reduction(
        &self,
        depth: i32,
        index: usize,
        pv_node: bool,
        history: i32,
    ) -> i32 {
        if depth < 3 || index < 3 {
            return 0;
        }
        let r = 0.75 + (depth as f64).ln() * (index as f64).ln() / 2.25;
        // A move whose history is good is reduced less, one whose history is bad more.
        let by_history = history * 2 / order::HISTORY_MAX;
        (r as i32 - pv_node as i32 - by_history).clamp(0, depth - 2)
    }
}

impl Searcher {
    /// Searches a move already played at a node of `depth` within `window`: the first with the
    /// full window, a later one with a null window, reduced by `reduction` plies, then again at
    /// full depth if it reached alpha, and with the full window on the principal variation.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_move(
        &mut self,
        side: PlayerId,
        pos: &mut Position,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
        pv_node: bool,
        first: bool,
        reduction: i32,
    ) -> i32 {
        if first {
            return self.child(side, pos, depth - 1, alpha, beta, ply, pv_node);
        }
        let null = (alpha, alpha + 1);
        let mut v = self.child(side, pos, depth - 1 - reduction, null.0, null.1, ply, false);
        // A search stopped by a limit says nothing: no search again.
        if v > alpha && reduction > 0 && !self.aborted {
            v = self.child(side, pos, depth - 1, null.0, null.1, ply, false);
        }
        if v > alpha && v < beta && pv_node && !self.aborted {
            v = self.child(side, pos, depth - 1, alpha, beta, ply, true);
        }
        v
    }
}

impl Searcher {
    /// The static evaluation for the player to move, in the search's teams, and the cells its
    /// opponents attack; from the cache when it holds them (`key`: the position's key).
    pub(super) fn static_eval(&mut self, pos: &Position, key: u64) -> (i32, eval::Threats) {
        let salted = key ^ self.salt;
        if let Some(hit) = self.evals.get(salted) {
            return hit;
        }
        let (v, t) = self.eval.evaluate_with_threats(&self.game, pos, self.root);
        self.evals.put(salted, v, t);
        (v, t)
    }
}

impl Searcher {
    /// A static evaluation sharpened by the table's score for the node where its bound says more:
    /// an exact score, a lower bound above it, an upper bound below it (not mate scores).
    pub(super) fn refined(e: i32, entry: &tt::Entry, ply: usize) -> i32 {
        let v = from_tt(entry.score, ply);
        if v.abs() >= MATE_BOUND {
            return e;
        }
        match entry.bound {
            Bound::Exact => v,
            Bound::Lower if v > e => v,
            Bound::Upper if v < e => v,
            _ => e,
        }
    }
}
