//! A match played in shards, on several machines or at several times: shard `k` of `n` plays
//! the pairs of games `p` with `p % n == k` of every series (games `2p` and `2p + 1`, which share
//! an opening against an engine), each the game the whole match plays under that index; with a
//! sequential test, whose batches of pairs are looked at in order, shard `k` is batch `k`, the
//! pairs `p` with `p / batch == k`. Each
//! game goes to a results file as a line of JSON ([`game_line`]), read back by [`game_of_line`];
//! [`play_rest`] counts the games already played in their place and plays the others, so that
//! the report of the shards' games is the whole match's.

use super::clock::ClockUse;
use super::report::{Record, Series};
use super::series::{MatchConfig, decision, game_start, play_jobs};
use super::{Eval, Verdict};
use crate::engine::Game;
use crate::rules::PlayerId;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Duration;

/// Shard `k` of `n` (from 0) of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Its number, below `n`.
    pub k: usize,
    /// The shards of the match.
    pub n: usize,
    /// With a sequential test, the pairs of a shard, in a row (the test's batch): shard `k`
    /// holds the pairs `p` with `p / batch == k`; `None`: those with `p % n == k`.
    pub batch: Option<usize>,
}

impl Shard {
    /// Shard `k` of `n`, or why there is none.
    pub fn new(k: usize, n: usize) -> Result<Shard, String> {
        if n == 0 || k >= n {
            return Err(format!("shard {k}/{n} is not K/N with 0 <= K < N"));
        }
        Ok(Shard { k, n, batch: None })
    }

    /// Shard `k` of `n` of the match `config` plays, or why there is none: with a sequential
    /// test, batch `k` of its pairs, of which there must be `n`.
    pub fn of(k: usize, n: usize, config: &MatchConfig) -> Result<Shard, String> {
        let shard = Shard::new(k, n)?;
        let Some(t) = config.sprt else {
            return Ok(shard);
        };
        let batches = t.batches(config.games / 2);
        if n != batches {
            return Err(format!(
                "a match with a sequential test is played in shards of a batch of pairs in a \
                 row: the {} pairs of games here in batches of {} make {batches} shards, not {n} \
                 (shard K/{batches})",
                config.games / 2,
                t.batch
            ));
        }
        Ok(Shard {
            batch: Some(t.batch),
            ..shard
        })
    }

    /// Reads `K/N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let number = |t: &str| t.trim().parse::<usize>().ok();
        match text.split_once('/').map(|(k, n)| (number(k), number(n))) {
            Some((Some(k), Some(n))) => Shard::new(k, n),
            _ => Err(format!(
                "shard `{text}` is not K/N (shard K of N, from 0: `0/4` to `3/4`)"
            )),
        }
    }

    /// Tells whether game `index` of a series is one of the shard's.
    pub fn holds(&self, index: usize) -> bool {
        match self.batch {
            Some(b) => (index / 2) / b == self.k,
            None => (index / 2) % self.n == self.k,
        }
    }
}

/// A game's result as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, or the winner's name in a game of
/// more than two players.
pub fn result_text(game: &Game, winner: Option<PlayerId>) -> String {
    let rules = game.rules();
    match (winner, rules.players.len()) {
        (None, _) => "1/2-1/2".into(),
        (Some(PlayerId(0)), 2) => "1-0".into(),
        (Some(_), 2) => "0-1".into(),
        (Some(w), _) => rules.players[w.index()].name.clone(),
    }
}

/// Each entrant's use of its clock in a game, as a results file holds it: microseconds used,
/// moves made, the least microseconds left after a move.
pub fn clock_json(c: &[ClockUse; 2]) -> Value {
    let one = |c: &ClockUse| {
        json!({
            "used_us": c.used.as_micros() as u64,
            "moves": c.moves,
            "least_us": c.least.as_micros() as u64,
        })
    };
    json!([one(&c[0]), one(&c[1])])
}

