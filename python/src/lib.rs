//! The Python module `varia`: games, positions and errors as Python objects. Calls into the varia
//! crate go through [`core`] only.

mod core;
mod moves;

use crate::core::{Error, Format, StatusInfo};
use crate::moves::{Move, Outcome, SearchResult};
use pyo3::exceptions::{PyIndexError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pyo3::create_exception!(
    varia,
    VariaError,
    PyValueError,
    "Base class of the errors varia raises for bad input; a ValueError."
);
pyo3::create_exception!(
    varia,
    DefinitionError,
    VariaError,
    "A definition or an exported rule set that does not compile. The message is the rendered \
     diagnostics (file:line:column, the source line and a caret); `diagnostics` lists them as \
     (line, column, message) tuples."
);
pyo3::create_exception!(
    varia,
    UnknownVariant,
    VariaError,
    "A variant name that the file does not define; the message lists the ones it does."
);
pyo3::create_exception!(
    varia,
    FenError,
    VariaError,
    "A FEN that does not describe a position of the game."
);
pyo3::create_exception!(
    varia,
    IllegalMove,
    VariaError,
    "A move that is malformed, ambiguous or not legal in the position."
);

/// Turns an error of the core into the Python exception that says it.
fn raise(py: Python<'_>, e: Error) -> PyErr {
    match e {
        Error::Definition { text, items } => {
            let err = DefinitionError::new_err(text);
            let value = err.value(py);
            // Setting an attribute on a fresh exception cannot fail in practice; if it did, the
            // exception would still carry its message.
            let _ = value.setattr("diagnostics", items);
            err
        }
        Error::UnknownVariant(m) => UnknownVariant::new_err(m),
        Error::Fen(m) => FenError::new_err(m),
        Error::Move(m) => IllegalMove::new_err(m),
        Error::Value(m) => VariaError::new_err(m),
    }
}

/// Reads a text file, with an OSError as Python's `open` raises it.
fn read_file(path: &Path, name: &str) -> PyResult<String> {
    let bytes = std::fs::read(path).map_err(|e| match e.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, os_message(&e), name.to_string())),
        None => PyOSError::new_err(format!("cannot read {name}: {e}")),
    })?;
    String::from_utf8(bytes).map_err(|_| {
        DefinitionError::new_err(format!("cannot read {name}: the file is not UTF-8 text"))
    })
}

/// An OS error's message without Rust's ` (os error N)` suffix, as Python words it.
fn os_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// Parses a `format` argument.
fn format_arg(format: &str, allowed: &[&str]) -> PyResult<Format> {
    match Format::parse(format) {
        Some(f) if allowed.contains(&format) => Ok(f),
        _ => Err(PyValueError::new_err(format!(
            "unknown format `{format}`: expected {}",
            allowed.join(", ")
        ))),
    }
}

/// What `load`, `variants` and `check` read.
struct Source {
    text: String,
    format: Format,
    /// The name diagnostics use: the path as given, or `<string>`.
    name: String,
    /// The file the text was read from, where an `extends "FILE"` in it is found from.
    path: Option<PathBuf>,
}

/// The text, its format, the name diagnostics use and the file it came from, from a path or
/// source text: a `str` with a line break is source text, any other `str` or path-like object
/// a file name.
fn source_of(path_or_source: &Bound<'_, PyAny>, format: Option<&str>) -> PyResult<Source> {
    let text_given = path_or_source
        .cast::<PyString>()
        .ok()
        .map(|s| s.to_cow().map(|c| c.into_owned()))
        .transpose()?
        .filter(|s| s.contains('\n'));
    let explicit = format
        .map(|f| format_arg(f, &["varia", "ron", "json"]))
        .transpose()?;
    if let Some(text) = text_given {
        return Ok(Source {
            text,
            format: explicit.unwrap_or(Format::Varia),
            name: "<string>".into(),
            path: None,
        });
    }
    let path: PathBuf = path_or_source.extract().map_err(|_| {
        PyTypeError::new_err("expected a path (str or os.PathLike) or the text of a definition")
    })?;
    let name = path.to_string_lossy().into_owned();
    Ok(Source {
        text: read_file(&path, &name)?,
        format: explicit.unwrap_or_else(|| Format::of_path(&name)),
        name,
        path: Some(path),
    })
}

