//! The filters of legal moves (see [`crate::rules::Filter`]), run in the plan's order where the
//! plan has some.

use super::bits::Bits;
use super::bits::KindSet;
use super::core::Engine;
use super::kinds::KindBits;
use super::plan::{FilterPlan, Freezing};
use super::position::{MoveKind, Pos, RawMove};

impl<B: Bits> Engine<B> {
    /// Removes the moves that the plan's filters forbid: those giving check where checks (or
    /// checks by drops) are forbidden, drops other than the compulsory ones while such a piece
    /// is in hand, the moves of frozen pieces (and every other move while one can be dropped), those of a checked royal
    /// piece that do not take its only checker, and every non-capture when captures are
    /// compulsory and one is legal; and the captures that capture rules forbid (see
    /// `capture_rules.rs`).
    pub(crate) fn filter_moves(&self, pos: &mut Pos<B>, moves: &mut Vec<RawMove>, in_check: bool) {
        for f in &self.plan.filters {
            match *f {
                FilterPlan::NoChecks { drops_only } => {
                    let mut keep = Vec::with_capacity(moves.len());
                    for m in moves.iter() {
                        let barred = !drops_only || m.kind == MoveKind::Drop;
                        if !barred || !self.gives_check(pos, m) {
                            keep.push(*m);
                        }
                    }
                    *moves = keep;
                }
                FilterPlan::ChecksOnlyMate => {
                    let mut keep = Vec::with_capacity(moves.len());
                    for m in moves.iter() {
                        if !self.gives_check(pos, m) || self.mates(pos, m) {
                            keep.push(*m);
                        }
                    }
                    *moves = keep;
                }
                FilterPlan::NoMatingDrops { kinds } => {
                    let mut keep = Vec::with_capacity(moves.len());
                    for m in moves.iter() {
                        let listed = m.kind == MoveKind::Drop && kinds.has(m.piece.0);
                        if !listed || !self.mates(pos, m) {
                            keep.push(*m);
                        }
                    }
                    *moves = keep;
                }
                FilterPlan::MustDrop { kinds } => self.must_drop(pos, moves, kinds),
                FilterPlan::Frozen { ref kinds } => {
                    let frozen = Self::frozen(pos, kinds);
                    if frozen.any() {
                        moves.retain(|m| {
                            matches!(m.kind, MoveKind::Drop | MoveKind::Pass)
                                || !frozen.has(m.piece.0)
                        });
                    }
                }
                FilterPlan::UntilCapture {
                    kinds,
                    ref left,
                    ref start,
                } => {
                    let side = pos.st.side;
                    let captured = self
                        .opponents(pos, side)
                        .any(|o| pos.by_owner[o.index()].count() < start[o.index()]);
                    if !captured {
                        moves.retain(|m| {
                            !kinds.has(m.piece.0) || self.left_before_capture(pos, m, left)
                        });
                    }
                }
                FilterPlan::NoPassingAttacked { kinds } => {
                    moves.retain(|m| !kinds.has(m.piece.0) || !self.passes_attacked(pos, m));
                }
                FilterPlan::CheckedRoyalOnlyCaptures => {
                    if in_check {
                        moves.retain(|m| {
                            m.kind == MoveKind::Drop
                                || !pos.royals.has(m.from.index())
                                || self.takes_only_checker(pos, m)
                        });
                    }
                }
                FilterPlan::Counterstrike { kinds } => {
                    if pos.st.struck {
                        moves.retain(|m| !self.strikes(pos, m, kinds));
                    }
                }
                FilterPlan::CaptureLimits { kinds, ref limits } => {
                    if moves.iter().any(|m| kinds.has(m.piece.0)) {
                        self.limit_captures(pos, moves, limits);
                    }
                }
                FilterPlan::MustCapture => {
                    if moves.iter().any(|m| self.is_capture(pos, m)) {
                        moves.retain(|m| self.is_capture(pos, m));
                    }
                }
            }
        }
    }

    /// While the player to move holds a piece of the types `kinds` (a bit each), only those may
    /// be dropped, and one must be if it can.
    fn must_drop(&self, pos: &Pos<B>, moves: &mut Vec<RawMove>, kinds: KindSet<B>) {
        let side = pos.st.side;
        let holds = (0..self.t.kinds as u8).any(|k| kinds.has(k) && pos.hand(side, k) > 0);
        if holds {
            let compulsory = |m: &RawMove| m.kind == MoveKind::Drop && kinds.has(m.piece.0);
            if moves.iter().any(compulsory) {
                moves.retain(compulsory);
            } else {
                moves.retain(|m| m.kind != MoveKind::Drop);
            }
        }
    }

    /// The types of the player to move that may not move: those with a promotion whose every
    /// type is at its limit on the board.
    fn frozen(pos: &Pos<B>, kinds: &[Freezing]) -> KindSet<B> {
        let side = pos.st.side;
        let full = |targets: &Vec<(u8, u32)>| {
            targets
                .iter()
                .all(|&(t, max)| pos.of(t, side).count() >= max)
        };
        let mut frozen = B::Kinds::EMPTY;
        for (kind, promotions) in kinds {
            if promotions.iter().any(full) {
                frozen.insert(*kind);
            }
        }
        frozen
    }

    /// Notes each player's number of pieces in the start position for the filter of moves left
    /// until a side's first capture: fewer on the board tells that an opponent has captured.
    pub(crate) fn count_start(&mut self, start: &Pos<B>) {
        for f in &mut self.plan.filters {
            if let FilterPlan::UntilCapture { start: counts, .. } = f {
                *counts = start.by_owner.iter().map(|b| b.count()).collect();
            }
        }
    }

