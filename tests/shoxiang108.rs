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

mod common;
use common::*;
use varia::Status;
use varia::rules::Outcome;

const DEF: &str = "definitions/shoxiang108.varia";
const STRENGTHS: [&str; 4] = ["weak", "standard", "centrewise", "strong"];
const ARRAYS: [&str; 2] = ["shogi-heavy", "xq-heavy"];

const SH_START: &str = "whsgkgshw/1rnebenr1/2c3c2/ppppppppp/p1p1p1p1p/9/9/P1P1P1P1P/PPPPPPPPP/\
                        2C3C2/1RNEBENR1/WHSGKGSHW[] w - - 0 1";
const XQ_START: &str = "whtxoxthw/1o5b1/rnefkfenr/9/1c2p2c1/p1p1p1p1p/P1P1P1P1P/1C2P2C1/9/\
                        RNEFKFENR/1B5O1/WHTXOXTHW[] w - - 0 1";

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

/// Each move plain and with `+` (an optional promotion).
fn opt(ms: &[&str]) -> Vec<String> {
    sorted(
        ms.iter()
            .flat_map(|m| [m.to_string(), format!("{m}+")])
            .collect(),
    )
}

/// Every move `from` each of `to`, with an optional suffix.
fn to_all(from: &str, to: &[String], suffix: &str) -> Vec<String> {
    sorted(to.iter().map(|t| format!("{from}{t}{suffix}")).collect())
}

/// Drops of `letter` on every cell of the given ranks except `occupied`.
fn drops_on(
    letter: &str,
    ranks: std::ops::RangeInclusive<usize>,
    occupied: &[&str],
) -> Vec<String> {
    let mut v = Vec::new();
    for r in ranks {
        for f in 0..9 {
            let c = cell(f, r);
            if !occupied.contains(&c.as_str()) {
                v.push(format!("{letter}@{c}"));
            }
        }
    }
    sorted(v)
}

fn drops_of(g: &varia::Game, f: &str, letter: &str) -> Vec<String> {
    moves(g, f)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{letter}@")))
        .collect()
}

fn status(g: &varia::Game, f: &str) -> Status {
    g.status(&g.parse_fen(f).unwrap())
}

fn in_check(g: &varia::Game, f: &str) -> bool {
    match status(g, f) {
        Status::Ongoing { in_check } => in_check,
        Status::Over(varia::Ending {
            reason: varia::Reason::Checkmate,
            ..
        }) => true,
        s => panic!("{f}: {s:?}"),
    }
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

/// The board of a FEN rotated by 180 degrees with colours swapped.
fn rotated(fen: &str) -> String {
    let b = fen.split('[').next().unwrap();
    let mut rows: Vec<String> = Vec::new();
    for row in b.split('/').rev() {
        // Expand, reverse, swap case, compress.
        let mut cells: Vec<Option<char>> = Vec::new();
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                cells.extend(std::iter::repeat_n(None, d as usize));
            } else {
                cells.push(Some(ch));
            }
        }
        cells.reverse();
        let mut s = String::new();
        let mut run = 0;
        for c in cells {
            match c {
                None => run += 1,
                Some(ch) => {
                    if run > 0 {
                        s += &run.to_string();
                        run = 0;
                    }
                    s.push(if ch.is_ascii_uppercase() {
                        ch.to_ascii_lowercase()
                    } else {
                        ch.to_ascii_uppercase()
                    });
                }
            }
        }
        if run > 0 {
            s += &run.to_string();
        }
        rows.push(s);
    }
    rows.join("/")
}

#[test]
fn sx_03_start_arrays_of_all_sixteen_variants() {
    // SX-03: the reconstructed arrays of ../shared/seeds/README.md, Black's rotated by 180
    // degrees; the cannon option does not change the array.
    for s in STRENGTHS {
        for cs in ["", "-cannon-screens"] {
            let g = v(&format!("shogi-heavy-{s}{cs}"));
            assert_eq!(g.fen(&g.start()), SH_START, "{s}{cs}");
            let g = v(&format!("xq-heavy-{s}{cs}"));
            assert_eq!(g.fen(&g.start()), XQ_START, "{s}{cs}");
        }
    }
    for start in [SH_START, XQ_START] {
        assert_eq!(rotated(start), start.split('[').next().unwrap());
    }
}

#[test]
fn sx_03_sx_08_sx_11_start_move_counts_by_hand() {
    // SX-03, SX-08, SX-09, SX-11: depth 1 counted by hand.
    // Shogi-heavy: 5 front Points + 4 unblocked second-rank Points + 2x5 Cannon moves + 2x2 Rook
    // moves + 2 Bishop moves + 2x2 Wing moves = 29; Helms (b1a3, h1i3) are blocked by the Rooks
    // in front of them only in weak (+2); stepping Knights are blocked by the Rooks/Elephants,
    // leaping ones reach a3 e3 / e3 i3 (+4). No White move changes Black's 29/31/35 replies.
    // XQ-heavy: 5 Point captures, 7+7 Cannon moves (each takes a Knight over a Cannon),
    // 3+3 Rook, 2+2 stepping Knight (4+4 leaping), 1+1 Elephant, 2+2 Ferz, 2 General, 1+1 Wing,
    // 2+2 Cross, 1 Cannonball = 44 (48 with leaping Knights).
    for (s, shd1, xqd1) in [
        ("weak", 29, 44),
        ("standard", 31, 44),
        ("centrewise", 35, 48),
        ("strong", 35, 48),
    ] {
        let g = sh(s);
        let p = g.start();
        assert_eq!(g.perft(&p, 1).unwrap(), shd1, "shogi-heavy-{s}");
        assert_eq!(g.perft(&p, 2).unwrap(), shd1 * shd1, "shogi-heavy-{s}");
        let g = xq(s);
        assert_eq!(g.perft(&g.start(), 1).unwrap(), xqd1, "xq-heavy-{s}");
    }
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
// SX-02, SX-04 .. SX-19: the pieces.
// ------------------------------------------------------------------------------------------------

#[test]
fn sx_02_sx_28_river_between_ranks_six_and_seven() {
    // SX-02: an Elephant on rank 6 may not go to rank 8; an XQ Point crosses the River (and
    // gains its sideways step, SX-25) on reaching rank 7; a crossed Point on rank 7 has the step;
    // an XQ Wing promotes on reaching rank 7.
    for s in STRENGTHS {
        let g = xq(s);
        let f = fen(
            &[
                ("d1", "K"),
                ("f12", "k"),
                ("e6", "E"),
                ("a6", "P"),
                ("c7", "+P"),
            ],
            "",
            "w",
        );
        assert_eq!(moves_from(&g, &f, "e6"), strs(&["e6c4", "e6g4"]), "{s}");
        assert_eq!(moves_from(&g, &f, "a6"), strs(&["a6a7+"]), "{s}");
        assert_eq!(
            moves_from(&g, &f, "c7"),
            strs(&["c7b7", "c7c8", "c7d7"]),
            "{s}"
        );
        let f = fen(
            &[("d1", "K"), ("f12", "k"), ("a5", "W"), ("a8", "p")],
            "",
            "w",
        );
        assert_eq!(
            moves_from(&g, &f, "a5"),
            strs(&["a5a6", "a5a7r", "a5a8r"]),
            "{s}"
        );
    }
}

#[test]
fn sx_04_point_steps_straight_forward() {
    // SX-04: one step forward, moving or capturing; blocked by a friend.
    let g = sh("weak");
    let f = fen(
        &[
            ("a1", "K"),
            ("i12", "k"),
            ("e6", "P"),
            ("c5", "P"),
            ("c6", "G"),
            ("g7", "P"),
            ("g8", "n"),
            ("c8", "p"),
        ],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e6"), strs(&["e6e7"]));
    assert_eq!(moves_from(&g, &f, "c5"), strs(&[]));
    assert_eq!(moves_from(&g, &f, "g7"), strs(&["g7g8"]));
    let fb = f.replace(" w ", " b ");
    assert_eq!(moves_from(&g, &fb, "c8"), strs(&["c8c7"]));
    // XQ-heavy Point on its own side: the same single step, crossing the River from rank 6.
    let g = xq("weak");
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e6", "P"), ("e4", "P")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e6"), strs(&["e6e7+"]));
    assert_eq!(moves_from(&g, &f, "e4"), strs(&["e4e5"]));
}

