//! Every call into the varia crate. The Python layer (lib.rs) sees only strings, numbers, the
//! two opaque types re-exported here and [`Error`], so a change of the crate's API is adapted in
//! this file alone.

pub use varia::{Game, Move, Position};

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use varia::rules::{Outcome, PieceId, PlayerId};
use varia::search::{Limits, Score, Searcher};
use varia::{LoadError, RuleSet, Status};

/// Why a call failed, already worded for the user.
#[derive(Debug)]
pub enum Error {
    /// A definition or an exported rule set that does not compile; the text is the rendered
    /// diagnostics (file:line:column, the source line and a caret).
    Definition {
        text: String,
        /// Each diagnostic as (line, column, message), lines and columns from 1.
        items: Vec<(usize, usize, String)>,
    },
    /// A variant the file does not define.
    UnknownVariant(String),
    /// A FEN that is not a position of the game.
    Fen(String),
    /// A move string that is malformed, ambiguous or not legal.
    Move(String),
    /// Any other value varia refuses (a perft depth, a cell name).
    Value(String),
}

/// What a text holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Varia,
    Ron,
    Json,
}

impl Format {
    /// Parses a format name: `varia`, `ron` or `json`.
    pub fn parse(s: &str) -> Option<Format> {
        match s {
            "varia" => Some(Format::Varia),
            "ron" => Some(Format::Ron),
            "json" => Some(Format::Json),
            _ => None,
        }
    }

    /// Guesses the format from a file name, as the command line does: `.ron` and `.json` are
    /// exported rule sets, anything else a definition.
    pub fn of_path(path: &str) -> Format {
        if path.ends_with(".ron") {
            Format::Ron
        } else if path.ends_with(".json") {
            Format::Json
        } else {
            Format::Varia
        }
    }
}

/// Line and column (from 1, in characters) of a byte offset.
fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

fn load_error(filename: &str, source: &str, e: LoadError) -> Error {
    match e {
        LoadError::Definition(diags) => Error::Definition {
            text: varia::render_diagnostics(filename, source, &diags)
                .trim_end()
                .to_string(),
            items: diags
                .iter()
                .map(|d| {
                    let (line, column) = line_column(source, d.span.start);
                    (line, column, d.message.clone())
                })
                .collect(),
        },
        other @ LoadError::UnknownVariant { .. } => Error::UnknownVariant(other.to_string()),
    }
}

/// A problem of an exported rule set, which has no lines to point at.
fn rules_error(text: String) -> Error {
    Error::Definition {
        items: vec![(1, 1, text.clone())],
        text,
    }
}

fn read_rules(source: &str, format: Format, filename: &str) -> Result<RuleSet, Error> {
    let parsed = match format {
        Format::Ron => ron::from_str(source).map_err(|e| e.to_string()),
        Format::Json => serde_json::from_str(source).map_err(|e| e.to_string()),
        Format::Varia => unreachable!("a definition is not read as a rule set"),
    };
    parsed.map_err(|e| rules_error(format!("{filename}: not a rule set: {e}")))
}

/// Loads a game from a definition or an exported rule set; `filename` names the text in
/// diagnostics, and `path`, the file it was read from, is where an `extends "FILE"` is found
/// from (text without a path cannot extend a file).
pub fn load(
    source: &str,
    format: Format,
    variant: Option<&str>,
    filename: &str,
    path: Option<&Path>,
) -> Result<Game, Error> {
    if format == Format::Varia {
        let loaded = match path {
            Some(p) => varia::load_at(source, p, variant),
            None => varia::load_str(source, variant),
        };
        return loaded.map_err(|e| load_error(filename, source, e));
    }
    let rules = read_rules(source, format, filename)?;
    if let Some(v) = variant
        && v != rules.variant
    {
        return Err(Error::UnknownVariant(format!(
            "unknown variant `{v}` (variants: {})",
            rules.variant
        )));
    }
    Game::new(rules).map_err(|e| rules_error(format!("{filename}: {e}")))
}

