//! Scenario tests of Symgi (`definitions/symgi.varia`): at least one test per rule of the ledger
//! (`../shared/seeds/RULES.md`, SY-01 .. SY-34), each naming its rule IDs. Every expected move
//! list and position below was worked out by hand from the rules before running varia.
//!
//! Letters: K King, R Rook, B Bishop, P Point, +P Wazir, +R Chatelaine, +B Primate, W Waffle,
//! Z Fezbaba, X Warper, F Frog, T Tribune, N Newt. Square colour: `(file + rank) % 2`.

mod common;
use common::*;
use varia::Status;
use varia::rules::Outcome;

const SYMGI: &str = "definitions/symgi.varia";
const START: &str = "wxttkzzfn/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/NFZZKTTXW[] w - - 0 1";
const VARIANTS: [&str; 3] = ["stepping", "leaping", "displacer"];

fn symgi() -> varia::Game {
    load(SYMGI, None)
}

fn variant(name: &str) -> varia::Game {
    load(SYMGI, Some(name))
}

/// The board part of a FEN built from `(cell, piece)` pairs, e.g. `[("e5", "+P"), ("e9", "k")]`.
fn board(pieces: &[(&str, &str)]) -> String {
    board_fen(9, 9, pieces)
}

/// A whole FEN: pieces, hand (without brackets) and side to move, clocks 0 1.
fn fen(pieces: &[(&str, &str)], hand: &str, side: &str) -> String {
    format!("{}[{hand}] {side} - - 0 1", board(pieces))
}

fn cell_name(f: usize, r: usize) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r)
}

/// The empty cells of a FEN's board, as (file 0-based, rank 1-based).
fn empty_cells(fen: &str) -> Vec<(usize, usize)> {
    let b = fen.split(['[', ' ']).next().unwrap();
    let mut out = Vec::new();
    for (i, row) in b.split('/').enumerate() {
        let r = 9 - i;
        let mut f = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                for k in 0..d as usize {
                    out.push((f + k, r));
                }
                f += d as usize;
            } else if ch.is_ascii_alphabetic() {
                f += 1;
            }
        }
        assert_eq!(f, 9, "{row}");
    }
    out
}

/// The expected drops of `letter` on the empty cells of `fen` that satisfy `keep`.
fn expected_drops(fen: &str, letter: &str, keep: impl Fn(usize, usize) -> bool) -> Vec<String> {
    let v: Vec<String> = empty_cells(fen)
        .into_iter()
        .filter(|&(f, r)| keep(f, r))
        .map(|(f, r)| format!("{letter}@{}", cell_name(f, r)))
        .collect();
    let refs: Vec<&str> = v.iter().map(|s| s.as_str()).collect();
    strs(&refs)
}

/// The legal drops of `letter` in a position.
fn drops(g: &varia::Game, fen: &str, letter: &str) -> Vec<String> {
    moves_from(g, fen, &format!("{letter}@"))
}

fn colour(f: usize, r: usize) -> usize {
    (f + r) % 2
}

/// The letters that can be dropped in a position.
fn drop_letters(g: &varia::Game, fen: &str) -> Vec<String> {
    let mut v: Vec<String> = moves(g, fen)
        .into_iter()
        .filter_map(|m| m.split_once('@').map(|(p, _)| p.to_string()))
        .collect();
    v.sort();
    v.dedup();
    v
}

// ---------------------------------------------------------------------------------------------
// Board, array, turn order
// ---------------------------------------------------------------------------------------------

#[test]
fn sy_01_nine_by_nine_board_white_first_black_rotated() {
    // SY-01
    let g = symgi();
    // White moves first: every legal move of the start position is made from ranks 1-3.
    let m = moves(&g, START);
    assert_eq!(m.len(), 24);
    assert!(
        m.iter().all(|s| matches!(s.as_bytes()[1], b'1'..=b'3')),
        "{m:?}"
    );
    // Then Black, from ranks 7-9, with as many moves (the mirror image).
    let after_e = after(&g, START, &["e3e4"]);
    assert_eq!(
        after_e,
        "wxttkzzfn/1r5b1/ppppppppp/9/9/4P4/PPPP1PPPP/1B5R1/NFZZKTTXW[] b - - 1 1"
    );
    let m = moves(&g, &after_e);
    assert_eq!(m.len(), 24);
    assert!(
        m.iter().all(|s| matches!(s.as_bytes()[1], b'7'..=b'9')),
        "{m:?}"
    );
    // Black's array is White's rotated by 180 degrees.
    let rows: Vec<&str> = START.split('[').next().unwrap().split('/').collect();
    for i in 0..3 {
        let rotated: String = rows[8 - i].chars().rev().collect::<String>().to_lowercase();
        assert_eq!(rows[i], rotated);
    }
    // Nine ranks, nine files: a lone Rook on a1 reaches a9 and d1 (a7-a9 in the camp: SY-26).
    let f = "4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "a1"),
        strs(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a7+", "a1a8", "a1a8+", "a1a9",
            "a1a9+", "a1b1", "a1c1", "a1d1"
        ])
    );
}

