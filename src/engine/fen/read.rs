//! Reading a FEN into a position.

use super::{FenError, MAX_COUNTER};
use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::index::AsIndex;
use crate::engine::position::{Piece, Pos, Sq};
use crate::rules::{Cell, DRESSES, PieceId, PlayerId};

/// The half-move clock and move number (defaults 0 and 1).
fn parse_clocks<'a, B: Bits>(
    mut pos: Pos<B>,
    fields: &mut impl Iterator<Item = &'a str>,
) -> Result<Pos<B>, FenError> {
    for (slot, default) in [(&mut pos.st.halfmove, 0), (&mut pos.st.fullmove, 1)] {
        *slot = match fields.next() {
            Some(s) => match s.parse::<u32>() {
                Ok(n) if n <= MAX_COUNTER && s.chars().all(|c| c.is_ascii_digit()) => n,
                _ => return Err(FenError::Counter(s.into())),
            },
            None => default,
        };
    }
    Ok(pos)
}

impl<B: Bits> Engine<B> {
    /// Parses a FEN into a position of this game.
    pub fn parse_fen(&self, fen: &str) -> Result<Pos<B>, FenError> {
        let fen = fen.trim();
        if fen.is_empty() {
            return Err(FenError::Empty);
        }
        let mut pos = self.empty();
        if let Some(n) = self.rules.check_limit() {
            pos.st.checks = [n; 4];
        }
        let (placement, rest) = fen.split_once(' ').unwrap_or((fen, ""));
        let (board_part, hand_part) = match placement.find('[') {
            Some(i) => {
                let h = &placement[i + 1..];
                let h = h.strip_suffix(']').ok_or(FenError::Hand)?;
                (&placement[..i], Some(h))
            }
            None => (placement, None),
        };
        self.parse_ranks(&mut pos, board_part)?;
        if let Some(h) = hand_part {
            self.parse_hand(&mut pos, h)?;
        }
        let mut fields = rest.split_whitespace().peekable();
        if self.tagged() {
            return self.parse_tagged_fields(pos, fields);
        }
        match fields.next() {
            None | Some("w") => pos.st.side = PlayerId(0),
            Some("b") => pos.st.side = PlayerId(1),
            Some(s) => return Err(FenError::Side(s.into())),
        }
        let is_number = |s: &&str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        match fields.peek() {
            Some(s) if !is_number(s) => {
                let s = fields.next().unwrap_or("-");
                self.parse_castling(&mut pos, s)?;
                // Dialects that leave the en-passant field out, told apart by how many numbers
                // follow the castling field: one is Cute Chess's shogi move number (`w - 1`), two
                // are the clocks, three are Cute Chess's makruk count (`w - 0 0 1`: a count
                // limit, its plies, the move number).
                let numbers = fields.clone().take_while(is_number).count();
                let rest = fields.clone().count();
                if numbers == rest && numbers == 1 {
                    return self.read_move_number(pos, fields.next().unwrap_or("1"));
                }
                if numbers == rest && numbers == 2 {
                    return self.read_clocks(pos, fields);
                }
                let ep = fields.next().unwrap_or("-");
                if (self.rules.counting().is_some() || ep == "0") && is_number(&ep) {
                    match ep.parse::<u16>() {
                        Ok(n) if n <= 20000 && n % 2 == 0 => pos.st.count_limit = n,
                        _ => return Err(FenError::Counting(ep.into())),
                    }
                } else {
                    self.parse_ep(&mut pos, ep)?;
                }
                if let Some(c) = fields.peek()
                    && c.contains('+')
                {
                    let c = fields.next().unwrap_or_default();
                    self.parse_checks(&mut pos, c, false)?;
                }
            }
            Some(_) => pos.style.short = true,
            None => {}
        }
        self.read_clocks(pos, fields)
    }

    /// A lone move number where the clocks would be (Cute Chess's shogi form `w - 1`).
    fn read_move_number(&self, mut pos: Pos<B>, s: &str) -> Result<Pos<B>, FenError> {
        pos.st.fullmove = match s.parse::<u32>() {
            Ok(n) if (1..=MAX_COUNTER).contains(&n) => n,
            _ => return Err(FenError::Counter(s.into())),
        };
        pos.style.short = true;
        Ok(self.keyed(pos))
    }

