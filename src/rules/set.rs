//! The rule set itself: board, players, zones, pieces, promotions, hands and the mechanics lists,
//! with the queries that read pieces and promotions.

use super::endings::Outcome;
use super::ids::{Cell, PieceId, ZoneId};
use super::mechanics::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The largest number of cells a board may have (16 x 16).
pub const MAX_CELLS: usize = 256;
/// The largest number of players.
pub const MAX_PLAYERS: usize = 4;
/// The largest number of piece types in one game.
pub const MAX_PIECES: usize = 128;
/// The largest number of zones in one game.
pub const MAX_ZONES: usize = 255;

/// A complete, resolved game: one variant of one definition file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// The rule-set format ([`FORMAT`]); a rule set of another format is refused.
    pub format: u32,
    /// The game's identifier (`game NAME`).
    pub game: String,
    /// The selected variant's name.
    pub variant: String,
    /// A human-readable title, if the definition gives one.
    pub title: Option<String>,
    /// XBoard's built-in variant the game is (`xboard variant NAME`: `chu`), whose board, pieces
    /// and rules XBoard knows: XBoard and its engines are told this name and no `setup`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xboard_variant: Option<String>,
    /// The board: its size and holes.
    pub board: Board,
    /// Players in turn order.
    pub players: Vec<Player>,
    /// Named regions, resolved to cells for each player.
    pub zones: Vec<Zone>,
    /// Piece types; a piece type's index is its [`PieceId`].
    pub pieces: Vec<PieceType>,
    /// The start position as a FEN.
    pub setup: String,
    /// Captured pieces go to the captor's hand, from where they may be dropped.
    pub captures_to_hand: bool,
    /// Players have hands even where captures do not go there: pieces the set-up or a FEN puts
    /// in hand may be dropped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hands: bool,
    /// Captured pieces go to a partner playing on another board (bughouse): here they leave the
    /// game, the hands are filled from outside, and a promoted piece keeps its origin (it goes
    /// over as the type it promoted from).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub captures_to_partner: bool,
    /// The order in which a FEN lists the pieces in hand (types not named follow in the order of
    /// their definitions); empty: the order of definition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand_order: Vec<PieceId>,
    /// A captured promoted piece goes to hand as the type it stands as (no origin is kept).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub promoted_keep_type_in_hand: bool,
    /// Castling rules, each a king type with a partner type; none if the game has no castling.
    #[serde(default)]
    pub castling: Vec<Castling>,
    /// Castling is written as the king taking its partner (`e1h1`) and castling rights as the
    /// partners' file letters (Shredder-FEN), as Fairy-Stockfish writes Chess960.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub castling_chess960: bool,
    /// A set-up shuffled from a seed (Chess960 and the like); the setup FEN otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shuffle: Option<Shuffle>,
    /// Groups of types that are interchangeable in hand: a captured piece of any of them goes to
    /// hand as the group's first type and may be dropped as any of them.
    pub interchangeable: Vec<Vec<PieceId>>,
    /// A piece exchanged for a captive (a swap promotion) goes to its owner's hand; otherwise it
    /// leaves the game.
    pub swapped_to_hand: bool,
    /// Zones whose cells of different players no single leap or step may join.
    pub separated: Vec<ZoneId>,
    /// What checkmate means for the player who is mated.
    pub checkmate: Outcome,
    /// What stalemate means for the player who cannot move.
    pub stalemate: Outcome,
    /// Which of a player's several royal pieces must stay safe.
    #[serde(default)]
    pub royalty: Royalty,
    /// Restrictions and freedoms of moves on the board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveRule>,
    /// Where drops may land, beyond each type's own drop rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drops: Vec<DropRule>,
    /// What moves do beyond moving, taking and promoting.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// Rules that remove moves from the legal ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub filters: Vec<Filter>,
    /// Rules that end the game besides checkmate and stalemate.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub endings: Vec<EndingRule>,
    /// Rules on what an end means for whom.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub verdicts: Vec<Verdict>,
}

