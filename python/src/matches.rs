//! `varia.match`: series of games between varia's engine and itself, or between two settings of
//! it, refereed as `varia match` referees them; the report as Python objects.

use crate::args::search_limits;
use crate::core::{self, SearchLimits};
use crate::errors::{VariaError, raise};
use crate::reading::source_of;
use crate::referee::{self, GameRecord, MatchSettings, SeriesRecord};
use crate::repr::py_repr;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One game of a match: `index` its number in the series (from 0), `start_fen` the position
/// after the opening and random plies, `moves` the moves played from there, `winner` the
/// winner's name (None for a draw), `cause` the rule or cap that ended it (`"checkmate"`,
/// `"repetition"`, `"ply-cap"`, ...), `result` as PGN writes it, and `first` the player the first
/// entrant played.
#[pyclass(frozen, module = "varia", get_all)]
pub struct MatchGame {
    index: usize,
    start_fen: String,
    moves: Vec<String>,
    winner: Option<String>,
    cause: String,
    result: String,
    first: String,
}

#[pymethods]
impl MatchGame {
    fn __repr__(&self) -> String {
        format!(
            "<varia.MatchGame {} {} {} plies>",
            self.index,
            py_repr(&self.cause),
            self.moves.len()
        )
    }
}

impl From<GameRecord> for MatchGame {
    fn from(g: GameRecord) -> MatchGame {
        MatchGame {
            index: g.index,
            start_fen: g.start_fen,
            moves: g.moves,
            winner: g.winner,
            cause: g.cause,
            result: g.result,
            first: g.first,
        }
    }
}

/// A series of a match (one variant), counted from its first entrant's side: `variant`,
/// `entrants` (the first one first), `games`, `wins`, `draws`, `losses`, `score` in [0, 1], `elo`
/// with its 95% interval `elo_low` and `elo_high` (None where a score of 0 or 1 makes it
/// infinite), `wins_by_player` and `causes` (games by player name and by cause), `lengths` (each
/// game's plies) and `records`, the games in order. `json()` writes it as `varia match --json`
/// writes a series.
#[pyclass(frozen, module = "varia")]
pub struct MatchSeries {
    #[pyo3(get)]
    variant: String,
    #[pyo3(get)]
    entrants: Vec<String>,
    #[pyo3(get)]
    games: usize,
    #[pyo3(get)]
    wins: usize,
    #[pyo3(get)]
    draws: usize,
    #[pyo3(get)]
    losses: usize,
    #[pyo3(get)]
    score: f64,
    #[pyo3(get)]
    elo: Option<f64>,
    #[pyo3(get)]
    elo_low: Option<f64>,
    #[pyo3(get)]
    elo_high: Option<f64>,
    #[pyo3(get)]
    wins_by_player: BTreeMap<String, usize>,
    #[pyo3(get)]
    causes: BTreeMap<String, usize>,
    #[pyo3(get)]
    lengths: Vec<usize>,
    #[pyo3(get)]
    records: Vec<Py<MatchGame>>,
    /// The series as JSON, written once.
    json: String,
}

#[pymethods]
impl MatchSeries {
    /// The series as `varia match --json` writes one (without its `sprt`, `clock`,
    /// `first_player_score`, `draw_rate` and `vs_first`): score to
    /// three decimals, Elo and lengths to one.
    fn json(&self) -> &str {
        &self.json
    }

    fn __repr__(&self) -> String {
        format!(
            "<varia.MatchSeries {} {} games +{} ={} -{}>",
            py_repr(&self.variant),
            self.games,
            self.wins,
            self.draws,
            self.losses
        )
    }
}