#[test]
fn sx_05_rook_rides_orthogonally_and_never_promotes() {
    // SX-05: blocked by a friend, captures the first enemy; into the camp without promotion.
    let g = sh("weak");
    let f = fen(
        &[
            ("a1", "K"),
            ("i12", "k"),
            ("e5", "R"),
            ("e7", "P"),
            ("b5", "p"),
        ],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e5"),
        strs(&[
            "e5e6", "e5e4", "e5e3", "e5e2", "e5e1", "e5d5", "e5c5", "e5b5", "e5f5", "e5g5", "e5h5",
            "e5i5"
        ])
    );
    let f = fen(&[("a1", "K"), ("i11", "k"), ("e10", "R")], "", "w");
    let mut exp: Vec<String> = (1..=12).filter(|&r| r != 10).map(|r| cell(4, r)).collect();
    exp.extend((0..9).filter(|&fl| fl != 4).map(|fl| cell(fl, 10)));
    assert_eq!(moves_from(&g, &f, "e10"), to_all("e10", &exp, ""));
    // XQ-heavy: the same Rook, never promoting beyond the River or in the camp.
    let g = xq("weak");
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("a6", "R"),
            ("a9", "p"),
            ("c6", "P"),
        ],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "a6"),
        strs(&[
            "a6a7", "a6a8", "a6a9", "a6a5", "a6a4", "a6a3", "a6a2", "a6a1", "a6b6"
        ])
    );
}

#[test]
fn sx_06_cannon_moves_as_rook_captures_over_one_screen() {
    // SX-06: a screen of either side, which stays; no capture of the screen; no promotion.
    let g = sh("weak");
    let f = fen(
        &[
            ("a1", "K"),
            ("i12", "k"),
            ("e4", "C"),
            ("e6", "P"),
            ("e9", "g"),
            ("b4", "p"),
            ("a4", "n"),
        ],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e4"),
        strs(&[
            "e4e5", "e4e3", "e4e2", "e4e1", "e4d4", "e4c4", "e4f4", "e4g4", "e4h4", "e4i4", "e4e9",
            "e4a4"
        ])
    );
    assert_eq!(
        after(&g, &f, &["e4e9"]),
        fen(
            &[
                ("a1", "K"),
                ("i12", "k"),
                ("e9", "C"),
                ("e6", "P"),
                ("b4", "p"),
                ("a4", "n")
            ],
            "G",
            "b"
        )
    );
    // XQ-heavy: the same Cannon, a screen of the enemy's, the Cannon's target removed.
    let g = xq("weak");
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("b5", "C"),
            ("b8", "c"),
            ("b10", "n"),
        ],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "b5"),
        strs(&[
            "b5b6", "b5b7", "b5b4", "b5b3", "b5b2", "b5b1", "b5a5", "b5c5", "b5d5", "b5e5", "b5f5",
            "b5g5", "b5h5", "b5i5", "b5b10"
        ])
    );
}

#[test]
fn sx_07_bishop_rides_diagonally_and_primate_adds_a_step() {
    // SX-07, SX-23: the Bishop promotes optionally on a move ending in the camp (ranks 9-12).
    let g = sh("weak");
    let f = fen(
        &[
            ("b1", "K"),
            ("h12", "k"),
            ("e5", "B"),
            ("c7", "P"),
            ("g3", "p"),
        ],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e5"),
        strs(&[
            "e5d6", "e5f6", "e5g7", "e5h8", "e5i9", "e5i9+", "e5d4", "e5c3", "e5b2", "e5a1",
            "e5f4", "e5g3"
        ])
    );
    // Starting in the camp, every move may promote.
    let f = fen(&[("a1", "K"), ("i11", "k"), ("c10", "B")], "", "w");
    assert_eq!(
        moves_from(&g, &f, "c10"),
        opt(&[
            "c10b9", "c10a8", "c10d9", "c10e8", "c10f7", "c10g6", "c10h5", "c10i4", "c10b11",
            "c10a12", "c10d11", "c10e12"
        ])
    );
    // Primate: Bishop plus one orthogonal step; no further promotion.
    let f = fen(
        &[
            ("a1", "K"),
            ("i12", "k"),
            ("e5", "+B"),
            ("d6", "P"),
            ("d4", "P"),
            ("f4", "P"),
            ("f6", "p"),
        ],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e5"),
        strs(&["e5e6", "e5e4", "e5d5", "e5f5", "e5f6"])
    );
    assert_eq!(
        after(
            &g,
            &fen(&[("a1", "K"), ("i11", "k"), ("c10", "B")], "", "w"),
            &["c10e12+"]
        ),
        fen_at(&[("a1", "K"), ("i11", "k"), ("e12", "+B")], "", "b", 0, 1)
    );
}

#[test]
fn sx_07_sx_23_xq_heavy_bishop_promotes_shogi_style_too() {
    // SX-07, SX-23 (decision): the XQ-heavy Bishop also promotes in the far four ranks.
    let g = xq("weak");
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("h8", "B"), ("g7", "P")],
        "",
        "w",
    );
    let mut exp = opt(&["h8g9", "h8f10", "h8e11", "h8d12", "h8i9"]);
    exp.push("h8i7".into());
    assert_eq!(moves_from(&g, &f, "h8"), sorted(exp));
}

#[test]
fn sx_08_knight_mao_in_weak_and_standard_leaper_otherwise() {
    // SX-08: the stepping Knight passes the orthogonal cell first: e6 (own Point) blocks d7 f7,
    // d5 (enemy) blocks c6 c4; g4 holds a friend.
    let f = fen(
        &[
            ("a1", "K"),
            ("i12", "k"),
            ("e5", "N"),
            ("e6", "P"),
            ("d5", "p"),
            ("f7", "g"),
            ("g4", "P"),
        ],
        "",
        "w",
    );
    for s in ["weak", "standard"] {
        assert_eq!(
            moves_from(&sh(s), &f, "e5"),
            strs(&["e5g6", "e5d3", "e5f3"]),
            "{s}"
        );
    }
    for s in ["centrewise", "strong"] {
        assert_eq!(
            moves_from(&sh(s), &f, "e5"),
            strs(&["e5d7", "e5f7", "e5c6", "e5c4", "e5g6", "e5d3", "e5f3"]),
            "{s}"
        );
    }
    // A blocked stepping Knight gives no check: d10 -> e12 passes d11.
    let blocked = fen(
        &[("a1", "K"), ("e12", "k"), ("d10", "N"), ("d11", "P")],
        "",
        "b",
    );
    let open = fen(&[("a1", "K"), ("e12", "k"), ("d10", "N")], "", "b");
    for s in STRENGTHS {
        let g = sh(s);
        assert!(in_check(&g, &open), "{s}");
        assert_eq!(
            in_check(&g, &blocked),
            s == "centrewise" || s == "strong",
            "{s}"
        );
    }
}

#[test]
fn sx_08_xq_heavy_knight_by_strength() {
    // SX-08 in the other array: Knight on b3 as at the start, its leg c3 blocked by an Elephant.
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("b3", "N"),
            ("c3", "E"),
            ("b4", "P"),
        ],
        "",
        "w",
    );
    for s in ["weak", "standard"] {
        // a5 c5 pass b4 (blocked); d4 d2 pass c3 (blocked); a1 c1 pass b2 (empty).
        assert_eq!(moves_from(&xq(s), &f, "b3"), strs(&["b3a1", "b3c1"]), "{s}");
    }
    for s in ["centrewise", "strong"] {
        assert_eq!(
            moves_from(&xq(s), &f, "b3"),
            strs(&["b3a1", "b3c1", "b3a5", "b3c5", "b3d4", "b3d2"]),
            "{s}"
        );
    }
}

#[test]
fn sx_09_elephant_steps_or_displaces_by_strength() {
    // SX-09: halfway cells d5 (enemy Point), f5 (empty), d3 (own Point), f3 (enemy Helm).
    let pieces = [
        ("a1", "K"),
        ("i12", "k"),
        ("e4", "E"),
        ("d5", "p"),
        ("c6", "r"),
        ("d3", "P"),
        ("f3", "h"),
    ];
    let f = fen(&pieces, "", "w");
    for s in ["weak", "standard", "centrewise"] {
        assert_eq!(moves_from(&sh(s), &f, "e4"), strs(&["e4g6"]), "{s}");
        // XQ-heavy: d3 empty, so c2 is open; f3 holds a friend.
        assert_eq!(
            moves_from(&xq(s), &xq_elephant_fen(), "e4"),
            strs(&["e4c2", "e4g6"]),
            "{s}"
        );
    }
    let g = sh("strong");
    assert_eq!(moves_from(&g, &f, "e4"), strs(&["e4c6", "e4g6", "e4g2"]));
    // Both victims captured: the Point to hand, the Rook removed (SX-29).
    assert_eq!(
        after(&g, &f, &["e4c6"]),
        fen(
            &[
                ("a1", "K"),
                ("i12", "k"),
                ("c6", "E"),
                ("d3", "P"),
                ("f3", "h")
            ],
            "P",
            "b"
        )
    );
    // Only a halfway victim: the Helm to hand.
    assert_eq!(
        after(&g, &f, &["e4g2"]),
        fen(
            &[
                ("a1", "K"),
                ("i12", "k"),
                ("g2", "E"),
                ("d5", "p"),
                ("c6", "r"),
                ("d3", "P")
            ],
            "H",
            "b"
        )
    );
    assert_eq!(
        moves_from(&xq("strong"), &xq_elephant_fen(), "e4"),
        strs(&["e4c2", "e4c6", "e4g6"])
    );
}

