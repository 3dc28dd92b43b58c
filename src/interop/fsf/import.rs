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
use crate::rules::{Direction, Mode, MovePart, Obligation, Outcome, Style, Trigger};
use crate::syntax::{
    self as ast, GoalRider, Int, MoveAtom, MoveWord, Name, Property, Region, RegionItem, Span,
    Spanned, Statement, Verdict,
};
use std::collections::BTreeMap;

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

fn outcome(k: &str, v: &str) -> Result<Outcome, String> {
    match v {
        "win" => Ok(Outcome::Win),
        "loss" => Ok(Outcome::Loss),
        "draw" => Ok(Outcome::Draw),
        _ => Err(format!("`{k} = {v}`: varia says win, loss or draw")),
    }
}

/// A syntax-tree value written by the import, which has no source text to point into.
fn at<T>(node: T) -> Spanned<T> {
    Spanned {
        node,
        span: Span::default(),
    }
}

fn name(n: &str) -> Name {
    at(n.to_string())
}

fn names(ns: &[String]) -> Vec<Name> {
    ns.iter().map(|n| name(n)).collect()
}

fn int(n: i64) -> Spanned<Int> {
    at(Int {
        value: u32::try_from(n).ok(),
        text: n.to_string(),
    })
}

/// Board cells as a region: whole ranks as `rank N`, other cells by name.
fn region(cells: &[(i32, i32)], files: i32) -> Region {
    let mut items = Vec::new();
    let mut ranks: Vec<i32> = cells.iter().map(|c| c.1).collect();
    ranks.dedup();
    for r in ranks {
        let row: Vec<i32> = cells.iter().filter(|c| c.1 == r).map(|c| c.0).collect();
        if row.len() == files as usize {
            let n = int(i64::from(r) + 1).node;
            items.push(at(RegionItem::Ranks(n.clone(), n)));
        } else {
            for f in row {
                let cell = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                items.push(at(RegionItem::Cell(cell)));
            }
        }
    }
    Region {
        items,
        span: Span::default(),
    }
}

/// The moves of a piece from Betza words.
fn moves(words: &[String], zone: Option<&str>) -> Result<Property, String> {
    let words = words
        .iter()
        .map(|w| move_word(w).ok_or_else(|| format!("`{w}` is not a Betza word")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Property::Moves {
        words,
        zone: zone.map(name),
        within: false,
        span: Span::default(),
    })
}

/// What the import reads of a section, and the definition it builds from it.
struct Draft<'a> {
    keys: Keys,
    files: i32,
    ranks: i32,
    pieces: &'a [Piece],
    /// `zone` statements.
    zones: Vec<Statement>,
    /// Properties of a piece (by its key) besides `royal` and its moves.
    extra: BTreeMap<String, Vec<Property>>,
    /// `castling` statements.
    castling: Vec<Statement>,
    /// Statements after the pieces, before the set-up.
    ends: Vec<Statement>,
    /// Promotion's cells, for both players.
    promotion: (Cells, Cells),
    /// Whether captures go to hand and pieces are dropped.
    hands: bool,
    move_limit: i64,
    /// The start position's FEN fields.
    fen: Vec<String>,
}

impl<'a> Draft<'a> {
    fn by_letter(&self, c: char) -> Option<&'a Piece> {
        self.pieces
            .iter()
            .find(|p| p.letter == c.to_ascii_lowercase())
    }

    fn kind(&self, kind: &str) -> Option<&'a Piece> {
        self.pieces.iter().find(|p| p.kind() == kind)
    }

    fn letters_of(&self, k: &str, v: &str) -> Result<Vec<String>, String> {
        if v == "-" {
            return Ok(Vec::new());
        }
        v.chars()
            .map(|c| {
                self.by_letter(c)
                    .map(pname)
                    .ok_or_else(|| format!("`{k} = {v}`: no piece `{c}`"))
            })
            .collect()
    }

    fn zone(&mut self, n: &str, w: &[(i32, i32)], b: &[(i32, i32)]) -> Result<(), String> {
        if w.is_empty() || b.is_empty() {
            return Err(format!(
                "a region (varia's zone `{n}`) with cells on this board for one player only"
            ));
        }
        for (player, cells) in [(None, w), (Some("black"), b)] {
            self.zones.push(Statement::Zone {
                name: name(n),
                player: player.map(name),
                region: region(cells, self.files),
            });
        }
        Ok(())
    }

    /// The cells of `kWhite` and `kBlack`, or the defaults.
    fn region(&mut self, k: &str, dw: Cells, db: Cells) -> Result<(Cells, Cells), String> {
        let w = match self.keys.take(&format!("{k}White")) {
            Some(v) => squares(&v, self.files, self.ranks, &format!("{k}White"))?,
            None => dw,
        };
        let b = match self.keys.take(&format!("{k}Black")) {
            Some(v) => squares(&v, self.files, self.ranks, &format!("{k}Black"))?,
            None => db,
        };
        Ok((w, b))
    }

    fn rank(&self, r: i32) -> Cells {
        (0..self.files)
            .map(|f| (f, r))
            .filter(|c| c.1 < self.ranks)
            .collect()
    }

    fn extra(&mut self, p: &Piece, property: Property) {
        self.extra.entry(p.key.clone()).or_default().push(property);
    }
}

