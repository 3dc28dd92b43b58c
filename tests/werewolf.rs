//! Werewolf chess (definitions/hachu/werewolf.varia) against HaChu 0.21: HaChu's self-play games
//! (recorded by `scripts/hachu_games.py --variant werewolf --lift` in
//! tests/fixtures/hachu/werewolf.tsv) replayed move by move, each of HaChu's moves legal in
//! varia and written alike (a capture of a Werewolf, which HaChu writes as a promotion to one,
//! `f2e3w`, being varia's plain capture); and at every position of those games the moves HaChu
//! highlights for each piece of the side to move (werewolf-lift.tsv) are varia's.

mod common;
#[path = "common/hachu.rs"]
mod hachu;

use std::collections::{BTreeMap, BTreeSet};
use varia::{Game, Position};

const WEREWOLF: &str = "definitions/hachu/werewolf.varia";

/// Every move of HaChu's self-play games is legal in varia and written alike, and a game HaChu
/// ends is won so in varia (see [`hachu::replay`]).
#[test]
fn hachu_self_play_games_replay_move_by_move() {
    let game = common::load(WEREWOLF, None);
    let replayed = hachu::replay(&game, "tests/fixtures/hachu/werewolf.tsv");
    // The figures of the recorded games (the commit's message quotes them).
    assert_eq!(replayed, (8, 1032, 11, 0));
    // Among them, captures of a Werewolf that turn the capturer, as HaChu writes them.
    let text = std::fs::read_to_string(common::def("tests/fixtures/hachu/werewolf.tsv")).unwrap();
    let turned = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split('\t').nth(1).unwrap().split_whitespace())
        .filter(|m| m.ends_with('w'))
        .count();
    assert_eq!(turned, 10);
}

/// varia's self-play games, sent to HaChu in force mode, are accepted to their end
/// (scripts/hachu_force.py; needs Debian's `hachu`: `cargo test --release --test werewolf --
/// --ignored`).
#[test]
#[ignore]
fn hachu_accepts_varias_self_play() {
    let out = std::process::Command::new("python3")
        .args([
            "scripts/hachu_force.py",
            "--variant",
            "werewolf",
            "--games",
            "4",
            "--plies",
            "120",
            "--varia",
            env!("CARGO_BIN_EXE_varia"),
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("accepted 4 of 4 games fully"), "{text}");
}

/// Where a piece may go, as HaChu's `highlight` shows it: the cells it may end on (`Y`, `R`,
/// `M`) and the cells a move in two legs takes on the way (`C`).
type Targets = (BTreeSet<String>, BTreeSet<String>);

/// HaChu's `highlight` board (ranks from the top, digits for empty runs) as targets.
fn highlighted(game: &Game, board: &str) -> Targets {
    let ranks: Vec<&str> = board.split('/').collect();
    let (mut to, mut via) = (BTreeSet::new(), BTreeSet::new());
    for (r, row) in ranks.iter().enumerate() {
        let mut file = 0;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<usize>().unwrap_or(0);
            digits.clear();
            let cell = format!("{}{}", (b'a' + file as u8) as char, ranks.len() - r);
            assert!(game.parse_cell(&cell).is_some(), "{board}: {cell}");
            match c {
                'Y' | 'R' | 'M' => to.insert(cell),
                'C' => via.insert(cell),
                _ => panic!("{board}: `{c}`"),
            };
            file += 1;
        }
    }
    (to, via)
}

/// The cells of a plain move (`h7h8r`: `h7`, `h8`).
fn cells(m: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in m.chars() {
        if c.is_ascii_lowercase() && out.last().is_none_or(|s| s.len() > 1) {
            out.push(c.to_string());
        } else if c.is_ascii_digit() {
            out.last_mut().unwrap().push(c);
        }
    }
    out
}

