//! A search that plays every definition: iterative deepening alpha-beta (negamax for two players,
//! paranoid for more), quiescence on captures and promotions, a transposition table on
//! [`Game::key`], move ordering (table move, most valuable victim, killers, counter move,
//! history), and limits of depth, nodes and time with a stop flag. The evaluation ([`Eval`]) is
//! built from the rule set.
//!
//! The game's ending rules end the lines of the tree, as the engine decides them: an immediate
//! ending (a goal, an extinction, a check limit: [`Game::immediate_ending`]) at every node,
//! checkmate, stalemate and their variants ([`Game::status`]) where no move is left, and what the
//! game's line says ([`Game::verdict`]): a repetition of a position of the game or of the path as
//! the repetition rule says (perpetual check included; a draw without one), back and forth, and,
//! once the player to move has a move, the move limit and counting. A draw is a win for a player
//! with draw odds (or by value, where the game says).
//!
//! With more than two players the search is *paranoid*: the player to move at the root (the
//! "root player") assumes every opponent plays against it, so the tree is a two-team tree (root
//! against the coalition) and alpha-beta prunes it as deeply as a two-player tree. Max-n would
//! model each opponent's own interest but allows almost no pruning, so at equal time it sees far
//! less deep; paranoid play is cautious, which suits elimination games where any opponent may
//! strike.
//!
//! ```
//! use std::sync::Arc;
//! let source = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
//! let game = Arc::new(varia::load_str(&source, None).unwrap());
//! let mut searcher = varia::search::Searcher::new(game.clone(), 1);
//! let result = searcher.search(&game.start(), &varia::search::Limits::depth(2), &mut |_| {});
//! assert!(result.best.is_some());
//! ```

mod endings;
mod eval;
mod evalbits;
mod evalcache;
mod exposure;
mod features;
mod order;
mod prune;
mod quiesce;
mod see;
mod smp;
mod squares;
mod tt;
mod weights;

pub use eval::Eval;
pub use features::{Features, Layout, to_weights};
pub use tt::NoMemory;
pub use weights::{PieceWeights, WEIGHTS_FORMAT, Weights, variant_name};

use crate::engine::{Ending, Game, Move, MoveKind, Position, RawMove, Reason, Status};
use crate::rules::{Outcome, PieceId, PlayerId};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tt::Bound;

/// The score of a mate on the board (less the plies to reach it).
pub const MATE: i32 = 1_000_000;
const INF: i32 = MATE + 1;
/// The deepest ply the search reaches, quiescence included.
pub const MAX_PLY: usize = 128;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
// A static evaluation never reads as a mate.
const _: () = assert!(eval::LIMIT < MATE_BOUND);
/// The most threads one search uses ([`Searcher::set_threads`]).
pub const MAX_THREADS: usize = 256;
/// The deepest quiescence search below the horizon (plies).
pub const MAX_QUIESCENCE: usize = 8;
/// The quiescence plies where every legal move is a capture.
const MAX_QUIESCENCE_ALL_CAPTURES: usize = 2;
/// What a capture may gain beyond its victim's value (positional swings) for delta pruning.
const DELTA_MARGIN: i32 = 200;
/// Internal iterative reduction: the least depth it applies at.
const IIR_DEPTH: i32 = 4;
/// Quiescence plies in which a player in check searches every move.
const QUIESCENCE_EVASIONS: usize = 2;
/// The most nodes one quiescence search (from one node at the horizon) visits: the node that
/// reaches it stands on the static evaluation, and the nodes above it search no further move.
/// Where captures never run out (a full board of pieces that take each other, promotions on
/// every move) the depth bound alone still leaves a tree as wide as the moves to the power of
/// [`MAX_QUIESCENCE`]; this keeps a search within a constant times its main tree.
pub const QUIESCENCE_NODES: u64 = 512;

/// When to stop searching. Empty limits search until [`MAX_PLY`] or the stop flag.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Iterations to complete (plies).
    pub depth: Option<u32>,
    /// Nodes to visit (the search stops within one node of it).
    pub nodes: Option<u64>,
    /// Stop after this long, whatever the depth.
    pub movetime: Option<Duration>,
    /// Start no new iteration after this long (from a time control).
    pub soft_time: Option<Duration>,
    /// Stop as soon as this flag is set (from another thread).
    pub stop: Option<Arc<AtomicBool>>,
    /// Lines to find at each depth, each with its own first move, best first (UCI's
    /// `MultiPV`); 0 or 1: one. The move played is the first line's.
    pub multipv: usize,
}

