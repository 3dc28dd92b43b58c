//! Making a move: the board, hands, keys and rights it changes, and the players it eliminates.

use super::Engine;
use crate::engine::bits::Bits;
use crate::engine::index::AsIndex;
use crate::engine::keys::{Salt, term};
use crate::engine::kinds::KindBits;
use crate::engine::position::{FenStyle, MoveKind, Piece, Pos, RawMove, Sq, Then};
use crate::rules::{Cell, PlayerId};

impl<B: Bits> Engine<B> {
    /// Takes the piece on `c` (captured by `side`) to hand, if there is one.
    fn capture_at(&self, pos: &mut Pos<B>, c: usize, side: PlayerId) -> Option<Piece> {
        self.clear_pending(pos, c);
        let victim = self.take(pos, c)?;
        self.to_hand(pos, victim, side);
        Some(victim)
    }

    /// The cells whose enemies a displacer (every enemy it passes) or a move in legs (the one
    /// between them) takes; `ep_victim` is the en-passant victim before the move.
    pub(crate) fn taken_on_the_way(&self, pos: &Pos<B>, m: &RawMove, ep_victim: Option<Cell>) -> B {
        match m.kind {
            MoveKind::Displace { path } => {
                self.t.paths[path as usize] & pos.occ & !pos.by_owner[pos.st.side.index()]
            }
            // An empty cell between the legs is one the victim passed: en passant.
            MoveKind::Legs { via, capture: true } => match ep_victim {
                Some(v) if !pos.occ.has(via.index()) => B::cell(v.index()),
                _ => B::cell(via.index()),
            },
            MoveKind::ThreeLegs { via } => B::cell(via[0].index()) | B::cell(via[1].index()),
            _ => B::EMPTY,
        }
    }

    /// Makes a pseudo-legal move; [`Pos::unmake`] takes it back.
    pub(crate) fn make(&self, pos: &mut Pos<B>, m: &RawMove) {
        pos.undo.push((pos.st, pos.log.len() as u32, pos.style));
        pos.st.check = None;
        pos.st.repeats = None;
        pos.style = FenStyle::default();
        let t = &self.t;
        let side = pos.st.side;
        let from = m.from.index();
        let to = m.to.index();
        // En passant lasts one move.
        let old_ep = pos.st.ep_cells;
        if old_ep.any() {
            pos.st.key ^= self.set_key(Salt::Ep, old_ep);
        }
        let ep_victim = pos.st.ep_victim;
        pos.st.ep_cells = B::EMPTY;
        pos.st.ep_victim = None;
        let mut reset_clock = false;
        let mut captured = None;
        // The owner of the (first) piece taken, and the piece taken where the move ends.
        let mut loser = None;
        let mut taken = None;
        if m.kind != MoveKind::Pass {
            self.clear_pending(pos, from);
            self.clear_pending(pos, to);
        }
        if m.kind == MoveKind::Pass {
            // Nothing on the board changes.
        } else if m.kind == MoveKind::Pickup {
            self.make_pickup(pos, side, from);
            reset_clock = true;
        } else if m.kind == MoveKind::Drop {
            self.make_drop(pos, m, side, to);
            reset_clock = true;
        } else if let Some((stored, pc)) = self.take_stored(pos, from) {
            // A castling partner leaves first: the king may land where it stood.
            let partner = match m.kind {
                MoveKind::Castle { rook, .. } => self.take(pos, rook.index()),
                _ => None,
            };
            if let Some(victim) = self.take(pos, to) {
                self.to_hand(pos, victim, side);
                captured = Some(victim.kind.0);
                loser = Some(victim.owner);
                taken = Some(victim);
                reset_clock = true;
            }
            match m.kind {
                MoveKind::EnPassant => {
                    if let Some(victim) =
                        ep_victim.and_then(|v| self.capture_at(pos, v.index(), side))
                    {
                        captured = Some(victim.kind.0);
                        loser = Some(victim.owner);
                    }
                    reset_clock = true;
                }
                MoveKind::Hop { screen } => self.transform_screen(pos, pc, screen.index()),
                MoveKind::Displace { .. } | MoveKind::Legs { .. } | MoveKind::ThreeLegs { .. } => {
                    for c in self.taken_on_the_way(pos, m, ep_victim).cells() {
                        if let Some(victim) = self.capture_at(pos, c, side) {
                            captured.get_or_insert(victim.kind.0);
                            loser.get_or_insert(victim.owner);
                            reset_clock = true;
                        }
                    }
                }
                MoveKind::DoubleStep { path } => {
                    let cells = t.paths[path as usize];
                    pos.st.ep_cells = cells;
                    pos.st.ep_victim = Some(m.to);
                    pos.st.key ^= self.set_key(Salt::Ep, cells);
                }
                MoveKind::Castle { rook_to, .. } => {
                    if let Some(r) = partner {
                        self.put(pos, rook_to.index(), r);
                    }
                }
                MoveKind::Normal | MoveKind::Drop | MoveKind::Pass | MoveKind::Pickup => {}
            }
            let moved = match m.promotion {
                None => pc,
                Some(k) if m.swap => {
                    self.add_hand(pos, side, t.hand_slot[k.index()], -1);
                    if self.rules.swapped_to_hand {
                        self.to_hand(pos, pc, side);
                    }
                    Piece {
                        kind: k,
                        owner: side,
                        origin: None,
                    }
                }
                Some(k) => {
                    let origin = pc.origin.unwrap_or(t.unpromoted[pc.kind.index()]);
                    Piece {
                        kind: k,
                        owner: side,
                        origin: (self.keeps_origins && origin != t.unpromoted[k.index()])
                            .then_some(origin),
                    }
                }
            };
            // Unpromoted, the piece lands as it was stored, with nothing to convert.
            let landed = if m.promotion.is_none() {
                stored
            } else {
                Sq::of(moved)
            };
            self.set(pos, to, landed);
            reset_clock |= m.promotion.is_some()
                || (self.rules.pieces[pc.kind.index()].resets_clock
                    && !self.can_return(pc.kind.0, side, from, to));
            if pos.st.castling.any() {
                self.spoil_castling(pos, from, to, pc, moved, side);
            }
        }
        if !self.plan.effects.is_empty() && m.kind != MoveKind::Pass {
            reset_clock |= self.effects(pos, m, side, loser, taken);
        }
        if m.then.is_some() || pos.gates.any() {
            self.second_part(pos, m, side);
        }
        pos.st.passes = if m.kind == MoveKind::Pass {
            pos.st.passes.saturating_add(1)
        } else {
            0
        };
        pos.st.halfmove = if reset_clock {
            0
        } else {
            pos.st.halfmove.saturating_add(1)
        };
        let next = self.next_player(pos.st.eliminated, side);
        pos.st.key ^= self.side_key(side) ^ self.side_key(next);
        pos.st.side = next;
        if next <= side {
            pos.st.fullmove = pos.st.fullmove.saturating_add(1);
        }
        // A drop that may not mate and gives check: if it mates, the dropper loses (status).
        pos.st.drop_check = m.kind == MoveKind::Drop
            && self.rules.pieces[m.piece.index()].drops.may_not_mate
            && self.checked(pos, next);
        if !self.plan.counters.is_empty() {
            self.after_move(pos, side, captured, m);
        }
    }

