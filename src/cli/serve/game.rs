//! Everything the playground asks of the varia library, turned into JSON for the page. This file
//! and `serve.rs` are the only ones that call the library; the library's names are used here only,
//! so that a change of its API is adapted in one place.

use super::ApiError;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use varia::engine::Status;
use varia::rules::{Cell, Mode, PieceId, PlayerId, Style};
use varia::search::{Info as SearchInfo, Limits, Score, Searcher};
use varia::{Game, LoadError, Move, Position};

/// The transposition table of a search for the page, in megabytes.
const SEARCH_HASH_MB: usize = 16;

/// The most moves a request may ask to replay.
pub const MAX_MOVES: usize = 20_000;

/// Lists the variants of a definition, the main one first.
/// With `within`, every file a definition extends must be a `.varia` file in that folder (see
/// `varia::load_within`).
pub fn variants(real: &Path, source: &str, within: Option<&Path>) -> Result<Vec<String>, String> {
    varia::variant_names_within(source, real, within).map_err(|e| e.to_string())
}

/// The texts of the files a definition extends, directly or not (none if it extends none).
pub fn extended_texts(real: &Path, source: &str, within: Option<&Path>) -> Vec<String> {
    varia::extended_texts_within(source, real, within)
}

/// Compiles a variant of a definition; on failure, the error body the page shows: every
/// diagnostic with its line and column, and the text `varia check` would print.
pub fn load(
    path: &str,
    real: &Path,
    source: &str,
    within: Option<&Path>,
    variant: Option<&str>,
) -> Result<Game, ApiError> {
    varia::load_within(source, real, within, variant).map_err(|e| match e {
        LoadError::Definition(diags) => {
            let list: Vec<Value> = diags
                .iter()
                .map(|d| {
                    let (line, column) = line_column(source, d.span.start);
                    let (end_line, end_column) = line_column(source, d.span.end.max(d.span.start));
                    json!({
                        "line": line, "column": column,
                        "end_line": end_line, "end_column": end_column,
                        "message": d.message,
                    })
                })
                .collect();
            let first = list
                .first()
                .map(|d| format!("{path}:{}:{}: {}", d["line"], d["column"], d["message"]))
                .unwrap_or_default();
            ApiError::new(
                422,
                "definition",
                format!("{path} does not compile: {first}"),
            )
            .with("diagnostics", Value::Array(list))
            .with(
                "rendered",
                Value::String(varia::render_diagnostics(path, source, &diags)),
            )
        }
        other => ApiError::new(404, "variant", other.to_string()),
    })
}

/// Gets the 1-based line and column (in characters) of a byte offset.
fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = source[..line_start].matches('\n').count() + 1;
    (line, source[line_start..at].chars().count() + 1)
}

