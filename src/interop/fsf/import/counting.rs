//! FSF's counting rules (`countingRule = makruk|cambodian|asean`) as varia's counting statements,
//! read back as the exporter writes them (its table, [`crate::interop::fsf::export`]'s counting).
//!
//! FSF's rules are fixed in its code: the count stops on its built-in pawn, and the pieces'
//! honour reads the counts of its built-in rook, khon (`silver`) and knight. The import names the
//! section's pieces of those types; a line of the table whose type the section lacks never
//! applies in FSF (its count is 0) and is left out. A promoted form (`promotedPieceType`) is
//! counted by FSF as the type it moves as, which varia's counting does not follow: refused.
//!
//! FSF's draw odds (`materialCounting = whitedrawodds|blackdrawodds`) turn the draws of
//! stalemate, the move rule and repetition into that player's win: varia's `draws count for
//! PLAYER`, which turns every draw, so only where the section has no other draw.

use super::draft::{Draft, pname};
use super::tree::{at, int, name};
use crate::interop::fsf::export::fsf_counting;
use crate::rules::Outcome;
use crate::syntax::{Flag, Property, Statement, Verdict};

/// `countingRule` as `counting stops on`, `counting board` and `counting bare`.
pub(super) fn counting(d: &mut Draft) -> Result<(), String> {
    let Some(v) = d.keys.take("countingRule") else {
        return Ok(());
    };
    if v == "none" {
        return Ok(());
    }
    let Some((board, (default, from_pieces), table)) = fsf_counting(&v) else {
        return Err(format!(
            "`countingRule = {v}`: Fairy-Stockfish's counting rules are makruk, cambodian and asean"
        ));
    };
    if let Some(p) = d.pieces.iter().find(|p| p.key.starts_with('+')) {
        return Err(format!(
            "`countingRule = {v}` with `promotedPieceType` (`+{}`): Fairy-Stockfish counts a promoted piece as the type it moves as, which varia's import does not follow",
            p.letter.to_ascii_uppercase()
        ));
    }
    if let Some(p) = d.kind("pawn") {
        d.ends
            .push(Statement::CountingStoppers(vec![name(&pname(p))]));
    }
    if let Some((limit, with_stoppers, up_to)) = board {
        d.ends.push(Statement::CountingBoard {
            limit: int(i64::from(limit)),
            with_stoppers,
            up_to: up_to.map(|n| int(i64::from(n))),
        });
    }
    let honours = table
        .into_iter()
        .filter_map(|(count, key, limit)| {
            d.kind(key).map(|p| {
                (
                    int(i64::from(count)),
                    name(&pname(p)),
                    int(i64::from(limit)),
                )
            })
        })
        .collect();
    d.ends.push(Statement::CountingBare {
        limit: int(i64::from(default)),
        from_pieces,
        honours,
    });
    Ok(())
}

/// `materialCounting`: FSF's draw odds as `draws count for PLAYER` (the other kinds refused).
pub(super) fn material(d: &mut Draft) -> Result<(), String> {
    let Some(v) = d.keys.take("materialCounting") else {
        return Ok(());
    };
    let player = match v.as_str() {
        "none" => return Ok(()),
        "unweighted" => "",
        "whitedrawodds" => "white",
        "blackdrawodds" => "black",
        _ => {
            return Err(format!(
                "`materialCounting = {v}`: only `unweighted` and draw odds (`whitedrawodds`, `blackdrawodds`) are translated"
            ));
        }
    };
    // FSF's draw odds hold for stalemate, the move rule and repetition only; varia's for every
    // draw.
    let other_draw = d.ends.iter().find_map(|s| match s {
        Statement::Checkmate(o) if o.node == Outcome::Draw => Some("`checkmateValue = draw`"),
        Statement::Extinction { verdict, .. } if verdict.node == Verdict::Draws => {
            Some("`extinctionValue = draw`")
        }
        Statement::Row { verdict, .. } if verdict.node == Verdict::Draws => {
            Some("`connectValue = draw`")
        }
        Statement::CountingBoard { .. } | Statement::CountingBare { .. } => Some("`countingRule`"),
        Statement::Flag(Flag::OnlyPromotions, _) => Some("`sittuyinPromotion`"),
        _ => None,
    });
    if let Some(k) = other_draw {
        return Err(format!(
            "`materialCounting = {v}` with {k}: Fairy-Stockfish's material counting holds for stalemate, the move rule, repetition, double passes and the full board only, varia's {} for every draw",
            if player.is_empty() {
                "`draws decided by value`"
            } else {
                "`draws count for`"
            }
        ));
    }
    if player.is_empty() {
        unweighted(d)
    } else {
        d.ends.push(Statement::DrawOdds(name(player)));
        Ok(())
    }
}

/// FSF's unweighted material count as `draws decided by value`, every piece worth 1.
fn unweighted(d: &mut Draft) -> Result<(), String> {
    if let Some(k) = d.kind("king") {
        return Err(format!(
            "`materialCounting = unweighted` with Fairy-Stockfish's king `{}`: not translated",
            k.letter
        ));
    }
    for p in d.pieces {
        d.extra(p, Property::Value(at(1)));
    }
    d.ends.push(Statement::DrawsByValue(None));
    Ok(())
}
