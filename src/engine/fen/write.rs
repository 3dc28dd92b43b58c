//! Writing a position as a FEN.

use crate::engine::bits::{Bits, set_of};
use crate::engine::core::Engine;
use crate::engine::position::{Pos, Sq};
use crate::rules::{Cell, PieceId, PlayerId};

impl<B: Bits> Engine<B> {
    /// Writes a position as FEN.
    pub fn fen(&self, pos: &Pos<B>) -> String {
        let b = &self.rules.board;
        let mut out = String::new();
        for rank in (0..b.ranks as i32).rev() {
            let mut empty = 0;
            for file in 0..b.files as i32 {
                let Some(c) = b.cell(file, rank) else {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out.push('*');
                    continue;
                };
                match pos.piece(c.index()) {
                    None if pos.walls.has(c.index()) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out.push('*');
                    }
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out += &self.symbol_of(p);
                        if pos.st.pending.has(c.index()) {
                            out.push('!');
                        }
                    }
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let holds = pos.hands.iter().any(|&n| n > 0);
        if self.rules.has_hands() || holds || pos.style.hand_brackets {
            out.push('[');
            let mut any = false;
            let named = self.rules.hand_order.iter().map(|k| k.index());
            let rest = (0..self.rules.pieces.len())
                .filter(|k| !self.rules.hand_order.iter().any(|o| o.index() == *k));
            let order: Vec<usize> = named.chain(rest).collect();
            for owner in 0..self.rules.players.len() {
                for &kind in &order {
                    for _ in 0..pos.hands[owner * pos.kinds + kind] {
                        any = true;
                        out += &self.owned_symbol(PieceId(kind as u8), PlayerId(owner as u8));
                    }
                }
            }
            if !any && pos.style.hand_dash {
                out.push('-');
            }
            out.push(']');
        }
        if self.tagged() {
            let out_tags: String = (0..self.rules.players.len() as u8)
                .map(PlayerId)
                .filter(|&p| pos.is_eliminated(p))
                .map(|p| self.player_tag(p))
                .collect();
            let out_tags = if out_tags.is_empty() {
                "-".into()
            } else {
                out_tags
            };
            out += &format!(
                " {} {out_tags} {} {}",
                self.player_tag(pos.st.side),
                pos.st.halfmove,
                pos.st.fullmove
            );
            return out;
        }
        out += if pos.st.side == PlayerId(0) {
            " w"
        } else {
            " b"
        };
        let counting = pos.st.count_limit > 0;
        let checks = self.rules.check_limit().is_some();
        if !pos.style.short || counting || checks {
            out.push(' ');
            out += &self.castling_field(pos);
            out.push(' ');
            if counting {
                out += &pos.st.count_limit.to_string();
            } else {
                out += &self.ep_field(pos);
            }
        }
        if checks {
            let c: Vec<String> = (0..self.t.players)
                .map(|p| pos.st.checks[p].to_string())
                .collect();
            out += &format!(" {}", c.join("+"));
        }
        let clock = if counting {
            pos.st.count_ply as u32
        } else {
            pos.st.halfmove
        };
        out += &format!(" {clock} {}", pos.st.fullmove);
        out
    }

    /// The castling field: `K`/`Q` for the outermost partner on the king's higher or lower
    /// side, the partner's file letter for an inner one (X-FEN), or every partner's file letter
    /// where the game writes castling as Chess960 (Shredder-FEN), unless the FEN read wrote
    /// `KQkq`.
    fn castling_field(&self, pos: &Pos<B>) -> String {
        if pos.st.castling.none() && pos.gates.none() {
            return "-".into();
        }
        let b = &self.rules.board;
        let mut s = String::new();
        for owner in [PlayerId(0), PlayerId(1)] {
            self.castling_rights_of(pos, owner, &mut s);
            // First-move rights of other pieces (Fairy-Stockfish's gates): file letters.
            for c in (pos.st.castling & pos.by_owner[owner.index()]).cells() {
                if pos
                    .piece(c)
                    .is_some_and(|p| !self.castles_as(p.kind, false))
                {
                    let f = b'a' + b.coords(Cell(c as u16)).0 as u8;
                    s.push(if owner == PlayerId(0) {
                        f.to_ascii_uppercase()
                    } else {
                        f
                    } as char);
                }
            }
            self.gates_of(pos, owner, &mut s);
        }
        if s.is_empty() { "-".into() } else { s }
    }

    /// Writes one player's gating rights that its castling rights do not imply, as file letters
    /// in file order, as Fairy-Stockfish writes them: none while the player holds nothing to
    /// gate (in a game where captures do not refill the hand).
    fn gates_of(&self, pos: &Pos<B>, owner: PlayerId, s: &mut String) {
        let own = pos.gates & pos.by_owner[owner.index()];
        if own.none() {
            return;
        }
        let base = owner.index() * self.t.kinds;
        if !self.rules.captures_to_hand
            && pos.hands[base..base + self.t.kinds].iter().all(|&n| n == 0)
        {
            return;
        }
        let b = &self.rules.board;
        let rights = pos.st.castling & pos.by_owner[owner.index()];
        let mut implied = rights;
        if rights.any()
            && !self.rules.castling_chess960
            && let Some(k) = self.castling_king(pos, owner)
        {
            implied |= B::cell(k.index());
        }
        let mut files: Vec<i32> = (own & !implied)
            .cells()
            .map(|c| b.coords(Cell(c as u16)).0)
            .collect();
        files.sort_unstable();
        for f in files {
            let letter = (b'a' + f as u8) as char;
            s.push(if owner == PlayerId(0) {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
    }

    /// Writes one player's castling rights.
    fn castling_rights_of(&self, pos: &Pos<B>, owner: PlayerId, s: &mut String) {
        let b = &self.rules.board;
        if self.rules.castling.is_empty() {
            return;
        }
        {
            let Some(king) = self.castling_king(pos, owner) else {
                return;
            };
            let (fk, rk) = b.coords(king);
            let case = |c: char| {
                if owner == PlayerId(0) {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            };
            // Partners on the king's rank, and the rights among them.
            let partners: Vec<i32> = pos.by_owner[owner.index()]
                .cells()
                .map(|c| b.coords(Cell(c as u16)))
                .filter(|&(_, r)| r == rk)
                .filter(|&(f, r)| {
                    b.cell(f, r)
                        .and_then(|c| pos.piece(c.index()))
                        .is_some_and(|p| self.castles_as(p.kind, false))
                })
                .map(|(f, _)| f)
                .collect();
            let rights: B = set_of(
                (pos.st.castling & pos.by_owner[owner.index()])
                    .cells()
                    .filter(|&c| pos.piece(c).is_some_and(|p| self.castles_as(p.kind, false))),
            );
            let mut high = Vec::new();
            let mut low = Vec::new();
            for r in rights.cells() {
                let f = b.coords(Cell(r as u16)).0;
                if f > fk {
                    high.push(f);
                } else {
                    low.push(f);
                }
            }
            let letter = |f: i32| case((b'a' + f as u8) as char);
            if self.rules.castling_chess960 && !pos.style.castling_kq {
                for f in high.iter().rev().chain(low.iter().rev()) {
                    s.push(letter(*f));
                }
                return;
            }
            let outer_high = partners.iter().copied().filter(|&f| f > fk).max();
            let outer_low = partners.iter().copied().filter(|&f| f < fk).min();
            for f in high.iter().rev() {
                s.push(if Some(*f) == outer_high {
                    case('K')
                } else {
                    letter(*f)
                });
            }
            for f in low.iter().rev() {
                s.push(if Some(*f) == outer_low {
                    case('Q')
                } else {
                    letter(*f)
                });
            }
        }
    }

    /// The en-passant field: the passed cells a piece of the side to move could take on (all of
    /// them in a position read from a FEN that named them), in board order.
    fn ep_field(&self, pos: &Pos<B>) -> String {
        let Some((v, victim)) = pos
            .st
            .ep_victim
            .and_then(|v| Some((v.index(), pos.piece(v.index())?)))
        else {
            return "-".into();
        };
        if pos.st.ep_cells.none() {
            return "-".into();
        }
        let side = pos.st.side;
        let takes = |c: usize| {
            pos.piece(c)
                .is_some_and(|p| self.rules.pieces[p.kind.index()].takes_en_passant)
        };
        let takeable = |cell: usize| {
            // Pretend the passed cell holds the victim, then ask whether a taker attacks it,
            // by a plain move or by a move in legs (a rifle's shot).
            let mut probe = pos.clone();
            probe.raw_set(cell, Sq::of(victim), self.t.royal_kinds);
            let mine = pos.by_owner[side.index()];
            mine.cells()
                .any(|c| takes(c) && self.piece_attacks(&probe, c, cell))
                || self.plan.legs.as_ref().is_some_and(|lp| {
                    let others = mine
                        .cells()
                        .filter(|&c| !takes(c))
                        .fold(B::EMPTY, |b, c| b | B::cell(c));
                    self.leg_attacks(&probe, lp, cell, side, probe.occ, others)
                })
        };
        let full = self.rules.pieces[victim.kind.index()].ep_field_full;
        let (cells, filter) = if pos.style.ep_as_written {
            let listed = pos.style.ep_victim_listed;
            (
                pos.st.ep_cells | if listed { B::cell(v) } else { B::EMPTY },
                false,
            )
        } else if full {
            (pos.st.ep_cells | B::cell(v), false)
        } else {
            (pos.st.ep_cells, true)
        };
        let field: String = cells
            .cells()
            .filter(|&c| !filter || takeable(c))
            .map(|c| self.cell_name(Cell(c as u16)))
            .collect();
        if field.is_empty() { "-".into() } else { field }
    }
}
