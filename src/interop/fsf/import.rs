//! `varia import`: a Fairy-Stockfish variants.ini section as a `.varia` definition, exactly
//! equivalent or refused.
//!
//! A section is first resolved as FSF resolves it: its keys overlay its parent's (a section
//! above it in the file, or one of FSF's built-in variants, whose rules come from the shipped
//! definition of that name, exported with [`super::export`]). Piece keys replace a piece of the
//! same letter, as FSF's `add_piece` does. The merged keys are then translated one by one; a key
//! that is not translated exactly refuses the section, naming the key. Every piece's moves are
//! read as FSF reads Betza ([`super::betza`]) and written in varia's words, and the finished
//! definition is compiled and its move parts compared with FSF's reading before it is returned.

use super::betza;
use crate::lower::betza::lower_word;
use crate::rules::{Mode, MovePart, Style};
use crate::syntax::{MoveAtom, MoveWord, Span, Spanned};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One section of a variants.ini file, as FSF reads it.
#[derive(Clone, Debug)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The variant it inherits from (`[name:parent]`).
    pub parent: Option<String>,
    /// Keys in file order; a later duplicate replaces an earlier one (FSF keeps the last).
    pub keys: Vec<(String, String)>,
    /// The line of its `[name]` header (from 1).
    pub line: usize,
}

/// The outcome for one section: its `.varia` text, or why it is refused.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The section's name.
    pub name: String,
    /// The definition, or why the section is refused.
    pub result: Result<String, String>,
}

/// Reads the sections of a variants.ini text as FSF's `parse_istream` does: everything before
/// the first `[` is skipped, lines starting with `;` or `#` are comments, `key = value`.
pub fn parse_ini(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if let Some(rest) = line.strip_prefix('[') {
            let head = rest.split(']').next().unwrap_or("");
            let (name, parent) = match head.split_once(':') {
                Some((n, p)) => (n.to_string(), Some(p.to_string())),
                None => (head.to_string(), None),
            };
            out.push(Section {
                name,
                parent,
                keys: Vec::new(),
                line: n + 1,
            });
            continue;
        }
        let Some(sec) = out.last_mut() else { continue };
        if line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if let Some((k, v)) = line.split_once('=') {
            let k = k.trim().to_string();
            if !k.is_empty() {
                sec.keys.push((k, v.trim().to_string()));
            }
        }
    }
    out
}

/// FSF's piece types in its enum order (which decides which of two same-letter keys wins), with
/// their Betza; `None` for the janggi elephant, whose moves are not Betza.
const BUILTINS: &[(&str, Option<&str>)] = &[
    ("pawn", Some("fmWfceF")),
    ("knight", Some("N")),
    ("bishop", Some("B")),
    ("rook", Some("R")),
    ("queen", Some("Q")),
    ("fers", Some("F")),
    ("alfil", Some("A")),
    ("fersAlfil", Some("FA")),
    ("silver", Some("FfW")),
    ("aiwok", Some("RNF")),
    ("bers", Some("RF")),
    ("archbishop", Some("BN")),
    ("chancellor", Some("RN")),
    ("amazon", Some("QN")),
    ("knibis", Some("mNcB")),
    ("biskni", Some("mBcN")),
    ("kniroo", Some("mNcR")),
    ("rookni", Some("mRcN")),
    ("shogiPawn", Some("fW")),
    ("lance", Some("fR")),
    ("shogiKnight", Some("fN")),
    ("gold", Some("WfF")),
    ("dragonHorse", Some("BW")),
    ("clobber", Some("cW")),
    ("breakthrough", Some("fmWfF")),
    ("immobile", Some("")),
    ("cannon", Some("mRcpR")),
    ("janggiCannon", Some("pR")),
    ("soldier", Some("fsW")),
    ("horse", Some("nN")),
    ("elephant", Some("nA")),
    ("janggiElephant", None),
    ("banner", Some("RcpRnN")),
    ("wazir", Some("W")),
    ("commoner", Some("K")),
    ("centaur", Some("KN")),
];