/// Reads [`clock_json`]'s form back.
pub fn clock_of_json(v: &Value) -> Result<[ClockUse; 2], String> {
    let bad = || "`clock` is not two entrants' use of their clocks".to_string();
    let one = |c: &Value| -> Result<ClockUse, String> {
        let field = |k: &str| c.get(k).and_then(Value::as_u64).ok_or_else(bad);
        Ok(ClockUse {
            used: Duration::from_micros(field("used_us")?),
            moves: u32::try_from(field("moves")?).map_err(|_| bad())?,
            least: Duration::from_micros(field("least_us")?),
        })
    };
    match v.as_array().map(Vec::as_slice) {
        Some([a, b]) => Ok([one(a)?, one(b)?]),
        _ => Err(bad()),
    }
}

/// A game as a line of a results file holds it (the Python package's `MatchGame.json()`):
/// `series`, `index`, `start_fen`, `moves`, `winner` (a player's name, or null), `cause`,
/// `result`, `first` (the player the first entrant played), `note`, `pgn` and `clock`.
pub fn game_line(r: &Record, game: &Game, pgn: &str) -> Value {
    let rules = game.rules();
    let name = |p: PlayerId| rules.players[p.index()].name.clone();
    json!({
        "series": r.series,
        "index": r.index,
        "start_fen": r.start_fen,
        "moves": r.moves,
        "winner": r.verdict.winner.map(name),
        "cause": r.verdict.cause,
        "result": result_text(game, r.verdict.winner),
        "first": name(r.varia_side.unwrap_or(PlayerId(0))),
        "note": r.note,
        "pgn": pgn,
        "clock": r.clock.as_ref().map(clock_json),
    })
}

