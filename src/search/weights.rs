//! Tuned terms of the evaluation, kept in a file beside a definition (`varia tune` writes it, the
//! engine loads it with `--weights`): for each piece type its value on the board, its centipawns
//! per cell it reaches, and a bonus for each cell it stands on, as the first player sees the
//! board (the second player's cells mirrored as its start position mirrors the first's).
//!
//! The evaluation is linear in these terms: [`Eval::features`](super::Eval::features) gives, for a
//! position, how much each term counts for the player to move, which is what tuning fits.

use crate::engine::Game;
use crate::rules::Cell;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The largest term a weights file may give, in centipawns (1,000 pawns, the evaluation's
/// largest value).
pub const MAX_TERM: i64 = 100_000;

/// The version of the weights file (2: `squares_end`; format 1 files are read too).
pub const WEIGHTS_FORMAT: u32 = 2;

/// Tuned evaluation terms of one variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// [`WEIGHTS_FORMAT`].
    pub format: u32,
    /// The game and variant the terms were tuned for (`chess/chess`).
    pub variant: String,
    /// The board's files and ranks.
    pub board: (u32, u32),
    /// By piece name.
    pub pieces: BTreeMap<String, PieceWeights>,
}

/// Tuned terms of one piece type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceWeights {
    /// Centipawns on the board (ignored for a royal type).
    pub value: i32,
    /// Centipawns per cell the piece moves to or captures on.
    pub mobility: i32,
    /// Centipawns for standing on each cell as the first player sees the board, rank by rank from
    /// the first (`a1 b1 ... a2 ...`); empty: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<i32>,
    /// The same with no material left: the bonus tapers from `squares`, with all the start
    /// position's material on the board, to these, with none; empty: `squares` throughout.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squares_end: Vec<i32>,
}

impl Weights {
    /// Reads a weights file's text, checked against the game it is meant for.
    pub fn parse(text: &str, game: &Game) -> Result<Weights, String> {
        let w = Weights::from_json(text)?;
        w.check(game)?;
        Ok(w)
    }

    /// Reads a weights file's text, not yet checked against a game.
    pub fn from_json(text: &str) -> Result<Weights, String> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let w: Weights = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            if path == "." {
                inner.to_string()
            } else {
                format!("{path}: {inner}")
            }
        })?;
        Ok(w)
    }

    /// Writes the weights as JSON, a piece's squares a rank to a line (first rank first).
    pub fn to_json(&self) -> String {
        let text = |s: &str| serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into());
        let mut out = format!(
            "{{\n  \"format\": {},\n  \"variant\": {},\n  \"board\": [{}, {}],\n  \"pieces\": {{",
            self.format,
            text(&self.variant),
            self.board.0,
            self.board.1
        );
        let files = (self.board.0 as usize).max(1);
        for (i, (name, p)) in self.pieces.iter().enumerate() {
            let comma = if i > 0 { "," } else { "" };
            out.push_str(&format!(
                "{comma}\n    {}: {{\n      \"value\": {},\n      \"mobility\": {}",
                text(name),
                p.value,
                p.mobility
            ));
            for (key, squares) in [("squares", &p.squares), ("squares_end", &p.squares_end)] {
                if squares.is_empty() {
                    continue;
                }
                let rows: Vec<String> = squares
                    .chunks(files)
                    .map(|r| {
                        let cells: Vec<String> = r.iter().map(|v| format!("{v:4}")).collect();
                        format!("        {}", cells.join(","))
                    })
                    .collect();
                out.push_str(&format!(
                    ",\n      \"{key}\": [\n{}\n      ]",
                    rows.join(",\n")
                ));
            }
            out.push_str("\n    }");
        }
        out.push_str("\n  }\n}\n");
        out
    }

    /// Checks that the terms fit a game: its format, variant, board and piece names.
    pub fn check(&self, game: &Game) -> Result<(), String> {
        let rules = game.rules();
        if !(1..=WEIGHTS_FORMAT).contains(&self.format) {
            return Err(format!(
                "weights format {} is not supported (this varia reads formats 1 to \
                 {WEIGHTS_FORMAT})",
                self.format
            ));
        }
        let name = variant_name(game);
        if self.variant != name {
            return Err(format!(
                "these weights are for `{}`, not `{name}`",
                self.variant
            ));
        }
        let board = (rules.board.files as u32, rules.board.ranks as u32);
        if self.board != board {
            return Err(format!(
                "these weights are for a {}x{} board, not {}x{}",
                self.board.0, self.board.1, board.0, board.1
            ));
        }
        let cells = rules.board.cells();
        for (name, p) in &self.pieces {
            if !rules.pieces.iter().any(|t| &t.name == name) {
                return Err(format!("unknown piece `{name}`"));
            }
            if !p.squares.is_empty() && p.squares.len() != cells {
                return Err(format!(
                    "piece `{name}`: {} squares, the board has {cells} cells",
                    p.squares.len()
                ));
            }
            if !p.squares_end.is_empty() && p.squares_end.len() != cells {
                return Err(format!(
                    "piece `{name}`: {} squares_end, the board has {cells} cells",
                    p.squares_end.len()
                ));
            }
            if !p.squares_end.is_empty() && self.format < 2 {
                return Err(format!(
                    "piece `{name}`: squares_end needs weights format 2"
                ));
            }
            let limit = MAX_TERM as i32;
            let out = |v: i32| v.unsigned_abs() > limit as u32;
            if out(p.value)
                || out(p.mobility)
                || p.squares.iter().chain(&p.squares_end).any(|&v| out(v))
            {
                return Err(format!(
                    "piece `{name}`: a term beyond +-{limit} centipawns"
                ));
            }
        }
        Ok(())
    }
}

