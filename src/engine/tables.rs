//! Move tables computed once per rule set: for every piece type, player and cell, the rays its
//! moves follow, the cells it could ever capture on, and whether it can move at all.

use super::cellset::CellSet;
use crate::rules::*;
use std::ops::Range;

/// One landing of a ray, with the cells passed since the previous landing.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub to: Cell,
    pub via: (u32, u32),
}

/// One direction of one move part from one cell.
#[derive(Clone, Debug)]
pub struct Ray {
    pub mode: Mode,
    pub style: Style,
    pub hop: bool,
    /// A non-capturing multi-cell step of a piece that can be taken en passant.
    pub makes_ep: bool,
    pub steps: (u32, u32),
}

pub struct Tables {
    pub cells: usize,
    pub players: usize,
    pub rays: Vec<Ray>,
    pub steps: Vec<Step>,
    pub via: Vec<Cell>,
    /// Ray range per (piece, player, cell).
    index: Vec<(u32, u32)>,
    /// Cells each (piece, player, cell) could capture on, ignoring blockers.
    pub reach: Vec<CellSet>,
    /// For each (player, target): the cells from which some piece of that player could capture
    /// on the target, ignoring blockers (the reverse of `reach`, over every type).
    pub attackers: Vec<CellSet>,
    /// Whether each (piece, player, cell) has any move on an empty board.
    pub mobile: Vec<bool>,
    /// Whether two rays of (piece, player, cell) can land on one cell (moves need deduplication).
    pub overlaps: Vec<bool>,
    /// Cells of each (zone, player).
    pub zones: Vec<CellSet>,
    pub on_board: CellSet,
    /// The hand slot a captured piece of each type returns to, when it has no recorded origin.
    pub base: Vec<PieceId>,
    /// The type each type was before promoting, when nothing else records it.
    pub unpromoted: Vec<PieceId>,
    /// The hand slot of each type (the first of its interchangeable group, or itself).
    pub hand_slot: Vec<PieceId>,
    /// The types a piece held in each hand slot may be dropped as.
    pub members: Vec<Vec<PieceId>>,
    pub royal: Vec<bool>,
}

impl Tables {
    #[inline]
    pub fn slot(&self, piece: PieceId, player: usize, cell: Cell) -> usize {
        (piece as usize * self.players + player) * self.cells + cell as usize
    }

    #[inline]
    pub fn rays(&self, slot: usize) -> Range<usize> {
        let (a, b) = self.index[slot];
        a as usize..b as usize
    }

    #[inline]
    pub fn zone(&self, zone: ZoneId, player: usize) -> &CellSet {
        &self.zones[zone as usize * self.players + player]
    }

    #[inline]
    pub fn via(&self, step: &Step) -> &[Cell] {
        &self.via[step.via.0 as usize..step.via.1 as usize]
    }

    pub fn build(rules: &RuleSet) -> Tables {
        let b = &rules.board;
        let cells = b.cells();
        let players = rules.players.len();
        let mut zones = Vec::new();
        for z in &rules.zones {
            for p in 0..players {
                zones.push(z.cells[p].iter().copied().collect::<CellSet>());
            }
        }
        let on_board: CellSet = (0..cells as Cell)
            .filter(|c| b.holes.binary_search(c).is_err())
            .collect();
        let mut t = Tables {
            cells,
            players,
            rays: Vec::new(),
            steps: Vec::new(),
            via: Vec::new(),
            index: Vec::new(),
            reach: Vec::new(),
            attackers: vec![CellSet::EMPTY; players * cells],
            mobile: Vec::new(),
            overlaps: Vec::new(),
            zones,
            on_board,
            base: (0..rules.pieces.len())
                .map(|i| rules.hand_type(i as PieceId))
                .collect(),
            unpromoted: (0..rules.pieces.len())
                .map(|i| rules.base_of(i as PieceId))
                .collect(),
            hand_slot: (0..rules.pieces.len())
                .map(|i| rules.hand_slot(i as PieceId))
                .collect(),
            members: (0..rules.pieces.len() as PieceId)
                .map(|i| {
                    rules
                        .interchangeable
                        .iter()
                        .find(|g| g[0] == i)
                        .cloned()
                        .unwrap_or_else(|| vec![i])
                })
                .collect(),
            royal: rules.pieces.iter().map(|p| p.royal).collect(),
        };
        for pt in &rules.pieces {
            for p in 0..players {
                let dir = rules.players[p].forward;
                for c in 0..cells as Cell {
                    t.build_slot(rules, pt, p, dir, c);
                }
            }
        }
        for kind in 0..rules.pieces.len() as PieceId {
            for p in 0..players {
                for c in 0..cells as Cell {
                    let reach = t.reach[t.slot(kind, p, c)];
                    for target in reach.iter() {
                        t.attackers[p * cells + target as usize].insert(c);
                    }
                }
            }
        }
        t
    }

