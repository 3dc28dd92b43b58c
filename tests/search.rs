//! The search: mates found, material won, a legal move in every shipped game (four players
//! included). No test asserts on speed.

use std::sync::Arc;
use varia::Game;
use varia::search::{Limits, Score, Searcher};

fn game(path: &str, variant: Option<&str>) -> Arc<Game> {
    let file = format!("{}/definitions/{path}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(file).expect("definition");
    Arc::new(varia::load_str(&source, variant).expect("loads"))
}

fn chess() -> Arc<Game> {
    game("classic/chess.varia", None)
}

/// Searches a FEN to a depth and returns the best move's string and the score.
fn best(game: &Arc<Game>, fen: &str, depth: u32) -> (Option<String>, Score) {
    let pos = game.parse_fen(fen).expect("FEN");
    let mut s = Searcher::new(game.clone(), 4);
    let r = s.search(&pos, &[], &Limits::depth(depth), &mut |_| {});
    if let Some(m) = r.best {
        assert!(
            game.legal_moves(&pos).contains(&m),
            "the best move is legal"
        );
    }
    (r.best.map(|m| game.move_to_string(&m)), r.score)
}

#[test]
fn mate_in_one() {
    let (m, score) = best(&chess(), "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 3);
    assert_eq!(m.as_deref(), Some("a1a8"));
    assert_eq!(score, Score::Mate(1));
}

#[test]
fn mate_in_two() {
    let g = chess();
    let fen = "7k/8/8/8/8/8/R7/1R5K w - - 0 1";
    let (m, score) = best(&g, fen, 4);
    assert_eq!(score, Score::Mate(2));
    // Whatever Black answers, White mates next move.
    let pos = g.parse_fen(fen).unwrap();
    let after = g.make(&pos, &g.parse_move(&pos, &m.unwrap()).unwrap());
    for reply in g.legal_moves(&after) {
        let p = g.make(&after, &reply);
        let mates = g.legal_moves(&p).iter().any(
            |w| matches!(g.status(&g.make(&p, w)), varia::Status::Over(e) if e.winner == Some(varia::rules::PlayerId(0))),
        );
        assert!(mates, "a mate follows {}", g.move_to_string(&reply));
    }
}

#[test]
fn being_mated_is_a_negative_mate() {
    // Black to move, mated next move whatever it does.
    let (_, score) = best(&chess(), "7k/R7/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!(score, Score::Mate(-1));
}

#[test]
fn takes_a_hanging_queen() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/7q/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    let (m, score) = best(&chess(), fen, 3);
    assert_eq!(m.as_deref(), Some("f3h4"));
    assert!(matches!(score, Score::Cp(v) if v > 500), "{score:?}");
}

#[test]
fn no_move_when_the_game_is_over() {
    // Fool's mate: White is mated.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let (m, score) = best(&chess(), fen, 3);
    assert_eq!(m, None);
    assert_eq!(score, Score::Mate(0));
}

#[test]
fn node_limit_stops_the_search() {
    let g = chess();
    let mut s = Searcher::new(g.clone(), 1);
    let r = s.search(&g.start(), &[], &Limits::nodes(2000), &mut |_| {});
    assert!(r.best.is_some());
    assert!(r.nodes <= 2001, "{} nodes", r.nodes);
}

#[test]
fn stop_flag_stops_an_unlimited_search() {
    let g = chess();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    let mut s = Searcher::new(g.clone(), 1);
    let r = s.search(&g.start(), &[], &limits, &mut |_| {});
    assert!(r.best.is_some());
}

#[test]
fn four_players_get_a_legal_move() {
    let g = game("4-faces.varia", None);
    let mut pos = g.start();
    let mut s = Searcher::new(g.clone(), 4);
    // A few plies of self-play: every player moves in turn.
    for _ in 0..8 {
        if g.status(&pos).is_over() {
            break;
        }
        let r = s.search(&pos, &[], &Limits::depth(2), &mut |_| {});
        let m = r.best.expect("a move");
        assert!(g.legal_moves(&pos).contains(&m));
        pos = g.make(&pos, &m);
    }
}

#[test]
fn every_shipped_game_gets_a_legal_move() {
    for (path, variant) in [
        ("classic/shogi.varia", None),
        ("classic/xiangqi.varia", None),
        ("classic/crazyhouse.varia", None),
        ("classic/minishogi.varia", None),
        ("symgi.varia", Some("displacer")),
        ("hoo-mitregi.varia", None),
        ("shoxiang108.varia", Some("xq-heavy-strong-cannon-screens")),
        ("4-faces.varia", Some("large")),
    ] {
        let g = game(path, variant);
        let mut s = Searcher::new(g.clone(), 1);
        let r = s.search(&g.start(), &[], &Limits::depth(2), &mut |_| {});
        let m = r.best.expect("a move");
        assert!(g.legal_moves(&g.start()).contains(&m), "{path}");
    }
}

#[test]
fn a_repeated_position_is_a_draw() {
    // White is a queen down, but the position after Kh1-g1 repeats the game's history: the
    // search scores that line as a draw rather than its material.
    let g = chess();
    let fen = "6k1/8/8/8/8/8/q7/7K w - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    let mut s = Searcher::new(g.clone(), 1);
    let history: Vec<u64> = g
        .legal_moves(&pos)
        .iter()
        .map(|m| g.key(&g.make(&pos, m)))
        .collect();
    let r = s.search(&pos, &history, &Limits::depth(3), &mut |_| {});
    assert_eq!(r.score, Score::Cp(0));
}
