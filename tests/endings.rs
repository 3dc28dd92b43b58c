//! Scenario tests of the ending rules, each on a position where the rule decides. Expected
//! results are Fairy-Stockfish's (checked with pyffish when the tests were written).

mod common;

use common::{after, load, moves, strs};
use varia::{Game, Status};

fn fsf(name: &str) -> Game {
    load(&format!("definitions/fsf/{name}.varia"), None)
}

fn classic(name: &str) -> Game {
    load(&format!("definitions/classic/{name}.varia"), None)
}

/// The status after playing moves from a FEN: `ongoing`, or the rule and the winner's name
/// (`draw` for none).
fn status(game: &Game, fen: &str, played: &[&str]) -> String {
    let mut pos = game.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in played {
        let mv = game
            .parse_move(&pos, m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", game.fen(&pos)));
        game.play(&mut pos, &mv).unwrap();
    }
    match game.status(&pos) {
        Status::Ongoing { .. } => "ongoing".into(),
        Status::Over(e) => {
            let who = e.winner.map_or("draw".to_string(), |p| {
                game.rules().players[p.index()].name.clone()
            });
            format!("{} {who}", e.reason.name())
        }
    }
}

/// The legal moves after playing moves from a FEN.
fn moves_after(game: &Game, fen: &str, played: &[&str]) -> Vec<String> {
    moves(game, &after(game, fen, played))
}

// ---------------------------------------------------------------------------------------------
// goals

#[test]
fn king_of_the_hill_wins_on_arrival() {
    let g = fsf("kingofthehill");
    let f = "8/8/8/8/8/4K3/8/k7 w - - 0 1";
    assert_eq!(status(&g, f, &["e3e4"]), "goal white");
    assert!(moves_after(&g, f, &["e3e4"]).is_empty());
    assert_eq!(status(&g, f, &["e3d3"]), "ongoing");
}

#[test]
fn racing_kings_black_may_answer_a_white_arrival() {
    let g = fsf("racingkings");
    let f = "8/K5k1/8/8/8/8/8/8 w - - 0 1";
    // White arrives; Black can still reach the eighth rank, so the game goes on.
    assert_eq!(status(&g, f, &["a7a8"]), "ongoing");
    assert_eq!(moves_after(&g, f, &["a7a8"]).len(), 8);
    // Black arrives too: a draw. Black does not: White wins when its turn comes.
    assert_eq!(status(&g, f, &["a7a8", "g7g8"]), "goal draw");
    assert_eq!(status(&g, f, &["a7a8", "g7g6"]), "goal white");
    // Black cannot reach it: White wins at once.
    assert_eq!(
        status(&g, "8/K7/6k1/8/8/8/8/8 w - - 0 1", &["a7a8"]),
        "goal white"
    );
    // Black arriving first gets no answer from White.
    assert_eq!(
        status(&g, "8/k5K1/8/8/8/8/8/8 b - - 0 1", &["a7a8"]),
        "goal black"
    );
}

#[test]
fn racing_kings_forbids_giving_check() {
    let g = fsf("racingkings");
    // The rook may not go to b1 or a7, where it would check.
    assert_eq!(
        moves(&g, "8/1k6/8/8/8/8/8/R6K w - - 0 1"),
        strs(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a8", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1",
            "h1g1", "h1g2", "h1h2"
        ])
    );
}

#[test]
fn jeson_mor_wins_with_a_knight_still_on_the_centre() {
    let g = fsf("jesonmor");
    let f = "n8/9/9/9/9/9/5N3/9/9 w - - 0 1";
    assert_eq!(status(&g, f, &["f3e5"]), "ongoing");
    assert_eq!(strs(&["a9b7", "a9c8"]), moves_after(&g, f, &["f3e5"]));
    assert_eq!(status(&g, f, &["f3e5", "a9b7"]), "goal white");
}

#[test]
fn dobutsu_lion_try_needs_a_safe_arrival() {
    let g = fsf("dobutsu");
    let f = "1L1/1g1/1G1/1l1[] w - - 0 1";
    // Both lions stand in their goals; whose is safe decides.
    assert_eq!(status(&g, f, &["b2a2"]), "goal black");
    assert_eq!(status(&g, f, &["b4a4"]), "goal white");
    assert_eq!(status(&g, f, &["b2b3"]), "goal draw");
    assert_eq!(status(&g, f, &["b4b3"]), "ongoing");
}

