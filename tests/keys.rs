//! Zobrist keys: positions that differ must have different keys, whatever the mix of rules.

/// Walls left behind and a check limit in one game: their key terms once shared a salt, so a wall
/// on cell `c` and a check counter `player << 8 | remaining` equal to `c` gave the same term.
const WALLS_AND_CHECKS: &str = "game walls-checks \"Walls and checks\"
board 4 x 4
player white north
player black south
piece King K
  royal
  moves K
piece Rook R
  value 5
  moves R
pieces leave walls
3 checks win
setup k3/4/1R2/K3 w - - 3+3 0 1
";

#[test]
fn a_wall_and_a_check_counter_do_not_share_a_key() {
    let g = varia::load_str(WALLS_AND_CHECKS, None).unwrap();
    // The same pieces, side and black counter; one has a wall on d1 and White must still give
    // 2 checks, the other a wall on c1 and 3 checks.
    let a = g.parse_fen("k3/4/1R2/K2* w - - 2+3 0 1").unwrap();
    let b = g.parse_fen("k3/4/1R2/K1*1 w - - 3+3 0 1").unwrap();
    assert_eq!(g.fen(&a), "k3/4/1R2/K2* w - - 2+3 0 1");
    assert_eq!(g.fen(&b), "k3/4/1R2/K1*1 w - - 3+3 0 1");
    assert_ne!(g.key(&a), g.key(&b));
    // Played to: the rook's check from b2 to b4 leaves a wall on b2 and counts one check.
    let mut p = g.start();
    let m = g.parse_move(&p, "b2b4").unwrap();
    g.play(&mut p, &m).unwrap();
    assert_eq!(g.fen(&p), "kR2/4/1*2/K3 b - - 2+3 1 1");
    assert_eq!(g.key(&p), g.key(&g.parse_fen(&g.fen(&p)).unwrap()));
}