/// The varia name of a piece (`Piece-Q`, `Pawn-P`).
fn pname(p: &Piece) -> String {
    let base = if p.key.starts_with('#') || p.key.starts_with("customPiece") {
        "Piece".to_string()
    } else {
        let mut s = p.key.clone();
        s[..1].make_ascii_uppercase();
        s
    };
    format!("{base}-{}", p.letter.to_ascii_uppercase())
}

/// A file by number from 1 or by letter.
fn file_of(v: &str, k: &str) -> Result<i32, String> {
    if let Ok(n) = v.parse::<i32>() {
        return Ok(n);
    }
    match v.chars().next() {
        Some(c) if v.len() == 1 && c.is_ascii_lowercase() => Ok((c as u8 - b'a') as i32 + 1),
        _ => Err(format!("`{k} = {v}`: not a file")),
    }
}

/// The definition of one resolved section, as text.
fn translate(section: &str, m: &Merged) -> Result<String, String> {
    let mut keys = Keys {
        map: m.keys.clone(),
    };
    for k in COSMETIC {
        keys.take(k);
    }
    let files = match keys.take("maxFile") {
        Some(v) => file_of(&v, "maxFile")?,
        None => 8,
    };
    let ranks = keys.int("maxRank", 8)? as i32;
    if !(1..=12).contains(&files) || !(1..=10).contains(&ranks) {
        return Err(format!("a board of {files} x {ranks}"));
    }
    let mut d = Draft {
        keys,
        files,
        ranks,
        pieces: &m.pieces,
        zones: Vec::new(),
        extra: BTreeMap::new(),
        castling: Vec::new(),
        ends: Vec::new(),
        promotion: (Vec::new(), Vec::new()),
        hands: false,
        move_limit: 0,
        fen: Vec::new(),
    };
    pawn_rules(&mut d, m.opaque)?;
    clock(&mut d)?;
    drops(&mut d)?;
    start_fen(&mut d)?;
    castling(&mut d)?;
    endings(&mut d)?;
    extinction(&mut d)?;
    goal(&mut d)?;
    repetition(&mut d)?;
    if let Some(k) = d.keys.map.keys().next() {
        return Err(format!(
            "`{k} = {}`: a key varia's import does not translate",
            d.keys.map[k]
        ));
    }
    let (file, expects) = definition(section, d)?;
    let out = format!(
        "# Imported from Fairy-Stockfish's variants.ini section [{section}] by `varia import`.\n{file}"
    );
    check(&out, expects)?;
    Ok(out)
}

