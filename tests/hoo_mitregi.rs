//! Scenario tests of Hoo Mitregi (definitions/hoo-mitregi.varia), one or more per rule of the HM
//! section of ../shared/seeds/RULES.md (HM-01 .. HM-22). Each expected answer was worked out by
//! hand from the rules page before running varia.
//!
//! White moves north and promotes in ranks 6-9; Black moves south and promotes in ranks 1-4. Cell
//! parity below is (file + rank) with a1 = (0, 0): a1 is an "even" cell.
//!
//! The cases that need no Rust (a position, moves, the expected answer) are data in
//! `tests/scenarios/hoo_mitregi.scn`; what stays here needs the API beyond them.

mod common;
use common::*;

const HM: &str = "definitions/hoo-mitregi.varia";

fn leaping() -> varia::Game {
    load(HM, None)
}

fn stepping() -> varia::Game {
    load(HM, Some("stepping"))
}

// ---------------------------------------------------------------------------------------------
// HM-02: the starting array.

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
// HM-14: leaping vs stepping, one position with a piece on each halfway cell.

// Goldtusk b2 (c3 own Point halfway to d4), Silverdabchick e2 (black Point e3 halfway to e4),
// Golddabbaba h4 (own Point h5 halfway to h6), Silverelephant c6 (black Cross d7 halfway to e8).

// ---------------------------------------------------------------------------------------------
// HM-16: no double step, no en passant, no castling.

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
