//! The report of `varia match`: a series and its games, the statistics of each series side by side
//! (text or JSON), and the games as PGN.

use super::Verdict;
use super::clock::{ClockUse, TimeControl};
use super::engine_process::EngineSpec;
use super::sprt::{Decision, Sprt};
use super::{Eval, Opening, Scores, Tally, difference, wilson};
use crate::engine::Game;
use crate::rules::PlayerId;
use crate::search::Score;
use std::sync::Arc;
use std::time::Duration;

/// One series: a variant, played by varia against itself or against an engine.
pub struct Series {
    /// The variant's name.
    pub variant: String,
    /// The game played.
    pub game: Arc<Game>,
    /// The engine varia plays (`None`: self-play).
    pub engine: Option<EngineSpec>,
    /// An engine that plays in varia's place, as the first entrant (a tournament's pairing of
    /// two engines); `None`: varia.
    pub home: Option<EngineSpec>,
    /// That engine's name, as it gave it when it was checked.
    pub home_name: Option<String>,
    /// The engine's name, as it gave it when it was checked before the games (its command's
    /// first word if it gave none): a game it fails to start is still reported against it.
    pub engine_name: Option<String>,
    /// The book of openings the games start from.
    pub openings: Vec<Opening>,
    /// Tuned terms varia evaluates with.
    pub weights: Option<crate::search::Weights>,
}

/// One finished game.
pub struct Record {
    /// Its series' number.
    pub series: usize,
    /// Its number in the series, from 0.
    pub index: usize,
    /// The position after the opening and the random plies.
    pub start_fen: String,
    /// The moves played from there.
    pub moves: Vec<String>,
    /// How it ended.
    pub verdict: Verdict,
    /// The player varia played against an engine (`None` in self-play).
    pub varia_side: Option<PlayerId>,
    /// varia's opponent: the engine's name, or `varia`.
    pub opponent: String,
    /// The first entrant: `varia`, or the engine that played in its place.
    pub entrant: String,
    /// What went wrong with the engine, if it lost so (its standard error quoted).
    pub note: Option<String>,
    /// Each entrant's use of its clock, under a time control (`--tc`).
    pub clock: Option<[ClockUse; 2]>,
    /// What the engine that chose each move of `moves` said of it, if anything.
    pub evals: Vec<Option<Eval>>,
}

/// The results of a series with what only `varia match` adds: the sequential test and the
/// clocks.
pub struct Stats {
    /// The results.
    pub tally: Tally,
    /// The sequential test and what it decided on the games (`--sprt`).
    pub sprt: Option<(Sprt, Decision)>,
    /// Each entrant's time control (varia's, its opponent's: different under time odds), the
    /// margin, and each entrant's use of its clock over the series.
    pub clock: Option<([TimeControl; 2], Duration, [ClockUse; 2])>,
    /// Each entrant's limit a move, where the engine has its own (time odds).
    pub limits: Option<[String; 2]>,
}

/// varia's score in a game against an engine: 1, ½ or 0.
fn varia_score(r: &Record) -> (usize, f64) {
    let score = match r.verdict.winner {
        None => 0.5,
        Some(w) if Some(w) == r.varia_side => 1.0,
        Some(_) => 0.0,
    };
    (r.index, score)
}

/// The pentanomial counts of varia's pairs of games against an engine.
pub fn pentanomial<'a>(records: impl IntoIterator<Item = &'a Record>) -> [usize; 5] {
    super::sprt::pentanomial(records.into_iter().map(varia_score))
}

/// The bin of each pair of games over against an engine (varia's score over the two in half
/// points), by the pair's number.
pub fn pair_bins<'a>(
    records: impl IntoIterator<Item = &'a Record>,
) -> std::collections::BTreeMap<usize, usize> {
    super::sprt::score_bins(records.into_iter().map(varia_score))
}

