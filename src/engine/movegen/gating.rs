//! A move's second part: a piece from its player's hand put on the cell the move left
//! ([`crate::rules::MoveRule::Gate`], Seirawan chess's gating).

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::index::AsIndex;
use crate::engine::position::{MoveKind, Pos, RawMove, Then};
use crate::rules::{Cell, PieceId, PlayerId};

impl<B: Bits> Engine<B> {
    /// Adds every move of `firsts` that is legal by itself, and after each, the same move with
    /// each type in hand gated on the cell it leaves (or its castling partner leaves) while that
    /// cell holds a gating right. Only a move legal by itself gates: a gated piece that would
    /// cover the line the move opens does not make it legal, as Fairy-Stockfish plays it; and
    /// gating keeps a legal move legal (a piece more of the mover's blocks, and attacks, only
    /// enemies).
    pub(crate) fn add_gated(
        &self,
        pos: &mut Pos<B>,
        zones: &[B],
        safe: &[RawMove],
        suspects: &[RawMove],
        out: &mut Vec<RawMove>,
    ) {
        let side = pos.st.side;
        let open = pos.gates & zones[side.index()] & pos.by_owner[side.index()];
        let gatable = open.any() && self.has_hand(pos, side);
        for (m, tested) in safe
            .iter()
            .map(|m| (m, false))
            .chain(suspects.iter().map(|m| (m, true)))
        {
            if tested && !self.legal(pos, m) {
                continue;
            }
            out.push(*m);
            if !gatable || matches!(m.kind, MoveKind::Drop | MoveKind::Pass) {
                continue;
            }
            let mut cells = B::EMPTY;
            if open.has(m.from.index()) {
                cells |= B::cell(m.from.index());
            }
            if let MoveKind::Castle { rook, .. } = m.kind
                && open.has(rook.index())
            {
                cells |= B::cell(rook.index());
            }
            for c in cells.cells() {
                for kind in self.gatable_kinds(pos, side, c) {
                    let full = RawMove {
                        then: Some(Then::Gate(PieceId(kind), Cell(c as u16))),
                        ..*m
                    };
                    if self.gate_lands(&full, c) {
                        out.push(full);
                    }
                }
            }
        }
    }

    /// Whether a player holds any piece in hand.
    fn has_hand(&self, pos: &Pos<B>, side: PlayerId) -> bool {
        let base = side.index() * self.t.kinds;
        pos.hands[base..base + self.t.kinds].iter().any(|&n| n > 0)
    }

    /// The types the player holds that may be gated on cell `c`: each type of a hand slot that
    /// is not empty, where a drop of it could go (its drop zone and the cells it may be dropped
    /// on).
    fn gatable_kinds(&self, pos: &Pos<B>, side: PlayerId, c: usize) -> Vec<u8> {
        let t = &self.t;
        let s = side.index();
        let mut kinds = Vec::new();
        for slot in 0..t.kinds {
            if pos.hands[s * t.kinds + slot] == 0 {
                continue;
            }
            for &kind in &t.members[slot] {
                let rules = &self.rules.pieces[kind.index()].drops;
                let zone_ok = rules.zone.is_none_or(|z| t.zone(z, s).has(c));
                if zone_ok && self.drop_cells[kind.index() * t.players + s].has(c) {
                    kinds.push(kind);
                }
            }
        }
        kinds
    }

    /// Whether the gated cell is free once the move's first part is made: castling may put the
    /// king or its partner on the cell the other left.
    fn gate_lands(&self, m: &RawMove, c: usize) -> bool {
        match m.kind {
            MoveKind::Castle { rook_to, .. } => m.to.index() != c && rook_to.index() != c,
            _ => m.to.index() != c,
        }
    }

    /// Makes a move's gating: the piece from hand on its cell, which keeps no castling right.
    pub(crate) fn make_gate(&self, pos: &mut Pos<B>, side: PlayerId, kind: PieceId, c: Cell) {
        // A castling partner's right stays with the cell it left: not the gated piece's.
        self.clear_castling(pos, c.index());
        self.add_hand(pos, side, self.t.hand_slot[kind.index()], -1);
        self.put(
            pos,
            c.index(),
            crate::engine::position::Piece {
                kind,
                owner: side,
                origin: None,
            },
        );
    }

    /// Takes away the gating rights a move spends: of the cells it leaves (the castling partner's
    /// too) and of the cell it takes on.
    pub(crate) fn spoil_gates(&self, pos: &mut Pos<B>, m: &RawMove) {
        let mut cells = B::cell(m.from.index()) | B::cell(m.to.index());
        if let MoveKind::Castle { rook, .. } = m.kind {
            cells |= B::cell(rook.index());
        }
        for c in (pos.gates & cells).cells() {
            self.toggle_gate(pos, c);
        }
    }
}