#[test]
fn breakthrough_and_fox_and_hounds() {
    let g = fsf("breakthrough");
    assert_eq!(status(&g, "8/P7/8/8/8/8/8/7p w - - 0 1", &[]), "goal black");
    let g = fsf("fox-and-hounds");
    // A fox that cannot move loses.
    assert_eq!(
        status(&g, "8/8/8/8/8/8/1h6/F7 w - - 0 1", &[]),
        "stalemate black"
    );
}

// ---------------------------------------------------------------------------------------------
// extinction and bare kings

#[test]
fn shatranj_bare_king_and_baring_back() {
    let g = fsf("shatranj");
    let f = "8/8/8/8/8/2k5/Rn6/7K w - - 0 1";
    // White bares Black but has only one piece besides its king: Black may bare back.
    assert_eq!(status(&g, f, &["a2b2"]), "ongoing");
    assert_eq!(
        strs(&["c3b2", "c3c4", "c3d3", "c3d4"]),
        moves_after(&g, f, &["a2b2"])
    );
    assert_eq!(status(&g, f, &["a2b2", "c3b2"]), "ongoing");
    assert_eq!(status(&g, f, &["a2b2", "c3d3"]), "extinction white");
    // With two pieces left to White, the bare king loses at once.
    assert_eq!(
        status(&g, "8/8/8/8/8/2k5/Rn6/6PK w - - 0 1", &["a2b2"]),
        "extinction white"
    );
    // Shatar: a bare king is a draw.
    let g = fsf("shatar");
    assert_eq!(
        status(&g, "8/8/8/8/8/2k5/Rn6/6PK w - - 0 1", &["a2b2"]),
        "extinction draw"
    );
}

#[test]
fn extinction_of_a_type_or_of_everything() {
    let g = fsf("extinction");
    assert_eq!(
        status(&g, "rnbqkbnr/pppppppp/8/8/8/8/8/RNBQKBN1 b - - 0 1", &[]),
        "extinction black"
    );
    let g = fsf("horde");
    assert_eq!(
        status(&g, "rnbqkbnr/8/8/8/8/8/8/8 w kq - 0 1", &[]),
        "extinction black"
    );
    let g = fsf("losers");
    // A bare king wins in losers.
    assert_eq!(
        status(&g, "7k/8/6K1/8/8/8/8/R7 w - - 0 1", &[]),
        "extinction black"
    );
    let g = fsf("threekings");
    assert_eq!(
        status(&g, "k6k/8/8/8/8/8/6q1/K6K w - - 0 1", &[]),
        "extinction white"
    );
}

// ---------------------------------------------------------------------------------------------
// checks