/// Loads a game: a definition file (`.varia`), an exported rule set (`.ron`, `.json`), or the
/// text of a definition.
///
/// `path_or_source` is a path (`str` or `os.PathLike`); a `str` that contains a line break is
/// taken as the text of a definition instead. A definition read from a file may `extends
/// "FILE"`, found from that file's folder; text cannot. `variant` selects a variant (default:
/// the file's main game). `format` (`"varia"`, `"ron"`, `"json"`) overrides the guess from the
/// file name.
///
/// Raises `DefinitionError` with the rendered diagnostics, `UnknownVariant`, or `OSError` for a
/// file that cannot be read.
#[pyfunction]
#[pyo3(signature = (path_or_source, variant = None, *, format = None))]
fn load(
    py: Python<'_>,
    path_or_source: &Bound<'_, PyAny>,
    variant: Option<&str>,
    format: Option<&str>,
) -> PyResult<Game> {
    let s = source_of(path_or_source, format)?;
    let game = core::load(&s.text, s.format, variant, &s.name, s.path.as_deref())
        .map_err(|e| raise(py, e))?;
    Ok(Game {
        game: Arc::new(game),
    })
}

/// Loads a game from text: a definition (`format="varia"`, the default) or an exported rule set
/// (`"ron"`, `"json"`). `filename` names the text in diagnostics.
///
/// Raises `DefinitionError` with the rendered diagnostics, or `UnknownVariant`.
#[pyfunction]
#[pyo3(signature = (text, variant = None, format = "varia", *, filename = "<string>"))]
fn loads(
    py: Python<'_>,
    text: &str,
    variant: Option<&str>,
    format: &str,
    filename: &str,
) -> PyResult<Game> {
    let format = format_arg(format, &["varia", "ron", "json"])?;
    let game = core::load(text, format, variant, filename, None).map_err(|e| raise(py, e))?;
    Ok(Game {
        game: Arc::new(game),
    })
}

/// Lists the variants of a file (or of definition text, as `load` takes it), the main one
/// first. Each name is accepted by `load(..., variant=NAME)`. The variants are not compiled:
/// use `check` for that.
#[pyfunction]
#[pyo3(signature = (path_or_source, *, format = None))]
fn variants(
    py: Python<'_>,
    path_or_source: &Bound<'_, PyAny>,
    format: Option<&str>,
) -> PyResult<Vec<String>> {
    let s = source_of(path_or_source, format)?;
    core::variants(&s.text, s.format, &s.name, s.path.as_deref(), false).map_err(|e| raise(py, e))
}

/// Compiles every variant of a file (or of definition text) and lists them, as `varia check`
/// does; raises `DefinitionError` with every problem found in any of them.
#[pyfunction]
#[pyo3(signature = (path_or_source, *, format = None))]
fn check(
    py: Python<'_>,
    path_or_source: &Bound<'_, PyAny>,
    format: Option<&str>,
) -> PyResult<Vec<String>> {
    let s = source_of(path_or_source, format)?;
    core::variants(&s.text, s.format, &s.name, s.path.as_deref(), true).map_err(|e| raise(py, e))
}

/// A compiled game: one variant of a definition, ready to play. It pickles as its exported
/// rule set.
#[pyclass(frozen, module = "varia")]
struct Game {
    game: Arc<core::Game>,
}

#[pymethods]
impl Game {
    /// The game's identifier (`game NAME` in the definition).
    #[getter]
    fn name(&self) -> &str {
        core::game_name(&self.game)
    }

    /// The selected variant's name.
    #[getter]
    fn variant(&self) -> &str {
        core::variant_name(&self.game)
    }

    /// The game's title, if the definition gives one.
    #[getter]
    fn title(&self) -> Option<&str> {
        core::title(&self.game)
    }

    /// The players' names in turn order.
    #[getter]
    fn players(&self) -> Vec<String> {
        core::players(&self.game)
    }

    /// Gets the start position.
    fn start(slf: &Bound<'_, Self>) -> Position {
        let pos = core::start(&slf.get().game);
        Position {
            game: slf.clone().unbind(),
            root: core::fen(&slf.get().game, &pos),
            pos,
            stack: Vec::new(),
        }
    }

