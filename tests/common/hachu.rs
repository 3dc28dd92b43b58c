//! HaChu's self-play games (recorded by scripts/hachu_games.py in tests/fixtures/hachu/) replayed
//! in varia, for every game HaChu and varia both play.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use varia::{Game, Position, Status};

/// The legal moves of a position, as varia writes them.
pub fn legal(game: &Game, pos: &Position) -> Vec<String> {
    game.legal_moves(pos)
        .iter()
        .map(|m| game.move_to_string(m))
        .collect()
}

/// Whether varia's move is a pass in two legs: a step and the step back, capturing nothing.
pub fn is_pass(m: &str) -> bool {
    let Some((a, b)) = m.split_once(',') else {
        return false;
    };
    let (from, via) = split_cells(a);
    let (via2, to) = split_cells(b);
    from == to && via == via2
}

/// The two cells of a plain move (`h7i8` is `h7` and `i8`; ranks may have two digits).
fn split_cells(m: &str) -> (&str, &str) {
    let second = m[1..]
        .find(|c: char| c.is_ascii_lowercase())
        .map_or(m.len(), |i| i + 1);
    (&m[..second], &m[second..])
}

/// HaChu's capture of a contagious piece, which it writes as a promotion to the type taken
/// (Werewolf chess's `f2e3w`): varia's plain capture (`f2e3`), if that is legal, takes a piece
/// of the suffix's type and leaves the capturer turned into it.
pub fn contagion<'a>(
    game: &Game,
    pos: &Position,
    legal: &'a [String],
    hachu: &str,
) -> Option<&'a String> {
    let suffix = hachu.chars().last().filter(char::is_ascii_lowercase)?;
    let plain = legal.iter().find(|m| **m == hachu[..hachu.len() - 1])?;
    let to = game.parse_cell(split_cells(plain).1)?;
    let symbol = |p: Option<varia::engine::Piece>| {
        p.map(|p| {
            game.rules().pieces[p.kind.index()]
                .symbol
                .to_ascii_lowercase()
        })
    };
    let after = game.make(pos, &game.parse_move(pos, plain).ok()?);
    let turned = after.piece(to).map(|p| p.owner) == Some(pos.side_to_move());
    (symbol(pos.piece(to)) == Some(suffix.to_string())
        && symbol(after.piece(to)) == Some(suffix.to_string())
        && turned)
        .then_some(plain)
}

/// HaChu's move in three legs that captures on one cell only, which it writes as two legs over
/// the cell its second leg reaches (the Lion Dog's `c4e6,e6f7`: the step to d5 takes, e6 is
/// passed, f7 reached): varia writes it over the cell it captures on (`c4d5,d5f7`). The cells
/// of HaChu's legs, the cell between its first two, read as three legs (`c4d5,d5e6,e6f7`,
/// which varia reads by what it captures) give varia's move: a plain move where it captures
/// nothing (HaChu's `h8j6,j6k5` over two empty cells is `h8k5`).
pub fn three_legs<'a>(
    game: &Game,
    pos: &Position,
    legal: &'a [String],
    hachu: &str,
) -> Option<&'a String> {
    let (a, b) = hachu.split_once(',')?;
    let (from, via) = split_cells(a);
    let body = b.trim_end_matches(|c: char| !c.is_ascii_digit());
    let (via2, to) = split_cells(body);
    let suffix = &b[body.len()..];
    let (f, v) = (game.parse_cell(from)?, game.parse_cell(via)?);
    let board = &game.rules().board;
    let ((x0, y0), (x1, y1)) = (board.coords(f), board.coords(v));
    let (dx, dy) = (x1 - x0, y1 - y0);
    if via != via2 || dx.abs() > 2 || dy.abs() > 2 || dx % 2 != 0 || dy % 2 != 0 {
        return None;
    }
    let mid = board.cell(x0 + dx / 2, y0 + dy / 2)?;
    let mid = game.cell_name(mid);
    let full = format!("{from}{mid},{mid}{via},{via}{to}{suffix}");
    let m = game.parse_move(pos, &full).ok()?;
    legal.iter().find(|s| **s == game.move_to_string(&m))
}

/// Replays the games of a fixture (a line a game: its name, HaChu's moves from the start and
/// HaChu's result or `-`): every move of HaChu's is legal in varia and written alike (HaChu's
/// `@@@@`, a lion's pass, is varia's step and step back; its capture of a contagious piece,
/// see [`contagion`]; its Lion Dog's moves in three legs, see [`three_legs`]); a game HaChu ends (`1-0 {resign}`: the
/// side to move has no move left) is won so in varia, a game cut at its ply cap goes on. Gives
/// the games, plies, moves in legs and passes replayed.
pub fn replay(game: &Game, fixture: &str) -> (usize, usize, usize, usize) {
    let path = format!("{}/{fixture}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut games, mut plies, mut legs, mut passes) = (0, 0, 0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, moves, result) = (f[0], f[1], f[2]);
        let mut pos = game.start();
        for (ply, hachu) in moves.split_whitespace().enumerate() {
            let legal = legal(game, &pos);
            let ours = if hachu == "@@@@" {
                passes += 1;
                legal.iter().find(|m| is_pass(m)).cloned()
            } else {
                legs += usize::from(hachu.contains(','));
                legal
                    .iter()
                    .find(|m| *m == hachu)
                    .or_else(|| contagion(game, &pos, &legal, hachu))
                    .or_else(|| three_legs(game, &pos, &legal, hachu))
                    .cloned()
            };
            let Some(ours) = ours else {
                panic!(
                    "game {name}, ply {ply}: HaChu's {hachu} is not legal in varia at {}",
                    game.fen(&pos)
                );
            };
            let m = game.parse_move(&pos, &ours).unwrap();
            pos = game.make(&pos, &m);
            plies += 1;
        }
        match (result, game.status(&pos)) {
            ("-", Status::Ongoing { .. }) => {}
            (r, Status::Over(end)) if r.starts_with("1-0") || r.starts_with("0-1") => {
                let winner = if r.starts_with("1-0") { 0 } else { 1 };
                assert_eq!(
                    end.winner.map(|p| p.index()),
                    Some(winner),
                    "game {name}: {end:?}"
                );
            }
            (r, s) => panic!("game {name}: HaChu says {r}, varia {s:?}"),
        }
        games += 1;
    }
    (games, plies, legs, passes)
}

