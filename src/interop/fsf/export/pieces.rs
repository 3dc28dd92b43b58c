//! Piece types: which of Fairy-Stockfish's types each becomes, its letter, its piece key and
//! mobility regions.
//!
//! Every field of a piece type is taken apart by an exhaustive pattern (no `..`), so a field
//! added later does not compile here until the exporter decides how to say it or to refuse it.

use super::builtin::{self, Builtin};
use super::ini::{Ini, all_cells, squares};
use super::moves::betza_of;
use super::refusal::{Refusal, Result, piece_path, refuse};
use crate::rules::{Cell, DRESSES, Mode, MovePart, PieceId, PieceType, RuleSet, Style, ZoneId};

/// How a piece type is written for FSF.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Kind {
    /// FSF's built-in chess pawn.
    Pawn,
    /// FSF's built-in shogi pawn (`fW`), for its drop-mate rule.
    ShogiPawn,
    /// The custom royal piece (`king = x:BETZA`).
    King(String),
    /// A custom piece slot with its Betza.
    Custom(usize, String),
    /// A built-in piece whose moves no custom Betza says ([`builtin`]).
    Builtin(Builtin),
}

/// The facts about the chess pawn the exporter found.
pub(super) struct PawnFacts {
    /// The zone its double step starts from, if it has one.
    pub(super) double_step: Option<ZoneId>,
}

/// How the piece types are written: each one's FSF type and letter, and the chess pawn.
pub(super) struct Types {
    /// Each type's FSF type, by index.
    pub(super) kinds: Vec<Kind>,
    /// Each type's letter, by index.
    pub(super) letters: Vec<char>,
    /// The type that is the chess pawn (its index), and what it does.
    pub(super) pawn: Option<(usize, PawnFacts)>,
    /// Captures explode: FSF follows blasts only for pseudo-royal pieces, so the royal type is
    /// not its king but an extinction type ([`super::endings`]).
    blast: bool,
}

impl Types {
    /// Reads the piece types, or refuses one FSF cannot have.
    pub(super) fn of(rules: &RuleSet, setup: &str, captures_to_hand: bool) -> Result<Types> {
        if let Some(p) = rules.pieces.iter().find(|p| p.symbol.ends_with(DRESSES)) {
            return refuse(
                format!(
                    "symbol `{}`: Fairy-Stockfish names each piece type by one letter, without XBoard's `'` or `!`",
                    p.symbol
                ),
                piece_path(&rules.pieces, p, "symbol"),
            );
        }
        one_king(rules, setup)?;
        let mut t = Types {
            kinds: Vec::new(),
            letters: Vec::new(),
            pawn: None,
            blast: rules
                .effects
                .iter()
                .any(|e| matches!(e, crate::rules::Effect::Blast { .. })),
        };
        for (i, p) in rules.pieces.iter().enumerate() {
            let kind = t.kind(rules, i, p, captures_to_hand)?;
            t.kinds.push(kind);
        }
        t.letters = letters(rules)?;
        Ok(t)
    }

    /// A type's letter.
    pub(super) fn letter(&self, id: PieceId) -> char {
        self.letters[id.index()]
    }

