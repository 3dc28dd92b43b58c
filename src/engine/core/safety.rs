//! What legality needs: checks, pins and dangerous cells of the player to move, and the test of a
//! suspect move.

use super::Engine;
use crate::engine::bits::Bits;
use crate::engine::kinds::KindBits;
use crate::engine::position::{MoveKind, Owner, Pos, RawMove};
use crate::engine::tables::{Hop, RideGroup};
use crate::rules::PlayerId;
use crate::rules::Royalty;
use arrayvec::ArrayVec;

/// What a position's player to move must watch for when testing moves for legality.
pub struct Safety<B> {
    /// Some royal piece of the player to move is attacked.
    pub in_check: bool,
    /// Every move needs the full test (several royals, slow attackers nearby, in check).
    pub test_all: bool,
    /// Pieces pinned to the royal by a ride, each with the line it may move on.
    pub pins: ArrayVec<(usize, B), 16>,
    pub pinned: B,
    /// Cells whose change of occupancy could expose the royal otherwise than through a pin.
    pub danger: B,
    /// In check: the cells a plain move or drop of another piece must land on to have a chance
    /// of answering it (the checker and the cells between); every cell when unknown.
    pub block: B,
}

/// What looking around a lone royal found.
enum Watch {
    /// Not in check; the pins and dangers are gathered.
    Clear,
    /// In check.
    Check,
    /// Every move must be tested anyway (slow attackers near, too many pins); whether it is in
    /// check is not known yet.
    Unknown,
}

impl<B: Bits> Safety<B> {
    /// Nothing to watch for yet.
    pub fn new() -> Safety<B> {
        Safety {
            in_check: false,
            test_all: false,
            pins: ArrayVec::new(),
            pinned: B::EMPTY,
            danger: B::EMPTY,
            block: !B::EMPTY,
        }
    }

    /// Records that the piece on `cell` is pinned and may move only within `line`; false (and
    /// every move to be tested) when there are more pins than a board has lines.
    #[inline]
    fn pin(&mut self, cell: usize, line: B) -> bool {
        if self.pinned.has(cell) {
            // Pinned along two lines: it may not move at all.
            if let Some(pin) = self.pins.iter_mut().find(|p| p.0 == cell) {
                pin.1 &= line;
            }
        } else if self.pins.try_push((cell, line)).is_ok() {
            self.pinned |= B::cell(cell);
        } else {
            self.test_all = true;
            return false;
        }
        true
    }
}

impl<B: Bits> Engine<B> {
    /// What the player to move must watch for: checks, pins, and cells where moving a piece
    /// could expose its royal piece otherwise.
    /// Fills `s`, which must be new ([`Safety::new`]): filled in place, as it is large.
    pub(crate) fn safety(&self, pos: &Pos<B>, s: &mut Safety<B>) {
        let side = pos.st.side;
        let royals = pos.royals & pos.by_owner[side.index()];
        if royals.none() || (self.rules.royalty == Royalty::Alone && royals.count() > 1) {
            return;
        }
        if self.plan.test_every_move {
            // A capture anywhere near a royal may blow it up, or a piece given to an enemy may
            // attack it: every move is tested.
            s.in_check = self.checked(pos, side);
            s.test_all = true;
            return;
        }
        let single = royals.count() == 1;
        let in_check = if single && !(self.plan.facing && pos.st.facing) {
            match self.watch(pos, s, royals.lowest()) {
                Watch::Clear => return,
                Watch::Check => true,
                Watch::Unknown => self.checked(pos, side),
            }
        } else {
            self.checked(pos, side)
        };
        // Every move is tested: what was gathered of pins and dangers is not needed.
        *s = Safety::new();
        s.in_check = in_check;
        s.test_all = true;
        if in_check
            && single
            && let Some(block) = self.check_block(pos, side, royals.lowest())
        {
            s.block = block | pos.st.ep_cells;
        }
    }

