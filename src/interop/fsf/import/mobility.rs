//! FSF's mobility regions (`mobilityRegionWhiteFers = d1 f1 e2 d3 f3`) as `confined to` zones.
//!
//! FSF lets a piece of the type stand only on the region's cells: its moves, its attacks and its
//! drops are masked with it (`Position::board_bb(c, pt)`); a region of `-` is the whole board.
//! varia's `confined to` masks moves and attacks alike; the drop cells are masked by
//! [`super::pieces::drops`]. FSF masks only where a move lands, so a rider could pass cells
//! outside its region, where varia's stops: a region for a rider is refused unless no ride that
//! leaves it comes back into it and the type starts inside it; hoppers' are refused.

use super::draft::{Cells, Draft, squares};
use super::inherit::{Piece, builtin_betza, same_moves};
use super::tree::name;
use super::words::{expected, read_betza};
use crate::syntax::Property;
use std::collections::BTreeMap;

/// One player's region of a piece, and whether a key of FSF's type name gave it (which beats
/// an exported parent's region kept by letter, `mobilityRegionWhite#a`, as a child's key
/// beats the built-in's in FSF).
type Side = Option<(Cells, bool)>;

/// Reads every `mobilityRegion{White,Black}{Type}` key into a zone of the piece's own and
/// `confined to` it; the cells are kept in `d.mobility` for the drops.
pub(super) fn regions(d: &mut Draft) -> Result<(), String> {
    let keys: Vec<String> = d
        .keys
        .map
        .keys()
        .filter(|k| k.starts_with("mobilityRegion"))
        .cloned()
        .collect();
    let all: Cells = (0..d.ranks).flat_map(|r| d.rank(r)).collect();
    let mut by: BTreeMap<char, [Side; 2]> = BTreeMap::new();
    for k in keys {
        let v = d.keys.take(&k).unwrap_or_default();
        let rest = &k["mobilityRegion".len()..];
        let (side, ty) = match (rest.strip_prefix("White"), rest.strip_prefix("Black")) {
            (Some(t), _) => (0, t),
            (_, Some(t)) => (1, t),
            _ => return Err(format!("`{k} = {v}`: not a player's region")),
        };
        let Some(p) = piece_of(d, ty).map_err(|e| format!("`{k} = {v}`: {e}"))? else {
            // FSF has no piece of that type: the region does nothing.
            continue;
        };
        let cells = if matches!(v.trim(), "-" | "") {
            all.clone()
        } else {
            squares(&v, d.files, d.ranks, &k)?
        };
        let named = !ty.starts_with('#');
        let slot = &mut by.entry(p.letter).or_default()[side];
        if slot.as_ref().is_none_or(|(_, n)| named && !n) {
            *slot = Some((cells, named));
        }
    }
    for (letter, [w, b]) in by {
        let w = w.map_or_else(|| all.clone(), |(c, _)| c);
        let b = b.map_or_else(|| all.clone(), |(c, _)| c);
        if w == all && b == all {
            continue;
        }
        let Some(p) = d.by_letter(letter) else {
            continue;
        };
        let parts = read_betza(&p.betza).map(|t| expected(&t))?;
        let rides: Vec<(&Vec<(i8, i8)>, u8)> = parts
            .iter()
            .filter(|e| e.1 != 1)
            .map(|e| (&e.0, e.1))
            .collect();
        let starts_inside = || {
            let fen = d.keys.map.get("startFen").map_or("", |f| f.as_str());
            start_cells(fen, d.ranks, letter)
                .iter()
                .all(|(white, c)| if *white { &w } else { &b }.contains(c))
        };
        let rides_stay = rides.is_empty()
            || (starts_inside()
                && rides.iter().all(|(vs, range)| {
                    vs.iter().all(|&(x, y)| {
                        unbroken(&w, (x, y), *range, d.files, d.ranks)
                            && unbroken(&b, (x, -y), *range, d.files, d.ranks)
                    })
                }));
        if p.kind() == "pawn" || parts.iter().any(|e| e.4) || !rides_stay {
            return Err(format!(
                "a mobility region for piece `{letter}` ({}) that its moves may leave and enter again: Fairy-Stockfish masks only where a move lands",
                p.betza
            ));
        }
        let z = format!("mobility-{letter}");
        d.zone(&z, &w, &b)?;
        d.extra(p, Property::Confined(name(&z)));
        d.mobility.insert(letter, (w, b));
    }
    Ok(())
}

