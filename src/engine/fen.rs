//! FEN as Fairy-Stockfish writes it: ranks from the far side, digits (several for wide boards) for
//! empty runs, `*` for holes, `+X` promoted types, `X~` promoted pieces whose origin their type
//! does not imply, `[...]` hands, side to move, castling, en passant, clocks.

use super::bits::Bits;
use super::core::Engine;
use super::position::{Piece, Pos};
use crate::rules::{Cell, PieceId, PlayerId};

mod read;
mod write;

/// The largest half-move clock or move number a FEN may give: far beyond any game, and far enough
/// below the counters' limit that they never stop counting.
pub const MAX_COUNTER: u32 = 1 << 30;

/// A FEN that does not describe a position of this game; each message says what is wrong.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("empty FEN")]
    Empty,
    #[error("found {found} rank(s), this game has {expected}")]
    RankCount { found: usize, expected: usize },
    #[error("rank {rank} has {found} cell(s), this game has {expected} files")]
    FileCount {
        rank: usize,
        found: usize,
        expected: usize,
    },
    #[error("unknown piece `{0}`")]
    UnknownPiece(String),
    #[error("a piece stands on a hole at rank {0}")]
    PieceOnHole(usize),
    #[error("`*` marks a hole, but rank {0} has a cell there")]
    NotAHole(usize),
    #[error("an empty run in rank {0} covers a hole: write holes as `*`")]
    HoleCovered(usize),
    #[error("`{0}` can never be in hand")]
    NotInHand(String),
    #[error("`{piece}` cannot have been promoted from `{origin}`")]
    BadOrigin { piece: String, origin: String },
    #[error("unexpected `{0}` in the board")]
    BadChar(char),
    #[error("rank {rank}: `{run}` is not a count of empty cells on this board")]
    BadRun { rank: usize, run: String },
    #[error(
        "`{0}~`: no single type promotes to it, so `~` names no origin; write `X(Y)` or drop the mark"
    )]
    NoOrigin(String),
    #[error("`{0}` marks an origin that its type already implies")]
    RedundantOrigin(String),
    #[error("`{0}` marks an origin, which nothing in this game uses (no hands, no demotion)")]
    OriginUnused(String),
    #[error("`{0}!`: this piece has no deferred promotion where it stands")]
    NotPending(String),
    #[error("this game has no hands, so `[{0}]` cannot be held")]
    NoHands(String),
    #[error("too many `{0}` in hand: with the pieces on the board, at most 255 of a type")]
    HandCount(String),
    #[error("unterminated hand: `[` without `]`")]
    Hand,
    #[error("`{0}` cannot be held in hand")]
    BadHand(String),
    #[error("bad eliminated-players field `{0}` (an eliminated player has no pieces)")]
    Eliminated(String),
    #[error("bad side to move `{0}`")]
    Side(String),
    #[error("bad castling field `{0}`")]
    Castling(String),
    #[error("castling right `{right}`: {why}")]
    CastlingRight { right: char, why: String },
    #[error("bad en-passant field `{0}`")]
    EnPassant(String),
    #[error("bad move counter `{0}` (a number up to {MAX_COUNTER})")]
    Counter(String),
    #[error("unexpected `{0}` after the move counters")]
    Trailing(String),
    #[error(
        "bad check counters `{0}`: checks each player must still give, `W+B`, each at most the game's limit"
    )]
    Checks(String),
    #[error("`{0}`: this game counts no checks")]
    NoChecks(String),
    #[error("bad counting field `{0}`: a limit in plies (even, up to 20000) of a running count")]
    Counting(String),
}

/// Why a position cannot be played from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A player that starts the game with a royal piece has none (on the board or in hand).
    #[error("{player} has no royal piece ({types}), which this game needs")]
    NoRoyal {
        /// The player's name.
        player: String,
        /// The game's royal types, by name.
        types: String,
    },
    /// The player who moved last is in check: no legal move leaves its own royal attacked.
    #[error("{player} is in check, but it is {to_move}'s turn")]
    CheckNotToMove {
        /// The player in check.
        player: String,
        /// The player to move.
        to_move: String,
    },
}