    /// Which FSF type the type `i` becomes (after those before it).
    fn kind(&mut self, rules: &RuleSet, i: usize, p: &PieceType, to_hand: bool) -> Result<Kind> {
        let PieceType {
            name: _,
            symbol: _,
            value: _, // only the evaluation (and swaps, refused) use it
            royal,
            moves,
            leg_moves,
            leg_chains,
            confined_to: _, // written with the piece's key
            barred_from: _,
            promotions: _,
            drops,
            can_be_taken_en_passant,
            takes_en_passant,
            ep_field_full: _, // Fairy-Stockfish writes its custom pieces' field so by itself
            removed_when_captured,
            promotes_friendly_screens,
            demotes_enemy_screens,
            en_passant_zone,
            resets_clock: _,
            may_not_mate_alone,
            first_moves_lost_to: _, // refused below with the `i` moves
            may_not_hop_over,
            may_not_capture,
            capture_limits,
            moves_until_capture,
            rank: _, // it matters only with `range_captures`, refused below
            range_captures,
        } = p;
        let pc = |field: &str| piece_path(&rules.pieces, p, field);
        if !leg_chains.is_empty() {
            return refuse(
                "moves in three legs (XBetza `a` twice, the Lion Dog's `mcpafmcpavK`): Fairy-Stockfish's pieces move in one leg",
                pc("leg_chains"),
            );
        }
        if leg_moves.iter().any(|m| m.second_range != 1) {
            return refuse(
                "hook moves (XBetza `masR`: a ride that turns and rides on): Fairy-Stockfish's pieces move in one leg",
                pc("leg_moves"),
            );
        }
        if !leg_moves.is_empty() {
            return refuse(
                "moves in legs (XBetza `a`): Fairy-Stockfish's pieces move in one leg",
                pc("leg_moves"),
            );
        }
        if *promotes_friendly_screens || *demotes_enemy_screens {
            return refuse(
                "hop captures that promote or demote the screen: Fairy-Stockfish has none",
                pc(if *promotes_friendly_screens {
                    "promotes_friendly_screens"
                } else {
                    "demotes_enemy_screens"
                }),
            );
        }
        if *range_captures {
            return refuse(
                "`captures over lower ranks` (Tenjiku Shogi's jumping generals): Fairy-Stockfish has none",
                pc("range_captures"),
            );
        }
        if !moves_until_capture.is_empty() {
            return refuse(
                "`moves only ... until its side captures`: Fairy-Stockfish's pieces move alike all game (Simplified Gryphon's kings)",
                pc("moves_until_capture"),
            );
        }
        if !capture_limits.is_empty() {
            return refuse(
                "`may not capture protected TYPE... from afar, unless also capturing other than TYPE...`: Fairy-Stockfish has no capture limits (Chu Shogi's Lion, Mighty-Lion Chess's)",
                pc("capture_limits"),
            );
        }
        if !may_not_hop_over.is_empty() || !may_not_capture.is_empty() {
            return refuse(
                "`may not hop over` / `may not capture`: Fairy-Stockfish restricts only its own Janggi cannon",
                pc(if may_not_hop_over.is_empty() {
                    "may_not_capture"
                } else {
                    "may_not_hop_over"
                }),
            );
        }
        if *may_not_mate_alone {
            return refuse(
                "`may not mate alone`: Fairy-Stockfish's shatar rule is not this rule",
                pc("may_not_mate_alone"),
            );
        }
        if *removed_when_captured && to_hand {
            return refuse(
                "`removed when captured` with hands: Fairy-Stockfish returns every captured piece to hand",
                pc("removed_when_captured"),
            );
        }
        let ep = (
            *can_be_taken_en_passant,
            *takes_en_passant,
            *en_passant_zone,
        );
        if let Some(facts) = chess_pawn(moves) {
            self.chess_pawn(i, facts, ep, &pc)?;
            return Ok(Kind::Pawn);
        }
        if *can_be_taken_en_passant || *takes_en_passant || en_passant_zone.is_some() {
            return refuse(
                "en passant for a piece that is not the chess pawn",
                pc(if *takes_en_passant {
                    "takes_en_passant"
                } else {
                    "can_be_taken_en_passant"
                }),
            );
        }
        if drops.may_not_mate {
            if !is_shogi_pawn(moves) {
                return refuse(
                    "`drop may not mate` on a piece that is not the shogi pawn (fW): Fairy-Stockfish's rule is the shogi pawn's",
                    pc("drops.may_not_mate"),
                );
            }
            if self.kinds.contains(&Kind::ShogiPawn) {
                return refuse("`drop may not mate` on two types", pc("drops.may_not_mate"));
            }
            return Ok(Kind::ShogiPawn);
        }
        let word = match betza_of(&pc(""), p) {
            Ok(word) => word,
            Err(refusal) => return self.builtin(rules, p, refusal),
        };
        if *royal && !self.blast {
            return Ok(Kind::King(word));
        }
        let slot = 1 + self
            .kinds
            .iter()
            .filter(|k| matches!(k, Kind::Custom(..)))
            .count();
        if slot > 25 {
            return refuse(
                "more than 25 piece types: Fairy-Stockfish has 25 custom pieces",
                pc(""),
            );
        }
        Ok(Kind::Custom(slot, word))
    }

