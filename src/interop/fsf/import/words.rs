//! Pieces' moves: Betza read as Fairy-Stockfish reads it ([`crate::betza::fsf`]), grouped into the
//! move parts varia should read, and written in varia's words.

use super::tree::{at, name};
use crate::betza::fsf as betza;
use crate::lower::betza::lower_word;
use crate::rules::{Mode, MovePart, Style};
use crate::syntax::{MoveAtom, MoveWord, Property, Span};
use std::collections::BTreeMap;

/// FSF's move tables of a Betza word: (table, modality, vector) -> distance, where table is
/// 0 steps, 1 sliders, 2 hoppers and modality 0 quiet, 1 capture.
type Tables = BTreeMap<(u8, u8, (i8, i8)), i32>;

/// Reads Betza as FSF's `from_betza` does, refusing what varia cannot say or FSF ignores.
pub(super) fn read_betza(word: &str) -> Result<Tables, String> {
    let mut t = Tables::new();
    let chars: Vec<char> = word.chars().collect();
    let mut mods = String::new();
    let mut modal: Vec<u8> = Vec::new();
    let (mut hopper, mut grass, mut lame) = (false, false, false);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => modal.push(0),
            'c' => modal.push(1),
            'p' => hopper = true,
            'g' => {
                hopper = true;
                grass = true;
            }
            'n' => lame = true,
            'f' | 'b' | 'v' | 'h' | 'r' | 'l' | 's' => mods.push(c),
            'i' => return Err(format!("Betza `{word}`: initial moves (`i`)")),
            'e' => {
                return Err(format!(
                    "Betza `{word}`: en passant on a custom piece (`e`)"
                ));
            }
            _ if crate::betza::atom(c).is_some() => {
                let (atoms, mut rider) = crate::betza::atom(c).unwrap_or_default();
                let mut distance: i32 = 0;
                if let Some(range) = crate::betza::rider_suffix(&chars, i) {
                    rider = true;
                    if let Some(d) = range {
                        distance = d;
                    }
                    i += 1;
                }
                if grass {
                    distance = 1;
                }
                if !rider && lame {
                    distance = -1;
                }
                if hopper && (!rider || !matches!(c, 'R' | 'B' | 'Q') || distance > 1) {
                    return Err(format!(
                        "Betza `{word}`: a hopper other than pR, pB, pQ, gR, gB, gQ"
                    ));
                }
                if rider && !hopper && !atoms.iter().all(|a| matches!(a, (1, 0) | (1, 1) | (2, 1)))
                {
                    return Err(format!(
                        "Betza `{word}`: a `{c}` rider (FSF rides W, F and N lines)"
                    ));
                }
                if !rider && lame && matches!(c, 'H' | 'C' | 'L' | 'G') {
                    return Err(format!(
                        "Betza `{word}`: `n{c}`, which Fairy-Stockfish parses but does not generate"
                    ));
                }
                if lame && rider {
                    return Err(format!("Betza `{word}`: a lame rider"));
                }
                if modal.is_empty() {
                    modal = vec![0, 1];
                }
                if atoms.len() > 1
                    && betza::pairs(&mods)
                        .iter()
                        .any(|p| p.as_bytes()[0] != p.as_bytes()[1])
                {
                    return Err(format!(
                        "Betza `{word}`: a two-letter direction on `{c}` (Fairy-Stockfish reads it unlike varia)"
                    ));
                }
                if mods.contains('h') {
                    return Err(format!("Betza `{word}`: the `h` direction"));
                }
                let table = if hopper {
                    2
                } else if rider {
                    1
                } else {
                    0
                };
                for &a in &atoms {
                    for v in betza::vectors(a, &mods) {
                        for &md in &modal {
                            t.insert((table, md, v), distance);
                        }
                    }
                }
                mods.clear();
                modal.clear();
                hopper = false;
                grass = false;
                lame = false;
            }
            _ => {
                return Err(format!(
                    "Betza `{word}`: `{c}`, which varia does not read as FSF does"
                ));
            }
        }
        i += 1;
    }
    if !mods.is_empty() || !modal.is_empty() || hopper || lame {
        return Err(format!("Betza `{word}`: modifiers without an atom"));
    }
    Ok(t)
}

/// A move part as varia should read it: (vectors sorted, range, style, mode, hop, grasshopper).
pub(super) type Expect = (Vec<(i8, i8)>, u8, Style, Mode, bool, bool);

