//! The tables of one piece type for one player: its leaps, stepping leaps, rides and slow rays.

use super::*;

impl<B: Bits> Kind<B> {
    /// A type's tables with no move yet, for `cells` cells.
    fn empty(cells: usize) -> Kind<B> {
        Kind {
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
            later_move: vec![B::EMPTY; cells],
            has_later: false,
            has_slow: false,
            has_lame: false,
            has_leaps: false,
            has_lame_moves: false,
            has_leap_capture: false,
            plain: false,
            double_step_from: B::EMPTY,
        }
    }

    /// Sets what the tables of a type sum up: which parts it has, its open rides and the cells
    /// its double steps start from.
    fn summarise(&mut self) {
        self.has_slow = !self.slow.is_empty();
        self.has_leaps = self
            .leap_move
            .iter()
            .chain(&self.leap_capture)
            .any(|b| b.any());
        self.has_lame_moves = !self.lame.is_empty();
        self.plain =
            !self.has_slow && !self.has_initial && self.rides.iter().all(|r| r.hop == Hop::None);
        for r in &self.rides {
            if r.mode == Mode::Both && r.limit.is_none() && r.hop == Hop::None {
                self.open_rides.push(r.dir);
            } else {
                self.other_rides.push(*r);
            }
        }
        for (from, &(a, z)) in self.lame_index.iter().enumerate() {
            if self.lame[a as usize..z as usize].iter().any(|l| l.makes_ep) {
                self.double_step_from |= B::cell(from);
            }
        }
    }
}

impl<B: Bits> Tables<B> {
    pub(super) fn build_kind(&mut self, rules: &RuleSet, pt: &PieceType, player: usize) -> Kind<B> {
        let cells = self.cells;
        let mut k = Kind::empty(cells);
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
        let shared = self.kind_rides(rules, pt, player, &allowed, restricted, &mut k);
        for from in 0..cells {
            let lame_start = k.lame.len() as u32;
            let slow_start = k.slow.len() as u32;
            if self.on_board.has(from) {
                self.kind_cell(rules, pt, player, from, &shared, &allowed, &mut k);
            }
            k.lame_index.push((lame_start, k.lame.len() as u32));
            k.slow_index.push((slow_start, k.slow.len() as u32));
        }
        k.summarise();
        k
    }

