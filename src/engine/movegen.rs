//! Move generation. Pseudo-legal moves are sorted into those known to be legal (the piece is not
//! pinned, or moves along its pin; nothing else can expose the royal) and suspects that need the
//! full test of making the move.

use super::AsIndex;
use super::bits::{Bits, set_of};
use super::core::safety::Safety;
use super::core::{Bulk, Engine};
use super::position::{Move, MoveKind, NONE, Pos, Sq};
use super::tables::{Hop, Kind, Ride};
use crate::rules::{Cell, Mode, Obligation, PieceId, PlayerId, Royalty, Style, Trigger};

/// Where generated moves go: known-legal moves and suspects that need the full test.
pub(crate) trait Sink<B> {
    /// Whether the sink only counts moves: it takes [`Sink::add_count`].
    const COUNTS: bool = false;
    fn add(&mut self, m: Move, suspect: bool);
    /// Known-legal moves counted without being generated (only when [`Sink::COUNTS`]).
    fn add_count(&mut self, _n: u64) {
        debug_assert!(Self::COUNTS, "a collecting sink was given a bare count");
    }
    /// Known-legal plain moves of a piece to every cell of `targets`.
    fn add_plain(&mut self, from: usize, piece: u8, targets: B);
    /// Known-legal drops of a type on every cell of `targets`.
    fn add_drops(&mut self, piece: u8, targets: B);
}

/// Collects moves.
pub(crate) struct Collect<'a> {
    pub safe: &'a mut Vec<Move>,
    pub suspect: &'a mut Vec<Move>,
}

impl<B: Bits> Sink<B> for Collect<'_> {
    #[inline]
    fn add(&mut self, m: Move, suspect: bool) {
        if suspect {
            self.suspect.push(m);
        } else {
            self.safe.push(m);
        }
    }

    #[inline]
    fn add_plain(&mut self, from: usize, piece: u8, targets: B) {
        for to in targets.cells() {
            self.safe.push(Move::normal(from, to, piece));
        }
    }

    #[inline]
    fn add_drops(&mut self, piece: u8, targets: B) {
        for to in targets.cells() {
            self.safe.push(Move {
                from: Cell(to as u16),
                to: Cell(to as u16),
                piece: PieceId(piece),
                promotion: None,
                swap: false,
                kind: MoveKind::Drop,
            });
        }
    }
}

/// Counts known-legal moves and collects suspects.
pub(crate) struct Count<'a> {
    pub n: u64,
    pub suspect: &'a mut Vec<Move>,
}

impl<B: Bits> Sink<B> for Count<'_> {
    const COUNTS: bool = true;

    #[inline]
    fn add_count(&mut self, n: u64) {
        self.n += n;
    }

    #[inline]
    fn add(&mut self, m: Move, suspect: bool) {
        if suspect {
            self.suspect.push(m);
        } else {
            self.n += 1;
        }
    }

    #[inline]
    fn add_plain(&mut self, _: usize, _: u8, targets: B) {
        self.n += targets.count() as u64;
    }

    #[inline]
    fn add_drops(&mut self, _: u8, targets: B) {
        self.n += targets.count() as u64;
    }
}

impl<B: Bits> Engine<B> {
    /// Gets every legal move of the player to move, in generation order; `suspects` is scratch
    /// space. A position whose game has ended at once (a goal reached, say) has none.
    pub(crate) fn legal_moves_with(
        &self,
        pos: &mut Pos<B>,
        out: &mut Vec<Move>,
        suspects: &mut Vec<Move>,
    ) {
        if !self.plan.immediate.is_empty() && self.immediate_end(pos).is_some() {
            out.clear();
            return;
        }
        self.collect_legal(pos, out, suspects);
    }