/// Lists the selectable variants, the main one first; with `compile`, compiles every one of them
/// and reports every problem at once (with the warnings, as `varia check` does). `path` is as
/// for [`load`].
pub fn variants(
    source: &str,
    format: Format,
    filename: &str,
    path: Option<&Path>,
    compile: bool,
) -> Result<Vec<String>, Error> {
    if format != Format::Varia {
        let rules = read_rules(source, format, filename)?;
        if compile {
            Game::new(rules.clone()).map_err(|e| rules_error(format!("{filename}: {e}")))?;
        }
        return Ok(vec![rules.variant]);
    }
    let listed = match (compile, path) {
        (true, Some(p)) => varia::check_all_at(source, p).map(|c| c.variants),
        (true, None) => varia::check_all(source).map(|c| c.variants),
        (false, Some(p)) => varia::variant_names_at(source, p),
        (false, None) => varia::variant_names(source),
    };
    listed.map_err(|e| load_error(filename, source, e))
}

/// Compiles every variant of a definition, as `varia check` does, and gives its warnings (rules
/// that can never apply) as (line, column, message), sorted by position; an exported rule set
/// has none. `path` is as for [`load`].
pub fn warnings(
    source: &str,
    format: Format,
    filename: &str,
    path: Option<&Path>,
) -> Result<Vec<(usize, usize, String)>, Error> {
    if format != Format::Varia {
        variants(source, format, filename, path, true)?;
        return Ok(Vec::new());
    }
    let checked = match path {
        Some(p) => varia::check_all_at(source, p),
        None => varia::check_all(source),
    }
    .map_err(|e| load_error(filename, source, e))?;
    Ok(checked
        .warnings
        .iter()
        .map(|w| {
            let (line, column) = line_column(source, w.span.start);
            (line, column, w.message.clone())
        })
        .collect())
}

/// The game's identifier (`game NAME`).
pub fn game_name(game: &Game) -> &str {
    &game.rules().game
}

/// The selected variant's name.
pub fn variant_name(game: &Game) -> &str {
    &game.rules().variant
}

/// The game's title, if the definition gives one.
pub fn title(game: &Game) -> Option<&str> {
    game.rules().title.as_deref()
}

/// The players' names in turn order.
pub fn players(game: &Game) -> Vec<String> {
    game.rules()
        .players
        .iter()
        .map(|p| p.name.clone())
        .collect()
}

fn player_name(game: &Game, p: PlayerId) -> String {
    game.rules().players[p.index()].name.clone()
}

/// The exported rule set, as `varia export --format json|ron` prints it.
pub fn export(game: &Game, format: Format) -> Result<String, Error> {
    let rules = game.rules();
    match format {
        Format::Json => {
            serde_json::to_string_pretty(rules).map_err(|e| Error::Value(e.to_string()))
        }
        Format::Ron => ron::ser::to_string_pretty(rules, ron::ser::PrettyConfig::default())
            .map_err(|e| Error::Value(e.to_string())),
        Format::Varia => Err(Error::Value(
            "a compiled game cannot be written back as a definition".into(),
        )),
    }
}

/// A copy of a position (plain data, `Copy` in some versions of the crate).
#[allow(clippy::clone_on_copy)]
pub fn copy(pos: &Position) -> Position {
    pos.clone()
}

pub fn start(game: &Game) -> Position {
    game.start()
}

pub fn parse_fen(game: &Game, fen: &str) -> Result<Position, Error> {
    game.parse_fen(fen)
        .map_err(|e| Error::Fen(format!("bad FEN: {e}")))
}

pub fn fen(game: &Game, pos: &Position) -> String {
    game.fen(pos)
}

/// The name of the player to move.
pub fn side_to_move(game: &Game, pos: &Position) -> String {
    player_name(game, pos.side_to_move())
}

/// The players out of the game, in turn order.
pub fn eliminated(game: &Game, pos: &Position) -> Vec<String> {
    (0..game.rules().players.len() as u8)
        .map(PlayerId)
        .filter(|&p| pos.is_eliminated(p))
        .map(|p| player_name(game, p))
        .collect()
}

/// Plays a move given as text; gives the move played.
pub fn play(game: &Game, pos: &mut Position, text: &str) -> Result<Move, Error> {
    let m = parse_move(game, pos, text)?;
    game.play_unchecked(pos, &m);
    Ok(m)
}

/// Plays a move known to be legal in the position.
pub fn play_legal(game: &Game, pos: &mut Position, m: &Move) {
    game.play_unchecked(pos, m);
}

/// Finds a legal move given as text (`e2e4`, `e7e8q`, `P@e5`).
pub fn parse_move(game: &Game, pos: &Position, text: &str) -> Result<Move, Error> {
    game.parse_move(pos, text)
        .map_err(|e| Error::Move(format!("{e} (position: {})", game.fen(pos))))
}

