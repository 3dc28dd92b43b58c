//! Fairy-Stockfish's built-in pieces whose moves its custom pieces cannot say, each recognised by
//! its move set (the cells it reaches from every cell, for both players), never by its name.
//!
//! Only a type whose moves no custom Betza word says is matched here, so every other export
//! stays as it was. The one such piece is the xiangqi soldier: `fW`, and `sW` once it stands on
//! its `soldierPromotionRank` or beyond (FSF: `Position::attacks_from`), which varia says as
//! `moves fW` and `moves sW in ZONE`.

use super::ini::all_cells;
use crate::rules::{Cell, Mode, MovePart, PieceType, RuleSet, Style};
use std::collections::BTreeSet;

/// A built-in piece whose moves equal a type's: its key, and the variant keys it needs.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Builtin {
    /// The piece's key in variants.ini (`soldier`).
    pub(super) name: &'static str,
    /// The variant keys the piece's moves depend on (`soldierPromotionRank = 6`).
    pub(super) keys: Vec<(&'static str, String)>,
}

/// The built-in piece whose move set equals the type's, if there is one.
pub(super) fn matching(rules: &RuleSet, p: &PieceType) -> Option<Builtin> {
    soldier(rules, &p.moves)
}

/// The xiangqi soldier: from each cell, forward one step, and sideways one step from the
/// (1-based) `soldierPromotionRank` on, counted from the player's own side.
fn soldier(rules: &RuleSet, moves: &[MovePart]) -> Option<Builtin> {
    const STEPS: [(i8, i8); 3] = [(0, 1), (1, 0), (-1, 0)];
    let simple = |m: &MovePart| {
        m.range == 1
            && m.mode == Mode::Both
            && !m.hop
            && !m.initial
            && m.style != Style::Displace
            && m.paths.iter().all(|p| p.is_empty())
            && m.vectors.iter().all(|v| STEPS.contains(v))
    };
    if moves.is_empty() || !moves.iter().all(simple) {
        return None;
    }
    let ranks = rules.board.ranks as i32;
    // The first rank from which the sideways steps are allowed whose moves equal the type's.
    let from = (0..ranks).find(|&r| {
        let fsf = |rel_rank: i32| {
            if rel_rank >= r {
                STEPS.to_vec()
            } else {
                vec![(0, 1)]
            }
        };
        (0..2).all(|side| {
            all_cells(&rules.board).into_iter().all(|c| {
                let (_, rank) = rules.board.coords(c);
                let rel = if side == 0 { rank } else { ranks - 1 - rank };
                reached(rules, side, c, moves) == destinations(rules, side, c, &fsf(rel))
            })
        })
    })?;
    Some(Builtin {
        name: "soldier",
        keys: vec![("soldierPromotionRank", (from + 1).to_string())],
    })
}

/// The cells the parts reach from `c` for the player `side`, on an empty board.
fn reached(rules: &RuleSet, side: usize, c: Cell, moves: &[MovePart]) -> BTreeSet<Cell> {
    let in_zone = |m: &MovePart, cell: Cell| {
        m.from_zone
            .is_none_or(|z| rules.zones[z.index()].cells[side].contains(&cell))
    };
    let mut out = BTreeSet::new();
    for m in moves.iter().filter(|m| in_zone(m, c)) {
        for d in destinations(rules, side, c, &m.vectors) {
            if !m.within || in_zone(m, d) {
                out.insert(d);
            }
        }
    }
    out
}

/// The cells one step of each vector (in the player's frame) leads to from `c`.
fn destinations(rules: &RuleSet, side: usize, c: Cell, vectors: &[(i8, i8)]) -> BTreeSet<Cell> {
    let (f, r) = rules.board.coords(c);
    let dir = rules.players[side].forward;
    vectors
        .iter()
        .filter_map(|&(x, y)| {
            let (dx, dy) = dir.orient(x as i32, y as i32);
            rules.board.cell(f + dx, r + dy)
        })
        .collect()
}
