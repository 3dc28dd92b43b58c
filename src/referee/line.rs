//! A game played to its end: its line of moves and verdict, its opening from a book and random
//! plies, each move asked of a chooser, and many games on threads.

use crate::engine::{Game, Move, Position, Status};
use crate::rules::PlayerId;
use crate::search::{Limits, Score, Searcher};
use std::cell::OnceCell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// How a game ended, as a front end reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The winner; `None` for a draw.
    pub winner: Option<PlayerId>,
    /// The rule: a [`crate::Reason`] name (`checkmate`, `repetition`, `move-limit`, ...),
    /// `ply-cap`, or an adjudication.
    pub cause: String,
}

/// A game from a start position: the position reached, which carries the moves played on it,
/// and the keys of every position along the way.
#[derive(Clone)]
pub struct Line {
    /// The game played.
    pub game: Arc<Game>,
    position: Position,
    keys: Vec<u64>,
    /// The moves played from the start, oldest first.
    pub moves: Vec<Move>,
    /// The verdict on the current position, once asked: the status reads the whole history, so
    /// it is worked out once a move, however often a front end asks.
    verdict: OnceCell<Option<Verdict>>,
}

impl Line {
    /// Starts a line at a position of the game.
    pub fn new(game: Arc<Game>, start: Position) -> Line {
        Line {
            keys: vec![game.key(&start)],
            game,
            position: start,
            moves: Vec::new(),
            verdict: OnceCell::new(),
        }
    }

    /// Gets the position reached.
    pub fn current(&self) -> &Position {
        &self.position
    }

    /// Plays a legal move (one of the position's legal moves, or what `parse_move` found).
    pub fn play(&mut self, m: Move) {
        self.game.play_unchecked(&mut self.position, &m);
        self.keys.push(self.game.key(&self.position));
        self.moves.push(m);
        self.verdict = OnceCell::new();
    }

    /// Takes back the last move, if there is one.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.game.undo(&mut self.position);
            self.keys.pop();
            self.verdict = OnceCell::new();
            true
        } else {
            false
        }
    }

    /// Tells whether the game is over by the rules of the game: its status on the position,
    /// which carries the game's moves, so the definition's repetition, move limit and counting
    /// rules decide. A definition without a repetition rule ends at the third occurrence of a
    /// position, so that every game ends.
    pub fn verdict(&self) -> Option<Verdict> {
        self.verdict.get_or_init(|| self.judge()).clone()
    }

    fn judge(&self) -> Option<Verdict> {
        let pos = self.current();
        if let Status::Over(e) = self.game.status(pos) {
            return Some(Verdict {
                winner: e.winner,
                cause: e.reason.name().to_string(),
            });
        }
        if self.game.rules().repetition().is_some() {
            return None;
        }
        let key = self.game.key(pos);
        let seen = self.keys.iter().filter(|&&k| k == key).count();
        (seen >= 3).then(|| Verdict {
            winner: None,
            cause: "repetition".into(),
        })
    }

    /// Gets the moves as strings.
    pub fn move_strings(&self) -> Vec<String> {
        self.moves
            .iter()
            .map(|m| self.game.move_to_string(m))
            .collect()
    }
}

/// A small deterministic generator (xorshift) for random opening plies.
pub struct Rng(u64);

impl Rng {
    /// Starts the generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// Gets a number in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// An opening of a book: a start position and the moves played from it.
pub type Opening = (Position, Vec<Move>);

/// Why a book of openings cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line at fault (from 1), if one is.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// Reads a book of openings: one a line, legal moves from the game's start or a FEN; blank lines
/// and lines starting with `#` are skipped. The error names the first line that is neither, or
/// says that there is no opening.
pub fn read_openings(text: &str, game: &Game) -> Result<Vec<Opening>, BookError> {
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
            let pos = game.parse_fen(line).map_err(|e| BookError {
                line: Some(n + 1),
                message: format!(
                    "neither legal moves of {} nor a FEN ({e})",
                    game.rules().variant
                ),
            })?;
            out.push((pos, Vec::new()));
        }
    }
    if out.is_empty() {
        return Err(BookError {
            line: None,
            message: "no opening".into(),
        });
    }
    Ok(out)
}

