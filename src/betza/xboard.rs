//! XBoard's Betza dialect (XBoard 4.9's `piece` command), written from a rule set's move parts.

use super::{letter, offsets, turn};
use crate::rules::{LegChain, LegMove, LegStop, Mode, MovePart, Style};

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

/// One move part in XBoard's Betza dialect (`initial`: written as initial-only, `i`;
/// `en_passant`: its captures also take en passant, `e`); leaps with
/// no XBoard atom are left out, multiple displacement is shown as a plain leap. XBoard 4.9 reads
/// the modifiers of an atom in a fixed order, `i`, then the directions, then `m`, `c`, `p`, `g`,
/// `n`, `j`: a direction after a mode is not read (`mfW` is taken for `mW`, a pawn that moves
/// and, worse, attacks backwards), so `ifmnD`, `fmW`, `fcF`.
pub fn part(part: &MovePart, initial: bool, en_passant: bool) -> String {
    let mut prefix = String::new();
    match (part.mode, en_passant) {
        (Mode::Move, _) => prefix.push('m'),
        (Mode::Capture, false) => prefix.push('c'),
        (Mode::Capture, true) => prefix.push_str("ce"),
        (Mode::Both, false) => {}
        (Mode::Both, true) => prefix.push_str("mce"),
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
            .any(|&(x, y)| letter((x, y)).is_some_and(|a| !"WF".contains(a)))
    {
        prefix.push('n');
    }
    // XBoard reads `j` on a rider of W or F steps as skipping its first cell (`jR`, `jsW3`).
    if jump || part.skips_first {
        prefix.push('j');
    }
    let first = if initial { "i" } else { "" };
    let range = match part.range {
        1 => String::new(),
        0 => "0".into(),
        n => n.to_string(),
    };
    // Group the vectors by atom; a full set needs no direction.
    let mut groups: Vec<(char, Vec<(i8, i8)>)> = Vec::new();
    for &(x, y) in &part.vectors {
        let Some(a) = letter((x, y)) else { continue };
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
            format!("{first}{dirs}{prefix}{atom_text}")
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
        // XBoard's `n` on a three-cell straight leap (G, H) does not check every cell passed:
        // a stepping one in all its directions is written as three legs of one cell, the first
        // two to empty cells (`mafmafF`).
        let long_step = part.style == Style::Step && !part.hop && !initial && "GH".contains(a);
        if long_step && same(full.clone()) {
            let last = match part.mode {
                Mode::Move => "m",
                Mode::Capture => "c",
                Mode::Both => "",
            };
            let one = if a == 'G' { 'F' } else { 'W' };
            out += &format!("mafmaf{last}{one}");
        } else if same(full.clone()) {
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

/// A move in two legs in XBoard's Betza dialect (`caK`, `mabK`, `masR`), where its first legs are an
/// atom's full set and each is followed by the same turns (Chu Shogi's lion, Rifle chess's
/// shot); `None` for any other, which XBoard is not told.
pub fn legs(lm: &LegMove) -> Option<String> {
    let mut atoms: Vec<(i8, i8)> = lm
        .legs
        .iter()
        .flat_map(|(v, seconds)| std::iter::once(v).chain(seconds))
        .map(|&v| offsets(v))
        .collect();
    atoms.sort_unstable();
    atoms.dedup();
    let (atom, full) = match atoms[..] {
        [(1, 0), (1, 1)] => ('K', [full_set(1, 0), full_set(1, 1)].concat()),
        [(a, b)] => (letter((a, b))?, full_set(a, b)),
        _ => return None,
    };
    let firsts: Vec<(i8, i8)> = lm.legs.iter().map(|l| l.0).collect();
    if firsts.len() != full.len() || !full.iter().all(|v| firsts.contains(v)) {
        return None;
    }
    const ORDER: [&str; 8] = ["f", "fr", "r", "br", "b", "bl", "l", "fl"];
    let wide = |v: &(i8, i8)| (i32::from(v.0), i32::from(v.1));
    let turns = |(v, seconds): &((i8, i8), Vec<(i8, i8)>)| -> Vec<&str> {
        let names: Vec<&str> = seconds.iter().map(|s| turn(wide(v), wide(s))).collect();
        ORDER.into_iter().filter(|t| names.contains(t)).collect()
    };
    let first = turns(&lm.legs[0]);
    if lm.legs.iter().any(|l| turns(l) != first) {
        return None;
    }
    let every: Vec<&str> = {
        let names: Vec<&str> = full
            .iter()
            .map(|s| turn(wide(&firsts[0]), wide(s)))
            .collect();
        ORDER.into_iter().filter(|t| names.contains(t)).collect()
    };
    let dirs = turn_set(&first, &every);
    // A second leg that rides rides as far as the first (`masR`); a ride's way back is `b`.
    if lm.second_range != 1 && lm.second_range != lm.range {
        return None;
    }
    let modes = stop_modes(&lm.first);
    let last = last_mode(lm.mode);
    // A first leg that rides is written as the rider (`cabR`, `cabNN`, `cabW3`).
    let atom = match (lm.range, atom) {
        (1, a) => a.to_string(),
        (0, 'W') => "R".into(),
        (0, 'F') => "B".into(),
        (0, 'K') => "Q".into(),
        (0, a) => format!("{a}{a}"),
        (n, a) => format!("{a}{n}"),
    };
    Some(format!("{modes}a{dirs}{last}{atom}"))
}

/// The XBetza modes of what a cell between legs may hold (`m`, `c`, `p`, in XBoard's order).
fn stop_modes(stop: &LegStop) -> String {
    [(stop.empty, 'm'), (stop.capture, 'c'), (stop.hop, 'p')]
        .iter()
        .filter_map(|&(on, c)| on.then_some(c))
        .collect()
}

/// The XBetza mode of what a move may do where it ends (none where it may move or capture).
fn last_mode(mode: Mode) -> &'static str {
    match mode {
        Mode::Move => "m",
        Mode::Capture => "c",
        Mode::Both => "",
    }
}

/// A later leg's turns (in `ORDER`) as XBetza writes them: nothing for every turn the atom has,
/// `s` for both quarter turns, `v` for straight on and straight back.
fn turn_set(turns: &[&str], every: &[&str]) -> String {
    if turns == every {
        String::new()
    } else if turns == ["r", "l"] {
        "s".into()
    } else if turns == ["f", "b"] {
        "v".into()
    } else {
        turns.concat()
    }
}

/// A move in three legs in XBoard's Betza dialect (the Lion Dog's `mcpafmcpavK`), where the
/// first legs are a leaper's full set (the king's: `K`) and each is followed by the same turns,
/// the second leg's relative to the first and the third's relative to the second, the same
/// whatever the second leg's turn; `None` for any other, which XBoard is not told.
pub fn chains(lc: &LegChain) -> Option<String> {
    const ORDER: [&str; 8] = ["f", "fr", "r", "br", "b", "bl", "l", "fl"];
    let [first_stop, second_stop] = lc.stops[..] else {
        return None;
    };
    let mut atoms: Vec<(i8, i8)> = lc.paths.iter().flatten().map(|&v| offsets(v)).collect();
    atoms.sort_unstable();
    atoms.dedup();
    let (atom, full) = match atoms[..] {
        [(1, 0), (1, 1)] => ('K', [full_set(1, 0), full_set(1, 1)].concat()),
        [(a, b)] => (letter((a, b))?, full_set(a, b)),
        _ => return None,
    };
    let wide = |v: (i8, i8)| (i32::from(v.0), i32::from(v.1));
    let named = |names: &[&str]| -> Vec<&'static str> {
        ORDER.into_iter().filter(|t| names.contains(t)).collect()
    };
    // Each path as its first leap and its two turns.
    let mut turned: Vec<((i8, i8), &str, &str)> = Vec::new();
    for path in &lc.paths {
        let [a, b, c] = path[..] else {
            return None;
        };
        turned.push((a, turn(wide(a), wide(b)), turn(wide(b), wide(c))));
    }
    let seconds = named(&turned.iter().map(|t| t.1).collect::<Vec<_>>());
    let thirds = named(&turned.iter().map(|t| t.2).collect::<Vec<_>>());
    // Every first leap of the full set, each with every pair of turns, and nothing else.
    let mut want: Vec<((i8, i8), &str, &str)> = Vec::new();
    for &v in &full {
        for &t1 in &seconds {
            for &t2 in &thirds {
                want.push((v, t1, t2));
            }
        }
    }
    turned.sort_unstable();
    turned.dedup();
    want.sort_unstable();
    if turned != want {
        return None;
    }
    // A later leg's turn is named among the atom's own from the first leap.
    let every = named(
        &full
            .iter()
            .map(|&s| turn(wide(full[0]), wide(s)))
            .collect::<Vec<_>>(),
    );
    Some(format!(
        "{}a{}{}a{}{}{atom}",
        stop_modes(&first_stop),
        turn_set(&seconds, &every),
        stop_modes(&second_stop),
        turn_set(&thirds, &every),
        last_mode(lc.mode)
    ))
}

#[cfg(test)]
mod tests {
    use super::{chains, legs};
    use crate::rules::{LegChain, LegMove, LegStop, Mode};

    #[test]
    fn the_lions_legs_are_written_as_hachu_writes_them() {
        let king = [
            (1, 0),
            (0, 1),
            (-1, 0),
            (0, -1),
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
        ];
        let stop = |empty, capture| LegStop {
            empty,
            capture,
            hop: false,
        };
        let every = LegMove {
            legs: king.iter().map(|&v| (v, king.to_vec())).collect(),
            first: stop(false, true),
            mode: Mode::Both,
            range: 1,
            second_range: 1,
        };
        assert_eq!(legs(&every).as_deref(), Some("caK"));
        let back = LegMove {
            legs: king
                .iter()
                .map(|&(x, y)| ((x, y), vec![(-x, -y)]))
                .collect(),
            first: stop(true, false),
            mode: Mode::Both,
            range: 1,
            second_range: 1,
        };
        assert_eq!(legs(&back).as_deref(), Some("mabK"));
        let rifle = LegMove {
            first: stop(false, true),
            range: 0,
            ..back.clone()
        };
        assert_eq!(legs(&rifle).as_deref(), Some("cabQ"));
        let forward_only = LegMove {
            legs: vec![((0, 1), vec![(0, 1)])],
            ..back.clone()
        };
        assert_eq!(legs(&forward_only), None);
        // The hook mover: a rook's ride that turns a quarter either way and rides on.
        let rook = [(1, 0), (0, 1), (-1, 0), (0, -1)];
        let hook = LegMove {
            legs: rook
                .iter()
                .map(|&(x, y)| ((x, y), vec![(-y, x), (y, -x)]))
                .collect(),
            first: stop(true, false),
            range: 0,
            second_range: 0,
            ..back
        };
        assert_eq!(legs(&hook).as_deref(), Some("masR"));
        let short_turn = LegMove {
            second_range: 2,
            ..hook
        };
        assert_eq!(legs(&short_turn), None);
    }

    /// The Lion Dog's three king's steps along a line, the last straight on or back, each of
    /// the first two cells empty, taken or jumped: HaChu's `mcpafmcpavK`.
    #[test]
    fn the_lion_dogs_three_legs_are_written_as_hachu_writes_them() {
        let king = [
            (1, 0),
            (0, 1),
            (-1, 0),
            (0, -1),
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
        ];
        let any = LegStop {
            empty: true,
            capture: true,
            hop: true,
        };
        let dog = LegChain {
            paths: king
                .iter()
                .flat_map(|&(x, y)| [vec![(x, y); 3], vec![(x, y), (x, y), (-x, -y)]])
                .collect(),
            stops: vec![any, any],
            mode: Mode::Both,
        };
        assert_eq!(chains(&dog).as_deref(), Some("mcpafmcpavK"));
        // Straight on only, capturing only where it ends, the second cell empty: `mcpafmafcK`.
        let straight = LegChain {
            paths: king.iter().map(|&v| vec![v; 3]).collect(),
            stops: vec![
                any,
                LegStop {
                    empty: true,
                    capture: false,
                    hop: false,
                },
            ],
            mode: Mode::Capture,
        };
        assert_eq!(chains(&straight).as_deref(), Some("mcpafmafcK"));
        // A Wazir's turns: a quarter turn either way, then on or back: `mcpasmcpavW`.
        let rook = [(1, 0), (0, 1), (-1, 0), (0, -1)];
        let turning = LegChain {
            paths: rook
                .iter()
                .flat_map(|&(x, y)| {
                    [(-y, x), (y, -x)]
                        .into_iter()
                        .flat_map(move |t| [vec![(x, y), t, t], vec![(x, y), t, (-t.0, -t.1)]])
                })
                .collect(),
            stops: vec![any, any],
            mode: Mode::Both,
        };
        assert_eq!(chains(&turning).as_deref(), Some("mcpasmcpavW"));
        // A line one way only, or a third leg that depends on the second's turn: not written.
        let one_way = LegChain {
            paths: vec![vec![(0, 1); 3]],
            ..dog.clone()
        };
        assert_eq!(chains(&one_way), None);
        let uneven = LegChain {
            paths: rook
                .iter()
                .flat_map(|&(x, y)| {
                    [
                        vec![(x, y), (-y, x), (-y, x)],
                        vec![(x, y), (y, -x), (x, y)],
                    ]
                })
                .collect(),
            ..dog
        };
        assert_eq!(chains(&uneven), None);
    }
}
