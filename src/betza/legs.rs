//! XBetza's moves in legs, as the Interactive Diagram and XBoard read them: an atom's modifiers
//! split by `a` into legs over that atom. `caK` captures a king's step away and steps on again
//! (anywhere, back to the start included: Chu Shogi's lion); `mabK` steps to an empty cell and
//! back (a pass). A later leg's direction letters are relative to the leg before it (`f` goes
//! on straight, `b` comes back, `v` both, `s` sideways, `l` `r` to the left, right). On a rider
//! the first leg rides and the second comes back to the start: `cabR` shoots the first enemy
//! on a rook's line and stays (Rifle chess), unless it turns: then the second rides on from the
//! empty cell where the first stopped (`masR`, the hook mover; `masB`, the Capricorn).

use super::read::{BetzaError, atom_vectors, directed, lower_atoms, range};
use crate::rules::{LegChain, LegMove, LegStop, Mode, MovePart};
use crate::syntax::{MoveAtom, MoveWord, Span};

/// A word's moves: its move parts, moves in two legs and moves in three legs.
pub type WordMoves = (Vec<MovePart>, Vec<LegMove>, Vec<LegChain>);

/// Lowers one Betza word into move parts and moves in legs (its atoms with `a`, `caK`, or two,
/// `mcpafmcpavK`); the atoms between them are read as [`super::read::lower_word`] reads a word.
pub fn lower_word_with_legs(word: &MoveWord) -> Result<WordMoves, BetzaError> {
    let (mut parts, mut legs, mut chains) = (Vec::new(), Vec::new(), Vec::new());
    let atoms = &word.atoms;
    let (mut i, mut run) = (0, 0);
    while i < atoms.len() {
        let a = &atoms[i];
        if !a.modifiers.node.contains('a') {
            i += 1;
            continue;
        }
        parts.extend(lower_atoms(&atoms[run..i])?);
        // A doubled letter with nothing between is the rider of that leaper (`cabNN`).
        let doubled = a.range.is_none()
            && atoms.get(i + 1).is_some_and(|b| {
                b.modifiers.node.is_empty() && b.atom.node == a.atom.node && b.range.is_none()
            });
        if a.modifiers.node.matches('a').count() > 1 {
            chains.push(lower_chain(a, doubled)?);
        } else {
            legs.push(lower_legs(a, doubled)?);
        }
        i += if doubled { 2 } else { 1 };
        run = i;
    }
    parts.extend(lower_atoms(&atoms[run..])?);
    Ok((parts, legs, chains))
}

/// What one leg's letters say.
#[derive(Default)]
struct Leg {
    moves: bool,
    captures: bool,
    hops: bool,
    dirs: Vec<char>,
}

/// Lowers an atom with `a` in its modifiers into a move in two legs; on a rider (`cabR`,
/// `cabNN`, `cabW3`) the first leg rides and the second comes back to the start, or rides on
/// from an empty cell in the directions named, none of them back (`masR`, a hook).
fn lower_legs(atom: &MoveAtom, doubled: bool) -> Result<LegMove, BetzaError> {
    let mods = &atom.modifiers;
    let err = |span: Span, message: String| BetzaError { message, span };
    let (bases, default_range) = atom_vectors(atom)?;
    let range = range(atom, doubled, default_range)?;
    let legs = read_legs(atom)?;
    let [first, last] = <[Leg; 2]>::try_from(legs).map_err(|_| {
        err(
            mods.span,
            "a move in legs has two legs (one `a`) yet, as the lion's `caK`".into(),
        )
    })?;
    // On a rider, the second leg comes straight back (a shot) or rides on, turning (a hook).
    let back = last.dirs == ['b'];
    let fits = if back {
        !first.hops && (last.moves || !last.captures)
    } else {
        !first.hops && !first.captures && !last.dirs.is_empty() && !turns(&last.dirs).contains(&"b")
    };
    if range != 1 && !fits {
        let a = &atom.atom.node;
        return Err(err(
            mods.span,
            format!(
                "a first leg that rides either comes straight back to the start from an empty cell or an enemy (`cab{a}` shoots without moving), or rides on from an empty cell, turning (`mas{a}`, a hook), yet"
            ),
        ));
    }
    let all = directed(&bases, &[]);
    let mut out = Vec::new();
    for v1 in directed(&bases, &first.dirs) {
        let seconds = relative(&all, v1, &last.dirs);
        if !seconds.is_empty() {
            out.push((narrow(v1), seconds.into_iter().map(narrow).collect()));
        }
    }
    if out.is_empty() {
        return Err(err(
            mods.span,
            format!(
                "the directions `{}` leave `{}` no move",
                mods.node, atom.atom.node
            ),
        ));
    }
    Ok(LegMove {
        legs: out,
        first: stop(&first),
        mode: mode(&last),
        range,
        second_range: if range != 1 && !back { range } else { 1 },
    })
}

/// What a leg before the last may find where it stops: an empty cell unless its letters say
/// otherwise.
fn stop(leg: &Leg) -> LegStop {
    LegStop {
        empty: leg.moves || !(leg.captures || leg.hops),
        capture: leg.captures,
        hop: leg.hops,
    }
}

/// What the last leg may do where the move ends.
fn mode(last: &Leg) -> Mode {
    match (last.moves, last.captures) {
        (true, false) => Mode::Move,
        (false, true) => Mode::Capture,
        _ => Mode::Both,
    }
}