/// Which of a player's royal pieces are royal when it has several.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Royalty {
    /// Each must stay safe: a move may not leave any of them attacked.
    #[default]
    Each,
    /// Only all of them together: a move may not leave every one of them attacked; one left
    /// attacked may be captured.
    All,
    /// Only a lone royal piece is royal; while a player has several, none is.
    Alone,
    /// Only one royal piece is royal: the first of its owner's in this order of their cells
    /// (Two Kings chess: the king on the lowest file, on one file the lowest).
    First(RoyalOrder),
}

/// An order of cells that decides which of a player's royal pieces is royal: by one key, ties
/// broken by the other; the two keys order the two axes, so no two cells tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoyalOrder {
    /// The first key.
    pub by: RoyalKey,
    /// The key that breaks ties of the first.
    pub then: RoyalKey,
}

/// A key of a [`RoyalOrder`]: which cells come first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RoyalKey {
    /// The lowest file (a) first.
    LowestFile,
    /// The highest file first.
    HighestFile,
    /// The lowest rank (1) first.
    LowestRank,
    /// The highest rank first.
    HighestRank,
    /// The cells nearest the owner's own side first (the lowest rank for a player facing
    /// north, the highest for one facing south).
    Rearmost,
    /// The cells farthest from the owner's own side first.
    Foremost,
}

impl RoyalKey {
    /// The key's axis for a player facing `forward` (0 files, 1 ranks) and whether higher
    /// coordinates come first.
    pub fn axis(self, forward: Direction) -> (usize, bool) {
        let along = match forward {
            Direction::North | Direction::South => 1,
            Direction::East | Direction::West => 0,
        };
        let high_is_forward = matches!(forward, Direction::North | Direction::East);
        match self {
            RoyalKey::LowestFile => (0, false),
            RoyalKey::HighestFile => (0, true),
            RoyalKey::LowestRank => (1, false),
            RoyalKey::HighestRank => (1, true),
            RoyalKey::Rearmost => (along, !high_is_forward),
            RoyalKey::Foremost => (along, high_is_forward),
        }
    }
}

/// The shape of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Files (columns), 1..16.
    pub files: u8,
    /// Ranks (rows), 1..16.
    pub ranks: u8,
    /// Cells that are not part of the board (holes), sorted.
    pub holes: Vec<Cell>,
}

impl Board {
    /// Gets the number of cells in the bounding rectangle.
    pub fn cells(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Gets the cell at a file and rank, if it lies on the board.
    pub fn cell(&self, file: i32, rank: i32) -> Option<Cell> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        let c = Cell((file + rank * self.files as i32) as u16);
        if self.holes.binary_search(&c).is_ok() {
            None
        } else {
            Some(c)
        }
    }

    /// Gets the file and rank of a cell.
    pub fn coords(&self, cell: Cell) -> (i32, i32) {
        (
            cell.0 as i32 % self.files as i32,
            cell.0 as i32 / self.files as i32,
        )
    }
}

/// The four directions a player may face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Towards higher ranks.
    North,
    /// Towards lower ranks.
    South,
    /// Towards higher files.
    East,
    /// Towards lower files.
    West,
}

impl Direction {
    /// Turns a vector given in the player's own frame (x to its right, y forward) into board
    /// coordinates (x towards higher files, y towards higher ranks).
    pub fn orient(self, x: i32, y: i32) -> (i32, i32) {
        match self {
            Direction::North => (x, y),
            Direction::South => (-x, -y),
            Direction::East => (y, -x),
            Direction::West => (-y, x),
        }
    }
}

/// A player and the direction its pieces call forward.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Its name (`white`); with more than two players its first letter tags its pieces in FEN.
    pub name: String,
    /// The direction its pieces call forward.
    pub forward: Direction,
}

/// A named region, resolved to cells for each player (mirrored by the player's orientation unless
/// the definition gave that player's cells explicitly).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    /// Its name.
    pub name: String,
    /// `cells[player]`: the zone's cells as seen by that player, sorted.
    pub cells: Vec<Vec<Cell>>,
}

