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

use std::collections::{BTreeMap, BTreeSet};
use varia::{Game, Position};

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

/// Where a piece may go, as HaChu's `highlight` shows it: each cell it may end on, and whether
/// the move there may promote (`M`; `Y` and `R` otherwise).
type Targets = BTreeSet<(String, bool)>;

/// HaChu's `highlight` board (ranks from the top, digits for empty runs) as targets; the mark
/// HaChu puts on a1 when a1 is lifted after a pass (it keeps a pass as a move from a1 to a1)
/// left out.
fn highlighted(board: &str, lifted: &str) -> Targets {
    let ranks: Vec<&str> = board.split('/').collect();
    let mut out = Targets::new();
    for (r, row) in ranks.iter().enumerate() {
        let (mut file, mut digits) = (0, String::new());
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<usize>().unwrap_or(0);
            digits.clear();
            let cell = format!("{}{}", (b'a' + file as u8) as char, ranks.len() - r);
            assert!("YRM".contains(c), "{board}: `{c}`");
            if !(cell == lifted && cell == "a1") {
                out.insert((cell, c == 'M'));
            }
            file += 1;
        }
    }
    out
}

/// A position as HaChu tells repetitions: the board and the player to move.
fn placement(game: &Game, pos: &Position) -> String {
    let fen = game.fen(pos);
    let f: Vec<&str> = fen.split(' ').collect();
    format!("{} {}", f[0], f[1])
}

/// varia's moves of the side to move by the cell they start from, as HaChu highlights them: the
/// cell each ends on, promoting where some move there promotes (HaChu shows one mark a cell);
/// not those that repeat a position of `seen` (HaChu refuses them).
fn targets(pseudo: &Game, pos: &Position, seen: &BTreeSet<String>) -> BTreeMap<String, Targets> {
    let mut ends: BTreeMap<String, BTreeMap<String, bool>> = BTreeMap::new();
    for m in pseudo.legal_moves(pos).iter() {
        if seen.contains(&placement(pseudo, &pseudo.make(pos, m))) {
            continue;
        }
        let (from, to) = (pseudo.cell_name(m.from()), pseudo.cell_name(m.to()));
        *ends.entry(from).or_default().entry(to).or_default() |= m.promotion().is_some();
    }
    ends.into_iter()
        .map(|(from, to)| (from, to.into_iter().collect()))
        .collect()
}

/// At every position of HaChu's games, for every piece of the side to move of a type without
/// moves in legs (whose cells HaChu marks otherwise; hook moves among them, which HaChu's Hook
/// Mover and Capricorn do not make) and not the promoted Kirin or Phoenix (which HaChu moves
/// otherwise than its `piece` commands say), the cells HaChu highlights when it is lifted are
/// where varia's moves from there end, promoting where varia's may (the King's promotion HaChu
/// offers left out), but for those that repeat a position of the game (HaChu refuses them);
/// before the test for check, which HaChu leaves to its search: the game without royal pieces.
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
    let fixture = "tests/fixtures/hachu/macadamia-lifted.tsv";
    let games = std::fs::read_to_string(common::def(fixture)).unwrap();
    let games: BTreeMap<&str, Vec<&str>> = games
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0], f[1].split_whitespace().collect())
        })
        .collect();
    let lifts = std::fs::read_to_string(common::def(
        "tests/fixtures/hachu/macadamia-lifted-lift.tsv",
    ))
    .unwrap();
    let (mut positions, mut squares, mut targets_seen) = (0, 0, 0);
    let mut problems = Vec::new();
    let (mut at, mut pos, mut ply) = ("", game.start(), 0);
    let mut seen = BTreeSet::new();
    for line in lifts.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (g, want_ply): (&str, usize) = (f[0], f[1].parse().unwrap());
        if g != at {
            (at, pos, ply) = (g, game.start(), 0);
            seen = BTreeSet::from([placement(&game, &pos)]);
        }
        while ply < want_ply {
            let legal = hachu::legal(&game, &pos);
            let hachu_move = games[g][ply];
            let m = if hachu_move == "@@@@" {
                legal.iter().find(|m| hachu::is_pass(m))
            } else {
                legal
                    .iter()
                    .find(|m| *m == hachu_move)
                    .or_else(|| hachu::three_legs(&game, &pos, &legal, hachu_move))
            }
            .unwrap_or_else(|| panic!("game {g}, ply {ply}: {hachu_move}"));
            pos = game.make(&pos, &game.parse_move(&pos, m).unwrap());
            seen.insert(placement(&game, &pos));
            ply += 1;
        }
        let fen = game.fen(&pos);
        let at_pseudo = pseudo.parse_fen(&fen).unwrap();
        let ours = targets(&pseudo, &at_pseudo, &seen);
        for a in f[2].split_whitespace() {
            let (sq, board) = a.split_once('=').unwrap();
            let cell = game.parse_cell(sq).unwrap();
            let kind = pos.piece(cell).unwrap().kind.index();
            // A type whose moves in legs (hook moves among them) HaChu shows otherwise.
            if skipped.contains(&kind) {
                continue;
            }
            let mut theirs = if board == "-" {
                Targets::default()
            } else {
                highlighted(board, sq)
            };
            let mut mine = ours.get(sq).cloned().unwrap_or_default();
            // HaChu offers its King a promotion where it captures, to no type it names.
            if game.rules().pieces[kind].symbol == "K" {
                theirs = theirs.into_iter().map(|(c, _)| (c, false)).collect();
                mine = mine.into_iter().map(|(c, _)| (c, false)).collect();
            }
            targets_seen += mine.len();
            if mine != theirs {
                let only = |a: &Targets, b: &Targets| a.difference(b).cloned().collect::<Vec<_>>();
                problems.push(format!(
                    "game {g} ply {ply} ({fen}) from {sq}: varia only {:?}, HaChu only {:?}",
                    only(&mine, &theirs),
                    only(&theirs, &mine)
                ));
            }
            squares += 1;
        }
        positions += 1;
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The figures of the recorded positions (the commit's message quotes them).
    assert_eq!((positions, squares, targets_seen), (1180, 45077, 73665));
}
