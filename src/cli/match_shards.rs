//! `varia match --results FILE`: a match in shards, from the command line. `--shard K/N` plays
//! shard K of N (the pairs of games p with p % N == K of every series) and appends its games to
//! the results file, a line a shard, as the Python package's `varia.match(..., results=...)`
//! writes it, so that the two add to the same file; without `--shard`, the file's shards make
//! the whole match's report, the shards it lacks listed (or, with `--play-missing`, played
//! here first). With `--sprt`, shard K is batch K of the test's pairs, and the whole match needs
//! the batches in a row from the first up to the one after which the test decided: those it
//! lacks are listed, or played here in order, each appended as it ends, until the test decides
//! (so that an interrupted test resumes where it stopped).
//!
//! The file: a header line naming the match (`{"match": {"rules", "settings", "weights",
//! "shards"}}`: a digest of the rules as exported and the weights file, the settings that choose
//! the games (with the test's parameters under `sprt`), the weights files given, the shards),
//! then `{"shard": K, "games": [...]}` lines,
//! each game as [`varia::referee::game_line`] writes it. A line cut off by an interrupted write
//! is dropped when the file is read again.

use super::load::Failure;
use super::match_spec::MatchSpec;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::Write;
use varia::referee::{
    EngineLimit, Protocol, Record, Series, Shard, decision, digest, game_line, game_of_line, pgn,
    play_rest, time_control_tags,
};

/// The records of the match's games the results file gives (the shard's with `--shard`, else
/// every shard's), played first where the file lacks them, and each one's PGN.
pub type Played = (Vec<Record>, BTreeMap<(usize, usize), String>);

/// The games of `--results FILE`: shard K's with `--shard K/N` (played and appended to the file
/// unless it holds them), else the whole match's from the file's shards.
pub fn records(
    spec: &MatchSpec,
    series: &[Series],
    path: &str,
    tick: impl Fn() + Sync,
) -> Result<Played, Failure> {
    let fail = |m: String| Failure(format!("error: {path}: {m}"));
    let mut file = ResultsFile::read(path)?;
    let n = match (spec.shard, &file.header) {
        (Some(s), _) => s.n,
        (None, Some(h)) => h["match"]["shards"]
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                fail("its header gives no count of shards: not a results file".into())
            })?,
        (None, None) => {
            return Err(fail(
                "holds no shard yet: play them with --shard K/N --results FILE first".into(),
            ));
        }
    };
    let pairs = spec.config.games.div_ceil(2);
    if let (None, Some(t)) = (spec.shard, spec.config.sprt)
        && n != t.batches(pairs)
    {
        return Err(fail(format!(
            "holds {n} shards, where the test's {} batches of {} pairs make {}",
            t.batches(pairs),
            t.batch,
            t.batches(pairs)
        )));
    }
    if n > pairs {
        return Err(Failure(format!(
            "error: --shard: {n} shards is more than the {pairs} pairs of games of a series \
             (--games {})",
            spec.config.games
        )));
    }
    let header = header(spec, series, n)?;
    if let Some(theirs) = &file.header
        && *theirs != header
    {
        return Err(fail(format!(
            "holds the results of another match ({} differ): give another file",
            differences(theirs, &header).join(", ")
        )));
    }
    file.open(&header)?;
    if spec.shard.is_none() && spec.config.sprt.is_some() {
        return sequential(spec, series, &mut file, n, tick);
    }
    let wanted: Vec<usize> = match spec.shard {
        Some(s) => vec![s.k],
        None => (0..n).collect(),
    };
    let missing: Vec<usize> = wanted
        .iter()
        .copied()
        .filter(|k| !file.shards.contains_key(k))
        .collect();
    if spec.shard.is_none() && !missing.is_empty() && !spec.play_missing {
        let list: Vec<String> = missing.iter().map(|k| format!("{k}/{n}")).collect();
        return Err(fail(format!(
            "lacks {} of its {n} shards: {}; play them with --shard K/{n} --results {path}, or \
             give --play-missing to play them here",
            missing.len(),
            list.join(" ")
        )));
    }
    for &k in &missing {
        play_shard(spec, series, &mut file, k, n, &tick)?;
    }
    let mut played = Vec::new();
    let mut pgns = BTreeMap::new();
    for k in wanted {
        read_shard(spec, series, &file, k, n, &mut played, &mut pgns)?;
    }
    let records = play_rest(series, &spec.config, spec.shard, played, &tick)
        .map_err(|m| Failure(format!("error: {m}")))?;
    Ok((records, pgns))
}

