//! Scenario tests of Hoo Mitregi (definitions/hoo-mitregi.varia), one or more per rule of the HM
//! section of ../shared/seeds/RULES.md (HM-01 .. HM-22). Each expected answer was worked out by
//! hand from the rules page before running varia.
//!
//! White moves north and promotes in ranks 6-9; Black moves south and promotes in ranks 1-4. Cell
//! parity below is (file + rank) with a1 = (0, 0): a1 is an "even" cell.

mod common;
use common::*;
use varia::Status;
use varia::rules::Outcome;

const HM: &str = "definitions/hoo-mitregi.varia";

fn leaping() -> varia::Game {
    load(HM, None)
}

fn stepping() -> varia::Game {
    load(HM, Some("stepping"))
}

/// The four part-symmetric choices of a forward-only piece's promotion, after a plain move text.
fn choices(m: &str) -> Vec<String> {
    ["d", "e", "g", "s"]
        .iter()
        .map(|c| format!("{m}{c}"))
        .collect()
}

/// A plain move and its four promotion choices (optional promotion of a forward-only piece).
fn optional(m: &str) -> Vec<String> {
    let mut v = choices(m);
    v.push(m.to_string());
    v
}

/// Builds a sorted expected list from plain strings and generated groups.
fn list(groups: &[Vec<String>]) -> Vec<String> {
    let mut v: Vec<String> = groups.iter().flatten().cloned().collect();
    v.sort();
    v
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

fn cell(f: usize, r: usize) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// Drops of `letter` onto every cell with rank (1-based) in `ranks` that satisfies `keep`, except
/// the `occupied` cells.
fn drops(
    letter: &str,
    ranks: std::ops::RangeInclusive<usize>,
    occupied: &[&str],
    keep: impl Fn(usize, usize) -> bool,
) -> Vec<String> {
    let mut v = Vec::new();
    for r in ranks {
        for f in 0..10 {
            let c = cell(f, r - 1);
            if occupied.contains(&c.as_str()) || !keep(f, r - 1) {
                continue;
            }
            v.push(format!("{letter}@{c}"));
        }
    }
    v.sort();
    v
}

fn drops_of(g: &varia::Game, fen: &str, letter: &str) -> Vec<String> {
    moves_from(g, fen, &format!("{letter}@"))
}

// ---------------------------------------------------------------------------------------------
// HM-01: 10 files x 9 ranks; camps are ranks 1-4 and 6-9.

#[test]
fn hm01_board_is_ten_files_by_nine_ranks() {
    let g = leaping();
    // A rook in the middle reaches j5 (ten files) and e9 (nine ranks, no e10); it may promote
    // only where it ends in ranks 6-9.
    let fen = "9k/10/10/10/4R5/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e5"),
        strs(&[
            "e5a5", "e5b5", "e5c5", "e5d5", "e5f5", "e5g5", "e5h5", "e5i5", "e5j5", "e5e1", "e5e2",
            "e5e3", "e5e4", "e5e6", "e5e6+", "e5e7", "e5e7+", "e5e8", "e5e8+", "e5e9", "e5e9+",
        ])
    );
    assert!(
        g.parse_fen("9k/10/10/10/10/10/10/10/10/K9[] w - - 0 1")
            .is_err()
    );
    assert!(
        g.parse_fen("10k/10/10/10/10/10/10/10/K9[] w - - 0 1")
            .is_err()
    );
}

#[test]
fn hm01_hm17_camps_are_four_ranks_deep() {
    let g = leaping();
    // White: rank 5 is neutral, rank 6 is the first rank of the enemy camp.
    let fen = "9k/10/10/10/10/4P5/10/10/K9[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e4"), strs(&["e4e5"]));
    let fen = "9k/10/10/10/4P5/10/10/10/K9[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e5"), list(&[optional("e5e6")]));
    // Black: rank 5 is neutral, rank 4 is the first rank of White's camp.
    let fen = "9k/10/10/4p5/10/10/10/10/K9[] b - - 0 1";
    assert_eq!(moves_from(&g, fen, "e6"), strs(&["e6e5"]));
    let fen = "9k/10/10/10/4p5/10/10/10/K9[] b - - 0 1";
    assert_eq!(moves_from(&g, fen, "e5"), list(&[optional("e5e4")]));
}

// ---------------------------------------------------------------------------------------------
// HM-02: the starting array.

const START: &str =
    "whmekgeyhw/bbcsddsnr1/ppxxppxxpp/10/10/10/PPXXPPXXPP/1RNSDDSCBB/WHYEGKEMHW[] w - - 0 1";

#[test]
fn hm02_start_position_is_the_reconstructed_array() {
    for g in [leaping(), stepping()] {
        let pos = g.start();
        // rank 1: Wing, Helm, Hump, Silverelephant, Goldtusk, King, Silverelephant, Mitre, Helm,
        // Wing; rank 2: -, Rook, Knight, Silverdabchick, Golddabbaba x2, Silverdabchick, Camel,
        // Bishop x2; rank 3: Points on a b e f i j, Crosses on c d g h; Black rotated 180 degrees.
        assert_eq!(g.fen(&pos), START);
    }
}

