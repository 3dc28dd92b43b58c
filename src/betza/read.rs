//! The reader of varia's Betza dialect (with its `(x,y)` extension): move words to move parts.

use crate::rules::{Mode, MovePart, Style};
use crate::syntax::{MoveAtom, MoveWord, Span, Spanned};

/// A problem in one move word.
pub struct BetzaError {
    pub message: String,
    pub span: Span,
}

/// Lowers one Betza word, e.g. `FfW`, into move parts (without a zone); an atom with XBetza's
/// `a` (a move in legs, read by `legs.rs`) is refused here.
pub fn lower_word(word: &MoveWord) -> Result<Vec<MovePart>, BetzaError> {
    lower_atoms(&word.atoms)
}

/// Lowers a run of atoms into move parts.
pub(super) fn lower_atoms(atoms: &[MoveAtom]) -> Result<Vec<MovePart>, BetzaError> {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < atoms.len() {
        let a = &atoms[i];
        if a.modifiers.node.contains('a') {
            return Err(BetzaError {
                message: "moves in legs (`a`) are not read here".into(),
                span: a.modifiers.span,
            });
        }
        // A doubled letter with nothing between is the rider of that leaper (`NN`).
        let doubled = i + 1 < atoms.len()
            && a.range.is_none()
            && atoms[i + 1].modifiers.node.is_empty()
            && atoms[i + 1].atom.node == a.atom.node
            && atoms[i + 1].range.is_none()
            && !super::COMPOUNDS
                .iter()
                .any(|c| a.atom.node.len() == 1 && a.atom.node.starts_with(c.0));
        parts.extend(lower_atom(a, doubled)?);
        i += if doubled { 2 } else { 1 };
    }
    Ok(parts)
}

/// The base vectors and default range of an atom letter.
pub(super) fn atom_vectors(atom: &MoveAtom) -> Result<(Vec<(i32, i32)>, u8), BetzaError> {
    let t = atom.atom.node.as_str();
    let err = |m: String| BetzaError {
        message: m,
        span: atom.atom.span,
    };
    let v = |x, y| vec![(x, y)];
    let mut letters = t.chars();
    if let (Some(c), None) = (letters.next(), letters.next())
        && let Some((leaps, rides)) = super::atom(c)
    {
        let leaps = leaps.iter().map(|&(a, b)| (a as i32, b as i32)).collect();
        return Ok((leaps, if rides { 0 } else { 1 }));
    }
    Ok(match t {
        _ if t.starts_with('(') => {
            let inner = &t[1..t.len() - 1];
            let mut it = inner.split(',').map(|s| s.trim().parse::<i32>());
            match (it.next(), it.next()) {
                (Some(Ok(x)), Some(Ok(y)))
                    if (x, y) != (0, 0) && x.abs() <= 15 && y.abs() <= 15 =>
                {
                    (v(x, y), 1)
                }
                _ => {
                    return Err(err(format!(
                        "`{t}` is not a leap: use (x,y) with -15..15, not (0,0)"
                    )));
                }
            }
        }
        _ => {
            let letters: Vec<String> = super::letters().iter().map(char::to_string).collect();
            return Err(err(format!(
                "unknown atom `{t}`: expected one of {} or (x,y)",
                letters.join(" ")
            )));
        }
    })
}

