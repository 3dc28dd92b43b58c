//! The public move: an enum of kinds, each with the cells it touches, and none of the engine's
//! table indices. The engine generates, makes and searches its compact [`RawMove`]; a [`Game`]
//! converts at its public methods only.
//!
//! [`Game`]: super::Game

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::bits::Bits;
use super::core::Engine;
use super::position::{MoveKind, Pos, RawMove, Then as RawThen};
use crate::rules::{Cell, PieceId};

/// What a piece turns into on arriving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Promotion {
    /// It becomes a piece of this type.
    To(PieceId),
    /// It is swapped for a piece of this type from its owner's hand (the moved piece goes to
    /// the hand in its place).
    Swap(PieceId),
}

impl Promotion {
    /// Gets the type the piece becomes, whichever way.
    pub fn piece(self) -> PieceId {
        match self {
            Promotion::To(p) | Promotion::Swap(p) => p,
        }
    }
}

/// A move's second part, made after its first (see [`Move`]'s `then`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Then {
    /// A wall put on this cell (lifting the walls that stand, in a game where the wall moves).
    Wall {
        /// Where the wall goes.
        at: Cell,
    },
    /// A piece from the mover's hand put on a cell the move left (gating).
    Gate {
        /// The type put on the board.
        piece: PieceId,
        /// Where it goes.
        at: Cell,
    },
}

/// A set of cells of a board of up to 256 cells, a bit each: the cells a move passes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 4]);

    /// Adds a cell (cells numbered 256 or more are ignored: no board has them).
    pub fn insert(&mut self, c: Cell) {
        if c.index() < 256 {
            self.0[c.index() / 64] |= 1 << (c.index() % 64);
        }
    }

    /// Tells whether a cell is in the set.
    pub fn contains(&self, c: Cell) -> bool {
        c.index() < 256 && self.0[c.index() / 64] >> (c.index() % 64) & 1 == 1
    }

    /// Counts the cells.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Tells whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Iterates the cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..256u16).map(Cell).filter(|&c| self.contains(c))
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(cells: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in cells {
            s.insert(c);
        }
        s
    }
}