#[test]
fn hm02_hm14_start_position_moves_by_hand() {
    // Leaping: 6 Point steps, 8 Cross steps, a1a2, Hump c1b4 c1d4, Rook b2a2, Knight c2b4 c2d4,
    // the four two-step forward leaps d2d4 e2e4 f2f4 g2g4 over the third rank, Camel h2g5 h2i5.
    let g = leaping();
    let m = moves(&g, START);
    assert_eq!(
        m,
        strs(&[
            "a3a4", "b3b4", "e3e4", "f3f4", "i3i4", "j3j4", "c3b4", "c3d4", "d3c4", "d3e4", "g3f4",
            "g3h4", "h3g4", "h3i4", "a1a2", "c1b4", "c1d4", "b2a2", "c2b4", "c2d4", "d2d4", "e2e4",
            "f2f4", "g2g4", "h2g5", "h2i5",
        ])
    );
    // Stepping: the four two-step moves are blocked by the third rank.
    let g = stepping();
    let m = moves(&g, START);
    assert_eq!(m.len(), 22);
    for blocked in ["d2d4", "e2e4", "f2f4", "g2g4"] {
        assert!(!m.contains(&blocked.to_string()), "{blocked}");
    }
}

#[test]
fn hm02_hm14_start_perft_snapshot() {
    let mut table = String::from("variant   depth  nodes\n");
    let mut d12 = Vec::new();
    for (name, g) in [("leaping", leaping()), ("stepping", stepping())] {
        let pos = g.start();
        for depth in 1..=3 {
            let n = g.perft(&pos, depth).unwrap();
            if depth <= 2 {
                d12.push(n);
            }
            table += &format!("{name:<9} {depth:>5}  {n}\n");
        }
    }
    // By hand: no first move of either side touches the other's first moves.
    assert_eq!(d12, vec![26, 676, 22, 484]);
    insta::assert_snapshot!("hoo_mitregi_start_perft", table);
}

// ---------------------------------------------------------------------------------------------
// HM-03: the King.

#[test]
fn hm03_king_steps_and_never_promotes() {
    let g = leaping();
    let fen = "9k/10/10/10/4K5/10/10/10/10[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e5"),
        strs(&[
            "e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"
        ])
    );
}

#[test]
fn hm03_king_may_not_be_left_in_check() {
    let g = leaping();
    // A black rook on d9 covers the d file.
    let fen = "3r5k/10/10/10/4K5/10/10/10/10[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e5"),
        strs(&["e5e4", "e5e6", "e5f4", "e5f5", "e5f6"])
    );
    // A rook pinned on the e file stays on it (and may still promote in the camp).
    let fen = "9k/4r5/10/10/10/10/4R5/10/4K5[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e3"),
        strs(&[
            "e3e2", "e3e4", "e3e5", "e3e6", "e3e6+", "e3e7", "e3e7+", "e3e8", "e3e8+"
        ])
    );
}

// ---------------------------------------------------------------------------------------------
// HM-04: Rook and Wing.

#[test]
fn hm04_rook_is_blocked() {
    let g = leaping();
    // Own Point e6 stops it; a black Point on b4 is taken and stops it.
    let fen = "9k/10/10/4P5/10/1p2R5/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e4"),
        strs(&[
            "e4e5", "e4e3", "e4e2", "e4e1", "e4d4", "e4c4", "e4b4", "e4f4", "e4g4", "e4h4", "e4i4",
            "e4j4",
        ])
    );
}

#[test]
fn hm04_wing_is_a_forward_only_rook() {
    let g = leaping();
    // Only forward, up to and including the black Cross on c7.
    let fen = "9k/10/2x7/10/10/10/10/2W7/9K[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "c2"),
        list(&[
            s(&["c2c3", "c2c4", "c2c5"]),
            optional("c2c6"),
            optional("c2c7")
        ])
    );
    // Black's Wing goes south.
    let fen = "9k/10/2w7/10/10/2P7/10/10/K9[] b - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "c7"),
        list(&[s(&["c7c6", "c7c5"]), optional("c7c4")])
    );
}

// ---------------------------------------------------------------------------------------------
// HM-05: Bishop and Mitre.

#[test]
fn hm05_bishop_rides_diagonals() {
    let g = leaping();
    let fen = "k9/10/10/10/10/4B5/10/10/9K[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e4"),
        strs(&[
            "e4f5", "e4g6", "e4g6+", "e4h7", "e4h7+", "e4i8", "e4i8+", "e4j9", "e4j9+", "e4d5",
            "e4c6", "e4c6+", "e4b7", "e4b7+", "e4a8", "e4a8+", "e4f3", "e4g2", "e4h1", "e4d3",
            "e4c2", "e4b1",
        ])
    );
}

#[test]
fn hm05_mitre_is_a_forward_only_bishop_and_is_blocked() {
    let g = leaping();
    // Own Point f5 blocks the right diagonal; the black Point a6 is taken.
    let fen = "9k/10/10/p9/5P4/10/3M6/10/9K[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "d3"),
        list(&[s(&["d3e4", "d3c4", "d3b5"]), optional("d3a6")])
    );
}

// ---------------------------------------------------------------------------------------------
// HM-06: Knight and Helm, never blocked (in both subvariants).

#[test]
fn hm06_knight_leaps_over_a_ring() {
    for g in [leaping(), stepping()] {
        let fen = "9k/10/10/10/3PPP4/3XNX4/3XXX4/10/K9[] w - - 0 1";
        assert_eq!(
            moves_from(&g, fen, "e4"),
            strs(&[
                "e4c3", "e4c5", "e4d2", "e4d6", "e4d6u", "e4f2", "e4f6", "e4f6u", "e4g3", "e4g5"
            ])
        );
    }
}

#[test]
fn hm06_helm_has_the_two_forwardmost_knight_leaps() {
    for g in [leaping(), stepping()] {
        let fen = "9k/10/10/10/3PPP4/3XHX4/3XXX4/10/K9[] w - - 0 1";
        assert_eq!(
            moves_from(&g, fen, "e4"),
            list(&[optional("e4d6"), optional("e4f6")])
        );
        // Black's Helm leaps south.
        let fen = "9k/10/10/4h5/10/10/10/10/K9[] b - - 0 1";
        assert_eq!(
            moves_from(&g, fen, "e6"),
            list(&[optional("e6d4"), optional("e6f4")])
        );
    }
}