/// The start of the games of pair `pair`: opening `pair` of the book (round the book again past
/// its end), its moves played, then `random_plies` random legal moves (fewer if the game ends),
/// drawn from `seed` and the round. Seed 0 gives the plies `varia match` plays.
pub fn opening(
    game: &Arc<Game>,
    book: &[Opening],
    pair: usize,
    random_plies: usize,
    seed: u64,
) -> Line {
    let (start, fixed) = &book[pair % book.len()];
    let mut line = Line::new(game.clone(), start.clone());
    for m in fixed {
        line.play(*m);
    }
    let round = (pair / book.len()) as u64;
    let mut rng = Rng::new((round * 7919 + 17).wrapping_add(seed.wrapping_mul(0x2545_F491)));
    for _ in 0..random_plies {
        if line.verdict().is_some() {
            break;
        }
        let moves = game.legal_moves(line.current());
        line.play(moves[rng.below(moves.len())]);
    }
    line
}

/// What an engine said of the move it chose: its score, from the side that moved, and the depth
/// of its search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    /// The score, from the point of view of the side that moved.
    pub score: Score,
    /// The depth of the search that found the move (0 where the engine gave none).
    pub depth: u32,
}

/// An engine's choice: its move (`None`: it found none) and what it said of it.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    /// The move chosen.
    pub best: Option<Move>,
    /// What the engine said of it, if anything.
    pub eval: Option<Eval>,
}

/// Searches with varia's engine and gives its choice; a search stopped before its first
/// iteration gives no score.
pub fn varia_choice(searcher: &mut Searcher, pos: &Position, limits: &Limits) -> Choice {
    let r = searcher.search(pos, limits, &mut |_| {});
    Choice {
        best: r.best,
        eval: (r.depth > 0).then_some(Eval {
            score: r.score,
            depth: r.depth,
        }),
    }
}

/// A game played out: how it ended, and what the engines said of each move they chose (one
/// entry a move played by [`play_out`], in order).
pub struct Played {
    /// How the game ended.
    pub verdict: Verdict,
    /// Each chosen move's evaluation.
    pub evals: Vec<Option<Eval>>,
}

/// Plays a line to its end. Before each move the game's own end comes first, then the cap of
/// `max_plies` moves played here (the verdict `ply-cap`, a draw); `choose` gives the move of the
/// side to move, or the verdict that ends the game (a loss on time, a failed engine); a chooser
/// without a move ends it as `no-move`, a draw. After each move that does not end the game,
/// `judge` (the side that moved, its score, the plies of the line) may end it (adjudication).
pub fn play_out(
    line: &mut Line,
    max_plies: usize,
    mut choose: impl FnMut(&Line) -> Result<Choice, Verdict>,
    mut judge: impl FnMut(PlayerId, Option<Score>, usize) -> Option<Verdict>,
) -> Played {
    let prefix = line.moves.len();
    let mut evals = Vec::new();
    let verdict = loop {
        if let Some(v) = line.verdict() {
            break v;
        }
        if line.moves.len() - prefix >= max_plies {
            break Verdict {
                winner: None,
                cause: "ply-cap".into(),
            };
        }
        let side = line.current().side_to_move();
        let choice = match choose(line) {
            Ok(c) => c,
            Err(v) => break v,
        };
        let Some(m) = choice.best else {
            break Verdict {
                winner: None,
                cause: "no-move".into(),
            };
        };
        line.play(m);
        evals.push(choice.eval);
        if line.verdict().is_none()
            && let Some(v) = judge(side, choice.eval.map(|e| e.score), line.moves.len())
        {
            break v;
        }
    };
    Played { verdict, evals }
}

/// Runs jobs `0..jobs` on `threads` threads and gives their results in the order of the jobs.
/// After each result, `done` is told all results so far (in the order they came); once it
/// answers true no job starts (those under way are finished and given).
pub fn run_jobs<R: Send>(
    jobs: usize,
    threads: usize,
    run: impl Fn(usize) -> R + Sync,
    done: impl Fn(&[(usize, R)]) -> bool + Sync,
) -> Vec<(usize, R)> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results = Mutex::new(Vec::new());
    let threads = threads.max(1).min(jobs.max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= jobs {
                        break;
                    }
                    let r = run(i);
                    // A thread that panicked poisons the lock; the others stop adding.
                    let Ok(mut rs) = results.lock() else { break };
                    rs.push((i, r));
                    if done(&rs) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|(i, _)| *i);
    results
}