/// A game of a match of `series` read back from its line, and its PGN; what is missing or wrong
/// if it is none. Its entrants are named as the series names them.
pub fn game_of_line(v: &Value, series: &[Series]) -> Result<(Record, String), String> {
    let field = |key: &str| v.get(key).ok_or_else(|| format!("no `{key}`"));
    let count = |key: &str| {
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
    let number = count("series")?;
    let index = count("index")?;
    let Some(s) = series.get(number) else {
        return Err(format!(
            "game {index} of series {number}: this match has {} series",
            series.len()
        ));
    };
    let rules = s.game.rules();
    let player = |name: &str| {
        rules
            .players
            .iter()
            .position(|p| p.name == name)
            .map(|i| PlayerId(i as u8))
            .ok_or_else(|| format!("`{name}` is no player of {}", rules.variant))
    };
    let winner = match field("winner")? {
        Value::Null => None,
        Value::String(w) => Some(player(w)?),
        _ => return Err("`winner` is neither a string nor null".into()),
    };
    let first = player(&text("first")?)?;
    let note = match v.get("note") {
        None | Some(Value::Null) => None,
        Some(Value::String(n)) => Some(n.clone()),
        Some(_) => return Err("`note` is neither a string nor null".into()),
    };
    let clock = match v.get("clock") {
        None | Some(Value::Null) => None,
        Some(c) => Some(clock_of_json(c)?),
    };
    let moves: Vec<String> = field("moves")?
        .as_array()
        .and_then(|a| a.iter().map(|m| m.as_str().map(String::from)).collect())
        .ok_or("`moves` is not a list of strings")?;
    let record = Record {
        series: number,
        index,
        start_fen: text("start_fen")?,
        evals: moves.iter().map(|_| None::<Eval>).collect(),
        moves,
        verdict: Verdict {
            winner,
            cause: text("cause")?,
        },
        varia_side: s.engine.is_some().then_some(first),
        opponent: s.engine_name.clone().unwrap_or_else(|| "varia".into()),
        entrant: s.home_name.clone().unwrap_or_else(|| "varia".into()),
        note,
        clock,
    };
    if s.engine.is_none() && first != PlayerId(0) {
        return Err(format!(
            "game {index} of series {number}: in self-play the first entrant plays {}, not {}",
            rules.players[0].name,
            rules.players[first.index()].name
        ));
    }
    Ok((record, text("pgn")?))
}

/// Checks that a game played elsewhere is one of this match's, in the shard, and new: its index
/// in range, its start the one this match's game of that index has (the same opening and random
/// plies), and its first entrant on that game's side.
fn check_played(
    series: &[Series],
    config: &MatchConfig,
    shard: Option<Shard>,
    done: &BTreeMap<(usize, usize), Record>,
    r: &Record,
) -> Result<(), String> {
    let what = format!("played game {} of series {}", r.index, r.series);
    if r.series >= series.len() || r.index >= config.games {
        return Err(format!(
            "{what}: this match has {} series of {} games",
            series.len(),
            config.games
        ));
    }
    if shard.is_some_and(|s| !s.holds(r.index)) {
        return Err(format!("{what} is not in the shard"));
    }
    if done.contains_key(&(r.series, r.index)) {
        return Err(format!("{what} is given twice"));
    }
    let s = &series[r.series];
    let start = game_start(s, r.index, config);
    let side = s.engine.as_ref().map(|_| PlayerId((r.index % 2) as u8));
    if r.start_fen != start || r.varia_side != side {
        return Err(format!(
            "{what} is not this match's: it starts at {} where this match's starts at {start}, \
             or with the entrants on other sides (other settings or seed?)",
            r.start_fen
        ));
    }
    Ok(())
}

/// Plays the games of a match that `shard` holds (every game without one), but for those of
/// `played`, which are counted in their place as they are: the records of the shard in order
/// (series by series), or what is wrong with a played game. Without a shard, a sequential test
/// stops the match once it is over on the played games and the new ones (no game is played if
/// it is over on the played ones); a shard, one of its batches, is played whole.
pub fn play_rest(
    series: &[Series],
    config: &MatchConfig,
    shard: Option<Shard>,
    played: Vec<Record>,
    tick: impl Fn() + Sync,
) -> Result<Vec<Record>, String> {
    if let (Some(s), Some(t)) = (shard, config.sprt)
        && s.batch != Some(t.batch)
    {
        return Err(format!(
            "shard {}/{} is not one of the batches a sequential test plays (Shard::of)",
            s.k, s.n
        ));
    }
    let mut done = BTreeMap::new();
    for r in played {
        check_played(series, config, shard, &done, &r)?;
        done.insert((r.series, r.index), r);
    }
    let jobs: Vec<(usize, usize)> = (0..series.len())
        .flat_map(|s| (0..config.games).map(move |g| (s, g)))
        .filter(|&(s, g)| shard.is_none_or(|h| h.holds(g)) && !done.contains_key(&(s, g)))
        .collect();
    let before: Vec<Record> = done.into_values().collect();
    let over = decision(config, &before).is_some_and(|d| d.over);
    let new = match (shard, over) {
        (None, true) => Vec::new(),
        (None, false) => {
            let looks: Vec<&Record> = before.iter().collect();
            play_jobs(series, config, &jobs, Some(&looks), tick)
        }
        (Some(_), _) => play_jobs(series, config, &jobs, None, tick),
    };
    let mut all: Vec<Record> = before.into_iter().chain(new).collect();
    all.sort_by_key(|r| (r.series, r.index));
    Ok(all)
}

/// A digest of texts (a match's rules as exported, its weights files), as a results file's
/// header records them: FNV-1a of 128 bits over each text's length and bytes, in hexadecimal.
/// It tells a file of another match from this one's, not a forgery.
pub fn digest<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
    let mut hash: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    for text in texts {
        let len = (text.len() as u64).to_le_bytes();
        for b in len.iter().chain(text.as_bytes()) {
            hash = (hash ^ u128::from(*b)).wrapping_mul(PRIME);
        }
    }
    format!("{hash:032x}")
}