// ---------------------------------------------------------------------------------------------
// HM-07: Camel and Hump.

#[test]
fn hm07_camel_leaps_three_one() {
    for g in [leaping(), stepping()] {
        // Own King on f1 is not a target; the black Point on h5 is taken.
        let fen = "9k/10/10/10/3PPP1p2/3XCX4/3XXX4/10/5K4[] w - - 0 1";
        assert_eq!(
            moves_from(&g, fen, "e4"),
            strs(&[
                "e4b3", "e4b5", "e4d1", "e4d7", "e4d7u", "e4f7", "e4f7u", "e4h3", "e4h5"
            ])
        );
    }
}

#[test]
fn hm07_hump_has_the_two_forwardmost_camel_leaps() {
    for g in [leaping(), stepping()] {
        let fen = "9k/10/10/10/10/10/10/4Y5/K9[] w - - 0 1";
        assert_eq!(moves_from(&g, fen, "e2"), strs(&["e2d5", "e2f5"]));
        // Over a ring, into the camp (rank 6: it could still move, so promotion is optional).
        let fen = "9k/10/10/10/10/3PPP4/3XYX4/3XXX4/K9[] w - - 0 1";
        assert_eq!(
            moves_from(&g, fen, "e3"),
            list(&[optional("e3d6"), optional("e3f6")])
        );
    }
}

// ---------------------------------------------------------------------------------------------
// HM-08: Point.

#[test]
fn hm08_point_steps_straight_forward_only() {
    let g = leaping();
    // No diagonal capture.
    let fen = "9k/10/10/10/3x1x4/4P5/10/10/K9[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e4"), strs(&["e4e5"]));
    // It captures straight ahead.
    let fen = "9k/10/10/10/4p5/4P5/10/10/K9[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e4"), strs(&["e4e5"]));
    assert_eq!(
        after(&g, fen, &["e4e5"]),
        "9k/10/10/10/4P5/10/10/10/K9[P] b - - 0 1"
    );
    // Blocked by its own piece.
    let fen = "9k/10/10/10/4X5/4P5/10/10/K9[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e4"), strs(&[]));
}

// ---------------------------------------------------------------------------------------------
// HM-09: Cross.

#[test]
fn hm09_cross_steps_diagonally_forward() {
    let g = leaping();
    let fen = "9k/10/10/10/10/X3X5/10/10/9K[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e4"), strs(&["e4d5", "e4f5"]));
    assert_eq!(moves_from(&g, fen, "a4"), strs(&["a4b5"]));
    // Blocked by its own Point on d5, takes the black Point on f5.
    let fen = "9k/10/10/10/3P1p4/4X5/10/10/K9[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e4"), strs(&["e4f5"]));
    // Black's Cross goes south.
    let fen = "9k/10/10/4x5/10/10/10/10/K9[] b - - 0 1";
    assert_eq!(moves_from(&g, fen, "e6"), strs(&["e6d5", "e6f5"]));
}

// ---------------------------------------------------------------------------------------------
// HM-10 .. HM-13: the part-symmetric pieces (they never promote, HM-18).

fn lone_white(sym: &str) -> String {
    format!("9k/10/10/10/10/4{sym}5/10/10/K9[] w - - 0 1")
}

fn lone_black(sym: &str) -> String {
    format!("9k/10/10/4{sym}5/10/10/10/10/K9[] b - - 0 1")
}

#[test]
fn hm10_goldtusk_wazir_and_forward_alfil() {
    let g = leaping();
    assert_eq!(
        moves_from(&g, &lone_white("G"), "e4"),
        strs(&["e4c6", "e4d4", "e4e3", "e4e5", "e4f4", "e4g6"])
    );
    assert_eq!(
        moves_from(&g, &lone_black("g"), "e6"),
        strs(&["e6c4", "e6d6", "e6e5", "e6e7", "e6f6", "e6g4"])
    );
}

#[test]
fn hm11_silverdabchick_ferz_and_forward_dabbaba() {
    // HM-11: the Silverdabchick steps one cell diagonally, or exactly two cells straight forward
    // (never one, never backwards or sideways), for either colour.
    let g = leaping();
    assert_eq!(
        moves_from(&g, &lone_white("S"), "e4"),
        strs(&["e4d3", "e4d5", "e4e6", "e4f3", "e4f5"])
    );
    assert_eq!(
        moves_from(&g, &lone_black("s"), "e6"),
        strs(&["e6d5", "e6d7", "e6e4", "e6f5", "e6f7"])
    );
    // HM-11, HM-14: it captures on e6 over an enemy on e5 when leaping; stepping, the enemy on
    // the halfway cell blocks the two-step (the diagonal capture of d5 stays); a friend on e6
    // blocks the landing.
    let f = "9k/10/10/4n5/3pp5/4S5/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e4"),
        strs(&["e4d3", "e4d5", "e4e6", "e4f3", "e4f5"])
    );
    assert_eq!(
        moves_from(&stepping(), f, "e4"),
        strs(&["e4d3", "e4d5", "e4f3", "e4f5"])
    );
    let f = "9k/10/10/4P5/10/4S5/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e4"),
        strs(&["e4d3", "e4d5", "e4f3", "e4f5"])
    );
    assert_eq!(
        after(&g, "9k/10/10/4n5/3pp5/4S5/10/10/K9[] w - - 0 1", &["e4e6"]),
        "9k/10/10/4S5/3pp5/10/10/10/K9[N] b - - 0 1"
    );
}