    fn build_slot(
        &mut self,
        rules: &RuleSet,
        pt: &PieceType,
        player: usize,
        dir: Direction,
        from: Cell,
    ) {
        let b = &rules.board;
        let start = self.rays.len() as u32;
        let mut reach = CellSet::EMPTY;
        let mut seen = CellSet::EMPTY;
        let mut overlaps = false;
        let mut mobile = false;
        let confined = pt.confined_to.map(|z| *self.zone(z, player));
        // For each separated zone, the player owning each cell (if any).
        let owners: Vec<Vec<Option<usize>>> = rules
            .separated
            .iter()
            .map(|&z| {
                (0..self.cells as Cell)
                    .map(|c| (0..self.players).find(|&q| self.zone(z, q).has(c)))
                    .collect()
            })
            .collect();
        let crosses = |a: Cell, b: Cell| {
            owners
                .iter()
                .any(|o| matches!((o[a as usize], o[b as usize]), (Some(p), Some(q)) if p != q))
        };
        let barred = pt.barred_from.map(|z| *self.zone(z, player));
        if self.on_board.has(from) {
            for part in &pt.moves {
                if let Some(z) = part.from_zone
                    && !self.zone(z, player).has(from)
                {
                    continue;
                }
                for (vi, &(vx, vy)) in part.vectors.iter().enumerate() {
                    let (dx, dy) = dir.orient(vx as i32, vy as i32);
                    let path: Vec<(i32, i32)> = part
                        .paths
                        .get(vi)
                        .map(|p| {
                            p.iter()
                                .map(|&(x, y)| dir.orient(x as i32, y as i32))
                                .collect()
                        })
                        .unwrap_or_default();
                    let steps_start = self.steps.len() as u32;
                    let (mut f, mut r) = b.coords(from);
                    let mut n = 0u32;
                    'ray: loop {
                        if part.range != 0 && n >= part.range as u32 {
                            break;
                        }
                        let via_start = self.via.len() as u32;
                        for &(px, py) in &path {
                            match b.cell(f + px, r + py) {
                                Some(c) => self.via.push(c),
                                None => {
                                    self.via.truncate(via_start as usize);
                                    break 'ray;
                                }
                            }
                        }
                        let Some(to) = b.cell(f + dx, r + dy) else {
                            self.via.truncate(via_start as usize);
                            break;
                        };
                        let here = b.cell(f, r).unwrap_or(from);
                        if confined.is_some_and(|z| !z.has(to))
                            || barred.is_some_and(|z| z.has(to))
                            || crosses(here, to)
                        {
                            self.via.truncate(via_start as usize);
                            break;
                        }
                        self.steps.push(Step {
                            to,
                            via: (via_start, self.via.len() as u32),
                        });
                        if part.mode.captures() {
                            reach.insert(to);
                        }
                        if part.style == Style::Displace {
                            for &c in &self.via[via_start as usize..] {
                                reach.insert(c);
                            }
                        }
                        if seen.has(to) {
                            overlaps = true;
                        }
                        seen.insert(to);
                        if !part.hop {
                            mobile = true;
                        }
                        (f, r) = (f + dx, r + dy);
                        n += 1;
                    }
                    let steps_end = self.steps.len() as u32;
                    if steps_end > steps_start {
                        if part.hop {
                            // A hopper needs a screen first; it can move only from the second cell.
                            mobile |= steps_end - steps_start >= 2;
                        }
                        self.rays.push(Ray {
                            mode: part.mode,
                            style: part.style,
                            hop: part.hop,
                            makes_ep: pt.can_be_taken_en_passant
                                && part.range == 1
                                && part.style == Style::Step
                                && !path.is_empty(),
                            steps: (steps_start, steps_end),
                        });
                    }
                }
            }
        }
        self.index.push((start, self.rays.len() as u32));
        self.reach.push(reach);
        self.mobile.push(mobile);
        self.overlaps.push(overlaps);
    }
}
