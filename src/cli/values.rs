//! `varia values`: each piece type's value estimated from self-play. The engine plays games
//! against itself as `varia tune` does; every quiet position is labelled with the game's result
//! for the player to move and described by the material difference of each type (on the board and
//! in hand). A logistic regression of the results on those differences (with an intercept for
//! the move) gives each type's worth in units of the curve; the scale that turns the engine's own
//! evaluation into the same curve turns them into its centipawns. The intervals are 95% Wald
//! intervals with standard errors clustered by game (positions of one game are not independent).

use super::load::{Failure, load_game};
use super::tune::{Played, Sample, TuneSpec, fit_scale, play_all};
use std::sync::Arc;
use varia::Game;
use varia::search::{Eval, to_weights};

/// `varia values`' arguments.
#[derive(clap::Args)]
pub struct ValuesArgs {
    pub file: String,
    #[arg(long)]
    pub variant: Option<String>,
    /// Self-play games to learn from
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// Nodes searched per move in the games
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Random moves played from the start of each game before the engine takes over
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// Declare a draw after this many plies
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Games played at once (default: the number of cores)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub threads: Option<u64>,
    /// Seed of the random moves
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the estimates as JSON
    #[arg(long)]
    pub json: bool,
    /// Also write a weights file with the estimated values, for `--weights`
    #[arg(long)]
    pub out: Option<String>,
}

/// One type's estimate.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Centipawns, with the low and high ends of the 95% interval; `None` where the games never
    /// had the players' counts of the type differ in a quiet position.
    pub value: Option<(f64, f64, f64)>,
    /// Quiet positions where the counts differ.
    pub unequal: usize,
}

/// Steps of Newton's method.
const NEWTON_STEPS: usize = 25;
/// A ridge on the coefficients (per position), so that types that always go together stay
/// solvable.
const RIDGE: f64 = 1e-6;

/// Runs `varia values`: gives what it prints on standard output.
pub fn command(args: ValuesArgs) -> Result<String, Failure> {
    let game = Arc::new(load_game(&args.file, args.variant.as_deref())?);
    let players = game.rules().players.len();
    if players != 2 {
        return Err(Failure(format!(
            "error: varia values needs a game of two players (this one has {players})"
        )));
    }
    if let Some(path) = &args.out {
        super::matches::check_writable(path)?;
    }
    let spec = TuneSpec {
        games: args.games as usize,
        nodes: args.nodes,
        random_plies: args.random_plies,
        max_plies: args.max_plies.max(1),
        threads: super::session::threads_or_cores(args.threads),
        seed: args.seed,
        iterations: 1,
        weights: None,
        score_weight: 0.0,
    };
    let played = play_all(&game, &spec);
    let samples: usize = played.iter().map(|g| g.1.len()).sum();
    if samples == 0 {
        return Err(Failure(
            "error: the games gave no quiet position to estimate from".into(),
        ));
    }
    let eval = Eval::new(&game);
    let all: Vec<&Sample> = played.iter().flat_map(|g| &g.1).collect();
    let scale = fit_scale(&all, &eval.params());
    let estimates = estimate(&game, &played, scale);
    if let Some(path) = &args.out {
        let mut params = eval.params();
        let layout = eval.layout();
        for (k, e) in estimates.iter().enumerate() {
            if let Some((v, _, _)) = e.value {
                params[layout.value(k)] = v.max(0.0);
            }
        }
        std::fs::write(path, to_weights(&game, &params).to_json())
            .map_err(|e| Failure(format!("error: cannot write {path}: {e}")))?;
    }
    Ok(if args.json {
        json(&game, &eval, &played, scale, &estimates)
    } else {
        table(&game, &eval, &played, scale, &estimates)
    })
}

