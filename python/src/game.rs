//! Python's `Game` and `Position`: a compiled game and a position of it.

use crate::args::{format_arg, move_list, move_text, search_limits};
use crate::core::{self, Format};
use crate::errors::{VariaError, raise};
use crate::moves::{Move, Outcome, SearchResult};
use crate::repr::py_repr;
use crate::status::Status;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::Arc;

/// A compiled game: one variant of a definition, ready to play. It pickles as its exported
/// rule set.
#[pyclass(frozen, module = "varia")]
pub(crate) struct Game {
    pub(crate) game: Arc<core::Game>,
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

/// A position of a game. `play` returns a new position; `push` changes this one, and `pop`
/// takes its last move back. It pickles as its game, the FEN it was set up from and the moves
/// played since.
#[pyclass(module = "varia")]
pub(crate) struct Position {
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
