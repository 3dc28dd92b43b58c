//! Captures forbidden by the position around them or by the move before: a piece's capture
//! limits ([`crate::rules::CaptureLimit`]: Chu Shogi's Lion may not take a protected Lion from
//! afar) and the counter-strike rule ([`crate::rules::MoveRule::Counterstrike`]). Both are
//! filters of the legal moves, compiled only for the games that have them; the last move's
//! captures are noted after it by a counter of the same games.

use super::bits::Bits;
use super::bits::KindSet;
use super::core::Engine;
use super::kinds::KindBits;
use super::plan::LimitPlan;
use super::position::{Change, MoveKind, Pos, RawMove};
use crate::rules::PlayerId;

impl<B: Bits> Engine<B> {
    /// The types of the pieces a move would take (before it is made): on the cell it ends on,
    /// and, apart, on its way (between legs, a displacer's path, en passant).
    fn victims(&self, pos: &Pos<B>, m: &RawMove) -> (KindSet<B>, KindSet<B>) {
        let side = pos.st.side;
        let enemy = |c: usize| {
            let s = pos.sq[c];
            s.owner
                .is_some_and(|o| o.player() != side)
                .then_some(s.kind)
        };
        if matches!(
            m.kind,
            MoveKind::Drop | MoveKind::Pass | MoveKind::Pickup | MoveKind::Castle { .. }
        ) {
            return (B::Kinds::EMPTY, B::Kinds::EMPTY);
        }
        let mut end = B::Kinds::EMPTY;
        if let Some(k) = enemy(m.to.index()) {
            end.insert(k);
        }
        let mut way = B::Kinds::EMPTY;
        let ep = pos.st.ep_victim;
        let mut on_way = self.taken_on_the_way(pos, m, ep);
        if m.kind == MoveKind::EnPassant
            && let Some(v) = ep
        {
            on_way |= B::cell(v.index());
        }
        for c in on_way.cells() {
            if let Some(k) = enemy(c) {
                way.insert(k);
            }
        }
        (end, way)
    }

    /// Whether a move by a piece of a type not in `kinds` takes a piece of `kinds`.
    pub(crate) fn strikes(&self, pos: &Pos<B>, m: &RawMove, kinds: KindSet<B>) -> bool {
        if kinds.has(m.piece.0) {
            return false;
        }
        let (end, way) = self.victims(pos, m);
        end.iter().chain(way.iter()).any(|k| kinds.has(k))
    }

    /// Whether the move just made by `mover` took a piece of `kinds`: an enemy piece of those
    /// types whose cell it changed (read from the changes the move logged).
    pub(crate) fn took(&self, pos: &Pos<B>, mover: PlayerId, kinds: KindSet<B>) -> bool {
        let Some(&(_, mark, _)) = pos.undo.last() else {
            return false;
        };
        pos.log[mark as usize..].iter().any(|ch| match *ch {
            Change::Cell(c, old) => old.owner.is_some_and(|o| {
                o.player() != mover && kinds.has(old.kind) && pos.sq[c as usize].owner != old.owner
            }),
            _ => false,
        })
    }

    /// Removes the captures that the moving type's limits forbid.
    pub(crate) fn limit_captures(
        &self,
        pos: &mut Pos<B>,
        moves: &mut Vec<RawMove>,
        limits: &[Vec<LimitPlan<B>>],
    ) {
        let mut keep = Vec::with_capacity(moves.len());
        for m in moves.iter() {
            let own = &limits[m.piece.index()];
            if own.is_empty() || !self.limited(pos, m, own) {
                keep.push(*m);
            }
        }
        *moves = keep;
    }