impl Stats {
    /// The statistics of a series' games, played under the time control and margin if given.
    pub fn of<'a>(
        s: &Series,
        records: impl Iterator<Item = &'a Record>,
        tc: Option<([TimeControl; 2], Duration)>,
    ) -> Stats {
        let players: Vec<String> = s
            .game
            .rules()
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect();
        let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "varia".into());
        let entrants = [name(&s.home_name), name(&s.engine_name)];
        let mut tally = Tally::new(&s.variant, entrants, players);
        let mut clock = tc.map(|(tc, margin)| {
            let fresh = |t: TimeControl| ClockUse {
                used: Duration::ZERO,
                moves: 0,
                least: t.base,
            };
            (tc, margin, [fresh(tc[0]), fresh(tc[1])])
        });
        for r in records {
            if let (Some((_, _, sum)), Some(game)) = (clock.as_mut(), r.clock) {
                *sum = [sum[0].plus(game[0]), sum[1].plus(game[1])];
            }
            tally.entrants = [r.entrant.clone(), r.opponent.clone()];
            let first = r.varia_side.unwrap_or(PlayerId(0));
            tally.add(r.verdict.winner, first, &r.verdict.cause, r.moves.len());
        }
        Stats {
            tally,
            sprt: None,
            clock,
            limits: None,
        }
    }

    /// The series as `varia match --json` writes it, without what compares it to the first.
    pub fn json(&self) -> serde_json::Value {
        let mut v = self.tally.json();
        v["sprt"] = serde_json::json!(self.sprt.map(|(t, d)| t.json(&d)));
        v["clock"] = serde_json::json!(self.clock.map(|(tc, margin, c)| serde_json::json!({
            "tc": tc[0].text(),
            "tcs": [tc[0].text(), tc[1].text()],
            "margin_ms": margin.as_millis() as u64,
            "ms_per_move": [c[0].per_move(), c[1].per_move()],
            "moves": [c[0].moves, c[1].moves],
            "least_left_ms": [c[0].least.as_millis() as u64, c[1].least.as_millis() as u64],
        })));
        if let Some(l) = &self.limits {
            v["limits"] = serde_json::json!(l);
        }
        v
    }
}

/// Rounds to four decimals; `+ 0.0` writes no difference as 0, not -0.
fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0 + 0.0
}

/// The series as `varia match --json` writes them: each one's statistics, with its first
/// player's score and draw rate, and how each series after the first differs from the first.
pub fn json(stats: &[Stats]) -> serde_json::Value {
    let first = stats.first().map(|s| Scores::first_player(&s.tally));
    let series: Vec<serde_json::Value> = stats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut v = s.json();
            let own = Scores::first_player(&s.tally);
            v["first_player_score"] = serde_json::json!(own.mean().map(round4));
            v["draw_rate"] = serde_json::json!(wilson(s.tally.draws, s.tally.games).map(
                |(low, high)| serde_json::json!({
                    "rate": round4(s.tally.draws as f64 / s.tally.games as f64),
                    "low": round4(low),
                    "high": round4(high),
                })
            ));
            let vs = first
                .filter(|_| i > 0)
                .and_then(|f| difference(f, own))
                .map(|d| {
                    serde_json::json!({
                        "difference": round4(d.difference),
                        "low": round4(d.low),
                        "high": round4(d.high),
                        "p_value": round4(d.p_value),
                    })
                });
            v["vs_first"] = serde_json::json!(vs);
            v
        })
        .collect();
    serde_json::json!({ "series": series })
}