impl MatchSeries {
    fn of(py: Python<'_>, s: SeriesRecord) -> PyResult<MatchSeries> {
        let t = s.tally;
        let (elo, elo_low, elo_high) = t.elo();
        Ok(MatchSeries {
            variant: t.variant.clone(),
            entrants: t.entrants.to_vec(),
            games: t.games,
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            score: t.score(),
            elo,
            elo_low,
            elo_high,
            wins_by_player: t.players.iter().cloned().zip(t.by_player.clone()).collect(),
            causes: t.causes.clone(),
            lengths: t.plies.clone(),
            json: t.json().to_string(),
            records: s
                .games
                .into_iter()
                .map(|g| Py::new(py, MatchGame::from(g)))
                .collect::<PyResult<_>>()?,
        })
    }
}

/// The report of a match: `series`, one a variant, in the order asked. `json()` writes it as
/// `varia match --json` does (each series without its `sprt`, `clock`, `first_player_score`,
/// `draw_rate` and `vs_first`).
#[pyclass(frozen, module = "varia", get_all)]
pub struct MatchReport {
    series: Vec<Py<MatchSeries>>,
}

#[pymethods]
impl MatchReport {
    /// The report as JSON: `{"series": [...]}`.
    fn json(&self) -> String {
        let parts: Vec<&str> = self.series.iter().map(|s| s.get().json.as_str()).collect();
        format!("{{\"series\":[{}]}}", parts.join(","))
    }

    fn __repr__(&self) -> String {
        let names: Vec<String> = self
            .series
            .iter()
            .map(|s| py_repr(&s.get().variant))
            .collect();
        format!("<varia.MatchReport {}>", names.join(" "))
    }
}

/// The variants a `variants` argument names: None (the main one), a str, or a sequence of str.
fn variant_list(variants: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Option<String>>> {
    let Some(v) = variants else {
        return Ok(vec![None]);
    };
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(vec![Some(s.to_cow()?.into_owned())]);
    }
    let names: Vec<Option<String>> = v
        .try_iter()?
        .map(|item| item?.extract::<String>().map(Some))
        .collect::<PyResult<_>>()?;
    if names.is_empty() {
        return Err(VariaError::new_err(
            "match variants is empty: name at least one",
        ));
    }
    Ok(names)
}

/// The text of an `openings` argument: a sequence of lines (each a FEN or moves from the
/// start), the text of a book (a str with a line break), or a book's path.
fn openings_text(openings: &Bound<'_, PyAny>) -> PyResult<String> {
    if openings.cast::<PyString>().is_err()
        && let Ok(items) = openings.try_iter()
    {
        let lines: Vec<String> = items
            .map(|item| item?.extract::<String>())
            .collect::<PyResult<_>>()?;
        return Ok(lines.join("\n"));
    }
    Ok(source_of(openings, Some("varia"))?.text)
}

/// A count argument: a whole number in `least..=most`.
fn count(what: &str, n: i64, least: u64, most: u64) -> PyResult<u64> {
    u64::try_from(n)
        .ok()
        .filter(|n| (least..=most).contains(n))
        .ok_or_else(|| VariaError::new_err(format!("match {what} {n} is not in {least}..={most}")))
}