/// Whether a ride along `v` (up to `range` leaps, 0: any) from any cell of `cells` that leaves
/// them never comes back into them: then stopping where it leaves is FSF's masking.
fn unbroken(cells: &Cells, v: (i8, i8), range: u8, files: i32, ranks: i32) -> bool {
    let max = if range == 0 {
        files.max(ranks)
    } else {
        i32::from(range)
    };
    cells.iter().all(|&(f, r)| {
        let mut left = false;
        for k in 1..=max {
            let c = (f + k * i32::from(v.0), r + k * i32::from(v.1));
            if !(0..files).contains(&c.0) || !(0..ranks).contains(&c.1) {
                break;
            }
            let inside = cells.contains(&c);
            if left && inside {
                return false;
            }
            left |= !inside;
        }
        true
    })
}

/// The cells of a FEN's pieces of one letter, with whether each is white's.
fn start_cells(fen: &str, ranks: i32, letter: char) -> Vec<(bool, (i32, i32))> {
    let board = fen.split([' ', '[']).next().unwrap_or("");
    let mut out = Vec::new();
    for (i, row) in board.split('/').enumerate() {
        let (mut f, mut n, mut promoted) = (0, 0, false);
        for ch in row.chars() {
            if let Some(x) = ch.to_digit(10) {
                n = n * 10 + x as i32;
                continue;
            }
            f += n;
            n = 0;
            if ch == '+' {
                promoted = true;
                continue;
            }
            if ch.to_ascii_lowercase() == letter && !promoted {
                out.push((ch.is_ascii_uppercase(), (f, ranks - 1 - i as i32)));
            }
            promoted = false;
            f += 1;
        }
    }
    out
}

/// The piece a region key's type names: FSF's king, a custom slot of the section, an exported
/// parent's piece by letter, or a built-in type (in an exported parent, the one piece moving as
/// that type's Betza). `None`: FSF has no piece of the type.
fn piece_of<'a>(d: &Draft<'a>, ty: &str) -> Result<Option<&'a Piece>, String> {
    if let Some(l) = ty.strip_prefix('#') {
        let c = l.chars().next().unwrap_or(' ');
        return match d.by_letter(c) {
            Some(p) if p.key == ty => Ok(Some(p)),
            Some(_) => Err(format!(
                "a region of the parent's piece `{c}`, which the section replaces"
            )),
            None => Ok(None),
        };
    }
    let mut key = ty.to_string();
    key[..1].make_ascii_lowercase();
    if let Some(p) = d.pieces.iter().find(|p| p.key == key) {
        return Ok(Some(p));
    }
    if key.starts_with("customPiece") || key == "king" {
        return Ok(None);
    }
    let Some(betza) = builtin_betza(&key) else {
        return Err(format!("no piece type `{ty}`"));
    };
    let hits: Vec<&Piece> = d
        .pieces
        .iter()
        .filter(|p| p.key.starts_with('#') && same_moves(&p.betza, betza))
        .collect();
    match hits[..] {
        [] => Ok(None),
        [p] => Ok(Some(p)),
        _ => Err(format!(
            "the parent's definition has several pieces moving as Fairy-Stockfish's `{key}`"
        )),
    }
}

/// FSF's soldier (`fsW`) steps sideways only from its `soldierPromotionRank` on (counted from
/// each player's side; the default, 1, is everywhere): `moves sW in` a zone of those ranks.
pub(super) fn soldier(d: &mut Draft) -> Result<(), String> {
    let n = d.keys.int("soldierPromotionRank", 1)? as i32;
    if d.kind("soldier").is_none() || n <= 1 {
        return Ok(());
    }
    let w: Cells = (0..d.ranks)
        .flat_map(|r| d.rank(r))
        .filter(|c| c.1 >= n - 1)
        .collect();
    let b: Cells = (0..d.ranks)
        .flat_map(|r| d.rank(r))
        .filter(|c| d.ranks - 1 - c.1 >= n - 1)
        .collect();
    if w.is_empty() {
        d.soldier = Some(None);
        return Ok(());
    }
    d.zone("soldier-sideways", &w, &b)?;
    d.soldier = Some(Some("soldier-sideways".into()));
    Ok(())
}