/// The rules as the page draws them: board, players, pieces with their move parts, zones.
pub fn rules_json(game: &Game) -> Value {
    let r = game.rules();
    let players: Vec<Value> = r
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "name": p.name,
                "tag": game.player_tag(PlayerId(i as u8)).to_string(),
                "forward": format!("{:?}", p.forward).to_lowercase(),
            })
        })
        .collect();
    let zone_name = |z: varia::rules::ZoneId| r.zones.get(z.index()).map(|z| z.name.clone());
    let pieces: Vec<Value> = r
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let parts: Vec<Value> = p
                .moves
                .iter()
                .map(|m| {
                    json!({
                        "atom": varia::betza::atom_name(&m.vectors, m.range),
                        "directions": m.vectors.len(),
                        // In the owner's frame: x to its right, y forward.
                        "vectors": m.vectors,
                        "range": m.range,
                        "mode": mode_name(m.mode),
                        "style": m.style.to_string(),
                        "hop": m.hop,
                        "from_zone": m.from_zone.and_then(zone_name),
                    })
                })
                .collect();
            let promotions: Vec<String> = p
                .promotions
                .iter()
                .map(|pr| {
                    let mut to: Vec<String> = pr
                        .to
                        .iter()
                        .map(|&t| r.pieces[t.index()].name.clone())
                        .collect();
                    if pr.swap {
                        to.insert(0, "a stronger captive".into());
                    }
                    format!(
                        "to {} when {} {}, {}",
                        to.join(" or "),
                        pr.trigger,
                        zone_name(pr.zone).unwrap_or_default(),
                        pr.obligation,
                    )
                })
                .collect();
            json!({
                "index": i,
                "name": p.name,
                "symbol": p.symbol,
                "value": p.value,
                "royal": p.royal,
                "promoted": p.symbol.starts_with('+'),
                "moves": parts,
                "promotions": promotions,
                "confined_to": p.confined_to.and_then(zone_name),
                "barred_from": p.barred_from.and_then(zone_name),
                "drops_in": p.drops.zone.and_then(zone_name),
                "holdable": holdable(r, i),
            })
        })
        .collect();
    let zones: Vec<Value> = r
        .zones
        .iter()
        .map(|z| json!({"name": z.name, "cells": z.cells}))
        .collect();
    json!({
        "game": r.game,
        "variant": r.variant,
        "title": r.title.clone().unwrap_or_else(|| r.game.clone()),
        "board": {"files": r.board.files, "ranks": r.board.ranks, "holes": r.board.holes},
        "players": players,
        "pieces": pieces,
        "zones": zones,
        "captures_to_hand": r.captures_to_hand,
        "start_fen": game.fen(&game.start()),
    })
}

/// Whether a FEN may put pieces of a type in hand, where they count as that type: what the board
/// editor offers hand counts for. Types interchangeable in hand count as the group's first.
fn holdable(r: &varia::RuleSet, kind: usize) -> bool {
    let p = &r.pieces[kind];
    r.has_hands()
        && !p.symbol.starts_with('+')
        && (!p.royal || r.hands)
        && !p.removed_when_captured
        && r.hand_slot(PieceId(kind as u8)).index() == kind
}

fn mode_name(m: Mode) -> &'static str {
    match m {
        Mode::Both => "both",
        Mode::Move => "move",
        Mode::Capture => "capture",
    }
}

/// A position reached from a FEN (or the setup) by a list of moves.
pub struct Replayed {
    /// The FEN the moves start from, as the library writes it.
    pub start_fen: String,
    pub pos: Position,
    /// The moves played, as the library writes them.
    pub moves: Vec<String>,
    /// The same moves in SAN, each written in the position it was played in.
    pub san: Vec<String>,
    /// The last move played, for highlighting.
    pub last: Option<Move>,
    /// Why the FEN or some of the moves were dropped (only when asked to keep what is valid).
    pub dropped: Option<String>,
}

