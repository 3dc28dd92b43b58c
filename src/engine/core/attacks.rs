//! Attacks: whether a cell or a royal piece is attacked, and which pieces may be taken.

use super::Engine;
use crate::engine::bits::Bits;
use crate::engine::bits::KindSet;
use crate::engine::kinds::KindBits;
use crate::engine::position::{Owner, Pos};
use crate::engine::tables::Hop;
use crate::rules::PlayerId;
use crate::rules::Style;

impl<B: Bits> Engine<B> {
    /// Whether the piece on `c` is of one of the types of `kinds`.
    #[inline]
    pub(crate) fn holds_kind(pos: &Pos<B>, kinds: KindSet<B>, c: usize) -> bool {
        kinds.any() && pos.piece(c).is_some_and(|p| kinds.has(p.kind.0))
    }

    /// Whether the piece on `target` is of a type a piece of type `kind` may not capture.
    #[inline]
    pub(crate) fn spares(&self, pos: &Pos<B>, kind: u8, target: usize) -> bool {
        self.bans && Self::holds_kind(pos, self.victim_ban[kind as usize], target)
    }

    /// Whether a piece of type `kind` may not hop over the piece on `screen`.
    #[inline]
    pub(crate) fn bars_screen(&self, pos: &Pos<B>, kind: u8, screen: usize) -> bool {
        self.bans && Self::holds_kind(pos, self.screen_ban[kind as usize], screen)
    }

    /// The pieces a piece of type `kind` may not capture.
    #[inline]
    pub(crate) fn spared(&self, pos: &Pos<B>, kind: u8) -> B {
        if !self.bans {
            return B::EMPTY;
        }
        Self::of_kinds(pos, self.victim_ban[kind as usize])
    }

    /// Tells whether a royal piece of `player` is attacked by any opponent, or faces an enemy
    /// royal where the rules forbid it.
    pub(crate) fn royal_attacked(&self, pos: &Pos<B>, player: PlayerId) -> bool {
        (pos.royals & pos.by_owner[player.index()])
            .cells()
            .any(|c| self.royal_attacked_at(pos, c, player))
    }

    /// Tells whether the royal piece of `player` on `c` is attacked, or faces an enemy royal
    /// where the rules forbid it.
    pub(crate) fn royal_attacked_at(&self, pos: &Pos<B>, c: usize, player: PlayerId) -> bool {
        self.opponents(pos, player)
            .any(|by| self.threatens(pos, c, by))
            || (self.plan.royals_may_not_face && self.faces_enemy_royal(pos, c, player))
    }

    /// Tells whether `by` could take a royal piece on `c`: it attacks the cell, and (where
    /// captures explode) has no royal piece next to it that the blast would take too.
    pub(crate) fn threatens(&self, pos: &Pos<B>, c: usize, by: PlayerId) -> bool {
        if let Some(b) = &self.plan.blast
            && (b.near[c] & pos.royals & pos.by_owner[by.index()]).any()
        {
            return false;
        }
        self.attacked(pos, c, by)
    }

    /// Tells whether the royal on `c` sees an enemy royal along its file with nothing between.
    #[inline]
    pub(super) fn faces_enemy_royal(&self, pos: &Pos<B>, c: usize, player: PlayerId) -> bool {
        self.sees_enemy_royal(pos, c, player, &self.t.orthogonal[..2], pos.occ)
    }

    /// Tells whether a piece of `player` on `c` sees an enemy royal along one of the directions
    /// with nothing between, the occupied cells being `occ` (cells beyond `c` keep their pieces).
    #[inline]
    pub(super) fn sees_enemy_royal(
        &self,
        pos: &Pos<B>,
        c: usize,
        player: PlayerId,
        dirs: &[u16],
        occ: B,
    ) -> bool {
        let enemy_royals = pos.royals & !pos.by_owner[player.index()];
        dirs.iter()
            .any(|&d| self.t.first(d, c, occ).is_some_and(|x| enemy_royals.has(x)))
    }

    /// Tells whether any piece of `by` could capture on `target`.
    pub(crate) fn attacked(&self, pos: &Pos<B>, target: usize, by: PlayerId) -> bool {
        self.attacked_with(pos, target, by, pos.occ, B::EMPTY)
    }

    /// Tells whether any piece of `by` could capture on `target` if the occupied cells were
    /// `occ` and the pieces on `gone` were not there; the slow path always reads the position
    /// as it is, so games with slow pieces use this only with the position's own occupancy.
    #[inline]
    pub(crate) fn attacked_with(
        &self,
        pos: &Pos<B>,
        target: usize,
        by: PlayerId,
        occ: B,
        gone: B,
    ) -> bool {
        self.attacks_on::<true>(pos, target, by, occ, gone)
    }

