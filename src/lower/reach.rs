//! Where a piece type can go, judged on an empty board: the cells it may stand on, the cells one
//! of its moves lands on from a cell, and the cells it can ever reach. Blockers, screens, paths
//! and the rules that remove moves are ignored, so what play allows is a part of what this finds,
//! and a warning built on it (a piece that can never move, a promotion that never fires) is sure.

use crate::rules::{Cell, Mode, MoveRule, PieceId, PlayerId, RuleSet, ZoneId};

/// One move on an empty board: where it starts, where it ends, and whether it may capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Motion {
    pub from: Cell,
    pub to: Cell,
    pub captures: bool,
}

/// The moves of one piece type for one player on an empty board.
pub(crate) struct Reach<'a> {
    rules: &'a RuleSet,
    kind: PieceId,
    player: usize,
    /// Per cell: whether a piece of the type may stand there.
    pub stand: Vec<bool>,
}

impl<'a> Reach<'a> {
    /// Gets the moves of a type for a player: it stands on the board's cells, inside the zone it
    /// is confined to and outside the zone it is barred from.
    pub fn new(rules: &'a RuleSet, kind: PieceId, player: usize) -> Reach<'a> {
        let pt = &rules.pieces[kind.index()];
        let stand = (0..rules.board.cells())
            .map(|c| {
                let cell = Cell(c as u16);
                let (f, r) = rules.board.coords(cell);
                rules.board.cell(f, r).is_some()
                    && pt
                        .confined_to
                        .is_none_or(|z| in_zone(rules, z, player, cell))
                    && pt
                        .barred_from
                        .is_none_or(|z| !in_zone(rules, z, player, cell))
            })
            .collect();
        Reach {
            rules,
            kind,
            player,
            stand,
        }
    }

    /// Tells whether the type has moves of its own (moves in legs included).
    pub fn has_moves(&self) -> bool {
        let pt = &self.rules.pieces[self.kind.index()];
        !pt.moves.is_empty() || !pt.leg_moves.is_empty() || !pt.leg_chains.is_empty()
    }

    /// The moves from a cell, each ending on a cell the piece may stand on (a move in legs that
    /// ends where it started, Chu Shogi's igui, included).
    pub fn from(&self, from: Cell) -> Vec<Motion> {
        let rules = self.rules;
        let pt = &rules.pieces[self.kind.index()];
        let dir = rules.players[self.player].forward;
        let (f, r) = rules.board.coords(from);
        let inside = |x: i32, y: i32| {
            x >= 0 && y >= 0 && x < rules.board.files as i32 && y < rules.board.ranks as i32
        };
        let mut out = Vec::new();
        for m in &pt.moves {
            if m.from_zone
                .is_some_and(|z| !in_zone(rules, z, self.player, from))
            {
                continue;
            }
            let limit = match m.range {
                0 => rules.board.files.max(rules.board.ranks) as i32,
                n => n as i32,
            };
            for &(x, y) in &m.vectors {
                let (dx, dy) = dir.orient(x as i32, y as i32);
                // A hop passes a screen first, so it lands at least two leaps away.
                // A ride that skips its first cell lands from the second on.
                let first = if m.hop { 2 } else { m.first_reach() };
                for n in first..=limit.max(first) {
                    let (tx, ty) = (f + n * dx, r + n * dy);
                    if !inside(tx, ty) {
                        break;
                    }
                    let Some(to) = rules.board.cell(tx, ty) else {
                        continue;
                    };
                    if m.within
                        && m.from_zone
                            .is_some_and(|z| !in_zone(rules, z, self.player, to))
                    {
                        break;
                    }
                    if self.stand[to.index()] {
                        out.push(Motion {
                            from,
                            to,
                            captures: m.mode != Mode::Move,
                        });
                    }
                }
            }
        }
        let most = rules.board.files.max(rules.board.ranks) as i32;
        for lm in &pt.leg_moves {
            // A first leg that rides comes back (its first step stands for it) or, with a
            // second leg that rides, may turn on any cell of its line (a hook).
            let (firsts, seconds_n) = match lm.second_range {
                1 => (1, 1),
                0 => (if lm.range == 0 { most } else { lm.range as i32 }, most),
                n => (if lm.range == 0 { most } else { lm.range as i32 }, n as i32),
            };
            for &((x1, y1), ref seconds) in &lm.legs {
                let (ax, ay) = dir.orient(x1 as i32, y1 as i32);
                for n in 1..=firsts {
                    let (vx, vy) = (f + n * ax, r + n * ay);
                    if !inside(vx, vy) {
                        break;
                    }
                    if rules.board.cell(vx, vy).is_none() {
                        continue;
                    }
                    for &(x2, y2) in seconds {
                        let (bx, by) = dir.orient(x2 as i32, y2 as i32);
                        for m in 1..=seconds_n {
                            if let Some(to) = rules.board.cell(vx + m * bx, vy + m * by)
                                && self.stand[to.index()]
                            {
                                out.push(Motion {
                                    from,
                                    to,
                                    captures: true,
                                });
                            }
                        }
                    }
                }
            }
        }
        for path in pt.leg_chains.iter().flat_map(|c| &c.paths) {
            let (mut x, mut y) = (f, r);
            for &(u, v) in path {
                let (dx, dy) = dir.orient(u.into(), v.into());
                (x, y) = (x + dx, y + dy);
            }
            if let Some(to) = rules.board.cell(x, y)
                && self.stand[to.index()]
            {
                out.push(Motion {
                    from,
                    to,
                    captures: true,
                });
            }
        }
        out
    }

    /// The cells it may stand on.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.stand.len())
            .filter(|&c| self.stand[c])
            .map(|c| Cell(c as u16))
    }