#[test]
fn hm12_golddabbaba_dabbaba_and_forward_ferz() {
    // HM-12: the Golddabbaba moves exactly two cells orthogonally in any direction, or one cell
    // diagonally forward, for either colour.
    let g = leaping();
    assert_eq!(
        moves_from(&g, &lone_white("D"), "e4"),
        strs(&["e4c4", "e4d5", "e4e2", "e4e6", "e4f5", "e4g4"])
    );
    assert_eq!(
        moves_from(&g, &lone_black("d"), "e6"),
        strs(&["e6c6", "e6d5", "e6e4", "e6e8", "e6f5", "e6g6"])
    );
    // HM-12, HM-14: with a piece on each halfway cell, leaping jumps them all; stepping is
    // blocked on each (the forward diagonals stay).
    let f = "9k/10/10/10/3PPP4/3pDp4/4p5/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e4"),
        strs(&["e4c4", "e4e2", "e4e6", "e4g4"])
    );
    assert_eq!(moves_from(&stepping(), f, "e4"), strs(&[]));
    let f = "9k/10/10/10/10/3pDp4/4p5/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, f, "e4"),
        strs(&["e4c4", "e4d5", "e4e2", "e4e6", "e4f5", "e4g4"])
    );
    assert_eq!(
        moves_from(&stepping(), f, "e4"),
        strs(&["e4d5", "e4e6", "e4f5"])
    );
}

#[test]
fn hm13_silverelephant_alfil_and_forward_wazir() {
    let g = leaping();
    assert_eq!(
        moves_from(&g, &lone_white("E"), "e4"),
        strs(&["e4c2", "e4c6", "e4e5", "e4g2", "e4g6"])
    );
    assert_eq!(
        moves_from(&g, &lone_black("e"), "e6"),
        strs(&["e6c4", "e6c8", "e6e5", "e6g4", "e6g8"])
    );
}

// ---------------------------------------------------------------------------------------------
// HM-14: leaping vs stepping, one position with a piece on each halfway cell.

// Goldtusk b2 (c3 own Point halfway to d4), Silverdabchick e2 (black Point e3 halfway to e4),
// Golddabbaba h4 (own Point h5 halfway to h6), Silverelephant c6 (black Cross d7 halfway to e8).
const HALFWAY: &str = "k9/10/3x6/2E7/7P2/7D2/2P1p5/1G2S5/9K[] w - - 0 1";

#[test]
fn hm14_leaping_jumps_the_halfway_cell() {
    let g = leaping();
    assert_eq!(
        moves_from(&g, HALFWAY, "b2"),
        strs(&["b2a2", "b2b1", "b2b3", "b2c2", "b2d4"])
    );
    assert_eq!(
        moves_from(&g, HALFWAY, "e2"),
        strs(&["e2d1", "e2d3", "e2e4", "e2f1", "e2f3"])
    );
    assert_eq!(
        moves_from(&g, HALFWAY, "h4"),
        strs(&["h4f4", "h4g5", "h4h2", "h4h6", "h4i5", "h4j4"])
    );
    assert_eq!(
        moves_from(&g, HALFWAY, "c6"),
        strs(&["c6a4", "c6a8", "c6c7", "c6e4", "c6e8"])
    );
}

#[test]
fn hm14_stepping_is_blocked_on_the_halfway_cell() {
    let g = stepping();
    assert_eq!(
        moves_from(&g, HALFWAY, "b2"),
        strs(&["b2a2", "b2b1", "b2b3", "b2c2"])
    );
    assert_eq!(
        moves_from(&g, HALFWAY, "e2"),
        strs(&["e2d1", "e2d3", "e2f1", "e2f3"])
    );
    assert_eq!(
        moves_from(&g, HALFWAY, "h4"),
        strs(&["h4f4", "h4g5", "h4h2", "h4i5", "h4j4"])
    );
    assert_eq!(
        moves_from(&g, HALFWAY, "c6"),
        strs(&["c6a4", "c6a8", "c6c7", "c6e4"])
    );
    // Exactly those four moves differ between the subvariants.
    let lm = moves(&leaping(), HALFWAY);
    let sm = moves(&g, HALFWAY);
    let diff: Vec<String> = lm.into_iter().filter(|m| !sm.contains(m)).collect();
    assert_eq!(diff, strs(&["b2d4", "c6e8", "e2e4", "h4h6"]));
}

// ---------------------------------------------------------------------------------------------
// HM-15: promoted forms.

#[test]
fn hm15_chatelaine_is_rook_plus_ferz() {
    let g = leaping();
    let fen = "k9/10/10/4P5/10/2X1+R1p3/10/4P5/9K[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e4"),
        strs(&[
            "e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5", "e4g4"
        ])
    );
}

#[test]
fn hm15_primate_is_bishop_plus_wazir() {
    let g = leaping();
    let fen = "k9/10/10/2p3P3/10/4+B5/10/10/9K[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e4"),
        strs(&[
            "e4b1", "e4c2", "e4c6", "e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5",
            "e4g2", "e4h1",
        ])
    );
}

#[test]
fn hm15_gnu_is_knight_plus_camel_from_either() {
    let g = leaping();
    let expected = strs(&[
        "e4b3", "e4b5", "e4c3", "e4c5", "e4d1", "e4d2", "e4d6", "e4d7", "e4f1", "e4f2", "e4f6",
        "e4f7", "e4g3", "e4g5", "e4h3", "e4h5",
    ]);
    for origin in ["U(N)", "U(C)"] {
        let fen = format!("k9/10/10/10/10/4{origin}5/10/10/9K[] w - - 0 1");
        assert_eq!(moves_from(&g, &fen, "e4"), expected, "{origin}");
    }
}

// ---------------------------------------------------------------------------------------------
// HM-16: no double step, no en passant, no castling.

