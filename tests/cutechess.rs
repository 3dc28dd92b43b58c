//! The definitions under definitions/cutechess/ against independent counters: perft from the
//! start and after seeded random games, recorded by scripts/grid_perft.py (Grid chess written
//! from its rules alone, not from varia's code), scripts/checkless_perft.py (Checkless chess:
//! Fairy-Stockfish's chess moves, the rule applied on top) and scripts/gryphon_perft.py (Gryphon
//! chess, from its rules alone) and scripts/twokings_perft.py (Two Kings chess: Fairy-Stockfish's
//! moves, the rule applied on top); Cute Chess itself is not at hand, its tests' perft is.

mod common;

/// The rows of `tests/fixtures/cutechess/NAME.tsv` that `definitions/cutechess/NAME.varia`
/// does not count alike, and the number of rows.
fn differences(name: &str) -> (Vec<String>, usize) {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/cutechess/{name}.tsv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut problems = Vec::new();
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (variant, moves, depth, want) = (f[0], f[1], f[2], f[3]);
        let game = common::load(
            &format!("definitions/cutechess/{name}.varia"),
            Some(variant),
        );
        let mut pos = game.start();
        for m in moves.split_whitespace() {
            let mv = game
                .parse_move(&pos, m)
                .unwrap_or_else(|e| panic!("{variant}: {m}: {e}"));
            pos = game.make(&pos, &mv);
        }
        let got = game.perft(&pos, depth.parse().unwrap()).unwrap();
        if got.to_string() != want {
            problems.push(format!(
                "{variant} after `{moves}`: varia {got}, counter {want}"
            ));
        }
        rows += 1;
    }
    (problems, rows)
}

#[test]
fn grid_chess_counts_as_the_independent_counter() {
    let (problems, rows) = differences("grid");
    assert_eq!(rows, 56);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Checkless chess against scripts/checkless_perft.py (Fairy-Stockfish's chess moves, the rule
/// applied on top), and from the start against Cute Chess's own perft (its tests' 196,772 and
/// 4,835,050).
#[test]
fn checkless_chess_counts_as_the_independent_counter_and_cute_chess() {
    let (problems, rows) = differences("checkless");
    assert!(rows >= 100, "{rows} rows");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let game = common::load("definitions/cutechess/checkless.varia", None);
    assert_eq!(game.perft(&game.start(), 5).unwrap(), 4_835_050);
}

/// Gryphon, Circular Gryphon and Simplified Gryphon against scripts/gryphon_perft.py (written
/// from the rules alone, counting captures as the moves are made), and from the start against
/// Cute Chess's own perft (its tests' 6,778,804, 5,766,940 and 1,993,716).
#[test]
fn gryphon_chess_counts_as_the_independent_counter_and_cute_chess() {
    let (problems, rows) = differences("gryphon");
    assert!(rows >= 120, "{rows} rows");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for (variant, want) in [
        ("gryphon", 6_778_804),
        ("circulargryphon", 5_766_940),
        ("simplifiedgryphon", 1_993_716),
    ] {
        let game = common::load("definitions/cutechess/gryphon.varia", Some(variant));
        assert_eq!(game.perft(&game.start(), 5).unwrap(), want, "{variant}");
    }
    // Cute Chess's comment gives depth 4 too; without the rule the Kings' first steps would
    // count.
    let game = common::load(
        "definitions/cutechess/gryphon.varia",
        Some("simplifiedgryphon"),
    );
    assert_eq!(game.perft(&game.start(), 4).unwrap(), 92_350);
}

/// Two Kings chess and its symmetric variant against scripts/twokings_perft.py (Fairy-Stockfish's
/// moves with the Kings as common pieces, royalty by position and castling applied on top), and
/// from the start against Cute Chess's own perft (its tests' 4,629,168 and 4,629,764).
#[test]
fn two_kings_chess_counts_as_the_independent_counter_and_cute_chess() {
    let (problems, rows) = differences("twokings");
    assert!(rows >= 80, "{rows} rows");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for (variant, want) in [("twokings", 4_629_168), ("twokingssymmetric", 4_629_764)] {
        let game = common::load("definitions/cutechess/twokings.varia", Some(variant));
        assert_eq!(game.perft(&game.start(), 5).unwrap(), want, "{variant}");
    }
}

/// Cute Chess's depth-6 counts from the start (110,762,251 and 110,829,475): about a minute.
#[test]
#[ignore]
fn two_kings_chess_depth_6_as_cute_chess() {
    for (variant, want) in [
        ("twokings", 110_762_251),
        ("twokingssymmetric", 110_829_475),
    ] {
        let game = common::load("definitions/cutechess/twokings.varia", Some(variant));
        assert_eq!(game.perft(&game.start(), 6).unwrap(), want, "{variant}");
    }
}

#[test]
fn grid_chess_perft_from_the_start() {
    for (variant, want) in [("grid", [20, 400, 8342]), ("gridolina", [30, 900, 26948])] {
        let game = common::load("definitions/cutechess/grid.varia", Some(variant));
        for (depth, &n) in want.iter().enumerate() {
            assert_eq!(game.perft(&game.start(), depth as u32 + 1).unwrap(), n);
        }
    }
}

/// Grid chess written with every reach of every rider as a leap over cells that must be empty,
/// as a reader of the README might write it: 1,345 such cells in all, which a limit of 1,024
/// once refused. It plays as the shipped definition.
#[test]
fn grid_chess_with_every_reach_a_leap_is_not_refused() {
    let shipped = std::fs::read_to_string(common::def("definitions/cutechess/grid.varia")).unwrap();
    let reaches = |orth: bool, diag: bool| {
        let mut s = String::new();
        if orth {
            s += "nD nH n(4,0) n(5,0) n(6,0) n(7,0) ";
        }
        if diag {
            s += "nA nG n(4,4) n(5,5) n(6,6) n(7,7) ";
        }
        s
    };
    // The single steps that leave the block, per zone: as the shipped King's.
    let steps = [
        ("lower-left", "lW bW flF bF"),
        ("lower-right", "rW bW frF bF"),
        ("upper-left", "lW fW fF blF"),
        ("upper-right", "rW fW fF brF"),
    ];
    let mut text = String::new();
    let mut skip = false;
    for line in shipped.lines() {
        let piece = ["piece Queen", "piece Rook", "piece Bishop"]
            .iter()
            .position(|p| line.starts_with(p));
        if let Some(i) = piece {
            text += line;
            text += "\n";
            let (orth, diag) = [(true, true), (true, false), (false, true)][i];
            for (zone, step) in steps {
                let step: Vec<&str> = step
                    .split(' ')
                    .filter(|s| (orth && s.ends_with('W')) || (diag && s.ends_with('F')))
                    .collect();
                text += &format!(
                    "  moves {}{} in {zone}\n",
                    reaches(orth, diag),
                    step.join(" ")
                );
            }
            skip = true;
            continue;
        }
        skip &= line.starts_with("  ");
        if skip && line.starts_with("  moves") {
            continue;
        }
        text += line;
        text += "\n";
    }
    let rules = varia::compile(&text, None).expect("compiles");
    let path_cells: usize = rules
        .pieces
        .iter()
        .flat_map(|p| &p.moves)
        .flat_map(|m| &m.paths)
        .map(Vec::len)
        .sum();
    assert_eq!(path_cells, 1345);
    let game = varia::Game::new(rules).unwrap();
    assert_eq!(game.perft(&game.start(), 3).unwrap(), 8342);
}
