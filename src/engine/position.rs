//! Positions: pieces by cell and by bitboard, hands, the state a move changes, and the game's
//! line: per move made, the state before it (key, player to move, whether that player was in
//! check, the move that led there), which lets a move be taken back and the history rules
//! (repetition, perpetual check, back and forth) read the past without taking moves back. A query
//! reads the line in place; none copies it.

use super::bits::Bits;
use super::bits::KindSet;
use super::kinds::KindBits;
use crate::rules::{Cell, PieceId, PlayerId};
use std::num::NonZeroU8;

/// A piece on the board: its type, owner and, for a promoted piece whose origin is not implied by
/// its type, the type it was before promoting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its type.
    pub kind: PieceId,
    /// The player it belongs to.
    pub owner: PlayerId,
    /// The type it was before promoting, where its type does not imply it.
    pub origin: Option<PieceId>,
}

/// A player as a cell stores it: its number plus one, so that `Option<Owner>` is one byte and
/// no owner (an empty cell) is zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Owner(NonZeroU8);

impl Owner {
    #[inline]
    pub fn of(player: PlayerId) -> Owner {
        Owner(NonZeroU8::MIN.saturating_add(player.0))
    }

    #[inline]
    pub fn player(self) -> PlayerId {
        PlayerId(self.0.get() - 1)
    }

    #[inline]
    pub fn index(self) -> usize {
        self.player().index()
    }
}

/// A piece type as a cell's origin stores it: its number plus one, so that `Option<Origin>` is
/// one byte and no origin is zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Origin(NonZeroU8);

impl Origin {
    #[inline]
    pub fn of(kind: PieceId) -> Origin {
        Origin(NonZeroU8::MIN.saturating_add(kind.0))
    }

    #[inline]
    pub fn kind(self) -> u8 {
        self.0.get() - 1
    }
}

/// One cell's contents, as stored: three bytes, all zero for an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Sq {
    /// The piece's type; in an empty cell 0, which means nothing there: read it only where the
    /// cell is known to hold a piece, or after `owner`.
    pub kind: u8,
    /// The piece's owner; `None` for an empty cell.
    pub owner: Option<Owner>,
    /// The type the piece was before promoting, where its type does not imply it.
    pub origin: Option<Origin>,
}

impl Sq {
    pub const EMPTY: Sq = Sq {
        kind: 0,
        owner: None,
        origin: None,
    };

    #[inline]
    pub fn piece(self) -> Option<Piece> {
        self.owner.map(|o| Piece {
            kind: PieceId(self.kind),
            owner: o.player(),
            origin: self.origin.map(|k| PieceId(k.kind())),
        })
    }

    #[inline]
    pub fn of(p: Piece) -> Sq {
        Sq {
            kind: p.kind.0,
            owner: Some(Owner::of(p.owner)),
            origin: p.origin.map(Origin::of),
        }
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
    /// The FEN's en-passant field named the cell of the piece that can be taken too.
    pub ep_victim_listed: bool,
    /// Under Chess960 notation, castling rights written `KQkq` (X-FEN) rather than as files.
    pub castling_kq: bool,
}

/// The move that led to a position, as rules that look back at the moves played see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Last {
    pub from: u16,
    pub to: u16,
    /// A piece went from `from` to `to` and did nothing else (no drop, promotion, castling or
    /// en passant); a pass; the move took something.
    pub plain: bool,
    pub pass: bool,
    pub capture: bool,
}

impl Last {
    /// Whether this move takes a piece straight back along `other`.
    pub fn reverses(self, other: Last) -> bool {
        self.plain && other.plain && self.from == other.to && self.to == other.from
    }
}

