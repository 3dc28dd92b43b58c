//! Matches through the crate's referee (`varia::referee`), as `varia match` plays them: the calls
//! into the crate for `varia.match`, beside [`crate::core`]'s for everything else.

use crate::core::{Error, SearchLimits};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use varia::Game;
use varia::referee::{
    self, ClockUse, EngineLimit, Line, MatchConfig, Opening, Record, Series, Stats, Tally,
    time_control_tags,
};
use varia::rules::PlayerId;
use varia::search::{Limits, Searcher, Weights, variant_name};

/// What a match is asked: the settings of its entrants (a second one, or self-play), the games
/// per series and how each starts and ends.
pub struct MatchSettings {
    pub games: usize,
    pub first: SearchLimits,
    /// The second entrant's limits; `None` for self-play (one setting on every side).
    pub opponent: Option<SearchLimits>,
    /// The text of a book of openings, as `varia match --openings` reads a file.
    pub openings: Option<String>,
    pub random_plies: usize,
    pub max_plies: usize,
    pub seed: u64,
    pub threads: usize,
    /// Weights files (their path, as errors name it, and their weights) the first setting and
    /// the second evaluate with, each in the series of the variant it was tuned for.
    pub weights: Option<(String, Weights)>,
    pub opponent_weights: Option<(String, Weights)>,
}

/// The weights of `file` for a game (`None` when they are for another variant), checked against
/// it.
fn weights_for(file: &Option<(String, Weights)>, game: &Game) -> Result<Option<Weights>, Error> {
    let Some((path, w)) = file else {
        return Ok(None);
    };
    if w.variant != variant_name(game) {
        return Ok(None);
    }
    w.check(game)
        .map_err(|e| Error::Value(format!("{path}: {e}")))?;
    Ok(Some(w.clone()))
}

/// One game: the number of its series in the match, its number in the series, the position
/// after the opening and random plies, the moves played from there, the winner's name (`None`:
/// a draw), the cause of its end, its result as PGN writes it, and the player the first entrant
/// played.
#[derive(Clone)]
pub struct GameRecord {
    pub series: usize,
    pub index: usize,
    pub start_fen: String,
    pub moves: Vec<String>,
    pub winner: Option<String>,
    pub cause: String,
    pub result: String,
    pub first: String,
    /// What went wrong with an external engine that lost so (its standard error quoted).
    pub note: Option<String>,
    /// The game as PGN, as `varia match --pgn` writes it ([`varia::referee::pgn`]).
    pub pgn: String,
    /// Each entrant's use of its clock, under a clock (`tc`).
    pub clock: Option<[ClockUse; 2]>,
}

impl GameRecord {
    /// The game as a line of a results file holds it, as `varia match --results` writes one
    /// ([`varia::referee::game_line`]).
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "series": self.series,
            "index": self.index,
            "start_fen": self.start_fen,
            "moves": self.moves,
            "winner": self.winner,
            "cause": self.cause,
            "result": self.result,
            "first": self.first,
            "note": self.note,
            "pgn": self.pgn,
            "clock": self.clock.as_ref().map(referee::clock_json),
        })
    }
}

/// A series: its statistics (a variant's tally, and under the library's referee its clocks,
/// limits and sequential test) and its games in order.
pub struct SeriesRecord {
    pub stats: Stats,
    pub games: Vec<GameRecord>,
}

/// The engine of varia a match plays with: a hash table of 8 MB, as `varia match`'s.
const HASH_MB: usize = 8;

/// varia's limit a move as the library's referee takes it (one of them is set).
pub fn limit_of(l: &SearchLimits) -> EngineLimit {
    match (l.depth, l.nodes, l.movetime_ms) {
        (Some(d), _, _) => EngineLimit::Depth(d),
        (_, Some(n), _) => EngineLimit::Nodes(n),
        (_, _, Some(t)) => EngineLimit::Movetime(Duration::from_millis(t)),
        _ => EngineLimit::Depth(3),
    }
}

