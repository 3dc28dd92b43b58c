//! The board, its holes, the players and the zones.

use super::draft::Draft;
use super::names::Names;
use super::region;
use super::source_map;
use crate::rules::{Board, MAX_PLAYERS, MAX_ZONES, Player, Zone, ZoneId};
use crate::suggest::did_you_mean;
use crate::syntax::{self, Span, Spanned};

/// The board, players and zones of a game, and the zone statements (for regions that name
/// zones). `None` after an error that leaves nothing to lower further.
pub(super) struct Ground {
    pub(super) board: Board,
    pub(super) players: Vec<Player>,
    pub(super) zones: Vec<Zone>,
    pub(super) zone_set: region::ZoneSet,
}

/// Lowers the board, players, holes and zones; fills the zone and player names.
pub(super) fn lower(d: &Draft, cx: &mut Names) -> Option<Ground> {
    let start = Span { start: 0, end: 0 };
    let Some((files, ranks)) = d.board.clone() else {
        cx.err(start, "the game has no `board FILES x RANKS`");
        return None;
    };
    let side = |d: &Spanned<syntax::Int>, cx: &mut Names| {
        let v = d.node.value.filter(|v| (1..=16).contains(v));
        if v.is_none() {
            cx.err(
                d.span,
                format!("a board side must be 1..16, not {}", d.node),
            );
        }
        v
    };
    let (Some(f), Some(r)) = (side(&files, cx), side(&ranks, cx)) else {
        return None;
    };
    cx.map.insert("board.files", files.span);
    cx.map.insert("board.ranks", ranks.span);
    let mut board = Board {
        files: f as u8,
        ranks: r as u8,
        holes: Vec::new(),
    };
    let players = players(d, cx)?;
    // Holes are in board coordinates.
    let ctx = region::Context::new(&board, &players);
    let mut holes = Vec::new();
    for r in &d.holes {
        holes.extend(ctx.absolute(r, &region::ZoneSet::default(), &mut cx.sink()));
    }
    holes.sort();
    holes.dedup();
    board.holes = holes;
    let (zones, zone_set) = zones(d, &board, &players, cx)?;
    Some(Ground {
        board,
        players,
        zones,
        zone_set,
    })
}

/// The players, 2 to [`MAX_PLAYERS`] of them.
fn players(d: &Draft, cx: &mut Names) -> Option<Vec<Player>> {
    if d.players.len() < 2 || d.players.len() > MAX_PLAYERS {
        let span = d
            .players
            .first()
            .map_or(Span { start: 0, end: 0 }, |p| p.0.span);
        cx.err(
            span,
            format!(
                "a game needs 2 to {MAX_PLAYERS} players, this one has {}",
                d.players.len()
            ),
        );
        return None;
    }
    for (i, (n, f)) in d.players.iter().enumerate() {
        cx.map.insert_first("players", n.span);
        cx.map
            .insert(format!("players[{i}]"), source_map::join(n.span, f.span));
        cx.map.insert(format!("players[{i}].name"), n.span);
        cx.map.insert(format!("players[{i}].forward"), f.span);
    }
    cx.players = d.players.iter().map(|(n, _)| n.node.clone()).collect();
    Some(
        d.players
            .iter()
            .map(|(n, f)| Player {
                name: n.node.clone(),
                forward: f.node,
            })
            .collect(),
    )
}

/// The zones, in the order first defined; per-player definitions override the mirror.
fn zones(
    d: &Draft,
    board: &Board,
    players: &[Player],
    cx: &mut Names,
) -> Option<(Vec<Zone>, region::ZoneSet)> {
    let ctx = region::Context::new(board, players);
    let mut zone_names: Vec<String> = Vec::new();
    for z in &d.zones {
        if !cx.zones.contains_key(&z.name.node) {
            if zone_names.len() == MAX_ZONES {
                cx.err(
                    z.name.span,
                    format!("a game may have at most {MAX_ZONES} zones"),
                );
                return None;
            }
            let i = zone_names.len();
            cx.map.insert_first("zones", z.name.span);
            cx.map.insert(format!("zones[{i}]"), z.region.span);
            cx.map.insert(format!("zones[{i}].name"), z.name.span);
            cx.zones.insert(z.name.node.clone(), ZoneId(i as u8));
            zone_names.push(z.name.node.clone());
        }
    }
    let set = region::ZoneSet::new(
        d.zones
            .iter()
            .map(|z| {
                (
                    z.name.node.clone(),
                    z.player.as_ref().map(|p| p.node.clone()),
                    z.region.clone(),
                    z.name.span,
                )
            })
            .collect(),
    );
    for z in &d.zones {
        if let Some(p) = &z.player
            && !players.iter().any(|q| q.name == p.node)
        {
            let hint = did_you_mean(&p.node, players.iter().map(|q| q.name.as_str()));
            cx.err(p.span, format!("unknown player `{}`{hint}", p.node));
        }
    }
    let zones = zone_names
        .into_iter()
        .map(|name| Zone {
            cells: ctx.zone_cells(&name, &set, &mut cx.sink()),
            name,
        })
        .collect();
    Some((zones, set))
}
