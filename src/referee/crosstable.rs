//! A round robin's results (`varia match --tournament`): each pairing's points, and each
//! entrant's total with its Elo against the field.

use super::report::Record;
use super::tally::Tally;
use crate::rules::PlayerId;

/// The results of a round robin: entrants by their number, each pairing's points and games, and
/// the standings.
pub struct Crosstable {
    /// The entrants' names, as the tournament numbers them (made unique).
    pub entrants: Vec<String>,
    /// `cells[i][j]`: entrant i's wins, draws and losses against entrant j, over every variant.
    pub cells: Vec<Vec<[usize; 3]>>,
    /// Each entrant's results against the field, its tally's first entrant being it.
    pub totals: Vec<Tally>,
}

impl Crosstable {
    /// Counts the records of a round robin; `pairs[s]` names the entrants (first, second) of
    /// series `s`, whose records count from the first's side.
    pub fn of<'a>(
        names: &[String],
        pairs: &[(usize, usize)],
        records: impl IntoIterator<Item = &'a Record>,
    ) -> Crosstable {
        let entrants = unique(names);
        let n = entrants.len();
        let mut cells = vec![vec![[0usize; 3]; n]; n];
        let mut totals: Vec<Tally> = entrants
            .iter()
            .map(|e| Tally::new("all", [e.clone(), "the field".into()], Vec::new()))
            .collect();
        for r in records {
            let Some(&(a, b)) = pairs.get(r.series) else {
                continue;
            };
            let first = r.varia_side.unwrap_or(PlayerId(0));
            let second = PlayerId(1 - first.0.min(1));
            for (me, them, side) in [(a, b, first), (b, a, second)] {
                let k = match r.verdict.winner {
                    None => 1,
                    Some(w) if w == side => 0,
                    Some(_) => 2,
                };
                cells[me][them][k] += 1;
                totals[me].add(r.verdict.winner, side, &r.verdict.cause, r.moves.len());
            }
        }
        Crosstable {
            entrants,
            cells,
            totals,
        }
    }

    /// The entrants by points, most first (ties: the earlier entrant first).
    pub fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.entrants.len()).collect();
        let points = |i: usize| self.totals[i].wins * 2 + self.totals[i].draws;
        order.sort_by_key(|&i| std::cmp::Reverse(points(i)));
        order
    }

    /// The crosstable as text: a row per entrant by standing, its points against each other
    /// entrant (wins and half the draws, out of the games), its total, score and Elo.
    pub fn text(&self) -> String {
        let order = self.order();
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut head = vec!["#".to_string(), "entrant".to_string()];
        head.extend((1..=order.len()).map(|k| k.to_string()));
        head.extend(["points", "games", "score", "Elo [95% interval]"].map(String::from));
        rows.push(head);
        for (rank, &i) in order.iter().enumerate() {
            let mut row = vec![(rank + 1).to_string(), self.entrants[i].clone()];
            for &j in &order {
                row.push(if i == j {
                    "-".into()
                } else {
                    let [w, d, l] = self.cells[i][j];
                    format!("{}/{}", points_text(w, d), w + d + l)
                });
            }
            let t = &self.totals[i];
            row.push(points_text(t.wins, t.draws));
            row.push(t.games.to_string());
            row.push(format!("{:.3}", t.score()));
            row.push(elo_text(t));
            rows.push(row);
        }
        let widths: Vec<usize> = (0..rows[0].len())
            .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
            .collect();
        let mut out = String::from(
            "crosstable (points of each row's entrant against each column's, out of the games)\n",
        );
        for r in &rows {
            let cells: Vec<String> = r
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (s, w))| {
                    if c == 1 {
                        format!("{s:<w$}")
                    } else {
                        format!("{s:>w$}")
                    }
                })
                .collect();
            out += cells.join("  ").trim_end();
            out += "\n";
        }
        out
    }

    /// The crosstable as `varia match --tournament --json` writes it: the entrants by standing,
    /// each with its points, games, score, Elo against the field with its 95% interval, and its
    /// wins, draws and losses against each other entrant (by name).
    pub fn json(&self) -> serde_json::Value {
        let standings: Vec<serde_json::Value> = self
            .order()
            .into_iter()
            .map(|i| {
                let t = &self.totals[i];
                let (e, low, high) = t.elo();
                let round = |x: Option<f64>| x.map(|v| (v * 10.0).round() / 10.0);
                let against: serde_json::Map<String, serde_json::Value> = (0..self.entrants.len())
                    .filter(|&j| j != i)
                    .map(|j| {
                        let [w, d, l] = self.cells[i][j];
                        (
                            self.entrants[j].clone(),
                            serde_json::json!({"wins": w, "draws": d, "losses": l}),
                        )
                    })
                    .collect();
                serde_json::json!({
                    "entrant": self.entrants[i],
                    "points": t.wins as f64 + t.draws as f64 / 2.0,
                    "games": t.games,
                    "wins": t.wins,
                    "draws": t.draws,
                    "losses": t.losses,
                    "score": (t.score() * 1000.0).round() / 1000.0,
                    "elo": round(e),
                    "elo_low": round(low),
                    "elo_high": round(high),
                    "against": against,
                })
            })
            .collect();
        serde_json::json!({ "entrants": self.entrants, "standings": standings })
    }
}