/// The PGN `TimeControl` tag of a setting, as `varia match` writes it (`-` under a depth or
/// node limit, `0.5/move` under a time a move).
fn time_control(l: &SearchLimits, s: &MatchSettings) -> String {
    let config = MatchConfig {
        games: s.games,
        limit: limit_of(l),
        protocol: None,
        threads: s.threads,
        max_plies: s.max_plies,
        random_plies: s.random_plies,
        seed: s.seed,
        sprt: None,
        tc: None,
        time_margin: Duration::ZERO,
        draw: None,
        resign: None,
    };
    let [tag, _] = time_control_tags(&config, None);
    tag
}

fn limits_of(l: &SearchLimits) -> Limits {
    Limits {
        depth: l.depth,
        nodes: l.nodes,
        movetime: l.movetime_ms.map(Duration::from_millis),
        ..Limits::default()
    }
}

/// An entrant's name: `varia`, with its limits when two settings meet.
fn entrant(l: &SearchLimits) -> String {
    let mut parts = Vec::new();
    if let Some(d) = l.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = l.nodes {
        parts.push(format!("nodes {n}"));
    }
    if let Some(t) = l.movetime_ms {
        parts.push(format!("movetime {t}"));
    }
    format!("varia ({})", parts.join(", "))
}

/// Each game's book of openings: the text of `openings`, or the game's setup alone.
pub fn books(games: &[Arc<Game>], s: &MatchSettings) -> Result<Vec<Vec<Opening>>, Error> {
    let mut books = Vec::new();
    for game in games {
        books.push(match &s.openings {
            Some(text) => referee::read_openings(text, game).map_err(|e| {
                Error::Value(match e.line {
                    Some(n) => format!("openings line {n}: {}", e.message),
                    None => format!("openings: {}", e.message),
                })
            })?,
            None => vec![(game.start(), Vec::new())],
        });
    }
    Ok(books)
}

/// A series' weights for the first setting and the second, if any.
pub type Tuned = (Option<Weights>, Option<Weights>);

/// Each game's weights for the first and the second setting; a file whose variant no series
/// plays is refused, as `varia match --weights` refuses it.
pub fn tuned(games: &[Arc<Game>], s: &MatchSettings) -> Result<Vec<Tuned>, Error> {
    let mut tuned = Vec::new();
    for game in games {
        tuned.push((
            weights_for(&s.weights, game)?,
            weights_for(&s.opponent_weights, game)?,
        ));
    }
    for (i, file) in [&s.weights, &s.opponent_weights].into_iter().enumerate() {
        if let Some((path, w)) = file
            && tuned
                .iter()
                .all(|t| if i == 0 { t.0.is_none() } else { t.1.is_none() })
        {
            return Err(Error::Value(format!(
                "{path}: the weights are for `{}`, which this match does not play",
                w.variant
            )));
        }
    }
    Ok(tuned)
}

/// Which games of a match to play: all of them, or a shard's (the pairs of games `p` with `p %
/// n == k`, games 2p and 2p+1 sharing an opening), and the games already played elsewhere,
/// which the match counts in their place instead of playing them.
#[derive(Default)]
pub struct Plan {
    /// `(k, n)`: shard `k` of `n`.
    pub shard: Option<(usize, usize)>,
    pub played: Vec<GameRecord>,
}

impl Plan {
    /// Tells whether game `index` of a series is one the plan plays or counts.
    fn holds(&self, index: usize) -> bool {
        self.shard.is_none_or(|(k, n)| (index / 2) % n == k)
    }
}