/// XQ-heavy: Elephant e4, enemy Point d5 and enemy Wing c6, own Point f3.
fn xq_elephant_fen() -> String {
    fen(
        &[
            ("e1", "K"),
            ("f12", "k"),
            ("e4", "E"),
            ("d5", "p"),
            ("c6", "w"),
            ("f3", "P"),
        ],
        "",
        "w",
    )
}

#[test]
fn sx_09_sx_32_displacing_elephant_checks_a_king_on_its_path() {
    // SX-09, SX-32: in strong the Elephant's path may hold an enemy, so a King on the halfway
    // cell, or on the destination behind an enemy, is attacked.
    let halfway = fen(&[("a1", "K"), ("d5", "k"), ("e4", "E")], "", "b");
    let behind = fen(
        &[("a1", "K"), ("c6", "k"), ("d5", "p"), ("e4", "E")],
        "",
        "b",
    );
    for s in STRENGTHS {
        let g = sh(s);
        assert_eq!(in_check(&g, &halfway), s == "strong", "{s}");
        assert_eq!(in_check(&g, &behind), s == "strong", "{s}");
    }
}

#[test]
fn sx_10_wing_rides_straight_forward() {
    // SX-10: forward only, capturing the first enemy.
    let g = sh("weak");
    let f = fen(
        &[("a1", "K"), ("i12", "k"), ("e5", "W"), ("e8", "p")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e5"), strs(&["e5e6", "e5e7", "e5e8"]));
    // SX-23: in the camp, optional promotion; compulsory onto the last rank.
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e9", "W")], "", "w");
    assert_eq!(
        moves_from(&g, &f, "e9"),
        strs(&["e9e10", "e9e10+", "e9e11", "e9e11+", "e9e12+"])
    );
}

#[test]
fn sx_11_helm_lame_only_in_weak() {
    // SX-11: the square straight in front (e6) blocks the Helm only in weak.
    let f = fen(
        &[
            ("a1", "K"),
            ("i12", "k"),
            ("e5", "H"),
            ("e6", "P"),
            ("d7", "p"),
        ],
        "",
        "w",
    );
    assert_eq!(moves_from(&sh("weak"), &f, "e5"), strs(&[]));
    for s in ["standard", "centrewise", "strong"] {
        assert_eq!(moves_from(&sh(s), &f, "e5"), strs(&["e5d7", "e5f7"]), "{s}");
    }
    // A piece beside the path (d6) never blocks.
    let f = fen(
        &[("a1", "K"), ("i12", "k"), ("e5", "H"), ("d6", "P")],
        "",
        "w",
    );
    for s in STRENGTHS {
        assert_eq!(moves_from(&sh(s), &f, "e5"), strs(&["e5d7", "e5f7"]), "{s}");
    }
    // XQ-heavy (SX-27): the same lameness; a Helm crossing the River must become a Knight.
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e5", "H"), ("e6", "p")],
        "",
        "w",
    );
    assert_eq!(moves_from(&xq("weak"), &f, "e5"), strs(&[]));
    assert_eq!(
        moves_from(&xq("standard"), &f, "e5"),
        strs(&["e5d7n", "e5f7n"])
    );
}

#[test]
fn sx_11_sx_23_helm_must_promote_on_the_last_two_ranks() {
    // SX-11, SX-23: a Helm on rank 11 or 12 could never move: compulsory there.
    let g = sh("weak");
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e9", "H")], "", "w");
    assert_eq!(moves_from(&g, &f, "e9"), strs(&["e9d11+", "e9f11+"]));
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e8", "H")], "", "w");
    assert_eq!(moves_from(&g, &f, "e8"), opt(&["e8d10", "e8f10"]));
}

#[test]
fn sx_12_silvergeneral() {
    // SX-12: one step diagonally or straight forward.
    let g = sh("weak");
    let f = fen(
        &[("a1", "K"), ("i12", "k"), ("e5", "S"), ("d6", "p")],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e5"),
        strs(&["e5d6", "e5e6", "e5f6", "e5d4", "e5f4"])
    );
    // SX-23: optional promotion entering, inside, or leaving the camp; never compulsory.
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e8", "S")], "", "w");
    let mut exp = opt(&["e8d9", "e8e9", "e8f9"]);
    exp.extend(["e8d7".to_string(), "e8f7".to_string()]);
    assert_eq!(moves_from(&g, &f, "e8"), sorted(exp));
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e9", "S")], "", "w");
    assert_eq!(
        moves_from(&g, &f, "e9"),
        opt(&["e9d10", "e9e10", "e9f10", "e9d8", "e9f8"])
    );
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e12", "S")], "", "w");
    assert_eq!(moves_from(&g, &f, "e12"), opt(&["e12d11", "e12f11"]));
}

#[test]
fn sx_13_goldgeneral_never_promotes() {
    // SX-13: one step orthogonally or diagonally forward; no promotion in the camp.
    let g = sh("weak");
    let f = fen(
        &[("a1", "K"), ("i12", "k"), ("e5", "G"), ("e10", "G")],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e5"),
        strs(&["e5e6", "e5e4", "e5d5", "e5f5", "e5d6", "e5f6"])
    );
    assert_eq!(
        moves_from(&g, &f, "e10"),
        strs(&["e10e11", "e10e9", "e10d10", "e10f10", "e10d11", "e10f11"])
    );
}

#[test]
fn sx_14_king_steps_anywhere_and_is_never_left_in_check() {
    // SX-14: a Rook on d12 controls the d-file.
    let g = sh("weak");
    let f = fen(&[("e5", "K"), ("i12", "k"), ("d12", "r")], "", "w");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        strs(&["e5e6", "e5e4", "e5f4", "e5f5", "e5f6"])
    );
    // A pinned Gold may only step along the pin.
    let f = fen(
        &[("e1", "K"), ("e2", "G"), ("a12", "k"), ("e10", "r")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e2"), strs(&["e2e3"]));
    // In check from a Rook: Black's King must leave the file.
    let f = fen(&[("a1", "K"), ("e12", "k"), ("e5", "R")], "", "b");
    assert!(in_check(&g, &f));
    assert_eq!(
        moves(&g, &f),
        strs(&["e12d11", "e12d12", "e12f11", "e12f12"])
    );
}

#[test]
fn sx_15_cannonball_is_a_forward_only_cannon() {
    // SX-15: moves forward only, captures forward over one screen.
    let g = xq("weak");
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("e2", "O"),
            ("e4", "P"),
            ("e6", "p"),
        ],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e2"), strs(&["e2e3", "e2e6"]));
    assert_eq!(
        after(&g, &f, &["e2e6"]),
        fen(
            &[("d1", "K"), ("f12", "k"), ("e4", "P"), ("e6", "O")],
            "P",
            "b"
        )
    );
    // SX-27: crossing the River it becomes a Cannon that remembers (`C~`).
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("e5", "O"),
            ("e9", "p"),
            ("e11", "n"),
        ],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e5"),
        strs(&["e5e6", "e5e7c", "e5e8c", "e5e11c"])
    );
    assert_eq!(
        after(&g, &f, &["e5e11+"]),
        fen(
            &[("d1", "K"), ("f12", "k"), ("e9", "p"), ("e11", "C~")],
            "",
            "b"
        )
    );
}

#[test]
fn sx_16_sx_24_ferz_confined_to_the_fortress() {
    // SX-16, SX-24: one diagonal step, never out of d1-f4.
    let g = xq("weak");
    let f = fen(
        &[("f1", "K"), ("d12", "k"), ("e2", "F"), ("d4", "F")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e2"), strs(&["e2d1", "e2d3", "e2f3"]));
    assert_eq!(moves_from(&g, &f, "d4"), strs(&["d4e3"]));
}

#[test]
fn sx_17_sx_24_general_orthogonal_step_in_the_fortress() {
    // SX-17, SX-24: the General steps orthogonally, inside d1-f4, never into check.
    let g = xq("weak");
    let f = fen(&[("d4", "K"), ("f12", "k"), ("a3", "r")], "", "w");
    assert_eq!(moves_from(&g, &f, "d4"), strs(&["d4e4"]));
    let f = fen(&[("e2", "K"), ("f12", "k")], "", "w");
    assert_eq!(moves_from(&g, &f, "e2"), strs(&["e2e1", "e2e3", "e2d2"]));
    // Black's General likewise keeps to d9-f12 (e9 would face e2: SX-33).
    let f = fen(&[("e2", "K"), ("d9", "k")], "", "b");
    assert_eq!(moves_from(&g, &f, "d9"), strs(&["d9d10"]));
}

#[test]
fn sx_18_tusk_blocked_as_the_elephant() {
    // SX-18: forward diagonals only; the halfway cell blocks except an enemy in strong.
    let pieces = [
        ("d1", "K"),
        ("f12", "k"),
        ("e4", "T"),
        ("d5", "x"),
        ("c6", "w"),
    ];
    let f = fen(&pieces, "", "w");
    for s in ["weak", "standard", "centrewise"] {
        assert_eq!(moves_from(&xq(s), &f, "e4"), strs(&["e4g6"]), "{s}");
    }
    let g = xq("strong");
    assert_eq!(moves_from(&g, &f, "e4"), strs(&["e4c6", "e4g6"]));
    assert_eq!(
        after(&g, &f, &["e4c6"]),
        fen(&[("d1", "K"), ("f12", "k"), ("c6", "T")], "WX", "b")
    );
    // A friend on the halfway cell blocks in every strength; backwards never.
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e4", "T"), ("d5", "P")],
        "",
        "w",
    );
    for s in STRENGTHS {
        assert_eq!(moves_from(&xq(s), &f, "e4"), strs(&["e4g6"]), "{s}");
    }
}

#[test]
fn sx_19_cross_steps_diagonally_forward() {
    // SX-19, SX-25: on its own side only the forward diagonals.
    let g = xq("weak");
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e4", "X"), ("f5", "p")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e4"), strs(&["e4d5", "e4f5"]));
}