/// Replays `moves` from `fen` (or the setup). Strictly, a bad FEN or move is an error; with
/// `keep_valid` (after the definition changed) a bad FEN falls back to the setup and the replay
/// stops at the first move that is no longer legal.
pub fn replay(
    game: &Game,
    fen: Option<&str>,
    moves: &[String],
    keep_valid: bool,
) -> Result<Replayed, ApiError> {
    if moves.len() > MAX_MOVES {
        return Err(ApiError::new(
            400,
            "request",
            format!("at most {MAX_MOVES} moves may be replayed"),
        ));
    }
    let mut dropped = None;
    let start = match fen.map(str::trim).filter(|f| !f.is_empty()) {
        None => game.start(),
        Some(f) => match game.parse_fen(f) {
            Ok(p) => p,
            Err(e) if keep_valid => {
                dropped = Some(format!(
                    "the FEN is no longer valid ({e}); back to the setup"
                ));
                game.start()
            }
            Err(e) => return Err(ApiError::new(422, "fen", format!("bad FEN: {e}"))),
        },
    };
    let start_fen = game.fen(&start);
    let mut pos = start;
    let mut played = Vec::new();
    let mut san = Vec::new();
    let mut last = None;
    // A FEN that fell back to the setup makes the moves meaningless.
    let replayable = if dropped.is_some() { &[][..] } else { moves };
    for (i, text) in replayable.iter().enumerate() {
        // A move as the engines write it, else in SAN (a PGN's moves).
        let parsed = game
            .parse_move(&pos, text)
            .or_else(|e| game.parse_san(&pos, text).map_err(|_| e));
        match parsed {
            Ok(m) => {
                san.push(game.san(&pos, &m));
                game.play_unchecked(&mut pos, &m);
                played.push(game.move_to_string(&m));
                last = Some(m);
            }
            Err(e) if keep_valid => {
                dropped = Some(format!(
                    "move {} `{text}` is no longer legal ({e}); kept the {i} move(s) before it",
                    i + 1
                ));
                break;
            }
            Err(e) => {
                return Err(ApiError::new(422, "move", format!("{e}"))
                    .with("index", json!(i))
                    .with("fen", json!(game.fen(&pos))));
            }
        }
    }
    Ok(Replayed {
        start_fen,
        pos,
        moves: played,
        san,
        last,
        dropped,
    })
}

/// Reads a position set up by hand and checks that it can be played from
/// ([`Game::check_setup`]): a bad FEN or a position that cannot be played is refused (422).
pub fn check_setup(game: &Game, fen: &str) -> Result<(), ApiError> {
    let pos = game
        .parse_fen(fen)
        .map_err(|e| ApiError::new(422, "fen", format!("bad FEN: {e}")))?;
    game.check_setup(&pos).map_err(|e| {
        ApiError::new(422, "setup", format!("the position cannot be played: {e}"))
            .with("fen", json!(game.fen(&pos)))
    })
}

/// Parses one move in a position, as an API error when it is not legal there.
pub fn parse_move(game: &Game, pos: &Position, text: &str) -> Result<String, ApiError> {
    game.parse_move(pos, text)
        .map(|m| game.move_to_string(&m))
        .map_err(|e| ApiError::new(422, "move", e.to_string()).with("fen", json!(game.fen(pos))))
}

/// The legal moves of a position as `varia moves --json` prints them: sorted strings.
pub fn legal_strings(game: &Game, pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_moves(pos)
        .iter()
        .map(|m| game.move_to_string(m))
        .collect();
    v.sort();
    v
}

/// Lets varia's search choose a move for the player to move, thinking at most `time` (and to
/// `depth` plies if given). The position carries the moves played on it, so the search sees the
/// game's repetitions. A game already over is refused (409): there is no move to choose. Gives
/// the move and what the search reports: its score for the player who moves (centipawns or moves
/// to a mate), the depth completed, nodes, time and principal variation.
pub fn engine_move(
    game: &Arc<Game>,
    pos: &Position,
    time: Duration,
    depth: Option<u32>,
) -> Result<(String, Value), ApiError> {
    let over = |why: String| over_error(game, pos, &why, "there is no move to choose");
    if let status @ Status::Over(_) = game.status(pos) {
        return Err(over(crate::cli::show::describe(game, pos, &status)));
    }
    let limits = Limits {
        movetime: Some(time),
        depth,
        ..Limits::default()
    };
    let mut searcher = Searcher::new(Arc::clone(game), SEARCH_HASH_MB);
    let result = searcher.search(pos, &limits, &mut |_| {});
    let best = result
        .best
        .ok_or_else(|| over("the search finds no move for the player to move".into()))?;
    let (line, _) = legal_line(game, pos, &result.pv);
    let report = json!({
        "move": game.move_to_string(&best),
        "score": score_json(result.score),
        "depth": result.depth,
        "nodes": result.nodes,
        "time_ms": result.elapsed.as_millis() as u64,
        "pv": line,
    });
    Ok((game.move_to_string(&best), report))
}

