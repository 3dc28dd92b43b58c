//! What XBoard 4.9 needs to draw and check a variant it has never seen: the `setup` command
//! (piece letters mapped to its piece types, board size, holdings, a parent variant, the FEN) and
//! a `piece` command per type with its moves in XBoard's Betza dialect, all from the rule set.

use varia::Game;
use varia::rules::{Cell, Mode, MovePart, PieceId, PieceType, PlayerId, Style};

/// XBoard's first 11 piece types and their usual letters; type `i + 11` is the promoted form of
/// type `i`, and the last entry of each colour is the King.
const SLOT_LETTERS: [char; 11] = ['P', 'N', 'B', 'R', 'Q', 'F', 'E', 'A', 'C', 'W', 'M'];
const SLOTS: usize = 22;
const KING: usize = 21;

/// Gets the `setup` and `piece` lines for a two-player game, or a reason it cannot be shown.
pub fn setup_lines(game: &Game) -> Result<Vec<String>, String> {
    let rules = game.rules();
    if rules.players.len() != 2 {
        return Err("XBoard plays two-player games only".into());
    }
    let mut slots: [Option<usize>; SLOTS] = [None; SLOTS];
    let pieces = &rules.pieces;
    let plain: Vec<usize> = (0..pieces.len())
        .filter(|&i| !pieces[i].symbol.starts_with('+'))
        .collect();
    // The royal type takes the King's place; the others their letter's place if they can.
    let royal = plain.iter().copied().find(|&i| pieces[i].royal);
    if let Some(k) = royal {
        slots[KING] = Some(k);
    }
    let letter = |i: usize| pieces[i].symbol.chars().last().unwrap_or('?');
    // Types that have a promoted form (`+X`) need one of the first ten places, whose promoted
    // place is ten further on.
    let bases: Vec<char> = pieces
        .iter()
        .filter_map(|p| p.symbol.strip_prefix('+'))
        .filter_map(|b| b.chars().next())
        .collect();
    let mut rest = Vec::new();
    for &i in plain.iter().filter(|&&i| Some(i) != royal) {
        match SLOT_LETTERS.iter().position(|&c| c == letter(i)) {
            Some(s) if slots[s].is_none() && (s < 10 || !bases.contains(&letter(i))) => {
                slots[s] = Some(i)
            }
            _ => rest.push(i),
        }
    }
    rest.sort_by_key(|&i| !bases.contains(&letter(i)));
    for i in rest {
        // A free place but the Pawn's (XBoard gives pawns their own rules); a type with no
        // promoted form may also take a promoted place nobody needs (XBoard then takes it for
        // the promoted form of another type: harmless but for what a capture returns to hand).
        let needs_base = bases.contains(&letter(i));
        let free = |s: usize| {
            slots[s].is_none() && (s < 11 || !bases.contains(&slots[s - 11].map_or('.', letter)))
        };
        let place = if needs_base {
            (1..10).find(|&s| free(s))
        } else {
            (1..KING).find(|&s| free(s))
        };
        let Some(s) = place else {
            return Err(format!(
                "too many piece types for XBoard ({})",
                pieces[i].name
            ));
        };
        slots[s] = Some(i);
    }
    for (i, p) in pieces.iter().enumerate() {
        if let Some(base) = p.symbol.strip_prefix('+') {
            let b = slots[..10]
                .iter()
                .position(|s| s.is_some_and(|s| pieces[s].symbol == base));
            match b {
                Some(b) if slots[b + 11].is_none() => slots[b + 11] = Some(i),
                _ => return Err(format!("XBoard cannot show {}", p.name)),
            }
        }
    }
    let table = |upper: bool| -> String {
        slots
            .iter()
            .map(|s| match s {
                None => '.',
                Some(i) if pieces[*i].symbol.starts_with('+') => '+',
                Some(i) => {
                    let c = letter(*i);
                    if upper { c } else { c.to_ascii_lowercase() }
                }
            })
            .collect()
    };
    let holdings = if rules.has_hands() {
        let mut held: Vec<PieceId> = (0..pieces.len() as u8)
            .map(PieceId)
            .filter(|&i| !pieces[i.index()].royal && !pieces[i.index()].removed_when_captured)
            .map(|i| rules.hand_type(i))
            .collect();
        held.sort();
        held.dedup();
        held.len()
    } else {
        0
    };
    let promoted = pieces.iter().any(|p| p.symbol.starts_with('+'));
    let parent = if promoted && rules.captures_to_hand {
        "shogi"
    } else {
        "fairy"
    };
    let mut lines = vec![format!(
        "setup ({}{}) {}x{}+{holdings}_{parent} {}",
        table(true),
        table(false),
        rules.board.files,
        rules.board.ranks,
        game.fen(&game.start())
    )];
    for p in pieces {
        let betza = piece_betza(game, p);
        if !betza.is_empty() {
            lines.push(format!("piece {}& {betza}", p.symbol));
        }
    }
    Ok(lines)
}