// ------------------------------------------------------------------------------------------------
// SX-20, SX-21, SX-22: patient Points, en passant, no castling.
// ------------------------------------------------------------------------------------------------

#[test]
fn sx_20_shogi_heavy_patient_points_double_step() {
    // SX-20: patient cells a4 c4 e4 g4 i4 (behind the Points of rank 5).
    let g = sh("weak");
    let k = [("a1", "K"), ("i12", "k")];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut p = k.to_vec();
        p.extend_from_slice(extra);
        fen(&p, "", "w")
    };
    assert_eq!(
        moves_from(&g, &with(&[("e4", "P")]), "e4"),
        strs(&["e4e5", "e4e6"])
    );
    // Front square occupied (friend or enemy): no double step.
    assert_eq!(
        moves_from(&g, &with(&[("e4", "P"), ("e5", "P")]), "e4"),
        strs(&[])
    );
    assert_eq!(
        moves_from(&g, &with(&[("e4", "P"), ("e5", "p")]), "e4"),
        strs(&["e4e5"])
    );
    // Destination: an enemy may be taken, a friend blocks.
    let f = with(&[("e4", "P"), ("e6", "s")]);
    assert_eq!(moves_from(&g, &f, "e4"), strs(&["e4e5", "e4e6"]));
    assert_eq!(
        after(&g, &f, &["e4e6"]),
        fen(&[("a1", "K"), ("i12", "k"), ("e6", "P")], "S", "b")
    );
    assert_eq!(
        moves_from(&g, &with(&[("e4", "P"), ("e6", "G")]), "e4"),
        strs(&["e4e5"])
    );
    // Edge files are patient too; the second-rank Points between are not.
    assert_eq!(
        moves_from(&g, &with(&[("a4", "P")]), "a4"),
        strs(&["a4a5", "a4a6"])
    );
    assert_eq!(
        moves_from(&g, &with(&[("i4", "P")]), "i4"),
        strs(&["i4i5", "i4i6"])
    );
    assert_eq!(moves_from(&g, &with(&[("d4", "P")]), "d4"), strs(&["d4d5"]));
    assert_eq!(moves_from(&g, &with(&[("e3", "P")]), "e3"), strs(&["e3e4"]));
    // Black's patient cells are the rotation: e9 steps to e8 or e7.
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e9", "p")], "", "b");
    assert_eq!(moves_from(&g, &f, "e9"), strs(&["e9e8", "e9e7"]));
    // No Cross in Shogi-heavy: no en-passant cell after a double step (SX-21).
    assert_eq!(
        after(
            &g,
            &with(&[("e4", "P"), ("d7", "s"), ("f7", "g")]),
            &["e4e6"]
        ),
        fen(
            &[
                ("a1", "K"),
                ("i12", "k"),
                ("e6", "P"),
                ("d7", "s"),
                ("f7", "g")
            ],
            "",
            "b"
        )
    );
}

#[test]
fn sx_20_xq_heavy_patient_point_on_e5() {
    // SX-20: in XQ-heavy only e5 (behind e6) is patient; Black's is e8.
    let g = xq("weak");
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("e5", "P"),
            ("d5", "P"),
            ("f4", "P"),
        ],
        "",
        "w",
    );
    // The double step crosses the River: the Point arrives as its crossed form (SX-25).
    assert_eq!(moves_from(&g, &f, "e5"), strs(&["e5e6", "e5e7+"]));
    assert_eq!(moves_from(&g, &f, "d5"), strs(&["d5d6"]));
    assert_eq!(moves_from(&g, &f, "f4"), strs(&["f4f5"]));
    // The destination may hold an enemy Point; the front square must be empty.
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e5", "P"), ("e7", "p")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e5"), strs(&["e5e6", "e5e7+"]));
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e5", "P"), ("e6", "p")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e5"), strs(&["e5e6"]));
    let f = fen(&[("d1", "K"), ("f12", "k"), ("e8", "p")], "", "b");
    assert_eq!(moves_from(&g, &f, "e8"), strs(&["e8e7", "e8e6+"]));
}

/// XQ-heavy weak: White's patient Point e5 and Black's Cross d7, White to move.
const EP_BEFORE: &str = "5k3/9/9/9/9/3x5/9/4P4/9/9/9/3K5[] w - - 0 1";
/// After e5-e7, which passes e6 and crosses the River: Black's Cross attacks e6, so the FEN
/// names it.
const EP_AFTER: &str = "5k3/9/9/9/9/3x+P4/9/9/9/9/9/3K5[] b - e6 0 1";

#[test]
fn sx_21_double_step_opens_en_passant_for_a_cross() {
    // SX-20, SX-21: the en-passant cell e6 is written because the Cross on d7 could take there.
    let g = xq("weak");
    assert_eq!(
        EP_BEFORE,
        fen(
            &[("d1", "K"), ("f12", "k"), ("d7", "x"), ("e5", "P")],
            "",
            "w"
        )
    );
    assert_eq!(
        EP_AFTER,
        format!(
            "{}[] b - e6 0 1",
            board(&[("d1", "K"), ("f12", "k"), ("d7", "x"), ("e7", "+P")])
        )
    );
    assert_eq!(after(&g, EP_BEFORE, &["e5e7+"]), EP_AFTER);
}

#[test]
fn sx_21_cross_to_the_passed_cell_is_one_move_the_capture() {
    // SX-21: the Cross's step to e6 and its en-passant capture there are one move, `d7e6+`
    // (crossing the River for Black): Black has d7c6+, d7e6+ and the General's f12e12, f12f11 -
    // four moves, each listed once.
    let g = xq("weak");
    assert_eq!(
        moves(&g, EP_AFTER),
        strs(&["d7c6+", "d7e6+", "f12e12", "f12f11"])
    );
    assert_eq!(g.perft(&g.parse_fen(EP_AFTER).unwrap(), 1).unwrap(), 4);
}

#[test]
fn sx_21_cross_takes_en_passant_removing_the_point() {
    // SX-21, SX-29: d7xe6 e.p. removes the crossed Point on e7, which goes to Black's hand as a
    // Point; the Cross crosses the River.
    let g = xq("weak");
    assert_eq!(
        after(&g, EP_AFTER, &["d7e6+"]),
        fen_at(&[("d1", "K"), ("f12", "k"), ("e6", "+x")], "p", "w", 0, 2)
    );
    // White's Cross takes Black's double-stepped Point the same way.
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("d6", "X"), ("e8", "p")],
        "",
        "b",
    );
    let ep = after(&g, &f, &["e8e6+"]);
    assert_eq!(
        ep,
        format!(
            "{}[] w - e7 0 2",
            board(&[("d1", "K"), ("f12", "k"), ("d6", "X"), ("e6", "+p")])
        )
    );
    assert_eq!(
        after(&g, &ep, &["d6e7+"]),
        fen_at(&[("d1", "K"), ("f12", "k"), ("e7", "+X")], "P", "b", 0, 2)
    );
}

#[test]
fn sx_21_en_passant_only_on_the_next_turn() {
    // SX-21: after a pair of other moves, d7-e6 is a plain step: one move, the Point stays.
    let g = xq("weak");
    let later = after(&g, EP_AFTER, &["f12f11", "d1d2"]);
    assert_eq!(
        later,
        fen_at(
            &[("d2", "K"), ("f11", "k"), ("d7", "x"), ("e7", "+P")],
            "",
            "b",
            2,
            2
        )
    );
    assert_eq!(moves_from(&g, &later, "d7"), strs(&["d7c6+", "d7e6+"]));
    let done = after(&g, &later, &["d7e6+"]);
    assert_eq!(
        done.split(' ').next().unwrap(),
        format!(
            "{}[]",
            board(&[("d2", "K"), ("f11", "k"), ("e6", "+x"), ("e7", "+P")])
        )
    );
}