/// Keys with no effect on the rules (GUI, XBoard images, evaluation): read and left out.
const COSMETIC: &[&str] = &[
    "pieceToCharTable",
    "variantTemplate",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// Keys whose values name pieces by letter.
const LETTER_KEYS: &[&str] = &[
    "promotionPawnTypes",
    "castlingKingPiece",
    "castlingRookPieces",
    "nMoveRuleTypes",
    "extinctionPieceTypes",
    "flagPiece",
    "promotedPieceType",
    "dropNoDoubled",
    "pawnTypes",
];

fn piece_keys() -> Vec<String> {
    let mut v: Vec<String> = BUILTINS.iter().map(|(n, _)| n.to_string()).collect();
    for i in 1..=25 {
        v.push(format!("customPiece{i}"));
    }
    v.push("king".into());
    v
}

/// A piece of the merged variant.
#[derive(Clone, Debug)]
struct Piece {
    /// FSF's type name (`queen`, `customPiece1`, `king`), or `#` and the letter for a piece
    /// taken from an exported parent, whose built-in type is not known.
    key: String,
    letter: char,
    betza: String,
}

impl Piece {
    fn kind(&self) -> &str {
        &self.key
    }
}

/// A section resolved with its parents: pieces and the other keys.
#[derive(Clone, Debug, Default)]
struct Merged {
    pieces: Vec<Piece>,
    keys: BTreeMap<String, String>,
    /// The pieces came from an exported definition (their FSF type names are not known).
    opaque: bool,
}

/// Resolves a section (by index) with its parents.
fn resolve(
    sections: &[Section],
    idx: usize,
    parent_source: &dyn Fn(&str) -> Option<String>,
    depth: usize,
) -> Result<Merged, String> {
    if depth > 32 {
        return Err("parents nest too deeply".into());
    }
    let sec = &sections[idx];
    let base = match &sec.parent {
        None => Merged::default(),
        Some(p) => {
            if sections.iter().filter(|s| &s.name == p).count() > 1 {
                return Err(format!(
                    "parent `{p}`: the file has several sections of that name"
                ));
            }
            if let Some(j) = sections[..idx].iter().rposition(|s| &s.name == p) {
                resolve(sections, j, parent_source, depth + 1)
                    .map_err(|e| format!("parent `{p}`: {e}"))?
            } else {
                builtin_parent(p, parent_source)?
            }
        }
    };
    overlay(base, &sec.keys)
}

/// A built-in FSF variant as merged keys, from its shipped definition exported for FSF.
fn builtin_parent(
    p: &str,
    parent_source: &dyn Fn(&str) -> Option<String>,
) -> Result<Merged, String> {
    let Some(src) = parent_source(p) else {
        return Err(format!(
            "unknown parent `{p}`: not a section above it, and no shipped definition of that name"
        ));
    };
    let rules = crate::compile(&src, None)
        .map_err(|e| format!("parent `{p}`: its shipped definition does not load: {e}"))?;
    let ini = super::export(&rules).map_err(|r| {
        format!(
            "parent `{p}`: its shipped definition cannot be said in Fairy-Stockfish's keys ({})",
            r.rule
        )
    })?;
    let secs = parse_ini(&ini);
    let Some(s) = secs.first() else {
        return Err(format!("parent `{p}`: empty export"));
    };
    let mut m = Merged {
        opaque: true,
        ..Merged::default()
    };
    let keys = piece_keys();
    for (k, v) in &s.keys {
        if keys.contains(k) {
            let letter = v.chars().next().unwrap_or(' ');
            let betza = piece_betza(k, v)?;
            let key = if k.starts_with("customPiece") {
                format!("#{letter}")
            } else {
                k.clone()
            };
            m.pieces.push(Piece { key, letter, betza });
        } else {
            m.keys.insert(k.clone(), whole_ranks(&s.keys, k, v));
        }
    }
    Ok(m)
}

/// A region of an exported parent that is whole ranks of its board, as FSF's built-in variants
/// write such regions (rank bitboards, `*N`), so that a child that widens the board keeps them
/// whole (the fixtures check this against Fairy-Stockfish).
fn whole_ranks(keys: &[(String, String)], k: &str, v: &str) -> String {
    if !k.contains("Region") || v == "-" {
        return v.to_string();
    }
    let files: usize = keys
        .iter()
        .find(|(k, _)| k == "maxFile")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(8);
    let mut by_rank: BTreeMap<String, usize> = BTreeMap::new();
    for t in v.split_whitespace() {
        *by_rank
            .entry(t.get(1..).unwrap_or("").to_string())
            .or_default() += 1;
    }
    if by_rank.values().all(|&n| n == files) {
        by_rank
            .keys()
            .map(|r| format!("*{r}"))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        v.to_string()
    }
}

/// The Betza of a piece key's value.
fn piece_betza(key: &str, value: &str) -> Result<String, String> {
    if key.starts_with("customPiece") {
        return Ok(value.get(2..).unwrap_or("").to_string());
    }
    if key == "king" {
        return Ok(match value.get(2..) {
            Some(b) if !b.is_empty() => b.to_string(),
            _ => "K".into(),
        });
    }
    match BUILTINS.iter().find(|(n, _)| *n == key) {
        Some((_, Some(b))) => Ok(b.to_string()),
        Some((_, None)) => Err(format!(
            "`{key}`: its moves (the janggi elephant's two legs) are not Betza varia reads"
        )),
        None => Err(format!("unknown piece `{key}`")),
    }
}

fn same_moves(a: &str, b: &str) -> bool {
    matches!((read_betza(a), read_betza(b)), (Ok(x), Ok(y)) if x == y)
}

/// Lays a section's keys over its parent's, as FSF's parser does.
fn overlay(mut m: Merged, keys: &[(String, String)]) -> Result<Merged, String> {
    let mut map: BTreeMap<&str, &str> = BTreeMap::new();
    for (k, v) in keys {
        map.insert(k, v);
    }
    let child_sets = |k: &str| map.contains_key(k);
    for name in piece_keys() {
        let Some(&value) = map.get(name.as_str()) else {
            continue;
        };
        let first = value.chars().next();
        match first {
            Some(c) if c.is_ascii_alphabetic() => {
                let betza = piece_betza(&name, value)?;
                let letter = c.to_ascii_lowercase();
                if m.pieces.iter().any(|p| p.key == name && p.letter != letter) {
                    return Err(format!(
                        "`{name} = {value}` gives `{name}` a new letter: the parent's keys naming its old one cannot be followed exactly"
                    ));
                }
                if let Some(i) = m.pieces.iter().position(|p| p.letter == letter) {
                    let old = m.pieces.remove(i);
                    let same_type = old.key == name
                        || (old.key.starts_with('#')
                            && !matches!(name.as_str(), "pawn" | "shogiPawn" | "king")
                            && same_moves(&old.betza, &betza));
                    if !same_type {
                        for k in LETTER_KEYS {
                            if !child_sets(k) && m.keys.get(*k).is_some_and(|v| v.contains(letter))
                            {
                                return Err(format!(
                                    "`{name} = {value}` replaces the parent's piece `{letter}`, which `{k}` names"
                                ));
                            }
                        }
                    }
                    strip_promotion(&mut m, letter);
                }
                m.pieces.push(Piece {
                    key: name.clone(),
                    letter,
                    betza,
                });
            }
            _ => {
                // `-` (or any non-letter): the type is removed.
                let pos = m.pieces.iter().position(|p| p.key == name).or_else(|| {
                    if !m.opaque {
                        return None;
                    }
                    let b = piece_betza(&name, "x").ok()?;
                    let hits: Vec<usize> = (0..m.pieces.len())
                        .filter(|&i| {
                            m.pieces[i].key.starts_with('#') && same_moves(&m.pieces[i].betza, &b)
                        })
                        .collect();
                    (hits.len() == 1).then(|| hits[0])
                });
                match pos {
                    Some(i) => {
                        let old = m.pieces.remove(i);
                        strip_promotion(&mut m, old.letter);
                    }
                    None if m.opaque => {
                        return Err(format!(
                            "`{name} = {value}` removes a type the parent's definition does not name as Fairy-Stockfish does"
                        ));
                    }
                    None => {}
                }
            }
        }
    }
    let pk = piece_keys();
    for (k, v) in keys {
        if pk.contains(k) {
            continue;
        }
        m.keys.insert(k.clone(), v.clone());
    }
    Ok(m)
}

/// FSF's `remove_piece` takes the type out of the promotion choices.
fn strip_promotion(m: &mut Merged, letter: char) {
    if let Some(v) = m.keys.get_mut("promotionPieceTypes") {
        *v = v
            .chars()
            .filter(|&c| c.to_ascii_lowercase() != letter)
            .collect();
        if v.is_empty() {
            *v = "-".into();
        }
    }
}

/// FSF's move tables of a Betza word: (table, modality, vector) -> distance, where table is
/// 0 steps, 1 sliders, 2 hoppers and modality 0 quiet, 1 capture.
type Tables = BTreeMap<(u8, u8, (i8, i8)), i32>;

/// Reads Betza as FSF's `from_betza` does, refusing what varia cannot say or FSF ignores.
fn read_betza(word: &str) -> Result<Tables, String> {
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
                if let Some(&n) = chars.get(i + 1)
                    && (n.is_ascii_digit() || n == c)
                {
                    rider = true;
                    if let Some(d) = n.to_digit(10) {
                        distance = d as i32;
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
type Expect = (Vec<(i8, i8)>, u8, Style, Mode, bool, bool);

/// Groups FSF's tables into varia move parts.
fn expected(t: &Tables) -> Vec<Expect> {
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

fn lower_text(word: &str) -> Option<Vec<MovePart>> {
    let sp = Span { start: 0, end: 0 };
    // Split into atoms: modifiers (lower case), atom letter, range digits or `*`.
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
            modifiers: Spanned { node: m, span: sp },
            atom: Spanned { node: a, span: sp },
            range: (!r.is_empty()).then_some(Spanned { node: r, span: sp }),
        });
    }
    lower_word(&MoveWord { atoms, span: sp }).ok()
}

fn as_expect(parts: &[MovePart]) -> Vec<Expect> {
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
fn word_for(e: &Expect) -> Result<String, String> {
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

/// Board squares of FSF's Bitboard syntax (`a1 b2 *3`, `-`), as (file, rank) from 0.
fn squares(v: &str, files: i32, ranks: i32, key: &str) -> Result<Vec<(i32, i32)>, String> {
    let mut out = Vec::new();
    if v.trim() == "-" || v.trim().is_empty() {
        return Ok(out);
    }
    for tok in v.split_whitespace() {
        let mut cs = tok.chars();
        let f = cs.next().unwrap_or(' ');
        let r: i32 = cs
            .as_str()
            .parse()
            .map_err(|_| format!("`{key} = {v}`: `{tok}` is not a square"))?;
        if !(1..=10).contains(&r) {
            return Err(format!("`{key} = {v}`: `{tok}` is not a square"));
        }
        if f != '*' && !(f.is_ascii_lowercase() && ((f as u8 - b'a') as i32) < 12) {
            return Err(format!("`{key} = {v}`: `{tok}` is not a square"));
        }
        if r > ranks {
            // Off this board: FSF's regions only matter on the board.
            continue;
        }
        if f == '*' {
            for x in 0..files {
                out.push((x, r - 1));
            }
        } else if f.is_ascii_lowercase() && ((f as u8 - b'a') as i32) < 12 {
            if ((f as u8 - b'a') as i32) < files {
                out.push(((f as u8 - b'a') as i32, r - 1));
            }
        } else {
            return Err(format!(
                "`{key} = {v}`: `{tok}` is not a square on the board"
            ));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn cell_text(cells: &[(i32, i32)], files: i32) -> String {
    // Whole ranks as `rank N`, other cells by name.
    let mut words = Vec::new();
    let mut ranks: Vec<i32> = cells.iter().map(|c| c.1).collect();
    ranks.dedup();
    for r in ranks {
        let row: Vec<i32> = cells.iter().filter(|c| c.1 == r).map(|c| c.0).collect();
        if row.len() == files as usize {
            words.push(format!("rank {}", r + 1));
        } else {
            for f in row {
                words.push(format!("{}{}", (b'a' + f as u8) as char, r + 1));
            }
        }
    }
    words.join(" ")
}

/// Board cells as (file, rank) from 0.
type Cells = Vec<(i32, i32)>;

/// The section's keys taken one by one; whatever is left at the end refuses the section.
struct Keys {
    map: BTreeMap<String, String>,
}

impl Keys {
    fn take(&mut self, k: &str) -> Option<String> {
        self.map.remove(k)
    }
    fn bool(&mut self, k: &str, default: bool) -> Result<bool, String> {
        match self.take(k) {
            None => Ok(default),
            Some(v) => match v.as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("`{k} = {v}`: not true or false")),
            },
        }
    }
    fn int(&mut self, k: &str, default: i64) -> Result<i64, String> {
        match self.take(k) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("`{k} = {v}`: not a whole number")),
        }
    }
}

fn outcome(k: &str, v: &str) -> Result<&'static str, String> {
    match v {
        "win" => Ok("win"),
        "loss" => Ok("loss"),
        "draw" => Ok("draw"),
        _ => Err(format!("`{k} = {v}`: varia says win, loss or draw")),
    }
}

/// The `.varia` text of one resolved section.
fn translate(name: &str, m: &Merged) -> Result<String, String> {
    let mut keys = Keys {
        map: m.keys.clone(),
    };
    for k in COSMETIC {
        keys.take(k);
    }
    let file_of = |v: &str, k: &str| -> Result<i32, String> {
        if let Ok(n) = v.parse::<i32>() {
            return Ok(n);
        }
        match v.chars().next() {
            Some(c) if v.len() == 1 && c.is_ascii_lowercase() => Ok((c as u8 - b'a') as i32 + 1),
            _ => Err(format!("`{k} = {v}`: not a file")),
        }
    };
    let files = match keys.take("maxFile") {
        Some(v) => file_of(&v, "maxFile")?,
        None => 8,
    };
    let ranks = keys.int("maxRank", 8)? as i32;
    if !(1..=12).contains(&files) || !(1..=10).contains(&ranks) {
        return Err(format!("a board of {files} x {ranks}"));
    }
    let pieces = &m.pieces;
    let by_letter = |c: char| pieces.iter().find(|p| p.letter == c.to_ascii_lowercase());
    let pname = |p: &Piece| -> String {
        let base = if p.key.starts_with('#') || p.key.starts_with("customPiece") {
            "Piece".to_string()
        } else {
            let mut s = p.key.clone();
            s[..1].make_ascii_uppercase();
            s
        };
        format!("{base}-{}", p.letter.to_ascii_uppercase())
    };
    let letters_of = |k: &str, v: &str| -> Result<Vec<String>, String> {
        if v == "-" {
            return Ok(Vec::new());
        }
        v.chars()
            .map(|c| {
                by_letter(c)
                    .map(pname)
                    .ok_or_else(|| format!("`{k} = {v}`: no piece `{c}`"))
            })
            .collect()
    };

    let mut zones = String::new();
    let mut zone = |n: &str, w: &[(i32, i32)], b: &[(i32, i32)]| -> Result<(), String> {
        if w.is_empty() || b.is_empty() {
            return Err(format!(
                "a region (varia's zone `{n}`) with cells on this board for one player only"
            ));
        }
        let _ = writeln!(zones, "zone {n} = {}", cell_text(w, files));
        let _ = writeln!(zones, "zone {n} for black = {}", cell_text(b, files));
        Ok(())
    };
    let region = |keys: &mut Keys,
                  k: &str,
                  dw: Vec<(i32, i32)>,
                  db: Vec<(i32, i32)>|
     -> Result<(Cells, Cells), String> {
        let w = match keys.take(&format!("{k}White")) {
            Some(v) => squares(&v, files, ranks, &format!("{k}White"))?,
            None => dw,
        };
        let b = match keys.take(&format!("{k}Black")) {
            Some(v) => squares(&v, files, ranks, &format!("{k}Black"))?,
            None => db,
        };
        Ok((w, b))
    };
    let rank = |r: i32| {
        (0..files)
            .map(|f| (f, r))
            .filter(|c| c.1 < ranks)
            .collect::<Vec<_>>()
    };

    // Pieces and their special rules.
    let pawn = pieces.iter().find(|p| p.kind() == "pawn");
    let shogi_pawn = pieces.iter().find(|p| p.kind() == "shogiPawn");
    let king = pieces.iter().find(|p| p.kind() == "king");
    let mut extra: BTreeMap<String, Vec<String>> = BTreeMap::new();

    // Promotion.
    let (pw, pb) = region(&mut keys, "promotionRegion", rank(7), rank(0))?;
    let promo_types = match keys.take("promotionPieceTypes") {
        Some(v) => letters_of("promotionPieceTypes", &v)?,
        None if m.opaque => Vec::new(),
        None => Vec::new(),
    };
    let promo_pawns = keys.take("promotionPawnTypes");
    let promotes_pawn = match (&promo_pawns, pawn) {
        (None, Some(_)) => true,
        (Some(v), Some(p)) if v.len() == 1 && v.starts_with(p.letter) => true,
        (Some(v), _) if v == "-" => false,
        (None, None) => false,
        (Some(v), _) => {
            return Err(format!(
                "`promotionPawnTypes = {v}`: only the pawn promotes in varia's import"
            ));
        }
    };
    if !keys.bool("mandatoryPawnPromotion", true)? && promotes_pawn && !promo_types.is_empty() {
        return Err("`mandatoryPawnPromotion = false`".into());
    }
    match keys.take("promotedPieceType") {
        None => {}
        Some(v) if v.trim().is_empty() => {}
        Some(v) => {
            return Err(format!(
                "`promotedPieceType = {v}`: shogi-style promotions are not imported"
            ));
        }
    }
    keys.bool("mandatoryPiecePromotion", false)?;
    if keys.bool("immobilityIllegal", false)? {
        return Err("`immobilityIllegal = true`".into());
    }
    if let Some(p) = pawn {
        let mut lines = vec!["moves mfW cfF".to_string()];
        let double = keys.bool("doubleStep", true)?;
        let (dw, db) = region(&mut keys, "doubleStepRegion", rank(1), rank(6))?;
        let ep = match (
            keys.take("enPassantRegion"),
            keys.take("enPassantRegionWhite"),
            keys.take("enPassantRegionBlack"),
        ) {
            (None, None, None) => true,
            (Some(v), None, None) if v == "-" => false,
            (a, b, c) => {
                return Err(format!(
                    "an en-passant region ({})",
                    [a, b, c]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        };
        if double && (!dw.is_empty() || !db.is_empty()) {
            zone("pawn-start", &dw, &db)?;
            lines.push("moves mfnD in pawn-start".into());
            if ep {
                lines.push("en passant".into());
            }
        }
        if promotes_pawn && !promo_types.is_empty() && (!pw.is_empty() || !pb.is_empty()) {
            zone("promotion", &pw, &pb)?;
            lines.push(format!(
                "promotes to {} when ending in promotion, compulsory",
                promo_types.join(" ")
            ));
        }
        extra.insert(p.key.clone(), lines);
    } else {
        for k in [
            "doubleStep",
            "doubleStepRegionWhite",
            "doubleStepRegionBlack",
            "enPassantRegion",
        ] {
            keys.take(k);
        }
    }
    // Clock.
    let move_limit = keys.int("nMoveRule", 50)?;
    match keys.take("nMoveRuleTypes") {
        None => {
            if let Some(p) = pawn {
                extra
                    .entry(p.key.clone())
                    .or_default()
                    .push("resets the clock".into());
            }
        }
        Some(v) if v == "-" => {}
        Some(v) => {
            if pawn.is_some_and(|p| v.len() == 1 && v.starts_with(p.letter)) {
                extra
                    .entry(pawn.map(|p| p.key.clone()).unwrap_or_default())
                    .or_default()
                    .push("resets the clock".into());
            } else if move_limit > 0 {
                return Err(format!(
                    "`nMoveRuleTypes = {v}`: only the pawn resets the clock in varia's import"
                ));
            }
        }
    }

    // Drops.
    let drops = keys.bool("pieceDrops", false)?;
    let to_hand = keys.bool("capturesToHand", false)?;
    if keys.bool("dropLoop", false)? {
        return Err("`dropLoop = true`".into());
    }
    let hands = match (drops, to_hand) {
        (false, false) => false,
        (true, true) => true,
        _ => {
            return Err(format!(
                "`pieceDrops = {drops}` with `capturesToHand = {to_hand}`"
            ));
        }
    };
    if hands {
        if shogi_pawn.is_some() {
            return Err("drops with the shogi pawn (its drop-mate rule)".into());
        }
        let first = keys.bool("firstRankPawnDrops", false)?;
        let zone_drops = keys.bool("promotionZonePawnDrops", false)?;
        if let Some(p) = pawn {
            match (first, zone_drops) {
                (true, true) => {}
                (false, false) => {
                    let all: Vec<(i32, i32)> = (0..ranks)
                        .flat_map(|r| (0..files).map(move |f| (f, r)))
                        .collect();
                    let w: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|c| c.1 != 0 && !pw.contains(c))
                        .collect();
                    let b: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|c| c.1 != ranks - 1 && !pb.contains(c))
                        .collect();
                    zone("pawn-drops", &w, &b)?;
                    extra
                        .entry(p.key.clone())
                        .or_default()
                        .push("drops in pawn-drops".into());
                }
                _ => {
                    return Err(format!(
                        "`firstRankPawnDrops = {first}` with `promotionZonePawnDrops = {zone_drops}`"
                    ));
                }
            }
        }
    } else {
        keys.take("firstRankPawnDrops");
        keys.take("promotionZonePawnDrops");
    }

    // Start position: FSF accepts a FEN without its later fields.
    let fen = keys
        .take("startFen")
        .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into());
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.is_empty() {
        return Err("an empty `startFen`".into());
    }
    // A FEN that goes from the side to move to the move counters (`w 0 1`).
    if fields.len() >= 3 && fields[2].chars().all(|c| c.is_ascii_digit()) {
        fields.insert(2, "-".into());
        fields.insert(3, "-".into());
    }
    for (i, d) in ["w", "-", "-", "0", "1"].iter().enumerate() {
        if fields.len() <= i + 1 {
            fields.push(d.to_string());
        }
    }
    if hands && !fields[0].contains('[') {
        fields[0].push_str("[]");
    }

    // Castling.
    let castling = keys.bool("castling", true)?;
    let mut castling_lines = Vec::new();
    if keys.bool("chess960", false)? {
        return Err("`chess960 = true`".into());
    }
    let ks = keys.take("castlingKingsideFile");
    let qs = keys.take("castlingQueensideFile");
    let kf = keys.take("castlingKingFile");
    let kp = keys.take("castlingKingPiece");
    let rp = keys.take("castlingRookPieces");
    let rights = fields[2].clone();
    if castling && rights != "-" {
        let kp = match kp {
            Some(v) => by_letter(v.chars().next().unwrap_or(' ')),
            None => king,
        }
        .ok_or("castling rights without a castling king")?;
        let rooks: Vec<&Piece> = match rp {
            Some(v) => v.chars().filter_map(by_letter).collect(),
            None => pieces.iter().filter(|p| p.kind() == "rook").collect(),
        };
        if rooks.is_empty() {
            return Err("castling rights without castling partners".into());
        }
        let f = |v: &Option<String>, d: i32, k: &str| -> Result<i32, String> {
            match v {
                Some(s) => Ok(file_of(s, k)? - 1),
                None => Ok(d),
            }
        };
        let (h, l) = (
            f(&ks, 6, "castlingKingsideFile")?,
            f(&qs, 2, "castlingQueensideFile")?,
        );
        let kfile = f(&kf, 4, "castlingKingFile")?;
        let files_word = |x: i32| ((b'a' + x as u8) as char).to_string();
        let rows: Vec<&str> = fields[0]
            .split('[')
            .next()
            .unwrap_or("")
            .split('/')
            .collect();
        let on_e = |row: &str, c: char| {
            let mut x = 0;
            let mut n = String::new();
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    n.push(ch);
                    continue;
                }
                x += n.parse::<i32>().unwrap_or(0);
                n.clear();
                if ch == c {
                    return Some(x);
                }
                if ch != '+' {
                    x += 1;
                }
            }
            None
        };
        let kc = kp.letter;
        let plain = h == 6
            && l == 2
            && kfile == 4
            && rows
                .last()
                .is_some_and(|r| on_e(r, kc.to_ascii_uppercase()).is_none_or(|x| x == 4))
            && rows
                .first()
                .is_some_and(|r| on_e(r, kc).is_none_or(|x| x == 4));
        if !rights.chars().all(|c| "KQkq".contains(c)) {
            return Err(format!("castling rights `{rights}` naming files"));
        }
        for r in rooks {
            castling_lines.push(if plain {
                format!("castling {} with {}", pname(kp), pname(r))
            } else {
                format!(
                    "castling {} with {} to {} {}",
                    pname(kp),
                    pname(r),
                    files_word(h),
                    files_word(l)
                )
            });
        }
    } else if !castling && rights != "-" {
        return Err(format!(
            "`castling = false` with castling rights `{rights}` in the start position: Fairy-Stockfish keeps them in its FENs, varia's FEN cannot hold them"
        ));
    }

    // Game ends.
    let mut ends = Vec::new();
    if hands {
        ends.push("captures go to hand".to_string());
    }
    let cm = keys.take("checkmateValue").unwrap_or("loss".into());
    ends.push(format!("checkmate {}", outcome("checkmateValue", &cm)?));
    let sm = keys.take("stalemateValue").unwrap_or("draw".into());
    ends.push(format!("stalemate {}", outcome("stalemateValue", &sm)?));
    if keys.bool("stalematePieceCount", false)? {
        ends.push("stalemate counts pieces".into());
    }
    if keys.bool("flyingGeneral", false)? {
        ends.push("royals may not face".into());
    }
    if keys.bool("mustCapture", false)? {
        ends.push("captures are compulsory".into());
    }
    if !keys.bool("checking", true)? {
        ends.push("checks are forbidden".into());
    }
    if keys.bool("makpongRule", false)? {
        ends.push("a checked royal may only capture".into());
    }
    if !keys.bool("dropChecks", true)? {
        ends.push("checks by drops are forbidden".into());
    }
    let must_drop_type = keys.take("mustDropType");
    if keys.bool("mustDrop", false)? {
        match must_drop_type.as_deref() {
            None | Some("*") => {
                return Err("`mustDrop` without `mustDropType` (drops of every type)".into());
            }
            Some(t) => ends.push(format!(
                "drops of {} are compulsory",
                letters_of("mustDropType", t)?.join(" ")
            )),
        }
    }
    match keys.take("extinctionValue") {
        None => {
            for k in [
                "extinctionPieceTypes",
                "extinctionPieceCount",
                "extinctionOpponentPieceCount",
                "extinctionClaim",
            ] {
                if let Some(v) = keys.take(k) {
                    keys.map.insert(k.into(), v);
                }
            }
            if keys.map.contains_key("extinctionPieceTypes")
                && !keys.map.contains_key("extinctionValue")
            {
                // FSF ignores the types without a value.
                keys.take("extinctionPieceTypes");
                keys.take("extinctionPieceCount");
                keys.take("extinctionOpponentPieceCount");
                keys.take("extinctionClaim");
            }
        }
        Some(v) if v == "none" => {
            for k in [
                "extinctionPieceTypes",
                "extinctionPieceCount",
                "extinctionOpponentPieceCount",
                "extinctionClaim",
            ] {
                keys.take(k);
            }
        }
        Some(v) => {
            let o = match outcome("extinctionValue", &v)? {
                "win" => "wins",
                "loss" => "loses",
                _ => "draws",
            };
            let types = keys.take("extinctionPieceTypes").unwrap_or_default();
            let what = if types == "*" {
                "all pieces".to_string()
            } else if types.is_empty() || types == "-" {
                return Err("`extinctionValue` without `extinctionPieceTypes`".into());
            } else {
                letters_of("extinctionPieceTypes", &types)?.join(" ")
            };
            let n = keys.int("extinctionPieceCount", 0)?;
            let a = keys.int("extinctionOpponentPieceCount", 0)?;
            let claim = keys.bool("extinctionClaim", false)?;
            let mut s = format!("extinction of {what}");
            if n > 0 {
                let _ = write!(s, " down to {n}");
            }
            if a > 0 {
                let _ = write!(s, " against {a}");
            }
            if claim {
                s.push_str(" unless bared back");
            }
            let _ = write!(s, " {o}");
            ends.push(s);
        }
    }
    match keys.take("flagPiece") {
        None => {
            for k in [
                "flagRegion",
                "flagRegionWhite",
                "flagRegionBlack",
                "flagMove",
                "flagPieceSafe",
            ] {
                if keys.map.contains_key(k) && k != "flagMove" && k != "flagPieceSafe" {
                    // Regions without a flag piece: FSF's flag is any piece (ALL_PIECES default).
                    return Err(format!("`{k}` without `flagPiece`"));
                }
            }
            keys.take("flagMove");
            keys.take("flagPieceSafe");
        }
        Some(v) => {
            if v.len() != 1 {
                return Err(format!(
                    "`flagPiece = {v}`: varia's import takes one piece type"
                ));
            }
            let p = letters_of("flagPiece", &v)?;
            let both = keys.take("flagRegion");
            let (dw, db) = match both {
                Some(b) => (
                    squares(&b, files, ranks, "flagRegion")?,
                    squares(&b, files, ranks, "flagRegion")?,
                ),
                None => (Vec::new(), Vec::new()),
            };
            let (w, b) = region(&mut keys, "flagRegion", dw, db)?;
            zone("goal", &w, &b)?;
            let flag_move = keys.bool("flagMove", false)?;
            let safe = keys.bool("flagPieceSafe", false)?;
            let mode = match (flag_move, safe) {
                (false, false) => "",
                (true, false) => {
                    if by_letter(v.chars().next().unwrap_or(' '))
                        .is_some_and(|p| p.kind() == "king")
                    {
                        ", answerable"
                    } else {
                        ", held"
                    }
                }
                (false, true) => ", safe",
                _ => return Err("`flagMove` with `flagPieceSafe`".into()),
            };
            ends.push(format!("goal {} in goal{mode}", p[0]));
        }
    }
    if keys.bool("checkCounting", false)? {
        let n = fields
            .get(4)
            .and_then(|f| f.split('+').next())
            .and_then(|x| x.parse::<u32>().ok())
            .filter(|_| fields.get(4).is_some_and(|f| f.contains('+')));
        let Some(n) = n else {
            return Err("`checkCounting` without the checks in `startFen`".into());
        };
        ends.push(format!(
            "{n} check{} win{}",
            if n == 1 { "" } else { "s" },
            if n == 1 { "s" } else { "" }
        ));
    }
    let nfold = keys.int("nFoldRule", 3)?;
    let nv = keys.take("nFoldValue").unwrap_or("draw".into());
    let absolute = keys.bool("nFoldValueAbsolute", false)?;
    let perpetual = keys.bool("perpetualCheckIllegal", false)?;
    if absolute {
        return Err("`nFoldValueAbsolute = true`".into());
    }
    if nfold < 1 {
        return Err(format!("`nFoldRule = {nfold}`"));
    }
    // FSF's value is for the side to move after the repeating move.
    let rep = match outcome("nFoldValue", &nv)? {
        "win" => "loses",
        "loss" => "wins",
        _ => "draws",
    };
    ends.push(format!(
        "repetition {nfold} {rep}{}",
        if perpetual {
            ", perpetual check loses"
        } else {
            ""
        }
    ));
    if move_limit > 0 {
        ends.push(format!("move limit {move_limit}"));
    }

    if let Some(k) = keys.map.keys().next() {
        return Err(format!(
            "`{k} = {}`: a key varia's import does not translate",
            keys.map[k]
        ));
    }

    // The text.
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Imported from Fairy-Stockfish's variants.ini section [{name}] by `varia import`."
    );
    let _ = writeln!(out, "game {name}");
    let _ = writeln!(out);
    let _ = writeln!(out, "board {files} x {ranks}");
    let _ = writeln!(out, "player white north");
    let _ = writeln!(out, "player black south");
    out.push_str(&zones);
    let mut expects: Vec<(String, Vec<Expect>)> = Vec::new();
    for p in pieces {
        let _ = writeln!(out, "piece {} {}", pname(p), p.letter.to_ascii_uppercase());
        if p.kind() == "king" {
            let _ = writeln!(out, "  royal");
        }
        if p.kind() == "pawn" {
            // Written with its rules below.
        } else {
            let t = read_betza(&p.betza).map_err(|e| format!("piece `{}`: {e}", p.letter))?;
            let e = expected(&t);
            let words = e
                .iter()
                .map(word_for)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("piece `{}` ({}): {e}", p.letter, p.betza))?;
            if !words.is_empty() {
                let _ = writeln!(out, "  moves {}", words.join(" "));
            }
            expects.push((pname(p), e));
        }
        for l in extra.get(&p.key).into_iter().flatten() {
            let _ = writeln!(out, "  {l}");
        }
    }
    out.push('\n');
    for l in castling_lines.iter().chain(&ends) {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out, "setup {}", fields.join(" "));

    // Check: the definition compiles and its pieces move as FSF reads them.
    let rules = crate::compile(&out, None)
        .map_err(|e| format!("the definition written for it does not compile ({e})"))?;
    for (n, e) in expects {
        let Some(p) = rules.pieces.iter().find(|p| p.name == n) else {
            return Err(format!("piece `{n}` missing after compiling"));
        };
        if as_expect(&p.moves) != e {
            return Err(format!(
                "piece `{n}`: varia does not read its moves as Fairy-Stockfish does"
            ));
        }
    }
    Ok(out)
}