#[test]
fn sy_02_start_position_in_every_subvariant() {
    // SY-02
    for v in VARIANTS {
        let g = variant(v);
        assert_eq!(g.fen(&g.start()), START, "{v}");
    }
    // `stepping` is the main game.
    let g = symgi();
    assert_eq!(g.fen(&g.start()), START);
    // By hand: Points 9, Rook h2 6 (c2-g2, i2), King 3, Frog a2 c2, Fezbabas d2 / c2 e2,
    // Waffle i2 = 24. Leaping adds Newt a4, Frog b4, Tribunes c4 i4 / d4, Warper e4 = 30.
    // Ranks 4-6 are empty, so White's first move changes nothing for Black: depth 2 = square.
    for (v, d1) in [("stepping", 24), ("leaping", 30), ("displacer", 24)] {
        let g = variant(v);
        let s = g.start();
        assert_eq!(g.perft(&s, 1).unwrap(), d1, "{v}");
        assert_eq!(g.perft(&s, 2).unwrap(), d1 * d1, "{v}");
    }
    let g = variant("leaping");
    assert_eq!(
        moves(&g, START)
            .into_iter()
            .filter(|m| &m[3..] == "4" && &m[1..2] != "3")
            .collect::<Vec<_>>(),
        strs(&["a1a4", "b1b4", "f1c4", "f1i4", "g1d4", "h1e4"])
    );
}

#[test]
fn sy_02_perft_snapshot_of_each_subvariant() {
    // SY-02, SY-16, SY-17, SY-18: perft from the start of each subvariant.
    let mut table = String::from("variant     depth1  depth2  depth3\n");
    for v in VARIANTS {
        let g = variant(v);
        let s = g.start();
        table += &format!(
            "{v:<10} {:>7} {:>7} {:>7}\n",
            g.perft(&s, 1).unwrap(),
            g.perft(&s, 2).unwrap(),
            g.perft(&s, 3).unwrap()
        );
    }
    // Depths 1-2 are worked out by hand in the test above; depths 1-4 agree with an independent
    // Python perft (no drops or swaps arise that early): depth 4 = 326444 / 880173 / 326450.
    insta::assert_snapshot!("symgi_start_perft", table);
}

// ---------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------

#[test]
fn sy_03_point_steps_straight_forward_moving_or_capturing() {
    // SY-03
    let g = symgi();
    // No diagonal capture.
    let f = "4k4/9/9/3p1p3/4P4/9/9/9/4K4[] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e5"), strs(&["e5e6"]));
    // It captures straight ahead; Black's Points go down the board.
    let f = "4k4/9/9/4p4/4P4/9/9/9/4K4[] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e5"), strs(&["e5e6"]));
    assert_eq!(
        after(&g, f, &["e5e6"]),
        "4k4/9/9/4P4/9/9/9/9/4K4[P] b - - 0 1"
    );
    let f = "4k4/9/9/4p4/4P4/9/9/9/4K4[] b - - 0 1";
    assert_eq!(moves_from(&g, f, "e6"), strs(&["e6e5"]));
    assert_eq!(
        after(&g, f, &["e6e5"]),
        "4k4/9/9/9/4p4/9/9/9/4K4[p] w - - 0 2"
    );
    // A friend in front blocks it.
    let f = "4k4/9/9/4Z4/4P4/9/9/9/4K4[] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e5"), strs(&[]));
}

#[test]
fn sy_04_sy_05_rook_and_bishop_ride_through_empty_cells_in_every_subvariant() {
    // SY-04, SY-05
    for v in VARIANTS {
        let g = variant(v);
        let f = "4k4/9/9/4p4/9/2P1R4/9/9/4K4[] w - - 0 1";
        assert_eq!(
            moves_from(&g, f, "e4"),
            strs(&[
                "e4e5", "e4e6", "e4e3", "e4e2", "e4d4", "e4f4", "e4g4", "e4h4", "e4i4"
            ]),
            "{v}"
        );
        let f = "4k4/9/9/2P3p2/9/4B4/9/9/K8[] w - - 0 1";
        assert_eq!(
            moves_from(&g, f, "e4"),
            strs(&[
                "e4d5", "e4f5", "e4g6", "e4d3", "e4c2", "e4b1", "e4f3", "e4g2", "e4h1"
            ]),
            "{v}"
        );
    }
}

#[test]
fn sy_06_king_steps_once_and_is_never_left_in_check() {
    // SY-06
    let g = symgi();
    // The Rook on d9 holds the d-file.
    let f = "k2r5/9/9/9/4K4/9/9/9/9[] w - - 0 1";
    assert_eq!(
        moves(&g, f),
        strs(&["e5e4", "e5e6", "e5f4", "e5f5", "e5f6"])
    );
    // A pinned Rook moves only along the pin (and may promote in the camp, SY-26).
    let f = "k3r4/9/9/9/9/9/4R4/9/4K4[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e3"),
        strs(&[
            "e3e2", "e3e4", "e3e5", "e3e6", "e3e7", "e3e7+", "e3e8", "e3e8+", "e3e9", "e3e9+"
        ])
    );
    assert_eq!(
        moves_from(&g, f, "e1"),
        strs(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
}

#[test]
fn sy_07_wazir_steps_one_orthogonally() {
    // SY-07
    let g = symgi();
    let f = "4k4/9/9/9/4+P4/9/9/9/4K4[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e5"),
        strs(&["e5e4", "e5e6", "e5d5", "e5f5"])
    );
}

#[test]
fn sy_08_chatelaine_is_rook_plus_diagonal_step() {
    // SY-08 (and it promotes no further)
    let g = symgi();
    let f = "8k/9/9/9/4+R4/9/9/9/K8[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e5"),
        strs(&[
            "e5e6", "e5e7", "e5e8", "e5e9", "e5e4", "e5e3", "e5e2", "e5e1", "e5d5", "e5c5", "e5b5",
            "e5a5", "e5f5", "e5g5", "e5h5", "e5i5", "e5d4", "e5d6", "e5f4", "e5f6"
        ])
    );
}