/// What a move changes besides the pieces and hands, and what taking it back restores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State<B> {
    pub side: PlayerId,
    /// Players out of the game, a bit each.
    pub eliminated: u8,
    /// Cells of castling partners that keep their right.
    pub castling: B,
    /// Cells a piece passed with a move that can be taken en passant, and where it stands.
    pub ep_cells: B,
    pub ep_victim: Option<Cell>,
    /// Cells of dropped pieces that promote at the end of their next move.
    pub pending: B,
    /// The last move was a check by a drop of a type that may not mate.
    pub drop_check: bool,
    /// The last move took a piece of the counter-strike types with a piece of another type
    /// ([`crate::rules::MoveRule::Counterstrike`]; kept only where that rule is).
    pub struck: bool,
    /// Passes made in a row up to now.
    pub passes: u8,
    /// The player to move's royal faces an enemy royal; and so did the previous mover's.
    pub facing: bool,
    pub facing_before: bool,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Per player: checks it must still give to win (`N checks win`).
    pub checks: [u8; 4],
    /// The counting rule's limit in plies (0: no count running) and the plies counted so far.
    pub count_limit: u16,
    pub count_ply: u16,
    /// The Zobrist key of the position.
    pub key: u64,
    /// The move that led here (kept only where a rule looks back at moves; none at the start).
    pub last: Option<Last>,
    /// Whether the player to move is in check, and whether by a piece of a type a mate needs a
    /// check by (`mate_needs_check_by`), recorded when a move is played from the position where
    /// a history rule needs it (perpetual check, back and forth, a mate that needs a check by
    /// some type); `None` until then.
    pub check: Option<(bool, bool)>,
    /// How the position repeats, recorded when the move that led to it was played; `None`
    /// until then.
    pub repeats: Option<Repeats>,
}

/// A change to take back: a cell's old contents, or a hand count's old value.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Change {
    Cell(u16, Sq),
    Hand(u16, u8),
    /// A wall was put on an empty cell.
    Wall(u16),
    /// A cell's gating right was given or lost.
    Gate(u16),
}

/// A game position, with the line of the moves made on it (`undo`).
#[derive(Clone, Debug)]
pub struct Pos<B> {
    pub(crate) sq: Vec<Sq>,
    pub(crate) by_kind: Vec<B>,
    pub(crate) by_owner: Vec<B>,
    pub(crate) occ: B,
    pub(crate) royals: B,
    /// Cells walled up during play (`pieces leave walls`): in `occ`, but no piece's.
    pub(crate) walls: B,
    /// Cells that hold a gating right (`gating in ZONE`), whoever's piece stands there.
    pub(crate) gates: B,
    /// `hands[player * kinds + kind]`.
    pub(crate) hands: Vec<u8>,
    pub(crate) kinds: usize,
    pub(crate) st: State<B>,
    pub(crate) style: FenStyle,
    /// Per move made: the state before it and where its changes start in `log`.
    pub(crate) undo: Vec<(State<B>, u32, FenStyle)>,
    pub(crate) log: Vec<Change>,
    /// The line below a search's root, indexed by position (`None` elsewhere).
    pub(crate) past: Option<std::sync::Arc<Past>>,
}

impl<B: Bits> Pos<B> {
    pub(crate) fn empty(cells: usize, kinds: usize, players: usize) -> Pos<B> {
        Pos {
            sq: vec![Sq::EMPTY; cells],
            by_kind: vec![B::EMPTY; kinds],
            by_owner: vec![B::EMPTY; players],
            occ: B::EMPTY,
            royals: B::EMPTY,
            walls: B::EMPTY,
            gates: B::EMPTY,
            hands: vec![0; kinds * players],
            kinds,
            st: State {
                side: PlayerId(0),
                eliminated: 0,
                castling: B::EMPTY,
                ep_cells: B::EMPTY,
                ep_victim: None,
                pending: B::EMPTY,
                drop_check: false,
                struck: false,
                passes: 0,
                facing: false,
                facing_before: false,
                halfmove: 0,
                fullmove: 1,
                checks: [0; 4],
                count_limit: 0,
                count_ply: 0,
                key: 0,
                last: None,
                check: None,
                repeats: None,
            },
            style: FenStyle::default(),
            undo: Vec::new(),
            log: Vec::new(),
            past: None,
        }
    }

    /// Gets the piece on a cell.
    #[inline]
    pub fn piece(&self, c: usize) -> Option<Piece> {
        self.sq.get(c).and_then(|s| s.piece())
    }

    #[inline]
    pub(crate) fn is_empty(&self, c: usize) -> bool {
        !self.occ.has(c)
    }

    /// Gets the pieces of one type and owner.
    #[inline]
    pub(crate) fn of(&self, kind: u8, owner: PlayerId) -> B {
        self.by_kind[kind as usize] & self.by_owner[owner.index()]
    }

    #[inline]
    pub(crate) fn hand(&self, player: PlayerId, kind: u8) -> u8 {
        self.hands[player.index() * self.kinds + kind as usize]
    }

