//! How a game ends: the ending rules, in the engine's order, and what decides a verdict.

use super::draft::{Draft, Endings};
use super::names::Names;
use super::source_map;
use crate::rules::*;
use crate::syntax::{self, Spanned, Statement};

/// A statement's verdict as an outcome.
fn verdict(v: &Spanned<syntax::Verdict>) -> Outcome {
    Outcome::from(v.node)
}

/// The ending rules, in the order the engine tries them.
pub(super) fn endings(d: &Draft, cx: &mut Names) -> Vec<EndingRule> {
    let ends = &d.endings;
    let goals = goals(ends, cx);
    let extinctions = extinctions(ends, cx);
    let mut list: Vec<EndingRule> = extinctions
        .into_iter()
        .map(EndingRule::Extinction)
        .collect();
    list.extend(goals.into_iter().map(EndingRule::Goal));
    list.extend(rows(ends, cx).into_iter().map(EndingRule::Row));
    if let Some(n) = &ends.check_limit
        && let Some(checks) = cx.small(n, "a check limit", 1, 99)
    {
        list.push(EndingRule::CheckLimit {
            checks: checks as u8,
        });
    }
    let repetition = repetition(ends, cx);
    list.extend(back_and_forth(ends, cx).map(EndingRule::BackAndForth));
    list.extend(repetition.map(EndingRule::Repetition));
    if let Some(n) = &ends.move_limit
        && let Some(moves) = cx.small(n, "a move limit", 1, 10000)
    {
        list.push(EndingRule::MoveLimit {
            moves: moves as u16,
        });
    }
    list.extend(counting(ends, cx).map(EndingRule::Counting));
    list
}

/// The goal rules, in order; one with a fault is left out.
fn goals(ends: &Endings, cx: &mut Names) -> Vec<Goal> {
    let mut goals = Vec::new();
    for g in &ends.goals {
        let Statement::Goal {
            count: n,
            pieces: names,
            zone,
            mode,
            span,
        } = g
        else {
            continue;
        };
        let ids = cx.types(names);
        let z = cx.zone(zone);
        let mode = mode.as_ref().map_or(GoalMode::Immediate, |m| m.node.into());
        let count = n
            .as_ref()
            .map_or(Some(1), |n| cx.small(n, "a goal's piece count", 1, 255));
        let (Some(zone_id), true, Some(count)) = (z, ids.len() == names.len(), count) else {
            continue;
        };
        if count > 1 && mode == GoalMode::Answerable {
            // The answer is a move onto the goal: one piece.
            cx.err(*span, "an answerable goal needs one piece, not several");
            continue;
        }
        let i = goals.len();
        cx.map.insert_first("goals", *span);
        cx.map.insert(format!("goals[{i}]"), *span);
        if let (Some(a), Some(b)) = (names.first(), names.last()) {
            cx.map.insert(
                format!("goals[{i}].pieces"),
                source_map::join(a.span, b.span),
            );
        }
        cx.map.insert(format!("goals[{i}].zone"), zone.span);
        goals.push(Goal {
            pieces: ids,
            zone: zone_id,
            mode,
            count: count as u8,
        });
    }
    goals
}

/// The row rules, in order; one with a fault is left out.
fn rows(ends: &Endings, cx: &mut Names) -> Vec<Row> {
    let mut rows = Vec::new();
    for r in &ends.rows {
        let Statement::Row {
            length,
            pieces: names,
            lines: said,
            zone,
            verdict: v,
            span,
        } = r
        else {
            continue;
        };
        let ids = cx.types(names);
        let z = zone.as_ref().map(|z| cx.zone(z));
        // The validation of the rule set says what is wrong with a length below 2.
        let n = cx.small(length, "a row's length", 0, 255);
        let (Some(n), true, None | Some(Some(_))) = (n, ids.len() == names.len(), z) else {
            continue;
        };
        // A line said twice stays twice, for the rule set's check to report.
        let mut lines: Vec<Line> = said.iter().flat_map(|l| l.node.lines()).copied().collect();
        if said.is_empty() {
            lines = Line::ALL.to_vec();
        }
        let i = rows.len();
        cx.map.insert_first("rows", *span);
        cx.map.insert(format!("rows[{i}]"), *span);
        cx.map.insert(format!("rows[{i}].length"), length.span);
        cx.map.insert(format!("rows[{i}].outcome"), v.span);
        if let (Some(a), Some(b)) = (names.first(), names.last()) {
            cx.map.insert(
                format!("rows[{i}].pieces"),
                source_map::join(a.span, b.span),
            );
        }
        if let (Some(a), Some(b)) = (said.first(), said.last()) {
            cx.map
                .insert(format!("rows[{i}].lines"), source_map::join(a.span, b.span));
        }
        if let Some(z) = zone {
            cx.map.insert(format!("rows[{i}].zone"), z.span);
        }
        rows.push(Row {
            length: n as u8,
            pieces: ids,
            lines,
            zone: z.flatten(),
            outcome: verdict(v),
        });
    }
    rows
}

