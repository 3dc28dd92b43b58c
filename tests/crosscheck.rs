//! Cross-check against Fairy-Stockfish: for every position in `tests/fixtures/crosscheck/*.tsv`
//! (written by `scripts/crosscheck.py` from pyffish), varia's legal moves must equal
//! Fairy-Stockfish's and the FEN must round-trip through `parse_fen` and `fen`.
//!
//! Every mismatch is collected and reported before the test fails.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const GAMES: [&str; 5] = ["chess", "shogi", "xiangqi", "crazyhouse", "minishogi"];
const MIN_POSITIONS: usize = 200;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[derive(Default)]
struct Report {
    problems: Vec<String>,
    positions: Vec<(String, usize)>,
    move_problems: usize,
    fen_problems: usize,
    hand_order_only: usize,
}

/// Tells whether two FENs differ only in the order of the letters inside `[...]`.
fn same_but_hand_order(a: &str, b: &str) -> bool {
    fn split(f: &str) -> Option<(&str, Vec<char>, &str)> {
        let open = f.find('[')?;
        let close = open + f[open..].find(']')?;
        let mut hand: Vec<char> = f[open + 1..close].chars().collect();
        hand.sort_unstable();
        Some((&f[..open], hand, &f[close..]))
    }
    matches!((split(a), split(b)), (Some(x), Some(y)) if x == y)
}

fn check_game(game: &str, report: &mut Report) -> Result<(), Box<dyn std::error::Error>> {
    let def_path = root()
        .join("definitions/classic")
        .join(format!("{game}.varia"));
    let fix_path = root()
        .join("tests/fixtures/crosscheck")
        .join(format!("{game}.tsv"));
    let source = read(&def_path)?;
    let varia_game = varia::load_str(&source, None)?;
    let fixture = read(&fix_path)?;

    let mut count = 0;
    for (lineno, line) in fixture.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        count += 1;
        let lineno = lineno + 1;
        let (fen, moves) = line.split_once('\t').unwrap_or((line, ""));
        let expected: BTreeSet<&str> = moves.split_whitespace().collect();

        let pos = match varia_game.parse_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                report.problems.push(format!(
                    "[{game}] line {lineno}: {fen}\n    parse_fen failed: {e}"
                ));
                continue;
            }
        };

        // FEN round trip.
        let written = varia_game.fen(&pos);
        if written != fen {
            let note = if same_but_hand_order(&written, fen) {
                report.hand_order_only += 1;
                " (only the order of the pieces in hand differs)"
            } else {
                ""
            };
            report.fen_problems += 1;
            report.problems.push(format!(
                "[{game}] line {lineno}: FEN does not round-trip{note}\n    fixture: {fen}\n    varia:   {written}"
            ));
        }

        // Legal moves.
        let mut actual: Vec<String> = varia_game
            .legal_moves(&pos)
            .iter()
            .map(|m| varia_game.move_to_string(m))
            .collect();
        actual.sort();
        let mut dups = actual.clone();
        dups.dedup();
        if dups.len() != actual.len() {
            report.problems.push(format!(
                "[{game}] line {lineno}: {fen}\n    varia lists a move more than once: {}",
                actual.join(" ")
            ));
        }
        let actual: BTreeSet<&str> = actual.iter().map(String::as_str).collect();
        if actual != expected {
            report.move_problems += 1;
            let only_varia: Vec<&str> = actual.difference(&expected).copied().collect();
            let only_fsf: Vec<&str> = expected.difference(&actual).copied().collect();
            report.problems.push(format!(
                "[{game}] line {lineno}: {fen}\n    only varia:           {}\n    only Fairy-Stockfish: {}",
                only_varia.join(" "),
                only_fsf.join(" ")
            ));
        }
    }
    if count < MIN_POSITIONS {
        report.problems.push(format!(
            "[{game}] {} has only {count} positions, expected at least {MIN_POSITIONS}",
            fix_path.display()
        ));
    }
    report.positions.push((game.to_string(), count));
    Ok(())
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

#[test]
fn crosscheck_against_fairy_stockfish() {
    let mut report = Report::default();
    for game in GAMES {
        if let Err(e) = check_game(game, &mut report) {
            report.problems.push(format!("[{game}] {e}"));
        }
    }
    let summary = report
        .positions
        .iter()
        .map(|(g, n)| format!("{g} {n}"))
        .collect::<Vec<_>>()
        .join(", ");
    eprintln!("crosscheck positions: {summary}");
    if !report.problems.is_empty() {
        let mut msg = format!(
            "{} problem(s) against Fairy-Stockfish (positions checked: {summary}): \
             {} legal-move mismatch(es), {} FEN round-trip failure(s) ({} only in hand order)\n",
            report.problems.len(),
            report.move_problems,
            report.fen_problems,
            report.hand_order_only
        );
        for p in &report.problems {
            let _ = writeln!(msg, "{p}");
        }
        panic!("{msg}");
    }
}