    /// Sets a cell without logging or keys: the bitboards follow the contents.
    #[inline]
    pub(crate) fn raw_set(&mut self, c: usize, new: Sq, royal_kinds: KindSet<B>) {
        let old = self.sq[c];
        let bit = B::cell(c);
        if let Some(o) = old.owner {
            self.by_kind[old.kind as usize] ^= bit;
            self.by_owner[o.index()] ^= bit;
            self.occ ^= bit;
            self.royals &= !bit;
        }
        if let Some(o) = new.owner {
            self.by_kind[new.kind as usize] |= bit;
            self.by_owner[o.index()] |= bit;
            self.occ |= bit;
            if royal_kinds.has(new.kind) {
                self.royals |= bit;
            }
        }
        self.sq[c] = new;
    }

    /// Takes back the last move made.
    pub(crate) fn unmake(&mut self, royal_kinds: KindSet<B>) {
        let Some((st, start, style)) = self.undo.pop() else {
            return;
        };
        while self.log.len() > start as usize {
            match self.log.pop() {
                Some(Change::Cell(c, old)) => self.raw_set(c as usize, old, royal_kinds),
                Some(Change::Hand(i, n)) => self.hands[i as usize] = n,
                Some(Change::Gate(c)) => self.gates ^= B::cell(c as usize),
                Some(Change::Wall(c)) => {
                    let bit = B::cell(c as usize);
                    self.walls ^= bit;
                    self.occ ^= bit;
                }
                None => break,
            }
        }
        self.st = st;
        self.style = style;
        // An index of the line is kept only while the states it covers are.
        if self
            .past
            .as_ref()
            .is_some_and(|p| self.undo.len() < p.plies)
        {
            self.past = None;
        }
    }

    /// Tells whether a cell has been walled up during play (`pieces leave walls`).
    pub fn is_wall(&self, c: usize) -> bool {
        c < self.sq.len() && self.walls.has(c)
    }

    /// Gets the player to move.
    pub fn side_to_move(&self) -> PlayerId {
        self.st.side
    }

    /// Tells whether a player has been eliminated.
    pub fn is_eliminated(&self, player: PlayerId) -> bool {
        player.0 < 8 && self.st.eliminated & (1 << player.0) != 0
    }

    /// Gets how many pieces of a type a player holds in hand.
    pub fn in_hand(&self, player: PlayerId, kind: PieceId) -> u8 {
        if player.index() < self.by_owner.len() && kind.index() < self.kinds {
            self.hand(player, kind.0)
        } else {
            0
        }
    }

    /// Gets the number of moves made on the position since it was set up.
    pub fn moves_made(&self) -> usize {
        self.undo.len()
    }

    /// A copy of the position without the moves that led to it: its legal moves do not depend
    /// on them (only its status does), and copying them would make every move parsed or listed
    /// cost time in proportion to the game's length, so that replaying a game took time
    /// quadratic in its length.
    pub(crate) fn without_history(&self) -> Pos<B> {
        Pos {
            sq: self.sq.clone(),
            by_kind: self.by_kind.clone(),
            by_owner: self.by_owner.clone(),
            occ: self.occ,
            royals: self.royals,
            walls: self.walls,
            gates: self.gates,
            hands: self.hands.clone(),
            kinds: self.kinds,
            st: self.st,
            style: self.style,
            undo: Vec::new(),
            log: Vec::new(),
            past: None,
        }
    }
}

/// What kind of move a [`RawMove`] is, with what it needs to be made or taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum MoveKind {
    /// A move or capture on its destination.
    Normal,
    /// A drop from hand; `from` is the destination too.
    Drop,
    /// A capture of the piece that just passed the destination.
    EnPassant,
    /// A stepping move over several cells that can be taken en passant on the cells it passes
    /// (`path` indexes the engine's table of paths).
    DoubleStep {
        /// The passed cells, in the engine's table of paths.
        path: u32,
    },
    /// Castling with the partner standing on `rook`.
    Castle {
        /// Where the partner stands.
        rook: Cell,
        /// Where the partner lands.
        rook_to: Cell,
    },
    /// A hopper's capture over `screen`.
    Hop {
        /// The piece hopped over.
        screen: Cell,
    },
    /// A multiple displacement: every enemy on the cells of `path` is captured too.
    Displace {
        /// The passed cells, in the engine's table of paths.
        path: u32,
    },
    /// A move in two legs ([`crate::rules::LegMove`]) that captures on `via`, the cell between
    /// them, or comes back to where it started (`to` is `from`): Chu Shogi's lion.
    Legs {
        /// The cell the first leg reaches.
        via: Cell,
        /// Whether the move captures the enemy there (else it passes the cell).
        capture: bool,
    },
    /// A move in three legs ([`crate::rules::LegChain`]) that captures on both cells between
    /// them: the Lion Dog's `f6f7,f7f8,f8f9`.
    ThreeLegs {
        /// The cells the first and second legs reach, in order.
        via: [Cell; 2],
    },
    /// A pickup ([`crate::rules::MoveRule::Pickup`]): the piece on `from` (and `to`) goes to its
    /// owner's hand.
    Pickup,
    /// A pass: nothing moves; `from` and `to` are the cell of the passing player's royal piece
    /// (written as that cell twice, as Fairy-Stockfish writes Janggi's pass), or, passing when
    /// stuck, of its first piece.
    Pass,
}

