//! Scenario tests of the move rules beyond the core: castling as data (destination files,
//! Chess960 notation and rights), shuffled set-ups, and their bad inputs. Expected moves and
//! positions are Fairy-Stockfish's (checked with pyffish when the tests were written).
//!
//! The cases that need no Rust (a position, moves, the expected answer) are data in
//! `tests/scenarios/move_rules.scn`; what stays here needs the API beyond them.

mod common;

use common::{after, load, moves};
use varia::Game;

fn fsf(name: &str) -> Game {
    load(&format!("definitions/fsf/{name}.varia"), None)
}

// ---------------------------------------------------------------------------------------------
// castling

// ---------------------------------------------------------------------------------------------
// shuffled set-ups

#[test]
fn a_seed_always_gives_the_same_legal_chess960_array() {
    let g = fsf("fischerandom");
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let fen = g.fen(&g.shuffled_start(seed).unwrap());
        assert_eq!(fen, g.fen(&g.shuffled_start(seed).unwrap()));
        let back = fen
            .split('/')
            .next_back()
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        let front = fen.split('/').next().unwrap();
        assert_eq!(back.to_lowercase(), front, "black mirrors white: {fen}");
        let file = |c: char| back.find(c).unwrap();
        let bishops: Vec<usize> = back.match_indices('B').map(|(i, _)| i).collect();
        assert_ne!(
            bishops[0] % 2,
            bishops[1] % 2,
            "bishops on both colours: {fen}"
        );
        let rooks: Vec<usize> = back.match_indices('R').map(|(i, _)| i).collect();
        assert!(rooks[0] < file('K') && file('K') < rooks[1], "{fen}");
        // Both rooks keep their rights, named by file.
        let rights: String = [rooks[1], rooks[0]]
            .iter()
            .map(|&f| (b'A' + f as u8) as char)
            .collect();
        assert!(
            fen.contains(&format!(" w {rights}{} ", rights.to_lowercase())),
            "{fen}"
        );
        seen.insert(back.to_string());
    }
    assert!(
        seen.len() > 150,
        "200 seeds gave only {} arrays",
        seen.len()
    );
}

#[test]
fn a_seed_is_refused_where_nothing_is_shuffled() {
    let g = fsf("capablanca");
    assert!(g.shuffled_start(1).is_err());
}

// ---------------------------------------------------------------------------------------------
// hands

#[test]
fn a_captured_promoted_piece_keeps_its_type_in_hand_where_the_rules_say() {
    let f = "4k3/P7/8/8/8/8/7K/r7[] w - - 0 1";
    // Loop chess: the new queen returns to hand as a queen; crazyhouse: as a pawn.
    assert_eq!(
        after(&fsf("loop"), f, &["a7a8q", "a1a8"]),
        "r3k3/8/8/8/8/8/7K/8[q] w - - 0 2"
    );
    let zh = load("definitions/classic/crazyhouse.varia", None);
    assert_eq!(
        after(&zh, f, &["a7a8q", "a1a8"]),
        "r3k3/8/8/8/8/8/7K/8[p] w - - 0 2"
    );
}

// ---------------------------------------------------------------------------------------------
// Janggi: moves within a zone, hop restrictions by type, passing

#[test]
fn facing_kings_must_part_or_pass_and_a_pass_ends_the_game() {
    // White's rook leaves the e-file: the kings face each other (bikjang). Blue must step off
    // the file or pass; staying on it (e8, e10) is illegal.
    let f = "9/4k4/9/9/9/9/4R4/9/4K4/9 w - - 0 1";
    let trad = fsf("janggitraditional");
    let after_rook = after(&trad, f, &["e4a4"]);
    assert_eq!(
        common::moves(&trad, &after_rook),
        ["e9d10", "e9d8", "e9d9", "e9e9", "e9f10", "e9f8", "e9f9"]
    );
    // Casual rules know no bikjang.
    let casual = fsf("janggicasual");
    assert_eq!(common::moves(&casual, &after_rook).len(), 9);
    // Blue passes: the facing outlasted its move. A draw under traditional rules ...
    let mut pos = trad.parse_fen(&after_rook).unwrap();
    let m = trad.parse_move(&pos, "e9e9").unwrap();
    trad.play(&mut pos, &m).unwrap();
    let s = trad.status(&pos);
    assert!(s.is_over() && s.winner().is_none(), "{s:?}");
    // ... and decided by material under tournament rules: White's rook (13) against Blue's 1.5.
    let janggi = fsf("janggi");
    let mut pos = janggi.parse_fen(&after_rook).unwrap();
    let m = janggi.parse_move(&pos, "e9e9").unwrap();
    janggi.play(&mut pos, &m).unwrap();
    let s = janggi.status(&pos);
    assert_eq!(
        janggi.rules().players[s.winner().unwrap().index()].name,
        "white"
    );
    // Equal material: Blue's 1.5 decides a double pass.
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let mut pos = janggi.parse_fen(start).unwrap();
    for m in ["e2e2", "e9e9"] {
        let m = janggi.parse_move(&pos, m).unwrap();
        janggi.play(&mut pos, &m).unwrap();
    }
    let s = janggi.status(&pos);
    assert_eq!(
        janggi.rules().players[s.winner().unwrap().index()].name,
        "black"
    );
}

// ---------------------------------------------------------------------------------------------
// placement: drops before play

#[test]
fn placement_pieces_in_hand_must_be_dropped_first() {
    let g = fsf("placement");
    let all = moves(&g, &g.fen(&g.start()));
    assert_eq!(all.len(), 40);
    assert!(
        all.iter().all(|m| m.contains('@') && m.ends_with('1')),
        "{all:?}"
    );
}

#[test]
fn a_royal_piece_is_in_hand_only_where_the_set_up_fills_the_hands() {
    let g = load("definitions/classic/crazyhouse.varia", None);
    assert!(
        g.parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[K] w kq - 0 1")
            .is_err()
    );
}

// ---------------------------------------------------------------------------------------------
// walls left behind (Joust, Snailtrail)

#[test]
fn a_wall_in_a_fen_needs_walls_in_the_rules() {
    let g = load("definitions/classic/chess.varia", None);
    assert!(
        g.parse_fen("rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .is_err()
    );
}

#[test]
fn blown_up_pieces_go_to_hand_as_if_captured_by_the_player_who_lost_one() {
    // Atomic chess with captures to hand (Fairy-Stockfish, asked with that configuration, agrees):
    // the knight taken and the bishop blown up go to White; White's rook and bishop to Black.
    let src = std::fs::read_to_string(format!(
        "{}/definitions/fsf/atomic.varia",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .replace(
        "captures explode\n",
        "captures explode\ncaptures go to hand\n",
    );
    let g = varia::load_str(&src, None).unwrap();
    assert_eq!(
        after(&g, "k7/8/8/8/3bn2R/5B2/8/K7[] w - - 0 1", &["h4e4"]),
        "k7/8/8/8/8/8/8/K7[BNrb] b - - 0 1"
    );
}