/// A move, as a program sees it: what kind of move it is and every cell it touches. Get moves
/// from [`Game::legal_moves`] or [`Game::parse_move`]; two moves are the same move when they
/// are equal.
///
/// [`Game::legal_moves`]: super::Game::legal_moves
/// [`Game::parse_move`]: super::Game::parse_move
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Move {
    /// A move or a capture on the destination.
    Normal {
        /// Where the piece stands.
        from: Cell,
        /// Where it goes (and what it takes there, if anything).
        to: Cell,
        /// Its type.
        piece: PieceId,
        /// What it turns into, if anything.
        promotion: Option<Promotion>,
        /// The move's second part, if it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Then>,
    },
    /// A step over several cells that leaves them open to an en-passant capture.
    DoubleStep {
        /// Where the piece stands.
        from: Cell,
        /// Where it goes.
        to: Cell,
        /// Its type.
        piece: PieceId,
        /// The cells it passes, on which it can be taken en passant.
        passed: CellSet,
        /// What it turns into, if anything.
        promotion: Option<Promotion>,
        /// The move's second part, if it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Then>,
    },
    /// A piece from the mover's hand put on an empty cell.
    Drop {
        /// The type dropped.
        piece: PieceId,
        /// Where it lands.
        to: Cell,
        /// The move's second part, if it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Then>,
    },
    /// Castling: the king and its partner move at once.
    Castle {
        /// Where the king stands.
        king_from: Cell,
        /// Where the king lands.
        king_to: Cell,
        /// Where the partner stands.
        rook_from: Cell,
        /// Where the partner lands.
        rook_to: Cell,
        /// The king's type.
        piece: PieceId,
        /// The move's second part, if it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Then>,
    },
    /// A capture of the piece that just passed the destination.
    EnPassant {
        /// Where the capturing piece stands.
        from: Cell,
        /// Where it goes.
        to: Cell,
        /// Where the piece taken stands.
        captured: Cell,
        /// The capturing piece's type.
        piece: PieceId,
        /// What it turns into, if anything.
        promotion: Option<Promotion>,
        /// The move's second part, if it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Then>,
    },
    /// A hopper's capture over a screen.
    Hop {
        /// Where the hopper stands.
        from: Cell,
        /// Where it goes.
        to: Cell,
        /// The piece hopped over.
        screen: Cell,
        /// The hopper's type.
        piece: PieceId,
        /// What it turns into, if anything.
        promotion: Option<Promotion>,
        /// The move's second part, if it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Then>,
    },
    /// A multiple displacement: every enemy on the passed cells is captured too.
    Displace {
        /// Where the piece stands.
        from: Cell,
        /// Where it goes.
        to: Cell,
        /// Its type.
        piece: PieceId,
        /// The cells it passes.
        passed: CellSet,
        /// What it turns into, if anything.
        promotion: Option<Promotion>,
        /// The move's second part, if it has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<Then>,
    },
    /// A move in two legs that captures on `via`, the cell between them, or comes back to where
    /// it started (`to` is `from`): Chu Shogi's lion. Written `e7f7,f7e7`, as XBoard writes it.
    Legs {
        /// Where the piece stands.
        from: Cell,
        /// The cell the first leg reaches.
        via: Cell,
        /// Where it goes.
        to: Cell,
        /// Its type.
        piece: PieceId,
        /// Whether it captures the enemy on `via` (else it passes the cell).
        capture: bool,
        /// What it turns into, if anything (a Lion that promotes by capturing).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        promotion: Option<Promotion>,
    },
    /// A move in three legs that captures on both cells between them: the Lion Dog's. Written
    /// `f6f7,f7f8,f8f9`, as XBoard writes it.
    ThreeLegs {
        /// Where the piece stands.
        from: Cell,
        /// The cells the first and second legs reach (and capture on), in order.
        via: [Cell; 2],
        /// Where it goes.
        to: Cell,
        /// Its type.
        piece: PieceId,
        /// What it turns into, if anything.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        promotion: Option<Promotion>,
    },
    /// A piece of the mover's taken from the board into its hand (`pieces of TYPE... may be
    /// picked up`). Written as the type's letter, `^` and the cell: `N^b1`.
    Pickup {
        /// The type picked up.
        piece: PieceId,
        /// Where it stood.
        from: Cell,
    },
    /// A pass: nothing moves. Written as `at` twice, as Fairy-Stockfish writes Janggi's pass.
    Pass {
        /// The cell of the passing player's royal piece (or, passing when stuck, of its first
        /// piece).
        at: Cell,
    },
}

impl Move {
    /// Gets where the moving piece stands; a drop's and a pass's cell.
    pub fn from(&self) -> Cell {
        match *self {
            Move::Normal { from, .. }
            | Move::DoubleStep { from, .. }
            | Move::EnPassant { from, .. }
            | Move::Hop { from, .. }
            | Move::Displace { from, .. }
            | Move::Legs { from, .. }
            | Move::ThreeLegs { from, .. } => from,
            Move::Castle { king_from, .. } => king_from,
            Move::Drop { to, .. } => to,
            Move::Pickup { from, .. } => from,
            Move::Pass { at } => at,
        }
    }

    /// Tells whether the move leaves the board as it was: a pass, or a move in legs that comes
    /// back to its start without capturing (a lion's pass, jitto).
    pub fn is_pass(&self) -> bool {
        match *self {
            Move::Pass { .. } => true,
            Move::Legs {
                from, to, capture, ..
            } => from == to && !capture,
            _ => false,
        }
    }

    /// Gets where the moving (or dropped) piece lands; a castle's king's cell, a pass's cell.
    pub fn to(&self) -> Cell {
        match *self {
            Move::Normal { to, .. }
            | Move::DoubleStep { to, .. }
            | Move::Drop { to, .. }
            | Move::EnPassant { to, .. }
            | Move::Hop { to, .. }
            | Move::Displace { to, .. }
            | Move::Legs { to, .. }
            | Move::ThreeLegs { to, .. } => to,
            Move::Castle { king_to, .. } => king_to,
            Move::Pickup { from, .. } => from,
            Move::Pass { at } => at,
        }
    }

