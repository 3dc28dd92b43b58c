//! The full path: every move of one piece, each tested where it may expose a royal piece.

use super::Sink;
use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::index::AsIndex;
use crate::engine::position::{MoveKind, Pos, RawMove};
use crate::engine::tables::{Hop, Kind, Lame};
use crate::rules::{Cell, Mode, Obligation, PieceId, Style, Trigger};

/// The cells one piece's leaps, rides and stepping leaps reach: quietly, capturing, and capturing
/// en passant.
struct Targets<B> {
    quiet: B,
    capture: B,
    ep: B,
}

impl<B: Bits> Engine<B> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_piece<S: Sink<B>>(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        kt: &Kind<B>,
        test: bool,
        line: B,
        danger: B,
        initial: bool,
        out: &mut S,
    ) {
        let t = &self.t;
        let s = pos.st.side.index();
        let occ = pos.occ;
        // A move onto a dangerous cell (a hopper's line) may give an enemy hopper its screen.
        let suspect_at = |to: usize| test || danger.has(to);
        let empty = !occ & t.on_board;
        let mine = pos.by_owner[s];
        let enemies = occ & !mine & !pos.walls & !self.guarded(pos) & !self.spared(pos, kind);
        let ep_open = self.ep_open(pos, kind, empty);
        let mut tg = Targets {
            quiet: kt.leap_move[from] & empty,
            capture: kt.leap_capture[from] & enemies,
            ep: kt.leap_capture[from] & ep_open,
        };
        if initial {
            tg.quiet |= kt.init_move[from] & empty;
        }
        if kt.has_later && !pos.st.castling.has(from) {
            tg.quiet |= kt.later_move[from] & empty;
        }
        let hops = self.ride_targets(pos, kind, from, kt, enemies, ep_open, &mut tg);
        let (a, z) = kt.lame_index[from];
        let lame = &kt.lame[a as usize..z as usize];
        let double_steps = Self::lame_targets(lame, occ, empty, enemies, ep_open, &mut tg);
        let Targets {
            mut quiet,
            capture,
            ep,
        } = tg;
        quiet &= !ep;
        let plain = (quiet | capture) & line;
        let ep = ep & line;
        let mut done = plain | ep;
        let promotes = self.promo_cells[kind.index() * t.players + s];
        if !promotes.has(from) && (plain & promotes).none() && !pos.st.pending.has(from) {
            let risky = if test { plain } else { plain & danger };
            out.add_plain(from, kind, plain & !risky);
            for to in risky.cells() {
                out.add(RawMove::normal(from, to, kind), true);
            }
        } else {
            for to in plain.cells() {
                self.push(pos, kind, from, to, MoveKind::Normal, suspect_at(to), out);
            }
        }
        for to in ep.cells() {
            self.push(pos, kind, from, to, MoveKind::EnPassant, true, out);
        }
        if hops {
            self.push_hop_captures(
                pos, kind, from, kt, enemies, test, line, danger, &mut done, out,
            );
        }
        if double_steps {
            self.push_double_steps(
                pos, kind, from, lame, enemies, ep_open, test, line, danger, &mut done, out,
            );
        }
        // The slow path.
        let (a, z) = kt.slow_index[from];
        for ray in &kt.slow[a as usize..z as usize] {
            self.gen_slow(
                pos, kind, from, ray, ep_open, &mut done, test, line, danger, out,
            );
        }
    }

    /// The en-passant cells a piece of type `kind` may capture on now.
    #[inline(always)]
    pub(in crate::engine::movegen) fn ep_open(&self, pos: &Pos<B>, kind: u8, empty: B) -> B {
        let t = &self.t;
        let s = pos.st.side.index();
        let takes_ep = self.rules.pieces[kind.index()].takes_en_passant;
        if takes_ep && pos.st.ep_cells.any() && self.ep_victim_is_enemy(pos) {
            match self.rules.pieces[kind.index()].en_passant_zone {
                Some(z) => pos.st.ep_cells & empty & t.zone(z, s),
                None => pos.st.ep_cells & empty,
            }
        } else {
            B::EMPTY
        }
    }

    /// Adds the targets of the rides and hops of a piece of type `kind` on `from` to `tg`;
    /// tells whether it has cannon captures to look at (see [`Engine::push_hop_captures`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn ride_targets(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        kt: &Kind<B>,
        enemies: B,
        ep_open: B,
        tg: &mut Targets<B>,
    ) -> bool {
        let t = &self.t;
        let occ = pos.occ;
        let empty = !occ & t.on_board;
        let mut hops = false;
        for r in &kt.rides {
            let mut ray = t.ray(r.dir, from);
            let limit = r.limit.map(|l| t.limits[l as usize][from]);
            if let Some(l) = limit {
                ray &= l;
            }
            match r.hop {
                Hop::None => {
                    let mut reach = t.ride(r.dir, from, occ);
                    if let Some(l) = limit {
                        reach &= l;
                    }
                    if r.mode.moves() {
                        tg.quiet |= reach & empty;
                    }
                    if r.mode.captures() {
                        tg.capture |= reach & enemies;
                        tg.ep |= reach & ep_open;
                    }
                }
                Hop::Cannon => {
                    let Some(screen) = t.first(r.dir, from, occ) else {
                        continue;
                    };
                    if !ray.has(screen) || self.bars_screen(pos, kind, screen) {
                        continue;
                    }
                    let beyond = t.ray(r.dir, screen) & ray;
                    let next = t.first(r.dir, screen, occ).filter(|&c| beyond.has(c));
                    let landing = match next {
                        Some(c) => beyond & !t.ray(r.dir, c) & !B::cell(c),
                        None => beyond,
                    };
                    if r.mode.moves() {
                        tg.quiet |= landing;
                    }
                    hops |= r.mode.captures() && next.is_some_and(|c| enemies.has(c));
                }
                Hop::Grasshopper => {
                    let Some(screen) = t.first(r.dir, from, occ) else {
                        continue;
                    };
                    if self.bars_screen(pos, kind, screen) {
                        continue;
                    }
                    let Some(to) = t.next(r.dir, screen).filter(|&c| ray.has(c)) else {
                        continue;
                    };
                    let to = B::cell(to);
                    if r.mode.moves() {
                        tg.quiet |= to & empty;
                    }
                    if r.mode.captures() {
                        tg.capture |= to & enemies;
                    }
                }
            }
        }
        hops
    }

    /// Adds the targets of stepping leaps whose path is clear to `tg`, but for steps that leave
    /// en-passant cells: tells whether there are such steps (see
    /// [`Engine::push_double_steps`]).
    #[inline(always)]
    fn lame_targets(
        lame: &[Lame<B>],
        occ: B,
        empty: B,
        enemies: B,
        ep_open: B,
        tg: &mut Targets<B>,
    ) -> bool {
        // Stepping leaps whose path is clear join the plain moves, but for steps that leave
        // en-passant cells.
        let mut double_steps = false;
        for l in lame {
            if (l.path & occ).any() {
                continue;
            }
            let to = B::cell(l.to as usize);
            if l.makes_ep {
                double_steps = true;
                continue;
            }
            if l.mode.moves() {
                tg.quiet |= to & empty;
            }
            if l.mode.captures() {
                tg.capture |= to & enemies;
                tg.ep |= to & ep_open;
            }
        }
        double_steps
    }

    /// Pushes the hop captures of the cannon rides of a piece on `from`, unless a plain move
    /// already lands there.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push_hop_captures<S: Sink<B>>(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        kt: &Kind<B>,
        enemies: B,
        test: bool,
        line: B,
        danger: B,
        done: &mut B,
        out: &mut S,
    ) {
        let t = &self.t;
        let occ = pos.occ;
        let suspect_at = |to: usize| test || danger.has(to);
        for r in kt
            .rides
            .iter()
            .filter(|r| r.hop == Hop::Cannon && r.mode.captures())
        {
            let Some(screen) = t.first(r.dir, from, occ) else {
                continue;
            };
            if self.bars_screen(pos, kind, screen) {
                continue;
            }
            let Some(to) = t.first(r.dir, screen, occ) else {
                continue;
            };
            let within = r.limit.is_none_or(|l| t.limits[l as usize][from].has(to));
            if !within || !enemies.has(to) || done.has(to) || !line.has(to) {
                continue;
            }
            *done |= B::cell(to);
            let kind_ = MoveKind::Hop {
                screen: Cell(screen as u16),
            };
            let test = suspect_at(to) || self.screen_change_risky(pos, kind, screen);
            self.push(pos, kind, from, to, kind_, test, out);
        }
    }

    /// Pushes the steps that leave en-passant cells, where their path is clear.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn push_double_steps<S: Sink<B>>(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        lame: &[Lame<B>],
        enemies: B,
        ep_open: B,
        test: bool,
        line: B,
        danger: B,
        done: &mut B,
        out: &mut S,
    ) {
        let occ = pos.occ;
        let empty = !occ & self.t.on_board;
        let suspect_at = |to: usize| test || danger.has(to);
        for l in lame.iter().filter(|l| l.makes_ep) {
            let to = l.to as usize;
            if (l.path & occ).any() || done.has(to) || !line.has(to) {
                continue;
            }
            if empty.has(to) {
                if l.mode.captures() && ep_open.has(to) {
                    *done |= B::cell(to);
                    self.push(pos, kind, from, to, MoveKind::EnPassant, true, out);
                } else if l.mode.moves() {
                    *done |= B::cell(to);
                    let k = if l.makes_ep {
                        MoveKind::DoubleStep { path: l.path_id }
                    } else {
                        MoveKind::Normal
                    };
                    self.push(pos, kind, from, to, k, suspect_at(to), out);
                }
            } else if l.mode.captures() && enemies.has(to) {
                *done |= B::cell(to);
                let k = if l.makes_ep {
                    MoveKind::DoubleStep { path: l.path_id }
                } else {
                    MoveKind::Normal
                };
                self.push(pos, kind, from, to, k, suspect_at(to), out);
            }
        }
    }

    /// Whether the en-passant victim belongs to an opponent of the player to move.
    fn ep_victim_is_enemy(&self, pos: &Pos<B>) -> bool {
        pos.st
            .ep_victim
            .and_then(|v| pos.piece(v.index()))
            .is_some_and(|p| p.owner != pos.st.side)
    }

    #[allow(clippy::too_many_arguments)]
    fn gen_slow<S: Sink<B>>(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        ray: &crate::engine::tables::SlowRay<B>,
        ep_open: B,
        done: &mut B,
        suspect: bool,
        line: B,
        danger: B,
        out: &mut S,
    ) {
        let t = &self.t;
        let side = pos.st.side;
        let friends = pos.by_owner[side.index()];
        let spared = |c: usize| Self::holds_kind(pos, ray.victim_ban, c);
        let steps = t.steps(ray);
        let mut emit = |this: &Self, to: usize, k: MoveKind, test: bool, out: &mut S| {
            if done.has(to) || !line.has(to) {
                return;
            }
            *done |= B::cell(to);
            this.push(pos, kind, from, to, k, test || danger.has(to), out);
        };
        if ray.hop {
            let mut screen = None;
            for st in steps {
                let to = st.to as usize;
                let empty = pos.is_empty(to);
                let Some(scr) = screen else {
                    if !empty {
                        if Self::holds_kind(pos, ray.screen_ban, to) {
                            return;
                        }
                        screen = Some(to);
                    }
                    continue;
                };
                if empty {
                    if ray.mode.moves() {
                        emit(self, to, MoveKind::Normal, suspect, out);
                    }
                } else {
                    if ray.mode.captures()
                        && !friends.has(to)
                        && !self.guarded(pos).has(to)
                        && !spared(to)
                    {
                        let k = MoveKind::Hop {
                            screen: Cell(scr as u16),
                        };
                        emit(self, to, k, true, out);
                    }
                    break;
                }
            }
            return;
        }
        for st in steps {
            let to = st.to as usize;
            let via = t.paths[st.path as usize];
            if !Self::path_open(ray.style, via, pos.occ, pos.by_owner[side.index()]) {
                break;
            }
            let displaces = ray.style == Style::Displace && (via & pos.occ).any();
            let kind_ = if displaces {
                if (via & self.guarded(pos)).any() {
                    // A royal piece is never captured, so no move may displace it.
                    break;
                }
                MoveKind::Displace { path: st.path }
            } else if ray.makes_ep {
                MoveKind::DoubleStep { path: st.path }
            } else {
                MoveKind::Normal
            };
            let test = suspect || displaces;
            if pos.is_empty(to) {
                if ray.mode.captures() && ep_open.has(to) {
                    // Landing on the passed cell takes the piece that passed it.
                    emit(self, to, MoveKind::EnPassant, true, out);
                } else if ray.mode.moves() || (ray.mode == Mode::Capture && displaces) {
                    // A capture-only displacer may land on an empty cell when it takes on its
                    // path.
                    emit(self, to, kind_, test, out);
                }
                continue;
            }
            if !friends.has(to) && ray.mode.captures() && !self.guarded(pos).has(to) && !spared(to)
            {
                emit(self, to, kind_, test, out);
            }
            break;
        }
    }

    /// Pushes a move with every promotion choice it has.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push<S: Sink<B>>(
        &self,
        pos: &Pos<B>,
        piece: u8,
        from: usize,
        to: usize,
        kind: MoveKind,
        suspect: bool,
        out: &mut S,
    ) {
        let t = &self.t;
        let side = pos.st.side.index();
        let plain = RawMove {
            then: None,
            from: Cell(from as u16),
            to: Cell(to as u16),
            piece: PieceId(piece),
            promotion: None,
            swap: false,
            kind,
        };
        let promotions = &self.rules.pieces[piece.index()].promotions;
        // A piece dropped where a deferred promotion waits promotes by it now, whatever its move;
        // it has not moved since the drop, so `from` is where it was dropped.
        let deferred = if pos.st.pending.has(from) {
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
                    Trigger::CapturingIn => b && self.is_capture(pos, &plain),
                    Trigger::CapturingFromOrIn => (a || b) && self.is_capture(pos, &plain),
                };
            if !fires {
                continue;
            }
            let must = deferred.is_some()
                || match promo.obligation {
                    Obligation::Compulsory => true,
                    Obligation::Optional => false,
                    Obligation::CompulsoryWhenStuck => !t.kind(piece, side).mobile[to],
                };
            let mut swapped = false;
            if promo.swap {
                let value = self.rules.pieces[piece.index()].value;
                // The piece this move captures is in hand by the time the swap happens.
                let mut held: Vec<u8> = (0..t.kinds)
                    .map(|k| pos.hand(pos.st.side, k as u8))
                    .collect();
                if let Some(v) = pos.piece(to).filter(|v| v.owner.index() != side)
                    && let Some(k) = self.hand_type_of(v)
                {
                    held[k.index()] = held[k.index()].saturating_add(1);
                }
                for (slot, &n) in held.iter().enumerate() {
                    if n == 0 {
                        continue;
                    }
                    for &target in &t.members[slot] {
                        if self.rules.pieces[target.index()].value > value
                            && self.arrival_ok(pos, target, from, to)
                        {
                            swapped = true;
                            let m = RawMove {
                                promotion: Some(PieceId(target)),
                                swap: true,
                                ..plain
                            };
                            // A piece that becomes royal must not land attacked.
                            out.add(m, suspect || t.royal[target as usize]);
                        }
                    }
                }
            }
            if !swapped {
                for &target in &promo.to {
                    if self.arrival_ok(pos, target.0, from, to) {
                        let m = RawMove {
                            promotion: Some(PieceId(target.0)),
                            ..plain
                        };
                        out.add(m, suspect || t.royal[target.index()]);
                    }
                }
            }
            if !must {
                out.add(plain, suspect);
            }
            return;
        }
        out.add(plain, suspect);
    }

    /// Whether a piece of type `kind` may arrive on `to` (leaving `from`) within its per-file and
    /// per-colour limits.
    pub(super) fn arrival_ok(&self, pos: &Pos<B>, kind: u8, from: usize, to: usize) -> bool {
        let limits = &self.rules.pieces[kind.index()].drops;
        if limits.max_per_file.is_none()
            && limits.max_per_colour.is_none()
            && limits.max_on_board.is_none()
        {
            return true;
        }
        let t = &self.t;
        let own = pos.of(kind, pos.st.side) & !B::cell(from);
        if limits.max_on_board.is_some_and(|m| own.count() >= m as u32) {
            return false;
        }
        let file = (own & t.file_cells[to % t.files]).count();
        let colour = if t.even.has(to) { t.even } else { !t.even };
        let same_colour = (own & colour).count();
        limits.max_per_file.is_none_or(|m| file < m as u32)
            && limits.max_per_colour.is_none_or(|m| same_colour < m as u32)
    }
}