#[test]
fn hm16_no_double_step() {
    let g = leaping();
    assert_eq!(moves_from(&g, START, "e3"), strs(&["e3e4"]));
    assert_eq!(
        after(&g, START, &["e3e4"]),
        "whmekgeyhw/bbcsddsnr1/ppxxppxxpp/10/10/4P5/PPXX1PXXPP/1RNSDDSCBB/WHYEGKEMHW[] b - - 1 1"
    );
}

#[test]
fn hm16_no_en_passant() {
    let g = leaping();
    // No piece can be taken en passant: a FEN naming an en-passant cell is refused, and the
    // Cross on d5 moving to e6 leaves the Point on e5.
    let err = g
        .parse_fen("9k/10/10/10/3Xp5/10/10/10/K9[] w - e6 0 1")
        .expect_err("no en passant in this game");
    assert_eq!(err.to_string(), "bad en-passant field `e6`");
    let fen = "9k/10/10/10/3Xp5/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "d5"),
        list(&[optional("d5c6"), optional("d5e6")])
    );
    assert_eq!(
        after(&g, fen, &["d5e6"]),
        "9k/10/10/4X5/4p5/10/10/10/K9[] b - - 1 1"
    );
}

#[test]
fn hm16_no_castling() {
    let g = leaping();
    let fen = "4k5/10/10/10/10/10/10/10/R4K3W[] w - - 0 1";
    let expected = strs(&["f1e1", "f1e2", "f1f2", "f1g1", "f1g2"]);
    assert_eq!(moves_from(&g, fen, "f1"), expected);
    // A castling field either is refused or gives no castling move.
    if let Ok(pos) = g.parse_fen("4k5/10/10/10/10/10/10/10/R4K3W[] w KQ - 0 1") {
        let mut m: Vec<String> = g
            .legal_moves(&pos)
            .iter()
            .map(|m| g.move_to_string(m))
            .filter(|m| m.starts_with("f1"))
            .collect();
        m.sort();
        assert_eq!(m, expected);
    }
}

// ---------------------------------------------------------------------------------------------
// HM-17: where promotion is allowed, and where it is compulsory.

#[test]
fn hm17_point_promotion_optional_then_compulsory_on_the_last_rank() {
    let g = leaping();
    // Starting and ending in the camp: optional.
    let fen = "9k/10/10/4P5/10/10/10/10/K9[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e6"), list(&[optional("e6e7")]));
    // Onto rank 9 a Point could never move again: compulsory.
    let fen = "9k/4P5/10/10/10/10/10/10/K9[] w - - 0 1";
    assert_eq!(moves_from(&g, fen, "e8"), choices("e8e9"));
    // Black's Point onto rank 1.
    let fen = "9k/10/10/10/10/10/10/4p5/K9[] b - - 0 1";
    assert_eq!(moves_from(&g, fen, "e2"), choices("e2e1"));
}

#[test]
fn hm17_wing_mitre_cross_compulsory_only_on_the_last_rank() {
    let g = leaping();
    let fen = "9k/10/4W5/10/10/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e7"),
        list(&[optional("e7e8"), choices("e7e9")])
    );
    let fen = "9k/10/4M5/10/10/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e7"),
        list(&[
            optional("e7d8"),
            optional("e7f8"),
            choices("e7c9"),
            choices("e7g9")
        ])
    );
    let fen = "9k/4X5/10/10/10/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e8"),
        list(&[choices("e8d9"), choices("e8f9")])
    );
}

#[test]
fn hm17_helm_compulsory_on_the_last_two_ranks() {
    let g = leaping();
    // e5 -> rank 7: it could still leap to rank 9, optional.
    let fen = "9k/10/10/10/4H5/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e5"),
        list(&[optional("e5d7"), optional("e5f7")])
    );
    // e6 -> rank 8 and e7 -> rank 9: stuck, compulsory.
    let fen = "9k/10/10/4H5/10/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e6"),
        list(&[choices("e6d8"), choices("e6f8")])
    );
    let fen = "9k/10/4H5/10/10/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e7"),
        list(&[choices("e7d9"), choices("e7f9")])
    );
    // Black's Helm onto rank 2.
    let fen = "9k/10/10/10/10/4h5/10/10/K9[] b - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e4"),
        list(&[choices("e4d2"), choices("e4f2")])
    );
}

#[test]
fn hm17_hump_compulsory_on_the_last_three_ranks() {
    let g = leaping();
    for (fen, from, to) in [
        ("9k/10/10/10/10/4Y5/10/10/K9[] w - - 0 1", "e4", 7),
        ("9k/10/10/10/4Y5/10/10/10/K9[] w - - 0 1", "e5", 8),
        ("9k/10/10/4Y5/10/10/10/10/K9[] w - - 0 1", "e6", 9),
    ] {
        assert_eq!(
            moves_from(&g, fen, from),
            list(&[
                choices(&format!("{from}d{to}")),
                choices(&format!("{from}f{to}"))
            ]),
            "{fen}"
        );
    }
}

#[test]
fn hm17_never_compulsory_for_pieces_that_can_always_move() {
    let g = leaping();
    // Knight onto rank 9: plain move kept. Every move starts in the camp, so every move may
    // promote, including those that leave it (d5, f5).
    let fen = "9k/10/4N5/10/10/10/10/10/K9[] w - - 0 1";
    let mut exp = Vec::new();
    for to in ["d9", "f9", "d5", "f5", "c8", "g8", "c6", "g6"] {
        exp.push(format!("e7{to}"));
        exp.push(format!("e7{to}u"));
    }
    exp.sort();
    assert_eq!(moves_from(&g, fen, "e7"), exp);
    // Camel from e6, to rank 9 and out of the camp.
    let fen = "9k/10/10/4C5/10/10/10/10/K9[] w - - 0 1";
    let mut exp = Vec::new();
    for to in ["d9", "f9", "d3", "f3", "b7", "h7", "b5", "h5"] {
        exp.push(format!("e6{to}"));
        exp.push(format!("e6{to}u"));
    }
    exp.sort();
    assert_eq!(moves_from(&g, fen, "e6"), exp);
}

