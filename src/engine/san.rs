//! Standard Algebraic Notation for every game, as Fairy-Stockfish's SAN writes it (pyffish's
//! `get_san` with its plain SAN notation): the type's letter (none for a type that moves as the
//! chess pawn), the origin's file, rank or both where another piece of the type could go to the
//! same cell, `x` for a capture, the cell, `=Q` for a promotion, `P@e4` for a drop, `O-O` and
//! `O-O-O` for castling (with the king's cell where it could land elsewhere with the same
//! partner, free castling: `O-Oi1`), `/H` for a piece gated in (`O-O/He1` with its cell where that is not
//! the cell left), `,e5` for a wall placed after the move (the cell left, where pieces leave
//! walls), then `+` for check or `#` for a check that leaves no legal move (mate, or the last check of
//! a check limit).
//!
//! The origin is named as Fairy-Stockfish names it: where another piece of the type has a move
//! to the cell (gating the same type in) that promotes to nothing, or as this move does; a pawn's
//! capture by its file, a pawn's promotion by stepping as its new type (Sittuyin's) by its cell.
//!
//! Where Fairy-Stockfish has no move of the kind: a move in two legs is written with the cell
//! between, `Lxd4-c3` (`x` before the cell where the first leg captures, `x` or `-` before the
//! destination). A pass is written as Fairy-Stockfish writes Janggi's: the royal piece (the
//! piece the pass names) and its cell, `Ke1`. A type is written by its FEN symbol, `+B` included (`Bxh8=+B`,
//! `+Bxc3`). The writer works on the public moves of a position, away from move generation and
//! search.

use std::borrow::Cow;

use super::notation::SanError;
use super::{Game, Move, Position, Promotion, Then};
use crate::rules::{MoveRule, PieceId, moves_as_chess_pawn};

/// Castling written with zeros (`0-0`, `0-0-0`, as some programs' PGN has it and python-chess
/// reads it) in letters; any other string as it is.
fn castling_in_letters(s: &str) -> Cow<'_, str> {
    for (zeros, letters) in [("0-0-0", "O-O-O"), ("0-0", "O-O")] {
        if let Some(rest) = s.strip_prefix(zeros) {
            return Cow::Owned(format!("{letters}{rest}"));
        }
    }
    Cow::Borrowed(s)
}

/// The longest SAN the reader looks at: longer strings are malformed.
const MAX_SAN: usize = 64;

impl Game {
    /// Writes a legal move of the position in SAN (`Nbd7`, `exd6`, `e8=Q+`, `O-O`, `P@e4#`).
    ///
    /// ```
    /// let src = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
    /// let game = varia::load_str(&src, None).unwrap();
    /// let pos = game.start();
    /// let m = game.parse_move(&pos, "g1f3").unwrap();
    /// assert_eq!(game.san(&pos, &m), "Nf3");
    /// ```
    pub fn san(&self, pos: &Position, m: &Move) -> String {
        let legal = self.legal_moves(pos);
        self.san_among(pos, &legal, m)
    }

    /// Writes every legal move of the position in SAN, in the order of [`Game::legal_moves`].
    pub fn san_moves(&self, pos: &Position) -> Vec<(Move, String)> {
        let legal = self.legal_moves(pos);
        legal
            .iter()
            .map(|m| (*m, self.san_among(pos, &legal, m)))
            .collect()
    }

    /// Parses a move in SAN, as [`Game::san`] writes it, with or without its `+` or `#` (castling
    /// also with zeros, `0-0` and `0-0-0`), and finds it among the legal moves of the position.
    ///
    /// ```
    /// let src = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
    /// let game = varia::load_str(&src, None).unwrap();
    /// let pos = game.start();
    /// let m = game.parse_san(&pos, "Nf3").unwrap();
    /// assert_eq!(game.move_to_string(&m), "g1f3");
    /// assert!(game.parse_san(&pos, "Nf4").is_err());
    /// ```
    pub fn parse_san(&self, pos: &Position, s: &str) -> Result<Move, SanError> {
        if s.is_empty() || !s.is_ascii() || s.len() > MAX_SAN || s.contains(char::is_whitespace) {
            return Err(SanError::Malformed(s.to_string()));
        }
        let lettered = castling_in_letters(s);
        let bare = |t: &str| t.trim_end_matches(['+', '#']).to_string();
        let want = bare(&lettered);
        if want.is_empty() {
            return Err(SanError::Malformed(s.to_string()));
        }
        let written = self.san_moves(pos);
        let exact: Vec<&Move> = written
            .iter()
            .filter(|(_, w)| *w == lettered)
            .map(|(m, _)| m)
            .collect();
        let found: Vec<&Move> = if exact.is_empty() {
            written
                .iter()
                .filter(|(_, w)| bare(w) == want)
                .map(|(m, _)| m)
                .collect()
        } else {
            exact
        };
        match found.as_slice() {
            [m] => Ok(**m),
            [] => Err(SanError::Illegal(s.to_string())),
            _ => Err(SanError::Ambiguous(s.to_string())),
        }
    }