/// The estimates by type (none for a royal type), from the games' labelled positions; `scale`
/// is the engine's curve ([`fit_scale`]).
pub(super) fn estimate(game: &Game, played: &[Played], scale: f64) -> Vec<Estimate> {
    let rules = game.rules();
    let kinds = rules.pieces.len();
    let mut unequal = vec![0usize; kinds];
    for s in played.iter().flat_map(|g| &g.1) {
        for (k, &d) in s.material.iter().enumerate() {
            unequal[k] += (d != 0.0) as usize;
        }
    }
    // The coefficients: the types seen unequal (not royal), then the intercept.
    let used: Vec<usize> = (0..kinds)
        .filter(|&k| !rules.pieces[k].royal && unequal[k] > 0)
        .collect();
    let games: Vec<Vec<(Vec<f64>, f64)>> = played
        .iter()
        .map(|g| {
            g.1.iter()
                .map(|s| {
                    let mut x: Vec<f64> = used.iter().map(|&k| s.material[k] as f64).collect();
                    x.push(1.0);
                    (x, s.result)
                })
                .collect()
        })
        .collect();
    let fit = logistic(&games, used.len() + 1);
    // Curve units to centipawns: the engine's curve is 1 / (1 + 10^(-scale e / 400)).
    let cp = 400.0 / (scale * std::f64::consts::LN_10);
    let mut out: Vec<Estimate> = (0..kinds)
        .map(|k| Estimate {
            value: None,
            unequal: unequal[k],
        })
        .collect();
    if let Some((beta, se)) = fit {
        for (i, &k) in used.iter().enumerate() {
            let (v, h) = (beta[i] * cp, 1.96 * se[i] * cp);
            out[k].value = Some((v, v - h, v + h));
        }
    }
    out
}

/// A logistic regression of results (0, 0.5 or 1) on `n` regressors by Newton's method: the
/// coefficients and their standard errors clustered by game (the sandwich estimate); `None`
/// where the system cannot be solved.
pub(super) fn logistic(games: &[Vec<(Vec<f64>, f64)>], n: usize) -> Option<(Vec<f64>, Vec<f64>)> {
    let count: usize = games.iter().map(|g| g.len()).sum();
    let ridge = RIDGE * count as f64;
    let mut beta = vec![0.0; n];
    let p = |beta: &[f64], x: &[f64]| {
        let z: f64 = beta.iter().zip(x).map(|(b, x)| b * x).sum();
        1.0 / (1.0 + (-z).exp())
    };
    let mut hessian = vec![vec![0.0; n]; n];
    for _ in 0..NEWTON_STEPS {
        let mut grad = vec![0.0; n];
        hessian = vec![vec![0.0; n]; n];
        for (x, y) in games.iter().flatten() {
            let q = p(&beta, x);
            let w = q * (1.0 - q);
            for i in 0..n {
                grad[i] += (y - q) * x[i];
                for j in 0..n {
                    hessian[i][j] += w * x[i] * x[j];
                }
            }
        }
        for i in 0..n {
            grad[i] -= ridge * beta[i];
            hessian[i][i] += ridge;
        }
        let step = solve(&hessian, &grad)?;
        let mut largest = 0.0f64;
        for i in 0..n {
            // At most 2 curve units a step, so that a nearly separable set does not fly off.
            beta[i] += step[i].clamp(-2.0, 2.0);
            largest = largest.max(step[i].abs());
        }
        if largest < 1e-9 {
            break;
        }
    }
    let inverse = invert(&hessian)?;
    let mut meat = vec![vec![0.0; n]; n];
    for g in games {
        let mut u = vec![0.0; n];
        for (x, y) in g {
            let q = p(&beta, x);
            for i in 0..n {
                u[i] += (y - q) * x[i];
            }
        }
        for i in 0..n {
            for j in 0..n {
                meat[i][j] += u[i] * u[j];
            }
        }
    }
    let se = (0..n)
        .map(|i| {
            let v: f64 = (0..n)
                .flat_map(|a| (0..n).map(move |b| (a, b)))
                .map(|(a, b)| inverse[i][a] * meat[a][b] * inverse[b][i])
                .sum();
            v.max(0.0).sqrt()
        })
        .collect();
    Some((beta, se))
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            let mut row = a[i].clone();
            row.push(b[i]);
            row
        })
        .collect();
    for c in 0..n {
        let pivot = (c..n).max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs()))?;
        if m[pivot][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, pivot);
        let pivot_row = m[c].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot_row[c];
                for (x, p) in row.iter_mut().zip(&pivot_row).skip(c) {
                    *x -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

/// The inverse of a square matrix, column by column.
fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut cols = Vec::with_capacity(n);
    for j in 0..n {
        let e: Vec<f64> = (0..n).map(|i| (i == j) as u8 as f64).collect();
        cols.push(solve(a, &e)?);
    }
    Some(
        (0..n)
            .map(|i| (0..n).map(|j| cols[j][i]).collect())
            .collect(),
    )
}

/// The games' results: wins by player name, then draws.
fn results(game: &Game, played: &[Played]) -> (Vec<(String, usize)>, usize) {
    let rules = game.rules();
    let mut wins: Vec<(String, usize)> =
        rules.players.iter().map(|p| (p.name.clone(), 0)).collect();
    let mut draws = 0;
    for g in played {
        match g.2 {
            Some(w) => wins[w].1 += 1,
            None => draws += 1,
        }
    }
    (wins, draws)
}

