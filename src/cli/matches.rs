//! `varia match`: series of games played to their end, in parallel, with a report.
//!
//! Without `--engine`, each `--variant` is a series of self-play games (one varia engine on every
//! side), and the series are reported side by side: the first player's score and Elo edge, wins,
//! draws and their causes, and game lengths. With `--engine ENGINE`, varia plays each variant
//! against the external engine (UCI or XBoard), colours alternated, varia being the referee; the
//! score is varia's.

use super::adjudicate::{Adjudicator, DrawRule, ResignRule};
use super::clock::{Clock, Reading, TimeControl, seconds_text};
use super::engine_process::EngineSpec;
use super::external::{EngineLimit, External, Protocol};
use super::load::Failure;
use super::match_report::{Record, Series, Stats, json, pentanomial, pgn, report};
use super::session::{Line, Verdict};
use super::sprt::Sprt;
use std::sync::Arc;
use std::time::{Duration, Instant};
use varia::referee::{self, Choice, Opening, run_jobs};
use varia::rules::PlayerId;
use varia::search::{Limits, Searcher};
use varia::{Game, Position};

/// Everything `varia match` was asked.
pub struct MatchSpec {
    pub file: String,
    pub variants: Vec<String>,
    pub games: usize,
    pub limit: EngineLimit,
    pub engines: Vec<String>,
    pub protocol: Option<Protocol>,
    pub threads: usize,
    pub json: bool,
    pub openings: Option<String>,
    pub pgn: Option<String>,
    pub max_plies: usize,
    pub random_plies: usize,
    /// A weights file varia evaluates with where its variant is played (`--weights`).
    pub weights: Option<String>,
    /// The sequential test that may end the match early (`--sprt`).
    pub sprt: Option<Sprt>,
    /// A clock for each player (`--tc`), instead of the limit.
    pub tc: Option<TimeControl>,
    /// How far past its time a move may end before it loses on time (`--timemargin`).
    pub time_margin: Duration,
    /// Adjudication from the players' scores (`--draw-adjudication`, `--resign-adjudication`).
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
}

