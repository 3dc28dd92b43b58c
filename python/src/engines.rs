//! Matches refereed as `varia match` referees them with its options beyond a limit a move:
//! external engines (`--engine`), clocks (`--tc`), adjudication and the sequential test
//! (`--sprt`), through the crate's referee ([`varia::referee::play_games`]), for `varia.match`.

use crate::core::Error;
use crate::referee::{GameRecord, MatchSettings, Plan, SeriesRecord, books, limit_of, tuned};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use varia::Game;
use varia::referee::{
    self, DrawRule, EngineSpec, MatchConfig, Protocol, Record, ResignRule, Series, Sprt,
    TimeControl,
};
use varia::rules::PlayerId;

/// What only the library's referee plays: engines, a clock, adjudication, a sequential test.
pub struct RefereeSettings {
    /// Each engine as `--engine` takes it.
    pub engines: Vec<String>,
    pub protocol: Option<Protocol>,
    pub tc: Option<TimeControl>,
    pub time_margin: Duration,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    pub sprt: Option<Sprt>,
}

impl RefereeSettings {
    /// Tells whether any of them is asked (else the match is the package's own).
    pub fn any(&self) -> bool {
        !self.engines.is_empty()
            || self.tc.is_some()
            || self.draw.is_some()
            || self.resign.is_some()
            || self.sprt.is_some()
    }
}

/// An engine's own limit or clock (time odds) must be of the match's kind, as `varia match`
/// requires it.
fn check_odds(r: &RefereeSettings, e: &EngineSpec) -> Result<(), Error> {
    let why = match (r.tc, e.tc, e.limit) {
        (None, Some(_), _) => "its own clock (`tc=`) needs tc, varia's clock",
        (Some(_), _, Some(_)) => {
            "its own limit a move (`st=`, `depth=`, `nodes=`) cannot meet varia's clock (tc): \
             give it `tc=`"
        }
        _ => return Ok(()),
    };
    Err(Error::Value(format!("engine `{}`: {why}", e.text)))
}

/// Checks that each game can be played as asked: two players under a clock, adjudication or an
/// engine.
fn check_players(game: &Game, r: &RefereeSettings) -> Result<(), Error> {
    let players = game.rules().players.len();
    if players == 2 {
        return Ok(());
    }
    let name = &game.rules().variant;
    let what = if !r.engines.is_empty() {
        "an external engine plays only two-player games".to_string()
    } else if r.tc.is_some() {
        format!("tc needs a game of two players ({players} here)")
    } else if r.draw.is_some() || r.resign.is_some() {
        format!("adjudication needs a game of two players ({players} here)")
    } else {
        return Ok(());
    };
    Err(Error::Value(format!("{name}: {what}")))
}

/// Plays each game against each engine (or itself) as `varia match` does, and gives each
/// series' statistics and games: those of `plan`, the games it holds already played taken as
/// they are (series numbered variant by variant, engine by engine).
pub fn play(
    games: &[Arc<Game>],
    s: &MatchSettings,
    r: &RefereeSettings,
    plan: Plan,
) -> Result<Vec<SeriesRecord>, Error> {
    let specs = r
        .engines
        .iter()
        .map(|e| EngineSpec::parse(e).map_err(|m| Error::Value(format!("engine `{e}`: {m}"))))
        .collect::<Result<Vec<_>, _>>()?;
    for e in &specs {
        check_odds(r, e)?;
    }
    let books = books(games, s)?;
    let tuned = tuned(games, s)?;
    let mut series = Vec::new();
    for (k, game) in games.iter().enumerate() {
        check_players(game, r)?;
        let engines: Vec<Option<EngineSpec>> = if specs.is_empty() {
            vec![None]
        } else {
            specs.iter().cloned().map(Some).collect()
        };
        for engine in engines {
            series.push(Series {
                variant: game.rules().variant.clone(),
                game: game.clone(),
                engine,
                engine_name: None,
                home: None,
                home_name: None,
                openings: books[k].clone(),
                weights: tuned[k].0.clone(),
            });
        }
    }
    if r.sprt.is_some() {
        if series.len() != 1 || series[0].engine.is_none() {
            return Err(Error::Value(
                "sprt tests varia against one engine in one variant".into(),
            ));
        }
        if s.games % 2 == 1 {
            return Err(Error::Value(format!(
                "sprt counts games in pairs (one opening, colours swapped): games {} must be even",
                s.games
            )));
        }
    }
    referee::check_engines(&mut series, &specs, r.protocol)
        .map_err(|e| Error::Value(e.to_string()))?;
    let config = MatchConfig {
        games: s.games,
        limit: limit_of(&s.first),
        protocol: r.protocol,
        threads: s.threads,
        max_plies: s.max_plies,
        random_plies: s.random_plies,
        seed: s.seed,
        sprt: r.sprt,
        tc: r.tc,
        time_margin: r.time_margin,
        draw: r.draw,
        resign: r.resign,
    };
    // With a sequential test, shard k is batch k of its pairs.
    let shard = plan
        .shard
        .map(|(k, n)| referee::Shard::of(k, n, &config))
        .transpose()
        .map_err(Error::Value)?;
    // A played game keeps its PGN (with its engines' scores, which its record does not keep).
    let mut pgns = BTreeMap::new();
    let mut played = Vec::new();
    for g in &plan.played {
        let (record, pgn) = referee::game_of_line(&g.json(), &series)
            .map_err(|m| Error::Value(format!("played game: {m}")))?;
        pgns.insert((record.series, record.index), pgn);
        played.push(record);
    }
    let records =
        referee::play_rest(&series, &config, shard, played, || {}).map_err(Error::Value)?;
    // A shard alone is reported without the test, which looks at the batches from the first;
    // the games past the test's decision are only counted as discarded.
    let mut config = config;
    if shard.is_some() {
        config.sprt = None;
    }
    let stats = referee::stats(&series, &records, &config);
    let decided = referee::decision(&config, &records);
    let mut records = records
        .into_iter()
        .filter(|r| referee::counts(decided.as_ref(), r))
        .peekable();
    Ok(stats
        .into_iter()
        .enumerate()
        .map(|(i, stats)| {
            let mut games = Vec::new();
            while let Some(r) = records.next_if(|r| r.series == i) {
                let pgn = pgns.remove(&(r.series, r.index)).unwrap_or_else(|| {
                    let tc = referee::time_control_tags(&config, series[i].engine.as_ref());
                    referee::pgn(&r, &series[i], &tc)
                });
                games.push(game_record(&series[i].game, r, pgn));
            }
            SeriesRecord { stats, games }
        })
        .collect())
}

