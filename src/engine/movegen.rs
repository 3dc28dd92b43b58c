//! Move generation, legality, attacks and the effect of a move.

use super::position::{FenStyle, Move, MoveKind, Piece, Position};
use super::tables::Ray;
use super::{CellSet, Game};
use crate::rules::{Cell, Mode, Obligation, Outcome, PieceId, PlayerId, Style, Trigger};

impl Game {
    /// Gets every legal move of the player to move, in generation order.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut moves = Vec::with_capacity(128);
        self.pseudo_moves(pos, &mut moves);
        moves.retain(|m| self.legal_child(pos, m).is_some());
        moves
    }

    /// Tells whether the player to move has at least one legal move.
    pub fn has_legal_move(&self, pos: &Position) -> bool {
        let mut moves = Vec::with_capacity(128);
        self.pseudo_moves(pos, &mut moves);
        moves.iter().any(|m| self.legal_child(pos, m).is_some())
    }

    /// Tells whether a royal piece of the player to move is attacked.
    pub fn in_check(&self, pos: &Position) -> bool {
        self.royals_exposed(pos, pos.side)
    }

    /// Makes a move known to be legal, then removes the armies of players it leaves without a
    /// legal move where the rules say so.
    pub fn make(&self, pos: &Position, m: &Move) -> Position {
        self.settle(self.make_raw(pos, m))
    }

    /// Where losing every move eliminates: while the player to move has no legal move, its army
    /// and hand leave the game and the turn passes on.
    fn settle(&self, mut p: Position) -> Position {
        if self.rules.checkmate != Outcome::Elimination
            && self.rules.stalemate != Outcome::Elimination
        {
            return p;
        }
        while self.active_players(&p) > 1 && !self.has_legal_move(&p) {
            let outcome = if self.in_check(&p) {
                self.rules.checkmate
            } else {
                self.rules.stalemate
            };
            if outcome != Outcome::Elimination {
                break;
            }
            let side = p.side as usize;
            for c in p.occ[side].iter() {
                p.take(c);
                p.pending.remove(c);
                p.castling.remove(c);
            }
            p.hands[side] = [0; crate::rules::MAX_PIECES];
            p.eliminated |= 1 << side;
            let next = self.next_player(&p, p.side);
            if next <= p.side {
                p.fullmove = p.fullmove.saturating_add(1);
            }
            p.side = next;
        }
        p
    }

    /// Counts the players still in the game.
    pub(crate) fn active_players(&self, p: &Position) -> usize {
        self.rules.players.len() - p.eliminated.count_ones() as usize
    }

    /// Makes a move without settling eliminations.
    fn make_raw(&self, pos: &Position, m: &Move) -> Position {
        let t = &self.tables;
        let mut p = *pos;
        p.style = FenStyle::default();
        let side = pos.side;
        p.ep_cells = CellSet::EMPTY;
        p.ep_victim = None;
        let mut reset_clock = false;
        p.pending.remove(m.from);
        p.pending.remove(m.to);
        if m.kind == MoveKind::Drop {
            let h = &mut p.hands[side as usize][t.hand_slot[m.piece as usize] as usize];
            *h = h.saturating_sub(1);
            p.put(
                m.to,
                Piece {
                    kind: m.piece,
                    owner: side,
                    origin: None,
                },
            );
            if self.defers_after_drop(m.piece, side, m.to) {
                p.pending.insert(m.to);
            }
        } else {
            let Some(pc) = p.take(m.from) else {
                return p;
            };
            if let Some(victim) = p.take(m.to) {
                self.to_hand(&mut p, victim, side);
                reset_clock = true;
            }
            match m.kind {
                MoveKind::EnPassant => {
                    if let Some(v) = pos.ep_victim {
                        p.pending.remove(v);
                        if let Some(victim) = p.take(v) {
                            self.to_hand(&mut p, victim, side);
                        }
                    }
                    reset_clock = true;
                }
                MoveKind::Hop => self.transform_screen(&mut p, pc, m.extra as Cell),
                MoveKind::Displace => {
                    let step = t.steps[m.extra as usize];
                    for &c in t.via(&step) {
                        if p.piece(c).is_some_and(|q| q.owner != side)
                            && let Some(victim) = p.take(c)
                        {
                            p.pending.remove(c);
                            self.to_hand(&mut p, victim, side);
                            reset_clock = true;
                        }
                    }
                }
                MoveKind::EpStep => {
                    let step = t.steps[m.extra as usize];
                    p.ep_cells = t.via(&step).iter().copied().collect();
                    p.ep_victim = Some(m.to);
                }
                MoveKind::Castle => {
                    if let Some(rook) = p.take(m.extra as Cell) {
                        p.put((m.from + m.to) / 2, rook);
                    }
                }
                MoveKind::Normal | MoveKind::Drop => {}
            }
            let moved = match m.promotion {
                Some(k) if m.swap => {
                    let h = &mut p.hands[side as usize][t.hand_slot[k as usize] as usize];
                    *h = h.saturating_sub(1);
                    if self.rules.swapped_to_hand {
                        self.to_hand(&mut p, pc, side);
                    }
                    Piece {
                        kind: k,
                        owner: side,
                        origin: None,
                    }
                }
                Some(k) => {
                    let origin = pc.origin.unwrap_or(t.unpromoted[pc.kind as usize]);
                    Piece {
                        kind: k,
                        owner: side,
                        origin: (origin != t.unpromoted[k as usize]).then_some(origin),
                    }
                }
                None => pc,
            };
            p.put(m.to, moved);
            reset_clock |= self.rules.pieces[pc.kind as usize].can_be_taken_en_passant;
            if !p.castling.is_empty() {
                p.castling.remove(m.from);
                p.castling.remove(m.to);
                if self.rules.castling.iter().any(|c| c.king == pc.kind) {
                    p.castling = p.castling.without(&pos.occ[side as usize]);
                }
            }
        }
        p.halfmove = if reset_clock {
            0
        } else {
            p.halfmove.saturating_add(1)
        };
        p.side = self.next_player(&p, side);
        if p.side <= side {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        // A drop that may not mate and gives check: if it mates, the dropper loses (status).
        p.drop_check = m.kind == MoveKind::Drop
            && self.rules.pieces[m.piece as usize].drops.may_not_mate
            && self.in_check(&p);
        p
    }

    /// Whether a piece of this type dropped on `cell` by `owner` promotes at the end of its next
    /// move (a promotion deferred after a drop there).
    pub(crate) fn defers_after_drop(&self, kind: PieceId, owner: PlayerId, cell: Cell) -> bool {
        self.rules.pieces[kind as usize]
            .promotions
            .iter()
            .filter_map(|pr| pr.deferred_after_drop_in)
            .any(|z| self.tables.zone(z, owner as usize).has(cell))
    }

    /// A hop capture's effect on its screen: a friendly unpromoted screen promotes, a promoted
    /// enemy screen demotes; either only if the new piece could move from there.
    fn transform_screen(&self, p: &mut Position, hopper: Piece, screen: Cell) {
        let pt = &self.rules.pieces[hopper.kind as usize];
        let t = &self.tables;
        let Some(s) = p.piece(screen) else { return };
        if s.owner == hopper.owner && pt.promotes_friendly_screens {
            let unpromoted = s.origin.is_none() && t.unpromoted[s.kind as usize] == s.kind;
            let target = self.rules.pieces[s.kind as usize]
                .promotions
                .iter()
                .find_map(|pr| pr.to.first().copied());
            if let (true, Some(k)) = (unpromoted, target)
                && t.mobile[t.slot(k, s.owner as usize, screen)]
            {
                let origin = (t.unpromoted[k as usize] != s.kind).then_some(s.kind);
                p.put(
                    screen,
                    Piece {
                        kind: k,
                        origin,
                        ..s
                    },
                );
            }
        } else if s.owner != hopper.owner && pt.demotes_enemy_screens {
            let demoted = s.origin.unwrap_or(t.unpromoted[s.kind as usize]);
            if demoted != s.kind && t.mobile[t.slot(demoted, s.owner as usize, screen)] {
                p.put(
                    screen,
                    Piece {
                        kind: demoted,
                        origin: None,
                        ..s
                    },
                );
            }
        }
    }

    /// The hand slot a captured piece goes to, if it goes to hand at all.
    fn hand_type_of(&self, victim: Piece) -> Option<PieceId> {
        if !self.rules.captures_to_hand {
            return None;
        }
        let t = &self.tables;
        let kind = match victim.origin {
            Some(o) => t.hand_slot[o as usize],
            None => t.base[victim.kind as usize],
        };
        (!self.rules.pieces[kind as usize].removed_when_captured).then_some(kind)
    }

    fn to_hand(&self, p: &mut Position, victim: Piece, captor: PlayerId) {
        if let Some(kind) = self.hand_type_of(victim) {
            let h = &mut p.hands[captor as usize][kind as usize];
            *h = h.saturating_add(1);
        }
    }

    /// Makes a pseudo-legal move and returns the (settled) position if the move is legal.
    pub(crate) fn try_make(&self, pos: &Position, m: &Move) -> Option<Position> {
        self.legal_child(pos, m).map(|c| self.settle(c))
    }

    /// Makes a pseudo-legal move and returns the unsettled position if the move is legal.
    pub(crate) fn legal_child(&self, pos: &Position, m: &Move) -> Option<Position> {
        let child = self.make_raw(pos, m);
        if self.royals_exposed(&child, pos.side) {
            return None;
        }
        Some(child)
    }

    /// Tells whether a royal piece of `player` is attacked, or faces an enemy royal where the
    /// rules forbid it.
    fn royals_exposed(&self, pos: &Position, player: PlayerId) -> bool {
        for c in pos.royals.and(&pos.occ[player as usize]).iter() {
            for by in self.opponents(pos, player) {
                if self.attacked(pos, c, by) {
                    return true;
                }
            }
            if self.rules.royals_may_not_face && self.faces_enemy_royal(pos, c, player) {
                return true;
            }
        }
        false
    }

    /// Tells whether the royal on `c` sees an enemy royal along its file with nothing between.
    fn faces_enemy_royal(&self, pos: &Position, c: Cell, player: PlayerId) -> bool {
        let b = &self.rules.board;
        let (f, r) = b.coords(c);
        for dr in [1, -1] {
            let mut rr = r + dr;
            while let Some(x) = b.cell(f, rr) {
                if let Some(q) = pos.piece(x) {
                    if q.owner != player && self.tables.royal[q.kind as usize] {
                        return true;
                    }
                    break;
                }
                rr += dr;
            }
        }
        false
    }

    /// Tells whether any piece of `by` could capture on `target`.
    pub fn attacked(&self, pos: &Position, target: Cell, by: PlayerId) -> bool {
        let t = &self.tables;
        let candidates =
            pos.occ[by as usize].and(&t.attackers[by as usize * t.cells + target as usize]);
        for from in candidates.iter() {
            let Some(pc) = pos.piece(from) else { continue };
            let slot = t.slot(pc.kind, by as usize, from);
            if !t.reach[slot].has(target) {
                continue;
            }
            for ri in t.rays(slot) {
                let ray = &t.rays[ri];
                if (ray.mode.captures() || ray.style == Style::Displace)
                    && self.ray_hits(pos, ray, target, by)
                {
                    return true;
                }
            }
        }
        false
    }

    pub(crate) fn ray_hits(&self, pos: &Position, ray: &Ray, target: Cell, by: PlayerId) -> bool {
        let t = &self.tables;
        let steps = &t.steps[ray.steps.0 as usize..ray.steps.1 as usize];
        if ray.hop {
            let mut screened = false;
            for st in steps {
                let occupied = !pos.is_empty(st.to);
                if screened {
                    if st.to == target {
                        return true;
                    }
                    if occupied {
                        return false;
                    }
                } else if occupied {
                    screened = true;
                }
            }
            return false;
        }
        for st in steps {
            let via = t.via(st);
            if !self.path_open(pos, ray.style, via, by) {
                return false;
            }
            if st.to == target {
                return ray.mode.captures();
            }
            // A displacer captures what it passes, if it can land.
            if ray.style == Style::Displace && via.contains(&target) {
                return if pos.is_empty(st.to) {
                    true
                } else {
                    ray.mode.captures() && !pos.occ[by as usize].has(st.to)
                };
            }
            if !pos.is_empty(st.to) {
                return false;
            }
        }
        false
    }

    /// Whether a royal piece stands on a cell: royal pieces are checked, never captured (with more
    /// than two players, a king left in check by another's move waits for its owner's turn).
    #[inline]
    fn is_royal(&self, pos: &Position, c: Cell) -> bool {
        pos.piece(c)
            .is_some_and(|p| self.tables.royal[p.kind as usize])
    }

    /// Whether the cells a move passes let it through.
    #[inline]
    fn path_open(&self, pos: &Position, style: Style, via: &[Cell], side: PlayerId) -> bool {
        match style {
            Style::Leap => true,
            Style::Step => via.iter().all(|&c| pos.is_empty(c)),
            Style::Displace => via.iter().all(|&c| !pos.occ[side as usize].has(c)),
        }
    }

    /// Generates every pseudo-legal move (legal but for leaving a royal attacked).
    pub(crate) fn pseudo_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let t = &self.tables;
        let side = pos.side;
        for from in pos.occ[side as usize].iter() {
            let Some(pc) = pos.piece(from) else { continue };
            let slot = t.slot(pc.kind, side as usize, from);
            let start = out.len();
            for ri in t.rays(slot) {
                self.gen_ray(pos, pc, from, &t.rays[ri], out);
            }
            if t.overlaps[slot] {
                out[start..].sort_unstable();
                let mut v: Vec<Move> = out.drain(start..).collect();
                v.dedup_by(|a, b| (a.from, a.to, a.promotion) == (b.from, b.to, b.promotion));
                out.extend(v);
            }
        }
        self.gen_castling(pos, out);
        self.gen_drops(pos, out);
    }

    fn gen_ray(&self, pos: &Position, pc: Piece, from: Cell, ray: &Ray, out: &mut Vec<Move>) {
        let t = &self.tables;
        let side = pc.owner;
        let friends = &pos.occ[side as usize];
        let (s0, s1) = (ray.steps.0 as usize, ray.steps.1 as usize);
        if ray.hop {
            let mut screen = None;
            for st in &t.steps[s0..s1] {
                let empty = pos.is_empty(st.to);
                let Some(scr) = screen else {
                    if !empty {
                        screen = Some(st.to);
                    }
                    continue;
                };
                if empty {
                    if ray.mode.moves() {
                        self.push(pos, pc, from, st.to, MoveKind::Normal, 0, out);
                    }
                } else {
                    if ray.mode.captures() && !friends.has(st.to) && !self.is_royal(pos, st.to) {
                        self.push(pos, pc, from, st.to, MoveKind::Hop, scr as u32, out);
                    }
                    break;
                }
            }
            return;
        }
        for si in s0..s1 {
            let st = &t.steps[si];
            let via = t.via(st);
            if !self.path_open(pos, ray.style, via, side) {
                break;
            }
            let kind = if ray.style == Style::Displace && via.iter().any(|&c| !pos.is_empty(c)) {
                if via.iter().any(|&c| self.is_royal(pos, c)) {
                    // A royal piece is never captured, so no move may displace it.
                    break;
                }
                MoveKind::Displace
            } else if ray.makes_ep {
                MoveKind::EpStep
            } else {
                MoveKind::Normal
            };
            if pos.is_empty(st.to) {
                let en_passant = ray.mode.captures()
                    && pos.ep_cells.has(st.to)
                    && self.rules.pieces[pc.kind as usize].takes_en_passant
                    && pos
                        .ep_victim
                        .and_then(|v| pos.piece(v))
                        .is_some_and(|v| v.owner != side);
                if en_passant {
                    // Landing on the passed cell takes the piece that passed it.
                    self.push(pos, pc, from, st.to, MoveKind::EnPassant, 0, out);
                } else if ray.mode.moves() {
                    self.push(pos, pc, from, st.to, kind, si as u32, out);
                } else if ray.mode == Mode::Capture && kind == MoveKind::Displace {
                    // A capture-only displacer may land on an empty cell when it takes on its path.
                    self.push(pos, pc, from, st.to, kind, si as u32, out);
                }
                continue;
            }
            if !friends.has(st.to) && ray.mode.captures() && !self.is_royal(pos, st.to) {
                self.push(pos, pc, from, st.to, kind, si as u32, out);
            }
            break;
        }
    }

    /// Pushes a move with every promotion choice it has.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &self,
        pos: &Position,
        pc: Piece,
        from: Cell,
        to: Cell,
        kind: MoveKind,
        extra: u32,
        out: &mut Vec<Move>,
    ) {
        let t = &self.tables;
        let side = pos.side as usize;
        let plain = Move {
            from,
            to,
            piece: pc.kind,
            promotion: None,
            swap: false,
            kind,
            extra,
        };
        let promotions = &self.rules.pieces[pc.kind as usize].promotions;
        // A piece dropped where a deferred promotion waits promotes by it now, whatever its move;
        // it has not moved since the drop, so `from` is where it was dropped.
        let deferred = if pos.pending.has(from) {
            promotions.iter().find(|p| {
                p.deferred_after_drop_in
                    .is_some_and(|z| t.zone(z, side).has(from))
            })
        } else {
            None
        };
        for promo in deferred.into_iter().chain(promotions.iter()) {
            let z = t.zone(promo.zone, side);
            let (a, b) = (z.has(from), z.has(to));
            let fires = deferred.is_some()
                || match promo.trigger {
                    Trigger::Entering => !a && b,
                    Trigger::EndingIn => b,
                    Trigger::StartingOrEndingIn => a || b,
                    Trigger::Leaving => a && !b,
                };
            if !fires {
                continue;
            }
            let must = deferred.is_some()
                || match promo.obligation {
                    Obligation::Compulsory => true,
                    Obligation::Optional => false,
                    Obligation::CompulsoryWhenStuck => !t.mobile[t.slot(pc.kind, side, to)],
                };
            let mut swapped = false;
            if promo.swap {
                let value = self.rules.pieces[pc.kind as usize].value;
                // The piece this move captures is in hand by the time the swap happens.
                let mut held = pos.hands[side];
                if let Some(v) = pos.piece(to).filter(|v| v.owner as usize != side)
                    && let Some(k) = self.hand_type_of(v)
                {
                    held[k as usize] += 1;
                }
                for (slot, &n) in held.iter().enumerate() {
                    if n == 0 {
                        continue;
                    }
                    for &target in &t.members[slot] {
                        if self.rules.pieces[target as usize].value > value
                            && self.arrival_ok(pos, target, from, to)
                        {
                            swapped = true;
                            out.push(Move {
                                promotion: Some(target),
                                swap: true,
                                ..plain
                            });
                        }
                    }
                }
            }
            if !swapped {
                for &target in &promo.to {
                    if self.arrival_ok(pos, target, from, to) {
                        out.push(Move {
                            promotion: Some(target),
                            ..plain
                        });
                    }
                }
            }
            if !must {
                out.push(plain);
            }
            return;
        }
        out.push(plain);
    }

    /// Whether a piece of type `kind` may arrive on `to` (leaving `from`) within its per-file and
    /// per-colour limits.
    fn arrival_ok(&self, pos: &Position, kind: PieceId, from: Cell, to: Cell) -> bool {
        let limits = &self.rules.pieces[kind as usize].drops;
        if limits.max_per_file.is_none() && limits.max_per_colour.is_none() {
            return true;
        }
        let b = &self.rules.board;
        let (ft, rt) = b.coords(to);
        let (mut file, mut colour) = (0u8, 0u8);
        for c in pos.occ[pos.side as usize].iter() {
            if c == from || pos.piece(c).is_none_or(|p| p.kind != kind) {
                continue;
            }
            let (f, r) = b.coords(c);
            file += (f == ft) as u8;
            colour += ((f + r) % 2 == (ft + rt) % 2) as u8;
        }
        limits.max_per_file.is_none_or(|m| file < m)
            && limits.max_per_colour.is_none_or(|m| colour < m)
    }

    fn gen_castling(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.rules.castling.is_empty() {
            return;
        }
        let side = pos.side;
        let rights = pos.castling.and(&pos.occ[side as usize]);
        if rights.is_empty() {
            return;
        }
        let b = &self.rules.board;
        for cs in &self.rules.castling {
            for k in pos.occ[side as usize].iter() {
                if pos.piece(k).map(|p| p.kind) != Some(cs.king) {
                    continue;
                }
                let (fk, rk) = b.coords(k);
                for r in rights.iter() {
                    let (fr, rr) = b.coords(r);
                    if rr != rk || pos.piece(r).map(|p| p.kind) != Some(cs.rook) {
                        continue;
                    }
                    let dir = (fr - fk).signum();
                    let (Some(kd), Some(pass)) = (b.cell(fk + 2 * dir, rk), b.cell(fk + dir, rk))
                    else {
                        continue;
                    };
                    let clear_between = (fk.min(fr) + 1..fk.max(fr))
                        .all(|f| b.cell(f, rk).is_some_and(|c| pos.is_empty(c)));
                    let free = |c: Cell| c == k || c == r || pos.is_empty(c);
                    if !clear_between || !free(kd) || !free(pass) {
                        continue;
                    }
                    // Only a royal king is in check: it may not castle out of or through it.
                    let safe = !self.tables.royal[cs.king as usize]
                        || self
                            .opponents(pos, side)
                            .all(|q| !self.attacked(pos, k, q) && !self.attacked(pos, pass, q));
                    if safe {
                        out.push(Move {
                            from: k,
                            to: kd,
                            piece: cs.king,
                            promotion: None,
                            swap: false,
                            kind: MoveKind::Castle,
                            extra: r as u32,
                        });
                    }
                }
            }
        }
    }

    /// The players still in the game other than `player`.
    pub(crate) fn opponents(
        &self,
        pos: &Position,
        player: PlayerId,
    ) -> impl Iterator<Item = PlayerId> {
        let eliminated = pos.eliminated;
        (0..self.rules.players.len() as PlayerId)
            .filter(move |&q| q != player && eliminated & (1 << q) == 0)
    }

    fn gen_drops(&self, pos: &Position, out: &mut Vec<Move>) {
        let side = pos.side as usize;
        let hand = &pos.hands[side];
        if hand.iter().all(|&n| n == 0) {
            return;
        }
        let t = &self.tables;
        let b = &self.rules.board;
        let mut empty = t.on_board;
        for o in &pos.occ {
            empty = empty.without(o);
        }
        for (slot, &count) in hand.iter().enumerate().take(self.rules.pieces.len()) {
            if count == 0 {
                continue;
            }
            for &kind in &t.members[slot] {
                let rules = &self.rules.pieces[kind as usize].drops;
                let mut per_file = [0u8; 16];
                let mut per_colour = [0u8; 2];
                if rules.max_per_file.is_some() || rules.max_per_colour.is_some() {
                    for c in pos.occ[side].iter() {
                        if pos.piece(c).is_some_and(|p| p.kind == kind) {
                            let (f, r) = b.coords(c);
                            per_file[f as usize] += 1;
                            per_colour[((f + r) % 2) as usize] += 1;
                        }
                    }
                }
                let allowed = match rules.zone {
                    Some(z) => empty.and(t.zone(z, side)),
                    None => empty,
                };
                for to in allowed.iter() {
                    if self.rules.no_drop_where_stuck && !t.mobile[t.slot(kind, side, to)] {
                        continue;
                    }
                    let (f, r) = b.coords(to);
                    if rules
                        .max_per_file
                        .is_some_and(|m| per_file[f as usize] >= m)
                        || rules
                            .max_per_colour
                            .is_some_and(|m| per_colour[((f + r) % 2) as usize] >= m)
                    {
                        continue;
                    }
                    out.push(Move {
                        from: to,
                        to,
                        piece: kind,
                        promotion: None,
                        swap: false,
                        kind: MoveKind::Drop,
                        extra: 0,
                    });
                }
            }
        }
    }
}