pub fn run(spec: MatchSpec) -> Result<String, Failure> {
    if spec.games == 0 {
        return Err(Failure("error: --games must be at least 1".into()));
    }
    let specs = spec
        .engines
        .iter()
        .map(|e| EngineSpec::parse(e).map_err(|m| Failure(format!("error: engine `{e}`: {m}"))))
        .collect::<Result<Vec<_>, _>>()?;
    for e in &specs {
        check_odds(&spec, e)?;
    }
    let mut series = series_of(&spec, &specs)?;
    check_sprt(&spec, &series)?;
    // Check each engine once before the games start: a command that does not run is an error,
    // not a series of lost games.
    for e in &specs {
        let ext = External::start(e, spec.protocol)
            .map_err(|f| Failure(format!("error: engine `{}`: {}", e.text, f.detail)))?;
        for s in series.iter_mut().filter(|s| s.engine.as_ref() == Some(e)) {
            let xboard = s.game.rules().xboard_variant.as_deref();
            if ext.variant_name(&s.variant, xboard).is_none() {
                return Err(Failure(format!(
                    "error: engine `{}` does not play {}",
                    ext.name, s.variant
                )));
            }
            s.engine_name = Some(ext.name.clone());
        }
        ext.quit();
    }
    let jobs: Vec<(usize, usize)> = (0..series.len())
        .flat_map(|s| (0..spec.games).map(move |g| (s, g)))
        .collect();
    let bar = indicatif::ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    // Once the test has decided, no game starts; those under way are finished.
    let records = run_jobs(
        jobs.len(),
        spec.threads,
        |i| {
            let (s, g) = jobs[i];
            play(&series[s], s, g, &spec)
        },
        |done| {
            bar.inc(1);
            spec.sprt.is_some_and(|t| {
                let penta = pentanomial(done.iter().map(|(_, r)| r));
                t.standing(&penta).verdict.is_some()
            })
        },
    );
    bar.finish_and_clear();
    let records: Vec<Record> = records.into_iter().map(|(_, r)| r).collect();
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
    if let Some(path) = &spec.pgn {
        let text: String = records
            .iter()
            .map(|r| {
                let s = &series[r.series];
                pgn(r, s, &time_control_tags(&spec, s.engine.as_ref()))
            })
            .collect();
        std::fs::write(path, text)
            .map_err(|e| Failure(format!("error: cannot write {path}: {e}")))?;
    }
    let mut stats: Vec<Stats> = series
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let tc = spec.tc.map(|tc| {
                let theirs = s.engine.as_ref().and_then(|e| e.tc).unwrap_or(tc);
                ([tc, theirs], spec.time_margin)
            });
            let mut st = Stats::of(s, records.iter().filter(|r| r.series == i), tc);
            if let Some(l) = s.engine.as_ref().and_then(|e| e.limit) {
                st.limits = Some([limit_text(spec.limit), limit_text(l)]);
            }
            st
        })
        .collect();
    // With a test there is one series.
    if let (Some(t), Some(st)) = (spec.sprt, stats.first_mut()) {
        let penta = pentanomial(&records);
        st.sprt = Some((t, penta, t.standing(&penta)));
    }
    if spec.json {
        Ok(format!("{}\n", json(&stats)))
    } else {
        Ok(report(&stats))
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
        let engines: Vec<Option<EngineSpec>> = if specs.is_empty() {
            vec![None]
        } else {
            specs.iter().cloned().map(Some).collect()
        };
        let players = game.rules().players.len();
        if spec.tc.is_some() && players != 2 {
            return Err(Failure(format!(
                "error: {name}: --tc needs a game of two players ({players} here): a loss on time \
                 among more is not scored yet"
            )));
        }
        if (spec.draw.is_some() || spec.resign.is_some()) && players != 2 {
            return Err(Failure(format!(
                "error: {name}: adjudication needs a game of two players ({players} here)"
            )));
        }
        for e in engines {
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

/// An engine's own limit or clock (time odds) must be of the match's kind: a clock against
/// `--tc`, a limit a move against `--depth`, `--nodes` or `--movetime`.
fn check_odds(spec: &MatchSpec, e: &EngineSpec) -> Result<(), Failure> {
    let why = match (spec.tc, e.tc, e.limit) {
        (None, Some(_), _) => "its own clock (`tc=`) needs --tc, varia's clock",
        (Some(_), _, Some(_)) => {
            "its own limit a move (`st=`, `depth=`, `nodes=`) cannot meet varia's clock (--tc): \
             give it `tc=`"
        }
        _ => return Ok(()),
    };
    Err(Failure(format!("error: engine `{}`: {why}", e.text)))
}

/// A limit a move as the report writes it: `depth 6`, `nodes 5000`, `movetime 250 ms`.
fn limit_text(limit: EngineLimit) -> String {
    match limit {
        EngineLimit::Depth(d) => format!("depth {d}"),
        EngineLimit::Nodes(n) => format!("nodes {n}"),
        EngineLimit::Movetime(t) => format!("movetime {} ms", t.as_millis()),
    }
}

/// `--sprt` needs one series against an engine, and games in pairs.
fn check_sprt(spec: &MatchSpec, series: &[Series]) -> Result<(), Failure> {
    if spec.sprt.is_none() {
        return Ok(());
    }
    if series.len() != 1 || series[0].engine.is_none() {
        return Err(Failure(
            "error: --sprt tests varia against one --engine in one variant".into(),
        ));
    }
    if spec.games % 2 == 1 {
        return Err(Failure(format!(
            "error: --sprt counts games in pairs (one opening, colours swapped): --games {} must \
             be even",
            spec.games
        )));
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

/// The PGN's `TimeControl` tag, as Cute Chess writes it: the clock (`40/60`, `10+0.1`), a time a
/// move (`0.5/move`), or `-` (the PGN standard's "no time control") under a depth or node limit.
fn time_control_tag(tc: Option<TimeControl>, limit: EngineLimit) -> String {
    match (tc, limit) {
        (Some(tc), _) => tc.pgn_text(),
        (None, EngineLimit::Movetime(t)) => format!("{}/move", seconds_text(t)),
        (None, _) => "-".into(),
    }
}

/// The `TimeControl` tags of varia and of its opponent in a series (the engine's own under time
/// odds).
fn time_control_tags(spec: &MatchSpec, engine: Option<&EngineSpec>) -> [String; 2] {
    let ours = time_control_tag(spec.tc, spec.limit);
    let theirs = engine.map_or(ours.clone(), |e| {
        time_control_tag(e.tc.or(spec.tc), e.limit.unwrap_or(spec.limit))
    });
    [ours, theirs]
}

fn search_limits(limit: EngineLimit) -> Limits {
    match limit {
        EngineLimit::Depth(d) => Limits::depth(d),
        EngineLimit::Nodes(n) => Limits::nodes(n),
        EngineLimit::Movetime(t) => Limits::movetime(t),
    }
}

/// The start of game `index` of a series: the opening's position, and the line after its moves
/// and the random plies.
fn opening<'a>(series: &'a Series, index: usize, spec: &MatchSpec) -> (&'a Position, Line) {
    // Against an engine, games 2k and 2k+1 share an opening with colours swapped; in self-play
    // every game has its own.
    let pair = if series.engine.is_some() {
        index / 2
    } else {
        index
    };
    let start = &series.openings[pair % series.openings.len()].0;
    let line = referee::opening(&series.game, &series.openings, pair, spec.random_plies, 0);
    (start, line)
}

/// Plays game `index` of a series.
fn play(series: &Series, s: usize, index: usize, spec: &MatchSpec) -> Record {
    let game = &series.game;
    let (start, mut line) = opening(series, index, spec);
    // The game record starts after the opening and random plies, so that the PGN replays from
    // its FEN; an engine is told the opening's own start and every move since (not every engine
    // takes a FEN).
    let prefix = line.moves.len();
    let start_fen = game.fen(line.current());
    let origin_fen = game.fen(start);
    let mut searcher = Searcher::new(game.clone(), 8);
    if let Some(w) = &series.weights {
        searcher.set_weights(w);
    }
    let limits = search_limits(spec.limit);
    let mut record = Record {
        series: s,
        index,
        start_fen: start_fen.clone(),
        moves: Vec::new(),
        verdict: Verdict {
            winner: None,
            cause: String::new(),
        },
        varia_side: None,
        opponent: series.engine_name.clone().unwrap_or_else(|| "varia".into()),
        note: None,
        clock: None,
        evals: Vec::new(),
    };
    let mut engine = None;
    // The engine's own limit and clock under time odds, else the match's.
    let their_limit = series
        .engine
        .as_ref()
        .and_then(|e| e.limit)
        .unwrap_or(spec.limit);
    let their_tc = series.engine.as_ref().and_then(|e| e.tc).or(spec.tc);
    if let Some(cmd) = &series.engine {
        // varia takes the first player in even games, the second in odd ones.
        let side = PlayerId((index % 2) as u8);
        record.varia_side = Some(side);
        let started = External::start(cmd, spec.protocol).and_then(|mut e| {
            let fen = (origin_fen != game.fen(&game.start())).then_some(origin_fen.as_str());
            let xboard = game.rules().xboard_variant.as_deref();
            e.new_game(&series.variant, xboard, fen, their_limit, their_tc)
                .map(|_| e)
        });
        match started {
            Ok(e) => {
                record.opponent = e.name.clone();
                engine = Some(e);
            }
            Err(f) => {
                record.verdict = Verdict {
                    winner: Some(side),
                    cause: f.cause.into(),
                };
                record.note = Some(f.detail);
                return record;
            }
        }
    }
    let patience = match their_limit {
        EngineLimit::Movetime(t) => t * 3 + Duration::from_secs(2),
        _ => Duration::from_secs(120),
    };
    let mut clock = spec.tc.map(|tc| {
        let players = game.rules().players.len() as u8;
        Clock::each(
            (0..players)
                .map(|p| match record.varia_side {
                    Some(v) if v != PlayerId(p) => their_tc.unwrap_or(tc),
                    _ => tc,
                })
                .collect(),
        )
    });
    let mut judge = Adjudicator::new(spec.draw, spec.resign);
    let varia_side = record.varia_side;
    let choose = |line: &Line| {
        let side = line.current().side_to_move();
        let started = Instant::now();
        let choice = if varia_side.is_none_or(|v| v == side) {
            let limits = clock
                .as_ref()
                .map_or_else(|| limits.clone(), |c| c.limits(side));
            referee::varia_choice(&mut searcher, line.current(), &limits)
        } else {
            let e = engine.as_mut().expect("an engine plays this side");
            // Under a clock, the answer must come within the time left and the margin.
            let patience = clock.as_ref().map_or(patience, |c| {
                c.left(side) + spec.time_margin + Duration::from_millis(10)
            });
            let reading = clock.as_ref().map(|c| c.reading(side));
            let asked = (their_limit, patience, reading);
            match engine_move(e, line, &origin_fen, asked, &mut record) {
                Ok(c) => c,
                Err(v) => {
                    if let Some(c) = clock.as_mut()
                        && v.cause == "time-forfeit"
                    {
                        c.punch(side, started.elapsed().max(patience), spec.time_margin);
                    }
                    return Err(v);
                }
            }
        };
        if let Some(c) = clock.as_mut()
            && !c.punch(side, started.elapsed(), spec.time_margin)
        {
            return Err(Verdict {
                winner: Some(PlayerId(1 - side.0.min(1))),
                cause: "time-forfeit".into(),
            });
        }
        Ok(choice)
    };
    let played = referee::play_out(&mut line, spec.max_plies, choose, |side, score, plies| {
        judge.after(side, score, plies)
    });
    if let Some(e) = engine {
        e.quit();
    }
    record.moves = line.move_strings().split_off(prefix);
    record.verdict = played.verdict;
    record.evals = played.evals;
    record.clock = clock.map(|c| {
        let first = record.varia_side.unwrap_or(PlayerId(0));
        let other = PlayerId(1 - first.0.min(1));
        [c.usage(first), c.usage(other)]
    });
    record
}

/// The engine's move in the line and the score it gave, or the verdict on the game if it gave no
/// move that stands.
fn engine_move(
    e: &mut External,
    line: &Line,
    origin_fen: &str,
    (limit, patience, clock): (EngineLimit, Duration, Option<Reading>),
    record: &mut Record,
) -> Result<Choice, Verdict> {
    let game = &line.game;
    match e.best_move(
        origin_fen,
        &engine_moves(e.protocol, line),
        limit,
        patience,
        clock,
    ) {
        Ok((text, eval)) => match game.parse_move(line.current(), &text) {
            Ok(m) => Ok(Choice {
                best: Some(m),
                eval,
            }),
            Err(_) => Err(Verdict {
                winner: record.varia_side,
                cause: "engine-illegal-move".into(),
            }),
        },
        Err(f) if f.cause == "draw-claim" && fifty_moves(game, line.current()) => {
            // A definition's move limit ends its games before a claim could come; in a game
            // without one, a claim of the 50-move rule is upheld when the half-move clock allows
            // it.
            Err(Verdict {
                winner: None,
                cause: "fifty-move-claim".into(),
            })
        }
        Err(f) => Err(engine_loss(f, record)),
    }
}

/// The moves of the line as the engine reads them: varia's, but for an XBoard engine a pass (a
/// lion's step and step back, or the game's own) as XBoard's null move `@@@@`, the only pass
/// HaChu reads ([`super::xboard::xboard_move`]).
fn engine_moves(protocol: Protocol, line: &Line) -> Vec<String> {
    match protocol {
        Protocol::Uci => line.move_strings(),
        Protocol::Xboard => line
            .moves
            .iter()
            .map(|m| super::xboard::xboard_move(&line.game, m))
            .collect(),
    }
}

/// The verdict on a game the engine lost by failing: a claim the referee did not uphold is a
/// false claim; a failure of the process is noted for the user.
fn engine_loss(f: super::external::EngineFailure, record: &mut Record) -> Verdict {
    let cause = match f.cause {
        "draw-claim" | "win-claim" => "false-claim",
        c => c,
    };
    if f.log.is_some() {
        record.note = Some(f.detail);
    }
    Verdict {
        winner: record.varia_side,
        cause: cause.into(),
    }
}

/// Tells whether a claim of the 50-move rule holds: the game has no move limit of its own (which
/// would have ended it) and the half-move clock has reached 100 plies.
fn fifty_moves(game: &Game, pos: &Position) -> bool {
    game.rules().move_limit().is_none() && pos.halfmove_clock() >= 100
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lion's pass goes to an XBoard engine as `@@@@`, its capture without moving as both
    /// legs; a UCI engine is told varia's own notation.
    #[test]
    fn a_pass_in_legs_is_told_to_xboard_engines_as_the_null_move() {
        let source = include_str!("../../definitions/hachu/chu.varia");
        let game = Arc::new(varia::load_str(source, None).unwrap());
        let start = game
            .parse_fen("6k5/12/12/12/12/5g6/4pp6/4N7/12/12/12/K11 w - - 0 1")
            .unwrap();
        let mut line = Line::new(game.clone(), start);
        for m in ["e5d5,d5e5", "g12h12", "e5e6,e6e5"] {
            let m = game.parse_move(line.current(), m).unwrap();
            line.play(m);
        }
        assert_eq!(
            engine_moves(Protocol::Xboard, &line),
            ["@@@@", "g12h12", "e5e6,e6e5"]
        );
        assert_eq!(
            engine_moves(Protocol::Uci, &line),
            ["e5d5,d5e5", "g12h12", "e5e6,e6e5"]
        );
        // And `@@@@` is read back as the pass.
        let pos = game
            .parse_fen("6k5/12/12/12/12/5g6/4pp6/4N7/12/12/12/K11 w - - 0 1")
            .unwrap();
        let pass = game.parse_move(&pos, "@@@@").unwrap();
        assert!(pass.is_pass());
        assert_eq!(
            game.fen(&game.make(&pos, &pass)).split(' ').next(),
            Some("6k5/12/12/12/12/5g6/4pp6/4N7/12/12/12/K11")
        );
    }
}