    /// Gets the type moved or dropped (a castle's king's); none for a pass.
    pub fn piece(&self) -> Option<PieceId> {
        match *self {
            Move::Normal { piece, .. }
            | Move::DoubleStep { piece, .. }
            | Move::Drop { piece, .. }
            | Move::Castle { piece, .. }
            | Move::EnPassant { piece, .. }
            | Move::Hop { piece, .. }
            | Move::Displace { piece, .. }
            | Move::Legs { piece, .. }
            | Move::ThreeLegs { piece, .. }
            | Move::Pickup { piece, .. } => Some(piece),
            Move::Pass { .. } => None,
        }
    }

    /// Gets the promotion the move makes, if any.
    pub fn promotion(&self) -> Option<Promotion> {
        match *self {
            Move::Normal { promotion, .. }
            | Move::DoubleStep { promotion, .. }
            | Move::EnPassant { promotion, .. }
            | Move::Hop { promotion, .. }
            | Move::Displace { promotion, .. }
            | Move::Legs { promotion, .. }
            | Move::ThreeLegs { promotion, .. } => promotion,
            Move::Drop { .. } | Move::Castle { .. } | Move::Pickup { .. } | Move::Pass { .. } => {
                None
            }
        }
    }

    /// Gets the move's second part, if it has one.
    pub fn then(&self) -> Option<Then> {
        match *self {
            Move::Normal { then, .. }
            | Move::DoubleStep { then, .. }
            | Move::Drop { then, .. }
            | Move::Castle { then, .. }
            | Move::EnPassant { then, .. }
            | Move::Hop { then, .. }
            | Move::Displace { then, .. } => then,
            Move::Legs { .. }
            | Move::ThreeLegs { .. }
            | Move::Pickup { .. }
            | Move::Pass { .. } => None,
        }
    }

    /// Tells whether the move takes a piece whatever the position: en passant and a hop always
    /// do (a normal move, a double step or a displacement may; ask [`Game::is_capture`]).
    ///
    /// [`Game::is_capture`]: super::Game::is_capture
    pub fn always_captures(&self) -> bool {
        matches!(
            self,
            Move::EnPassant { .. } | Move::Hop { .. } | Move::ThreeLegs { .. }
        )
    }
}

/// The legal moves of a position. It holds 256 moves without allocating, which covers the
/// moves of almost every position of every game; a position with more (a large board with
/// several types in hand has thousands of drops) spills onto the heap rather than being cut
/// short, so no legal move is ever lost.
pub type MoveList = SmallVec<[Move; 256]>;

fn promotion_of(m: &RawMove) -> Option<Promotion> {
    m.promotion.map(|p| {
        if m.swap {
            Promotion::Swap(p)
        } else {
            Promotion::To(p)
        }
    })
}

impl<B: Bits> Engine<B> {
    /// The public form of a move generated in a position (en passant reads its victim there).
    pub(crate) fn public_move(&self, pos: &Pos<B>, m: &RawMove) -> Move {
        let (from, to, piece, promotion) = (m.from, m.to, m.piece, promotion_of(m));
        let then = m.then.map(|t| match t {
            RawThen::Wall(at) => Then::Wall { at },
            RawThen::Gate(piece, at) => Then::Gate { piece, at },
        });
        let passed = |path: u32| -> CellSet {
            self.t.paths[path as usize]
                .cells()
                .map(|c| Cell(c as u16))
                .collect()
        };
        match m.kind {
            MoveKind::Normal => Move::Normal {
                from,
                to,
                piece,
                promotion,
                then,
            },
            MoveKind::Drop => Move::Drop { piece, to, then },
            MoveKind::EnPassant => Move::EnPassant {
                from,
                to,
                // A legal en-passant capture always has its victim.
                captured: pos.st.ep_victim.unwrap_or(to),
                piece,
                promotion,
                then,
            },
            MoveKind::DoubleStep { path } => Move::DoubleStep {
                from,
                to,
                piece,
                passed: passed(path),
                promotion,
                then,
            },
            MoveKind::Castle { rook, rook_to } => Move::Castle {
                king_from: from,
                king_to: to,
                rook_from: rook,
                rook_to,
                piece,
                then,
            },
            MoveKind::Hop { screen } => Move::Hop {
                from,
                to,
                screen,
                piece,
                promotion,
                then,
            },
            MoveKind::Displace { path } => Move::Displace {
                from,
                to,
                piece,
                passed: passed(path),
                promotion,
                then,
            },
            MoveKind::Legs { via, capture } => Move::Legs {
                from,
                via,
                to,
                piece,
                capture,
                promotion,
            },
            MoveKind::ThreeLegs { via } => Move::ThreeLegs {
                from,
                via,
                to,
                piece,
                promotion,
            },
            MoveKind::Pickup => Move::Pickup { piece, from },
            MoveKind::Pass => Move::Pass { at: from },
        }
    }

