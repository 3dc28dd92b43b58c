//! `varia match`: series of games played to their end, in parallel, with a report.
//!
//! Without `--engine`, each `--variant` is a series of self-play games (one varia engine on every
//! side), and the series are reported side by side: the first player's score and Elo edge, wins,
//! draws and their causes, and game lengths. With `--engine ENGINE`, varia plays each variant
//! against the external engine (UCI or XBoard), colours alternated, varia being the referee; the
//! score is varia's.

use super::engine_process::EngineSpec;
use super::external::{EngineLimit, External, Protocol};
use super::load::Failure;
use super::session::{Line, Rng, Verdict};
use super::sprt::{Sprt, Standing};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use varia::Move;
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
}

/// One series: a variant, played by varia against itself or against an engine.
struct Series {
    variant: String,
    game: Arc<Game>,
    engine: Option<EngineSpec>,
    /// The engine's name, as it gave it when it was checked before the games (its command's
    /// first word if it gave none): a game it fails to start is still reported against it.
    engine_name: Option<String>,
    openings: Vec<(Position, Vec<Move>)>,
    /// Tuned terms varia evaluates with.
    weights: Option<varia::search::Weights>,
}

/// One finished game.
struct Record {
    series: usize,
    index: usize,
    start_fen: String,
    moves: Vec<String>,
    verdict: Verdict,
    /// The player varia played against an engine (`None` in self-play).
    varia_side: Option<PlayerId>,
    opponent: String,
    /// What went wrong with the engine, if it lost so (its standard error quoted).
    note: Option<String>,
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
    check_sprt(&spec, &series)?;
    // Check each engine once before the games start: a command that does not run is an error,
    // not a series of lost games.
    for e in &specs {
        let ext = External::start(e, spec.protocol)
            .map_err(|f| Failure(format!("error: engine `{}`: {}", e.text, f.detail)))?;
        for s in series.iter_mut().filter(|s| s.engine.as_ref() == Some(e)) {
            if ext.variant_name(&s.variant).is_none() {
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
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    let records = Mutex::new(Vec::new());
    let bar = indicatif::ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let threads = spec.threads.max(1).min(jobs.len());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                // Once the test has decided, no game starts; those under way are finished.
                while !decided.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(s, g)) = jobs.get(i) else { break };
                    let r = play(&series[s], s, g, &spec);
                    if let Ok(mut rs) = records.lock() {
                        rs.push(r);
                        if let Some(t) = &spec.sprt
                            && t.standing(&pentanomial(&rs)).verdict.is_some()
                        {
                            decided.store(true, Ordering::Relaxed);
                        }
                    }
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    let mut records = records.into_inner().unwrap_or_default();
    records.sort_by_key(|r| (r.series, r.index));
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
        let text: String = records.iter().map(|r| pgn(r, &series[r.series])).collect();
        std::fs::write(path, text)
            .map_err(|e| Failure(format!("error: cannot write {path}: {e}")))?;
    }
    let mut stats: Vec<Stats> = series
        .iter()
        .enumerate()
        .map(|(i, s)| Stats::of(s, records.iter().filter(|r| r.series == i)))
        .collect();
    // With a test there is one series.
    if let (Some(t), Some(st)) = (spec.sprt, stats.first_mut()) {
        let penta = pentanomial(&records);
        st.sprt = Some((t, penta, t.standing(&penta)));
    }
    if spec.json {
        let v = serde_json::json!({ "series": stats.iter().map(Stats::json).collect::<Vec<_>>() });
        Ok(format!("{v}\n"))
    } else {
        Ok(report(&stats))
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
fn read_openings(path: &str, game: &Game) -> Result<Vec<(Position, Vec<Move>)>, Failure> {
    let text = super::load::read(path)?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut pos = game.start();
        let mut moves = Vec::new();
        let as_moves = line
            .split_whitespace()
            .all(|m| match game.parse_move(&pos, m) {
                Ok(mv) => {
                    game.play_unchecked(&mut pos, &mv);
                    moves.push(mv);
                    true
                }
                Err(_) => false,
            });
        if as_moves {
            out.push((game.start(), moves));
        } else {
            let pos = game.parse_fen(line).map_err(|e| {
                Failure(format!(
                    "error: {path}:{}: neither legal moves of {} nor a FEN ({e})",
                    n + 1,
                    game.rules().variant
                ))
            })?;
            out.push((pos, Vec::new()));
        }
    }
    if out.is_empty() {
        return Err(Failure(format!("error: {path}: no opening")));
    }
    Ok(out)
}

fn search_limits(limit: EngineLimit) -> Limits {
    match limit {
        EngineLimit::Depth(d) => Limits::depth(d),
        EngineLimit::Nodes(n) => Limits::nodes(n),
        EngineLimit::Movetime(t) => Limits::movetime(t),
    }
}

/// Plays game `index` of a series.
fn play(series: &Series, s: usize, index: usize, spec: &MatchSpec) -> Record {
    let game = &series.game;
    // Against an engine, games 2k and 2k+1 share an opening with colours swapped; in self-play
    // every game has its own.
    let pair = if series.engine.is_some() {
        index / 2
    } else {
        index
    };
    let (start, fixed) = &series.openings[pair % series.openings.len()];
    let mut line = Line::new(game.clone(), start.clone());
    for m in fixed {
        line.play(*m);
    }
    let mut rng = Rng::new((pair / series.openings.len()) as u64 * 7919 + 17);
    for _ in 0..spec.random_plies {
        if line.verdict().is_some() {
            break;
        }
        let moves = game.legal_moves(line.current());
        line.play(moves[rng.below(moves.len())]);
    }
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
    };
    let mut engine = None;
    if let Some(cmd) = &series.engine {
        // varia takes the first player in even games, the second in odd ones.
        let side = PlayerId((index % 2) as u8);
        record.varia_side = Some(side);
        let started = External::start(cmd, spec.protocol).and_then(|mut e| {
            let fen = (origin_fen != game.fen(&game.start())).then_some(origin_fen.as_str());
            e.new_game(&series.variant, fen, spec.limit).map(|_| e)
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
    let patience = match spec.limit {
        EngineLimit::Movetime(t) => t * 3 + Duration::from_secs(2),
        _ => Duration::from_secs(120),
    };
    let verdict = loop {
        if let Some(v) = line.verdict() {
            break v;
        }
        if line.moves.len() - prefix >= spec.max_plies {
            break Verdict {
                winner: None,
                cause: "ply-cap".into(),
            };
        }
        let side = line.current().side_to_move();
        let varia_moves = record.varia_side.is_none_or(|v| v == side);
        let m = if varia_moves {
            searcher.search(line.current(), &limits, &mut |_| {}).best
        } else {
            let e = engine.as_mut().expect("an engine plays this side");
            match e.best_move(&origin_fen, &line.move_strings(), spec.limit, patience) {
                Ok(text) => match game.parse_move(line.current(), &text) {
                    Ok(m) => Some(m),
                    Err(_) => {
                        break Verdict {
                            winner: record.varia_side,
                            cause: "engine-illegal-move".into(),
                        };
                    }
                },
                Err(f) if f.cause == "draw-claim" && fifty_moves(game, line.current()) => {
                    // A definition's move limit ends its games before a claim could come;
                    // in a game without one, a claim of the 50-move rule is upheld when the
                    // half-move clock allows it.
                    break Verdict {
                        winner: None,
                        cause: "fifty-move-claim".into(),
                    };
                }
                Err(f) => break engine_loss(f, &mut record),
            }
        };
        match m {
            Some(m) => line.play(m),
            None => {
                break Verdict {
                    winner: None,
                    cause: "no-move".into(),
                };
            }
        }
    };
    if let Some(e) = engine {
        e.quit();
    }
    record.moves = line.move_strings().split_off(prefix);
    record.verdict = verdict;
    record
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

/// The results of a series, seen from its first entrant: the first player in self-play, varia
/// against an engine.
struct Stats {
    variant: String,
    entrants: [String; 2],
    players: Vec<String>,
    games: usize,
    wins: usize,
    draws: usize,
    losses: usize,
    /// Wins of each player (by turn order).
    by_player: Vec<usize>,
    causes: BTreeMap<String, usize>,
    plies: Vec<usize>,
    /// The sequential test, its pentanomial counts and its standing (`--sprt`).
    sprt: Option<(Sprt, [usize; 5], Standing)>,
}

/// The pentanomial counts of varia's pairs of games against an engine.
fn pentanomial(records: &[Record]) -> [usize; 5] {
    super::sprt::pentanomial(records.iter().map(|r| {
        let score = match r.verdict.winner {
            None => 0.5,
            Some(w) if Some(w) == r.varia_side => 1.0,
            Some(_) => 0.0,
        };
        (r.index, score)
    }))
}

impl Stats {
    fn of<'a>(s: &Series, records: impl Iterator<Item = &'a Record>) -> Stats {
        let players: Vec<String> = s
            .game
            .rules()
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect();
        let mut st = Stats {
            variant: s.variant.clone(),
            entrants: ["varia".into(), "varia".into()],
            by_player: vec![0; players.len()],
            players,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            causes: BTreeMap::new(),
            plies: Vec::new(),
            sprt: None,
        };
        for r in records {
            st.games += 1;
            st.entrants[1] = r.opponent.clone();
            let first = r.varia_side.unwrap_or(PlayerId(0));
            match r.verdict.winner {
                None => st.draws += 1,
                Some(w) => {
                    st.by_player[w.index()] += 1;
                    if w == first {
                        st.wins += 1;
                    } else {
                        st.losses += 1;
                    }
                }
            }
            *st.causes.entry(r.verdict.cause.clone()).or_default() += 1;
            st.plies.push(r.moves.len());
        }
        st
    }

    fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games as f64
    }

    /// The Elo difference the score implies, with its 95% interval (from the spread of the
    /// per-game scores); `None` where the score is 0 or 1.
    fn elo(&self) -> (Option<f64>, Option<f64>, Option<f64>) {
        let n = self.games as f64;
        let s = self.score();
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n.max(1.0);
        let margin = 1.96 * (var / n.max(1.0)).sqrt();
        let elo = |p: f64| (p > 0.0 && p < 1.0).then(|| -400.0 * (1.0 / p - 1.0).log10());
        (elo(s), elo(s - margin), elo(s + margin))
    }

    fn lengths(&self) -> (f64, f64, usize, usize) {
        let n = self.plies.len().max(1) as f64;
        let mean = self.plies.iter().sum::<usize>() as f64 / n;
        let var = self
            .plies
            .iter()
            .map(|&p| (p as f64 - mean).powi(2))
            .sum::<f64>()
            / n;
        (
            mean,
            var.sqrt(),
            self.plies.iter().copied().min().unwrap_or(0),
            self.plies.iter().copied().max().unwrap_or(0),
        )
    }

    fn json(&self) -> serde_json::Value {
        let (elo, low, high) = self.elo();
        let (mean, sd, min, max) = self.lengths();
        // `+ 0.0` writes no difference as 0.0, not -0.0.
        let round = |x: f64| (x * 10.0).round() / 10.0 + 0.0;
        serde_json::json!({
            "variant": self.variant,
            "entrants": self.entrants,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": (self.score() * 1000.0).round() / 1000.0,
            "elo": elo.map(round),
            "elo_low": low.map(round),
            "elo_high": high.map(round),
            "wins_by_player": self.players.iter().cloned().zip(self.by_player.iter().copied())
                .collect::<BTreeMap<String, usize>>(),
            "causes": self.causes,
            "plies": { "mean": round(mean), "sd": round(sd), "min": min, "max": max },
            "sprt": self.sprt.map(|(t, penta, st)| t.json(&penta, &st)),
        })
    }
}

/// An Elo difference as the report writes it: signed, `0` (never `-0`) for no difference,
/// `-inf` or `+inf` for a bound at a score of 0 or 1.
fn elo_text(e: Option<f64>, side: &str) -> String {
    match e.map(f64::round) {
        None => format!("{side}inf"),
        Some(0.0) => "0".into(),
        Some(v) => format!("{v:+.0}"),
    }
}

/// The report as text: one column per series.
fn report(stats: &[Stats]) -> String {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row = |label: &str, f: &dyn Fn(&Stats) -> String| {
        rows.push((label.to_string(), stats.iter().map(f).collect()));
    };
    row("variant", &|s| s.variant.clone());
    row("entrants", &|s| {
        format!("{} vs {}", s.entrants[0], s.entrants[1])
    });
    row("games", &|s| s.games.to_string());
    row("wins / draws / losses", &|s| {
        format!("{} / {} / {}", s.wins, s.draws, s.losses)
    });
    row("score (first entrant)", &|s| format!("{:.3}", s.score()));
    row("Elo [95% interval]", &|s| {
        let (e, l, h) = s.elo();
        if e.is_none() {
            // A score of 0 or 1: an infinite difference, and no spread to bound it by.
            let all = if s.score() > 0.5 {
                "+inf (every game won)"
            } else {
                "-inf (every game lost)"
            };
            all.to_string()
        } else {
            format!(
                "{} [{}, {}]",
                elo_text(e, ""),
                elo_text(l, "-"),
                elo_text(h, "+")
            )
        }
    });
    let players = stats.iter().map(|s| s.players.len()).max().unwrap_or(0);
    for p in 0..players {
        row(&format!("wins of player {}", p + 1), &|s| {
            s.players
                .get(p)
                .map_or("".into(), |n| format!("{} {n}", s.by_player[p]))
        });
    }
    let mut causes: Vec<String> = stats
        .iter()
        .flat_map(|s| s.causes.keys().cloned())
        .collect();
    causes.sort();
    causes.dedup();
    for c in &causes {
        row(&format!("ended by {c}"), &|s| {
            s.causes.get(c).copied().unwrap_or(0).to_string()
        });
    }
    if stats.iter().any(|s| s.sprt.is_some()) {
        row("pairs 0 / ½ / 1 / 1½ / 2", &|s| {
            s.sprt.map_or(String::new(), |(_, p, _)| {
                format!("{} / {} / {} / {} / {}", p[0], p[1], p[2], p[3], p[4])
            })
        });
        row("SPRT", &|s| {
            s.sprt.map_or(String::new(), |(t, _, st)| t.text(&st))
        });
    }
    row("plies: mean ± sd", &|s| {
        let (m, sd, _, _) = s.lengths();
        format!("{m:.1} ± {sd:.1}")
    });
    row("plies: min - max", &|s| {
        let (_, _, lo, hi) = s.lengths();
        format!("{lo} - {hi}")
    });
    let label_w = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let col_w: Vec<usize> = (0..stats.len())
        .map(|i| {
            rows.iter()
                .map(|r| r.1[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    // Padded by hand: `format!`'s widths stop at 65,535 (an engine's `id name` may be longer).
    let pad = |n: usize, text: &str| " ".repeat(n.saturating_sub(text.chars().count()));
    for (label, cells) in rows {
        out += &label;
        out += &pad(label_w, &label);
        for (i, c) in cells.iter().enumerate() {
            out += "  ";
            out += &pad(col_w[i], c);
            out += c;
        }
        out += "\n";
    }
    out
}

/// A game's moves in SAN, replayed from its start; a move that does not replay (which cannot
/// happen for a game varia refereed) keeps its coordinates, and so do the moves after it.
fn san_line(game: &Game, start_fen: &str, moves: &[String]) -> Vec<String> {
    let mut pos = game.parse_fen(start_fen).ok();
    moves
        .iter()
        .map(|text| {
            let Some(p) = pos.as_mut() else {
                return text.clone();
            };
            match game.parse_move(p, text) {
                Ok(m) => {
                    let san = game.san(p, &m);
                    game.play_unchecked(p, &m);
                    san
                }
                Err(_) => {
                    pos = None;
                    text.clone()
                }
            }
        })
        .collect()
}

/// A game as PGN: the variant and start FEN in the headers, the moves in SAN (`varia show FILE
/// --variant V --fen FEN --moves ...` replays their coordinates, which `varia match --json`
/// keeps).
fn pgn(r: &Record, s: &Series) -> String {
    let rules = s.game.rules();
    let two = rules.players.len() == 2;
    let result = match (r.verdict.winner, two) {
        (None, _) => "1/2-1/2",
        (Some(PlayerId(0)), true) => "1-0",
        (Some(_), true) => "0-1",
        (Some(_), false) => "*",
    };
    let names: Vec<String> = (0..rules.players.len() as u8)
        .map(PlayerId)
        .map(|p| match r.varia_side {
            Some(v) if v != p => r.opponent.clone(),
            _ => "varia".into(),
        })
        .collect();
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out += &format!("[{k} \"{}\"]\n", v.replace('"', "'"));
    tag("Event", "varia match");
    tag("Site", "varia");
    tag("Round", &(r.index + 1).to_string());
    if two {
        tag("White", &names[0]);
        tag("Black", &names[1]);
    } else {
        for (i, p) in rules.players.iter().enumerate() {
            tag(
                &format!("Player{}", i + 1),
                &format!("{} ({})", names[i], p.name),
            );
        }
        if let Some(w) = r.verdict.winner {
            tag("Winner", &rules.players[w.index()].name);
        }
    }
    tag("Result", result);
    tag("Variant", &rules.variant);
    tag("SetUp", "1");
    tag("FEN", &r.start_fen);
    tag("Termination", &r.verdict.cause);
    tag("PlyCount", &r.moves.len().to_string());
    out += "\n";
    let mut text = String::new();
    let mut col = 0;
    // Move numbers count from 1 and the FEN's side to move.
    let offset = s
        .game
        .parse_fen(&r.start_fen)
        .map_or(0, |p| p.side_to_move().index());
    for (i, m) in san_line(&s.game, &r.start_fen, &r.moves).iter().enumerate() {
        let ply = i + offset;
        let word = if two && ply.is_multiple_of(2) {
            format!("{}. {m}", ply / 2 + 1)
        } else if two && i == 0 {
            format!("1... {m}")
        } else {
            m.clone()
        };
        if col + word.len() > 79 {
            text.push('\n');
            col = 0;
        } else if col > 0 {
            text.push(' ');
            col += 1;
        }
        col += word.len();
        text += &word;
    }
    if col + result.len() > 79 {
        text.push('\n');
    } else if col > 0 {
        text.push(' ');
    }
    text += result;
    out + &text + "\n\n"
}