#[test]
fn sy_09_primate_is_bishop_plus_orthogonal_step() {
    // SY-09
    let g = symgi();
    let f = "9/8k/9/9/4+B4/9/K8/9/9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e5"),
        strs(&[
            "e5d4", "e5c3", "e5b2", "e5a1", "e5d6", "e5c7", "e5b8", "e5a9", "e5f4", "e5g3", "e5h2",
            "e5i1", "e5f6", "e5g7", "e5h8", "e5i9", "e5e4", "e5e6", "e5d5", "e5f5"
        ])
    );
}

/// The moves of a lone back-rank piece on e5 (kings on a1 and i9).
fn lone_on_e5(g: &varia::Game, sym: &str) -> Vec<String> {
    let f = fen(&[("a1", "K"), ("i9", "k"), ("e5", sym)], "", "w");
    moves_from(g, &f, "e5")
}

#[test]
fn sy_10_waffle_wazir_or_alfil() {
    // SY-10
    assert_eq!(
        lone_on_e5(&symgi(), "W"),
        strs(&[
            "e5e4", "e5e6", "e5d5", "e5f5", "e5c3", "e5c7", "e5g3", "e5g7"
        ])
    );
}

#[test]
fn sy_11_fezbaba_ferz_or_dabbaba() {
    // SY-11
    assert_eq!(
        lone_on_e5(&symgi(), "Z"),
        strs(&[
            "e5d4", "e5d6", "e5f4", "e5f6", "e5e3", "e5e7", "e5c5", "e5g5"
        ])
    );
}

#[test]
fn sy_12_warper_wazir_or_tripper() {
    // SY-12
    assert_eq!(
        lone_on_e5(&symgi(), "X"),
        strs(&[
            "e5e4", "e5e6", "e5d5", "e5f5", "e5b2", "e5b8", "e5h2", "e5h8"
        ])
    );
}

#[test]
fn sy_13_frog_ferz_or_trebuchet() {
    // SY-13
    assert_eq!(
        lone_on_e5(&symgi(), "F"),
        strs(&[
            "e5d4", "e5d6", "e5f4", "e5f6", "e5e2", "e5e8", "e5b5", "e5h5"
        ])
    );
}

#[test]
fn sy_14_tribune_dabbaba_or_tripper() {
    // SY-14
    assert_eq!(
        lone_on_e5(&symgi(), "T"),
        strs(&[
            "e5e3", "e5e7", "e5c5", "e5g5", "e5b2", "e5b8", "e5h2", "e5h8"
        ])
    );
}

#[test]
fn sy_15_newt_alfil_or_trebuchet() {
    // SY-15
    assert_eq!(
        lone_on_e5(&symgi(), "N"),
        strs(&[
            "e5c3", "e5c7", "e5g3", "e5g7", "e5e2", "e5e8", "e5b5", "e5h5"
        ])
    );
}

// ---------------------------------------------------------------------------------------------
// The three subvariants
// ---------------------------------------------------------------------------------------------

/// White Frog e5; a friend on e6 (path to e8), an enemy Point on e3 (path to e2, which is
/// empty), an enemy Point on c5 and an enemy Fezbaba on b5 (path and destination), h5 free.
const FROG: &str = "8k/9/9/4P4/1zp1F4/9/4p4/9/K8[] w - - 0 1";

#[test]
fn sy_16_sy_17_sy_18_one_position_three_subvariants() {
    // SY-16: stepping, any piece on a passed cell blocks.
    assert_eq!(
        moves_from(&variant("stepping"), FROG, "e5"),
        strs(&["e5d4", "e5d6", "e5f4", "e5f6", "e5h5"])
    );
    // SY-17: leaping, passed cells are ignored (b5 captured, e3 and c5 jumped over).
    assert_eq!(
        moves_from(&variant("leaping"), FROG, "e5"),
        strs(&[
            "e5d4", "e5d6", "e5f4", "e5f6", "e5e8", "e5e2", "e5b5", "e5h5"
        ])
    );
    // SY-18: displacer, the friend on e6 blocks; enemies passed are captured.
    assert_eq!(
        moves_from(&variant("displacer"), FROG, "e5"),
        strs(&["e5d4", "e5d6", "e5f4", "e5f6", "e5e2", "e5b5", "e5h5"])
    );
    // The main game steps.
    assert_eq!(
        moves_from(&symgi(), FROG, "e5"),
        moves_from(&variant("stepping"), FROG, "e5")
    );
}

#[test]
fn sy_18_displacer_captures_every_enemy_on_the_path() {
    // SY-18, SY-21, SY-27: the captives (a promoted Bishop among them) go to hand unpromoted.
    let g = variant("displacer");
    // To an empty cell: only the enemy passed (e3) is taken.
    assert_eq!(
        after(&g, FROG, &["e5e2"]),
        "8k/9/9/4P4/1zp6/9/9/4F4/K8[P] b - - 0 1"
    );
    // Passed enemy on c5 and the enemy on b5.
    assert_eq!(
        after(&g, FROG, &["e5b5"]),
        "8k/9/9/4P4/1F7/9/4p4/9/K8[PZ] b - - 0 1"
    );
    // Three at once: Point b5, Primate c5, Tribune d5.
    let f = "8k/9/9/9/Fp+bt5/9/9/9/8K[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "a5"),
        strs(&["a5b4", "a5b6", "a5a8", "a5a2", "a5d5"])
    );
    assert_eq!(
        after(&g, f, &["a5d5"]),
        "8k/9/9/9/3F5/9/9/9/8K[BPT] b - - 0 1"
    );
    // The same leap in the leaping game takes only the Tribune; stepping cannot make it.
    assert_eq!(
        after(&variant("leaping"), f, &["a5d5"]),
        "8k/9/9/9/1p+bF5/9/9/9/8K[T] b - - 0 1"
    );
    assert!(!legal(&variant("stepping"), f, "a5d5"));
}