/// Castling: the `king` moves towards an unmoved `rook` on its rank and the rook lands beside it,
/// on the side the king came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Castling {
    /// The type that castles as the king.
    pub king: PieceId,
    /// The partner type.
    pub rook: PieceId,
    /// The files (0 = `a`) the king lands on when castling towards higher files and towards
    /// lower files, wherever king and partner start (as in Chess960); `None`: the king moves two
    /// cells and the partner lands on the cell it passed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_to: Option<(u8, u8)>,
    /// Free castling: the files (0 = `a`, sorted) the king may land on, any of those strictly
    /// between it and its partner, the partner beside it on the side it came from (as Sjaak II
    /// plays Schoolbook chess); empty: one landing, as `king_to` says.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub landings: Vec<u8>,
    /// With `landings`: a royal king's cells up to its farthest landing towards the partner must
    /// all be unattacked, wherever it lands (as Sjaak II plays free castling).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub all_unattacked: bool,
    /// The file (0 = `a`) a king must stand on to castle (Two Kings chess: only the king on
    /// the e-file castles); `None`: any king of the type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_file: Option<u8>,
    /// How many cells the king moves towards its partner, which lands beside it on the side it
    /// came from, wherever the king starts (Elven chess: 3, from f1 and e10); `None`: two, or as
    /// `king_to` or `landings` say. Since format 24.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_steps: Option<u8>,
}

/// A shuffled set-up: the contents of the first player's `cells` are permuted (the same
/// permutation moves the second player's pieces on the mirrored cells) until every rule holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shuffle {
    /// The first player's cells whose contents are shuffled.
    pub cells: Vec<Cell>,
    /// Groups of types whose pieces (on the shuffled cells) must stand on both colours.
    #[serde(default)]
    pub both_colours: Vec<Vec<PieceId>>,
    /// Pairs (a, b): every piece of type a has a piece of type b on a lower and on a higher file.
    #[serde(default)]
    pub between: Vec<(PieceId, PieceId)>,
}

/// A piece type: its name, symbol, value, moves and rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceType {
    /// Its name (`Knight`).
    pub name: String,
    /// The FEN symbol as the first player writes it (`P`, `+P`, or dressed: `P'`, `+C!`); other
    /// players use lower case.
    pub symbol: String,
    /// Its value, for swaps by strength and for evaluation.
    pub value: i32,
    /// Losing every royal piece (by checkmate) loses the game; a move may not leave one attacked.
    pub royal: bool,
    /// Its move parts.
    pub moves: Vec<MovePart>,
    /// Its moves in two legs (XBetza's `a`: the Chu Shogi lion's double capture and igui).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leg_moves: Vec<LegMove>,
    /// Its moves in three legs (XBetza's `a` twice: the Lion Dog's `mcpafmcpavK`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leg_chains: Vec<LegChain>,
    /// The piece may never leave this zone.
    pub confined_to: Option<ZoneId>,
    /// The piece may never enter this zone.
    pub barred_from: Option<ZoneId>,
    /// Its promotions, the first that fires on a move applying.
    pub promotions: Vec<Promotion>,
    /// Where and how often it may be dropped or arrive by promotion.
    pub drops: DropRules,
    /// Its stepping moves over several cells can be taken en passant.
    pub can_be_taken_en_passant: bool,
    /// It may capture a piece that just passed one of its capture cells.
    pub takes_en_passant: bool,
    /// After its move that can be taken en passant, a FEN's en-passant field lists every passed
    /// cell and the cell it landed on, whether or not a piece could take (Fairy-Stockfish's form
    /// for pieces other than its own pawn); otherwise only the passed cells where a piece could.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ep_field_full: bool,
    /// A captured piece returning to hand as this type leaves the game instead.
    pub removed_when_captured: bool,
    /// Its hop captures promote the friendly screen (by the screen's first promotion).
    pub promotes_friendly_screens: bool,
    /// Its hop captures demote a promoted enemy screen, unless the demoted piece could not move.
    pub demotes_enemy_screens: bool,
    /// It takes en passant only onto cells of this zone (its owner's cells).
    #[serde(default)]
    pub en_passant_zone: Option<ZoneId>,
    /// A move of it that it could not take back (on an empty board) resets the move-limit clock.
    #[serde(default)]
    pub resets_clock: bool,
    /// A checkmate given only by pieces of this type is a win for the mated player.
    #[serde(default)]
    pub may_not_mate_alone: bool,
    /// Its first-move right (Betza `i`) is lost when a piece of one of these types moves to a
    /// cell from which it could capture it on an empty board (Cambodian chess: a king a rook
    /// aims at, even through pieces).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub first_moves_lost_to: Vec<PieceId>,
    /// Its hops may not use a piece of these types as the screen (the Janggi cannon).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub may_not_hop_over: Vec<PieceId>,
    /// It may not capture pieces of these types.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub may_not_capture: Vec<PieceId>,
    /// Captures it may not make under conditions (Chu Shogi's Lion on a protected Lion).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capture_limits: Vec<CaptureLimit>,
    /// Until its owner has captured (an opponent has fewer pieces on the board than the set-up
    /// gives it), it may make only those of its moves that these leaps make too, with the same
    /// displacement and a mode that allows it; it attacks with all its moves throughout
    /// (Simplified Gryphon's kings, which move only forward until then). Since format 22.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves_until_capture: Vec<MovePart>,
    /// Its rank for `range_captures` (0 for most pieces). Since format 26.
    #[serde(default, skip_serializing_if = "super::queries::is_zero")]
    pub rank: u8,
    /// Captures over lower ranks (Tenjiku Shogi's jumping generals): see
    /// [`PieceType::range_capture_rides`]. Since format 26.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub range_captures: bool,
}

