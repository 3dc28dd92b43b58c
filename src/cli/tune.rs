//! `varia tune`: fits the evaluation's terms of one variant to the results of self-play games
//! (Texel's method). The engine plays games against itself at a fixed number of nodes a move,
//! each from its own random opening plies; every quiet position of a game (not in check, reached
//! by no capture, left by no capture or promotion) is labelled with the game's result for the
//! player to move. The terms (each type's value, mobility and tapered squares:
//! [`varia::search::Layout`]) are then fitted so that a logistic curve of the evaluation
//! predicts those results best (least squares, Adam's steps over the whole set), after fitting
//! the curve's scale to the evaluation the games were played with. The result is a weights
//! file that `--weights` loads.

use super::load::Failure;
use super::load::{load_game, weights_for_game};
use super::session::{Line, Rng};
use std::sync::Arc;
use varia::Game;
use varia::search::{Eval, Features, Limits, Score, Searcher, Weights, to_weights};

/// What `varia tune` is asked.
pub struct TuneSpec {
    pub games: usize,
    pub nodes: u64,
    pub random_plies: usize,
    pub max_plies: usize,
    pub threads: usize,
    pub seed: u64,
    pub iterations: usize,
    pub weights: Option<Weights>,
    /// The share of each position's label taken from the search's score of it (the rest from
    /// the game's result), 0 to 1.
    pub score_weight: f64,
}

/// `varia tune`'s arguments.
#[derive(clap::Args)]
pub struct TuneArgs {
    pub file: String,
    #[arg(long)]
    pub variant: Option<String>,
    /// Self-play games to learn from
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Nodes searched per move in the games
    #[arg(long, default_value_t = 2000)]
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
    /// Steps of the fit
    #[arg(long, default_value_t = 500)]
    pub iterations: usize,
    /// Start from (and play the games with) the terms of this weights file
    #[arg(long)]
    pub weights: Option<String>,
    /// The share (0 to 1) of each position's label taken from the score the search gave it in
    /// the game, as an expected result; the rest is the game's result
    #[arg(long, default_value_t = 0.0)]
    pub score_weight: f64,
    /// Write the weights to this file (default: print them)
    #[arg(long)]
    pub out: Option<String>,
}

/// Runs `varia tune`: gives what it prints on standard output.
pub fn command(args: TuneArgs) -> Result<String, Failure> {
    let game = Arc::new(load_game(&args.file, args.variant.as_deref())?);
    let weights = match &args.weights {
        Some(p) => Some(weights_for_game(p, &game)?),
        None => None,
    };
    if !(0.0..=1.0).contains(&args.score_weight) {
        return Err(Failure(format!(
            "error: --score-weight {} is not between 0 and 1",
            args.score_weight
        )));
    }
    let spec = TuneSpec {
        games: args.games,
        nodes: args.nodes,
        random_plies: args.random_plies,
        max_plies: args.max_plies.max(1),
        threads: super::session::threads_or_cores(args.threads),
        seed: args.seed,
        iterations: args.iterations,
        weights,
        score_weight: args.score_weight,
    };
    let (w, report) = run(game, &spec)?;
    let json = w.to_json();
    match &args.out {
        Some(p) => {
            std::fs::write(p, json)
                .map_err(|e| Failure(format!("error: cannot write {p}: {e}")))?;
            Ok(report)
        }
        None => {
            eprint!("{report}");
            Ok(json)
        }
    }
}

/// A quiet position of a game: its terms, and the result for the player to move (1 a win, 0.5
/// a draw, 0 a loss).
pub(super) struct Sample {
    pub(super) features: Features,
    pub(super) result: f64,
    /// The score the game's search gave the position, for the player to move (centipawns; a
    /// mate as [`MATE_CP`]).
    pub(super) score: f64,
    /// By type: the pieces of the player to move, on the board and in hand, less the mean of
    /// its opponents'.
    pub(super) material: Vec<f32>,
}

/// The centipawns a mate found by the search counts as in a label.
const MATE_CP: f64 = 3000.0;

/// How strongly the squares are pulled towards 0 (per centipawn, per position).
const SQUARE_DECAY: f64 = 2e-7;

