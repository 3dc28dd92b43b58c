//! Input that must be kept exactly or refused with a clear error, and the notation details that
//! used to be wrong (issue "Correctness and robustness"): each test fails on the behaviour it
//! replaced.

mod common;
use common::*;
use varia::{Game, LoadError, RuleSet};

fn chess_source() -> String {
    std::fs::read_to_string(format!(
        "{}/definitions/classic/chess.varia",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn chess_rules() -> RuleSet {
    varia::compile(&chess_source(), None).unwrap()
}

/// The diagnostics of a definition that must not compile, as `line:col message`.
fn refused(src: &str) -> Vec<String> {
    match varia::check(src) {
        Err(LoadError::Definition(d)) => d
            .iter()
            .map(|d| {
                let before = &src[..d.span.start];
                let line = before.matches('\n').count() + 1;
                let col = d.span.start - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                format!("{line}:{col} {}", d.message)
            })
            .collect(),
        other => panic!("expected diagnostics, got {other:?}"),
    }
}

const TINY: &str = "game tiny
board 4 x 4
player white north
player black south
zone far = rank 4
piece King K
  royal
  moves K
";

// ---------------------------------------------------------------------------------------------
// A promotion list naming a type twice.

#[test]
fn a_promotion_naming_a_type_twice_is_refused() {
    let src = format!(
        "{TINY}piece Knight N\n  moves N\npiece Pawn P\n  moves fW\n  promotes to Knight Knight King when entering far\nsetup k3/4/4/P2K w - - 0 1\n"
    );
    assert_eq!(
        refused(&src),
        ["13:22 `Knight` is named twice in this promotion"]
    );
    // The same in a rule set from another tool: refused, not four moves counted for three.
    let mut rules = chess_rules();
    let pawn = rules.pieces.iter().position(|p| p.symbol == "P").unwrap();
    rules.pieces[pawn].promotions[0].to = [1, 1, 1, 2].map(varia::rules::PieceId).to_vec();
    let err = Game::new(rules).expect_err("refused").to_string();
    assert_eq!(err, "pieces[5].promotions[0].to: piece 1 is listed twice");
}

// ---------------------------------------------------------------------------------------------
// Notation as Fairy-Stockfish writes it.

/// A makruk-like pawn that becomes a Met (`M`), a single target that is no `+X` form.
const MET: &str = "game met
board 4 x 4
player white north
player black south
zone far = rank 4
piece King K
  royal
  moves K
piece Met M
  moves F
piece Pawn P
  moves mfW cfF
  promotes to Met when entering far, compulsory
setup k3/1P2/4/3K w - - 0 1
";

#[test]
fn a_single_letter_target_is_written_with_its_letter() {
    let g = varia::load_str(MET, None).unwrap();
    assert_eq!(moves_from(&g, "k3/1P2/4/3K w - - 0 1", "b3"), ["b3b4m"]);
    // `+` still reads, as the only target of the promotion.
    assert_eq!(
        after(&g, "k3/1P2/4/3K w - - 0 1", &["b3b4+"]),
        // Without hands the Met's origin matters to nothing, so none is written, as
        // Fairy-Stockfish writes makruk.
        "kM2/4/4/3K b - - 0 1"
    );
}

#[test]
fn a_return_to_the_unpromoted_type_is_written_with_a_minus() {
    // Symgi's Wazir (+P) flips back to a Point in its own camp: `-`, as Kyoto shogi's moves.
    let g = load("definitions/symgi.varia", None);
    let f = "k8/9/9/9/9/4+P4/9/9/4K4[] w - - 0 1";
    assert!(moves_from(&g, f, "e4").contains(&"e4e3-".to_string()));
    // The letter spelling is accepted too and means the same move.
    assert_eq!(after(&g, f, &["e4e3p"]), after(&g, f, &["e4e3-"]));
}

/// A pawn with a triple first step (H atom) that passes two cells.
const TRIPLE: &str = "game triple
board 5 x 8
player white north
player black south
zone start = rank 2
piece King K
  royal
  moves K
piece Pawn P
  moves mfW cfF
  moves mfnH in start
  en passant
  resets the clock
setup k4/5/5/5/5/5/P4/4K w - - 0 1
";

#[test]
fn an_en_passant_field_of_several_cells_is_read_and_written() {
    let g = varia::load_str(TRIPLE, None).unwrap();
    // Black pawns on b4 and b5 attack a3 and a4: both passed cells are named, in board order.
    let f = "k4/5/5/1p3/1p3/5/P4/4K w - - 0 1";
    let after_step = after(&g, f, &["a2a5"]);
    assert_eq!(after_step, "k4/5/5/Pp3/1p3/5/5/4K b - a3a4 0 1");
    // Read back: both cells are live, and either capture takes the pawn on a5.
    assert_eq!(
        g.fen(&g.parse_fen(&after_step).unwrap()),
        after_step,
        "round trip"
    );
    assert_eq!(
        after(&g, &after_step, &["b4a3"]),
        "k4/5/5/1p3/5/p4/5/4K w - - 0 2"
    );
    assert_eq!(
        after(&g, &after_step, &["b5a4"]),
        "k4/5/5/5/pp3/5/5/4K w - - 0 2"
    );
    // A field naming a cell no piece passed is refused, not dropped.
    assert!(g.parse_fen("k4/5/5/1p3/1p3/5/P4/4K b - c3 0 1").is_err());
}

// ---------------------------------------------------------------------------------------------
// Castling.

#[test]
fn a_king_that_is_not_royal_may_castle_through_attacked_cells() {
    let src = chess_source()
        .replace("piece King K\n  royal\n", "piece King K\n")
        .replace("piece Queen Q\n", "piece Queen Q\n  royal\n");
    let g = varia::load_str(&src, None).expect("a royal Queen instead");
    // The black rook on f8 attacks f1, the cell the king passes: still castling for a non-royal
    // king, as Fairy-Stockfish plays it.
    let f = "5r1q/8/8/8/8/8/Q7/4K2R w K - 0 1";
    assert!(moves_from(&g, f, "e1").contains(&"e1g1".to_string()));
    // A royal king may not.
    let g = load("definitions/classic/chess.varia", None);
    let f = "k4r2/8/8/8/8/8/8/4K2R w K - 0 1";
    assert!(!moves_from(&g, f, "e1").contains(&"e1g1".to_string()));
}

#[test]
fn every_castling_statement_applies() {
    // A second statement used to replace the first: the king castles with the rook and with the
    // bishop (a partner type of its own).
    let src = chess_source().replace(
        "castling King with Rook",
        "castling King with Rook\ncastling King with Bishop",
    );
    let g = varia::load_str(&src, None).unwrap();
    assert_eq!(g.rules().castling.len(), 2);
    let f = "4k3/8/8/8/8/8/8/R3K2B w KQ - 0 1";
    assert_eq!(
        moves_from(&g, f, "e1"),
        strs(&["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"])
    );
    assert_eq!(after(&g, f, &["e1g1"]), "4k3/8/8/8/8/8/8/R4BK1 b - - 1 1");
}

// ---------------------------------------------------------------------------------------------
// FEN input kept exactly or refused.

#[test]
fn hand_counts_that_could_overflow_are_refused() {
    let g = load("definitions/classic/shogi.varia", None);
    let start = g.fen(&g.start());
    let board = start.split('[').next().unwrap();
    let fen = |n: usize| format!("{board}[{}] w 0 1", "P".repeat(n));
    // 40 pieces on the board: 215 in hand is the most that a capture can never overflow.
    assert!(g.parse_fen(&fen(214)).is_ok());
    assert_eq!(
        g.parse_fen(&fen(300)).unwrap_err().to_string(),
        "too many `P` in hand: with the pieces on the board, at most 255 of a type"
    );
}

#[test]
fn a_hand_in_a_game_without_hands_is_refused() {
    let g = load("definitions/classic/chess.varia", None);
    let err = g
        .parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQ] w KQkq - 0 1")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "this game has no hands, so `[QQ]` cannot be held"
    );
    let g = load("definitions/classic/xiangqi.varia", None);
    assert!(
        g.parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[R] w - - 0 1")
            .is_err()
    );
    // An empty hand is harmless and kept.
    let g = load("definitions/classic/chess.varia", None);
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    assert_eq!(g.fen(&g.parse_fen(fen).unwrap()), fen);
}

#[test]
fn fen_marks_that_mean_nothing_are_refused() {
    let chess = load("definitions/classic/chess.varia", None);
    let err = |g: &Game, f: &str| g.parse_fen(f).unwrap_err().to_string();
    // `~` on a type nothing promotes to.
    assert_eq!(
        err(&chess, "4k3/8/8/8/8/8/8/4K~3 w - - 0 1"),
        "`K~`: no single type promotes to it, so `~` names no origin; write `X(Y)` or drop the mark"
    );
    // `~` where the type already says it (shogi's `+P`).
    let shogi = load("definitions/classic/shogi.varia", None);
    assert_eq!(
        err(&shogi, "4k4/9/9/9/4+P~4/9/9/9/4K4[-] w 0 1"),
        "`+P` marks an origin that its type already implies"
    );
    // `~` in a game where origins matter to nothing (no hands, no demotion): chess writes no
    // origin after a promotion, as Fairy-Stockfish does.
    assert_eq!(
        err(&chess, "Q~3k3/8/8/8/8/8/8/4K3 b - - 0 1"),
        "`Q` marks an origin, which nothing in this game uses (no hands, no demotion)"
    );
    // `!` on a piece that has no deferred promotion.
    assert_eq!(
        err(&chess, "4k3/8/8/8/8/8/4P!3/4K3 w - - 0 1"),
        "`P!`: this piece has no deferred promotion where it stands"
    );
    // A run written with a leading zero.
    assert_eq!(
        err(&chess, "4k3/8/8/8/8/8/8/4K02 w - - 0 1"),
        "rank 1: `02` is not a count of empty cells on this board"
    );
    assert_eq!(
        err(&chess, "4k3/8/8/8/8/8/8/02K5 w - - 0 1"),
        "rank 1: `02` is not a count of empty cells on this board"
    );
    // Move counters past what a game can reach.
    assert_eq!(
        err(&chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295"),
        "bad move counter `4294967295` (a number up to 1073741824)"
    );
}

#[test]
fn numbers_in_errors_are_quoted_as_written() {
    let src = "game big\nboard 99999999999 x 8\n";
    let d = refused(src);
    assert!(
        d.contains(&"2:7 a board side must be 1..16, not 99999999999".to_string()),
        "{d:?}"
    );
    let src = format!("{TINY}zone z = ranks 2-4294967296\nsetup k3/4/4/3K w - - 0 1\n");
    let d = refused(&src);
    assert!(
        d.iter()
            .any(|m| m.ends_with("rank 4294967296 is off the board (1..4)")),
        "{d:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Definitions that passed `check` and broke later.

#[test]
fn a_royal_type_cannot_be_interchangeable() {
    let src = format!(
        "{TINY}piece Man M\n  moves K\ncaptures go to hand\ninterchangeable Man King\nsetup k3/4/4/2MK[] w - - 0 1\n"
    );
    assert_eq!(
        refused(&src),
        ["12:21 royal piece `King` cannot be interchangeable: it never goes to hand"]
    );
}

#[test]
fn two_option_combinations_of_one_name_are_refused() {
    let src = format!(
        "{TINY}setup k3/4/4/3K w - - 0 1\noption one a-b\noption one a\noption two c\noption two b-c\n"
    );
    let d = refused(&src);
    assert_eq!(
        d,
        ["13:12 two combinations of options are both named `a-b-c`; rename a value"]
    );
}

// ---------------------------------------------------------------------------------------------
// Rule sets from other tools are validated as strictly as the language.

#[test]
fn broken_rule_sets_are_refused_by_game_new() {
    type Breaker = fn(&mut RuleSet);
    let cases: &[(&str, Breaker, &str)] = &[
        (
            "empty interchangeable group",
            |r| r.interchangeable = vec![vec![]],
            "interchangeable[0]: an interchangeable group needs two or more types",
        ),
        (
            "a piece named as another",
            |r| r.pieces[1].name = r.pieces[0].name.clone(),
            "pieces[1].name: piece `King` is listed twice",
        ),
        (
            "two players of one name",
            |r| r.players[1].name = "white".into(),
            "players[1].name: player `white` is listed twice",
        ),
        (
            "castling king with itself",
            |r| r.castling[0].rook = r.castling[0].king,
            "castling[0].rook: castling needs two different types",
        ),
        (
            "promotion to nothing",
            |r| r.pieces[5].promotions[0].to.clear(),
            "pieces[5].promotions[0].to: a promotion to nothing (and no swap)",
        ),
        (
            "swap without hands",
            |r| r.pieces[5].promotions[0].swap = true,
            "pieces[5].promotions[0].swap: a swap promotion needs `captures_to_hand`",
        ),
        (
            "promotion list repeated",
            |r| {
                let to = r.pieces[5].promotions[0].to.clone();
                r.pieces[5].promotions[0].to = to.repeat(3000);
            },
            "pieces[5].promotions[0].to: piece 1 is listed twice",
        ),
        (
            "unsorted holes",
            |r| r.board.holes = vec![varia::rules::Cell(9), varia::rules::Cell(3)],
            "board.holes: holes must be sorted and listed once each",
        ),
        (
            "a hand group with a royal",
            |r| r.interchangeable = vec![vec![varia::rules::PieceId(0), varia::rules::PieceId(1)]],
            "interchangeable[0]: royal piece `King` cannot be interchangeable: it never goes to hand",
        ),
    ];
    for (what, breaker, message) in cases {
        let mut rules = chess_rules();
        breaker(&mut rules);
        let err = Game::new(rules.clone()).expect_err(what).to_string();
        assert_eq!(&err, message, "{what}");
        // The same through JSON and RON, as another tool hands them over.
        let json: RuleSet = serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
        assert!(Game::new(json).is_err(), "{what} via JSON");
        let ron_text = ron::to_string(&rules).unwrap();
        let ron: RuleSet = ron::from_str(&ron_text).unwrap();
        assert!(Game::new(ron).is_err(), "{what} via RON");
    }
}

// ---------------------------------------------------------------------------------------------
// Sizes: options, variants, zones, depth, diagnostics.

#[test]
fn thirty_option_groups_are_refused_before_they_are_listed() {
    let mut src = format!("{TINY}setup k3/4/4/3K w - - 0 1\n");
    for g in 0..30 {
        src += &format!("option g{g} a{g}\noption g{g} b{g}\n");
    }
    let d = refused(&src);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0].ends_with("the file defines 1073741824 variants; at most 1024 are allowed"),
        "{d:?}"
    );
    // `show` (one variant) is refused the same way, without listing the combinations.
    assert!(varia::load_str(&src, None).is_err());
}

#[test]
fn a_thousand_variants_check_in_one_pass() {
    let mut src = format!("{TINY}setup k3/4/4/3K w - - 0 1\n");
    for v in 0..1000 {
        let parent = if v == 0 {
            String::new()
        } else {
            format!(" extends v{}", v - 1)
        };
        src += &format!("variant v{v}{parent}\nsetup k3/4/4/3K w - - 0 {}\n", v + 1);
    }
    let names = varia::check(&src).expect("every variant compiles");
    assert_eq!(names.len(), 1001);
    let g = varia::load_str(&src, Some("v999")).unwrap();
    assert_eq!(g.fen(&g.start()), "k3/4/4/3K w - - 0 1000");
    // Past 1024 variants the file is refused, with the count.
    for v in 1000..1024 {
        src += &format!("variant v{v}\nsetup k3/4/4/3K w - - 0 1\n");
    }
    let d = refused(&src);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0].ends_with("the file defines 1025 variants; at most 1024 are allowed"),
        "{d:?}"
    );
}

