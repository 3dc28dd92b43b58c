//! Scenario tests of the classic games' special rules: a position, and the exact legal moves or
//! the exact resulting position.

mod common;
use common::*;

const CHESS: &str = "definitions/classic/chess.varia";
const SHOGI: &str = "definitions/classic/shogi.varia";
const XIANGQI: &str = "definitions/classic/xiangqi.varia";
const ZH: &str = "definitions/classic/crazyhouse.varia";

#[test]
fn chess_castling_both_sides_and_not_through_check() {
    let g = load(CHESS, None);
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e1"),
        strs(&["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"])
    );
    assert_eq!(
        after(&g, fen, &["e1g1"]),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
    // A rook on f8 attacks f1: no castling through it; d8 rook does not stop queenside (b1 only
    // has to be empty).
    let fen = "1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e1"),
        strs(&["e1c1", "e1d1", "e1d2", "e1e2"])
    );
}

#[test]
fn chess_en_passant_and_its_fen() {
    let g = load(CHESS, None);
    let fen = after(&g, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5"]);
    assert_eq!(fen, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(moves_from(&g, &fen, "e5"), strs(&["e5d6", "e5e6"]));
    assert_eq!(
        after(&g, &fen, &["e5d6"]),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"
    );
    // No taker, no en-passant cell in the FEN.
    assert_eq!(
        after(&g, "4k3/3p4/8/8/8/8/8/4K3 b - - 0 1", &["d7d5"]),
        "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2"
    );
}

#[test]
fn chess_promotion_choices() {
    let g = load(CHESS, None);
    assert_eq!(
        moves_from(&g, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7"),
        strs(&["e7e8b", "e7e8n", "e7e8q", "e7e8r"])
    );
}

#[test]
fn chess_checkmate_and_stalemate() {
    let g = load(CHESS, None);
    let mate = g.parse_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert!(matches!(
        g.status(&mate),
        varia::Status::Over(varia::Ending {
            reason: varia::Reason::Checkmate,
            ..
        })
    ));
    let stale = g.parse_fen("7k/5Q2/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert!(matches!(
        g.status(&stale),
        varia::Status::Over(varia::Ending {
            reason: varia::Reason::Stalemate,
            outcome: varia::rules::Outcome::Draw,
            winner: None
        })
    ));
}

#[test]
fn shogi_promotion_is_optional_but_compulsory_when_stuck() {
    let g = load(SHOGI, None);
    // A pawn entering the camp may promote; onto the last rank it must.
    let fen = "4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "a6"), strs(&["a6a7", "a6a7+"]));
    let fen = "4k4/P8/9/9/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "a8"), strs(&["a8a9+"]));
    // A knight must promote on the last two ranks.
    let fen = "4k4/9/9/1N7/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "b6"), strs(&["b6a8+", "b6c8+"]));
    // Leaving the camp also promotes (silver moving back out).
    let fen = "4k4/9/S8/9/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "a7"),
        strs(&["a7a8", "a7a8+", "a7b6", "a7b6+", "a7b8", "a7b8+"])
    );
}

#[test]
fn shogi_drops_nifu_stuck_and_pawn_drop_mate() {
    let g = load(SHOGI, None);
    // White holds a pawn; a white pawn stands on file a: no drop on file a, nor on rank 9.
    let fen = "8k/9/9/9/9/9/9/P8/K8[P] w - - 0 1";
    let drops: Vec<String> = moves(&g, fen)
        .into_iter()
        .filter(|m| m.starts_with("P@"))
        .collect();
    assert_eq!(drops.len(), 8 * 8, "{drops:?}");
    assert!(
        !drops
            .iter()
            .any(|m| m.starts_with("P@a") || m.ends_with('9'))
    );
    // Mate by a pawn drop (uchifuzume) loses for the dropper, as Fairy-Stockfish plays it: the
    // drop is a legal move, and the mated player wins; mate by a lance drop is a plain mate.
    let fen = "7nk/9/7G1/9/9/9/9/9/K8[PL] w - - 0 1";
    let m = moves(&g, fen);
    assert!(m.contains(&"P@i8".to_string()));
    assert!(m.contains(&"L@i8".to_string()));
    let status = |played: &str| {
        let pos = g.parse_fen(fen).unwrap();
        g.status(&g.make(&pos, &g.parse_move(&pos, played).unwrap()))
    };
    assert_eq!(
        status("P@i8"),
        varia::Status::Over(varia::Ending {
            reason: varia::Reason::DropMate,
            outcome: varia::rules::Outcome::Win,
            winner: Some(varia::rules::PlayerId(1))
        })
    );
    assert_eq!(
        status("L@i8"),
        varia::Status::Over(varia::Ending {
            reason: varia::Reason::Checkmate,
            outcome: varia::rules::Outcome::Loss,
            winner: Some(varia::rules::PlayerId(0))
        })
    );
}

#[test]
fn shogi_captured_promoted_piece_returns_unpromoted() {
    let g = load(SHOGI, None);
    assert_eq!(
        after(&g, "4k4/9/9/9/9/9/4+p4/4G4/4K4[] w - - 0 1", &["e2e3"]),
        "4k4/9/9/9/9/9/4G4/9/4K4[P] b - - 0 1"
    );
}

#[test]
fn shogi_fen_round_trips_in_both_forms() {
    let g = load(SHOGI, None);
    for fen in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL[] b - - 1 1",
        "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL[Bb] w - - 0 1",
        "4k4/9/9/9/9/9/4+p4/4G4/4K4[GNLPPSRBgnlpsrb] w - - 0 1",
    ] {
        assert_eq!(g.fen(&g.parse_fen(fen).unwrap()), fen);
    }
}

#[test]
fn xiangqi_palace_river_horse_cannon_and_flying_general() {
    let g = load(XIANGQI, None);
    // The general stays in the palace; it may not step onto the open file facing the other.
    let fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e1"), strs(&["e1e2", "e1f1"]));
    // A horse blocked on its orthogonal leg; an elephant may not cross the river.
    let fen = "3k5/9/9/9/9/2B6/9/9/1N7/1P2K4 w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "b2"),
        strs(&["b2a4", "b2c4", "b2d1", "b2d3"])
    );
    assert_eq!(moves_from(&g, fen, "c5"), strs(&["c5a3", "c5e3"]));
    // The cannon moves like a rook and captures over exactly one screen.
    let fen = "3k5/9/9/9/9/9/9/9/9/C1p1p3K w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "a1"),
        strs(&[
            "a1a10", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1a9", "a1b1", "a1e1"
        ])
    );
    // A soldier across the river also steps sideways.
    let fen = "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e6"), strs(&["e6d6", "e6e7", "e6f6"]));
    let fen = "5k3/9/9/9/9/4P4/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e5"), strs(&["e5e6"]));
}

#[test]
fn crazyhouse_promoted_pawn_returns_as_pawn() {
    let g = load(ZH, None);
    let fen = "4k3/8/8/8/8/8/8/3qK3[] w - - 0 1";
    let fen = fen.replace("3qK3", "3q~K3");
    assert_eq!(g.fen(&g.parse_fen(&fen).unwrap()), fen);
    assert_eq!(
        after(&g, &fen, &["e1d1"]),
        "4k3/8/8/8/8/8/8/3K4[P] b - - 0 1"
    );
    // Pawns are not dropped on the first or last rank.
    let m = moves(&g, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert_eq!(m.iter().filter(|m| m.starts_with("P@")).count(), 48);
}

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