/// The whole match of a sequential test from the file's batches: those it lacks before the test
/// decides are listed, or played here in order (with `--play-missing`), each appended to the
/// file as it ends, until the test decides; the batches the file holds past the decision are
/// read too (the report counts their games as discarded).
fn sequential(
    spec: &MatchSpec,
    series: &[Series],
    file: &mut ResultsFile,
    n: usize,
    tick: impl Fn() + Sync,
) -> Result<Played, Failure> {
    let mut played = Vec::new();
    let mut pgns = BTreeMap::new();
    for k in (0..n).filter(|k| file.shards.contains_key(k)) {
        read_shard(spec, series, file, k, n, &mut played, &mut pgns)?;
    }
    while let Some(d) = decision(&spec.config, &played).filter(|d| !d.over) {
        // The test stopped at the first batch the file lacks.
        let k = d.pairs / spec.config.sprt.map_or(1, |t| t.batch);
        if !spec.play_missing {
            let list: Vec<String> = (k..n)
                .filter(|k| !file.shards.contains_key(k))
                .map(|k| format!("{k}/{n}"))
                .collect();
            return Err(Failure(format!(
                "error: {}: the test is undecided after the batches it holds in a row from the \
                 first ({k} of {n}); it lacks {}; play them in order with --shard K/{n} \
                 --results {0}, or give --play-missing to play them here until the test \
                 decides",
                file.path,
                list.join(" "),
            )));
        }
        play_shard(spec, series, file, k, n, &tick)?;
        read_shard(spec, series, file, k, n, &mut played, &mut pgns)?;
    }
    let records = play_rest(series, &spec.config, None, played, &tick)
        .map_err(|m| Failure(format!("error: {m}")))?;
    Ok((records, pgns))
}

/// Plays shard `k` of `n` and appends its games to the file.
fn play_shard(
    spec: &MatchSpec,
    series: &[Series],
    file: &mut ResultsFile,
    k: usize,
    n: usize,
    tick: impl Fn() + Sync,
) -> Result<(), Failure> {
    let shard = Shard::of(k, n, &spec.config).map_err(|m| Failure(format!("error: {m}")))?;
    let played = play_rest(series, &spec.config, Some(shard), Vec::new(), &tick)
        .map_err(|m| Failure(format!("error: {m}")))?;
    let lines: Vec<Value> = played
        .iter()
        .map(|r| game_line(r, &series[r.series].game, &game_pgn(spec, series, r)))
        .collect();
    file.add(k, lines)
}

/// Reads shard `k` of `n` from the file into `played` and each game's PGN into `pgns`, checking
/// that it holds the shard's games.
fn read_shard(
    spec: &MatchSpec,
    series: &[Series],
    file: &ResultsFile,
    k: usize,
    n: usize,
    played: &mut Vec<Record>,
    pgns: &mut BTreeMap<(usize, usize), String>,
) -> Result<(), Failure> {
    let fail = |m: String| Failure(format!("error: {}: {m}", file.path));
    let shard = Shard::of(k, n, &spec.config).map_err(|m| Failure(format!("error: {m}")))?;
    let games = &file.shards[&k];
    let expected = series.len() * (0..spec.config.games).filter(|&i| shard.holds(i)).count();
    if games.len() != expected {
        return Err(fail(format!(
            "shard {k}/{n} holds {} games where the match has {expected}",
            games.len()
        )));
    }
    for g in games {
        let (record, text) =
            game_of_line(g, series).map_err(|m| fail(format!("shard {k}/{n}: {m}")))?;
        if !shard.holds(record.index) {
            let owner = (0..n)
                .find(|&j| Shard::of(j, n, &spec.config).is_ok_and(|s| s.holds(record.index)));
            return Err(fail(format!(
                "shard {k}/{n} holds game {} of series {}, which is shard {}'s",
                record.index,
                record.series,
                owner.map_or("no".into(), |j| j.to_string())
            )));
        }
        pgns.insert((record.series, record.index), text);
        played.push(record);
    }
    Ok(())
}

