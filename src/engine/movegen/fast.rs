//! The fast path: plain moves of pieces that need no legality test, listed or counted in bulk.

use super::Sink;
use crate::engine::bits::Bits;
use crate::engine::core::safety::Safety;
use crate::engine::core::{Bulk, Engine};
use crate::engine::index::AsIndex;
use crate::engine::position::{MoveKind, Pos, RawMove};
use crate::engine::tables::{Hop, Kind};

impl<B: Bits> Engine<B> {
    /// The fast path of move generation: the leaps, stepping leaps and plain rides of a piece that
    /// needs no legality test (not royal, pinned, on a dangerous cell or waiting for a
    /// promotion), from a cell of its type's `fast_from` (`fast_count` when only counting: a
    /// double step is then one more plain move, and so is a hop, given `HOPS`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn gen_plain_piece<S: Sink<B>, const HOPS: bool>(
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
                out.add(RawMove::normal(from, c, kind), true);
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
    pub(super) fn plain_targets<const HOPS: bool>(
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
    pub(super) fn count_bulk<S: Sink<B>>(
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
}