/// The refusal of a search in a position whose game is over (409): `why` it is over, and what
/// the search cannot do there.
fn over_error(game: &Game, pos: &Position, why: &str, cannot: &str) -> ApiError {
    ApiError::new(409, "over", format!("the game is over ({why}): {cannot}"))
        .with("fen", json!(game.fen(pos)))
}

/// A search's score as the page reads it: `{"cp": N}` or `{"mate": N}`, for the player to move.
fn score_json(score: Score) -> Value {
    match score {
        Score::Cp(cp) => json!({"cp": cp}),
        Score::Mate(n) => json!({"mate": n}),
    }
}

/// A line of the search as far as its moves are legal from `pos` (it comes from a table): its
/// moves as the engines write them, and in SAN.
fn legal_line(game: &Game, pos: &Position, pv: &[Move]) -> (Vec<String>, Vec<String>) {
    let (mut line, mut san) = (Vec::new(), Vec::new());
    let mut after = pos.clone();
    for m in pv {
        let text = game.move_to_string(m);
        match game.parse_move(&after, &text) {
            Ok(legal) => {
                san.push(game.san(&after, &legal));
                game.play_unchecked(&mut after, &legal);
                line.push(text);
            }
            Err(_) => break,
        }
    }
    (line, san)
}

/// Analyses a position: varia's search, thinking at most `time` (and to `depth` plies if given),
/// finds its `lines` best lines, each with its own first move (multi-PV). Gives, best first, each
/// line's score for the player to move, depth and moves (as `varia moves` writes them and in
/// SAN), from the deepest iteration whose lines were all found. A game over is refused (409).
pub fn analyse(
    game: &Arc<Game>,
    pos: &Position,
    time: Duration,
    depth: Option<u32>,
    lines: usize,
) -> Result<Value, ApiError> {
    if let status @ Status::Over(_) = game.status(pos) {
        let why = crate::cli::show::describe(game, pos, &status);
        return Err(over_error(game, pos, &why, "there is nothing to analyse"));
    }
    let limits = Limits {
        movetime: Some(time),
        depth,
        multipv: lines,
        ..Limits::default()
    };
    // Each iteration reports its first line, then the next ones; an iteration stopped part way
    // gives fewer lines than the one before it, which are kept.
    let (mut done, mut current): (Vec<SearchInfo>, Vec<SearchInfo>) = (Vec::new(), Vec::new());
    let mut searcher = Searcher::new(Arc::clone(game), SEARCH_HASH_MB);
    let result = searcher.search(pos, &limits, &mut |i| {
        if i.multipv == 1 && !current.is_empty() {
            done = std::mem::take(&mut current);
        }
        current.push(i.clone());
    });
    if current.len() >= done.len() {
        done = current;
    }
    // A search stopped within its first iteration has its first move in order all the same.
    let guess = [(result.score, result.depth, result.pv.clone())];
    let found: Vec<Value> = done
        .iter()
        .map(|i| (i.score, i.depth, i.pv.clone()))
        .chain(guess.into_iter().filter(|_| done.is_empty()))
        .map(|(score, depth, pv)| {
            let (moves, san) = legal_line(game, pos, &pv);
            json!({"score": score_json(score), "depth": depth, "moves": moves, "san": san})
        })
        .collect();
    Ok(json!({
        "lines": found,
        "to_move": pos.side_to_move().index(),
        "nodes": result.nodes,
        "time_ms": result.elapsed.as_millis() as u64,
    }))
}

/// The cells a move in legs reaches between its start and its end, in order (none for other
/// moves): what the playground draws as its path and asks a click for.
fn via_cells(m: &Move) -> Vec<Cell> {
    match *m {
        Move::Legs { via, .. } => vec![via],
        Move::ThreeLegs { via, .. } => via.to_vec(),
        _ => Vec::new(),
    }
}