/// A game as `--pgn` writes it: each side's `TimeControl` (an engine's own under time odds).
pub fn game_pgn(spec: &MatchSpec, series: &[Series], r: &Record) -> String {
    let s = &series[r.series];
    let [mut ours, theirs] = time_control_tags(&spec.config, s.engine.as_ref());
    if let Some(h) = &s.home {
        [_, ours] = time_control_tags(&spec.config, Some(h));
    }
    pgn(r, s, &[ours, theirs])
}

/// The header of the match's results file, as the Python package writes it for the same match
/// (`varia.match(..., results=...)`): the digest of each variant's rules as exported (`varia
/// export --format json`) and of the weights file, the settings under the names of
/// `varia.match`'s arguments (the limit a move, depth 3 if none is given; the engines, the
/// clock and adjudication as given; seed 0, `varia match`'s), and the shards.
fn header(spec: &MatchSpec, series: &[Series], n: usize) -> Result<Value, Failure> {
    let mut texts = Vec::new();
    let mut seen = Vec::new();
    for s in series {
        if seen.contains(&s.variant) {
            continue;
        }
        seen.push(s.variant.clone());
        let rules = serde_json::to_string_pretty(s.game.rules())
            .map_err(|e| Failure(format!("error: {e}")))?;
        texts.push(rules + "\n");
    }
    let mut weights = Vec::new();
    if let Some(path) = &spec.weights {
        texts.push(super::load::read(path)?);
        weights.push("weights");
    }
    let openings = match &spec.openings {
        Some(path) => {
            let text = super::load::read(path)?;
            json!(text.split('\n').collect::<Vec<_>>())
        }
        None => Value::Null,
    };
    let c = &spec.config;
    // The limit a move as `varia.match` is given it: none under a clock.
    let limit = |l| match (c.tc, c.limit, l) {
        (Some(_), _, _) => Value::Null,
        (None, EngineLimit::Depth(d), 0) => json!(d),
        (None, EngineLimit::Nodes(n), 1) => json!(n),
        (None, EngineLimit::Movetime(t), 2) => json!(t.as_millis() as u64),
        _ => Value::Null,
    };
    let mut settings = json!({
        "games": c.games,
        "depth": limit(0),
        "nodes": limit(1),
        "movetime": limit(2),
        "opponent_depth": null,
        "opponent_nodes": null,
        "opponent_movetime": null,
        "openings": openings,
        "random_plies": c.random_plies,
        "max_plies": c.max_plies,
        "seed": c.seed,
        "protocol": c.protocol.map(|p| match p {
            Protocol::Uci => "uci",
            Protocol::Xboard => "xboard",
        }),
        "tc": spec.tc_text,
        "timemargin": c.tc.map(|_| c.time_margin.as_millis() as u64),
        "engine": spec.engines,
        "draw_adjudication": spec.draw_words,
        "resign_adjudication": spec.resign_words,
    });
    if spec.tournament {
        settings["tournament"] = json!(true);
    }
    if let Some(t) = c.sprt {
        settings["sprt"] = t.params();
    }
    Ok(json!({"match": {
        "rules": digest(texts.iter().map(String::as_str)),
        "settings": settings,
        "weights": weights,
        "shards": n,
    }}))
}