#[test]
fn sx_21_only_a_cross_takes_en_passant() {
    // SX-21: a Rook landing on the passed cell just moves there; with no Cross able to take,
    // no en-passant cell is written.
    let g = xq("weak");
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("a6", "r"), ("e5", "P")],
        "",
        "w",
    );
    let ep = after(&g, &f, &["e5e7+"]);
    assert_eq!(
        ep,
        fen(
            &[("d1", "K"), ("f12", "k"), ("a6", "r"), ("e7", "+P")],
            "",
            "b"
        )
    );
    assert_eq!(
        after(&g, &ep, &["a6e6"]),
        fen_at(
            &[("d1", "K"), ("f12", "k"), ("e6", "r"), ("e7", "+P")],
            "",
            "w",
            1,
            2
        )
    );
    // A Knight (leaper, centrewise) landing on e6 does not take the Point either.
    let g = xq("centrewise");
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("c7", "n"),
            ("d7", "x"),
            ("e5", "P"),
        ],
        "",
        "w",
    );
    let ep = after(&g, &f, &["e5e7+"]);
    assert!(ep.contains(" b - e6 "), "{ep}");
    assert_eq!(
        after(&g, &ep, &["c7e6"]),
        fen_at(
            &[
                ("d1", "K"),
                ("f12", "k"),
                ("e6", "n"),
                ("d7", "x"),
                ("e7", "+P")
            ],
            "",
            "w",
            1,
            2
        )
    );
}

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

// ------------------------------------------------------------------------------------------------
// SX-23: Shogi-heavy promotion.
// ------------------------------------------------------------------------------------------------

#[test]
fn sx_23_point_promotes_in_the_far_four_ranks() {
    // SX-23: optional entering or inside the camp, compulsory onto rank 12.
    let g = sh("weak");
    let f = fen(
        &[
            ("a1", "K"),
            ("i12", "k"),
            ("e8", "P"),
            ("c9", "P"),
            ("g11", "P"),
        ],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e8"), opt(&["e8e9"]));
    assert_eq!(moves_from(&g, &f, "c9"), opt(&["c9c10"]));
    assert_eq!(moves_from(&g, &f, "g11"), strs(&["g11g12+"]));
    // Promotion on a capture; the captured Silver goes to hand.
    let f = fen(
        &[("a1", "K"), ("i12", "k"), ("e8", "P"), ("e9", "s")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e8"), opt(&["e8e9"]));
    assert_eq!(
        after(&g, &f, &["e8e9+"]),
        fen(&[("a1", "K"), ("i12", "k"), ("e9", "+P")], "S", "b")
    );
}

#[test]
fn sx_23_promoted_forms_move_as_gold() {
    // SX-23: Points, Wings, Helms and Silvers become Gold movers.
    let g = sh("weak");
    for p in ["+P", "+W", "+H", "+S"] {
        let f = fen(&[("a1", "K"), ("i12", "k"), ("e5", p)], "", "w");
        assert_eq!(
            moves_from(&g, &f, "e5"),
            strs(&["e5e6", "e5e4", "e5d5", "e5f5", "e5d6", "e5f6"]),
            "{p}"
        );
    }
}

#[test]
fn sx_23_rooks_and_xiangqi_pieces_never_promote() {
    // SX-23: Knight into the camp, no promotion (leaping Knight, centrewise).
    let g = sh("centrewise");
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e8", "N")], "", "w");
    assert_eq!(
        moves_from(&g, &f, "e8"),
        strs(&[
            "e8d10", "e8f10", "e8c9", "e8g9", "e8c7", "e8g7", "e8d6", "e8f6"
        ])
    );
    // The Cannon (SX-06) and Rook (SX-05) tests show the same for them.
}

// ------------------------------------------------------------------------------------------------
// SX-24 .. SX-28: XQ-heavy Fortress, River promotions.
// ------------------------------------------------------------------------------------------------

#[test]
fn sx_25_point_and_cross_gain_a_sideways_step_beyond_the_river() {
    // SX-25: crossing the River, a Point or Cross becomes its crossed form (+P, +X), which adds a
    // sideways step.
    let g = xq("weak");
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("a6", "P"),
            ("c7", "+P"),
            ("g6", "X"),
            ("h8", "+X"),
        ],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "a6"), strs(&["a6a7+"]));
    assert_eq!(moves_from(&g, &f, "c7"), strs(&["c7c8", "c7b7", "c7d7"]));
    assert_eq!(moves_from(&g, &f, "g6"), strs(&["g6f7+", "g6h7+"]));
    assert_eq!(
        moves_from(&g, &f, "h8"),
        strs(&["h8g9", "h8i9", "h8g8", "h8i8"])
    );
    assert_eq!(
        after(&g, &f, &["a6a7+"]),
        fen(
            &[
                ("d1", "K"),
                ("f12", "k"),
                ("a7", "+P"),
                ("c7", "+P"),
                ("g6", "X"),
                ("h8", "+X"),
            ],
            "",
            "b"
        )
    );
    // Black's side: beyond the River means ranks 1-6.
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("c6", "+p"), ("g7", "p")],
        "",
        "b",
    );
    assert_eq!(moves_from(&g, &f, "c6"), strs(&["c6c5", "c6b6", "c6d6"]));
    assert_eq!(moves_from(&g, &f, "g7"), strs(&["g7g6+"]));
}

#[test]
fn sx_26_point_becomes_wazir_cross_becomes_promoted_cross_in_enemy_fortress() {
    // SX-26: compulsory on entering d9-f12, straight or sideways, moving or capturing; the
    // Wazir is +V, the promoted Cross +F.
    let g = xq("weak");
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("e8", "+P"),
            ("c9", "+P"),
            ("h8", "+P"),
            ("i9", "n"),
        ],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e8"), strs(&["e8e9+", "e8d8", "e8f8"]));
    assert_eq!(moves_from(&g, &f, "c9"), strs(&["c9c10", "c9b9", "c9d9+"]));
    assert_eq!(moves_from(&g, &f, "h8"), strs(&["h8h9", "h8g8", "h8i8"]));
    assert_eq!(
        after(&g, &f, &["e8e9+"]),
        fen_at(
            &[
                ("d1", "K"),
                ("f12", "k"),
                ("e9", "+V"),
                ("c9", "+P"),
                ("h8", "+P"),
                ("i9", "n")
            ],
            "",
            "b",
            0,
            1
        )
    );
    // A Point that has not crossed (demoted by a Cannon, SX-34) still becomes a Wazir there.
    let f = fen(&[("d1", "K"), ("f12", "k"), ("e8", "P")], "", "w");
    assert_eq!(moves_from(&g, &f, "e8"), strs(&["e8e9+"]));
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e8", "+X"), ("f9", "c")],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e8"),
        strs(&["e8d9+", "e8f9+", "e8d8", "e8f8"])
    );
    assert_eq!(
        after(&g, &f, &["e8f9+"]),
        fen(&[("d1", "K"), ("f12", "k"), ("f9", "+F")], "", "b")
    );
}

#[test]
fn sx_26_wazir_and_promoted_cross_stay_in_the_enemy_fortress() {
    // SX-26: the Wazir steps orthogonally, the promoted Cross diagonally, inside d9-f12 only.
    let g = xq("weak");
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("d9", "+V"), ("f10", "+F")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "d9"), strs(&["d9d10", "d9e9"]));
    assert_eq!(moves_from(&g, &f, "f10"), strs(&["f10e9", "f10e11"]));
    // The promoted Cross on d9 has only e10, where its own Wazir stands.
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e10", "+V"), ("d9", "+F")],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e10"),
        strs(&["e10e9", "e10e11", "e10d10", "e10f10"])
    );
    assert_eq!(moves_from(&g, &f, "d9"), strs(&[]));
}

#[test]
fn sx_27_wing_helm_tusk_cannonball_promote_crossing_the_river() {
    // SX-27: compulsory, on every move that ends beyond the River from this side.
    let g = xq("weak");
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e5", "W"), ("e9", "n")],
        "",
        "w",
    );
    assert_eq!(
        moves_from(&g, &f, "e5"),
        strs(&["e5e6", "e5e7r", "e5e8r", "e5e9r"])
    );
    assert_eq!(
        after(&g, &f, &["e5e8+"]),
        fen_at(
            &[("d1", "K"), ("f12", "k"), ("e8", "R~"), ("e9", "n")],
            "",
            "b",
            0,
            1
        )
    );
    // The Rook that was a Wing rides as a Rook.
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("e8", "R~"), ("e9", "n")],
        "",
        "w",
    );
    let mut exp: Vec<String> = (1..=7).map(|r| cell(4, r)).collect();
    exp.push("e9".into());
    exp.extend((0..9).filter(|&fl| fl != 4).map(|fl| cell(fl, 8)));
    assert_eq!(moves_from(&g, &f, "e8"), to_all("e8", &exp, ""));
    // Helm to Knight (`N~`), which then moves as the strength's Knight.
    let f = fen(&[("d1", "K"), ("f12", "k"), ("e6", "H")], "", "w");
    assert_eq!(moves_from(&g, &f, "e6"), strs(&["e6d8n", "e6f8n"]));
    assert_eq!(
        after(&g, &f, &["e6d8+"]),
        fen_at(&[("d1", "K"), ("f12", "k"), ("d8", "N~")], "", "b", 0, 1)
    );
    // Tusk to promoted Tusk.
    let f = fen(&[("d1", "K"), ("f12", "k"), ("e5", "T")], "", "w");
    assert_eq!(moves_from(&g, &f, "e5"), strs(&["e5c7+", "e5g7+"]));
    assert_eq!(
        after(&g, &f, &["e5g7+"]),
        fen_at(&[("d1", "K"), ("f12", "k"), ("g7", "+T")], "", "b", 0, 1)
    );
    // A Wing moving on its own side stays a Wing.
    let f = fen(
        &[("d1", "K"), ("f12", "k"), ("a2", "W"), ("a6", "P")],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "a2"), strs(&["a2a3", "a2a4", "a2a5"]));
}