    /// Writes `m` in SAN, `legal` being the position's legal moves (for disambiguation).
    fn san_among(&self, pos: &Position, legal: &[Move], m: &Move) -> String {
        let mut s = self.san_body(pos, legal, m);
        let after = self.make(pos, m);
        if self.in_check(&after) {
            // Mate: no legal move left, as Fairy-Stockfish decides it (the check that reaches a
            // check limit ends the game, so it mates too).
            let mate = self.legal_moves(&after).is_empty();
            s.push(if mate { '#' } else { '+' });
        }
        s
    }

    /// The SAN of a move without its check suffix.
    fn san_body(&self, pos: &Position, legal: &[Move], m: &Move) -> String {
        match *m {
            // As Fairy-Stockfish writes Janggi's pass: the piece that stands still, and its cell.
            Move::Pass { at } => match pos.piece(at) {
                Some(p) => format!("{}{}", self.letter(p.kind), self.cell_name(at)),
                None => self.cell_name(at),
            },
            Move::Castle {
                king_from,
                king_to,
                rook_from,
                then,
                ..
            } => {
                let b = &self.rules().board;
                let (kf, kr) = b.coords(king_from);
                let (rf, rr) = b.coords(rook_from);
                let mut s = String::from(if (rf, rr) > (kf, kr) { "O-O" } else { "O-O-O" });
                // Free castling: the king's cell where it could land elsewhere (`O-Oi1`).
                if legal.iter().any(|o| {
                    matches!(*o, Move::Castle { king_from: f, king_to: t, rook_from: r, .. }
                        if f == king_from && r == rook_from && t != king_to)
                }) {
                    s += &self.cell_name(king_to);
                }
                if let Some(Then::Gate { piece, at }) = then {
                    s += &format!("/{}{}", self.letter(piece), self.cell_name(at));
                }
                s + &self.wall(m)
            }
            Move::Drop { piece, to, .. } => {
                format!("{}@{}", self.letter(piece), self.cell_name(to)) + &self.wall(m)
            }
            // As Sjaak II writes it, but with the letter of every type, as drops are written.
            Move::Pickup { piece, from } => {
                format!("{}^{}", self.letter(piece), self.cell_name(from))
            }
            Move::Legs {
                from,
                via,
                to,
                piece,
                capture,
                promotion,
            } => {
                let takes_at_end =
                    to != from && pos.piece(to).is_some_and(|p| p.owner != pos.side_to_move());
                format!(
                    "{}{}{}{}{}{}",
                    self.letter(piece),
                    self.disambiguation(legal, m),
                    if capture { "x" } else { "" },
                    self.cell_name(via),
                    if takes_at_end { "x" } else { "-" },
                    self.cell_name(to)
                ) + &self.promotion_san(promotion)
            }
            // Both cells it captures on, then the destination: `Dxf7xf8-f9`.
            Move::ThreeLegs {
                from,
                via,
                to,
                piece,
                promotion,
            } => {
                let takes_at_end =
                    to != from && pos.piece(to).is_some_and(|p| p.owner != pos.side_to_move());
                format!(
                    "{}{}x{}x{}{}{}",
                    self.letter(piece),
                    self.disambiguation(legal, m),
                    self.cell_name(via[0]),
                    self.cell_name(via[1]),
                    if takes_at_end { "x" } else { "-" },
                    self.cell_name(to)
                ) + &self.promotion_san(promotion)
            }
            _ => {
                let Some(piece) = m.piece() else {
                    return String::new();
                };
                let capture = self.is_capture(pos, m);
                let pawn = self.is_pawn(piece);
                let mut s = if pawn {
                    String::new()
                } else {
                    self.letter(piece)
                };
                if pawn && capture {
                    s += &self.file_name(m.from());
                } else if pawn && m.from() != m.to() && self.promotes_moving(m) {
                    // Sittuyin's step onto a cell the new type moves to: a step of the new
                    // type, not of the pawn, so the pawn's cell is named (`c6d7=F`).
                    s += &self.cell_name(m.from());
                } else {
                    s += &self.disambiguation(legal, m);
                }
                if capture {
                    s.push('x');
                }
                s += &self.cell_name(m.to());
                if let Some(Promotion::To(p) | Promotion::Swap(p)) = m.promotion() {
                    s += &format!("={}", self.letter(p));
                }
                if let Some(Then::Gate { piece, at }) = m.then() {
                    s += &format!("/{}", self.letter(piece));
                    if at != m.from() {
                        s += &self.cell_name(at);
                    }
                }
                s + &self.wall(m)
            }
        }
    }

