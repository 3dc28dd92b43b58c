//! SAN against Fairy-Stockfish: every fixture `tests/fixtures/san/NAME.tsv` (written by
//! `scripts/fsf_san_fixtures.py` with pyffish's `get_san`, no Python needed here) names a
//! definition and gives positions of seeded random games, each with every legal move and its SAN.
//! At each position varia must have the same legal moves, write each as Fairy-Stockfish does,
//! write no two alike, and read a sample of them back, with and without their `+` or `#`. Moves
//! marked excluded (a letter Fairy-Stockfish writes for a type other than its FEN letter, a SAN it
//! writes for several moves) are counted, not compared; moves marked `check` (a check
//! Fairy-Stockfish does not write) are compared without `+` and `#`.
//!
//! Every mismatch is collected and reported before the test fails; `--nocapture` prints the
//! figures per variant.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn definition(name: &str) -> PathBuf {
    let classic = root().join(format!("definitions/classic/{name}.varia"));
    if classic.exists() {
        classic
    } else {
        root().join(format!("definitions/fsf/{name}.varia"))
    }
}

/// How many moves of a position are read back by `parse_san` (which writes every move of the
/// position to find one): enough to cover each kind, few enough for Amazons' thousands.
const READ_BACK: usize = 8;

/// What one fixture gave.
#[derive(Default)]
struct Tally {
    positions: usize,
    compared: usize,
    excluded: usize,
}

/// Compares one fixture; writes mismatches to `problems`.
fn check(name: &str, problems: &mut String) -> Tally {
    let fixture = root().join(format!("tests/fixtures/san/{name}.tsv"));
    let text = std::fs::read_to_string(&fixture).expect("fixture");
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'));
    let (_, head) = lines.next().expect("a definition line");
    let [word, path, variant] = head.split('\t').collect::<Vec<_>>()[..] else {
        panic!("{name}: expected `definition<TAB>PATH<TAB>VARIANT`, found {head}");
    };
    assert_eq!(word, "definition", "{name}: first line");
    let path = root().join(path);
    let source = std::fs::read_to_string(&path).expect("definition");
    let variant = (variant != "-").then_some(variant);
    let game = varia::load_at(&source, &path, variant).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut tally = Tally::default();
    let cut = |s: &str| s.trim_end_matches(['+', '#']).to_string();
    for (i, line) in lines {
        let mut fields = line.split('\t');
        let fen = fields.next().expect("FEN");
        let at = format!("{name}:{}: {fen}", i + 1);
        let pos = match game.parse_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                let _ = writeln!(problems, "{at}: FEN: {e}");
                continue;
            }
        };
        tally.positions += 1;
        let written = game.san_moves(&pos);
        let ours: HashMap<String, &str> = written
            .iter()
            .map(|(m, s)| (game.move_to_string(m), s.as_str()))
            .collect();
        let distinct: HashSet<&str> = written.iter().map(|(_, s)| s.as_str()).collect();
        if distinct.len() != written.len() {
            let _ = writeln!(problems, "{at}: varia writes two moves alike");
        }
        let theirs: Vec<&str> = fields.collect();
        if theirs.len() != written.len() {
            let _ = writeln!(
                problems,
                "{at}: varia {} legal moves, Fairy-Stockfish {}",
                written.len(),
                theirs.len()
            );
        }
        let mut compared = Vec::new();
        for field in theirs {
            let f: Vec<&str> = field.split(' ').collect();
            let (uci, want, why) = match f[..] {
                [uci, want] => (uci, want, ""),
                [uci, want, why] => (uci, want, why),
                _ => panic!("{at}: expected `move SAN[ excluded]`, found {field:?}"),
            };
            // A check Fairy-Stockfish does not write (an attack on a piece it takes as
            // pseudo-royal): compared without `+` and `#`.
            let bare = why == "check";
            if !why.is_empty() && !bare {
                tally.excluded += 1;
                continue;
            }
            tally.compared += 1;
            let m = match game.parse_move(&pos, uci) {
                Ok(m) => m,
                Err(e) => {
                    let _ = writeln!(problems, "{at} {uci}: move: {e}");
                    continue;
                }
            };
            let Some(&got) = ours.get(&game.move_to_string(&m)) else {
                let _ = writeln!(problems, "{at} {uci}: not among varia's legal moves");
                continue;
            };
            if got != want && !(bare && cut(got) == cut(want)) {
                let _ = writeln!(problems, "{at} {uci}: varia {got}, Fairy-Stockfish {want}");
                continue;
            }
            compared.push((m, got));
        }
        // Read back a sample spread over the position's moves.
        let step = compared.len().div_ceil(READ_BACK).max(1);
        for (m, got) in compared.iter().step_by(step) {
            for s in [*got, got.trim_end_matches(['+', '#'])] {
                match game.parse_san(&pos, s) {
                    Ok(back) if back == *m => {}
                    Ok(back) => {
                        let back = game.move_to_string(&back);
                        let _ = writeln!(problems, "{at}: `{s}` read as {back}");
                    }
                    Err(e) => {
                        let _ = writeln!(problems, "{at}: `{s}` not read: {e}");
                    }
                }
            }
        }
    }
    tally
}