impl Limits {
    /// Searches to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Searches a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Searches for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Budgets one move out of a clock: the time left, the increment per move and, if the time
    /// control says, the moves until the next control.
    pub fn clock(left: Duration, increment: Duration, moves_to_go: Option<u32>) -> Limits {
        let left = left.saturating_sub(Duration::from_millis(30));
        let mtg = moves_to_go.unwrap_or(30).clamp(1, 50);
        let share = (left / mtg + increment * 3 / 4).min(left / 2);
        let hard = (share * 2).min(left / 2).max(Duration::from_millis(1));
        Limits {
            movetime: Some(hard),
            soft_time: Some(share / 2),
            ..Limits::default()
        }
    }
}

/// A score for the player to move: centipawns, or moves to a mate (negative: being mated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves of the player to move (negative: mated in as many).
    Mate(i32),
}

impl Score {
    fn from_internal(v: i32) -> Score {
        if v > MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v < -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Cp(v)
        }
    }
}

/// What an iteration found.
#[derive(Clone, Debug)]
pub struct Info {
    /// The depth completed (plies).
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score for the player to move.
    pub score: Score,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Which line of the depth this is, 1 for the best ([`Limits::multipv`]).
    pub multipv: usize,
}

impl Info {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// What a search found: the move to play (none when the game is over) and its line.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over.
    pub best: Option<Move>,
    /// The score for the player to move.
    pub score: Score,
    /// The last depth completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

/// A searcher for one game, with its transposition table and move-ordering memory.
pub struct Searcher {
    game: Arc<Game>,
    eval: Eval,
    /// This thread's cache of static evaluations.
    evals: evalcache::EvalCache,
    see: see::See,
    tt: Arc<tt::Table>,
    history: Vec<i32>,
    killers: Vec<[Option<RawMove>; 2]>,
    /// Per (player, type, destination) of a move: the quiet move that last refuted it.
    counter_moves: Vec<Option<RawMove>>,
    /// Per ply: the move that left the node (none for a null move).
    played: Vec<Option<RawMove>>,
    pv: Vec<Vec<RawMove>>,
    players: usize,
    cells: usize,
    nodes: u64,
    seldepth: usize,
    root: PlayerId,
    salt: u64,
    start: Instant,
    limits: Limits,
    aborted: bool,
    /// The depth of the iteration under way. The clock stops the first only once one root move
    /// has a score, so that the move played has been searched.
    iteration: u32,
    root_best: Option<(RawMove, i32)>,
    /// Root moves left out of this search of the iteration: the first moves of its better
    /// lines (MultiPV).
    excluded: Vec<RawMove>,
    /// The node count at which the quiescence search under way stops searching moves.
    quiescence_end: u64,
    /// Whether the game allows the search's null move ([`Searcher::null_moves_fit`]).
    null_moves: bool,
    /// Per ply: whether the node was reached by a null move (no second one follows it).
    nulled: Vec<bool>,
    /// The searchers of the other threads ([`Searcher::set_threads`]), out of it while they
    /// search.
    helpers: Vec<Searcher>,
    /// A helper: where it publishes its node count.
    published: Option<Arc<std::sync::atomic::AtomicU64>>,
    /// A helper: whether it searches each iteration one ply deeper than the main thread.
    deeper: bool,
    /// The main thread, while its helpers search: their published node counts.
    counters: Vec<Arc<std::sync::atomic::AtomicU64>>,
}

impl Searcher {
    /// Makes a searcher with a transposition table of at most `hash_mb` megabytes (1 to 65,536),
    /// committed as the search fills it; where that much memory cannot be reserved, the table
    /// has 1024 entries ([`Searcher::set_hash`] says why).
    pub fn new(game: Arc<Game>, hash_mb: usize) -> Searcher {
        let eval = Eval::new(&game);
        let players = game.rules().players.len();
        let cells = game.rules().board.cells();
        let kinds = game.rules().pieces.len();
        Searcher {
            see: see::See::new(&game, &eval),
            eval,
            evals: evalcache::EvalCache::new(),
            tt: Arc::new(tt::Table::new(hash_mb).unwrap_or_else(|_| tt::Table::smallest())),
            history: vec![0; players * kinds * cells],
            killers: vec![[None; 2]; MAX_PLY + 1],
            counter_moves: vec![None; players * kinds * cells],
            played: vec![None; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            players,
            cells,
            nodes: 0,
            seldepth: 0,
            root: PlayerId(0),
            salt: 0,
            start: Instant::now(),
            limits: Limits::default(),
            aborted: false,
            iteration: 0,
            root_best: None,
            excluded: Vec::new(),
            quiescence_end: 0,
            null_moves: Searcher::null_moves_fit(&game),
            nulled: vec![false; MAX_PLY + 2],
            helpers: Vec::new(),
            published: None,
            deeper: false,
            counters: Vec::new(),
            game,
        }
    }

    /// Gets the game searched.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// Resizes the transposition table to at most `hash_mb` megabytes (1 to 65,536) and empties
    /// it; where the memory cannot be reserved, an error and the old table kept as it was.
    pub fn set_hash(&mut self, hash_mb: usize) -> Result<(), tt::NoMemory> {
        self.tt = Arc::new(tt::Table::new(hash_mb)?);
        Ok(())
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.counter_moves.iter_mut().for_each(|c| *c = None);
        self.evals.clear();
        for h in &mut self.helpers {
            h.history.iter_mut().for_each(|h| *h = 0);
            h.killers.iter_mut().for_each(|k| *k = [None; 2]);
            h.counter_moves.iter_mut().for_each(|c| *c = None);
            h.evals.clear();
        }
    }

    /// Evaluates with tuned terms from now on ([`Weights::parse`] or [`Weights::check`] passed
    /// for this game).
    pub fn set_weights(&mut self, weights: &Weights) {
        self.eval = Eval::with_weights(&self.game, weights);
        self.see = see::See::new(&self.game, &self.eval);
        self.evals.clear();
        for h in &mut self.helpers {
            h.eval = self.eval.clone();
            h.see = self.see.clone();
            h.evals.clear();
        }
    }

    /// Gets the evaluation.
    pub fn eval(&self) -> &Eval {
        &self.eval
    }

    /// Evaluates a position statically, for the player to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.eval.evaluate(&self.game, pos, pos.side_to_move())
    }