    /// Makes a move's second part (a wall, a piece gated from hand) and spends the gating rights
    /// of the cells the move leaves or takes on.
    #[cold]
    #[inline(never)]
    fn second_part(&self, pos: &mut Pos<B>, m: &RawMove, side: PlayerId) {
        match m.then {
            Some(Then::Wall(c)) => self.place_wall(pos, c.index()),
            Some(Then::Gate(kind, c)) => self.make_gate(pos, side, kind, c),
            None => {}
        }
        if pos.gates.any() && !matches!(m.kind, MoveKind::Pass | MoveKind::Drop) {
            self.spoil_gates(pos, m);
        }
    }

    /// Takes the mover's piece on `from` into its hand, as the type it stands as (as Sjaak II
    /// plays Twilight chess); like a drop, a pickup resets the clock.
    #[cold]
    fn make_pickup(&self, pos: &mut Pos<B>, side: PlayerId, from: usize) {
        if let Some(pc) = self.take(pos, from) {
            self.add_hand(pos, side, self.t.hand_slot[pc.kind.index()], 1);
            if pos.st.castling.any() {
                self.clear_castling(pos, from);
            }
        }
    }

    /// Puts a dropped piece on `to`, from the hand unless its type drops freely.
    #[inline]
    fn make_drop(&self, pos: &mut Pos<B>, m: &RawMove, side: PlayerId, to: usize) {
        if !self.plan.free_drops.has(m.piece.0) {
            self.add_hand(pos, side, self.t.hand_slot[m.piece.index()], -1);
        }
        self.put(
            pos,
            to,
            Piece {
                kind: m.piece,
                owner: side,
                origin: None,
            },
        );
        if self.defers_after_drop(m.piece.0, side, to) {
            self.toggle(pos, Salt::Pending, |p| &mut p.st.pending, to);
        }
    }

    /// Clears the castling rights a move spoils: those of the cells it leaves and reaches, all
    /// of its player's when a king moves, and those of enemy partners that lose them to the
    /// arriving piece's reach.
    #[inline]
    fn spoil_castling(
        &self,
        pos: &mut Pos<B>,
        from: usize,
        to: usize,
        pc: Piece,
        moved: Piece,
        side: PlayerId,
    ) {
        self.clear_castling(pos, from);
        self.clear_castling(pos, to);
        if self.rules.castling.iter().any(|c| c.king == pc.kind) {
            for c in (pos.st.castling & pos.by_owner[side.index()]).cells() {
                self.clear_castling(pos, c);
            }
        }
        if self.spoilers.has(moved.kind.0) {
            for c in (pos.st.castling & !pos.by_owner[side.index()]).cells() {
                let lost = pos.piece(c).is_some_and(|p| {
                    self.rules.pieces[p.kind.index()]
                        .first_moves_lost_to
                        .contains(&moved.kind)
                });
                let kt = self.t.kind(moved.kind.0, side.index());
                if lost && kt.reach[to].has(c) {
                    self.clear_castling(pos, c);
                }
            }
        }
    }

