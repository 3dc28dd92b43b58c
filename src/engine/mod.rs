//! The generic engine: tables built once per rule set, positions, move generation, game end and
//! perft. It depends on [`crate::rules`] only.
//!
//! A [`Game`] picks the narrowest bitboard its board fits (64, 128 or 256 cells) when it is built,
//! and the engine code is compiled once for each width, and once more for a game of more than 64
//! piece types (on 256 cells, with wider type sets: `U256Many`).

mod bits;
mod capture_rules;
mod core;
mod drop_rules;
mod effects;
mod endings;
mod fen;
mod filters;
mod index;
mod keys;
mod kinds;
mod legs;
mod line;
mod movegen;
mod moves;
mod notation;
mod perft;
mod plan;
mod position;
mod range_jumps;
mod rows;
mod royal_order;
mod san;
mod setup;
mod shuffle;
mod status;
mod tables;

pub use fen::{FenError, SetupError};
pub use moves::{CellSet, Move, MoveList, Promotion, Then};
pub use notation::{MoveError, SanError};
pub use position::{FenStyle, Piece};
pub(crate) use position::{MoveKind, RawMove};
pub(crate) use position::{Owner, Sq};
pub(crate) use royal_order::RoyalOrderPlan;

pub(crate) use bits::Bits;
use bits::{U256, U256Many};
use core::Engine;
use kinds::KindBits;
use position::Pos;

use crate::rules::{Cell, Outcome, PieceId, PlayerId, RuleSet, RuleSetError};

/// The deepest perft the engine counts: deeper trees could not be counted in a lifetime, and
/// their recursion would exhaust the stack.
pub const MAX_PERFT_DEPTH: u32 = 32;

/// A perft depth beyond [`MAX_PERFT_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("perft depth {0} is too deep: at most {MAX_PERFT_DEPTH}")]
pub struct DepthError(pub u32);

fn check_depth(depth: u32) -> Result<(), DepthError> {
    if depth > MAX_PERFT_DEPTH {
        Err(DepthError(depth))
    } else {
        Ok(())
    }
}

/// Why a rule set could not be made into a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The rule set is inconsistent.
    #[error("{0}")]
    Rules(#[from] RuleSetError),
    /// Its start position is not a position of the game.
    #[error("bad setup: {0}")]
    Setup(#[from] FenError),
    /// No arrangement of its shuffled cells satisfies its shuffle rules.
    #[error("no arrangement of the shuffled cells satisfies the shuffle rules")]
    Shuffle,
    /// A seed was given for a game without a shuffled set-up.
    #[error("the game has no shuffled set-up (no `shuffle` statement)")]
    NoShuffle,
}

/// Where a position stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on: the player to move has legal moves.
    Ongoing {
        /// Some royal piece of the player to move is attacked.
        in_check: bool,
    },
    /// The game is over.
    Over(Ending),
}

/// How a game ended: the rule, what it means for the player to move, and who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The rule that ended the game.
    pub reason: Reason,
    /// The result for the player to move.
    pub outcome: Outcome,
    /// The player who won; `None` for a draw.
    pub winner: Option<PlayerId>,
}

/// The rule that ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// The player to move has no legal move and a royal piece is attacked.
    Checkmate,
    /// The player to move has no legal move and is not in check.
    Stalemate,
    /// Checkmate by a drop of a type that may not mate: the dropper loses.
    DropMate,
    /// Every other player has been eliminated.
    LastPlayer,
    /// A player brought a piece to its goal.
    Goal,
    /// A player lost every piece of a type (or all but a few).
    Extinction,
    /// A player gave check as often as the rules ask.
    CheckLimit,
    /// The same position occurred as often as the repetition rule allows.
    Repetition,
    /// A repetition in which a player gave check in every position of the cycle.
    PerpetualCheck,
    /// The move limit passed with no capture, drop, promotion or clock-resetting move.
    MoveLimit,
    /// The counting rule's limit passed.
    Counting,
    /// Checkmate given only by pieces that may not mate alone: the mated player wins.
    MateAlone,
    /// Checkmate whose series of checks had no check by a type that a mate needs: a draw.
    IncompleteMate,
    /// Every player passed in turn: a draw.
    Passes,
    /// Royal pieces faced each other across a whole move: a draw.
    Facing,
    /// A player moved one piece back and forth as often as the rules forbid: it loses.
    BackAndForth,
    /// No cell of the board is empty: a draw (or decided by value).
    FullBoard,
    /// A player made a row of its pieces (`N in a row`).
    Row,
    /// A player whose only moves are promotions, with its royal and one piece left: a draw.
    OnlyPromotions,
}

