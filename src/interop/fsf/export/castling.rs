//! Castling, and the Chess960 conventions a shuffled set-up needs.

use super::ini::Ini;
use super::pieces::Types;
use super::refusal::{Result, refuse};
use crate::rules::{Castling, PieceId, RuleSet, Shuffle};

/// Writes the castling keys (and `chess960`), or refuses castling FSF cannot say.
pub(super) fn write(
    ini: &mut Ini,
    rules: &RuleSet,
    types: &Types,
    castling: &[Castling],
    castling_chess960: bool,
    shuffle: Option<&Shuffle>,
) -> Result<()> {
    let st = |path: &str| rules.entry_path(path);
    let RuleSet {
        board,
        pieces,
        setup,
        ..
    } = rules;
    let (files, ranks) = (&board.files, &board.ranks);
    if castling.is_empty() {
        ini.kv("castling", "false");
    } else {
        let kings: Vec<PieceId> = castling.iter().map(|c| c.king).collect();
        if kings.iter().any(|&k| k != kings[0]) {
            return refuse(
                "castling with two king types: Fairy-Stockfish has one",
                st("castling"),
            );
        }
        if let Some(i) = castling.iter().position(|c| !c.landings.is_empty()) {
            return refuse(
                "`castling KING with ROOK to any of FILE...`: Fairy-Stockfish's king lands on one cell a side (free castling)",
                st(&format!("castling[{i}].landings")),
            );
        }
        let Castling {
            king,
            rook: _,
            king_to,
            landings: _,
            all_unattacked: _,
            from_file,
            king_steps,
        } = &castling[0];
        let rights = setup.split(' ').nth(2).unwrap_or("-");
        let home = setup.split([' ', '[']).next().unwrap_or("");
        let rows: Vec<&str> = home.split('/').collect();
        let ks = pieces[king.index()].symbol.clone();
        let file_of = |row: &str, s: &str| expand(row).iter().position(|x| x == s);
        let white = rights.contains(|c: char| c.is_ascii_uppercase());
        let black = rights.contains(|c: char| c.is_ascii_lowercase());
        let wf = rows.last().and_then(|r| file_of(r, &ks));
        let bf = file_of(rows[0], &ks.to_ascii_lowercase());
        let kf = match (white, black) {
            (true, true) if wf == bf => wf,
            (true, false) => wf,
            (false, true) => bf,
            _ => None,
        };
        let Some(kf) = kf.filter(|_| rows.len() == *ranks as usize) else {
            return refuse(
                "castling rights for kings that are not on one file of their first ranks",
                st("castling[0]"),
            );
        };
        if from_file.is_some_and(|f| usize::from(f) != kf) {
            return refuse(
                "`castling KING from FILE` naming another file than the king's start: Fairy-Stockfish castles the king from its start",
                st("castling[0].from_file"),
            );
        }
        let steps = king_steps.map_or(2, usize::from);
        let (high, low) = match king_to {
            Some((h, l)) => (*h as usize, *l as usize),
            None => (kf + steps, kf.wrapping_sub(steps)),
        };
        if high >= *files as usize || low >= *files as usize {
            return refuse(
                "castling two cells (or `by N cells`) towards a board edge too near the king",
                st("castling[0]"),
            );
        }
        // A file letter is an inner rook's castling right, or with gating the gating right of
        // another first-rank piece (Fairy-Stockfish's `gating` reads those letters so too).
        let rook_symbols: Vec<&str> = castling
            .iter()
            .map(|c| pieces[c.rook.index()].symbol.as_str())
            .collect();
        let inner_rook = |c: char| {
            let row = if c.is_ascii_uppercase() {
                rows.last().copied()
            } else {
                rows.first().copied()
            };
            let f = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a') as usize;
            let here = row.map(expand).and_then(|r| r.get(f).cloned());
            rules.gating_zone().is_none()
                || here.is_some_and(|s| rook_symbols.contains(&s.to_ascii_uppercase().as_str()))
        };
        let letters = rights.chars().filter(|c| !"KQkq-".contains(*c));
        if king_to.is_none() && letters.clone().any(inner_rook) {
            return refuse(
                "two-cell castling with rights held by inner rooks (file letters)",
                st("castling[0]"),
            );
        }
        let file = |f: usize| ((b'a' + f as u8) as char).to_string();
        // Fairy-Stockfish's defaults: the king on e, landing on g or c.
        for (key, f, default) in [
            ("castlingKingFile", kf, 4),
            ("castlingKingsideFile", high, 6),
            ("castlingQueensideFile", low, 2),
        ] {
            if f != default {
                ini.kv(key, file(f));
            }
        }
        ini.kv("castling", "true");
        ini.kv("castlingKingPiece", types.letter(*king));
        ini.kv(
            "castlingRookPieces",
            castling
                .iter()
                .map(|c| types.letter(c.rook))
                .collect::<String>(),
        );
    }

    // Chess960 conventions; a shuffled set-up only with them (Fairy-Stockfish reads any set-up
    // from a FEN, but generates none).
    if castling_chess960 {
        ini.kv("chess960", "true");
    }
    if shuffle.is_some() && !castling_chess960 {
        return refuse(
            "a shuffled set-up without `castling notation chess960`: Fairy-Stockfish generates no set-ups",
            st("shuffle"),
        );
    }
    Ok(())
}

/// Expands a FEN rank into one symbol per file.
fn expand(row: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut num = 0usize;
    let mut plus = false;
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            num = num * 10 + d as usize;
            continue;
        }
        for _ in 0..num {
            out.push(String::new());
        }
        num = 0;
        if c == '+' {
            plus = true;
        } else if c.is_ascii_alphabetic() || c == '*' {
            out.push(if plus { format!("+{c}") } else { c.to_string() });
            plus = false;
        }
    }
    for _ in 0..num {
        out.push(String::new());
    }
    out
}