#[test]
fn sy_18_sy_32_a_king_on_a_displacer_path_is_in_check() {
    // SY-18, SY-32: a displacing move would capture a King it passes, so that King is in check,
    // and it may not step onto a passed cell (b5) either. Not so in the other games.
    // Fails at the time of writing: varia's attack test looks at a displacer's destination only,
    // so it lets the King stand on a passed cell, and then generates a move that puts the King
    // into the opponent's hand (displacer, `9/9/9/9/F8/2k6/9/9/8K[] b`, c4c5 a5d5).
    let f = "9/9/9/9/F1k6/9/9/9/8K[] b - - 0 1";
    for v in ["stepping", "leaping"] {
        let g = variant(v);
        let p = g.parse_fen(f).unwrap();
        assert_eq!(g.status(&p), Status::Ongoing { in_check: false }, "{v}");
        assert_eq!(
            moves(&g, f),
            strs(&["c5b5", "c5c4", "c5c6", "c5d4", "c5d6"]),
            "{v}"
        );
    }
    let g = variant("displacer");
    let p = g.parse_fen(f).unwrap();
    assert_eq!(g.status(&p), Status::Ongoing { in_check: true });
    assert_eq!(moves(&g, f), strs(&["c5c4", "c5c6", "c5d4", "c5d6"]));
    // From a legal position without check: the King may not step onto b5 or c5 (passed by the
    // Frog's a5-d5 move), nor b4 (Ferz) or d5 (the Frog's destination).
    let f = "9/9/9/9/F8/2k6/9/9/8K[] b - - 0 1";
    assert_eq!(moves(&g, f), strs(&["c4b3", "c4c3", "c4d3", "c4d4"]));
}

/// For each back-rank type: a move from e5 whose first passed cell holds an enemy Point.
const PASSES: [(&str, &str, &str); 6] = [
    ("W", "f6", "g7"),
    ("Z", "e6", "e7"),
    ("X", "f6", "h8"),
    ("F", "e6", "e8"),
    ("T", "e6", "e7"),
    ("N", "e6", "e8"),
];

#[test]
fn sy_19_one_rule_for_all_six_back_rank_types() {
    // SY-19 (with SY-16, SY-17, SY-18): all six types follow their subvariant's rule.
    for (sym, via, to) in PASSES {
        let start = fen(
            &[("a1", "K"), ("i9", "k"), ("e5", sym), (via, "p")],
            "",
            "w",
        );
        let mv = format!("e5{to}");
        assert!(!legal(&variant("stepping"), &start, &mv), "stepping {sym}");
        assert_eq!(
            after(&variant("leaping"), &start, &[&mv]),
            format!(
                "{}[] b - - 1 1",
                board(&[("a1", "K"), ("i9", "k"), (to, sym), (via, "p")])
            ),
            "leaping {sym}"
        );
        assert_eq!(
            after(&variant("displacer"), &start, &[&mv]),
            format!(
                "{}[P] b - - 0 1",
                board(&[("a1", "K"), ("i9", "k"), (to, sym)])
            ),
            "displacer {sym}"
        );
    }
}

