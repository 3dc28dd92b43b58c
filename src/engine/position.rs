//! Positions, pieces and moves, and how a move changes a position.

use super::cellset::CellSet;
use crate::rules::{Cell, MAX_CELLS, MAX_PIECES, MAX_PLAYERS, PieceId, PlayerId};

/// A piece on the board: its type, owner and, for a promoted piece whose origin is not implied by
/// its type, the type it was before promoting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: PieceId,
    pub owner: PlayerId,
    pub origin: Option<PieceId>,
}

const OCCUPIED: u16 = 1 << 15;

impl Piece {
    #[inline]
    fn encode(self) -> u16 {
        OCCUPIED
            | self.kind as u16
            | (self.owner as u16) << 6
            | (self.origin.map_or(0, |o| o as u16 + 1)) << 8
    }

    #[inline]
    fn decode(v: u16) -> Option<Piece> {
        if v & OCCUPIED == 0 {
            return None;
        }
        let o = (v >> 8) & 0x7f;
        Some(Piece {
            kind: (v & 0x3f) as PieceId,
            owner: ((v >> 6) & 3) as PlayerId,
            origin: if o == 0 {
                None
            } else {
                Some((o - 1) as PieceId)
            },
        })
    }
}

/// How a FEN was written, so that printing a parsed FEN gives the same string back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FenStyle {
    /// An empty hand written `[-]`.
    pub hand_dash: bool,
    /// Hands written (`[]`) in a game whose FEN needs none.
    pub hand_brackets: bool,
    /// Castling and en-passant fields left out (`[-] w 0 1`).
    pub short: bool,
    /// The en-passant cells as the FEN named them, whether or not a piece could take there.
    pub ep_as_written: bool,
}

/// A game position. Small and `Copy`: a move makes a new one.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [u16; MAX_CELLS],
    pub(crate) occ: [CellSet; MAX_PLAYERS],
    /// Cells of royal pieces, kept by `put` and `take` from `royal_kinds`.
    pub(crate) royals: CellSet,
    /// The royal types of the game, a bit each.
    royal_kinds: u64,
    pub(crate) hands: [[u8; MAX_PIECES]; MAX_PLAYERS],
    /// Cells of rooks that may still castle.
    pub(crate) castling: CellSet,
    /// Cells a piece passed over with a move that can be taken en passant, and where it stands.
    pub(crate) ep_cells: CellSet,
    pub(crate) ep_victim: Option<Cell>,
    /// Cells of dropped pieces that promote at the end of their next move.
    pub(crate) pending: CellSet,
    pub(crate) side: PlayerId,
    /// Players out of the game, a bit each.
    pub(crate) eliminated: u8,
    /// The last move was a check by a drop of a type that may not mate.
    pub(crate) drop_check: bool,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) style: FenStyle,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("side", &self.side)
            .finish_non_exhaustive()
    }
}

impl Position {
    pub(crate) fn empty(royal_kinds: u64) -> Position {
        Position {
            board: [0; MAX_CELLS],
            occ: [CellSet::EMPTY; MAX_PLAYERS],
            royals: CellSet::EMPTY,
            royal_kinds,
            hands: [[0; MAX_PIECES]; MAX_PLAYERS],
            castling: CellSet::EMPTY,
            ep_cells: CellSet::EMPTY,
            ep_victim: None,
            pending: CellSet::EMPTY,
            side: 0,
            eliminated: 0,
            drop_check: false,
            halfmove: 0,
            fullmove: 1,
            style: FenStyle::default(),
        }
    }

    /// Gets the piece on a cell.
    #[inline]
    pub fn piece(&self, c: Cell) -> Option<Piece> {
        Piece::decode(self.board[c as usize])
    }

    #[inline]
    pub(crate) fn is_empty(&self, c: Cell) -> bool {
        self.board[c as usize] & OCCUPIED == 0
    }

    #[inline]
    pub(crate) fn put(&mut self, c: Cell, p: Piece) {
        if let Some(old) = self.piece(c) {
            self.occ[old.owner as usize].remove(c);
        }
        self.board[c as usize] = p.encode();
        self.occ[p.owner as usize].insert(c);
        if self.royal_kinds >> p.kind & 1 != 0 {
            self.royals.insert(c);
        } else {
            self.royals.remove(c);
        }
    }

    #[inline]
    pub(crate) fn take(&mut self, c: Cell) -> Option<Piece> {
        let p = Piece::decode(self.board[c as usize])?;
        self.board[c as usize] = 0;
        self.occ[p.owner as usize].remove(c);
        self.royals.remove(c);
        Some(p)
    }

    /// Gets the player to move.
    pub fn side_to_move(&self) -> PlayerId {
        self.side
    }

    /// Tells whether a player has been eliminated.
    pub fn is_eliminated(&self, player: PlayerId) -> bool {
        self.eliminated & (1 << player) != 0
    }

    /// Gets how many pieces of a type a player holds in hand.
    pub fn in_hand(&self, player: PlayerId, kind: PieceId) -> u8 {
        self.hands[player as usize][kind as usize]
    }

    /// Gets the cells a player occupies.
    pub fn occupied_by(&self, player: PlayerId) -> CellSet {
        self.occ[player as usize]
    }
}

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    Normal,
    /// A drop from hand; `from` is meaningless.
    Drop,
    /// A capture of the piece on the position's en-passant victim cell.
    EnPassant,
    /// A stepping move that can be taken en passant; `extra` is its step index.
    EpStep,
    /// Castling; `extra` is the rook's cell.
    Castle,
    /// A hopper's capture; `extra` is the screen's cell.
    Hop,
    /// A multiple-displacer move; `extra` is its step index.
    Displace,
}

/// A move: plain data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    /// The type moved or dropped.
    pub piece: PieceId,
    /// The type it promotes to.
    pub promotion: Option<PieceId>,
    /// The promotion swaps the piece for that type from its owner's hand.
    pub swap: bool,
    pub kind: MoveKind,
    pub extra: u32,
}