    /// Gets a position: the FEN's (default: the start position), after playing `moves` (a list
    /// of move strings, or one string of moves separated by spaces).
    ///
    /// Raises `FenError` or `IllegalMove` with the message.
    #[pyo3(signature = (fen = None, moves = None))]
    fn position(
        slf: &Bound<'_, Self>,
        fen: Option<&str>,
        moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Position> {
        let py = slf.py();
        let game = &slf.get().game;
        let mut pos = match fen {
            Some(f) => core::parse_fen(game, f).map_err(|e| raise(py, e))?,
            None => core::start(game),
        };
        let root = core::fen(game, &pos);
        let mut stack = Vec::new();
        for m in move_list(moves)? {
            stack.push(core::play(game, &mut pos, &m).map_err(|e| raise(py, e))?);
        }
        Ok(Position {
            game: slf.clone().unbind(),
            pos,
            root,
            stack,
        })
    }

    /// Exports the compiled rule set as `varia export --format json|ron` prints it; `load` and
    /// `loads` read it back.
    #[pyo3(signature = (format = "json"))]
    fn export(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        let format = format_arg(format, &["json", "ron"])?;
        core::export(&self.game, format).map_err(|e| raise(py, e))
    }

    /// Pickles the game as its exported rule set (JSON), which `varia.loads` reads back.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let json = core::export(&slf.get().game, Format::Json).map_err(|e| raise(py, e))?;
        let loads = py.import("varia")?.getattr("loads")?;
        let args = (json, py.None(), "json").into_pyobject(py)?;
        PyTuple::new(py, [loads, args.into_any()])
    }

    fn __repr__(&self) -> String {
        format!(
            "<varia.Game {} variant={}>",
            core::game_name(&self.game),
            py_repr(core::variant_name(&self.game))
        )
    }
}

/// The moves of a `moves` argument: a sequence of strings or Moves, or one string split at
/// spaces.
fn move_list(moves: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(moves) = moves else {
        return Ok(Vec::new());
    };
    if let Ok(s) = moves.cast::<PyString>() {
        return Ok(s.to_cow()?.split_whitespace().map(String::from).collect());
    }
    let mut out = Vec::new();
    for item in moves.try_iter()? {
        out.push(move_text(&item?)?);
    }
    Ok(out)
}

/// The text of a move argument: a `str` (`"e2e4"`) or a `Move`.
fn move_text(m: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(mv) = m.cast::<Move>() {
        return Ok(mv.get().text().to_string());
    }
    match m.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected a move (a str such as 'e2e4', or a varia.Move), got {}",
            m.get_type().name()?
        ))),
    }
}

/// A position of a game. `play` returns a new position; `push` changes this one, and `pop`
/// takes its last move back. It pickles as its game, the FEN it was set up from and the moves
/// played since.
#[pyclass(module = "varia")]
struct Position {
    game: Py<Game>,
    pos: core::Position,
    /// The FEN the moves of `stack` were played from.
    root: String,
    /// The moves played since `root`, oldest first.
    stack: Vec<core::Move>,
}

impl Position {
    fn core_game(&self) -> &core::Game {
        &self.game.get().game
    }

    /// The legal move a move argument (a str or a Move) names; IllegalMove if none.
    fn legal(&self, m: &Bound<'_, PyAny>) -> PyResult<core::Move> {
        let text = move_text(m)?;
        core::parse_move(self.core_game(), &self.pos, &text).map_err(|e| raise(m.py(), e))
    }

    fn with(&self, py: Python<'_>, pos: core::Position, stack: Vec<core::Move>) -> Position {
        Position {
            game: self.game.clone_ref(py),
            pos,
            root: self.root.clone(),
            stack,
        }
    }
}

#[pymethods]
impl Position {
    /// The game this position belongs to.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The position as a FEN.
    #[getter]
    fn fen(&self) -> String {
        core::fen(self.core_game(), &self.pos)
    }

    /// The name of the player to move.
    #[getter]
    fn side_to_move(&self) -> String {
        core::side_to_move(self.core_game(), &self.pos)
    }

    /// The names of the players out of the game (games with elimination).
    #[getter]
    fn eliminated(&self) -> Vec<String> {
        core::eliminated(self.core_game(), &self.pos)
    }