impl Status {
    /// Tells whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Over(_))
    }

    /// Gets the winner of a finished game (`None` for a draw or an unfinished game).
    pub fn winner(&self) -> Option<PlayerId> {
        match self {
            Status::Over(e) => e.winner,
            Status::Ongoing { .. } => None,
        }
    }
}

/// The engine of a game, on the bitboard width its board (or its number of types) needs.
enum Inner {
    Narrow(Box<Engine<u64>>),
    Medium(Box<Engine<u128>>),
    Wide(Box<Engine<U256>>),
    /// More than 64 piece types, whatever the board.
    Many(Box<Engine<U256Many>>),
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("game", &self.rules().game)
            .field("variant", &self.rules().variant)
            .finish_non_exhaustive()
    }
}

/// A rule set made playable.
pub struct Game {
    inner: Inner,
}

/// A position of a game, with the moves played on it (so that they can be taken back and
/// repetitions seen). A position belongs to the game that made it; given to another game, it
/// reads as an empty, finished one.
#[derive(Clone, Debug)]
pub struct Position(PosInner);

#[derive(Clone, Debug)]
enum PosInner {
    Narrow(Pos<u64>),
    Medium(Pos<u128>),
    Wide(Pos<U256>),
    Many(Pos<U256Many>),
}

/// Work on a position's bitboards whatever their width ([`Position::with_boards`]).
pub(crate) trait WithBoards {
    type Out;
    /// Runs with each player's pieces and each type's pieces.
    fn run<B: Bits>(self, by_owner: &[B], by_kind: &[B]) -> Self::Out;
}

/// Runs `$body` with the engine `$e` and position `$p` of matching width, or gives `$other`.
macro_rules! with {
    ($game:expr, $pos:expr, |$e:ident, $p:ident| $body:expr, $other:expr) => {
        match (&$game.inner, $pos) {
            (Inner::Narrow($e), PosInner::Narrow($p)) => $body,
            (Inner::Medium($e), PosInner::Medium($p)) => $body,
            (Inner::Wide($e), PosInner::Wide($p)) => $body,
            (Inner::Many($e), PosInner::Many($p)) => $body,
            _ => $other,
        }
    };
}

/// Runs `$body` with the engine `$e` of the game, whatever its width.
macro_rules! each {
    ($game:expr, |$e:ident| $body:expr) => {
        match &$game.inner {
            Inner::Narrow($e) => $body,
            Inner::Medium($e) => $body,
            Inner::Wide($e) => $body,
            Inner::Many($e) => $body,
        }
    };
}

/// Reads a position's fields whatever its width.
macro_rules! read {
    ($pos:expr, |$p:ident| $body:expr) => {
        match &$pos.0 {
            PosInner::Narrow($p) => $body,
            PosInner::Medium($p) => $body,
            PosInner::Wide($p) => $body,
            PosInner::Many($p) => $body,
        }
    };
}

impl Position {
    /// Gets the piece on a cell.
    #[inline(always)]
    pub fn piece(&self, c: Cell) -> Option<Piece> {
        read!(self, |p| p.piece(c.index()))
    }

    /// Gets the cells' contents as the position stores them, by cell, for code that keeps them
    /// the same way (the search's scratch board) or compares owners as stored.
    #[inline(always)]
    pub(crate) fn stored(&self) -> &[Sq] {
        read!(self, |p| &p.sq)
    }

    /// Runs `w` on the position's bitboards at their width: each player's pieces and each type's.
    #[inline(always)]
    pub(crate) fn with_boards<W: WithBoards>(&self, w: W) -> W::Out {
        read!(self, |p| w.run(&p.by_owner, &p.by_kind))
    }

    /// Gets the player to move.
    pub fn side_to_move(&self) -> PlayerId {
        read!(self, |p| p.side_to_move())
    }

    /// Tells whether a player has been eliminated.
    pub fn is_eliminated(&self, player: PlayerId) -> bool {
        read!(self, |p| p.is_eliminated(player))
    }

    /// Tells whether a cell has been walled up during play (`pieces leave walls`).
    pub fn is_wall(&self, cell: Cell) -> bool {
        read!(self, |p| p.is_wall(cell.index()))
    }

