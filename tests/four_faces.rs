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
const RK: (&str, &str) = ("f1", "rK");
const OK: (&str, &str) = ("i4", "oK");
const GK: (&str, &str) = ("d9", "gK");
const BK: (&str, &str) = ("a6", "bK");

fn is_hole(f: usize, r: usize) -> bool {
    (!(3..=5).contains(&f)) && (!(3..=5).contains(&r))
}

fn name(f: usize, r: usize) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// Every cell of the small board (45).
fn cells() -> Vec<String> {
    let mut v = Vec::new();
    for r in 0..9 {
        for f in 0..9 {
            if !is_hole(f, r) {
                v.push(name(f, r));
            }
        }
    }
    v
}

/// The board field of a small-board FEN with the given (cell, tagged piece) pairs.
fn board(pieces: &[(&str, &str)]) -> String {
    for (c, _) in pieces {
        assert!(cells().iter().any(|x| x == c), "{c} is not a cell");
    }
    let mut out = String::new();
    for r in (0..9).rev() {
        let mut empty = 0;
        for f in 0..9 {
            let flush = |out: &mut String, empty: &mut i32| {
                if *empty > 0 {
                    *out += &empty.to_string();
                    *empty = 0;
                }
            };
            if is_hole(f, r) {
                flush(&mut out, &mut empty);
                out.push('*');
                continue;
            }
            match pieces.iter().find(|(c, _)| *c == name(f, r)) {
                Some((_, p)) => {
                    flush(&mut out, &mut empty);
                    out += p;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if r > 0 {
            out.push('/');
        }
    }
    out
}

/// A full FEN with clocks `0 1`.
fn fen(pieces: &[(&str, &str)], hand: &str, side: &str, out: &str) -> String {
    fen_clocks(pieces, hand, side, out, 0, 1)
}

fn fen_clocks(
    pieces: &[(&str, &str)],
    hand: &str,
    side: &str,
    out: &str,
    half: u32,
    full: u32,
) -> String {
    format!("{}[{hand}] {side} {out} {half} {full}", board(pieces))
}

/// The four quiet kings plus `extra`.
fn with_kings(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut v = vec![RK, OK, GK, BK];
    v.extend_from_slice(extra);
    v
}

/// Moves from `from` to each target, sorted; a target ending in `+` is the promoting move.
fn to(from: &str, targets: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = targets.iter().map(|t| format!("{from}{t}")).collect();
    v.sort();
    v
}

/// Drops of `letter` on every empty cell except `stuck`.
fn drops(letter: &str, occupied: &[(&str, &str)], stuck: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = cells()
        .into_iter()
        .filter(|c| !occupied.iter().any(|(o, _)| o == c) && !stuck.contains(&c.as_str()))
        .map(|c| format!("{letter}@{c}"))
        .collect();
    v.sort();
    v
}

fn status(g: &varia::Game, f: &str) -> Status {
    g.status(&g.parse_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")))
}

// ---------------------------------------------------------------------------------------------
// FF-01, FF-02, FF-03: players, board, start
// ---------------------------------------------------------------------------------------------

#[test]
fn ff01_ff12_turn_order_red_orange_green_blue_from_the_start() {
    // FF-01: Red, then Orange, Green, Blue (anticlockwise), then Red again with the move number
    // up by one. FF-12: each army's moves point away from its own supersquare.
    let g = small();
    let f1 = after(&g, START, &["d2e3"]);
    assert_eq!(
        f1,
        "***gWgKgW***/***gMgHgM***/***3***/bWbM5oMoW/bKbH5oHoK/bWbM5oMoW/***1rM1***/***1rHrM***/***rWrKrW***[] o - 1 1"
    );
    // Orange (forward west): Mitre h4 rides g5 f6 e7 (Green's: may promote) d8 (takes, stuck:
    // must promote); Mitre h6 rides g5 f4 e3 (takes the red Mitre in Red's supersquare, may
    // promote); Helm h5 leaps to f4 and f6. Wings, King hemmed in.
    assert_eq!(
        moves(&g, &f1),
        strs(&[
            "h4d8s", "h4e7", "h4e7s", "h4f6", "h4g5", "h5f4", "h5f6", "h6e3", "h6e3s", "h6f4",
            "h6g5"
        ])
    );
    let f2 = after(&g, &f1, &["h4g5"]);
    assert_eq!(
        f2,
        "***gWgKgW***/***gMgHgM***/***3***/bWbM5oMoW/bKbH4oMoHoK/bWbM6oW/***1rM1***/***1rHrM***/***rWrKrW***[] g - 2 1"
    );
    // Green (forward south): Mitre d8 rides e7 f6 g5 (takes the orange Mitre, may promote);
    // Mitre f8 rides e7 d6 c5 (may promote) b4 (takes, stuck: must promote); Helm e8 to d6, f6.
    assert_eq!(
        moves(&g, &f2),
        strs(&[
            "d8e7", "d8f6", "d8g5", "d8g5s", "e8d6", "e8f6", "f8b4s", "f8c5", "f8c5s", "f8d6",
            "f8e7"
        ])
    );
    let f3 = after(&g, &f2, &["e8d6"]);
    assert_eq!(
        f3,
        "***gWgKgW***/***gM1gM***/***3***/bWbM1gH3oMoW/bKbH4oMoHoK/bWbM6oW/***1rM1***/***1rHrM***/***rWrKrW***[] b - 3 1"
    );
    // Blue (forward east): Mitre b4 to c5, d6 (takes the green Helm); Mitre b6 rides c5 d4 e3
    // (takes in Red's supersquare, may promote); Helm b5 to d4, d6 (takes).
    assert_eq!(
        moves(&g, &f3),
        strs(&[
            "b4c5", "b4d6", "b5d4", "b5d6", "b6c5", "b6d4", "b6e3", "b6e3s"
        ])
    );
    let f4 = after(&g, &f3, &["b5d4"]);
    assert_eq!(
        f4,
        "***gWgKgW***/***gM1gM***/***3***/bWbM1gH3oMoW/bK5oMoHoK/bWbM1bH4oW/***1rM1***/***1rHrM***/***rWrKrW***[] r - 4 2"
    );
}

#[test]
fn ff02_board_is_a_cross_of_five_supersquares() {
    // FF-02: the corners are holes. A King in Red's corner cell d1 has three neighbours on the
    // board; one on f3 has five (g2, g3 are holes, g4 is barred by FF-11).
    let g = small();
    let f = fen(&[("d1", "rK"), OK, GK, BK], "", "r", "-");
    assert_eq!(moves_from(&g, &f, "d1"), to("d1", &["d2", "e1", "e2"]));
    let f = fen(&[("f3", "rK"), OK, GK, BK], "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "f3"),
        to("f3", &["e2", "e3", "e4", "f2", "f4"])
    );
    // A rank written without its holes is not this board.
    assert!(g.parse_fen("9/9/9/9/9/9/9/9/9[] r - 0 1").is_err());
    assert_eq!(cells().len(), 45);
}

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
// FF-04: the King
// ---------------------------------------------------------------------------------------------

#[test]
fn ff04_king_steps_eight_ways_and_never_promotes() {
    let g = small();
    let f = fen(&[("e5", "rK"), OK, GK, BK], "", "r", "-");
    assert_eq!(
        moves(&g, &f),
        to("e5", &["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"])
    );
    // Into Green's supersquare: no promotion.
    let f = fen(&[("e6", "rK"), OK, GK, BK], "", "r", "-");
    assert_eq!(
        moves(&g, &f),
        to("e6", &["d5", "d6", "d7", "e5", "e7", "f5", "f6", "f7"])
    );
}

#[test]
fn ff04_king_may_not_step_into_attack_of_any_opponent() {
    // Orange's Rook g4 holds rank 4, Green's Wing d8 the d-file, Blue's Wing b6 rank 6: only f5.
    let g = small();
    let f = fen(
        &[
            ("e5", "rK"),
            ("g4", "oR(W)"),
            ("i5", "oK"),
            ("d8", "gW"),
            ("f9", "gK"),
            ("b6", "bW"),
            ("a5", "bK"),
        ],
        "",
        "r",
        "-",
    );
    assert_eq!(moves(&g, &f), strs(&["e5f5"]));
    assert_eq!(status(&g, &f), Status::Ongoing { in_check: false });
}

#[test]
fn ff04_ff11_check_from_a_player_who_is_not_next() {
    // Green's Rook e6 checks Red (Orange moves next). Blue's Rook d5 holds the d-file; e1 and e3
    // stay on the Rook's line. Orange's Bishop g4 does not attack f3 (FF-11: g4 to f3 is a single
    // diagonal step from Orange's supersquare to Red's), so f3 is a flight.
    let g = small();
    let f = fen(
        &[
            ("e2", "rK"),
            ("g4", "oB(M)"),
            ("i4", "oK"),
            ("e6", "gR(W)"),
            ("f9", "gK"),
            ("d5", "bR(W)"),
            ("a4", "bK"),
        ],
        "",
        "r",
        "-",
    );
    assert_eq!(status(&g, &f), Status::Ongoing { in_check: true });
    assert_eq!(moves(&g, &f), to("e2", &["f1", "f2", "f3"]));
}

#[test]
fn ff04_king_is_never_captured_it_waits_for_its_owner_turn() {
    // Blue's Rook attacks the red King e2 on Blue's turn (as after a discovered check by another
    // player's move): the Rook may go to e3, e4 but not take the King.
    let g = small();
    let f = fen(&[("e2", "rK"), OK, GK, ("e5", "bR(W)"), BK], "", "b", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to(
            "e5",
            &[
                "e6", "e7", "e7c", "e8", "e8c", "e9", "e9c", "e4", "e3", "e3c", "d5", "c5", "b5",
                "a5", "f5", "g5", "g5c", "h5", "h5c", "i5", "i5c"
            ]
        )
    );
    assert_eq!(status(&g, &f), Status::Ongoing { in_check: false });
    // On Red's turn the King must leave the file.
    let f = fen(&[("e2", "rK"), OK, GK, ("e5", "bR(W)"), BK], "", "r", "-");
    assert_eq!(status(&g, &f), Status::Ongoing { in_check: true });
    assert_eq!(
        moves(&g, &f),
        to("e2", &["d1", "d2", "d3", "f1", "f2", "f3"])
    );
}

// ---------------------------------------------------------------------------------------------
// FF-05: Wing, Gold, Rook, Chatelaine (with FF-12: each colour's forward)
// ---------------------------------------------------------------------------------------------

#[test]
fn ff05_ff12_wing_of_each_colour_rides_forward() {
    let g = small();
    // Red Wing north: into Green's d7-f9 it may promote; on rank 9 it must.
    let f = fen(&with_kings(&[("e2", "rW")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e2"),
        to(
            "e2",
            &["e3", "e4", "e5", "e6", "e7", "e7g", "e8", "e8g", "e9g"]
        )
    );
    // Orange Wing west, into Blue's supersquare; stuck on the a-file.
    let f = fen(&with_kings(&[("h5", "oW")]), "", "o", "-");
    assert_eq!(
        moves_from(&g, &f, "h5"),
        to(
            "h5",
            &["g5", "f5", "e5", "d5", "c5", "c5g", "b5", "b5g", "a5g"]
        )
    );
    // Green Wing south, into Red's.
    let f = fen(&with_kings(&[("e8", "gW")]), "", "g", "-");
    assert_eq!(
        moves_from(&g, &f, "e8"),
        to(
            "e8",
            &["e7", "e6", "e5", "e4", "e3", "e3g", "e2", "e2g", "e1g"]
        )
    );
    // Blue Wing east, into Orange's.
    let f = fen(&with_kings(&[("b5", "bW")]), "", "b", "-");
    assert_eq!(
        moves_from(&g, &f, "b5"),
        to(
            "b5",
            &["c5", "d5", "e5", "f5", "g5", "g5g", "h5", "h5g", "i5g"]
        )
    );
}

#[test]
fn ff05_gold_rook_chatelaine() {
    let g = small();
    // Gold: four orthogonal steps and the two forward diagonals; no promotion in the centre.
    let f = fen(&with_kings(&[("e5", "rG~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to("e5", &["d5", "d6", "e4", "e6", "f5", "f6"])
    );
    // Rook: four rides; into any enemy supersquare it may become a Chatelaine, not in its own.
    let f = fen(&with_kings(&[("e5", "rR(W)")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to(
            "e5",
            &[
                "e6", "e7", "e7c", "e8", "e8c", "e9", "e9c", "e4", "e3", "e2", "e1", "f5", "g5",
                "g5c", "h5", "h5c", "i5", "i5c", "d5", "c5", "c5c", "b5", "b5c", "a5", "a5c"
            ]
        )
    );
    // Chatelaine: Rook plus one diagonal step; never promotes.
    let f = fen(&with_kings(&[("e5", "rC(W)")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to(
            "e5",
            &[
                "e6", "e7", "e8", "e9", "e4", "e3", "e2", "e1", "f5", "g5", "h5", "i5", "d5", "c5",
                "b5", "a5", "d4", "d6", "f4", "f6"
            ]
        )
    );
}

// ---------------------------------------------------------------------------------------------
// FF-06: Mitre, Silver, Bishop, Primate
// ---------------------------------------------------------------------------------------------

#[test]
fn ff06_mitre_silver_bishop_primate() {
    let g = small();
    // Mitre: forward diagonals through the centre into Blue's and Orange's supersquares; b6 and
    // h6 leave it no move (a7, c7, g7, i7 are holes): promotion compulsory there.
    let f = fen(&with_kings(&[("e3", "rM")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e3"),
        to("e3", &["d4", "c5", "c5s", "b6s", "f4", "g5", "g5s", "h6s"])
    );
    // Silver: four diagonal steps and a forward step.
    let f = fen(&with_kings(&[("e5", "rS~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to("e5", &["d4", "d6", "e6", "f4", "f6"])
    );
    // Bishop: four diagonal rides; may promote in an enemy supersquare, never stuck.
    let f = fen(&with_kings(&[("e3", "rB(M)")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e3"),
        to(
            "e3",
            &[
                "d4", "c5", "c5p", "b6", "b6p", "f4", "g5", "g5p", "h6", "h6p", "d2", "f2"
            ]
        )
    );
    // Primate: Bishop plus one orthogonal step (the diagonals end at holes after one step).
    let f = fen(&with_kings(&[("e5", "rP(M)")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to("e5", &["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"])
    );
}

// ---------------------------------------------------------------------------------------------
// FF-07: Helm, Knight, Princess, Queen
// ---------------------------------------------------------------------------------------------

#[test]
fn ff07_helm_knight_princess_queen() {
    let g = small();
    // Helm: two forward, one sideways; into Green's supersquare it may promote.
    let f = fen(&with_kings(&[("e5", "rH")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to("e5", &["d7", "d7n", "f7", "f7n"])
    );
    // From the centre onto rank 8 it could never move again: must promote.
    let f = fen(&with_kings(&[("e6", "rH")]), "", "r", "-");
    assert_eq!(moves_from(&g, &f, "e6"), to("e6", &["d8n", "f8n"]));
    // Knight: eight leaps; into its own supersquare (d3, f3) it may become a Princess.
    let f = fen(&with_kings(&[("e5", "rN~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to(
            "e5",
            &["c4", "c6", "d3", "d3i", "d7", "f3", "f3i", "f7", "g4", "g6"]
        )
    );
    // Princess: the three forward rides; on e9 it could never move again.
    let f = fen(&with_kings(&[("e5", "rI(H)")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to("e5", &["e6", "e7", "e7q", "e8", "e8q", "e9q", "d6", "f6"])
    );
    // Queen: all eight rides; never promotes.
    let f = fen(&with_kings(&[("e5", "rQ(H)")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to(
            "e5",
            &[
                "e6", "e7", "e8", "e9", "e4", "e3", "e2", "e1", "f5", "g5", "h5", "i5", "d5", "c5",
                "b5", "a5", "d4", "d6", "f4", "f6"
            ]
        )
    );
}

// ---------------------------------------------------------------------------------------------
// FF-12: forward for the other colours
// ---------------------------------------------------------------------------------------------

#[test]
fn ff12_forward_of_orange_green_blue_pieces() {
    let g = small();
    // Gold's forward diagonals.
    let gold = |tag: &'static str, side: &str| {
        let f = fen(&with_kings(&[("e5", tag)]), "", side, "-");
        moves_from(&g, &f, "e5")
    };
    assert_eq!(
        gold("oG~", "o"),
        to("e5", &["d4", "d5", "d6", "e4", "e6", "f5"])
    );
    assert_eq!(
        gold("gG~", "g"),
        to("e5", &["d4", "d5", "e4", "e6", "f4", "f5"])
    );
    assert_eq!(
        gold("bG~", "b"),
        to("e5", &["d5", "e4", "e6", "f4", "f5", "f6"])
    );
    // Silver's forward step.
    let f = fen(&with_kings(&[("e5", "bS~")]), "", "b", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to("e5", &["d4", "d6", "f4", "f5", "f6"])
    );
    // Helms from the centre into the supersquare ahead (optional promotion: never stuck there).
    let helm = |tag: &'static str, side: &str| {
        let f = fen(&with_kings(&[("e5", tag)]), "", side, "-");
        moves_from(&g, &f, "e5")
    };
    assert_eq!(helm("oH", "o"), to("e5", &["c4", "c4n", "c6", "c6n"]));
    assert_eq!(helm("gH", "g"), to("e5", &["d3", "d3n", "f3", "f3n"]));
    assert_eq!(helm("bH", "b"), to("e5", &["g4", "g4n", "g6", "g6n"]));
    // Mitres from their own supersquares: Orange's h6 to d2 (stuck there: c1, c3 holes), Green's
    // f8 to b4 (stuck), Blue's b4 to f8 (stuck).
    let f = fen(&with_kings(&[("h6", "oM")]), "", "o", "-");
    assert_eq!(
        moves_from(&g, &f, "h6"),
        to("h6", &["g5", "f4", "e3", "e3s", "d2s"])
    );
    let f = fen(&with_kings(&[("f8", "gM")]), "", "g", "-");
    assert_eq!(
        moves_from(&g, &f, "f8"),
        to("f8", &["e7", "d6", "c5", "c5s", "b4s"])
    );
    let f = fen(&with_kings(&[("b4", "bM")]), "", "b", "-");
    assert_eq!(
        moves_from(&g, &f, "b4"),
        to("b4", &["c5", "d6", "e7", "e7s", "f8s"])
    );
    // Blue's Knight promotes in Blue's supersquare (c4, c6), not in Red's.
    let f = fen(&with_kings(&[("e5", "bN~")]), "", "b", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to(
            "e5",
            &["c4", "c4i", "c6", "c6i", "d3", "d7", "f3", "f7", "g4", "g6"]
        )
    );
    // Orange's Princess: west, north-west, south-west.
    let f = fen(&with_kings(&[("e5", "oI(H)")]), "", "o", "-");
    assert_eq!(
        moves_from(&g, &f, "e5"),
        to("e5", &["d5", "c5", "c5q", "b5", "b5q", "a5q", "d6", "d4"])
    );
}

// ---------------------------------------------------------------------------------------------
// FF-08, FF-09: promotion
// ---------------------------------------------------------------------------------------------

#[test]
fn ff08_promotion_into_within_and_out_of_an_enemy_supersquare() {
    let g = small();
    // Within: a Wing e7 to e8 may promote, to e9 must.
    let f = fen(&with_kings(&[("e7", "rW")]), "", "r", "-");
    assert_eq!(moves_from(&g, &f, "e7"), to("e7", &["e8", "e8g", "e9g"]));
    // Out of: every move of a Rook standing in Green's supersquare may promote.
    let f = fen(&with_kings(&[("e8", "rR(W)")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e8"),
        to(
            "e8",
            &[
                "d8", "d8c", "f8", "f8c", "e9", "e9c", "e7", "e7c", "e6", "e6c", "e5", "e5c", "e4",
                "e4c", "e3", "e3c", "e2", "e2c", "e1", "e1c"
            ]
        )
    );
    // Out of Orange's, into the centre and on into Green's: a Mitre g5. h6 leaves it stuck.
    let f = fen(&with_kings(&[("g5", "rM")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "g5"),
        to("g5", &["d8", "d8s", "e7", "e7s", "f6", "f6s", "h6s"])
    );
    // The promoted faces in the FEN.
    assert_eq!(
        after(&g, &f, &["g5f6+"]),
        fen(&with_kings(&[("f6", "rS~")]), "", "o", "-")
    );
    let f = fen(&with_kings(&[("e2", "rW")]), "", "r", "-");
    assert_eq!(
        after(&g, &f, &["e2e9+"]),
        fen(&with_kings(&[("e9", "rG~")]), "", "o", "-")
    );
    let f = fen(&with_kings(&[("e5", "rR(W)")]), "", "r", "-");
    assert_eq!(
        after(&g, &f, &["e5e7+"]),
        fen(&with_kings(&[("e7", "rC(W)")]), "", "o", "-")
    );
    let f = fen(&with_kings(&[("h5", "oW")]), "", "o", "-");
    assert_eq!(
        after(&g, &f, &["h5a5+"]),
        fen(&with_kings(&[("a5", "oG~")]), "", "g", "-")
    );
    // An unpromoted move is still possible where the piece can move on.
    assert!(legal(
        &g,
        &fen(&with_kings(&[("e5", "rH")]), "", "r", "-"),
        "e5d7"
    ));
}

#[test]
fn ff09_promotion_in_the_own_supersquare() {
    let g = small();
    // Gold within Red's supersquare: every move may make it a Rook.
    let f = fen(&with_kings(&[("e2", "rG~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e2"),
        to(
            "e2",
            &[
                "d2", "d2r", "d3", "d3r", "e1", "e1r", "e3", "e3r", "f2", "f2r", "f3", "f3r"
            ]
        )
    );
    assert_eq!(
        after(&g, &f, &["e2e3r"]),
        fen(&with_kings(&[("e3", "rR(W)")]), "", "o", "-")
    );
    // Into it from the centre: only the move that ends there.
    let f = fen(&with_kings(&[("e4", "rG~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e4"),
        to("e4", &["d4", "d5", "e3", "e3r", "e5", "f4", "f5"])
    );
    // A Gold in an enemy supersquare does not promote (its next face needs home).
    let f = fen(&with_kings(&[("e7", "rG~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e7"),
        to("e7", &["d7", "d8", "e6", "e8", "f7", "f8"])
    );
    // Silver at home: may become a Bishop.
    let f = fen(&with_kings(&[("e2", "rS~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e2"),
        to("e2", &["d1", "d1b", "d3", "d3b", "e3", "e3b", "f3", "f3b"])
    );
    // Orange's Gold in Orange's supersquare; Green's Silver in Green's.
    let f = fen(&with_kings(&[("h5", "oG~")]), "", "o", "-");
    assert_eq!(
        moves_from(&g, &f, "h5"),
        to(
            "h5",
            &[
                "g4", "g4r", "g5", "g5r", "g6", "g6r", "h4", "h4r", "h6", "h6r", "i5", "i5r"
            ]
        )
    );
    let f = fen(&with_kings(&[("e8", "gS~")]), "", "g", "-");
    assert_eq!(
        moves_from(&g, &f, "e8"),
        to("e8", &["d7", "d7b", "e7", "e7b", "f7", "f7b", "f9", "f9b"])
    );
}

// ---------------------------------------------------------------------------------------------
// FF-10: one stage per move
// ---------------------------------------------------------------------------------------------

#[test]
fn ff10_wing_straight_to_the_opposite_supersquare_becomes_gold_not_rook() {
    let g = small();
    let pieces = [
        ("e1", "rK"),
        ("d1", "rW"),
        OK,
        ("d9", "gW"),
        ("e9", "gK"),
        BK,
    ];
    let f = fen(&pieces, "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "d1"),
        to(
            "d1",
            &[
                "d2", "d3", "d4", "d5", "d6", "d7", "d7g", "d8", "d8g", "d9g"
            ]
        )
    );
    // It takes the green Wing and is a Gold; the green Wing goes to Red's hand.
    assert_eq!(
        after(&g, &f, &["d1d9g"]),
        "***rG~gK1***/***3***/***3***/bK8/9/8oK/***3***/***3***/***1rK1***[rW] o - 0 1"
    );
    // A Knight entering its own supersquare becomes a Princess, not a Queen.
    let f = fen(&with_kings(&[("e5", "rN~")]), "", "r", "-");
    assert_eq!(
        after(&g, &f, &["e5d3+"]),
        fen(&with_kings(&[("d3", "rI(H)")]), "", "o", "-")
    );
    // A Rook leaving Green's supersquare for its own becomes a Chatelaine (one stage).
    let f = fen(&with_kings(&[("e8", "rR(W)")]), "", "r", "-");
    assert_eq!(
        after(&g, &f, &["e8e1+"]),
        fen(&with_kings(&[("e1", "rC(W)")]), "", "o", "-")
    );
}

// ---------------------------------------------------------------------------------------------
// FF-11: no leap or diagonal step between two players' supersquares
// ---------------------------------------------------------------------------------------------

#[test]
fn ff11_king_and_gold_may_not_step_diagonally_from_d3_to_c4() {
    let g = small();
    let f = fen(&[("d3", "rK"), OK, GK, BK], "", "r", "-");
    assert_eq!(moves(&g, &f), to("d3", &["d2", "d4", "e2", "e3", "e4"]));
    // From the centre a diagonal step into a supersquare is fine (d4 to c5, d4 to e3).
    let f = fen(&[("d4", "rK"), OK, GK, BK], "", "r", "-");
    assert_eq!(
        moves(&g, &f),
        to("d4", &["c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
    let f = fen(&with_kings(&[("d3", "rG~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "d3"),
        to("d3", &["d2", "d2r", "d4", "d4r", "e3", "e3r", "e4", "e4r"])
    );
}

#[test]
fn ff11_helm_and_knight_may_not_leap_between_supersquares() {
    let g = small();
    // Red Helm d3: c5 is Blue's.
    let f = fen(&with_kings(&[("d3", "rH")]), "", "r", "-");
    assert_eq!(moves_from(&g, &f, "d3"), strs(&["d3e5"]));
    // Red Knight d3: b4 and c5 barred; every other leap starts at home and may promote.
    let f = fen(&with_kings(&[("d3", "rN~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "d3"),
        to("d3", &["e1", "e1i", "e5", "e5i", "f2", "f2i", "f4", "f4i"])
    );
    // Red Knight c6 (Blue's): d8 and e7 (Green's) barred; a5, b4 within Blue's are fine.
    let f = fen(&with_kings(&[("c6", "rN~")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "c6"),
        to("c6", &["a5", "b4", "d4", "e5"])
    );
    // Each colour's Helm at the edge of a supersquare: only the leap into the centre.
    let f = fen(&with_kings(&[("c4", "bH")]), "", "b", "-");
    assert_eq!(moves_from(&g, &f, "c4"), strs(&["c4e5"]));
    let f = fen(&with_kings(&[("g6", "oH")]), "", "o", "-");
    assert_eq!(moves_from(&g, &f, "g6"), strs(&["g6e5"]));
    let f = fen(&with_kings(&[("f7", "gH")]), "", "g", "-");
    assert_eq!(moves_from(&g, &f, "f7"), strs(&["f7e5"]));
}

#[test]
fn ff11_diagonal_ride_may_cross_the_centre_but_not_cut_a_corner() {
    let g = small();
    // Red Bishop d3: not to c4; through e4, f5 (centre) into Orange's g6; back to e2, f1.
    let f = fen(&[("d1", "rK"), ("d3", "rB(M)"), OK, GK, BK], "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "d3"),
        to("d3", &["e2", "f1", "e4", "f5", "g6", "g6p"])
    );
}

#[test]
fn ff11_a_barred_step_is_no_attack() {
    let g = small();
    // Orange's Bishop g4 does not check a King on f3, but does on f5 (the centre).
    let f = fen(
        &[("f3", "rK"), ("g4", "oB(M)"), ("i5", "oK"), GK, BK],
        "",
        "r",
        "-",
    );
    assert_eq!(status(&g, &f), Status::Ongoing { in_check: false });
    let f = fen(
        &[("f5", "rK"), ("g4", "oB(M)"), ("i5", "oK"), GK, BK],
        "",
        "r",
        "-",
    );
    assert_eq!(status(&g, &f), Status::Ongoing { in_check: true });
    // Orange's Knight g4 does not check a King on e3 (g4 to e3 is a leap Orange's to Red's).
    let f = fen(
        &[("e3", "rK"), ("g4", "oN~"), ("i5", "oK"), GK, BK],
        "",
        "r",
        "-",
    );
    assert_eq!(status(&g, &f), Status::Ongoing { in_check: false });
}

#[test]
fn ff08_ff11_compulsory_when_every_further_move_is_barred() {
    // FF-08 "if it had no further move unpromoted, promotion is required", with FF-11: a red
    // Mitre on c6 could only go to d7 (b7 is a hole), a single diagonal step from Blue's
    // supersquare to Green's; on g6 only to f7 (Orange's to Green's). It could never move again:
    // it must promote.
    let g = small();
    let f = fen(&with_kings(&[("e4", "rM")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e4"),
        to("e4", &["d5", "c6s", "f5", "g6s"])
    );
    // A red Helm on c6 could only leap to d8 (b8 is a hole): Blue's to Green's, barred.
    let f = fen(&with_kings(&[("d4", "rH")]), "", "r", "-");
    assert_eq!(moves_from(&g, &f, "d4"), to("d4", &["c6n", "e6"]));
    // A red Princess on c6 or g6 likewise (its forward rides end at holes or barred steps).
    let f = fen(&with_kings(&[("e4", "rI(H)")]), "", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "e4"),
        to(
            "e4",
            &[
                "e5", "e6", "e7", "e7q", "e8", "e8q", "e9q", "d5", "c6q", "f5", "g6q"
            ]
        )
    );
    // Without FF-11: a red Helm leaping within Blue's supersquare to b6 must promote (a8, c8
    // are holes); leaving it for d6 it may.
    let f = fen(&with_kings(&[("c4", "rH")]), "", "r", "-");
    assert_eq!(moves_from(&g, &f, "c4"), to("c4", &["b6n", "d6", "d6n"]));
    // A green Mitre on g4 could only step to f3 (h3 is a hole): Orange's to Red's, barred.
    let f = fen(&with_kings(&[("d7", "gM")]), "", "g", "-");
    assert_eq!(moves_from(&g, &f, "d7"), to("d7", &["e6", "f5", "g4s"]));
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

// ---------------------------------------------------------------------------------------------
// FF-14: captures to hand, drops
// ---------------------------------------------------------------------------------------------

#[test]
fn ff14_captured_piece_goes_to_captor_hand_unpromoted() {
    let g = small();
    // Red's Rook e5 takes an orange piece on h5 of every face: the hand gets its first face.
    for (victim, base) in [
        ("oW", "rW"),
        ("oG~", "rW"),
        ("oR(W)", "rW"),
        ("oC(W)", "rW"),
        ("oM", "rM"),
        ("oS~", "rM"),
        ("oB(M)", "rM"),
        ("oP(M)", "rM"),
        ("oH", "rH"),
        ("oN~", "rH"),
        ("oI(H)", "rH"),
        ("oQ(H)", "rH"),
    ] {
        let f = fen(
            &with_kings(&[("e5", "rR(W)"), ("h5", victim)]),
            "",
            "r",
            "-",
        );
        assert_eq!(
            after(&g, &f, &["e5h5"]),
            fen(&with_kings(&[("h5", "rR(W)")]), base, "o", "-"),
            "{victim}"
        );
    }
    // A Wing promoted in play keeps its origin: Green takes the Gold and holds a Wing.
    let f = fen(
        &[("d1", "rK"), ("e2", "rW"), OK, GK, ("f7", "gR(W)"), BK],
        "",
        "r",
        "-",
    );
    assert_eq!(
        after(&g, &f, &["e2e7+", "i4h4", "f7e7"]),
        fen(
            &[("d1", "rK"), ("h4", "oK"), GK, ("e7", "gR(W)"), BK],
            "gW",
            "b",
            "-"
        )
    );
    // Orange's Rook takes a red Gold in Blue's supersquare: an orange Wing in hand.
    let f = fen(&with_kings(&[("e5", "oR(W)"), ("b5", "rG~")]), "", "o", "-");
    assert_eq!(
        after(&g, &f, &["e5b5"]),
        fen(&with_kings(&[("b5", "oR(W)")]), "oW", "g", "-")
    );
}

#[test]
fn ff14_only_the_captor_drops_and_not_where_the_piece_could_never_move() {
    let g = small();
    let kings = [RK, OK, GK, ("a4", "bK")];
    // A red Wing (north) could never move from rank 9 or from a6-c6, g6-i6 (holes above).
    let f = fen(&kings, "rW", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "W@"),
        drops(
            "W",
            &kings,
            &["d9", "e9", "f9", "a6", "b6", "c6", "g6", "h6", "i6"]
        )
    );
    assert_eq!(
        after(&g, &f, &["W@e4"]),
        fen_clocks(
            &[RK, OK, GK, ("a4", "bK"), ("e4", "rW")],
            "",
            "o",
            "-",
            0,
            1
        )
    );
    // A drop into an enemy supersquare does not promote.
    assert!(legal(&g, &f, "W@e7") && !legal(&g, &f, "W@e7+"));
    // An orange Wing (west) could never move from the a-file or from d1-d3, d7-d9.
    let f = fen(&kings, "oW", "o", "-");
    assert_eq!(
        moves_from(&g, &f, "W@"),
        drops(
            "W",
            &kings,
            &["a4", "a5", "a6", "d1", "d2", "d3", "d7", "d8", "d9"]
        )
    );
    // Red's Wing in hand is Red's: Orange has no drop.
    let f = fen(&kings, "rW", "o", "-");
    assert!(moves(&g, &f).iter().all(|m| !m.contains('@')));
    // A red Mitre could never move from rank 9, a6, b6, h6, i6 (holes ahead).
    let f = fen(&kings, "rM", "r", "-");
    let m = moves_from(&g, &f, "M@");
    for c in ["d9", "e9", "f9", "a6", "b6", "h6", "i6"] {
        assert!(!m.contains(&format!("M@{c}")), "M@{c}");
    }
    assert!(m.contains(&"M@e4".to_string()));
    // A red Helm could never move from ranks 8-9 nor from a5, a6, b5, b6, h5, h6, i5, i6.
    let f = fen(&kings, "rH", "r", "-");
    let m = moves_from(&g, &f, "H@");
    for c in [
        "d8", "e8", "f8", "d9", "e9", "f9", "a5", "a6", "b5", "b6", "h5", "h6", "i5", "i6",
    ] {
        assert!(!m.contains(&format!("H@{c}")), "H@{c}");
    }
    assert!(m.contains(&"H@e7".to_string()));
}

#[test]
fn ff14_ff11_no_drop_where_every_move_would_be_barred() {
    // FF-14 decision "may be dropped on any empty cell from which it could move", with FF-11.
    let g = small();
    let kings = [RK, OK, GK, ("a4", "bK")];
    // Red Mitre: also not on c6 (only d7, Blue's to Green's) nor g6 (only f7).
    let f = fen(&kings, "rM", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "M@"),
        drops(
            "M",
            &kings,
            &["d9", "e9", "f9", "a6", "b6", "h6", "i6", "c6", "g6"]
        )
    );
    // Red Helm: also not on c5 (only d7), c6 (only d8), g5 (only f7), g6 (only f8).
    let f = fen(&kings, "rH", "r", "-");
    assert_eq!(
        moves_from(&g, &f, "H@"),
        drops(
            "H",
            &kings,
            &[
                "d8", "e8", "f8", "d9", "e9", "f9", "a5", "a6", "b5", "b6", "h5", "h6", "i5", "i6",
                "c5", "c6", "g5", "g6"
            ]
        )
    );
}

// ---------------------------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------------------------

#[test]
fn ff01_ff14_four_player_fen_round_trip() {
    // FF-01, FF-13, FF-14: side tags, hands of several owners, eliminated players, clocks.
    let g = small();
    for f in [
        START,
        "***gWgKgW***/***gM1gM***/***3***/bWbM1gH3oMoW/bKbH4oMoHoK/bWbM6oW/***1rM1***/***1rHrM***/***rWrKrW***[rWrWrMoHgWbMbH] b - 3 1",
        "***gQgKgI***/***gNgHgP***/***3***/bBbM5oSoW/bKbR5oCoK/bGbM5oMoW/***3***/***rMrHrM***/***rWrKrW***[oWgHbM] g - 0 30",
        "***gQ(H)gKgI(H)***/***gN~gHgP(M)***/***3***/bB(M)bM5oS~oW/bKbR(W)5oC(W)oK/bG~bM5oMoW/***3***/***rMrHrM***/***rWrKrW***[oWgHbM] g - 0 30",
        "***3***/***3***/***3***/9/1rC(W)2rR(W)4/bK8/***3***/***3***/***rK2***[rWrH] r og 7 12",
        "***3***/***2gK***/***3***/9/4rR(W)2rC(W)1/1bK7/***3***/***rK2***/***3***[bW] g o 4 2",
        "***2gK***/***3***/***3***/3rR(W)5/4rR(W)4/bK7oK/***3***/***3***/***rK2***[-] o - 0 1",
    ] {
        let p = g.parse_fen(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(g.fen(&p), f);
    }
    // An eliminated player may not be the side to move; unknown tags are refused.
    assert!(
        g.parse_fen("***3***/***3***/***3***/9/1rC2rR4/bK8/***3***/***3***/***rK2***[] o o 0 1")
            .is_err()
    );
    assert!(
        g.parse_fen("***3***/***3***/***3***/9/1rC2rR4/bK8/***3***/***3***/***rK2***[] w - 0 1")
            .is_err()
    );
}

/// FF-14 (the header's FEN convention): a promoted piece carries its origin and returns to hand
/// as it (`oG~` → Wing); a bare `oG` is a Gold that started as one and returns as a Gold.
#[test]
fn ff14_origin_marks_decide_what_returns_to_hand() {
    let g = small();
    let f = fen(&with_kings(&[("e5", "rR(W)"), ("h5", "oG~")]), "", "r", "-");
    assert_eq!(
        after(&g, &f, &["e5h5"]),
        fen(&with_kings(&[("h5", "rR(W)")]), "rW", "o", "-")
    );
    let f = fen(&with_kings(&[("e5", "rR(W)"), ("h5", "oG")]), "", "r", "-");
    assert_eq!(
        after(&g, &f, &["e5h5"]),
        fen(&with_kings(&[("h5", "rR(W)")]), "rG", "o", "-")
    );
}

/// FF-13: a FEN may not list as eliminated a player who still has pieces.
#[test]
fn ff13_an_eliminated_player_has_no_pieces() {
    let g = small();
    assert!(
        g.parse_fen(
            "***2gK***/***3***/***3***/bK8/4oR(W)4/8oK/***3***/***rK2***/***3***[] r o 0 1"
        )
        .is_err()
    );
}