/// Gets every cell on the board, holes left out.
fn board_cells(game: &Game) -> impl Iterator<Item = Cell> + '_ {
    let b = &game.rules().board;
    (0..b.cells() as u16).map(Cell).filter(|&c| {
        let (f, r) = b.coords(c);
        b.cell(f, r).is_some()
    })
}

/// Each player's pieces in hand: `{kind, count}` for each type held.
fn hands_json(game: &Game, pos: &Position) -> Vec<Vec<Value>> {
    let rules = game.rules();
    (0..rules.players.len() as u8)
        .map(PlayerId)
        .map(|pl| {
            (0..rules.pieces.len() as u8)
                .map(PieceId)
                .filter_map(|k| {
                    let n = pos.in_hand(pl, k);
                    (n > 0).then(|| json!({"kind": k, "count": n}))
                })
                .collect()
        })
        .collect()
}

/// The cells of a move the page marks as the last: its start (none for a drop), legs and end.
fn last_json(m: &Move) -> Value {
    json!({
        "from": if matches!(m, Move::Drop { .. }) { None } else { Some(m.from()) },
        "via": via_cells(m),
        "to": m.to(),
    })
}

/// A game for the one-file export: its start position (`board`, as [`state_json`] gives it) and,
/// for each move, the move (as written and in SAN) and the cells it changed, each
/// `[cell, kind, owner, origin]` or `[cell]` where it emptied; with each position its hands,
/// walls, player to move, FEN and status.
pub fn replay_json(game: &Game, fen: Option<&str>, moves: &[String]) -> Result<Value, ApiError> {
    let r = replay(game, fen, moves, false)?;
    let mut pos = match fen.map(str::trim).filter(|f| !f.is_empty()) {
        None => game.start(),
        Some(f) => game
            .parse_fen(f)
            .map_err(|e| ApiError::new(422, "fen", format!("bad FEN: {e}")))?,
    };
    let cells: Vec<Cell> = board_cells(game).collect();
    let pieces = |pos: &Position| cells.iter().map(|&c| pos.piece(c)).collect::<Vec<_>>();
    let shown = |pos: &Position| {
        json!({
            "hands": hands_json(game, pos),
            "walls": cells.iter().filter(|&&c| pos.is_wall(c)).collect::<Vec<_>>(),
            "to_move": pos.side_to_move(),
            "fen": game.fen(pos),
            "description": crate::cli::show::describe(game, pos, &game.status(pos)),
        })
    };
    let mut start = shown(&pos);
    start["board"] = json!(
        cells
            .iter()
            .filter_map(|&c| pos.piece(c).map(|p| json!({
                "cell": c, "kind": p.kind, "owner": p.owner, "origin": p.origin,
            })))
            .collect::<Vec<_>>()
    );
    let mut plies = Vec::with_capacity(r.moves.len());
    let mut before = pieces(&pos);
    for (text, san) in r.moves.iter().zip(&r.san) {
        let m = game
            .parse_move(&pos, text)
            .map_err(|e| ApiError::new(422, "move", e.to_string()))?;
        game.play_unchecked(&mut pos, &m);
        let after = pieces(&pos);
        let changes: Vec<Value> = cells
            .iter()
            .zip(before.iter().zip(&after))
            .filter(|(_, (b, a))| b != a)
            .map(|(c, (_, a))| match a {
                Some(p) => json!([c, p.kind, p.owner, p.origin]),
                None => json!([c]),
            })
            .collect();
        let mut ply = shown(&pos);
        ply["move"] = json!(text);
        ply["san"] = json!(san);
        ply["changes"] = json!(changes);
        ply["last"] = last_json(&m);
        plies.push(ply);
        before = after;
    }
    Ok(json!({"start": start, "plies": plies}))
}

