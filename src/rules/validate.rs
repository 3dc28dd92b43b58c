//! The one check a rule set from outside (RON or JSON from another tool, a hand-edited export)
//! passes before any engine table is built: every index, range, size and reference, every text
//! that goes into a protocol or an ini file, and every combination the engine cannot play. The
//! first fault found is reported with the path of the field at fault, as serde names it:
//! `pieces[3].promotions[0].to: no piece 9`.

use super::*;

/// Why a rule set cannot be played: the field at fault and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct RuleSetError {
    /// The field, as a path from the rule set: `pieces[3].promotions[0].to`.
    pub path: String,
    /// What is wrong with it.
    pub message: String,
}

/// The longest board side, in files or ranks.
pub const MAX_SIDE: u8 = 16;
/// The most move vectors, summed over every piece type, that a rule set may have: the engine's
/// tables grow with it for every player and cell.
pub const MAX_VECTORS: usize = 1024;
/// The most cells that must be empty (`paths` of move parts), summed over every piece type.
pub const MAX_PATH_CELLS: usize = 1024;
/// The largest piece value, in pawns: generous for the strongest pieces of large variants (a
/// Queen is 9). Material can then sum past the search's mate scores (10,000 pawns), so the
/// evaluation clamps its sum well inside them (search/eval.rs): no material count reads as a mate.
pub const MAX_VALUE: i32 = 1000;
/// The longest name or title, in bytes.
pub const MAX_NAME_LEN: usize = 128;
/// The most rules of one kind: promotions of a type, goals, extinction rules, castling rules,
/// honours of a counting rule, groups and pairs of a shuffle.
pub const MAX_RULES: usize = 64;
/// The longest limit of a counting rule, in moves (a FEN's counting field holds up to 20,000
/// plies).
pub const MAX_COUNT_LIMIT: u16 = 10_000;
/// The longest start position FEN, in bytes.
pub const MAX_SETUP_LEN: usize = 4096;

type Checked = Result<(), RuleSetError>;

fn fail(path: impl Into<String>, message: impl Into<String>) -> Checked {
    Err(RuleSetError {
        path: path.into(),
        message: message.into(),
    })
}

/// Whether a symbol is an upper-case letter, maybe after `+`.
pub fn valid_symbol(s: &str) -> bool {
    let s = s.strip_prefix('+').unwrap_or(s);
    s.len() == 1 && s.chars().all(|c| c.is_ascii_uppercase())
}

/// Whether a text is a name as the language writes one: letters, digits, `-` and `_`, with a
/// letter after any leading digits. Names go into FENs, UCI option lists, XBoard feature lines
/// and variants.ini section headers, where anything else (a space, `]`, a line break) would
/// change their meaning.
pub fn valid_name(s: &str) -> bool {
    let rest = s.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.starts_with(|c: char| c.is_ascii_alphabetic())
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && s.len() <= MAX_NAME_LEN
}

fn strictly_sorted<T: Ord>(xs: &[T]) -> bool {
    xs.windows(2).all(|w| w[0] < w[1])
}

/// The checks, with the rule set and its sizes once they are known to be in range.
struct Check<'a> {
    r: &'a RuleSet,
    cells: usize,
}

