//! Moves in two legs (XBetza's `a`, [`crate::rules::LegMove`]), a first leg that rides among them
//! (each cell of the ride a first leg behind the cells it passes), and a second leg that rides
//! on from there (a hook move, its lines kept whole and walked to the first piece): their own
//! tables (here), generator (`movegen/legs.rs`) and attack test (`core/legs.rs`), beside the
//! fast path. A game without them has no plan here and pays one test where moves are collected
//! and one where attacks are looked for.
//!
//! A move that captures on the cell between its legs, or that ends where it started, is
//! [`MoveKind::Legs`] (written `e7f7,f7e7`, as XBoard and HaChu write Chu Shogi's lion); one that
//! only passes that cell is a plain move to where it ends, unless another move already gives it.
//!
//! Moves in three legs ([`crate::rules::LegChain`], the Lion Dog's) have a table of their own,
//! one entry per path from each cell. Such a move is written by what it does: as a plain move,
//! or as a move in two legs over the one cell it captures on the way, or, capturing on both
//! cells between its legs, as [`MoveKind::ThreeLegs`] (`f6f7,f7f8,f8f9`).

use super::bits::Bits;
use super::tables::Tables;
use crate::rules::{Cell, Direction, LegStop, Mode, RuleSet};

/// A first leg from one cell, and where the second may end.
pub(crate) struct FirstLeg {
    /// The cell the first leg reaches.
    pub via: u16,
    /// The cells a first leg that rides passes before it, which must be empty (none for a leap).
    pub pass: Vec<u16>,
    /// What that cell may hold.
    pub stop: LegStop,
    /// What the move may do where it ends.
    pub mode: Mode,
    /// Where the second leg may end (the start among them, where it comes back).
    pub to: Vec<u16>,
    /// A second leg that rides: its lines from `via`, each in order outwards, to be walked
    /// over empty cells up to the first piece (a hook move; none otherwise).
    pub rays: Vec<Vec<u16>>,
}

/// A move in three legs from one cell by one path.
pub(crate) struct Chain {
    /// The cells the first and second legs reach.
    pub via: [u16; 2],
    /// Where the move ends.
    pub to: u16,
    /// What the cells between the legs may hold.
    pub stops: [LegStop; 2],
    /// What the move may do where it ends.
    pub mode: Mode,
}

/// The moves in legs of a game.
pub(crate) struct LegsPlan {
    /// The types that have some.
    pub kinds: Vec<u8>,
    /// Per (type × players + player) × cells + cell: the first legs from there.
    from: Vec<Vec<FirstLeg>>,
    /// Indexed alike: the moves in three legs from there.
    chains: Vec<Vec<Chain>>,
    players: usize,
    cells: usize,
}

