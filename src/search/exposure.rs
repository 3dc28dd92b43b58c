//! A royal's exposure to lines: the cells that the opponents' longest-reaching rider would attack
//! if it stood on the royal's cell as a piece of the royal's own player (so the royal's pieces
//! block its lines), less the cells next to the royal and those its own pieces hold, in the
//! middle game. A royal behind its own pieces counts nothing; one on an open line, or walked out
//! among the opponents' riders, counts each cell further away that they could strike from.
//!
//! And a royal's safe checks: each type (not royal) of an opponent's that could give check on its
//! next move from a cell the royal's player does not attack (a piece of the type on the board
//! moving there, or one in hand dropped on an empty cell), in the middle game.

use super::eval::Eval;
use crate::engine::{Owner, Position};
use crate::rules::{Cell, PieceId, PlayerId, RuleSet};

/// Centipawns a cell of a royal's exposure costs with all the start's material on the board
/// (tapering to none without material).
const EXPOSURE: i32 = 8;
/// Centipawns each opponent's type with a safe check on a royal costs with all the start's
/// material on the board (tapering to none without material).
const SAFE_CHECK: i32 = 30;

impl Eval {
    /// Notes the riding types (not royal, with a ray of more than one landing that captures and
    /// does not hop), the longest-reaching on an empty board first, ties by type.
    pub(super) fn build_riders(&mut self, rules: &RuleSet) {
        let mut riders: Vec<(u32, u8)> = Vec::new();
        for k in 0..rules.pieces.len() {
            if self.royal[k] {
                continue;
            }
            let (mut reach, mut rides) = (0u32, false);
            for p in 0..self.players {
                for &c in &self.on_board {
                    let (a, b) = self.index[self.slot(PieceId(k as u8), p, c)];
                    for ray in &self.rays[a as usize..b as usize] {
                        let landings = ray.steps.1 - ray.steps.0;
                        if ray.mode.captures() && !ray.hop {
                            reach += landings;
                            rides |= landings > 1;
                        }
                    }
                }
            }
            if rides {
                riders.push((reach, k as u8));
            }
        }
        riders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        self.riders = riders.into_iter().map(|(_, k)| k).collect();
    }

    /// What a royal's exposure of `cells` costs at `phase` (1024 with all the start's material on
    /// the board, 0 with none).
    pub(super) fn exposure(&self, cells: i32, phase: i32) -> i32 {
        -EXPOSURE * cells * phase / 1024
    }

    /// The cost of the exposure of `p`'s royal on `rc`, cell by cell (the bitboard pass's
    /// reference).
    pub(super) fn exposure_by_cells(
        &self,
        p: usize,
        rc: Cell,
        owner: &[Option<Owner>; 256],
        kinds: &[u8; 256],
        phase: i32,
    ) -> i32 {
        let theirs = |k: u8| {
            self.on_board.iter().any(|c| {
                kinds[c.index()] == k && owner[c.index()].is_some_and(|o| o.player().index() != p)
            })
        };
        let Some(&k) = self.riders.iter().find(|&&k| theirs(k)) else {
            return 0;
        };
        let me = Owner::of(PlayerId(p as u8));
        let mut hit = [0; 256];
        self.reach(self.slot(PieceId(k), p, rc), me, owner, &mut hit);
        let near = &self.neighbours[rc.index()];
        let cells = (self.on_board.iter())
            .filter(|&&c| hit[c.index()] > 0 && owner[c.index()] != Some(me))
            .filter(|c| !near.contains(c))
            .count() as i32;
        self.exposure(cells, phase)
    }

    /// What `types` opponent's types with a safe check on a royal cost at `phase`.
    pub(super) fn safe_checks(&self, types: i32, phase: i32) -> i32 {
        -SAFE_CHECK * types * phase / 1024
    }

    /// The cost of the safe checks on `p`'s royal on `rc`, cell by cell (the bitboard pass's
    /// reference): `attacks[p]` holds the cells `p` attacks.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn checks_by_cells(
        &self,
        p: usize,
        rc: Cell,
        pos: &Position,
        hands: bool,
        owner: &[Option<Owner>; 256],
        kinds: &[u8; 256],
        attacks: &[[u8; 256]; 4],
        phase: i32,
    ) -> i32 {
        let me = Owner::of(PlayerId(p as u8));
        let mut types = 0;
        for k in 0..self.value.len() {
            if self.royal[k] {
                continue;
            }
            let kind = PieceId(k as u8);
            let on_board = |c: &Cell| {
                kinds[c.index()] as usize == k
                    && owner[c.index()].is_some_and(|o| o.player().index() != p)
            };
            let held = hands
                && (0..self.players).any(|q| q != p && pos.in_hand(PlayerId(q as u8), kind) > 0);
            if !held && !self.on_board.iter().any(on_board) {
                continue;
            }
            // The cells a piece of the type on them would check from: those it would attack
            // from the royal's cell, as the royal's own piece.
            let mut from = [0u8; 256];
            self.reach(self.slot(kind, p, rc), me, owner, &mut from);
            let safe = |c: &Cell| from[c.index()] > 0 && attacks[p][c.index()] == 0;
            let dropped = held
                && self
                    .on_board
                    .iter()
                    .any(|c| safe(c) && owner[c.index()].is_none());
            let moved = !dropped
                && self.on_board.iter().filter(|c| on_board(c)).any(|&c| {
                    let o = owner[c.index()].expect("an opponent's piece");
                    let mut hit = [0u8; 256];
                    self.reach(self.slot(kind, o.player().index(), c), o, owner, &mut hit);
                    self.on_board
                        .iter()
                        .any(|t| hit[t.index()] > 0 && safe(t) && owner[t.index()] != Some(o))
                });
            types += (dropped || moved) as i32;
        }
        self.safe_checks(types, phase)
    }
}