    /// The engine's form of a public move, built directly: a pass's piece is read in `pos`
    /// (type 0 without one) and passed cells no move of the game passes give the empty path, so
    /// only a legal move's public form gives back the engine's move exactly.
    pub(crate) fn raw_move(&self, pos: Option<&Pos<B>>, m: &Move) -> RawMove {
        let path = |passed: &CellSet| -> u32 {
            let set = passed
                .iter()
                .filter(|c| c.index() < B::CELLS)
                .fold(B::EMPTY, |s, c| s | B::cell(c.index()));
            self.t.paths.iter().position(|&p| p == set).unwrap_or(0) as u32
        };
        let raw =
            |from: Cell, to: Cell, piece: PieceId, promotion: Option<Promotion>, kind| RawMove {
                from,
                to,
                piece,
                promotion: promotion.map(Promotion::piece),
                swap: matches!(promotion, Some(Promotion::Swap(_))),
                kind,
                then: m.then().map(|t| match t {
                    Then::Wall { at } => RawThen::Wall(at),
                    Then::Gate { piece, at } => RawThen::Gate(piece, at),
                }),
            };
        match *m {
            Move::Normal {
                from,
                to,
                piece,
                promotion,
                ..
            } => raw(from, to, piece, promotion, MoveKind::Normal),
            Move::DoubleStep {
                from,
                to,
                piece,
                passed,
                promotion,
                ..
            } => {
                let kind = MoveKind::DoubleStep {
                    path: path(&passed),
                };
                raw(from, to, piece, promotion, kind)
            }
            Move::Drop { piece, to, .. } => raw(to, to, piece, None, MoveKind::Drop),
            Move::Castle {
                king_from,
                king_to,
                rook_from,
                rook_to,
                piece,
                ..
            } => {
                let kind = MoveKind::Castle {
                    rook: rook_from,
                    rook_to,
                };
                raw(king_from, king_to, piece, None, kind)
            }
            Move::EnPassant {
                from,
                to,
                piece,
                promotion,
                ..
            } => raw(from, to, piece, promotion, MoveKind::EnPassant),
            Move::Hop {
                from,
                to,
                screen,
                piece,
                promotion,
                ..
            } => raw(from, to, piece, promotion, MoveKind::Hop { screen }),
            Move::Displace {
                from,
                to,
                piece,
                passed,
                promotion,
                ..
            } => {
                let kind = MoveKind::Displace {
                    path: path(&passed),
                };
                raw(from, to, piece, promotion, kind)
            }
            Move::Legs {
                from,
                via,
                to,
                piece,
                capture,
                promotion,
            } => raw(from, to, piece, promotion, MoveKind::Legs { via, capture }),
            Move::ThreeLegs {
                from,
                via,
                to,
                piece,
                promotion,
            } => raw(from, to, piece, promotion, MoveKind::ThreeLegs { via }),
            Move::Pickup { piece, from } => raw(from, from, piece, None, MoveKind::Pickup),
            Move::Pass { at } => {
                let piece = pos
                    .and_then(|p| p.sq.get(at.index()))
                    .and_then(|sq| sq.piece())
                    .map_or(PieceId(0), |p| p.kind);
                raw(at, at, piece, None, MoveKind::Pass)
            }
        }
    }

    /// The legal move of a position whose public form is `m`, if there is one.
    pub(crate) fn find_legal(&self, pos: &Pos<B>, legal: &[RawMove], m: &Move) -> Option<RawMove> {
        legal
            .iter()
            .find(|r| r.from == m.from() && r.to == m.to() && self.public_move(pos, r) == *m)
            .copied()
    }
}