impl Check<'_> {
    fn name(&self, path: &str, s: &str) -> Checked {
        if valid_name(s) {
            return Ok(());
        }
        if s.len() > MAX_NAME_LEN {
            return fail(
                path,
                format!("a name is at most {MAX_NAME_LEN} bytes, not {}", s.len()),
            );
        }
        fail(
            path,
            format!(
                "{s:?} is not a name (letters, digits, `-` and `_`, with a letter after any leading digits)"
            ),
        )
    }

    fn piece(&self, path: &str, id: PieceId) -> Checked {
        if id.index() < self.r.pieces.len() {
            Ok(())
        } else {
            fail(path, format!("no piece {id}"))
        }
    }

    fn zone(&self, path: &str, id: ZoneId) -> Checked {
        if id.index() < self.r.zones.len() {
            Ok(())
        } else {
            fail(path, format!("no zone {id}"))
        }
    }

    fn zone_opt(&self, path: &str, id: Option<ZoneId>) -> Checked {
        id.map_or(Ok(()), |z| self.zone(path, z))
    }

    fn player(&self, path: &str, id: PlayerId) -> Checked {
        if id.index() < self.r.players.len() {
            Ok(())
        } else {
            fail(path, format!("no player {id}"))
        }
    }

    fn cell(&self, path: &str, c: Cell) -> Checked {
        if c.index() < self.cells {
            Ok(())
        } else {
            let b = &self.r.board;
            fail(
                path,
                format!("no cell {c} on a {} x {} board", b.files, b.ranks),
            )
        }
    }

    /// A list of piece types: each known, none twice.
    fn pieces(&self, path: &str, list: &[PieceId]) -> Checked {
        for (i, &k) in list.iter().enumerate() {
            self.piece(path, k)?;
            if list[..i].contains(&k) {
                return fail(path, format!("piece {k} is listed twice"));
            }
        }
        Ok(())
    }

    fn count(&self, path: &str, n: usize, what: &str) -> Checked {
        if n > MAX_RULES {
            return fail(path, format!("at most {MAX_RULES} {what}, not {n}"));
        }
        Ok(())
    }

    fn two_players(&self, path: &str, what: &str) -> Checked {
        if self.r.players.len() != 2 {
            return fail(path, format!("{what} needs two players"));
        }
        Ok(())
    }

    fn texts(&self) -> Checked {
        let r = self.r;
        self.name("game", &r.game)?;
        self.name("variant", &r.variant)?;
        if let Some(t) = &r.title {
            if t.len() > MAX_NAME_LEN {
                return fail(
                    "title",
                    format!("a title is at most {MAX_NAME_LEN} bytes, not {}", t.len()),
                );
            }
            if let Some(c) = t.chars().find(|&c| c.is_control() || c == '"') {
                return fail(
                    "title",
                    format!("{c:?} in a title (no control characters or `\"`)"),
                );
            }
        }
        Ok(())
    }

    fn board(&self) -> Checked {
        let b = &self.r.board;
        for (path, side) in [("board.files", b.files), ("board.ranks", b.ranks)] {
            if !(1..=MAX_SIDE).contains(&side) {
                return fail(
                    path,
                    format!("board sides must be 1..{MAX_SIDE}, not {side}"),
                );
            }
        }
        for &h in &b.holes {
            self.cell("board.holes", h)?;
        }
        if !strictly_sorted(&b.holes) {
            return fail("board.holes", "holes must be sorted and listed once each");
        }
        if b.holes.len() >= self.cells {
            return fail("board.holes", "the board has no cell that is not a hole");
        }
        Ok(())
    }

    fn players(&self) -> Checked {
        let players = &self.r.players;
        if !(2..=MAX_PLAYERS).contains(&players.len()) {
            return fail(
                "players",
                format!(
                    "a game needs 2 to {MAX_PLAYERS} players, not {}",
                    players.len()
                ),
            );
        }
        for (i, p) in players.iter().enumerate() {
            let path = format!("players[{i}].name");
            self.name(&path, &p.name)?;
            if players[..i].iter().any(|q| q.name == p.name) {
                return fail(path, format!("player `{}` is listed twice", p.name));
            }
            let tag = |n: &str| n.chars().next().map(|c| c.to_ascii_lowercase());
            // With more than two players, a FEN tags each piece with its owner's first letter.
            if players.len() > 2 && players[..i].iter().any(|q| tag(&q.name) == tag(&p.name)) {
                return fail(
                    path,
                    format!(
                        "with more than two players, names must start with different letters: `{}`",
                        p.name
                    ),
                );
            }
            if players.len() > 2 && !p.name.starts_with(|c: char| c.is_ascii_alphabetic()) {
                return fail(
                    path,
                    format!(
                        "with more than two players, a name starts with a letter (it tags the player's pieces in a FEN): `{}`",
                        p.name
                    ),
                );
            }
        }
        Ok(())
    }

    fn zones(&self) -> Checked {
        let zones = &self.r.zones;
        if zones.len() > MAX_ZONES {
            return fail(
                "zones",
                format!(
                    "a game may have at most {MAX_ZONES} zones, not {}",
                    zones.len()
                ),
            );
        }
        for (i, z) in zones.iter().enumerate() {
            let path = format!("zones[{i}]");
            self.name(&format!("{path}.name"), &z.name)?;
            if zones[..i].iter().any(|y| y.name == z.name) {
                return fail(
                    format!("{path}.name"),
                    format!("zone `{}` is listed twice", z.name),
                );
            }
            if z.cells.len() != self.r.players.len() {
                return fail(
                    format!("{path}.cells"),
                    format!(
                        "a list of cells for each of the {} players, not {}",
                        self.r.players.len(),
                        z.cells.len()
                    ),
                );
            }
            for (p, cells) in z.cells.iter().enumerate() {
                let path = format!("{path}.cells[{p}]");
                for &c in cells {
                    self.cell(&path, c)?;
                }
                if !strictly_sorted(cells) {
                    return fail(path, "cells must be sorted and listed once each");
                }
            }
        }
        Ok(())
    }

    fn all_pieces(&self) -> Checked {
        let pieces = &self.r.pieces;
        if pieces.is_empty() || pieces.len() > MAX_PIECES {
            return fail(
                "pieces",
                format!(
                    "a game needs 1 to {MAX_PIECES} piece types, not {}",
                    pieces.len()
                ),
            );
        }
        let (mut vectors, mut path_cells) = (0, 0);
        for (i, p) in pieces.iter().enumerate() {
            self.piece_type(i, p)?;
            vectors += p.moves.iter().map(|m| m.vectors.len()).sum::<usize>();
            path_cells += p
                .moves
                .iter()
                .flat_map(|m| &m.paths)
                .map(Vec::len)
                .sum::<usize>();
        }
        if vectors > MAX_VECTORS {
            return fail(
                "pieces",
                format!("the pieces have {vectors} move vectors in all; at most {MAX_VECTORS}"),
            );
        }
        if path_cells > MAX_PATH_CELLS {
            return fail(
                "pieces",
                format!(
                    "the pieces' moves name {path_cells} cells that must be empty in all; at most {MAX_PATH_CELLS}"
                ),
            );
        }
        Ok(())
    }

    fn piece_type(&self, i: usize, p: &PieceType) -> Checked {
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
                    "{:?}: a symbol is an upper-case letter, maybe after `+`",
                    p.symbol
                ),
            );
        }
        if r.pieces[..i].iter().any(|q| q.symbol == p.symbol) {
            return fail(at("symbol"), format!("symbol `{}` is used twice", p.symbol));
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
        for (j, m) in p.moves.iter().enumerate() {
            self.move_part(&at(&format!("moves[{j}]")), m)?;
        }
        self.zone_opt(&at("confined_to"), p.confined_to)?;
        self.zone_opt(&at("barred_from"), p.barred_from)?;
        self.count(&at("promotions"), p.promotions.len(), "promotion rules")?;
        for (j, pr) in p.promotions.iter().enumerate() {
            let at = |field: &str| at(&format!("promotions[{j}].{field}"));
            self.zone(&at("zone"), pr.zone)?;
            self.pieces(&at("to"), &pr.to)?;
            if pr.to.contains(&PieceId(i as u8)) {
                return fail(at("to"), format!("a promotion of piece {i} to itself"));
            }
            if pr.to.is_empty() && !pr.swap {
                return fail(at("to"), "a promotion to nothing (and no swap)");
            }
            if pr.swap && !r.captures_to_hand {
                return fail(at("swap"), "a swap promotion needs `captures_to_hand`");
            }
            self.zone_opt(&at("deferred_after_drop_in"), pr.deferred_after_drop_in)?;
        }
        let d = &p.drops;
        self.zone_opt(&at("drops.zone"), d.zone)?;
        for (field, limit) in [
            ("max_per_file", d.max_per_file),
            ("max_per_colour", d.max_per_colour),
            ("max_on_board", d.max_on_board),
        ] {
            if limit == Some(0) {
                return fail(at(&format!("drops.{field}")), "a limit of 0 pieces");
            }
        }
        self.zone_opt(&at("en_passant_zone"), p.en_passant_zone)?;
        self.pieces(&at("first_moves_lost_to"), &p.first_moves_lost_to)?;
        self.pieces(&at("may_not_hop_over"), &p.may_not_hop_over)?;
        self.pieces(&at("may_not_capture"), &p.may_not_capture)?;
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
        }
        self.zone_opt(&at("from_zone"), m.from_zone)?;
        if m.within && m.from_zone.is_none() {
            return fail(at("within"), "`within` needs a `from_zone`");
        }
        if m.initial && (m.range != 1 || m.style != Style::Leap || m.hop || m.mode != Mode::Move) {
            return fail(at("initial"), "a first move (`i`) must be a move-only leap");
        }
        Ok(())
    }

    fn setup(&self) -> Checked {
        let s = &self.r.setup;
        if s.len() > MAX_SETUP_LEN {
            return fail(
                "setup",
                format!("a FEN is at most {MAX_SETUP_LEN} bytes, not {}", s.len()),
            );
        }
        if let Some(c) = s.chars().find(|&c| !(' '..='~').contains(&c)) {
            return fail(
                "setup",
                format!("{c:?} in a FEN (printable ASCII and spaces only)"),
            );
        }
        Ok(())
    }

    fn drops_and_hands(&self) -> Checked {
        let r = self.r;
        if r.captures_to_partner && r.captures_to_hand {
            return fail(
                "captures_to_partner",
                "captures go to hand or to a partner, not both",
            );
        }
        self.pieces("hand_order", &r.hand_order)?;
        self.count("castling", r.castling.len(), "castling rules")?;
        for (i, c) in r.castling.iter().enumerate() {
            let at = |field: &str| format!("castling[{i}].{field}");
            self.piece(&at("king"), c.king)?;
            self.piece(&at("rook"), c.rook)?;
            if c.king == c.rook {
                return fail(at("rook"), "castling needs two different types");
            }
            if let Some((h, l)) = c.king_to
                && h.max(l) >= r.board.files
            {
                return fail(
                    at("king_to"),
                    format!(
                        "({h}, {l}): the king would land off a board of {} files",
                        r.board.files
                    ),
                );
            }
            if r.castling[..i]
                .iter()
                .any(|o| o.king == c.king && o.rook == c.rook)
            {
                return fail(
                    format!("castling[{i}]"),
                    format!("pieces {} and {} castle twice", c.king, c.rook),
                );
            }
            if r.castling[..i]
                .iter()
                .any(|o| o.king == c.king && o.king_to != c.king_to)
            {
                return fail(at("king_to"), "one type castles to different files");
            }
        }
        if let Some(sh) = &r.shuffle {
            self.two_players("shuffle", "a shuffled set-up")?;
            let b = &r.board;
            let mirror = |c: Cell| {
                let (f, rank) = b.coords(c);
                b.cell(f, b.ranks as i32 - 1 - rank)
            };
            for &c in &sh.cells {
                self.cell("shuffle.cells", c)?;
                let (f, rank) = b.coords(c);
                if b.cell(f, rank).is_none() || mirror(c).is_none() {
                    return fail("shuffle.cells", format!("cell {c} or its mirror is a hole"));
                }
                if mirror(c).is_some_and(|m| sh.cells.contains(&m)) {
                    return fail(
                        "shuffle.cells",
                        format!("cell {c} and its mirror are both shuffled"),
                    );
                }
            }
            if !strictly_sorted(&sh.cells) {
                return fail("shuffle.cells", "cells must be sorted and listed once each");
            }
            self.count("shuffle.both_colours", sh.both_colours.len(), "groups")?;
            for (i, g) in sh.both_colours.iter().enumerate() {
                self.pieces(&format!("shuffle.both_colours[{i}]"), g)?;
            }
            self.count("shuffle.between", sh.between.len(), "pairs")?;
            for (i, (a, c)) in sh.between.iter().enumerate() {
                self.piece(&format!("shuffle.between[{i}].0"), *a)?;
                self.piece(&format!("shuffle.between[{i}].1"), *c)?;
            }
        }
        for (i, g) in r.interchangeable.iter().enumerate() {
            let path = format!("interchangeable[{i}]");
            if g.len() < 2 {
                return fail(path, "an interchangeable group needs two or more types");
            }
            self.pieces(&path, g)?;
            if let Some(&k) = g
                .iter()
                .find(|&&k| r.interchangeable[..i].iter().flatten().any(|&e| e == k))
            {
                return fail(path, format!("piece {k} is in two interchangeable groups"));
            }
            if let Some(&k) = g.iter().find(|&&k| r.pieces[k.index()].royal) {
                return fail(
                    path,
                    format!(
                        "royal piece `{}` cannot be interchangeable: it never goes to hand",
                        r.pieces[k.index()].name
                    ),
                );
            }
        }
        for (i, &z) in r.separated.iter().enumerate() {
            self.zone("separated", z)?;
            if r.separated[..i].contains(&z) {
                return fail("separated", format!("zone {z} is listed twice"));
            }
        }
        Ok(())
    }

    /// Every type that may go to hand goes there as a type a hand can hold (a FEN writes hands
    /// with bare letters): not a `+X` type.
    fn hand_types(&self) -> Checked {
        let r = self.r;
        if !r.captures_to_hand {
            return Ok(());
        }
        let roots = r.roots();
        for (i, p) in r.pieces.iter().enumerate() {
            if p.royal {
                continue;
            }
            let id = PieceId(i as u8);
            let (slot, how) = if r.promoted_keep_type_in_hand {
                (r.hand_slot(id), "`promoted_keep_type_in_hand`")
            } else {
                match roots[i] {
                    Some(root) if !r.pieces[root.index()].symbol.starts_with('+') => (
                        r.hand_slot(root),
                        "the first type of its interchangeable group",
                    ),
                    _ => (
                        id,
                        "no single unpromoted type promotes to it, directly or through `+X` types",
                    ),
                }
            };
            let held = &r.pieces[slot.index()];
            if held.symbol.starts_with('+') && !held.royal && !held.removed_when_captured {
                return fail(
                    format!("pieces[{i}]"),
                    format!(
                        "a captured `{}` would go to hand as `{}` ({how}), and a hand cannot hold a `+X` type",
                        p.symbol, held.symbol
                    ),
                );
            }
        }
        Ok(())
    }

    /// The format version.
    fn format(&self) -> Checked {
        if self.r.format != FORMAT {
            let text = format_refusal(self.r.format);
            return fail("format", &text["format: ".len()..]);
        }
        Ok(())
    }

    /// A list of mechanics: at most [`MAX_RULES`] entries, no kind twice where one is enough.
    fn entries<T>(&self, name: &str, list: &[T], rank: impl Fn(&T) -> u8, many: &[u8]) -> Checked {
        self.count(name, list.len(), "entries")?;
        for (i, e) in list.iter().enumerate() {
            let k = rank(e);
            if !many.contains(&k) && list[..i].iter().any(|o| rank(o) == k) {
                return fail(format!("{name}[{i}]"), "this rule is listed twice");
            }
        }
        Ok(())
    }

    /// The move rules, drop rules, effects and filters.
    fn mechanics(&self) -> Checked {
        let r = self.r;
        let move_rank = |m: &MoveRule| match m {
            MoveRule::RoyalsMayNotFace => 0,
            MoveRule::Passing { .. } => 1,
        };
        self.entries("moves", &r.moves, move_rank, &[])?;
        let drop_rank = |d: &DropRule| match d {
            DropRule::Enclose { .. } => 0,
            DropRule::TouchOwn => 1,
            DropRule::Free { .. } => 2,
            DropRule::NotWhereStuck => 3,
        };
        self.entries("drops", &r.drops, drop_rank, &[])?;
        for (i, d) in r.drops.iter().enumerate() {
            match d {
                DropRule::Enclose { start } => {
                    self.zone_opt(&format!("drops[{i}].start"), *start)?
                }
                DropRule::Free { pieces } => self.pieces(&format!("drops[{i}].pieces"), pieces)?,
                DropRule::TouchOwn | DropRule::NotWhereStuck => {}
            }
        }
        self.entries("effects", &r.effects, Effect::rank, &[])?;
        for (i, e) in r.effects.iter().enumerate() {
            let at = |field: &str| format!("effects[{i}].{field}");
            match e {
                Effect::CastlingByDrops { kings, partners } => {
                    self.zone(&at("kings"), *kings)?;
                    self.zone(&at("partners"), *partners)?;
                }
                Effect::Blast {
                    spare_nearby,
                    spare_always,
                } => {
                    self.pieces(&at("spare_nearby"), spare_nearby)?;
                    self.pieces(&at("spare_always"), spare_always)?;
                    if let Some(k) = spare_always.iter().find(|k| spare_nearby.contains(k)) {
                        return fail(
                            at("spare_always"),
                            format!("piece {k} is also in `spare_nearby`"),
                        );
                    }
                }
                Effect::FlipEnclosed | Effect::LeaveWalls | Effect::FlipNeighbours => {}
            }
        }
        let filter_rank = |f: &Filter| match f {
            Filter::NoChecks { .. } => 0,
            Filter::MustDrop { .. } => 1,
            Filter::CheckedRoyalOnlyCaptures => 2,
            Filter::MustCapture => 3,
        };
        self.entries("filters", &r.filters, filter_rank, &[])?;
        for (i, f) in r.filters.iter().enumerate() {
            if let Filter::MustDrop { pieces } = f {
                let path = format!("filters[{i}].pieces");
                self.pieces(&path, pieces)?;
                if !r.has_hands() {
                    return fail(path, "compulsory drops need hands");
                }
            }
        }
        Ok(())
    }

    /// The rules that end a game and what ends mean.
    fn endings(&self) -> Checked {
        let r = self.r;
        let two = r.players.len() == 2;
        // Goals and extinction rules may be many; every other ending once.
        self.entries("endings", &r.endings, EndingRule::rank, &[0, 1])?;
        for (i, e) in r.endings.iter().enumerate() {
            self.ending(&format!("endings[{i}]"), e, two)?;
        }
        let verdict_rank = |v: &Verdict| match v {
            Verdict::MateNeedsCheckBy { .. } => 0,
            Verdict::StalemateCountsPieces => 1,
            Verdict::DrawOdds { .. } => 2,
            Verdict::DrawsByValue(_) => 3,
        };
        self.entries("verdicts", &r.verdicts, verdict_rank, &[])?;
        for (i, v) in r.verdicts.iter().enumerate() {
            let at = |field: &str| format!("verdicts[{i}].{field}");
            match v {
                Verdict::MateNeedsCheckBy { pieces } => self.pieces(&at("pieces"), pieces)?,
                Verdict::StalemateCountsPieces => {}
                Verdict::DrawOdds { player } => self.player(&at("player"), *player)?,
                Verdict::DrawsByValue(v) => {
                    self.two_players(&format!("verdicts[{i}]"), "draws decided by value")?;
                    self.player(&at("player"), v.player)?;
                }
            }
        }
        Ok(())
    }

    /// One ending, at `at` (`endings[3]`).
    fn ending(&self, at: &str, e: &EndingRule, two: bool) -> Checked {
        let f = |field: &str| format!("{at}.{field}");
        match e {
            EndingRule::Goal(g) => {
                self.zone(&f("zone"), g.zone)?;
                if g.pieces.is_empty() {
                    return fail(f("pieces"), "a goal needs a piece type");
                }
                self.pieces(&f("pieces"), &g.pieces)?;
            }
            EndingRule::Extinction(e) => {
                self.pieces(&f("pieces"), &e.pieces)?;
                if e.outcome == Outcome::Elimination || (!two && e.outcome == Outcome::Loss) {
                    return fail(
                        f("outcome"),
                        "an extinction rule wins, loses or draws; with more than two players it wins or draws",
                    );
                }
            }
            EndingRule::FullBoard | EndingRule::Facing => {}
            EndingRule::CheckLimit { checks } => {
                if *checks == 0 {
                    return fail(f("checks"), "a check limit of 0");
                }
                self.two_players(at, "a check limit")?;
            }
            EndingRule::Repetition(rep) => self.repetition(at, rep, two)?,
            EndingRule::BackAndForth(b) => {
                if b.times < 2 {
                    return fail(
                        f("times"),
                        format!("back and forth needs 2 moves or more, not {}", b.times),
                    );
                }
                self.two_players(at, "back and forth")?;
                self.pieces(&f("except"), &b.except)?;
            }
            EndingRule::MoveLimit { moves } => {
                if *moves == 0 {
                    return fail(f("moves"), "a move limit of 0");
                }
            }
            EndingRule::Counting(c) => self.counting(at, c)?,
        }
        Ok(())
    }

    fn repetition(&self, at: &str, rep: &Repetition, two: bool) -> Checked {
        let f = |field: &str| format!("{at}.{field}");
        if rep.count < 2 {
            return fail(
                f("count"),
                format!(
                    "a repetition rule needs a count of 2 or more, not {}",
                    rep.count
                ),
            );
        }
        if let Some(p) = rep.player {
            self.player(&f("player"), p)?;
        }
        if rep.outcome == Outcome::Elimination || (!two && rep.outcome != Outcome::Draw) {
            return fail(
                f("outcome"),
                "a repetition wins, loses or draws; with more than two players it draws",
            );
        }
        if rep.perpetual_check_loses {
            self.two_players(&f("perpetual_check_loses"), "perpetual check")?;
        }
        Ok(())
    }

    fn counting(&self, at: &str, c: &Counting) -> Checked {
        let f = |field: &str| format!("{at}.{field}");
        self.two_players(at, "a counting rule")?;
        if c.board.is_none() && c.bare.is_none() {
            return fail(at, "a counting rule needs a board's or a pieces' honour");
        }
        self.pieces(&f("stoppers"), &c.stoppers)?;
        let limit = |path: &str, l: u16| {
            if l > MAX_COUNT_LIMIT {
                return fail(
                    path,
                    format!("a count is at most {MAX_COUNT_LIMIT} moves, not {l}"),
                );
            }
            Ok(())
        };
        if let Some(b) = &c.board {
            limit(&f("board.limit"), b.limit)?;
        }
        if let Some(b) = &c.bare {
            limit(&f("bare.default"), b.default)?;
            self.count(&f("bare.honours"), b.honours.len(), "honours")?;
            for (i, h) in b.honours.iter().enumerate() {
                self.piece(&f(&format!("bare.honours[{i}].piece")), h.piece)?;
                limit(&f(&format!("bare.honours[{i}].limit")), h.limit)?;
            }
        }
        Ok(())
    }
}

impl RuleSet {
    /// Checks that a rule set (one loaded from RON or JSON by another tool, say) describes a game
    /// the engine can play: every index, size and range, every name and text that goes into a
    /// FEN, a protocol or an ini file, every list free of repeats that would make one move count
    /// twice, and nothing the language itself would refuse. The error names the field at fault.
    ///
    /// ```
    /// let src = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
    /// let mut rules = varia::compile(&src, None).unwrap();
    /// rules.pieces[5].promotions[0].to.push(varia::rules::PieceId(9));
    /// let e = rules.validate().unwrap_err();
    /// assert_eq!(e.to_string(), "pieces[5].promotions[0].to: no piece 9");
    /// assert_eq!(e.path, "pieces[5].promotions[0].to");
    /// ```
    pub fn validate(&self) -> Result<(), RuleSetError> {
        let check = Check {
            r: self,
            cells: self.board.cells(),
        };
        check.format()?;
        check.texts()?;
        check.board()?;
        check.players()?;
        check.zones()?;
        check.all_pieces()?;
        check.setup()?;
        check.drops_and_hands()?;
        check.hand_types()?;
        check.mechanics()?;
        check.endings()
    }
}
