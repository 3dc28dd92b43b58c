//! `varia.MatchGame`: one game of a match, and its JSON, by which a game played elsewhere (a
//! shard of the match on another machine, a line of a results file) comes back into a report.

use crate::errors::VariaError;
use crate::referee::GameRecord;
use crate::repr::py_repr;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use serde_json::Value;
use varia::referee::{self, ClockUse};

/// One game of a match: `series` the number of its series in the match (from 0), `index` its
/// number in the series (from 0), `start_fen` the position after the opening and random plies,
/// `moves` the moves played from there, `winner` the winner's name (None for a draw), `cause`
/// the rule or cap that ended it (`"checkmate"`, `"repetition"`, `"ply-cap"`, ...), `result` as
/// PGN writes it, and `first` the player the first entrant played; `note` what went wrong with
/// an external engine that lost so, `clock` each entrant's use of its clock under `tc`. `pgn()`
/// writes it as `varia match --pgn` writes a game, `json()` as a JSON object that
/// `MatchGame.from_json` reads back.
#[pyclass(frozen, module = "varia")]
pub struct MatchGame {
    #[pyo3(get)]
    series: usize,
    #[pyo3(get)]
    index: usize,
    #[pyo3(get)]
    start_fen: String,
    #[pyo3(get)]
    moves: Vec<String>,
    #[pyo3(get)]
    winner: Option<String>,
    #[pyo3(get)]
    cause: String,
    #[pyo3(get)]
    result: String,
    #[pyo3(get)]
    first: String,
    #[pyo3(get)]
    note: Option<String>,
    /// The game as PGN.
    pgn: String,
    clock: Option<[ClockUse; 2]>,
}

#[pymethods]
impl MatchGame {
    /// The game as `varia match --pgn` writes it: its headers (`Round` its index plus one,
    /// `Variant`, `FEN` its start, `Termination` its cause, `TimeControl`), then its moves in SAN,
    /// each with its engine's score and depth as a comment, and its result.
    fn pgn(&self) -> &str {
        &self.pgn
    }

    /// The game as one line of JSON: an object of its fields (`series`, `index`, `start_fen`,
    /// `moves`, `winner`, `cause`, `result`, `first`, `note`, `clock`) and `pgn`, as a line of
    /// `varia match --results` holds a game.
    fn json(&self) -> String {
        self.record().json().to_string()
    }

    /// Each entrant's use of its clock under `tc` (the first entrant's first): `used_us` the
    /// microseconds its moves took, `moves` the moves it made, `least_us` the least
    /// microseconds it had left after a move; None without a clock.
    #[getter]
    fn clock<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(c) = &self.clock else {
            return Ok(None);
        };
        let json = py.import("json")?;
        let text = referee::clock_json(c).to_string();
        Ok(Some(json.call_method1("loads", (text,))?))
    }

    /// Reads a game back from its `json()`; raises `VariaError` for text that is not one.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<MatchGame> {
        let v: Value = serde_json::from_str(text)
            .map_err(|e| VariaError::new_err(format!("a match game's JSON: {e}")))?;
        MatchGame::of_json(&v).map_err(|m| VariaError::new_err(format!("a match game's JSON: {m}")))
    }

    /// Pickles the game as its JSON, which `MatchGame.from_json` reads back.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_json = slf.get_type().getattr("from_json")?;
        let args = (slf.get().json(),).into_pyobject(py)?;
        PyTuple::new(py, [from_json, args.into_any()])
    }

    fn __repr__(&self) -> String {
        format!(
            "<varia.MatchGame {} {} {} plies>",
            self.index,
            py_repr(&self.cause),
            self.moves.len()
        )
    }
}

impl MatchGame {
    /// A game from its JSON object, or what is missing or of the wrong type.
    fn of_json(v: &Value) -> Result<MatchGame, String> {
        let field = |key: &str| v.get(key).ok_or_else(|| format!("no `{key}`"));
        let number = |key: &str| {
            field(key)?
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| format!("`{key}` is not a count"))
        };
        let text = |key: &str| {
            field(key)?
                .as_str()
                .map(String::from)
                .ok_or_else(|| format!("`{key}` is not a string"))
        };
        let maybe = |key: &str| match field(key)? {
            Value::Null => Ok(None),
            Value::String(s) => Ok(Some(s.clone())),
            _ => Err(format!("`{key}` is neither a string nor null")),
        };
        let moves = field("moves")?
            .as_array()
            .and_then(|a| a.iter().map(|m| m.as_str().map(String::from)).collect())
            .ok_or("`moves` is not a list of strings")?;
        Ok(MatchGame {
            series: number("series")?,
            index: number("index")?,
            start_fen: text("start_fen")?,
            moves,
            winner: maybe("winner")?,
            cause: text("cause")?,
            result: text("result")?,
            first: text("first")?,
            note: maybe("note")?,
            pgn: text("pgn")?,
            clock: match v.get("clock") {
                None | Some(Value::Null) => None,
                Some(c) => Some(referee::clock_of_json(c)?),
            },
        })
    }

    /// The game as the referee's record.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            series: self.series,
            index: self.index,
            start_fen: self.start_fen.clone(),
            moves: self.moves.clone(),
            winner: self.winner.clone(),
            cause: self.cause.clone(),
            result: self.result.clone(),
            first: self.first.clone(),
            note: self.note.clone(),
            pgn: self.pgn.clone(),
            clock: self.clock,
        }
    }
}

impl From<GameRecord> for MatchGame {
    fn from(g: GameRecord) -> MatchGame {
        MatchGame {
            series: g.series,
            index: g.index,
            start_fen: g.start_fen,
            moves: g.moves,
            winner: g.winner,
            cause: g.cause,
            result: g.result,
            first: g.first,
            note: g.note,
            pgn: g.pgn,
            clock: g.clock,
        }
    }
}

/// The digest of texts a results file's header records (the match's rules as exported, its
/// weights files), as `varia match --results` computes it ([`referee::digest`]).
#[pyfunction]
#[pyo3(name = "_digest")]
pub fn digest(texts: Vec<String>) -> String {
    referee::digest(texts.iter().map(String::as_str))
}

/// The sequential test `sprt` (`NAME=VALUE` words or a mapping, as `varia.match` takes it) of a
/// match of `games` games, on varia's score (1, 0.5 or 0) in each game played by its index: its
/// parameters as a results file's header records them (JSON), the pairs it counts and whether
/// the match is over, as the referee decides it ([`referee::Sprt::decide`]); for the Python
/// package's matches in shards, which send the shards until it is over.
#[pyfunction]
#[pyo3(name = "_sprt")]
pub fn sprt(
    sprt: &Bound<'_, PyAny>,
    games: i64,
    scores: Vec<(usize, f64)>,
) -> PyResult<(String, usize, bool)> {
    let words = crate::matches::option_words("sprt", Some(sprt))?;
    let t = referee::Sprt::parse(&words).map_err(|m| VariaError::new_err(format!("sprt: {m}")))?;
    if games < 2 || games % 2 == 1 {
        return Err(VariaError::new_err(format!(
            "sprt counts games in pairs (one opening, colours swapped): games {games} must be even"
        )));
    }
    let pairs = games as usize / 2;
    let d = t.decide(&referee::score_bins(scores.into_iter()), pairs);
    Ok((t.params().to_string(), d.pairs, d.over))
}
