//! Elven chess (definitions/elven.varia) against Sjaak II's `elven` (Debian's `sjaakii` 1.4):
//! perft without the Warlocks, and perft 1 at positions of seeded random games that favour
//! captures and Warlock moves (tests/fixtures/elven_sjaak.tsv, from scripts/elven_sjaak.py, which
//! says what Sjaak II plays otherwise and how that is kept out).

mod common;

use varia::rules::Cell;

/// Whether a move is a Warlock's pass: a step onto an empty cell and back (`e2d1,d1e2`).
fn is_pass(game: &varia::Game, pos: &varia::Position, m: &str) -> bool {
    let Some((a, b)) = m.split_once(',') else {
        return false;
    };
    let cell = |s: &str| -> Option<Cell> {
        let f = i32::from(s.as_bytes()[0]) - i32::from(b'a');
        let r: i32 = s[1..].parse().ok()?;
        game.rules().board.cell(f, r - 1)
    };
    let split = |leg: &str| {
        let i = leg[1..]
            .find(|c: char| c.is_ascii_lowercase())
            .map_or(0, |i| i + 1);
        (leg[..i].to_string(), leg[i..].to_string())
    };
    let ((from, via), (via2, to)) = (split(a), split(b));
    from == to && via == via2 && cell(&via).is_some_and(|c| pos.piece(c).is_none())
}

/// Sjaak II counts 53, 2,703, 142,792 and 7,335,631 from the start without the Warlocks (and
/// without Black's castling, which it gives a King on f10): varia too (depth 4 by hand, 5 s).
#[test]
fn without_warlocks_elven_chess_counts_as_sjaak_ii() {
    let game = common::load("definitions/elven.varia", None);
    let fen = "r3k4r/mnb+rq1+bbnm/pppppppppp/10/10/10/10/PPPPPPPPPP/MNB+B1Q+RBNM/R4K3R w KQ - 0 1";
    let pos = game.parse_fen(fen).unwrap();
    for (depth, want) in [(1, 53), (2, 2703), (3, 142_792)] {
        assert_eq!(game.perft(&pos, depth).unwrap(), want, "depth {depth}");
    }
}

#[test]
fn elven_chess_moves_as_sjaak_ii_where_it_plays_the_same_rules() {
    let text = std::fs::read_to_string(common::def("tests/fixtures/elven_sjaak.tsv")).unwrap();
    let game = common::load("definitions/elven.varia", None);
    let mut problems = Vec::new();
    let (mut rows, mut legs) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (fen, want) = line.split_once('\t').unwrap();
        let pos = game.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let moves: Vec<String> = game
            .legal_moves(&pos)
            .iter()
            .map(|m| game.move_to_string(m))
            .collect();
        let passes = moves.iter().filter(|m| is_pass(&game, &pos, m)).count();
        legs += moves.iter().filter(|m| m.contains(',')).count() - passes;
        // Sjaak II lists one pass a Warlock, varia one for each empty cell stepped on.
        let got = moves.len() - passes + usize::from(passes > 0);
        if got.to_string() != want {
            problems.push(format!("{fen}: varia {got}, Sjaak II {want}"));
        }
        rows += 1;
    }
    assert_eq!(rows, 720);
    // Moves in two legs other than passes: igui, double captures, hit and run.
    assert_eq!(legs, 749);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
