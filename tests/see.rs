//! Static exchange evaluation: the material a move wins or loses on its destination, on chess
//! (leapers, riders, x-rays, the king taking last), xiangqi (a cannon's screen, a horse's leg)
//! and crazyhouse (captures worth their piece in hand, drops), and the games it is not exact on.

use std::sync::Arc;
use varia::Game;
use varia::search::Searcher;

fn game(path: &str) -> Arc<Game> {
    let file = format!("{}/definitions/{path}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(file).expect("definition");
    Arc::new(varia::load_str(&source, None).expect("loads"))
}

/// The exchange value of a move (as varia writes it) on a FEN.
fn see(game: &Arc<Game>, fen: &str, mv: &str) -> i32 {
    let pos = game.parse_fen(fen).expect("FEN");
    let m = game.parse_move(&pos, mv).expect("legal move");
    Searcher::new(game.clone(), 1)
        .exchange(&pos, &m)
        .expect("a legal move")
}

#[test]
fn chess_exchanges() {
    let g = game("classic/chess.varia");
    // A free pawn.
    assert_eq!(see(&g, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 100);
    // A rook for a pawn a pawn defends.
    assert_eq!(see(&g, "4k3/2p5/3p4/8/8/8/3R4/4K3 w - - 0 1", "d2d6"), -400);
    // A knight for a pawn a pawn defends.
    assert_eq!(see(&g, "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5"), -200);
    // A rook behind the first (an x-ray) wins the pawn a rook defends: the defender does not
    // take back; without it, the rook is lost for the pawn.
    assert_eq!(see(&g, "3rk3/8/3p4/8/8/8/3R4/3RK3 w - - 0 1", "d2d6"), 100);
    assert_eq!(see(&g, "3rk3/8/3p4/8/8/8/3R4/4K3 w - - 0 1", "d2d6"), -400);
    // A queen for a pawn the king defends; with a rook behind it, the king may not take back.
    assert_eq!(see(&g, "4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1", "d1d7"), -800);
    assert_eq!(see(&g, "4k3/3p4/8/8/8/8/3Q4/3RK3 w - - 0 1", "d2d7"), 100);
    // Pawn takes a defended knight, bishop takes back, bishop takes back: 300 - 100 + 300.
    assert_eq!(
        see(&g, "4k3/8/2b5/3n4/4P3/5B2/8/4K3 w - - 0 1", "e4d5"),
        300
    );
    // A quiet move onto a cell a pawn attacks loses the piece.
    assert_eq!(see(&g, "4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1", "f3e5"), -300);
    assert_eq!(see(&g, "4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1", "f3g5"), 0);
    // A promotion that is taken back loses the pawn.
    assert_eq!(see(&g, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), -100);
    assert!(Searcher::new(g.clone(), 1).exchange_exact());
}

#[test]
fn xiangqi_exchanges() {
    let g = game("classic/xiangqi.varia");
    // The cannon takes a rook over a screen (its own soldier).
    let fen = "3k5/9/9/4r4/4P4/9/9/4C4/9/4K4 w - - 0 1";
    assert_eq!(see(&g, fen, "e3e7"), 900);
    // A horse whose leg is blocked does not take back: the rook wins a free soldier.
    let fen = "3k5/9/9/9/4p4/5p3/5n3/4R4/9/5K3 w - - 0 1";
    assert_eq!(see(&g, fen, "e3e6"), 100);
    // The same leg free: the horse takes the rook back.
    let fen = "3k5/9/9/9/4p4/9/5n3/4R4/9/5K3 w - - 0 1";
    assert_eq!(see(&g, fen, "e3e6"), -800);
    assert!(Searcher::new(g.clone(), 1).exchange_exact());
}

#[test]
fn crazyhouse_exchanges() {
    let g = game("classic/crazyhouse.varia");
    // A capture is worth the piece and the piece in hand (9/8 of it): a free pawn is 212.
    assert_eq!(see(&g, "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1", "e4d5"), 212);
    // A knight dropped where a pawn takes it loses it and gives it to the opponent's hand.
    assert_eq!(see(&g, "4k3/8/3p4/8/8/8/8/4K3[N] w - - 0 1", "N@e5"), -637);
    // Defended, the drop trades the knight for the pawn: -637 + 212.
    assert_eq!(
        see(&g, "4k3/8/3p4/8/5P2/8/8/4K3[N] w - - 0 1", "N@e5"),
        -425
    );
    assert!(Searcher::new(g.clone(), 1).exchange_exact());
}

#[test]
fn not_exact_where_the_rules_change_exchanges() {
    // Four players, and captures that turn the capturer (Andernach): no pruning on exchanges.
    for path in ["4-faces.varia", "andernach.varia"] {
        assert!(!Searcher::new(game(path), 1).exchange_exact(), "{path}");
    }
}

/// A capture a limit forbids is no recapture (Chu Shogi's Lion may not take a protected Lion
/// from afar). White's Lion takes a Pawn on e5; Black's Lion on c7, two cells away, with a
/// Bishop behind it on the diagonal, could take it back; White's Pawn on e4 protects e5, so
/// Black's Lion may not, the Bishop stays blocked, and White wins the Pawn. Before, the exchange
/// had Black's Lion take White's Lion, White's Pawn take it back and the Bishop the Pawn (0).
/// Unprotected, White's Lion is lost for the Pawn. In Mighty-Lion Chess, whose Lion is not
/// protected by its King alone (`unless protected only by King`), a protecting Pawn bars the
/// Lion as in Chu Shogi, and a protecting King does not.
#[test]
fn a_capture_a_limit_forbids_takes_nothing_back() {
    let chu = game("hachu/chu.varia");
    let protected = "11k/12/12/12/1b10/2n9/12/4p7/4P7/4N7/12/K11 w - - 0 1";
    assert_eq!(see(&chu, protected, "e3e5"), 100);
    let unprotected = "11k/12/12/12/1b10/2n9/12/4p7/12/4N7/12/K11 w - - 0 1";
    assert_eq!(see(&chu, unprotected, "e3e5"), 100 - 2500);
    assert!(Searcher::new(chu, 1).exchange_exact());
    let lion = game("mightylion.varia");
    let by_pawn = "1b5k/2l5/8/4p3/3P4/4L3/8/K7 w - - 0 1";
    assert_eq!(see(&lion, by_pawn, "e3e5"), 100);
    let by_king = "1b5k/2l5/8/4p3/3K4/4L3/8/8 w - - 0 1";
    let free = see(&lion, "7k/8/8/4p3/8/4L3/8/K7 w - - 0 1", "e3e5");
    assert_eq!(see(&lion, by_king, "e3e5"), free - 1000);
}

/// Where a player may lose one of two royal pieces, the other is worth its value in an
/// exchange, as a piece: taken, it gains that (not more than any exchange); it may take back
/// where it would be taken itself. A player's only royal piece still takes last.
#[test]
fn a_second_royal_piece_is_worth_its_value() {
    let source = "game t\nboard 8 x 8\nplayer white north\nplayer black south\n\
                  royalty all\npiece King K\n  royal\n  value 4\n  moves K\n\
                  piece Rook R\n  value 5\n  moves R\npiece Pawn P\n  value 1\n  moves mfW cfF\n\
                  checkmate loss\nstalemate draw\nsetup 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let g = Arc::new(varia::load_str(source, None).expect("loads"));
    // A king a pawn defends, taken by a rook: 400 for 500 (before: the king was worth more
    // than everything, and the rook's capture won it all).
    assert_eq!(see(&g, "4k3/8/8/2p5/3k4/8/8/3RK3 w - - 0 1", "d1d4"), -100);
    // A pawn one of two kings defends, a rook behind the first: the king takes back and is
    // taken, 100 - 500 + 400 (before: the king did not take back, 100).
    assert_eq!(see(&g, "k7/8/8/3p4/2k5/8/3R4/3RK3 w - - 0 1", "d2d5"), 0);
    // With one king it does not take back into the second rook's line: the pawn is won.
    assert_eq!(see(&g, "8/8/8/3p4/2k5/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
    // Two Kings chess: only the king on the lowest file is royal; the other one is a piece
    // worth the evaluation's estimate for a king's moves.
    let two = game("cutechess/twokings.varia");
    let rook_takes_king = see(&two, "k7/8/8/2p5/3k4/8/8/3RK3 w - - 0 1", "d1d4");
    assert!(
        rook_takes_king < 0 && rook_takes_king > -500,
        "{rook_takes_king}"
    );
}
