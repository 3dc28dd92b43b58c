//! Move tables built once per rule set, for every piece type, player and cell.
//!
//! Each move part of a piece type is compiled, for each player's orientation, into the fastest
//! form that says it exactly:
//! - leaps (one jump, nothing in between matters): a set of target cells per cell, for moving and
//!   for capturing;
//! - stepping leaps (the xiangqi horse, the pawn's double step): per cell, the target and the
//!   cells that must be empty;
//! - rides and hops along a direction, with or without a range: ray tables (the first blocker
//!   found by the lowest or highest bit);
//! - everything else (displacers, rides whose every leap has a path, rides confined to a zone or
//!   usable only from one): explicit step lists, as a slow path that is exact by construction.
//!
//! Confinement, barred zones and separated zones are folded into the tables: a leap that would
//! break them is left out; a ride stops where it would.

use super::bits::KindSet;
use super::bits::{Bits, set_of};
use super::index::AsIndex;
use super::kinds::{KindBits, kind_set};
use crate::rules::*;

mod kind;

/// What a ride does when it meets a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hop {
    /// An ordinary ride: the first piece met ends it (captured if it may be).
    None,
    /// A cannon: it passes exactly one piece (the screen), then lands on any empty cell beyond
    /// or captures the next piece.
    Cannon,
    /// A grasshopper: it passes exactly one piece (the screen) and lands on the cell just
    /// beyond it, empty or holding an enemy to capture.
    Grasshopper,
}

/// A ride of one piece type and player along one direction.
#[derive(Clone, Copy, Debug)]
pub struct Ride {
    pub dir: u16,
    /// The cells within range, as a table index (`None`: unlimited).
    pub limit: Option<u16>,
    pub mode: Mode,
    pub hop: Hop,
}

/// A leap whose path must be empty.
#[derive(Clone, Copy, Debug)]
pub struct Lame<B> {
    pub to: u16,
    pub path: B,
    pub mode: Mode,
    /// A multi-cell step of a piece that can be taken en passant: it leaves en-passant cells.
    pub makes_ep: bool,
    /// Index of `path` in [`Tables::paths`], for moves that remember it.
    pub path_id: u32,
}

/// One landing of a slow-path ray, with the cells passed since the previous landing.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub to: u16,
    /// Index in [`Tables::paths`] of the cells passed (empty set for none).
    pub path: u32,
}

/// One direction of one slow move part from one cell.
#[derive(Clone, Debug)]
pub struct SlowRay<B: Bits> {
    /// Types it may not hop over, and types it may not capture, a bit each.
    pub screen_ban: KindSet<B>,
    pub victim_ban: KindSet<B>,
    pub mode: Mode,
    pub style: Style,
    pub hop: bool,
    pub makes_ep: bool,
    pub steps: (u32, u32),
}

/// Everything about one piece type for one player.
pub struct Kind<B: Bits> {
    /// Per cell: cells a leap may move to without capturing.
    pub leap_move: Vec<B>,
    /// Per cell: cells a leap may capture on.
    pub leap_capture: Vec<B>,
    /// Per cell: range of `lame` entries.
    pub lame_index: Vec<(u32, u32)>,
    pub lame: Vec<Lame<B>>,
    /// Rides usable from every cell.
    pub rides: Vec<Ride>,
    /// The directions of the rides that move and capture, unlimited and without hops, and the
    /// other rides: the fast path takes the first at a glance.
    pub open_rides: Vec<u16>,
    pub other_rides: Vec<Ride>,
    /// Per cell: range of `slow` rays.
    pub slow_index: Vec<(u32, u32)>,
    pub slow: Vec<SlowRay<B>>,
    /// Per cell: whether the piece has any move on an empty board.
    pub mobile: Vec<bool>,
    /// Per cell: cells it could ever capture on (or displace), ignoring blockers.
    pub reach: Vec<B>,
    /// Per cell: the cells from which this kind leap-captures that cell (the reverse of
    /// `leap_capture`).
    pub leap_from: Vec<B>,
    /// Per cell: range of `lame_from` entries: (source cell, path) pairs that capture on it.
    pub lame_from_index: Vec<(u32, u32)>,
    pub lame_from: Vec<(u16, B)>,
    /// Per cell: cells a first move (Betza `i`, move-only leaps) may go to, while the piece keeps
    /// its right.
    pub init_move: Vec<B>,
    pub has_initial: bool,
    /// Per cell: cells a move after the first (`after its first move`, move-only leaps) may go
    /// to, once the piece has lost its right; a kind with some tracks rights (`has_initial`).
    pub later_move: Vec<B>,
    pub has_later: bool,
    /// Whether the kind has any slow ray, any lame leap, any leap capture.
    pub has_slow: bool,
    pub has_lame: bool,
    pub has_leap_capture: bool,
    /// Whether the kind has any plain leap (move or capture), any lame leap at all.
    pub has_leaps: bool,
    pub has_lame_moves: bool,
    /// Whether the kind has only leaps, lame leaps and rides without hops: no slow ray, no
    /// first move (the fast path of move generation, but from `double_step_from`).
    pub plain: bool,
    /// The cells from which a lame leap leaves en-passant cells (a double step).
    pub double_step_from: B,
}