/// A capture a piece may not make under conditions (`may not capture [protected] TYPE... [from
/// afar] [, unless protected only by TYPE...] [, unless also capturing other than TYPE...]`):
/// the capture of a piece of one of `pieces` on the cell where the move ends, when every
/// condition holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptureLimit {
    /// The types.
    pub pieces: Vec<PieceId>,
    /// Only when the captured piece's owner attacks the cell after the move (it could take
    /// back there).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub protected: bool,
    /// With `protected`: protection by pieces of these types alone does not count (Mighty-Lion
    /// Chess's King); empty: any piece protects. Since format 14.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unless_protected_only_by: Vec<PieceId>,
    /// Only when the move starts on a cell that is not a king's step from the captured piece.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub from_afar: bool,
    /// The capture is allowed when the move also takes a piece of a type not listed here; empty:
    /// never.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unless_also: Vec<PieceId>,
}

/// What a move part may do at its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Moves or captures.
    Both,
    /// Only moves to an empty cell.
    Move,
    /// Only captures.
    Capture,
}

impl Mode {
    /// Tells whether a part of this mode may end on an empty cell.
    pub fn moves(self) -> bool {
        self != Mode::Capture
    }
    /// Tells whether a part of this mode may capture.
    pub fn captures(self) -> bool {
        self != Mode::Move
    }
}

/// How a multi-cell move treats the cells it passes over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// Jumps: the cells in between do not matter.
    Leap,
    /// Steps: every cell in between must be empty.
    Step,
    /// Multiple displacement: a friend in between blocks; every enemy in between is captured.
    Displace,
}