    /// Whether a piece that has moves only after its side's first capture may make a move
    /// before it: a drop, a pass or a pickup, or a move in one leap or line (a plain move or
    /// capture, en passant, a double step) whose displacement is one of those left with a mode
    /// that allows it. Castling, hops, multiple displacements and moves in legs are never left.
    fn left_before_capture(
        &self,
        pos: &Pos<B>,
        m: &RawMove,
        left: &[Vec<(i32, i32, bool, bool)>],
    ) -> bool {
        match m.kind {
            MoveKind::Drop | MoveKind::Pass | MoveKind::Pickup => return true,
            MoveKind::Normal | MoveKind::EnPassant | MoveKind::DoubleStep { .. } => {}
            _ => return false,
        }
        let files = self.t.files as i32;
        let (from, to) = (m.from.index() as i32, m.to.index() as i32);
        let (dx, dy) = (to % files - from % files, to / files - from / files);
        let capture = self.is_capture(pos, m);
        let at = m.piece.index() * self.t.players + pos.st.side.index();
        left[at].iter().any(|&(x, y, moves, captures)| {
            (x, y) == (dx, dy) && if capture { captures } else { moves }
        })
    }

    /// Whether a move passes a cell an opponent of the mover attacks: a cell whose centre lies
    /// on the straight line between the centres of its start and its destination (of each leg,
    /// and the cell between them, for a move in legs). Castling, drops, passes and pickups pass
    /// none.
    fn passes_attacked(&self, pos: &Pos<B>, m: &RawMove) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let attacked = |c: usize| {
            self.t.on_board.has(c)
                && self
                    .opponents(pos, pos.st.side)
                    .any(|o| self.attacked(pos, c, o))
        };
        match m.kind {
            MoveKind::Drop | MoveKind::Pass | MoveKind::Pickup | MoveKind::Castle { .. } => false,
            MoveKind::Legs { via, .. } => {
                self.legs_pass_attacked(from, &[via.index()], to, attacked)
            }
            MoveKind::ThreeLegs { via } => {
                self.legs_pass_attacked(from, &[via[0].index(), via[1].index()], to, attacked)
            }
            _ => self.line_cells(from, to).any(attacked),
        }
    }

    /// Whether a move in legs through the cells `via` passes an attacked cell: one of them
    /// (other than its start and end), or a cell on the line of a leg.
    fn legs_pass_attacked(
        &self,
        from: usize,
        via: &[usize],
        to: usize,
        attacked: impl Fn(usize) -> bool,
    ) -> bool {
        let stops: Vec<usize> = std::iter::once(from)
            .chain(via.iter().copied())
            .chain([to])
            .collect();
        via.iter().any(|&v| v != from && v != to && attacked(v))
            || stops
                .windows(2)
                .any(|w| self.line_cells(w[0], w[1]).any(&attacked))
    }

    /// The cells whose centres lie on the straight line strictly between those of `from` and
    /// `to`: none for a knight's leap, the cells between for a slide.
    fn line_cells(&self, from: usize, to: usize) -> impl Iterator<Item = usize> {
        let files = self.t.files as i32;
        let (ff, fr) = (from as i32 % files, from as i32 / files);
        let (dx, dy) = (to as i32 % files - ff, to as i32 / files - fr);
        let (mut a, mut b) = (dx.abs(), dy.abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let steps = a.max(1);
        let (sx, sy) = (dx / steps, dy / steps);
        (1..steps).map(move |i| ((fr + i * sy) * files + ff + i * sx) as usize)
    }

    /// Whether a move captures something (a promotion in place or a pickup, which stay on their
    /// own cell, does not).
    pub(crate) fn is_capture(&self, pos: &Pos<B>, m: &RawMove) -> bool {
        let to = m.to.index();
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Drop | MoveKind::Castle { .. } | MoveKind::Pass => false,
            MoveKind::Legs { capture, .. } => capture || (m.to != m.from && pos.occ.has(to)),
            MoveKind::ThreeLegs { .. } => true,
            MoveKind::Displace { path } => {
                let mine = pos.by_owner[pos.st.side.index()];
                (self.t.paths[path as usize] & pos.occ & !mine).any() || pos.occ.has(to)
            }
            _ => m.to != m.from && pos.occ.has(to),
        }
    }

    /// Whether a move leaves an opponent of the mover in check.
    fn gives_check(&self, pos: &mut Pos<B>, m: &RawMove) -> bool {
        let side = pos.st.side;
        self.make(pos, m);
        let checks = self.opponents(pos, side).any(|o| self.checked(pos, o));
        pos.unmake(self.t.royal_kinds);
        checks
    }

    /// Whether a move checkmates: the player to move after it is in check and has no legal move
    /// (its own filters applied).
    fn mates(&self, pos: &mut Pos<B>, m: &RawMove) -> bool {
        self.make(pos, m);
        let next = pos.st.side;
        let mated = self.checked(pos, next) && !self.has_legal_move(pos);
        pos.unmake(self.t.royal_kinds);
        mated
    }

    /// Whether a royal piece's move takes the one piece that checks it.
    fn takes_only_checker(&self, pos: &Pos<B>, m: &RawMove) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let side = pos.st.side;
        pos.occ.has(to)
            && !self
                .opponents(pos, side)
                .any(|o| self.attacked_with(pos, from, o, pos.occ, B::cell(to)))
    }
}