    /// The fields from the clocks on: the half-move clock, the move number, Lichess's checks.
    fn read_clocks<'a>(
        &self,
        pos: Pos<B>,
        mut fields: impl Iterator<Item = &'a str>,
    ) -> Result<Pos<B>, FenError> {
        let mut pos = parse_clocks(pos, &mut fields)?;
        if let Some(s) = fields.next() {
            // Lichess writes the checks given after the move number: `+1+0`.
            if !s.starts_with('+') {
                return Err(FenError::Trailing(s.into()));
            }
            self.parse_checks(&mut pos, &s[1..], true)?;
            if let Some(s) = fields.next() {
                return Err(FenError::Trailing(s.into()));
            }
        }
        if pos.st.count_limit > 0 && pos.st.halfmove > 0 {
            // A running count writes its plies where the half-move clock would be.
            pos.st.count_ply = pos.st.halfmove.min(u16::MAX as u32) as u16;
            pos.st.halfmove = 0;
        }
        Ok(self.keyed(pos))
    }

    /// Reads the board part of a FEN, rank by rank from the top.
    fn parse_ranks(&self, pos: &mut Pos<B>, board_part: &str) -> Result<(), FenError> {
        let b = &self.rules.board;
        let ranks: Vec<&str> = board_part.split('/').collect();
        if ranks.len() != b.ranks as usize {
            return Err(FenError::RankCount {
                found: ranks.len(),
                expected: b.ranks as usize,
            });
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = b.ranks as i32 - 1 - i as i32;
            self.parse_rank(pos, rank, text)?;
        }
        Ok(())
    }

    /// A rank (numbered from 0) whose cells, read so far, come to `found` against the board's
    /// width.
    fn bad_width(&self, rank: i32, found: usize) -> FenError {
        FenError::FileCount {
            rank: rank as usize + 1,
            found,
            expected: self.rules.board.files as usize,
        }
    }

    /// Reads one rank of the board part: runs of empty cells, walls (`*`) and pieces.
    fn parse_rank(&self, pos: &mut Pos<B>, rank: i32, text: &str) -> Result<(), FenError> {
        let b = &self.rules.board;
        let rank_no = rank as usize + 1;
        let chars: Vec<char> = text.chars().collect();
        let mut file = 0i32;
        let mut j = 0;
        while j < chars.len() {
            let ch = chars[j];
            if ch.is_ascii_digit() {
                let run_start = j;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let run: String = chars[run_start..j].iter().collect();
                if run.starts_with('0') {
                    return Err(FenError::BadRun { rank: rank_no, run });
                }
                let n = match run.parse::<i32>() {
                    Ok(n) if n <= b.files as i32 - file => n,
                    Ok(n) => return Err(self.bad_width(rank, file as usize + n as usize)),
                    Err(_) => {
                        return Err(FenError::BadRun { rank: rank_no, run });
                    }
                };
                for f in file..file + n {
                    if b.cell(f, rank).is_none() {
                        return Err(FenError::HoleCovered(rank_no));
                    }
                }
                file += n;
                continue;
            }
            if ch == '*' {
                if file >= b.files as i32 {
                    return Err(self.bad_width(rank, file as usize + 1));
                }
                if let Some(c) = b.cell(file, rank) {
                    // On a cell of the board: a wall, where the game's effects make walls.
                    if !self.rules.makes_walls() {
                        return Err(FenError::NotAHole(rank_no));
                    }
                    pos.walls |= B::cell(c.index());
                    pos.occ |= B::cell(c.index());
                }
                file += 1;
                j += 1;
                continue;
            }
            j = self.parse_piece(pos, &chars, j, file, rank)?;
            file += 1;
        }
        if file != b.files as i32 {
            return Err(self.bad_width(rank, file as usize));
        }
        Ok(())
    }

    /// Reads the piece written at `chars[j..]` (its player tag, symbol, origin and pending mark)
    /// and puts it on the cell at `file` of `rank`; gives where the next item starts.
    fn parse_piece(
        &self,
        pos: &mut Pos<B>,
        chars: &[char],
        mut j: usize,
        file: i32,
        rank: i32,
    ) -> Result<usize, FenError> {
        let b = &self.rules.board;
        let rank_no = rank as usize + 1;
        let ch = chars[j];
        let mut tag = None;
        if self.tagged() {
            tag = Some(self.player_of_tag(ch).ok_or(FenError::BadChar(ch))?);
            j += 1;
        }
        let mut sym = String::new();
        if chars.get(j) == Some(&'+') {
            sym.push('+');
            j += 1;
        }
        match chars.get(j) {
            Some(c) if c.is_ascii_alphabetic() => sym.push(*c),
            Some(c) => return Err(FenError::BadChar(*c)),
            None => return Err(FenError::BadChar('+')),
        }
        j += 1;
        j += self.dress(&mut sym, chars.get(j), false)?;
        let (kind, owner) = match tag {
            Some(t) if sym == sym.to_uppercase() => (self.lookup(&sym)?.0, t),
            Some(_) => return Err(FenError::UnknownPiece(sym)),
            None => self.lookup(&sym)?,
        };
        let mut origin = None;
        let written = |s: &str| {
            let mut w = String::new();
            if let Some(t) = tag {
                w.push(self.player_tag(t));
            }
            w + s
        };
        if chars.get(j) == Some(&'~') {
            match self.promoters(kind)[..] {
                [o] => origin = Some(o),
                _ => return Err(FenError::NoOrigin(written(&sym))),
            }
            j += 1;
        } else if chars.get(j) == Some(&'(') {
            let close = chars[j..]
                .iter()
                .position(|&c| c == ')')
                .ok_or(FenError::BadChar('('))?;
            let inner: String = chars[j + 1..j + close].iter().collect();
            let o = self.lookup(&inner)?.0;
            if !self.promotes_into(o, kind) {
                return Err(FenError::BadOrigin {
                    piece: sym.clone(),
                    origin: inner,
                });
            }
            origin = Some(o);
            j += close + 1;
        }
        if origin == Some(self.t.unpromoted[kind.index()]) {
            return Err(FenError::RedundantOrigin(written(&sym)));
        }
        if origin.is_some() && !self.keeps_origins {
            return Err(FenError::OriginUnused(written(&sym)));
        }
        if file >= b.files as i32 {
            return Err(self.bad_width(rank, file as usize + 1));
        }
        let Some(cell) = b.cell(file, rank) else {
            return Err(FenError::PieceOnHole(rank_no));
        };
        if chars.get(j) == Some(&'!') {
            j += 1;
            if !self.defers_after_drop(kind.0, owner, cell.index()) {
                return Err(FenError::NotPending(written(&sym)));
            }
            pos.st.pending |= B::cell(cell.index());
        }
        pos.raw_set(
            cell.index(),
            Sq::of(Piece {
                kind,
                owner,
                origin,
            }),
            self.t.royal_kinds,
        );
        Ok(j)
    }

    /// Adds the dress after a symbol's letter (`'` or `!`) to `sym` where the dressed symbol is
    /// one of the game's types, and tells how many characters that took (0 or 1). On the board a
    /// `!` that dresses no symbol is left to mean what it means after a piece (a pending
    /// promotion; validation keeps the two apart); any other dress of no type names an unknown
    /// piece (`N'`).
    fn dress(
        &self,
        sym: &mut String,
        next: Option<&char>,
        in_hand: bool,
    ) -> Result<usize, FenError> {
        match next {
            Some(&d) if DRESSES.contains(&d) => {
                let dressed = format!("{}{d}", sym.to_uppercase());
                if self.rules.piece_by_symbol(&dressed).is_some() {
                    sym.push(d);
                    Ok(1)
                } else if d == '!' && !in_hand {
                    Ok(0)
                } else {
                    Err(FenError::UnknownPiece(format!("{sym}{d}")))
                }
            }
            _ => Ok(0),
        }
    }

    /// Reads the hand part of a FEN (between brackets): `-`, or a letter per piece in hand.
    fn parse_hand(&self, pos: &mut Pos<B>, h: &str) -> Result<(), FenError> {
        pos.style.hand_brackets = true;
        if h == "-" {
            pos.style.hand_dash = true;
        } else {
            let mut tag = None;
            let chars: Vec<char> = h.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let ch = chars[j];
                j += 1;
                if !ch.is_ascii_alphabetic() {
                    return Err(FenError::BadHand(ch.to_string()));
                }
                if self.tagged() && tag.is_none() {
                    tag = Some(
                        self.player_of_tag(ch)
                            .ok_or(FenError::BadHand(ch.to_string()))?,
                    );
                    continue;
                }
                let mut sym = ch.to_string();
                j += self.dress(&mut sym, chars.get(j), true)?;
                let (kind, owner) = match tag.take() {
                    Some(t) if ch.is_ascii_uppercase() => (self.lookup(&sym)?.0, t),
                    Some(_) => return Err(FenError::BadHand(sym)),
                    None => self.lookup(&sym)?,
                };
                let pt = &self.rules.pieces[kind.index()];
                // A royal piece is never captured: it is in hand only where the set-up fills the
                // hands (placement chess's king, dropped before play).
                if (pt.royal && !self.rules.hands) || pt.removed_when_captured {
                    return Err(FenError::NotInHand(sym));
                }
                if !self.has_hands() {
                    return Err(FenError::NoHands(h.to_string()));
                }
                let slot = self.t.hand_slot[kind.index()];
                let on_board = pos.occ.count() as usize;
                let count = &mut pos.hands[owner.index() * pos.kinds + slot.index()];
                if *count as usize + on_board >= 255 {
                    return Err(FenError::HandCount(sym));
                }
                *count += 1;
            }
            if tag.is_some() {
                return Err(FenError::BadHand(h.to_string()));
            }
        }
        Ok(())
    }

    /// Reads check counters, `W+B` (one number per player): checks each must still give, or
    /// with `given`, checks each has given.
    fn parse_checks(&self, pos: &mut Pos<B>, s: &str, given: bool) -> Result<(), FenError> {
        let Some(limit) = self.rules.check_limit() else {
            return Err(FenError::NoChecks(s.into()));
        };
        let parts: Vec<&str> = s.split('+').collect();
        if parts.len() != self.t.players {
            return Err(FenError::Checks(s.into()));
        }
        for (p, part) in parts.iter().enumerate() {
            let n = match part.parse::<u8>() {
                Ok(n) if n <= limit && part.chars().all(|c| c.is_ascii_digit()) => n,
                _ => return Err(FenError::Checks(s.into())),
            };
            pos.st.checks[p] = if given { limit - n } else { n };
        }
        Ok(())
    }

    /// Sets a freshly read position's key.
    fn keyed(&self, mut pos: Pos<B>) -> Pos<B> {
        pos.st.key = self.full_key(&pos);
        if self.rules.facing_draws() {
            pos.st.facing = self.royal_faces(&pos, pos.st.side);
        }
        pos
    }

    /// Tells whether a piece of type `from` can become a `to` by one or more promotions.
    fn promotes_into(&self, from: PieceId, to: PieceId) -> bool {
        let mut seen = vec![false; self.rules.pieces.len()];
        let mut stack = vec![from];
        while let Some(k) = stack.pop() {
            for pr in &self.rules.pieces[k.index()].promotions {
                for &n in &pr.to {
                    if n == to {
                        return true;
                    }
                    if !std::mem::replace(&mut seen[n.index()], true) {
                        stack.push(n);
                    }
                }
            }
        }
        false
    }

    /// The fields after the board for more than two players: side to move (a tag), the tags of
    /// eliminated players (or `-`), the clocks.
    fn parse_tagged_fields<'a>(
        &self,
        mut pos: Pos<B>,
        mut fields: impl Iterator<Item = &'a str>,
    ) -> Result<Pos<B>, FenError> {
        let side = fields.next().unwrap_or("");
        let mut chars = side.chars();
        pos.st.side = match (
            chars.next().and_then(|c| self.player_of_tag(c)),
            chars.next(),
        ) {
            (Some(p), None) => p,
            _ => return Err(FenError::Side(side.into())),
        };
        if let Some(out) = fields.next()
            && out != "-"
        {
            for c in out.chars() {
                let p = self
                    .player_of_tag(c)
                    .ok_or_else(|| FenError::Eliminated(out.into()))?;
                // An eliminated player has no army and no hand.
                let hand = &pos.hands[p.index() * pos.kinds..(p.index() + 1) * pos.kinds];
                if pos.by_owner[p.index()].any() || hand.iter().any(|&n| n > 0) {
                    return Err(FenError::Eliminated(out.into()));
                }
                pos.st.eliminated |= 1 << p.0;
            }
        }
        if pos.st.eliminated & (1 << pos.st.side.0) != 0 {
            return Err(FenError::Eliminated(side.into()));
        }
        let pos = parse_clocks(pos, &mut fields)?;
        if let Some(s) = fields.next() {
            return Err(FenError::Trailing(s.into()));
        }
        Ok(self.keyed(pos))
    }

    pub(in crate::engine) fn parse_castling(
        &self,
        pos: &mut Pos<B>,
        s: &str,
    ) -> Result<(), FenError> {
        if s == "-" {
            return Ok(());
        }
        let err = || FenError::Castling(s.into());
        let first_moves = (0..self.t.kinds).any(|k| self.t.kind(k as u8, 0).has_initial);
        let gating = self.plan.gating.as_ref();
        if (self.rules.castling.is_empty() && !first_moves && gating.is_none()) || self.tagged() {
            return Err(err());
        }
        pos.style.castling_kq = s.chars().all(|c| "KQkq".contains(c));
        let b = &self.rules.board;
        for ch in s.chars() {
            let owner = PlayerId(if ch.is_ascii_uppercase() { 0 } else { 1 });
            if let Some(zones) = gating
                && self.read_gate(pos, zones[owner.index()], owner, ch)
            {
                continue;
            }
            // A file letter may name a piece with first moves on its owner's first rank.
            let lower = ch.to_ascii_lowercase();
            if first_moves
                && lower.is_ascii_lowercase()
                && ((lower as u8 - b'a') as i32) < b.files as i32
            {
                let f = (lower as u8 - b'a') as i32;
                let rank = if self.rules.players[owner.index()].forward.orient(0, 1).1 > 0 {
                    0
                } else {
                    b.ranks as i32 - 1
                };
                if let Some(c) = b.cell(f, rank)
                    && let Some(p) = pos.piece(c.index())
                    && p.owner == owner
                    && self.t.kind(p.kind.0, owner.index()).has_initial
                    && !self.castles_as(p.kind, false)
                {
                    pos.st.castling |= B::cell(c.index());
                    continue;
                }
            }
            let player = &self.rules.players[owner.index()].name;
            let right = |why: String| FenError::CastlingRight { right: ch, why };
            if self.rules.castling.is_empty() {
                // Only first-move rights here, and this letter names none.
                if first_moves && lower.is_ascii_lowercase() && (lower as u8 - b'a') < b.files {
                    let rank = if self.rules.players[owner.index()].forward.orient(0, 1).1 > 0 {
                        1
                    } else {
                        b.ranks
                    };
                    return Err(right(format!(
                        "{player} has no piece with a first move on {lower}{rank}"
                    )));
                }
                return Err(err());
            }
            let name = |k: PieceId| &self.rules.pieces[k.index()].name;
            let (king_name, rook_name) = (
                name(self.rules.castling[0].king),
                name(self.rules.castling[0].rook),
            );
            let Some(king) = self.castling_king(pos, owner) else {
                let letter = lower.is_ascii_lowercase() && (lower as u8 - b'a') < b.files;
                if !("kq".contains(lower) || letter) {
                    return Err(err());
                }
                return Err(right(format!("{player} has no {king_name} to castle")));
            };
            let (fk, rk) = b.coords(king);
            let rooks: Vec<Cell> = pos.by_owner[owner.index()]
                .cells()
                .map(|c| Cell(c as u16))
                .filter(|&c| {
                    pos.piece(c.index())
                        .is_some_and(|p| self.castles_as(p.kind, false))
                        && b.coords(c).1 == rk
                })
                .collect();
            let pick = match ch.to_ascii_lowercase() {
                'k' => rooks.iter().rev().find(|&&c| b.coords(c).0 > fk).copied(),
                'q' => rooks.iter().find(|&&c| b.coords(c).0 < fk).copied(),
                c if c.is_ascii_lowercase() && ((c as u8 - b'a') as i32) < b.files as i32 => {
                    let f = (c as u8 - b'a') as i32;
                    rooks.iter().find(|&&r| b.coords(r).0 == f).copied()
                }
                _ => return Err(err()),
            };
            let Some(r) = pick else {
                let last = (b'a' + b.files - 1) as char;
                return Err(right(match lower {
                    'k' => format!(
                        "{player} has no {rook_name} on its {king_name}'s rank towards the {last}-file"
                    ),
                    'q' => format!(
                        "{player} has no {rook_name} on its {king_name}'s rank towards the a-file"
                    ),
                    f => format!("{player} has no {rook_name} on {f}{}", rk + 1),
                }));
            };
            pos.st.castling |= B::cell(r.index());
            if let Some(zones) = gating {
                // `K`/`Q` give the king's and the partner's cells their gating rights too.
                let own = zones[owner.index()] & pos.by_owner[owner.index()];
                pos.gates |= own & (B::cell(r.index()) | B::cell(king.index()));
            }
        }
        Ok(())
    }

    /// Reads a file letter of the castling field as a gating right, in a game with gating: the
    /// cell of the player's gating zone on that file that holds one of its pieces (Fairy-Stockfish
    /// writes the rights of the cells that castling does not imply so).
    fn read_gate(&self, pos: &mut Pos<B>, zone: B, owner: PlayerId, ch: char) -> bool {
        let b = &self.rules.board;
        let lower = ch.to_ascii_lowercase();
        if "kq".contains(lower) || !lower.is_ascii_lowercase() || lower as u8 - b'a' >= b.files {
            return false;
        }
        let f = (lower as u8 - b'a') as i32;
        let Some(c) = (zone & pos.by_owner[owner.index()])
            .cells()
            .find(|&c| b.coords(Cell(c as u16)).0 == f)
        else {
            return false;
        };
        pos.gates |= B::cell(c);
        true
    }

    /// Reads the en-passant field: one or more cells, written together (`e3`, FSF's `c3b4` for a
    /// piece whose move lists both the passed cell and its own). The piece that passed them is the
    /// last mover's piece that can be taken en passant on a listed cell, or standing one or two
    /// steps beyond a listed cell in its owner's forward direction.
    fn parse_ep(&self, pos: &mut Pos<B>, s: &str) -> Result<(), FenError> {
        if s == "-" {
            return Ok(());
        }
        let err = || FenError::EnPassant(s.into());
        if !s.is_ascii() {
            return Err(err());
        }
        let b = &self.rules.board;
        let mut cells = Vec::new();
        let mut rest = s;
        while !rest.is_empty() {
            let digits = rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |i| i + 1);
            cells.push(self.parse_cell(&rest[..digits]).ok_or_else(err)?);
            rest = &rest[digits..];
        }
        let n = self.rules.players.len();
        let last = (pos.st.side.index() + n - 1) % n;
        let passable = |c: Cell| {
            pos.piece(c.index()).is_some_and(|p| {
                p.owner.index() == last && self.rules.pieces[p.kind.index()].can_be_taken_en_passant
            })
        };
        let (dx, dy) = self.rules.players[last].forward.orient(0, 1);
        let mut victim = cells.iter().copied().find(|&c| passable(c));
        for &c in &cells {
            if victim.is_some() {
                break;
            }
            let (f, r) = b.coords(c);
            for k in 1..=2 {
                match b.cell(f + k * dx, r + k * dy) {
                    Some(v) if passable(v) => {
                        victim = Some(v);
                        break;
                    }
                    Some(v) if pos.is_empty(v.index()) => {}
                    _ => break,
                }
            }
        }
        let Some(victim) = victim else {
            return Err(err());
        };
        let listed = cells.contains(&victim);
        if cells.iter().all(|&c| c == victim) {
            // Only the piece's own cell: nothing it passed.
            return Err(err());
        }
        for c in cells.into_iter().filter(|&c| c != victim) {
            if !pos.is_empty(c.index()) {
                return Err(err());
            }
            pos.st.ep_cells |= B::cell(c.index());
        }
        pos.st.ep_victim = Some(victim);
        pos.style.ep_as_written = true;
        pos.style.ep_victim_listed = listed;
        Ok(())
    }
}