    /// [`Engine::attacked_with`], leaving out plain rides looked up by source (the riders on
    /// lines through the target) unless `LINES`: the caller looks at those itself.
    pub(super) fn attacks_on<const LINES: bool>(
        &self,
        pos: &Pos<B>,
        target: usize,
        by: PlayerId,
        occ: B,
        gone: B,
    ) -> bool {
        if let Some(lp) = &self.plan.legs
            && self.leg_attacks(pos, lp, target, by, occ, gone)
        {
            return true;
        }
        if let Some(rj) = &self.plan.range_jumps
            && self.range_jump_attacks(pos, rj, target, by, occ, gone)
        {
            return true;
        }
        let t = &self.t;
        let p = by.index();
        let mine = pos.by_owner[p] & !gone;
        let at = p * t.cells + target;
        if (t.reach_from[at] & mine).none() {
            return false;
        }
        // Leaps: the candidate cells, then whether the piece there has the leap.
        let mut cand = t.leap_union[at] & mine;
        while cand.any() {
            let s = cand.pop();
            if t.leap_kinds[at * t.cells + s].has(pos.sq[s].kind)
                && !self.spares(pos, pos.sq[s].kind, target)
            {
                return true;
            }
        }
        for &(src, path, kinds) in t.lame_sources(at, mine) {
            let src = src as usize;
            // The owner first: an empty cell has none, and its kind is no type.
            let q = pos.sq[src];
            if q.owner == Some(Owner::of(by))
                && kinds.has(q.kind)
                && !gone.has(src)
                && (path & occ).none()
                && !self.spares(pos, q.kind, target)
            {
                return true;
            }
        }
        if (t.ride_union[at] & mine).any() {
            if t.line_ok[p] {
                // Plain rides by source: the first piece from the rider along its line is the
                // target (or nothing stands between).
                let mut cand = if LINES {
                    t.line_union[at] & mine
                } else {
                    B::EMPTY
                };
                // Past a few candidates, gathering the riders is cheaper than looking at each.
                if cand.count() > 2 {
                    cand &= Self::of_kinds(pos, t.line_riders[p]);
                }
                while cand.any() {
                    let s = cand.pop();
                    let i = at * t.cells + s;
                    let kind = pos.sq[s].kind;
                    if t.line_kinds[i].has(kind)
                        && t.first(t.line_dir[i], s, occ | B::cell(target)) == Some(target)
                        && !self.spares(pos, kind, target)
                    {
                        return true;
                    }
                }
                for g in &t.hop_groups[p] {
                    if self.group_attacks(pos, g, target, occ, mine) {
                        return true;
                    }
                }
            } else {
                for g in &t.groups[p] {
                    if self.group_attacks(pos, g, target, occ, mine) {
                        return true;
                    }
                }
            }
        }
        for &k in &t.slowers[p] {
            let kt = t.kind(k, p);
            for from in (pos.by_kind[k as usize] & mine).cells() {
                if !kt.reach[from].has(target) {
                    continue;
                }
                let (a, z) = kt.slow_index[from];
                for ray in &kt.slow[a as usize..z as usize] {
                    if (ray.mode.captures() || ray.style == Style::Displace)
                        && self.slow_hits(pos, ray, target, occ, mine)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether the piece on `from` could capture on `target`.
    pub(crate) fn piece_attacks(&self, pos: &Pos<B>, from: usize, target: usize) -> bool {
        let t = &self.t;
        let Some(pc) = pos.piece(from) else {
            return false;
        };
        let p = pc.owner.index();
        let kt = t.kind(pc.kind.0, p);
        if self.spares(pos, pc.kind.0, target) {
            return false;
        }
        if kt.leap_capture[from].has(target) {
            return true;
        }
        let (a, z) = kt.lame_index[from];
        if kt.lame[a as usize..z as usize]
            .iter()
            .any(|l| l.to as usize == target && l.mode.captures() && (l.path & pos.occ).none())
        {
            return true;
        }
        for r in &kt.rides {
            if !r.mode.captures() {
                continue;
            }
            let limit = r.limit.map(|l| t.limits[l as usize][from]);
            let reach = match r.hop {
                Hop::None => t.ride(r.dir, from, pos.occ),
                Hop::Cannon => match t.first(r.dir, from, pos.occ) {
                    Some(screen) if !self.bars_screen(pos, pc.kind.0, screen) => {
                        match t.first(r.dir, screen, pos.occ) {
                            Some(c) => B::cell(c),
                            None => B::EMPTY,
                        }
                    }
                    _ => B::EMPTY,
                },
                Hop::Grasshopper => t
                    .first(r.dir, from, pos.occ)
                    .filter(|&screen| !self.bars_screen(pos, pc.kind.0, screen))
                    .and_then(|screen| t.next(r.dir, screen))
                    .map_or(B::EMPTY, B::cell),
            };
            if (reach & limit.unwrap_or(!B::EMPTY)).has(target) {
                return true;
            }
        }
        let (a, z) = kt.slow_index[from];
        kt.slow[a as usize..z as usize].iter().any(|ray| {
            (ray.mode.captures() || ray.style == Style::Displace)
                && self.slow_hits(pos, ray, target, pos.occ, pos.by_owner[p])
        })
    }

    /// Whether a ride group of player `p` attacks `target`: looking back from the target along
    /// the group's direction, the first piece (past one screen, for hoppers) is one of it.
    #[inline]
    fn group_attacks(
        &self,
        pos: &Pos<B>,
        g: &crate::engine::tables::RideGroup<B>,
        target: usize,
        occ: B,
        mine: B,
    ) -> bool {
        let t = &self.t;
        let back = t.back(g.dir);
        if (t.ray(back, target) & mine).none() {
            return false;
        }
        let Some(first) = t.first(back, target, occ) else {
            return false;
        };
        let attacker = match g.hop {
            Hop::None => first,
            Hop::Cannon => match t.first(back, first, occ) {
                Some(a) => a,
                None => return false,
            },
            // The screen stands right behind the target; the attacker is the next piece.
            Hop::Grasshopper if t.next(back, target) == Some(first) => {
                match t.first(back, first, occ) {
                    Some(a) => a,
                    None => return false,
                }
            }
            Hop::Grasshopper => return false,
        };
        if !mine.has(attacker) || !g.kinds.has(pos.sq[attacker].kind) {
            return false;
        }
        let kind = pos.sq[attacker].kind;
        if self.spares(pos, kind, target)
            || (g.hop != Hop::None && self.bars_screen(pos, kind, first))
        {
            return false;
        }
        g.limit
            .is_none_or(|l| t.limits[l as usize][attacker].has(target))
    }

    /// Whether a slow ray captures (or displaces) on `target`, on a board whose occupied cells
    /// are `occ` and whose pieces of the ray's owner are `theirs` (the position's, or as a royal's
    /// step would leave them).
    pub(crate) fn slow_hits(
        &self,
        pos: &Pos<B>,
        ray: &crate::engine::tables::SlowRay<B>,
        target: usize,
        occ: B,
        theirs: B,
    ) -> bool {
        let t = &self.t;
        let steps = t.steps(ray);
        let banned = |ban: KindSet<B>, c: usize| Self::holds_kind(pos, ban, c);
        if banned(ray.victim_ban, target) {
            return false;
        }
        if ray.hop {
            let mut screened = false;
            for st in steps {
                let occupied = occ.has(st.to as usize);
                if screened {
                    if st.to as usize == target {
                        return true;
                    }
                    if occupied {
                        return false;
                    }
                } else if occupied {
                    if banned(ray.screen_ban, st.to as usize) {
                        return false;
                    }
                    screened = true;
                }
            }
            return false;
        }
        for st in steps {
            let via = t.paths[st.path as usize];
            if !Self::path_open(ray.style, via, occ, theirs) {
                return false;
            }
            if st.to as usize == target {
                return ray.mode.captures();
            }
            // A displacer captures what it passes, if it can land.
            if ray.style == Style::Displace && via.has(target) {
                return if !occ.has(st.to as usize) {
                    true
                } else {
                    ray.mode.captures() && !theirs.has(st.to as usize)
                };
            }
            if occ.has(st.to as usize) {
                return false;
            }
        }
        false
    }

    /// Whether the cells a move passes let it through, `occ` being the occupied cells and `own`
    /// the mover's pieces.
    #[inline]
    pub(crate) fn path_open(style: Style, via: B, occ: B, own: B) -> bool {
        match style {
            Style::Leap => true,
            Style::Step => (via & occ).none(),
            Style::Displace => (via & own).none(),
        }
    }

    /// The pieces of some kinds, whoever owns them.
    #[inline]
    pub(crate) fn of_kinds(pos: &Pos<B>, kinds: KindSet<B>) -> B {
        let mut out = B::EMPTY;
        for k in kinds.iter() {
            out |= pos.by_kind[k as usize];
        }
        out
    }
}
