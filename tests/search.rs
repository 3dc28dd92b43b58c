//! The search: mates found, material won, a legal move in every shipped game (four players
//! included). No test asserts on speed.

use std::sync::Arc;
use varia::Game;
use varia::search::{Limits, Score, SearchResult, Searcher};

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
    let r = s.search(&pos, &Limits::depth(depth), &mut |_| {});
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
    let r = s.search(&g.start(), &Limits::nodes(2000), &mut |_| {});
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
    let r = s.search(&g.start(), &limits, &mut |_| {});
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
        let r = s.search(&pos, &Limits::depth(2), &mut |_| {});
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
        let r = s.search(&g.start(), &Limits::depth(2), &mut |_| {});
        let m = r.best.expect("a move");
        assert!(g.legal_moves(&g.start()).contains(&m), "{path}");
    }
}

#[test]
fn a_repeated_position_is_a_draw() {
    // White is a queen down, and its only move, Kh1-g1, repeats the position the game started
    // from: the search scores that line as a draw rather than its material.
    let g = chess();
    let mut pos = g.parse_fen("6k1/8/8/8/8/8/q7/6K1 b - - 0 1").unwrap();
    for m in ["g8h8", "g1h1", "h8g8"] {
        let m = g.parse_move(&pos, m).unwrap();
        g.play(&mut pos, &m).unwrap();
    }
    assert_eq!(g.fen(&pos), "6k1/8/8/8/8/8/q7/7K w - - 3 3");
    let mut s = Searcher::new(g.clone(), 1);
    let r = s.search(&pos, &Limits::depth(3), &mut |_| {});
    assert_eq!(r.score, Score::Cp(0));
}

#[test]
fn king_of_the_hill_goes_to_the_centre_rather_than_win_a_queen() {
    // Ke3-e4 reaches the hill and wins at once; Rh1xd1 would only win the queen (d4 is
    // covered by the queen).
    let g = game("fsf/kingofthehill.varia", None);
    let (m, score) = best(&g, "4k3/8/8/8/8/4K3/8/3q3R w - - 0 1", 3);
    assert_eq!(m.as_deref(), Some("e3e4"));
    assert_eq!(score, Score::Mate(1));
}

#[test]
fn a_third_check_wins_in_three_check() {
    // White has one check left to give: Rh8+ or Re1+ wins, Rxd1 only wins the queen.
    let g = game("fsf/3check.varia", None);
    let fen = "4k3/8/8/8/8/8/K7/3q3R w - - 1+3 0 1";
    let (m, score) = best(&g, fen, 3);
    assert!(matches!(m.as_deref(), Some("h1h8" | "h1e1")), "{m:?}");
    assert_eq!(score, Score::Mate(1));
}

#[test]
fn antichess_gives_away_its_last_piece() {
    // Losing every piece wins: the rook goes next to the king, which must take it.
    let g = game("fsf/antichess.varia", None);
    let (m, score) = best(&g, "8/8/8/8/8/1k6/8/R7 w - - 0 1", 3);
    assert!(
        matches!(m.as_deref(), Some("a1a2" | "a1a3" | "a1a4")),
        "{m:?}"
    );
    assert_eq!(score, Score::Mate(1));
}

#[test]
fn antichess_makes_its_compulsory_capture() {
    // After 1. e3 b5 the bishop must take on b5: the only legal move, and the search's.
    let g = game("fsf/antichess.varia", None);
    let fen = "rnbqkbnr/p1pppppp/8/1p6/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2";
    let (m, _) = best(&g, fen, 4);
    assert_eq!(m.as_deref(), Some("f1b5"));
}

#[test]
fn every_fairy_stockfish_variant_plays_legal_moves() {
    // A few plies of self-play in each: games without royal pieces, goals, extinctions,
    // counting and compulsory captures included.
    let dir = format!("{}/definitions/fsf", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "varia"))
        .collect();
    files.sort();
    assert!(files.len() >= 28);
    for f in files {
        let source = std::fs::read_to_string(&f).unwrap();
        let g = Arc::new(varia::load_str(&source, None).expect("loads"));
        let mut s = Searcher::new(g.clone(), 1);
        let mut pos = g.start();
        for _ in 0..6 {
            if g.status(&pos).is_over() {
                break;
            }
            let r = s.search(&pos, &Limits::depth(2), &mut |_| {});
            let m = r.best.expect("a move");
            g.play(&mut pos, &m).expect("a legal move");
        }
    }
}