    /// Gets every legal move of the player to move, not asking whether the game has ended.
    pub(crate) fn collect_legal(
        &self,
        pos: &mut Pos<B>,
        out: &mut Vec<Move>,
        suspects: &mut Vec<Move>,
    ) {
        out.clear();
        suspects.clear();
        let mut safety = Safety::new();
        self.safety(pos, &mut safety);
        self.generate(
            pos,
            &safety,
            &mut Collect {
                safe: out,
                suspect: suspects,
            },
        );
        for m in suspects.iter() {
            if self.legal(pos, m) {
                out.push(*m);
            }
        }
        if !self.plan.filters.is_empty() {
            self.filter_moves(pos, out, safety.in_check);
        }
        if out.is_empty() && self.plan.passing == Some(true) {
            // Stuck with a piece on the board: a pass, written as the first piece's cell twice.
            let mine = pos.by_owner[pos.st.side.index()];
            if mine.any() {
                let c = mine.lowest();
                out.push(Move {
                    from: Cell(c as u16),
                    to: Cell(c as u16),
                    piece: PieceId(pos.sq[c].kind),
                    promotion: None,
                    swap: false,
                    kind: MoveKind::Pass,
                });
            }
        }
    }

    /// Gets every legal move of the player to move, in generation order.
    pub(crate) fn legal_moves(&self, pos: &mut Pos<B>, out: &mut Vec<Move>) {
        self.legal_moves_with(pos, out, &mut Vec::new());
    }

    /// Counts the legal moves of the player to move; `suspects` is scratch space.
    pub(crate) fn count_legal(&self, pos: &mut Pos<B>, suspects: &mut Vec<Move>) -> u64 {
        if self.plan.special() {
            let mut moves = Vec::new();
            self.legal_moves_with(pos, &mut moves, suspects);
            return moves.len() as u64;
        }
        suspects.clear();
        let mut safety = Safety::new();
        self.safety(pos, &mut safety);
        let mut count = Count {
            n: 0,
            suspect: suspects,
        };
        self.generate(pos, &safety, &mut count);
        let mut n = count.n;
        for m in suspects.iter() {
            n += self.legal(pos, m) as u64;
        }
        n
    }

    /// Tells whether the player to move has a legal move.
    pub(crate) fn has_legal_move(&self, pos: &mut Pos<B>) -> bool {
        self.count_legal(pos, &mut Vec::new()) > 0
    }

