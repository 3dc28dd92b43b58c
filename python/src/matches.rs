//! `varia.match`: series of games between varia's engine and itself, between two settings of
//! it, or against external engines, under limits or clocks, adjudicated and tested as `varia
//! match` does; the report as Python objects.

use crate::args::search_limits;
use crate::core::{self, SearchLimits};
use crate::engines::{self, RefereeWords};
use crate::errors::{VariaError, raise};
use crate::match_game::MatchGame;
use crate::reading::source_of;
use crate::referee::{self, MatchSettings, Plan, SeriesRecord};
use crate::repr::py_repr;
use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyMapping, PyString};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A series of a match (one variant), counted from its first entrant's side: `variant`,
/// `entrants` (the first one first), `games`, `wins`, `draws`, `losses`, `score` in [0, 1], `elo`
/// with its 95% interval `elo_low` and `elo_high` (None where a score of 0 or 1 makes it
/// infinite), `wins_by_player` and `causes` (games by player name and by cause), `lengths` (each
/// game's plies), `records`, the games in order, and `sprt` and `clock` as `varia match --json`
/// writes them (None without a test or a clock). `json()` writes it as `varia match --json`
/// writes a series, `pgn()` its games as `varia match --pgn` writes them.
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
    /// Its `sprt` and `clock` as JSON, if any.
    sprt: Option<String>,
    clock: Option<String>,
    /// Its games as PGN, one after the other.
    pgn: String,
}

#[pymethods]
impl MatchSeries {
    /// The series as `varia match --json` writes one: score to three decimals, Elo and
    /// lengths to one.
    fn json(&self) -> &str {
        &self.json
    }

    /// The series' games as `varia match --pgn` writes them, one after the other.
    fn pgn(&self) -> &str {
        &self.pgn
    }

    /// The sequential test as `varia match --json` writes it: `elo0`, `elo1`, `alpha`, `beta`,
    /// `pentanomial`, `llr`, `lower`, `upper` and `verdict` (`"H0"`, `"H1"` or None); None
    /// without a test.
    #[getter]
    fn sprt<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        loads(py, self.sprt.as_deref())
    }

    /// The clocks as `varia match --json` writes them: `tc`, `tcs`, `margin_ms`, `ms_per_move`,
    /// `moves` and `least_left_ms`, each entrant's first; None without a clock.
    #[getter]
    fn clock<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        loads(py, self.clock.as_deref())
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

/// A JSON text as Python's `json.loads` reads it.
fn loads<'py>(py: Python<'py>, text: Option<&str>) -> PyResult<Option<Bound<'py, PyAny>>> {
    let Some(text) = text else { return Ok(None) };
    let json = py.import("json")?;
    Ok(Some(json.call_method1("loads", (text,))?))
}

impl MatchSeries {
    fn of(py: Python<'_>, s: SeriesRecord, json: &serde_json::Value) -> PyResult<MatchSeries> {
        let t = s.stats.tally;
        let field = |key: &str| (!json[key].is_null()).then(|| json[key].to_string());
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
            json: json.to_string(),
            sprt: field("sprt"),
            clock: field("clock"),
            pgn: s.games.iter().map(|g| g.pgn.as_str()).collect(),
            records: s
                .games
                .into_iter()
                .map(|g| Py::new(py, MatchGame::from(g)))
                .collect::<PyResult<_>>()?,
        })
    }
}

/// The report of a match: `series`, one a variant and engine, in the order asked. `json()`
/// writes it as `varia match --json` does, `pgn()` its games as `varia match --pgn` does.
#[pyclass(frozen, module = "varia")]
pub struct MatchReport {
    #[pyo3(get)]
    series: Vec<Py<MatchSeries>>,
    /// The report as JSON, written once.
    json: String,
    /// All its games as PGN, series after series.
    pgn: String,
}

#[pymethods]
impl MatchReport {
    /// The report as JSON: `{"series": [...]}`.
    fn json(&self) -> &str {
        &self.json
    }

