//! Scores of positions where the game is over: eliminations, no legal move, an ending the rules
//! declare; mates counted from the root.

use super::*;

impl Searcher {
    /// A score for the player to move from the player who won (`None`: a draw).
    pub(super) fn won_by(&self, pos: &Position, winner: Option<PlayerId>, ply: usize) -> i32 {
        match winner {
            None => 0,
            Some(w) if self.team(w) == self.team(pos.side_to_move()) => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The score of a position where the game is over by elimination: one player left, or
    /// (paranoid) the root player out.
    pub(super) fn terminal(&self, pos: &Position, ply: usize) -> Option<i32> {
        // Counted without collecting: this runs at every node.
        let mut active = (0..self.players as u8)
            .map(PlayerId)
            .filter(|&p| !pos.is_eliminated(p));
        let first = active.next();
        if active.next().is_none() {
            return Some(self.won_by(pos, first, ply));
        }
        if self.players > 2 && pos.is_eliminated(self.root) {
            let other = (0..self.players as u8)
                .map(PlayerId)
                .find(|&p| p != self.root && !pos.is_eliminated(p));
            return Some(self.won_by(pos, other, ply));
        }
        None
    }

    /// The score of a position whose player to move has no legal move.
    pub(super) fn ending_score(&self, pos: &Position, ply: usize) -> i32 {
        match self.game.status(pos) {
            Status::Over(e) => self.ending_value(pos, &e, ply),
            Status::Ongoing { .. } => 0,
        }
    }

    /// The score of an ending for the player to move: its winner's, or, without one, the
    /// player to move out (an elimination) or a draw.
    pub(super) fn ending_value(&self, pos: &Position, e: &Ending, ply: usize) -> i32 {
        match (e.winner, e.outcome) {
            (Some(w), _) => self.won_by(pos, Some(w), ply),
            (None, Outcome::Elimination | Outcome::Loss) => -(MATE - ply as i32),
            (None, Outcome::Win) => MATE - ply as i32,
            (None, Outcome::Draw) => 0,
        }
    }

    /// Opens a node of the full-width search: its key, whether its player is in check, and the
    /// game's verdict where only a move left can give it (the move limit, counting); or the
    /// node's score where the game is decided here (or the line is as long as it may be).
    pub(super) fn open_node(
        &mut self,
        pos: &mut Position,
        ply: usize,
    ) -> Result<(u64, bool, Option<Ending>), i32> {
        self.pv[ply].clear();
        if let Some(v) = self.terminal(pos, ply) {
            return Err(v);
        }
        if let Some(e) = self.game.immediate_ending(pos) {
            return Err(self.ending_value(pos, &e, ply));
        }
        let in_check = self.game.in_check(pos);
        // What the game's line says; the move limit and counting only once a move is left.
        let verdict = if ply > 0 {
            self.game.verdict(pos)
        } else {
            None
        };
        let late = |e: &Ending| matches!(e.reason, Reason::MoveLimit | Reason::Counting);
        if let Some(e) = verdict.filter(|e| !late(e)) {
            return Err(self.ending_value(pos, &e, ply));
        }
        if ply >= MAX_PLY - 1 {
            return Err(self.evaluate_for_root(pos));
        }
        Ok((self.game.key(pos), in_check, verdict))
    }
}
