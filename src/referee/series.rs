//! The games of `varia match` and of the Python package's `match` against external engines or
//! in self-play: each game of each [`Series`] played out from its opening under a limit a move or
//! a clock, with adjudication, in parallel, stopped early once a sequential test decides, and
//! the records counted into each series' [`Stats`].

use super::adjudicate::{Adjudicator, DrawRule, ResignRule};
use super::clock::{Clock, Reading, TimeControl, seconds_text};
use super::engine_process::{EngineLimit, EngineSpec};
use super::external::{EngineFailure, External, Protocol, xboard_move};
use super::report::{Record, Series, Stats, pair_bins};
use super::sprt::{Decision, Sprt};
use super::{Choice, Line, Verdict, run_jobs};
use crate::engine::{Game, Position};
use crate::rules::PlayerId;
use crate::search::{Limits, Searcher};
use std::time::{Duration, Instant};

/// How the games of a match are played: as many games a series, each side's limit a move or
/// clock, the engines' protocol, the threads, how a game starts and may end, and the sequential
/// test that may stop the match early.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games a series (the most, with a sequential test).
    pub games: usize,
    /// varia's limit a move, and an engine's without its own (`--depth`, `--nodes`,
    /// `--movetime`).
    pub limit: EngineLimit,
    /// The engines' protocol; `None`: UCI if an engine answers it, else XBoard.
    pub protocol: Option<Protocol>,
    /// Games played at once.
    pub threads: usize,
    /// Plies a game may last after its opening before it is drawn (`ply-cap`).
    pub max_plies: usize,
    /// Random plies after each opening.
    pub random_plies: usize,
    /// The seed of the random plies; `varia match` plays seed 0.
    pub seed: u64,
    /// The sequential test that may end the match early (`--sprt`).
    pub sprt: Option<Sprt>,
    /// A clock for each player (`--tc`), instead of the limit.
    pub tc: Option<TimeControl>,
    /// How far past its time a move may end before it loses on time (`--timemargin`).
    pub time_margin: Duration,
    /// Adjudication of a draw from the players' scores (`--draw-adjudication`).
    pub draw: Option<DrawRule>,
    /// Adjudication of a loss from the players' scores (`--resign-adjudication`).
    pub resign: Option<ResignRule>,
}

/// Why an engine cannot play a match, found before its games start.
#[derive(Debug, thiserror::Error)]
pub enum EngineRefusal {
    /// The engine's command does not start, or does not speak its protocol.
    #[error("engine `{engine}`: {detail}")]
    Failed {
        /// The engine as given.
        engine: String,
        /// What happened.
        detail: String,
    },
    /// The engine does not list a variant of the match.
    #[error("engine `{name}` does not play {variant}")]
    Unplayed {
        /// The engine's name, as it gave it.
        name: String,
        /// The variant.
        variant: String,
    },
}

/// Checks each engine once before the games start, so that a command that does not run is an
/// error, not a series of lost games, and names each series' engine as it names itself.
pub fn check_engines(
    series: &mut [Series],
    engines: &[EngineSpec],
    protocol: Option<Protocol>,
) -> Result<(), EngineRefusal> {
    for e in engines {
        let ext = External::start(e, protocol).map_err(|f| EngineRefusal::Failed {
            engine: e.text.clone(),
            detail: f.detail,
        })?;
        for s in series.iter_mut() {
            let (away, home) = (s.engine.as_ref() == Some(e), s.home.as_ref() == Some(e));
            if !away && !home {
                continue;
            }
            let xboard = s.game.rules().xboard_variant.as_deref();
            if ext.variant_name(&s.variant, xboard).is_none() {
                return Err(EngineRefusal::Unplayed {
                    name: ext.name.clone(),
                    variant: s.variant.clone(),
                });
            }
            if away {
                s.engine_name = Some(ext.name.clone());
            }
            if home {
                s.home_name = Some(ext.name.clone());
            }
        }
        ext.quit();
    }
    Ok(())
}

