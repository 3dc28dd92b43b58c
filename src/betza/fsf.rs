//! Fairy-Stockfish's reading of Betza notation (`piece.cpp:from_betza`), reproduced so that the
//! exporter can prove that the words it writes mean exactly the moves of a rule set, and the
//! importer can turn FSF's words into move vectors.

pub use super::{LEAPERS, Vector};
use std::collections::BTreeMap;

/// FSF's move tables of a Betza word as `from_betza` fills them: (table, modality, vector) ->
/// distance, where table is 0 steps, 1 sliders, 2 hoppers; modality 0 quiet, 1 capture; the
/// distance 0 for a free leap, an unlimited rider or a cannon-like hopper, -1 for a lame leap,
/// `n` for a rider of range `n` and 1 for a grasshopper. A later word of the same key replaces
/// an earlier one, as in FSF.
pub type Tables = BTreeMap<(u8, u8, Vector), i32>;

/// The tables FSF fills from a Betza word, character by character as `from_betza` reads it
/// (a doubled atom letter or a digit after it makes a rider; characters it does not know are
/// skipped). `None` for what this reading does not cover: initial moves (`i`) and two-letter
/// directions on a compound atom (`K`, `Q`), which the exporter never writes.
pub fn tables(word: &str) -> Option<Tables> {
    let chars: Vec<char> = word.chars().collect();
    let mut t = Tables::new();
    let mut modal: Vec<u8> = Vec::new();
    let mut mods = String::new();
    let (mut hopper, mut lame, mut distance) = (false, false, 0i32);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => modal.push(0),
            'c' => modal.push(1),
            'p' | 'g' => {
                hopper = true;
                if c == 'g' {
                    distance = 1;
                }
            }
            'n' => lame = true,
            'i' => return None,
            'f' | 'b' | 'v' | 'h' | 'r' | 'l' | 's' => mods.push(c),
            _ => {
                // FSF's atoms: its leapers and R B Q rides (no synonyms).
                let known = LEAPERS.iter().any(|(l, _)| *l == c) || "KRBQ".contains(c);
                let Some((atoms, mut rider)) = known.then(|| super::atom(c)).flatten() else {
                    i += 1;
                    continue;
                };
                if let Some(range) = super::rider_suffix(&chars, i) {
                    rider = true;
                    if let Some(d) = range {
                        distance = d;
                    }
                    i += 1;
                }
                if !rider && lame {
                    distance = -1;
                }
                if modal.is_empty() {
                    modal = vec![0, 1];
                }
                if atoms.len() > 1
                    && pairs(&mods)
                        .iter()
                        .any(|p| p.as_bytes()[0] != p.as_bytes()[1])
                {
                    return None;
                }
                let table = if hopper {
                    2
                } else if rider {
                    1
                } else {
                    0
                };
                for &a in &atoms {
                    for v in vectors(a, &mods) {
                        for &md in &modal {
                            t.insert((table, md, v), distance);
                        }
                    }
                }
                modal.clear();
                mods.clear();
                (hopper, lame, distance) = (false, false, 0);
            }
        }
        i += 1;
    }
    Some(t)
}

/// Direction pairs FSF tests, in the order of `from_betza`'s eight `has_dir` lines.
const DIRS: [&[&str]; 8] = [
    &["ff", "vv", "rf", "rv", "fh", "rh", "hr"],
    &["bb", "vv", "lb", "lv", "bh", "lh", "hr"],
    &["rr", "ss", "br", "bs", "bh", "rh", "hr"],
    &["ll", "ss", "fl", "fs", "fh", "lh", "hr"],
    &["rr", "ss", "fr", "fs", "fh", "rh", "hl"],
    &["ll", "ss", "bl", "bs", "bh", "lh", "hl"],
    &["bb", "vv", "rb", "rv", "bh", "rh", "hl"],
    &["ff", "vv", "lf", "lv", "fh", "lh", "hl"],
];

/// The eight moves of an atom `(a, b)` (a along the rank direction), as (x, y) vectors, in the
/// order of [`DIRS`].
fn candidates((a, b): (i8, i8)) -> [Vector; 8] {
    // FSF's Direction(r * FILE_NB + f) is rank offset r, file offset f; x = f, y = r.
    [
        (b, a),
        (-b, -a),
        (a, -b),
        (-a, b),
        (a, b),
        (-a, -b),
        (b, -a),
        (-b, a),
    ]
}

/// Splits a modifier string into FSF's direction pairs.
pub fn pairs(mods: &str) -> Vec<String> {
    const V: &str = "fbvh";
    const H: &str = "rlsh";
    let c: Vec<char> = mods
        .chars()
        .filter(|c| V.contains(*c) || H.contains(*c))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if i + 1 < c.len()
            && (c[i] == c[i + 1]
                || (V.contains(c[i]) && H.contains(c[i + 1]))
                || (H.contains(c[i]) && V.contains(c[i + 1])))
        {
            out.push(format!("{}{}", c[i], c[i + 1]));
            i += 2;
        } else {
            out.push(format!("{}{}", c[i], c[i]));
            i += 1;
        }
    }
    out
}

