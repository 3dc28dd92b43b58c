//! Betza notation, once: the alphabet of atoms, the reader of varia's dialect (with its `(x,y)`
//! extension) into move parts, and the writers of the three dialects varia speaks: its own
//! ([`atom_name`]), Fairy-Stockfish's ([`fsf`], which also reads FSF's words as FSF does) and
//! XBoard's ([`xboard`]).

pub mod fsf;
pub(crate) mod legs;
pub(crate) mod read;
pub mod xboard;

/// A leap in the owner's frame, or an atom's (long, short) offsets.
pub type Vector = (i8, i8);

/// The single leapers, each with its (long, short) offsets, in the order the language lists
/// them (the shared core of every dialect).
pub const LEAPERS: &[(char, Vector)] = &[
    ('W', (1, 0)),
    ('F', (1, 1)),
    ('D', (2, 0)),
    ('N', (2, 1)),
    ('A', (2, 2)),
    ('H', (3, 0)),
    ('C', (3, 1)),
    ('Z', (3, 2)),
    ('G', (3, 3)),
];

/// Other letters for a leaper: `L` is the camel `C`, `J` the zebra `Z`.
pub const SYNONYMS: &[(char, char)] = &[('L', 'C'), ('J', 'Z')];

/// The compound atoms: their leapers and whether they ride (`R` rides `W`; `K` is `W` and `F`).
pub const COMPOUNDS: &[(char, &[Vector], bool)] = &[
    ('K', &[(1, 0), (1, 1)], false),
    ('R', &[(1, 0)], true),
    ('B', &[(1, 1)], true),
    ('Q', &[(1, 0), (1, 1)], true),
];

/// Fairy-Stockfish's rider suffix after the atom at `chars[i]`: a digit (its range) or the atom
/// repeated (`WW`, unlimited). `Some(range)` where there is one (`None` for unlimited), `None`
/// where the atom is a plain leap.
pub fn rider_suffix(chars: &[char], i: usize) -> Option<Option<i32>> {
    let c = *chars.get(i)?;
    let n = *chars.get(i + 1)?;
    (n.is_ascii_digit() || n == c).then(|| n.to_digit(10).map(|d| d as i32))
}

/// An atom letter's leaps (as (long, short) offsets) and whether it rides; `None` for a letter
/// that is no atom.
pub fn atom(letter: char) -> Option<(Vec<Vector>, bool)> {
    let letter = SYNONYMS
        .iter()
        .find(|(s, _)| *s == letter)
        .map_or(letter, |&(_, l)| l);
    if let Some(&(_, v)) = LEAPERS.iter().find(|(l, _)| *l == letter) {
        return Some((vec![v], false));
    }
    COMPOUNDS
        .iter()
        .find(|(l, ..)| *l == letter)
        .map(|&(_, v, rides)| (v.to_vec(), rides))
}

/// Every atom letter, each leaper followed by its synonyms, then the compounds:
/// `W F D N A H C L Z J G K R B Q`.
pub fn letters() -> Vec<char> {
    let mut out = Vec::new();
    for &(l, _) in LEAPERS {
        out.push(l);
        out.extend(SYNONYMS.iter().filter(|s| s.1 == l).map(|s| s.0));
    }
    out.extend(COMPOUNDS.iter().map(|c| c.0));
    out
}

/// The (long, short) offsets of a vector's atom.
pub fn offsets((x, y): Vector) -> Vector {
    let (p, q) = (x.unsigned_abs() as i8, y.unsigned_abs() as i8);
    (p.max(q), p.min(q))
}

/// The leaper letter of a vector (`W` for (0,1)), if it has one.
pub fn letter(v: Vector) -> Option<char> {
    let o = offsets(v);
    LEAPERS.iter().find(|(_, a)| *a == o).map(|&(l, _)| l)
}

/// The turn from a leg that went by `(a, b)` to a vector, as XBetza names a later leg's
/// directions: `f` straight on, `b` straight back, `r` `l` a quarter turn right or left (right is
/// the clockwise quarter turn), `fr` `fl` `br` `bl` the turns between.
pub fn turn((a, b): (i32, i32), (x, y): (i32, i32)) -> &'static str {
    match ((x * b - y * a).signum(), (x * a + y * b).signum()) {
        (0, 1) => "f",
        (0, _) => "b",
        (1, 0) => "r",
        (_, 0) => "l",
        (1, 1) => "fr",
        (_, 1) => "fl",
        (1, _) => "br",
        _ => "bl",
    }
}

/// The cells a stepping (lame) leap passes, relative to its start: straight along the longer
/// axis while it is longer, then diagonally (`(1,2)` passes `(0,1)`: the Xiangqi horse), as
/// Fairy-Stockfish's `lame_leaper_path` has them.
pub fn path((x, y): (i32, i32)) -> Vec<Vector> {
    let (ax, ay) = (x.abs(), y.abs());
    let (sx, sy) = (x.signum(), y.signum());
    let mut out = Vec::new();
    let (mut cx, mut cy) = (0i32, 0i32);
    loop {
        let (rx, ry) = (ax - cx.abs(), ay - cy.abs());
        if rx > ry {
            cx += sx;
        } else if ry > rx {
            cy += sy;
        } else {
            cx += sx;
            cy += sy;
        }
        if (cx, cy) == (x, y) {
            break;
        }
        out.push((cx as i8, cy as i8));
    }
    out
}

/// Names a move part in varia's dialect by its atoms (`W`, `N`, `K`, `R`, `(4,1)`), a rider with
/// its range (`R`, `Q4`, `N*`, `N3`); direction filters are not shown.
pub fn atom_name(vectors: &[Vector], range: u8) -> String {
    let mut leaps: Vec<Vector> = vectors.iter().map(|&v| offsets(v)).collect();
    leaps.sort_unstable();
    leaps.dedup();
    if leaps == [(1, 0), (1, 1)] {
        return match range {
            1 => "K".into(),
            0 => "Q".into(),
            n => format!("Q{n}"),
        };
    }
    leaps
        .iter()
        .map(|&(a, b)| {
            let leap = LEAPERS.iter().find(|(_, o)| *o == (a, b)).map(|&(l, _)| l);
            let base = leap.map_or_else(|| format!("({a},{b})"), String::from);
            match (leap, range) {
                (_, 1) => base,
                (Some('W'), 0) => "R".into(),
                (Some('F'), 0) => "B".into(),
                (_, 0) => format!("{base}*"),
                (_, n) => format!("{base}{n}"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_alphabet() {
        let all: String = letters().into_iter().collect();
        assert_eq!(all, "WFDNAHCLZJGKRBQ");
        assert_eq!(atom('L'), Some((vec![(3, 1)], false)));
        assert_eq!(atom('Q'), Some((vec![(1, 0), (1, 1)], true)));
        assert_eq!(atom('X'), None);
        assert_eq!(letter((-1, 2)), Some('N'));
        assert_eq!(letter((4, 1)), None);
        assert_eq!(atom_name(&[(1, 0), (0, 1), (1, 1)], 1), "K");
        assert_eq!(atom_name(&[(1, 0), (0, -1)], 0), "R");
        assert_eq!(atom_name(&[(1, 2)], 0), "N*");
        assert_eq!(atom_name(&[(4, 1)], 3), "(4,1)3");
        assert_eq!(path((1, 2)), vec![(0, 1)]);
        assert_eq!(path((2, 3)), vec![(0, 1), (1, 2)]);
        assert_eq!(path((-3, 1)), vec![(-1, 0), (-2, 0)]);
    }
}
