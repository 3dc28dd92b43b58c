//! Macadamia Shogi (definitions/hachu/macadamia.varia) against HaChu 0.21: its start, read and
//! written back as HaChu writes it, with the moves HaChu highlights for each piece there, and
//! HaChu's self-play games (recorded by `scripts/hachu_games.py --variant macadamia` in
//! tests/fixtures/hachu/macadamia.tsv, and with `--lift` in macadamia-lifted.tsv) replayed move
//! by move, each of HaChu's moves legal in varia and written alike (the Lion Dog's moves in legs
//! among them), each game's end as HaChu claims it; and at every position of the second games
//! the moves HaChu highlights for each piece of the side to move (macadamia-lifted-lift.tsv)
//! are varia's, for every type without moves in legs.

mod common;
#[path = "common/hachu.rs"]
mod hachu;

use std::collections::BTreeSet;

const MACADAMIA: &str = "definitions/hachu/macadamia.varia";

/// The start as HaChu's `setup` gives it, 49 types in HaChu's dressed letters; its 52 moves are
/// the cells HaChu highlights when each piece is lifted (`lift`), the Lion Dogs' passes (a step
/// to an empty cell and back, which HaChu marks on the Lion Dog's own cell) included.
#[test]
fn the_start_is_hachus() {
    let game = common::load(MACADAMIA, None);
    let pos = game.start();
    assert_eq!(
        game.fen(&pos),
        "lxcsgi'kj'gscol/1f'1w!1tet1l!1f'1/rr'g'bdh!qc!dbw'l'r/ppppppppppppp/3p'5p'3/13/13/13/\
         3P'5P'3/PPPPPPPPPPPPP/RL'W'BDC!QH!DBG'R'R/1F'1L!1TET1W!1F'1/LOCSGI'KJ'GSCXL w - - 0 1"
    );
    assert_eq!(game.rules().pieces.len(), 49);
    let mut from_j2: Vec<String> = hachu::legal(&game, &pos)
        .into_iter()
        .filter(|m| m.starts_with("j2"))
        .collect();
    from_j2.sort();
    assert_eq!(
        from_j2.join(" "),
        "j2g5 j2i2 j2i2,i2j2 j2k2 j2k2,k2j2 j2m2 j2m5"
    );
    assert_eq!(hachu::legal(&game, &pos).len(), 52);
}

/// Every move of HaChu's self-play games is legal in varia and written alike, and a game HaChu
/// ends is won so in varia (see [`hachu::replay`]).
#[test]
fn hachu_self_play_games_replay_move_by_move() {
    let game = common::load(MACADAMIA, None);
    let replayed = hachu::replay(&game, "tests/fixtures/hachu/macadamia.tsv");
    // The figures of the recorded games (the commit's message quotes them).
    assert_eq!(replayed, (12, 1040, 29, 80));
    // And the games whose positions HaChu was also asked about, piece by piece.
    let lifted = hachu::replay(&game, "tests/fixtures/hachu/macadamia-lifted.tsv");
    assert_eq!(lifted, (12, 1172, 34, 90));
}

/// At every position of HaChu's games, for every piece of the side to move of a type without
/// moves in legs (whose cells HaChu marks otherwise; hook moves among them, which HaChu's Hook
/// Mover and Capricorn do not make) and not the promoted Kirin or Phoenix (which HaChu moves
/// otherwise than its `piece` commands say), the cells HaChu highlights when it is lifted are
/// where varia's moves from there end (see [`hachu::compare_highlights`]), the King's
/// promotion HaChu offers left out.
#[test]
fn hachu_highlights_varias_moves_at_every_position() {
    let game = common::load(MACADAMIA, None);
    let source = std::fs::read_to_string(common::def(MACADAMIA)).unwrap();
    let pseudo = varia::load_str(&source.replace("\n  royal\n", "\n"), None).unwrap();
    assert!(pseudo.rules().pieces.iter().all(|p| !p.royal));
    // Types HaChu moves otherwise than its `piece` commands say (in the definition's header):
    // the promoted Kirin steps two cells back, the promoted Phoenix was seen with no move.
    let otherwise = ["+O", "+X"];
    let skipped: BTreeSet<usize> = (0..game.rules().pieces.len())
        .filter(|&k| {
            let p = &game.rules().pieces[k];
            !p.leg_moves.is_empty()
                || !p.leg_chains.is_empty()
                || otherwise.contains(&p.symbol.as_str())
        })
        .collect();
    let lifted = hachu::Lifted {
        games: "tests/fixtures/hachu/macadamia-lifted.tsv",
        lifts: "tests/fixtures/hachu/macadamia-lifted-lift.tsv",
        skipped,
        // HaChu offers its King a promotion where it captures, to no type it names.
        unmarked: &["K"],
    };
    let figures = hachu::compare_highlights(&game, &pseudo, &lifted);
    // The figures of the recorded positions (the commit's message quotes them).
    assert_eq!(figures, (1180, 45077, 73665));
}