/// Plays a series of games for each game (one per variant), `threads` games at a time, and
/// gives each series' tally and games: those of `plan`, the games it holds already played
/// taken as they are.
pub fn play_match(
    games: &[Arc<Game>],
    s: &MatchSettings,
    plan: Plan,
) -> Result<Vec<SeriesRecord>, Error> {
    if s.games == 0 {
        return Err(Error::Value("match games must be at least 1".into()));
    }
    for game in games {
        let players = game.rules().players.len();
        if s.opponent.is_some() && players != 2 {
            return Err(Error::Value(format!(
                "{}: a match between two settings needs a game of two players ({players} here)",
                game.rules().variant
            )));
        }
    }
    let books = books(games, s)?;
    let tuned = tuned(games, s)?;
    let mut done: Vec<BTreeMap<usize, GameRecord>> =
        games.iter().map(|_| BTreeMap::new()).collect();
    for g in plan.played.iter() {
        check_played(games, &books, s, &plan, &done, g)?;
        done[g.series].insert(g.index, g.clone());
    }
    let jobs: Vec<(usize, usize)> = (0..games.len())
        .flat_map(|k| (0..s.games).map(move |i| (k, i)))
        .filter(|&(k, i)| plan.holds(i) && !done[k].contains_key(&i))
        .collect();
    let played = referee::run_jobs(
        jobs.len(),
        s.threads,
        |j| {
            let (k, i) = jobs[j];
            play_game(&games[k], &books[k], &tuned[k], s, k, i)
        },
        |_| false,
    );
    for (_, g) in played {
        done[g.series].insert(g.index, g);
    }
    Ok(games
        .iter()
        .zip(done)
        .map(|(game, done)| {
            let rules = game.rules();
            let players: Vec<String> = rules.players.iter().map(|p| p.name.clone()).collect();
            let entrants = match &s.opponent {
                Some(o) => [entrant(&s.first), entrant(o)],
                None => ["varia".to_string(), "varia".to_string()],
            };
            let mut tally = Tally::new(&rules.variant, entrants, players.clone());
            let games: Vec<GameRecord> = done.into_values().collect();
            for g in &games {
                let winner = g
                    .winner
                    .as_ref()
                    .and_then(|w| players.iter().position(|p| p == w));
                let first = players.iter().position(|p| *p == g.first).unwrap_or(0);
                tally.add(
                    winner.map(|w| PlayerId(w as u8)),
                    PlayerId(first as u8),
                    &g.cause,
                    g.moves.len(),
                );
            }
            SeriesRecord {
                stats: Stats {
                    tally,
                    sprt: None,
                    clock: None,
                    limits: None,
                },
                games,
            }
        })
        .collect())
}

/// Checks that a game played elsewhere is one of this match's, in the plan, and new: its series
/// and index in range, its start the one this match's game of that index has (the same opening
/// and random plies), its first entrant's player that game's, and no game counted twice.
fn check_played(
    games: &[Arc<Game>],
    books: &[Vec<Opening>],
    s: &MatchSettings,
    plan: &Plan,
    done: &[BTreeMap<usize, GameRecord>],
    g: &GameRecord,
) -> Result<(), Error> {
    let what = format!("played game {} of series {}", g.index, g.series);
    if g.series >= games.len() || g.index >= s.games {
        return Err(Error::Value(format!(
            "{what}: this match has {} series of {} games",
            games.len(),
            s.games
        )));
    }
    if !plan.holds(g.index) {
        return Err(Error::Value(format!("{what} is not in the shard")));
    }
    if done[g.series].contains_key(&g.index) {
        return Err(Error::Value(format!("{what} is given twice")));
    }
    let game = &games[g.series];
    let (start, first) = start_of(game, &books[g.series], s, g.index);
    let first = game.rules().players[first.index()].name.clone();
    if g.start_fen != start || g.first != first {
        return Err(Error::Value(format!(
            "{what} is not this match's: it starts at {} with the first entrant as {}, where \
             this match's starts at {start} with it as {first} (other settings or seed?)",
            g.start_fen, g.first
        )));
    }
    Ok(())
}

/// The opening line of game `index` and the side its first entrant plays: against a second
/// setting, games 2k and 2k+1 share their opening with colours swapped (the first entrant takes
/// the first player in even games); in self-play each game has its own.
fn line_of(
    game: &Arc<Game>,
    book: &[Opening],
    s: &MatchSettings,
    index: usize,
) -> (Line, PlayerId) {
    let pair = if s.opponent.is_some() {
        index / 2
    } else {
        index
    };
    let line = referee::opening(game, book, pair, s.random_plies, s.seed);
    let first_side = PlayerId(if s.opponent.is_some() {
        (index % 2) as u8
    } else {
        0
    });
    (line, first_side)
}

