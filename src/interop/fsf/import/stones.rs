//! The rules of Fairy-Stockfish's stone games (Ataxx, Reversi, Snort, Quadwrangle): free drops
//! (`freeDrops`, which only FSF's built-in Ataxx has, so only its children), where drops may
//! land (`enclosingDrop = ataxx|snort|reversi`, `enclosingDropStart`), the stones a move turns
//! (`flipEnclosedPieces = ataxx|quadwrangle|reversi`), passing when stuck
//! (`passOnStalemate`) and the full board (`adjudicateFullBoard`). Each is translated only where
//! FSF's rule is varia's; the others are refused, naming the key.

use super::draft::{Draft, pname, squares};
use super::tree::{name, names};
use crate::syntax::{Flag, Span, Statement, TypesPhrase};

/// FSF's free drops: every type dropped on every empty cell without being held. Called by the
/// drop keys' reader when `pieceDrops` is on; `Ok(false)` without a built-in parent's free drops.
pub(super) fn free_drops(d: &mut Draft, to_hand: bool) -> Result<bool, String> {
    if !d.builtin_free {
        return Ok(false);
    }
    if to_hand {
        return Err(
            "`freeDrops` with `capturesToHand`: Fairy-Stockfish's free drops keep no hand".into(),
        );
    }
    // FSF keeps its pawn's drops off its first rank and out of the promotion region, masks
    // drops with mobility regions, and would drop its king too.
    if let Some(p) = d
        .pieces
        .iter()
        .find(|p| matches!(p.kind(), "pawn" | "king") || p.key.starts_with('+'))
    {
        return Err(format!(
            "`freeDrops` with piece `{}` ({}): varia's import drops every type freely only where none is a pawn, a king or a promoted form",
            p.letter,
            p.kind()
        ));
    }
    if !d.mobility.is_empty() {
        return Err("`freeDrops` with mobility regions: not translated".into());
    }
    for k in ["dropRegionWhite", "dropRegionBlack"] {
        if let Some(v) = d.keys.take(k) {
            return Err(format!("`{k} = {v}` with `freeDrops`: not translated"));
        }
    }
    let types: Vec<String> = d.pieces.iter().map(pname).collect();
    d.ends.push(Statement::Types(
        TypesPhrase::FreeDrops,
        names(&types),
        Span::default(),
    ));
    Ok(true)
}

/// Where drops land, what moves turn, passing when stuck and the full board. Called after the
/// start position is read.
pub(super) fn rules(d: &mut Draft) -> Result<(), String> {
    let sp = Span::default();
    if d.free_drops && d.fen[0].contains('[') {
        return Err(
            "`freeDrops` with a hand in `startFen`: Fairy-Stockfish ignores what it holds".into(),
        );
    }
    let drops = d.free_drops || d.hands || d.setup_hands;
    let start = d.keys.take("enclosingDropStart");
    let start = match start {
        Some(v) => squares(&v, d.files, d.ranks, "enclosingDropStart")?,
        None => Vec::new(),
    };
    let rule = d.keys.map.get("enclosingDrop").cloned();
    match rule.as_deref() {
        Some("ataxx") => {
            d.keys.take("enclosingDrop");
            if !start.is_empty() {
                return Err(
                    "`enclosingDropStart` with `enclosingDrop = ataxx`: not translated".into(),
                );
            }
            // Without drops FSF's rule never applies.
            if drops {
                d.ends.push(Statement::Flag(Flag::TouchingDrops, sp));
            }
        }
        Some("snort") => {
            d.keys.take("enclosingDrop");
            if !start.is_empty() {
                return Err(
                    "`enclosingDropStart` with `enclosingDrop = snort`: not translated".into(),
                );
            }
            if drops {
                d.ends.push(Statement::Flag(Flag::AvoidingDrops, sp));
            }
        }
        Some("reversi") => {
            d.keys.take("enclosingDrop");
            if drops {
                let zone = if start.is_empty() {
                    None
                } else {
                    d.zone("start", &start, &start)?;
                    Some(name("start"))
                };
                d.ends.push(Statement::EnclosingDrops(sp, zone));
            }
        }
        // Read with the connect rule (`top`), or refused there.
        _ if start.is_empty() => {}
        _ => {
            return Err(
                "`enclosingDropStart` without `enclosingDrop = reversi`: not translated".into(),
            );
        }
    }
    flips(d)?;
    let both = d.keys.bool("passOnStalemate", false)?;
    let w = d.keys.bool("passOnStalemateWhite", both)?;
    let b = d.keys.bool("passOnStalemateBlack", both)?;
    match (w, b) {
        (false, false) => {}
        (true, true) => {
            // FSF's king passes on its own cell, and not while in check.
            if let Some(k) = d.kind("king") {
                return Err(format!(
                    "`passOnStalemate` with Fairy-Stockfish's king `{}`: its pass is the king's, varia's the first piece's",
                    k.letter
                ));
            }
            d.ends.push(Statement::Passing(sp, true));
        }
        _ => return Err("`passOnStalemate` for one player only: not translated".into()),
    }
    if d.keys.bool("adjudicateFullBoard", false)? {
        d.ends.push(Statement::Flag(Flag::FullBoardEnds, sp));
    }
    Ok(())
}

/// `flipEnclosedPieces`: Ataxx's neighbours, or Reversi's enclosed rows where no piece moves
/// (FSF turns what any move encloses, varia what a drop encloses).
fn flips(d: &mut Draft) -> Result<(), String> {
    let Some(v) = d.keys.take("flipEnclosedPieces") else {
        return Ok(());
    };
    if v == "none" {
        return Ok(());
    }
    if let Some(k) = d.kind("king") {
        return Err(format!(
            "`flipEnclosedPieces = {v}` with Fairy-Stockfish's king `{}`",
            k.letter
        ));
    }
    let flag = match v.as_str() {
        "ataxx" => Flag::NeighboursFlip,
        "quadwrangle" => Flag::NeighboursFlipTouching,
        "reversi" => {
            if let Some(p) = d.pieces.iter().find(|p| !p.betza.is_empty()) {
                return Err(format!(
                    "`flipEnclosedPieces = reversi` with piece `{}` that moves: Fairy-Stockfish turns what a move encloses too, varia what a drop encloses",
                    p.letter
                ));
            }
            Flag::Flipping
        }
        _ => {
            return Err(format!(
                "`flipEnclosedPieces = {v}`: only `none`, `ataxx`, `quadwrangle` and `reversi` are translated"
            ));
        }
    };
    d.ends.push(Statement::Flag(flag, Span::default()));
    Ok(())
}
