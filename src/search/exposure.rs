//! A royal's exposure to lines: the cells that the opponents' longest-reaching rider would attack
//! if it stood on the royal's cell as a piece of the royal's own player (so the royal's pieces
//! block its lines), less the cells next to the royal and those its own pieces hold, in the
//! middle game. A royal behind its own pieces counts nothing; one on an open line, or walked out
//! among the opponents' riders, counts each cell further away that they could strike from.

use super::eval::Eval;
use crate::engine::Owner;
use crate::rules::{Cell, PieceId, PlayerId, RuleSet};

/// Centipawns a cell of a royal's exposure costs with all the start's material on the board
/// (tapering to none without material).
const EXPOSURE: i32 = 8;

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
}