/// A group of rides of one player that capture along the same direction and range, with the
/// piece types that have them: attack detection looks back along the direction once for all.
#[derive(Clone, Debug)]
pub struct RideGroup<B: Bits> {
    pub dir: u16,
    pub limit: Option<u16>,
    pub hop: Hop,
    /// Piece types of the group.
    pub kinds: KindSet<B>,
}

/// The tables of a game.
pub struct Tables<B: Bits> {
    pub files: usize,
    pub cells: usize,
    pub players: usize,
    pub kinds: usize,
    pub on_board: B,
    /// The directions up and down a file, then right and left along a rank.
    pub orthogonal: [u16; 4],
    /// Distinct directions (board coordinates) of rides and hops.
    pub dirs: Vec<(i32, i32)>,
    /// `rays[dir * cells + cell]`: the cells along a direction from a cell, to the edge or a hole.
    pub rays: Vec<B>,
    /// Tables of cells within a range along a direction: `limits[i][cell]`.
    pub limits: Vec<Vec<B>>,
    /// The (direction, range) each of `limits` was made for; none for a table made otherwise.
    limit_keys: Vec<Option<(u16, u8)>>,
    /// `kind[piece * players + player]`.
    pub kind: Vec<Kind<B>>,
    /// Per player: ride groups that capture.
    pub groups: Vec<Vec<RideGroup<B>>>,
    /// `reach_from[player * cells + target]`: the cells from which some piece of the player could
    /// ever capture on the target (ignoring blockers): nothing there, no attack.
    pub reach_from: Vec<B>,
    /// `leap_union[player * cells + target]`: cells from which some kind of the player leaps
    /// onto the target; `leap_kinds[(player * cells + target) * cells + source]`: which kinds
    /// (a bit each).
    pub leap_union: Vec<B>,
    pub leap_kinds: Vec<KindSet<B>>,
    /// `lame_at[player * cells + target]`: range of `lame_list` entries (source, path, kinds)
    /// of stepping leaps of the player that capture on the target.
    pub lame_at: Vec<(u32, u32)>,
    /// `lame_union[player * cells + target]`: the sources of those entries.
    pub lame_union: Vec<B>,
    pub lame_list: Vec<(u16, B, KindSet<B>)>,
    /// `ride_union[player * cells + target]`: cells from which some ride or hop of the player
    /// could capture on the target, ignoring blockers.
    pub ride_union: Vec<B>,
    /// Plain rides (no hop) by source, as leaps are: `line_union[player * cells + target]`: cells
    /// from which some plain ride of the player captures on the target on an empty board;
    /// `line_kinds[(player * cells + target) * cells + source]`: which kinds, and
    /// `line_dir[...]` along which direction. Only for players whose plain rides reach each
    /// target from each source along one direction (`line_ok`); hop groups are looked up apart
    /// (`hop_groups`).
    pub line_ok: Vec<bool>,
    pub line_union: Vec<B>,
    pub line_kinds: Vec<KindSet<B>>,
    pub line_dir: Vec<u16>,
    /// Per player: the kinds with plain rides that capture.
    pub line_riders: Vec<KindSet<B>>,
    pub hop_groups: Vec<Vec<RideGroup<B>>>,
    /// Per player: kinds with leap captures, lame captures, slow rays.
    pub leapers: Vec<Vec<u8>>,
    pub lamers: Vec<Vec<u8>>,
    pub slowers: Vec<Vec<u8>>,
    /// Paths of stepping moves, displacements and slow steps.
    pub paths: Vec<B>,
    pub slow_steps: Vec<Step>,
    /// Cells of each (zone, player): `zones[zone * players + player]`.
    pub zones: Vec<B>,
    /// The cells of each file.
    pub file_cells: Vec<B>,
    /// Cells of one colour (file + rank even).
    pub even: B,
    /// The hand slot a captured piece of each type returns to, when it has no recorded origin.
    pub base: Vec<u8>,
    /// The type each type was before promoting, when nothing else records it.
    pub unpromoted: Vec<PieceId>,
    /// The hand slot of each type (the first of its interchangeable group, or itself).
    pub hand_slot: Vec<u8>,
    /// The types a piece held in each hand slot may be dropped as.
    pub members: Vec<Vec<u8>>,
    pub royal: Vec<bool>,
    /// The royal types.
    pub royal_kinds: KindSet<B>,
    /// Whether some type needs the slow path, and whether some type hops.
    pub any_slow: bool,
    pub any_hop: bool,
}