/// Plays every game of every series, `config.threads` at a time, and gives their records in
/// order (series by series); `tick` is called after each game. The games start in the order of
/// their indices; once the sequential test has decided ([`decision`]), no game starts, and
/// those under way are finished (and discarded by the test).
pub fn play_games(series: &[Series], config: &MatchConfig, tick: impl Fn() + Sync) -> Vec<Record> {
    let jobs: Vec<(usize, usize)> = (0..series.len())
        .flat_map(|s| (0..config.games).map(move |g| (s, g)))
        .collect();
    play_jobs(series, config, &jobs, Some(&[]), tick)
}

/// Plays the games `jobs` names (series, index), as [`play_games`] plays them: with `looks`
/// (the games played before), stopped once the sequential test, if any, is over on those and
/// the new ones; without, every one.
pub(super) fn play_jobs(
    series: &[Series],
    config: &MatchConfig,
    jobs: &[(usize, usize)],
    looks: Option<&[&Record]>,
    tick: impl Fn() + Sync,
) -> Vec<Record> {
    let records = run_jobs(
        jobs.len(),
        config.threads,
        |i| {
            let (s, g) = jobs[i];
            play(&series[s], s, g, config)
        },
        |done| {
            tick();
            let (Some(t), Some(before)) = (config.sprt, looks) else {
                return false;
            };
            let all = before.iter().copied().chain(done.iter().map(|(_, r)| r));
            t.decide(&pair_bins(all), config.games / 2).over
        },
    );
    records.into_iter().map(|(_, r)| r).collect()
}

/// What the sequential test, if any, decides on the games played: the pairs it counts (those
/// of its batches over in a row from the first, up to the one that decided it), their counts and
/// its standing, and the games played past them (discarded).
pub fn decision(config: &MatchConfig, records: &[Record]) -> Option<Decision> {
    let t = config.sprt?;
    let mut d = t.decide(&pair_bins(records), config.games / 2);
    d.discarded = records.iter().filter(|r| r.index / 2 >= d.pairs).count();
    Some(d)
}

/// Tells whether a game counts in the report: every game without a test; with one, the games
/// of the pairs it counts.
pub fn counts(decision: Option<&Decision>, r: &Record) -> bool {
    decision.is_none_or(|d| r.index / 2 < d.pairs)
}

/// The statistics of each series from the records of its games, with the clocks, each
/// entrant's limit under time odds and, with a test (one series), what it decided: the games
/// it counts are counted, those past its decision only as discarded.
pub fn stats(series: &[Series], records: &[Record], config: &MatchConfig) -> Vec<Stats> {
    let decided = decision(config, records);
    let counted: Vec<&Record> = records
        .iter()
        .filter(|r| counts(decided.as_ref(), r))
        .collect();
    let mut stats: Vec<Stats> = series
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let tc = config.tc.map(|tc| {
                let own = |e: &Option<EngineSpec>| e.as_ref().and_then(|e| e.tc).unwrap_or(tc);
                ([own(&s.home), own(&s.engine)], config.time_margin)
            });
            let mut st = Stats::of(s, counted.iter().copied().filter(|r| r.series == i), tc);
            let limit = |e: &Option<EngineSpec>| e.as_ref().and_then(|e| e.limit);
            if limit(&s.home).is_some() || limit(&s.engine).is_some() {
                let text = |e| limit_text(limit(e).unwrap_or(config.limit));
                st.limits = Some([text(&s.home), text(&s.engine)]);
            }
            st
        })
        .collect();
    if let (Some(t), Some(d), Some(st)) = (config.sprt, decided, stats.first_mut()) {
        st.sprt = Some((t, d));
    }
    stats
}