/// What differs between two headers: `rules`, `weights`, `shards`, or a setting's name.
fn differences(theirs: &Value, ours: &Value) -> Vec<String> {
    let (t, o) = (&theirs["match"], &ours["match"]);
    let mut keys: Vec<String> = ["rules", "weights", "shards"]
        .into_iter()
        .filter(|k| t[*k] != o[*k])
        .map(String::from)
        .collect();
    let empty = serde_json::Map::new();
    let ts = t["settings"].as_object().unwrap_or(&empty);
    let os = o["settings"].as_object().unwrap_or(&empty);
    let mut names: Vec<&String> = ts.keys().chain(os.keys()).collect();
    names.sort();
    names.dedup();
    for name in names {
        if ts.get(name) != os.get(name) {
            keys.push(format!("setting {name}"));
        }
    }
    if keys.is_empty() {
        keys.push("its header".into());
    }
    keys
}

/// A results file as read: its header, each shard's games (the first line of a shard kept),
/// and the length of its whole lines (what follows, a line cut off, is dropped).
struct ResultsFile {
    path: String,
    header: Option<Value>,
    shards: BTreeMap<usize, Vec<Value>>,
    good: u64,
}

impl ResultsFile {
    /// Reads the file; a file that does not exist is empty.
    fn read(path: &str) -> Result<ResultsFile, Failure> {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(Failure(format!("error: cannot read {path}: {e}"))),
        };
        let mut file = ResultsFile {
            path: path.to_string(),
            header: None,
            shards: BTreeMap::new(),
            good: 0,
        };
        let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
        for (i, line) in lines[..lines.len() - 1].iter().enumerate() {
            let number = i + 1;
            let entry: Value = serde_json::from_slice(line).map_err(|_| {
                Failure(format!(
                    "error: {path}:{number}: not JSON: not a results file"
                ))
            })?;
            if number == 1 {
                if entry.get("match").is_none() {
                    return Err(Failure(format!(
                        "error: {path}:1: no match header: not a results file"
                    )));
                }
                file.header = Some(entry);
            } else {
                let k = entry.get("shard").and_then(Value::as_u64);
                let games = entry.get("games").and_then(Value::as_array);
                let (Some(k), Some(games)) = (k, games) else {
                    return Err(Failure(format!(
                        "error: {path}:{number}: not a shard's games"
                    )));
                };
                file.shards
                    .entry(k as usize)
                    .or_insert_with(|| games.clone());
            }
            file.good += line.len() as u64 + 1;
        }
        Ok(file)
    }

    /// Drops what follows the last whole line (a write an interruption cut off), and writes
    /// the header to a file that has none.
    fn open(&mut self, header: &Value) -> Result<(), Failure> {
        let f = self.append()?;
        f.set_len(self.good)
            .map_err(|e| Failure(format!("error: cannot write {}: {e}", self.path)))?;
        if self.header.is_none() {
            self.write(f, header)?;
            self.header = Some(header.clone());
        }
        Ok(())
    }

    /// Appends shard `k`'s games as a line.
    fn add(&mut self, k: usize, games: Vec<Value>) -> Result<(), Failure> {
        let f = self.append()?;
        self.write(f, &json!({"shard": k, "games": games}))?;
        self.shards.insert(k, games);
        Ok(())
    }

    fn append(&self) -> Result<std::fs::File, Failure> {
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&self.path)
            .map_err(|e| Failure(format!("error: cannot write {}: {e}", self.path)))
    }

    /// Writes a line in one write, synced to the disk.
    fn write(&mut self, mut f: std::fs::File, v: &Value) -> Result<(), Failure> {
        let line = format!("{v}\n");
        f.write_all(line.as_bytes())
            .and_then(|_| f.sync_all())
            .map_err(|e| Failure(format!("error: cannot write {}: {e}", self.path)))?;
        self.good += line.len() as u64;
        Ok(())
    }
}