/// Finds a legal move given in SAN (`Nf3`, `exd5`, `O-O`, `P@e4`, with or without `+`/`#`).
pub fn parse_san(game: &Game, pos: &Position, text: &str) -> Result<Move, Error> {
    game.parse_san(pos, text)
        .map_err(|e| Error::Move(format!("{e} (position: {})", game.fen(pos))))
}

/// Writes a legal move of the position in SAN.
pub fn san(game: &Game, pos: &Position, m: &Move) -> String {
    game.san(pos, m)
}

/// Takes back the last move played; tells whether there was one.
pub fn undo(game: &Game, pos: &mut Position) -> bool {
    game.undo(pos)
}

/// What a move is, in words a program reads: its text (as `varia moves` writes it), the cell
/// it leaves (none for a drop or a pass), the cell it reaches, the piece's symbol (as the first
/// player writes it; none for a pass), the type it becomes, and whether it is a drop.
pub struct MoveInfo {
    pub text: String,
    pub from_cell: Option<String>,
    pub to_cell: String,
    pub piece: Option<String>,
    pub promotion: Option<String>,
    pub drop: bool,
}

pub fn move_info(game: &Game, m: &Move) -> MoveInfo {
    let symbol = |p: PieceId| game.rules().pieces[p.index()].symbol.clone();
    let drop = matches!(m, Move::Drop { .. });
    MoveInfo {
        text: game.move_to_string(m),
        from_cell: (!drop && !matches!(m, Move::Pass { .. })).then(|| game.cell_name(m.from())),
        to_cell: game.cell_name(m.to()),
        piece: m.piece().map(symbol),
        promotion: m.promotion().map(|p| symbol(p.piece())),
        drop,
    }
}

/// The legal moves, sorted as `varia moves` prints them (none once the game is over).
pub fn legal_move_list(game: &Game, pos: &Position) -> Vec<Move> {
    // A game over by a rule of its line (a repetition, back and forth) has no moves either, as
    // `varia moves` lists none.
    if matches!(game.status(pos), Status::Over(_)) {
        return Vec::new();
    }
    let mut moves: Vec<(String, Move)> = game
        .legal_moves(pos)
        .iter()
        .map(|m| (game.move_to_string(m), *m))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    moves.into_iter().map(|(_, m)| m).collect()
}

/// Whether a legal move of the position checks (attacks a royal piece of the player to move
/// after it).
pub fn gives_check(game: &Game, pos: &Position, m: &Move) -> bool {
    game.in_check(&game.make(pos, m))
}

/// Whether a legal move of the position takes a piece.
pub fn is_capture(game: &Game, pos: &Position, m: &Move) -> bool {
    game.is_capture(pos, m)
}

/// Whether a royal piece of the player to move is attacked.
pub fn in_check(game: &Game, pos: &Position) -> bool {
    game.in_check(pos)
}

/// When a search stops: plies, nodes, milliseconds (any of them; the first reached); and the
/// threads it searches on.
pub struct SearchLimits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime_ms: Option<u64>,
    pub threads: usize,
}

/// What a search found: the move (none when the game is over), the score for the player to
/// move in centipawns or as moves to a mate (negative: being mated), the depth completed, the
/// nodes visited and the principal line.
pub struct SearchOutcome {
    pub best: Option<Move>,
    pub centipawns: Option<i32>,
    pub mate: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
    pub line: Vec<Move>,
}

/// Searches a position with the engine's search, as `varia play` does (16 MB of hash).
pub fn search(game: &Arc<Game>, pos: &Position, limits: &SearchLimits) -> SearchOutcome {
    let mut searcher = Searcher::new(game.clone(), 16);
    searcher.set_threads(limits.threads);
    let limits = Limits {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime: limits.movetime_ms.map(Duration::from_millis),
        ..Limits::default()
    };
    let r = searcher.search(pos, &limits, &mut |_| {});
    let (centipawns, mate) = match r.score {
        Score::Cp(v) => (Some(v), None),
        Score::Mate(n) => (None, Some(n)),
    };
    SearchOutcome {
        best: r.best,
        centipawns,
        mate,
        depth: r.depth,
        nodes: r.nodes,
        line: r.pv,
    }
}

