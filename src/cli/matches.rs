//! `varia match`: series of games played to their end, in parallel, with a report.
//!
//! Without `--engine`, each `--variant` is a series of self-play games (one varia engine on every
//! side), and the series are reported side by side: the first player's score and Elo edge, wins,
//! draws and their causes, and game lengths. With `--engine ENGINE`, varia plays each variant
//! against the external engine (UCI or XBoard), colours alternated, varia being the referee; the
//! score is varia's. The games are the library's ([`varia::referee::play_games`]); this module
//! loads what the flags name, checks them, shows the progress and writes the report; with
//! `--results`, [`super::match_shards`] plays a shard into a results file or reads the whole
//! match from it.

use super::load::Failure;
use super::match_spec::MatchSpec;
use std::collections::BTreeMap;
use std::sync::Arc;
use varia::Game;
use varia::referee::{
    self, Crosstable, EngineSpec, Opening, Series, Shard, check_engines, counts, decision, json,
    play_games, report, stats,
};

pub fn run(mut spec: MatchSpec) -> Result<String, Failure> {
    if spec.config.games == 0 {
        return Err(Failure("error: --games must be at least 1".into()));
    }
    // With a sequential test, shard K is batch K of its pairs.
    spec.shard = spec
        .shard
        .map(|s| Shard::of(s.k, s.n, &spec.config))
        .transpose()
        .map_err(|m| Failure(format!("error: --shard: {m}")))?;
    let specs = spec
        .engines
        .iter()
        .map(|e| EngineSpec::parse(e).map_err(|m| Failure(format!("error: engine `{e}`: {m}"))))
        .collect::<Result<Vec<_>, _>>()?;
    for e in &specs {
        check_odds(&spec, e)?;
    }
    if spec.tournament && specs.is_empty() {
        return Err(Failure(
            "error: --tournament needs at least one --engine to play varia".into(),
        ));
    }
    let mut series = series_of(&spec, &specs)?;
    check_sprt(&spec, &series)?;
    check_engines(&mut series, &specs, spec.config.protocol)
        .map_err(|r| Failure(format!("error: {r}")))?;
    if let Some(path) = &spec.pgn {
        check_writable(path)?;
    }
    let games = match spec.shard {
        Some(s) => (0..spec.config.games).filter(|&i| s.holds(i)).count(),
        None => spec.config.games,
    };
    let bar = indicatif::ProgressBar::new((series.len() * games) as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let (records, mut pgns) = match &spec.results {
        Some(path) => super::match_shards::records(&spec, &series, path, || bar.inc(1))?,
        None => (
            play_games(&series, &spec.config, || bar.inc(1)),
            BTreeMap::new(),
        ),
    };
    bar.finish_and_clear();
    // What went wrong with an engine, on standard error: the report stays as it is.
    for r in records.iter().filter(|r| r.note.is_some()) {
        eprintln!(
            "game {} of {} against {}: {}: {}",
            r.index + 1,
            series[r.series].variant,
            r.opponent,
            r.verdict.cause,
            r.note.as_deref().unwrap_or_default()
        );
    }
    // A shard alone is reported without the test, which looks at the batches from the first.
    let mut config = spec.config.clone();
    if spec.shard.is_some() {
        config.sprt = None;
    }
    let decided = decision(&config, &records);
    if let Some(path) = &spec.pgn {
        let text: String = records
            .iter()
            .filter(|r| counts(decided.as_ref(), r))
            .map(|r| {
                pgns.remove(&(r.series, r.index))
                    .unwrap_or_else(|| super::match_shards::game_pgn(&spec, &series, r))
            })
            .collect();
        std::fs::write(path, text)
            .map_err(|e| Failure(format!("error: cannot write {path}: {e}")))?;
    }
    let stats = stats(&series, &records, &config);
    let table = spec.tournament.then(|| {
        let mut names = vec!["varia".to_string()];
        names.extend(specs.iter().map(|e| {
            let s = series.iter().find(|s| s.engine.as_ref() == Some(e));
            s.and_then(|s| s.engine_name.clone())
                .unwrap_or_else(|| e.text.clone())
        }));
        Crosstable::of(&names, &pairings(&spec, specs.len()), &records)
    });
    match (spec.json, table) {
        (true, None) => Ok(format!("{}\n", json(&stats))),
        (true, Some(t)) => {
            let mut v = json(&stats);
            v["tournament"] = t.json();
            Ok(format!("{v}\n"))
        }
        (false, None) => Ok(report(&stats)),
        (false, Some(t)) => Ok(format!("{}\n{}", report(&stats), t.text())),
    }
}

/// The series of a match: each variant against each engine (or itself).
fn series_of(spec: &MatchSpec, specs: &[EngineSpec]) -> Result<Vec<Series>, Failure> {
    let variants: Vec<Option<String>> = if spec.variants.is_empty() {
        vec![None]
    } else {
        spec.variants.iter().cloned().map(Some).collect()
    };
    let weights = match &spec.weights {
        Some(path) => Some((path.as_str(), super::load::read_weights(path)?)),
        None => None,
    };
    let mut series = Vec::new();
    let mut weighed = false;
    for v in &variants {
        let game = Arc::new(super::load::load_game(&spec.file, v.as_deref())?);
        let tuned = match &weights {
            Some((path, w)) => super::load::weights_for(path, w, &game)?,
            None => None,
        };
        weighed |= tuned.is_some();
        let name = game.rules().variant.clone();
        let openings = match &spec.openings {
            Some(path) => read_openings(path, &game)?,
            None => vec![(game.start(), Vec::new())],
        };
        let entrants: Vec<Option<EngineSpec>> = std::iter::once(None)
            .chain(specs.iter().cloned().map(Some))
            .collect();
        let engines: Vec<(Option<EngineSpec>, Option<EngineSpec>)> = if specs.is_empty() {
            vec![(None, None)]
        } else if spec.tournament {
            round_robin(specs.len() + 1)
                .into_iter()
                .map(|(a, b)| (entrants[a].clone(), entrants[b].clone()))
                .collect()
        } else {
            specs.iter().cloned().map(|e| (None, Some(e))).collect()
        };
        let players = game.rules().players.len();
        if spec.config.tc.is_some() && players != 2 {
            return Err(Failure(format!(
                "error: {name}: --tc needs a game of two players ({players} here): a loss on time \
                 among more is not scored yet"
            )));
        }
        if (spec.config.draw.is_some() || spec.config.resign.is_some()) && players != 2 {
            return Err(Failure(format!(
                "error: {name}: adjudication needs a game of two players ({players} here)"
            )));
        }
        for (home, e) in engines {
            if e.is_some() && game.rules().players.len() != 2 {
                return Err(Failure(format!(
                    "error: {name}: an external engine plays only two-player games"
                )));
            }
            series.push(Series {
                variant: name.clone(),
                game: game.clone(),
                engine: e,
                engine_name: None,
                home,
                home_name: None,
                openings: openings.clone(),
                weights: tuned.clone(),
            });
        }
    }
    if let Some((path, w)) = &weights
        && !weighed
    {
        return Err(Failure(format!(
            "error: {path}: the weights are for `{}`, which this match does not play",
            w.variant
        )));
    }
    Ok(series)
}

/// The pairings of a round robin of varia (entrant 0) and `engines` engines, in every variant
/// (in the order [`series_of`] makes the series): each pair of entrants once, the first the
/// entrant whose side each game names.
fn pairings(spec: &MatchSpec, engines: usize) -> Vec<(usize, usize)> {
    let variants = spec.variants.len().max(1);
    let one = round_robin(engines + 1);
    (0..variants).flat_map(|_| one.iter().copied()).collect()
}

/// Each pair of `n` entrants once, the lower number first.
fn round_robin(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect()
}

/// An engine's own limit or clock (time odds) must be of the match's kind: a clock against
/// `--tc`, a limit a move against `--depth`, `--nodes` or `--movetime`.
fn check_odds(spec: &MatchSpec, e: &EngineSpec) -> Result<(), Failure> {
    let why = match (spec.config.tc, e.tc, e.limit) {
        (None, Some(_), _) => "its own clock (`tc=`) needs --tc, varia's clock",
        (Some(_), _, Some(_)) => {
            "its own limit a move (`st=`, `depth=`, `nodes=`) cannot meet varia's clock (--tc): \
             give it `tc=`"
        }
        _ => return Ok(()),
    };
    Err(Failure(format!("error: engine `{}`: {why}", e.text)))
}

/// `--sprt` needs one series against an engine, and games in pairs.
fn check_sprt(spec: &MatchSpec, series: &[Series]) -> Result<(), Failure> {
    if spec.config.sprt.is_none() {
        return Ok(());
    }
    if series.len() != 1 || series[0].engine.is_none() {
        return Err(Failure(
            "error: --sprt tests varia against one --engine in one variant".into(),
        ));
    }
    if spec.config.games % 2 == 1 {
        return Err(Failure(format!(
            "error: --sprt counts games in pairs (one opening, colours swapped): --games {} must \
             be even",
            spec.config.games
        )));
    }
    Ok(())
}

/// Checks that the PGN file can be written before the games are played, not after them: the
/// file is opened for appending (an existing file keeps its text until the match writes it), and
/// one that did not exist is removed again.
pub(super) fn check_writable(path: &str) -> Result<(), Failure> {
    let existed = std::path::Path::new(path).exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| Failure(format!("error: cannot write {path}: {e}")))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// Reads a file of openings: one a line, a FEN or moves from the start (`#` comments).
fn read_openings(path: &str, game: &Game) -> Result<Vec<Opening>, Failure> {
    let text = super::load::read(path)?;
    referee::read_openings(&text, game).map_err(|e| match e.line {
        Some(n) => Failure(format!("error: {path}:{n}: {}", e.message)),
        None => Failure(format!("error: {path}: {}", e.message)),
    })
}