    /// Puts the rides of a piece type that fit a ray table into `k.rides`, decided once for
    /// every cell: a range, a zone the ride must start in, or zones it may not enter or cross
    /// become a table of the cells it may reach. Gives, for each, its move part, its vector and
    /// its place in `k.rides`.
    fn kind_rides(
        &mut self,
        rules: &RuleSet,
        pt: &PieceType,
        player: usize,
        allowed: &dyn Fn(usize, usize) -> bool,
        restricted: bool,
        k: &mut Kind<B>,
    ) -> Vec<(usize, usize, usize)> {
        let dir = rules.players[player].forward;
        let mut shared: Vec<(usize, usize, usize)> = Vec::new();
        for (pi, part) in pt.moves.iter().enumerate() {
            for (vi, &(vx, vy)) in part.vectors.iter().enumerate() {
                let path_len = part.paths.get(vi).map_or(0, |p| p.len());
                let fast_ride = part.range != 1
                    && !part.skips_first
                    && (part.hop || (part.style == Style::Leap || path_len == 0));
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
        shared
    }

    /// Adds the moves of a piece type from the board cell `from` to `k`; for the rides of
    /// `shared` (already in `k.rides`), their reach and mobility from it.
    #[allow(clippy::too_many_arguments)]
    fn kind_cell(
        &mut self,
        rules: &RuleSet,
        pt: &PieceType,
        player: usize,
        from: usize,
        shared: &[(usize, usize, usize)],
        allowed: &dyn Fn(usize, usize) -> bool,
        k: &mut Kind<B>,
    ) {
        let dir = rules.players[player].forward;
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
            let allowed = |a: usize, c: usize| allowed(a, c) && within.is_none_or(|z| z.has(c));
            for (vi, &(vx, vy)) in part.vectors.iter().enumerate() {
                let (dx, dy) = dir.orient(vx as i32, vy as i32);
                let path = part.path_for(vi, dir);
                if let Some(&(_, _, ri)) = shared.iter().find(|s| (s.0, s.1) == (pi, vi)) {
                    let ride = k.rides[ri];
                    self.shared_ride_cell(&ride, from, k);
                    continue;
                }
                if part.skips_first {
                    self.skip_ride(rules, pt, part, from, (dx, dy), within, &allowed, k);
                    continue;
                }
                if part.range == 1 && !part.hop && part.style != Style::Displace {
                    self.kind_leap(rules, pt, part, from, (dx, dy), &path, within, &allowed, k);
                    continue;
                }
                // The slow path: explicit steps.
                self.slow_ray(rules, pt, part, (dx, dy), &path, from, &allowed, k);
            }
        }
    }

    /// Adds a leap of a move part from `from` to `k` (one jump, maybe over cells that must be
    /// empty): a plain leap, a stepping leap, or a first move.
    #[allow(clippy::too_many_arguments)]
    fn kind_leap(
        &mut self,
        rules: &RuleSet,
        pt: &PieceType,
        part: &MovePart,
        from: usize,
        (dx, dy): (i32, i32),
        path: &[(i32, i32)],
        within: Option<B>,
        allowed: &dyn Fn(usize, usize) -> bool,
        k: &mut Kind<B>,
    ) {
        let b = &rules.board;
        let (f0, r0) = b.coords(Cell(from as u16));
        let Some(to) = b.cell(f0 + dx, r0 + dy) else {
            return;
        };
        let to = to.index();
        let mut cells_passed = B::EMPTY;
        let mut open = true;
        if part.style == Style::Step {
            for &(px, py) in path {
                match b.cell(f0 + px, r0 + py) {
                    Some(c) if within.is_none_or(|z| z.has(c.index())) => {
                        cells_passed |= B::cell(c.index())
                    }
                    _ => open = false,
                }
            }
        }
        if !open || !allowed(from, to) {
            return;
        }
        if part.initial {
            k.init_move[from] |= B::cell(to);
            k.has_initial = true;
            return;
        }
        if part.after_first {
            k.later_move[from] |= B::cell(to);
            k.has_initial = true;
            k.has_later = true;
            return;
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
    }

    /// Adds a ride that skips its first cell (Betza `j` on a rider) from `from` to `k`: a
    /// stepping leap to each cell from the second on, over the cells between the second and it,
    /// which must be empty; the first cell is neither passed nor landed on. Built as leaps, the
    /// generator and the attack test of stepping leaps make its moves, and no other part pays.
    #[allow(clippy::too_many_arguments)]
    fn skip_ride(
        &mut self,
        rules: &RuleSet,
        pt: &PieceType,
        part: &MovePart,
        from: usize,
        (dx, dy): (i32, i32),
        within: Option<B>,
        allowed: &dyn Fn(usize, usize) -> bool,
        k: &mut Kind<B>,
    ) {
        let b = &rules.board;
        let (f0, r0) = b.coords(Cell(from as u16));
        let leap = MovePart {
            range: 1,
            style: Style::Step,
            skips_first: false,
            ..part.clone()
        };
        let mut path = Vec::new();
        let mut here = from;
        let mut n = 2;
        while part.range == 0 || n <= i32::from(part.range) {
            let Some(to) = b.cell(f0 + n * dx, r0 + n * dy) else {
                break;
            };
            if !allowed(here, to.index()) {
                break;
            }
            self.kind_leap(
                rules,
                pt,
                &leap,
                from,
                (n * dx, n * dy),
                &path,
                within,
                allowed,
                k,
            );
            path.push((n * dx, n * dy));
            here = to.index();
            n += 1;
        }
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
        self.limit_keys.push(None);
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
}