/// The FEN game `index` starts from and the side its first entrant plays.
fn start_of(
    game: &Arc<Game>,
    book: &[Opening],
    s: &MatchSettings,
    index: usize,
) -> (String, PlayerId) {
    let (line, first) = line_of(game, book, s, index);
    (game.fen(line.current()), first)
}

/// Plays game `index` of series `series` ([`line_of`] its opening and sides).
fn play_game(
    game: &Arc<Game>,
    book: &[Opening],
    tuned: &Tuned,
    s: &MatchSettings,
    series: usize,
    index: usize,
) -> GameRecord {
    let (mut line, first_side) = line_of(game, book, s, index);
    let prefix = line.moves.len();
    let start_fen = game.fen(line.current());
    let mut first = Searcher::new(game.clone(), HASH_MB);
    if let Some(w) = &tuned.0 {
        first.set_weights(w);
    }
    let mut second = s.opponent.as_ref().map(|o| {
        let mut searcher = Searcher::new(game.clone(), HASH_MB);
        if let Some(w) = &tuned.1 {
            searcher.set_weights(w);
        }
        (searcher, limits_of(o))
    });
    let first_limits = limits_of(&s.first);
    let played = referee::play_out(
        &mut line,
        s.max_plies,
        |l| {
            let pos = l.current();
            Ok(match second.as_mut() {
                Some((searcher, limits)) if pos.side_to_move() != first_side => {
                    referee::varia_choice(searcher, pos, limits)
                }
                _ => referee::varia_choice(&mut first, pos, &first_limits),
            })
        },
        |_, _, _| None,
    );
    let rules = game.rules();
    let name = |p: PlayerId| rules.players[p.index()].name.clone();
    let result = match (played.verdict.winner, rules.players.len()) {
        (None, _) => "1/2-1/2".to_string(),
        (Some(PlayerId(0)), 2) => "1-0".into(),
        (Some(_), 2) => "0-1".into(),
        (Some(w), _) => name(w),
    };
    let record = Record {
        series: 0,
        index,
        start_fen,
        moves: line.move_strings().split_off(prefix),
        verdict: played.verdict,
        varia_side: s.opponent.as_ref().map(|_| first_side),
        opponent: s.opponent.as_ref().map_or("varia".into(), entrant),
        // The PGN's tag of the first setting is renamed below (own_pgn).
        entrant: "varia".into(),
        note: None,
        clock: None,
        evals: played.evals,
    };
    let pgn = own_pgn(game, &record, s);
    GameRecord {
        series,
        index,
        winner: record.verdict.winner.map(name),
        cause: record.verdict.cause,
        result,
        first: name(first_side),
        note: None,
        pgn,
        clock: None,
        start_fen: record.start_fen,
        moves: record.moves,
    }
}

/// A game of the package's own match as PGN, by the library's writer ([`referee::pgn`]): in
/// self-play exactly as `varia match --pgn` writes it (`varia` on every side, the setting's
/// `TimeControl`); between two settings, each side named as its entrant (`varia (depth 3)`),
/// with `WhiteTimeControl` and `BlackTimeControl` where their tags differ.
fn own_pgn(game: &Arc<Game>, record: &Record, s: &MatchSettings) -> String {
    // The writer reads the game alone of a series.
    let series = Series {
        variant: game.rules().variant.clone(),
        game: game.clone(),
        engine: None,
        engine_name: None,
        home: None,
        home_name: None,
        openings: Vec::new(),
        weights: None,
    };
    let ours = time_control(&s.first, s);
    let Some(opponent) = &s.opponent else {
        return referee::pgn(record, &series, &[ours.clone(), ours]);
    };
    let text = referee::pgn(record, &series, &[ours, time_control(opponent, s)]);
    // The writer names the first setting `varia`, as it names varia against an engine: its tag
    // (the first line of its kind, the headers coming first) gets the setting's name.
    let tag = match record.varia_side {
        Some(PlayerId(0)) => "White",
        _ => "Black",
    };
    text.replacen(
        &format!("[{tag} \"varia\"]\n"),
        &format!("[{tag} \"{}\"]\n", entrant(&s.first)),
        1,
    )
}
