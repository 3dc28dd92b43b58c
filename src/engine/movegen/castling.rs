//! Castling moves.

use super::Sink;
use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::position::{MoveKind, Pos, RawMove, Sq};
use crate::rules::{Castling, Cell};

impl<B: Bits> Engine<B> {
    pub(super) fn gen_castling<S: Sink<B>>(&self, pos: &Pos<B>, out: &mut S) {
        if self.rules.castling.is_empty() {
            return;
        }
        let side = pos.st.side;
        let rights = pos.st.castling & pos.by_owner[side.index()];
        if rights.none() {
            return;
        }
        let files = self.t.files as i32;
        for cs in &self.rules.castling {
            let mut kings = pos.of(cs.king.0, side);
            if let Some(f) = cs.from_file {
                kings &= self.t.file_cells[usize::from(f)];
            }
            for k in kings.cells() {
                let (fk, rk) = (k as i32 % files, k as i32 / files);
                for r in rights.cells() {
                    let (fr, rr) = (r as i32 % files, r as i32 / files);
                    if rr != rk || pos.sq[r].kind != cs.rook.0 {
                        continue;
                    }
                    let dir = (fr - fk).signum();
                    // The king's destination, the partner beside it towards its origin.
                    if !cs.landings.is_empty() {
                        // Free castling: any listed file strictly between king and partner.
                        let between = |&&f: &&u8| {
                            let f = i32::from(f);
                            (f - fk).signum() == dir && (fr - f).signum() == dir
                        };
                        // The farthest landing, whose cells must be unattacked for every one
                        // under `all unattacked`.
                        let far = cs.landings.iter().filter(between).map(|&f| i32::from(f));
                        let far = if cs.all_unattacked {
                            far.max_by_key(|f| (f - fk).abs())
                        } else {
                            None
                        };
                        for &kf in cs.landings.iter().filter(between) {
                            let kf = i32::from(kf);
                            self.castle_to(pos, cs, (k, r), (kf, kf - dir, far), out);
                        }
                        continue;
                    }
                    let (kf, rf) = match (cs.king_to, cs.king_steps) {
                        (None, None) => (fk + 2 * dir, fk + dir),
                        (None, Some(n)) => {
                            let kf = fk + i32::from(n) * dir;
                            // Never past the partner: at most onto its cell.
                            if (fr - kf) * dir < 0 {
                                continue;
                            }
                            (kf, kf - dir)
                        }
                        (Some((high, low)), _) => {
                            let kf = i32::from(if dir > 0 { high } else { low });
                            (kf, kf - dir)
                        }
                    };
                    self.castle_to(pos, cs, (k, r), (kf, rf, None), out);
                }
            }
        }
    }

    /// Adds the castling of the king on `k` with the partner on `r` to the files `kf` and `rf`
    /// of their rank, where the cells are on the board, empty and (for a royal king) safe, its
    /// cells up to the file `far` too where that is given.
    #[inline(always)]
    fn castle_to<S: Sink<B>>(
        &self,
        pos: &Pos<B>,
        cs: &Castling,
        (k, r): (usize, usize),
        (kf, rf, far): (i32, i32, Option<i32>),
        out: &mut S,
    ) {
        let b = &self.rules.board;
        let files = self.t.files as i32;
        let (fk, fr, rk) = (k as i32 % files, r as i32 % files, k as i32 / files);
        let (Some(kd), Some(rd)) = (b.cell(kf, rk), b.cell(rf, rk)) else {
            return;
        };
        let (kd, rd) = (kd.index(), rd.index());
        // Every cell the king or the partner crosses or lands on is empty but for the two of
        // them; the default form also needs the cells between them.
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
            return;
        }
        // Only a royal king is in check: it may not castle out of or through it, nor onto a
        // cell the partner shielded.
        let reach = far.map_or(kd, |f| (f + rk * files) as usize);
        let safe = !self.t.royal[cs.king.index()] || self.castle_safe(pos, k, (reach, kd), r);
        if safe {
            let m = RawMove {
                then: None,
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

    /// Tells whether a royal king on `k` may castle to `kd` with the partner on `r`: no enemy
    /// attacks its cell or a cell up to `reach` (`kd`, or a farther landing's cell), nor its
    /// landing cell once the partner has left (the rest of the test is the usual one after the
    /// move).
    fn castle_safe(&self, pos: &Pos<B>, k: usize, (reach, kd): (usize, usize), r: usize) -> bool {
        let files = self.t.files;
        let (fk, fd, rank) = (k % files, kd % files, k / files);
        let fe = reach % files;
        let mut cells = (fk.min(fe)..=fk.max(fe)).map(|f| f + rank * files);
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
        // Without the line: a copy of it would cost time in proportion to the game's length.
        let mut bare = pos.without_history();
        bare.raw_set(r, Sq::EMPTY, self.t.royal_kinds);
        self.opponents(&bare, pos.st.side)
            .all(|q| !self.threatens(&bare, kd, q))
    }
}
