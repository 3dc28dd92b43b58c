//! Python's `Move`, `Outcome` and `SearchResult`: plain values a position gives out.

use crate::core;
use crate::repr::py_repr;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};

/// A move: `str(move)` is its text as `varia moves` writes it (`"e2e4"`, `"e7e8q"`, `"P@e5"`).
///
/// A move compares equal to its text and hashes as it does, so `"e2e4" in position.legal_moves()`
/// holds. `from_cell` (None for a drop or a pass), `to_cell`, `piece` (the type's symbol as the
/// first player writes it; None for a pass), `promotion` (the symbol of the type it becomes, if
/// any) and `drop` describe it; a Move made from its text alone (`varia.Move("e2e4")`) has only
/// the text, and is played by it.
#[pyclass(frozen, module = "varia", get_all)]
pub struct Move {
    uci: String,
    from_cell: Option<String>,
    to_cell: Option<String>,
    piece: Option<String>,
    promotion: Option<String>,
    drop: bool,
}

impl Move {
    /// The Python move of a legal move of `game`.
    pub fn of(game: &core::Game, m: &core::Move) -> Move {
        let i = core::move_info(game, m);
        Move {
            uci: i.text,
            from_cell: i.from_cell,
            to_cell: Some(i.to_cell),
            piece: i.piece,
            promotion: i.promotion,
            drop: i.drop,
        }
    }

    /// The move's text, as `varia moves` writes it.
    pub fn text(&self) -> &str {
        &self.uci
    }
}

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (uci, from_cell = None, to_cell = None, piece = None, promotion = None, drop = false))]
    fn new(
        uci: String,
        from_cell: Option<String>,
        to_cell: Option<String>,
        piece: Option<String>,
        promotion: Option<String>,
        drop: bool,
    ) -> Move {
        Move {
            uci,
            from_cell,
            to_cell,
            piece,
            promotion,
            drop,
        }
    }

    /// The move's text, as `varia moves` writes it (also `str(move)`).
    fn uci(&self) -> &str {
        &self.uci
    }

    fn __str__(&self) -> &str {
        &self.uci
    }

    fn __repr__(&self) -> String {
        format!("Move({})", py_repr(&self.uci))
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.uci).hash()
    }

    /// Moves compare by their text, with each other and with strings.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let other = if let Ok(m) = other.cast::<Move>() {
            m.get().uci.clone()
        } else if let Ok(s) = other.cast::<PyString>() {
            s.to_cow()?.into_owned()
        } else {
            return Ok(py.NotImplemented());
        };
        let a = self.uci.as_str();
        let b = other.as_str();
        let answer = match op {
            CompareOp::Lt => a < b,
            CompareOp::Le => a <= b,
            CompareOp::Eq => a == b,
            CompareOp::Ne => a != b,
            CompareOp::Gt => a > b,
            CompareOp::Ge => a >= b,
        };
        Ok(PyBool::new(py, answer).to_owned().into_any().unbind())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let m = slf.get();
        let args = (
            m.uci.clone(),
            m.from_cell.clone(),
            m.to_cell.clone(),
            m.piece.clone(),
            m.promotion.clone(),
            m.drop,
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

/// How a game ended, as python-chess's `Outcome` says it: `termination` is the rule (`"checkmate"`,
/// `"stalemate"`, `"repetition"`, ... as `Status.reason`), `winner` the winner's name (None for a
/// draw); `result()` the PGN result.
#[pyclass(frozen, module = "varia")]
pub struct Outcome {
    #[pyo3(get)]
    pub termination: &'static str,
    #[pyo3(get)]
    pub winner: Option<String>,
    pub result_text: String,
}

#[pymethods]
impl Outcome {
    /// The result as PGN writes it (`"1-0"`, `"0-1"`, `"1/2-1/2"`; with more than two players
    /// the winner's name).
    fn result(&self) -> &str {
        &self.result_text
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(termination={}, winner={})",
            py_repr(self.termination),
            self.winner.as_deref().map_or("None".to_string(), py_repr)
        )
    }
}

/// What a search found: `best` the move to play (None when the game is over), `score` the
/// evaluation for the player to move in centipawns (None for a mate score; 0 for a game over in
/// a draw), `mate` the moves to a mate (negative: being mated; 0: the game is over, lost for the
/// player to move; None otherwise), `depth` the last depth completed,
/// `nodes` the nodes visited and `line` the principal line, `best` first.
#[pyclass(frozen, module = "varia", get_all)]
pub struct SearchResult {
    pub best: Option<Py<Move>>,
    pub score: Option<i32>,
    pub mate: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
    pub line: Vec<Py<Move>>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let best = self
            .best
            .as_ref()
            .map_or("None".to_string(), |m| m.get().__repr__());
        let line: Vec<String> = self.line.iter().map(|m| m.get().__repr__()).collect();
        format!(
            "SearchResult(best={best}, score={}, mate={}, depth={}, nodes={}, line=[{}])",
            self.score.map_or("None".to_string(), |s| s.to_string()),
            self.mate.map_or("None".to_string(), |s| s.to_string()),
            self.depth,
            self.nodes,
            line.join(", ")
        )
    }
}