/// The extinction rules, in order; one with a fault is left out.
fn extinctions(ends: &Endings, cx: &mut Names) -> Vec<Extinction> {
    let mut extinctions = Vec::new();
    for e in &ends.extinctions {
        let Statement::Extinction {
            pieces: names,
            together,
            down_to,
            against,
            bared_back,
            verdict: v,
            span,
        } = e
        else {
            continue;
        };
        let ids = cx.types(names);
        let at_most = down_to
            .as_ref()
            .map_or(Some(0), |n| cx.small(n, "`down to`", 0, 254));
        let against = against
            .as_ref()
            .map_or(Some(0), |n| cx.small(n, "`against`", 0, 254));
        let (Some(at_most), Some(against), true) = (at_most, against, ids.len() == names.len())
        else {
            continue;
        };
        let i = extinctions.len();
        cx.map.insert_first("extinctions", *span);
        cx.map.insert(format!("extinctions[{i}]"), *span);
        cx.map.insert(format!("extinctions[{i}].outcome"), v.span);
        if let (Some(a), Some(b)) = (names.first(), names.last()) {
            let names = source_map::join(a.span, b.span);
            cx.map.insert(format!("extinctions[{i}].pieces"), names);
        }
        extinctions.push(Extinction {
            pieces: ids,
            together: *together,
            at_most: at_most as u8,
            against: against as u8,
            bared_back: *bared_back,
            outcome: verdict(v),
        });
    }
    extinctions
}

/// The repetition rule, if stated.
fn repetition(ends: &Endings, cx: &mut Names) -> Option<Repetition> {
    let Some(Statement::Repetition {
        count,
        verdict: v,
        player,
        perpetual,
        span,
    }) = &ends.repetition
    else {
        return None;
    };
    cx.map.insert("endings:repetition", *span);
    cx.map.insert("endings:repetition.count", count.span);
    cx.map.insert("endings:repetition.outcome", v.span);
    let n = cx.small(count, "a repetition count", 2, 99);
    let player = player.as_ref().and_then(|p| cx.player(p));
    n.map(|n| Repetition {
        count: n as u8,
        outcome: verdict(v),
        player,
        perpetual_check_loses: *perpetual,
    })
}

/// The back-and-forth rule, if stated.
fn back_and_forth(ends: &Endings, cx: &mut Names) -> Option<BackAndForth> {
    let Some(Statement::BackAndForth {
        times,
        except,
        span,
    }) = &ends.back_and_forth
    else {
        return None;
    };
    cx.map.insert("endings:back_and_forth", *span);
    cx.map.insert("endings:back_and_forth.times", times.span);
    let n = cx.small(times, "a count of moves back and forth", 2, 99);
    let except = cx.types(except);
    n.map(|n| BackAndForth {
        times: n as u8,
        except,
    })
}

/// The counting rule, from its three statements.
fn counting(ends: &Endings, cx: &mut Names) -> Option<Counting> {
    if ends.counting_board.is_none() && ends.counting_bare.is_none() {
        if let Some(n) = ends.counting_stoppers.as_ref().and_then(|s| s.first()) {
            cx.err(
                n.span,
                "`counting stops on` needs a `counting board` or `counting bare` statement",
            );
        }
        return None;
    }
    let limit = |n: &Spanned<syntax::Int>, cx: &mut Names| {
        cx.small(n, "a counting limit", 0, 10000).map(|v| v as u16)
    };
    let board = match &ends.counting_board {
        Some(Statement::CountingBoard {
            limit: l,
            with_stoppers,
            up_to,
        }) => Some(BoardHonour {
            limit: limit(l, cx)?,
            with_stoppers: *with_stoppers,
            up_to: match up_to {
                Some(n) => Some(cx.small(n, "a piece count", 1, 255)? as u8),
                None => None,
            },
        }),
        _ => None,
    };
    let bare = match &ends.counting_bare {
        Some(Statement::CountingBare {
            limit: l,
            from_pieces,
            honours,
        }) => {
            let mut hs = Vec::new();
            for (count, piece, lim) in honours {
                let count = cx.small(count, "a piece count", 1, 255);
                let piece = cx.piece(piece);
                let lim = limit(lim, cx);
                if let (Some(count), Some(piece), Some(limit)) = (count, piece, lim) {
                    hs.push(Honour {
                        count: count as u8,
                        piece,
                        limit,
                    });
                }
            }
            Some(BareHonour {
                default: limit(l, cx)?,
                from_pieces: *from_pieces,
                honours: hs,
            })
        }
        _ => None,
    };
    Some(Counting {
        stoppers: ends
            .counting_stoppers
            .as_ref()
            .map_or(Vec::new(), |n| cx.types(n)),
        board,
        bare,
    })
}

/// What decides a verdict beyond the endings, in the engine's order.
pub(super) fn verdicts(d: &Draft, two_players: bool, cx: &mut Names) -> Vec<Verdict> {
    let ends = &d.endings;
    let mut list = Vec::new();
    if let Some(player) = ends.draw_odds.as_ref().and_then(|p| cx.player(p)) {
        list.push(Verdict::DrawOdds { player });
    }
    list.extend(draws_by_value(ends, two_players, cx).map(Verdict::DrawsByValue));
    list
}

/// `draws decided by value`, with its player and bonus.
fn draws_by_value(ends: &Endings, two_players: bool, cx: &mut Names) -> Option<ValueDraws> {
    let value = match ends.draws_by_value.as_ref()? {
        None => Some(ValueDraws {
            player: PlayerId(0),
            bonus_halves: 0,
        }),
        Some((who, n)) => {
            let halves = match n.node.split_once('.') {
                Some((w, _)) => w.parse::<u16>().map(|w| 2 * w + 1),
                None => n.node.parse::<u16>().map(|w| 2 * w),
            };
            match (cx.player(who), halves) {
                (Some(player), Ok(bonus_halves)) => Some(ValueDraws {
                    player,
                    bonus_halves,
                }),
                (_, Err(_)) => {
                    cx.err(n.span, format!("a bonus must be 0..9999, not {}", n.node));
                    None
                }
                _ => None,
            }
        }
    };
    if value.is_some()
        && !two_players
        && let Some(Some(first)) = &ends.draws_by_value
    {
        cx.err(first.0.span, "draws decided by value need two players");
    }
    value
}