/// All eight symmetric images of a vector, deduplicated, in a fixed order.
fn symmetric(x: i32, y: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (a, b) in [(x, y), (y, x)] {
        for (sa, sb) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            let v = (a * sa, b * sb);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// Whether a vector (x right, y forward) lies in a direction letter's half-plane or axis.
fn letter(c: char, (x, y): (i32, i32)) -> bool {
    match c {
        'f' => y > 0,
        'b' => y < 0,
        'l' => x < 0,
        'r' => x > 0,
        'v' => y.abs() > x.abs(),
        's' => x.abs() > y.abs(),
        _ => false,
    }
}

/// A pair of letters names the directions in both (`fl`, `fs`); a doubled letter narrows to its
/// own axis (`ff` = forward and more forward than sideways).
fn pair(a: char, b: char, v: (i32, i32)) -> bool {
    let axis = |c| match c {
        'f' | 'b' => 'v',
        _ => 's',
    };
    if a == b {
        letter(a, v) && letter(axis(a), v)
    } else {
        letter(a, v) && letter(b, v)
    }
}

/// The atom's range: its own, or the base's (a doubled letter: unlimited).
pub(super) fn range(atom: &MoveAtom, doubled: bool, default_range: u8) -> Result<u8, BetzaError> {
    let mut range = if doubled { 0 } else { default_range };
    if let Some(r) = &atom.range {
        range = if r.node == "*" {
            0
        } else {
            match r.node.parse::<u8>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return Err(BetzaError {
                        message: format!("range `{}` must be 1..255 or *", r.node),
                        span: r.span,
                    });
                }
            }
        };
    }
    Ok(range)
}

/// What an atom's modifier letters say.
struct Modifiers {
    mode: Mode,
    style: Style,
    hop: bool,
    /// Where a `g`, `i` and `j` are written, for errors about them.
    grasshopper: Option<Span>,
    initial: Option<Span>,
    jump: Option<Span>,
    /// The direction letters, in order.
    dirs: Vec<char>,
}

/// Reads an atom's modifier letters.
fn modifiers(mods: &Spanned<String>) -> Result<Modifiers, BetzaError> {
    let mut mode = Mode::Both;
    let mut style = Style::Leap;
    let mut hop = false;
    let mut grasshopper = None;
    let mut initial = None;
    let mut jump = None;
    let mut dirs = Vec::new();
    for (i, c) in mods.node.chars().enumerate() {
        let at = Span {
            start: mods.span.start + i,
            end: mods.span.start + i + 1,
        };
        match c {
            'm' => {
                mode = if mode == Mode::Capture {
                    Mode::Both
                } else {
                    Mode::Move
                }
            }
            'c' => {
                mode = if mode == Mode::Move {
                    Mode::Both
                } else {
                    Mode::Capture
                }
            }
            'n' => style = Style::Step,
            'x' => style = Style::Displace,
            'p' => hop = true,
            'g' => {
                hop = true;
                grasshopper = Some(at);
            }
            'i' => initial = Some(at),
            'j' => jump = Some(at),
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => dirs.push(c),
            _ => {
                return Err(BetzaError {
                    message: format!(
                        "unknown modifier `{c}`: expected m c n x p g i j or a direction (f b l r v s)"
                    ),
                    span: at,
                });
            }
        }
    }
    Ok(Modifiers {
        mode,
        style,
        hop,
        grasshopper,
        initial,
        jump,
        dirs,
    })
}

/// The symmetric directions of the bases that the direction letters keep (all of them, with
/// none).
pub(super) fn directed(bases: &[(i32, i32)], dirs: &[char]) -> Vec<(i32, i32)> {
    let mut all = Vec::new();
    for &(x, y) in bases {
        for v in symmetric(x, y) {
            if !all.contains(&v) {
                all.push(v);
            }
        }
    }
    let keep = kept(&all, dirs);
    all.into_iter()
        .zip(keep)
        .filter_map(|(v, k)| k.then_some(v))
        .collect()
}

/// Which of the vectors the direction letters keep (all of them, with none): a pair of letters
/// names the directions in both where it names any, else the letters count one by one.
fn kept(all: &[(i32, i32)], dirs: &[char]) -> Vec<bool> {
    if dirs.is_empty() {
        return vec![true; all.len()];
    }
    let mut keep = vec![false; all.len()];
    let mut i = 0;
    while i < dirs.len() {
        if i + 1 < dirs.len() {
            let hits: Vec<bool> = all.iter().map(|&v| pair(dirs[i], dirs[i + 1], v)).collect();
            if hits.iter().any(|&h| h) {
                keep.iter_mut().zip(hits).for_each(|(k, h)| *k |= h);
                i += 2;
                continue;
            }
        }
        for (k, &v) in keep.iter_mut().zip(all) {
            *k |= letter(dirs[i], v);
        }
        i += 1;
    }
    keep
}

