//! The shipped definitions of Fairy-Stockfish's variants against Fairy-Stockfish itself, from
//! fixtures written by `scripts/fsf_fixtures.py` with pyffish (no Python needed here):
//!
//! - `tests/fixtures/fsf/perft.tsv`: perft from each variant's start position;
//! - `tests/fixtures/fsf/NAME.tsv`: positions from random games, each with its legal moves and,
//!   where there are none, the winner (`draw` for none). The FEN must also round-trip.
//!
//! - `tests/fixtures/fsf/history.tsv` (from `scripts/fsf_history_fixtures.py`): games played from
//!   the start, each with the result after its moves, for endings that depend on the moves
//!   played (repetition, perpetual check, a piece moved back and forth, bikjang after a pass).
//!
//! Every mismatch is collected and reported before the test fails.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

mod common;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn load(name: &str) -> varia::Game {
    let path = root().join("definitions/fsf").join(format!("{name}.varia"));
    varia::load_str(&read(&path), None).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The variants with fixtures: every definition under `definitions/fsf`.
fn names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("definitions/fsf"))
        .expect("definitions/fsf")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            (p.extension()? == "varia").then_some(stem)
        })
        .collect();
    names.sort();
    names
}

#[test]
fn perft_equals_fairy_stockfish() {
    let table = read(&root().join("tests/fixtures/fsf/perft.tsv"));
    let mut problems = String::new();
    let mut seen = BTreeSet::new();
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, fen, depth, want) = (
            f[0],
            f[1],
            f[2].parse::<u32>().unwrap(),
            f[3].parse::<u64>().unwrap(),
        );
        seen.insert(name.to_string());
        let g = load(name);
        let pos = g
            .parse_fen(fen)
            .unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        let got: u64 = g.perft(&pos, depth).unwrap();
        if got != want {
            let _ = writeln!(
                problems,
                "{name} depth {depth}: varia {got}, Fairy-Stockfish {want}"
            );
        }
    }
    for n in names() {
        if !seen.contains(&n) {
            let _ = writeln!(
                problems,
                "{n}: no perft rows in tests/fixtures/fsf/perft.tsv"
            );
        }
    }
    assert!(problems.is_empty(), "{problems}");
}

#[test]
fn moves_and_results_equal_fairy_stockfish() {
    let mut problems = Vec::new();
    let mut counts = Vec::new();
    for name in names() {
        let path = root().join(format!("tests/fixtures/fsf/{name}.tsv"));
        let g = load(&name);
        let mut n = 0;
        for (i, line) in read(&path).lines().enumerate() {
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            n += 1;
            let row: Vec<String> = line.split('\t').map(String::from).collect();
            let at = format!("[{name}] line {}", i + 1);
            // A short FEN (`[-] w 0 1`) comes back in full where the game adds fields to it
            // (check counters), as Fairy-Stockfish writes it too.
            let fen = &row[0];
            let short = fen
                .split(' ')
                .nth(2)
                .is_some_and(|t| t.chars().all(|c| c.is_ascii_digit()));
            if let Ok(pos) = g.parse_fen(fen) {
                let written = g.fen(&pos);
                if &written != fen && !short {
                    problems.push(format!("{at}: {fen}\n    FEN written back as {written}"));
                }
            }
            // Legal moves and the result (a FEN that does not parse is reported there).
            common::compare_with_fsf(&g, &at, &row, &mut problems);
        }
        counts.push(format!("{name} {n}"));
    }
    eprintln!("positions: {}", counts.join(", "));
    common::assert_no_problems(&problems);
}

#[test]
fn results_after_moves_equal_fairy_stockfish() {
    let table = read(&root().join("tests/fixtures/fsf/history.tsv"));
    let mut problems = Vec::new();
    let mut games = std::collections::BTreeMap::new();
    let mut rows = 0;
    for (i, line) in table.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        rows += 1;
        let f: Vec<&str> = line.split('\t').collect();
        let (name, fen, moves, want) = (f[0], f[1], f[2], f[3]);
        let g = games.entry(name.to_string()).or_insert_with(|| load(name));
        let mut pos = g
            .parse_fen(fen)
            .unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        for m in moves.split_whitespace() {
            match g.parse_move(&pos, m) {
                Ok(mv) => g.play_unchecked(&mut pos, &mv),
                Err(e) => {
                    problems.push(format!("line {}: {name}: move {m}: {e}", i + 1));
                    break;
                }
            }
        }
        let got = common::result_of(g, &pos);
        if got != want {
            problems.push(format!(
                "line {}: {name} after {moves}\n    result: varia {got} ({:?}), Fairy-Stockfish {want}",
                i + 1,
                g.status(&pos)
            ));
        }
    }
    assert!(rows > 0, "no rows in tests/fixtures/fsf/history.tsv");
    common::assert_no_problems(&problems);
}
