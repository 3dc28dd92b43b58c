//! The evaluation's tuned terms: the features `varia tune` fits add up to the evaluation, a
//! weights file changes it by exactly its terms, mirrored for the second player as its start
//! position mirrors the first's, and `varia tune` writes a file `varia match` plays with.

mod common;
#[path = "common/session.rs"]
mod session;

use common::{def, load, varia};
use std::sync::Arc;
use varia::search::{Eval, Searcher, Weights, to_weights};

/// The features of a position with their parameters add up to its evaluation.
fn assert_features_add_up(eval: &Eval, game: &varia::Game, fen: &str) {
    let pos = game.parse_fen(fen).unwrap();
    let f = eval.features(game, &pos);
    let params = eval.params();
    let sum: f64 = f.fixed
        + f.terms
            .iter()
            .map(|&(i, v)| params[i as usize] * v as f64)
            .sum::<f64>();
    let e = eval.evaluate(game, &pos, pos.side_to_move()) as f64;
    assert!((sum - e).abs() < 1e-6, "{fen}: {sum} against {e}");
    // A start position is symmetric: every term counts as much for both players.
    let symmetric = fen.starts_with("rnbqkbnr/pppppppp") || fen.starts_with("lnsgkgsnl/1r5b1");
    assert_eq!(f.terms.is_empty(), symmetric, "{fen}: {:?}", f.terms);
}

fn weights(game: &varia::Game, text: &str) -> Weights {
    Weights::parse(text, game).unwrap()
}

#[test]
fn features_add_up_to_the_evaluation() {
    let cases = [
        (
            "definitions/classic/chess.varia",
            None,
            vec![
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            ],
        ),
        (
            "definitions/classic/shogi.varia",
            None,
            vec![
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
                "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p5P1/2P6/PPbPPPP1P/2G4R1/LNS1KGSNL[Bb] b 0 9",
            ],
        ),
    ];
    for (file, variant, fens) in cases {
        let game = load(file, variant);
        let plain = Eval::new(&game);
        let layout = plain.layout();
        // Terms away from the defaults: every value, mobility and square changed.
        let params: Vec<f64> = (0..layout.len())
            .map(|i| (i % 17) as f64 * 3.0 + 1.0)
            .collect();
        let tuned = Eval::with_weights(&game, &to_weights(&game, &params));
        for fen in fens {
            assert_features_add_up(&plain, &game, fen);
            assert_features_add_up(&tuned, &game, fen);
        }
    }
}

#[test]
fn a_weights_file_round_trips_through_its_text() {
    let game = load("definitions/classic/chess.varia", None);
    let layout = Eval::new(&game).layout();
    let params: Vec<f64> = (0..layout.len()).map(|i| (i % 23) as f64 - 7.0).collect();
    let w = to_weights(&game, &params);
    let back = weights(&game, &w.to_json());
    assert_eq!(back, w);
    let eval = Eval::with_weights(&game, &back);
    for (k, pt) in game.rules().pieces.iter().enumerate() {
        assert_eq!(
            eval.params()[layout.mobility(k)],
            params[layout.mobility(k)],
            "{}",
            pt.name
        );
        for c in 0..layout.cells {
            for i in [layout.square(k, c), layout.square_end(k, c)] {
                assert_eq!(eval.params()[i], params[i], "{} on cell {c}", pt.name);
            }
        }
    }
}

/// The weights of a game's own evaluation but for `bonus` centipawns for a `piece` on `cell`
/// (as the first player sees the board).
fn square_bonus(game: &varia::Game, piece: &str, cell: usize, bonus: i32) -> Weights {
    let mut w = to_weights(game, &Eval::new(game).params());
    let cells = game.rules().board.cells();
    let p = w.pieces.get_mut(piece).unwrap();
    p.squares = vec![0; cells];
    p.squares[cell] = bonus;
    weights(game, &w.to_json())
}

