//! A game of more than 64 piece types (issue 46): tests/fixtures/symbols/many.varia, 70 types,
//! loads, counts, reads and writes its FEN and survives its RuleSet's JSON; the same game with
//! its pieces declared in reverse order (the royal King the 70th type, the rooks above the 64th
//! the first ones) has the same moves everywhere. The refusal past 128 types is
//! tests/bad/too_many_types.varia (tests/diagnostics.rs).

const GAME: &str = "tests/fixtures/symbols/many.varia";

fn source() -> String {
    std::fs::read_to_string(format!("{}/{GAME}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The definition with its piece blocks in reverse order.
fn reversed(src: &str) -> String {
    let first = src.find("\npiece ").unwrap() + 1;
    let end = src.find("\ncaptures go to hand").unwrap() + 1;
    let mut blocks: Vec<&str> = Vec::new();
    let body = &src[first..end];
    let mut at = 0;
    while let Some(next) = body[at + 1..].find("\npiece ") {
        blocks.push(&body[at..at + 1 + next + 1]);
        at += next + 2;
    }
    blocks.push(&body[at..]);
    assert_eq!(blocks.len(), 70);
    blocks.reverse();
    format!("{}{}{}", &src[..first], blocks.concat(), &src[end..])
}

/// A FEN with its hands' letters sorted: the reversed game lists a hand in its own type order.
fn unordered(fen: &str) -> String {
    let (board, rest) = fen.split_once('[').unwrap();
    let (hand, tail) = rest.split_once(']').unwrap();
    let mut hand: Vec<char> = hand.chars().collect();
    hand.sort();
    format!("{board}[{}]{tail}", hand.into_iter().collect::<String>())
}

/// The moves of a position, as written, sorted.
fn moves(game: &varia::Game, pos: &varia::Position) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_moves(pos)
        .iter()
        .map(|m| game.move_to_string(m))
        .collect();
    out.sort();
    out
}

/// A line in which each player drops a rook of type 64 (the 65th), White's takes Black's, a
/// knight promotes to type 68 and is taken (back to hand as type 52), and White checks.
const LINE: [&str; 11] = [
    "M!@e5", "M!@e4", "e5e4", "c9b7", "g1h3", "i9i8", "h3g5", "b7c5", "g5f7+", "g7f7", "e4e7",
];

#[test]
fn a_game_of_seventy_types_counts_as_its_reverse_does() {
    let src = source();
    let game = varia::load_str(&src, None).unwrap();
    let back = varia::load_str(&reversed(&src), None).unwrap();
    assert_eq!(game.rules().pieces.len(), 70);
    assert_eq!(back.rules().pieces[69].name, "King");
    let (mut a, mut b) = (game.start(), back.start());
    let counts: Vec<u64> = (1..=3).map(|d| game.perft(&a, d).unwrap()).collect();
    // 92 at depth 1: 57 drops of the M! on the empty cells and 35 moves on the board.
    assert_eq!(counts, [92, 8092, 480149]);
    for d in 1..=3 {
        assert_eq!(
            back.perft(&b, d).unwrap(),
            counts[d as usize - 1],
            "depth {d}"
        );
    }
    for m in LINE {
        assert_eq!(moves(&game, &a), moves(&back, &b), "before {m}");
        let ma = game.parse_move(&a, m).unwrap();
        game.play(&mut a, &ma).unwrap();
        let mb = back.parse_move(&b, m).unwrap();
        back.play(&mut b, &mb).unwrap();
        assert_eq!(
            unordered(&game.fen(&a)),
            unordered(&back.fen(&b)),
            "after {m}"
        );
    }
    assert_eq!(
        game.fen(&a),
        "o!3k1b!2/1c'5d'p!/e1f1M!h2i/9/2a!6/9/I1H1G1F1E/1D'5C'1/P!1B!1K3O![GM!a!] b - - 0 6"
    );
    assert!(game.in_check(&a) && back.in_check(&b));
    assert_eq!(game.perft(&a, 2).unwrap(), back.perft(&b, 2).unwrap());
}

#[test]
fn its_fen_reads_back_as_written() {
    let game = varia::load_str(&source(), None).unwrap();
    let mut pos = game.start();
    assert_eq!(game.fen(&pos), game.rules().setup);
    for m in LINE {
        let mv = game.parse_move(&pos, m).unwrap();
        game.play(&mut pos, &mv).unwrap();
        let fen = game.fen(&pos);
        let read = game.parse_fen(&fen).unwrap();
        assert_eq!(game.fen(&read), fen);
        assert_eq!(moves(&game, &read), moves(&game, &pos), "{fen}");
    }
}

#[test]
fn its_rule_set_survives_json() {
    let src = source();
    let rules = varia::compile(&src, None).unwrap();
    let json: varia::RuleSet =
        serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
    assert_eq!(json, rules);
    let (a, b) = (
        varia::Game::new(rules).unwrap(),
        varia::Game::new(json).unwrap(),
    );
    assert_eq!(
        a.perft(&a.start(), 2).unwrap(),
        b.perft(&b.start(), 2).unwrap()
    );
}