    /// The built-in piece whose moves equal the type's, which custom Betza cannot say
    /// (`refusal`, returned when there is none).
    fn builtin(&self, rules: &RuleSet, p: &PieceType, refusal: Refusal) -> Result<Kind> {
        let Some(b) = builtin::matching(rules, p) else {
            return Err(refusal);
        };
        if p.royal {
            return refuse(
                format!(
                    "a royal type that moves as Fairy-Stockfish's `{}`: its king is its own type",
                    b.name
                ),
                piece_path(&rules.pieces, p, "royal"),
            );
        }
        let taken = |k: &Kind| matches!(k, Kind::Builtin(o) if o.name == b.name);
        if self.kinds.iter().any(taken) {
            return refuse(
                format!(
                    "a second type that moves as Fairy-Stockfish's `{}`: it has one such type",
                    b.name
                ),
                piece_path(&rules.pieces, p, "moves"),
            );
        }
        Ok(Kind::Builtin(b))
    }

    /// Takes the type `i` as the chess pawn, with its en passant (taken, takes, zone).
    fn chess_pawn(
        &mut self,
        i: usize,
        facts: PawnFacts,
        (taken, takes, zone): (bool, bool, Option<ZoneId>),
        pc: &dyn Fn(&str) -> String,
    ) -> Result<()> {
        if self.pawn.is_some() {
            return refuse(
                "a second type that moves as the chess pawn: Fairy-Stockfish's pawn rules hold for one type",
                pc("moves"),
            );
        }
        if facts.double_step.is_none() && (taken || takes || zone.is_some()) {
            return refuse("en passant without a double step", pc("en_passant_zone"));
        }
        if taken != takes {
            return refuse(
                "en passant one way only: Fairy-Stockfish's pawns take and are taken en passant alike",
                pc("takes_en_passant"),
            );
        }
        self.pawn = Some((i, facts));
        Ok(())
    }
}

/// Refuses several royal types, or several royal pieces of one player at the start.
fn one_king(rules: &RuleSet, setup: &str) -> Result<()> {
    let pieces = &rules.pieces;
    let royals: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i].royal).collect();
    if royals.len() > 1 {
        return refuse(
            "several royal types: Fairy-Stockfish has one king type",
            piece_path(pieces, &pieces[royals[1]], "royal"),
        );
    }
    if let Some(&k) = royals.first() {
        let sym = pieces[k].symbol.chars().last().unwrap_or('K');
        let board_part = setup.split([' ', '[']).next().unwrap_or("");
        for (side, c) in [(0, sym.to_ascii_uppercase()), (1, sym.to_ascii_lowercase())] {
            let n = board_part
                .char_indices()
                .filter(|&(i, ch)| ch == c && !board_part[..i].ends_with('+'))
                .count();
            if n > 1 {
                return refuse(
                    format!(
                        "{n} royal pieces for the {} player at the start: Fairy-Stockfish's king is one piece",
                        if side == 0 { "first" } else { "second" }
                    ),
                    rules.entry_path("setup"),
                );
            }
        }
    }
    Ok(())
}