/// varia's moves of the side to move by the cell they start from, as HaChu highlights them:
/// where each plain move ends, and the cell between the legs of a move in two legs; an en
/// passant capture, which HaChu makes as a move in legs over the Pawn it takes, as that Pawn's
/// cell; a cell both, as the cell between legs (HaChu shows one letter a cell). `pseudo` is the game without royal pieces, whose moves are HaChu's before it tests
/// whether they leave its King in check.
fn targets(pseudo: &Game, pos: &Position) -> BTreeMap<String, Targets> {
    let mut by_cell: BTreeMap<String, Targets> = BTreeMap::new();
    for m in pseudo.legal_moves(pos).iter() {
        let text = pseudo.move_to_string(m);
        let (first, rest) = text.split_once(',').unwrap_or((&text, ""));
        let c = cells(first);
        let entry = by_cell.entry(c[0].clone()).or_default();
        let to = pseudo.parse_cell(&c[1]).unwrap();
        if !rest.is_empty() {
            entry.1.insert(c[1].clone());
        } else if pos.piece(to).is_none() && pseudo.is_capture(pos, m) {
            entry.1.insert(format!("{}{}", &c[1][..1], &c[0][1..]));
        } else {
            entry.0.insert(c[1].clone());
        }
    }
    // HaChu marks a cell once: one taken on the way shows as `C` whatever else ends there.
    for (to, via) in by_cell.values_mut() {
        to.retain(|c| !via.contains(c));
    }
    by_cell
}

/// At every position of HaChu's games, for every piece of the side to move, the cells HaChu
/// highlights when it is lifted are where varia's moves from there go (before the test for
/// check, which HaChu leaves to its search: the game without royal pieces).
#[test]
fn hachu_highlights_varias_moves_at_every_position() {
    let game = common::load(WEREWOLF, None);
    let source = std::fs::read_to_string(common::def(WEREWOLF)).unwrap();
    let pseudo = varia::load_str(&source.replace("\n  royal\n", "\n"), None).unwrap();
    assert!(pseudo.rules().pieces.iter().all(|p| !p.royal));
    let games = std::fs::read_to_string(common::def("tests/fixtures/hachu/werewolf.tsv")).unwrap();
    let games: BTreeMap<&str, Vec<&str>> = games
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0], f[1].split_whitespace().collect())
        })
        .collect();
    let lifts =
        std::fs::read_to_string(common::def("tests/fixtures/hachu/werewolf-lift.tsv")).unwrap();
    let (mut positions, mut squares, mut targets_seen) = (0, 0, 0);
    let mut problems = Vec::new();
    let (mut at, mut pos, mut ply) = ("", game.start(), 0);
    for line in lifts.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (g, want_ply): (&str, usize) = (f[0], f[1].parse().unwrap());
        if g != at {
            (at, pos, ply) = (g, game.start(), 0);
        }
        while ply < want_ply {
            let legal = hachu::legal(&game, &pos);
            let hachu_move = games[g][ply];
            let m = legal
                .iter()
                .find(|m| *m == hachu_move)
                .or_else(|| hachu::contagion(&game, &pos, &legal, hachu_move))
                .unwrap_or_else(|| panic!("game {g}, ply {ply}: {hachu_move}"));
            pos = game.make(&pos, &game.parse_move(&pos, m).unwrap());
            ply += 1;
        }
        let fen = game.fen(&pos);
        let at_pseudo = pseudo.parse_fen(&fen).unwrap();
        let ours = targets(&pseudo, &at_pseudo);
        let asked: Vec<&str> = f[2].split_whitespace().collect();
        for a in &asked {
            let (sq, board) = a.split_once('=').unwrap();
            let theirs = if board == "-" {
                Targets::default()
            } else {
                highlighted(&game, board)
            };
            let mine = ours.get(sq).cloned().unwrap_or_default();
            targets_seen += mine.0.len() + mine.1.len();
            if mine != theirs {
                problems.push(format!(
                    "game {g} ply {ply} ({fen}) from {sq}: varia {mine:?}, HaChu {theirs:?}"
                ));
            }
            squares += 1;
        }
        // Every cell varia moves from was asked.
        for sq in ours.keys() {
            if !asked.iter().any(|a| a.split_once('=').unwrap().0 == sq) {
                problems.push(format!("game {g} ply {ply} ({fen}): {sq} not asked"));
            }
        }
        positions += 1;
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The figures of the recorded positions (the commit's message quotes them).
    assert_eq!((positions, squares, targets_seen), (1037, 11937, 35178));
}
