//! The rules of stone games (Ataxx, Reversi, Snort, Quadwrangle) in Fairy-Stockfish's keys: free
//! drops, where drops may land (`enclosingDrop`), the stones they turn (`flipEnclosedPieces`), passing when stuck,
//! the full board and the stone count that decides draws. Each is written only where FSF's rule
//! is varia's; otherwise the entry is refused.

use super::ini::{Ini, squares};
use super::mechanics::{Said, Say};
use super::pieces::{Kind, Types};
use super::refusal::{Result, refuse};
use crate::rules::{Outcome, PieceId, RuleSet};

/// Whether the types are dropped freely (FSF's `freeDrops`, which holds for every type), or
/// refuses where FSF's would differ. Only FSF's built-in variants have free drops (`builtin`:
/// the keys are those of one, for the import of its child).
pub(super) fn free_drops(
    rules: &RuleSet,
    types: &Types,
    said: &Said,
    builtin: bool,
) -> Result<bool> {
    let free = said.all(|s| match s {
        Say::FreeDrops(t) => Some(t),
        _ => None,
    });
    let Some(&(at, free)) = free.first() else {
        return Ok(false);
    };
    if !builtin {
        return refuse(
            "`drops of TYPE... are free`: Fairy-Stockfish's freeDrops is no variants.ini key (only its built-in Ataxx has it)",
            at,
        );
    }
    let every = (0..rules.pieces.len()).all(|i| free.contains(&PieceId(i as u8)));
    if !every {
        return refuse(
            "free drops of some types only: Fairy-Stockfish's freeDrops holds for every type",
            at,
        );
    }
    if rules.captures_to_hand || rules.hands || rules.captures_to_partner {
        return refuse(
            "free drops with hands: Fairy-Stockfish's freeDrops keeps no hand",
            at,
        );
    }
    // FSF keeps its pawn's drops off the first rank and out of the promotion region.
    let zoned = rules
        .pieces
        .iter()
        .enumerate()
        .any(|(i, p)| p.drops.zone.is_some() || types.kinds[i] == Kind::Pawn || p.royal);
    if zoned {
        return refuse(
            "free drops of a pawn, a royal piece or in a zone: Fairy-Stockfish drops every type freely on every empty cell",
            at,
        );
    }
    Ok(true)
}

/// Writes the keys of the stone games' rules, or refuses.
pub(super) fn write(
    ini: &mut Ini,
    rules: &RuleSet,
    checkmate: &Outcome,
    said: &Said,
) -> Result<()> {
    let enclosing = said.all(|s| match s {
        Say::DropOnTop => Some(Err("top")),
        Say::DropsTouch => Some(Err("ataxx")),
        Say::DropsAvoid => Some(Err("snort")),
        Say::DropsEnclose(start) => Some(Ok(start)),
        _ => None,
    });
    if let [_, (at, _), ..] = enclosing.as_slice() {
        return refuse(
            "two rules on where drops land: Fairy-Stockfish's enclosingDrop is one",
            *at,
        );
    }
    match enclosing.first() {
        None => {}
        Some((_, Err(rule))) => ini.kv("enclosingDrop", rule),
        Some((at, Ok(start))) => {
            ini.kv("enclosingDrop", "reversi");
            if let Some(z) = start {
                let cells = &rules.zones[z.index()].cells;
                if cells[0] != cells[1] {
                    return refuse(
                        "a start zone with other cells for each player: Fairy-Stockfish's enclosingDropStart is one region",
                        *at,
                    );
                }
                ini.kv("enclosingDropStart", squares(&rules.board, &cells[0]));
            }
        }
    }
    let flips = said.all(|s| match s {
        Say::FlipEnclosed => Some("reversi"),
        Say::FlipNeighbours => Some("ataxx"),
        Say::FlipNeighboursOfTouching => Some("quadwrangle"),
        _ => None,
    });
    if let [_, (at, _), ..] = flips.as_slice() {
        return refuse(
            "two rules turning stones: Fairy-Stockfish's flipEnclosedPieces is one",
            *at,
        );
    }
    if let Some(&(at, flip)) = flips.first() {
        if rules.pieces.iter().any(|p| p.royal) {
            return refuse(
                "turning stones with a royal piece: Fairy-Stockfish has no kings with flipEnclosedPieces",
                at,
            );
        }
        // FSF turns what any move encloses; varia what a drop encloses.
        if flip == "reversi" && rules.pieces.iter().any(|p| !p.moves.is_empty()) {
            return refuse(
                "`enclosed pieces flip` with pieces that move: Fairy-Stockfish turns what a move encloses too",
                at,
            );
        }
        ini.kv("flipEnclosedPieces", flip);
    }
    for (at, ()) in said.all(|s| (s == Say::PassOnStalemate).then_some(())) {
        // FSF's king passes on its own cell, and only when not in check.
        if rules.pieces.iter().any(|p| p.royal) {
            return refuse(
                "`passing when stuck` with a royal piece: Fairy-Stockfish's king passes on its own cell",
                at,
            );
        }
        ini.kv("passOnStalemate", "true");
    }
    if said.has(Say::FullBoard) {
        ini.kv("adjudicateFullBoard", "true");
    }
    material(ini, rules, checkmate, said)
}

/// `draws decided by value` as FSF's unweighted material count: every piece worth as much, no
/// bonus, and no draw FSF does not count (its count decides stalemate, the move rule,
/// repetition, double passes and the full board).
fn material(ini: &mut Ini, rules: &RuleSet, checkmate: &Outcome, said: &Said) -> Result<()> {
    let by_value = said.all(|s| match s {
        Say::DrawsByValue(v) => Some(v),
        _ => None,
    });
    let Some(&(at, v)) = by_value.first() else {
        return Ok(());
    };
    if v.bonus_halves != 0 {
        return refuse(
            "`draws decided by value` with a bonus: Fairy-Stockfish's material counting names its own pieces",
            at,
        );
    }
    let value = rules.pieces.first().map_or(0, |p| p.value);
    if value <= 0 || rules.pieces.iter().any(|p| p.value != value) {
        return refuse(
            "`draws decided by value` with pieces of different values: Fairy-Stockfish's material counting names its own pieces, or counts them all alike",
            at,
        );
    }
    let other_draw = *checkmate == Outcome::Draw
        || said.has(Say::Counting)
        || said.has(Say::OnlyPromotions)
        || !said
            .all(|s| match s {
                Say::Extinction(x) if x.outcome == Outcome::Draw => Some(()),
                Say::Connect(r) if r.outcome == Outcome::Draw => Some(()),
                _ => None,
            })
            .is_empty();
    if other_draw {
        return refuse(
            "`draws decided by value` with a draw Fairy-Stockfish does not count (checkmate, extinction, a row, counting)",
            at,
        );
    }
    ini.kv("materialCounting", "unweighted");
    Ok(())
}