/// How a weights file names a variant: `game/variant`.
pub fn variant_name(game: &Game) -> String {
    let rules = game.rules();
    format!("{}/{}", rules.game, rules.variant)
}

/// For each player, each cell as the first player sees it: the identity for the first player;
/// for the second of two, the mirror (across the ranks, across the files, or both) that maps its
/// start position onto the first player's best (the first of them on a tie); `None` for a player
/// whose cells have no such view (three players or more).
pub fn views(game: &Game) -> Vec<Option<Vec<Cell>>> {
    let rules = game.rules();
    let b = &rules.board;
    let cells = b.cells();
    let players = rules.players.len();
    let identity: Vec<Cell> = (0..cells as u16).map(Cell).collect();
    let mut out = vec![Some(identity)];
    if players != 2 {
        out.extend((1..players).map(|_| None));
        return out;
    }
    let (fm, rm) = (b.files as i32 - 1, b.ranks as i32 - 1);
    let start = game.start();
    let mut best: Option<(usize, Vec<Cell>)> = None;
    for (flip_f, flip_r) in [(false, true), (true, true), (true, false)] {
        let mut map = Vec::with_capacity(cells);
        let mut fits = true;
        for c in (0..cells as u16).map(Cell) {
            let (f, r) = b.coords(c);
            let f2 = if flip_f { fm - f } else { f };
            let r2 = if flip_r { rm - r } else { r };
            match b.cell(f2, r2) {
                Some(m)
                    if b.holes.binary_search(&c).is_err() == b.holes.binary_search(&m).is_err() =>
                {
                    map.push(m)
                }
                _ => {
                    fits = false;
                    break;
                }
            }
        }
        if !fits {
            continue;
        }
        let matches = (0..cells as u16)
            .map(Cell)
            .filter(|&c| {
                let (Some(a), Some(z)) = (start.piece(c), start.piece(map[c.index()])) else {
                    return false;
                };
                a.owner.index() == 1 && z.owner.index() == 0 && a.kind == z.kind
            })
            .count();
        if best.as_ref().is_none_or(|(n, _)| matches > *n) {
            best = Some((matches, map));
        }
    }
    out.push(best.map(|(_, m)| m));
    out
}
