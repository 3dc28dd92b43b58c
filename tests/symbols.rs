//! Dressed symbols (`A'`, `C!`) where other programs name each piece type by one letter: the
//! Fairy-Stockfish export and XBoard's `setup` refuse them, with the reason, rather than write a
//! letter twice. The game itself is tested in tests/scenarios/symbols.scn.

#[path = "common/session.rs"]
mod session;

use session::{Session, def};
use std::process::Command;

const GAME: &str = "tests/fixtures/symbols/dressed.varia";

#[test]
fn the_fairy_stockfish_export_refuses_a_dressed_symbol_at_its_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["export", &def(GAME), "--format", "fsf"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "error: {}:94: variant `dressed` cannot be exported to Fairy-Stockfish: symbol `A'`: \
             Fairy-Stockfish names each piece type by one letter, without XBoard's `'` or `!`",
            def(GAME)
        )),
        "{err}"
    );
    assert!(err.contains("94 | piece PrimeA A'"), "{err}");
}

#[test]
fn xboard_is_told_why_a_game_of_dressed_symbols_cannot_be_set_up() {
    let mut s = Session::start(&["xboard", &def(GAME)]);
    s.send("protover 2");
    let features = s.until(|l| l.contains("variants="));
    assert!(features.ends_with(" variants=\"\""), "{features}");
    s.until(|l| l == "feature done=1");
    assert_eq!(
        s.line(),
        "tellusererror varia cannot show any variant of these files in XBoard (dressed: XBoard's \
         `setup` gives each piece type one letter; PrimeA is written `A'`)"
    );
    s.quit();
}

/// SAN writes a type by its FEN symbol, dress included, and reads it back: the N! leaping to
/// g4 is `N!g4`, a dropped C! `C!@e5`, the P' promoting to +P' `P'e7=+P'`.
#[test]
fn san_spells_dressed_symbols_and_reads_them_back() {
    let src = std::fs::read_to_string(def(GAME)).unwrap();
    let game = varia::load_str(&src, None).unwrap();
    let pos = game
        .parse_fen("4k4/9/9/4P'4/9/9/9/4N!4/K8[C!] w 0 1")
        .unwrap();
    for (uci, san) in [
        ("e2g3", "N!g3"),
        ("C!@e5", "C!@e5"),
        ("e6e7", "P'e7"),
        ("e6e7+", "P'e7=+P'"),
    ] {
        let m = game.parse_move(&pos, uci).unwrap();
        assert_eq!(game.san(&pos, &m), san, "{uci}");
        assert_eq!(game.parse_san(&pos, san).unwrap(), m, "{san}");
    }
}

/// UCI reads a FEN and moves in dressed symbols and answers in them: the mate in one of a dropped
/// C! (it steps as a king) on b8, guarded by the P' on b7.
#[test]
fn uci_finds_a_mate_by_a_dressed_drop() {
    let mut s = Session::start(&["uci", &def(GAME)]);
    s.send("position fen k8/9/9/1P'7/9/9/9/9/8K[C!] w 0 1 moves b6b7 a9a8 i1h1 a8a9");
    s.send("go depth 3");
    let info = s.until(|l| l.starts_with("info depth 3 "));
    assert!(info.contains(" score mate 1 "), "{info}");
    assert!(info.ends_with(" pv C!@b8"), "{info}");
    assert_eq!(s.until(|l| l.starts_with("bestmove")), "bestmove C!@b8");
    s.quit();
}