    /// Removes the player to move from the game (army and hand) and passes the turn on; part of
    /// the last move made, so taking that move back restores the player.
    pub(crate) fn eliminate(&self, pos: &mut Pos<B>) {
        let side = pos.st.side;
        for c in pos.by_owner[side.index()].cells() {
            self.take(pos, c);
            self.clear_pending(pos, c);
            self.clear_castling(pos, c);
        }
        for k in 0..self.t.kinds {
            let n = pos.hand(side, k as u8);
            if n > 0 {
                self.add_hand(pos, side, k as u8, -(n as i32));
            }
        }
        pos.st.eliminated |= 1 << side.0;
        pos.st.key ^= term(Salt::Out, side.0 as u64);
        let next = self.next_player(pos.st.eliminated, side);
        pos.st.key ^= self.side_key(side) ^ self.side_key(next);
        if next <= side {
            pos.st.fullmove = pos.st.fullmove.saturating_add(1);
        }
        pos.st.side = next;
    }

    /// Whether a piece of type `kind` of `player` could go back from `to` to `from` by a quiet
    /// move on an empty board (a move it could take back does not reset the move-limit clock).
    fn can_return(&self, kind: u8, player: PlayerId, from: usize, to: usize) -> bool {
        let b = &self.rules.board;
        let (fx, fy) = b.coords(crate::rules::Cell(from as u16));
        let (tx, ty) = b.coords(crate::rules::Cell(to as u16));
        let (dx, dy) = (fx - tx, fy - ty);
        let facing = self.rules.players[player.index()].forward;
        self.rules.pieces[kind.index()].moves.iter().any(|part| {
            part.mode.moves()
                && !part.hop
                && part
                    .from_zone
                    .is_none_or(|z| self.t.zone(z, player.index()).has(to))
                && part.vectors.iter().any(|&(x, y)| {
                    let (vx, vy) = facing.orient(x as i32, y as i32);
                    (part.first_reach()..=if part.range == 0 {
                        16
                    } else {
                        part.range as i32
                    })
                        .any(|k| (k * vx, k * vy) == (dx, dy))
                })
        })
    }

    /// Whether a piece of this type dropped on `cell` by `owner` promotes at the end of its next
    /// move (a promotion deferred after a drop there).
    pub(crate) fn defers_after_drop(&self, kind: u8, owner: PlayerId, cell: usize) -> bool {
        self.rules.pieces[kind.index()]
            .promotions
            .iter()
            .filter_map(|pr| pr.deferred_after_drop_in)
            .any(|z| self.t.zone(z, owner.index()).has(cell))
    }

    /// A hop capture's effect on its screen: a friendly unpromoted screen promotes (a deferred
    /// promotion it was waiting for is then void), a promoted enemy screen demotes; either only
    /// if the new piece could move from there.
    fn transform_screen(&self, pos: &mut Pos<B>, hopper: Piece, screen: usize) {
        let pt = &self.rules.pieces[hopper.kind.index()];
        let t = &self.t;
        let Some(s) = pos.piece(screen) else { return };
        if s.owner == hopper.owner && pt.promotes_friendly_screens {
            let unpromoted = s.origin.is_none() && t.unpromoted[s.kind.index()] == s.kind;
            let target = self.rules.pieces[s.kind.index()]
                .promotions
                .iter()
                .find_map(|pr| pr.to.first().copied());
            if let (true, Some(k)) = (unpromoted, target)
                && t.kind(k.0, s.owner.index()).mobile[screen]
            {
                let origin = (t.unpromoted[k.index()] != s.kind).then_some(s.kind);
                // A dropped piece waiting to promote after its next move is promoted now.
                self.clear_pending(pos, screen);
                self.put(
                    pos,
                    screen,
                    Piece {
                        kind: k,
                        origin,
                        ..s
                    },
                );
            }
        } else if s.owner != hopper.owner && pt.demotes_enemy_screens {
            let demoted = s.origin.unwrap_or(t.unpromoted[s.kind.index()]);
            if demoted != s.kind && t.kind(demoted.0, s.owner.index()).mobile[screen] {
                self.put(
                    pos,
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
    pub(crate) fn hand_type_of(&self, victim: Piece) -> Option<u8> {
        if !self.rules.captures_to_hand {
            return None;
        }
        let t = &self.t;
        let kind = match victim.origin {
            _ if self.rules.promoted_keep_type_in_hand => t.hand_slot[victim.kind.index()],
            Some(o) => t.hand_slot[o.index()],
            None => t.base[victim.kind.index()],
        };
        let pt = &self.rules.pieces[kind.index()];
        // A royal piece (one that may be captured at all) leaves the game.
        (!pt.removed_when_captured && !pt.royal).then_some(kind)
    }

    pub(crate) fn to_hand(&self, pos: &mut Pos<B>, victim: Piece, captor: PlayerId) {
        if let Some(kind) = self.hand_type_of(victim) {
            self.add_hand(pos, captor, kind, 1);
        }
    }
}