    /// Generates every pseudo-legal move (legal but for leaving a royal attacked).
    pub(crate) fn generate<S: Sink<B>>(&self, pos: &Pos<B>, safety: &Safety<B>, out: &mut S) {
        let t = &self.t;
        let side = pos.st.side;
        let s = side.index();
        let mine = pos.by_owner[s];
        let enemies = pos.occ & !mine & !pos.walls & !self.guarded(pos);
        let ep_live = pos.st.ep_cells.any();
        // Pieces that may not take the fast path: tested, pinned, or waiting for a promotion.
        let special = if safety.test_all {
            !B::EMPTY
        } else {
            safety.danger | pos.royals | safety.pinned | pos.st.pending
        };
        // Counting, a hop is taken for a plain move: not where it could change its screen to
        // the royal's harm.
        let special = if S::COUNTS && self.screen_hoppers != 0 {
            special | self.risky_hoppers(pos, mine)
        } else {
            special
        };
        let fast = if S::COUNTS {
            &self.fast_count
        } else {
            &self.fast_from
        };
        // Whether a piece on the fast path of its type could take nothing en passant there.
        let no_ep = |kind: u8, from: usize, kt: &Kind<B>| {
            !ep_live
                || !self.rules.pieces[kind.index()].takes_en_passant
                || (kt.reach[from] & pos.st.ep_cells).none()
        };
        let mut visit = mine;
        if S::COUNTS {
            let movable = mine & !special;
            for b in &self.bulk[s] {
                if ep_live && b.takes_en_passant {
                    continue;
                }
                let pieces = pos.by_kind[b.kind.index()] & movable & b.from;
                if pieces.none() || (b.min_pieces > 1 && pieces.count() < b.min_pieces) {
                    continue;
                }
                visit &= !pieces;
                self.count_bulk(pos, pieces, b, safety, enemies, out);
            }
        }
        if S::COUNTS && self.royal_steps_plain && !(self.plan.facing && pos.st.facing) {
            // The lone royal's plain steps, each tested at its destination, as `legal` would.
            let royals = pos.royals & mine;
            if royals.count() == 1 {
                let r = royals.lowest();
                let kind = pos.sq[r].kind;
                let kt = t.kind(kind, s);
                if kt.plain
                    && (fast[kind.index() * t.players + s] & !pos.st.pending).has(r)
                    && no_ep(kind, r, kt)
                {
                    let to = self.plain_targets::<false>(pos, kind, r, kt, enemies);
                    if (to & self.promo_cells[kind.index() * t.players + s]).none() {
                        visit &= !B::cell(r);
                        let safe = to.cells().filter(|&c| self.royal_step_safe(pos, r, c));
                        out.add_count(safe.count() as u64);
                    }
                }
            }
        }
        for from in visit.cells() {
            let pc = pos.sq[from];
            let kind = pc.kind;
            let kt = t.kind(kind, s);
            if (fast[kind.index() * t.players + s] & !special).has(from) && no_ep(kind, from, kt) {
                if S::COUNTS && !kt.plain {
                    self.gen_plain_piece::<S, true>(pos, kind, from, kt, safety, enemies, out);
                } else {
                    self.gen_plain_piece::<S, false>(pos, kind, from, kt, safety, enemies, out);
                }
                continue;
            }
            let test = safety.test_all || safety.danger.has(from) || pos.royals.has(from);
            let line = if safety.in_check && !pos.royals.has(from) && !kt.has_slow {
                // Only a move onto the checker or between it and the royal may answer a check.
                safety.block
            } else if safety.pinned.has(from) {
                safety
                    .pins
                    .iter()
                    .find(|p| p.0 == from)
                    .map_or(B::EMPTY, |p| p.1)
            } else {
                !B::EMPTY
            };
            // First moves: while the piece keeps its right, a royal piece not out of check.
            let initial = kt.has_initial
                && pos.st.castling.has(from)
                && !(safety.in_check && pos.royals.has(from));
            self.gen_piece(pos, kind, from, kt, test, line, safety.danger, initial, out);
        }
        self.gen_castling(pos, out);
        self.gen_drops(pos, safety, out);
        if self.plan.passing == Some(false) {
            let royals = pos.royals & mine;
            if royals.count() == 1 {
                let r = royals.lowest();
                let m = Move {
                    from: Cell(r as u16),
                    to: Cell(r as u16),
                    piece: PieceId(pos.sq[r].kind),
                    promotion: None,
                    swap: false,
                    kind: MoveKind::Pass,
                };
                out.add(m, true);
            }
        }
    }

