//! The quiescence search: captures (and a few evasions) until the position is quiet.

use super::*;

/// The depth a quiescence search is kept at in the table: below every full-width search.
const QUIESCENCE_DEPTH: i32 = -1;

impl Searcher {
    /// Searches captures and promotions only (every move when in check) until the position is
    /// quiet, standing on the static evaluation otherwise.
    pub(super) fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_limits();
        if self.aborted {
            return 0;
        }
        if let Some(v) = self.terminal(pos, ply) {
            return v;
        }
        let game = self.game.clone();
        if let Some(e) = game.immediate_ending(pos) {
            return self.ending_value(pos, &e, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate_for_root(pos);
        }
        // The table decides the node if it holds a search of it, as quiescence or deeper; its
        // move is tried first.
        let tt_key = game.key(pos) ^ self.salt;
        let entry = self.tt.probe(tt_key);
        if let Some(v) = entry.and_then(|e| table_cut(&e, QUIESCENCE_DEPTH, alpha, beta, ply)) {
            return v;
        }
        let alpha0 = alpha;
        // Evasions only near the horizon: with several players checks can follow each other for
        // ever (a royal is never captured), and each would widen the search to every move.
        let in_check = qply < QUIESCENCE_EVASIONS && game.in_check(pos);
        let mut best = -INF;
        let mut threats = eval::Threats::default();
        // Past its node budget a quiescence search stands on the evaluation, in check too.
        let spent = self.nodes >= self.quiescence_end;
        let mut stand = None;
        if !in_check || spent {
            let (v, t) = self.static_eval(pos, game.key(pos));
            threats = t;
            // Known to be out of check: the evaluation is stood on before the moves are listed,
            // so a stalemate here is taken for its evaluation, as in Stockfish's quiescence (the
            // full-width search above sees it).
            if v >= beta && qply < QUIESCENCE_EVASIONS && !in_check {
                return v;
            }
            stand = Some(v);
        }
        // Out of check only the moves that may take or promote are listed (the others would be
        // thrown away); a player without one is asked whether it has a move at all.
        let moves = if in_check {
            game.raw_search_moves(pos)
        } else {
            game.raw_forcing_moves(pos)
        };
        if moves.is_empty() && (in_check || game.raw_count_legal(pos) == 0) {
            return self.ending_score(pos, ply);
        }
        if let Some(v) = stand {
            if v >= beta {
                return v;
            }
            best = v;
            alpha = alpha.max(v);
        }
        if spent || (!in_check && qply >= MAX_QUIESCENCE) {
            return best;
        }
        // Where every move takes (clobber, a capture obligation), quiescence would be a full
        // search: two plies of it are enough to see an exchange.
        if !in_check
            && qply >= MAX_QUIESCENCE_ALL_CAPTURES
            && moves.iter().all(|m| self.victim(pos, m).is_some())
            && game.raw_count_legal(pos) == moves.len() as u64
        {
            return best;
        }
        let candidates: Vec<RawMove> = if in_check {
            moves
        } else {
            moves
                .into_iter()
                .filter(|m| {
                    let victim = self.victim(pos, m);
                    let gain = self.promotion_gain(m);
                    if victim.is_none() && gain.is_none() {
                        return false;
                    }
                    let win = victim.unwrap_or(0) + gain.unwrap_or(0);
                    // Delta pruning: even winning this cleanly would not reach alpha.
                    if best + win + DELTA_MARGIN < alpha {
                        return false;
                    }
                    // A capture that loses the exchange on its cell is left out; where the
                    // exchange cannot be said exactly, one by a piece worth more than its
                    // victim on a cell an opponent defends.
                    if !threats.has(m.to) {
                        return true;
                    }
                    if !self.see.exact {
                        return self.eval.value(m.piece) <= win + 50;
                    }
                    !self.see.may_lose(pos, m) || self.see.value(&self.eval, pos, m) >= 0
                })
                .collect()
        };
        let ordered = self.order(pos, &candidates, entry.and_then(|e| e.best), ply);
        let side = self.team(pos.side_to_move());
        let mut best_move = None;
        for &(_, m) in &ordered {
            game.raw_play_unchecked(pos, &m);
            let v = if self.team(pos.side_to_move()) == side {
                self.quiesce(pos, alpha, beta, ply + 1, qply + 1)
            } else {
                -self.quiesce(pos, -beta, -alpha, ply + 1, qply + 1)
            };
            game.undo(pos);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
                best_move = Some(m);
            }
            if alpha >= beta || self.nodes >= self.quiescence_end {
                break;
            }
        }
        // A search cut short by the node budget is not kept, nor one over a full-width search's
        // entry for the node.
        if self.nodes < self.quiescence_end && entry.is_none_or(|e| (e.depth as i32) < 0) {
            self.keep_quiescence(tt_key, best_move, best, (alpha0, beta), ply);
        }
        best
    }

    /// Keeps a quiescence search's score `best` (searched within `window`) and move in the table.
    fn keep_quiescence(
        &self,
        tt_key: u64,
        best_move: Option<RawMove>,
        best: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) {
        let bound = Bound::of(best, alpha, beta);
        let fp = best_move.as_ref().map(tt::fingerprint);
        self.tt
            .store(tt_key, fp, to_tt(best, ply), QUIESCENCE_DEPTH, bound);
    }
}
