//! A game's mechanics as data: each rule beyond pieces, board and hands is one entry of a typed
//! list, grouped by the phase of play it acts in. A game with two mechanics of one phase (blasts
//! and flipping neighbours) has two entries; a game with none has empty lists. The engine
//! compiles every list into its plan once (`engine/plan.rs`) and tests each phase once.
//!
//! Whatever the order of a list, the engine applies its entries in one fixed order, the order
//! of each enum's arms below (Fairy-Stockfish's where it has one); lowering writes them in it.

use super::endings::{BackAndForth, Counting, Extinction, Goal, Outcome, Repetition, ValueDraws};
use super::ids::{PieceId, PlayerId, ZoneId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use strum::{EnumDiscriminants, IntoStaticStr};

/// The rule-set format this build writes (`RuleSet::format`). Format 1 was the flat shape of one
/// field per rule, before the mechanics became lists; it is refused. Format 3 added the row
/// ending ([`EndingRule::Row`]) and falling drops ([`DropRule::Fall`]), format 4 capturers that
/// change sides and turn into walls ([`Effect::CapturerTurns`], [`Effect::Petrify`]), format 5
/// walls and pieces from hand placed as a move's second part ([`MoveRule::Wall`],
/// [`MoveRule::Gate`]), format 6 the promotion limit of a promotion in place
/// ([`MoveRule::PromoteInPlace`]'s `limit`) and [`EndingRule::OnlyPromotions`], format 7 moves in
/// two legs ([`crate::rules::LegMove`], a piece's `leg_moves`), [`Filter::ChecksOnlyMate`] and
/// [`Filter::NoMatingDrops`], Snort's drops and Quadwrangle's flips ([`DropRule::AvoidEnemy`],
/// [`Effect::FlipNeighboursOfTouching`]), format 8 a first leg that rides
/// ([`crate::rules::LegMove`]'s `range`, Rifle chess), format 9 pickups ([`MoveRule::Pickup`],
/// Twilight chess), format 10 free castling ([`crate::rules::Castling`]'s `landings` and
/// `all_unattacked`, Schoolbook chess), format 11 promotion on a capture from or in the zone
/// ([`crate::rules::Trigger::CapturingFromOrIn`], Chu Shogi as HaChu plays it), format 12 Chu
/// Shogi's lion-trading rules ([`crate::rules::CaptureLimit`], a piece's `capture_limits`, and
/// [`MoveRule::Counterstrike`]), format 13
/// pieces frozen while a promotion of theirs is at its types' limits ([`Filter::FrozenAtLimit`],
/// Gryphon chess), format 14 protection that pieces of some types alone do not give
/// ([`crate::rules::CaptureLimit`]'s `unless_protected_only_by`, Mighty-Lion Chess's King), format
/// 15 the XBoard variant a game is ([`crate::rules::RuleSet`]'s `xboard_variant`, Chu Shogi's
/// `chu`), format 16 symbols dressed with `'` or `!` ([`crate::rules::PieceType`]'s `symbol`,
/// `N'`, for more than 52 types), format 17 royalty by position
/// ([`crate::rules::Royalty::First`]) and the file a castling king starts from
/// ([`crate::rules::Castling`]'s `from_file`), Two Kings chess, format 18 a second leg that
/// rides ([`crate::rules::LegMove`]'s `second_range`, hook moves), format 19 contagion
/// ([`Effect::Contagion`], Werewolf chess), format 20 moves in three legs
/// ([`crate::rules::LegChain`], a piece's `leg_chains`, the Lion Dog), format 21 pieces that may
/// not pass attacked cells ([`Filter::NoPassingAttacked`], Caissa Britannia's royal queen),
/// format 22 the moves a piece is left until its side's first capture
/// ([`crate::rules::PieceType`]'s `moves_until_capture`, Simplified Gryphon), format 23 moves
/// after the first ([`crate::rules::MovePart`]'s `after_first`), format 24 castling by a number
/// of cells ([`crate::rules::Castling`]'s `king_steps`, Elven chess), format 25 burning
/// ([`Effect::Burn`], Tenjiku Shogi's Fire Demon), format 26 captures over lower ranks
/// ([`crate::rules::PieceType`]'s `rank` and `range_captures`, Tenjiku Shogi's jumping
/// generals), format 27 rides that skip their first cell ([`crate::rules::MovePart`]'s
/// `skips_first`, the Heavenly Tetrarchs), format 28 extinction of listed types together
/// ([`crate::rules::Extinction`]'s `together`), each what a reader of the format before cannot
/// read;
/// a rule set of an older format this build reads is one of this format without what came later,
/// and is read.
pub const FORMAT: u32 = 28;

/// The formats this build reads.
pub const READS: std::ops::RangeInclusive<u32> = 2..=FORMAT;

/// The format field alone, read from a rule set that may be of another format (every other field
/// ignored), to refuse it with its format rather than with the first field that changed.
#[derive(Debug, Deserialize)]
pub struct FormatProbe {
    /// The rule set's format, if it has the field.
    #[serde(default)]
    pub format: Option<u32>,
}

impl FormatProbe {
    /// Why a rule set of this format is refused, if it is not this build's.
    pub fn refusal(&self) -> Option<String> {
        match self.format {
            Some(n) if READS.contains(&n) => None,
            Some(n) => Some(format_refusal(n)),
            None => Some(format!(
                "format: missing: a rule set without a format version is of format 1, and this varia reads formats {}..={FORMAT}; export the definition again",
                READS.start()
            )),
        }
    }
}

/// The refusal of a rule set of format `n`.
pub(crate) fn format_refusal(n: u32) -> String {
    format!(
        "format: rule-set format {n} is not one of the formats {}..={FORMAT} this varia reads; export the definition again",
        READS.start()
    )
}

/// A restriction or freedom of moves on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, EnumDiscriminants)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(name(MoveKind), vis(pub(crate)), derive(IntoStaticStr))]
#[strum_discriminants(strum(serialize_all = "snake_case"))]
pub enum MoveRule {
    /// Two royal pieces of different players may not stand on one file with nothing between them.
    RoyalsMayNotFace,
    /// A player may pass. Otherwise (`when_stuck: false`) a player with one royal piece may pass
    /// instead of moving (not while in check); with `when_stuck`, a player with no legal move but
    /// a piece on the board passes (the pass is written as the cell of its first piece twice).
    /// Passes by every player in a row draw.
    Passing {
        /// Only a player without a legal move passes, and must.
        when_stuck: bool,
    },
    /// A move has a second part: after it, its player puts a wall (which no piece may enter,
    /// pass or take; `*` in a FEN) on an empty cell, `cells` saying which (Fairy-Stockfish's
    /// walling: the Game of the Amazons, Isolation, Duck chess). The move is written with the
    /// wall after a comma, as Fairy-Stockfish writes it: `d1d7,d7g4`. A move whose every
    /// placement is impossible is not legal.
    Wall {
        /// Which empty cells the wall may go on.
        cells: WallCells,
        /// The walls that stand are lifted first: the wall moves (Duck chess's duck, which may
        /// not stay where it stood).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        moves: bool,
        /// Only the mover's cells of this zone take the wall.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        zone: Option<ZoneId>,
    },
    /// A move of its own that changes a piece's type where it stands, without moving (or, with
    /// `moving`, onto an empty cell the new type moves to): Sittuyin's promotion. Written as the
    /// cell twice with the new type's letter (`e5e5f`), or as the step (`e5f6f`).
    PromoteInPlace {
        /// The type that promotes.
        piece: PieceId,
        /// What it may turn into (each within its limits on the board).
        to: Vec<PieceId>,
        /// Where it may promote: its owner's cells of the zone.
        zone: ZoneId,
        /// Anywhere when it is its owner's last piece of its type.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        anywhere_when_last: bool,
        /// Also onto an empty cell the new type moves to from there.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        moving: bool,
        /// The new piece may attack no enemy piece where it lands, and the move may not give
        /// check.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        attacking_nothing: bool,
        /// The promotion may not give its owner more than this many pieces of the new type on
        /// the board; drops are not limited (Fairy-Stockfish's `promotionLimit`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u8>,
    },
    /// A move of its own that takes one of its player's pieces of a listed type from the board
    /// into its hand, as the type it stands as (Twilight chess, as Sjaak II plays it). Written as
    /// the type's letter, `^` and the cell: `N^b1`.
    Pickup {
        /// The types that may be picked up.
        pieces: Vec<PieceId>,
    },
    /// A move may not take a piece of one of these types with a piece of another type (as it
    /// moved, before it promotes) right after a move that did (Chu Shogi's counter-strike rule
    /// on Lions). What the last move took is read from the moves played, not from a FEN.
    Counterstrike {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// A move has a second part: its player puts a piece from hand on the cell of `zone` that
    /// the moving piece, or its castling partner, left, while that cell holds its gating right
    /// (Fairy-Stockfish's Seirawan gating). The rights are read from the FEN's castling field
    /// and lost when a cell's piece leaves it or is taken there. A type with drop rules may be
    /// gated only where it may be dropped. Written with the type's letter after the move:
    /// `g1f3h`, `h1e1h` (on the partner's cell when castling).
    Gate {
        /// The cells that may hold gating rights, per player as the zone is mirrored.
        zone: ZoneId,
        /// Pieces in hand enter the board only so: they are not dropped.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        without_drops: bool,
    },
}

/// Which empty cells the wall of a move's second part may go on ([`MoveRule::Wall`]), after
/// the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WallCells {
    /// Any empty cell.
    Empty,
    /// A cell the moved piece could move to (without capturing) from where it landed, as it
    /// stands there: an arrow shot by the piece (the Game of the Amazons).
    Reach,
}

/// A rule on where drops may land (beyond each type's own [`super::DropRules`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, EnumDiscriminants)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(name(DropKind), vis(pub(crate)), derive(IntoStaticStr))]
#[strum_discriminants(strum(serialize_all = "snake_case"))]
pub enum DropRule {
    /// A drop must enclose one or more enemy pieces in a line (orthogonal or diagonal, without
    /// gaps) between it and another piece of its owner (Reversi).
    Enclose {
        /// While a cell of this zone is empty, drops go there instead and need enclose nothing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        start: Option<ZoneId>,
    },
    /// A drop must land a king's step from a piece of its owner (Ataxx).
    TouchOwn,
    /// A drop may not land a wazir's step (orthogonally next to) from an enemy piece (Snort).
    AvoidEnemy,
    /// Types a player may drop without holding them (an endless supply).
    Free {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// A piece may not be dropped on a cell from which it could never move.
    NotWhereStuck,
    /// A drop falls: it may land only on the lowest empty cell of its file, counted from rank 1
    /// whoever drops (Connect Four; Fairy-Stockfish's `enclosingDrop = top`). A full file takes
    /// no drop. In a file with a gap (which only a FEN can make), Fairy-Stockfish also lets a drop
    /// land on any empty cell just above a piece.
    Fall,
}

/// What a move does beyond moving, taking and promoting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, EnumDiscriminants)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(name(EffectKind), vis(pub(crate)), derive(IntoStaticStr))]
#[strum_discriminants(strum(serialize_all = "snake_case"))]
pub enum Effect {
    /// Drops that give castling rights (placement chess): a castling king dropped on its owner's
    /// cells of `kings` gives the right to the partners standing on the `partners` cells of its
    /// rank; a partner dropped on the `partners` cells gets it when such a king stands on the
    /// `kings` cells of its rank.
    CastlingByDrops {
        /// The zone where a dropped king gives rights.
        kings: ZoneId,
        /// The zone where partners get them.
        partners: ZoneId,
    },
    /// The enemy pieces a drop encloses (see [`DropRule::Enclose`]) change owner.
    FlipEnclosed,
    /// A capture also removes the capturing piece and every piece a king's step from where it
    /// lands, of either side, but those its survival lists spare (atomic chess). Royal pieces
    /// follow the blast: a move may not remove its own, one that removes an enemy royal is legal
    /// whatever it leaves attacked, and a royal next to an enemy royal is not in check (taking it
    /// would blow up the taker's royal).
    Blast {
        /// Types that only the blast of their own capture removes, not those of captures next
        /// to them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        spare_nearby: Vec<PieceId>,
        /// Types no blast removes, not even their own capture's.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        spare_always: Vec<PieceId>,
    },
    /// The cell a piece leaves becomes a wall that no piece may enter, pass or take (`*` in a
    /// FEN); moves are written with the wall (`d4b3,b3d4`).
    LeaveWalls,
    /// After every move, the enemy pieces a king's step from where it lands change owner.
    FlipNeighbours,
    /// As [`Effect::FlipNeighbours`], but after a drop only where a piece of its owner stands a
    /// king's step from it (Quadwrangle).
    FlipNeighboursOfTouching,
    /// A piece that captures passes to the player whose piece it took, after it promotes if it
    /// does (Andernach chess). A royal piece does not: it stays its owner's.
    CapturerTurns,
    /// A piece of one of these types (as it moved, before promoting) that captures turns into a
    /// wall on the cell it took (see [`Effect::LeaveWalls`]; Fairy-Stockfish's
    /// `petrifyOnCaptureTypes`). No type is royal.
    Petrify {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// A piece that takes a piece of one of these types on the cell where its move ends turns
    /// into that type (its owner's still; a promoted captive's origin kept), after it promotes
    /// if it does; a royal piece, and a piece of a listed type, does not (Werewolf chess, Maka
    /// Dai Dai Shogi). Pieces taken on the way (a move in legs) do not count. No type is royal.
    Contagion {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// After a move (not a drop) of a piece of one of these types (as it moved, before it
    /// promotes), every enemy piece a king's step from the cell where the move ends is removed,
    /// as if the mover had captured it (Tenjiku Shogi's Fire Demon). With `passive`, an enemy
    /// piece whose move (not a drop) ends a king's step from a piece of one of these types is
    /// removed after its move (its captures stand), as if that piece's owner had captured it, and
    /// burns nothing itself. Royal pieces follow the burn as they follow a blast
    /// ([`Effect::Blast`]): a move may not burn its own, and one that burns an enemy royal may
    /// leave its own attacked. A burn is no attack: a royal may stand where an enemy piece could
    /// burn it. No type is royal.
    Burn {
        /// The types.
        pieces: Vec<PieceId>,
        /// Pieces that end their moves next to one burn too.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        passive: bool,
    },
}

/// A rule that removes moves from the legal ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, EnumDiscriminants)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(name(FilterKind), vis(pub(crate)), derive(IntoStaticStr))]
#[strum_discriminants(strum(serialize_all = "snake_case"))]
pub enum Filter {
    /// A move may not give check (with `drops_only`, a drop may not).
    NoChecks {
        /// Only drops may not give check.
        drops_only: bool,
    },
    /// A move may give check only if it mates (Checkless chess).
    ChecksOnlyMate,
    /// A drop of one of these types may not checkmate: such a drop is not a legal move.
    NoMatingDrops {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// While a player holds a piece of one of these types, it may drop no other type, and must
    /// drop one of them if it legally can.
    MustDrop {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// A piece of one of these types may not move (its drops aside) while one of its promotions
    /// leads only to types its owner has as many of on the board as their `max_on_board` allows
    /// (Gryphon chess as Cute Chess plays it); it still attacks.
    FrozenAtLimit {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// A piece of one of these types may not move over a cell that an opponent attacks: a cell
    /// whose centre lies on the straight line between the centres of its start and its
    /// destination (for a move in legs, of each leg, and the cells between them), attacked in
    /// the position before the move; castling keeps its own rule (Caissa Britannia's royal queen,
    /// as Sjaak II plays it).
    NoPassingAttacked {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// A royal piece in check may move only to take the one piece that checks it.
    CheckedRoyalOnlyCaptures,
    /// A capture must be made when any is legal.
    MustCapture,
}

/// A rule that ends the game, besides checkmate and stalemate. The immediate ends are tested in
/// this order after every move, then those that need the game's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, EnumDiscriminants)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(name(EndingKind), vis(pub(crate)), derive(IntoStaticStr))]
#[strum_discriminants(strum(serialize_all = "snake_case"))]
pub enum EndingRule {
    /// Losing pieces of some types (or all) decides the game.
    Extinction(Extinction),
    /// Reaching a zone wins.
    Goal(Goal),
    /// Pieces of a player in a line of adjacent cells decide the game for it.
    Row(Row),
    /// Once no cell of the board is empty, the game ends in a draw (decided by value where a
    /// [`Verdict::DrawsByValue`] says so).
    FullBoard,
    /// A player whose royal piece faces an enemy royal along a file or rank (nothing between)
    /// must end the facing or pass (even in check); facing that outlasts a move draws.
    Facing,
    /// A player who has given check this many times wins.
    CheckLimit {
        /// The checks.
        checks: u8,
    },
    /// A player who moves one piece back and forth too often loses.
    BackAndForth(BackAndForth),
    /// The `count`-th occurrence of a position ends the game.
    Repetition(Repetition),
    /// Moves by each player without a capture, drop, promotion or clock-resetting move that draw.
    MoveLimit {
        /// The moves.
        moves: u16,
    },
    /// The counting rule (makruk's and its relatives').
    Counting(Counting),
    /// A player to move, not in check, with only its royal piece and one other on the board,
    /// whose every legal move is a promotion, draws (Sittuyin's rule 3.9 c.7).
    OnlyPromotions,
}

/// `N in a row`: a player who, after its move, has `length` of its pieces (of the listed types,
/// or any) on adjacent cells of one line along one of `lines` (all of them inside its own cells
/// of `zone`, where given) gets `outcome` at once. Only the player who moved is looked at
/// (Fairy-Stockfish's `connectN`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The pieces in the line, 2 or more and no more than the board is long.
    pub length: u8,
    /// The types that count; empty: every type.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<PieceId>,
    /// The lines looked along, at least one, each once.
    pub lines: Vec<Line>,
    /// The zone every piece of the line stands in, each player's own cells of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<ZoneId>,
    /// What the row means for the player who made it.
    pub outcome: Outcome,
}

/// A kind of line a row may lie along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Line {
    /// Along a rank.
    Horizontal,
    /// Along a file.
    Vertical,
    /// Along either diagonal.
    Diagonal,
}

impl Line {
    /// Every kind, in this order.
    pub const ALL: [Line; 3] = [Line::Horizontal, Line::Vertical, Line::Diagonal];

    /// The (file, rank) steps along the line (one way: a line is found from its first cell).
    pub fn steps(self) -> &'static [(i32, i32)] {
        match self {
            Line::Horizontal => &[(1, 0)],
            Line::Vertical => &[(0, 1)],
            Line::Diagonal => &[(1, 1), (1, -1)],
        }
    }
}

/// A rule on what an end means: who a mate, a stalemate or a draw goes to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, EnumDiscriminants)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(name(VerdictKind), vis(pub(crate)), derive(IntoStaticStr))]
#[strum_discriminants(strum(serialize_all = "snake_case"))]
pub enum Verdict {
    /// A checkmate counts only if some check of the unbroken series of checks that led to it was
    /// given by one of these types; otherwise it is a draw.
    MateNeedsCheckBy {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// A stalemated player with fewer pieces than its opponent gets the stalemate outcome, with
    /// more its opposite, with as many a draw.
    StalemateCountsPieces,
    /// Every draw is this player's win.
    DrawOdds {
        /// The player.
        player: PlayerId,
    },
    /// Every draw goes to the player whose pieces on the board are worth more (their `value`s),
    /// one player counting a bonus in half points (Janggi's material count).
    DrawsByValue(ValueDraws),
}

/// The methods every list of mechanics has: its entries' place in the engine's order (the order
/// of the enum's arms) and the name a source map records the statement of an entry under
/// (`drops:fall`: the list, then the entry's name in a rule set's JSON), both from the arm alone.
macro_rules! entry_list {
    ($($ty:ident: $kind:ident in $list:literal;)*) => {$(
        impl $ty {
            /// The place of the entry in the engine's order: its arm's, in the declaration.
            pub fn rank(&self) -> u8 {
                $kind::from(self) as u8
            }

            /// The name a source map records the entry's statement under (`drops:fall`).
            pub fn key(&self) -> String {
                let arm: &'static str = $kind::from(self).into();
                format!(concat!($list, ":{}"), arm)
            }
        }
    )*};
}

entry_list! {
    MoveRule: MoveKind in "moves";
    DropRule: DropKind in "drops";
    Effect: EffectKind in "effects";
    Filter: FilterKind in "filters";
    EndingRule: EndingKind in "endings";
    Verdict: VerdictKind in "verdicts";
}

impl Effect {
    /// Whether the effect turns cells into walls.
    pub fn makes_walls(&self) -> bool {
        match self {
            Effect::LeaveWalls | Effect::Petrify { .. } => true,
            Effect::CastlingByDrops { .. }
            | Effect::FlipEnclosed
            | Effect::Blast { .. }
            | Effect::FlipNeighbours
            | Effect::FlipNeighboursOfTouching
            | Effect::CapturerTurns
            | Effect::Contagion { .. }
            | Effect::Burn { .. } => false,
        }
    }
}

/// One entry of one of a rule set's lists of mechanics: what a statement whose words are the
/// whole statement says (`drops fall`: [`DropRule::Fall`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// A move rule.
    Move(MoveRule),
    /// A drop rule.
    Drop(DropRule),
    /// An effect.
    Effect(Effect),
    /// A filter.
    Filter(Filter),
    /// An ending.
    Ending(EndingRule),
    /// A verdict.
    Verdict(Verdict),
}

impl Entry {
    /// The name a source map records its statement under.
    pub(crate) fn key(&self) -> String {
        match self {
            Entry::Move(e) => e.key(),
            Entry::Drop(e) => e.key(),
            Entry::Effect(e) => e.key(),
            Entry::Filter(e) => e.key(),
            Entry::Ending(e) => e.key(),
            Entry::Verdict(e) => e.key(),
        }
    }
}