/// A position with everything the page shows: board, hands, status, and each legal move with
/// its cells and the cells it captures on.
pub fn state_json(game: &Game, r: &Replayed) -> Value {
    let rules = game.rules();
    let pos = &r.pos;
    let board: Vec<Value> = board_cells(game)
        .filter_map(|c| {
            let p = pos.piece(c)?;
            Some(json!({
                "cell": c,
                "kind": p.kind,
                "owner": p.owner,
                "origin": p.origin,
            }))
        })
        .collect();
    let hands = hands_json(game, pos);
    let mover = pos.side_to_move();
    // Each move is made and taken back on one copy: a copy per move would copy the game's
    // history each time.
    let mut after = pos.clone();
    let legal: Vec<Value> = game
        .legal_moves(pos)
        .iter()
        .map(|m| {
            let drop = matches!(m, Move::Drop { .. });
            // A pass moves no type; it names the piece on its cell, as it always has.
            let piece = m
                .piece()
                .or_else(|| pos.piece(m.from()).map(|p| p.kind))
                .unwrap_or_default();
            game.play_unchecked(&mut after, m);
            let captures: Vec<Cell> = board_cells(game)
                .filter(|&c| {
                    pos.piece(c).is_some_and(|p| {
                        p.owner != mover && after.piece(c).is_none_or(|q| q.owner != p.owner)
                    })
                })
                .collect();
            game.undo(&mut after);
            json!({
                "move": game.move_to_string(m),
                "from": if drop { None } else { Some(m.from()) },
                "to": m.to(),
                "piece": piece,
                "hand": drop.then(|| rules.hand_slot(piece)),
                "promotion": m.promotion().map(|p| p.piece()),
                "captures": captures,
                "via": via_cells(m),
                "wall": match m.then() {
                    Some(varia::engine::Then::Wall { at }) => Some(at),
                    _ => None,
                },
                "gate": match m.then() {
                    Some(varia::engine::Then::Gate { piece, at }) => Some(json!({"piece": piece, "at": at})),
                    _ => None,
                },
            })
        })
        .collect();
    let status = game.status(pos);
    let (kind, over, in_check) = match &status {
        Status::Ongoing { in_check } => (
            if *in_check { "check" } else { "ongoing" },
            false,
            *in_check,
        ),
        Status::Over(e) => (e.reason.name(), true, false),
    };
    let outcome = match &status {
        Status::Over(e) => Some(e.outcome.word()),
        Status::Ongoing { .. } => None,
    };
    let last = r.last.map(|m| last_json(&m));
    json!({
        "fen": game.fen(pos),
        "start_fen": r.start_fen,
        "moves": r.moves,
        "san": r.san,
        "dropped": r.dropped,
        "last": last,
        "to_move": mover,
        "status": kind,
        "over": over,
        "in_check": in_check,
        "outcome": outcome,
        "winner": status.winner(),
        "description": crate::cli::show::describe(game, pos, &status),
        "eliminated": (0..rules.players.len() as u8)
            .map(PlayerId)
            .filter(|&p| pos.is_eliminated(p))
            .collect::<Vec<_>>(),
        "board": board,
        "walls": board_cells(game).filter(|&c| pos.is_wall(c)).collect::<Vec<_>>(),
        "hands": hands,
        "legal": legal,
    })
}

