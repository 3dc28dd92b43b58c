//! Cashew Shogi (definitions/hachu/cashew.varia) against HaChu 0.21: its start as HaChu's
//! `setup` gives it, HaChu's self-play games (recorded by `scripts/hachu_games.py --variant
//! cashew` in tests/fixtures/hachu/cashew.tsv, and with `--lift` in cashew-lifted.tsv) replayed
//! move by move, each of HaChu's moves legal in varia and written alike; the moves where varia
//! and HaChu part (HaChu's pieces make no hook move) shown to be legal once the hook moves are
//! taken away; and at every position of the second games the cells HaChu highlights for each
//! piece of the side to move (cashew-lifted-lift.tsv) are varia's moves, for every type
//! without moves in legs.

mod common;
#[path = "common/hachu.rs"]
mod hachu;

use std::collections::BTreeSet;
use varia::{Game, Position};

const CASHEW: &str = "definitions/hachu/cashew.varia";

/// The start as HaChu's `setup` gives it (three pieces a side already promoted), 32 types and 12 promoted forms; its
/// 21 moves are the cells HaChu highlights at the start: a step of each Pawn, the Howling Dogs'
/// slides, and the Lion Dog's two leaps over its own pieces.
#[test]
fn the_start_is_hachus() {
    let game = common::load(CASHEW, None);
    let pos = game.start();
    assert_eq!(
        game.fen(&pos),
        "lh!f'dh'j'ki'qc'hg!l/t!p'w!+oogngx+xl!k'd!/r've'fst'+nt'sfw'vl'/ppppppppppppp/3d'5d'3/\
         13/13/13/3D'5D'3/PPPPPPPPPPPPP/L'VW'FST'+NT'SFE'VR'/D!K'L!+XXGNGO+OW!P'T!/\
         LG!HC'QI'KJ'H'DF'H!L w - - 0 1"
    );
    assert_eq!(game.rules().pieces.len(), 44);
    let moves = hachu::legal(&game, &pos);
    let mut not_pawns: Vec<&String> = moves.iter().filter(|m| &m[1..2] != "4").collect();
    not_pawns.sort();
    assert_eq!(
        not_pawns,
        [
            "d5d6", "d5d7", "d5d8", "d5d9", "j5j6", "j5j7", "j5j8", "j5j9", "k2h5", "k2k5"
        ]
    );
    assert_eq!(moves.len(), 21);
}

/// Every move of HaChu's self-play games is legal in varia and written alike, and a game HaChu
/// ends is won so in varia (see [`hachu::replay`]).
#[test]
fn hachu_self_play_games_replay_move_by_move() {
    let game = common::load(CASHEW, None);
    let replayed = hachu::replay(&game, "tests/fixtures/hachu/cashew.tsv");
    // The figures of the recorded games (the commit's message quotes them).
    assert_eq!(replayed, (24, 3402, 86, 461));
    // And the games whose positions HaChu was also asked about, piece by piece.
    let lifted = hachu::replay(&game, "tests/fixtures/hachu/cashew-lifted.tsv");
    assert_eq!(lifted, (12, 1684, 40, 222));
}

/// The definition with its hook moves taken away (`RmasR` a Rook, `WBmasB` a Wazir and Bishop):
/// how HaChu's search moves the Hook Mover and the Long-Nosed Goblin (and their promoted
/// twins), which is why it plays moves varia refuses.
fn without_hooks() -> Game {
    let source = std::fs::read_to_string(common::def(CASHEW)).unwrap();
    let plain = source.replace("RmasR", "R").replace("WBmasB", "WB");
    assert_ne!(plain, source);
    varia::load_str(&plain, None).unwrap()
}

/// The position after HaChu's moves from the start (each legal in varia, see [`hachu::replay`]).
fn after(game: &Game, moves: &[&str]) -> Position {
    let mut pos = game.start();
    for hachu_move in moves {
        let legal = hachu::legal(game, &pos);
        let m = if *hachu_move == "@@@@" {
            legal.iter().find(|m| hachu::is_pass(m))
        } else {
            legal
                .iter()
                .find(|m| *m == hachu_move)
                .or_else(|| hachu::three_legs(game, &pos, &legal, hachu_move))
        }
        .unwrap_or_else(|| panic!("{hachu_move} after {moves:?}"));
        pos = game.make(&pos, &game.parse_move(&pos, m).unwrap());
    }
    pos
}

/// Where HaChu played a move varia refuses (the game is cut before it, the move kept in the
/// fixture's fourth column), the move leaves HaChu's King attacked by a hook move, or takes
/// the King into one: without hook moves the same move is legal. HaChu's pieces make no hook
/// move (its Hook Mover and Long-Nosed Goblin, lifted, show none), so its search never sees
/// those attacks.
#[test]
fn hachus_refused_moves_are_legal_without_hook_moves() {
    let game = common::load(CASHEW, None);
    let plain = without_hooks();
    let mut refused = 0;
    for fixture in ["cashew.tsv", "cashew-lifted.tsv"] {
        let text = std::fs::read_to_string(common::def(&format!("tests/fixtures/hachu/{fixture}")))
            .unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            let Some(hachu_move) = f.get(3) else {
                continue;
            };
            let moves: Vec<&str> = f[1].split_whitespace().collect();
            let pos = after(&game, &moves);
            let fen = game.fen(&pos);
            assert!(
                game.parse_move(&pos, hachu_move).is_err(),
                "{fixture} game {}: {hachu_move} is legal at {fen}",
                f[0]
            );
            let at_plain = plain.parse_fen(&fen).unwrap();
            assert!(
                plain.parse_move(&at_plain, hachu_move).is_ok(),
                "{fixture} game {}: {hachu_move} is not legal without hook moves at {fen}",
                f[0]
            );
            refused += 1;
        }
    }
    assert_eq!(refused, 1);
}

/// At every position of HaChu's games, for every piece of the side to move of a type without
/// moves in legs (whose cells HaChu marks otherwise; hook moves among them, which HaChu's
/// pieces do not make), the cells HaChu highlights when it is lifted are where varia's moves
/// from there end, promoting where varia's may (see [`hachu::compare_highlights`]).
#[test]
fn hachu_highlights_varias_moves_at_every_position() {
    let game = common::load(CASHEW, None);
    let source = std::fs::read_to_string(common::def(CASHEW)).unwrap();
    let pseudo = varia::load_str(&source.replace("\n  royal\n", "\n"), None).unwrap();
    assert!(pseudo.rules().pieces.iter().all(|p| !p.royal));
    let skipped: BTreeSet<usize> = (0..game.rules().pieces.len())
        .filter(|&k| {
            let p = &game.rules().pieces[k];
            !p.leg_moves.is_empty() || !p.leg_chains.is_empty()
        })
        .collect();
    let lifted = hachu::Lifted {
        games: "tests/fixtures/hachu/cashew-lifted.tsv",
        lifts: "tests/fixtures/hachu/cashew-lifted-lift.tsv",
        skipped,
        unmarked: &[],
    };
    let figures = hachu::compare_highlights(&game, &pseudo, &lifted);
    // The figures of the recorded positions (the commit's message quotes them).
    assert_eq!(figures, (1686, 69424, 113856));
}