#[test]
fn sy_19_a_definition_may_mix_the_rules() {
    // SY-19: the rule is per type in the language; a user's own definition may mix them.
    let src = std::fs::read_to_string(format!("{}/{SYMGI}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let line = "style step for Waffle Fezbaba Warper Frog Tribune Newt";
    assert!(src.contains(line));
    let mixed = src.replacen(
        line,
        "style leap for Frog\nstyle displace for Newt\nstyle step for Waffle Fezbaba Warper Tribune",
        1,
    );
    let g = varia::load_str(&mixed, None).unwrap();
    let expect = [
        ("F", "leap"),
        ("N", "displace"),
        ("W", "step"),
        ("T", "step"),
    ];
    for (sym, how) in expect {
        let (_, via, to) = PASSES.iter().find(|p| p.0 == sym).unwrap();
        let start = fen(
            &[("a1", "K"), ("i9", "k"), ("e5", sym), (via, "p")],
            "",
            "w",
        );
        let mv = format!("e5{to}");
        match how {
            "step" => assert!(!legal(&g, &start, &mv), "{sym}"),
            "leap" => assert!(after(&g, &start, &[&mv]).contains("[] b"), "{sym}"),
            _ => assert!(after(&g, &start, &[&mv]).contains("[P] b"), "{sym}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// No double step, drops
// ---------------------------------------------------------------------------------------------

#[test]
fn sy_20_no_double_step_no_en_passant_no_castling() {
    // SY-20
    let g = symgi();
    // A Point on its start rank steps once; the FEN gets no en-passant cell.
    let f = "4k4/9/3p5/9/9/9/4P4/9/4K4[] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e3"), strs(&["e3e4"]));
    assert_eq!(
        after(&g, f, &["e3e4"]),
        "4k4/9/3p5/9/9/4P4/9/9/4K4[] b - - 1 1"
    );
    // King beside two unmoved Rooks on an empty first rank: single steps only.
    let f = "8k/9/9/9/9/9/9/9/R3K3R[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e1"),
        strs(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    for v in VARIANTS {
        assert!(variant(v).rules().castling.is_empty(), "{v}");
    }
}

#[test]
fn sy_21_captures_go_to_hand_and_a_drop_replaces_a_move() {
    // SY-21
    let g = symgi();
    let f = "4k4/9/9/9/4b4/9/9/9/4RK3[] w - - 0 1";
    assert_eq!(
        after(&g, f, &["e1e5"]),
        "4k4/9/9/9/4R4/9/9/9/5K3[B] b - - 0 1"
    );
    // A Rook in hand drops on any of the 79 empty cells, as White's whole turn.
    let f = "4k4/9/9/9/9/9/9/9/4K4[R] w - - 0 1";
    assert_eq!(drops(&g, f, "R"), expected_drops(f, "R", |_, _| true));
    assert_eq!(drops(&g, f, "R").len(), 79);
    assert_eq!(
        after(&g, f, &["R@e5"]),
        "4k4/9/9/9/4R4/9/9/9/4K4[] b - - 0 1"
    );
    // Black's hand (lower case), dropped with the upper-case letter.
    let f = "4k4/9/9/9/9/9/9/9/4K4[r] b - - 0 1";
    assert_eq!(drops(&g, f, "R").len(), 79);
    assert_eq!(
        after(&g, f, &["R@e5"]),
        "4k4/9/9/9/4r4/9/9/9/4K4[] w - - 0 2"
    );
    // Only onto empty cells.
    assert!(!legal(&g, f, "R@e1"));
}

#[test]
fn sy_22_waffle_newt_and_warper_frog_are_interchangeable_in_hand() {
    // SY-22
    let g = symgi();
    // White takes a Newt. The hand holds "a Waffle or Newt", which varia writes with the
    // group's first letter (W; X for Warper / Frog), also when the FEN says N or F.
    let f = "k8/9/9/9/4n4/9/9/9/4R3K[] w - - 0 1";
    let taken = after(&g, f, &["e1e5"]);
    assert_eq!(taken, "k8/9/9/9/4R4/9/9/9/8K[W] b - - 0 1");
    let p = g.parse_fen("k8/9/9/9/9/9/9/9/8K[NF] w - - 0 1").unwrap();
    assert_eq!(g.fen(&p), "k8/9/9/9/9/9/9/9/8K[WX] w - - 0 1");
    let f2 = after(&g, &taken, &["a9a8"]);
    // ...and may drop it as a Newt or as a Waffle, anywhere empty, but not as anything else.
    assert_eq!(drop_letters(&g, &f2), strs(&["N", "W"]));
    assert_eq!(drops(&g, &f2, "N"), expected_drops(&f2, "N", |_, _| true));
    assert_eq!(drops(&g, &f2, "W"), expected_drops(&f2, "W", |_, _| true));
    assert_eq!(
        after(&g, &f2, &["W@d4"]),
        "9/k8/9/9/4R4/3W5/9/9/8K[] b - - 0 2"
    );
    assert_eq!(
        after(&g, &f2, &["N@d4"]),
        "9/k8/9/9/4R4/3N5/9/9/8K[] b - - 0 2"
    );
    // A captured Waffle: the same two.
    let f = "k8/9/9/9/4w4/9/9/9/4R3K[] w - - 0 1";
    let f2 = after(&g, f, &["e1e5", "a9a8"]);
    assert_eq!(drop_letters(&g, &f2), strs(&["N", "W"]));
    // A captured Frog may come back as a Warper or a Frog.
    let f = "k8/9/9/9/4f4/9/9/9/4R3K[] w - - 0 1";
    let f2 = after(&g, f, &["e1e5", "a9a8"]);
    assert_eq!(drop_letters(&g, &f2), strs(&["F", "X"]));
    assert_eq!(
        after(&g, &f2, &["X@d4"]),
        "9/k8/9/9/4R4/3X5/9/9/8K[] b - - 0 2"
    );
    // And a Warper in hand given by the FEN.
    let f = "k8/9/9/9/9/9/9/9/8K[X] w - - 0 1";
    assert_eq!(drop_letters(&g, f), strs(&["F", "X"]));
    // SY-22 with SY-28: a Point may swap such a captive in as either type.
    let f = "k8/9/9/4P4/9/9/9/9/4K4[N] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e6"), strs(&["e6e7", "e6e7n", "e6e7w"]));
    let f = "k8/9/9/4P4/9/9/9/9/4K4[F] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e6"), strs(&["e6e7", "e6e7f", "e6e7x"]));
    assert_eq!(
        after(&g, f, &["e6e7f"]),
        "k8/9/4F4/9/9/9/9/9/4K4[P] b - - 0 1"
    );
}

#[test]
fn sy_23_sy_34_point_drops_one_per_file_never_on_the_far_rank() {
    // SY-23, SY-34: a white Point stands on file a (a Wazir on file b does not count).
    let g = symgi();
    let f = "4k4/9/9/2p6/1+P7/P8/9/9/4K4[Pp] w - - 0 1";
    let exp = expected_drops(f, "P", |file, rank| file != 0 && rank != 9);
    assert_eq!(exp.len(), 76 - 8 - 7);
    assert_eq!(drops(&g, f, "P"), exp);
    assert!(legal(&g, f, "P@b4"));
    // Black: its Point is on file c, its far rank is rank 1.
    let f = "4k4/9/9/2p6/1+P7/P8/9/9/4K4[Pp] b - - 0 1";
    assert_eq!(
        drops(&g, f, "P"),
        expected_drops(f, "P", |file, rank| file != 2 && rank != 1)
    );
}