#[test]
fn the_move_limit_draws_and_a_draw_wins_with_draw_odds() {
    // A queen down with the half-move clock at 99: any move of Black's king reaches the move
    // limit. In chess that is a draw; in Armageddon, where draws count for Black, a win.
    let fen = "4k3/8/8/8/8/8/8/3QK3 b - - 99 80";
    let (_, score) = best(&chess(), fen, 3);
    assert_eq!(score, Score::Cp(0));
    let (_, score) = best(&game("fsf/armageddon.varia", None), fen, 3);
    assert_eq!(score, Score::Mate(1));
}

#[test]
fn perpetual_check_is_a_draw_in_chess_and_a_loss_where_it_loses() {
    // Two queens down, White has checked on e8 and h5 and is back where it started: Qe8+
    // again repeats a position of checks only. Chess draws that; with `perpetual check loses`
    // the checker loses, so the search no longer sees a way out.
    let path = format!(
        "{}/definitions/classic/chess.varia",
        env!("CARGO_MANIFEST_DIR")
    );
    let source = std::fs::read_to_string(path).unwrap();
    let strict = source.replace(
        "repetition 3 draws ",
        "repetition 3 draws, perpetual check loses ",
    );
    assert_ne!(strict, source);
    let fen = "6k1/6p1/8/7Q/8/4K3/8/qq6 w - - 0 1";
    let score = |source: &str| {
        let g = Arc::new(varia::load_str(source, None).unwrap());
        let mut pos = g.parse_fen(fen).unwrap();
        for m in ["h5e8", "g8h7", "e8h5", "h7g8"] {
            let m = g.parse_move(&pos, m).unwrap();
            g.play(&mut pos, &m).unwrap();
        }
        let mut s = Searcher::new(g.clone(), 1);
        let r = s.search(&pos, &Limits::depth(3), &mut |_| {});
        (r.best.map(|m| g.move_to_string(&m)), r.score)
    };
    assert_eq!(score(&source), (Some("h5e8".into()), Score::Cp(0)));
    let (_, strict_score) = score(&strict);
    assert!(
        matches!(strict_score, Score::Cp(v) if v < -500)
            || matches!(strict_score, Score::Mate(n) if n < 0),
        "{strict_score:?}"
    );
}

/// A definition's text with one edit, loaded.
fn edited(path: &str, from: &str, to: &str) -> Arc<Game> {
    let file = format!("{}/definitions/{path}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(file).expect("definition");
    assert!(source.contains(from), "{path} holds `{from}`");
    Arc::new(varia::load_str(&source.replace(from, to), None).expect("loads"))
}

/// A depth-limited search capped at `cap` nodes (the cap only keeps an unbounded search from
/// hanging the test).
fn capped(game: &Arc<Game>, fen: Option<&str>, depth: u32, cap: u64) -> (SearchResult, u32) {
    let pos = fen.map_or_else(|| game.start(), |f| game.parse_fen(f).expect("FEN"));
    let mut s = Searcher::new(game.clone(), 4);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(cap),
        ..Limits::default()
    };
    let mut seldepth = 0;
    let r = s.search(&pos, &limits, &mut |i| seldepth = seldepth.max(i.seldepth));
    (r, seldepth)
}

/// Clobber with a quiet step added: captures never run out, so quiescence was a full-width
/// search eight plies deep and `depth 1` had not finished after 5,000,000 nodes. Now each move
/// at the root leads to at most one quiescence search of QUIESCENCE_NODES nodes.
#[test]
fn quiescence_is_bounded_where_captures_never_run_out() {
    let g = edited("fsf/clobber.varia", "  moves cW\n", "  moves cW mF\n");
    let (r, _) = capped(&g, None, 1, 1_000_000);
    assert_eq!(r.depth, 1);
    let root_moves = g.legal_moves(&g.start()).len() as u64;
    assert!(
        r.nodes <= 1 + root_moves * varia::search::QUIESCENCE_NODES,
        "{} nodes",
        r.nodes
    );
}

/// Hoo Mitregi with the Points and Crosses face to face on the edge of the camps: every capture
/// promotes four ways, and depth 2 took 4,038,104 nodes (39 s).
#[test]
fn quiescence_is_bounded_where_every_capture_promotes() {
    let g = game("hoo-mitregi.varia", None);
    let fen =
        "whmekgeyhw/bbcsddsnr1/10/ppxxppxxpp/PPXXPPXXPP/10/10/1RNSDDSCBB/WHYEGKEMHW[] w - - 0 1";
    let (r, _) = capped(&g, Some(fen), 2, 1_000_000);
    assert_eq!(r.depth, 2);
    assert!(r.nodes < 400_000, "{} nodes", r.nodes);
}

