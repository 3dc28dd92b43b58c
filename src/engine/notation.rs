//! Move strings as Fairy-Stockfish's UCI mode writes them: `e2e4`, `e7e8q`, `h3h4+` (to a `+X`
//! type), `a1a2-` (back to the unpromoted type), `P@e5`, castling as the king's move, ranks above
//! 9 in full (`a10a12`), a wall placed after the move as `e2e4,e4e5`.

use super::bits::Bits;
use super::core::Engine;
use super::position::{MoveKind, Pos, RawMove, Then};
use crate::rules::{Cell, Direction, Mode, PieceId};

/// A move string that is malformed or not legal in the position; each message says which.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("malformed move `{0}`: expected e.g. e2e4, e7e8q, h3h4+ or P@e5")]
    Malformed(String),
    #[error("illegal move `{0}`")]
    Illegal(String),
    #[error("illegal move `{1}`: there is no cell {0} on this board")]
    NoCell(String, String),
    #[error(
        "ambiguous move `{0}`: several legal moves are written so; write the promotion's letter"
    )]
    Ambiguous(String),
}

/// A SAN string that is malformed or names no legal move of the position; each message says
/// which.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    #[error("malformed move `{0}`: expected SAN, e.g. e4, Nf3, exd5, e8=Q, O-O or P@e4")]
    Malformed(String),
    #[error("illegal move `{0}`: no legal move is written so")]
    Illegal(String),
    #[error("ambiguous move `{0}`: several legal moves are written so")]
    Ambiguous(String),
}