#[test]
fn three_check_counters_run_out() {
    let g = fsf("3check");
    let f = "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1";
    assert_eq!(status(&g, f, &[]), "ongoing");
    assert_eq!(status(&g, f, &["a1a8"]), "check-limit white");
    assert!(moves_after(&g, f, &["a1a8"]).is_empty());
    assert_eq!(
        after(&g, f, &["a1a8"]),
        "R3k3/8/8/8/8/8/8/4K3 b - - 0+3 1 1"
    );
    // A check that is not the last decrements the counter.
    let f = "4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1";
    assert_eq!(
        after(&g, f, &["a1a8"]),
        "R3k3/8/8/8/8/8/8/4K3 b - - 1+3 1 1"
    );
    // Lichess's checks-given suffix is read too.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2";
    assert_eq!(
        g.fen(&g.parse_fen(start).unwrap()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1"
    );
}

#[test]
fn check_shogi_first_check_wins() {
    let g = fsf("checkshogi");
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
    assert_eq!(
        g.fen(&g.parse_fen(start).unwrap()),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 1+1 0 1"
    );
    let f = "4k4/9/9/9/9/9/9/9/4K4[R] w - - 1+1 0 1";
    assert_eq!(status(&g, f, &["R@e5"]), "check-limit white");
}

#[test]
fn makpong_checked_king_may_only_take_its_checker() {
    let g = fsf("makpong");
    assert_eq!(
        moves(&g, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"),
        strs(&["e1e2"])
    );
    // The checker is not adjacent: the king may not move at all (no other piece).
    assert_eq!(
        status(&g, "4k3/8/8/8/4r3/8/8/4K3 w - - 0 1", &[]),
        "checkmate black"
    );
    // In makruk the king steps aside.
    let g = fsf("makruk");
    assert_eq!(
        moves(&g, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"),
        strs(&["e1d1", "e1e2", "e1f1"])
    );
}

#[test]
fn shatar_mates_need_a_shak_and_knights_may_not_mate_alone() {
    let g = fsf("shatar");
    assert_eq!(
        status(&g, "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", &["g5f7"]),
        "mate-alone black"
    );
    assert_eq!(
        status(&g, "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]),
        "checkmate white"
    );
    assert_eq!(
        status(&g, "6bk/7p/8/8/8/8/8/2B3K1 w - - 0 1", &["c1b2"]),
        "incomplete-mate draw"
    );
    // A rook check earlier in the same series of checks makes a later bishop mate count.
    assert_eq!(
        status(
            &g,
            "8/2B5/8/8/8/7K/2R5/5p1k w - - 0 1",
            &["c2h2", "h1g1", "c7b6"]
        ),
        "checkmate white"
    );
}

// ---------------------------------------------------------------------------------------------
// capture obligation and royalty

#[test]
fn captures_are_compulsory() {
    let g = fsf("antichess");
    assert_eq!(
        moves(&g, "8/8/8/8/8/8/p7/R6p w - - 0 1"),
        strs(&["a1a2", "a1h1"])
    );
    let g = fsf("suicide");
    // Stalemated with fewer pieces: a win.
    assert_eq!(
        status(&g, "8/8/8/8/8/p7/P6p/8 w - - 0 1", &[]),
        "stalemate white"
    );
    let g = fsf("losers");
    assert_eq!(
        status(&g, "7k/7p/5K2/8/8/8/8/R7 w - - 0 1", &["a1a8"]),
        "checkmate black"
    );
    let g = fsf("codrus");
    assert_eq!(moves(&g, "8/8/8/8/8/8/k7/K1R5 w - - 0 1"), strs(&["a1a2"]));
}

#[test]
fn spartan_kings_are_in_check_only_all_together() {
    let g = fsf("spartan");
    // The queen attacks c8: only the f8 king may move, and only where it leaves one king safe.
    assert_eq!(
        moves(&g, "2k2k2/8/4Q3/8/8/8/8/4K3 b - - 0 1"),
        strs(&["c8b7", "c8b8", "c8c7", "c8d7", "c8d8", "f8g7"])
    );
    // A king left attacked may be captured; the other is then royal.
    assert!(
        moves_after(&g, "2k2k2/8/8/8/8/8/8/2R1K3 b - - 0 1", &["c8c7"])
            .iter()
            .any(|m| m == "c1c7")
    );
    // At most two kings: a hoplite may not promote to a third.
    assert!(
        !moves(&g, "4k3/8/8/8/8/8/7h/k3K3 b - - 0 1")
            .iter()
            .any(|m| m.ends_with('k'))
    );
    assert!(
        moves(&g, "4k3/8/8/8/8/8/7h/4K3 b - - 0 1")
            .iter()
            .any(|m| m == "h2g1k")
    );
}

#[test]
fn sho_shogi_king_and_prince_are_royal_only_alone() {
    let g = fsf("shoshogi");
    // With king and prince, the king may step into attack (and be captured).
    let f = "4k4/9/9/9/9/9/9/4r4/3K+E4 w - - 0 1";
    assert!(moves(&g, f).iter().any(|m| m == "d1d2"));
    let f = "4k4/9/9/9/9/9/9/4r4/3K5 w - - 0 1";
    assert!(!moves(&g, f).iter().any(|m| m == "d1d2"));
}

#[test]
fn horde_en_passant_only_onto_the_sixth_rank() {
    let g = fsf("horde");
    // A white pawn stepping from the second rank to the fourth may be taken on the third.
    assert_eq!(
        moves_after(&g, "4k3/8/8/8/1p6/8/P7/8 w - - 0 1", &["a2a4"]),
        strs(&["b4a3", "b4b3", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"])
    );
    // One stepping from the first rank to the third passes the second: no en passant there.
    assert_eq!(
        moves_after(&g, "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", &["a1a3"]),
        strs(&["b3b2", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"])
    );
}

// ---------------------------------------------------------------------------------------------
// draws and the game's history

#[test]
fn threefold_repetition_and_draw_odds() {
    let g = classic("chess");
    let f = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    let cycle = ["h1h2", "e8d8", "h2h1", "d8e8"];
    assert_eq!(status(&g, f, &cycle), "ongoing");
    let twice: Vec<&str> = cycle.iter().chain(cycle.iter()).copied().collect();
    assert_eq!(status(&g, f, &twice), "repetition draw");
    // Perft ignores claimable ends: the position still has its moves.
    assert_eq!(moves_after(&g, f, &twice).len(), 14);
    let g = fsf("armageddon");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let knights = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    assert_eq!(status(&g, start, &knights), "repetition black");
    assert_eq!(
        status(&g, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]),
        "stalemate black"
    );
}

#[test]
fn perpetual_check_loses() {
    let g = classic("xiangqi");
    let f = "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1";
    let checks = [
        "f1e1", "e10f10", "e1f1", "f10e10", "f1e1", "e10f10", "e1f1", "f10e10",
    ];
    assert_eq!(status(&g, f, &checks[..7]), "ongoing");
    assert_eq!(status(&g, f, &checks), "perpetual-check black");
    // Minishogi: a plain fourfold repetition loses for White.
    let g = classic("minishogi");
    let cycle = ["b1b2", "d5d4", "b2b1", "d4d5"];
    let thrice: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
    assert_eq!(
        status(&g, "rbsgk/4p/5/P4/KGSBR[-] w 0 1", &thrice),
        "repetition black"
    );
    assert_eq!(
        status(&g, "rbsgk/4p/5/P4/KGSBR[-] w 0 1", &thrice[..11]),
        "ongoing"
    );
}

#[test]
fn fifty_moves_draw_unless_the_last_one_mates() {
    let g = classic("chess");
    assert_eq!(
        status(&g, "7k/8/6K1/8/8/8/8/5Q2 w - - 99 80", &["f1f2"]),
        "move-limit draw"
    );
    assert_eq!(
        status(&g, "6k1/8/6K1/8/8/8/8/R7 w - - 99 80", &["a1a8"]),
        "checkmate white"
    );
    assert_eq!(
        status(&g, "7k/8/6K1/8/8/8/8/5Q2 w - - 98 80", &["f1f2"]),
        "ongoing"
    );
}

#[test]
fn makruk_counting_starts_and_runs_out() {
    let g = fsf("makruk");
    // Rook against a bare king: 16 moves, counted from the 3 pieces on the board.
    let f = "8/8/8/8/8/8/3k4/R3K3 w - - 0 1";
    assert_eq!(after(&g, f, &["e1f1"]), "8/8/8/8/8/8/3k4/R4K2 b - 32 6 1");
    let f = "8/8/8/8/8/8/3k4/R3K3 w - 32 31 1";
    assert_eq!(status(&g, f, &["e1f1"]), "ongoing");
    assert_eq!(status(&g, f, &["e1f1", "d2d3"]), "counting draw");
    // The board's honour: 64 moves from 0.
    assert_eq!(
        after(&g, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["e1f1"]),
        "r3k3/8/8/8/8/8/8/R4K2 b - 128 0 1"
    );
    // A bare king that takes the last pawn starts its own count.
    assert_eq!(
        after(&g, "8/8/8/8/8/3k4/3P4/R6K b - - 0 1", &["d3d2"]),
        "8/8/8/8/8/8/3k4/R6K w - 32 5 2"
    );
    // ASEAN: a bare king against a khon has 44 moves, counted from 0.
    let g = fsf("asean");
    assert_eq!(
        after(&g, "8/8/8/8/8/8/3k4/B3K3 w - - 0 1", &["e1f1"]),
        "8/8/8/8/8/8/3k4/B4K2 b - 88 0 1"
    );
}

// ---------------------------------------------------------------------------------------------
// bad input

#[test]
fn impossible_counters_are_refused() {
    let g = fsf("3check");
    for bad in [
        "4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 3+3+3 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 3+x 0 1",
    ] {
        let e = g.parse_fen(bad).unwrap_err().to_string();
        assert!(e.contains("check counters"), "{bad}: {e}");
    }
    let chess = classic("chess");
    let e = chess
        .parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("counts no checks"), "{e}");
    let g = fsf("makruk");
    let e = g
        .parse_fen("8/8/8/8/8/8/3k4/R3K3 w - 33 0 1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("counting"), "{e}");
}

#[test]
fn endings_naming_unknown_things_are_refused_at_their_line() {
    let base = "game g\nboard 4 x 4\nplayer white north\nplayer black south\nzone far = rank 4\npiece King K\n  royal\n  moves K\nsetup k3/4/4/3K w - - 0 1\n";
    for (line, needle) in [
        ("goal Queen in far", "unknown piece `Queen`"),
        ("goal King in nowhere", "unknown zone `nowhere`"),
        ("extinction of Rook loses", "unknown piece `Rook`"),
        ("draws count for red", "unknown player `red`"),
        ("repetition 1 draws", "repetition count must be 2..99"),
        ("0 checks win", "check limit must be 1..99"),
        ("counting bare 10: 1 Queen 4", "unknown piece `Queen`"),
    ] {
        let src = format!("{base}{line}\n");
        let Err(e) = varia::load_str(&src, None) else {
            panic!("{line}: accepted");
        };
        let text = varia::render_diagnostics("g.varia", &src, e.diagnostics());
        assert!(text.contains(needle), "{line}: {text}");
        assert!(
            text.contains("g.varia:10:"),
            "{line}: not at line 10: {text}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// moves back and forth

#[test]
fn a_piece_moved_back_and_forth_four_times_loses() {
    // Expected results are pyffish's is_optional_game_end (janggimodern).
    let g = fsf("janggimodern");
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let end = |game: &Game, played: &str| {
        status(game, start, &played.split_whitespace().collect::<Vec<_>>())
    };
    let shuttle = "b1c3 a7a6 c3b1 a6a5 b1c3 i7i6 c3b1 i6i5";
    // The horse came to c3 and went back and forth four times: its fifth move loses.
    assert_eq!(end(&g, shuttle), "ongoing");
    assert_eq!(end(&g, &format!("{shuttle} b1c3")), "back-and-forth black");
    // The same moves decide nothing without the rule.
    let janggi = fsf("janggi");
    assert_eq!(end(&janggi, &format!("{shuttle} b1c3")), "ongoing");
    // A pass may stand for the mover's last move but one; another move may not.
    assert_eq!(
        end(&g, &format!("{shuttle} e2e2 c7c6 b1c3")),
        "back-and-forth black"
    );
    assert_eq!(end(&g, &format!("{shuttle} g4g5 c7c6 b1c3")), "ongoing");
    // A capture meanwhile (Blue's soldier takes on a4) breaks the series.
    assert_eq!(
        end(&g, "b1c3 a7a6 c3b1 a6a5 b1c3 a5a4 c3b1 i7i6 b1c3"),
        "ongoing"
    );
    // An advisor, which cannot leave its palace, is exempt.
    assert_eq!(
        end(&g, "d1e1 a7a6 e1d1 a6a5 d1e1 i7i6 e1d1 i6i5 d1e1"),
        "ongoing"
    );
}

#[test]
fn the_python_stub_names_every_ending_rule() {
    // python/varia.pyi types `Status.reason` as a Literal of the rule names; a rule added to the
    // engine must be added there too.
    let stub =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/python/varia.pyi")).unwrap();
    let start = stub.find("def reason(").unwrap();
    let literal = &stub[start..start + stub[start..].find("\"\"\"").unwrap()];
    let listed = literal.matches('"').count() / 2;
    for r in varia::Reason::ALL {
        assert!(
            literal.contains(&format!("\"{}\"", r.name())),
            "{} missing from varia.pyi",
            r.name()
        );
    }
    assert_eq!(listed, varia::Reason::ALL.len(), "{literal}");
}