/// One atom of a piece's move set, with every direction spelled out in the owner's frame
/// (x towards the owner's right, y forward).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovePart {
    /// The vectors of one leap, already filtered by direction modifiers.
    pub vectors: Vec<(i8, i8)>,
    /// How many leaps in a straight line: 1 for a leaper, 0 for an unlimited rider.
    pub range: u8,
    /// How the cells passed matter.
    pub style: Style,
    /// What it may do at its destination.
    pub mode: Mode,
    /// Hopper: the move passes exactly one occupied cell (the screen) before it may land.
    pub hop: bool,
    /// With `hop`: the piece lands on the cell just beyond the screen, and only there (the
    /// grasshopper, Betza `g`); otherwise anywhere beyond it (the cannon, Betza `p`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lands_behind_screen: bool,
    /// The part is usable only from cells of this zone.
    pub from_zone: Option<ZoneId>,
    /// With `from_zone`: the part also passes and lands only on the zone's cells (`within`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub within: bool,
    /// Betza `i`: only a piece that keeps its first-move right (it has not moved; FEN: its file
    /// letter in the castling field) may make it; a royal piece not while in check.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub initial: bool,
    /// `after its first move`, the opposite of `i`: only a piece that has lost its first-move
    /// right (it has moved, or never had one) may make it. Since format 23.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_first: bool,
    /// Cells (in the owner's frame, relative to the start) that must be empty for each vector, in
    /// the order of `vectors`; empty when the style decides.
    pub paths: Vec<Vec<(i8, i8)>>,
    /// A ride that skips its first cell, whatever stands there, then rides on from the second
    /// (Betza `j` on a rider of one-cell steps, as XBoard reads it: the Heavenly Tetrarchs'
    /// `jQ`); `range` counts the skipped cell. Since format 27.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skips_first: bool,
}

/// A move in two legs (XBetza's `a`, as the Interactive Diagram and XBoard read it): a first
/// leap to a cell that must hold what [`LegMove::first`] says, then a second leap from there,
/// which may end where the move started (Chu Shogi's lion capturing without moving, `caK`, or
/// passing, `mabK`). Vectors are in the owner's frame (x towards the owner's right, y forward).
///
/// With a [`LegMove::range`] other than 1 the first leg rides: its leap repeated over empty
/// cells, stopping on any cell it reaches as [`LegMove::first`] allows and at the latest on the
/// first piece in its way; the second leg then comes straight back to the start, each second
/// vector being the first one reversed (a rifle capture, `cabR`: the rider shoots the first
/// enemy in its line and stays where it is).
///
/// With a [`LegMove::second_range`] other than 1 the second leg rides too, from an empty cell
/// where the first stopped, over empty cells to an empty cell or the first piece in its way (a
/// hook move, `masR`: Tai Shogi's Hook Mover, a rook's ride that may turn once by 90 degrees;
/// `masB` the Capricorn's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegMove {
    /// Each first leap, with the second leaps that may follow it.
    pub legs: Vec<Legs>,
    /// What the cell the first leg reaches may hold.
    pub first: LegStop,
    /// What the move may do where it ends.
    pub mode: Mode,
    /// How many leaps the first leg may make in a straight line: 1 a single leap, 0 no limit.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub range: u8,
    /// How many leaps the second leg may make in a straight line: 1 a single leap (or the way
    /// back of a first leg that rides), 0 no limit.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub second_range: u8,
}

fn one() -> u8 {
    1
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

impl LegMove {
    /// Whether every second leg comes back to where the move started (a capture without
    /// moving, a pass): such a move never changes the piece's cell, so it never promotes.
    pub fn comes_back(&self) -> bool {
        self.second_range == 1
            && (self.range != 1 || self.legs.iter().all(|&((x, y), ref s)| s[..] == [(-x, -y)]))
    }
}

/// A move in three legs (XBetza's `a` twice, as the Interactive Diagram reads it), each leg a
/// single leap: the cells the first and second legs reach must hold what [`LegChain::stops`]
/// say (a piece captured there is gone for the legs after), the move ends as [`LegChain::mode`]
/// says (the start, or a cell emptied on the way, counting as empty). The Lion Dog's
/// `mcpafmcpavK`: three king's steps on one line, capturing or jumping on the way, or two and
/// one back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegChain {
    /// Every way the legs may go: a leap per leg, in the owner's frame.
    pub paths: Vec<Vec<(i8, i8)>>,
    /// What the cell each leg but the last reaches may hold.
    pub stops: Vec<LegStop>,
    /// What the move may do where it ends.
    pub mode: Mode,
}