    /// Whether one of `limits` forbids a move.
    fn limited(&self, pos: &mut Pos<B>, m: &RawMove, limits: &[LimitPlan<B>]) -> bool {
        let (end, way) = self.victims(pos, m);
        let Some(victim) = end.iter().next() else {
            return false;
        };
        let to = m.to.index();
        let Some(owner) = pos.sq[to].owner.map(|o| o.player()) else {
            return false;
        };
        let board = &self.rules.board;
        let ((ff, fr), (tf, tr)) = (board.coords(m.from), board.coords(m.to));
        let near = (ff - tf).abs().max((fr - tr).abs()) == 1;
        let mut protected = None;
        for l in limits {
            if !l.victims.has(victim) || (l.from_afar && near) {
                continue;
            }
            if let Some(spared) = l.unless_also
                && way.iter().any(|k| !spared.has(k))
            {
                continue;
            }
            if l.protected {
                let p = if l.aside.none() {
                    *protected.get_or_insert_with(|| self.protected(pos, m, to, owner, l.aside))
                } else {
                    self.protected(pos, m, to, owner, l.aside)
                };
                if !p {
                    continue;
                }
            }
            return true;
        }
        false
    }

    /// Whether `owner` attacks `to` after the move with a piece of a type not in `aside` (those
    /// still block a line, as they stand).
    fn protected(
        &self,
        pos: &mut Pos<B>,
        m: &RawMove,
        to: usize,
        owner: PlayerId,
        aside: KindSet<B>,
    ) -> bool {
        self.make(pos, m);
        let mut gone = B::EMPTY;
        for k in aside.iter() {
            gone |= pos.by_kind[k as usize];
        }
        gone &= pos.by_owner[owner.index()];
        let p = self.attacked_with(pos, to, owner, pos.occ, gone);
        pos.unmake(self.t.royal_kinds);
        p
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, Position};

    /// A null move (the search's pass) is a move that takes nothing: after it the counter-strike
    /// restriction has lapsed, as after any other such move. Chu Shogi: white's gold takes the
    /// lion on e6 (black may not take white's lion back with the gold on h6); black passes; the
    /// position and its key are those reached by a pass after the lapsed restriction, and white's
    /// gold may take the promoted kirin on f7 with no restriction left over from the strike.
    #[test]
    fn a_null_move_lifts_the_counter_strike_restriction() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/definitions/hachu/chu.varia");
        let game = crate::load_str(&std::fs::read_to_string(path).unwrap(), None).unwrap();
        let fen = "11k/12/12/12/12/5+o6/4n2g4/4G2N4/12/12/12/K11 w - - 0 1";
        let after = |moves: &str| {
            let mut pos = game.parse_fen(fen).unwrap();
            for m in moves.split_whitespace() {
                let m = game.parse_move(&pos, m).unwrap();
                game.play(&mut pos, &m).unwrap();
            }
            pos
        };
        let legal = |pos: &Position| -> Vec<String> {
            let mut v: Vec<String> = game
                .legal_moves(pos)
                .iter()
                .map(|m| game.move_to_string(m))
                .collect();
            v.sort();
            v
        };
        let pass = |game: &Game, pos: &mut Position| {
            let null = game.raw_null_move(pos).unwrap();
            game.raw_play_unchecked(pos, &null);
        };
        let mut struck = after("a1a2 l12k12 e5e6");
        let mut lapsed = after("e5e6 l12k12 a1a2");
        assert!(!legal(&struck).contains(&"h6h5".to_string()));
        assert!(legal(&lapsed).contains(&"h6h5".to_string()));
        assert_ne!(game.key(&struck), game.key(&lapsed));
        pass(&game, &mut struck);
        pass(&game, &mut lapsed);
        // The same pieces and player to move (the clocks differ: the capture came later).
        let board = |p: &Position| game.fen(p).split(' ').take(2).collect::<Vec<_>>().join(" ");
        assert_eq!(board(&struck), board(&lapsed));
        assert_eq!(game.key(&struck), game.key(&lapsed));
        assert!(legal(&struck).contains(&"e6f7".to_string()));
        assert_eq!(legal(&struck), legal(&lapsed));
        // Taken back, the restriction stands again, under its own key.
        let key = game.key(&after("a1a2 l12k12 e5e6"));
        assert!(game.undo(&mut struck));
        assert_eq!(game.key(&struck), key);
        assert!(!legal(&struck).contains(&"h6h5".to_string()));
    }
}
