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

use crate::rules::{Outcome, PlayerId, RuleSet};
use tables::Tables;

/// A rule set made playable.
pub struct Game {
    rules: RuleSet,
    tables: Tables,
}

/// Where a position stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The player to move has legal moves.
    Ongoing { in_check: bool },
    /// The player to move is checkmated; the outcome is theirs.
    Checkmate { outcome: Outcome },
    /// The player to move has no legal move and is not in check; the outcome is theirs.
    Stalemate { outcome: Outcome },
    /// Every other player has been eliminated.
    Won { winner: PlayerId },
}

impl Game {
    /// Builds the tables for a rule set.
    pub fn new(rules: RuleSet) -> Game {
        let tables = Tables::build(&rules);
        Game { rules, tables }
    }

    /// Checks a rule set (e.g. one loaded from RON or JSON), then builds its tables.
    pub fn try_new(rules: RuleSet) -> Result<Game, String> {
        rules.validate()?;
        Ok(Game::new(rules))
    }

    /// Gets the rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Gets the start position.
    pub fn start(&self) -> Result<Position, FenError> {
        self.parse_fen(&self.rules.setup)
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
            return Status::Won { winner: pos.side };
        }
        let in_check = self.in_check(pos);
        if self.has_legal_move(pos) {
            Status::Ongoing { in_check }
        } else if in_check {
            Status::Checkmate {
                // Mate by a drop that may not mate loses for the dropper (Fairy-Stockfish's
                // reading of shogi's uchifuzume): the mated player wins.
                outcome: if pos.drop_check {
                    Outcome::Win
                } else {
                    self.rules.checkmate
                },
            }
        } else {
            Status::Stalemate {
                outcome: self.rules.stalemate,
            }
        }
    }

    /// Counts the leaf nodes of the legal move tree to `depth`.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(256); depth as usize];
        self.perft_with(pos, depth, &mut buffers)
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
    pub fn divide(&self, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        self.legal_moves(pos)
            .into_iter()
            .map(|m| {
                let child = self.make(pos, &m);
                (m, self.perft(&child, depth.saturating_sub(1)))
            })
            .collect()
    }
}