/// A first leap (owner's frame) and the second leaps that may follow it.
pub type Legs = ((i8, i8), Vec<(i8, i8)>);

/// What the cell between a move's two legs may hold, and what happens to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegStop {
    /// It may be empty (Betza `m`).
    pub empty: bool,
    /// It may hold an enemy, which the move captures (`c`).
    pub capture: bool,
    /// It may hold any piece, which the move passes over (`p`).
    pub hop: bool,
}

/// When a move triggers a promotion zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// The move ends in the zone, having started outside it.
    Entering,
    /// The move ends in the zone.
    EndingIn,
    /// The move starts or ends in the zone.
    StartingOrEndingIn,
    /// The move starts in the zone and ends outside it.
    Leaving,
    /// The move captures and ends in the zone.
    CapturingIn,
    /// The move captures and starts or ends in the zone (Chu Shogi as HaChu plays it).
    CapturingFromOrIn,
}

/// Whether a promotion must be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Obligation {
    /// The piece may choose not to promote.
    Optional,
    /// The piece must promote.
    Compulsory,
    /// Optional, except when the unpromoted piece could never move again from its destination.
    CompulsoryWhenStuck,
}

/// A promotion rule of a piece type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Promotion {
    /// Swap: the piece may become any type in its owner's hand worth more than it, taking that
    /// piece from hand; `to` then lists the types to use only when no such captive is held.
    pub swap: bool,
    /// The zone that triggers it.
    pub zone: ZoneId,
    /// How a move triggers it.
    pub trigger: Trigger,
    /// Whether it must be taken.
    pub obligation: Obligation,
    /// The types it may become, in the order the definition lists them.
    pub to: Vec<PieceId>,
    /// A piece dropped in this zone promotes by this rule at the end of its next move.
    pub deferred_after_drop_in: Option<ZoneId>,
}

/// Where and how often a type may be dropped or arrive on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DropRules {
    /// Drops only into this zone.
    pub zone: Option<ZoneId>,
    /// At most this many pieces of this type and owner on one file after a drop or promotion.
    pub max_per_file: Option<u8>,
    /// At most this many pieces of this type and owner on cells of one colour after a drop or
    /// promotion (colour: file + rank even or odd).
    pub max_per_colour: Option<u8>,
    /// A drop of this type may not checkmate.
    pub may_not_mate: bool,
    /// At most this many pieces of this type and owner on the board after a drop or promotion.
    #[serde(default)]
    pub max_on_board: Option<u8>,
    /// Drops keep this type on both colours: no drop puts more than half of the owner's pieces
    /// of it (on the board and in hand, rounded up) on one colour, and a drop of another type
    /// leaves free cells where it may be dropped for half of them (rounded down) on each colour.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub on_both_colours: bool,
}

impl RuleSet {
    /// Tells whether players hold hands: captures go there, or the rules give them hands.
    pub fn has_hands(&self) -> bool {
        self.captures_to_hand || self.hands || self.captures_to_partner
    }

    /// Finds a piece type by its first player's symbol.
    pub fn piece_by_symbol(&self, symbol: &str) -> Option<PieceId> {
        self.pieces
            .iter()
            .position(|p| p.symbol == symbol)
            .map(|i| PieceId(i as u8))
    }

    /// Gets the type a captured piece of type `id` reverts to when it has no recorded origin:
    /// the only type that promotes to it, or itself.
    ///
    /// A promoted form is marked by its symbol (`+P`); an ordinary type that others promote to
    /// (a chess Queen) is its own base unless the position records otherwise. A promoted form
    /// reached by several promotions (a Point that crossed the River, then reached the Fortress)
    /// has the base every way to it starts from, if there is just one.
    pub fn base_of(&self, id: PieceId) -> PieceId {
        self.roots()
            .get(id.index())
            .copied()
            .flatten()
            .unwrap_or(id)
    }