fn lower_atom(atom: &MoveAtom, doubled: bool) -> Result<Vec<MovePart>, BetzaError> {
    let (bases, default_range) = atom_vectors(atom)?;
    let range = range(atom, doubled, default_range)?;
    let Modifiers {
        mode,
        style,
        hop,
        grasshopper,
        initial,
        jump,
        dirs,
    } = modifiers(&atom.modifiers)?;
    let mods = &atom.modifiers;
    if let Some(at) = grasshopper
        && (range == 1 || style != Style::Leap)
    {
        return Err(BetzaError {
            message: "`g` (land just beyond the screen) needs a rider, without `n` or `x`".into(),
            span: at,
        });
    }
    if let Some(at) = initial
        && (range != 1 || style != Style::Leap || hop || mode != Mode::Move)
    {
        return Err(BetzaError {
            message: "`i` (a first move only) is supported on move-only leaps (`imfD`, `imfsN`)"
                .into(),
            span: at,
        });
    }
    let vectors = directed(&bases, &dirs);
    if vectors.is_empty() {
        return Err(BetzaError {
            message: format!(
                "the directions `{}` leave `{}` no move",
                dirs.iter().collect::<String>(),
                atom.atom.node
            ),
            span: mods.span,
        });
    }
    // `j`: on a rider of one-cell steps (`jR`, `jQ`, `jW3`), the ride skips its first cell
    // whatever stands there (XBoard's reading); on a two-cell straight leap the leap must jump
    // over a piece: a grasshopper whose screen is the cell in between, half the leap, range 2,
    // landing just beyond it.
    let unit = |&(x, y): &(i32, i32)| x.abs() <= 1 && y.abs() <= 1;
    let skips_first = jump.is_some() && range != 1 && vectors.iter().all(unit);
    let (vectors, range, hop, grasshopper) = match jump {
        None => (vectors, range, hop, grasshopper),
        Some(at) if skips_first => {
            if style != Style::Leap || hop || initial.is_some() {
                return Err(BetzaError {
                    message: "`j` on a rider (skip its first cell) takes no `n`, `x`, `p`, `g` or \
                              `i` (`jR`, `mjB`, `jsW3`)"
                        .into(),
                    span: at,
                });
            }
            (vectors, range, hop, grasshopper)
        }
        Some(at) => {
            let two = |&(x, y): &(i32, i32)| matches!((x.abs(), y.abs()), (2, 0) | (0, 2) | (2, 2));
            if range != 1
                || style != Style::Leap
                || hop
                || initial.is_some()
                || !vectors.iter().all(two)
            {
                return Err(BetzaError {
                    message: "`j` is supported on two-cell straight leaps (jump over a piece: \
                              `jD`, `jA`, `mjfD`) and on riders of one-cell steps (skip the first \
                              cell: `jR`, `jQ`, `jsW3`), without other hop or step modifiers"
                        .into(),
                    span: at,
                });
            }
            let half = vectors.iter().map(|&(x, y)| (x / 2, y / 2)).collect();
            (half, 2, true, Some(at))
        }
    };
    let paths = vectors
        .iter()
        .map(|&v| match style {
            Style::Leap => Vec::new(),
            _ => step_path(v),
        })
        .collect();
    Ok(vec![MovePart {
        vectors: vectors.iter().map(|&(x, y)| (x as i8, y as i8)).collect(),
        range,
        style,
        mode,
        hop,
        lands_behind_screen: grasshopper.is_some(),
        from_zone: None,
        within: false,
        initial: initial.is_some(),
        after_first: false,
        paths,
        skips_first,
    }])
}

/// The cells a stepping move passes, relative to its start.
pub use super::path as step_path;
