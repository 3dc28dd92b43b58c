//! The evaluation's tunable terms as features of a position: the evaluation for the player to
//! move is a constant (everything not tuned) plus each term times how much it counts there.
//! `varia tune` fits the terms to the results of games ([`super::weights`]).

use super::eval::Eval;
use super::weights::{self, PieceWeights, WEIGHTS_FORMAT, Weights};
use crate::engine::{Game, Owner, Position};
use crate::rules::{Cell, PieceId};

/// Where each term sits in a parameter vector: the values of the types, their mobilities, their
/// squares (type by type, each as the first player sees the board), then their squares in the
/// endgame (the same way; the square terms taper from the first to the second as material
/// leaves the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Piece types.
    pub kinds: usize,
    /// Cells of the board, holes included.
    pub cells: usize,
}

impl Layout {
    /// The number of terms.
    pub fn len(&self) -> usize {
        self.kinds * (2 + 2 * self.cells)
    }

    /// Whether there are no terms.
    pub fn is_empty(&self) -> bool {
        self.kinds == 0
    }

    /// The index of a type's value.
    pub fn value(&self, kind: usize) -> usize {
        kind
    }

    /// The index of a type's mobility.
    pub fn mobility(&self, kind: usize) -> usize {
        self.kinds + kind
    }

    /// The index of a type's square term on a cell (as the first player sees it).
    pub fn square(&self, kind: usize, cell: usize) -> usize {
        2 * self.kinds + kind * self.cells + cell
    }

    /// The index of a type's square term in the endgame on a cell (as the first player sees it).
    pub fn square_end(&self, kind: usize, cell: usize) -> usize {
        2 * self.kinds + (self.kinds + kind) * self.cells + cell
    }
}

/// A position's evaluation for the player to move: `fixed` plus, for each `(term, count)`,
/// the term's value times the count.
#[derive(Clone, Debug, Default)]
pub struct Features {
    /// What the tuned terms leave.
    pub fixed: f64,
    /// Term indices ([`Layout`]) and how much each counts, sorted by index.
    pub terms: Vec<(u32, f32)>,
}

impl Eval {
    /// The layout of this evaluation's terms.
    pub fn layout(&self) -> Layout {
        Layout {
            kinds: self.value.len(),
            cells: self.cells,
        }
    }

    /// This evaluation's terms as a parameter vector ([`Layout`]).
    pub fn params(&self) -> Vec<f64> {
        let l = self.layout();
        let mut p = vec![0.0; l.len()];
        for k in 0..l.kinds {
            p[l.value(k)] = self.value[k] as f64;
            p[l.mobility(k)] = self.mobility[k] as f64;
            for c in 0..l.cells {
                let slot = self.slot(PieceId(k as u8), 0, Cell(c as u16));
                p[l.square(k, c)] = self.square[slot] as f64;
                p[l.square_end(k, c)] =
                    *self.square_end.get(slot).unwrap_or(&self.square[slot]) as f64;
            }
        }
        p
    }

    /// A position's evaluation for the player to move split into its terms: with these tables,
    /// `fixed` plus the terms times [`Eval::params`] is [`Eval::evaluate`]'s score (before it is
    /// clamped). A royal type's value is not a term; nor, for a player the board has no view for
    /// (`weights::views`), are its squares.
    pub fn features(&self, game: &Game, pos: &Position) -> Features {
        let stm = pos.side_to_move();
        let total = self.evaluate(game, pos, stm) as f64;
        let l = self.layout();
        let views = weights::views(game);
        let mut owner: [Option<Owner>; 256] = [None; 256];
        let mut kinds = [0u8; 256];
        self.scratch(pos, &mut owner, &mut kinds);
        let mut attacks = [0u8; 256];
        let mut terms: Vec<(u32, f32)> = Vec::new();
        // The phase as the evaluation weighs the squares by it.
        let material: i64 = self
            .on_board
            .iter()
            .filter(|c| owner[c.index()].is_some())
            .map(|c| self.value[kinds[c.index()] as usize] as i64)
            .sum();
        let middle = (material * 1024 / self.start_material).clamp(0, 1024) as f32 / 1024.0;
        for &c in &self.on_board {
            let Some(me) = owner[c.index()] else {
                continue;
            };
            let p = me.player().index();
            let sign = if p == stm.index() {
                1.0
            } else {
                -1.0 / (self.players - 1) as f32
            };
            let k = kinds[c.index()] as usize;
            let slot = self.slot(PieceId(k as u8), p, c);
            if !self.royal[k] {
                terms.push((l.value(k) as u32, sign));
            }
            let mobility = self.reach(slot, me, &owner, &mut attacks);
            terms.push((l.mobility(k) as u32, sign * mobility as f32));
            if let Some(view) = &views[p] {
                let seen = view[c.index()].index();
                terms.push((l.square(k, seen) as u32, sign * middle));
                terms.push((l.square_end(k, seen) as u32, sign * (1.0 - middle)));
            }
        }
        terms.sort_by_key(|t| t.0);
        let mut merged: Vec<(u32, f32)> = Vec::with_capacity(terms.len());
        for (i, v) in terms {
            match merged.last_mut() {
                Some(last) if last.0 == i => last.1 += v,
                _ => merged.push((i, v)),
            }
        }
        merged.retain(|t| t.1 != 0.0);
        let params = self.params();
        let linear: f64 = merged
            .iter()
            .map(|&(i, v)| params[i as usize] * v as f64)
            .sum();
        Features {
            fixed: total - linear,
            terms: merged,
        }
    }
}

/// Writes a parameter vector ([`Layout`]) as the weights of a game, rounded to centipawns; a
/// type's squares are left out where every one is 0.
pub fn to_weights(game: &Game, params: &[f64]) -> Weights {
    let rules = game.rules();
    let l = Layout {
        kinds: rules.pieces.len(),
        cells: rules.board.cells(),
    };
    let round = |v: f64| v.round().clamp(-1e5, 1e5) as i32;
    let pieces = rules
        .pieces
        .iter()
        .enumerate()
        .map(|(k, pt)| {
            let squares: Vec<i32> = (0..l.cells)
                .map(|c| round(params[l.square(k, c)]))
                .collect();
            let squares_end: Vec<i32> = (0..l.cells)
                .map(|c| round(params[l.square_end(k, c)]))
                .collect();
            // Squares that do not taper are written once; none at all, not at all.
            let squares_end = if squares_end == squares {
                Vec::new()
            } else {
                squares_end
            };
            let squares = if squares.iter().all(|&v| v == 0) && squares_end.is_empty() {
                Vec::new()
            } else {
                squares
            };
            let w = PieceWeights {
                value: round(params[l.value(k)]).max(0),
                mobility: round(params[l.mobility(k)]),
                squares,
                squares_end,
            };
            (pt.name.clone(), w)
        })
        .collect();
    Weights {
        format: WEIGHTS_FORMAT,
        variant: weights::variant_name(game),
        board: (rules.board.files as u32, rules.board.ranks as u32),
        pieces,
    }
}