/// A game's record as `varia.match` reports it, with its PGN.
fn game_record(game: &Game, r: Record, pgn: String) -> GameRecord {
    let rules = game.rules();
    let name = |p: PlayerId| rules.players[p.index()].name.clone();
    GameRecord {
        series: r.series,
        index: r.index,
        start_fen: r.start_fen,
        moves: r.moves,
        winner: r.verdict.winner.map(name),
        result: referee::result_text(game, r.verdict.winner),
        cause: r.verdict.cause,
        first: name(r.varia_side.unwrap_or(PlayerId(0))),
        note: r.note,
        pgn,
        clock: r.clock,
    }
}

/// An error of an argument's words, naming the argument.
fn named(what: &'static str) -> impl Fn(String) -> Error {
    move |m| Error::Value(format!("{what}: {m}"))
}

/// The referee's settings as `varia.match`'s arguments give them, each as its `varia match` option
/// reads it (the words of a mapping or a str), the error naming the argument.
pub struct RefereeWords {
    pub engines: Vec<String>,
    pub protocol: Option<String>,
    pub tc: Option<String>,
    pub time_margin_ms: Option<u64>,
    pub draw: Vec<String>,
    pub resign: Vec<String>,
    pub sprt: Vec<String>,
}

impl RefereeWords {
    /// The settings the words give, or what is wrong with them.
    pub fn settings(self) -> Result<RefereeSettings, Error> {
        let protocol = match self.protocol.as_deref() {
            None => None,
            Some("uci") => Some(Protocol::Uci),
            Some("xboard") => Some(Protocol::Xboard),
            Some(p) => {
                return Err(Error::Value(format!(
                    "unknown protocol `{p}`: expected uci or xboard"
                )));
            }
        };
        if protocol.is_some() && self.engines.is_empty() {
            return Err(Error::Value("protocol needs an engine".into()));
        }
        let tc = self
            .tc
            .map(|t| TimeControl::parse(&t).map_err(|m| Error::Value(format!("tc `{t}`: {m}"))))
            .transpose()?;
        if self.time_margin_ms.is_some() && tc.is_none() {
            return Err(Error::Value("timemargin needs tc".into()));
        }
        Ok(RefereeSettings {
            engines: self.engines,
            protocol,
            tc,
            time_margin: Duration::from_millis(self.time_margin_ms.unwrap_or(50)),
            draw: DrawRule::parse(&self.draw).map_err(named("draw_adjudication"))?,
            resign: ResignRule::parse(&self.resign).map_err(named("resign_adjudication"))?,
            sprt: match self.sprt.is_empty() {
                true => None,
                false => Some(Sprt::parse(&self.sprt).map_err(named("sprt"))?),
            },
        })
    }
}