/// Plays the games, fits the terms, and gives the weights with a report of the fit.
pub fn run(game: Arc<Game>, spec: &TuneSpec) -> Result<(Weights, String), Failure> {
    if spec.games == 0 || spec.nodes == 0 || spec.iterations == 0 {
        return Err(Failure(
            "error: --games, --nodes and --iterations must be at least 1".into(),
        ));
    }
    let per_game = play_all(&game, spec);
    let players = game.rules().players.len();
    let mut wins = vec![0usize; players];
    let mut draws = 0;
    for g in &per_game {
        match g.2 {
            Some(w) => wins[w] += 1,
            None => draws += 1,
        }
    }
    let mut samples: Vec<Sample> = per_game.into_iter().flat_map(|g| g.1).collect();
    if samples.is_empty() {
        return Err(Failure(
            "error: the games gave no quiet position to tune on".into(),
        ));
    }
    let eval = match &spec.weights {
        Some(w) => Eval::with_weights(&game, w),
        None => Eval::new(&game),
    };
    let mut params = eval.params();
    let mut k = fit_scale(&samples, &params);
    // Labels partly from the searches' scores, as the results' curve turns them into expected
    // results; the curve is then fitted again to the labels.
    if spec.score_weight > 0.0 {
        let w = spec.score_weight;
        for s in &mut samples {
            s.result = (1.0 - w) * s.result + w * sigmoid(s.score, k);
        }
        k = fit_scale(&samples, &params);
    }
    let before = error(&samples, &params, k);
    descend(&samples, &mut params, k, spec.iterations, eval.layout());
    let after = error(&samples, &params, k);
    let weights = to_weights(&game, &params);
    let names: Vec<&str> = game
        .rules()
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let results: Vec<String> = names
        .iter()
        .zip(&wins)
        .map(|(n, w)| format!("{n} {w}"))
        .chain(std::iter::once(format!("draws {draws}")))
        .collect();
    let labels = if spec.score_weight > 0.0 {
        format!("; labels {} the searches' scores", spec.score_weight)
    } else {
        String::new()
    };
    let mut report = format!(
        "{} games ({}), {} positions{labels}; scale {k:.3}; mean squared error {before:.5} -> \
         {after:.5}\n",
        spec.games,
        results.join(", "),
        samples.len()
    );
    for (k, pt) in game.rules().pieces.iter().enumerate() {
        let t = &weights.pieces[&pt.name];
        let old = eval.value(varia::rules::PieceId(k as u8));
        report.push_str(&format!(
            "{}: value {} -> {}, mobility {}\n",
            pt.name,
            if pt.royal {
                "-".into()
            } else {
                old.to_string()
            },
            if pt.royal {
                "-".into()
            } else {
                t.value.to_string()
            },
            t.mobility
        ));
    }
    Ok((weights, report))
}

/// One game's number, its quiet positions (labelled) and its winner.
pub(super) type Played = (usize, Vec<Sample>, Option<usize>);

