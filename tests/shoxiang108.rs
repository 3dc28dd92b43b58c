//! Scenario tests of Shoxiang 108 (`definitions/shoxiang108.varia`): at least one test per rule
//! of the ledger (`../shared/seeds/RULES.md`, SX-01 .. SX-34), each naming its rule IDs. Every
//! expected move list and position below was worked out by hand from the rules page
//! (`../shared/seeds/001_824589423b33435a.txt`) and the definition's documented decisions before
//! running varia.
//!
//! Board: 9 files a-i, 12 ranks; the River lies between ranks 6 and 7; White moves north.
//! Letters: K King / General, R Rook, C Cannon, B Bishop, +B Primate, N Knight, E Elephant,
//! W Wing, H Helm, P Point, S Silvergeneral, G Goldgeneral, O Cannonball, F Ferz, T Tusk,
//! +T promoted Tusk, X Cross, +X promoted Cross, +P Tokin (Shogi-heavy) or Wazir (XQ-heavy),
//! +W +H +S Gold movers; `R~` a Rook that was a Wing, `N~` a Knight that was a Helm, `C~` a
//! Cannon that was a Cannonball; `W!` a dropped piece whose next move promotes it.
//!
//! The cases that need no Rust (a position, moves, the expected answer) are data in
//! `tests/scenarios/shoxiang108.scn`; what stays here needs the API beyond them.

mod common;
use common::*;

const DEF: &str = "definitions/shoxiang108.varia";
const STRENGTHS: [&str; 4] = ["weak", "standard", "centrewise", "strong"];
const ARRAYS: [&str; 2] = ["shogi-heavy", "xq-heavy"];

const SH_START: &str = "whsgkgshw/1rnebenr1/2c3c2/ppppppppp/p1p1p1p1p/9/9/P1P1P1P1P/PPPPPPPPP/\
                        2C3C2/1RNEBENR1/WHSGKGSHW[] w - - 0 1";

fn v(name: &str) -> varia::Game {
    load(DEF, Some(name))
}

fn sh(strength: &str) -> varia::Game {
    v(&format!("shogi-heavy-{strength}"))
}

fn xq(strength: &str) -> varia::Game {
    v(&format!("xq-heavy-{strength}"))
}

fn cell(f: usize, r: usize) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r)
}

/// The board part of a FEN from `(cell, piece)` pairs, e.g. `[("e5", "+P"), ("e9", "k")]`.
fn board(pieces: &[(&str, &str)]) -> String {
    board_fen(9, 12, pieces)
}

/// A whole FEN: pieces, hand (without brackets), side to move, clocks 0 1.
fn fen(pieces: &[(&str, &str)], hand: &str, side: &str) -> String {
    fen_at(pieces, hand, side, 0, 1)
}

/// A whole FEN with the given clocks and no en-passant cell.
fn fen_at(pieces: &[(&str, &str)], hand: &str, side: &str, half: u32, full: u32) -> String {
    format!("{}[{hand}] {side} - - {half} {full}", board(pieces))
}

/// Sorted owned strings.
fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

// ------------------------------------------------------------------------------------------------
// SX-01, SX-03: the board, the sixteen variants, the arrays.
// ------------------------------------------------------------------------------------------------

#[test]
fn sx_01_sixteen_variants_named_array_strength_cannon() {
    // SX-01, SX-34: two arrays x four strengths x with/without the cannon-screens option; the
    // main game first, options combined in declaration order.
    let src = std::fs::read_to_string(format!("{}/{DEF}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let names = varia::variant_names(&src).unwrap();
    let mut expected = Vec::new();
    for a in ARRAYS {
        for s in STRENGTHS {
            expected.push(format!("{a}-{s}"));
            expected.push(format!("{a}-{s}-cannon-screens"));
        }
    }
    assert_eq!(names, expected);
    assert_eq!(names.len(), 16);
    // The main game is shogi-heavy-weak.
    let main = load(DEF, None);
    assert_eq!(main.rules().variant, "shogi-heavy-weak");
    assert_eq!(main.fen(&main.start()), SH_START);
}

#[test]
fn sx_01_nine_files_twelve_ranks_in_every_variant() {
    // SX-01: 9 x 12. A lone Rook on a1 reaches a12 and i1 and nothing beyond.
    for a in ARRAYS {
        for s in STRENGTHS {
            for cs in ["", "-cannon-screens"] {
                let g = v(&format!("{a}-{s}{cs}"));
                assert_eq!((g.rules().board.files, g.rules().board.ranks), (9, 12));
            }
        }
    }
    let g = sh("weak");
    let f = fen(&[("a1", "R"), ("e2", "K"), ("i11", "k")], "", "w");
    let mut exp: Vec<String> = (2..=12).map(|r| format!("a1{}", cell(0, r))).collect();
    exp.extend((1..9).map(|fl| format!("a1{}", cell(fl, 1))));
    assert_eq!(moves_from(&g, &f, "a1"), sorted(exp));
}

#[test]
fn sx_03_perft_snapshot_of_the_eight_arrays() {
    // SX-01, SX-03: perft 1-3 of each array x strength from its start.
    let mut table = String::from("variant d1 d2 d3\n");
    for a in ARRAYS {
        for s in STRENGTHS {
            let name = format!("{a}-{s}");
            let g = v(&name);
            let p = g.start();
            table += &format!(
                "{name} {} {} {}\n",
                g.perft(&p, 1).unwrap(),
                g.perft(&p, 2).unwrap(),
                g.perft(&p, 3).unwrap()
            );
        }
    }
    insta::assert_snapshot!("shoxiang108_start_perft", table);
}

// ------------------------------------------------------------------------------------------------
// SX-20, SX-21, SX-22: patient Points, en passant, no castling.
// ------------------------------------------------------------------------------------------------

#[test]
fn sx_22_no_castling() {
    // SX-22: a King between two unmoved Rooks on its rank only steps.
    let g = sh("weak");
    let f = fen(
        &[("a1", "R"), ("e1", "K"), ("i1", "R"), ("e12", "k")],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e1"),
        strs(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    assert!(g.rules().castling.is_empty());
    assert!(xq("strong").rules().castling.is_empty());
}