/// Check extensions stop at the iteration's depth: a line ends within twice the depth, then at
/// most MAX_QUIESCENCE plies of quiescence (this Hoo Mitregi position of drops and checks
/// reached ply 13 at depth 2, ply 15 at depth 3).
#[test]
fn check_extensions_are_bounded() {
    let g = game("hoo-mitregi.varia", None);
    let fen = "w1se1geyhw/6k1M1/m1h3x1pp/p1DG(X)1ps1x1/8s1/4P3X1/1P2KSX1PP/2BEND3W/WH2+r3H1[BCCPPXXGDDrbbnyppxe] w - - 3 42";
    for depth in 1..=2 {
        let (r, seldepth) = capped(&g, Some(fen), depth, 1_000_000);
        assert_eq!(r.depth, depth);
        let bound = 2 * depth + varia::search::MAX_QUIESCENCE as u32;
        assert!(seldepth <= bound, "depth {depth}: seldepth {seldepth}");
    }
}

/// Material beyond 10,000 pawns (twelve Knights of 1,000 pawns) read as a mate and stopped the
/// search at depth 1; the evaluation now stays inside the mate bound (at 4,999.99 pawns).
#[test]
fn huge_material_is_not_a_mate() {
    let g = edited("classic/chess.varia", "  value 3\n", "  value 1000\n");
    let fen = "7k/8/8/8/8/4K3/NNNN4/NNNNNNNN w - - 0 1";
    let (r, _) = capped(&g, Some(fen), 3, 1_000_000);
    assert_eq!(r.depth, 3);
    assert_eq!(r.score, Score::Cp(499_999));
}

/// `setoption name Hash value 4096` where the system cannot give 4 GB: refused with the old
/// table kept, and the engine plays on (it aborted: "memory allocation of 4294967296 bytes
/// failed"). The memory limit is the shell's `ulimit -v`.
#[test]
fn a_hash_table_too_large_is_refused() {
    let bin = env!("CARGO_BIN_EXE_varia");
    let chess = format!(
        "{}/definitions/classic/chess.varia",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v 1000000; exec '{bin}' uci '{chess}'"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("sh runs");
    use std::io::{BufRead, Write};
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"setoption name Hash value 4096\nposition startpos\ngo depth 2\n")
        .unwrap();
    // The input is closed after the answer: the end of input stops a search.
    let mut lines = Vec::new();
    for line in std::io::BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let done = line.starts_with("bestmove");
        if !line.starts_with("info depth") {
            lines.push(line);
        }
        if done {
            break;
        }
    }
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert_eq!(
        lines,
        [
            "info string error: no memory for a hash table of 4096 MB; Hash stays 16 MB",
            "bestmove e2e3 ponder e7e6"
        ]
    );
}

