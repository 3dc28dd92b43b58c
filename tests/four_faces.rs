//! Scenario tests of 4 Faces (definitions/4-faces.varia), one or more per rule of the FF section of
//! ../shared/seeds/RULES.md (FF-01 .. FF-15). Every expected answer below was worked out by hand
//! from the rules page (../shared/seeds/004_3145663cb3727754.txt), the README's 4 Faces section and
//! the definition's decisions, before running varia.
//!
//! Board (main variant `small`): a 9x9 frame without its four 3x3 corners. Supersquares: Red
//! d1-f3, Orange g4-i6, Green d7-f9, Blue a4-c6, centre d4-f6. Forward: Red north, Orange west,
//! Green south, Blue east. FEN: pieces tagged r/o/g/b, `*` holes, hands of tagged pieces, side to
//! move as a tag, eliminated tags (or `-`), clocks.
//!
//! FF-11 reading used throughout: a Knight/Helm leap, or any single diagonal step (a King's,
//! Gold's, Silver's, Chatelaine's or Primate's step, or one step of a Mitre's, Bishop's,
//! Princess's or Queen's diagonal ride) may not go from one player's supersquare straight into
//! another player's; the centre belongs to no player. A barred step is not an attack either.
//!
//! Promoted faces are written with their origin, as varia's README prescribes for a promoted
//! piece whose origin its type does not imply: `G~` `S~` `N~` (from Wing, Mitre, Helm), `R(W)`
//! `C(W)`, `B(M)` `P(M)`, `I(H)` `Q(H)`. A plain `G` would be an unpromoted Gold, which 4 Faces
//! does not have (see `ff14_origin_marks_decide_what_returns_to_hand`).
//!
//! The cases that need no Rust (a position, moves, the expected answer) are data in
//! `tests/scenarios/four_faces.scn`; what stays here needs the API beyond them.

mod common;
use common::*;
use varia::Status;
use varia::rules::Outcome;

const FF: &str = "definitions/4-faces.varia";
const START: &str = "***gWgKgW***/***gMgHgM***/***3***/bWbM5oMoW/bKbH5oHoK/bWbM5oMoW/***3***/***rMrHrM***/***rWrKrW***[] r - 0 1";

fn small() -> varia::Game {
    load(FF, None)
}

fn large() -> varia::Game {
    load(FF, Some("large"))
}

// Quiet kings, far from every scenario below unless a test places its own.

