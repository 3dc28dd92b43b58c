//! Move generation. Pseudo-legal moves are sorted into those known to be legal (the piece is not
//! pinned, or moves along its pin; nothing else can expose the royal) and suspects that need the
//! full test of making the move.

use super::bits::Bits;
use super::core::Engine;
use super::core::safety::Safety;
use super::index::AsIndex;
use super::position::{MoveKind, Pos, RawMove};
use super::tables::Kind;
use crate::engine::kinds::KindBits;
use crate::rules::{Cell, PieceId};

mod castling;
mod drops;
mod fast;
mod forcing;
mod gating;
mod hops;
mod in_place;
mod legs;
mod pickup;
mod piece;
mod range_jumps;
mod walls;

/// Where generated moves go: known-legal moves and suspects that need the full test.
pub(crate) trait Sink<B> {
    /// Whether the sink only counts moves: it takes [`Sink::add_count`].
    const COUNTS: bool = false;
    fn add(&mut self, m: RawMove, suspect: bool);
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
    pub safe: &'a mut Vec<RawMove>,
    pub suspect: &'a mut Vec<RawMove>,
}

impl<B: Bits> Sink<B> for Collect<'_> {
    #[inline]
    fn add(&mut self, m: RawMove, suspect: bool) {
        if suspect {
            self.suspect.push(m);
        } else {
            self.safe.push(m);
        }
    }

    #[inline]
    fn add_plain(&mut self, from: usize, piece: u8, targets: B) {
        for to in targets.cells() {
            self.safe.push(RawMove::normal(from, to, piece));
        }
    }

    #[inline]
    fn add_drops(&mut self, piece: u8, targets: B) {
        for to in targets.cells() {
            self.safe.push(RawMove {
                then: None,
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
    pub suspect: &'a mut Vec<RawMove>,
}

impl<B: Bits> Sink<B> for Count<'_> {
    const COUNTS: bool = true;

    #[inline]
    fn add_count(&mut self, n: u64) {
        self.n += n;
    }

    #[inline]
    fn add(&mut self, m: RawMove, suspect: bool) {
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
        out: &mut Vec<RawMove>,
        suspects: &mut Vec<RawMove>,
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
        out: &mut Vec<RawMove>,
        suspects: &mut Vec<RawMove>,
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
        if let Some(w) = &self.plan.walls {
            // Two-part moves: every first part, then its walls, each whole move tested.
            let mut firsts = std::mem::take(out);
            firsts.append(suspects);
            self.add_walls(pos, w, &firsts, out);
        } else if let Some(zones) = &self.plan.gating {
            // Gating: each move, then the same move with a piece from hand on the cell it left.
            let safe = std::mem::take(out);
            self.add_gated(pos, zones, &safe, suspects, out);
        } else {
            for m in suspects.iter() {
                if self.legal(pos, m) {
                    out.push(*m);
                }
            }
        }
        if let Some(ip) = &self.plan.in_place {
            self.add_in_place(pos, ip, out);
        }
        if let Some(lp) = &self.plan.legs {
            self.add_legs(pos, lp, out);
        }
        if let Some(rj) = &self.plan.range_jumps {
            self.add_range_jumps(pos, rj, out);
        }
        if self.plan.pickups.any() {
            self.add_pickups(pos, out);
        }
        if !self.plan.filters.is_empty() {
            self.filter_moves(pos, out, safety.in_check);
        }
        if out.is_empty() && self.plan.passing == Some(true) {
            // Stuck with a piece on the board: a pass, written as the first piece's cell twice.
            out.extend(self.null_move(pos));
        }
    }

    /// A pass by the player to move, written as its first piece's cell twice (`None` without a
    /// piece on the board): the search's null move, which the game's rules need not allow.
    pub(crate) fn null_move(&self, pos: &Pos<B>) -> Option<RawMove> {
        let mine = pos.by_owner[pos.st.side.index()];
        mine.any().then(|| {
            let c = mine.lowest();
            RawMove {
                then: None,
                from: Cell(c as u16),
                to: Cell(c as u16),
                piece: PieceId(pos.sq[c].kind),
                promotion: None,
                swap: false,
                kind: MoveKind::Pass,
            }
        })
    }

    /// Gets every legal move of the player to move, in generation order.
    pub(crate) fn legal_moves(&self, pos: &mut Pos<B>, out: &mut Vec<RawMove>) {
        self.legal_moves_with(pos, out, &mut Vec::new());
    }

    /// Counts the legal moves of the player to move; `suspects` is scratch space.
    pub(crate) fn count_legal(&self, pos: &mut Pos<B>, suspects: &mut Vec<RawMove>) -> u64 {
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
        let special = if S::COUNTS && self.screen_hoppers.any() {
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
                let m = RawMove {
                    then: None,
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
}