    /// Gets how many pieces of a type a player holds in hand.
    pub fn in_hand(&self, player: PlayerId, kind: PieceId) -> u8 {
        read!(self, |p| p.in_hand(player, kind))
    }

    /// Gets the number of moves played on the position since it was set up.
    pub fn moves_made(&self) -> usize {
        read!(self, |p| p.moves_made())
    }

    /// Gets the half-move clock: moves since the last capture, drop, promotion or irreversible
    /// move of a piece that resets it (what `move limit` counts).
    pub fn halfmove_clock(&self) -> u32 {
        read!(self, |p| p.st.halfmove)
    }

    /// Tells whether the piece on a cell holds its first-move right (the castling field's).
    pub(crate) fn holds_first_move_right(&self, cell: Cell) -> bool {
        read!(self, |p| p.st.castling.has(cell.index()))
    }
    /// Indexes the moves that led here, for a search from this position: the repetitions it
    /// looks for below its root are then found without scanning the game's line.
    pub(crate) fn index_past(&mut self) {
        match &mut self.0 {
            PosInner::Narrow(p) => p.index_past(),
            PosInner::Medium(p) => p.index_past(),
            PosInner::Wide(p) => p.index_past(),
            PosInner::Many(p) => p.index_past(),
        }
    }
}

impl Game {
    /// Checks a rule set (e.g. one loaded from RON or JSON), builds its tables and reads its
    /// start position.
    pub fn new(rules: RuleSet) -> Result<Game, GameError> {
        rules.validate()?;
        Game::checked(rules)
    }

    /// Builds the game of a rule set that has passed [`RuleSet::problems`] (lowering checks it
    /// so, to place each fault at its statement).
    pub(crate) fn checked(rules: RuleSet) -> Result<Game, GameError> {
        let cells = rules.board.cells();
        let inner = if rules.pieces.len() > <U256 as Bits>::Kinds::KINDS {
            Inner::Many(Box::new(ready(Engine::new(rules))?))
        } else if cells <= u64::CELLS {
            Inner::Narrow(Box::new(ready(Engine::new(rules))?))
        } else if cells <= u128::CELLS {
            Inner::Medium(Box::new(ready(Engine::new(rules))?))
        } else {
            Inner::Wide(Box::new(ready(Engine::new(rules))?))
        };
        Ok(Game { inner })
    }

    /// Gets the rule set.
    pub fn rules(&self) -> &RuleSet {
        each!(self, |e| &e.rules)
    }

    fn wrap<B: Bits>(&self, p: Pos<B>) -> Position
    where
        PosInner: From<Pos<B>>,
    {
        Position(PosInner::from(p))
    }

    /// Gets the start position.
    pub fn start(&self) -> Position {
        each!(self, |e| self.wrap(e.start.clone()))
    }

    /// Gets the start position shuffled from a seed, for a game with a `shuffle` rule (Chess960
    /// and the like); the same seed always gives the same set-up.
    ///
    /// ```
    /// let src = std::fs::read_to_string("definitions/fsf/fischerandom.varia").unwrap();
    /// let game = varia::load_str(&src, None).unwrap();
    /// let pos = game.shuffled_start(518).unwrap();
    /// assert_eq!(game.fen(&pos), game.fen(&game.shuffled_start(518).unwrap()));
    /// ```
    pub fn shuffled_start(&self, seed: u64) -> Result<Position, GameError> {
        if self.rules().shuffle.is_none() {
            return Err(GameError::NoShuffle);
        }
        each!(self, |e| e
            .shuffled(seed)
            .map(|p| self.wrap(p))
            .ok_or(GameError::Shuffle))
    }

    /// Parses a FEN into a position of this game.
    pub fn parse_fen(&self, fen: &str) -> Result<Position, FenError> {
        each!(self, |e| e.parse_fen(fen).map(|p| self.wrap(p)))
    }

    /// Writes a position as FEN.
    pub fn fen(&self, pos: &Position) -> String {
        with!(self, &pos.0, |e, p| e.fen(p), String::new())
    }

    /// Gets every legal move of the player to move.
    pub fn legal_moves(&self, pos: &Position) -> MoveList {
        with!(
            self,
            &pos.0,
            |e, p| {
                let mut raw = Vec::new();
                e.legal_moves(&mut p.without_history(), &mut raw);
                raw.iter().map(|m| e.public_move(p, m)).collect()
            },
            MoveList::new()
        )
    }