    /// The games of every series as `varia match --pgn FILE` writes them to FILE: series after
    /// series, each game's PGN followed by a blank line.
    fn pgn(&self) -> &str {
        &self.pgn
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

/// The engines of an `engine` argument: None, one command (a str), or a sequence of them.
fn engine_list(engine: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(e) = engine else {
        return Ok(Vec::new());
    };
    if let Ok(s) = e.cast::<PyString>() {
        return Ok(vec![s.to_cow()?.into_owned()]);
    }
    let engines: Vec<String> = e
        .try_iter()?
        .map(|item| item?.extract::<String>())
        .collect::<PyResult<_>>()?;
    if engines.is_empty() {
        return Err(VariaError::new_err(
            "match engine is empty: name at least one",
        ));
    }
    Ok(engines)
}

/// The `NAME=VALUE` words of an option argument: None (none), a str as the command line's option
/// takes it (`"movecount=3 score=600"`), or a mapping of names to numbers.
pub(crate) fn option_words(what: &str, arg: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(arg) = arg else {
        return Ok(Vec::new());
    };
    if let Ok(s) = arg.cast::<PyString>() {
        return Ok(s.to_cow()?.split_whitespace().map(String::from).collect());
    }
    let Ok(map) = arg.cast::<PyMapping>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a str (`NAME=VALUE ...`) or a mapping of names to numbers, got {}",
            arg.get_type().name()?
        )));
    };
    let mut words = Vec::new();
    for item in map.items()?.try_iter()? {
        let (name, value): (String, Bound<'_, PyAny>) = item?.extract()?;
        // A bool is an int to Python; it is no number here.
        let number = value
            .extract::<i64>()
            .map(|v| v.to_string())
            .or_else(|_| value.extract::<f64>().map(|v| format!("{v}")));
        match number {
            Ok(n) if !value.is_instance_of::<pyo3::types::PyBool>() => {
                words.push(format!("{name}={n}"))
            }
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "{what}: {name} must be a number, got {}",
                    value.get_type().name()?
                )));
            }
        }
    }
    Ok(words)
}