impl<B: Bits> Tables<B> {
    #[inline]
    pub fn kind(&self, piece: u8, player: usize) -> &Kind<B> {
        &self.kind[piece.index() * self.players + player]
    }

    #[inline]
    pub fn zone(&self, zone: ZoneId, player: usize) -> B {
        self.zones[zone.index() * self.players + player]
    }

    #[inline]
    pub fn ray(&self, dir: u16, cell: usize) -> B {
        self.rays[dir as usize * self.cells + cell]
    }

    /// The first occupied cell along a direction from a cell.
    #[inline]
    pub fn first(&self, dir: u16, cell: usize, occ: B) -> Option<usize> {
        let hit = self.ray(dir, cell) & occ;
        if hit.none() {
            None
        } else if Self::ascends(dir) {
            Some(hit.lowest())
        } else {
            Some(hit.highest())
        }
    }

    /// The stepping-leap entries (source, path, kinds) that capture on a target,
    /// `lame_at[player * cells + target]`, or none when no cell of `pieces` is a source.
    #[inline]
    pub fn lame_sources(&self, at: usize, pieces: B) -> &[(u16, B, KindSet<B>)] {
        if (self.lame_union[at] & pieces).none() {
            return &[];
        }
        let (a, z) = self.lame_at[at];
        &self.lame_list[a as usize..z as usize]
    }

    /// The next cell along a direction from a cell, if the ray goes on.
    #[inline]
    pub fn next(&self, dir: u16, cell: usize) -> Option<usize> {
        self.first(dir, cell, !B::EMPTY)
    }

    /// The cells a ride reaches along a direction: up to and including the first occupied one.
    #[inline]
    pub fn ride(&self, dir: u16, cell: usize, occ: B) -> B {
        let ray = self.ray(dir, cell);
        match self.first(dir, cell, occ) {
            Some(b) => ray & !self.ray(dir, b),
            None => ray,
        }
    }

    /// Whether cell numbers grow along a direction (the first of each pair of opposites).
    #[inline]
    pub fn ascends(dir: u16) -> bool {
        dir & 1 == 0
    }

    /// The opposite of a direction.
    #[inline]
    pub fn back(&self, dir: u16) -> u16 {
        (dir as usize ^ 1) as u16
    }

    /// The cells of the slow step list of a ray.
    #[inline]
    pub fn steps(&self, ray: &SlowRay<B>) -> &[Step] {
        &self.slow_steps[ray.steps.0 as usize..ray.steps.1 as usize]
    }

