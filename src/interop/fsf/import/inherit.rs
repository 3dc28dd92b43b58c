//! A section resolved as Fairy-Stockfish resolves it: its keys overlay its parent's (a section
//! above it in the file, or one of FSF's built-in variants, whose rules come from the shipped
//! definition of that name, exported with [`crate::interop::fsf::export()`]). Piece keys replace a
//! piece of the same letter, as FSF's `add_piece` does.

use super::ini::{Section, parse_ini};
use super::words::read_betza;
use std::collections::BTreeMap;

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
pub(super) struct Piece {
    /// FSF's type name (`queen`, `customPiece1`, `king`), or `#` and the letter for a piece
    /// taken from an exported parent, whose built-in type is not known.
    pub(super) key: String,
    pub(super) letter: char,
    pub(super) betza: String,
}

impl Piece {
    pub(super) fn kind(&self) -> &str {
        &self.key
    }
}

/// A section resolved with its parents: pieces and the other keys.
#[derive(Clone, Debug, Default)]
pub(super) struct Merged {
    pub(super) pieces: Vec<Piece>,
    pub(super) keys: BTreeMap<String, String>,
    /// The pieces came from an exported definition (their FSF type names are not known).
    pub(super) opaque: bool,
    /// A built-in parent's free drops (`freeDrops`), which a section's keys cannot set.
    pub(super) free_drops: bool,
}

/// Resolves a section (by index) with its parents.
pub(super) fn resolve(
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
    let ini = crate::interop::fsf::export::export_builtin(&rules).map_err(|r| {
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
    // The export's custom slots are its own, not FSF's built-in's: their mobility regions are
    // kept by the piece's letter (`mobilityRegionWhite#a`).
    let slots: BTreeMap<String, char> = s
        .keys
        .iter()
        .filter(|(k, _)| k.starts_with("customPiece"))
        .map(|(k, v)| (format!("C{}", &k[1..]), v.chars().next().unwrap_or(' ')))
        .collect();
    for (k, v) in &s.keys {
        if let Some(rest) = k.strip_prefix("mobilityRegion")
            && let Some((colour, slot)) = rest.split_at_checked(5)
            && let Some(&letter) = slots.get(slot)
        {
            m.keys.insert(
                format!("mobilityRegion{colour}#{letter}"),
                whole_ranks(&s.keys, k, v),
            );
        } else if k == "freeDrops" {
            m.free_drops = v == "true";
        } else if keys.contains(k) {
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

/// The Betza of one of FSF's built-in types by its key name (`fers`).
pub(super) fn builtin_betza(key: &str) -> Option<&'static str> {
    BUILTINS
        .iter()
        .find(|(n, _)| *n == key)
        .and_then(|(_, b)| *b)
}

pub(super) fn same_moves(a: &str, b: &str) -> bool {
    matches!((read_betza(a), read_betza(b)), (Ok(x), Ok(y)) if x == y)
}

/// Lays a section's keys over its parent's, as FSF's parser does.
fn overlay(mut m: Merged, keys: &[(String, String)]) -> Result<Merged, String> {
    let mut map: BTreeMap<&str, &str> = BTreeMap::new();
    for (k, v) in keys {
        map.insert(k, v);
    }
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
                            // The child's `promotedPieceType` keeps the parent's other pairs.
                            let kept = match (m.keys.get(*k), map.get(k)) {
                                (Some(old), Some(new)) if *k == "promotedPieceType" => {
                                    Some(kept_pairs(old, new))
                                }
                                (Some(old), None) => Some(old.clone()),
                                _ => None,
                            };
                            // FSF's castling king stays the parent's type, which is gone: no
                            // right can be read (the castling rights then refuse the section).
                            if *k == "castlingKingPiece"
                                && !map.contains_key(k)
                                && kept.as_ref().is_some_and(|v| v.contains(letter))
                            {
                                m.keys.insert(k.to_string(), "-".into());
                                continue;
                            }
                            if kept.is_some_and(|v| v.contains(letter)) {
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
                // `-` (or any non-letter): the type is removed. In an exported parent, FSF's
                // type is the one piece moving as its fixed Betza; with none, FSF's built-in has
                // no such type left (or the child replaced it), and the removal does nothing.
                let mut ambiguous = false;
                let pos = m.pieces.iter().position(|p| p.key == name).or_else(|| {
                    if !m.opaque {
                        return None;
                    }
                    let Ok(b) = piece_betza(&name, "x") else {
                        ambiguous = true;
                        return None;
                    };
                    let hits: Vec<usize> = (0..m.pieces.len())
                        .filter(|&i| {
                            m.pieces[i].key.starts_with('#') && same_moves(&m.pieces[i].betza, &b)
                        })
                        .collect();
                    ambiguous = hits.len() > 1;
                    (hits.len() == 1).then(|| hits[0])
                });
                match pos {
                    Some(i) => {
                        let old = m.pieces.remove(i);
                        strip_promotion(&mut m, old.letter);
                    }
                    None if ambiguous => {
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
        let v = match m.keys.get(k) {
            // FSF sets each pair of `promotedPieceType` over the parent's, which stay.
            Some(old) if k == "promotedPieceType" => merge_pairs(old, v),
            _ => v.clone(),
        };
        m.keys.insert(k.clone(), v);
    }
    Ok(m)
}

/// A parent's `promotedPieceType` pairs (`p:g s:g`) with a child's laid over them, by the
/// promoting letter.
fn merge_pairs(parent: &str, child: &str) -> String {
    let kept = kept_pairs(parent, child);
    [kept.as_str(), child]
        .iter()
        .flat_map(|v| v.split_whitespace())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The pairs of a parent's `promotedPieceType` that a child's does not set again.
fn kept_pairs(parent: &str, child: &str) -> String {
    let first = |t: &str| t.chars().next().map(|c| c.to_ascii_lowercase());
    parent
        .split_whitespace()
        .filter(|t| !child.split_whitespace().any(|c| first(c) == first(t)))
        .collect::<Vec<_>>()
        .join(" ")
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