    /// The origin's file, rank or cell where another piece of the type has a legal move to the
    /// same cell (by the same cell between, for moves in two legs; with the same wall after
    /// it, or gating the same type in) that promotes to nothing or as `m` does: the file if it
    /// tells them apart, else the rank, else both.
    fn disambiguation(&self, legal: &[Move], m: &Move) -> String {
        // The cell reached, the cell between two legs, a wall placed after the move and the type
        // gated in: a move with another wall, or that cannot gate that type, is no rival.
        let target = |x: &Move| {
            let wall = match x.then() {
                Some(Then::Wall { at }) => Some(at),
                _ => None,
            };
            let gate = match x.then() {
                Some(Then::Gate { piece, .. }) => Some(piece),
                _ => None,
            };
            match *x {
                Move::Castle { .. }
                | Move::Drop { .. }
                | Move::Pickup { .. }
                | Move::Pass { .. } => None,
                Move::Legs { via, to, .. } => Some(([Some(via), None], to, wall, gate)),
                Move::ThreeLegs { via, to, .. } => {
                    Some(([Some(via[0]), Some(via[1])], to, wall, gate))
                }
                _ => Some(([None, None], x.to(), wall, gate)),
            }
        };
        let from = m.from();
        let b = &self.rules().board;
        let (f, r) = b.coords(from);
        // As Fairy-Stockfish counts a rival: one with a move to the same cell that promotes to
        // nothing, whatever `m` promotes to; one that may only promote there (Euroshogi's
        // compulsory promotion) is written apart by its `=+B` and is none. And one that promotes
        // as `m` does, so that no two moves are written alike.
        let rival = |o: &Move| o.promotion().is_none() || o.promotion() == m.promotion();
        let others: Vec<(i32, i32)> = legal
            .iter()
            .filter(|o| {
                o.piece() == m.piece()
                    && o.from() != from
                    && target(o).is_some()
                    && target(o) == target(m)
                    && rival(o)
            })
            .map(|o| b.coords(o.from()))
            .collect();
        if others.is_empty() {
            String::new()
        } else if others.iter().all(|&(of, _)| of != f) {
            self.file_name(from)
        } else if others.iter().all(|&(_, or)| or != r) {
            (r + 1).to_string()
        } else {
            self.cell_name(from)
        }
    }

    /// Whether `m` is a promotion of a type that may also promote by stepping as its new type
    /// (`promotion in place ... or moving`, Sittuyin's pawn).
    fn promotes_moving(&self, m: &Move) -> bool {
        m.promotion().is_some()
            && self.rules().moves.iter().any(|r| {
                matches!(r, MoveRule::PromoteInPlace { piece, moving: true, .. }
                    if Some(*piece) == m.piece())
            })
    }

    /// A promotion as SAN writes it after the destination: `=+L!`.
    fn promotion_san(&self, p: Option<Promotion>) -> String {
        match p {
            Some(Promotion::To(p) | Promotion::Swap(p)) => format!("={}", self.letter(p)),
            None => String::new(),
        }
    }

    /// A type's letter: its FEN symbol as the first player writes it (`N`, `+B`).
    fn letter(&self, p: PieceId) -> String {
        self.rules().pieces[p.index()].symbol.to_uppercase()
    }

    /// Whether a type moves as the chess pawn, written without a letter.
    fn is_pawn(&self, p: PieceId) -> bool {
        let t = &self.rules().pieces[p.index()];
        t.leg_moves.is_empty() && moves_as_chess_pawn(&t.moves)
    }

    fn file_name(&self, c: crate::rules::Cell) -> String {
        let (f, _) = self.rules().board.coords(c);
        ((b'a' + f as u8) as char).to_string()
    }

    /// A wall placed after the move: `,e5`; where pieces leave walls, the cell left.
    fn wall(&self, m: &Move) -> String {
        match m.then() {
            Some(Then::Wall { at }) => format!(",{}", self.cell_name(at)),
            _ if self.rules().leaves_walls()
                && !matches!(
                    m,
                    Move::Pass { .. } | Move::Drop { .. } | Move::Pickup { .. }
                ) =>
            {
                format!(",{}", self.cell_name(m.from()))
            }
            _ => String::new(),
        }
    }
}