impl<B: Bits> Engine<B> {
    /// Gets a cell's name, e.g. `e4` or `a10`.
    pub fn cell_name(&self, c: Cell) -> String {
        let (f, r) = self.rules.board.coords(c);
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    /// Parses a cell name.
    pub fn parse_cell(&self, s: &str) -> Option<Cell> {
        let mut chars = s.chars();
        let f = chars.next()?;
        let digits = chars.as_str();
        if !f.is_ascii_lowercase()
            || digits.is_empty()
            || !digits.chars().all(|c| c.is_ascii_digit())
        {
            return None;
        }
        let r: i32 = digits.parse().ok()?;
        self.rules.board.cell(f as i32 - 'a' as i32, r - 1)
    }

    /// Writes a move.
    pub fn move_to_string(&self, m: &RawMove) -> String {
        let (mut s, written_to) = self.written_cells(m);
        if let Some(p) = m.promotion.filter(|_| m.kind != MoveKind::Drop) {
            s += &self.promotion_suffix(m, p);
        }
        s + &self.wall_suffix(m, written_to)
    }

    /// The cells of a move as written, without promotion or wall, and the cell written as its
    /// destination: `P@e5`, `e1g1`, or `e1h1` for castling written as taking the partner.
    fn written_cells(&self, m: &RawMove) -> (String, Cell) {
        if let MoveKind::Legs { via, .. } = m.kind {
            // Both legs, as XBoard writes them: `e7f7,f7e7`.
            let (from, via, to) = (
                self.cell_name(m.from),
                self.cell_name(via),
                self.cell_name(m.to),
            );
            return (format!("{from}{via},{via}{to}"), m.to);
        }
        if let MoveKind::ThreeLegs { via } = m.kind {
            // Its three legs: `f6f7,f7f8,f8f9`.
            let [a, b] = via.map(|c| self.cell_name(c));
            let (from, to) = (self.cell_name(m.from), self.cell_name(m.to));
            return (format!("{from}{a},{a}{b},{b}{to}"), m.to);
        }
        if m.kind == MoveKind::Drop {
            let symbol = &self.rules.pieces[m.piece.index()].symbol;
            return (format!("{symbol}@{}", self.cell_name(m.to)), m.to);
        }
        if m.kind == MoveKind::Pickup {
            // As Sjaak II writes Twilight chess's pickups, but always with the letter.
            let symbol = &self.rules.pieces[m.piece.index()].symbol;
            return (format!("{symbol}^{}", self.cell_name(m.from)), m.from);
        }
        if let (MoveKind::Castle { rook, .. }, Some(Then::Gate(_, c))) = (m.kind, m.then)
            && c == rook
        {
            // Gating on the partner's cell: written from it to the king's, as Fairy-Stockfish
            // writes it (`h1e1h`).
            return (self.cell_name(rook) + &self.cell_name(m.from), rook);
        }
        if let MoveKind::Castle { rook, .. } = m.kind {
            // Written as taking the partner under Chess960 notation, for a king that moves less
            // than two cells, which could be read as a plain king move, and for a king that
            // could also move to its castling cell by itself (`moves K rD`), as Fairy-Stockfish
            // writes it: the string is then the plain move's.
            let (fk, rk) = self.rules.board.coords(m.from);
            let (fd, rd) = self.rules.board.coords(m.to);
            if self.rules.castling_chess960
                || (fk - fd).abs() < 2
                || (m.to != rook && self.could_move_by_itself(m.piece, m.from, fd - fk, rd - rk))
            {
                return (self.cell_name(m.from) + &self.cell_name(rook), rook);
            }
        }
        (self.cell_name(m.from) + &self.cell_name(m.to), m.to)
    }

    /// Whether the king of a castling from `from` has a move of its own (not a capture, not a
    /// hop) by `(dx, dy)` on the board. Castling's cells between are empty, so where castling is
    /// legal such a move is too (a first move included: the king keeps its right). The king's
    /// player is the one whose first rank `from` is on (each player, where none is).
    fn could_move_by_itself(&self, piece: PieceId, from: Cell, dx: i32, dy: i32) -> bool {
        let b = &self.rules.board;
        let (f, r) = b.coords(from);
        let first = |d: Direction| match d {
            Direction::North => r == 0,
            Direction::South => r == b.ranks as i32 - 1,
            Direction::East => f == 0,
            Direction::West => f == b.files as i32 - 1,
        };
        let players = &self.rules.players;
        let own: Vec<Direction> = players
            .iter()
            .map(|p| p.forward)
            .filter(|&d| first(d))
            .collect();
        let frames: Vec<(i32, i32)> = (if own.is_empty() {
            players.iter().map(|p| p.forward).collect()
        } else {
            own
        })
        .into_iter()
        .map(|d| match d {
            // The inverse of `Direction::orient`.
            Direction::North => (dx, dy),
            Direction::South => (-dx, -dy),
            Direction::East => (-dy, dx),
            Direction::West => (dy, -dx),
        })
        .collect();
        self.rules.pieces[piece.index()].moves.iter().any(|part| {
            !part.hop
                && part.mode != Mode::Capture
                && part.vectors.iter().any(|&(vx, vy)| {
                    let (vx, vy) = (i32::from(vx), i32::from(vy));
                    frames.iter().any(|&(x, y)| {
                        let k = if vx != 0 {
                            x / vx
                        } else if vy != 0 {
                            y / vy
                        } else {
                            0
                        };
                        k >= part.first_reach()
                            && (vx * k, vy * k) == (x, y)
                            && (k == 1 || part.range == 0 || k <= i32::from(part.range))
                    })
                })
        })
    }

    /// The placement that follows a move, as Fairy-Stockfish writes it: the written destination,
    /// then the wall's cell (`e2e4,e4e5`; a piece that leaves a wall behind: `d4b3,b3d4`).
    fn wall_suffix(&self, m: &RawMove, written_to: Cell) -> String {
        match m.then {
            Some(Then::Wall(c)) => format!(",{}{}", self.cell_name(written_to), self.cell_name(c)),
            Some(Then::Gate(kind, c)) => {
                // The gated type's letter, and its cell where it is not the one written first.
                let letter = self.rules.pieces[kind.index()]
                    .symbol
                    .trim_start_matches('+')
                    .to_lowercase();
                let written_from = match m.kind {
                    MoveKind::Castle { rook, .. } if c == rook => rook,
                    _ => m.from,
                };
                if c == written_from {
                    letter
                } else {
                    letter + &self.cell_name(c)
                }
            }
            None if self.rules.leaves_walls()
                && !matches!(m.kind, MoveKind::Pass | MoveKind::Pickup) =>
            {
                format!(",{}{}", self.cell_name(m.to), self.cell_name(m.from))
            }
            None => String::new(),
        }
    }

    /// The suffix of a promotion to `target`, as Fairy-Stockfish writes it: `-` for a piece that
    /// turns back into its unpromoted type, `+` for a promotion to a `+X` type (unless the same
    /// choice offers another `+X` type), else the target's letter in lower case; a swap always
    /// names the captive by its letter.
    fn promotion_suffix(&self, m: &RawMove, target: PieceId) -> String {
        let letter = || {
            self.rules.pieces[target.index()]
                .symbol
                .trim_start_matches('+')
                .to_lowercase()
        };
        if m.swap {
            return letter();
        }
        let plus = |t: &PieceId| self.rules.pieces[(*t).index()].symbol.starts_with('+');
        let moved = &self.rules.pieces[m.piece.index()];
        if target == self.t.unpromoted[m.piece.index()] && target != m.piece {
            return "-".into();
        }
        let choice = moved.promotions.iter().find(|pr| pr.to.contains(&target));
        let lone_plus =
            plus(&target) && choice.is_none_or(|pr| pr.to.iter().filter(|t| plus(t)).count() == 1);
        if lone_plus { "+".into() } else { letter() }
    }

    /// Other accepted spellings of a move: a promotion's target letter where `+` or `-` is
    /// written, and `+` for the only target of a promotion written with a letter.
    fn aliases(&self, m: &RawMove) -> Vec<String> {
        if self.rules.leaves_walls() && m.kind != MoveKind::Pass {
            // Without the wall, which the move implies.
            let full = self.move_to_string(m);
            return vec![full.split(',').next().unwrap_or_default().to_string()];
        }
        if let MoveKind::Legs { via, capture: true } = m.kind
            && m.to == m.from
        {
            // A capture without moving, also as its first leg alone: Cute Chess writes Rifle
            // chess's shot so (`a1a8`). Where that is a plain move too, the plain move wins.
            return vec![self.cell_name(m.from) + &self.cell_name(via)];
        }
        let Some(target) = m.promotion.filter(|_| m.kind != MoveKind::Drop && !m.swap) else {
            return Vec::new();
        };
        let (cells, written_to) = self.written_cells(m);
        let wall = self.wall_suffix(m, written_to);
        let letter = self.rules.pieces[target.index()]
            .symbol
            .trim_start_matches('+')
            .to_lowercase();
        let mut out = vec![format!("{cells}{letter}{wall}")];
        let single = self.rules.pieces[m.piece.index()]
            .promotions
            .iter()
            .find(|pr| pr.to.contains(&target))
            .is_some_and(|pr| pr.to.len() == 1);
        if single {
            out.push(format!("{cells}+{wall}"));
        }
        out
    }

    /// Parses a move and finds it among the legal moves of the position.
    pub fn parse_move(&self, pos: &Pos<B>, s: &str) -> Result<RawMove, MoveError> {
        let malformed = || MoveError::Malformed(s.to_string());
        if !s.is_ascii() || s.is_empty() || s.len() > 24 {
            return Err(malformed());
        }
        // A well-formed cell name that is off the board or a hole makes the move illegal.
        let cell_ok = |c: &str| -> Result<(), MoveError> {
            let mut chars = c.chars();
            let shaped = chars.next().is_some_and(|f| f.is_ascii_lowercase())
                && !chars.as_str().is_empty()
                && chars.as_str().chars().all(|d| d.is_ascii_digit());
            if !shaped {
                Err(malformed())
            } else if self.parse_cell(c).is_none() {
                Err(MoveError::NoCell(c.to_string(), s.to_string()))
            } else {
                Ok(())
            }
        };
        if s.matches(',').count() == 2 {
            return self.parse_three_legs(pos, s);
        }
        // A placement after the move: `,` then two cells, the destination and the wall's cell.
        let (head, placement) = match s.split_once(',') {
            Some((head, tail)) => (head, Some(tail)),
            None => (s, None),
        };
        if let Some(tail) = placement {
            // A move in two legs may end with its promotion (`g9f10,f10g9+`).
            let tail = tail.trim_end_matches(|c: char| !c.is_ascii_digit());
            let split = tail
                .get(1..)
                .ok_or_else(malformed)?
                .find(|c: char| c.is_ascii_lowercase())
                .map(|i| i + 1)
                .ok_or_else(malformed)?;
            cell_ok(&tail[..split])?;
            cell_ok(&tail[split..])?;
        }
        if let Some((piece, to)) = head.split_once('@').or_else(|| head.split_once('^')) {
            if piece.is_empty() {
                return Err(malformed());
            }
            cell_ok(to)?;
        } else {
            // Two cells, then maybe a promotion suffix.
            let b = head.as_bytes();
            let mut i = 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let j0 = i;
            let mut j = j0 + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if j0 >= b.len() || j0 < 2 {
                return Err(malformed());
            }
            cell_ok(&head[..j0])?;
            cell_ok(&head[j0..j])?;
        }
        let mut scratch = pos.clone();
        let mut legal = Vec::new();
        self.legal_moves(&mut scratch, &mut legal);
        if let Some(m) = legal.iter().find(|m| self.move_to_string(m) == s) {
            return Ok(*m);
        }
        let mut found = legal
            .iter()
            .filter(|m| self.aliases(m).iter().any(|a| a == s));
        match (found.next(), found.next()) {
            (Some(m), None) => Ok(*m),
            (Some(_), Some(_)) => Err(MoveError::Ambiguous(s.to_string())),
            _ => Err(MoveError::Illegal(s.to_string())),
        }
    }

    /// Parses a move in three legs, `f6f7,f7f8,f8f9`: each leg two cells, each leg starting
    /// where the one before ended. It is the legal move that goes from the first cell to the
    /// last and captures the enemies on the cells between the legs (not on the last): written
    /// so, or written by what it does (as a move in two legs, or a plain move).
    fn parse_three_legs(&self, pos: &Pos<B>, s: &str) -> Result<RawMove, MoveError> {
        let malformed = || MoveError::Malformed(s.to_string());
        let mut scratch = pos.clone();
        let mut legal = Vec::new();
        self.legal_moves(&mut scratch, &mut legal);
        if let Some(m) = legal.iter().find(|m| self.move_to_string(m) == s) {
            return Ok(*m);
        }
        // Then by what it does, its promotion suffix (`+`) after the last leg as the move writes
        // it.
        let legs: Vec<&str> = s.split(',').collect();
        let last = legs[legs.len() - 1];
        let body = last.trim_end_matches(|c: char| !c.is_ascii_digit());
        let suffix = &last[body.len()..];
        let mut cells = Vec::new();
        for leg in legs[..legs.len() - 1].iter().chain([&body]) {
            let b = leg.as_bytes();
            let split = (1..b.len())
                .find(|&i| b[i].is_ascii_lowercase())
                .ok_or_else(malformed)?;
            for c in [&leg[..split], &leg[split..]] {
                let mut chars = c.chars();
                let shaped = chars.next().is_some_and(|f| f.is_ascii_lowercase())
                    && !chars.as_str().is_empty()
                    && chars.as_str().chars().all(|d| d.is_ascii_digit());
                if !shaped {
                    return Err(malformed());
                }
                let cell = self
                    .parse_cell(c)
                    .ok_or_else(|| MoveError::NoCell(c.to_string(), s.to_string()))?;
                cells.push(cell);
            }
        }
        if cells.len() != 6 || cells[1] != cells[2] || cells[3] != cells[4] {
            return Err(malformed());
        }
        let (from, to) = (cells[0], cells[5]);
        let theirs = pos.occ & !pos.by_owner[pos.st.side.index()];
        let mut kills: Vec<Cell> = [cells[1], cells[3]]
            .into_iter()
            .filter(|&c| c != to && theirs.has(c.index()))
            .collect();
        kills.sort_unstable();
        let found = legal.iter().find(|m| {
            let mut taken = match m.kind {
                MoveKind::Normal => Vec::new(),
                MoveKind::Legs { via, capture: true } => vec![via],
                MoveKind::ThreeLegs { via } => via.to_vec(),
                _ => return false,
            };
            taken.sort_unstable();
            let promotes = match m.promotion {
                None => suffix.is_empty(),
                Some(_) => !suffix.is_empty() && self.move_to_string(m).ends_with(suffix),
            };
            m.from == from && m.to == to && promotes && taken == kills
        });
        found
            .copied()
            .ok_or_else(|| MoveError::Illegal(s.to_string()))
    }
}
