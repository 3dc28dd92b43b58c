//! `varia openings`: a book of balanced openings, the same for a seed whatever the threads, read
//! back by `varia match --openings`.

mod common;

use common::{after, def, load, varia};

fn run(args: &[&str]) -> String {
    let out = varia(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn book(extra: &[&str]) -> String {
    let chess = def("definitions/classic/chess.varia");
    let args = [
        "openings",
        chess.as_str(),
        "--count",
        "4",
        "--plies",
        "4",
        "--balance",
        "60",
        "--depth",
        "2",
    ];
    run(&[&args[..], extra].concat())
}

#[test]
fn each_line_is_within_the_balance_and_reaches_its_position() {
    let v: serde_json::Value =
        serde_json::from_str(&book(&["--seed", "3", "--threads", "2", "--json"])).unwrap();
    assert_eq!(
        (
            &v["variant"],
            &v["plies"],
            &v["balance"],
            &v["depth"],
            &v["seed"]
        ),
        (&"chess".into(), &4.into(), &60.into(), &2.into(), &3.into())
    );
    let lines = v["openings"].as_array().unwrap();
    assert_eq!(lines.len(), 4);
    let game = load("definitions/classic/chess.varia", None);
    let start = game.fen(&game.start());
    let mut fens = Vec::new();
    for line in lines {
        let score = line["score"].as_i64().unwrap();
        assert!(score.abs() <= 60, "{line}");
        let moves: Vec<&str> = line["moves"].as_str().unwrap().split(' ').collect();
        assert_eq!(moves.len(), 4, "{line}");
        assert_eq!(after(&game, &start, &moves), line["fen"], "{line}");
        fens.push(line["fen"].as_str().unwrap().to_string());
    }
    fens.sort();
    fens.dedup();
    assert_eq!(fens.len(), 4, "the positions differ");
}

#[test]
fn a_seed_gives_one_book_whatever_the_threads() {
    let one = book(&["--seed", "5", "--threads", "1"]);
    assert_eq!(one, book(&["--seed", "5", "--threads", "2"]));
    assert_ne!(one, book(&["--seed", "6", "--threads", "1"]));
    assert!(
        one.starts_with(
            "# varia openings: chess, 4 lines of 4 plies from the setup, each scored within 60 \
             centipawns of 0 by a search of 2 plies (seed 5)\n"
        ),
        "{one}"
    );
    assert_eq!(one.lines().count(), 5, "{one}");
}

/// The book, written to a file, is what `varia match --openings` plays: game k of a self-play
/// series starts from line k.
#[test]
fn the_book_is_read_back_by_match() {
    let v: serde_json::Value = serde_json::from_str(&book(&["--seed", "7", "--json"])).unwrap();
    let dir = std::env::temp_dir();
    let path = dir.join(format!("varia-book-{}.txt", std::process::id()));
    let pgn = dir.join(format!("varia-book-{}.pgn", std::process::id()));
    std::fs::write(&path, book(&["--seed", "7"])).unwrap();
    let chess = def("definitions/classic/chess.varia");
    let out = run(&[
        "match",
        &chess,
        "--games",
        "4",
        "--depth",
        "1",
        "--max-plies",
        "1",
        "--random-plies",
        "0",
        "--threads",
        "1",
        "--openings",
        path.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
    ]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&pgn);
    assert!(out.contains("\"games\":4"), "{out}");
    let fens: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[FEN \"")?.strip_suffix("\"]"))
        .collect();
    let expected: Vec<&str> = v["openings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["fen"].as_str().unwrap())
        .collect();
    assert_eq!(fens, expected);
}

#[test]
fn a_book_that_cannot_be_found_is_an_error() {
    // Tic-tac-toe ends within nine plies: no line of twenty is left.
    let out = varia(&[
        "openings",
        &def("definitions/tic-tac-toe.varia"),
        "--count",
        "1",
        "--plies",
        "20",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: tic-tac-toe: found 0 of 1 openings within 50 centipawns in 200 lines of 20 \
         random plies: widen --balance or shorten --plies\n"
    );
    for bad in [
        &["--count", "0", "--plies", "4"][..],
        &["--count", "1", "--plies", "0"],
    ] {
        let out = varia(
            &[
                &["openings", &def("definitions/classic/chess.varia")][..],
                bad,
            ]
            .concat(),
        );
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
