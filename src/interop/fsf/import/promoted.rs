//! Shogi-style promotions (`promotedPieceType`) and FSF's immobility rule (`immobilityIllegal`).
//!
//! FSF's `X:Y` turns a piece of type X that starts or ends a move in the promotion region into a
//! Y written `+X` (it goes back to hand as an X). varia says it with a piece `+X` that moves as Y,
//! and X `promotes to` it `when starting or ending in promotion` (compulsory with
//! `mandatoryPiecePromotion`). FSF's immobility rule (no ordinary move nor drop to a cell the
//! piece could never move from) is `no drop where stuck` with every promotion compulsory where
//! the piece would be stuck; the compiled definition is checked to say nothing else.

use super::draft::{Draft, pname};
use super::inherit::Piece;
use super::tree::{at, name};
use crate::rules::{Obligation, RuleSet, Trigger};
use crate::syntax::{Flag, Property, Span, Statement};
use std::collections::BTreeMap;

/// Keys whose pieces FSF counts or moves by type, a promoted `+X` being of the type it moves
/// as: a promoted type they name is refused. (The castling pieces are not among them: a castling
/// right is lost when any piece moves to or from its cells, so no promoted piece ever castles.)
const TYPE_KEYS: &[&str] = &[
    "extinctionPieceTypes",
    "flagPiece",
    "connectPieceTypes",
    "nMoveRuleTypes",
    "dropNoDoubled",
    "petrifyOnCaptureTypes",
    "promotionPawnTypes",
];

/// The pairs of `promotedPieceType` as (X, Y) letters.
fn pairs(v: &str) -> Result<Vec<(char, char)>, String> {
    v.split_whitespace()
        .map(|pair| {
            let mut cs = pair.chars();
            match (cs.next(), cs.next(), cs.next(), cs.next()) {
                (Some(x), Some(':'), Some(y), None)
                    if x.is_ascii_alphabetic() && y.is_ascii_alphabetic() =>
                {
                    Ok((x.to_ascii_lowercase(), y.to_ascii_lowercase()))
                }
                _ => Err(format!(
                    "`promotedPieceType = {v}`: `{pair}` is not a promotion (`x:y`)"
                )),
            }
        })
        .collect()
}

/// The section's pieces and, for each `X:Y` of `promotedPieceType`, a piece `+X` moving as Y
/// (key `+x`).
pub(super) fn forms(
    pieces: &[Piece],
    keys: &BTreeMap<String, String>,
) -> Result<Vec<Piece>, String> {
    let mut out = pieces.to_vec();
    let Some(v) = keys.get("promotedPieceType") else {
        return Ok(out);
    };
    let ps = pairs(v)?;
    let find = |c: char| {
        pieces
            .iter()
            .find(|p| p.letter == c)
            .ok_or_else(|| format!("`promotedPieceType = {v}`: no piece `{c}`"))
    };
    for &(x, y) in &ps {
        find(x)?;
        let to = find(y)?;
        if matches!(to.kind(), "king" | "pawn" | "janggiCannon") {
            return Err(format!(
                "`promotedPieceType = {v}`: a promotion to Fairy-Stockfish's `{}`, whose rules are more than its moves, is not translated",
                to.kind()
            ));
        }
        if ps.iter().any(|&(a, _)| a == y) {
            return Err(format!(
                "`promotedPieceType = {v}`: `{y}` is promoted to and promotes itself"
            ));
        }
        if out.iter().any(|p| p.key == format!("+{x}")) {
            return Err(format!("`promotedPieceType = {v}`: `{x}` promotes twice"));
        }
        for k in TYPE_KEYS {
            if keys.get(*k).is_some_and(|t| t != "-" && t.contains(y)) {
                return Err(format!(
                    "`promotedPieceType = {v}` with `{k} = {}`: Fairy-Stockfish counts a piece promoted to `{y}` as one, which varia's import does not follow",
                    keys[*k]
                ));
            }
        }
        out.push(Piece {
            key: format!("+{x}"),
            letter: x,
            betza: to.betza.clone(),
        });
    }
    Ok(out)
}

/// The promotion of each type `promotedPieceType` names, and the immobility rule.
pub(super) fn rules(d: &mut Draft) -> Result<(), String> {
    let mandatory = d.keys.bool("mandatoryPiecePromotion", false)?;
    d.immobility = d.keys.bool("immobilityIllegal", false)?;
    if d.immobility {
        d.ends
            .push(Statement::Flag(Flag::NoDropWhereStuck, Span::default()));
    }
    let promoted: Vec<&Piece> = d.pieces.iter().filter(|p| p.key.starts_with('+')).collect();
    let Some(v) = d.keys.take("promotedPieceType") else {
        return Ok(());
    };
    if promoted.is_empty() {
        // `promotedPieceType =` with nothing: no promotion.
        return Ok(());
    }
    let has_zone = d
        .zones
        .iter()
        .any(|s| matches!(s, Statement::Zone { name, .. } if name.node == "promotion"));
    if !has_zone {
        let (w, b) = d.promotion.clone();
        d.zone("promotion", &w, &b)?;
    }
    let obligation = match (mandatory, d.immobility) {
        (true, _) => Some(Obligation::Compulsory),
        (false, true) => Some(Obligation::CompulsoryWhenStuck),
        (false, false) => None,
    };
    for form in promoted {
        let Some(from) = d.pieces.iter().find(|p| p.letter == form.letter) else {
            return Err(format!(
                "`promotedPieceType = {v}`: no piece `{}`",
                form.letter
            ));
        };
        // FSF's pawn promotes to its form as to its other choices, on reaching the region.
        if from.kind() == "pawn" {
            continue;
        }
        d.extra(
            from,
            Property::Promotes {
                captive: false,
                to: vec![name(&pname(form))],
                trigger: at(Trigger::StartingOrEndingIn),
                zone: name("promotion"),
                obligation: obligation.map(at),
                deferred: None,
                span: Span::default(),
            },
        );
    }
    Ok(())
}

/// With FSF's immobility rule, checks that the compiled definition forbids what FSF forbids: no
/// piece may move where it could never move again but by promoting.
pub(super) fn check_immobility(rules: &RuleSet) -> Result<(), String> {
    crate::interop::fsf::export::stuck_rule(rules, true).map_err(|r| {
        format!(
            "`immobilityIllegal = true`: {}",
            r.rule
                .replace(" (from `no drop where stuck`)", "")
                .replace("Fairy-Stockfish's immobility rule would forbid it", "Fairy-Stockfish's immobility rule forbids it, and varia's import says so only by a promotion compulsory there")
        )
    })
}
