//! Scenario tests of the classic games' special rules: a position, and the exact legal moves or
//! the exact resulting position.
//!
//! The cases that need no Rust (a position, moves, the expected answer) are data in
//! `tests/scenarios/classics.scn`; what stays here needs the API beyond them.

mod common;
use common::*;

const SHOGI: &str = "definitions/classic/shogi.varia";
const XIANGQI: &str = "definitions/classic/xiangqi.varia";

#[test]
fn moves_parse_and_print_in_fairy_stockfish_form() {
    let g = load(XIANGQI, None);
    let pos = g.start();
    let m = g.parse_move(&pos, "b3b10").unwrap();
    assert_eq!(g.move_to_string(&m), "b3b10");
    // A cell off the board makes a move illegal (and says so); a shape that is no move at all is
    // malformed.
    assert!(matches!(
        g.parse_move(&pos, "b3b11"),
        Err(varia::engine::MoveError::NoCell(..))
    ));
    assert!(matches!(
        g.parse_move(&pos, "b3"),
        Err(varia::engine::MoveError::Malformed(_))
    ));
    assert!(matches!(
        g.parse_move(&pos, "b3c4"),
        Err(varia::engine::MoveError::Illegal(_))
    ));
    let s = load(SHOGI, None);
    let fen = "4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1";
    let p = s.parse_fen(fen).unwrap();
    assert!(s.parse_move(&p, "a6a7+").is_ok());
    assert!(s.parse_move(&p, "a6a7").is_ok());
}