    /// Gets, for each type, the type every chain of promotions to it starts from: itself for a
    /// type not written `+X`; for a `+X` type, the one type where every chain of promotions
    /// leading to it (through other `+X` types) starts, none where chains start from several
    /// types or only come round in a cycle. A `+X` type nothing promotes to is its own root.
    pub fn roots(&self) -> Vec<Option<PieceId>> {
        let n = self.pieces.len();
        let mut promoters: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, p) in self.pieces.iter().enumerate() {
            for t in p.promotions.iter().flat_map(|pr| &pr.to) {
                let t = t.index();
                if t < n && t != i && !promoters[t].contains(&i) {
                    promoters[t].push(i);
                }
            }
        }
        let promoted = |i: usize| self.pieces[i].symbol.starts_with('+');
        (0..n)
            .map(|id| {
                // Walk back from `id` through `+X` types, each once; the starts are the types
                // reached that are not `+X` or that nothing promotes to.
                let mut seen = vec![false; n];
                let mut todo = vec![id];
                let mut start = None;
                seen[id] = true;
                while let Some(i) = todo.pop() {
                    if !promoted(i) || promoters[i].is_empty() {
                        if start.is_some_and(|s| s != i) {
                            return None;
                        }
                        start = Some(i);
                        continue;
                    }
                    for &j in &promoters[i] {
                        if !seen[j] {
                            seen[j] = true;
                            todo.push(j);
                        }
                    }
                }
                start.map(|s| PieceId(s as u8))
            })
            .collect()
    }

    /// Gets the type under which a piece of type `id`, with no recorded origin, is held in hand:
    /// its base, or the first type of the base's interchangeable group.
    pub fn hand_type(&self, id: PieceId) -> PieceId {
        self.hand_slot(self.base_of(id))
    }

    /// Gets the hand slot of a type: the first type of its interchangeable group, or itself.
    pub fn hand_slot(&self, id: PieceId) -> PieceId {
        self.interchangeable
            .iter()
            .find(|g| g.contains(&id))
            .map_or(id, |g| g[0])
    }
}

/// Recognises the chess pawn's moves, `mfW cfF`, maybe `mfnD` from a zone, and gives the zone of
/// its double step, if it has one: Fairy-Stockfish's built-in pawn with a double-step region
/// (its FSF export).
pub fn chess_pawn(moves: &[MovePart]) -> Option<Option<ZoneId>> {
    match pawn_moves(moves)? {
        Some(None) => None,
        double => Some(double.flatten()),
    }
}

/// Tells whether a type moves as the chess pawn, `mfW cfF`, maybe with a double step `mfnD`
/// from a zone or from anywhere (Torpedo chess): the type Fairy-Stockfish takes as its pawn,
/// written without a letter in SAN.
pub fn moves_as_chess_pawn(moves: &[MovePart]) -> bool {
    pawn_moves(moves).is_some()
}

/// The chess pawn's moves: `Some(double step)`, where the double step is `Some(zone it starts
/// from)`, `None` inside it meaning from anywhere.
fn pawn_moves(moves: &[MovePart]) -> Option<Option<Option<ZoneId>>> {
    let plain = |m: &MovePart, mode: Mode, mut v: Vec<(i8, i8)>| {
        let mut got = m.vectors.clone();
        got.sort();
        v.sort();
        m.range == 1
            && m.mode == mode
            && !m.hop
            && m.from_zone.is_none()
            && m.style != Style::Displace
            && got == v
            && m.paths.iter().all(|p| p.is_empty())
    };
    let mut push = false;
    let mut capture = false;
    let mut double = None;
    for m in moves {
        if plain(m, Mode::Move, vec![(0, 1)]) && !push {
            push = true;
        } else if plain(m, Mode::Capture, vec![(1, 1), (-1, 1)]) && !capture {
            capture = true;
        } else if m.vectors == [(0, 2)]
            && m.range == 1
            && m.mode == Mode::Move
            && !m.hop
            && double.is_none()
            && (m.style == Style::Step && m.paths.iter().all(|p| p.is_empty())
                || m.paths == [vec![(0, 1)]])
        {
            double = Some(m.from_zone);
        } else {
            return None;
        }
    }
    (push && capture).then_some(double)
}
