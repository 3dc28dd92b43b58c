//! FEN as other programs write it: Cute Chess's forms (`w - 0 0 1` for makruk and sittuyin, a
//! lone move number for shogi, gating letters before `KQkq`), X-FEN without the en-passant
//! field. Each is read as the position its writer means: the same moves, and the same FEN
//! written back as the canonical form gives.

mod common;

use common::load;
use varia::Game;

/// Reads `dialect` and `canonical` and asserts that they are one position: the same FEN written
/// back and the same perft two plies deep.
fn same_position(game: &Game, dialect: &str, canonical: &str) {
    let a = game
        .parse_fen(dialect)
        .unwrap_or_else(|e| panic!("{dialect}: {e}"));
    let b = game
        .parse_fen(canonical)
        .unwrap_or_else(|e| panic!("{canonical}: {e}"));
    assert_eq!(game.fen(&a), game.fen(&b), "{dialect}");
    assert_eq!(
        game.perft(&a, 2).unwrap(),
        game.perft(&b, 2).unwrap(),
        "{dialect}"
    );
}

/// Cute Chess's makruk and sittuyin: castling, then the count limit where en passant would be,
/// the count's plies and the move number (its default FENs, and a game in progress).
#[test]
fn cute_chess_counting_form() {
    let makruk = load("definitions/fsf/makruk.varia", None);
    same_position(
        &makruk,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 0 0 1",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    );
    let sittuyin = load("definitions/fsf/sittuyin.varia", None);
    same_position(
        &sittuyin,
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - 0 0 1",
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
    );
    // A running count: 64 plies allowed, 10 played, move 40.
    let counted = "8/8/8/3k4/8/8/3K4/3R4 b - 64 10 40";
    let pos = makruk.parse_fen(counted).unwrap();
    assert_eq!(makruk.fen(&pos), counted);
    // A game without counting reads the form too when no count runs: the clock is the second
    // number.
    let chess = load("definitions/classic/chess.varia", None);
    same_position(
        &chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 0 3 9",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9",
    );
    // A count limit in a game that counts nothing is still refused.
    let err = chess
        .parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 16 3 9")
        .unwrap_err();
    assert_eq!(err.to_string(), "bad en-passant field `16`");
}

/// Cute Chess's shogi family: `[-] w - 7`, the lone number being the move number.
#[test]
fn cute_chess_shogi_form() {
    let shogi = load("definitions/classic/shogi.varia", None);
    same_position(
        &shogi,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
    );
    let later = shogi
        .parse_fen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] b - 7")
        .unwrap();
    assert!(
        shogi.fen(&later).ends_with("[-] b 0 7"),
        "{}",
        shogi.fen(&later)
    );
    for bad in ["0", "x", "-1"] {
        let fen = format!("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - {bad}");
        assert!(shogi.parse_fen(&fen).is_err(), "{fen}");
    }
    let mini = load("definitions/classic/minishogi.varia", None);
    same_position(
        &mini,
        "rbsgk/4p/5/P4/KGSBR[-] w - 1",
        "rbsgk/4p/5/P4/KGSBR[-] w 0 1",
    );
}

/// Cute Chess's Seirawan writes the gating letters before `KQkq`; X-FEN without its en-passant
/// field.
#[test]
fn gating_letters_and_missing_en_passant() {
    let seirawan = load("definitions/fsf/seirawan.varia", None);
    same_position(
        &seirawan,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w BCDFGbcdfgKQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
    );
    let chess = load("definitions/classic/chess.varia", None);
    same_position(
        &chess,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    );
}

/// En passant by a move in legs (Rifle chess's pawn shoots the passed cell without moving): the
/// FEN names the passed cell, so a position read back from it has the same moves.
#[test]
fn en_passant_by_a_shot_is_written() {
    let rifle = load("definitions/rifle.varia", None);
    let before = rifle
        .parse_fen("1rbqkbn1/pppp1pp1/2n1p2r/2P4p/1P6/P1N2P1P/3PP1P1/R1BQKBNR b KQ - 0 7")
        .unwrap();
    let m = rifle.parse_move(&before, "b7b5").unwrap();
    let after = rifle.make(&before, &m);
    let fen = rifle.fen(&after);
    assert_eq!(
        fen,
        "1rbqkbn1/p1pp1pp1/2n1p2r/1pP4p/1P6/P1N2P1P/3PP1P1/R1BQKBNR w KQ b6 0 8"
    );
    let again = rifle.parse_fen(&fen).unwrap();
    let moves = |p| {
        let mut v: Vec<String> = rifle
            .legal_moves(p)
            .iter()
            .map(|m| rifle.move_to_string(m))
            .collect();
        v.sort();
        v
    };
    assert!(moves(&after).contains(&"c5b6,b6c5".to_string()));
    assert_eq!(moves(&again), moves(&after));
}