/// Letters: each type its own symbol; a `+X` type, shown by FSF as a promoted X, any free one.
fn letters(rules: &RuleSet) -> Result<Vec<char>> {
    let pieces = &rules.pieces;
    let pc = |p: &PieceType, field: &str| piece_path(pieces, p, field);
    let mut used: Vec<char> = pieces
        .iter()
        .filter(|p| !p.symbol.starts_with('+'))
        .map(|p| p.symbol.chars().next().unwrap_or('?').to_ascii_lowercase())
        .collect();
    let mut letters: Vec<char> = Vec::new();
    for p in pieces {
        if let Some(base) = p.symbol.strip_prefix('+') {
            let Some(free) = ('a'..='z').find(|c| !used.contains(c)) else {
                return refuse(
                    "too many piece types for Fairy-Stockfish's letters",
                    pc(p, ""),
                );
            };
            used.push(free);
            letters.push(free);
            let b = rules.piece_by_symbol(base);
            let from_base = b.is_some_and(|b| {
                pieces[b.index()]
                    .promotions
                    .iter()
                    .any(|pr| pr.to == [PieceId(letters.len() as u8 - 1)])
            });
            if !from_base {
                return refuse(
                    format!(
                        "`{}` is written `{}` but is not the promotion of `{base}`: Fairy-Stockfish writes `+X` only for X's promoted type",
                        p.name, p.symbol
                    ),
                    pc(p, ""),
                );
            }
        } else {
            letters.push(p.symbol.chars().next().unwrap_or('?').to_ascii_lowercase());
        }
    }
    Ok(letters)
}

/// Writes each type's piece key and its mobility regions (`confined to`, `never enters`).
pub(super) fn write(ini: &mut Ini, rules: &RuleSet, types: &Types) -> Result<()> {
    let RuleSet {
        board,
        zones,
        pieces,
        ..
    } = rules;
    for (i, p) in pieces.iter().enumerate() {
        let l = types.letters[i];
        match &types.kinds[i] {
            Kind::Pawn => ini.kv("pawn", l),
            Kind::ShogiPawn => {
                // `drop may not mate` is FSF's rule: a pawn-drop mate is the dropper's loss.
                ini.kv("shogiPawn", l);
                ini.kv("shogiPawnDropMateIllegal", true);
            }
            Kind::King(w) => ini.kv("king", format!("{l}:{w}")),
            Kind::Custom(n, w) => ini.kv(&format!("customPiece{n}"), format!("{l}:{w}")),
            Kind::Builtin(b) => {
                ini.kv(b.name, l);
                for (k, v) in &b.keys {
                    ini.kv(k, v);
                }
            }
        }
        let name = match &types.kinds[i] {
            Kind::Pawn => "Pawn".to_string(),
            Kind::ShogiPawn => "ShogiPawn".to_string(),
            Kind::King(_) => "King".to_string(),
            Kind::Custom(n, _) => format!("CustomPiece{n}"),
            Kind::Builtin(b) => b.name[..1].to_uppercase() + &b.name[1..],
        };
        let region = match (p.confined_to, p.barred_from) {
            (Some(_), Some(_)) => {
                return refuse(
                    "both `confined to` and `never enters`",
                    piece_path(pieces, p, "confined_to"),
                );
            }
            (Some(z), None) => Some((zones[z.index()].cells.clone(), false)),
            (None, Some(z)) => Some((zones[z.index()].cells.clone(), true)),
            (None, None) => None,
        };
        if let Some((cells, invert)) = region {
            for (side, colour) in ["White", "Black"].iter().enumerate() {
                let set: Vec<Cell> = if invert {
                    all_cells(board)
                        .into_iter()
                        .filter(|c| !cells[side].contains(c))
                        .collect()
                } else {
                    cells[side].clone()
                };
                ini.kv(
                    &format!("mobilityRegion{colour}{name}"),
                    squares(board, &set),
                );
            }
        }
    }
    Ok(())
}

/// Recognises the chess pawn: `mfW cfF`, maybe `mfnD` from a zone.
fn chess_pawn(moves: &[MovePart]) -> Option<PawnFacts> {
    crate::rules::chess_pawn(moves).map(|double_step| PawnFacts { double_step })
}

fn is_shogi_pawn(moves: &[MovePart]) -> bool {
    matches!(moves, [m] if m.vectors == [(0, 1)] && m.range == 1 && m.mode == Mode::Both
        && !m.hop && m.from_zone.is_none() && m.style != Style::Displace
        && m.paths.iter().all(|p| p.is_empty()))
}