#[test]
fn sx_18_sx_27_strong_tusk_displaces_across_the_river() {
    // SX-18, SX-27, SX-29: both victims to hand, the Tusk promoted.
    let g = xq("strong");
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("e5", "T"),
            ("d6", "p"),
            ("c7", "x"),
        ],
        "",
        "w",
    );
    assert_eq!(moves_from(&g, &f, "e5"), strs(&["e5c7+", "e5g7+"]));
    assert_eq!(
        after(&g, &f, &["e5c7+"]),
        fen(&[("d1", "K"), ("f12", "k"), ("c7", "+T")], "PX", "b")
    );
}

#[test]
fn sx_28_elephants_never_cross_promoted_tusks_never_recross() {
    // SX-28, SX-02.
    for s in STRENGTHS {
        let g = sh(s);
        let f = fen(
            &[
                ("a1", "K"),
                ("i12", "k"),
                ("e6", "E"),
                ("f7", "p"),
                ("d7", "p"),
            ],
            "",
            "w",
        );
        assert_eq!(moves_from(&g, &f, "e6"), strs(&["e6c4", "e6g4"]), "{s}");
        let g = xq(s);
        let f = fen(
            &[
                ("d1", "K"),
                ("f12", "k"),
                ("e7", "+T"),
                ("c9", "+T"),
                ("d6", "p"),
            ],
            "",
            "w",
        );
        assert_eq!(moves_from(&g, &f, "e7"), strs(&["e7g9"]), "{s}");
        assert_eq!(
            moves_from(&g, &f, "c9"),
            strs(&["c9a7", "c9e11", "c9a11"]),
            "{s}"
        );
    }
}

// ------------------------------------------------------------------------------------------------
// SX-29 .. SX-31: captures, drops.
// ------------------------------------------------------------------------------------------------

#[test]
fn sx_29_shogi_heavy_captures_to_hand_or_removed() {
    // SX-29: White's Rook a5 takes on a8.
    let g = sh("weak");
    for (victim, hand) in [
        ("b", "B"),
        ("+b", "B"),
        ("w", "W"),
        ("+w", "W"),
        ("h", "H"),
        ("+h", "H"),
        ("s", "S"),
        ("+s", "S"),
        ("g", "G"),
        ("p", "P"),
        ("+p", "P"),
        ("r", ""),
        ("c", ""),
        ("n", ""),
        ("e", ""),
    ] {
        let f = fen(
            &[("e1", "K"), ("e12", "k"), ("a5", "R"), ("a8", victim)],
            "",
            "w",
        );
        assert_eq!(
            after(&g, &f, &["a5a8"]),
            fen(&[("e1", "K"), ("e12", "k"), ("a8", "R")], hand, "b"),
            "{victim}"
        );
    }
    // Black's captures go to Black's hand.
    let f = fen(
        &[("e1", "K"), ("e12", "k"), ("a5", "+W"), ("a8", "r")],
        "",
        "b",
    );
    assert_eq!(
        after(&g, &f, &["a8a5"]),
        fen_at(&[("e1", "K"), ("e12", "k"), ("a5", "r")], "w", "w", 0, 2)
    );
}

#[test]
fn sx_29_xq_heavy_captures_to_hand_or_removed() {
    // SX-29: forward-only and part-symmetric pieces (and the Bishop) to hand unpromoted, the
    // promoted ones as what they were: `r~` a Wing, `n~` a Helm, `c~` a Cannonball, `+t` a
    // Tusk, `+p` a Point, `+x` a Cross; Rooks, Knights, Cannons, Elephants and Ferzes removed.
    let g = xq("weak");
    for (rook, victim_cell, victim, hand) in [
        ("a5", "a8", "b", "B"),
        ("a5", "a8", "+b", "B"),
        ("a5", "a8", "w", "W"),
        ("a5", "a8", "r~", "W"),
        ("a5", "a8", "h", "H"),
        ("a5", "a8", "n~", "H"),
        ("a5", "a8", "t", "T"),
        ("a1", "a5", "+t", "T"),
        ("a5", "a8", "o", "O"),
        ("a5", "a8", "c~", "O"),
        ("a5", "a8", "x", "X"),
        ("a5", "a8", "p", "P"),
        ("a4", "d4", "+p", "P"),
        ("a4", "d4", "+x", "X"),
        ("a5", "a8", "r", ""),
        ("a5", "a8", "n", ""),
        ("a5", "a8", "c", ""),
        ("a5", "a8", "e", ""),
        ("d5", "d10", "f", ""),
    ] {
        let f = fen(
            &[
                ("e2", "K"),
                ("f12", "k"),
                (rook, "R"),
                (victim_cell, victim),
            ],
            "",
            "w",
        );
        let m = format!("{rook}{victim_cell}");
        assert_eq!(
            after(&g, &f, &[m.as_str()]),
            fen(&[("e2", "K"), ("f12", "k"), (victim_cell, "R")], hand, "b"),
            "{victim}"
        );
    }
}

#[test]
fn sx_30_drops_only_where_the_piece_has_a_move() {
    // SX-29, SX-30: Shogi-heavy Point and Wing not on rank 12, Helm not on 11-12; Silver, Gold
    // and Bishop anywhere. No other drop limit (no nifu in this game).
    let g = sh("weak");
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e5", "P")], "PWHSGB", "w");
    let occ = ["a1", "i12", "e5"];
    assert_eq!(drops_of(&g, &f, "P"), drops_on("P", 1..=11, &occ));
    assert_eq!(drops_of(&g, &f, "W"), drops_on("W", 1..=11, &occ));
    assert_eq!(drops_of(&g, &f, "H"), drops_on("H", 1..=10, &occ));
    for p in ["S", "G", "B"] {
        assert_eq!(drops_of(&g, &f, p), drops_on(p, 1..=12, &occ), "{p}");
    }
    // XQ-heavy: a Point or Cross dropped on rank 12 has not crossed the River, so it has no
    // sideways step there (SX-25, SX-31): like Wing and Cannonball, rank 11 at most; Helm and
    // Tusk rank 10.
    let g = xq("weak");
    let f = fen(&[("d1", "K"), ("f12", "k")], "PXWOHTB", "w");
    let occ = ["d1", "f12"];
    assert_eq!(drops_of(&g, &f, "B"), drops_on("B", 1..=12, &occ));
    for p in ["P", "X", "W", "O"] {
        assert_eq!(drops_of(&g, &f, p), drops_on(p, 1..=11, &occ), "{p}");
    }
    for p in ["H", "T"] {
        assert_eq!(drops_of(&g, &f, p), drops_on(p, 1..=10, &occ), "{p}");
    }
    // Black's drops are the rotation: a black Helm not on ranks 1-2.
    let f = fen(&[("d1", "K"), ("f12", "k")], "h", "b");
    assert_eq!(drops_of(&g, &f, "H"), drops_on("H", 3..=12, &occ));
}

#[test]
fn sx_31_shogi_heavy_drop_beyond_the_river_promotes_after_its_next_move() {
    // SX-31: the Wing dropped on e9 is marked `W!`; its next move must promote (no plain
    // choice), and the mark goes.
    let g = sh("weak");
    let f = fen(&[("a1", "K"), ("i12", "k")], "W", "w");
    let dropped = after(&g, &f, &["W@e9"]);
    assert_eq!(
        dropped,
        fen_at(&[("a1", "K"), ("i12", "k"), ("e9", "W!")], "", "b", 0, 1)
    );
    let next = after(&g, &dropped, &["i12h12"]);
    assert_eq!(
        moves_from(&g, &next, "e9"),
        strs(&["e9e10+", "e9e11+", "e9e12+"])
    );
    assert_eq!(
        after(&g, &next, &["e9e10+"]),
        fen_at(&[("a1", "K"), ("h12", "k"), ("e10", "+W")], "", "b", 0, 2)
    );
    // Beyond the River but short of the camp (rank 7): still promoted after its next move.
    let f = fen(&[("a1", "K"), ("i12", "k"), ("e7", "W!")], "", "w");
    assert_eq!(
        moves_from(&g, &f, "e7"),
        strs(&["e7e8+", "e7e9+", "e7e10+", "e7e11+", "e7e12+"])
    );
    assert_eq!(
        after(&g, &f, &["e7e8+"]),
        fen_at(&[("a1", "K"), ("i12", "k"), ("e8", "+W")], "", "b", 0, 1)
    );
    // A Point dropped on rank 8 steps to rank 9 as a Tokin.
    let f = fen(&[("a1", "K"), ("i12", "k")], "P", "w");
    let dropped = after(&g, &f, &["P@c8"]);
    assert!(dropped.starts_with(&board(&[("a1", "K"), ("i12", "k"), ("c8", "P!")])));
    // On the own side of the River: no mark, the usual optional promotion later.
    let f = fen(&[("a1", "K"), ("i12", "k")], "W", "w");
    assert_eq!(
        after(&g, &f, &["W@e6"]),
        fen_at(&[("a1", "K"), ("i12", "k"), ("e6", "W")], "", "b", 0, 1)
    );
    // A Gold has no promotion: no mark.
    let f = fen(&[("a1", "K"), ("i12", "k")], "G", "w");
    assert_eq!(
        after(&g, &f, &["G@e9"]),
        fen_at(&[("a1", "K"), ("i12", "k"), ("e9", "G")], "", "b", 0, 1)
    );
}