/// Promotion and the pawn's moves.
fn pawn_rules(d: &mut Draft, opaque: bool) -> Result<(), String> {
    let pawn = d.kind("pawn");
    let (r7, r0) = (d.rank(7), d.rank(0));
    d.promotion = d.region("promotionRegion", r7, r0)?;
    let promo_types = match d.keys.take("promotionPieceTypes") {
        Some(v) => d.letters_of("promotionPieceTypes", &v)?,
        None if opaque => Vec::new(),
        None => Vec::new(),
    };
    let promo_pawns = d.keys.take("promotionPawnTypes");
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
    if !d.keys.bool("mandatoryPawnPromotion", true)? && promotes_pawn && !promo_types.is_empty() {
        return Err("`mandatoryPawnPromotion = false`".into());
    }
    match d.keys.take("promotedPieceType") {
        None => {}
        Some(v) if v.trim().is_empty() => {}
        Some(v) => {
            return Err(format!(
                "`promotedPieceType = {v}`: shogi-style promotions are not imported"
            ));
        }
    }
    d.keys.bool("mandatoryPiecePromotion", false)?;
    if d.keys.bool("immobilityIllegal", false)? {
        return Err("`immobilityIllegal = true`".into());
    }
    let Some(p) = pawn else {
        for k in [
            "doubleStep",
            "doubleStepRegionWhite",
            "doubleStepRegionBlack",
            "enPassantRegion",
        ] {
            d.keys.take(k);
        }
        return Ok(());
    };
    let mut props = vec![moves(&["mfW".into(), "cfF".into()], None)?];
    let double = d.keys.bool("doubleStep", true)?;
    let (r1, r6) = (d.rank(1), d.rank(6));
    let (dw, db) = d.region("doubleStepRegion", r1, r6)?;
    let ep = match (
        d.keys.take("enPassantRegion"),
        d.keys.take("enPassantRegionWhite"),
        d.keys.take("enPassantRegionBlack"),
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
        d.zone("pawn-start", &dw, &db)?;
        props.push(moves(&["mfnD".into()], Some("pawn-start"))?);
        if ep {
            props.push(Property::EnPassant(Span::default(), None));
        }
    }
    let (pw, pb) = d.promotion.clone();
    if promotes_pawn && !promo_types.is_empty() && (!pw.is_empty() || !pb.is_empty()) {
        d.zone("promotion", &pw, &pb)?;
        props.push(Property::Promotes {
            captive: false,
            to: names(&promo_types),
            trigger: at(Trigger::EndingIn),
            zone: name("promotion"),
            obligation: Some(at(Obligation::Compulsory)),
            deferred: None,
            span: Span::default(),
        });
    }
    d.extra.insert(p.key.clone(), props);
    Ok(())
}

/// The move limit and the pieces whose moves reset it.
fn clock(d: &mut Draft) -> Result<(), String> {
    let pawn = d.kind("pawn");
    d.move_limit = d.keys.int("nMoveRule", 50)?;
    match d.keys.take("nMoveRuleTypes") {
        None => {
            if let Some(p) = pawn {
                d.extra(p, Property::ResetsClock(Span::default()));
            }
        }
        Some(v) if v == "-" => {}
        Some(v) => match pawn {
            Some(p) if v.len() == 1 && v.starts_with(p.letter) => {
                d.extra(p, Property::ResetsClock(Span::default()));
            }
            _ if d.move_limit > 0 => {
                return Err(format!(
                    "`nMoveRuleTypes = {v}`: only the pawn resets the clock in varia's import"
                ));
            }
            _ => {}
        },
    }
    Ok(())
}

/// Hands and where pawns are dropped.
fn drops(d: &mut Draft) -> Result<(), String> {
    let drops = d.keys.bool("pieceDrops", false)?;
    let to_hand = d.keys.bool("capturesToHand", false)?;
    if d.keys.bool("dropLoop", false)? {
        return Err("`dropLoop = true`".into());
    }
    d.hands = match (drops, to_hand) {
        (false, false) => false,
        (true, true) => true,
        _ => {
            return Err(format!(
                "`pieceDrops = {drops}` with `capturesToHand = {to_hand}`"
            ));
        }
    };
    if !d.hands {
        d.keys.take("firstRankPawnDrops");
        d.keys.take("promotionZonePawnDrops");
        return Ok(());
    }
    if d.kind("shogiPawn").is_some() {
        return Err("drops with the shogi pawn (its drop-mate rule)".into());
    }
    let first = d.keys.bool("firstRankPawnDrops", false)?;
    let zone_drops = d.keys.bool("promotionZonePawnDrops", false)?;
    let Some(p) = d.kind("pawn") else {
        return Ok(());
    };
    match (first, zone_drops) {
        (true, true) => {}
        (false, false) => {
            let (files, ranks) = (d.files, d.ranks);
            let all: Vec<(i32, i32)> = (0..ranks)
                .flat_map(|r| (0..files).map(move |f| (f, r)))
                .collect();
            let (pw, pb) = &d.promotion;
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
            d.zone("pawn-drops", &w, &b)?;
            d.extra(p, Property::DropsIn(name("pawn-drops")));
        }
        _ => {
            return Err(format!(
                "`firstRankPawnDrops = {first}` with `promotionZonePawnDrops = {zone_drops}`"
            ));
        }
    }
    Ok(())
}