fn status(g: &varia::Game, f: &str) -> Status {
    g.status(&g.parse_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")))
}

// ---------------------------------------------------------------------------------------------
// FF-01, FF-02, FF-03: players, board, start
// ---------------------------------------------------------------------------------------------

#[test]
fn ff03_start_position_and_red_first_moves() {
    // FF-03: Wing, King, Wing on each back rank; Mitre, Helm, Mitre before them.
    let g = small();
    let s = g.start();
    assert_eq!(g.fen(&s), START);
    assert_eq!(s.side_to_move(), varia::rules::PlayerId(0));
    // Red: Mitre d2 rides e3 f4 g5 (Orange's: may promote) h6 (takes, stuck: must promote);
    // Mitre f2 rides e3 d4 c5 (Blue's) b6 (takes, must promote); Helm e2 leaps d4, f4.
    assert_eq!(
        moves(&g, START),
        strs(&[
            "d2e3", "d2f4", "d2g5", "d2g5s", "d2h6s", "e2d4", "e2f4", "f2b6s", "f2c5", "f2c5s",
            "f2d4", "f2e3"
        ])
    );
    // Depth 2 by hand: Orange's replies to the twelve moves are
    // 11+9+4+4+2+12+9+12+12+12+12+11 (d2h6+ checks the orange King: only Kxh6 and Wxh6).
    assert_eq!(g.perft(&s, 1).unwrap(), 12);
    assert_eq!(g.perft(&s, 2).unwrap(), 110);
    // The large variant by hand: Wings g2, i2 16 each, Helms 4, Mitres f2 11, h2 4, j2 11.
    let l = large();
    let ls = l.start();
    assert_eq!(l.perft(&ls, 1).unwrap(), 62);
}

#[test]
fn ff03_perft_snapshot_of_both_variants() {
    // FF-03, FF-02: perft from the start of `small` (main) and `large`.
    let mut table = String::from("variant  depth1  depth2  depth3\n");
    for (v, g) in [("small", small()), ("large", large())] {
        let s = g.start();
        table += &format!(
            "{v:<7} {:>7} {:>7} {:>7}\n",
            g.perft(&s, 1).unwrap(),
            g.perft(&s, 2).unwrap(),
            g.perft(&s, 3).unwrap()
        );
    }
    insta::assert_snapshot!("four_faces_start_perft", table);
}

#[test]
fn ff02_ff03_show_start_snapshot() {
    // FF-02, FF-03: the drawing of the start position.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["show", &format!("{}/{FF}", env!("CARGO_MANIFEST_DIR"))])
        .output()
        .expect("the binary runs");
    assert!(out.status.success());
    insta::assert_snapshot!(
        "four_faces_show_start",
        String::from_utf8(out.stdout).unwrap()
    );
}

// ---------------------------------------------------------------------------------------------
// FF-13, FF-15: elimination and the winner
// ---------------------------------------------------------------------------------------------

/// Red's Chatelaine g6 to h5 (guarded by the Rook e5) mates the orange King i4.
const MATE_ORANGE: &str =
    "***2gK***/***3***/***3***/6rC(W)1oW/4rR(W)4/bK7oK/***3***/***3***/***rK2***[oMbW] r - 0 1";

#[test]
fn ff13_checkmated_army_and_hand_leave_and_the_turn_skips_it() {
    let g = small();
    let mated = after(&g, MATE_ORANGE, &["g6h5"]);
    // Orange's King and Wing are gone, its hand too; Blue keeps its Wing in hand; Green moves.
    assert_eq!(
        mated,
        "***2gK***/***3***/***3***/9/4rR(W)2rC(W)1/bK8/***3***/***3***/***rK2***[bW] g o 1 1"
    );
    let p = g.parse_fen(&mated).unwrap();
    assert!(p.is_eliminated(varia::rules::PlayerId(1)));
    assert!(
        !p.is_eliminated(varia::rules::PlayerId(0))
            && !p.is_eliminated(varia::rules::PlayerId(2))
            && !p.is_eliminated(varia::rules::PlayerId(3))
    );
    assert_eq!(g.status(&p), Status::Ongoing { in_check: false });
    // Before the removal, Orange to move is checkmated and the outcome is elimination.
    let before =
        "***2gK***/***3***/***3***/8oW/4rR(W)2rC(W)1/bK7oK/***3***/***3***/***rK2***[oMbW] o - 1 1";
    assert_eq!(
        status(&g, before),
        Status::Over(varia::Ending {
            reason: varia::Reason::Checkmate,
            outcome: Outcome::Elimination,
            winner: None
        })
    );
    // Green: e8, e9 are on the Rook's file, only f8.
    assert_eq!(moves(&g, &mated), strs(&["f9f8"]));
    let f = after(&g, &mated, &["f9f8"]);
    assert_eq!(
        f,
        "***3***/***2gK***/***3***/9/4rR(W)2rC(W)1/bK8/***3***/***3***/***rK2***[bW] b o 2 1"
    );
    // Blue: a5, b5 on the Rook's rank; b4, or drop the Wing.
    assert!(legal(&g, &f, "a4b4"));
    assert_eq!(moves_from(&g, &f, "a4"), strs(&["a4b4"]));
    let f = after(&g, &f, &["a4b4"]);
    assert_eq!(
        f,
        "***3***/***2gK***/***3***/9/4rR(W)2rC(W)1/1bK7/***3***/***3***/***rK2***[bW] r o 3 2"
    );
    // Red moves, and the turn passes over Orange to Green.
    let f = after(&g, &f, &["d1d2"]);
    assert_eq!(
        f,
        "***3***/***2gK***/***3***/9/4rR(W)2rC(W)1/1bK7/***3***/***rK2***/***3***[bW] g o 4 2"
    );
}

#[test]
fn ff13_ff15_two_eliminations_in_one_move_then_the_last_survivor_wins() {
    let g = small();
    // As above, and Green's King f9 has no move (e8, e9 on the e5 Rook's file, f8 on the d8
    // Rook's rank) though not in check.
    let f = "***2gK***/***rR(W)2***/***3***/6rC(W)1oW/4rR(W)4/bK7oK/***3***/***3***/***rK2***[oM] r - 0 1";
    let f = after(&g, f, &["g6h5"]);
    assert_eq!(
        f,
        "***3***/***rR(W)2***/***3***/9/4rR(W)2rC(W)1/bK8/***3***/***3***/***rK2***[] b og 1 1"
    );
    assert_eq!(moves(&g, &f), strs(&["a4b4"]));
    let f = after(&g, &f, &["a4b4"]);
    assert_eq!(
        f,
        "***3***/***rR(W)2***/***3***/9/4rR(W)2rC(W)1/1bK7/***3***/***3***/***rK2***[] r og 2 2"
    );
    assert_eq!(status(&g, &f), Status::Ongoing { in_check: false });
    // Rook d8 to d4 mates Blue (a4 on the Rook's rank, a5 b5 c5 on the e5 Rook's): Red is the
    // last player left.
    let f = after(&g, &f, &["d8d4"]);
    assert_eq!(
        f,
        "***3***/***3***/***3***/9/4rR(W)2rC(W)1/3rR(W)5/***3***/***3***/***rK2***[] r ogb 3 3"
    );
    let p = g.parse_fen(&f).unwrap();
    assert!(
        p.is_eliminated(varia::rules::PlayerId(1))
            && p.is_eliminated(varia::rules::PlayerId(2))
            && p.is_eliminated(varia::rules::PlayerId(3))
    );
    assert_eq!(
        g.status(&p),
        Status::Over(varia::Ending {
            reason: varia::Reason::LastPlayer,
            outcome: Outcome::Win,
            winner: Some(varia::rules::PlayerId(0))
        })
    );
}

#[test]
fn ff15_stalemated_player_is_eliminated() {
    let g = small();
    // Rook d6 to h6 takes h4 and h5 from the orange King i4 (i5 is on the e5 Rook's rank) without
    // checking it: Orange cannot move and is removed; Green moves.
    let f = "***2gK***/***3***/***3***/3rR(W)5/4rR(W)4/bK7oK/***3***/***3***/***rK2***[] r - 0 1";
    assert!(legal(&g, f, "d6h6") && legal(&g, f, "d6h6c"));
    assert_eq!(
        after(&g, f, &["d6h6"]),
        "***2gK***/***3***/***3***/7rR(W)1/4rR(W)4/bK8/***3***/***3***/***rK2***[] g o 1 1"
    );
    let before =
        "***2gK***/***3***/***3***/7rR(W)1/4rR(W)4/bK7oK/***3***/***3***/***rK2***[] o - 1 1";
    assert_eq!(
        status(&g, before),
        Status::Over(varia::Ending {
            reason: varia::Reason::Stalemate,
            outcome: Outcome::Elimination,
            winner: None
        })
    );
}

/// On a terminal (a pseudo-terminal from util-linux's `script`) each player's pieces are drawn
/// in the colour of its name (Blue blue, Orange orange, not by turn), and the last move's cells
/// in reverse video; `last move:` names it on any output.
#[test]
fn show_on_a_terminal_colours_players_by_name_and_marks_the_last_move() {
    let file = def("definitions/4-faces.varia");
    let plain = varia(&["show", &file, "--moves", "d2e3"]);
    let text = String::from_utf8_lossy(&plain.stdout);
    assert!(text.contains("\nlast move: d2e3\n"), "{text}");
    assert!(!text.contains('\x1b'), "no escapes off a terminal: {text}");
    let bin = env!("CARGO_BIN_EXE_varia");
    let Ok(out) = std::process::Command::new("script")
        .args([
            "-qec",
            &format!("{bin} show {file} --moves d2e3"),
            "/dev/null",
        ])
        .output()
    else {
        eprintln!("skipped: no `script` to run varia on a pseudo-terminal");
        return;
    };
    let screen = String::from_utf8_lossy(&out.stdout);
    for (piece, colour) in [
        ("bK", "\x1b[1;34m"),
        ("oK", "\x1b[1;38;5;208m"),
        ("rK", "\x1b[1;31m"),
        ("gK", "\x1b[1;32m"),
    ] {
        assert!(
            screen.contains(&format!("{colour}{piece}\x1b[0m")),
            "{piece} not in {colour:?}: {screen:?}"
        );
    }
    // The Mover's cells: e3 now holds Red's piece, d2 is empty.
    assert!(screen.contains("\x1b[7m\x1b[1;31mrM\x1b[0m"), "{screen:?}");
    assert!(screen.contains("\x1b[7m.\x1b[0m"), "{screen:?}");
}
