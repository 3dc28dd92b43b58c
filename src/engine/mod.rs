//! The generic engine: tables built once per rule set, positions, move generation, game end and
//! perft. It depends on [`crate::rules`] only.

mod cellset;
mod fen;
mod movegen;
mod notation;
mod position;
mod tables;

pub use cellset::CellSet;
pub use fen::FenError;
pub use notation::MoveError;
pub use position::{FenStyle, Move, MoveKind, Piece, Position};

use crate::rules::{Outcome, PlayerId, RuleSet, RuleSetError};
use tables::Tables;

/// A rule set made playable.
pub struct Game {
    rules: RuleSet,
    tables: Tables,
    start: Position,
}

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
    #[error("{0}")]
    Rules(#[from] RuleSetError),
    #[error("bad setup: {0}")]
    Setup(#[from] FenError),
}

/// Where a position stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on: the player to move has legal moves.
    Ongoing { in_check: bool },
    /// The game is over.
    Over(Ending),
}

/// How a game ended: the rule, what it means for the player to move, and who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
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
}

impl Reason {
    /// The rule's name as `show --json` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::DropMate => "drop-mate",
            Reason::LastPlayer => "last-player",
        }
    }
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

impl Game {
    /// Checks a rule set (e.g. one loaded from RON or JSON), builds its tables and reads its
    /// start position.
    pub fn new(rules: RuleSet) -> Result<Game, GameError> {
        rules.validate()?;
        let tables = Tables::build(&rules);
        let mut game = Game {
            rules,
            tables,
            start: Position::empty(0),
        };
        game.start = game.parse_fen(&game.rules.setup)?;
        Ok(game)
    }

    /// Gets the rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Gets the start position.
    pub fn start(&self) -> Position {
        self.start
    }

    /// Gets the player after `p` in turn order who is still in the game.
    pub(crate) fn next_player(&self, pos: &Position, p: PlayerId) -> PlayerId {
        let n = self.rules.players.len();
        let mut q = p as usize;
        for _ in 0..n {
            q = (q + 1) % n;
            if pos.eliminated & (1 << q) == 0 {
                return q as PlayerId;
            }
        }
        p
    }

    /// Tells whether the game is over, and how.
    pub fn status(&self, pos: &Position) -> Status {
        if self.active_players(pos) == 1 {
            return self.ending(pos, Reason::LastPlayer, Outcome::Win);
        }
        let in_check = self.in_check(pos);
        if self.has_legal_move(pos) {
            Status::Ongoing { in_check }
        } else if in_check {
            // Mate by a drop that may not mate loses for the dropper (Fairy-Stockfish's reading
            // of shogi's uchifuzume): the mated player wins.
            if pos.drop_check {
                self.ending(pos, Reason::DropMate, Outcome::Win)
            } else {
                self.ending(pos, Reason::Checkmate, self.rules.checkmate)
            }
        } else {
            self.ending(pos, Reason::Stalemate, self.rules.stalemate)
        }
    }

    /// An ending whose outcome for the player to move is known; a loss of the player to move is
    /// a win for the player who moved last.
    fn ending(&self, pos: &Position, reason: Reason, outcome: Outcome) -> Status {
        let winner = match outcome {
            Outcome::Win => Some(pos.side),
            Outcome::Loss => Some(self.previous_player(pos, pos.side)),
            Outcome::Draw | Outcome::Elimination => None,
        };
        Status::Over(Ending {
            reason,
            outcome,
            winner,
        })
    }

    /// Gets the player before `p` in turn order who is still in the game.
    pub(crate) fn previous_player(&self, pos: &Position, p: PlayerId) -> PlayerId {
        let n = self.rules.players.len();
        let mut q = p as usize;
        for _ in 0..n {
            q = (q + n - 1) % n;
            if pos.eliminated & (1 << q) == 0 {
                return q as PlayerId;
            }
        }
        p
    }

    /// Plays a legal move on a position (a move from [`Game::legal_moves`] or
    /// [`Game::parse_move`] of this position).
    pub fn play(&self, pos: &mut Position, m: &Move) {
        *pos = self.make(pos, m);
    }

    /// Gets a hash of what makes two positions the same for repetition: pieces and their
    /// origins, hands, side to move, castling and en-passant rights, players out, deferred
    /// promotions; not the clocks.
    pub fn key(&self, pos: &Position) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        pos.board[..self.tables.cells].hash(&mut h);
        pos.hands[..self.rules.players.len()].hash(&mut h);
        (pos.side, pos.eliminated, pos.castling, pos.pending).hash(&mut h);
        (pos.ep_cells, pos.ep_victim).hash(&mut h);
        h.finish()
    }

    /// Counts the leaf nodes of the legal move tree to `depth` (at most [`MAX_PERFT_DEPTH`]).
    pub fn perft(&self, pos: &Position, depth: u32) -> Result<u64, DepthError> {
        check_depth(depth)?;
        let mut buffers = vec![Vec::with_capacity(256); depth as usize];
        Ok(self.perft_with(pos, depth, &mut buffers))
    }

    /// Perft with one reusable move list per ply.
    fn perft_with(&self, pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        let Some((moves, rest)) = buffers.split_first_mut() else {
            return 1;
        };
        moves.clear();
        self.pseudo_moves(pos, moves);
        if depth == 1 {
            // Bulk count: a leaf needs only the legality of its move.
            return moves
                .iter()
                .filter(|m| self.legal_child(pos, m).is_some())
                .count() as u64;
        }
        let mut n = 0;
        for m in moves.iter() {
            if let Some(child) = self.try_make(pos, m) {
                n += self.perft_with(&child, depth - 1, rest);
            }
        }
        n
    }

    /// Counts the leaf nodes under each legal move.
    pub fn divide(&self, pos: &Position, depth: u32) -> Result<Vec<(Move, u64)>, DepthError> {
        check_depth(depth)?;
        self.legal_moves(pos)
            .into_iter()
            .map(|m| {
                let child = self.make(pos, &m);
                Ok((m, self.perft(&child, depth.saturating_sub(1))?))
            })
            .collect()
    }
}
