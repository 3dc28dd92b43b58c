//! What the import reads of a section, key by key, and the statements it builds from it.

use super::inherit::Piece;
use super::tree::{name, region};
use crate::rules::Outcome;
use crate::syntax::Property;
use crate::syntax::Statement;
use std::collections::BTreeMap;

/// Board cells as (file, rank) from 0.
pub(super) type Cells = Vec<(i32, i32)>;

/// Board squares of FSF's Bitboard syntax (`a1 b2 *3`, `-`), as (file, rank) from 0.
pub(super) fn squares(
    v: &str,
    files: i32,
    ranks: i32,
    key: &str,
) -> Result<Vec<(i32, i32)>, String> {
    let mut out = Vec::new();
    if v.trim() == "-" || v.trim().is_empty() {
        return Ok(out);
    }
    for tok in v.split_whitespace() {
        let mut cs = tok.chars();
        let f = cs.next().unwrap_or(' ');
        let r: i32 = cs
            .as_str()
            .parse()
            .map_err(|_| format!("`{key} = {v}`: `{tok}` is not a square"))?;
        if !(1..=10).contains(&r) {
            return Err(format!("`{key} = {v}`: `{tok}` is not a square"));
        }
        if f != '*' && !(f.is_ascii_lowercase() && ((f as u8 - b'a') as i32) < 12) {
            return Err(format!("`{key} = {v}`: `{tok}` is not a square"));
        }
        if r > ranks {
            // Off this board: FSF's regions only matter on the board.
            continue;
        }
        if f == '*' {
            for x in 0..files {
                out.push((x, r - 1));
            }
        } else if f.is_ascii_lowercase() && ((f as u8 - b'a') as i32) < 12 {
            if ((f as u8 - b'a') as i32) < files {
                out.push(((f as u8 - b'a') as i32, r - 1));
            }
        } else {
            return Err(format!(
                "`{key} = {v}`: `{tok}` is not a square on the board"
            ));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// The section's keys taken one by one; whatever is left at the end refuses the section.
pub(super) struct Keys {
    pub(super) map: BTreeMap<String, String>,
}

impl Keys {
    pub(super) fn take(&mut self, k: &str) -> Option<String> {
        self.map.remove(k)
    }
    pub(super) fn bool(&mut self, k: &str, default: bool) -> Result<bool, String> {
        match self.take(k) {
            None => Ok(default),
            Some(v) => match v.as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("`{k} = {v}`: not true or false")),
            },
        }
    }
    pub(super) fn int(&mut self, k: &str, default: i64) -> Result<i64, String> {
        match self.take(k) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("`{k} = {v}`: not a whole number")),
        }
    }
}

pub(super) fn outcome(k: &str, v: &str) -> Result<Outcome, String> {
    match v {
        "win" => Ok(Outcome::Win),
        "loss" => Ok(Outcome::Loss),
        "draw" => Ok(Outcome::Draw),
        _ => Err(format!("`{k} = {v}`: varia says win, loss or draw")),
    }
}

/// What the import reads of a section, and the definition it builds from it.
pub(super) struct Draft<'a> {
    pub(super) keys: Keys,
    pub(super) files: i32,
    pub(super) ranks: i32,
    pub(super) pieces: &'a [Piece],
    /// `zone` statements.
    pub(super) zones: Vec<Statement>,
    /// Properties of a piece (by its key) besides `royal` and its moves.
    pub(super) extra: BTreeMap<String, Vec<Property>>,
    /// `castling` statements.
    pub(super) castling: Vec<Statement>,
    /// Statements after the pieces, before the set-up.
    pub(super) ends: Vec<Statement>,
    /// Promotion's cells, for both players.
    pub(super) promotion: (Cells, Cells),
    /// Whether captures go to hand and pieces are dropped.
    pub(super) hands: bool,
    /// Whether pieces the start position puts in hand are dropped, captures leaving the game.
    pub(super) setup_hands: bool,
    /// A built-in parent's free drops (FSF's `freeDrops`, no key of a section).
    pub(super) builtin_free: bool,
    /// FSF's free drops, where pieces are dropped: every type dropped without being held.
    pub(super) free_drops: bool,
    /// FSF's immobility rule (`immobilityIllegal`).
    pub(super) immobility: bool,
    /// Seirawan gating (`gating`, `seirawanGating`): whether pieces in hand enter only so.
    pub(super) gating: Option<bool>,
    pub(super) move_limit: i64,
    /// FSF's soldier's sideways steps: everywhere (`None`), nowhere (`Some(None)`), or only in
    /// the zone named (`soldierPromotionRank` on).
    pub(super) soldier: Option<Option<String>>,
    /// Pieces of FSF's pseudo-royal extinction types, made `royal`.
    pub(super) pseudo_royal: Vec<String>,
    /// FSF's mobility regions by piece letter, for both players.
    pub(super) mobility: BTreeMap<char, (Cells, Cells)>,
    /// The start position's FEN fields.
    pub(super) fen: Vec<String>,
    /// FSF's walls in the start position, where they stay: varia's holes.
    pub(super) holes: Cells,
    /// Lines for the definition's opening comment: what the import changed of the section's
    /// own text, and why.
    pub(super) notes: Vec<String>,
}