/// A piece's moves on an empty board, as the Interactive Diagram draws them: from `cell`, for
/// `player`, each cell it reaches and how: moving or capturing there directly, or by a hop over
/// one screen; whether the cells in between must be empty (step) or are captured (displace).
pub fn diagram_json(
    game: &Game,
    piece: &str,
    cell: Option<&str>,
    player: Option<&str>,
) -> Result<Value, ApiError> {
    let rules = game.rules();
    let b = &rules.board;
    let kind = match piece.parse::<usize>() {
        Ok(i) if i < rules.pieces.len() => i,
        _ => rules
            .pieces
            .iter()
            .position(|p| p.symbol == piece || p.name.eq_ignore_ascii_case(piece))
            .ok_or_else(|| ApiError::new(404, "piece", format!("no piece `{piece}`")))?,
    };
    let player: usize = match player {
        None => 0,
        Some(s) => s
            .parse()
            .ok()
            .filter(|&p: &usize| p < rules.players.len())
            .ok_or_else(|| ApiError::new(400, "request", format!("no player `{s}`")))?,
    };
    let from = match cell {
        Some(s) => game
            .parse_cell(s)
            .ok_or_else(|| ApiError::new(400, "request", format!("no cell `{s}` on this board")))?,
        None => centre(game),
    };
    let pt = &rules.pieces[kind];
    let in_zone = |z: u8, c: Cell| {
        rules
            .zones
            .get(z as usize)
            .is_some_and(|z| z.cells[player].binary_search(&c).is_ok())
    };
    let forward = rules.players[player].forward;
    let (ff, fr) = b.coords(from);
    let mut reach: std::collections::BTreeMap<Cell, [bool; 6]> = Default::default();
    let mut elsewhere = Vec::new();
    for part in &pt.moves {
        if let Some(z) = part.from_zone
            && !in_zone(z.0, from)
        {
            let name = &rules.zones[z.index()].name;
            if !elsewhere.contains(name) {
                elsewhere.push(name.clone());
            }
            continue;
        }
        let range = if part.range == 0 {
            16
        } else {
            part.range as i32
        };
        for (i, &(vx, vy)) in part.vectors.iter().enumerate() {
            let (dx, dy) = forward.orient(vx as i32, vy as i32);
            let path = part.path_for(i, forward);
            let walks = !path.is_empty() && part.style != Style::Leap && !part.hop;
            // A ride that skips its first cell neither passes nor lands on it.
            for k in part.first_reach()..=range {
                let (sf, sr) = (ff + dx * (k - 1), fr + dy * (k - 1));
                if walks && path.iter().any(|&(x, y)| b.cell(sf + x, sr + y).is_none()) {
                    break;
                }
                let Some(to) = b.cell(ff + dx * k, fr + dy * k) else {
                    break;
                };
                if pt.confined_to.is_some_and(|z| !in_zone(z.0, to))
                    || pt.barred_from.is_some_and(|z| in_zone(z.0, to))
                {
                    // A rider may still pass through a cell it may not stop on.
                    continue;
                }
                // A hopper needs a screen on a cell before the one it lands on.
                if part.hop && k == 1 && dx.abs() <= 1 && dy.abs() <= 1 {
                    continue;
                }
                let marks = reach.entry(to).or_default();
                let hop = 2 * usize::from(part.hop);
                marks[hop] |= part.mode.moves();
                marks[hop + 1] |= part.mode.captures();
                marks[4] |= walks && part.style == Style::Step;
                marks[5] |= walks && part.style == Style::Displace;
            }
        }
    }
    let targets: Vec<Value> = reach
        .into_iter()
        .map(|(c, m)| {
            json!({"cell": c, "move": m[0], "capture": m[1], "hop_move": m[2],
                   "hop_capture": m[3], "step": m[4], "displace": m[5]})
        })
        .collect();
    Ok(json!({
        "piece": kind,
        "player": player,
        "cell": from,
        "targets": targets,
        "only_from": elsewhere,
        "confined_to": pt.confined_to.map(|z| rules.zones[z.index()].cells[player].clone()),
        "barred_from": pt.barred_from.map(|z| rules.zones[z.index()].cells[player].clone()),
    }))
}

/// The board cell nearest the centre of the rectangle.
fn centre(game: &Game) -> Cell {
    let b = &game.rules().board;
    let (cf, cr) = (
        (b.files as i32 - 1) as f64 / 2.0,
        (b.ranks as i32 - 1) as f64 / 2.0,
    );
    board_cells(game)
        .min_by(|&a, &c| {
            let d = |x: Cell| {
                let (f, r) = b.coords(x);
                (f as f64 - cf).powi(2) + (r as f64 - cr).powi(2)
            };
            d(a).total_cmp(&d(c))
        })
        .unwrap_or(Cell(0))
}