#[test]
fn sx_31_the_mark_leaves_with_a_captured_dropped_piece() {
    // SX-29, SX-31: Black's Gold d10 takes the marked Wing on e9; the Wing goes to Black's hand
    // unpromoted and the Gold on e9 carries no mark.
    let g = sh("weak");
    let f = fen(
        &[("a1", "K"), ("i12", "k"), ("e9", "W!"), ("d10", "g")],
        "",
        "b",
    );
    assert_eq!(
        after(&g, &f, &["d10e9"]),
        fen_at(&[("a1", "K"), ("i12", "k"), ("e9", "g")], "w", "w", 0, 2)
    );
}

#[test]
fn sx_31_xq_heavy_drop_beyond_the_river_promotes_after_its_next_move() {
    // SX-31 (decision): the River promotions of Wing, Helm, Tusk, Cannonball and the Bishop's.
    let g = xq("weak");
    let k = [("d1", "K"), ("f12", "k")];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut p = k.to_vec();
        p.extend_from_slice(extra);
        p
    };
    let f = fen(&with(&[("e10", "p")]), "W", "w");
    let dropped = after(&g, &f, &["W@e8"]);
    assert_eq!(
        dropped,
        fen_at(&with(&[("e10", "p"), ("e8", "W!")]), "", "b", 0, 1)
    );
    let next = after(&g, &dropped, &["f12f11"]);
    // As a Wing (forward only) for this move, a Rook after it.
    assert_eq!(moves_from(&g, &next, "e8"), strs(&["e8e9r", "e8e10r"]));
    assert_eq!(
        after(&g, &next, &["e8e9+"]),
        fen_at(
            &[("d1", "K"), ("f11", "k"), ("e10", "p"), ("e9", "R~")],
            "",
            "b",
            0,
            2
        )
    );
    // Helm, Tusk, Cannonball marked on the board.
    let f = fen(&with(&[("e8", "H!")]), "", "w");
    assert_eq!(moves_from(&g, &f, "e8"), strs(&["e8d10n", "e8f10n"]));
    assert_eq!(
        after(&g, &f, &["e8d10+"]),
        fen_at(&with(&[("d10", "N~")]), "", "b", 0, 1)
    );
    let f = fen(&with(&[("e8", "T!")]), "", "w");
    assert_eq!(moves_from(&g, &f, "e8"), strs(&["e8c10+", "e8g10+"]));
    assert_eq!(
        after(&g, &f, &["e8g10+"]),
        fen_at(&with(&[("g10", "+T")]), "", "b", 0, 1)
    );
    let f = fen(&with(&[("e8", "O!")]), "", "w");
    assert_eq!(
        moves_from(&g, &f, "e8"),
        strs(&["e8e9c", "e8e10c", "e8e11c", "e8e12c"])
    );
    assert_eq!(
        after(&g, &f, &["e8e9+"]),
        fen_at(&with(&[("e9", "C~")]), "", "b", 0, 1)
    );
    // The Bishop dropped beyond the River promotes wherever its next move ends, even back on
    // its own side of the River.
    let f = fen(&with(&[]), "B", "w");
    let dropped = after(&g, &f, &["B@e8"]);
    assert_eq!(dropped, fen_at(&with(&[("e8", "B!")]), "", "b", 0, 1));
    let f = fen(&with(&[("e8", "B!")]), "", "w");
    let cells = [
        "d9", "c10", "b11", "a12", "f9", "g10", "h11", "i12", "d7", "c6", "b5", "a4", "f7", "g6",
        "h5", "i4",
    ];
    let cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    assert_eq!(moves_from(&g, &f, "e8"), to_all("e8", &cells, "+"));
    assert_eq!(
        after(&g, &f, &["e8c6+"]),
        fen_at(&with(&[("c6", "+B")]), "", "b", 0, 1)
    );
    // Points and Crosses dropped beyond the River have not crossed it (SX-25): marked, without
    // the sideways step for their next move, which gives it to them.
    let f = fen(&with(&[]), "PX", "w");
    assert_eq!(
        after(&g, &f, &["P@c7"]),
        fen_at(&with(&[("c7", "P!")]), "X", "b", 0, 1)
    );
    assert_eq!(
        after(&g, &f, &["X@g7"]),
        fen_at(&with(&[("g7", "X!")]), "P", "b", 0, 1)
    );
    let f = fen(&with(&[("c7", "P!"), ("g7", "X!")]), "", "w");
    assert_eq!(moves_from(&g, &f, "c7"), strs(&["c7c8+"]));
    assert_eq!(moves_from(&g, &f, "g7"), strs(&["g7f8+", "g7h8+"]));
    let moved = after(&g, &f, &["c7c8+", "f12f11"]);
    assert_eq!(
        moves_from(&g, &moved, "c8"),
        strs(&["c8b8", "c8c9", "c8d8"])
    );
    // The position of the report: after a6xa7 and ...a12-a11, a Point may not be dropped on a12.
    let start = g.fen(&g.start());
    let p = after(&g, &start, &["a6a7+", "a12a11"]);
    assert!(!moves(&g, &p).contains(&"P@a12".to_string()), "{p}");
    assert!(moves(&g, &p).contains(&"P@b9".to_string()), "{p}");
    // A Wing dropped on its own side just crosses later with the ordinary promotion.
    let f = fen(&with(&[]), "W", "w");
    assert_eq!(
        after(&g, &f, &["W@a5"]),
        fen_at(&with(&[("a5", "W")]), "", "b", 0, 1)
    );
}

// ------------------------------------------------------------------------------------------------
// SX-32, SX-33: results, the flying General.
// ------------------------------------------------------------------------------------------------

#[test]
fn sx_32_checkmate_loses_stalemate_draws() {
    // SX-32, SX-14: Gold a11 guarded by Point a10 mates the King on a12.
    let g = sh("weak");
    let mate = fen(
        &[("e1", "K"), ("a12", "k"), ("a11", "G"), ("a10", "P")],
        "",
        "b",
    );
    assert_eq!(
        status(&g, &mate),
        Status::Over(varia::Ending {
            reason: varia::Reason::Checkmate,
            outcome: Outcome::Loss,
            winner: Some(varia::rules::PlayerId(0))
        })
    );
    // Rooks on b1 and h11 leave the King on a12 no move, and it is not in check.
    let stale = fen(
        &[("e1", "K"), ("a12", "k"), ("b1", "R"), ("h11", "R")],
        "",
        "b",
    );
    assert_eq!(
        status(&g, &stale),
        Status::Over(varia::Ending {
            reason: varia::Reason::Stalemate,
            outcome: Outcome::Draw,
            winner: None
        })
    );
    // A piece in hand to drop is a move: not stalemate (SX-29).
    let f = fen(
        &[("e1", "K"), ("a12", "k"), ("b1", "R"), ("h11", "R")],
        "p",
        "b",
    );
    assert_eq!(status(&g, &f), Status::Ongoing { in_check: false });
}

#[test]
fn sx_32_sx_33_xq_heavy_mate_and_stalemate_with_the_flying_general() {
    // SX-32, SX-33, SX-17: Rook f5 checks the General on f12; e12 would face White's General on
    // e2, f11 stays on the Rook's file, g12 is outside the Fortress.
    let g = xq("weak");
    let mate = fen(&[("e2", "K"), ("f12", "k"), ("f5", "R")], "", "b");
    assert_eq!(
        status(&g, &mate),
        Status::Over(varia::Ending {
            reason: varia::Reason::Checkmate,
            outcome: Outcome::Loss,
            winner: Some(varia::rules::PlayerId(0))
        })
    );
    // d12: e12 faces e1, d11 is on the Rook's rank, c12 is outside the Fortress.
    let stale = fen(&[("e1", "K"), ("d12", "k"), ("a11", "R")], "", "b");
    assert_eq!(
        status(&g, &stale),
        Status::Over(varia::Ending {
            reason: varia::Reason::Stalemate,
            outcome: Outcome::Draw,
            winner: None
        })
    );
}