/// The start position: FSF accepts a FEN without its later fields.
fn start_fen(d: &mut Draft) -> Result<(), String> {
    let fen = d
        .keys
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
    for (i, x) in ["w", "-", "-", "0", "1"].iter().enumerate() {
        if fields.len() <= i + 1 {
            fields.push(x.to_string());
        }
    }
    if d.hands && !fields[0].contains('[') {
        fields[0].push_str("[]");
    }
    d.fen = fields;
    Ok(())
}

/// The file of the first piece `c` on a FEN row, from 0.
fn file_in_row(row: &str, c: char) -> Option<i32> {
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
}

fn castling(d: &mut Draft) -> Result<(), String> {
    let castling = d.keys.bool("castling", true)?;
    if d.keys.bool("chess960", false)? {
        return Err("`chess960 = true`".into());
    }
    let ks = d.keys.take("castlingKingsideFile");
    let qs = d.keys.take("castlingQueensideFile");
    let kf = d.keys.take("castlingKingFile");
    let kp = d.keys.take("castlingKingPiece");
    let rp = d.keys.take("castlingRookPieces");
    let rights = d.fen[2].clone();
    if !castling && rights != "-" {
        return Err(format!(
            "`castling = false` with castling rights `{rights}` in the start position: Fairy-Stockfish keeps them in its FENs, varia's FEN cannot hold them"
        ));
    }
    if !castling || rights == "-" {
        return Ok(());
    }
    let kp = match kp {
        Some(v) => d.by_letter(v.chars().next().unwrap_or(' ')),
        None => d.kind("king"),
    }
    .ok_or("castling rights without a castling king")?;
    let rooks: Vec<&Piece> = match rp {
        Some(v) => v.chars().filter_map(|c| d.by_letter(c)).collect(),
        None => d.pieces.iter().filter(|p| p.kind() == "rook").collect(),
    };
    if rooks.is_empty() {
        return Err("castling rights without castling partners".into());
    }
    let f = |v: &Option<String>, x: i32, k: &str| -> Result<i32, String> {
        match v {
            Some(s) => Ok(file_of(s, k)? - 1),
            None => Ok(x),
        }
    };
    let (h, l) = (
        f(&ks, 6, "castlingKingsideFile")?,
        f(&qs, 2, "castlingQueensideFile")?,
    );
    let kfile = f(&kf, 4, "castlingKingFile")?;
    let file_letter = |x: i32| at(((b'a' + x as u8) as char).to_string());
    let rows: Vec<&str> = d.fen[0]
        .split('[')
        .next()
        .unwrap_or("")
        .split('/')
        .collect();
    let kc = kp.letter;
    let plain = h == 6
        && l == 2
        && kfile == 4
        && rows
            .last()
            .is_some_and(|r| file_in_row(r, kc.to_ascii_uppercase()).is_none_or(|x| x == 4))
        && rows
            .first()
            .is_some_and(|r| file_in_row(r, kc).is_none_or(|x| x == 4));
    if !rights.chars().all(|c| "KQkq".contains(c)) {
        return Err(format!("castling rights `{rights}` naming files"));
    }
    for r in rooks {
        d.castling.push(Statement::Castling {
            king: name(&pname(kp)),
            rook: name(&pname(r)),
            to: (!plain).then(|| (file_letter(h), file_letter(l))),
        });
    }
    Ok(())
}

/// Hands, checkmate, stalemate and the rules on checks, captures and drops.
fn endings(d: &mut Draft) -> Result<(), String> {
    let sp = Span::default();
    if d.hands {
        d.ends.push(Statement::CapturesToHand(sp));
    }
    let cm = d.keys.take("checkmateValue").unwrap_or("loss".into());
    let cm = outcome("checkmateValue", &cm)?;
    d.ends.push(Statement::Checkmate(at(cm)));
    let sm = d.keys.take("stalemateValue").unwrap_or("draw".into());
    let sm = outcome("stalemateValue", &sm)?;
    d.ends.push(Statement::Stalemate(at(sm)));
    let flags: [(&str, bool, Statement); 6] = [
        ("stalematePieceCount", true, Statement::StalemateCount(sp)),
        ("flyingGeneral", true, Statement::RoyalsMayNotFace(sp)),
        ("mustCapture", true, Statement::MustCapture(sp)),
        ("checking", false, Statement::NoChecks(sp)),
        ("makpongRule", true, Statement::CheckedRoyal(sp)),
        ("dropChecks", false, Statement::NoDropChecks(sp)),
    ];
    for (k, when, statement) in flags {
        if d.keys.bool(k, !when)? == when {
            d.ends.push(statement);
        }
    }
    let must_drop_type = d.keys.take("mustDropType");
    if d.keys.bool("mustDrop", false)? {
        match must_drop_type.as_deref() {
            None | Some("*") => {
                return Err("`mustDrop` without `mustDropType` (drops of every type)".into());
            }
            Some(t) => {
                let types = d.letters_of("mustDropType", t)?;
                d.ends.push(Statement::MustDrop(names(&types)));
            }
        }
    }
    Ok(())
}