    /// The pieces each player holds in hand, by player name, then by the piece's symbol as a
    /// drop writes it (`"P"` in `"P@e5"`); empty hands are empty dicts.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (player, held) in core::hands(self.core_game(), &self.pos) {
            let hand = PyDict::new(py);
            for (symbol, n) in held {
                hand.set_item(symbol, n)?;
            }
            out.set_item(player, hand)?;
        }
        Ok(out)
    }

    /// Lists the legal moves as Move objects, sorted by their text as `varia moves` prints
    /// them (each compares equal to its text).
    fn legal_moves(&self) -> Vec<Move> {
        let game = self.core_game();
        core::legal_move_list(game, &self.pos)
            .iter()
            .map(|m| Move::of(game, m))
            .collect()
    }

    /// Gets the position after a move (a str such as `"e2e4"`, `"e7e8q"`, `"P@e5"`, or a
    /// Move); this one is left as it is. Raises `IllegalMove` with the message.
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Position> {
        let m = self.legal(r#move)?;
        let mut pos = core::copy(&self.pos);
        core::play_legal(self.core_game(), &mut pos, &m);
        let mut stack = self.stack.clone();
        stack.push(m);
        Ok(self.with(py, pos, stack))
    }

    /// Plays a move (a str or a Move) on this position. Raises `IllegalMove` with the message
    /// (and leaves the position as it was).
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.legal(r#move)?;
        core::play_legal(&self.game.get().game, &mut self.pos, &m);
        self.stack.push(m);
        Ok(())
    }

    /// Takes back the last move played (with `push`, `play`, `push_san` or `Game.position`'s
    /// moves) and returns it. Raises `IndexError` when no move has been played.
    fn pop(&mut self) -> PyResult<Move> {
        let Some(m) = self.stack.pop() else {
            return Err(PyIndexError::new_err(
                "pop from an empty move stack: no move has been played on this position",
            ));
        };
        let game = &self.game.get().game;
        core::undo(game, &mut self.pos);
        Ok(Move::of(game, &m))
    }

    /// The moves played since the position was set up, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        let game = self.core_game();
        self.stack.iter().map(|m| Move::of(game, m)).collect()
    }

    /// Writes a legal move (a str or a Move) in SAN (`"Nf3"`, `"exd5"`, `"e8=Q+"`, `"O-O"`,
    /// `"P@e4"`). Raises `IllegalMove` for a move that is not legal here.
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.legal(r#move)?;
        Ok(core::san(self.core_game(), &self.pos, &m))
    }

    /// Finds the legal move written in SAN (with or without `+` or `#`). Raises `IllegalMove`
    /// with the message.
    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Move> {
        let game = self.core_game();
        let m = core::parse_san(game, &self.pos, san).map_err(|e| raise(py, e))?;
        Ok(Move::of(game, &m))
    }

    /// Plays a move written in SAN on this position and returns it. Raises `IllegalMove` with
    /// the message (and leaves the position as it was).
    fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<Move> {
        let game = &self.game.get().game;
        let m = core::parse_san(game, &self.pos, san).map_err(|e| raise(py, e))?;
        core::play_legal(game, &mut self.pos, &m);
        self.stack.push(m);
        Ok(Move::of(game, &m))
    }

    /// Tells whether a legal move (a str or a Move) checks: leaves a royal piece of the player
    /// then to move attacked. Raises `IllegalMove` for a move that is not legal here.
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.legal(r#move)?;
        Ok(core::gives_check(self.core_game(), &self.pos, &m))
    }

    /// Tells whether a legal move (a str or a Move) takes a piece (en passant, a hop and a
    /// displacement included). Raises `IllegalMove` for a move that is not legal here.
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = self.legal(r#move)?;
        Ok(core::is_capture(self.core_game(), &self.pos, &m))
    }

    /// Tells whether a royal piece of the player to move is attacked.
    fn is_check(&self) -> bool {
        core::in_check(self.core_game(), &self.pos)
    }

    /// How the game ended (`termination`, `winner`, `result()`), or None while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        let game = self.core_game();
        let s = core::status(game, &self.pos);
        Some(Outcome {
            termination: s.reason?,
            winner: s.winner,
            result_text: core::result(game, &self.pos),
        })
    }

    /// The result as PGN writes it: `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game
    /// goes on; with more than two players the winner's name for a win.
    fn result(&self) -> String {
        core::result(self.core_game(), &self.pos)
    }

    /// Searches the position with varia's engine and returns the best move, its score and the
    /// principal line. Give at least one limit: `depth` (plies, 1 to 128), `nodes` or
    /// `movetime` (milliseconds); the search stops at the first reached; `threads` (1 to 256)
    /// searches on that many threads (lazy SMP: the move is the main thread's, `nodes` counts
    /// them all). Raises `VariaError` for a missing or out-of-range limit. The GIL is released
    /// while it searches.
    #[pyo3(signature = (depth = None, nodes = None, movetime = None, threads = 1))]
    fn search(
        &self,
        py: Python<'_>,
        depth: Option<i64>,
        nodes: Option<i64>,
        movetime: Option<i64>,
        threads: i64,
    ) -> PyResult<SearchResult> {
        let mut limits = search_limits(depth, nodes, movetime)?;
        limits.threads = usize::try_from(threads)
            .ok()
            .filter(|t| (1..=varia::search::MAX_THREADS).contains(t))
            .ok_or_else(|| {
                VariaError::new_err(format!("search threads {threads} is not in 1..=256"))
            })?;
        let game = &self.game.get().game;
        let pos = &self.pos;
        let found = py.detach(|| core::search(game, pos, &limits));
        let line = found
            .line
            .iter()
            .map(|m| Py::new(py, Move::of(game, m)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(SearchResult {
            best: found
                .best
                .map(|m| Py::new(py, Move::of(game, &m)))
                .transpose()?,
            score: found.centipawns,
            mate: found.mate,
            depth: found.depth,
            nodes: found.nodes,
            line,
        })
    }

    /// Pickles the position as its game's `position(fen, moves)`: the FEN it was set up from
    /// and the moves played since.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let game = this.core_game();
        let moves: Vec<String> = this
            .stack
            .iter()
            .map(|m| core::move_info(game, m).text)
            .collect();
        let position = this.game.bind(py).getattr("position")?;
        let args = (this.root.clone(), moves).into_pyobject(py)?;
        PyTuple::new(py, [position, args.into_any()])
    }

    /// Where the game stands: over or not, check, the rule that ended it and the winner.
    #[getter]
    fn status(&self) -> Status {
        Status::from(core::status(self.core_game(), &self.pos))
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep (at most 32), as
    /// `varia perft` does.
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        let depth = u32::try_from(depth)
            .map_err(|_| VariaError::new_err(format!("perft depth {depth} is not in 0..=32")))?;
        let game = self.core_game();
        let pos = &self.pos;
        py.detach(|| core::perft(game, pos, depth))
            .map_err(|e| raise(py, e))
    }

    /// Gets the piece on a cell (`"e4"`) as a FEN writes it, without its origin: `"P"`, `"p"`,
    /// `"+P"`, with more than two players its owner's tag first (`"rW"`); `None` for an empty
    /// cell. Raises `VariaError` for a cell not on the board.
    fn piece_at(&self, py: Python<'_>, cell: &str) -> PyResult<Option<String>> {
        core::piece_at(self.core_game(), &self.pos, cell).map_err(|e| raise(py, e))
    }

    /// A hash of what makes two positions the same for repetition: pieces, hands, side to move,
    /// castling and en-passant rights, players out; not the clocks.
    #[getter]
    fn key(&self) -> u64 {
        core::key(self.core_game(), &self.pos)
    }

    /// Gets a copy of this position (with its moves, which `pop` takes back).
    fn copy(&self, py: Python<'_>) -> Position {
        self.with(py, core::copy(&self.pos), self.stack.clone())
    }

    fn __copy__(&self, py: Python<'_>) -> Position {
        self.copy(py)
    }

    #[pyo3(signature = (_memo = None))]
    fn __deepcopy__(&self, py: Python<'_>, _memo: Option<&Bound<'_, PyAny>>) -> Position {
        self.copy(py)
    }

    /// Positions are equal when they belong to the same game object and have the same FEN.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Position>() {
            Ok(o) => {
                let o = o.borrow();
                self.game.is(&o.game) && self.fen() == o.fen()
            }
            Err(_) => false,
        }
    }

    // A position changes with `push`, so it is not hashable; `key` is a hash to use instead.
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __str__(&self) -> String {
        self.fen()
    }

    fn __repr__(&self) -> String {
        format!(
            "<varia.Position {} {}>",
            core::variant_name(self.core_game()),
            py_repr(&self.fen())
        )
    }
}

