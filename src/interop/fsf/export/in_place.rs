//! Promotion in place (`promotion in place of`) as Fairy-Stockfish's `sittuyinPromotion`.
//!
//! FSF's sittuyin promotion (`movegen.cpp`, `Position::legal`): its pawn, on the promotion region
//! or anywhere when it is its player's last pawn, turns into a promotion type in place or on an
//! empty cell that type attacks from there, while the type is under its `promotionLimit`, if the
//! new piece attacks no enemy piece and the move gives no check; no pawn promotes by moving. So
//! the rule is FSF's only for the chess pawn with `anywhere when last, or moving, attacking
//! nothing`, to types whose moves are their attacks, and no other promotion beside it; and as
//! FSF's sittuyin promotion also draws for a lone pawn that can only promote (its rule 3.9 c.7,
//! `is_optional_game_end`), only with `only promotions left draws`.

use super::pieces::{Kind, Types};
use super::refusal::{Result, refuse};
use crate::rules::{Cell, EndingRule, Mode, MoveRule, PieceId, RuleSet};

/// What FSF's keys say of a promotion in place.
pub(super) struct InPlace<'a> {
    /// The promotion region (both players' cells).
    pub(super) region: &'a Vec<Vec<Cell>>,
    /// The types a pawn turns into.
    pub(super) to: &'a [PieceId],
    /// `promotionLimit`: at most this many of each on the board after a promotion.
    pub(super) limit: Option<u8>,
}

/// The rule set's promotion in place as FSF's, if it has one, or a refusal at the rule.
pub(super) fn of<'a>(rules: &'a RuleSet, types: &Types) -> Result<Option<InPlace<'a>>> {
    let mut found = rules.moves.iter().enumerate().filter_map(|(i, m)| match m {
        MoveRule::PromoteInPlace {
            piece,
            to,
            zone,
            anywhere_when_last,
            moving,
            attacking_nothing,
            limit,
        } => Some((
            format!("moves[{i}]"),
            (*piece, to, *zone),
            (*anywhere_when_last, *moving, *attacking_nothing),
            *limit,
        )),
        _ => None,
    });
    let draws = rules
        .endings
        .iter()
        .position(|e| *e == EndingRule::OnlyPromotions);
    let Some((at, (piece, to, zone), flags, limit)) = found.next() else {
        return match draws {
            Some(i) => refuse(
                "`only promotions left draws` without a promotion in place: Fairy-Stockfish has the rule only with its sittuyin promotion",
                format!("endings[{i}]"),
            ),
            None => Ok(None),
        };
    };
    if draws.is_none() {
        return refuse(
            "promotion in place without `only promotions left draws`: Fairy-Stockfish's sittuyin promotion also draws so (Sittuyin's rule 3.9 c.7)",
            at,
        );
    }
    if found.next().is_some() {
        return refuse(
            "two promotions in place: Fairy-Stockfish's sittuyin promotion is one rule",
            at,
        );
    }
    if types.kinds[piece.index()] != Kind::Pawn {
        return refuse(
            "promotion in place of a type that is not the chess pawn: Fairy-Stockfish's sittuyin promotion is its pawn's",
            at,
        );
    }
    if flags != (true, true, true) {
        return refuse(
            "promotion in place without all of `anywhere when last, or moving, attacking nothing`: Fairy-Stockfish's sittuyin promotion has them all",
            at,
        );
    }
    for t in to {
        let moves = &rules.pieces[t.index()].moves;
        let attacks_are_moves = moves
            .iter()
            .all(|m| m.mode == Mode::Both && !m.hop && !m.initial && m.from_zone.is_none());
        if !attacks_are_moves {
            return refuse(
                "promotion in place to a type whose moves are not its captures: Fairy-Stockfish's sittuyin promotion moves as the new type captures",
                at,
            );
        }
    }
    if let Some(p) = rules.pieces.iter().find(|p| !p.promotions.is_empty()) {
        return refuse(
            format!(
                "promotion in place beside `{}`'s promotion by moving: Fairy-Stockfish's sittuyin promotion is the only one",
                p.name
            ),
            at,
        );
    }
    Ok(Some(InPlace {
        region: &rules.zones[zone.index()].cells,
        to,
        limit,
    }))
}