fn extinction(d: &mut Draft) -> Result<(), String> {
    const KEYS: [&str; 4] = [
        "extinctionPieceTypes",
        "extinctionPieceCount",
        "extinctionOpponentPieceCount",
        "extinctionClaim",
    ];
    match d.keys.take("extinctionValue") {
        None => {
            for k in KEYS {
                if let Some(v) = d.keys.take(k) {
                    d.keys.map.insert(k.into(), v);
                }
            }
            if d.keys.map.contains_key("extinctionPieceTypes")
                && !d.keys.map.contains_key("extinctionValue")
            {
                // FSF ignores the types without a value.
                for k in KEYS {
                    d.keys.take(k);
                }
            }
        }
        Some(v) if v == "none" => {
            for k in KEYS {
                d.keys.take(k);
            }
        }
        Some(v) => {
            let verdict = match outcome("extinctionValue", &v)? {
                Outcome::Win => Verdict::Wins,
                Outcome::Loss => Verdict::Loses,
                _ => Verdict::Draws,
            };
            let types = d.keys.take("extinctionPieceTypes").unwrap_or_default();
            let pieces = if types == "*" {
                Vec::new()
            } else if types.is_empty() || types == "-" {
                return Err("`extinctionValue` without `extinctionPieceTypes`".into());
            } else {
                names(&d.letters_of("extinctionPieceTypes", &types)?)
            };
            let n = d.keys.int("extinctionPieceCount", 0)?;
            let a = d.keys.int("extinctionOpponentPieceCount", 0)?;
            let claim = d.keys.bool("extinctionClaim", false)?;
            d.ends.push(Statement::Extinction {
                pieces,
                down_to: (n > 0).then(|| int(n)),
                against: (a > 0).then(|| int(a)),
                bared_back: claim,
                verdict: at(verdict),
                span: Span::default(),
            });
        }
    }
    Ok(())
}

/// The flag piece and its region, and the check limit.
fn goal(d: &mut Draft) -> Result<(), String> {
    match d.keys.take("flagPiece") {
        None => {
            for k in ["flagRegion", "flagRegionWhite", "flagRegionBlack"] {
                if d.keys.map.contains_key(k) {
                    // Regions without a flag piece: FSF's flag is any piece (ALL_PIECES default).
                    return Err(format!("`{k}` without `flagPiece`"));
                }
            }
            d.keys.take("flagMove");
            d.keys.take("flagPieceSafe");
        }
        Some(v) => {
            if v.len() != 1 {
                return Err(format!(
                    "`flagPiece = {v}`: varia's import takes one piece type"
                ));
            }
            // `-` names no piece.
            let [p] = &d.letters_of("flagPiece", &v)?[..] else {
                return Err(format!(
                    "`flagPiece = {v}`: varia's import takes one piece type"
                ));
            };
            let p = p.clone();
            let (dw, db) = match d.keys.take("flagRegion") {
                Some(b) => (
                    squares(&b, d.files, d.ranks, "flagRegion")?,
                    squares(&b, d.files, d.ranks, "flagRegion")?,
                ),
                None => (Vec::new(), Vec::new()),
            };
            let (w, b) = d.region("flagRegion", dw, db)?;
            d.zone("goal", &w, &b)?;
            let flag_move = d.keys.bool("flagMove", false)?;
            let safe = d.keys.bool("flagPieceSafe", false)?;
            let mode = match (flag_move, safe) {
                (false, false) => None,
                (true, false) => {
                    let king = d
                        .by_letter(v.chars().next().unwrap_or(' '))
                        .is_some_and(|p| p.kind() == "king");
                    Some(if king {
                        GoalRider::Answerable
                    } else {
                        GoalRider::Held
                    })
                }
                (false, true) => Some(GoalRider::Safe),
                _ => return Err("`flagMove` with `flagPieceSafe`".into()),
            };
            d.ends.push(Statement::Goal {
                pieces: vec![name(&p)],
                zone: name("goal"),
                mode: mode.map(at),
                span: Span::default(),
            });
        }
    }
    if d.keys.bool("checkCounting", false)? {
        let f = d.fen.get(4);
        let n = f
            .and_then(|f| f.split('+').next())
            .and_then(|x| x.parse::<u32>().ok())
            .filter(|_| f.is_some_and(|f| f.contains('+')));
        let Some(n) = n else {
            return Err("`checkCounting` without the checks in `startFen`".into());
        };
        d.ends.push(Statement::CheckLimit(int(i64::from(n))));
    }
    Ok(())
}