/// The vectors FSF gives an atom under the direction pairs of a modifier string (`fs`, `ff`, ...).
pub fn vectors(atom: (i8, i8), mods: &str) -> Vec<Vector> {
    let prelim = pairs(mods);
    let mut dirs = Vec::new();
    for s in &prelim {
        let b: Vec<char> = s.chars().collect();
        if atom.1 == 0 && b[0] != b[1] {
            dirs.push(format!("{}{}", b[0], b[0]));
            dirs.push(format!("{}{}", b[1], b[1]));
        } else {
            dirs.push(s.clone());
        }
    }
    let mut out: Vec<Vector> = Vec::new();
    for (i, v) in candidates(atom).iter().enumerate() {
        if (dirs.is_empty() || DIRS[i].iter().any(|d| dirs.iter().any(|x| x == d)))
            && !out.contains(v)
        {
            out.push(*v);
        }
    }
    out
}

/// The atom (long, short) of a vector.
pub use super::offsets as atom_of;

/// Finds FSF direction modifiers under which `atom` gives exactly `want`, if any.
pub fn modifiers(atom: (i8, i8), want: &[Vector]) -> Option<String> {
    let mut want: Vec<Vector> = want.to_vec();
    want.sort();
    want.dedup();
    let mut all = vectors(atom, "");
    all.sort();
    if all == want {
        return Some(String::new());
    }
    const CODES: &[&str] = &[
        "ff", "bb", "rr", "ll", "vv", "ss", "fr", "fl", "br", "bl", "rf", "lf", "rb", "lb", "fs",
        "bs", "rv", "lv", "fh", "bh", "rh", "lh", "hr", "hl",
    ];
    // Smallest codes first: each code that gives only wanted moves, greedily, until all are
    // covered; then check the whole word once more as FSF reads it.
    let mut chosen = String::new();
    let mut covered: Vec<Vector> = Vec::new();
    for code in CODES {
        let got = vectors(atom, code);
        if got.is_empty() || !got.iter().all(|v| want.contains(v)) {
            continue;
        }
        if got.iter().all(|v| covered.contains(v)) {
            continue;
        }
        chosen.push_str(code);
        covered.extend(got);
    }
    let mut check = vectors(atom, &chosen);
    check.sort();
    (check == want).then_some(chosen)
}

/// The cells a lame FSF leap must find empty, in the owner's frame (`bitboard.cpp:lame_leaper_path`).
pub fn lame_path((x, y): Vector) -> Vec<Vector> {
    super::path((x as i32, y as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_modifiers_as_fsf_reads_them() {
        // FSF's `fN` is the shogi knight; `fsN` the wide forward moves.
        let mut v = vectors((2, 1), "f");
        v.sort();
        assert_eq!(v, vec![(-1, 2), (1, 2)]);
        let mut v = vectors((2, 1), "fs");
        v.sort();
        assert_eq!(v, vec![(-2, 1), (2, 1)]);
        assert_eq!(vectors((1, 0), "fs").len(), 3);
        assert!(vectors((1, 0), "h").is_empty());
        assert_eq!(lame_path((1, 2)), vec![(0, 1)]);
        assert_eq!(lame_path((2, 3)), vec![(0, 1), (1, 2)]);
    }

    #[test]
    fn tables_as_from_betza_fills_them() {
        let t = tables("cWW").unwrap();
        assert!(t.keys().all(|&(table, md, _)| table == 1 && md == 1) && t.len() == 4);
        // A later word replaces the distance of an earlier one.
        let t = tables("mWWW2").unwrap();
        assert!(t.values().all(|&d| d == 2) && t.len() == 8);
        // A digit no atom takes is skipped: `FF3` is the unlimited bishop.
        assert!(tables("FF3").unwrap().values().all(|&d| d == 0));
        assert_eq!(tables("nN").unwrap().len(), 16);
        assert!(tables("mcW").unwrap().keys().any(|&(_, md, _)| md == 0));
        assert_eq!(tables("iW"), None);
    }

    #[test]
    fn modifiers_round_trip() {
        for &(_, atom) in LEAPERS {
            let all = vectors(atom, "");
            for mask in 1u32..(1 << all.len()) {
                let want: Vec<Vector> = (0..all.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| all[i])
                    .collect();
                let m = modifiers(atom, &want).expect("every subset has modifiers");
                let mut got = vectors(atom, &m);
                got.sort();
                let mut want = want;
                want.sort();
                assert_eq!(got, want, "{atom:?} {m}");
            }
        }
    }
}
