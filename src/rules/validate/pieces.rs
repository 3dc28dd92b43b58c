//! The piece types: names, symbols, values, move parts, zones, drop limits and lists of types.

use super::*;

impl Check<'_> {
    pub(super) fn all_pieces(&mut self) {
        let pieces = &self.r.pieces;
        if pieces.is_empty() || pieces.len() > MAX_PIECES {
            self.keep(fail(
                "pieces",
                format!(
                    "a game needs 1 to {MAX_PIECES} piece types, not {}",
                    pieces.len()
                ),
            ));
            return;
        }
        let mut vectors = 0;
        for (i, p) in pieces.iter().enumerate() {
            self.piece_type(i, p);
            vectors += p.moves.iter().map(|m| m.vectors.len()).sum::<usize>();
            vectors += p
                .leg_moves
                .iter()
                .flat_map(|m| &m.legs)
                .map(|l| 1 + l.1.len())
                .sum::<usize>();
            vectors += p.leg_chains.iter().map(|c| c.paths.len()).sum::<usize>();
        }
        if vectors > MAX_VECTORS {
            self.keep(fail(
                "pieces",
                format!("the pieces have {vectors} move vectors in all; at most {MAX_VECTORS}"),
            ));
        }
    }

    fn piece_type(&mut self, i: usize, p: &PieceType) {
        let at = |field: &str| format!("pieces[{i}].{field}");
        self.keep(self.identity(i, p));
        for (j, m) in p.moves.iter().enumerate() {
            self.keep(self.move_part(&at(&format!("moves[{j}]")), m));
        }
        for (j, m) in p.leg_moves.iter().enumerate() {
            self.keep(Self::leg_move(&at(&format!("leg_moves[{j}]")), m));
        }
        for (j, c) in p.leg_chains.iter().enumerate() {
            self.keep(Self::leg_chain(&at(&format!("leg_chains[{j}]")), c));
        }
        if !p.leg_moves.is_empty() || !p.leg_chains.is_empty() {
            for (field, set) in [
                ("confined_to", p.confined_to.is_some()),
                ("barred_from", p.barred_from.is_some()),
            ] {
                if set {
                    self.keep(fail(
                        at(field),
                        "a piece with moves in legs may not be kept in or out of a zone, yet",
                    ));
                }
            }
        }
        self.keep(self.zone_opt(&at("confined_to"), p.confined_to));
        self.keep(self.zone_opt(&at("barred_from"), p.barred_from));
        self.promotions(i, p);
        let d = &p.drops;
        self.keep(self.zone_opt(&at("drops.zone"), d.zone));
        for (field, limit) in [
            ("max_per_file", d.max_per_file),
            ("max_per_colour", d.max_per_colour),
            ("max_on_board", d.max_on_board),
        ] {
            if limit == Some(0) {
                self.keep(fail(at(&format!("drops.{field}")), "a limit of 0 pieces"));
            }
        }
        self.keep(self.zone_opt(&at("en_passant_zone"), p.en_passant_zone));
        self.keep(self.pieces(&at("first_moves_lost_to"), &p.first_moves_lost_to));
        self.keep(self.pieces(&at("may_not_hop_over"), &p.may_not_hop_over));
        self.keep(self.pieces(&at("may_not_capture"), &p.may_not_capture));
        for (j, l) in p.capture_limits.iter().enumerate() {
            self.capture_limit(&at(&format!("capture_limits[{j}]")), p, l);
        }
        self.until_capture(&at("moves_until_capture"), p);
        if p.range_captures && p.rank == 0 {
            self.keep(fail(
                at("rank"),
                "a piece that captures over lower ranks needs a rank above 0 (`rank N`)",
            ));
        } else if p.range_captures && p.range_capture_rides().is_empty() {
            self.keep(fail(
                at("range_captures"),
                "`captures over lower ranks` needs a ride of single steps that may capture (`R`, `B`, `Q`, `fR4`, ...)",
            ));
        }
    }

    /// The moves left until the first capture: leaps, in a game whose pieces tell when a player
    /// has captured (two players and no hands: an opponent's pieces on the board fall only by
    /// the mover's captures).
    fn until_capture(&mut self, at: &str, p: &PieceType) {
        if p.moves_until_capture.is_empty() {
            return;
        }
        for (j, m) in p.moves_until_capture.iter().enumerate() {
            let path = format!("{at}[{j}]");
            self.keep(self.move_part(&path, m));
            if m.range != 1
                || m.hop
                || m.style != Style::Leap
                || m.paths.iter().any(|x| !x.is_empty())
            {
                self.keep(fail(path, "the moves left until a capture are leaps"));
            }
        }
        if self.r.players.len() != 2 {
            self.keep(fail(
                at,
                "`moves only ... until its side captures` needs two players: an opponent's pieces may fall to a third",
            ));
        }
        if self.r.has_hands() || !self.r.free_drops().is_empty() {
            self.keep(fail(
                at,
                "`moves only ... until its side captures` needs a game without hands or drops: its pieces tell when a player has captured",
            ));
        }
    }

    /// A capture limit: known types, a condition, and a piece that can take two pieces at once
    /// where the limit is lifted by a second capture.
    fn capture_limit(&mut self, at: &str, p: &PieceType, l: &CaptureLimit) {
        if l.pieces.is_empty() {
            self.keep(fail(
                format!("{at}.pieces"),
                "no type to limit the capture of",
            ));
        }
        self.keep(self.pieces(&format!("{at}.pieces"), &l.pieces));
        self.keep(self.pieces(&format!("{at}.unless_also"), &l.unless_also));
        let only_by = format!("{at}.unless_protected_only_by");
        self.keep(self.pieces(&only_by, &l.unless_protected_only_by));
        if !l.unless_protected_only_by.is_empty() && !l.protected {
            self.keep(fail(
                only_by,
                "`unless protected only by` qualifies `protected`, which this limit does not have",
            ));
        }
        if !l.protected && !l.from_afar && l.unless_also.is_empty() {
            self.keep(fail(
                at.to_string(),
                "a capture limit needs a condition (`protected`, `from afar` or `unless also capturing`); without one it is `may not capture`",
            ));
        }
        let takes_two = p.leg_moves.iter().any(|m| m.first.capture)
            || p.moves.iter().any(|m| m.style == Style::Displace);
        if !l.unless_also.is_empty() && !takes_two {
            self.keep(fail(
                format!("{at}.unless_also"),
                format!(
                    "`unless also capturing`: {} never takes two pieces in one move (no move in legs that captures on its way, no displacing move)",
                    p.name
                ),
            ));
        }
    }

    /// A piece type's name, symbol and value.
    fn identity(&self, i: usize, p: &PieceType) -> Checked {
        let r = self.r;
        let at = |field: &str| format!("pieces[{i}].{field}");
        self.name(&at("name"), &p.name)?;
        if r.pieces[..i].iter().any(|q| q.name == p.name) {
            return fail(at("name"), format!("piece `{}` is listed twice", p.name));
        }
        if !valid_symbol(&p.symbol) {
            return fail(
                at("symbol"),
                format!(
                    "{:?}: a symbol is an upper-case letter, maybe after `+`, maybe followed by `'` or `!`",
                    p.symbol
                ),
            );
        }
        // A FEN marks a dropped piece whose promotion waits with `!` after it: where that mark
        // can be written, `X!` would read both ways.
        let pending = r
            .pieces
            .iter()
            .flat_map(|q| &q.promotions)
            .any(|pr| pr.deferred_after_drop_in.is_some());
        if p.symbol.ends_with('!') && pending {
            return fail(
                at("symbol"),
                format!(
                    "symbol `{}`: a game whose promotions wait after a drop (`deferred after a drop`) writes `!` after such a piece in its FENs, so no symbol of it may end in `!`",
                    p.symbol
                ),
            );
        }
        if let Some(first) = r.pieces[..i].iter().find(|q| q.symbol == p.symbol) {
            return fail(
                at("symbol"),
                format!(
                    "symbol `{}` is already used by piece `{}`",
                    p.symbol, first.name
                ),
            );
        }
        if !(0..=MAX_VALUE).contains(&p.value) {
            return fail(
                at("value"),
                format!(
                    "a value is 0 to {MAX_VALUE} pawns (0: none given), not {}",
                    p.value
                ),
            );
        }
        Ok(())
    }

    /// A move in legs: legs, vectors within -15..15 and not (0, 0), a cell between them that
    /// may hold something.
    fn leg_move(path: &str, m: &LegMove) -> Checked {
        let at = |field: &str| format!("{path}.{field}");
        let fits = |&(x, y): &(i8, i8)| {
            (-15..=15).contains(&x) && (-15..=15).contains(&y) && (x, y) != (0, 0)
        };
        if m.legs.is_empty() {
            return fail(at("legs"), "a move in legs needs a first leg");
        }
        for (k, (first, seconds)) in m.legs.iter().enumerate() {
            if !fits(first) || seconds.is_empty() || !seconds.iter().all(fits) {
                return fail(
                    format!("{path}.legs[{k}]"),
                    "each leg's vectors are -15..15 each way, not (0, 0), and a first leg needs a second",
                );
            }
        }
        let s = m.first;
        if !(s.empty || s.capture || s.hop) {
            return fail(
                at("first"),
                "the cell between the legs must be allowed to hold something",
            );
        }
        if m.second_range != 1 {
            // A ride on from where the first leg stopped: never back along the first leg (it
            // would pass the cell the piece left), from an empty cell only, yet.
            let along = m.legs.iter().any(|&((x, y), ref seconds)| {
                seconds.iter().any(|&(u, v)| {
                    i32::from(x) * i32::from(v) == i32::from(y) * i32::from(u)
                        && i32::from(x) * i32::from(u) + i32::from(y) * i32::from(v) < 0
                })
            });
            if along || s.capture || s.hop {
                return fail(
                    at("second_range"),
                    "a second leg that rides starts from an empty cell and does not come back along the first leg, yet",
                );
            }
        } else if m.range != 1 {
            let back = m.legs.iter().all(|&((x, y), ref s)| s[..] == [(-x, -y)]);
            if !back || s.hop || !m.mode.moves() {
                return fail(
                    at("range"),
                    "a first leg that rides stops on an empty cell or an enemy and comes straight back to the start (each second leg the first reversed), yet",
                );
            }
        }
        Ok(())
    }

    /// A move in three legs: paths of three leaps each within -15..15 and not (0, 0), each cell
    /// between legs allowed to hold something.
    fn leg_chain(path: &str, c: &LegChain) -> Checked {
        let fits = |&(x, y): &(i8, i8)| {
            (-15..=15).contains(&x) && (-15..=15).contains(&y) && (x, y) != (0, 0)
        };
        if c.paths.is_empty() || c.paths.iter().any(|p| p.len() != 3 || !p.iter().all(fits)) {
            return fail(
                format!("{path}.paths"),
                "a move in three legs needs paths of three leaps, each -15..15 each way and not (0, 0)",
            );
        }
        if c.stops.len() != 2 || c.stops.iter().any(|s| !(s.empty || s.capture || s.hop)) {
            return fail(
                format!("{path}.stops"),
                "a move in three legs needs two stops, each allowed to hold something",
            );
        }
        Ok(())
    }

    fn move_part(&self, path: &str, m: &MovePart) -> Checked {
        let at = |field: &str| format!("{path}.{field}");
        let fits = |&(x, y): &(i8, i8)| (-15..=15).contains(&x) && (-15..=15).contains(&y);
        if m.vectors.is_empty() {
            return fail(at("vectors"), "a move part needs a vector");
        }
        for (k, v) in m.vectors.iter().enumerate() {
            if !fits(v) || *v == (0, 0) {
                return fail(
                    at("vectors"),
                    format!("{v:?}: a vector is -15..15 each way, and not (0, 0)"),
                );
            }
            if m.vectors[..k].contains(v) {
                return fail(at("vectors"), format!("{v:?} is listed twice"));
            }
        }
        if !m.paths.is_empty() && m.paths.len() != m.vectors.len() {
            return fail(
                at("paths"),
                format!(
                    "a path for each of the {} vectors, or none, not {}",
                    m.vectors.len(),
                    m.paths.len()
                ),
            );
        }
        for (k, cells) in m.paths.iter().enumerate() {
            if let Some(v) = cells.iter().find(|v| !fits(v)) {
                return fail(
                    format!("{path}.paths[{k}]"),
                    format!("{v:?}: a cell is -15..15 each way"),
                );
            }
            if cells.len() > MAX_PATH_LEN {
                return fail(
                    format!("{path}.paths[{k}]"),
                    format!("at most {MAX_PATH_LEN} cells, not {}", cells.len()),
                );
            }
        }
        self.zone_opt(&at("from_zone"), m.from_zone)?;
        if m.within && m.from_zone.is_none() {
            return fail(at("within"), "`within` needs a `from_zone`");
        }
        if m.initial && (m.range != 1 || m.style != Style::Leap || m.hop || m.mode != Mode::Move) {
            return fail(at("initial"), "a first move (`i`) must be a move-only leap");
        }
        if m.after_first
            && (m.initial
                || m.range != 1
                || m.style != Style::Leap
                || m.hop
                || m.mode != Mode::Move)
        {
            return fail(
                at("after_first"),
                "a move after the first (`after its first move`) must be a move-only leap, not a first move (`i`)",
            );
        }
        let unit = |&(x, y): &(i8, i8)| x.abs() <= 1 && y.abs() <= 1;
        if m.skips_first
            && (m.range == 1
                || m.style != Style::Leap
                || m.hop
                || m.initial
                || m.after_first
                || !m.paths.iter().all(Vec::is_empty)
                || !m.vectors.iter().all(unit))
        {
            return fail(
                at("skips_first"),
                "a ride that skips its first cell (`j` on a rider) rides one-cell steps, with no path, hop, style or first move of its own",
            );
        }
        Ok(())
    }
}