/// Where a piece may go, as HaChu's `highlight` shows it: each cell it may end on, and whether
/// the move there may promote (`M`; `Y` and `R` otherwise).
pub type Targets = BTreeSet<(String, bool)>;

/// HaChu's `highlight` board (ranks from the top, digits for empty runs) as targets; the mark
/// HaChu puts on a1 when a1 is lifted after a pass (it keeps a pass as a move from a1 to a1)
/// left out.
pub fn highlighted(board: &str, lifted: &str) -> Targets {
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
pub fn placement(game: &Game, pos: &Position) -> String {
    let fen = game.fen(pos);
    let f: Vec<&str> = fen.split(' ').collect();
    format!("{} {}", f[0], f[1])
}

/// varia's moves of the side to move by the cell they start from, as HaChu highlights them: the
/// cell each ends on, promoting where some move there promotes (HaChu shows one mark a cell);
/// not those that repeat a position of `seen` (HaChu refuses them).
pub fn targets(
    pseudo: &Game,
    pos: &Position,
    seen: &BTreeSet<String>,
) -> BTreeMap<String, Targets> {
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

/// What [`compare_highlights`] reads and leaves out.
pub struct Lifted<'a> {
    /// The games' fixture (`scripts/hachu_games.py --lift --out`), from the crate's root.
    pub games: &'a str,
    /// HaChu's highlights at their positions (the games' fixture, `-lift` before `.tsv`).
    pub lifts: &'a str,
    /// The types (indices into the rules' pieces) whose highlights are not compared.
    pub skipped: BTreeSet<usize>,
    /// The symbols of the types whose promotion marks are not compared.
    pub unmarked: &'a [&'a str],
}

/// At every position of HaChu's games, for every piece of the side to move of a type not
/// skipped, the cells HaChu highlights when it is lifted are where varia's moves from there end,
/// promoting where varia's may, but for those that repeat a position of the game (HaChu refuses
/// them); before the test for check, which HaChu leaves to its search: `pseudo` is the game
/// without royal pieces. Panics with every difference; gives the positions, the pieces lifted
/// and compared and the targets compared.
pub fn compare_highlights(game: &Game, pseudo: &Game, lifted: &Lifted) -> (usize, usize, usize) {
    let read = |path: &str| {
        let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let games = read(lifted.games);
    let games: BTreeMap<&str, Vec<&str>> = games
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0], f[1].split_whitespace().collect())
        })
        .collect();
    let lifts = read(lifted.lifts);
    let (mut positions, mut squares, mut targets_seen) = (0, 0, 0);
    let mut problems = Vec::new();
    let (mut at, mut pos, mut ply) = ("", game.start(), 0);
    let mut seen = BTreeSet::new();
    for line in lifts.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (g, want_ply): (&str, usize) = (f[0], f[1].parse().unwrap());
        if g != at {
            (at, pos, ply) = (g, game.start(), 0);
            seen = BTreeSet::from([placement(game, &pos)]);
        }
        while ply < want_ply {
            let legal = legal(game, &pos);
            let hachu_move = games[g][ply];
            let m = if hachu_move == "@@@@" {
                legal.iter().find(|m| is_pass(m))
            } else {
                legal
                    .iter()
                    .find(|m| *m == hachu_move)
                    .or_else(|| three_legs(game, &pos, &legal, hachu_move))
            }
            .unwrap_or_else(|| panic!("game {g}, ply {ply}: {hachu_move}"));
            pos = game.make(&pos, &game.parse_move(&pos, m).unwrap());
            seen.insert(placement(game, &pos));
            ply += 1;
        }
        let fen = game.fen(&pos);
        let at_pseudo = pseudo.parse_fen(&fen).unwrap();
        let ours = targets(pseudo, &at_pseudo, &seen);
        for a in f[2].split_whitespace() {
            let (sq, board) = a.split_once('=').unwrap();
            let cell = game.parse_cell(sq).unwrap();
            let kind = pos.piece(cell).unwrap().kind.index();
            if lifted.skipped.contains(&kind) {
                continue;
            }
            let mut theirs = if board == "-" {
                Targets::default()
            } else {
                highlighted(board, sq)
            };
            let mut mine = ours.get(sq).cloned().unwrap_or_default();
            if lifted
                .unmarked
                .contains(&game.rules().pieces[kind].symbol.as_str())
            {
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
    (positions, squares, targets_seen)
}