    /// Gets every legal move of the player to move in the engine's form (what a search plays).
    pub(crate) fn raw_legal_moves(&self, pos: &Position) -> Vec<RawMove> {
        let mut out = Vec::new();
        with!(
            self,
            &pos.0,
            |e, p| e.legal_moves(&mut p.without_history(), &mut out),
            ()
        );
        out
    }

    /// The legal moves that may take or promote, in the engine's form and the full list's order
    /// (what the quiescence search looks at).
    pub(crate) fn raw_forcing_moves(&self, pos: &mut Position) -> Vec<RawMove> {
        let mut out = Vec::new();
        with!(self, &mut pos.0, |e, p| e.forcing_moves(p, &mut out), ());
        out
    }

    /// Every legal move in the engine's form, listed in the position the search plays on.
    pub(crate) fn raw_search_moves(&self, pos: &mut Position) -> Vec<RawMove> {
        let mut out = Vec::new();
        with!(self, &mut pos.0, |e, p| e.search_moves(p, &mut out), ());
        out
    }

    /// Counts the legal moves of the player to move.
    pub(crate) fn raw_count_legal(&self, pos: &mut Position) -> u64 {
        with!(self, &mut pos.0, |e, p| e.count_legal_moves(p), 0)
    }

    /// A pass by the player to move in the engine's form, whether or not the rules allow one
    /// (the search's null move); `None` when that player has no piece on the board.
    pub(crate) fn raw_null_move(&self, pos: &Position) -> Option<RawMove> {
        with!(self, &pos.0, |e, p| e.null_move(p), None)
    }

    /// The legal move of the position whose public form is `m`, in the engine's form.
    fn find_legal(&self, pos: &Position, m: &Move) -> Option<RawMove> {
        let legal = self.raw_legal_moves(pos);
        with!(self, &pos.0, |e, p| e.find_legal(p, &legal, m), None)
    }

    /// Writes a move.
    pub fn move_to_string(&self, m: &Move) -> String {
        each!(self, |e| e.move_to_string(&e.raw_move(None, m)))
    }

    /// Parses a move and finds it among the legal moves of the position. XBoard's null move
    /// `@@@@` is a pass: the game's own, or a move in legs that comes back to its start without
    /// capturing (a lion's, which HaChu sends so), the first of them (each leaves the same
    /// position).
    pub fn parse_move(&self, pos: &Position, s: &str) -> Result<Move, MoveError> {
        if s == "@@@@" {
            return self
                .legal_moves(pos)
                .iter()
                .find(|m| m.is_pass())
                .copied()
                .ok_or_else(|| MoveError::Illegal(s.to_string()));
        }
        with!(
            self,
            &pos.0,
            |e, p| e
                .parse_move(&p.without_history(), s)
                .map(|m| e.public_move(p, &m)),
            Err(MoveError::Illegal(s.to_string()))
        )
    }

    /// Plays a move on a position if it is legal there; where losing every move eliminates,
    /// players left without a legal move leave the game.
    pub fn play(&self, pos: &mut Position, m: &Move) -> Result<(), MoveError> {
        match self.find_legal(pos, m) {
            Some(raw) => {
                self.raw_play_unchecked(pos, &raw);
                Ok(())
            }
            None => Err(MoveError::Illegal(self.move_to_string(m))),
        }
    }

    /// Plays a move known to be legal in the position (one of its [`Game::legal_moves`], or
    /// what [`Game::parse_move`] returned for it) without checking it again. Any other move
    /// leaves the position in an unspecified (but safe) state.
    pub fn play_unchecked(&self, pos: &mut Position, m: &Move) {
        let raw = with!(self, &pos.0, |e, p| Some(e.raw_move(Some(p), m)), None);
        if let Some(raw) = raw {
            self.raw_play_unchecked(pos, &raw);
        }
    }

    /// The public forms of a line of legal moves in the engine's form, played from `pos`.
    pub(crate) fn public_line(&self, pos: &Position, line: &[RawMove]) -> Vec<Move> {
        // Without the game's line, whose copy would make each report of a search cost time in
        // proportion to the game's length.
        let mut p = Position(match &pos.0 {
            PosInner::Narrow(q) => PosInner::Narrow(q.without_history()),
            PosInner::Medium(q) => PosInner::Medium(q.without_history()),
            PosInner::Wide(q) => PosInner::Wide(q.without_history()),
            PosInner::Many(q) => PosInner::Many(q.without_history()),
        });
        line.iter()
            .filter_map(|m| {
                let public = with!(self, &p.0, |e, q| Some(e.public_move(q, m)), None);
                self.raw_play_unchecked(&mut p, m);
                public
            })
            .collect()
    }