/// Plays a match, as `varia match` does without `--engine`, and returns its report.
///
/// Each variant of `variants` (None: the file's main one; a str; or a list of them) is a series
/// of `games` games. With only `depth`, `nodes` or `movetime` (depth 3 if none is given), each
/// game is self-play, one engine on every side, counted from the first player's side. With any of
/// `opponent_depth`, `opponent_nodes`, `opponent_movetime`, a second setting plays the first:
/// the first setting takes the first player in even games and the second in odd ones, games 2k
/// and 2k+1 sharing their opening, and the series is counted from the first setting's side.
///
/// Each game starts from the setup or a line of `openings` (a book's path, its text, or a list
/// of lines: a FEN or moves from the setup, as `--openings` reads them), then `random_plies`
/// random legal moves drawn from `seed`; it ends by the rules, by a third repetition, or as a
/// draw after `max_plies` plies. The same seed and settings give the same games (with `depth`
/// or `nodes`; a `movetime` depends on the machine); seed 0 gives `varia match`'s. `threads`
/// games are played at once, without the GIL.
///
/// `weights` (a path) is a weights file as `varia tune` writes it: the first setting (both sides
/// in self-play) evaluates with it in the series of the variant it was tuned for, as `varia
/// match --weights` does; `opponent_weights` is the second setting's.
///
/// Raises `DefinitionError`, `UnknownVariant`, `OSError` as `load` does (and for a weights file
/// that cannot be read), and `VariaError` for a bad count, limit, opening or weights file (one
/// for a variant the match does not play, or `opponent_weights` without a second setting).
#[pyfunction]
#[pyo3(name = "match", signature = (
    path_or_source, variants = None, *, games = 2, depth = None, nodes = None, movetime = None,
    opponent_depth = None, opponent_nodes = None, opponent_movetime = None, openings = None,
    random_plies = 4, max_plies = 400, seed = 0, threads = 1, format = None, weights = None,
    opponent_weights = None
))]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    path_or_source: &Bound<'_, PyAny>,
    variants: Option<&Bound<'_, PyAny>>,
    games: i64,
    depth: Option<i64>,
    nodes: Option<i64>,
    movetime: Option<i64>,
    opponent_depth: Option<i64>,
    opponent_nodes: Option<i64>,
    opponent_movetime: Option<i64>,
    openings: Option<&Bound<'_, PyAny>>,
    random_plies: i64,
    max_plies: i64,
    seed: i64,
    threads: i64,
    format: Option<&str>,
    weights: Option<std::path::PathBuf>,
    opponent_weights: Option<std::path::PathBuf>,
) -> PyResult<MatchReport> {
    if opponent_weights.is_some()
        && opponent_depth.is_none()
        && opponent_nodes.is_none()
        && opponent_movetime.is_none()
    {
        return Err(VariaError::new_err(
            "opponent_weights needs a second setting (an opponent_* limit)",
        ));
    }
    let first: SearchLimits = if depth.is_none() && nodes.is_none() && movetime.is_none() {
        search_limits(Some(3), None, None)?
    } else {
        search_limits(depth, nodes, movetime)?
    };
    let opponent =
        if opponent_depth.is_none() && opponent_nodes.is_none() && opponent_movetime.is_none() {
            None
        } else {
            Some(search_limits(
                opponent_depth,
                opponent_nodes,
                opponent_movetime,
            )?)
        };
    let settings = MatchSettings {
        games: count("games", games, 1, 1_000_000)? as usize,
        first,
        opponent,
        openings: openings.map(openings_text).transpose()?,
        random_plies: count("random_plies", random_plies, 0, 10_000)? as usize,
        max_plies: count("max_plies", max_plies, 1, 1_000_000)? as usize,
        seed: u64::try_from(seed)
            .map_err(|_| VariaError::new_err(format!("match seed {seed} is negative")))?,
        threads: count("threads", threads, 1, 256)? as usize,
        weights: weights.as_deref().map(read_weights).transpose()?,
        opponent_weights: opponent_weights.as_deref().map(read_weights).transpose()?,
    };
    let s = source_of(path_or_source, format)?;
    let mut loaded = Vec::new();
    for v in variant_list(variants)? {
        let game = core::load(&s.text, s.format, v.as_deref(), &s.name, s.path.as_deref())
            .map_err(|e| raise(py, e))?;
        loaded.push(Arc::new(game));
    }
    let played = py
        .detach(|| referee::play_match(&loaded, &settings))
        .map_err(|e| raise(py, e))?;
    Ok(MatchReport {
        series: played
            .into_iter()
            .map(|s| Py::new(py, MatchSeries::of(py, s)?))
            .collect::<PyResult<_>>()?,
    })
}

/// Reads a weights file as `varia tune` writes it; its path kept for errors.
fn read_weights(path: &std::path::Path) -> PyResult<(String, varia::search::Weights)> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("cannot read {name}: {e}")))?;
    let w = varia::search::Weights::from_json(&text)
        .map_err(|e| VariaError::new_err(format!("{name}: {e}")))?;
    Ok((name, w))
}