/// Plays the spec's games on its threads, in the order of their numbers.
pub(super) fn play_all(game: &Arc<Game>, spec: &TuneSpec) -> Vec<Played> {
    let threads = spec.threads.clamp(1, 64);
    let mut per_game: Vec<Played> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let game = game.clone();
                scope.spawn(move || {
                    (t..spec.games)
                        .step_by(threads)
                        .map(|i| {
                            let (samples, winner) = play(&game, spec, i);
                            (i, samples, winner)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            per_game.extend(h.join().expect("a tuning thread does not panic"));
        }
    });
    per_game.sort_by_key(|g| g.0);
    per_game
}

/// Plays game `index` against itself and gives its quiet positions, labelled, and its winner.
fn play(game: &Arc<Game>, spec: &TuneSpec, index: usize) -> (Vec<Sample>, Option<usize>) {
    let mut searcher = Searcher::new(game.clone(), 16);
    if let Some(w) = &spec.weights {
        searcher.set_weights(w);
    }
    let mut rng = Rng::new(spec.seed.wrapping_mul(1_000_003).wrapping_add(index as u64));
    let mut line = Line::new(game.clone(), game.start());
    for _ in 0..spec.random_plies {
        if line.verdict().is_some() {
            break;
        }
        let moves = game.legal_moves(line.current());
        line.play(moves[rng.below(moves.len())]);
    }
    let limits = Limits::nodes(spec.nodes);
    let mut taken: Vec<(Features, Vec<f32>, usize, f64)> = Vec::new();
    let mut last_captured = false;
    let mut plies = 0;
    let verdict = loop {
        if let Some(v) = line.verdict() {
            break v.winner;
        }
        if plies >= spec.max_plies {
            break None;
        }
        let pos = line.current();
        let found = searcher.search(pos, &limits, &mut |_| {});
        let Some(m) = found.best else {
            break None;
        };
        let score = match found.score {
            Score::Cp(v) => v as f64,
            Score::Mate(n) => MATE_CP.copysign(n as f64),
        };
        let capture = game.is_capture(pos, &m);
        let quiet = !last_captured && !capture && m.promotion().is_none() && !game.in_check(pos);
        if quiet {
            let stm = pos.side_to_move().index();
            let features = searcher.eval().features(game, pos);
            taken.push((features, material(game, pos), stm, score));
        }
        last_captured = capture;
        line.play(m);
        plies += 1;
    };
    let samples = taken
        .into_iter()
        .map(|(features, material, stm, score)| Sample {
            features,
            material,
            score,
            result: match verdict {
                Some(w) if w.index() == stm => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
        })
        .collect();
    (samples, verdict.map(|w| w.index()))
}

/// By type, the pieces of the player to move (on the board and in hand) less the mean of its
/// opponents'.
fn material(game: &Game, pos: &varia::Position) -> Vec<f32> {
    let rules = game.rules();
    let players = rules.players.len();
    let stm = pos.side_to_move();
    let others = -1.0 / (players.max(2) - 1) as f32;
    let sign = |p: varia::rules::PlayerId| if p == stm { 1.0 } else { others };
    let mut m = vec![0.0f32; rules.pieces.len()];
    for c in 0..rules.board.cells() as u16 {
        if let Some(pc) = pos.piece(varia::rules::Cell(c)) {
            m[pc.kind.index()] += sign(pc.owner);
        }
    }
    if rules.has_hands() {
        for p in (0..players as u8).map(varia::rules::PlayerId) {
            for (k, v) in m.iter_mut().enumerate() {
                *v += sign(p) * pos.in_hand(p, varia::rules::PieceId(k as u8)) as f32;
            }
        }
    }
    m
}

/// The expected score of an evaluation `e` (centipawns) at scale `k`.
pub(super) fn sigmoid(e: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

fn evaluate(s: &Sample, params: &[f64]) -> f64 {
    s.features.fixed
        + s.features
            .terms
            .iter()
            .map(|&(i, v)| params[i as usize] * v as f64)
            .sum::<f64>()
}

/// The mean squared error of the predicted results.
fn error<S: std::borrow::Borrow<Sample>>(samples: &[S], params: &[f64], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| s.borrow())
        .map(|s| (s.result - sigmoid(evaluate(s, params), k)).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale of the logistic curve that fits the results best with the terms as they are
/// (golden-section search over 0.05..5).
pub(super) fn fit_scale<S: std::borrow::Borrow<Sample>>(samples: &[S], params: &[f64]) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.05f64, 5.0f64);
    for _ in 0..40 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if error(samples, params, c) < error(samples, params, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Adam's steps (a centipawn at most per step) on the mean squared error, the squares pulled
/// towards 0.
fn descend(
    samples: &[Sample],
    params: &mut [f64],
    k: f64,
    iterations: usize,
    layout: varia::search::Layout,
) {
    let n = params.len();
    let (b1, b2, rate) = (0.9f64, 0.999f64, 1.0f64);
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let squares = layout.square(0, 0);
    for t in 1..=iterations {
        let mut grad = vec![0.0; n];
        for s in samples {
            let p = sigmoid(evaluate(s, params), k);
            let d = -2.0 * (s.result - p) * p * (1.0 - p) * scale;
            for &(i, f) in &s.features.terms {
                grad[i as usize] += d * f as f64;
            }
        }
        let count = samples.len() as f64;
        for i in 0..n {
            let mut g = grad[i] / count;
            if i >= squares {
                g += 2.0 * SQUARE_DECAY * params[i];
            }
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            params[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
    }
}