#[test]
fn sy_34_only_the_point_is_ever_stuck() {
    // SY-34: other pieces may be dropped on the far rank.
    let g = symgi();
    let f = "4k4/9/9/9/9/9/9/9/4K4[RNp] w - - 0 1";
    assert_eq!(drops(&g, f, "R"), expected_drops(f, "R", |_, _| true));
    assert_eq!(drops(&g, f, "N"), expected_drops(f, "N", |_, _| true));
    let f = "4k4/9/9/9/9/9/9/9/4K4[RNp] b - - 0 1";
    assert_eq!(
        drops(&g, f, "P"),
        expected_drops(f, "P", |_, rank| rank != 1)
    );
    assert_eq!(drops(&g, f, "P").len(), 71);
}

#[test]
fn sy_24_one_fezbaba_and_one_tribune_per_colour() {
    // SY-24: a Fezbaba on c1 (colour 1) and a Tribune on f1 (colour 0) already stand.
    let g = symgi();
    let f = "4k4/9/9/9/9/9/9/9/2Z1KT3[ZT] w - - 0 1";
    assert_eq!(colour(2, 1), 1);
    assert_eq!(colour(5, 1), 0);
    assert_eq!(
        drops(&g, f, "Z"),
        expected_drops(f, "Z", |x, r| colour(x, r) == 0)
    );
    assert_eq!(
        drops(&g, f, "T"),
        expected_drops(f, "T", |x, r| colour(x, r) == 1)
    );
    // With none on the board, both colours; after one drop, only the other colour.
    let f = "4k4/9/9/9/9/9/9/9/4K4[TT] w - - 0 1";
    assert_eq!(drops(&g, f, "T"), expected_drops(f, "T", |_, _| true));
    let f2 = after(&g, f, &["T@e5", "e9d9"]);
    assert_eq!(f2, "3k5/9/9/9/4T4/9/9/9/4K4[T] w - - 1 2");
    assert_eq!(
        drops(&g, &f2, "T"),
        expected_drops(&f2, "T", |x, r| colour(x, r) == 0)
    );
}

#[test]
fn sy_24_a_captured_bishop_not_on_its_own_bishops_colour() {
    // SY-24: the own Bishop on b2 (colour 1); a Primate is not bound and does not count.
    let g = symgi();
    let f = "4k4/9/9/9/9/9/9/1B7/4K4[B] w - - 0 1";
    assert_eq!(
        drops(&g, f, "B"),
        expected_drops(f, "B", |x, r| colour(x, r) == 0)
    );
    let f = "4k4/9/9/9/9/9/9/1+B7/4K4[B] w - - 0 1";
    assert_eq!(drops(&g, f, "B"), expected_drops(f, "B", |_, _| true));
}

#[test]
fn sy_24_sy_28_no_swap_for_a_second_fezbaba_on_one_colour() {
    // SY-24, SY-28: Fezbaba on c1 (colour 1); e7 has colour 1, d7 colour 0.
    let g = symgi();
    let f = "k8/9/9/3PP4/9/9/9/9/2Z1K4[Z] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e6"), strs(&["e6e7"]));
    assert_eq!(moves_from(&g, f, "d6"), strs(&["d6d7", "d6d7z"]));
}

#[test]
fn sy_24_sy_29_sy_30_a_swap_that_breaks_a_limit_is_not_available() {
    // SY-24 with SY-29: the only stronger captive is a Fezbaba that may not stand on e9's colour
    // (a Fezbaba on c1, both colour 1): per the definition's decision the Point flips instead.
    let g = symgi();
    let f = "9/4P4/k8/9/9/9/9/9/2Z1K4[Z] w - - 0 1";
    assert_eq!(colour(4, 9), 1);
    assert_eq!(moves_from(&g, f, "e8"), strs(&["e8e9+"]));
    // SY-24 with SY-30 and SY-23: a Wazir stepping to e3 (colour 1) can neither swap for the
    // Fezbaba nor flip back beside the Point on e6, so that step is illegal.
    let f = "k8/9/9/4P4/9/4+P4/9/9/2Z1K4[Z] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e4"), strs(&["e4e5", "e4d4", "e4f4"]));
    // To d4/f4 nothing happens; to d3 (colour 0) the swap would be available:
    let f = "k8/9/9/4P4/9/3+P5/9/9/2Z1K4[Z] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "d4"),
        strs(&["d4c4", "d4d5", "d4d3z", "d4e4"])
    );
}

#[test]
fn sy_25_back_rank_pieces_never_promote_nor_swap() {
    // SY-25: in the camp, with a Rook in hand.
    let g = symgi();
    let f = "k8/9/4W4/9/9/9/9/9/4K4[R] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e7"),
        strs(&[
            "e7e6", "e7e8", "e7d7", "e7f7", "e7c5", "e7c9", "e7g5", "e7g9"
        ])
    );
    for sym in ["W", "Z", "X", "F", "T", "N"] {
        let f = fen(&[("e1", "K"), ("a9", "k"), ("e7", sym)], "R", "w");
        let m = moves_from(&g, &f, "e7");
        assert!(!m.is_empty(), "{sym}");
        assert!(m.iter().all(|s| s.len() == 4), "{sym}: {m:?}");
    }
}

