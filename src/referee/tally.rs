//! The results of a series of games, counted from its first entrant's side.

use crate::rules::PlayerId;
use std::collections::BTreeMap;

/// The results of a series, seen from its first entrant: the first player in self-play, the
/// entrant whose side each game names otherwise.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// The variant played.
    pub variant: String,
    /// The entrants' names, the first entrant first.
    pub entrants: [String; 2],
    /// The players' names, in turn order.
    pub players: Vec<String>,
    /// Games counted.
    pub games: usize,
    /// The first entrant's wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// The first entrant's losses.
    pub losses: usize,
    /// Wins of each player (by turn order).
    pub by_player: Vec<usize>,
    /// How many games each cause ended.
    pub causes: BTreeMap<String, usize>,
    /// Each game's length in plies.
    pub plies: Vec<usize>,
}

impl Tally {
    /// A tally of no games.
    pub fn new(variant: &str, entrants: [String; 2], players: Vec<String>) -> Tally {
        Tally {
            variant: variant.to_string(),
            entrants,
            by_player: vec![0; players.len()],
            players,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            causes: BTreeMap::new(),
            plies: Vec::new(),
        }
    }

    /// Counts a game: its winner (`None`: a draw), the player the first entrant played, the
    /// cause of its end and its length.
    pub fn add(&mut self, winner: Option<PlayerId>, first: PlayerId, cause: &str, plies: usize) {
        self.games += 1;
        match winner {
            None => self.draws += 1,
            Some(w) => {
                if let Some(n) = self.by_player.get_mut(w.index()) {
                    *n += 1;
                }
                if w == first {
                    self.wins += 1;
                } else {
                    self.losses += 1;
                }
            }
        }
        *self.causes.entry(cause.to_string()).or_default() += 1;
        self.plies.push(plies);
    }

    /// The first entrant's score in [0, 1] (a draw counts half); 0.5 for no games.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games as f64
    }

    /// The Elo difference the score implies, with its 95% interval (from the spread of the
    /// per-game scores); `None` where the score is 0 or 1.
    pub fn elo(&self) -> (Option<f64>, Option<f64>, Option<f64>) {
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

    /// The games' lengths: mean, standard deviation, least and most plies (all 0 for no games).
    pub fn lengths(&self) -> (f64, f64, usize, usize) {
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

    /// Each ending cause's share of the games, with its 95% Wilson interval: `(rate, low, high)`.
    pub fn cause_rates(&self) -> BTreeMap<String, (f64, f64, f64)> {
        self.causes
            .iter()
            .filter_map(|(c, &k)| {
                let (low, high) = wilson(k, self.games)?;
                Some((c.clone(), (k as f64 / self.games as f64, low, high)))
            })
            .collect()
    }

    /// The tally as `varia match --json` writes a series (without its `sprt` and `clock`):
    /// score to 3 decimals, Elo and lengths to 1.
    pub fn json(&self) -> serde_json::Value {
        let (elo, low, high) = self.elo();
        let (mean, sd, min, max) = self.lengths();
        serde_json::json!({
            "variant": self.variant,
            "entrants": self.entrants,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": (self.score() * 1000.0).round() / 1000.0,
            "elo": elo.map(round1),
            "elo_low": low.map(round1),
            "elo_high": high.map(round1),
            "wins_by_player": self.players.iter().cloned().zip(self.by_player.iter().copied())
                .collect::<BTreeMap<String, usize>>(),
            "causes": self.causes,
            "cause_rates": self.cause_rates().into_iter()
                .map(|(c, (rate, low, high))| (c, serde_json::json!({
                    "rate": round4(rate), "low": round4(low), "high": round4(high),
                })))
                .collect::<serde_json::Map<String, serde_json::Value>>(),
            "plies": { "mean": round1(mean), "sd": round1(sd), "min": min, "max": max },
        })
    }
}

/// The normal quantile of a two-sided 95% interval, as the Elo interval of a [`Tally`] uses it.
pub(super) const Z95: f64 = 1.96;

/// A proportion's 95% Wilson score interval: `k` successes of `n` trials, clamped to [0, 1];
/// `None` for no trials.
pub fn wilson(k: usize, n: usize) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// Rounds to four decimals; `+ 0.0` writes no difference as 0.0, not -0.0.
fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0 + 0.0
}

/// Rounds to one decimal; `+ 0.0` writes no difference as 0.0, not -0.0.
fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0 + 0.0
}
