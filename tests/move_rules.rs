//! Scenario tests of the move rules beyond the core: castling as data (destination files,
//! Chess960 notation and rights), shuffled set-ups, and their bad inputs. Expected moves and
//! positions are Fairy-Stockfish's (checked with pyffish when the tests were written).

mod common;

use common::{after, load, moves, moves_from, strs};
use varia::{Game, LoadError};

fn fsf(name: &str) -> Game {
    load(&format!("definitions/fsf/{name}.varia"), None)
}

// ---------------------------------------------------------------------------------------------
// castling

#[test]
fn a_three_cell_castle_lands_the_rook_beside_the_king() {
    let g = fsf("capablanca");
    let f = "4k5/10/10/10/10/10/10/5K3R w K - 0 1";
    assert_eq!(
        moves_from(&g, f, "f1"),
        ["f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "f1i1"]
    );
    assert_eq!(
        after(&g, f, &["f1i1"]),
        "4k5/10/10/10/10/10/10/7RK1 b - - 1 1"
    );
}

#[test]
fn a_three_cell_castle_may_not_pass_an_attacked_cell() {
    // The rook on h8 attacks h1, which the king crosses on its way to i1.
    let g = fsf("capablanca");
    let f = "4k2r2/10/10/10/10/10/10/5K3R w K - 0 1";
    assert_eq!(
        moves_from(&g, f, "f1"),
        ["f1e1", "f1e2", "f1f2", "f1g1", "f1g2"]
    );
}

#[test]
fn chess960_castling_is_written_as_taking_the_rook() {
    let g = fsf("fischerandom");
    // The king lands on the rook's cell and the rook jumps to f1.
    let f = "4k3/8/8/8/8/8/8/5KR1 w G - 0 1";
    assert_eq!(
        moves_from(&g, f, "f1"),
        ["f1e1", "f1e2", "f1f2", "f1g1", "f1g2"]
    );
    assert_eq!(after(&g, f, &["f1g1"]), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Queenside from b1: the king moves right, to c1, and the rook to d1.
    let f = "4k3/8/8/8/8/8/8/RK6 w A - 0 1";
    assert_eq!(
        moves_from(&g, f, "b1"),
        ["b1a1", "b1a2", "b1b2", "b1c1", "b1c2"]
    );
    assert_eq!(after(&g, f, &["b1a1"]), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // The rook on f1 attacks c1 and d1 once a1's rook has gone: no castling.
    let f = "4k3/8/8/8/8/8/8/RK3r2 w A - 0 1";
    assert_eq!(moves_from(&g, f, "b1"), ["b1a2", "b1b2", "b1c2"]);
}

#[test]
fn castling_rights_are_written_as_the_rules_say() {
    // Chess960 notation: the rooks' files (Shredder-FEN), unless the FEN read wrote `KQkq`
    // (as the set-up does).
    let g = fsf("fischerandom");
    assert_eq!(
        g.fen(&g.start()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let after_move = after(
        &g,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        &["e2e4"],
    );
    assert_eq!(
        after_move,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1"
    );
    // Elsewhere K and Q, and a file letter (X-FEN) for a right held by an inner rook.
    let g = fsf("capablanca");
    let f = "4k5/10/10/10/10/10/10/R1R2K2RR w C - 0 1";
    let pos = g.parse_fen(f).unwrap();
    assert_eq!(g.fen(&pos), f);
    // A right for a rook that is not there is refused, not dropped.
    let f = "4k5/10/10/10/10/10/10/R1R2K2RR w Cq - 0 1";
    assert_eq!(
        g.parse_fen(f).unwrap_err().to_string(),
        "castling right `q`: black has no Rook on its King's rank towards the a-file"
    );
    let f = "r3k4r/10/10/10/10/10/10/R1R2K2RR w KCkq - 0 1";
    let pos = g.parse_fen(f).unwrap();
    assert_eq!(g.fen(&pos), "r3k4r/10/10/10/10/10/10/R1R2K2RR w KCkq - 0 1");
}

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
// bad input

/// The messages of a definition's diagnostics, each with the line it points at.
fn problems(src: &str) -> Vec<(usize, String)> {
    match varia::load_str(src, None) {
        Ok(_) => panic!("accepted:\n{src}"),
        Err(LoadError::Definition(ds)) => ds
            .iter()
            .map(|d| {
                (
                    src[..d.span.start].matches('\n').count() + 1,
                    d.message.clone(),
                )
            })
            .collect(),
        Err(e) => panic!("{e}"),
    }
}

const CHESS: &str = "game g
board 8 x 8
player white north
player black south
piece King K
  royal
  moves K
piece Rook R
  moves R
piece Chancellor C
  moves RN
piece Bishop B
  moves B
";

#[test]
fn contradictory_castling_rules_are_refused_at_their_line() {
    let src = format!(
        "{CHESS}castling King with Rook to g c\ncastling King with Chancellor\n\
         setup rcb1k3/8/8/8/8/8/8/RCB1K3 w KQkq - 0 1\n"
    );
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 15);
    assert!(p[0].1.contains("different files"), "{p:?}");
}

#[test]
fn a_castling_file_off_the_board_is_refused() {
    let src =
        format!("{CHESS}castling King with Rook to k c\nsetup 4k3/8/8/8/8/8/8/R3K2R w - - 0 1\n");
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 14);
    assert!(p[0].1.contains("file `k` is not on the board"), "{p:?}");
}

#[test]
fn a_shuffle_without_a_solution_is_refused_at_its_line() {
    // One bishop cannot stand on both colours.
    let src = format!(
        "{CHESS}shuffle rank 1: Bishop on both colours\nsetup rcb1k3/8/8/8/8/8/8/RCB1K3 w - - 0 1\n"
    );
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 14);
    assert!(p[0].1.contains("shuffle rules"), "{p:?}");
    // A shuffle rule naming an unknown piece.
    let src = format!(
        "{CHESS}shuffle rank 1: King between Castle\nsetup 4k3/8/8/8/8/8/8/R3K2R w - - 0 1\n"
    );
    let p = problems(&src);
    assert_eq!(p[0].0, 14);
    assert!(p[0].1.contains("Castle"), "{p:?}");
}

// ---------------------------------------------------------------------------------------------
// the grasshopper (Betza g)

#[test]
fn a_grasshopper_lands_just_beyond_its_screen() {
    let g = fsf("grasshopper");
    // Up the file, the screen d8 stands on the edge: no landing cell. Down, the enemy rook on
    // d2 is a screen like any piece: d1. North-east, f6 then g7. Nothing else has a screen.
    let f = "3Pk3/8/5P2/8/3G4/8/3r4/K7 w - - 0 1";
    assert_eq!(moves_from(&g, f, "d4"), ["d4d1", "d4g7"]);
}

#[test]
fn a_grasshopper_attacks_the_cell_behind_its_screen() {
    let g = fsf("grasshopper");
    // The pawn on e7 screens the black king on e8 from the grasshopper on e1: check. Only
    // moving the king or the screen (to e6, which screens e7 instead) answers it.
    let f = "4k3/4p3/8/8/8/8/8/K3G3 b - - 0 1";
    assert_eq!(
        common::moves(&g, f),
        ["e7e6", "e8d7", "e8d8", "e8f7", "e8f8"]
    );
}

#[test]
fn g_needs_a_rider() {
    let src = format!("{CHESS}piece Hopper H\n  moves gW\nsetup 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 15);
    assert!(p[0].1.contains("needs a rider"), "{p:?}");
}

// ---------------------------------------------------------------------------------------------
// jumping leaps (Betza j)

/// Kings, a jumper (`jD` both ways, `mjA` moving only) and a forward jumper (`fjD`, capturing
/// as `cW`).
const JUMPERS: &str = "game j
board 8 x 8
player white north
player black south
piece King K
  royal
  moves K
piece Jumper J
  moves jD mjA
piece Forward F
  moves fjD cW
";

#[test]
fn a_jumping_leap_needs_a_piece_to_jump_over() {
    let f = "4k3/8/8/3f4/2fJ4/3J1F2/8/4K3 w - - 0 1";
    let g = varia::load_str(&format!("{JUMPERS}setup {f}\n"), None).unwrap();
    // d4 jumps over d5 to d6 and over c4 to b4; its own jumper on d3 is a screen too (d2); e4
    // is empty, so no leap east, and the diagonal leaps would need a piece on c5, c3, e5 or e3.
    assert_eq!(moves_from(&g, f, "d4"), ["d4b4", "d4d2", "d4d6"]);
    // The forward jumper on f3 has nothing on f4 to jump over, and nothing to capture.
    assert!(moves_from(&g, f, "f3").is_empty());
    // The jumper on e6 checks the king on e8 over e7. Black answers with the king, by taking
    // the checker (`cW`), or by moving the screen away: e7 jumps over e6 to e5.
    let check = "4k3/4f3/4J3/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(
        common::moves(&g, check),
        ["e7e5", "e7e6", "e8d7", "e8d8", "e8f7", "e8f8"]
    );
}

#[test]
fn j_needs_a_two_cell_straight_leap() {
    for moves in ["jN", "jR", "jD2", "pjD", "njA", "imjD"] {
        let src =
            format!("{CHESS}piece Odd O\n  moves {moves}\nsetup 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
        let p = problems(&src);
        assert_eq!(p.len(), 1, "{moves}: {p:?}");
        assert_eq!(p[0].0, 15, "{moves}: {p:?}");
        assert!(p[0].1.contains("two-cell straight leaps"), "{moves}: {p:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// hands

#[test]
fn a_hand_given_in_the_setup_is_dropped_though_captures_leave_the_game() {
    let g = fsf("pocketknight");
    let start = g.fen(&g.start());
    assert_eq!(
        start,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1"
    );
    // 20 moves and 32 knight drops.
    assert_eq!(common::moves(&g, &start).len(), 52);
    // A capture leaves the hands as they were.
    let f = "4k3/8/8/3p4/4P3/8/8/4K3[Nn] w - - 0 1";
    assert_eq!(
        after(&g, f, &["e4d5"]),
        "4k3/8/8/3P4/8/8/8/4K3[Nn] b - - 0 1"
    );
}

#[test]
fn a_dragon_is_dropped_only_on_its_own_first_rank() {
    let g = fsf("dragon");
    let f = "4k3/8/8/8/8/8/8/4K3[Dd] w - - 0 1";
    let drops: Vec<String> = common::moves(&g, f)
        .into_iter()
        .filter(|m| m.starts_with("D@"))
        .collect();
    assert_eq!(
        drops,
        ["D@a1", "D@b1", "D@c1", "D@d1", "D@f1", "D@g1", "D@h1"]
    );
}

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
// royalty gained by promotion

#[test]
fn a_pawn_may_not_promote_to_a_royal_type_on_an_attacked_cell() {
    // Royal queens (coregal chess): b7b8q would put a royal queen where the a8 rook attacks it.
    let src = "game g
board 8 x 8
player white north
player black south
zone far = rank 8
piece King K
  royal
  moves K
piece Queen Q
  royal
  moves Q
piece Rook R
  moves R
piece Pawn P
  moves mfW cfF
  promotes to Queen Rook when entering far, compulsory
setup r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1
";
    let g = varia::load_str(src, None).unwrap();
    assert_eq!(
        moves_from(&g, &g.fen(&g.start()), "b7"),
        ["b7a8q", "b7a8r", "b7b8r"]
    );
}

/// A game on an 8 x 8 board with a royal king and the given piece types and set-up.
fn with_king(pieces: &str, setup: &str) -> Game {
    let src = format!(
        "game g
board 8 x 8
player white north
player black south
{pieces}
piece King K
  royal
  moves K
setup {setup}
"
    );
    varia::load_str(&src, None).unwrap()
}

/// A piece with two promotions whose zones overlap: the first listed that fires decides.
fn overlapping_promotions(first: &str, second: &str) -> Game {
    let pieces = format!(
        "zone far = rank 8
zone upper = ranks 7-8
piece Queen Q
  moves Q
piece Rook R
  moves R
piece Knight N
  moves N
piece Jumper J
  moves fW fD
  {first}
  {second}"
    );
    with_king(&pieces, "7k/8/1J1J1J2/8/8/8/8/4K3 w - - 0 1")
}

#[test]
fn overlapping_promotion_zones_are_counted_as_listed() {
    let far = "promotes to Queen Rook when ending in far";
    let upper = "promotes to Knight when entering upper, compulsory";
    // Far first: a move to the eighth rank may promote to a queen or a rook, or not at all; a
    // move to the seventh enters only the upper zone.
    let g = overlapping_promotions(far, upper);
    let fen = g.fen(&g.start());
    assert_eq!(
        moves_from(&g, &fen, "b6"),
        ["b6b7n", "b6b8", "b6b8q", "b6b8r"]
    );
    // Three jumpers counted together (the counting fast path) and the king's five steps.
    assert_eq!(g.perft(&g.start(), 1).unwrap(), 3 * 4 + 5);
    assert_eq!(
        g.perft(&g.start(), 1).unwrap(),
        moves(&g, &fen).len() as u64
    );
    // Upper first: entering it fires on both ranks.
    let g = overlapping_promotions(upper, far);
    assert_eq!(moves_from(&g, &fen, "d6"), ["d6d7n", "d6d8n"]);
    assert_eq!(g.perft(&g.start(), 1).unwrap(), 3 * 2 + 5);
    assert_eq!(
        g.perft(&g.start(), 1).unwrap(),
        moves(&g, &fen).len() as u64
    );
}

#[test]
fn a_royal_taking_a_piece_its_attacker_may_not_capture_is_still_attacked_there() {
    // The d5 cannon may not capture a cannon, so it spares d2 now; after Kxd2 the king stands
    // there, and the cannon takes it over the d4 pawn.
    let g = with_king(
        "piece Cannon C
  moves mRcpR
  may not capture Cannon
piece Pawn P
  moves fW",
        "4k3/8/8/3c4/3P4/8/3cK3/8 w - - 0 1",
    );
    let fen = g.fen(&g.start());
    assert_eq!(
        moves_from(&g, &fen, "e2"),
        ["e2d1", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3"]
    );
    assert_eq!(g.perft(&g.start(), 1).unwrap(), 7);
}

/// A rook that may not capture a king, beside knights.
fn king_spared(setup: &str) -> Game {
    let pieces = "piece Rook R
  moves R
  may not capture King
piece Knight N
  moves N";
    with_king(pieces, setup)
}

#[test]
fn a_rider_that_may_not_capture_the_royal_neither_pins_nor_checks() {
    // The e8 rook pins nothing on the e-file and does not guard it against the king.
    let g = king_spared("k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        moves(&g, &g.fen(&g.start())),
        [
            "e1d1", "e1d2", "e1f1", "e1f2", "e2c1", "e2c3", "e2d4", "e2f4", "e2g1", "e2g3"
        ]
    );
    // In check by the d3 knight: taking it answers the check, and the king may step onto the
    // rook's file.
    let g = king_spared("k3r3/8/8/8/1N6/3n4/8/4K3 w - - 0 1");
    assert_eq!(
        moves(&g, &g.fen(&g.start())),
        ["b4d3", "e1d1", "e1d2", "e1e2", "e1f1"]
    );
    assert_eq!(g.perft(&g.start(), 1).unwrap(), 5);
}

/// A king beside a displacing piece of the other side.
fn beside_displacer(moves: &str, setup: &str) -> Game {
    let pieces = format!(
        "piece Displacer D
  moves {moves}
style displace for Displacer"
    );
    with_king(&pieces, setup)
}

#[test]
fn a_king_may_not_step_where_a_displacer_passes_or_lands() {
    // The b2 elephant's leap to d4 passes c3 and takes what stands there.
    let g = beside_displacer("A", "7k/8/8/8/2K5/8/1d6/8 w - - 0 1");
    assert_eq!(
        moves(&g, &g.fen(&g.start())),
        ["c4b3", "c4b4", "c4b5", "c4c5", "c4d3", "c4d5"]
    );
    // A displacer that may not capture where it lands still takes what it passes: from b2 it
    // may land on d4 once the king has left it, so the king may not step to c3.
    let g = beside_displacer("mA", "7k/8/8/8/3K4/8/1d6/8 w - - 0 1");
    assert_eq!(
        moves(&g, &g.fen(&g.start())),
        ["d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"]
    );
    assert_eq!(g.perft(&g.start(), 1).unwrap(), 7);
}

// ---------------------------------------------------------------------------------------------
// promotion caps

#[test]
fn a_promotion_is_refused_by_its_cap() {
    // Grand chess: at most one queen a side, so with the queen on a1 the pawn may not become one.
    let g = fsf("grand");
    let with_queen = "4k5/P9/10/10/10/10/10/10/10/Q3K5 w - - 0 1";
    assert_eq!(
        moves_from(&g, with_queen, "a9"),
        ["a9a10a", "a9a10b", "a9a10c", "a9a10n", "a9a10r"]
    );
    let without = "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1";
    assert_eq!(
        moves_from(&g, without, "a9"),
        ["a9a10a", "a9a10b", "a9a10c", "a9a10n", "a9a10q", "a9a10r"]
    );
}

// ---------------------------------------------------------------------------------------------
// hands filled from another board, compulsory drops, drops that may not check, hand order

#[test]
fn a_capture_goes_to_the_partner_and_a_promoted_piece_keeps_its_origin() {
    let g = fsf("bughouse");
    // The rook taken on a8 leaves this board: no hand fills (crazyhouse would hold it).
    assert_eq!(
        after(&g, "r3k3/8/8/8/8/8/8/R3K3[] w - - 0 1", &["a1a8"]),
        "R3k3/8/8/8/8/8/8/4K3[] b - - 0 1"
    );
    // A promoted pawn is written `Q~`: the partner gets a pawn if it is taken.
    let f = "4k3/1P6/8/8/8/8/7r/4K3[] w - - 0 1";
    assert_eq!(
        after(&g, f, &["b7b8q"]),
        "1Q~2k3/8/8/8/8/8/7r/4K3[] b - - 0 1"
    );
    // and the mark is read back.
    assert_eq!(
        after(&g, "1Q~2k3/8/8/8/8/8/7r/4K3[] b - - 0 1", &["e8e7"]),
        "1Q~6/4k3/8/8/8/8/7r/4K3[] w - - 1 2"
    );
}

#[test]
fn a_compulsory_drop_comes_before_every_other_move() {
    let g = fsf("koedem");
    // White's king was taken: holding it, White must drop it (anywhere empty), and may not
    // drop the knight instead.
    let f = "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQ1BNR[KN] w kq - 0 2";
    let all = common::moves(&g, f);
    assert_eq!(all.len(), 33);
    assert!(all.iter().all(|m| m.starts_with("K@")), "{all:?}");
    // Without a king in hand the knight may be dropped, or any piece moved.
    let f = "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 2";
    let all = common::moves(&g, f);
    assert!(all.contains(&"N@e4".to_string()) && all.contains(&"e2e4".to_string()));
}

#[test]
fn a_drop_may_not_give_check_where_drops_may_not() {
    let g = fsf("supply");
    // A rook dropped on the e-file would check the king on e10: none is offered; elsewhere on
    // White's half it may go (5 ranks x 8 files, less d1 where the king stands), and the king
    // has one move (d2; e1 would face the enemy king).
    let f = "4k4/9/9/9/9/9/9/9/9/3K5[R] w - - 0 1";
    let all = common::moves(&g, f);
    assert_eq!(all.len(), 40);
    assert!(!all.iter().any(|m| m.starts_with("R@e")), "{all:?}");
    assert_eq!(moves_from(&g, f, "d1"), ["d1d2"]);
}

#[test]
fn the_hand_is_written_in_the_declared_order() {
    let g = fsf("supply");
    // Read in any order, written as `hand order` says (Fairy-Stockfish's order).
    let f = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[RACPNBracpnb] w - - 0 1";
    let pos = g.parse_fen(f).unwrap();
    assert_eq!(
        g.fen(&pos),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[BNPCARbnpcar] w - - 0 1"
    );
}

// ---------------------------------------------------------------------------------------------
// answering checks (the move generator's shortcuts must not lose a legal move)

#[test]
fn a_cannon_check_is_answered_by_moving_the_screen_away() {
    let g = load("definitions/classic/xiangqi.varia", None);
    // The horse on e2 screens the cannon's check: any horse move answers it.
    assert_eq!(
        common::moves(&g, "4k4/9/9/9/9/9/4c4/9/4N4/4K4 w - - 0 1"),
        [
            "e1d1", "e1f1", "e2c1", "e2c3", "e2d4", "e2f4", "e2g1", "e2g3"
        ]
    );
    // A rook's check is not answered so: only the king may move.
    assert_eq!(
        common::moves(&g, "4k4/9/9/9/9/9/4r4/9/4N4/4K4 w - - 0 1"),
        ["e1d1", "e1f1"]
    );
    // Two screens: either leaving the file would give the cannon its check.
    assert_eq!(
        common::moves(&g, "3k5/9/9/9/9/9/4c4/4P4/4N4/4K4 w - - 0 1"),
        ["e1f1", "e3e4"]
    );
}

#[test]
fn a_check_is_answered_only_by_taking_or_blocking() {
    let g = load("definitions/classic/crazyhouse.varia", None);
    // The rook on e8 checks along the file: the bishop may block on e3, a knight may be dropped
    // on any cell between, the king may step aside; nothing else.
    let f = "4r1k1/8/8/8/8/8/3B4/4K3[N] w - - 0 1";
    assert_eq!(
        common::moves(&g, f),
        [
            "N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7", "d2e3", "e1d1", "e1f1", "e1f2"
        ]
    );
}

#[test]
fn hand_rules_that_contradict_are_refused_at_their_line() {
    // Compulsory drops without hands.
    let src =
        format!("{CHESS}drops of Rook are compulsory\nsetup 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n");
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 14);
    assert!(p[0].1.contains("compulsory drops need hands"), "{p:?}");
    // Captures cannot go both to hand and to a partner.
    let src = format!(
        "{CHESS}captures go to hand\ncaptures go to partner\nsetup 4k3/8/8/8/8/8/8/R3K3[] w - - 0 1\n"
    );
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 15);
    assert!(p[0].1.contains("to hand or to a partner"), "{p:?}");
    // A type named twice in the hand order.
    let src = format!(
        "{CHESS}captures go to hand\nhand order Rook Bishop Rook\nsetup 4k3/8/8/8/8/8/8/R3K3[] w - - 0 1\n"
    );
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 15);
    assert!(p[0].1.contains("`Rook` is named twice"), "{p:?}");
}

// ---------------------------------------------------------------------------------------------
// en passant field in full

#[test]
fn a_full_en_passant_field_names_the_passed_and_the_landing_cell() {
    let g = fsf("berolina");
    // The berolina pawn's diagonal double step e2-c4 passes d3: Fairy-Stockfish writes `d3c4`
    // whether or not a pawn could take, ...
    assert_eq!(
        after(
            &g,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["e2c4"]
        ),
        "rnbqkbnr/pppppppp/8/8/2P5/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 1"
    );
    // ... the black pawn on d4 takes it straight ahead on d3, and the field reads back as written.
    let f = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        after(&g, f, &["e2c4", "d4d3"]),
        "rnbqkbnr/ppp1pppp/8/8/8/3p4/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let f = "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 1";
    assert_eq!(after(&g, f, &[]), f);
    // A chess pawn's field names only passed cells a pawn could take on.
    let chess = load("definitions/classic/chess.varia", None);
    assert_eq!(
        after(
            &chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["e2e4"]
        ),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

// ---------------------------------------------------------------------------------------------
// promotion by capturing

#[test]
fn a_piece_turns_over_only_when_it_captures() {
    let g = fsf("micro");
    let f = "kb+r+l/p3/4/3P/+L+RBK[-] w 0 1";
    // No capture on the first move: nothing turns over.
    assert_eq!(
        common::moves(&g, f),
        [
            "a1a2", "a1b2", "b1a2", "b1b2", "b1c2", "c1a3", "c1b2", "d1c2", "d2d3"
        ]
    );
    // White's rook-gold takes the silver on c2 and turns back into a rook (`-`); the king
    // takes without turning over.
    let f = "kb+r+l/p3/4/1P+l1/+L+RBK[-] w 0 1";
    assert_eq!(common::moves(&g, f), ["b1c2-", "d1c2", "d1d2"]);
    assert_eq!(
        after(&g, f, &["b1c2-"]),
        "kb+r+l/p3/4/1PR1/+L1BK[L] b - - 0 1"
    );
    // A pawn that captures becomes a knight.
    let f = "k3/4/1p2/1P2/3K[] w 0 1";
    assert_eq!(moves_from(&g, f, "b2"), ["b2b3+"]);
}

// ---------------------------------------------------------------------------------------------
// first moves (Betza `i`)

#[test]
fn a_first_move_needs_its_right_and_a_king_not_in_check() {
    let g = fsf("cambodian");
    // The king on d1 keeps its right (`D`): it may leap to b2 or f2 as well as step.
    assert_eq!(
        common::moves(&g, "4k3/8/8/8/8/8/8/3K4 w D - 0 1"),
        ["d1b2", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d1f2"]
    );
    // Without it, only steps.
    assert_eq!(
        common::moves(&g, "4k3/8/8/8/8/8/8/3K4 w - - 0 1"),
        ["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]
    );
    // Not out of check (the rook on a1 checks along the first rank).
    assert_eq!(
        common::moves(&g, "4k3/8/8/8/8/8/8/r2K4 w D - 0 1"),
        ["d1c2", "d1d2", "d1e2"]
    );
    // The met with its right (`E`) may step two cells straight forward.
    assert_eq!(
        common::moves(&g, "4k3/8/8/8/8/8/8/3KM3 w E - 0 1"),
        ["d1c1", "d1c2", "d1d2", "d1e2", "e1d2", "e1e3", "e1f2"]
    );
    assert_eq!(
        common::moves(&g, "4k3/8/8/8/8/8/8/3KM3 w - - 0 1"),
        ["d1c1", "d1c2", "d1d2", "d1e2", "e1d2", "e1f2"]
    );
}

#[test]
fn a_rook_aiming_at_the_king_takes_its_first_move_away() {
    let g = fsf("cambodian");
    // The rook moves onto the e-file, blocked by two pawns: the king on e8 loses its leap, and
    // the FEN's field loses `e`.
    let f = "rnsmksnr/8/1ppppppp/p7/8/PPPPPPPP/R7/1NSKMSNR w DEde - 0 2";
    assert_eq!(
        after(&g, f, &["a2e2"]),
        "rnsmksnr/8/1ppppppp/p7/8/PPPPPPPP/4R3/1NSKMSNR b DEd - 1 2"
    );
    let pos = after(&g, f, &["a2e2"]);
    assert_eq!(moves_from(&g, &pos, "e8"), ["e8d7", "e8e7", "e8f7"]);
    // A rook move elsewhere leaves it.
    let pos = after(&g, f, &["a2a1"]);
    assert_eq!(
        moves_from(&g, &pos, "e8"),
        ["e8c7", "e8d7", "e8e7", "e8f7", "e8g7"]
    );
}

#[test]
fn a_first_move_that_is_not_a_move_only_leap_is_refused() {
    let src =
        format!("{CHESS}setup 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n").replace("moves RN", "moves RN iR");
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 11);
    assert!(p[0].1.contains("`i` (a first move only)"), "{p:?}");
}

#[test]
fn rights_and_en_passant_fields_that_name_nothing_are_refused() {
    // A castling-field letter must name a piece that keeps a first move (no castling here).
    let g = fsf("cambodian");
    for field in ["DEdex", "KQkq", "A"] {
        let f = format!("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w {field} - 0 1");
        assert!(g.parse_fen(&f).is_err(), "{field} accepted");
    }
    // An en-passant field naming only the piece that moved, and no cell it passed.
    let g = fsf("berolina");
    assert!(
        g.parse_fen("rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c4 0 1")
            .is_err()
    );
}

// ---------------------------------------------------------------------------------------------
// Janggi: moves within a zone, hop restrictions by type, passing

#[test]
fn a_cannon_may_not_hop_over_or_capture_a_cannon() {
    let g = fsf("janggicasual");
    // White's cannons on e4 and e2 face Blue's cannon on e6: none has a move (the king passes
    // with `d1d1`).
    assert_eq!(
        common::moves(&g, "4k4/9/9/9/4c4/9/4C4/9/4C4/3K5 w - - 0 1"),
        ["d1d1", "d1d2", "d1e1"]
    );
    // Over a horse it moves and captures; it jumps the soldier on e3 down to e2 and e1.
    assert_eq!(
        common::moves(&g, "3k5/9/9/9/9/4n4/4C4/4P4/9/3K5 w - - 0 1"),
        [
            "d1d1", "d1d2", "d1e1", "d1e2", "e3d3", "e3f3", "e4e1", "e4e10", "e4e2", "e4e6",
            "e4e7", "e4e8", "e4e9"
        ]
    );
}

#[test]
fn palace_lines_carry_diagonal_moves_within_the_palace() {
    let g = fsf("janggicasual");
    // The rook on d3 rides its file and rank; the soldier on e2 steps diagonally forward to
    // f3 along the palace line (d3 is taken), and the king passes.
    assert_eq!(
        common::moves(&g, "4k4/9/9/9/9/9/9/3R5/4P4/4K4 w - - 0 1"),
        [
            "d3a3", "d3b3", "d3c3", "d3d1", "d3d10", "d3d2", "d3d4", "d3d5", "d3d6", "d3d7",
            "d3d8", "d3d9", "d3e3", "d3f3", "d3g3", "d3h3", "d3i3", "e1d1", "e1e1", "e1f1", "e2d2",
            "e2e3", "e2f2", "e2f3"
        ]
    );
    // A cannon on f3 would hop the soldier on e2 to d1 along the line, but the king stands
    // there; nothing else on the line: no cannon move.
    assert_eq!(
        common::moves(&g, "3k5/9/9/9/9/9/9/5C3/4P4/3K5 w - - 0 1"),
        ["d1d1", "d1d2", "d1e1", "e2d2", "e2d3", "e2e3", "e2f2"]
    );
}

#[test]
fn a_pass_is_the_kings_cell_twice_and_two_in_a_row_draw() {
    let g = fsf("janggicasual");
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    assert_eq!(
        after(&g, start, &["e2e2"]),
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"
    );
    // Both players pass: the game is drawn, no move is left.
    let mut pos = g.parse_fen(start).unwrap();
    for m in ["e2e2", "e9e9"] {
        let m = g.parse_move(&pos, m).unwrap();
        g.play(&mut pos, &m).unwrap();
    }
    assert!(g.legal_moves(&pos).is_empty());
    let status = g.status(&pos);
    assert!(status.is_over() && status.winner().is_none());
    // A king in check may not pass.
    assert!(!common::legal(
        &g,
        "4k4/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1",
        "e2e2"
    ));
}

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

#[test]
fn a_cannon_check_is_answered_by_a_capture_a_second_screen_or_the_screen_leaving() {
    // Expected moves are pyffish's (xiangqi). The white cannon on e2 checks the king on e10.
    let g = load("definitions/classic/xiangqi.varia", None);
    // Over a white horse: take the cannon (a2e2), add a screen (a8e8), or step aside.
    assert_eq!(
        common::moves(&g, "4k4/9/r8/9/9/4N4/9/9/r3C4/3K5 b - - 0 1"),
        ["a2e2", "a8e8", "e10f10"]
    );
    // Over Black's own horse: it may also step off the file, anywhere.
    assert_eq!(
        common::moves(&g, "4k4/9/r8/4n4/9/9/9/9/4C4/3K5 b - - 0 1"),
        [
            "a8e8", "e10f10", "e7c6", "e7c8", "e7d5", "e7d9", "e7f5", "e7f9", "e7g6", "e7g8"
        ]
    );
    // Over a white rook that checks too: only a second screen between e10 and e5, or the king.
    assert_eq!(
        common::moves(&g, "4k4/9/9/r8/9/4R4/9/9/4C4/3K5 b - - 0 1"),
        ["a7e7", "e10f10"]
    );
}

#[test]
fn back_and_forth_rules_that_make_no_sense_are_refused() {
    let setup = "setup 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n";
    let p = problems(&format!("{CHESS}back and forth 1 times loses\n{setup}"));
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 14);
    assert!(p[0].1.contains("2"), "{p:?}");
    let p = problems(&format!(
        "{CHESS}back and forth 4 times loses, except Dragon\n{setup}"
    ));
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].1.contains("Dragon"), "{p:?}");
}

#[test]
fn a_value_bonus_that_is_not_a_number_is_refused() {
    let src = format!(
        "{CHESS}draws decided by value, black +1.25\nsetup 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n"
    );
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 14);
    assert!(p[0].1.contains("found `.25`"), "{p:?}");
}

// ---------------------------------------------------------------------------------------------
// captures that explode (atomic chess and its relatives)

#[test]
fn a_blast_takes_the_capturer_and_its_neighbours_but_spares_nearby_pawns() {
    let g = fsf("atomic");
    let f = "7k/8/2b1p3/3n4/2P1R3/8/8/3Q3K w - - 0 1";
    // The queen, the knight, the bishop and White's own rook go; both pawns stay.
    assert_eq!(after(&g, f, &["d1d5"]), "7k/8/4p3/8/2P5/8/8/7K b - - 0 1");
    // A capturing pawn is blown up by its own capture.
    assert_eq!(after(&g, f, &["c4d5"]), "7k/8/4p3/8/8/8/8/3Q3K b - - 0 1");
}

#[test]
fn a_blast_takes_away_the_castling_right_of_a_rook_it_removes() {
    let g = fsf("atomic");
    let f = "4k3/8/8/8/5N2/8/6p1/R3K2R w KQ - 0 1";
    assert_eq!(after(&g, f, &["f4g2"]), "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1");
}

#[test]
fn an_atomic_king_neither_captures_nor_lets_a_capture_beside_it_blow_it_up() {
    // Rxd2 and Kxd2 would blow up White's king; f1 is attacked by the knight.
    let g = fsf("atomic");
    assert_eq!(
        moves(&g, "4k3/8/8/8/8/8/R2n4/4K3 w - - 0 1"),
        strs(&[
            "a2a1", "a2a3", "a2a4", "a2a5", "a2a6", "a2a7", "a2a8", "a2b2", "a2c2", "e1d1", "e1e2",
            "e1f2"
        ])
    );
}

#[test]
fn touching_atomic_kings_are_not_in_check() {
    // The rook on a1 aims at e1, but taking the king there would blow up Black's king on e2.
    let g = fsf("atomic");
    let f = "8/8/8/8/8/8/4k3/r3K3 w - - 0 1";
    assert_eq!(moves(&g, f), strs(&["e1d1", "e1d2", "e1f1", "e1f2"]));
    let pos = g.parse_fen(f).unwrap();
    assert!(!g.status(&pos).is_over());
}

#[test]
fn blowing_up_the_enemy_king_answers_a_check() {
    // In check from e8: the king steps aside, the knight blocks, or Nxb7 blows up a8's king.
    let g = fsf("atomic");
    assert_eq!(
        moves(&g, "k3r3/1b6/8/2N5/8/8/8/4K3 w - - 0 1"),
        strs(&["c5b7", "c5e4", "c5e6", "e1d1", "e1d2", "e1f1", "e1f2"])
    );
    let mut pos = g.parse_fen("k3r3/1b6/8/2N5/8/8/8/4K3 w - - 0 1").unwrap();
    let m = g.parse_move(&pos, "c5b7").unwrap();
    pos = g.make(&pos, &m);
    assert_eq!(common::result_of(&g, &pos), "white");
}

#[test]
fn without_checks_a_king_may_blow_itself_up_and_its_side_loses_first() {
    let g = fsf("nocheckatomic");
    let f = "8/8/8/8/8/8/3kn3/3K4 w - - 0 1";
    assert_eq!(
        moves(&g, f),
        strs(&["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"])
    );
    // Kxe2 blows up both kings: the mover's loss is looked at first.
    let mut pos = g.parse_fen(f).unwrap();
    let m = g.parse_move(&pos, "d1e2").unwrap();
    pos = g.make(&pos, &m);
    assert_eq!(g.fen(&pos), "8/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(common::result_of(&g, &pos), "black");
}

#[test]
fn an_atomar_king_survives_blasts_and_may_not_take_the_other() {
    let g = fsf("atomar");
    let f = "4R3/8/8/8/8/8/3kn3/3K4 w - - 0 1";
    // Kxd2 is barred (`may not capture King`); Kxe2 is not: the king survives its own blast.
    assert_eq!(moves_from(&g, f, "d1"), ["d1c1", "d1c2", "d1e1", "d1e2"]);
    assert_eq!(after(&g, f, &["e8e2"]), "8/8/8/8/8/8/3k4/3K4 b - - 0 1");
    assert_eq!(after(&g, f, &["d1e2"]), "4R3/8/8/8/8/8/3kK3/8 b - - 0 1");
}

#[test]
fn surviving_blasts_needs_captures_that_explode() {
    let src = format!("{CHESS}  survives blasts\nsetup 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n");
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 14);
    assert!(p[0].1.contains("captures explode"), "{p:?}");
}

// ---------------------------------------------------------------------------------------------
// placement: drops before play

#[test]
fn placement_bishops_are_dropped_on_both_colours_and_other_drops_leave_them_room() {
    let g = fsf("placement");
    // The c1 bishop stands on a dark cell: the other goes on a light one.
    assert_eq!(
        moves_from(
            &g,
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1K3[QRRBNN] w - - 0 1",
            "B@"
        ),
        ["B@b1", "B@d1", "B@f1", "B@h1"]
    );
    // f1 is the last light cell free: the knight may not take it from the bishop.
    assert_eq!(
        moves(&g, "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[NB] w - - 0 1"),
        ["B@f1", "N@g1"]
    );
}

/// A royal piece may not be dropped where it stands attacked (as Fairy-Stockfish: pyffish's
/// legal moves of each position).
#[test]
fn placement_a_king_is_not_dropped_into_check() {
    let g = fsf("placement");
    // The a8 rook holds the a-file.
    assert_eq!(
        moves(&g, "r3k3/8/8/8/8/8/8/8[Kk] w - - 0 1"),
        ["K@b1", "K@c1", "K@d1", "K@e1", "K@f1", "K@g1", "K@h1"]
    );
    // The d2 knight holds b1 and f1; the rook may still go there.
    assert_eq!(
        moves(&g, "4k3/8/8/8/8/8/3n4/8[KRk] w - - 0 1"),
        [
            "K@a1", "K@c1", "K@d1", "K@e1", "K@g1", "K@h1", "R@a1", "R@b1", "R@c1", "R@d1", "R@e1",
            "R@f1", "R@g1", "R@h1"
        ]
    );
    // Other drops are not touched by a royal's danger: the queen may go on a1.
    assert_eq!(
        moves(&g, "r3k3/8/8/8/8/8/8/8[KQk] w - - 0 1"),
        [
            "K@b1", "K@c1", "K@d1", "K@e1", "K@f1", "K@g1", "K@h1", "Q@a1", "Q@b1", "Q@c1", "Q@d1",
            "Q@e1", "Q@f1", "Q@g1", "Q@h1"
        ]
    );
    // The count of the fast path agrees with the list.
    let pos = g.parse_fen("4k3/8/8/8/8/8/3n4/8[KRk] w - - 0 1").unwrap();
    assert_eq!(g.perft(&pos, 1).unwrap(), 14);
}

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
fn a_king_and_rook_dropped_on_their_home_cells_may_castle() {
    let g = fsf("placement");
    let start = g.fen(&g.start());
    assert_eq!(
        after(&g, &start, &["K@e1", "K@e8", "R@h1", "R@h8"]),
        "4k2r/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNqrbbnn] w Kk - 0 3"
    );
    // The rook first, then the king: the same rights.
    assert_eq!(
        after(
            &g,
            &start,
            &["R@a1", "R@h8", "K@e1", "K@e8", "R@h1", "Q@a8"]
        ),
        "q3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNrbbnn] w KQk - 0 4"
    );
    // A king dropped off its home cell gives none.
    assert_eq!(
        after(&g, &start, &["K@d1", "K@d8", "R@h1", "R@h8"]),
        "3k3r/pppppppp/8/8/8/8/PPPPPPPP/3K3R[QRBBNNqrbbnn] w - - 0 3"
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

#[test]
fn castling_rights_by_drops_need_castling() {
    let src = format!(
        "{CHESS}zone k = e1\nzone r = a1 h1\ndrops give castling rights in k and r\nsetup 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n"
    );
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 16);
    assert!(p[0].1.contains("castling"), "{p:?}");
}

// ---------------------------------------------------------------------------------------------
// Reversi: drops that enclose and flip

#[test]
fn a_reversi_drop_must_enclose_and_flips_what_it_encloses() {
    let g = fsf("flipello");
    let start = g.fen(&g.start());
    assert_eq!(moves(&g, &start), ["P@c5", "P@d6", "P@e3", "P@f4"]);
    let after_drop = after(&g, &start, &["P@c5"]);
    assert!(
        after_drop.starts_with("8/8/8/2PPP3/3Pp3/8/8/8["),
        "{after_drop}"
    );
}

#[test]
fn the_first_reversi_stones_go_on_the_centre() {
    let g = fsf("flipersi");
    assert_eq!(
        moves(&g, &g.fen(&g.start())),
        ["P@d4", "P@d5", "P@e4", "P@e5"]
    );
}

#[test]
fn a_stuck_reversi_player_passes_and_two_passes_end_the_game_by_count() {
    let g = fsf("flipello");
    let f = "8/8/8/3PP3/3PP3/8/8/7p[Pp] w - - 0 1";
    // Written as the cell of White's first stone twice.
    assert_eq!(moves(&g, f), ["d4d4"]);
    let mut pos = g.parse_fen(f).unwrap();
    for m in ["d4d4", "h1h1"] {
        let mv = g.parse_move(&pos, m).unwrap();
        pos = g.make(&pos, &mv);
    }
    assert_eq!(common::result_of(&g, &pos), "white");
}

#[test]
fn a_full_reversi_board_ends_the_game_by_count() {
    let g = fsf("flipello");
    let f = "pPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPP1[Pp] b - - 0 1";
    assert_eq!(moves(&g, f), ["P@h1"]);
    let mut pos = g.parse_fen(f).unwrap();
    let mv = g.parse_move(&pos, "P@h1").unwrap();
    pos = g.make(&pos, &mv);
    // The long diagonal turned black: 57 white stones against 7 black.
    assert_eq!(
        g.fen(&pos),
        "pPPPPPPP/PpPPPPPP/PPpPPPPP/PPPpPPPP/PPPPpPPP/PPPPPpPP/PPPPPPpP/PPPPPPPp[P] w - - 0 2"
    );
    assert_eq!(common::result_of(&g, &pos), "white");
}

#[test]
fn a_piece_that_never_moves_may_not_have_moves() {
    let src = format!("{CHESS}  never moves\nsetup 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n");
    let p = problems(&src);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 14);
    assert!(p[0].1.contains("never move"), "{p:?}");
}

// ---------------------------------------------------------------------------------------------
// Ataxx: free drops next to own pieces, and neighbours that flip

#[test]
fn an_ataxx_clone_or_jump_turns_the_enemy_stones_beside_it() {
    let g = fsf("ataxx");
    let f = "P5p/7/1p5/7/7/7/p5P w 0 1";
    // Clones (drops from an endless supply) next to a White stone, jumps two cells away.
    assert_eq!(
        moves(&g, f),
        [
            "P@a6", "P@b6", "P@b7", "P@f1", "P@f2", "P@g2", "a7a5", "a7c5", "a7c6", "a7c7", "g1e1",
            "g1e2", "g1e3", "g1f3", "g1g3"
        ]
    );
    assert_eq!(after(&g, f, &["P@b6"]), "P5p/1P5/1P5/7/7/7/p5P b - - 0 1");
    assert_eq!(after(&g, f, &["a7c5"]), "6p/7/1PP4/7/7/7/p5P b - - 1 1");
}

// ---------------------------------------------------------------------------------------------
// walls left behind (Joust, Snailtrail)

#[test]
fn a_piece_leaves_a_wall_that_no_piece_may_enter() {
    let g = fsf("joust");
    let start = g.fen(&g.start());
    // Written with the wall, as Fairy-Stockfish writes it; read with or without it.
    assert_eq!(
        moves(&g, &start),
        [
            "d4b3,b3d4",
            "d4b5,b5d4",
            "d4c2,c2d4",
            "d4c6,c6d4",
            "d4e2,e2d4",
            "d4e6,e6d4",
            "d4f3,f3d4",
            "d4f5,f5d4"
        ]
    );
    let f = after(&g, &start, &["d4f5,f5d4", "e5c4"]);
    assert_eq!(f, "8/8/8/4*N2/2n*4/8/8/8 w - - 2 2");
    // Read back from the FEN, the walls keep the snail off a1 (and g7 for Black).
    let g2 = fsf("snailtrail");
    let f2 = after(&g2, &g2.fen(&g2.start()), &["a1b2", "g7f6"]);
    assert_eq!(f2, "6*/5p1/7/7/7/1P5/*6 w - - 2 2");
    assert_eq!(
        moves(&g2, &f2),
        [
            "b2a2,a2b2",
            "b2a3,a3b2",
            "b2b1,b1b2",
            "b2b3,b3b2",
            "b2c1,c1b2",
            "b2c2,c2b2",
            "b2c3,c3b2"
        ]
    );
}

#[test]
fn a_wall_in_a_fen_needs_walls_in_the_rules() {
    let g = load("definitions/classic/chess.varia", None);
    assert!(
        g.parse_fen("rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .is_err()
    );
}

#[test]
fn no_piece_takes_a_wall_on_any_path() {
    // A royal king's steps take the full test (not the fast path): the wall on b1 is no target.
    let src = "game g
board 4 x 4
player white north
player black south
piece King K
  royal
  moves K
pieces leave walls
setup k3/4/4/K*2 w - - 0 1
";
    let g = varia::load_str(src, None).unwrap();
    assert_eq!(
        moves(&g, "k3/4/4/K*2 w - - 0 1"),
        ["a1a2,a2a1", "a1b2,b2a1"]
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
