//! Mighty-Lion Chess (definitions/mightylion.varia) against scripts/lion_perft.py, a counter
//! written from the game's rules page alone (not from varia's code): perft from the start to
//! depth 3 and to depth 2 after seeded random games that favour captures and Lion moves
//! (tests/fixtures/mightylion.tsv: 2,197 plies, 210 of them moves in two legs).

mod common;

#[test]
fn mighty_lion_chess_counts_as_the_independent_counter() {
    let text = std::fs::read_to_string(common::def("tests/fixtures/mightylion.tsv")).unwrap();
    let game = common::load("definitions/mightylion.varia", None);
    let mut problems = Vec::new();
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (moves, depth, want) = (f[1], f[2], f[3]);
        let mut pos = game.start();
        for m in moves.split_whitespace() {
            let mv = game
                .parse_move(&pos, m)
                .unwrap_or_else(|e| panic!("{m} after `{moves}`: {e}"));
            pos = game.make(&pos, &mv);
        }
        let got = game.perft(&pos, depth.parse().unwrap()).unwrap();
        if got.to_string() != want {
            problems.push(format!("after `{moves}`: varia {got}, counter {want}"));
        }
        rows += 1;
    }
    assert_eq!(rows, 63);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
