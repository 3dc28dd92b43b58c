//! Dai Shogi (definitions/hachu/dai.varia), 55 types written in HaChu's dressed letters (`L!`,
//! `X'`, `+P'`), against HaChu 0.21: the start position's moves, counted by hand, and HaChu's
//! self-play games (recorded by `scripts/hachu_games.py --variant dai` in
//! tests/fixtures/hachu/dai.tsv) replayed move by move, each of HaChu's moves legal in varia and
//! written alike, and each game's end as HaChu claims it.

mod common;
#[path = "common/hachu.rs"]
mod hachu;

const DAI: &str = "definitions/hachu/dai.varia";

/// 71 moves, counted by hand from the start: 13 pawns (the e and k pawns are blocked by their
/// go-betweens) and the 2 go-betweens; on rank 3 the lion's 2 leaps (f2, j2: every cell next to
/// it is taken), 3 for each violent ox (R2) and angry boar (W), 1 for each evil wolf, 2 for the
/// kirin (f2, e3) and none for the phoenix; on rank 2 one for each reverse chariot, leopard and
/// blind tiger, none for the cat swords and the elephant; on rank 1 2 for each knight, stone and
/// copper, 1 for each iron, silver and gold; and backwards from rank 4 the rooks' and side
/// movers' one each, the flying dragons' 3 each (B2) and the dragon horses' 2 each. Black's 71
/// answers do not meet White's moves, so perft 2 is 71 x 71.
#[test]
fn the_start_has_71_moves() {
    let game = common::load(DAI, None);
    let pos = game.start();
    let mut got = hachu::legal(&game, &pos);
    got.sort();
    let want = "a2a3 a4a3 a5a6 b1a3 b1c3 b3a3 b3b2 b3c3 b4a3 b4c3 b4d2 b5b6 c1b2 c1d2 c4c3 c5c6 \
                d1d2 d3c3 d3d2 d3e3 d5d6 e1d2 e1f2 e2e3 e6e7 f1f2 f3e3 f4d2 f4e3 f5f6 g1f2 g2f2 \
                g3e3 g3f2 g5g6 h3f2 h3j2 h5h6 i1j2 i2j2 i5i6 j1j2 j3k3 j4k3 j4l2 j5j6 k1j2 k1l2 \
                k2k3 k6k7 l1l2 l3k3 l3l2 l3m3 l5l6 m1l2 m1n2 m4m3 m5m6 n1m3 n1o3 n3m3 n3n2 n3o3 \
                n4l2 n4m3 n4o3 n5n6 o2o3 o4o3 o5o6";
    assert_eq!(got.join(" "), want);
    assert_eq!(game.perft(&pos, 2).unwrap(), 71 * 71);
    // HaChu's own start array, dressed letters and all, read and written back.
    assert_eq!(
        game.fen(&pos),
        "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/\
         ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/\
         1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL w - - 0 1"
    );
    assert_eq!(game.rules().pieces.len(), 55);
}

/// Every move of HaChu's self-play games is legal in varia and written alike, and a game HaChu
/// ends is won so in varia (see [`hachu::replay`]).
#[test]
fn hachu_self_play_games_replay_move_by_move() {
    let game = common::load(DAI, None);
    let replayed = hachu::replay(&game, "tests/fixtures/hachu/dai.tsv");
    // The figures of the recorded games (the commit's message quotes them).
    assert_eq!(replayed, (6, 2393, 60, 0));
}