#[test]
fn san_equals_fairy_stockfish() {
    let mut names: Vec<String> = std::fs::read_dir(root().join("tests/fixtures/san"))
        .expect("tests/fixtures/san")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "tsv").then(|| p.file_stem().unwrap().to_string_lossy().into())
        })
        .collect();
    names.sort();
    // Every definition of a Fairy-Stockfish built-in has its fixture.
    for dir in ["definitions/classic", "definitions/fsf"] {
        for e in std::fs::read_dir(root().join(dir)).expect(dir) {
            let p = e.unwrap().path();
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            assert!(names.contains(&stem), "no SAN fixture for {}", p.display());
        }
    }
    let mut problems = String::new();
    let mut all = Tally::default();
    for name in &names {
        let t = check(name, &mut problems);
        eprintln!(
            "{name}: {} positions, {} moves compared, {} excluded",
            t.positions, t.compared, t.excluded
        );
        assert!(t.compared > 0, "{name}: no move compared");
        all.positions += t.positions;
        all.compared += t.compared;
        all.excluded += t.excluded;
    }
    eprintln!(
        "SAN: {} variants, {} positions, {} moves compared, {} excluded",
        names.len(),
        all.positions,
        all.compared,
        all.excluded
    );
    let n = problems.lines().count();
    let mut by_variant = BTreeMap::new();
    for l in problems.lines() {
        *by_variant
            .entry(l.split(':').next().unwrap_or(""))
            .or_insert(0) += 1;
    }
    eprintln!("mismatches by variant: {by_variant:?}");
    assert!(
        problems.is_empty(),
        "{n} SAN mismatches:\n{}",
        problems.lines().take(80).collect::<Vec<_>>().join("\n")
    );
}

/// Moves Fairy-Stockfish has no SAN for: Chu Shogi's lion, in two legs.
#[test]
fn moves_in_two_legs() {
    let source = "game lion \"Lion test\"\nboard 6 x 6\nplayer white north\nplayer black south\n\
        piece King K\n  royal\n  moves K\npiece Lion L\n  value 10\n  moves KNADcaKmabK\n\
        piece Pawn P\n  value 1\n  moves fW\ncheckmate loss\nstalemate draw\n\
        setup k5/6/2pp2/2Lp2/6/K5 w - - 0 1\n";
    let game = varia::load_str(source, None).unwrap();
    let pos = game.start();
    let san = |uci: &str| game.san(&pos, &game.parse_move(&pos, uci).unwrap());
    // Igui (takes d3 without moving), a double capture, jitto (out and back), a plain leap.
    assert_eq!(san("c3d3,d3c3"), "Lxd3-c3");
    assert_eq!(san("c3c4,c4d4"), "Lxc4xd4");
    assert_eq!(san("c3b2,b2c3"), "Lb2-c3");
    assert_eq!(san("c3c5"), "Lc5#"); // the lion guards a5, b5, b6 and checks a6
    assert_eq!(san("c3d4"), "Lxd4");
    for s in ["Lxd3-c3", "Lxc4xd4", "Lb2-c3", "Lc5#", "Lc5"] {
        let m = game.parse_san(&pos, s).unwrap();
        assert_eq!(
            game.san(&pos, &m).trim_end_matches('#'),
            s.trim_end_matches('#')
        );
    }
}