#[test]
fn hm17_promotion_on_a_move_that_leaves_the_camp() {
    let g = leaping();
    // Rook e7: own Point e8 and Cross d7, own Point e4 below; black Point g7.
    let fen = "9k/4P5/3XR1p3/10/10/4P5/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e7"),
        strs(&[
            "e7e6", "e7e6+", "e7e5", "e7e5+", "e7f7", "e7f7+", "e7g7", "e7g7+"
        ])
    );
    assert_eq!(
        after(&g, fen, &["e7e5+"]),
        "9k/4P5/3X2p3/10/4+R5/4P5/10/10/K9[] b - - 0 1"
    );
}

#[test]
fn hm17_drops_never_promote() {
    let g = leaping();
    let fen = "9k/10/10/10/10/10/10/10/K9[P] w - - 0 1";
    let d = drops_of(&g, fen, "P");
    assert!(d.contains(&"P@e7".to_string()));
    assert!(d.iter().all(|m| m.len() == 4), "{d:?}");
}

// ---------------------------------------------------------------------------------------------
// HM-18: what each piece promotes to.

#[test]
fn hm18_rook_bishop_knight_camel() {
    let g = leaping();
    assert_eq!(
        after(&g, "9k/10/10/10/4R5/10/10/10/K9[] w - - 0 1", &["e5e6+"]),
        "9k/10/10/4+R5/10/10/10/10/K9[] b - - 0 1"
    );
    assert_eq!(
        after(&g, "9k/10/10/10/4B5/10/10/10/K9[] w - - 0 1", &["e5g7+"]),
        "9k/10/6+B3/10/10/10/10/10/K9[] b - - 0 1"
    );
    assert_eq!(
        after(&g, "9k/10/10/10/4N5/10/10/10/K9[] w - - 0 1", &["e5d7+"]),
        "9k/10/3U(N)6/10/10/10/10/10/K9[] b - - 0 1"
    );
    assert_eq!(
        after(&g, "9k/10/10/10/10/4C5/10/10/K9[] w - - 0 1", &["e4d7+"]),
        "9k/10/3U(C)6/10/10/10/10/10/K9[] b - - 0 1"
    );
}

#[test]
fn hm18_forward_only_pieces_choose_a_part_symmetric_type() {
    let g = leaping();
    let p = "9k/10/10/10/4P5/10/10/10/K9[] w - - 0 1";
    for (c, sym) in [("g", "G"), ("s", "S"), ("d", "D"), ("e", "E")] {
        assert_eq!(
            after(&g, p, &[&format!("e5e6{c}")]),
            format!("9k/10/10/4{sym}(P)5/10/10/10/10/K9[] b - - 0 1")
        );
    }
    assert_eq!(
        after(&g, "9k/10/10/10/4W5/10/10/10/K9[] w - - 0 1", &["e5e8g"]),
        "9k/4G(W)5/10/10/10/10/10/10/K9[] b - - 0 1"
    );
    assert_eq!(
        after(&g, "9k/10/10/10/4M5/10/10/10/K9[] w - - 0 1", &["e5g7e"]),
        "9k/10/6E(M)3/10/10/10/10/10/K9[] b - - 0 1"
    );
    assert_eq!(
        after(&g, "9k/10/10/10/4H5/10/10/10/K9[] w - - 0 1", &["e5d7s"]),
        "9k/10/3S(H)6/10/10/10/10/10/K9[] b - - 0 1"
    );
    assert_eq!(
        after(&g, "9k/10/10/10/10/4Y5/10/10/K9[] w - - 0 1", &["e4f7d"]),
        "9k/10/5D(Y)4/10/10/10/10/10/K9[] b - - 0 1"
    );
    assert_eq!(
        after(&g, "9k/10/10/10/4X5/10/10/10/K9[] w - - 0 1", &["e5f6g"]),
        "9k/10/10/5G(X)4/10/10/10/10/K9[] b - - 0 1"
    );
    // Black's Point promotes in ranks 1-4.
    assert_eq!(
        after(&g, "9k/10/10/10/4p5/10/10/10/K9[] b - - 0 1", &["e5e4g"]),
        "9k/10/10/10/10/4g(p)5/10/10/K9[] w - - 0 2"
    );
    // The Mitre's four choices on one move.
    assert_eq!(
        moves_from(&g, "9k/10/10/10/4M5/10/10/10/K9[] w - - 0 1", "e5"),
        list(&[
            optional("e5d6"),
            optional("e5c7"),
            optional("e5b8"),
            choices("e5a9"),
            optional("e5f6"),
            optional("e5g7"),
            optional("e5h8"),
            choices("e5i9")
        ])
    );
}