impl LegsPlan {
    /// The plan of a rule set's moves in legs, `None` where it has none.
    pub(crate) fn new<B: Bits>(rules: &RuleSet, t: &Tables<B>) -> Option<LegsPlan> {
        let kinds: Vec<u8> = (0..rules.pieces.len())
            .filter(|&k| {
                !rules.pieces[k].leg_moves.is_empty() || !rules.pieces[k].leg_chains.is_empty()
            })
            .map(|k| k as u8)
            .collect();
        if kinds.is_empty() {
            return None;
        }
        let (players, cells) = (rules.players.len(), t.cells);
        let mut from = Vec::new();
        from.resize_with(rules.pieces.len() * players * cells, Vec::new);
        let mut chains = Vec::new();
        chains.resize_with(rules.pieces.len() * players * cells, Vec::new);
        for &k in &kinds {
            for (p, player) in rules.players.iter().enumerate() {
                let dir = player.forward;
                for c in (0..cells).filter(|&c| t.on_board.has(c)) {
                    let (f, r) = rules.board.coords(Cell(c as u16));
                    let at = (k as usize * players + p) * cells + c;
                    chains[at] = chains_from(rules, k, dir, (f, r));
                    let list = &mut from[at];
                    for lm in &rules.pieces[k as usize].leg_moves {
                        for &((x, y), ref seconds) in &lm.legs {
                            let (dx, dy) = dir.orient(x.into(), y.into());
                            let mut pass = Vec::new();
                            // A ride's every cell is a first leg of its own, behind those it
                            // passes; its second leg comes back to the start.
                            for n in 1.. {
                                if lm.range != 0 && n > i32::from(lm.range) {
                                    break;
                                }
                                let (vx, vy) = (f + n * dx, r + n * dy);
                                let Some(via) = rules.board.cell(vx, vy) else {
                                    break;
                                };
                                let rays: Vec<Vec<u16>> = if lm.second_range == 1 {
                                    Vec::new()
                                } else {
                                    seconds
                                        .iter()
                                        .map(|&(x, y)| {
                                            let (ex, ey) = dir.orient(x.into(), y.into());
                                            ray(rules, (vx, vy), (ex, ey), lm.second_range)
                                        })
                                        .filter(|r| !r.is_empty())
                                        .collect()
                                };
                                let to: Vec<u16> = if lm.second_range != 1 {
                                    Vec::new()
                                } else if lm.range == 1 {
                                    seconds
                                        .iter()
                                        .filter_map(|&(x, y)| {
                                            let (ex, ey) = dir.orient(x.into(), y.into());
                                            rules.board.cell(vx + ex, vy + ey).map(|c| c.0)
                                        })
                                        .collect()
                                } else {
                                    vec![c as u16]
                                };
                                if !to.is_empty() || !rays.is_empty() {
                                    list.push(FirstLeg {
                                        via: via.0,
                                        pass: pass.clone(),
                                        stop: lm.first,
                                        mode: lm.mode,
                                        to,
                                        rays,
                                    });
                                }
                                if lm.range == 1 {
                                    break;
                                }
                                pass.push(via.0);
                            }
                        }
                    }
                }
            }
        }
        Some(LegsPlan {
            kinds,
            from,
            chains,
            players,
            cells,
        })
    }

    /// The first legs of a piece of type `kind` of `player` on `cell`.
    pub(crate) fn at(&self, kind: u8, player: usize, cell: usize) -> &[FirstLeg] {
        &self.from[(kind as usize * self.players + player) * self.cells + cell]
    }

    /// The moves in three legs of a piece of type `kind` of `player` on `cell`.
    pub(crate) fn chains_at(&self, kind: u8, player: usize, cell: usize) -> &[Chain] {
        &self.chains[(kind as usize * self.players + player) * self.cells + cell]
    }
}

/// The moves in three legs of a piece of type `kind` facing `dir` on `(f, r)`: each path whose
/// three cells are on the board.
fn chains_from(rules: &RuleSet, kind: u8, dir: Direction, (f, r): (i32, i32)) -> Vec<Chain> {
    let mut out = Vec::new();
    for ch in &rules.pieces[kind as usize].leg_chains {
        for path in &ch.paths {
            let (mut x, mut y) = (f, r);
            let mut cells = Vec::new();
            for &(u, v) in path {
                let (dx, dy) = dir.orient(u.into(), v.into());
                (x, y) = (x + dx, y + dy);
                match rules.board.cell(x, y) {
                    Some(c) => cells.push(c.0),
                    None => break,
                }
            }
            if let [a, b, to] = cells[..] {
                out.push(Chain {
                    via: [a, b],
                    to,
                    stops: [ch.stops[0], ch.stops[1]],
                    mode: ch.mode,
                });
            }
        }
    }
    out
}

/// The cells of a ride from `(f, r)` (not included) by `(dx, dy)`, in order, at most `range`
/// leaps of it (0: no limit), up to the board's edge.
fn ray(rules: &RuleSet, (f, r): (i32, i32), (dx, dy): (i32, i32), range: u8) -> Vec<u16> {
    (1..)
        .take_while(|&n| range == 0 || n <= i32::from(range))
        .map_while(|n| rules.board.cell(f + n * dx, r + n * dy))
        .map(|c| c.0)
        .collect()
}