/// Castling is read with zeros too, as python-chess reads it: `0-0` and `0-0-0`, with or without
/// the check sign, are the same moves as `O-O` and `O-O-O`.
#[test]
fn castling_with_zeros() {
    let source = std::fs::read_to_string(definition("chess")).unwrap();
    let game = varia::load_str(&source, None).unwrap();
    // Both sides free to castle both ways; after 0-0-0 the rook on d1 checks the king on d8.
    let pos = game.parse_fen("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    let uci = |s: &str| game.move_to_string(&game.parse_san(&pos, s).unwrap());
    assert_eq!(uci("O-O"), "e1g1");
    assert_eq!(uci("0-0"), "e1g1");
    assert_eq!(uci("O-O-O+"), "e1c1");
    assert_eq!(uci("0-0-0+"), "e1c1");
    assert_eq!(uci("0-0-0"), "e1c1");
    assert_eq!(
        game.parse_san(&game.start(), "0-0")
            .unwrap_err()
            .to_string(),
        "illegal move `0-0`: no legal move is written so"
    );
}

/// The reader's refusals, each with its message.
#[test]
fn bad_san_is_refused() {
    let source = std::fs::read_to_string(definition("chess")).unwrap();
    let game = varia::load_str(&source, None).unwrap();
    let pos = game.start();
    let err = |s: &str| game.parse_san(&pos, s).unwrap_err().to_string();
    assert_eq!(
        err("Nf4"),
        "illegal move `Nf4`: no legal move is written so"
    );
    assert_eq!(err("e5"), "illegal move `e5`: no legal move is written so");
    assert_eq!(
        err(""),
        "malformed move ``: expected SAN, e.g. e4, Nf3, exd5, e8=Q, O-O or P@e4"
    );
    assert_eq!(
        err("+"),
        "malformed move `+`: expected SAN, e.g. e4, Nf3, exd5, e8=Q, O-O or P@e4"
    );
    assert_eq!(
        err("N f3"),
        "malformed move `N f3`: expected SAN, e.g. e4, Nf3, exd5, e8=Q, O-O or P@e4"
    );
    // Two knights reach d2 after 1. d4 d5: the origin is named, and the bare form is refused.
    let pos = game
        .parse_fen("rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3")
        .unwrap();
    let m = game.parse_move(&pos, "f3d2").unwrap();
    assert_eq!(game.san(&pos, &m), "Nfd2");
    assert_eq!(
        game.parse_san(&pos, "Nd2").unwrap_err().to_string(),
        "illegal move `Nd2`: no legal move is written so"
    );
}

/// Free castling (Schoolbook chess): where the king could land elsewhere with the same partner,
/// its landing cell follows `O-O` or `O-O-O`; where it has one landing left, plain `O-O`.
#[test]
fn free_castling_names_the_kings_cell() {
    let source =
        std::fs::read_to_string(root().join("definitions/sjaak/schoolbook.varia")).unwrap();
    let game = varia::load_str(&source, None).unwrap();
    let pos = game
        .parse_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
        .unwrap();
    let mut castles: Vec<(String, String)> = game
        .san_moves(&pos)
        .into_iter()
        .filter(|(m, _)| matches!(m, varia::Move::Castle { .. }))
        .map(|(m, s)| (game.move_to_string(&m), s))
        .collect();
    castles.sort();
    let want = [
        ("f1b1", "O-O-Ob1"),
        ("f1c1", "O-O-Oc1"),
        ("f1d1", "O-O-Od1"),
        ("f1h1", "O-Oh1"),
        ("f1i1", "O-Oi1"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|&(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(castles, want);
    for (uci, san) in &want {
        let m = game.parse_san(&pos, san).unwrap();
        assert_eq!(&game.move_to_string(&m), uci);
    }
    // From h1 the king has one landing towards j1 (i1, one cell: written as taking the rook):
    // plain `O-O`.
    let pos = game
        .parse_fen("r4k3r/10/10/10/10/10/10/R6K1R w KQkq - 0 1")
        .unwrap();
    let m = game.parse_san(&pos, "O-O").unwrap();
    assert_eq!(game.move_to_string(&m), "h1j1");
    assert_eq!(game.san(&pos, &m), "O-O");
}