impl<B: Bits> Engine<B> {
    /// Whether pieces are tagged with their owner (games of more than two players).
    fn tagged(&self) -> bool {
        self.rules.players.len() > 2
    }

    /// The FEN tag of a player: the first letter of its name, in lower case.
    pub fn player_tag(&self, p: PlayerId) -> char {
        self.rules.players[p.index()]
            .name
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_lowercase()
    }

    fn player_of_tag(&self, c: char) -> Option<PlayerId> {
        (0..self.rules.players.len() as u8)
            .map(PlayerId)
            .find(|&p| self.player_tag(p) == c)
    }

    /// A type's symbol as a player writes it: upper case for the first player, lower case for
    /// the second, and with more players the owner's tag before the upper-case symbol.
    fn owned_symbol(&self, kind: PieceId, owner: PlayerId) -> String {
        let s = &self.rules.pieces[kind.index()].symbol;
        if self.tagged() {
            format!("{}{s}", self.player_tag(owner))
        } else if owner.0 == 0 {
            s.clone()
        } else {
            s.to_lowercase()
        }
    }

    fn symbol_of(&self, p: Piece) -> String {
        let mut out = self.owned_symbol(p.kind, p.owner);
        if let Some(o) = p.origin {
            if self.promoters(p.kind) == [o] {
                out.push('~');
            } else {
                let os = &self.rules.pieces[o.index()].symbol;
                out.push('(');
                out += &if p.owner.0 == 1 && !self.tagged() {
                    os.to_lowercase()
                } else {
                    os.clone()
                };
                out.push(')');
            }
        }
        out
    }

    fn lookup(&self, sym: &str) -> Result<(PieceId, PlayerId), FenError> {
        let upper = sym.to_uppercase();
        let owner = PlayerId(if sym == upper { 0 } else { 1 });
        if sym != upper && sym != sym.to_lowercase() {
            return Err(FenError::UnknownPiece(sym.into()));
        }
        match self.rules.piece_by_symbol(&upper) {
            Some(k) => Ok((k, owner)),
            None => Err(FenError::UnknownPiece(sym.into())),
        }
    }

    /// Whether pieces can ever be held in hand in this game.
    pub(crate) fn has_hands(&self) -> bool {
        self.rules.has_hands()
    }

    /// The types that promote to `kind`, in declaration order.
    fn promoters(&self, kind: PieceId) -> Vec<PieceId> {
        (0..self.rules.pieces.len() as u8)
            .map(PieceId)
            .filter(|&i| {
                i != kind
                    && self.rules.pieces[i.index()]
                        .promotions
                        .iter()
                        .any(|pr| pr.to.contains(&kind))
            })
            .collect()
    }

    /// Whether a piece is of a type that castles as the king, or as the partner.
    fn castles_as(&self, kind: PieceId, king: bool) -> bool {
        self.rules
            .castling
            .iter()
            .any(|c| if king { c.king == kind } else { c.rook == kind })
    }

    /// The cell of a player's castling king, if it has one: the first of them on a file a
    /// castling rule names (`castling King from e`), else the first.
    pub(super) fn castling_king(&self, pos: &Pos<B>, owner: PlayerId) -> Option<Cell> {
        let files = self.t.files;
        let kings = || {
            pos.by_owner[owner.index()]
                .cells()
                .filter(|&c| pos.piece(c).is_some_and(|p| self.castles_as(p.kind, true)))
        };
        let named = |c: usize| {
            self.rules
                .castling
                .iter()
                .any(|cs| cs.from_file.is_some_and(|f| usize::from(f) == c % files))
        };
        kings()
            .find(|&c| named(c))
            .or_else(|| kings().next())
            .map(|c| Cell(c as u16))
    }
}