/// Lowers an atom with `a` twice in its modifiers into a move in three legs, each a single
/// leap of the atom (`mcpafmcpavK`, the Lion Dog's); more legs, or legs that ride, are refused.
fn lower_chain(atom: &MoveAtom, doubled: bool) -> Result<LegChain, BetzaError> {
    let mods = &atom.modifiers;
    let err = |message: &str| BetzaError {
        message: message.into(),
        span: mods.span,
    };
    let (bases, default_range) = atom_vectors(atom)?;
    if range(atom, doubled, default_range)? != 1 {
        return Err(err(
            "a move in three legs is made of single leaps yet: its atom may not ride",
        ));
    }
    let [first, second, third] = <[Leg; 3]>::try_from(read_legs(atom)?)
        .map_err(|_| err("a move in legs has two or three legs (one or two `a`) yet"))?;
    let all = directed(&bases, &[]);
    let mut paths = Vec::new();
    for v1 in directed(&bases, &first.dirs) {
        for v2 in relative(&all, v1, &second.dirs) {
            for v3 in relative(&all, v2, &third.dirs) {
                paths.push(vec![narrow(v1), narrow(v2), narrow(v3)]);
            }
        }
    }
    if paths.is_empty() {
        return Err(err(&format!(
            "the directions `{}` leave `{}` no move",
            mods.node, atom.atom.node
        )));
    }
    Ok(LegChain {
        paths,
        stops: vec![stop(&first), stop(&second)],
        mode: mode(&third),
    })
}

/// The legs an atom's modifiers name, split at each `a`.
fn read_legs(atom: &MoveAtom) -> Result<Vec<Leg>, BetzaError> {
    let mods = &atom.modifiers;
    let err = |span: Span, message: String| BetzaError { message, span };
    let mut legs = Vec::new();
    let mut leg = Leg::default();
    for (i, c) in mods.node.chars().enumerate() {
        let at = Span {
            start: mods.span.start + i,
            end: mods.span.start + i + 1,
        };
        match c {
            'a' => legs.push(std::mem::take(&mut leg)),
            'm' => leg.moves = true,
            'c' => leg.captures = true,
            'p' => leg.hops = true,
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => leg.dirs.push(c),
            _ => {
                return Err(err(
                    at,
                    format!(
                        "`{c}` is not read in a move in legs yet: a leg takes m c p and directions (f b l r v s)"
                    ),
                ));
            }
        }
    }
    legs.push(leg);
    if legs.last().is_some_and(|l| l.hops) {
        return Err(err(
            mods.span,
            "`p` after the last `a`: the last leg ends the move, so it cannot pass over a piece"
                .into(),
        ));
    }
    Ok(legs)
}

/// The vectors of `all` that the direction letters keep after a leg that went by `(a, b)`.
/// Each vector is named by its turn from that leg, as XBetza names a later leg's directions:
/// `f` straight on, `b` straight back, `r` `l` a quarter turn right or left, `fr` `fl` `br` `bl`
/// the turns between; `v` is `f` and `b`, `s` is `l` and `r`, `fs` and `bs` the two turns
/// between on that side. No letters keep them all.
fn relative(all: &[(i32, i32)], (a, b): (i32, i32), dirs: &[char]) -> Vec<(i32, i32)> {
    if dirs.is_empty() {
        return all.to_vec();
    }
    let names = turns(dirs);
    all.iter()
        .copied()
        .filter(|&(x, y)| {
            let turn = super::turn((a, b), (x, y));
            names.contains(&turn)
        })
        .collect()
}

/// The turns a later leg's direction letters name (see [`relative`]).
fn turns(dirs: &[char]) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < dirs.len() {
        let two = dirs.get(i + 1).map(|&d| {
            let mut p = [dirs[i], d];
            p.sort_unstable();
            p
        });
        let pair: &[&str] = match two {
            Some(['f', 'l']) => &["fl"],
            Some(['f', 'r']) => &["fr"],
            Some(['b', 'l']) => &["bl"],
            Some(['b', 'r']) => &["br"],
            Some(['f', 's']) => &["fl", "fr"],
            Some(['b', 's']) => &["bl", "br"],
            _ => &[],
        };
        if !pair.is_empty() {
            out.extend_from_slice(pair);
            i += 2;
            continue;
        }
        out.extend_from_slice(match dirs[i] {
            'f' => &["f"][..],
            'b' => &["b"],
            'l' => &["l"],
            'r' => &["r"],
            'v' => &["f", "b"],
            _ => &["l", "r"],
        });
        i += 1;
    }
    out
}

fn narrow((x, y): (i32, i32)) -> (i8, i8) {
    (x as i8, y as i8)
}

#[cfg(test)]
mod tests {
    use super::relative;

    #[test]
    fn directions_after_a_leg_are_relative_to_it() {
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
        // After a step to the right, `f` goes on to the right and `b` comes back.
        assert_eq!(relative(&king, (1, 0), &['f']), vec![(1, 0)]);
        assert_eq!(relative(&king, (1, 0), &['b']), vec![(-1, 0)]);
        assert_eq!(relative(&king, (1, 1), &['v']), vec![(1, 1), (-1, -1)]);
        // Right of a step to the right is down the board; a quarter turn either way after a
        // diagonal step is a diagonal.
        assert_eq!(relative(&king, (1, 0), &['r']), vec![(0, -1)]);
        assert_eq!(relative(&king, (1, 1), &['s']), vec![(-1, 1), (1, -1)]);
        assert_eq!(relative(&king, (0, 1), &['f', 's']), vec![(1, 1), (-1, 1)]);
        assert_eq!(relative(&king, (0, 1), &[]).len(), 8);
    }
}