/// A limit a move as the report writes it: `depth 6`, `nodes 5000`, `movetime 250 ms`.
fn limit_text(limit: EngineLimit) -> String {
    match limit {
        EngineLimit::Depth(d) => format!("depth {d}"),
        EngineLimit::Nodes(n) => format!("nodes {n}"),
        EngineLimit::Movetime(t) => format!("movetime {} ms", t.as_millis()),
    }
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
pub fn time_control_tags(config: &MatchConfig, engine: Option<&EngineSpec>) -> [String; 2] {
    let ours = time_control_tag(config.tc, config.limit);
    let theirs = engine.map_or(ours.clone(), |e| {
        time_control_tag(e.tc.or(config.tc), e.limit.unwrap_or(config.limit))
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
fn opening<'a>(series: &'a Series, index: usize, config: &MatchConfig) -> (&'a Position, Line) {
    // Against an engine, games 2k and 2k+1 share an opening with colours swapped; in self-play
    // every game has its own.
    let pair = if series.engine.is_some() {
        index / 2
    } else {
        index
    };
    let start = &series.openings[pair % series.openings.len()].0;
    let line = super::opening(
        &series.game,
        &series.openings,
        pair,
        config.random_plies,
        config.seed,
    );
    (start, line)
}

/// The FEN game `index` of a series starts from, after its opening and random plies.
pub(super) fn game_start(series: &Series, index: usize, config: &MatchConfig) -> String {
    let (_, line) = opening(series, index, config);
    series.game.fen(line.current())
}

/// Plays game `index` of a series.
fn play(series: &Series, s: usize, index: usize, config: &MatchConfig) -> Record {
    let game = &series.game;
    let (start, mut line) = opening(series, index, config);
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
    let limits = search_limits(config.limit);
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
        entrant: series.home_name.clone().unwrap_or_else(|| "varia".into()),
        note: None,
        clock: None,
        evals: Vec::new(),
    };
    // varia (or the engine in its place) takes the first player in even games, the second in
    // odd ones, against an engine.
    if series.engine.is_some() {
        record.varia_side = Some(PlayerId((index % 2) as u8));
    }
    let varia_side = record.varia_side;
    let other = varia_side.map(|v| PlayerId(1 - v.0.min(1)));
    let fen = (origin_fen != game.fen(&game.start())).then_some(origin_fen.as_str());
    let mut seats = [None, None];
    for (i, (spec, loser)) in [(&series.home, varia_side), (&series.engine, other)]
        .into_iter()
        .enumerate()
    {
        let Some(cmd) = spec else { continue };
        match Seat::start(cmd, series, config, fen) {
            Ok(seat) => {
                if i == 0 {
                    record.entrant = seat.ext.name.clone();
                } else {
                    record.opponent = seat.ext.name.clone();
                }
                seats[i] = Some(seat);
            }
            Err(f) => {
                for s in seats.into_iter().flatten() {
                    s.ext.quit();
                }
                record.verdict = Verdict {
                    winner: loser.map(|l| PlayerId(1 - l.0.min(1))),
                    cause: f.cause.into(),
                };
                record.note = Some(f.detail);
                return record;
            }
        }
    }
    let own_tc = |s: &Option<Seat>, tc| s.as_ref().and_then(|s| s.tc).unwrap_or(tc);
    let mut clock = config.tc.map(|tc| {
        let players = game.rules().players.len() as u8;
        Clock::each(
            (0..players)
                .map(|p| match varia_side {
                    Some(v) if v != PlayerId(p) => own_tc(&seats[1], tc),
                    _ => own_tc(&seats[0], tc),
                })
                .collect(),
        )
    });
    let mut judge = Adjudicator::new(config.draw, config.resign);
    let choose = |line: &Line| {
        let side = line.current().side_to_move();
        let started = Instant::now();
        let home = varia_side.is_none_or(|v| v == side);
        let seat = &mut seats[(!home) as usize];
        let choice = match seat {
            None => {
                let limits = clock
                    .as_ref()
                    .map_or_else(|| limits.clone(), |c| c.limits(side));
                super::varia_choice(&mut searcher, line.current(), &limits)
            }
            Some(seat) => {
                // Under a clock, the answer must come within the time left and the margin.
                let patience = clock.as_ref().map_or(seat.patience, |c| {
                    c.left(side) + config.time_margin + Duration::from_millis(10)
                });
                let reading = clock.as_ref().map(|c| c.reading(side));
                let asked = (seat.limit, patience, reading);
                let winner = Some(PlayerId(1 - side.0.min(1)));
                match engine_move(&mut seat.ext, line, &origin_fen, asked, winner, &mut record) {
                    Ok(c) => c,
                    Err(v) => {
                        if let Some(c) = clock.as_mut()
                            && v.cause == "time-forfeit"
                        {
                            c.punch(side, started.elapsed().max(patience), config.time_margin);
                        }
                        return Err(v);
                    }
                }
            }
        };
        if let Some(c) = clock.as_mut()
            && !c.punch(side, started.elapsed(), config.time_margin)
        {
            return Err(Verdict {
                winner: Some(PlayerId(1 - side.0.min(1))),
                cause: "time-forfeit".into(),
            });
        }
        Ok(choice)
    };
    let played = super::play_out(&mut line, config.max_plies, choose, |side, score, plies| {
        judge.after(side, score, plies)
    });
    for s in seats.into_iter().flatten() {
        s.ext.quit();
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
    winner: Option<PlayerId>,
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
                winner,
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
        Err(f) => Err(engine_loss(f, winner, record)),
    }
}

/// The moves of the line as the engine reads them: varia's, but for an XBoard engine a pass (a
/// lion's step and step back, or the game's own) as XBoard's null move `@@@@`, the only pass
/// HaChu reads ([`xboard_move`]).
fn engine_moves(protocol: Protocol, line: &Line) -> Vec<String> {
    match protocol {
        Protocol::Uci => line.move_strings(),
        Protocol::Xboard => line
            .moves
            .iter()
            .map(|m| xboard_move(&line.game, m))
            .collect(),
    }
}

/// The verdict on a game the engine lost by failing: a claim the referee did not uphold is a
/// false claim; a failure of the process is noted for the user.
fn engine_loss(f: EngineFailure, winner: Option<PlayerId>, record: &mut Record) -> Verdict {
    let cause = match f.cause {
        "draw-claim" | "win-claim" => "false-claim",
        c => c,
    };
    if f.log.is_some() {
        record.note = Some(f.detail);
    }
    Verdict {
        winner,
        cause: cause.into(),
    }
}

/// An engine at the board: its process, and its own limit a move and clock under time odds,
/// else the match's, and how long a move may take before it is given up.
struct Seat {
    ext: External,
    limit: EngineLimit,
    tc: Option<TimeControl>,
    patience: Duration,
}

impl Seat {
    /// Starts the engine on a new game of the series (from the FEN of the opening, if not the
    /// game's start).
    fn start(
        cmd: &EngineSpec,
        series: &Series,
        config: &MatchConfig,
        fen: Option<&str>,
    ) -> Result<Seat, EngineFailure> {
        let limit = cmd.limit.unwrap_or(config.limit);
        let tc = cmd.tc.or(config.tc);
        let xboard = series.game.rules().xboard_variant.as_deref();
        let mut ext = External::start(cmd, config.protocol)?;
        ext.new_game(&series.variant, xboard, fen, limit, tc)?;
        let patience = match limit {
            EngineLimit::Movetime(t) => t * 3 + Duration::from_secs(2),
            _ => Duration::from_secs(120),
        };
        Ok(Seat {
            ext,
            limit,
            tc,
            patience,
        })
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
    use std::sync::Arc;

    /// A lion's pass goes to an XBoard engine as `@@@@`, its capture without moving as both
    /// legs; a UCI engine is told varia's own notation.
    #[test]
    fn a_pass_in_legs_is_told_to_xboard_engines_as_the_null_move() {
        let source = include_str!("../../definitions/hachu/chu.varia");
        let game = Arc::new(crate::load_str(source, None).unwrap());
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