#[test]
fn sx_33_generals_may_not_face() {
    // SX-33: d2 would face d12 on an empty file.
    let g = xq("weak");
    let f = fen(&[("e2", "K"), ("d12", "k")], "", "w");
    assert_eq!(moves_from(&g, &f, "e2"), strs(&["e2e1", "e2e3", "e2f2"]));
    let f = fen(&[("e2", "K"), ("d12", "k"), ("d7", "P")], "", "w");
    assert_eq!(
        moves_from(&g, &f, "e2"),
        strs(&["e2d2", "e2e1", "e2e3", "e2f2"])
    );
    // The only piece between the Generals may not leave the file.
    let f = fen(&[("e1", "K"), ("e12", "k"), ("e7", "x")], "", "b");
    assert_eq!(moves_from(&g, &f, "e7"), strs(&[]));
    assert_eq!(
        moves_from(&g, &f, "e12"),
        strs(&["e12d12", "e12f12", "e12e11"])
    );
    let f = fen(&[("e2", "K"), ("e11", "k"), ("e6", "N")], "", "w");
    assert_eq!(moves_from(&g, &f, "e6"), strs(&[]));
    // Shogi-heavy has no such rule: Kings may share an open file.
    let g = sh("weak");
    let f = fen(&[("e2", "K"), ("d12", "k")], "", "w");
    assert_eq!(
        moves_from(&g, &f, "e2"),
        strs(&[
            "e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3"
        ])
    );
}

// ------------------------------------------------------------------------------------------------
// SX-34: the cannon-screens option.
// ------------------------------------------------------------------------------------------------

/// The FEN after `m` in a variant with and without `-cannon-screens`.
fn both(variant: &str, f: &str, m: &str) -> (String, String) {
    (
        after(&v(&format!("{variant}-cannon-screens")), f, &[m]),
        after(&v(variant), f, &[m]),
    )
}

#[test]
fn sx_34_shogi_heavy_cannon_promotes_friendly_and_demotes_enemy_screens() {
    // SX-34: White's Cannon e2 takes the Gold on e9 over the screen on e5.
    // White's King on a2, off the diagonals of a Primate screen on e5.
    let k = [("a2", "K"), ("i12", "k"), ("e9", "C")];
    let after_with = |screen: &'static str| {
        let mut p = k.to_vec();
        p.push(("e5", screen));
        fen(&p, "G", "b")
    };
    for s in STRENGTHS {
        let variant = format!("shogi-heavy-{s}");
        for (screen, with, without) in [
            ("P", "+P", "P"),   // unpromoted promotable ally: promoted
            ("+p", "p", "+p"),  // promoted enemy: demoted
            ("S", "+S", "S"),   // Silver ally: promoted
            ("+b", "b", "+b"),  // Primate enemy: back to Bishop
            ("G", "G", "G"),    // unpromotable ally: unchanged
            ("+W", "+W", "+W"), // already promoted ally: unchanged
            ("w", "w", "w"),    // unpromoted enemy: unchanged
        ] {
            let f = fen(
                &[
                    ("a2", "K"),
                    ("i12", "k"),
                    ("e2", "C"),
                    ("e5", screen),
                    ("e9", "g"),
                ],
                "",
                "w",
            );
            let (a, b) = both(&variant, &f, "e2e9");
            assert_eq!(a, after_with(with), "{s} {screen} with");
            assert_eq!(b, after_with(without), "{s} {screen} without");
        }
    }
    // A promoted enemy Wing on rank 1 stays promoted: as a Wing it could never move again.
    let f = fen(
        &[
            ("e3", "K"),
            ("i12", "k"),
            ("a1", "C"),
            ("d1", "+w"),
            ("g1", "s"),
        ],
        "",
        "w",
    );
    let exp = fen(
        &[("e3", "K"), ("i12", "k"), ("g1", "C"), ("d1", "+w")],
        "S",
        "b",
    );
    let (a, b) = both("shogi-heavy-weak", &f, "a1g1");
    assert_eq!(a, exp);
    assert_eq!(b, exp);
}

#[test]
fn sx_34_a_demoted_screen_that_would_check_forbids_the_capture() {
    // SX-34: White's Cannon f1 may take the Point on f8 over Black's promoted Helm on f4 (a
    // Gold mover), which goes back to a Helm (`ffN`): from f4 a Helm attacks e2 and g2. With
    // White's King on e2 the capture would leave it in check; on d2 it is legal.
    let g = v("shogi-heavy-strong-cannon-screens");
    for (king, legal) in [("e2", false), ("d2", true)] {
        let f = fen(
            &[
                (king, "K"),
                ("e11", "k"),
                ("f1", "C"),
                ("f4", "+h"),
                ("f8", "p"),
            ],
            "",
            "w",
        );
        let moves = moves_from(&g, &f, "f1");
        assert_eq!(
            moves.contains(&"f1f8".to_string()),
            legal,
            "{king}: {moves:?}"
        );
        assert!(moves.contains(&"f1f3".to_string()), "{moves:?}");
        // Counting takes the same decision: the Cannon leaves the counting fast path here.
        let p = g.parse_fen(&f).unwrap();
        assert_eq!(
            g.perft(&p, 1).unwrap(),
            common::moves(&g, &f).len() as u64,
            "{king}"
        );
    }
}

#[test]
fn sx_34_a_dropped_screen_promoted_by_the_cannon_has_no_deferred_promotion_left() {
    // SX-34 with the deferred promotion of a drop: the Helm dropped on e8 waits to promote
    // after its next move (`H!`); White's Cannon hops over it to take on e10, promoting it at
    // once, so nothing is left pending and the FEN reads back.
    let g = v("shogi-heavy-weak-cannon-screens");
    let start = "9/4k4/4p4/9/9/9/9/4C4/9/9/4K4/9[H] w - - 0 1";
    assert_eq!(
        after(&g, start, &["H@e8", "e11d11"]),
        "9/3k5/4p4/9/4H!4/9/9/4C4/9/9/4K4/9[] w - - 1 2"
    );
    let f = after(&g, start, &["H@e8", "e11d11", "e5e10"]);
    assert_eq!(f, "9/3k5/4C4/9/4+H4/9/9/9/9/9/4K4/9[P] b - - 0 2");
    assert_eq!(g.fen(&g.parse_fen(&f).unwrap()), f);
}

#[test]
fn sx_34_xq_heavy_cannon_screens() {
    // SX-34: White's Cannon a5 takes the Cross on g5 over the screen on c5.
    let after_with = |screen: &'static str| {
        fen(
            &[("d1", "K"), ("f12", "k"), ("g5", "C"), ("c5", screen)],
            "X",
            "b",
        )
    };
    for (screen, with, without) in [
        ("W", "R~", "W"),  // Wing ally: a Rook that was a Wing
        ("H", "N~", "H"),  // Helm ally: a Knight that was a Helm
        ("O", "C~", "O"),  // Cannonball ally: a Cannon that was a Cannonball
        ("B", "+B", "B"),  // Bishop ally: a Primate
        ("T", "+T", "T"),  // Tusk ally: +T may still move from c5 into its zone (a7, e7)
        ("P", "+P", "P"),  // Point ally: crossed, with its sideways step (SX-25)
        ("X", "+X", "X"),  // Cross ally: likewise
        ("+p", "p", "+p"), // enemy crossed Point: uncrossed, no sideways step
        ("+x", "x", "+x"), // enemy crossed Cross: likewise
        ("r~", "w", "r~"), // enemy Rook that was a Wing: back to a Wing
        ("+t", "t", "+t"), // enemy promoted Tusk: back to a Tusk (Black's Tusk moves on)
        ("n~", "h", "n~"), // enemy Knight that was a Helm
        ("r", "r", "r"),   // enemy Rook: unchanged
    ] {
        let f = fen(
            &[
                ("d1", "K"),
                ("f12", "k"),
                ("a5", "C"),
                ("c5", screen),
                ("g5", "x"),
            ],
            "",
            "w",
        );
        let (a, b) = both("xq-heavy-weak", &f, "a5g5");
        assert_eq!(a, after_with(with), "{screen} with");
        assert_eq!(b, after_with(without), "{screen} without");
    }
    // The promoted Tusk left on White's own side may only move across the River, never back.
    let f = fen(&[("d1", "K"), ("f12", "k"), ("c5", "+T")], "", "w");
    assert_eq!(
        moves_from(&v("xq-heavy-weak-cannon-screens"), &f, "c5"),
        strs(&["c5a7", "c5e7"])
    );
}

#[test]
fn sx_34_sx_15_cannonball_capture_leaves_its_screen_alone() {
    // SX-34 names Cannons only: a Cannonball's capture over a Wing leaves the Wing a Wing.
    let f = fen(
        &[
            ("d1", "K"),
            ("f12", "k"),
            ("a1", "O"),
            ("a3", "W"),
            ("a5", "x"),
        ],
        "",
        "w",
    );
    let exp = fen(
        &[("d1", "K"), ("f12", "k"), ("a5", "O"), ("a3", "W")],
        "X",
        "b",
    );
    let (a, b) = both("xq-heavy-weak", &f, "a1a5");
    assert_eq!(a, exp);
    assert_eq!(b, exp);
}