    /// Plays a legal move in the engine's form without checking it: what perft and a search do.
    pub(crate) fn raw_play_unchecked(&self, pos: &mut Position, m: &RawMove) {
        match (&self.inner, &mut pos.0) {
            (Inner::Narrow(e), PosInner::Narrow(p)) => e.play(p, m),
            (Inner::Medium(e), PosInner::Medium(p)) => e.play(p, m),
            (Inner::Wide(e), PosInner::Wide(p)) => e.play(p, m),
            (Inner::Many(e), PosInner::Many(p)) => e.play(p, m),
            _ => {}
        }
    }

    /// Takes back the last move played; tells whether there was one.
    pub fn undo(&self, pos: &mut Position) -> bool {
        match (&self.inner, &mut pos.0) {
            (Inner::Narrow(e), PosInner::Narrow(p)) => e.undo(p),
            (Inner::Medium(e), PosInner::Medium(p)) => e.undo(p),
            (Inner::Wide(e), PosInner::Wide(p)) => e.undo(p),
            (Inner::Many(e), PosInner::Many(p)) => e.undo(p),
            _ => false,
        }
    }

    /// Plays a legal move (as [`Game::play_unchecked`]) on a copy of the position and returns it.
    pub fn make(&self, pos: &Position, m: &Move) -> Position {
        let mut next = pos.clone();
        self.play_unchecked(&mut next, m);
        next
    }

    /// Tells whether a legal move of the position captures something (en passant and
    /// displacement included).
    pub fn is_capture(&self, pos: &Position, m: &Move) -> bool {
        with!(
            self,
            &pos.0,
            |e, p| e.is_capture(p, &e.raw_move(Some(p), m)),
            false
        )
    }

    /// The ending that holds at once in a position, if any: a goal reached, an extinction, a
    /// check limit given. Such a position has no legal moves. It looks neither for legal moves
    /// (checkmate, stalemate) nor at the history (repetition), so a search may ask it at every
    /// node; the position is left as it was.
    pub fn immediate_ending(&self, pos: &mut Position) -> Option<Ending> {
        let over = |s: Status| match s {
            Status::Over(e) => Some(e),
            Status::Ongoing { .. } => None,
        };
        match (&self.inner, &mut pos.0) {
            (Inner::Narrow(e), PosInner::Narrow(p)) => e.immediate_status(p).and_then(over),
            (Inner::Medium(e), PosInner::Medium(p)) => e.immediate_status(p).and_then(over),
            (Inner::Wide(e), PosInner::Wide(p)) => e.immediate_status(p).and_then(over),
            (Inner::Many(e), PosInner::Many(p)) => e.immediate_status(p).and_then(over),
            _ => None,
        }
    }

    /// Tells whether a royal piece of the player to move is attacked.
    pub fn in_check(&self, pos: &Position) -> bool {
        with!(self, &pos.0, |e, p| e.in_check_now(p), false)
    }

    /// What the game's line says of a position reached in a search (moves played with
    /// [`Game::play_unchecked`] from the position searched): a loss by back and forth; a
    /// repetition of any earlier position since the last move that reset the half-move clock
    /// (of any, where captures go to hand), decided as if it were the repetition rule's last
    /// occurrence, perpetual check included (a draw without a repetition rule); the move limit;
    /// counting. It does not look for legal moves (checkmate and stalemate come first: a search
    /// takes the move limit and counting only once the player to move has a move), and its cost
    /// does not grow with the game's length.
    pub fn verdict(&self, pos: &Position) -> Option<Ending> {
        with!(
            self,
            &pos.0,
            |e, p| e
                .history_end(p, true)
                .and_then(
                    |(reason, player, outcome)| match e.ending(p, reason, player, outcome) {
                        Status::Over(end) => Some(end),
                        Status::Ongoing { .. } => None,
                    }
                ),
            None
        )
    }

