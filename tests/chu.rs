//! Chu Shogi (definitions/hachu/chu.varia) against HaChu 0.21: the start position's moves,
//! counted by hand, and HaChu's self-play games (recorded by scripts/hachu_games.py in
//! tests/fixtures/hachu/chu.tsv) replayed move by move, each of HaChu's moves legal in varia and
//! written alike, and each game's end as HaChu claims it.

mod common;
#[path = "common/hachu.rs"]
mod hachu;

use hachu::legal;
use varia::Position;

const CHU: &str = "definitions/hachu/chu.varia";

/// 36 moves, counted by hand from the start: ten pawns (the d and i pawns are blocked by their
/// go-betweens), two go-betweens, the lion's five leaps (d2 and e5-h5; every cell next to it is
/// taken, so it has no move in legs), one step each for the two vertical movers, dragon horses,
/// dragon kings, blind tigers, ferocious leopards, silvers and golds and the kirin, and two for
/// each copper; the kings, elephants, phoenix, rooks, bishops, side movers, chariots and lances
/// have none. Black's 36 answers do not meet White's moves, so perft 2 is 36 x 36.
#[test]
fn the_start_has_36_moves() {
    let game = common::load(CHU, None);
    let pos = game.start();
    let mut got = legal(&game, &pos);
    got.sort();
    let want = "a4a5 b1b2 b3b2 b4b5 c1b2 c1d2 c4c5 d1d2 d3d2 d5d6 e1d2 e2d2 e3d2 e4e5 f2d2 f3d2 \
                f3e5 f3f5 f3g5 f3h5 f4f5 g4g5 h1i2 h2i2 h3i2 h4h5 i1i2 i3i2 i5i6 j1i2 j1k2 j4j5 \
                k1k2 k3k2 k4k5 l4l5";
    assert_eq!(got.join(" "), want);
    assert_eq!(game.perft(&pos, 2).unwrap(), 36 * 36);
}

/// Every move of HaChu's self-play games is legal in varia and written alike (HaChu's `@@@@`, a
/// lion's pass, is varia's step and step back); a game HaChu ends (`1-0 {resign}`: the side to
/// move has no move left) is checkmate in varia, a game cut at its ply cap goes on.
#[test]
fn hachu_self_play_games_replay_move_by_move() {
    let game = common::load(CHU, None);
    let replayed = hachu::replay(&game, "tests/fixtures/hachu/chu.tsv");
    // The figures of the recorded games (the commit's message quotes them).
    assert_eq!(replayed, (6, 1939, 45, 15));
}

/// The moves of varia's self-play games that HaChu refused in force mode before the lion-trading
/// rules (tests/fixtures/hachu/refused.tsv: seven distant captures of a protected Lion, one
/// counter-strike) are not legal in varia, and every move before them is.
#[test]
fn moves_hachu_refuses_as_lion_trades_are_not_legal() {
    let game = common::load(CHU, None);
    let path = common::def("tests/fixtures/hachu/refused.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut reasons = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (moves, refused, reason) = (f[0], f[1], f[2]);
        let mut pos = game.start();
        for m in moves.split_whitespace() {
            let m = game
                .parse_move(&pos, m)
                .unwrap_or_else(|e| panic!("{m} after {moves}: {e}"));
            pos = game.make(&pos, &m);
        }
        assert!(
            !legal(&game, &pos).iter().any(|m| m == refused),
            "{refused} ({reason}) is legal at {}",
            game.fen(&pos)
        );
        reasons.push(reason);
    }
    reasons.sort();
    reasons.dedup_by(|a, b| a == b);
    assert_eq!(
        reasons,
        [
            "Counterstrike against Lion",
            "Distant capture of protected Lion"
        ]
    );
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 8);
}

/// varia's self-play games, sent to HaChu in force mode, are accepted to their end
/// (scripts/hachu_force.py; needs Debian's `hachu` and a release build: `cargo test --release
/// --test chu -- --ignored`).
#[test]
#[ignore]
fn hachu_accepts_varias_self_play() {
    let out = std::process::Command::new("python3")
        .args(["scripts/hachu_force.py", "--games", "2", "--plies", "120"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("accepted 2 of 2 games fully"), "{text}");
}

/// The counter-strike restriction is part of the position's key: the gold's capture of the lion
/// made last (the restriction stands) or two moves before (it has lapsed) reaches the same
/// pieces with black to move, under different keys; the same restriction reached by other moves
/// gives the same key, and a FEN (which starts with no restriction) the lapsed one's.
#[test]
fn the_counter_strike_restriction_is_in_the_key() {
    let game = common::load(CHU, None);
    let fen = "11k/12/12/12/12/9+o2/4n2g4/4G2N4/12/12/12/K11 w - - 0 1";
    let after = |moves: &str| {
        let mut pos = game.parse_fen(fen).unwrap();
        for m in moves.split_whitespace() {
            let m = game
                .parse_move(&pos, m)
                .unwrap_or_else(|e| panic!("{m} after {moves}: {e}"));
            pos = game.make(&pos, &m);
        }
        pos
    };
    let struck = after("a1a2 l12k12 e5e6");
    let lapsed = after("e5e6 l12k12 a1a2");
    let struck_too = after("a1b2 l12k11 b2a2 k11k12 e5e6");
    let board = |p: &Position| game.fen(p).split(' ').next().unwrap().to_string();
    assert_eq!(board(&struck), board(&lapsed));
    assert_eq!(board(&struck), board(&struck_too));
    // The restriction itself: the gold on h6 may not take the lion only after the strike.
    assert!(!legal(&game, &struck).iter().any(|m| m == "h6h5"));
    assert!(legal(&game, &lapsed).iter().any(|m| m == "h6h5"));
    assert_ne!(game.key(&struck), game.key(&lapsed));
    assert_eq!(game.key(&struck), game.key(&struck_too));
    let read = game.parse_fen(&game.fen(&lapsed)).unwrap();
    assert_eq!(game.key(&read), game.key(&lapsed));
}