/// A move: plain data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct RawMove {
    /// Where the piece stands (for a drop, the destination).
    pub from: Cell,
    /// Where it goes.
    pub to: Cell,
    /// The type moved or dropped.
    pub piece: PieceId,
    /// The type it promotes to.
    pub promotion: Option<PieceId>,
    /// The promotion swaps the piece for that type from its owner's hand.
    pub swap: bool,
    /// What kind of move it is.
    pub kind: MoveKind,
    /// The move's second part, if it has one.
    pub then: Option<Then>,
}

/// A move's second part, made after its first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Then {
    /// A wall put on this empty cell (lifting the walls that stand, where walls move).
    Wall(Cell),
    /// A piece of this type from the mover's hand put on this cell, which the move left.
    Gate(PieceId, Cell),
}

impl RawMove {
    /// A plain move of a piece of type `piece` from one cell to another, promoting to nothing.
    pub(crate) fn normal(from: usize, to: usize, piece: u8) -> RawMove {
        RawMove {
            from: Cell(from as u16),
            to: Cell(to as u16),
            piece: PieceId(piece),
            promotion: None,
            swap: false,
            kind: MoveKind::Normal,
            then: None,
        }
    }
}

/// How a position repeats: the plies back to its last occurrence (0: none) and how often it has
/// occurred, this time included, since the last move that reset the half-move clock (unless
/// captures go to hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Repeats {
    pub back: u32,
    pub count: u32,
}

/// The shortest line a search indexes; a shorter one is scanned.
const INDEX_FROM: usize = 32;

/// The positions of a line up to a search's root: for each (key, player to move), the last ply
/// at which it stood. Built once per search, and dropped by the position when a move it covers
/// is taken back.
#[derive(Debug)]
pub(crate) struct Past {
    /// The states indexed: `undo[..plies]`.
    pub plies: usize,
    last: std::collections::HashMap<(u64, PlayerId), u32>,
}

impl Past {
    /// The last ply of the line indexed at which a position stood.
    pub fn at(&self, key: u64, side: PlayerId) -> Option<u32> {
        self.last.get(&(key, side)).copied()
    }
}

impl<B: Bits> Pos<B> {
    /// Indexes the line below this position for a search from it (see [`Past`]); a short line
    /// is left to be scanned.
    pub(crate) fn index_past(&mut self) {
        if self.undo.len() < INDEX_FROM {
            return;
        }
        let mut last = std::collections::HashMap::with_capacity(self.undo.len());
        for (i, (s, _, _)) in self.undo.iter().enumerate() {
            last.insert((s.key, s.side), i as u32);
        }
        self.past = Some(std::sync::Arc::new(Past {
            plies: self.undo.len(),
            last,
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_pieces_and_empty() {
        let promoted = Piece {
            kind: PieceId(63),
            owner: PlayerId(3),
            origin: Some(PieceId(0)),
        };
        let plain = Piece {
            kind: PieceId(0),
            owner: PlayerId(0),
            origin: None,
        };
        let mut pos = Pos::<u64>::empty(64, 64, 4);
        pos.raw_set(5, Sq::of(promoted), crate::engine::kinds::Kinds64::one(63));
        pos.raw_set(6, Sq::of(plain), crate::engine::kinds::Kinds64::one(63));
        assert_eq!(
            (pos.piece(5), pos.piece(6), pos.piece(7)),
            (Some(promoted), Some(plain), None)
        );
        assert_eq!(
            (pos.occ, pos.royals, pos.by_kind[63], pos.by_owner[3]),
            (0x60, 0x20, 0x20, 0x20)
        );
        pos.raw_set(5, Sq::EMPTY, crate::engine::kinds::Kinds64::one(63));
        assert_eq!(
            (pos.piece(5), pos.occ, pos.royals, pos.by_kind[63]),
            (None, 0x40, 0, 0)
        );
        assert_eq!(pos.piece(64), None);
    }
}