    pub fn build(rules: &RuleSet) -> Tables<B> {
        let b = &rules.board;
        let (files, ranks) = (b.files as usize, b.ranks as usize);
        let cells = b.cells();
        let players = rules.players.len();
        let on_board: B =
            set_of((0..cells).filter(|&c| b.holes.binary_search(&Cell(c as u16)).is_err()));
        let mut zones = Vec::new();
        for z in &rules.zones {
            for p in 0..players {
                zones.push(set_of(z.cells[p].iter().map(|&c| c.index())));
            }
        }
        let file_cells = (0..files)
            .map(|f| set_of::<B>((0..ranks).map(|r| f + r * files)) & on_board)
            .collect();
        let even = set_of::<B>((0..cells).filter(|&c| (c % files + c / files).is_multiple_of(2)))
            & on_board;
        let n = rules.pieces.len();
        let mut t = Tables {
            files,
            cells,
            players,
            kinds: n,
            on_board,
            dirs: Vec::new(),
            rays: Vec::new(),
            limits: Vec::new(),
            limit_keys: Vec::new(),
            kind: Vec::new(),
            groups: vec![Vec::new(); players],
            reach_from: vec![B::EMPTY; players * cells],
            leap_union: vec![B::EMPTY; players * cells],
            leap_kinds: vec![B::Kinds::EMPTY; players * cells * cells],
            lame_at: Vec::new(),
            lame_union: Vec::new(),
            lame_list: Vec::new(),
            ride_union: vec![B::EMPTY; players * cells],
            line_ok: vec![true; players],
            line_union: vec![B::EMPTY; players * cells],
            line_kinds: vec![B::Kinds::EMPTY; players * cells * cells],
            line_dir: vec![0; players * cells * cells],
            line_riders: vec![B::Kinds::EMPTY; players],
            hop_groups: vec![Vec::new(); players],
            leapers: vec![Vec::new(); players],
            lamers: vec![Vec::new(); players],
            slowers: vec![Vec::new(); players],
            paths: vec![B::EMPTY],
            slow_steps: Vec::new(),
            zones,
            file_cells,
            even,
            base: (0..n)
                .map(|i| rules.hand_type(PieceId(i as u8)).0)
                .collect(),
            unpromoted: (0..n).map(|i| rules.base_of(PieceId(i as u8))).collect(),
            hand_slot: (0..n)
                .map(|i| rules.hand_slot(PieceId(i as u8)).0)
                .collect(),
            members: (0..(n as u8))
                .map(|i| {
                    rules
                        .interchangeable
                        .iter()
                        .find(|g| g[0] == PieceId(i))
                        .map(|g| g.iter().map(|k| k.0).collect())
                        .unwrap_or_else(|| vec![i])
                })
                .collect(),
            royal: rules.pieces.iter().map(|p| p.royal).collect(),
            royal_kinds: (0..n as u8)
                .filter(|&i| rules.pieces[i as usize].royal)
                .fold(B::Kinds::EMPTY, |m, i| m | B::Kinds::one(i)),
            any_slow: false,
            any_hop: false,
            orthogonal: [0; 4],
        };
        // Along files (up, down) and ranks: where royals may not face, or facing ends a game.
        t.orthogonal = [(0, 1), (0, -1), (1, 0), (-1, 0)].map(|d| t.dir_id(rules, d));
        for (pi, pt) in rules.pieces.iter().enumerate() {
            for p in 0..players {
                let k = t.build_kind(rules, pt, p);
                if k.has_slow {
                    t.slowers[p].push(pi as u8);
                    t.any_slow = true;
                }
                if k.has_lame {
                    t.lamers[p].push(pi as u8);
                }
                if k.has_leap_capture {
                    t.leapers[p].push(pi as u8);
                }
                for r in &k.rides {
                    if r.hop != Hop::None {
                        t.any_hop = true;
                    }
                    if !r.mode.captures() {
                        continue;
                    }
                    let group = t.groups[p]
                        .iter_mut()
                        .find(|g| g.dir == r.dir && g.limit == r.limit && g.hop == r.hop);
                    match group {
                        Some(g) => g.kinds.insert(pi as u8),
                        None => t.groups[p].push(RideGroup {
                            dir: r.dir,
                            limit: r.limit,
                            hop: r.hop,
                            kinds: B::Kinds::one(pi as u8),
                        }),
                    }
                }
                t.kind.push(k);
            }
        }
        t.reverse_tables();
        t
    }

    /// The index of a direction, adding it (and its opposite, next to it) if new.
    fn dir_id(&mut self, rules: &RuleSet, d: (i32, i32)) -> u16 {
        if let Some(i) = self.dirs.iter().position(|&x| x == d) {
            return i as u16;
        }
        // The direction along which cell numbers grow comes first of the pair: even ids ascend.
        let back = (-d.0, -d.1);
        let ascends = d.1 > 0 || (d.1 == 0 && d.0 > 0);
        let pair = if ascends { [d, back] } else { [back, d] };
        for v in pair {
            self.dirs.push(v);
            let b = &rules.board;
            for c in 0..self.cells {
                let (mut f, mut r) = b.coords(Cell(c as u16));
                let mut ray = B::EMPTY;
                if self.on_board.has(c) {
                    while let Some(x) = b.cell(f + v.0, r + v.1) {
                        ray |= B::cell(x.index());
                        (f, r) = (f + v.0, r + v.1);
                    }
                }
                self.rays.push(ray);
            }
        }
        (self.dirs.len() - if ascends { 2 } else { 1 }) as u16
    }