#[test]
fn too_many_zones_are_refused() {
    let mut src = String::from(TINY);
    for z in 0..300 {
        src += &format!("zone z{z} = a1\n");
    }
    src += "setup k3/4/4/3K w - - 0 1\n";
    let d = refused(&src);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].ends_with("a game may have at most 255 zones"), "{d:?}");
}

#[test]
fn perft_depth_is_bounded() {
    let g = load("definitions/classic/chess.varia", None);
    let err = g.perft(&g.start(), 10_000).unwrap_err();
    assert_eq!(err.to_string(), "perft depth 10000 is too deep: at most 32");
    assert!(g.divide(&g.start(), 33).is_err());
    assert_eq!(g.perft(&g.start(), 0).unwrap(), 1);
}

#[test]
fn diagnostics_are_capped_with_a_count_of_the_rest() {
    let mut src = String::from(TINY);
    // Lines of 800 cells each, within the 4096-byte line limit.
    for line in 0..10 {
        src += &format!("zone z{line} =");
        for i in 0..800 {
            src += &format!(" x{}", i % 9 + 1);
        }
        src += "\n";
    }
    src += "setup k3/4/4/3K w - - 0 1\n";
    let Err(LoadError::Definition(d)) = varia::check(&src) else {
        panic!("expected diagnostics")
    };
    assert!(d.len() > 100);
    let text = varia::render_diagnostics("z.varia", &src, &d);
    assert_eq!(
        text.matches("error: ").count(),
        51,
        "50 shown and the count"
    );
    assert!(text.ends_with(&format!("error: {} more errors not shown\n", d.len() - 50)));
    assert!(text.len() < 200_000, "{} bytes", text.len());
}