    /// Finds the pins and dangers around the lone royal on `r` of the player to move, and on the
    /// way whether it is in check (plain rides are looked at once for both).
    fn watch(&self, pos: &Pos<B>, s: &mut Safety<B>, r: usize) -> Watch {
        let side = pos.st.side;
        let t = &self.t;
        if self.plan.royals_may_not_face && self.faces_enemy_royal(pos, r, side) {
            return Watch::Check;
        }
        let mine = pos.by_owner[side.index()];
        // Counting the pieces on a line is exact when every move that could take more than one
        // piece off it is tested anyway (displacements and en passant are); castling moves two.
        let exact = self.rules.castling.is_empty();
        if self.plan.royals_may_not_face {
            // Only a piece between the royal and an enemy royal on its file may open the file,
            // and only when it is the last one there.
            let file = t.file_cells[r % t.files];
            for e in (pos.royals & file & !mine).cells() {
                let (lo, hi) = (r.min(e), r.max(e));
                let between = file & !B::cell(lo) & !B::cell(hi) & self.span(lo, hi);
                if !exact {
                    s.danger |= between;
                } else if (between & pos.occ).count() == 1 {
                    s.danger |= between & pos.occ & mine;
                }
            }
        }
        for by in self.opponents(pos, side) {
            let p = by.index();
            let theirs = pos.by_owner[p];
            if (t.reach_from[p * t.cells + r] & theirs).none() {
                // No piece of this player could ever reach the royal: no pin, no danger.
                continue;
            }
            for &k in &t.slowers[p] {
                let kt = t.kind(k, p);
                if (pos.by_kind[k as usize] & theirs)
                    .cells()
                    .any(|c| kt.reach[c].has(r))
                {
                    return Watch::Unknown;
                }
            }
            if self.attacks_on::<false>(pos, r, by, pos.occ, B::EMPTY) {
                return Watch::Check;
            }
            for &(src, path, kinds) in t.lame_sources(p * t.cells + r, theirs) {
                let src = src as usize;
                let q = pos.sq[src];
                if q.owner == Some(Owner::of(by)) && kinds.has(q.kind) {
                    // Not checking now, so the path is blocked: only the last blocker leaving
                    // opens it.
                    let blockers = path & pos.occ;
                    if !exact {
                        s.danger |= path;
                    } else if blockers.count() == 1 {
                        s.danger |= blockers & mine;
                    }
                }
            }
            let at = p * t.cells + r;
            if (t.ride_union[at] & theirs).none() {
                continue;
            }
            let groups = if t.line_ok[p] {
                // Plain rides by source: a rider on a line through the royal pins the one piece
                // between them when that piece is ours.
                let mut snipers = t.line_union[at] & theirs;
                if snipers.count() > 2 {
                    snipers &= Self::of_kinds(pos, t.line_riders[p]);
                }
                for c in snipers.cells() {
                    let i = at * t.cells + c;
                    let kind = pos.sq[c].kind;
                    if !t.line_kinds[i].has(kind) || self.spares(pos, kind, r) {
                        continue;
                    }
                    let d = t.line_dir[i];
                    let between = t.ray(d, c) & !t.ray(d, r) & !B::cell(r);
                    let blockers = between & pos.occ;
                    if blockers.none() {
                        return Watch::Check;
                    }
                    if blockers.count() == 1
                        && (blockers & mine).any()
                        && !s.pin(blockers.lowest(), between | B::cell(c))
                    {
                        return Watch::Unknown;
                    }
                }
                &t.hop_groups[p]
            } else {
                &t.groups[p]
            };
            for g in groups {
                if (t.ray(t.back(g.dir), r) & theirs).none() {
                    continue;
                }
                let group_pieces = self.group_pieces(pos, g, theirs);
                if group_pieces.none() {
                    continue;
                }
                let back = t.back(g.dir);
                let line = t.ray(back, r);
                if (line & group_pieces).none() {
                    continue;
                }
                if g.hop == Hop::Cannon && exact {
                    // A cannon checks over exactly one screen; not checking now, it needs one
                    // piece more between (an arrival where there is none) or one fewer (one of
                    // ours leaving where there are two).
                    for c in (line & group_pieces).cells() {
                        if g.limit.is_some_and(|l| !t.limits[l as usize][c].has(r)) {
                            continue;
                        }
                        let between = line & !t.ray(back, c) & !B::cell(c);
                        match (between & pos.occ).count() {
                            0 => s.danger |= between,
                            2 => s.danger |= between & pos.occ & mine,
                            1 => s.danger |= between,
                            _ => {}
                        }
                    }
                    continue;
                }
                if g.hop != Hop::None {
                    s.danger |= line;
                    continue;
                }
                // A pin: the first piece looking back from the royal is ours, the next is one of
                // the group's riders that reaches the royal.
                let Some(b1) = t.first(back, r, pos.occ) else {
                    continue;
                };
                if !pos.by_owner[side.index()].has(b1) {
                    continue;
                }
                let Some(b2) = t.first(back, b1, pos.occ) else {
                    continue;
                };
                // A rider that may not capture the royal pins nothing.
                if group_pieces.has(b2)
                    && g.limit.is_none_or(|l| t.limits[l as usize][b2].has(r))
                    && !self.spares(pos, pos.sq[b2].kind, r)
                    && !s.pin(b1, line & !t.ray(back, b2))
                {
                    return Watch::Unknown;
                }
            }
        }
        Watch::Clear
    }