#[test]
fn sy_26_rook_and_bishop_promote_optionally_starting_or_ending_in_the_camp() {
    // SY-26
    let g = symgi();
    // Ending in the camp (b7, b8): optional; on rank 6: not at all.
    let f = "8k/1p7/9/PR1p5/1P7/9/9/9/4K4[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "b6"),
        strs(&["b6b7", "b6b7+", "b6b8", "b6b8+", "b6c6", "b6d6"])
    );
    // Starting in the camp: every move may promote, also one leaving it.
    let f = "8k/9/2B6/9/4P4/9/9/9/K8[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "c7"),
        strs(&[
            "c7b8", "c7b8+", "c7a9", "c7a9+", "c7d8", "c7d8+", "c7e9", "c7e9+", "c7b6", "c7b6+",
            "c7a5", "c7a5+", "c7d6", "c7d6+"
        ])
    );
    assert_eq!(
        after(&g, f, &["c7d6+"]),
        "8k/9/9/3+B5/4P4/9/9/9/K8[] b - - 0 1"
    );
    // Black's camp is ranks 1-3.
    let f = "4k4/9/9/9/9/4r4/9/9/K8[] b - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e4"),
        strs(&[
            "e4e5", "e4e6", "e4e7", "e4e8", "e4e3", "e4e3+", "e4e2", "e4e2+", "e4e1", "e4e1+",
            "e4d4", "e4c4", "e4b4", "e4a4", "e4f4", "e4g4", "e4h4", "e4i4"
        ])
    );
}

#[test]
fn sy_27_promoted_pieces_return_unpromoted() {
    // SY-27
    let g = symgi();
    assert_eq!(
        after(&g, "k8/9/9/9/4+r4/9/9/9/K3R4[] w - - 0 1", &["e1e5"]),
        "k8/9/9/9/4R4/9/9/9/K8[R] b - - 0 1"
    );
    assert_eq!(
        after(&g, "k8/9/9/9/4+b4/9/9/9/1K2R4[] w - - 0 1", &["e1e5"]),
        "k8/9/9/9/4R4/9/9/9/1K7[B] b - - 0 1"
    );
    assert_eq!(
        after(&g, "k8/9/9/9/4+p4/9/9/9/K3R4[] w - - 0 1", &["e1e5"]),
        "k8/9/9/9/4R4/9/9/9/K8[P] b - - 0 1"
    );
    // Black takes a Wazir: a Point in Black's hand, dropped as a Point.
    let f = after(&g, "k3r4/9/9/9/4+P4/9/9/9/K8[] b - - 0 1", &["e9e5"]);
    assert_eq!(f, "k8/9/9/9/4r4/9/9/9/K8[p] w - - 0 2");
    let f = after(&g, &f, &["a1b1"]);
    assert_eq!(drop_letters(&g, &f), strs(&["P"]));
}

// ---------------------------------------------------------------------------------------------
// Swap promotion of the Point
// ---------------------------------------------------------------------------------------------

#[test]
fn sy_28_point_may_swap_for_a_stronger_captive_in_the_camp() {
    // SY-28
    let g = symgi();
    let base = "k8/9/9/4P4/9/9/9/9/4K4";
    let at = |hand: &str| format!("{base}[{hand}] w - - 0 1");
    // No captive, or only a Point (not stronger): the plain step.
    assert_eq!(moves_from(&g, &at(""), "e6"), strs(&["e6e7"]));
    assert_eq!(moves_from(&g, &at("P"), "e6"), strs(&["e6e7"]));
    // Black's captives are not White's.
    assert_eq!(moves_from(&g, &at("r"), "e6"), strs(&["e6e7"]));
    // Optional: the plain step, or one swap per stronger type held.
    assert_eq!(moves_from(&g, &at("RP"), "e6"), strs(&["e6e7", "e6e7r"]));
    assert_eq!(
        moves_from(&g, &at("RBZT"), "e6"),
        strs(&["e6e7", "e6e7r", "e6e7b", "e6e7z", "e6e7t"])
    );
    // Also on a move inside the camp, and on a capture there.
    let f = "k8/4p4/4P4/9/9/9/9/9/4K4[R] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e7"), strs(&["e7e8", "e7e8r"]));
    assert_eq!(
        after(&g, f, &["e7e8r"]),
        "k8/4R4/9/9/9/9/9/9/4K4[PP] b - - 0 1"
    );
    // Not outside the camp.
    let f = "k8/9/9/9/4P4/9/9/9/4K4[R] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e5"), strs(&["e5e6"]));
}

#[test]
fn sy_28_sy_31_sy_33_swap_is_permanent_enters_unpromoted_point_to_hand() {
    // SY-28, SY-31, SY-33
    let g = symgi();
    let f = "k3z4/9/9/4P4/9/9/9/9/4K4[R] w - - 0 1";
    // SY-33: the swapped-out Point goes to White's hand; SY-31: the Rook is unpromoted.
    let swapped = after(&g, f, &["e6e7r"]);
    assert_eq!(swapped, "k3z4/9/4R4/9/9/9/9/9/4K4[P] b - - 0 1");
    // SY-28: captured later, it is a Rook in Black's hand, not a Point.
    assert_eq!(
        after(&g, &swapped, &["e9e7"]),
        "k8/9/4z4/9/9/9/9/9/4K4[Pr] w - - 0 2"
    );
    // SY-31: the swapped-in Rook may promote on its next move (it starts in the camp); the
    // Point in hand may be dropped (SY-33).
    let next = after(&g, &swapped, &["a9a8"]);
    let mut exp = Vec::new();
    for to in [
        "a7", "b7", "c7", "d7", "f7", "g7", "h7", "i7", "e8", "e9", "e6", "e5", "e4", "e3", "e2",
    ] {
        exp.push(format!("e7{to}"));
        exp.push(format!("e7{to}+"));
    }
    let exp_refs: Vec<&str> = exp.iter().map(|s| s.as_str()).collect();
    assert_eq!(moves_from(&g, &next, "e7"), strs(&exp_refs));
    assert_eq!(
        drops(&g, &next, "P"),
        expected_drops(&next, "P", |_, rank| rank != 9)
    );
}