    /// The index of the table of cells within `range` along `dir`.
    fn limit_id(&mut self, rules: &RuleSet, dir: u16, range: u8) -> u16 {
        if let Some(i) = self
            .limit_keys
            .iter()
            .position(|&k| k == Some((dir, range)))
        {
            return i as u16;
        }
        let d = self.dirs[dir as usize];
        let b = &rules.board;
        let table = (0..self.cells)
            .map(|c| {
                let (f, r) = b.coords(Cell(c as u16));
                let mut s = B::EMPTY;
                for k in 1..=range as i32 {
                    match b.cell(f + k * d.0, r + k * d.1) {
                        Some(x) if self.on_board.has(c) => s |= B::cell(x.index()),
                        _ => break,
                    }
                }
                s
            })
            .collect();
        self.limits.push(table);
        self.limit_keys.push(Some((dir, range)));
        (self.limits.len() - 1) as u16
    }

    fn path_id(&mut self, path: B) -> u32 {
        if path.none() {
            return 0;
        }
        self.paths.push(path);
        (self.paths.len() - 1) as u32
    }

    /// Fills the reverse tables: where each kind leap-captures or lame-captures from, and where
    /// any piece of a player could capture from.
    fn reverse_tables(&mut self) {
        let cells = self.cells;
        let players = self.players;
        let mut lame_by: Vec<Vec<(u16, B, KindSet<B>)>> = vec![Vec::new(); players * cells];
        for (i, k) in self.kind.iter().enumerate() {
            let (kind, p) = (i / players, i % players);
            for from in 0..cells {
                for to in k.reach[from].cells() {
                    self.reach_from[p * cells + to] |= B::cell(from);
                }
                for to in k.leap_capture[from].cells() {
                    self.leap_union[p * cells + to] |= B::cell(from);
                    self.leap_kinds[(p * cells + to) * cells + from].insert(kind as u8);
                }
                let (a, z) = k.lame_index[from];
                for l in &k.lame[a as usize..z as usize] {
                    if !l.mode.captures() {
                        continue;
                    }
                    let list = &mut lame_by[p * cells + l.to as usize];
                    match list
                        .iter_mut()
                        .find(|e| e.0 == from as u16 && e.1 == l.path)
                    {
                        Some(e) => e.2.insert(kind as u8),
                        None => list.push((from as u16, l.path, B::Kinds::one(kind as u8))),
                    }
                }
                for r in k.rides.iter().filter(|r| r.mode.captures()) {
                    let mut ray = self.rays[r.dir as usize * cells + from];
                    if let Some(l) = r.limit {
                        ray &= self.limits[l as usize][from];
                    }
                    for to in ray.cells() {
                        self.ride_union[p * cells + to] |= B::cell(from);
                        if r.hop != Hop::None {
                            continue;
                        }
                        let at = (p * cells + to) * cells + from;
                        if self.line_kinds[at].any() && self.line_dir[at] != r.dir {
                            self.line_ok[p] = false;
                        }
                        self.line_union[p * cells + to] |= B::cell(from);
                        self.line_kinds[at].insert(kind as u8);
                        self.line_riders[p].insert(kind as u8);
                        self.line_dir[at] = r.dir;
                    }
                }
            }
        }
        for p in 0..players {
            self.hop_groups[p] = self.groups[p]
                .iter()
                .filter(|g| g.hop != Hop::None)
                .cloned()
                .collect();
        }
        for list in lame_by {
            self.lame_union
                .push(list.iter().fold(B::EMPTY, |u, e| u | B::cell(e.0 as usize)));
            let start = self.lame_list.len() as u32;
            self.lame_list.extend(list);
            self.lame_at.push((start, self.lame_list.len() as u32));
        }
        for k in &mut self.kind {
            for from in 0..cells {
                for to in k.leap_capture[from].cells() {
                    k.leap_from[to] |= B::cell(from);
                }
            }
            let mut by_target: Vec<Vec<(u16, B)>> = vec![Vec::new(); cells];
            for (from, &(a, z)) in k.lame_index.iter().enumerate() {
                for l in &k.lame[a as usize..z as usize] {
                    if l.mode.captures() {
                        by_target[l.to as usize].push((from as u16, l.path));
                    }
                }
            }
            for list in by_target {
                let start = k.lame_from.len() as u32;
                k.lame_from.extend(list);
                k.lame_from_index.push((start, k.lame_from.len() as u32));
            }
        }
    }
}