/// Repetition and the move limit.
fn repetition(d: &mut Draft) -> Result<(), String> {
    let nfold = d.keys.int("nFoldRule", 3)?;
    let nv = d.keys.take("nFoldValue").unwrap_or("draw".into());
    let absolute = d.keys.bool("nFoldValueAbsolute", false)?;
    let perpetual = d.keys.bool("perpetualCheckIllegal", false)?;
    if absolute {
        return Err("`nFoldValueAbsolute = true`".into());
    }
    if nfold < 1 {
        return Err(format!("`nFoldRule = {nfold}`"));
    }
    // FSF's value is for the side to move after the repeating move.
    let verdict = match outcome("nFoldValue", &nv)? {
        Outcome::Win => Verdict::Loses,
        Outcome::Loss => Verdict::Wins,
        _ => Verdict::Draws,
    };
    d.ends.push(Statement::Repetition {
        count: int(nfold),
        verdict: at(verdict),
        player: None,
        perpetual,
        span: Span::default(),
    });
    if d.move_limit > 0 {
        d.ends.push(Statement::MoveLimit(int(d.move_limit)));
    }
    Ok(())
}

/// The moves FSF reads for each piece but the pawn, by varia name.
type Expects = Vec<(String, Vec<Expect>)>;

/// The definition's syntax tree, printed.
fn definition(section: &str, mut d: Draft) -> Result<(String, Expects), String> {
    let sp = Span::default();
    let mut statements = vec![
        Statement::Game {
            id: name(section),
            title: None,
        },
        Statement::Board {
            files: int(i64::from(d.files)),
            ranks: int(i64::from(d.ranks)),
        },
        Statement::Player {
            name: name("white"),
            forward: at(Direction::North),
        },
        Statement::Player {
            name: name("black"),
            forward: at(Direction::South),
        },
    ];
    statements.append(&mut d.zones);
    let mut expects = Vec::new();
    for p in d.pieces {
        let mut properties = Vec::new();
        if p.kind() == "king" {
            properties.push(Property::Royal(sp));
        }
        // The pawn's moves are among its rules.
        if p.kind() != "pawn" {
            let t = read_betza(&p.betza).map_err(|e| format!("piece `{}`: {e}", p.letter))?;
            let e = expected(&t);
            let words = e
                .iter()
                .map(word_for)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("piece `{}` ({}): {e}", p.letter, p.betza))?;
            if !words.is_empty() {
                properties.push(moves(&words, None)?);
            }
            expects.push((pname(p), e));
        }
        properties.extend(d.extra.remove(&p.key).unwrap_or_default());
        statements.push(Statement::Piece(ast::Piece {
            name: name(&pname(p)),
            symbol: Some(at(p.letter.to_ascii_uppercase().to_string())),
            property_spans: vec![sp; properties.len()],
            properties,
            span: sp,
        }));
    }
    statements.append(&mut d.castling);
    statements.append(&mut d.ends);
    statements.push(Statement::Setup(at(d.fen.join(" "))));
    let file = ast::File {
        spans: vec![sp; statements.len()],
        statements,
        variants: Vec::new(),
        options: Vec::new(),
    };
    Ok((file.to_string(), expects))
}

/// Checks that the definition compiles and its pieces move as FSF reads them.
fn check(text: &str, expects: Expects) -> Result<(), String> {
    let rules = crate::compile(text, None)
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
    Ok(())
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