/// Groups FSF's tables into varia move parts.
pub(super) fn expected(t: &Tables) -> Vec<Expect> {
    // (table, distance, atom) -> vector -> modalities
    type ByVector = BTreeMap<(i8, i8), Vec<u8>>;
    let mut groups: BTreeMap<(u8, i32, (i8, i8)), ByVector> = BTreeMap::new();
    for (&(table, md, v), &d) in t {
        groups
            .entry((table, d, betza::atom_of(v)))
            .or_default()
            .entry(v)
            .or_default()
            .push(md);
    }
    let mut out = Vec::new();
    for ((table, d, atom), vs) in groups {
        for (mode, want) in [
            (Mode::Both, vec![0, 1]),
            (Mode::Move, vec![0]),
            (Mode::Capture, vec![1]),
        ] {
            let mut vecs: Vec<(i8, i8)> = vs
                .iter()
                .filter(|(_, m)| {
                    let mut m = (*m).clone();
                    m.sort();
                    m.dedup();
                    m == want
                })
                .map(|(v, _)| *v)
                .collect();
            if vecs.is_empty() {
                continue;
            }
            vecs.sort();
            let (range, style, hop, grass) = match table {
                0 => (
                    1,
                    if d == -1 && atom.0 >= 2 {
                        Style::Step
                    } else {
                        Style::Leap
                    },
                    false,
                    false,
                ),
                1 => (d as u8, Style::Leap, false, false),
                _ => (0, Style::Leap, true, d == 1),
            };
            out.push((vecs, range, style, mode, hop, grass));
        }
    }
    out.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    out
}

/// A Betza word as the syntax tree holds it: atoms of modifiers (lower case), an atom letter,
/// and range digits or `*`.
fn move_word(word: &str) -> Option<MoveWord> {
    let mut atoms = Vec::new();
    let chars: Vec<char> = word.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let mut m = String::new();
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            m.push(chars[i]);
            i += 1;
        }
        let a = chars.get(i)?.to_string();
        i += 1;
        let mut r = String::new();
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '*') {
            r.push(chars[i]);
            i += 1;
        }
        atoms.push(MoveAtom {
            modifiers: at(m),
            atom: at(a),
            range: (!r.is_empty()).then(|| at(r)),
        });
    }
    Some(MoveWord {
        atoms,
        span: Span::default(),
    })
}

fn lower_text(word: &str) -> Option<Vec<MovePart>> {
    lower_word(&move_word(word)?).ok()
}

pub(super) fn as_expect(parts: &[MovePart]) -> Vec<Expect> {
    let mut out: Vec<Expect> = parts
        .iter()
        .map(|p| {
            let mut v = p.vectors.clone();
            v.sort();
            (v, p.range, p.style, p.mode, p.hop, p.lands_behind_screen)
        })
        .collect();
    out.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    out
}

/// The varia word for one expected part, found by trying direction modifiers as varia reads
/// them (the union of several atoms when no single one fits).
pub(super) fn word_for(e: &Expect) -> Result<String, String> {
    let (vecs, range, style, mode, hop, grass) = e;
    let atom = betza::atom_of(vecs[0]);
    let letter = match (atom, *range, *hop) {
        ((1, 0), 0, _) => "R".to_string(),
        ((1, 1), 0, _) => "B".to_string(),
        ((2, 1), 0, false) => "N*".to_string(),
        (a, r, false) => {
            let l = betza::LEAPERS
                .iter()
                .find(|(_, x)| *x == a)
                .map(|x| x.0)
                .ok_or("no atom")?;
            if r == 1 {
                l.to_string()
            } else {
                format!("{l}{r}")
            }
        }
        _ => return Err("a hopper off rook and bishop lines".into()),
    };
    let pre = format!(
        "{}{}{}{}",
        match mode {
            Mode::Both => "",
            Mode::Move => "m",
            Mode::Capture => "c",
        },
        if *style == Style::Step { "n" } else { "" },
        if *grass {
            "g"
        } else if *hop {
            "p"
        } else {
            ""
        },
        ""
    );
    const CODES: &[&str] = &[
        "", "f", "b", "l", "r", "v", "s", "ff", "bb", "ll", "rr", "fl", "fr", "bl", "br", "fs",
        "bs", "lv", "rv",
    ];
    let got = |m: &str| -> Option<Vec<(i8, i8)>> {
        let p = lower_text(&format!("{pre}{m}{letter}"))?;
        let mut v = p.first()?.vectors.clone();
        v.sort();
        Some(v)
    };
    // One modifier that picks them all gives one move part, as FSF's word is read.
    if let Some(code) = CODES.iter().find(|c| got(c).as_ref() == Some(vecs)) {
        return Ok(format!("{pre}{code}{letter}"));
    }
    let mut chosen: Vec<&str> = Vec::new();
    let mut covered: Vec<(i8, i8)> = Vec::new();
    for code in CODES {
        let Some(g) = got(code) else { continue };
        if !g.iter().all(|v| vecs.contains(v)) || g.iter().all(|v| covered.contains(v)) {
            continue;
        }
        chosen.push(code);
        covered.extend(g);
        if code.is_empty() {
            break;
        }
    }
    covered.sort();
    covered.dedup();
    if covered != *vecs {
        return Err(format!(
            "moves {vecs:?} of one atom that varia's direction modifiers cannot pick"
        ));
    }
    Ok(chosen
        .iter()
        .map(|c| format!("{pre}{c}{letter}"))
        .collect::<Vec<_>>()
        .join(" "))
}

/// The moves of a piece from Betza words.
pub(super) fn moves(words: &[String], zone: Option<&str>) -> Result<Property, String> {
    let words = words
        .iter()
        .map(|w| move_word(w).ok_or_else(|| format!("`{w}` is not a Betza word")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Property::Moves {
        words,
        zone: zone.map(name),
        within: false,
        after_first: false,
        span: Span::default(),
    })
}