/// Imports every section of a variants.ini text (or the one named). `parent_source` gives the
/// shipped definition of a built-in FSF variant by its name.
pub fn import(
    text: &str,
    only: Option<&str>,
    parent_source: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<Imported>, String> {
    let sections = parse_ini(text);
    if sections.is_empty() {
        return Err("no section (`[name]` or `[name:parent]`) in the file".into());
    }
    if let Some(n) = only
        && !sections.iter().any(|s| s.name == n)
    {
        return Err(format!(
            "no section `{n}` (sections: {})",
            sections
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let mut out = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        if only.is_some_and(|n| n != s.name) {
            continue;
        }
        let lines: Vec<String> = sections
            .iter()
            .filter(|o| o.name == s.name)
            .map(|o| o.line.to_string())
            .collect();
        let result = if !valid_name(&s.name) {
            Err(format!("`{}` is not a name varia reads", s.name))
        } else if lines.len() > 1 {
            // Which one is meant cannot be told: none is imported (nor a child of that name).
            Err(format!(
                "the file has {} sections [{}] (lines {}): a section's name must be unique",
                lines.len(),
                s.name,
                lines.join(", ")
            ))
        } else {
            resolve(&sections, i, parent_source, 0).and_then(|m| translate(&s.name, &m))
        };
        out.push(Imported {
            name: s.name.clone(),
            result,
        });
    }
    Ok(out)
}

fn valid_name(n: &str) -> bool {
    n.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && n.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}