#[test]
fn an_endgame_square_term_counts_as_material_leaves_the_board() {
    let game = Arc::new(load("definitions/classic/chess.varia", None));
    let plain = Searcher::new(game.clone(), 1);
    let mut tuned = Searcher::new(game.clone(), 1);
    // b1 is cell 1: the Knight gets 40 centipawns there in the endgame, none in the middle game.
    let mut w = to_weights(&game, &Eval::new(&game).params());
    let p = w.pieces.get_mut("Knight").unwrap();
    p.squares = vec![0; 64];
    p.squares_end = vec![0; 64];
    p.squares_end[1] = 40;
    tuned.set_weights(&weights(&game, &w.to_json()));
    let diff = |fen: &str| {
        let pos = game.parse_fen(fen).unwrap();
        tuned.evaluate(&pos) - plain.evaluate(&pos)
    };
    // All the start's material on the board: the middle game's 0.
    assert_eq!(
        diff("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        0
    );
    // Only a Knight left: nearly all of the endgame's 40 (the Knight is the material left).
    let v = |name: &str| {
        let k = game
            .rules()
            .pieces
            .iter()
            .position(|p| p.name == name)
            .unwrap();
        plain.eval().value(varia::rules::PieceId(k as u8)) as i64
    };
    let start = 2 * v("King")
        + 2 * v("Queen")
        + 4 * (v("Rook") + v("Bishop") + v("Knight"))
        + 16 * v("Pawn");
    let value = 2 * v("King") + v("Knight");
    let phase = value * 1024 / start;
    let expected = (40 * (1024 - phase) / 1024) as i32;
    assert!((36..40).contains(&expected), "{expected}");
    assert_eq!(diff("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"), expected);
    assert_eq!(diff("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1"), -expected);
    assert_eq!(diff("1n2k3/8/8/8/8/8/8/4K3 b - - 0 1"), expected);
    assert_eq!(diff("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1"), 0);
}

#[test]
fn a_square_term_counts_for_the_first_player_and_mirrored_for_the_second() {
    let game = Arc::new(load("definitions/classic/chess.varia", None));
    let plain = Searcher::new(game.clone(), 1);
    let mut tuned = Searcher::new(game.clone(), 1);
    // f3 is cell 21 (rank 3, file f); the second player's f6 mirrors it across the ranks.
    tuned.set_weights(&square_bonus(&game, "Knight", 21, 37));
    let diff = |fen: &str| {
        let pos = game.parse_fen(fen).unwrap();
        tuned.evaluate(&pos) - plain.evaluate(&pos)
    };
    assert_eq!(diff("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1"), 37);
    assert_eq!(diff("4k3/8/8/8/8/5N2/8/4K3 b - - 0 1"), -37);
    assert_eq!(diff("4k3/8/5n2/8/8/8/8/4K3 b - - 0 1"), 37);
    assert_eq!(diff("4k3/8/2n5/8/8/8/8/4K3 b - - 0 1"), 0);
    assert_eq!(diff("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1"), 0);
}

#[test]
fn shogi_mirrors_the_second_player_through_the_centre() {
    // Shogi's second player starts rotated half a turn: its bishop stands where the first
    // player's rook is mirrored across the ranks, so only the rotation maps the start onto itself.
    let game = Arc::new(load("definitions/classic/shogi.varia", None));
    // The first player's a1 (file 9, rank 9 in shogi's terms).
    let w = square_bonus(&game, "Rook", 0, 50);
    let plain = Searcher::new(game.clone(), 1);
    let mut tuned = Searcher::new(game.clone(), 1);
    tuned.set_weights(&w);
    let diff = |fen: &str| {
        let pos = game.parse_fen(fen).unwrap();
        tuned.evaluate(&pos) - plain.evaluate(&pos)
    };
    // A second-player rook on i9 (the last cell) stands where the first player's a1 turns to.
    assert_eq!(diff("8r/4k4/9/9/9/9/9/4K4/9[-] w 0 1"), -50);
    assert_eq!(diff("r8/4k4/9/9/9/9/9/4K4/9[-] w 0 1"), 0);
    assert_eq!(diff("9/4k4/9/9/9/9/9/4K4/R8[-] b 0 1"), -50);
}

#[test]
fn weights_for_another_game_or_malformed_are_refused() {
    let game = load("definitions/classic/chess.varia", None);
    let cases = [
        (
            r#"{"format": 3, "variant": "chess/chess", "board": [8, 8], "pieces": {}}"#,
            "weights format 3 is not supported (this varia reads formats 1 to 2)",
        ),
        (
            r#"{"format": 1, "variant": "chess/chess", "board": [8, 8], "pieces": {"Rook": {"value": 1, "mobility": 1, "squares_end": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}}}"#,
            "piece `Rook`: squares_end needs weights format 2",
        ),
        (
            r#"{"format": 2, "variant": "chess/chess", "board": [8, 8], "pieces": {"Rook": {"value": 1, "mobility": 1, "squares_end": [1]}}}"#,
            "piece `Rook`: 1 squares_end, the board has 64 cells",
        ),
        (
            r#"{"format": 1, "variant": "shogi/shogi", "board": [8, 8], "pieces": {}}"#,
            "these weights are for `shogi/shogi`, not `chess/chess`",
        ),
        (
            r#"{"format": 1, "variant": "chess/chess", "board": [9, 9], "pieces": {}}"#,
            "these weights are for a 9x9 board, not 8x8",
        ),
        (
            r#"{"format": 1, "variant": "chess/chess", "board": [8, 8], "pieces": {"Elephant": {"value": 1, "mobility": 1}}}"#,
            "unknown piece `Elephant`",
        ),
        (
            r#"{"format": 1, "variant": "chess/chess", "board": [8, 8], "pieces": {"Rook": {"value": 1, "mobility": 1, "squares": [1, 2]}}}"#,
            "piece `Rook`: 2 squares, the board has 64 cells",
        ),
        (
            r#"{"format": 1, "variant": "chess/chess", "board": [8, 8], "pieces": {"Rook": {"value": 1000000, "mobility": 1}}}"#,
            "piece `Rook`: a term beyond +-100000 centipawns",
        ),
        (
            r#"{"format": 1, "variant": "chess/chess", "board": [8, 8], "pieces": {"Rook": {"value": 1}}}"#,
            "pieces.Rook: missing field `mobility`",
        ),
    ];
    for (text, message) in cases {
        let e = Weights::parse(text, &game).unwrap_err();
        assert!(e.starts_with(message), "{text}: {e}");
    }
}

#[test]
fn tune_writes_weights_that_a_match_plays_with() {
    let dir = std::env::temp_dir().join(format!("varia-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("chess.json");
    let out = out.to_str().unwrap();
    let chess = def("definitions/classic/chess.varia");
    let run = varia(&[
        "tune",
        &chess,
        "--games",
        "2",
        "--nodes",
        "200",
        "--max-plies",
        "40",
        "--iterations",
        "5",
        "--threads",
        "1",
        "--out",
        out,
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report = String::from_utf8(run.stdout).unwrap();
    assert!(report.starts_with("2 games ("), "{report}");
    assert!(report.contains("\nKnight: value 300 -> "), "{report}");
    let game = load("definitions/classic/chess.varia", None);
    let w = Weights::parse(&std::fs::read_to_string(out).unwrap(), &game).unwrap();
    assert_eq!(w.variant, "chess/chess");
    assert_eq!(w.pieces.len(), game.rules().pieces.len());
    let played = varia(&[
        "match",
        &chess,
        "--games",
        "2",
        "--nodes",
        "100",
        "--max-plies",
        "20",
        "--threads",
        "1",
        "--weights",
        out,
        "--json",
    ]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    // Weights for a variant the match does not play are refused.
    let shogi = def("definitions/classic/shogi.varia");
    let refused = varia(&["match", &shogi, "--games", "1", "--weights", out]);
    assert_eq!(refused.status.code(), Some(1));
    let err = String::from_utf8(refused.stderr).unwrap();
    assert!(
        err.contains("the weights are for `chess/chess`, which this match does not play"),
        "{err}"
    );
    let missing = varia(&[
        "tune",
        &chess,
        "--games",
        "1",
        "--weights",
        "/nonexistent.json",
    ]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        String::from_utf8(missing.stderr)
            .unwrap()
            .starts_with("error: cannot read /nonexistent.json")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tune_labels_positions_partly_by_the_searches_scores() {
    let chess = def("definitions/classic/chess.varia");
    let tune = |weight: &str| {
        let run = varia(&[
            "tune",
            &chess,
            "--games",
            "2",
            "--nodes",
            "200",
            "--max-plies",
            "40",
            "--iterations",
            "20",
            "--threads",
            "1",
            "--score-weight",
            weight,
        ]);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let report = String::from_utf8(run.stderr).unwrap();
        (String::from_utf8(run.stdout).unwrap(), report)
    };
    let (by_results, report) = tune("0");
    assert!(!report.contains("labels"), "{report}");
    let (by_scores, report) = tune("1");
    assert!(
        report.contains(" positions; labels 1 the searches' scores; scale "),
        "{report}"
    );
    // The same games, other labels: other terms.
    assert_ne!(by_results, by_scores);
    let refused = varia(&["tune", &chess, "--games", "1", "--score-weight", "1.5"]);
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(refused.stderr).unwrap(),
        "error: --score-weight 1.5 is not between 0 and 1\n"
    );
}

/// A weights file for chess that makes a knight on a3 (or, mirrored, a6) worth 20 pawns more.
fn knight_on_a3(dir: &std::path::Path) -> String {
    let game = load("definitions/classic/chess.varia", None);
    let path = dir.join("a3.json");
    std::fs::write(&path, square_bonus(&game, "Knight", 16, 2000).to_json()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn uci_xboard_and_play_evaluate_with_weights() {
    let dir = std::env::temp_dir().join(format!("varia-tune-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let w = knight_on_a3(&dir);
    let chess = def("definitions/classic/chess.varia");
    let shogi = def("definitions/classic/shogi.varia");
    // Without the weights the engine does not play Na3 from the start; with them it must.
    let mut plain = session::Session::start(&["uci", &chess]);
    plain.send("position startpos");
    plain.send("go depth 2");
    let best = plain.until(|l| l.starts_with("bestmove"));
    assert!(!best.starts_with("bestmove b1a3"), "{best}");
    plain.quit();
    let mut uci = session::Session::start(&["uci", &shogi, &chess, "--weights", &w]);
    uci.send("setoption name UCI_Variant value chess");
    uci.send("position startpos");
    uci.send("go depth 2");
    assert!(
        uci.until(|l| l.starts_with("bestmove"))
            .starts_with("bestmove b1a3")
    );
    // The second player's a6 mirrors the first player's a3.
    uci.send("position startpos moves d2d4");
    uci.send("go depth 2");
    assert!(
        uci.until(|l| l.starts_with("bestmove"))
            .starts_with("bestmove b8a6")
    );
    // After a new hash table the weights still hold.
    uci.send("setoption name Hash value 2");
    uci.send("position startpos");
    uci.send("go depth 2");
    assert!(
        uci.until(|l| l.starts_with("bestmove"))
            .starts_with("bestmove b1a3")
    );
    uci.quit();
    let mut xb = session::Session::start(&["xboard", &chess, "--weights", &w]);
    for c in ["xboard", "protover 2", "new", "sd 2", "go"] {
        xb.send(c);
    }
    assert_eq!(xb.until(|l| l.starts_with("move ")), "move b1a3");
    xb.quit();
    // A file for no variant offered, or for another variant, is refused before anything starts.
    for args in [
        vec!["uci", shogi.as_str(), "--weights", w.as_str()],
        vec!["xboard", shogi.as_str(), "--weights", w.as_str()],
        vec![
            "play",
            shogi.as_str(),
            "--as",
            "none",
            "--weights",
            w.as_str(),
        ],
    ] {
        let out = varia(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("the weights are") && err.contains("chess/chess"),
            "{args:?}: {err}"
        );
    }
    let played = varia(&[
        "play",
        &chess,
        "--as",
        "none",
        "--depth",
        "2",
        "--max-plies",
        "1",
        "--weights",
        &w,
    ]);
    assert!(played.status.success());
    let text = String::from_utf8(played.stdout).unwrap();
    assert!(text.contains("moves: b1a3"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
