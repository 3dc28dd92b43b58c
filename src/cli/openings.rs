//! `varia openings`: a book of balanced openings for `varia match --openings`. Each candidate is
//! a line of random legal moves from the setup, drawn from the seed and the candidate's number;
//! a short search of the position it reaches keeps it when the score is within the balance (a
//! mate never is) and no line kept before reached the same position. Candidates are searched on
//! threads and kept in the order of their numbers, so the book depends on the seed alone.

use super::load::{Failure, load_game};
use super::session::{Line, Rng};
use std::collections::HashSet;
use std::sync::Arc;
use varia::Game;
use varia::referee::run_jobs;
use varia::search::{Limits, Score, Searcher};

/// `varia openings`' arguments.
#[derive(clap::Args)]
pub struct OpeningsArgs {
    pub file: String,
    #[arg(long)]
    pub variant: Option<String>,
    /// Openings to find
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub count: u64,
    /// Random plies from the setup in each opening
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub plies: u64,
    /// Keep a line only if the search scores it within this many centipawns of 0
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    pub balance: u64,
    /// Plies of the search that scores each line
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Seed of the random moves
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Lines searched at once (default: the number of cores)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub threads: Option<u64>,
    /// Print the book as JSON, with each line's score and position
    #[arg(long)]
    pub json: bool,
}

/// Candidates tried for each opening asked before the search gives up.
const TRIES_PER_OPENING: u64 = 200;

/// A line kept: its moves, the position they reach and its score for the player to move there.
struct Kept {
    moves: String,
    fen: String,
    score: i32,
}

/// Candidate `k`: its moves and the position, or `None` where the game ended within the plies;
/// with its score where the search finds no mate.
fn candidate(game: &Arc<Game>, plies: u64, seed: u64, k: u64, depth: u32) -> Option<(Line, Score)> {
    let mut rng = Rng::new(
        seed.wrapping_mul(0x9E37_79B9)
            .wrapping_add(k)
            .wrapping_add(1),
    );
    let mut line = Line::new(game.clone(), game.start());
    for _ in 0..plies {
        if line.verdict().is_some() {
            return None;
        }
        let moves = game.legal_moves(line.current());
        line.play(moves[rng.below(moves.len())]);
    }
    if line.verdict().is_some() {
        return None;
    }
    let mut searcher = Searcher::new(game.clone(), 1);
    let r = searcher.search(line.current(), &Limits::depth(depth), &mut |_| {});
    Some((line, r.score))
}

/// Runs `varia openings`: gives the book it prints.
pub fn command(args: OpeningsArgs) -> Result<String, Failure> {
    let game = Arc::new(load_game(&args.file, args.variant.as_deref())?);
    let threads = super::session::threads_or_cores(args.threads);
    let balance = args.balance as i32;
    let tries = args.count * TRIES_PER_OPENING;
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    let batch = (threads as u64 * 4).max(8);
    let mut next = 0;
    while (kept.len() as u64) < args.count && next < tries {
        let size = batch.min(tries - next);
        let found = run_jobs(
            size as usize,
            threads,
            |i| candidate(&game, args.plies, args.seed, next + i as u64, args.depth),
            |_| false,
        );
        next += size;
        for (_, c) in found {
            let Some((line, Score::Cp(score))) = c else {
                continue;
            };
            if score.abs() > balance || !seen.insert(game.key(line.current())) {
                continue;
            }
            kept.push(Kept {
                moves: line.move_strings().join(" "),
                fen: game.fen(line.current()),
                score,
            });
            if kept.len() as u64 == args.count {
                break;
            }
        }
    }
    let variant = &game.rules().variant;
    if (kept.len() as u64) < args.count {
        return Err(Failure(format!(
            "error: {variant}: found {} of {} openings within {} centipawns in {tries} lines of \
             {} random plies: widen --balance or shorten --plies",
            kept.len(),
            args.count,
            args.balance,
            args.plies
        )));
    }
    if args.json {
        let lines: Vec<serde_json::Value> = kept
            .iter()
            .map(|k| serde_json::json!({ "moves": k.moves, "fen": k.fen, "score": k.score }))
            .collect();
        let v = serde_json::json!({
            "variant": variant,
            "plies": args.plies,
            "balance": args.balance,
            "depth": args.depth,
            "seed": args.seed,
            "openings": lines,
        });
        return Ok(format!("{v}\n"));
    }
    let mut out = format!(
        "# varia openings: {variant}, {} lines of {} plies from the setup, each scored within {} \
         centipawns of 0 by a search of {} plies (seed {})\n",
        args.count, args.plies, args.balance, args.depth, args.seed
    );
    for k in &kept {
        out += &k.moves;
        out += "\n";
    }
    Ok(out)
}