/// Where a game stands.
///
/// `over`: the game is over; `in_check`: the player to move is in check (also when mated);
/// `reason`: the rule that ended the game (`"checkmate"`, `"stalemate"`, `"drop-mate"`,
/// `"last-player"`, `"goal"`, `"extinction"`, `"repetition"`, ...: `varia.pyi` lists them all) or
/// None; `outcome`: what that rule means for the player to move (`"win"`,
/// `"loss"`, `"draw"`, `"elimination"`) or None; `winner`: the winner's name, None for a draw or
/// an unfinished game; `description`: all that in words, as `varia show` says it.
#[pyclass(frozen, module = "varia", get_all)]
struct Status {
    over: bool,
    in_check: bool,
    reason: Option<&'static str>,
    outcome: Option<&'static str>,
    winner: Option<String>,
    description: String,
}

impl From<StatusInfo> for Status {
    fn from(s: StatusInfo) -> Status {
        Status {
            over: s.over,
            in_check: s.in_check,
            reason: s.reason,
            outcome: s.outcome,
            winner: s.winner,
            description: s.description,
        }
    }
}

#[pymethods]
impl Status {
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Status>() {
            Ok(o) => {
                let o = o.get();
                (
                    self.over,
                    self.in_check,
                    self.reason,
                    self.outcome,
                    &self.winner,
                ) == (o.over, o.in_check, o.reason, o.outcome, &o.winner)
            }
            Err(_) => false,
        }
    }

    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __str__(&self) -> &str {
        &self.description
    }

    fn __repr__(&self) -> String {
        let opt = |o: Option<&str>| o.map_or("None".to_string(), py_repr);
        format!(
            "Status(over={}, in_check={}, reason={}, outcome={}, winner={})",
            py_bool(self.over),
            py_bool(self.in_check),
            opt(self.reason),
            opt(self.outcome),
            opt(self.winner.as_deref()),
        )
    }
}

