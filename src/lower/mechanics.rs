//! The mechanics lists beyond the endings: extra move rules, drop rules, effects of a move and
//! filters of the legal moves, each entry pushed in the engine's order. The flags that are entries
//! as they stand ([`crate::syntax::words::Meaning::Entry`]) are added by [`super::resolve`].

use super::draft::Draft;
use super::names::Names;
use super::pieces::Spared;
use crate::rules::{DropRule, Effect, Filter, MoveRule, PieceId};
use crate::syntax::{Flag, Statement};

/// Moves beyond the pieces' own: passing, and a wall as a move's second part (the royals'
/// facing rule is a flag).
pub(super) fn moves(d: &Draft, cx: &mut Names) -> Vec<MoveRule> {
    let mut list = Vec::new();
    if d.endings.passing || d.endings.passing_when_stuck {
        list.push(MoveRule::Passing {
            when_stuck: d.endings.passing_when_stuck,
        });
    }
    if let Some(Statement::WallRule {
        moves, cells, zone, ..
    }) = &d.wall_rule
    {
        list.push(MoveRule::Wall {
            cells: cells.node,
            moves: *moves,
            zone: zone.as_ref().and_then(|z| cx.zone(z)),
        });
    }
    if let Some(Statement::PromotionInPlace {
        piece,
        to,
        zone,
        anywhere_when_last,
        moving,
        attacking_nothing,
        limit,
        ..
    }) = &d.in_place
    {
        let limit = limit
            .as_ref()
            .and_then(|n| cx.small(n, "a promotion limit", 1, 255))
            .map(|n| n as u8);
        let piece = cx.piece(piece);
        let to: Vec<PieceId> = to.iter().filter_map(|t| cx.piece(t)).collect();
        if let (Some(piece), Some(zone)) = (piece, cx.zone(zone)) {
            list.push(MoveRule::PromoteInPlace {
                piece,
                to,
                zone,
                anywhere_when_last: *anywhere_when_last,
                moving: *moving,
                attacking_nothing: *attacking_nothing,
                limit,
            });
        }
    }
    if let Some((name, only)) = &d.gating
        && let Some(zone) = cx.zone(name)
    {
        list.push(MoveRule::Gate {
            zone,
            without_drops: *only,
        });
    }
    list
}

/// Where drops may land.
pub(super) fn drops(d: &Draft, cx: &mut Names) -> Vec<DropRule> {
    let mut list = Vec::new();
    if let Some(start) = &d.drops_enclose {
        list.push(DropRule::Enclose {
            start: start.as_ref().and_then(|z| cx.zone(z)),
        });
    }
    list
}

/// What a move does beyond moving.
pub(super) fn effects(d: &Draft, spared: Spared, cx: &mut Names) -> Vec<Effect> {
    let mut list = Vec::new();
    if let Some((k, p)) = &d.castling_by_drops {
        if d.castling.is_empty() {
            cx.err(
                k.span,
                "drops give castling rights only in a game with castling",
            );
        }
        if let Some(kings) = cx.zone(k)
            && let Some(partners) = cx.zone(p)
        {
            list.push(Effect::CastlingByDrops { kings, partners });
        }
    }
    if d.has(Flag::CapturesExplode) {
        list.push(Effect::Blast {
            spare_nearby: spared.nearby,
            spare_always: spared.always,
        });
    }
    list
}

/// Which legal moves stay.
pub(super) fn filters(d: &Draft) -> Vec<Filter> {
    let mut list = Vec::new();
    let (all, drops) = (d.has(Flag::NoChecks), d.has(Flag::NoDropChecks));
    if all || drops {
        list.push(Filter::NoChecks { drops_only: !all });
    }
    list
}