/// The result as PGN writes it for two players (`1-0`, `0-1`, `1/2-1/2`, `*` while the game
/// goes on); with more players the winner's name, `1/2-1/2` or `*`.
pub fn result(game: &Game, pos: &Position) -> String {
    match game.status(pos) {
        Status::Ongoing { .. } => "*".into(),
        Status::Over(e) => match e.winner {
            None => "1/2-1/2".into(),
            Some(w) if game.rules().players.len() == 2 => {
                if w.0 == 0 { "1-0" } else { "0-1" }.into()
            }
            Some(w) => player_name(game, w),
        },
    }
}

/// Where a position stands, with players named.
pub struct StatusInfo {
    pub over: bool,
    pub in_check: bool,
    /// The rule that ended the game (`checkmate`, `stalemate`, `drop-mate`, `last-player`, ...).
    pub reason: Option<&'static str>,
    /// The result for the player to move (`win`, `loss`, `draw`, `elimination`).
    pub outcome: Option<&'static str>,
    pub winner: Option<String>,
    /// In words, as `varia show` says it.
    pub description: String,
}

pub fn status(game: &Game, pos: &Position) -> StatusInfo {
    let mover = side_to_move(game, pos);
    match game.status(pos) {
        Status::Ongoing { in_check } => StatusInfo {
            over: false,
            in_check,
            reason: None,
            outcome: None,
            winner: None,
            description: if in_check {
                format!("{mover} is in check")
            } else {
                "ongoing".into()
            },
        },
        Status::Over(ending) => {
            let reason = ending.reason.name();
            let winner = ending.winner.map(|w| player_name(game, w));
            let outcome = match ending.outcome {
                Outcome::Win => "win",
                Outcome::Loss => "loss",
                Outcome::Draw => "draw",
                Outcome::Elimination => "elimination",
            };
            let result = match (&winner, ending.outcome) {
                (_, Outcome::Elimination) => format!("{mover} is eliminated"),
                (Some(w), _) => format!("{w} wins"),
                (None, _) => "draw".into(),
            };
            StatusInfo {
                over: true,
                // Mate is the only ending with the mover's royal piece attacked.
                in_check: matches!(reason, "checkmate" | "drop-mate"),
                reason: Some(reason),
                outcome: Some(outcome),
                winner,
                description: format!("{}: {result}", rule_in_words(reason)),
            }
        }
    }
}

/// A rule's name as `varia show` words it.
fn rule_in_words(reason: &str) -> &str {
    match reason {
        "drop-mate" => "checkmate by a drop that may not mate",
        "last-player" => "every other player is out",
        other => other,
    }
}

pub fn perft(game: &Game, pos: &Position, depth: u32) -> Result<u64, Error> {
    game.perft(pos, depth)
        .map_err(|e| Error::Value(e.to_string()))
}

/// The piece on a cell as a FEN writes it, without its origin: `P`, `p`, `+P`, and with more
/// than two players the owner's tag first (`rW`).
pub fn piece_at(game: &Game, pos: &Position, cell: &str) -> Result<Option<String>, Error> {
    let c = game
        .parse_cell(cell)
        .ok_or_else(|| Error::Value(format!("there is no cell `{cell}` on this board")))?;
    Ok(pos.piece(c).map(|p| {
        let symbol = &game.rules().pieces[p.kind.index()].symbol;
        if game.rules().players.len() > 2 {
            format!("{}{symbol}", game.player_tag(p.owner))
        } else if p.owner.0 == 0 {
            symbol.clone()
        } else {
            symbol.to_lowercase()
        }
    }))
}

/// A hash of what makes two positions the same for repetition (not the clocks).
pub fn key(game: &Game, pos: &Position) -> u64 {
    game.key(pos)
}

/// Each player's hand: (player name, [(piece symbol as the first player writes it, count)]),
/// in turn order, each hand in the order the definition declares its pieces, empty entries left
/// out.
pub fn hands(game: &Game, pos: &Position) -> Vec<(String, Vec<(String, u8)>)> {
    let rules = game.rules();
    (0..rules.players.len() as u8)
        .map(PlayerId)
        .map(|p| {
            let held = rules
                .pieces
                .iter()
                .enumerate()
                .filter_map(|(k, piece)| {
                    let n = pos.in_hand(p, PieceId(k as u8));
                    (n > 0).then(|| (piece.symbol.clone(), n))
                })
                .collect();
            (player_name(game, p), held)
        })
        .collect()
}