/// When a search stops, from Python's arguments.
fn search_limits(
    depth: Option<i64>,
    nodes: Option<i64>,
    movetime: Option<i64>,
) -> PyResult<core::SearchLimits> {
    if depth.is_none() && nodes.is_none() && movetime.is_none() {
        return Err(VariaError::new_err(
            "search needs a limit: depth (plies), nodes or movetime (milliseconds)",
        ));
    }
    let depth = depth
        .map(|d| {
            u32::try_from(d)
                .ok()
                .filter(|d| (1..=128).contains(d))
                .ok_or_else(|| VariaError::new_err(format!("search depth {d} is not in 1..=128")))
        })
        .transpose()?;
    let positive = |what: &str, n: i64| {
        u64::try_from(n)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| VariaError::new_err(format!("search {what} {n} is not positive")))
    };
    Ok(core::SearchLimits {
        depth,
        nodes: nodes.map(|n| positive("nodes", n)).transpose()?,
        movetime_ms: movetime.map(|n| positive("movetime", n)).transpose()?,
        threads: 1,
    })
}

/// A string as Python's `repr` writes it (names and FENs hold no control characters).
fn py_repr(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// Chess variants from declarative definitions: load a definition (or an exported rule set),
/// then get positions, legal moves, game status and perft counts.
///
/// >>> import varia
/// >>> game = varia.load("definitions/classic/chess.varia")
/// >>> game.start().perft(2)
/// 400
#[pymodule(name = "varia")]
fn varia_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(loads, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<Position>()?;
    m.add_class::<Status>()?;
    m.add_class::<Move>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<SearchResult>()?;
    m.add("VariaError", py.get_type::<VariaError>())?;
    m.add("DefinitionError", py.get_type::<DefinitionError>())?;
    m.add("UnknownVariant", py.get_type::<UnknownVariant>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // `from .varia import *` in the package takes only these names: `__version__` too.
    let all = [
        "__version__",
        "load",
        "loads",
        "variants",
        "check",
        "Game",
        "Position",
        "Status",
        "Move",
        "Outcome",
        "SearchResult",
        "VariaError",
        "DefinitionError",
        "UnknownVariant",
        "FenError",
        "IllegalMove",
    ];
    m.add("__all__", PyList::new(py, all)?)?;
    Ok(())
}