    /// Searches a position. The game's ending rules score the positions of the tree: an
    /// immediate ending (goal, extinction, check limit) or a position without moves as
    /// [`Game::immediate_ending`] and [`Game::status`] say, the move limit as its draw; a
    /// position that repeats one of the search path or of the game (the moves played on `pos`)
    /// ends the line as the repetition rule says (a draw without one). A game already over at
    /// `pos` ([`Game::status`]) gives no move. `info` hears of every completed iteration.
    ///
    /// With more than one thread ([`Searcher::set_threads`]) the helpers search beside it until
    /// it stops; a node limit counts the main thread's nodes.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        if self.helpers.is_empty() {
            self.search_alone(pos, limits, info)
        } else {
            self.search_shared(pos, limits, info)
        }
    }

    /// Searches a position on this thread ([`Searcher::search`]).
    fn search_alone(
        &mut self,
        pos: &Position,
        limits: &Limits,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.start = Instant::now();
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.limits = limits.clone();
        self.root = pos.side_to_move();
        self.salt = if self.players > 2 {
            (self.root.0 as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        } else {
            0
        };
        if self.published.is_none() {
            self.tt.age();
        }
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 2);
        let game = self.game.clone();
        // The search makes and takes back its moves on one copy of the position, its line
        // indexed.
        let mut work = pos.clone();
        work.index_past();
        let pos = &mut work;
        let moves = game.raw_legal_moves(pos);
        let over = self.terminal(pos, 0).or_else(|| match game.status(pos) {
            Status::Over(e) => Some(self.ending_value(pos, &e, 0)),
            Status::Ongoing { .. } => None,
        });
        let mut result = SearchResult {
            best: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        if moves.is_empty() || over.is_some() {
            let v = over.unwrap_or_else(|| self.ending_score(pos, 0));
            result.score = Score::from_internal(v);
            return result;
        }
        let ordered = self.order(pos, &moves, None, 0);
        // The engine's moves, converted for the caller at each report and at the end.
        let mut best = ordered[0].1;
        let mut line = vec![best];
        let timed = limits.movetime.is_some() || limits.soft_time.is_some();
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let lines = limits.multipv.clamp(1, moves.len());
        let mut last = 0;
        'deepen: for depth in 1..=max_depth {
            let depth = (depth + self.deeper as u32).min(max_depth);
            self.iteration = depth;
            self.root_best = None;
            let v = self.search_root(pos, depth, last);
            if self.aborted {
                // A move searched to the full depth of the unfinished iteration is the better
                // guess, if one was.
                if let Some((m, v)) = self.root_best {
                    if m != best {
                        line = vec![m];
                    }
                    result.score = Score::from_internal(v);
                }
                break;
            }
            let pv = self.pv[0].clone();
            if let Some(&m) = pv.first() {
                best = m;
                line = pv;
            }
            result.score = Score::from_internal(v);
            result.depth = depth;
            last = v;
            let report = Info {
                depth,
                seldepth: self.seldepth as u32,
                score: result.score,
                nodes: self.nodes + self.helper_nodes(),
                elapsed: self.start.elapsed(),
                pv: game.public_line(pos, &line),
                multipv: 1,
            };
            info(&report);
            // The next best lines: the root searched again without the first moves found.
            self.excluded.clear();
            for k in 2..=lines {
                self.excluded
                    .push(self.pv[0].first().copied().unwrap_or(best));
                let v = self.negamax(pos, depth as i32, -INF, INF, 0, true);
                if self.aborted {
                    self.excluded.clear();
                    break 'deepen;
                }
                if self.pv[0].is_empty() {
                    break;
                }
                info(&Info {
                    depth,
                    seldepth: self.seldepth as u32,
                    score: Score::from_internal(v),
                    nodes: self.nodes + self.helper_nodes(),
                    elapsed: self.start.elapsed(),
                    pv: game.public_line(pos, &self.pv[0]),
                    multipv: k,
                });
            }
            self.excluded.clear();
            if limits
                .soft_time
                .is_some_and(|soft| self.start.elapsed() >= soft)
            {
                break;
            }
            // A mate is exact once the depth covers it; a forced move needs no thought.
            if v.abs() > MATE_BOUND && depth as i32 > MATE - v.abs() + 1 {
                break;
            }
            if timed && moves.len() == 1 {
                break;
            }
        }
        result.pv = game.public_line(pos, &line);
        result.best = result.pv.first().copied();
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    /// The team of a player: with more than two players, the root player (0) or the coalition
    /// of its opponents (1).
    fn team(&self, p: PlayerId) -> usize {
        if self.players == 2 {
            p.index()
        } else {
            (p != self.root) as usize
        }
    }

    /// Sets the abort flag when a limit is reached.
    fn check_limits(&mut self) {
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        }
        if self.nodes.is_multiple_of(1024) {
            if let Some(p) = &self.published {
                p.store(self.nodes, Ordering::Relaxed);
            }
            if self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                self.aborted = true;
            }
            if (self.iteration > 1 || self.root_best.is_some())
                && self
                    .limits
                    .movetime
                    .is_some_and(|t| self.start.elapsed() >= t)
            {
                self.aborted = true;
            }
        }
    }

    /// Searches the position after a move (already played on `pos`) and returns its value for
    /// the player who moved: negated when the next mover is on the other team, taken as is when
    /// on the same (paranoid coalition).
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        mover: PlayerId,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> i32 {
        if self.team(pos.side_to_move()) == self.team(mover) {
            self.negamax(pos, depth, alpha, beta, ply + 1, pv)
        } else {
            -self.negamax(pos, depth, -beta, -alpha, ply + 1, pv)
        }
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        let (key, in_check, verdict) = match self.open_node(pos, ply) {
            Ok(node) => node,
            Err(v) => return v,
        };
        let game = self.game.clone();
        // A line gets at most as many check extensions as the iteration's depth, so that it
        // ends within twice that depth (then quiescence): checks that answer checks (drops give
        // them cheaply) would otherwise stretch one line to MAX_PLY.
        let extend = in_check && ply as i32 + depth < 2 * self.iteration as i32;
        let depth = if extend { depth + 1 } else { depth };
        if depth <= 0 {
            self.quiescence_end = self.nodes + QUIESCENCE_NODES;
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_limits();
        if self.aborted {
            return 0;
        }
        // Mate-distance pruning: no line here can beat a mate already found nearer the root.
        let alpha0 = alpha.max(-(MATE - ply as i32));
        let beta0 = beta.min(MATE - ply as i32 - 1);
        if alpha0 >= beta0 {
            return alpha0;
        }
        let tt_key = key ^ self.salt;
        let entry = self.tt.probe(tt_key);
        if let Some(v) = entry.and_then(|e| table_cut(&e, depth, alpha, beta, ply))
            && ply > 0
            && !pv_node
        {
            return v;
        }
        // The static evaluation, where pruning may use it; a node pruned is left before its moves
        // are listed (stalemate unseen there, as in Stockfish), unless a late verdict needs them.
        let (static_eval, threats) = if !pv_node && !in_check && ply > 0 {
            let (e, t) = self.static_eval(pos, key);
            (
                Some(entry.map_or(e, |en| Searcher::refined(e, &en, ply))),
                Some(t),
            )
        } else {
            (None, None)
        };
        if verdict.is_none()
            && let Some(v) = static_eval.and_then(|e| self.prune_node(pos, depth, beta, ply, e))
        {
            return v;
        }
        let moves = game.raw_search_moves(pos);
        if moves.is_empty() {
            return self.ending_score(pos, ply);
        }
        if let Some(e) = verdict {
            return self.ending_value(pos, &e, ply);
        }
        // Internal iterative reduction: a node deep enough that the table knows no move for is
        // searched a ply less (its ordering is a guess; the next iteration searches it fully).
        let tt_move = entry.and_then(|e| e.best);
        let depth = depth - (depth >= IIR_DEPTH && tt_move.is_none() && !in_check) as i32;
        let mut ordered = self.order(pos, &moves, tt_move, ply);
        let excluding = ply == 0 && !self.excluded.is_empty();
        if excluding {
            ordered.retain(|(_, m)| !self.excluded.contains(m));
        }
        let mut best = -INF;
        let mut best_move = None;
        let old_alpha = alpha;
        let side = pos.side_to_move();
        let mut quiets = 0;
        // The quiet moves searched, by their place in `ordered` (the first 64).
        let mut tried = 0u64;
        for (i, &(_, m)) in ordered.iter().enumerate() {
            let quiet = self.victim(pos, &m).is_none() && self.promotion_gain(&m).is_none();
            if i > 0 && best > -MATE_BOUND && self.skip_losing(pos, &m, depth, quiet, threats) {
                continue;
            }
            game.raw_play_unchecked(pos, &m);
            self.played[ply] = Some(m);
            if quiet
                && i > 0
                && self.skip_quiet(depth, alpha, quiets, static_eval)
                && !game.in_check(pos)
            {
                game.undo(pos);
                continue;
            }
            quiets += quiet as usize;
            if quiet && i < 64 {
                tried |= 1 << i;
            }
            let reduction = if quiet && !in_check && i > 0 {
                let h = self.history[self.history_index(side, &m)];
                self.late_reduction(depth, i, pv_node, h)
            } else {
                0
            };
            let window = (alpha, beta);
            let v = self.search_move(side, pos, depth, window, ply, pv_node, i == 0, reduction);
            game.undo(pos);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if ply == 0 && !excluding && v > alpha {
                    self.root_best = Some((m, v));
                }
            }
            if v > alpha {
                alpha = v;
                self.extend_pv(ply, m);
            }
            if alpha >= beta {
                if quiet {
                    self.reward_quiet(side, m, ply, depth);
                    let failed = tried & !(1u64 << i.min(63));
                    self.punish_quiets(side, &ordered, failed, depth);
                }
                break;
            }
        }
        // A root searched without some of its moves says nothing true of the position.
        if !excluding {
            let bound = Bound::of(best, old_alpha, beta);
            let best_move = best_move.as_ref().map(tt::fingerprint);
            self.tt
                .store(tt_key, best_move, to_tt(best, ply), depth, bound);
        }
        best
    }

    /// The line at `ply` becomes `m` followed by the line found below it.
    fn extend_pv(&mut self, ply: usize, m: RawMove) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The static evaluation for the player to move, in the search's teams.
    pub(super) fn evaluate_for_root(&self, pos: &Position) -> i32 {
        self.eval.evaluate(&self.game, pos, self.root)
    }
}

/// The score a table entry gives a node searched to `depth` within (alpha, beta), if it decides
/// the node.
fn table_cut(e: &tt::Entry, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let v = from_tt(e.score, ply);
    let cut = e.depth as i32 >= depth
        && match e.bound {
            Bound::Exact => true,
            Bound::Lower => v >= beta,
            Bound::Upper => v <= alpha,
        };
    cut.then_some(v)
}

/// A score as the table stores it: mates counted from this node, not from the root.
fn to_tt(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v + ply as i32
    } else if v < -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

fn from_tt(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v - ply as i32
    } else if v < -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}