/// Plays a match, as `varia match` does, and returns its report.
///
/// Each variant of `variants` (None: the file's main one; a str; or a list of them) is a series
/// of `games` games. With only `depth`, `nodes` or `movetime` (depth 3 if none is given), each
/// game is self-play, one engine on every side, counted from the first player's side. With any of
/// `opponent_depth`, `opponent_nodes`, `opponent_movetime`, a second setting plays the first:
/// the first setting takes the first player in even games and the second in odd ones, games 2k
/// and 2k+1 sharing their opening, and the series is counted from the first setting's side.
///
/// `engine` (a command, or a list of them: a series each) is an external engine, UCI or XBoard
/// (`protocol`, else UCI if it answers `uci`), given as `varia match --engine` takes it: `"cmd
/// [arg ...]"` or Cute Chess's `"cmd=PROGRAM arg=ARG option.NAME=VALUE st=0.5 ..."`. varia plays
/// it with colours alternated (games 2k and 2k+1 share their opening) and the series is counted
/// from varia's side. `tc` is a clock for each player instead of a limit a move, as `--tc`
/// reads it (`"10+0.1"`, `"40/60+0"`), a move ending more than `timemargin` milliseconds (50
/// unless given) past the time left losing on time. `draw_adjudication` (`movenumber`,
/// `movecount`, `score`) and `resign_adjudication` (`movecount`, `score`) end a game once the
/// players' scores agree, as the options of the same names do; `sprt` (`elo0`, `elo1`, `alpha`,
/// `beta`, `batch`) is the sequential test of varia against one engine in one variant, looked
/// at after each batch of `batch` pairs (1) in the order of their indices, which stops the
/// match once it decides (`games` is then the most played, and must be even; games past the
/// deciding batch are discarded). Each is a str of
/// `NAME=VALUE` words as the command line takes it, or a mapping (`{"elo0": 0, "elo1": 10}`).
///
/// Each game starts from the setup or a line of `openings` (a book's path, its text, or a list
/// of lines: a FEN or moves from the setup, as `--openings` reads them), then `random_plies`
/// random legal moves drawn from `seed`; it ends by the rules, by a third repetition, or as a
/// draw after `max_plies` plies. The same seed and settings give the same games (with `depth`
/// or `nodes`; a `movetime` depends on the machine); seed 0 gives `varia match`'s. `threads`
/// games are played at once, without the GIL.
///
/// `weights` (a path) is a weights file as `varia tune` writes it: the first setting (both sides
/// in self-play, varia against an engine) evaluates with it in the series of the variant it was
/// tuned for, as `varia match --weights` does; `opponent_weights` is the second setting's.
///
/// `pgn` (a path) is where the games are written once the match is over, as `varia match --pgn`
/// writes them (the report's `pgn()`, which gives them without a file).
///
/// `shard` `(k, n)` plays only shard `k` of `n` (from 0) of each series: the pairs of games `p`
/// with `p % n == k`, games 2p and 2p+1 (which share an opening against a second setting or an
/// engine), each the game the whole match plays under that index. `played` (MatchGame objects,
/// from shards or a results file) are games already played: the match counts each in its place
/// and plays the others, so that the report of the shards' games equals the whole match's (with
/// `depth` or `nodes` the same games; against an engine or under a clock the same indices). A
/// played game must be one of this match's (its series and index in range, its start and first
/// player those of the match's game of that index, in the shard if one is asked) and given once.
/// With `sprt`, shard `k` of `n` is batch `k` of the test (`n` the number of batches), and the
/// played games are counted before any is played, the match stopping once the test decides.
///
/// Raises `DefinitionError`, `UnknownVariant`, `OSError` as `load` does (and for a weights file
/// that cannot be read or a `pgn` file that cannot be written), `TypeError` for an argument of
/// the wrong type, and `VariaError` for a bad count, limit, opening, weights file, engine (one
/// that does not start or does not play a variant), clock, adjudication or test, or options that
/// do not go together (a second setting with an engine, a clock, adjudication or a test; `tc`
/// with a limit a move; `sprt` but against one engine in one variant; an engine, a clock or
/// adjudication in a game of more than two players), and for a bad shard (with `sprt`, not one
/// of its batches) or played game.
#[pyfunction]
#[pyo3(name = "match", signature = (
    path_or_source, variants = None, *, games = 2, depth = None, nodes = None, movetime = None,
    opponent_depth = None, opponent_nodes = None, opponent_movetime = None, openings = None,
    random_plies = 4, max_plies = 400, seed = 0, threads = 1, format = None, weights = None,
    opponent_weights = None, engine = None, protocol = None, tc = None, timemargin = None,
    draw_adjudication = None, resign_adjudication = None, sprt = None, pgn = None, shard = None,
    played = None
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
    engine: Option<&Bound<'_, PyAny>>,
    protocol: Option<String>,
    tc: Option<String>,
    timemargin: Option<i64>,
    draw_adjudication: Option<&Bound<'_, PyAny>>,
    resign_adjudication: Option<&Bound<'_, PyAny>>,
    sprt: Option<&Bound<'_, PyAny>>,
    pgn: Option<std::path::PathBuf>,
    shard: Option<(i64, i64)>,
    played: Option<&Bound<'_, PyAny>>,
) -> PyResult<MatchReport> {
    let options = RefereeWords {
        engines: engine_list(engine)?,
        protocol,
        time_margin_ms: timemargin
            .map(|t| count("timemargin", t, 0, 3_600_000))
            .transpose()?,
        tc,
        draw: option_words("draw_adjudication", draw_adjudication)?,
        resign: option_words("resign_adjudication", resign_adjudication)?,
        sprt: option_words("sprt", sprt)?,
    }
    .settings()
    .map_err(|e| raise(py, e))?;
    let second =
        opponent_depth.is_some() || opponent_nodes.is_some() || opponent_movetime.is_some();
    let own = depth.is_some() || nodes.is_some() || movetime.is_some();
    if second && options.any() {
        return Err(VariaError::new_err(
            "a second setting (an opponent_* limit) plays without engine, tc, adjudication or \
             sprt",
        ));
    }
    if options.tc.is_some() && own {
        return Err(VariaError::new_err(
            "tc is a clock instead of a limit a move: give no depth, nodes or movetime with it",
        ));
    }
    if opponent_weights.is_some() && !second {
        return Err(VariaError::new_err(
            "opponent_weights needs a second setting (an opponent_* limit)",
        ));
    }
    let first: SearchLimits = if own {
        search_limits(depth, nodes, movetime)?
    } else {
        search_limits(Some(3), None, None)?
    };
    let opponent = if second {
        Some(search_limits(
            opponent_depth,
            opponent_nodes,
            opponent_movetime,
        )?)
    } else {
        None
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
    let plan = plan(shard, played)?;
    let s = source_of(path_or_source, format)?;
    let mut loaded = Vec::new();
    for v in variant_list(variants)? {
        let game = core::load(&s.text, s.format, v.as_deref(), &s.name, s.path.as_deref())
            .map_err(|e| raise(py, e))?;
        loaded.push(Arc::new(game));
    }
    let played = py
        .detach(|| {
            if options.any() {
                engines::play(&loaded, &settings, &options, plan)
            } else {
                referee::play_match(&loaded, &settings, plan)
            }
        })
        .map_err(|e| raise(py, e))?;
    let report = report(py, played)?;
    if let Some(path) = pgn {
        std::fs::write(&path, &report.pgn)
            .map_err(|e| PyOSError::new_err(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(report)
}

/// The report of the series played, with the JSON `varia match --json` writes.
fn report(py: Python<'_>, played: Vec<SeriesRecord>) -> PyResult<MatchReport> {
    let (stats, games): (Vec<_>, Vec<_>) = played.into_iter().map(|s| (s.stats, s.games)).unzip();
    let json = varia::referee::json(&stats);
    let series: Vec<Py<MatchSeries>> = stats
        .into_iter()
        .zip(games)
        .enumerate()
        .map(|(i, (stats, games))| {
            let s = MatchSeries::of(py, SeriesRecord { stats, games }, &json["series"][i])?;
            Py::new(py, s)
        })
        .collect::<PyResult<_>>()?;
    let pgn = series.iter().map(|s| s.get().pgn.as_str()).collect();
    Ok(MatchReport {
        series,
        json: json.to_string(),
        pgn,
    })
}

/// The games a match plays and counts: `shard` `(k, n)`, and the games of `played` (MatchGame
/// objects).
fn plan(shard: Option<(i64, i64)>, played: Option<&Bound<'_, PyAny>>) -> PyResult<Plan> {
    let shard = match shard {
        None => None,
        Some((k, n)) if n >= 1 && (0..n).contains(&k) => Some((k as usize, n as usize)),
        Some((k, n)) => {
            return Err(VariaError::new_err(format!(
                "match shard ({k}, {n}) is not (k, n) with 0 <= k < n"
            )));
        }
    };
    let mut games = Vec::new();
    if let Some(played) = played {
        for item in played.try_iter()? {
            let item = item?;
            let Ok(game) = item.cast::<MatchGame>() else {
                return Err(PyTypeError::new_err(format!(
                    "played must hold varia.MatchGame objects, got {}",
                    item.get_type().name()?
                )));
            };
            games.push(game.get().record());
        }
    }
    Ok(Plan {
        shard,
        played: games,
    })
}

/// Reads a weights file as `varia tune` writes it; its path kept for errors.
fn read_weights(path: &std::path::Path) -> PyResult<(String, varia::search::Weights)> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| PyOSError::new_err(format!("cannot read {name}: {e}")))?;
    let w = varia::search::Weights::from_json(&text)
        .map_err(|e| VariaError::new_err(format!("{name}: {e}")))?;
    Ok((name, w))
}
