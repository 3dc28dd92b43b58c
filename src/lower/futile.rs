//! Pieces that can never move and promotions that never fire, judged on an empty board (see
//! [`super::reach`]): when even there no move does it, no game does.

use super::reach::{self, Motion, Reach};
use crate::rules::{Cell, PieceId, PlayerId, Promotion, RuleSet, Trigger};

/// What stands on a cell of the start position.
type Start<'a> = &'a dyn Fn(Cell) -> Option<(PieceId, PlayerId)>;

/// Why a type with moves can never move, if it cannot: no move of it lands on a cell it may
/// stand on, from any cell it may stand on, for any player. A type without moves (a wall, a
/// piece that is only dropped) is immobile by design and not judged.
pub(crate) fn never_moves(rules: &RuleSet, kind: PieceId) -> Option<String> {
    let players = 0..rules.players.len();
    let reaches: Vec<Reach> = players.map(|p| Reach::new(rules, kind, p)).collect();
    if !reaches[0].has_moves() || reaches.iter().any(Reach::ever_moves) {
        return None;
    }
    let pt = &rules.pieces[kind.index()];
    let confined = match (pt.confined_to, pt.barred_from) {
        (None, None) => "",
        _ => " (inside the cells its zones leave it)",
    };
    Some(format!(
        "piece `{}` can never move: none of its moves lands on the board from a cell it may \
         stand on{confined}",
        pt.name
    ))
}

/// Tells whether a promotion's trigger holds for a move.
fn fires(rules: &RuleSet, pr: &Promotion, player: usize, m: &Motion) -> bool {
    let a = reach::in_zone(rules, pr.zone, player, m.from);
    let b = reach::in_zone(rules, pr.zone, player, m.to);
    match pr.trigger {
        Trigger::Entering => !a && b,
        Trigger::EndingIn => b,
        Trigger::StartingOrEndingIn => a || b,
        Trigger::Leaving => a && !b,
        Trigger::CapturingIn => b && m.captures,
        Trigger::CapturingFromOrIn => (a || b) && m.captures,
    }
}

/// The words of a trigger, as a move does it.
fn verb(t: Trigger) -> &'static str {
    match t {
        Trigger::Entering => "enters",
        Trigger::EndingIn => "ends in",
        Trigger::StartingOrEndingIn => "starts or ends in",
        Trigger::Leaving => "leaves",
        Trigger::CapturingIn => "captures in",
        Trigger::CapturingFromOrIn => "captures from or in",
    }
}

/// Why the `index`-th promotion of a type never fires, if it never does: no move of the type
/// from a cell it can reach does what the trigger asks in the zone; or an earlier promotion
/// fires on every such move (the first that fires applies); or it swaps with a stronger captive
/// when no type is worth more, and names no type to fall back on. A promotion that also waits
/// for a drop in a zone is not judged (a drop fires it).
pub(crate) fn never_promotes(
    rules: &RuleSet,
    kind: PieceId,
    index: usize,
    start: Start,
) -> Option<String> {
    let pt = &rules.pieces[kind.index()];
    let pr = pt.promotions.get(index)?;
    if pr.deferred_after_drop_in.is_some() {
        return None;
    }
    if pr.swap && pr.to.is_empty() && !rules.pieces.iter().any(|q| q.value > pt.value) {
        return Some(format!(
            "this promotion never fires: no type is worth more than `{}` (a stronger captive to \
             swap with), and it names no type to become",
            pt.name
        ));
    }
    let origins = reach::origins(rules, kind, start);
    if !origins.contains(&true) {
        // It never reaches the board: that has its own warning.
        return None;
    }
    let mut triggered = false;
    for player in 0..rules.players.len() {
        let r = Reach::new(rules, kind, player);
        let seen = r.reachable(&origins);
        for c in r.cells().filter(|c| seen[c.index()]) {
            for m in r.from(c) {
                if !fires(rules, pr, player, &m) {
                    continue;
                }
                triggered = true;
                // An earlier promotion that fires takes the move; one that needs a capture
                // may not (the move may land on an empty cell).
                let taken = pt.promotions[..index].iter().any(|e| {
                    !matches!(e.trigger, Trigger::CapturingIn | Trigger::CapturingFromOrIn)
                        && fires(rules, e, player, &m)
                });
                if !taken {
                    return None;
                }
            }
        }
    }
    let zone = rules
        .zones
        .get(pr.zone.index())
        .map_or("", |z| z.name.as_str());
    Some(if triggered {
        format!(
            "this promotion never fires: an earlier promotion of `{}` fires first on every move \
             that would fire it",
            pt.name
        )
    } else {
        format!(
            "this promotion never fires: no move of `{}` {} `{zone}`",
            pt.name,
            verb(pr.trigger)
        )
    })
}