impl<'a> Draft<'a> {
    pub(super) fn by_letter(&self, c: char) -> Option<&'a Piece> {
        self.pieces
            .iter()
            .find(|p| p.letter == c.to_ascii_lowercase())
    }

    pub(super) fn kind(&self, kind: &str) -> Option<&'a Piece> {
        self.pieces.iter().find(|p| p.kind() == kind)
    }

    pub(super) fn letters_of(&self, k: &str, v: &str) -> Result<Vec<String>, String> {
        if v == "-" {
            return Ok(Vec::new());
        }
        v.chars()
            .map(|c| {
                self.by_letter(c)
                    .map(pname)
                    .ok_or_else(|| format!("`{k} = {v}`: no piece `{c}`"))
            })
            .collect()
    }

    pub(super) fn zone(
        &mut self,
        n: &str,
        w: &[(i32, i32)],
        b: &[(i32, i32)],
    ) -> Result<(), String> {
        if w.is_empty() && b.is_empty() {
            return Err(format!(
                "a region (varia's zone `{n}`) with no cell on this board"
            ));
        }
        // A player without cells gets none: the other's are written for it alone.
        let sides = if b.is_empty() {
            vec![(Some("white"), w)]
        } else if w.is_empty() {
            vec![(Some("black"), b)]
        } else {
            vec![(None, w), (Some("black"), b)]
        };
        for (player, cells) in sides {
            self.zones.push(Statement::Zone {
                name: name(n),
                player: player.map(name),
                region: region(cells, self.files),
            });
        }
        Ok(())
    }

    /// The cells of `kWhite` and `kBlack`, or the defaults.
    pub(super) fn region(
        &mut self,
        k: &str,
        dw: Cells,
        db: Cells,
    ) -> Result<(Cells, Cells), String> {
        let w = match self.keys.take(&format!("{k}White")) {
            Some(v) => squares(&v, self.files, self.ranks, &format!("{k}White"))?,
            None => dw,
        };
        let b = match self.keys.take(&format!("{k}Black")) {
            Some(v) => squares(&v, self.files, self.ranks, &format!("{k}Black"))?,
            None => db,
        };
        Ok((w, b))
    }

    pub(super) fn rank(&self, r: i32) -> Cells {
        (0..self.files)
            .map(|f| (f, r))
            .filter(|c| c.1 < self.ranks)
            .collect()
    }

    pub(super) fn extra(&mut self, p: &Piece, property: Property) {
        self.extra.entry(p.key.clone()).or_default().push(property);
    }
}

/// The varia name of a piece (`Piece-Q`, `Pawn-P`).
pub(super) fn pname(p: &Piece) -> String {
    let base = if p.key.starts_with('+') {
        // A shogi-style promoted form (`+X`).
        "Promoted".to_string()
    } else if p.key.starts_with('#') || p.key.starts_with("customPiece") {
        "Piece".to_string()
    } else {
        let mut s = p.key.clone();
        s[..1].make_ascii_uppercase();
        s
    };
    format!("{base}-{}", p.letter.to_ascii_uppercase())
}

/// A file by number from 1 or by letter.
pub(super) fn file_of(v: &str, k: &str) -> Result<i32, String> {
    if let Ok(n) = v.parse::<i32>() {
        return Ok(n);
    }
    match v.chars().next() {
        Some(c) if v.len() == 1 && c.is_ascii_lowercase() => Ok((c as u8 - b'a') as i32 + 1),
        _ => Err(format!("`{k} = {v}`: not a file")),
    }
}
