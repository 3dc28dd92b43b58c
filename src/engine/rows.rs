//! `N in a row` (see [`crate::rules::Row`]): after a move, whether the player who made it has
//! the row. A line of `n` is found with `n - 1` shifts of the player's pieces along each step:
//! what survives them all is the last cell of a line of `n`, as Fairy-Stockfish finds its
//! `connectN`.

use super::AsIndex;
use super::bits::{Bits, kind_set};
use super::core::Engine;
use super::position::Pos;
use super::tables::Tables;
use crate::rules::{Outcome, Row, RuleSet, ZoneId};

/// A compiled row rule.
pub(crate) struct RowPlan<B> {
    /// The pieces in the line.
    length: u8,
    /// The types that count, a bit each; 0: every type.
    kinds: u64,
    /// Each player's cells the line must lie in (the board, without a zone).
    cells: Vec<B>,
    /// Per step along a line: the shift of a cell's index to the next cell, and the cells whose
    /// next cell that way is on the board (a shift from any other would wrap or leave it).
    steps: Vec<(i32, B)>,
    /// What the row means for the player who made it.
    outcome: Outcome,
}

impl<B: Bits> RowPlan<B> {
    pub(crate) fn compile(
        rules: &RuleSet,
        t: &Tables<B>,
        row: &Row,
        per_player: &dyn Fn(ZoneId) -> Vec<B>,
    ) -> RowPlan<B> {
        let steps = row
            .lines
            .iter()
            .flat_map(|l| l.steps())
            .map(|&(df, dr)| {
                let mut from = B::EMPTY;
                for c in t.on_board.cells() {
                    let (f, r) = ((c % t.files) as i32, (c / t.files) as i32);
                    if rules.board.cell(f + df, r + dr).is_some() {
                        from |= B::cell(c);
                    }
                }
                (df + dr * t.files as i32, from)
            })
            .collect();
        RowPlan {
            length: row.length,
            kinds: kind_set(&row.pieces),
            cells: row
                .zone
                .map_or_else(|| vec![t.on_board; t.players], per_player),
            steps,
            outcome: row.outcome,
        }
    }
}

impl<B: Bits> Engine<B> {
    /// The first row rule the player who just moved satisfies, with what it means for it.
    pub(crate) fn row_made(
        &self,
        pos: &Pos<B>,
        rows: &[RowPlan<B>],
    ) -> Option<(super::Reason, u8, Outcome)> {
        let mover = self.previous_player(pos.st.eliminated, pos.st.side);
        let own = pos.by_owner[mover.index()];
        for row in rows {
            let mut pieces = own & row.cells[mover.index()];
            if row.kinds != 0 {
                let mut of_kinds = B::EMPTY;
                for k in 0..pos.kinds {
                    if row.kinds >> k & 1 != 0 {
                        of_kinds |= pos.by_kind[k];
                    }
                }
                pieces &= of_kinds;
            }
            if pieces.count() < row.length as u32 {
                continue;
            }
            for &(shift, from) in &row.steps {
                let mut run = pieces;
                for _ in 1..row.length {
                    run = pieces & (run & from).shift(shift);
                    if run.none() {
                        break;
                    }
                }
                if run.any() {
                    return Some((super::Reason::Row, mover, row.outcome));
                }
            }
        }
        None
    }
}
