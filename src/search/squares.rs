//! The evaluation's default square terms, derived from the rules where no weights file gives
//! them: a piece of a type that wins by reaching a zone stands better the fewer moves it needs
//! to get there.

use super::eval::{Eval, GOAL_GAIN, PROMOTION_PROGRESS};
use crate::rules::{Cell, PieceId, RuleSet};

impl Eval {
    /// Fills the square terms (all 0 before) from the rules: for each type a goal lists, a
    /// [`PROMOTION_PROGRESS`] share of [`GOAL_GAIN`] by the moves it needs to reach the goal's
    /// zone on an empty board.
    pub(super) fn default_squares(&mut self, rules: &RuleSet) {
        for k in 0..rules.pieces.len() {
            let kind = PieceId(k as u8);
            for p in 0..self.players {
                for goal in rules.goals().filter(|g| g.pieces.contains(&kind)) {
                    let zone = &rules.zones[goal.zone.index()].cells[p];
                    let dist = self.moves_to(kind, p, |_, to| zone.binary_search(&to).is_ok());
                    for &c in &self.on_board {
                        let d = dist[c.index()].unwrap_or(0) as usize;
                        let slot = self.slot(kind, p, c);
                        self.square[slot] += GOAL_GAIN * PROMOTION_PROGRESS[d] / 1000;
                    }
                }
            }
        }
    }

    /// For each cell, the moves a piece of `player` needs on an empty board to make a move
    /// `from -> to` that `arrives` accepts (1 when one such move starts there), `None` beyond
    /// [`PROMOTION_PROGRESS`]'s length or where none leads.
    pub(super) fn moves_to(
        &self,
        kind: PieceId,
        player: usize,
        arrives: impl Fn(Cell, Cell) -> bool,
    ) -> Vec<Option<u8>> {
        let max = PROMOTION_PROGRESS.len() as u8 - 1;
        let mut dist: Vec<Option<u8>> = vec![None; self.cells];
        let targets = |c: Cell| -> Vec<Cell> {
            let (a, b) = self.index[self.slot(kind, player, c)];
            self.rays[a as usize..b as usize]
                .iter()
                .filter(|r| !r.hop)
                .flat_map(|r| {
                    self.steps[r.steps.0 as usize..r.steps.1 as usize]
                        .iter()
                        .map(|s| s.to)
                })
                .collect()
        };
        let moves: Vec<Vec<Cell>> = (0..self.cells as u16).map(Cell).map(targets).collect();
        for &c in &self.on_board {
            if moves[c.index()].iter().any(|&t| arrives(c, t)) {
                dist[c.index()] = Some(1);
            }
        }
        for d in 2..=max {
            let mut changed = false;
            for &c in &self.on_board {
                if dist[c.index()].is_none()
                    && moves[c.index()]
                        .iter()
                        .any(|&t| dist[t.index()] == Some(d - 1))
                {
                    dist[c.index()] = Some(d);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        dist
    }
}
