//! The mechanics lists beyond the endings: extra move rules, drop rules, effects of a move and
//! filters of the legal moves, each entry pushed in the engine's order.

use super::draft::Draft;
use super::names::Names;
use super::pieces::Spared;
use crate::rules::{DropRule, Effect, Filter, MoveRule};

/// Moves beyond the pieces' own: passing, and the royals' facing rule.
pub(super) fn moves(d: &Draft) -> Vec<MoveRule> {
    let mut list = Vec::new();
    if d.royals_may_not_face {
        list.push(MoveRule::RoyalsMayNotFace);
    }
    if d.endings.passing || d.endings.passing_when_stuck {
        list.push(MoveRule::Passing {
            when_stuck: d.endings.passing_when_stuck,
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
    if d.drops_touch {
        list.push(DropRule::TouchOwn);
    }
    let free = cx.types(&d.free_drops);
    if !free.is_empty() {
        list.push(DropRule::Free { pieces: free });
    }
    if d.no_drop_where_stuck {
        list.push(DropRule::NotWhereStuck);
    }
    if d.drops_fall {
        list.push(DropRule::Fall);
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
    if d.flip_enclosed {
        list.push(Effect::FlipEnclosed);
    }
    if d.captures_explode {
        list.push(Effect::Blast {
            spare_nearby: spared.nearby,
            spare_always: spared.always,
        });
    }
    if d.leave_walls {
        list.push(Effect::LeaveWalls);
    }
    if d.neighbours_flip {
        list.push(Effect::FlipNeighbours);
    }
    list
}

/// Which legal moves stay.
pub(super) fn filters(d: &Draft, cx: &mut Names) -> Vec<Filter> {
    let ends = &d.endings;
    let mut list = Vec::new();
    if ends.no_checks || ends.no_drop_checks {
        list.push(Filter::NoChecks {
            drops_only: !ends.no_checks,
        });
    }
    if let Some(names) = &ends.must_drop {
        let pieces = cx.types(names);
        if !pieces.is_empty() {
            list.push(Filter::MustDrop { pieces });
        }
    }
    if ends.checked_royal {
        list.push(Filter::CheckedRoyalOnlyCaptures);
    }
    if ends.must_capture {
        list.push(Filter::MustCapture);
    }
    list
}