    /// Gets the Zobrist key of a position: what makes two positions the same for repetition
    /// (pieces and their origins, hands, side to move, castling and en-passant rights, players
    /// out, deferred promotions; not the clocks).
    pub fn key(&self, pos: &Position) -> u64 {
        read!(pos, |p| p.st.key)
    }

    /// Tells whether the game is over, and how.
    pub fn status(&self, pos: &Position) -> Status {
        with!(
            self,
            &pos.0,
            |e, p| e.status(&mut p.without_history(), p),
            Status::Ongoing { in_check: false }
        )
    }

    /// Counts the leaf nodes of the legal move tree to `depth` (at most [`MAX_PERFT_DEPTH`]).
    pub fn perft(&self, pos: &Position, depth: u32) -> Result<u64, DepthError> {
        check_depth(depth)?;
        Ok(with!(
            self,
            &pos.0,
            |e, p| e.perft(&mut p.clone(), depth),
            0
        ))
    }

    /// Counts the leaf nodes under each legal move, the moves shared out among `threads` threads
    /// (at least one); the counts come in the order of [`Game::legal_moves`].
    pub fn divide_threads(
        &self,
        pos: &Position,
        depth: u32,
        threads: usize,
    ) -> Result<Vec<(Move, u64)>, DepthError> {
        check_depth(depth)?;
        let moves = self.legal_moves(pos);
        let next = std::sync::atomic::AtomicUsize::new(0);
        let counts: Vec<std::sync::atomic::AtomicU64> =
            moves.iter().map(|_| Default::default()).collect();
        std::thread::scope(|scope| {
            for _ in 0..threads.clamp(1, moves.len().max(1)) {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(m) = moves.get(i) else { break };
                        let child = self.make(pos, m);
                        let n = if depth <= 1 {
                            1
                        } else {
                            self.perft(&child, depth - 1).unwrap_or(0)
                        };
                        counts[i].store(n, std::sync::atomic::Ordering::Relaxed);
                    }
                });
            }
        });
        Ok(moves
            .into_iter()
            .zip(
                counts
                    .iter()
                    .map(|c| c.load(std::sync::atomic::Ordering::Relaxed)),
            )
            .collect())
    }

    /// Counts the leaf nodes of the legal move tree to `depth`, the root's moves shared out among
    /// `threads` threads.
    pub fn perft_threads(
        &self,
        pos: &Position,
        depth: u32,
        threads: usize,
    ) -> Result<u64, DepthError> {
        if depth == 0 || threads <= 1 {
            return self.perft(pos, depth);
        }
        Ok(self
            .divide_threads(pos, depth, threads)?
            .iter()
            .map(|x| x.1)
            .sum())
    }

    /// Counts the leaf nodes under each legal move.
    pub fn divide(&self, pos: &Position, depth: u32) -> Result<Vec<(Move, u64)>, DepthError> {
        check_depth(depth)?;
        Ok(with!(
            self,
            &pos.0,
            |e, p| e
                .divide(&mut p.clone(), depth)
                .into_iter()
                .map(|(m, n)| (e.public_move(p, &m), n))
                .collect(),
            Vec::new()
        ))
    }

    /// The FEN tag of a player: the first letter of its name, in lower case.
    pub fn player_tag(&self, p: PlayerId) -> char {
        each!(self, |e| e.player_tag(p))
    }

    /// Gets a cell's name, e.g. `e4` or `a10`.
    pub fn cell_name(&self, c: Cell) -> String {
        each!(self, |e| e.cell_name(c))
    }

    /// Parses a cell name.
    pub fn parse_cell(&self, s: &str) -> Option<Cell> {
        each!(self, |e| e.parse_cell(s))
    }
}

/// A position of each width becomes its variant of [`PosInner`].
macro_rules! inner_from {
    ($($b:ty => $v:ident),*) => {$(
        impl From<Pos<$b>> for PosInner {
            fn from(p: Pos<$b>) -> Self {
                PosInner::$v(p)
            }
        }
    )*};
}
inner_from!(u64 => Narrow, u128 => Medium, U256 => Wide, U256Many => Many);

/// Reads an engine's start position.
fn ready<B: Bits>(mut e: Engine<B>) -> Result<Engine<B>, GameError> {
    let start = e.parse_fen(&e.rules.setup)?;
    e.keep_bulk_for(&start);
    e.count_start(&start);
    e.start = start;
    if e.rules.shuffle.is_some() && e.shuffled(0).is_none() {
        return Err(GameError::Shuffle);
    }
    Ok(e)
}
