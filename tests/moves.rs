//! The public `Move`: the exact move of each kind in shipped definitions, and round trips
//! through its string for every legal move of positions reached by random play.

mod common;
use common::*;
use varia::engine::{CellSet, Promotion};
use varia::rules::{Cell, PieceId};
use varia::{Game, Move};

fn cell(g: &Game, name: &str) -> Cell {
    g.parse_cell(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

fn cells(g: &Game, names: &[&str]) -> CellSet {
    names.iter().map(|n| cell(g, n)).collect()
}

/// The type whose symbol (either case) is `sym`.
fn piece(g: &Game, sym: &str) -> PieceId {
    let i = g
        .rules()
        .pieces
        .iter()
        .position(|p| p.symbol.eq_ignore_ascii_case(sym));
    PieceId(i.unwrap_or_else(|| panic!("no piece {sym}")) as u8)
}

/// The public move written `text` in `fen`, checked to be among the legal moves and to write
/// back as `text`.
fn public(g: &Game, fen: &str, text: &str) -> Move {
    let pos = g.parse_fen(fen).unwrap();
    let m = g.parse_move(&pos, text).unwrap();
    assert!(g.legal_moves(&pos).contains(&m), "{text}");
    assert_eq!(g.move_to_string(&m), text);
    m
}

#[test]
fn a_chess_castle_names_all_four_cells() {
    let g = load("definitions/classic/chess.varia", None);
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let m = public(&g, fen, "e1g1");
    let expect = Move::Castle {
        king_from: cell(&g, "e1"),
        king_to: cell(&g, "g1"),
        rook_from: cell(&g, "h1"),
        rook_to: cell(&g, "f1"),
        piece: piece(&g, "K"),
        then: None,
    };
    assert_eq!(m, expect);
    let m = public(&g, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8");
    let expect = Move::Castle {
        king_from: cell(&g, "e8"),
        king_to: cell(&g, "c8"),
        rook_from: cell(&g, "a8"),
        rook_to: cell(&g, "d8"),
        piece: piece(&g, "K"),
        then: None,
    };
    assert_eq!(m, expect);
    assert_eq!((m.from(), m.to()), (cell(&g, "e8"), cell(&g, "c8")));
}

#[test]
fn en_passant_names_the_captured_cell_and_a_double_step_its_passed_cells() {
    let g = load("definitions/classic/chess.varia", None);
    let p = piece(&g, "P");
    let m = public(&g, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6");
    let expect = Move::EnPassant {
        from: cell(&g, "e5"),
        to: cell(&g, "d6"),
        captured: cell(&g, "d5"),
        piece: p,
        promotion: None,
        then: None,
    };
    assert_eq!(m, expect);
    assert!(m.always_captures());
    let m = public(&g, &g.fen(&g.start()), "e2e4");
    let expect = Move::DoubleStep {
        from: cell(&g, "e2"),
        to: cell(&g, "e4"),
        piece: p,
        passed: cells(&g, &["e3"]),
        promotion: None,
        then: None,
    };
    assert_eq!(m, expect);
    let Move::DoubleStep { passed, .. } = m else {
        unreachable!()
    };
    assert_eq!(passed.len(), 1);
    assert_eq!(passed.iter().collect::<Vec<_>>(), vec![cell(&g, "e3")]);
    // A single step is a normal move.
    let m = public(&g, &g.fen(&g.start()), "e2e3");
    let expect = Move::Normal {
        from: cell(&g, "e2"),
        to: cell(&g, "e3"),
        piece: p,
        promotion: None,
        then: None,
    };
    assert_eq!(m, expect);
}

#[test]
fn a_promotion_names_its_type() {
    let g = load("definitions/classic/chess.varia", None);
    let m = public(&g, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n");
    let expect = Move::Normal {
        from: cell(&g, "a7"),
        to: cell(&g, "a8"),
        piece: piece(&g, "P"),
        promotion: Some(Promotion::To(piece(&g, "N"))),
        then: None,
    };
    assert_eq!(m, expect);
    assert_eq!(m.promotion().map(Promotion::piece), Some(piece(&g, "N")));
}

#[test]
fn a_crazyhouse_drop() {
    let g = load("definitions/classic/crazyhouse.varia", None);
    let m = public(&g, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@e4");
    let expect = Move::Drop {
        piece: piece(&g, "N"),
        to: cell(&g, "e4"),
        then: None,
    };
    assert_eq!(m, expect);
    assert_eq!((m.from(), m.to()), (cell(&g, "e4"), cell(&g, "e4")));
}

#[test]
fn a_xiangqi_cannon_hop_names_its_screen() {
    let g = load("definitions/classic/xiangqi.varia", None);
    let m = public(&g, &g.fen(&g.start()), "b3b10");
    let expect = Move::Hop {
        from: cell(&g, "b3"),
        to: cell(&g, "b10"),
        screen: cell(&g, "b8"),
        piece: piece(&g, "C"),
        promotion: None,
        then: None,
    };
    assert_eq!(m, expect);
    // The cannon's quiet move is a normal one.
    let m = public(&g, &g.fen(&g.start()), "b3b5");
    assert!(matches!(m, Move::Normal { .. }), "{m:?}");
}

#[test]
fn a_symgi_displacement_and_swap_promotion() {
    let g = load("definitions/symgi.varia", Some("displacer"));
    let fen = format!(
        "{}[] w - - 0 1",
        board_fen(9, 9, &[("a1", "K"), ("i9", "k"), ("e5", "N"), ("e6", "p")])
    );
    let m = public(&g, &fen, "e5e8");
    let expect = Move::Displace {
        from: cell(&g, "e5"),
        to: cell(&g, "e8"),
        piece: piece(&g, "N"),
        passed: cells(&g, &["e6", "e7"]),
        promotion: None,
        then: None,
    };
    assert_eq!(m, expect);
    let mut pos = g.parse_fen(&fen).unwrap();
    assert!(g.is_capture(&pos, &m));
    g.play(&mut pos, &m).unwrap();
    assert!(g.fen(&pos).contains("[P] b"), "{}", g.fen(&pos));

    let g = load("definitions/symgi.varia", None);
    let m = public(&g, "k8/9/9/4P4/9/9/9/9/4K4[F] w - - 0 1", "e6e7f");
    let expect = Move::Normal {
        from: cell(&g, "e6"),
        to: cell(&g, "e7"),
        piece: piece(&g, "P"),
        promotion: Some(Promotion::Swap(piece(&g, "F"))),
        then: None,
    };
    assert_eq!(m, expect);
    let mut pos = g.parse_fen("k8/9/9/4P4/9/9/9/9/4K4[F] w - - 0 1").unwrap();
    g.play(&mut pos, &m).unwrap();
    assert_eq!(g.fen(&pos), "k8/9/4F4/9/9/9/9/9/4K4[P] b - - 0 1");
}

#[test]
fn a_janggi_pass() {
    let g = load("definitions/fsf/janggicasual.varia", None);
    let start = g.fen(&g.start());
    let m = public(&g, &start, "e2e2");
    assert_eq!(m, Move::Pass { at: cell(&g, "e2") });
    assert_eq!(m.piece(), None);
    let mut pos = g.start();
    g.play(&mut pos, &m).unwrap();
    assert_eq!(pos.side_to_move().index(), 1);
}

#[test]
fn an_illegal_public_move_is_refused_and_leaves_the_position() {
    let g = load("definitions/classic/chess.varia", None);
    let mut pos = g.start();
    let bad = Move::Normal {
        from: cell(&g, "e2"),
        to: cell(&g, "e5"),
        piece: piece(&g, "P"),
        promotion: None,
        then: None,
    };
    assert!(g.play(&mut pos, &bad).is_err());
    // The double step written as a normal move is not the legal move.
    let plain = Move::Normal {
        from: cell(&g, "e2"),
        to: cell(&g, "e4"),
        piece: piece(&g, "P"),
        promotion: None,
        then: None,
    };
    assert!(g.play(&mut pos, &plain).is_err());
    assert_eq!(g.fen(&pos), g.fen(&g.start()));
}

/// Random play in several games: at every ply each legal move writes, parses back to itself,
/// and playing it (checked, unchecked, on a copy, or parsed from its string) gives one FEN.
#[test]
fn every_legal_move_round_trips_through_its_string() {
    let games = [
        ("definitions/classic/chess.varia", None),
        ("definitions/classic/crazyhouse.varia", None),
        ("definitions/classic/shogi.varia", None),
        ("definitions/classic/xiangqi.varia", None),
        ("definitions/fsf/janggicasual.varia", None),
        ("definitions/symgi.varia", Some("displacer")),
        ("definitions/symgi.varia", None),
        ("definitions/4-faces.varia", None),
        ("definitions/shoxiang108.varia", None),
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut kinds = std::collections::BTreeSet::new();
    for (path, variant) in games {
        let g = load(path, variant);
        for _game in 0..3 {
            let mut pos = g.start();
            for _ply in 0..40 {
                let legal = g.legal_moves(&pos);
                if legal.is_empty() || g.status(&pos).is_over() {
                    break;
                }
                for (i, m) in legal.iter().enumerate() {
                    assert!(!legal[..i].contains(m), "{path}: {m:?} twice");
                    let text = g.move_to_string(m);
                    assert_eq!(g.parse_move(&pos, &text).as_ref(), Ok(m), "{path}: {text}");
                    let made = g.fen(&g.make(&pos, m));
                    let mut checked = pos.clone();
                    g.play(&mut checked, m).unwrap();
                    assert_eq!(g.fen(&checked), made, "{path}: {text}");
                    assert_eq!(after(&g, &g.fen(&pos), &[&text]), made, "{path}: {text}");
                    kinds.insert(format!("{m:?}").split(' ').next().unwrap().to_string());
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = legal[(seed % legal.len() as u64) as usize];
                g.play(&mut pos, &m).unwrap();
            }
        }
    }
    let seen: Vec<&str> = kinds.iter().map(|s| s.as_str()).collect();
    for k in ["Normal", "DoubleStep", "Drop", "Hop", "Pass"] {
        assert!(seen.contains(&k), "{k} not seen: {seen:?}");
    }
}

/// A king that may also leap two cells sideways (`moves K rD`) has its leap written `e1g1`, so
/// its castling is written as the king taking its rook (`e1h1`), as Fairy-Stockfish writes it;
/// each string plays its own move. A chess king's castling is still `e1g1`.
#[test]
fn a_castling_the_king_could_also_leap_to_is_written_as_taking_the_rook() {
    let source = "game leaps\nboard 8 x 8\nplayer white north\nplayer black south\n\
                  piece King K\n  royal\n  moves K rD\npiece Rook R\n  moves R\n\
                  castling King with Rook\ncheckmate loss\nstalemate draw\n\
                  setup r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n";
    let g = varia::load_str(source, None).unwrap();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let from_e1 = moves_from(&g, fen, "e1");
    // `rD` is the rightward leap: e1g1 for white, whose queenside castling stays e1c1.
    assert_eq!(
        from_e1,
        strs(&[
            "e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "e1h1"
        ])
    );
    // Black's right is towards the a-file: its leap is e8c8, its queenside castling e8a8.
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(
        moves_from(&g, black, "e8"),
        strs(&[
            "e8a8", "e8c8", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8", "e8g8"
        ])
    );
    assert!(matches!(public(&g, black, "e8a8"), Move::Castle { .. }));
    assert!(matches!(public(&g, black, "e8c8"), Move::Normal { .. }));
    assert!(matches!(public(&g, fen, "e1h1"), Move::Castle { .. }));
    assert!(matches!(public(&g, fen, "e1g1"), Move::Normal { .. }));
    assert_eq!(
        after(&g, fen, &["e1h1"]),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
    assert_eq!(
        after(&g, fen, &["e1g1"]),
        "r3k2r/8/8/8/8/8/8/R5KR b kq - 1 1"
    );
    let chess = load("definitions/classic/chess.varia", None);
    assert!(legal(&chess, fen, "e1g1") && !legal(&chess, fen, "e1h1"));
}

/// In every position of a few random games of every variant of every shipped definition, no two
/// legal moves are written alike.
#[test]
fn move_strings_are_unique_in_random_games_of_every_shipped_game() {
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                files(&p, out);
            } else if p.extension().is_some_and(|x| x == "varia") {
                out.push(p);
            }
        }
    }
    let mut paths = Vec::new();
    files(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions"),
        &mut paths,
    );
    paths.sort();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let (mut variants, mut positions) = (0, 0);
    let mut problems = Vec::new();
    for path in &paths {
        let source = std::fs::read_to_string(path).unwrap();
        for v in varia::check(&source).unwrap() {
            variants += 1;
            let g = varia::load_str(&source, Some(&v)).unwrap();
            for _game in 0..2 {
                let mut pos = g.start();
                for _ply in 0..30 {
                    let legal = g.legal_moves(&pos);
                    if legal.is_empty() || g.status(&pos).is_over() {
                        break;
                    }
                    positions += 1;
                    let mut seen = std::collections::BTreeSet::new();
                    for m in &legal {
                        let text = g.move_to_string(m);
                        if !seen.insert(text.clone()) {
                            problems.push(format!(
                                "{} [{v}] {}: `{text}` twice",
                                path.display(),
                                g.fen(&pos)
                            ));
                        }
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = legal[(seed % legal.len() as u64) as usize];
                    g.play(&mut pos, &m).unwrap();
                }
            }
        }
    }
    assert!(
        variants > 100 && positions > 5000,
        "{variants} variants, {positions} positions"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_promotion_in_place_and_a_pickup_capture_nothing() {
    // Sittuyin's pawn on a promotion diagonal turns into a Met where it stands.
    let g = load("definitions/fsf/sittuyin.varia", None);
    let fen = "k7/8/8/3P4/8/2p5/8/K7[] w - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    let capture = |text: &str| g.is_capture(&pos, &public(&g, fen, text));
    assert!(!capture("d5d5f"));
    assert!(!capture("d5e6f"));
    assert!(!capture("d5d6"));
    // Twilight chess: the knight picked up into its owner's hand.
    let g = load("definitions/sjaak/twilight.varia", None);
    let fen = "k7/8/8/3N4/8/8/8/K7[] w - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    assert!(!g.is_capture(&pos, &public(&g, fen, "N^d5")));
    let fen = "k7/8/2p5/3N4/8/8/8/K7[] w - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    assert!(!g.is_capture(&pos, &public(&g, fen, "d5e7")));
    let g = load("definitions/classic/chess.varia", None);
    let fen = "k7/8/2p5/8/3N4/8/8/K7 w - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    assert!(g.is_capture(&pos, &public(&g, fen, "d4c6")));
}