/// Points as a crosstable writes them: `3.5`, `4`.
fn points_text(wins: usize, draws: usize) -> String {
    let twice = wins * 2 + draws;
    if twice.is_multiple_of(2) {
        (twice / 2).to_string()
    } else {
        format!("{}.5", twice / 2)
    }
}

/// An entrant's Elo against the field with its interval, or why there is none.
fn elo_text(t: &Tally) -> String {
    match t.elo() {
        (Some(e), Some(l), Some(h)) => format!("{} [{}, {}]", signed(e), signed(l), signed(h)),
        (Some(e), _, _) => signed(e),
        _ if t.games == 0 => "-".into(),
        _ if t.score() > 0.5 => "+inf (every game won)".into(),
        _ => "-inf (every game lost)".into(),
    }
}

/// Elo to the unit with its sign, 0 without one.
fn signed(e: f64) -> String {
    let e = e.round() + 0.0;
    if e == 0.0 {
        "0".into()
    } else {
        format!("{e:+.0}")
    }
}

/// The names made unique: a name given twice gets ` (2)`, ` (3)` ... after its first use.
fn unique(names: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for n in names {
        let mut name = n.clone();
        let mut k = 1;
        while out.contains(&name) {
            k += 1;
            name = format!("{n} ({k})");
        }
        out.push(name);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Verdict;

    fn record(series: usize, first: u8, winner: Option<u8>) -> Record {
        Record {
            series,
            index: 0,
            start_fen: String::new(),
            moves: vec!["e2e4".into(); 10],
            verdict: Verdict {
                winner: winner.map(PlayerId),
                cause: "checkmate".into(),
            },
            varia_side: Some(PlayerId(first)),
            opponent: String::new(),
            entrant: String::new(),
            note: None,
            clock: None,
            evals: Vec::new(),
        }
    }

    #[test]
    fn each_pairing_counts_for_both_entrants() {
        let names: Vec<String> = ["varia", "x", "x"].map(String::from).to_vec();
        // Series 0: varia (0) against x (1); series 1: varia against the second x (2); series
        // 2: x against the second x.
        let pairs = [(0, 1), (0, 2), (1, 2)];
        let records = [
            record(0, 0, Some(0)), // varia, first player, wins
            record(0, 1, None),    // a draw
            record(1, 1, Some(0)), // varia, second player, loses
            record(2, 0, Some(1)), // x, first player, loses to the second x
            record(2, 1, Some(1)), // x, second player, wins
        ];
        let t = Crosstable::of(&names, &pairs, &records);
        assert_eq!(t.entrants, ["varia", "x", "x (2)"]);
        assert_eq!(t.cells[0][1], [1, 1, 0]);
        assert_eq!(t.cells[1][0], [0, 1, 1]);
        assert_eq!(t.cells[0][2], [0, 0, 1]);
        assert_eq!(t.cells[2][0], [1, 0, 0]);
        assert_eq!(t.cells[1][2], [1, 0, 1]);
        let points: Vec<usize> = t.totals.iter().map(|x| x.wins * 2 + x.draws).collect();
        assert_eq!(points, [3, 3, 4]);
        assert_eq!(t.order(), [2, 0, 1]);
        let text = t.text();
        assert!(
            text.contains("1  x (2)      -    1/1    1/2       2      3  0.667"),
            "{text}"
        );
        assert!(
            text.contains(
                "2  varia    0/1      -  1.5/2     1.5      3  0.500      0 [-561, +561]"
            ),
            "{text}"
        );
        let json = t.json();
        assert_eq!(json["standings"][0]["entrant"], "x (2)");
        assert_eq!(json["standings"][1]["points"], 1.5);
        assert_eq!(json["standings"][1]["against"]["x"]["draws"], 1);
    }
}
