//! Helpers shared by the scenario tests.
#![allow(dead_code)]

use std::process::{Command, Output};
use varia::Game;

/// The absolute path of a shipped file (relative to the crate root).
pub fn def(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs the varia binary; whatever it answers, it must not panic.
pub fn varia(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(args)
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked"),
        "varia {args:?} panicked:\n{stderr}"
    );
    out
}

/// Loads a shipped definition (path relative to the crate root) and one of its variants.
pub fn load(path: &str, variant: Option<&str>) -> Game {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    varia::load_str(&source, variant).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The sorted legal moves of a position.
pub fn moves(game: &Game, fen: &str) -> Vec<String> {
    let pos = game.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut m: Vec<String> = game
        .legal_moves(&pos)
        .iter()
        .map(|m| game.move_to_string(m))
        .collect();
    m.sort();
    m
}

/// The legal moves of a position that start on one cell (or drop, for `@`), sorted.
pub fn moves_from(game: &Game, fen: &str, from: &str) -> Vec<String> {
    moves(game, fen)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

/// The FEN after playing moves from a FEN.
pub fn after(game: &Game, fen: &str, played: &[&str]) -> String {
    let mut pos = game.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in played {
        let mv = game
            .parse_move(&pos, m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", game.fen(&pos)));
        pos = game.make(&pos, &mv);
    }
    game.fen(&pos)
}

/// Whether a move is legal in a position.
pub fn legal(game: &Game, fen: &str, m: &str) -> bool {
    moves(game, fen).iter().any(|x| x == m)
}

pub fn strs(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The board part of a FEN for a `files` x `ranks` board from `(cell, piece)` pairs, e.g.
/// `[("e5", "+P"), ("e9", "k")]`; a cell named twice is a mistake in the test.
pub fn board_fen(files: usize, ranks: usize, pieces: &[(&str, &str)]) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; files]; ranks];
    for (cell, p) in pieces {
        let f = (cell.as_bytes()[0] - b'a') as usize;
        let r: usize = cell[1..].parse().unwrap();
        assert!(
            f < files && (1..=ranks).contains(&r),
            "{cell} is off the board"
        );
        assert!(grid[r - 1][f].is_none(), "{cell} twice");
        grid[r - 1][f] = Some(p.to_string());
    }
    let mut rows = Vec::new();
    for row in grid.iter().rev() {
        let mut s = String::new();
        let mut run = 0;
        for cell in row {
            match cell {
                None => run += 1,
                Some(p) => {
                    if run > 0 {
                        s += &run.to_string();
                        run = 0;
                    }
                    s += p;
                }
            }
        }
        if run > 0 {
            s += &run.to_string();
        }
        rows.push(s);
    }
    rows.join("/")
}

/// Fails with every problem listed, one a line.
pub fn assert_no_problems(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// A position's result as the pyffish fixtures write it: `-` while the game goes on, else the
/// winner's name or `draw`.
pub fn result_of(game: &Game, pos: &varia::Position) -> String {
    let status = game.status(pos);
    match (status.is_over(), status.winner()) {
        (false, _) => "-".to_string(),
        (true, None) => "draw".to_string(),
        (true, Some(p)) => game.rules().players[p.index()].name.clone(),
    }
}

/// Compares one fixture row from pyffish (a FEN, FSF's legal moves, and its result `-`, `draw`
/// or the winner's name) with the game, adding each difference to `problems`.
pub fn compare_with_fsf(game: &Game, name: &str, row: &[String], problems: &mut Vec<String>) {
    let (fen, moves, result) = (&row[0], &row[1], &row[2]);
    let pos = match game.parse_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            problems.push(format!("{name}: {fen}: {e}"));
            return;
        }
    };
    let want: std::collections::BTreeSet<&str> = moves.split_whitespace().collect();
    let ours: Vec<String> = game
        .legal_moves(&pos)
        .iter()
        .map(|m| game.move_to_string(m))
        .collect();
    let ours: std::collections::BTreeSet<&str> = ours.iter().map(String::as_str).collect();
    if ours != want {
        problems.push(format!(
            "{name}: {fen}\n    only varia: {:?}\n    only Fairy-Stockfish: {:?}",
            ours.difference(&want).collect::<Vec<_>>(),
            want.difference(&ours).collect::<Vec<_>>()
        ));
    }
    let got = result_of(game, &pos);
    if want.is_empty() && &got != result {
        problems.push(format!(
            "{name}: {fen}\n    result: varia {got}, Fairy-Stockfish {result}"
        ));
    }
}

/// The JSON a successful run printed (its standard error shown if it failed).
pub fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}