    /// The cells where a plain move or a drop of a piece other than the checked royal on `r` must
    /// land to answer every check: each checker's cell and the cells between it and the royal
    /// (a lame leaper's path, a cannon's line), intersected over the checkers. None when some
    /// check could be answered otherwise (our piece screening a cannon or a grasshopper moving
    /// away, a slow attacker) or no checker is found (a check by facing royals).
    fn check_block(&self, pos: &Pos<B>, side: PlayerId, r: usize) -> Option<B> {
        let t = &self.t;
        let mut block = !B::EMPTY;
        let mut found = false;
        for by in self.opponents(pos, side) {
            let p = by.index();
            let theirs = pos.by_owner[p];
            let at = p * t.cells + r;
            if (t.reach_from[at] & theirs).none() {
                continue;
            }
            let mut cand = t.leap_union[at] & theirs;
            while cand.any() {
                let c = cand.pop();
                if t.leap_kinds[at * t.cells + c].has(pos.sq[c].kind)
                    && !self.spares(pos, pos.sq[c].kind, r)
                {
                    block &= B::cell(c);
                    found = true;
                }
            }
            for &(src, path, kinds) in t.lame_sources(at, theirs) {
                let src = src as usize;
                let q = pos.sq[src];
                if q.owner == Some(Owner::of(by))
                    && kinds.has(q.kind)
                    && (path & pos.occ).none()
                    && !self.spares(pos, q.kind, r)
                {
                    block &= B::cell(src) | path;
                    found = true;
                }
            }
            if (t.ride_union[at] & theirs).any() {
                for g in &t.groups[p] {
                    let back = t.back(g.dir);
                    let line = t.ray(back, r);
                    if (line & theirs).none() {
                        continue;
                    }
                    let group_pieces = self.group_pieces(pos, g, theirs);
                    if (line & group_pieces).none() {
                        continue;
                    }
                    if g.hop == Hop::Cannon {
                        // A cannon checks over exactly one screen. Over an enemy screen, only
                        // taking the cannon or adding a screen between answers it; over one of
                        // ours, the screen stepping away too (anywhere): no cell set.
                        let Some(screen) = t.first(back, r, pos.occ) else {
                            continue;
                        };
                        let Some(c) = t.first(back, screen, pos.occ) else {
                            continue;
                        };
                        let kind = pos.sq[c].kind;
                        let checks = group_pieces.has(c)
                            && g.limit.is_none_or(|l| t.limits[l as usize][c].has(r))
                            && !self.bars_screen(pos, kind, screen)
                            && !self.spares(pos, kind, r);
                        if !checks {
                            continue;
                        }
                        if pos.by_owner[side.index()].has(screen) {
                            return None;
                        }
                        block &= line & !t.ray(back, c);
                        found = true;
                        continue;
                    }
                    if g.hop != Hop::None {
                        return None;
                    }
                    let Some(b) = t.first(back, r, pos.occ) else {
                        continue;
                    };
                    if group_pieces.has(b)
                        && g.limit.is_none_or(|l| t.limits[l as usize][b].has(r))
                        && !self.spares(pos, pos.sq[b].kind, r)
                    {
                        block &= line & !t.ray(back, b);
                        found = true;
                    }
                }
            }
            for &k in &t.slowers[p] {
                let kt = t.kind(k, p);
                if (pos.by_kind[k as usize] & theirs)
                    .cells()
                    .any(|c| kt.reach[c].has(r))
                {
                    return None;
                }
            }
        }
        found.then_some(block)
    }