fn table(game: &Game, eval: &Eval, played: &[Played], scale: f64, est: &[Estimate]) -> String {
    let (wins, draws) = results(game, played);
    let positions: usize = played.iter().map(|g| g.1.len()).sum();
    let wins: Vec<String> = wins.iter().map(|(n, w)| format!("{n} {w}")).collect();
    let mut out = format!(
        "{} games ({}, draws {draws}), {positions} quiet positions; scale {scale:.3}\n",
        played.len(),
        wins.join(", ")
    );
    let width = game
        .rules()
        .pieces
        .iter()
        .map(|p| p.name.len())
        .max()
        .unwrap_or(5)
        .max(5);
    out.push_str(&format!(
        "{:width$}  {:>8}  {:>9}  {:>17}  {:>9}\n",
        "piece", "defined", "estimated", "95% interval", "unequal"
    ));
    for (k, pt) in game.rules().pieces.iter().enumerate() {
        if pt.royal {
            continue;
        }
        let defined = eval.value(varia::rules::PieceId(k as u8));
        let e = &est[k];
        let (v, range) = match e.value {
            Some((v, lo, hi)) => (format!("{v:.0}"), format!("[{lo:.0}, {hi:.0}]")),
            None => ("-".into(), "never unequal".into()),
        };
        out.push_str(&format!(
            "{:width$}  {defined:>8}  {v:>9}  {range:>17}  {:>9}\n",
            pt.name, e.unequal
        ));
    }
    out
}

fn json(game: &Game, eval: &Eval, played: &[Played], scale: f64, est: &[Estimate]) -> String {
    let (wins, draws) = results(game, played);
    let positions: usize = played.iter().map(|g| g.1.len()).sum();
    let pieces: Vec<serde_json::Value> = game
        .rules()
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, pt)| !pt.royal)
        .map(|(k, pt)| {
            let e = &est[k];
            let round = |v: f64| (v * 10.0).round() / 10.0;
            serde_json::json!({
                "name": pt.name,
                "defined": eval.value(varia::rules::PieceId(k as u8)),
                "estimate": e.value.map(|v| round(v.0)),
                "low": e.value.map(|v| round(v.1)),
                "high": e.value.map(|v| round(v.2)),
                "unequal": e.unequal,
            })
        })
        .collect();
    let wins: serde_json::Map<String, serde_json::Value> =
        wins.into_iter().map(|(n, w)| (n, w.into())).collect();
    let v = serde_json::json!({
        "games": played.len(),
        "wins": wins,
        "draws": draws,
        "positions": positions,
        "scale": (scale * 1000.0).round() / 1000.0,
        "pieces": pieces,
    });
    format!("{v}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws results from a known logistic model and checks that the fit finds it, each true
    /// coefficient inside its interval.
    #[test]
    fn the_regression_recovers_known_coefficients() {
        let truth = [1.2, 0.4, -0.1];
        let mut state = 12345u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut games = Vec::new();
        for _ in 0..400 {
            let mut g = Vec::new();
            for _ in 0..20 {
                let a = (next() * 5.0).floor() - 2.0;
                let b = (next() * 7.0).floor() - 3.0;
                let x = vec![a, b, 1.0];
                let z: f64 = truth.iter().zip(&x).map(|(t, x)| t * x).sum();
                let p = 1.0 / (1.0 + (-z).exp());
                g.push((x, if next() < p { 1.0 } else { 0.0 }));
            }
            games.push(g);
        }
        let (beta, se) = logistic(&games, 3).expect("solvable");
        for i in 0..3 {
            assert!(
                (beta[i] - truth[i]).abs() < 1.96 * se[i] + 1e-9,
                "{i}: {} +- {} against {}",
                beta[i],
                se[i],
                truth[i]
            );
            assert!(se[i] > 0.0 && se[i] < 0.2, "{i}: {}", se[i]);
        }
    }

    #[test]
    fn a_singular_system_is_no_solution() {
        assert_eq!(solve(&[vec![1.0, 2.0], vec![2.0, 4.0]], &[1.0, 2.0]), None);
        assert_eq!(
            solve(&[vec![2.0, 0.0], vec![0.0, 4.0]], &[2.0, 2.0]),
            Some(vec![1.0, 0.5])
        );
    }
}