#[test]
fn sy_29_far_rank_swap_is_compulsory_else_flip_to_wazir() {
    // SY-29
    let g = symgi();
    let base = "9/4P4/k8/9/9/9/9/9/4K4";
    let at = |hand: &str| format!("{base}[{hand}] w - - 0 1");
    // Stronger captives held: only the swaps.
    assert_eq!(moves_from(&g, &at("RBP"), "e8"), strs(&["e8e9r", "e8e9b"]));
    assert_eq!(
        after(&g, &at("RBP"), &["e8e9b"]),
        "4B4/9/k8/9/9/9/9/9/4K4[RPP] b - - 0 1"
    );
    // None: the flip to a Wazir, written `+`.
    assert_eq!(moves_from(&g, &at(""), "e8"), strs(&["e8e9+"]));
    assert_eq!(moves_from(&g, &at("P"), "e8"), strs(&["e8e9+"]));
    assert_eq!(
        after(&g, &at("P"), &["e8e9+"]),
        "4+P4/9/k8/9/9/9/9/9/4K4[P] b - - 0 1"
    );
    // Black's far rank is rank 1.
    let f = "4k4/9/9/9/9/9/9/4p4/K8[r] b - - 0 1";
    assert_eq!(moves_from(&g, f, "e2"), strs(&["e2e1r"]));
    let f = "4k4/9/9/9/9/9/9/4p4/K8[R] b - - 0 1";
    assert_eq!(moves_from(&g, f, "e2"), strs(&["e2e1+"]));
}

#[test]
fn sy_30_wazir_in_its_own_camp_swaps_or_flips_back() {
    // SY-30 (with SY-23)
    let g = symgi();
    // No captive, no Point on file e: the step into the camp flips it back to a Point.
    let f = "k8/9/9/9/9/4+P4/9/9/4K4[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e4"),
        strs(&["e4e5", "e4d4", "e4f4", "e4e3-"])
    );
    assert_eq!(
        after(&g, f, &["e4e3+"]),
        "k8/9/9/9/9/9/4P4/9/4K4[] b - - 0 1"
    );
    // A Point already on file e: the flip, and so the step, is illegal (SY-23).
    let f = "k8/9/9/4P4/9/4+P4/9/9/4K4[] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e4"), strs(&["e4e5", "e4d4", "e4f4"]));
    // A Point in hand is not stronger than a Wazir: still illegal.
    let f = "k8/9/9/4P4/9/4+P4/9/9/4K4[P] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e4"), strs(&["e4e5", "e4d4", "e4f4"]));
    // A stronger captive: the swap is compulsory, so legal despite the Point on the file; the
    // Wazir goes to hand as a Point.
    let f = "k8/9/9/4P4/9/4+P4/9/9/4K4[R] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e4"),
        strs(&["e4e5", "e4d4", "e4f4", "e4e3r"])
    );
    assert_eq!(
        after(&g, f, &["e4e3r"]),
        "k8/9/9/4P4/9/9/4R4/9/4K4[P] b - - 0 1"
    );
    // A move starting inside the camp and ending there flips too; leaving it does not.
    let f = "k8/9/9/4P4/9/9/4+P4/9/4K4[] w - - 0 1";
    assert_eq!(moves_from(&g, f, "e3"), strs(&["e3d3-", "e3e4", "e3f3-"]));
    // Black's own camp is ranks 7-9.
    let f = "4k4/9/9/4+p4/9/9/9/9/K8[] b - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e6"),
        strs(&["e6e5", "e6d6", "e6f6", "e6e7-"])
    );
}

// ---------------------------------------------------------------------------------------------
// Check, mate, stalemate
// ---------------------------------------------------------------------------------------------

#[test]
fn sy_32_check_checkmate_and_stalemate() {
    // SY-32
    let g = symgi();
    // Mate: the Chatelaine on b8, guarded by the King on c7.
    let p = g.parse_fen("k8/1+R7/2K6/9/9/9/9/9/9[] b - - 0 1").unwrap();
    assert_eq!(
        g.status(&p),
        Status::Over(varia::Ending {
            reason: varia::Reason::Checkmate,
            outcome: Outcome::Loss,
            winner: Some(varia::rules::PlayerId(0))
        })
    );
    // Rook check along the a-file: mate with an empty hand...
    let f = "k8/2K6/9/9/9/9/9/9/R8[] b - - 0 1";
    let p = g.parse_fen(f).unwrap();
    assert!(matches!(
        g.status(&p),
        Status::Over(varia::Ending {
            reason: varia::Reason::Checkmate,
            ..
        })
    ));
    // ...but a Point in hand interposes (not on rank 1, its far rank).
    let f = "k8/2K6/9/9/9/9/9/9/R8[p] b - - 0 1";
    let p = g.parse_fen(f).unwrap();
    assert_eq!(g.status(&p), Status::Ongoing { in_check: true });
    assert_eq!(
        moves(&g, f),
        strs(&["P@a2", "P@a3", "P@a4", "P@a5", "P@a6", "P@a7", "P@a8"])
    );
    // Stalemate is a draw.
    let p = g.parse_fen("k8/8R/9/9/9/9/9/9/1R2K4[] b - - 0 1").unwrap();
    assert_eq!(
        g.status(&p),
        Status::Over(varia::Ending {
            reason: varia::Reason::Stalemate,
            outcome: Outcome::Draw,
            winner: None
        })
    );
}