/// The rows comparing the series: each one's draw rate with its Wilson interval, its first
/// player's score, and for each series after the first the difference of that score from the
/// first series' with its interval and p-value (`-` in the first series' column).
fn compared(stats: &[Stats]) -> Vec<(String, Vec<String>)> {
    let first = stats.first().map(|s| Scores::first_player(&s.tally));
    let diffs: Vec<_> = stats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let own = Scores::first_player(&s.tally);
            first.filter(|_| i > 0).and_then(|f| difference(f, own))
        })
        .collect();
    let cells = |f: &dyn Fn(usize, &Stats) -> Option<String>| -> Vec<String> {
        stats
            .iter()
            .enumerate()
            .map(|(i, s)| f(i, s).unwrap_or_else(|| "-".into()))
            .collect()
    };
    vec![
        (
            "draw rate [95% Wilson]".into(),
            cells(&|_, s| {
                let (low, high) = wilson(s.tally.draws, s.tally.games)?;
                let rate = s.tally.draws as f64 / s.tally.games as f64;
                Some(format!("{rate:.3} [{low:.3}, {high:.3}]"))
            }),
        ),
        (
            "score of player 1".into(),
            cells(&|_, s| {
                let m = Scores::first_player(&s.tally).mean()?;
                Some(format!("{m:.3}"))
            }),
        ),
        (
            "player 1 vs series 1 [95%]".into(),
            cells(&|i, _| {
                let d = diffs[i]?;
                // Rounded first, so that no difference is written +0.000, never -0.000.
                let r = |x: f64| (x * 1000.0).round() / 1000.0 + 0.0;
                Some(format!(
                    "{:+.3} [{:+.3}, {:+.3}]",
                    r(d.difference),
                    r(d.low),
                    r(d.high)
                ))
            }),
        ),
        (
            "p-value vs series 1".into(),
            cells(&|i, _| Some(format!("{:.3}", diffs[i]?.p_value))),
        ),
    ]
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
pub fn report(stats: &[Stats]) -> String {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row = |label: &str, f: &dyn Fn(&Stats) -> String| {
        rows.push((label.to_string(), stats.iter().map(f).collect()));
    };
    row("variant", &|s| s.tally.variant.clone());
    row("entrants", &|s| {
        format!("{} vs {}", s.tally.entrants[0], s.tally.entrants[1])
    });
    row("games", &|s| s.tally.games.to_string());
    row("wins / draws / losses", &|s| {
        format!("{} / {} / {}", s.tally.wins, s.tally.draws, s.tally.losses)
    });
    row("score (first entrant)", &|s| {
        format!("{:.3}", s.tally.score())
    });
    row("Elo [95% interval]", &|s| {
        let (e, l, h) = s.tally.elo();
        if e.is_none() {
            // A score of 0 or 1: an infinite difference, and no spread to bound it by.
            let all = if s.tally.score() > 0.5 {
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
    let players = stats
        .iter()
        .map(|s| s.tally.players.len())
        .max()
        .unwrap_or(0);
    for p in 0..players {
        row(&format!("wins of player {}", p + 1), &|s| {
            s.tally
                .players
                .get(p)
                .map_or("".into(), |n| format!("{} {n}", s.tally.by_player[p]))
        });
    }
    let mut causes: Vec<String> = stats
        .iter()
        .flat_map(|s| s.tally.causes.keys().cloned())
        .collect();
    causes.sort();
    causes.dedup();
    for c in &causes {
        // The count, then its share of the games with a 95% Wilson interval.
        row(&format!("ended by {c}"), &|s| {
            let k = s.tally.causes.get(c).copied().unwrap_or(0);
            match wilson(k, s.tally.games) {
                Some((low, high)) => {
                    let rate = k as f64 / s.tally.games as f64;
                    format!("{k}  {rate:.3} [{low:.3}, {high:.3}]")
                }
                None => k.to_string(),
            }
        });
    }
    if stats.iter().any(|s| s.sprt.is_some()) {
        row("pairs 0 / ½ / 1 / 1½ / 2", &|s| {
            s.sprt.map_or(String::new(), |(_, d)| {
                let p = d.penta;
                format!("{} / {} / {} / {} / {}", p[0], p[1], p[2], p[3], p[4])
            })
        });
        row("SPRT", &|s| {
            s.sprt.map_or(String::new(), |(t, d)| t.text(&d))
        });
    }
    if stats.iter().any(|s| s.clock.is_some()) {
        row("time control", &|s| {
            s.clock.map_or(String::new(), |(tc, margin, _)| {
                let tcs = if tc[0] == tc[1] {
                    tc[0].text()
                } else {
                    format!("{} / {}", tc[0].text(), tc[1].text())
                };
                format!("{tcs} s (margin {} ms)", margin.as_millis())
            })
        });
        row("ms a move (each entrant)", &|s| {
            s.clock.map_or(String::new(), |(_, _, c)| {
                format!("{:.1} / {:.1}", c[0].per_move(), c[1].per_move())
            })
        });
        row("least time left (ms)", &|s| {
            s.clock.map_or(String::new(), |(_, _, c)| {
                format!("{} / {}", c[0].least.as_millis(), c[1].least.as_millis())
            })
        });
    }
    if stats.iter().any(|s| s.limits.is_some()) {
        row("limit a move (each entrant)", &|s| {
            s.limits
                .as_ref()
                .map_or(String::new(), |l| format!("{} / {}", l[0], l[1]))
        });
    }
    row("plies: mean ± sd", &|s| {
        let (m, sd, _, _) = s.tally.lengths();
        format!("{m:.1} ± {sd:.1}")
    });
    row("plies: min - max", &|s| {
        let (_, _, lo, hi) = s.tally.lengths();
        format!("{lo} - {hi}")
    });
    if stats.len() > 1 {
        rows.extend(compared(stats));
    }
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

/// An engine's word on its move as Cute Chess writes it in a PGN comment: the score in pawns
/// from the side that moved, signed, two decimals (`+0.35`, `-1.20`, `0.00`), or a mate in moves
/// (`+M5`, `-M3`), then the depth: `{+0.35/12}`.
pub fn eval_comment(e: &Eval) -> String {
    let score = match e.score {
        Score::Cp(v) => {
            let sign = match v.signum() {
                1 => "+",
                -1 => "-",
                _ => "",
            };
            let a = v.unsigned_abs();
            format!("{sign}{}.{:02}", a / 100, a % 100)
        }
        Score::Mate(n) if n < 0 => format!("-M{}", n.unsigned_abs()),
        Score::Mate(n) => format!("+M{n}"),
    };
    format!("{{{score}/{}}}", e.depth)
}

/// A game as PGN: the variant, start FEN and time control (`tc`: varia's and its opponent's
/// `TimeControl` tag's value; if they differ, `WhiteTimeControl` and `BlackTimeControl` as Cute
/// Chess writes them) in the headers, the moves in SAN (`varia show FILE --variant V --fen FEN --moves ...`
/// replays their coordinates, which `varia match --json` keeps), each followed by its engine's
/// score and depth as a comment where it gave one.
pub fn pgn(r: &Record, s: &Series, tc: &[String; 2]) -> String {
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
            _ => r.entrant.clone(),
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
    if tc[0] == tc[1] || !two {
        tag("TimeControl", &tc[0]);
    } else {
        // Each side's: varia's where it plays, its opponent's elsewhere.
        let of = |p: u8| match r.varia_side {
            Some(v) if v != PlayerId(p) => &tc[1],
            _ => &tc[0],
        };
        tag("WhiteTimeControl", of(0));
        tag("BlackTimeControl", of(1));
    }
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
        let mut word = if two && ply.is_multiple_of(2) {
            format!("{}. {m}", ply / 2 + 1)
        } else if two && i == 0 {
            format!("1... {m}")
        } else {
            m.clone()
        };
        // A move and its comment stay on one line, as Cute Chess writes them.
        if let Some(Some(e)) = r.evals.get(i) {
            word += " ";
            word += &eval_comment(e);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_written_as_cute_chess_writes_them() {
        let c = |score, depth| eval_comment(&Eval { score, depth });
        assert_eq!(c(Score::Cp(35), 12), "{+0.35/12}");
        assert_eq!(c(Score::Cp(-120), 9), "{-1.20/9}");
        assert_eq!(c(Score::Cp(-5), 1), "{-0.05/1}");
        assert_eq!(c(Score::Cp(0), 3), "{0.00/3}");
        assert_eq!(c(Score::Cp(123_456), 4), "{+1234.56/4}");
        assert_eq!(c(Score::Mate(5), 12), "{+M5/12}");
        assert_eq!(c(Score::Mate(-3), 7), "{-M3/7}");
    }
}
