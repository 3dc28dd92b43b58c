//! Captures over lower ranks (Tenjiku Shogi's jumping generals, [`crate::rules::PieceType`]'s
//! `range_captures`): a rider that, past the first piece in its line, may jump over any number
//! of pieces (either side's) of a lower rank than its own and take an enemy piece of a lower
//! rank beyond them; a piece of a rank not lower stops it. Their own tables (here), generator
//! and attack test (`movegen/range_jumps.rs`), beside the fast path: the ordinary moves of the
//! rider (up to and onto the first piece in its line) stay with the others, and a game without
//! such pieces has no plan here and pays one test where moves are collected and one where
//! attacks are looked for.

use super::bits::Bits;
use super::tables::Tables;
use crate::rules::{Cell, RuleSet};

/// The lines of a rider that captures over lower ranks, from one cell.
pub(crate) struct Line<B> {
    /// The cells of the line, outwards.
    pub cells: Vec<u16>,
    /// The same cells as a set.
    pub set: B,
}

/// The captures over lower ranks of a game.
pub(crate) struct RangeJumps<B> {
    /// The types that make them.
    pub kinds: Vec<u8>,
    /// Each type's rank (0 for most).
    pub ranks: Vec<u8>,
    /// Per (type × players + player) × cells + cell: the lines from there.
    lines: Vec<Vec<Line<B>>>,
    players: usize,
    cells: usize,
}

impl<B: Bits> RangeJumps<B> {
    /// The plan of a rule set's captures over lower ranks, `None` where no type makes them.
    pub(crate) fn new(rules: &RuleSet, t: &Tables<B>) -> Option<RangeJumps<B>> {
        let kinds: Vec<u8> = (0..rules.pieces.len())
            .filter(|&k| rules.pieces[k].range_captures)
            .map(|k| k as u8)
            .collect();
        if kinds.is_empty() {
            return None;
        }
        let (players, cells) = (rules.players.len(), t.cells);
        let mut lines = Vec::new();
        lines.resize_with(rules.pieces.len() * players * cells, Vec::new);
        for &k in &kinds {
            for (p, player) in rules.players.iter().enumerate() {
                for c in (0..cells).filter(|&c| t.on_board.has(c)) {
                    let (f, r) = rules.board.coords(Cell(c as u16));
                    let at = (k as usize * players + p) * cells + c;
                    for (x, y, range) in rules.pieces[k as usize].range_capture_rides() {
                        let (dx, dy) = player.forward.orient(x.into(), y.into());
                        let line: Vec<u16> = (1..)
                            .take_while(|&n| range == 0 || n <= i32::from(range))
                            .map_while(|n| rules.board.cell(f + n * dx, r + n * dy))
                            .map(|c| c.0)
                            .collect();
                        // A line of one cell has nothing beyond its first piece.
                        if line.len() > 1 {
                            let set = line.iter().fold(B::EMPTY, |s, &c| s | B::cell(c.into()));
                            lines[at].push(Line { cells: line, set });
                        }
                    }
                }
            }
        }
        Some(RangeJumps {
            kinds,
            ranks: rules.pieces.iter().map(|p| p.rank).collect(),
            lines,
            players,
            cells,
        })
    }

    /// The lines of a piece of type `kind` of `player` on `cell`.
    pub(crate) fn at(&self, kind: u8, player: usize, cell: usize) -> &[Line<B>] {
        &self.lines[(kind as usize * self.players + player) * self.cells + cell]
    }
}