/// A large table costs memory only as the search fills it: after `setoption name Hash value
/// 1024` the engine's resident memory stays small (it was 1 GB, written at once).
#[cfg(target_os = "linux")]
#[test]
fn a_hash_table_is_committed_as_it_fills() {
    use std::io::{BufRead, BufReader, Write};
    let bin = env!("CARGO_BIN_EXE_varia");
    let chess = format!(
        "{}/definitions/classic/chess.varia",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut child = std::process::Command::new(bin)
        .args(["uci", &chess])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("varia runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"setoption name Hash value 1024\nisready\n")
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert_eq!(line, "readyok\n");
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let rss_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS");
    stdin.write_all(b"quit\n").unwrap();
    child.wait().unwrap();
    assert!(rss_kb < 200_000, "{rss_kb} kB resident");
}

#[test]
fn the_engine_gives_the_search_its_verdict_on_the_line() {
    use varia::{Reason, Status};
    let g = chess();
    let mut pos = g.start();
    let play = |pos: &mut varia::Position, s: &str| {
        let m = g.parse_move(pos, s).unwrap();
        g.play(pos, &m).unwrap();
    };
    for m in ["g1f3", "g8f6", "f3g1"] {
        play(&mut pos, m);
    }
    assert_eq!(g.verdict(&pos), None);
    play(&mut pos, "f6g8");
    // The start again: a search ends the line (a draw), the game goes on to the third time.
    let e = g.verdict(&pos).expect("a repetition");
    assert_eq!((e.reason, e.winner), (Reason::Repetition, None));
    assert_eq!(g.status(&pos), Status::Ongoing { in_check: false });
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        play(&mut pos, m);
    }
    match g.status(&pos) {
        Status::Over(e) => assert_eq!(e.reason, Reason::Repetition),
        s => panic!("{s:?}"),
    }
    // A pawn move resets the clock: nothing before it can repeat.
    play(&mut pos, "e2e4");
    assert_eq!(g.verdict(&pos), None);
}

/// The null move's guard against zugzwang: a player with only pawns and royals (nothing worth
/// two pawns on the board, nothing in hand) never passes in the search.
#[test]
fn the_null_move_guard_counts_pieces_besides_pawns_and_royals() {
    use varia::rules::PlayerId;
    use varia::search::Eval;
    let chess = chess();
    let eval = Eval::new(&chess);
    let has =
        |fen: &str, p: u8| eval.has_pieces(&chess, &chess.parse_fen(fen).unwrap(), PlayerId(p));
    assert!(has(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        0
    ));
    assert!(!has("4k3/4p3/8/8/8/8/3PP3/4K3 w - - 0 1", 0));
    assert!(!has("4k3/4p3/8/8/8/8/3PP3/4K3 w - - 0 1", 1));
    assert!(has("4k3/4p3/8/8/8/8/3PP3/3NK3 w - - 0 1", 0));
    assert!(!has("4k3/4p3/8/8/8/8/3PP3/3NK3 w - - 0 1", 1));
    // A pawn in hand is a piece to drop: no zugzwang while it lasts.
    let house = game("classic/crazyhouse.varia", None);
    let eval = Eval::new(&house);
    let pos = house.parse_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
    assert!(eval.has_pieces(&house, &pos, PlayerId(0)));
    assert!(!eval.has_pieces(&house, &pos, PlayerId(1)));
}

/// Lazy SMP: with helpers the searcher finds what one thread finds, plays legal moves in every
/// kind of game (four players included), stops on its flag, and counts every thread's nodes.
#[test]
fn several_threads_search_alike() {
    let g = chess();
    let mut s = Searcher::new(g.clone(), 4);
    s.set_threads(0);
    assert_eq!(s.threads(), 1);
    s.set_threads(3);
    assert_eq!(s.threads(), 3);
    let pos = g.parse_fen("7k/8/8/8/8/8/R7/1R5K w - - 0 1").unwrap();
    let r = s.search(&pos, &Limits::depth(5), &mut |_| {});
    assert_eq!(r.score, Score::Mate(2));
    let mut reported = 0;
    let r = s.search(&g.start(), &Limits::depth(6), &mut |i| reported = i.nodes);
    assert!(g.legal_moves(&g.start()).contains(&r.best.unwrap()));
    assert!(
        r.nodes >= reported && reported > 0,
        "{} {reported}",
        r.nodes
    );
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    assert!(s.search(&g.start(), &limits, &mut |_| {}).best.is_some());
    for (path, variant) in [
        ("classic/shogi.varia", None),
        ("4-faces.varia", Some("large")),
    ] {
        let g = game(path, variant);
        let mut s = Searcher::new(g.clone(), 1);
        s.set_threads(2);
        let r = s.search(&g.start(), &Limits::depth(3), &mut |_| {});
        assert!(
            g.legal_moves(&g.start()).contains(&r.best.unwrap()),
            "{path}"
        );
    }
}

#[test]
fn a_piece_that_wins_by_reaching_a_zone_is_worth_more_the_closer_it_stands() {
    // King of the Hill's evaluation is chess's plus, for each king, 4 pawns' promotion-progress
    // share by its moves to the hill (d4 e4 d5 e5): 72 centipawns one move away, 36 two, 18 three.
    let (hill, plain) = (game("fsf/kingofthehill.varia", None), chess());
    let goal = |fen: &str| {
        let eval = |g: &Arc<Game>| Searcher::new(g.clone(), 1).evaluate(&g.parse_fen(fen).unwrap());
        eval(&hill) - eval(&plain)
    };
    // Black's king on a8 is three moves from d5.
    assert_eq!(goal("k7/7p/8/8/8/4K3/P7/8 w - - 0 1"), 72 - 18);
    assert_eq!(goal("k7/7p/8/8/8/8/P3K3/8 w - - 0 1"), 36 - 18);
    assert_eq!(goal("k7/7p/8/8/8/8/P7/4K3 w - - 0 1"), 18 - 18);
    assert_eq!(goal("k7/7p/8/8/8/4K3/P7/8 b - - 0 1"), 18 - 72);
    // Racing Kings' kings race to the eighth rank.
    let race = game("fsf/racingkings.varia", None);
    let eval = |fen: &str| Searcher::new(race.clone(), 1).evaluate(&race.parse_fen(fen).unwrap());
    assert!(eval("8/8/8/8/8/k3K3/8/8 w - - 0 1") < eval("8/8/8/4K3/8/k7/8/8 w - - 0 1"));
}