/// A piece's moves in XBoard's Betza dialect: atoms with direction, mode (`m`, `c`), lame (`n`),
/// hopper (`p`), initial-only (`i`) modifiers and a range; castling (`O2`) for a castling king,
/// drops (`@` and the farthest rank) for a game with hands. XBoard has no zone-restricted moves:
/// a move usable only from a zone that holds every piece of the type at the start (the pawn's
/// double step) is written as initial-only (`i`), any other as if it were usable everywhere.
/// Leaps XBoard has no atom for are left out, and multiple displacement is shown as a plain leap.
pub fn piece_betza(game: &Game, p: &PieceType) -> String {
    let rules = game.rules();
    let id = rules.pieces.iter().position(|q| q.name == p.name);
    let start = game.start();
    let mut out = String::new();
    for part in &p.moves {
        let initial = part.from_zone.is_some_and(|z| {
            let cells = &rules.zones[z.index()].cells[0];
            (0..rules.board.cells() as u16)
                .map(Cell)
                .filter(|&c| {
                    start
                        .piece(c)
                        .is_some_and(|q| q.owner == PlayerId(0) && Some(q.kind.index()) == id)
                })
                .all(|c| cells.binary_search(&c).is_ok())
        });
        out += &part_betza(part, initial);
    }
    if rules.castling.iter().any(|c| Some(c.king.index()) == id) {
        out += "O2";
    }
    if rules.captures_to_hand && !p.royal && !p.symbol.starts_with('+') {
        out += &format!("@{}", rules.board.ranks);
    }
    out
}

fn atom(x: i8, y: i8) -> Option<char> {
    let (a, b) = (
        x.unsigned_abs().max(y.unsigned_abs()),
        x.unsigned_abs().min(y.unsigned_abs()),
    );
    Some(match (a, b) {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// Every vector of an atom's full set.
fn full_set(x: i8, y: i8) -> Vec<(i8, i8)> {
    let (a, b) = (x.abs().max(y.abs()), x.abs().min(y.abs()));
    let mut v = Vec::new();
    for (p, q) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let w = (p * sx, q * sy);
                if !v.contains(&w) {
                    v.push(w);
                }
            }
        }
    }
    v
}

/// The Betza direction modifier of one vector (owner's frame: y forward, x right).
fn direction(x: i8, y: i8) -> String {
    let fb = if y > 0 { "f" } else { "b" };
    let lr = if x > 0 { "r" } else { "l" };
    if x == 0 {
        fb.into()
    } else if y == 0 {
        lr.into()
    } else if x.abs() == y.abs() || y.abs() > x.abs() {
        format!("{fb}{lr}")
    } else {
        format!("{lr}{fb}")
    }
}

/// A test on a vector: which half of an atom's set it belongs to.
type Keep = dyn Fn(i8, i8) -> bool;

fn part_betza(part: &MovePart, initial: bool) -> String {
    let mut prefix = String::new();
    match part.mode {
        Mode::Move => prefix.push('m'),
        Mode::Capture => prefix.push('c'),
        Mode::Both => {}
    }
    // A grasshopper of range 2 along W or F lines is Betza's `j` on a D or A leap.
    let jump = part.hop
        && part.lands_behind_screen
        && part.range == 2
        && part
            .vectors
            .iter()
            .all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1);
    let doubled;
    let part = if jump {
        prefix.push('j');
        doubled = MovePart {
            vectors: part.vectors.iter().map(|&(x, y)| (2 * x, 2 * y)).collect(),
            range: 1,
            hop: false,
            lands_behind_screen: false,
            ..part.clone()
        };
        &doubled
    } else {
        part
    };
    if part.hop {
        prefix.push(if part.lands_behind_screen { 'g' } else { 'p' });
    } else if part.style == Style::Step
        && part
            .vectors
            .iter()
            .any(|&(x, y)| atom(x, y).is_some_and(|a| !"WF".contains(a)))
    {
        prefix.push('n');
    }
    if initial {
        prefix.push('i');
    }
    let range = match part.range {
        1 => String::new(),
        0 => "0".into(),
        n => n.to_string(),
    };
    // Group the vectors by atom; a full set needs no direction.
    let mut groups: Vec<(char, Vec<(i8, i8)>)> = Vec::new();
    for &(x, y) in &part.vectors {
        let Some(a) = atom(x, y) else { continue };
        match groups.iter_mut().find(|g| g.0 == a) {
            Some(g) => g.1.push((x, y)),
            None => groups.push((a, vec![(x, y)])),
        }
    }
    let mut out = String::new();
    for (a, vs) in groups {
        let (x0, y0) = vs[0];
        let full = full_set(x0, y0);
        let word = |dirs: &str| {
            let atom_text = match (a, range.as_str()) {
                ('W', "0") => "R".to_string(),
                ('F', "0") => "B".to_string(),
                (a, r) => format!("{a}{r}"),
            };
            format!("{prefix}{dirs}{atom_text}")
        };
        let subset = |keep: &dyn Fn(i8, i8) -> bool| -> Vec<(i8, i8)> {
            full.iter().copied().filter(|&(x, y)| keep(x, y)).collect()
        };
        let same = |set: Vec<(i8, i8)>| set.len() == vs.len() && set.iter().all(|v| vs.contains(v));
        let halves: [(&str, &Keep); 10] = [
            ("f", &|_, y| y > 0),
            ("b", &|_, y| y < 0),
            ("l", &|x, _| x < 0),
            ("r", &|x, _| x > 0),
            ("v", &|x, y| y.abs() > x.abs()),
            ("s", &|x, y| x.abs() > y.abs()),
            ("ff", &|x, y| y > 0 && y.abs() > x.abs()),
            ("bb", &|x, y| y < 0 && y.abs() > x.abs()),
            ("fs", &|x, y| y > 0 && x.abs() > y.abs()),
            ("bs", &|x, y| y < 0 && x.abs() > y.abs()),
        ];
        if same(full.clone()) {
            out += &word("");
        } else if let Some((d, _)) = halves.iter().find(|(_, keep)| same(subset(*keep))) {
            out += &word(d);
        } else {
            for &(x, y) in &vs {
                out += &word(&direction(x, y));
            }
        }
    }
    out
}
