//! The section being written: `key = value` lines, and board cells as Fairy-Stockfish's
//! Bitboard values.

use crate::rules::{Board, Cell};
use std::fmt::{Display, Write as _};

/// A variants.ini section, written key by key after its `[name]` header.
pub(super) struct Ini(String);

impl Ini {
    /// A section with its header.
    pub(super) fn new(variant: &str) -> Ini {
        Ini(format!("[{variant}]\n"))
    }

    /// Writes a `key = value` line.
    pub(super) fn kv(&mut self, k: &str, v: impl Display) {
        let _ = writeln!(self.0, "{k} = {v}");
    }

    /// The section's text.
    pub(super) fn text(self) -> String {
        self.0
    }
}

/// Whether a section is a `[name]` header and `key = value` lines only: no text of the rule set
/// may add a line, a section or a key of its own.
pub(super) fn well_formed(ini: &str) -> bool {
    let mut lines = ini.lines();
    let header = lines
        .next()
        .and_then(|h| h.strip_prefix('[')?.strip_suffix(']'));
    let name_ok = header.is_some_and(crate::rules::valid_name);
    let line_ok = |l: &str| {
        l.split_once(" = ").is_some_and(|(k, v)| {
            !k.is_empty()
                && k.chars().all(|c| c.is_ascii_alphanumeric())
                && v.chars().all(|c| (' '..='~').contains(&c))
        })
    };
    name_ok && lines.all(line_ok) && !ini.contains('\r')
}

/// Every cell of the board (not its holes).
pub(super) fn all_cells(board: &Board) -> Vec<Cell> {
    (0..board.cells() as u16)
        .map(Cell)
        .filter(|&c| {
            let (f, r) = board.coords(c);
            board.cell(f, r).is_some()
        })
        .collect()
}

/// A cell list as FSF's Bitboard option: `a1 b1 ...`, or `-` for none.
pub(super) fn squares(board: &Board, cells: &[Cell]) -> String {
    if cells.is_empty() {
        return "-".into();
    }
    cells
        .iter()
        .map(|&c| {
            let (f, r) = board.coords(c);
            format!("{}{}", (b'a' + f as u8) as char, r + 1)
        })
        .collect::<Vec<_>>()
        .join(" ")
}