    /// The cells numbered from `lo` to `hi`.
    fn span(&self, lo: usize, hi: usize) -> B {
        B::below(hi + 1) & !B::below(lo)
    }

    /// The pieces of a ride group among `theirs`.
    #[inline]
    fn group_pieces(&self, pos: &Pos<B>, g: &RideGroup<B>, theirs: B) -> B {
        Self::of_kinds(pos, g.kinds) & theirs
    }

    /// Whether a suspect move of the player to move leaves its royal pieces safe. A plain step
    /// of the only royal piece is tested by looking at its destination; anything else is made
    /// and taken back (so is the step where some type may not capture some other: the victim
    /// on the destination would be the royal, not the piece standing there now).
    pub(crate) fn legal(&self, pos: &mut Pos<B>, m: &RawMove) -> bool {
        let side = pos.st.side;
        let from = m.from.index();
        if m.kind == MoveKind::Normal
            && self.royal_steps_plain
            && (!self.plan.facing || !pos.st.facing)
            && pos.royals.has(from)
            && (pos.royals & pos.by_owner[side.index()]).count() == 1
        {
            return self.royal_step_safe(pos, from, m.to.index());
        }
        self.legal_by_test(pos, m)
    }

    /// Whether the lone royal of the player to move may step from `from` to `to` (a plain move,
    /// in a game without bans): its new cell must not be attacked, nor (where royals may not
    /// face) see an enemy royal along its file, with the board as the move leaves it.
    pub(crate) fn royal_step_safe(&self, pos: &Pos<B>, from: usize, to: usize) -> bool {
        let side = pos.st.side;
        let occ = (pos.occ & !B::cell(from)) | B::cell(to);
        let gone = B::cell(to);
        self.opponents(pos, side)
            .all(|by| !self.attacked_with(pos, to, by, occ, gone))
            && !(self.plan.royals_may_not_face
                && self.sees_enemy_royal(pos, to, side, &self.t.orthogonal[..2], occ))
    }

    /// Whether a move of the player to move leaves its royal pieces safe: the full test.
    pub(crate) fn legal_by_test(&self, pos: &mut Pos<B>, m: &RawMove) -> bool {
        let side = pos.st.side;
        // Facing an enemy royal, a player must end the facing, or pass even in check.
        let facing = self.plan.facing && pos.st.facing;
        if facing && m.kind == MoveKind::Pass {
            return true;
        }
        if self.plan.removes_royals {
            // A move may not blow up or burn its own royal; one that removes an enemy royal may
            // leave its own attacked.
            let mine = pos.by_owner[side.index()];
            let (ours, theirs) = ((pos.royals & mine).count(), (pos.royals & !mine).count());
            self.make(pos, m);
            let mine = pos.by_owner[side.index()];
            let ok = (pos.royals & mine).count() >= ours
                && ((pos.royals & !mine).count() < theirs || !self.checked(pos, side));
            pos.unmake(self.t.royal_kinds);
            return ok;
        }
        self.make(pos, m);
        let ok = !self.checked(pos, side) && (!facing || !self.royal_faces(pos, side));
        pos.unmake(self.t.royal_kinds);
        ok
    }

    /// Whether a royal piece of `player` sees an enemy royal along a file or rank with nothing
    /// between.
    pub(crate) fn royal_faces(&self, pos: &Pos<B>, player: PlayerId) -> bool {
        let royals = pos.royals & pos.by_owner[player.index()];
        royals
            .cells()
            .any(|c| self.sees_enemy_royal(pos, c, player, &self.t.orthogonal, pos.occ))
    }
}