#[test]
fn hm18_part_symmetric_king_and_promoted_pieces_never_promote() {
    let g = leaping();
    // A Goldtusk in the camp, an unbound one and a promoted one: plain moves only.
    let fen = "9k/4G5/10/10/10/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e8"),
        strs(&["e8d8", "e8e7", "e8e9", "e8f8"])
    );
    let fen = "9k/4G(P)5/10/10/10/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "e8"),
        strs(&["e8d8", "e8e7", "e8e9", "e8f8"])
    );
    for sym in ["S", "D", "E", "+R", "+B", "U(N)", "K"] {
        let fen = format!("9k/10/4{sym}5/10/10/10/10/10/K9[] w - - 0 1");
        let m = moves_from(&g, &fen, "e7");
        assert!(!m.is_empty(), "{sym}");
        assert!(m.iter().all(|m| m.len() == 4), "{sym}: {m:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// HM-19: captures go to hand as what they were; drops only where the piece can move.

#[test]
fn hm19_captured_promoted_pieces_return_as_their_origin() {
    let g = leaping();
    // A Goldtusk that was a Wing returns as a Wing.
    assert_eq!(
        after(&g, "9k/4g(w)5/10/10/4R5/10/10/10/K9[] w - - 0 1", &["e5e8"]),
        "9k/4R5/10/10/10/10/10/10/K9[W] b - - 0 1"
    );
    // A Gnu that was a Camel returns as a Camel.
    assert_eq!(
        after(&g, "9k/10/3u(c)6/10/4N5/10/10/10/K9[] w - - 0 1", &["e5d7"]),
        "9k/10/3N6/10/10/10/10/10/K9[C] b - - 0 1"
    );
    // Black takes a Gnu that was a Knight, a Chatelaine, a Primate, a Silverelephant that was a
    // Hump.
    for (sym, hand) in [
        ("U(N)", "n"),
        ("+R", "r"),
        ("+B", "b"),
        ("E(Y)", "y"),
        ("G", "g"),
    ] {
        assert_eq!(
            after(
                &g,
                &format!("9k/4r5/10/10/10/4{sym}5/10/10/K9[] b - - 0 1"),
                &["e8e4"]
            ),
            format!("9k/10/10/10/10/4r5/10/10/K9[{hand}] w - - 0 2"),
            "{sym}"
        );
    }
}

#[test]
fn hm19_fen_round_trip_of_promoted_pieces() {
    let g = leaping();
    for fen in [
        "9k/10/10/10/G(W)u(c)U(N)g(p)+R+bE(Y)D(M)S(H)x/10/10/10/K9[RWPGrcx] w - - 0 1",
        "9k/10/10/10/4G(W)5/10/10/10/K9[] w - - 0 1",
        "9k/10/10/10/4u(c)5/10/10/10/K9[] b - - 0 1",
        "9k/10/10/10/4s(x)5/10/10/10/K9[-] w 0 1",
    ] {
        assert_eq!(g.fen(&g.parse_fen(fen).unwrap()), fen);
    }
}

#[test]
fn hm19_drops_only_where_the_piece_can_move() {
    let g = leaping();
    let empty = |hand: &str| format!("9k/10/10/10/10/10/10/10/K9[{hand}] w - - 0 1");
    let occ = ["a1", "j9"];
    // Point, Cross, Wing, Mitre: not on rank 9.
    for l in ["P", "X", "W", "M"] {
        assert_eq!(
            drops_of(&g, &empty(l), l),
            drops(l, 1..=8, &occ, |_, _| true),
            "{l}"
        );
    }
    // Helm: not on ranks 8-9; Hump: not on ranks 7-9.
    assert_eq!(
        drops_of(&g, &empty("H"), "H"),
        drops("H", 1..=7, &occ, |_, _| true)
    );
    assert_eq!(
        drops_of(&g, &empty("Y"), "Y"),
        drops("Y", 1..=6, &occ, |_, _| true)
    );
    // Every other piece: any empty cell.
    for l in ["R", "B", "N", "C", "G", "S", "D", "E"] {
        assert_eq!(
            drops_of(&g, &empty(l), l),
            drops(l, 1..=9, &occ, |_, _| true),
            "{l}"
        );
    }
    // Black, mirrored: its Hump not on ranks 1-3, its Helm not on 1-2, its Point not on 1.
    let black = |hand: &str| format!("9k/10/10/10/10/10/10/10/K9[{hand}] b - - 0 1");
    assert_eq!(
        drops_of(&g, &black("y"), "Y"),
        drops("Y", 4..=9, &occ, |_, _| true)
    );
    assert_eq!(
        drops_of(&g, &black("h"), "H"),
        drops("H", 3..=9, &occ, |_, _| true)
    );
    assert_eq!(
        drops_of(&g, &black("p"), "P"),
        drops("P", 2..=9, &occ, |_, _| true)
    );
    // A drop leaves the hand and the piece is unpromoted.
    assert_eq!(
        after(&g, &empty("W"), &["W@e5"]),
        "9k/10/10/10/4W5/10/10/10/K9[] b - - 0 1"
    );
}

// ---------------------------------------------------------------------------------------------
// HM-20: one unpromoted Point per file, six unpromoted Crosses per Bishop colour.

#[test]
fn hm20_at_most_one_unpromoted_point_per_file() {
    let g = leaping();
    // White Points on b3 and e5; a Goldtusk that was a Point on c7 and a black Point on d7 do not
    // count.
    let fen = "9k/10/2G(P)p6/10/4P5/10/1P8/10/K9[P] w - - 0 1";
    assert_eq!(
        drops_of(&g, fen, "P"),
        drops("P", 1..=8, &["a1", "c7", "d7"], |f, _| f != 1 && f != 4)
    );
}

#[test]
fn hm20_at_most_six_unpromoted_crosses_per_colour() {
    let g = leaping();
    // Six white Crosses on even cells (b2 c3 e3 g3 d4 h4), a promoted G(X) on e7 (even), a black
    // Cross on c8 (odd): White may drop a Cross only on odd cells.
    let fen = "9k/2x7/4G(X)5/10/10/3X3X2/2X1X1X3/1X8/K9[X] w - - 0 1";
    assert_eq!(
        drops_of(&g, fen, "X"),
        drops("X", 1..=8, &["c8"], |f, r| (f + r) % 2 == 1)
    );
    // With five (h4 removed), both colours.
    let fen = "9k/2x7/4G(X)5/10/10/3X6/2X1X1X3/1X8/K9[X] w - - 0 1";
    assert_eq!(
        drops_of(&g, fen, "X"),
        drops(
            "X",
            1..=8,
            &["a1", "b2", "c3", "e3", "g3", "d4", "e7", "c8"],
            |_, _| true
        )
    );
    // Black with six Crosses on odd cells: black drops only on even cells (not on rank 1).
    let fen = "9k/x1x7/1x1x1x1x2/10/10/10/10/10/K9[x] b - - 0 1";
    assert_eq!(
        drops_of(&g, fen, "X"),
        drops("X", 2..=9, &[], |f, r| (f + r) % 2 == 0)
    );
}

// ---------------------------------------------------------------------------------------------
// HM-21: check, checkmate, stalemate.

#[test]
fn hm21_check_must_be_answered() {
    let g = leaping();
    // Black Rook e8 checks the King on e1: step aside, interpose the Rook, or drop a Point.
    let fen = "9k/4r5/10/10/10/R9/10/10/4K5[P] w - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    assert_eq!(g.status(&pos), Status::Ongoing { in_check: true });
    assert_eq!(
        moves(&g, fen),
        strs(&[
            "a4e4", "e1d1", "e1d2", "e1f1", "e1f2", "P@e2", "P@e3", "P@e4", "P@e5", "P@e6", "P@e7",
        ])
    );
}

#[test]
fn hm21_checkmate_loses() {
    let g = leaping();
    // Chatelaine b8, guarded by the Point b7, mates the King in the corner; a drop cannot help.
    for hand in ["", "rp"] {
        let fen = format!("k9/1+R8/1P8/10/10/10/10/10/9K[{hand}] b - - 0 1");
        let pos = g.parse_fen(&fen).unwrap();
        assert_eq!(moves(&g, &fen), strs(&[]));
        assert_eq!(
            g.status(&pos),
            Status::Over(varia::Ending {
                reason: varia::Reason::Checkmate,
                outcome: Outcome::Loss,
                winner: Some(varia::rules::PlayerId(0))
            })
        );
    }
}

#[test]
fn hm21_stalemate_is_a_draw() {
    let g = leaping();
    let fen = "k9/9R/10/10/10/10/10/10/1R7K[] b - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    assert_eq!(moves(&g, fen), strs(&[]));
    assert_eq!(
        g.status(&pos),
        Status::Over(varia::Ending {
            reason: varia::Reason::Stalemate,
            outcome: Outcome::Draw,
            winner: None
        })
    );
    // With a Point in hand Black can drop: not stalemate.
    let fen = "k9/9R/10/10/10/10/10/10/1R7K[p] b - - 0 1";
    let pos = g.parse_fen(fen).unwrap();
    assert_eq!(g.status(&pos), Status::Ongoing { in_check: false });
}

// ---------------------------------------------------------------------------------------------
// HM-22: any captured piece may be reintroduced.

#[test]
fn hm22_every_captured_type_may_be_dropped() {
    let g = leaping();
    for l in [
        "R", "W", "B", "M", "N", "H", "C", "Y", "P", "X", "G", "S", "D", "E",
    ] {
        let fen = format!("9k/10/10/10/10/10/10/10/K9[{l}] w - - 0 1");
        assert!(legal(&g, &fen, &format!("{l}@e5")), "{l}");
    }
    // A Goldtusk (six of the Waffle's moves) taken and dropped back.
    let fen = "9k/4g5/10/10/4R5/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        after(&g, fen, &["e5e8", "j9i9", "G@e5"]),
        "8k1/4R5/10/10/4G5/10/10/10/K9[] b - - 0 2"
    );
    // A Golddabbaba (six of the Fezbaba's moves) likewise.
    let fen = "9k/4d5/10/10/4R5/10/10/10/K9[] w - - 0 1";
    assert_eq!(
        after(&g, fen, &["e5e8", "j9i9", "D@e5"]),
        "8k1/4R5/10/10/4D5/10/10/10/K9[] b - - 0 2"
    );
}

// ---------------------------------------------------------------------------------------------
// FEN input: what a FEN may and may not say about origins and hands.

/// HM-19 (decision in the definition's header): a Gnu written without an origin (`U`) has not
/// promoted, so it returns to hand as a Gnu; written with one (`U(C)`), it returns as that.
#[test]
fn hm19_gnu_without_origin_returns_as_itself() {
    let g = leaping();
    assert_eq!(
        after(&g, "9k/4r5/10/10/10/4U5/10/10/K9[] b - - 0 1", &["e8e4"]),
        "9k/10/10/10/10/4r5/10/10/K9[u] w - - 0 2"
    );
    assert_eq!(
        after(&g, "9k/4r5/10/10/10/4U(C)5/10/10/K9[] b - - 0 1", &["e8e4"]),
        "9k/10/10/10/10/4r5/10/10/K9[c] w - - 0 2"
    );
}

/// HM-18 / HM-19: origins no promotion can produce, and a King in hand, are refused.
#[test]
fn hm19_impossible_origins_and_hands_are_refused() {
    let g = leaping();
    for fen in [
        "9k/10/10/10/4G(K)5/10/10/10/K9[] w - - 0 1",
        "9k/10/10/10/4U(P)5/10/10/10/K9[] w - - 0 1",
        "9k/10/10/10/4P(W)5/10/10/10/K9[] w - - 0 1",
        "9k/10/10/10/4+R(W)5/10/10/10/K9[] w - - 0 1",
        "9k/10/10/10/4G(+R)5/10/10/10/K9[] w - - 0 1",
        "9k/10/10/10/10/10/10/10/K9[K] w - - 0 1",
    ] {
        assert!(g.parse_fen(fen).is_err(), "{fen} was accepted");
    }
}
