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

use super::AsIndex;
use super::bits::{Bits, kind_set, set_of};
use crate::rules::*;

/// No cell, in a `u16` cell field.
pub const NO_CELL: u16 = u16::MAX;

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
pub struct SlowRay {
    /// Types it may not hop over, and types it may not capture, a bit each.
    pub screen_ban: u64,
    pub victim_ban: u64,
    pub mode: Mode,
    pub style: Style,
    pub hop: bool,
    pub makes_ep: bool,
    pub steps: (u32, u32),
}

/// Everything about one piece type for one player.
pub struct Kind<B> {
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
    pub slow: Vec<SlowRay>,
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
pub struct RideGroup {
    pub dir: u16,
    pub limit: Option<u16>,
    pub hop: Hop,
    /// Piece types of the group, as a bit per type.
    pub kinds: u64,
}

/// The tables of a game.
pub struct Tables<B> {
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
    limit_keys: Vec<(u16, u8)>,
    /// `kind[piece * players + player]`.
    pub kind: Vec<Kind<B>>,
    /// Per player: ride groups that capture.
    pub groups: Vec<Vec<RideGroup>>,
    /// `reach_from[player * cells + target]`: the cells from which some piece of the player could
    /// ever capture on the target (ignoring blockers): nothing there, no attack.
    pub reach_from: Vec<B>,
    /// `leap_union[player * cells + target]`: cells from which some kind of the player leaps
    /// onto the target; `leap_kinds[(player * cells + target) * cells + source]`: which kinds
    /// (a bit each).
    pub leap_union: Vec<B>,
    pub leap_kinds: Vec<u64>,
    /// `lame_at[player * cells + target]`: range of `lame_list` entries (source, path, kinds)
    /// of stepping leaps of the player that capture on the target.
    pub lame_at: Vec<(u32, u32)>,
    /// `lame_union[player * cells + target]`: the sources of those entries.
    pub lame_union: Vec<B>,
    pub lame_list: Vec<(u16, B, u64)>,
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
    pub line_kinds: Vec<u64>,
    pub line_dir: Vec<u16>,
    /// Per player: the kinds with plain rides that capture, a bit each.
    pub line_riders: Vec<u64>,
    pub hop_groups: Vec<Vec<RideGroup>>,
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
    pub unpromoted: Vec<u8>,
    /// The hand slot of each type (the first of its interchangeable group, or itself).
    pub hand_slot: Vec<u8>,
    /// The types a piece held in each hand slot may be dropped as.
    pub members: Vec<Vec<u8>>,
    pub royal: Vec<bool>,
    /// The royal types, a bit each.
    pub royal_kinds: u64,
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
    pub fn lame_sources(&self, at: usize, pieces: B) -> &[(u16, B, u64)] {
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
    pub fn steps(&self, ray: &SlowRay) -> &[Step] {
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
            leap_kinds: vec![0; players * cells * cells],
            lame_at: Vec::new(),
            lame_union: Vec::new(),
            lame_list: Vec::new(),
            ride_union: vec![B::EMPTY; players * cells],
            line_ok: vec![true; players],
            line_union: vec![B::EMPTY; players * cells],
            line_kinds: vec![0; players * cells * cells],
            line_dir: vec![0; players * cells * cells],
            line_riders: vec![0; players],
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
            unpromoted: (0..n).map(|i| rules.base_of(PieceId(i as u8)).0).collect(),
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
            royal_kinds: rules
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.royal)
                .fold(0, |m, (i, _)| m | 1 << i),
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
                        Some(g) => g.kinds |= 1 << pi,
                        None => t.groups[p].push(RideGroup {
                            dir: r.dir,
                            limit: r.limit,
                            hop: r.hop,
                            kinds: 1 << pi,
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
        if let Some(i) = self.limit_keys.iter().position(|&k| k == (dir, range)) {
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
        self.limit_keys.push((dir, range));
        (self.limits.len() - 1) as u16
    }

    fn path_id(&mut self, path: B) -> u32 {
        if path.none() {
            return 0;
        }
        self.paths.push(path);
        (self.paths.len() - 1) as u32
    }

    fn build_kind(&mut self, rules: &RuleSet, pt: &PieceType, player: usize) -> Kind<B> {
        let b = &rules.board;
        let cells = self.cells;
        let dir = rules.players[player].forward;
        let mut k = Kind {
            leap_move: vec![B::EMPTY; cells],
            leap_capture: vec![B::EMPTY; cells],
            lame_index: Vec::with_capacity(cells),
            lame: Vec::new(),
            rides: Vec::new(),
            open_rides: Vec::new(),
            other_rides: Vec::new(),
            slow_index: Vec::with_capacity(cells),
            slow: Vec::new(),
            mobile: vec![false; cells],
            reach: vec![B::EMPTY; cells],
            leap_from: vec![B::EMPTY; cells],
            lame_from_index: Vec::new(),
            lame_from: Vec::new(),
            init_move: vec![B::EMPTY; cells],
            has_initial: false,
            has_slow: false,
            has_lame: false,
            has_leaps: false,
            has_lame_moves: false,
            has_leap_capture: false,
            plain: false,
            double_step_from: B::EMPTY,
        };
        let confined = pt.confined_to.map(|z| self.zone(z, player));
        let barred = pt.barred_from.map(|z| self.zone(z, player));
        // For each separated zone, the player owning each cell (if any).
        let owners: Vec<Vec<Option<usize>>> = rules
            .separated
            .iter()
            .map(|&z| {
                (0..cells)
                    .map(|c| (0..self.players).find(|&q| self.zone(z, q).has(c)))
                    .collect()
            })
            .collect();
        let crosses = |a: usize, c: usize| {
            owners
                .iter()
                .any(|o| matches!((o[a], o[c]), (Some(p), Some(q)) if p != q))
        };
        // A step from `a` to `c` that the zone rules allow.
        let allowed = |a: usize, c: usize| {
            confined.is_none_or(|z| z.has(c)) && barred.is_none_or(|z| !z.has(c)) && !crosses(a, c)
        };
        let restricted = confined.is_some() || barred.is_some() || !owners.is_empty();
        // Rides go to `rides`, decided once for every cell: a range, a zone the ride must start
        // in, or zones it may not enter or cross become a table of the cells it may reach.
        let mut shared: Vec<(usize, usize, usize)> = Vec::new();
        for (pi, part) in pt.moves.iter().enumerate() {
            for (vi, &(vx, vy)) in part.vectors.iter().enumerate() {
                let path_len = part.paths.get(vi).map_or(0, |p| p.len());
                let fast_ride =
                    part.range != 1 && (part.hop || (part.style == Style::Leap || path_len == 0));
                if fast_ride {
                    shared.push((pi, vi, k.rides.len()));
                    let d = self.dir_id(rules, dir.orient(vx as i32, vy as i32));
                    let limit = if restricted || part.from_zone.is_some() {
                        let start = part.from_zone.map(|z| self.zone(z, player));
                        let within = start.filter(|_| part.within);
                        let ok =
                            |a: usize, c: usize| allowed(a, c) && within.is_none_or(|z| z.has(c));
                        Some(self.custom_limit(rules, d, part.range, start, &ok))
                    } else {
                        (part.range != 0).then(|| self.limit_id(rules, d, part.range))
                    };
                    k.rides.push(Ride {
                        dir: d,
                        limit,
                        mode: part.mode,
                        hop: match (part.hop, part.lands_behind_screen) {
                            (false, _) => Hop::None,
                            (true, false) => Hop::Cannon,
                            (true, true) => Hop::Grasshopper,
                        },
                    });
                }
            }
        }
        for from in 0..cells {
            let lame_start = k.lame.len() as u32;
            let slow_start = k.slow.len() as u32;
            if self.on_board.has(from) {
                let (f0, r0) = b.coords(Cell(from as u16));
                for (pi, part) in pt.moves.iter().enumerate() {
                    if let Some(z) = part.from_zone
                        && !self.zone(z, player).has(from)
                    {
                        continue;
                    }
                    // `within`: every cell passed or landed on is in the zone too.
                    let within = part
                        .from_zone
                        .filter(|_| part.within)
                        .map(|z| self.zone(z, player));
                    let allowed =
                        |a: usize, c: usize| allowed(a, c) && within.is_none_or(|z| z.has(c));
                    for (vi, &(vx, vy)) in part.vectors.iter().enumerate() {
                        let (dx, dy) = dir.orient(vx as i32, vy as i32);
                        let path = part.path_for(vi, dir);
                        if let Some(&(_, _, ri)) = shared.iter().find(|s| (s.0, s.1) == (pi, vi)) {
                            let ride = k.rides[ri];
                            self.shared_ride_cell(&ride, from, &mut k);
                            continue;
                        }
                        if part.range == 1 && !part.hop && part.style != Style::Displace {
                            // A leap, maybe with cells that must be empty.
                            let Some(to) = b.cell(f0 + dx, r0 + dy) else {
                                continue;
                            };
                            let to = to.index();
                            let mut cells_passed = B::EMPTY;
                            let mut open = true;
                            if part.style == Style::Step {
                                for &(px, py) in &path {
                                    match b.cell(f0 + px, r0 + py) {
                                        Some(c) if within.is_none_or(|z| z.has(c.index())) => {
                                            cells_passed |= B::cell(c.index())
                                        }
                                        _ => open = false,
                                    }
                                }
                            }
                            if !open || !allowed(from, to) {
                                continue;
                            }
                            if part.initial {
                                k.init_move[from] |= B::cell(to);
                                k.has_initial = true;
                                continue;
                            }
                            k.mobile[from] = true;
                            if part.mode.captures() {
                                k.reach[from] |= B::cell(to);
                            }
                            if cells_passed.none() {
                                if part.mode.moves() {
                                    k.leap_move[from] |= B::cell(to);
                                }
                                if part.mode.captures() {
                                    k.leap_capture[from] |= B::cell(to);
                                    k.has_leap_capture = true;
                                }
                            } else {
                                let makes_ep = pt.can_be_taken_en_passant;
                                let path_id = self.path_id(cells_passed);
                                k.lame.push(Lame {
                                    to: to as u16,
                                    path: cells_passed,
                                    mode: part.mode,
                                    makes_ep,
                                    path_id,
                                });
                                k.has_lame |= part.mode.captures();
                            }
                            continue;
                        }
                        // The slow path: explicit steps.
                        self.slow_ray(rules, pt, part, (dx, dy), &path, from, &allowed, &mut k);
                    }
                }
            }
            k.lame_index.push((lame_start, k.lame.len() as u32));
            k.slow_index.push((slow_start, k.slow.len() as u32));
        }
        k.has_slow = !k.slow.is_empty();
        k.has_leaps = k.leap_move.iter().chain(&k.leap_capture).any(|b| b.any());
        k.has_lame_moves = !k.lame.is_empty();
        k.plain = !k.has_slow && !k.has_initial && k.rides.iter().all(|r| r.hop == Hop::None);
        for r in &k.rides {
            if r.mode == Mode::Both && r.limit.is_none() && r.hop == Hop::None {
                k.open_rides.push(r.dir);
            } else {
                k.other_rides.push(*r);
            }
        }
        for (from, &(a, z)) in k.lame_index.iter().enumerate() {
            if k.lame[a as usize..z as usize].iter().any(|l| l.makes_ep) {
                k.double_step_from |= B::cell(from);
            }
        }
        k
    }

    /// Reach and mobility of a ride from one cell.
    fn shared_ride_cell(&self, ride: &Ride, from: usize, k: &mut Kind<B>) {
        let mut ray = self.ray(ride.dir, from);
        if let Some(l) = ride.limit {
            ray &= self.limits[l as usize][from];
        }
        if ride.mode.captures() {
            k.reach[from] |= ray;
        }
        // A hopper needs a screen first: it can move only from the second cell on.
        let hop = ride.hop != Hop::None;
        if (hop && ray.count() >= 2) || (!hop && ray.any()) {
            k.mobile[from] = true;
        }
    }

    /// A table of the cells a ride may reach from each cell: within `range` (0: unlimited),
    /// only from the cells of `start` (if given), each step allowed by the zone rules.
    fn custom_limit(
        &mut self,
        rules: &RuleSet,
        dir: u16,
        range: u8,
        start: Option<B>,
        allowed: &dyn Fn(usize, usize) -> bool,
    ) -> u16 {
        let d = self.dirs[dir as usize];
        let b = &rules.board;
        let table = (0..self.cells)
            .map(|c| {
                let mut s = B::EMPTY;
                if !self.on_board.has(c) || start.is_some_and(|z| !z.has(c)) {
                    return s;
                }
                let (f, r) = b.coords(Cell(c as u16));
                let mut here = c;
                let mut k = 1;
                while range == 0 || k <= range as i32 {
                    match b.cell(f + k * d.0, r + k * d.1) {
                        Some(x) if allowed(here, x.index()) => {
                            s |= B::cell(x.index());
                            here = x.index();
                        }
                        _ => break,
                    }
                    k += 1;
                }
                s
            })
            .collect();
        // Many types share a restriction: one table for all who reach alike, so that their
        // rides group together for attack detection.
        if let Some(i) = self.limits.iter().position(|l| *l == table) {
            return i as u16;
        }
        self.limits.push(table);
        self.limit_keys.push((u16::MAX, 0));
        (self.limits.len() - 1) as u16
    }

    #[allow(clippy::too_many_arguments)]
    fn slow_ray(
        &mut self,
        rules: &RuleSet,
        pt: &PieceType,
        part: &MovePart,
        (dx, dy): (i32, i32),
        path: &[(i32, i32)],
        from: usize,
        allowed: &dyn Fn(usize, usize) -> bool,
        k: &mut Kind<B>,
    ) {
        let b = &rules.board;
        let steps_start = self.slow_steps.len() as u32;
        let (mut f, mut r) = b.coords(Cell(from as u16));
        let mut here = from;
        let mut n = 0u32;
        'ray: loop {
            if part.range != 0 && n >= part.range as u32 {
                break;
            }
            let mut passed = B::EMPTY;
            for &(px, py) in path {
                match b.cell(f + px, r + py) {
                    Some(c) => passed |= B::cell(c.index()),
                    None => break 'ray,
                }
            }
            let Some(to) = b.cell(f + dx, r + dy) else {
                break;
            };
            let to = to.index();
            if !allowed(here, to) {
                break;
            }
            let path_id = self.path_id(passed);
            self.slow_steps.push(Step {
                to: to as u16,
                path: path_id,
            });
            if part.mode.captures() {
                k.reach[from] |= B::cell(to);
            }
            if part.style == Style::Displace {
                k.reach[from] |= passed;
            }
            if !part.hop {
                k.mobile[from] = true;
            }
            (f, r) = (f + dx, r + dy);
            here = to;
            n += 1;
        }
        let steps_end = self.slow_steps.len() as u32;
        if steps_end > steps_start {
            if part.hop {
                k.mobile[from] |= steps_end - steps_start >= 2;
            }
            k.slow.push(SlowRay {
                screen_ban: kind_set(&pt.may_not_hop_over),
                victim_ban: kind_set(&pt.may_not_capture),
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

    /// Fills the reverse tables: where each kind leap-captures or lame-captures from, and where
    /// any piece of a player could capture from.
    fn reverse_tables(&mut self) {
        let cells = self.cells;
        let players = self.players;
        let mut lame_by: Vec<Vec<(u16, B, u64)>> = vec![Vec::new(); players * cells];
        for (i, k) in self.kind.iter().enumerate() {
            let (kind, p) = (i / players, i % players);
            for from in 0..cells {
                for to in k.reach[from].cells() {
                    self.reach_from[p * cells + to] |= B::cell(from);
                }
                for to in k.leap_capture[from].cells() {
                    self.leap_union[p * cells + to] |= B::cell(from);
                    self.leap_kinds[(p * cells + to) * cells + from] |= 1 << kind;
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
                        Some(e) => e.2 |= 1 << kind,
                        None => list.push((from as u16, l.path, 1 << kind)),
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
                        if self.line_kinds[at] != 0 && self.line_dir[at] != r.dir {
                            self.line_ok[p] = false;
                        }
                        self.line_union[p * cells + to] |= B::cell(from);
                        self.line_kinds[at] |= 1 << kind;
                        self.line_riders[p] |= 1 << kind;
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