    /// Tells whether some move of the type lands on the board from some cell it may stand on.
    pub fn ever_moves(&self) -> bool {
        self.cells().any(|c| !self.from(c).is_empty())
    }

    /// The cells it can reach from the cells it may start a move on, moving as often as it likes:
    /// `origins`, those marked true.
    pub fn reachable(&self, origins: &[bool]) -> Vec<bool> {
        let mut seen: Vec<bool> = origins
            .iter()
            .zip(&self.stand)
            .map(|(&o, &s)| o && s)
            .collect();
        let mut todo: Vec<Cell> = self.cells().filter(|c| seen[c.index()]).collect();
        while let Some(c) = todo.pop() {
            for h in self.from(c) {
                if !seen[h.to.index()] {
                    seen[h.to.index()] = true;
                    todo.push(h.to);
                }
            }
        }
        seen
    }
}

/// Tells whether a zone holds a cell, as a player sees it.
pub(crate) fn in_zone(rules: &RuleSet, z: ZoneId, player: usize, cell: Cell) -> bool {
    rules
        .zones
        .get(z.index())
        .and_then(|z| z.cells.get(player))
        .is_some_and(|cells| cells.binary_search(&cell).is_ok())
}

/// The cells where pieces of a type may start their moves, for any player: those it stands on
/// at the start (of any owner: captures and flips change owners), and everywhere when it can
/// arrive elsewhere (dropped, made by a promotion, moved by castling or a shuffle).
pub(crate) fn origins(
    rules: &RuleSet,
    kind: PieceId,
    start: &dyn Fn(Cell) -> Option<(PieceId, PlayerId)>,
) -> Vec<bool> {
    let cells = rules.board.cells();
    let anywhere = rules.has_hands()
        || rules.free_drops().contains(&kind)
        || rules.pieces.iter().any(|p| {
            p.promotions
                .iter()
                .any(|pr| pr.to.contains(&kind) || pr.swap)
        })
        || rules
            .moves
            .iter()
            .any(|m| matches!(m, MoveRule::PromoteInPlace { to, .. } if to.contains(&kind)))
        || rules
            .castling
            .iter()
            .any(|c| c.king == kind || c.rook == kind)
        || rules.shuffle.as_ref().is_some_and(|s| {
            s.cells
                .iter()
                .any(|&c| start(c).is_some_and(|(k, _)| k == kind))
        });
    (0..cells)
        .map(|c| anywhere || start(Cell(c as u16)).is_some_and(|(k, _)| k == kind))
        .collect()
}