    /// The fast path of move generation: the leaps, stepping leaps and plain rides of a piece that
    /// needs no legality test (not royal, pinned, on a dangerous cell or waiting for a
    /// promotion), from a cell of its type's `fast_from` (`fast_count` when only counting: a
    /// double step is then one more plain move, and so is a hop, given `HOPS`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn gen_plain_piece<S: Sink<B>, const HOPS: bool>(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        kt: &Kind<B>,
        safety: &Safety<B>,
        enemies: B,
        out: &mut S,
    ) {
        let promotes = self.promo_cells[kind.index() * self.t.players + pos.st.side.index()];
        let to = self.plain_targets::<HOPS>(pos, kind, from, kt, enemies);
        if (to & promotes).none() {
            let risky = to & safety.danger;
            out.add_plain(from, kind, to & !risky);
            for c in risky.cells() {
                out.add(Move::normal(from, c, kind), true);
            }
            return;
        }
        if S::COUNTS {
            self.count_watched(pos, kind, to, |_| from, safety, out);
            return;
        }
        for c in to.cells() {
            let k = MoveKind::Normal;
            self.push(pos, kind, from, c, k, safety.danger.has(c), out);
        }
    }

    /// The destinations of a piece on the fast path (see [`Engine::gen_plain_piece`]); without
    /// `HOPS`, only for types that have no hops ([`Kind::plain`]).
    #[inline(always)]
    fn plain_targets<const HOPS: bool>(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        kt: &Kind<B>,
        enemies: B,
    ) -> B {
        let t = &self.t;
        let occ = pos.occ;
        let empty = !occ & t.on_board;
        let enemies = enemies & !self.spared(pos, kind);
        let mut to = if kt.has_leaps {
            (kt.leap_move[from] & empty) | (kt.leap_capture[from] & enemies)
        } else {
            B::EMPTY
        };
        if kt.has_lame_moves {
            let (a, z) = kt.lame_index[from];
            for l in &kt.lame[a as usize..z as usize] {
                if (l.path & occ).none() {
                    let c = B::cell(l.to as usize);
                    if l.mode.moves() {
                        to |= c & empty;
                    }
                    if l.mode.captures() {
                        to |= c & enemies;
                    }
                }
            }
        }
        let open = empty | enemies;
        for &d in &kt.open_rides {
            to |= t.ride(d, from, occ) & open;
        }
        for r in &kt.other_rides {
            if HOPS && r.hop != Hop::None {
                to |= self.hop_targets(pos, kind, from, r, empty, enemies);
                continue;
            }
            let mut reach = t.ride(r.dir, from, occ);
            if let Some(l) = r.limit {
                reach &= t.limits[l as usize][from];
            }
            if r.mode.moves() {
                to |= reach & empty;
            }
            if r.mode.captures() {
                to |= reach & enemies;
            }
        }
        to
    }

    /// Counts the moves of `pieces`, all of type `kind` and free to take the fast path, shape by
    /// shape (see [`Bulk`]); moves that need the full test are pushed as suspects.
    #[inline(never)]
    fn count_bulk<S: Sink<B>>(
        &self,
        pos: &Pos<B>,
        pieces: B,
        b: &Bulk<B>,
        safety: &Safety<B>,
        enemies: B,
        out: &mut S,
    ) {
        let kind = b.kind;
        let free = !pos.occ;
        let empty = free & self.t.on_board;
        let enemies = enemies & !self.spared(pos, kind);
        // By the shape's mode: both, move only, capture only.
        let targets = [empty | enemies, empty, enemies];
        let promotes = self.promo_cells[kind.index() * self.t.players + pos.st.side.index()];
        let watch = safety.danger | promotes;
        let mut n = 0;
        for shape in &b.shapes {
            let mut src = pieces & shape.from;
            for &d in &shape.path[..shape.path_len as usize] {
                src &= free.shift(-(d as i32));
            }
            if src.none() {
                continue;
            }
            let delta = shape.delta as i32;
            let to = src.shift(delta) & targets[shape.mode as usize];
            if (to & watch).none() {
                n += to.count();
            } else {
                let source = |c: usize| (c as i32 - delta) as usize;
                self.count_watched(pos, kind, to, source, safety, out);
            }
        }
        out.add_count(n as u64);
    }

    /// Counts plain moves of type `kind` to `to` (each from `source(to)`, outside the promotion
    /// zones) some of which promote or need the full test: promotions by rule where the type's
    /// allow it (each move into a zone its promotions, and the move without one where that is
    /// allowed), one by one otherwise; the moves that need the test are pushed as suspects.
    #[cold]
    fn count_watched<S: Sink<B>>(
        &self,
        pos: &Pos<B>,
        kind: u8,
        to: B,
        source: impl Fn(usize) -> usize,
        safety: &Safety<B>,
        out: &mut S,
    ) {
        let i = kind.index() * self.t.players + pos.st.side.index();
        let risky = to & safety.danger;
        let safe = to & !risky;
        if (safe & self.promo_cells[i]).none() {
            out.add_count(safe.count() as u64);
        } else if let Some(cp) = &self.counted_promotion[i] {
            out.add_count(cp.count(safe) as u64);
        } else {
            for c in safe.cells() {
                self.push(pos, kind, source(c), c, MoveKind::Normal, false, out);
            }
        }
        for c in risky.cells() {
            self.push(pos, kind, source(c), c, MoveKind::Normal, true, out);
        }
    }

    /// The cells a hop of a piece of type `kind` on `from` may land on, capturing or not (for
    /// counting: a hop capture is then a plain move).
    fn hop_targets(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        r: &Ride,
        empty: B,
        enemies: B,
    ) -> B {
        let t = &self.t;
        let occ = pos.occ;
        let mut ray = t.ray(r.dir, from);
        if let Some(l) = r.limit {
            ray &= t.limits[l as usize][from];
        }
        let Some(screen) = t.first(r.dir, from, occ).filter(|&c| ray.has(c)) else {
            return B::EMPTY;
        };
        if self.bars_screen(pos, kind, screen) {
            return B::EMPTY;
        }
        let beyond = t.ray(r.dir, screen) & ray;
        let (quiet, capture) = match r.hop {
            Hop::Cannon => match t.first(r.dir, screen, occ).filter(|&c| beyond.has(c)) {
                Some(c) => (beyond & !t.ray(r.dir, c) & !B::cell(c), B::cell(c)),
                None => (beyond, B::EMPTY),
            },
            _ => {
                let next = t.next(r.dir, screen).filter(|&c| ray.has(c));
                let c = next.map_or(B::EMPTY, B::cell);
                (c, c)
            }
        };
        let mut to = B::EMPTY;
        if r.mode.moves() {
            to |= quiet & empty;
        }
        if r.mode.captures() {
            to |= capture & enemies;
        }
        to
    }

    #[allow(clippy::too_many_arguments)]
    fn gen_piece<S: Sink<B>>(
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
        let takes_ep = self.rules.pieces[kind.index()].takes_en_passant;
        let ep_open = if takes_ep && pos.st.ep_cells.any() && self.ep_victim_is_enemy(pos) {
            match self.rules.pieces[kind.index()].en_passant_zone {
                Some(z) => pos.st.ep_cells & empty & t.zone(z, s),
                None => pos.st.ep_cells & empty,
            }
        } else {
            B::EMPTY
        };
        let mut quiet = kt.leap_move[from] & empty;
        if initial {
            quiet |= kt.init_move[from] & empty;
        }
        let mut capture = kt.leap_capture[from] & enemies;
        let mut ep = kt.leap_capture[from] & ep_open;
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
                        quiet |= reach & empty;
                    }
                    if r.mode.captures() {
                        capture |= reach & enemies;
                        ep |= reach & ep_open;
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
                        quiet |= landing;
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
                        quiet |= to & empty;
                    }
                    if r.mode.captures() {
                        capture |= to & enemies;
                    }
                }
            }
        }
        // Stepping leaps whose path is clear join the plain moves, but for steps that leave
        // en-passant cells.
        let (a, z) = kt.lame_index[from];
        let lame = &kt.lame[a as usize..z as usize];
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
                quiet |= to & empty;
            }
            if l.mode.captures() {
                capture |= to & enemies;
                ep |= to & ep_open;
            }
        }
        quiet &= !ep;
        let plain = (quiet | capture) & line;
        let ep = ep & line;
        let mut done = plain | ep;
        let promotes = self.promo_cells[kind.index() * t.players + s];
        if !promotes.has(from) && (plain & promotes).none() && !pos.st.pending.has(from) {
            let risky = if test { plain } else { plain & danger };
            out.add_plain(from, kind, plain & !risky);
            for to in risky.cells() {
                out.add(Move::normal(from, to, kind), true);
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
            // Hop captures, unless a plain move already lands there.
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
                done |= B::cell(to);
                let kind_ = MoveKind::Hop {
                    screen: Cell(screen as u16),
                };
                let test = suspect_at(to) || self.screen_change_risky(pos, kind, screen);
                self.push(pos, kind, from, to, kind_, test, out);
            }
        }
        // Steps that leave en-passant cells.
        for l in lame.iter().filter(|l| double_steps && l.makes_ep) {
            let to = l.to as usize;
            if (l.path & occ).any() || done.has(to) || !line.has(to) {
                continue;
            }
            if empty.has(to) {
                if l.mode.captures() && ep_open.has(to) {
                    done |= B::cell(to);
                    self.push(pos, kind, from, to, MoveKind::EnPassant, true, out);
                } else if l.mode.moves() {
                    done |= B::cell(to);
                    let k = if l.makes_ep {
                        MoveKind::DoubleStep { path: l.path_id }
                    } else {
                        MoveKind::Normal
                    };
                    self.push(pos, kind, from, to, k, suspect_at(to), out);
                }
            } else if l.mode.captures() && enemies.has(to) {
                done |= B::cell(to);
                let k = if l.makes_ep {
                    MoveKind::DoubleStep { path: l.path_id }
                } else {
                    MoveKind::Normal
                };
                self.push(pos, kind, from, to, k, suspect_at(to), out);
            }
        }
        // The slow path.
        let (a, z) = kt.slow_index[from];
        for ray in &kt.slow[a as usize..z as usize] {
            self.gen_slow(
                pos, kind, from, ray, ep_open, &mut done, test, line, danger, out,
            );
        }
    }

    /// Whether the en-passant victim belongs to an opponent of the player to move.
    fn ep_victim_is_enemy(&self, pos: &Pos<B>) -> bool {
        let v = pos.st.ep_victim as usize;
        pos.sq
            .get(v)
            .and_then(|s| s.piece())
            .is_some_and(|p| p.owner != PlayerId(pos.st.side))
    }

    #[allow(clippy::too_many_arguments)]
    fn gen_slow<S: Sink<B>>(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        ray: &super::tables::SlowRay,
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
    fn push<S: Sink<B>>(
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
        let plain = Move {
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
                    .map(|k| pos.hand(side as u8, k as u8))
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
                            let m = Move {
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
                        let m = Move {
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
    fn arrival_ok(&self, pos: &Pos<B>, kind: u8, from: usize, to: usize) -> bool {
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

    fn gen_castling<S: Sink<B>>(&self, pos: &Pos<B>, out: &mut S) {
        if self.rules.castling.is_empty() {
            return;
        }
        let side = pos.st.side;
        let rights = pos.st.castling & pos.by_owner[side.index()];
        if rights.none() {
            return;
        }
        let b = &self.rules.board;
        let files = self.t.files as i32;
        for cs in &self.rules.castling {
            for k in pos.of(cs.king.0, side).cells() {
                let (fk, rk) = (k as i32 % files, k as i32 / files);
                for r in rights.cells() {
                    let (fr, rr) = (r as i32 % files, r as i32 / files);
                    if rr != rk || pos.sq[r].kind != cs.rook.0 {
                        continue;
                    }
                    let dir = (fr - fk).signum();
                    // The king's destination and the partner's, beside it towards its origin.
                    let (kf, rf) = match cs.king_to {
                        None => (fk + 2 * dir, fk + dir),
                        Some((high, low)) => {
                            let kf = i32::from(if dir > 0 { high } else { low });
                            (kf, kf - dir)
                        }
                    };
                    let (Some(kd), Some(rd)) = (b.cell(kf, rk), b.cell(rf, rk)) else {
                        continue;
                    };
                    let (kd, rd) = (kd.index(), rd.index());
                    // Every cell the king or the partner crosses or lands on is empty but for
                    // the two of them; the default form also needs the cells between them.
                    let span = |a: i32, z: i32| a.min(z)..=a.max(z);
                    let between = if cs.king_to.is_none() {
                        span(fk, fr)
                    } else {
                        span(fk, fk)
                    };
                    let free = span(fk, kf).chain(span(fr, rf)).chain(between).all(|f| {
                        b.cell(f, rk).is_some_and(|c| {
                            let c = c.index();
                            c == k || c == r || pos.is_empty(c)
                        })
                    });
                    if !free {
                        continue;
                    }
                    // Only a royal king is in check: it may not castle out of or through it,
                    // nor onto a cell the partner shielded.
                    let safe = !self.t.royal[cs.king.index()] || self.castle_safe(pos, k, kd, r);
                    if safe {
                        let m = Move {
                            from: Cell(k as u16),
                            to: Cell(kd as u16),
                            piece: cs.king,
                            promotion: None,
                            swap: false,
                            kind: MoveKind::Castle {
                                rook: Cell(r as u16),
                                rook_to: Cell(rd as u16),
                            },
                        };
                        out.add(m, true);
                    }
                }
            }
        }
    }

    /// Tells whether a royal king on `k` may castle to `kd` with the partner on `r`: no enemy
    /// attacks its cell or a cell it passes or lands on, nor its landing cell once the partner
    /// has left (the rest of the test is the usual one after the move).
    fn castle_safe(&self, pos: &Pos<B>, k: usize, kd: usize, r: usize) -> bool {
        let files = self.t.files;
        let (fk, fd, rank) = (k % files, kd % files, k / files);
        let mut cells = (fk.min(fd)..=fk.max(fd)).map(|f| f + rank * files);
        if !cells.all(|c| {
            self.opponents(pos, pos.st.side)
                .all(|q| !self.threatens(pos, c, q))
        }) {
            return false;
        }
        // Only a partner standing beyond the landing cell, with more board behind it, can have
        // shielded it.
        let fr = r % files;
        let away = fr as i32 + (fr as i32 - fd as i32).signum();
        if fr == fd || self.rules.board.cell(away, rank as i32).is_none() {
            return true;
        }
        let mut bare = pos.clone();
        bare.raw_set(r, Sq::EMPTY, self.t.royal_kinds);
        self.opponents(&bare, pos.st.side)
            .all(|q| !self.threatens(&bare, kd, q))
    }

    /// Whether a hop capture by a piece of type `kind` over `screen`, by promoting or demoting
    /// the screen, could leave a royal piece of the mover attacked: a demoted enemy screen
    /// whose new type could reach one from there, a friendly screen that is or may become
    /// royal, or any change where types may be barred as screens.
    /// The pieces among `mine` (the player to move's) with a hop capture that would change its
    /// screen to their royal's harm (see [`Engine::screen_change_risky`]).
    #[inline(never)]
    fn risky_hoppers(&self, pos: &Pos<B>, mine: B) -> B {
        let t = &self.t;
        let s = pos.st.side.index();
        let mut out = B::EMPTY;
        let hoppers = Self::of_kinds(pos, self.screen_hoppers) & mine;
        if hoppers.none() {
            return out;
        }
        // Only these screens can matter: our royals and our pieces that may promote to a royal
        // type, and enemy pieces that a demotion would change.
        let screens = ((pos.royals | Self::of_kinds(pos, self.to_royal)) & mine)
            | (Self::of_kinds(pos, self.promoted) & pos.occ & !mine);
        if screens.none() {
            return out;
        }
        for from in hoppers.cells() {
            let kind = pos.sq[from].kind;
            let risky = t
                .kind(kind, s)
                .rides
                .iter()
                .filter(|r| r.hop == Hop::Cannon && r.mode.captures())
                .any(|r| {
                    t.first(r.dir, from, pos.occ).is_some_and(|screen| {
                        screens.has(screen)
                            && r.limit
                                .is_none_or(|l| t.limits[l as usize][from].has(screen))
                            && self.screen_change_risky(pos, kind, screen)
                    })
                });
            if risky {
                out |= B::cell(from);
            }
        }
        out
    }

    fn screen_change_risky(&self, pos: &Pos<B>, kind: u8, screen: usize) -> bool {
        if self.screen_hoppers >> kind & 1 == 0 {
            return false;
        }
        if self.bans {
            return true;
        }
        let t = &self.t;
        let side = pos.st.side;
        let s = pos.sq[screen];
        let pt = &self.rules.pieces[kind.index()];
        let royals = pos.royals & pos.by_owner[side.index()];
        if s.owner == side {
            pt.promotes_friendly_screens && (royals.has(screen) || self.to_royal >> s.kind & 1 != 0)
        } else {
            let demoted = if s.origin != NONE {
                s.origin
            } else {
                t.unpromoted[s.kind.index()]
            };
            pt.demotes_enemy_screens
                && demoted != s.kind
                && (t.kind(demoted, s.owner.index()).reach[screen] & royals).any()
        }
    }

    /// The cells a drop of type `kind` may not take for types kept on both colours (see
    /// [`crate::rules::DropRules::on_both_colours`]): for `kind` itself, a colour already holding
    /// half of its pieces (rounded up); for another type, the free cells such a type still needs.
    #[cold]
    #[inline(never)]
    fn colour_room(&self, pos: &Pos<B>, kind: u8, empty: B) -> B {
        let t = &self.t;
        let side = pos.st.side;
        let s = side.index();
        let colours = [t.even & t.on_board, !t.even & t.on_board];
        let mut out = B::EMPTY;
        for &k in &self.both_colours {
            let own = pos.of(k, side);
            let total = own.count() + pos.hand(side, k) as u32;
            if k == kind {
                for colour in colours {
                    if (own & colour).count() + 1 > total.div_ceil(2) {
                        out |= colour;
                    }
                }
                continue;
            }
            let mut free = empty & self.drop_cells[k.index() * t.players + s];
            if let Some(z) = self.rules.pieces[k.index()].drops.zone {
                free &= t.zone(z, s);
            }
            for colour in colours {
                let have = ((own | free) & colour).count();
                if have < total / 2 {
                    return !B::EMPTY;
                } else if have == total / 2 {
                    out |= free & colour;
                }
            }
        }
        out
    }

    fn gen_drops<S: Sink<B>>(&self, pos: &Pos<B>, safety: &Safety<B>, out: &mut S) {
        let t = &self.t;
        let side = pos.st.side;
        let s = side.index();
        let base = s * t.kinds;
        if self.plan.free_drops == 0 && pos.hands[base..base + t.kinds].iter().all(|&n| n == 0) {
            return;
        }
        let empty = !pos.occ & t.on_board;
        // Where drops must enclose or touch: the cells that may take a drop at all.
        let placed = if !self.plan.drop_shapes.is_empty() {
            self.drop_shape_cells(pos, empty)
        } else {
            !B::EMPTY
        };
        for slot in 0..t.kinds {
            if pos.hands[base + slot] == 0 && self.plan.free_drops == 0 {
                continue;
            }
            for &kind in &t.members[slot] {
                if pos.hands[base + slot] == 0 && self.plan.free_drops >> kind & 1 == 0 {
                    continue;
                }
                let rules = &self.rules.pieces[kind.index()].drops;
                let mut allowed = empty & self.drop_cells[kind.index() * t.players + s] & placed;
                if let Some(z) = rules.zone {
                    allowed &= t.zone(z, s);
                }
                if !self.both_colours.is_empty() {
                    allowed &= !self.colour_room(pos, kind, empty);
                }
                if rules
                    .max_on_board
                    .is_some_and(|m| pos.of(kind, side).count() >= m as u32)
                {
                    continue;
                }
                if rules.max_per_file.is_some() || rules.max_per_colour.is_some() {
                    let own = pos.of(kind, side);
                    if let Some(m) = rules.max_per_file {
                        for &cells in &t.file_cells {
                            if (own & cells).count() >= m as u32 {
                                allowed &= !cells;
                            }
                        }
                    }
                    if let Some(m) = rules.max_per_colour {
                        for colour in [t.even, !t.even & t.on_board] {
                            if (own & colour).count() >= m as u32 {
                                allowed &= !colour;
                            }
                        }
                    }
                }
                allowed &= safety.block;
                let mut risky = if safety.test_all {
                    allowed
                } else {
                    allowed & safety.danger
                };
                if t.royal_kinds >> kind & 1 != 0 {
                    // A dropped royal may not land attacked. Out of check, where each royal
                    // counts and a drop off the dangerous cells cannot expose another, its cell
                    // is looked at as a royal's step's would be; otherwise the full test.
                    if self.royal_steps_plain
                        && !safety.in_check
                        && self.rules.royalty == Royalty::Each
                        && !self.plan.facing
                    {
                        let calm = allowed & !risky;
                        allowed = risky
                            | set_of(calm.cells().filter(|&c| self.royal_step_safe(pos, c, c)));
                    } else {
                        risky = allowed;
                    }
                }
                out.add_drops(kind, allowed & !risky);
                for to in risky.cells() {
                    let m = Move {
                        from: Cell(to as u16),
                        to: Cell(to as u16),
                        piece: PieceId(kind),
                        promotion: None,
                        swap: false,
                        kind: MoveKind::Drop,
                    };
                    out.add(m, true);
                }
            }
        }
    }
}
