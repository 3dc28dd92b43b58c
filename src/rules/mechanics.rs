//! A game's mechanics as data: each rule beyond pieces, board and hands is one entry of a typed
//! list, grouped by the phase of play it acts in. A game with two mechanics of one phase (blasts
//! and flipping neighbours) has two entries; a game with none has empty lists. The engine
//! compiles every list into its plan once (`engine/plan.rs`) and tests each phase once.
//!
//! Whatever the order of a list, the engine applies its entries in one fixed order, the order
//! of each enum's arms below (Fairy-Stockfish's where it has one); lowering writes them in it.

use super::endings::{BackAndForth, Counting, Extinction, Goal, Repetition, ValueDraws};
use super::ids::{PieceId, PlayerId, ZoneId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The rule-set format this build writes and reads (`RuleSet::format`). Format 1 was the flat
/// shape of one field per rule, before the mechanics became lists; it is refused.
pub const FORMAT: u32 = 2;

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
            Some(FORMAT) => None,
            Some(n) => Some(format_refusal(n)),
            None => Some(format!(
                "format: missing: a rule set without a format version is of format 1, and this varia reads format {FORMAT}; export the definition again"
            )),
        }
    }
}

/// The refusal of a rule set of format `n`.
pub(crate) fn format_refusal(n: u32) -> String {
    format!(
        "format: rule-set format {n} is not the format {FORMAT} this varia reads; export the definition again"
    )
}

/// A restriction or freedom of moves on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
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
}

/// A rule on where drops may land (beyond each type's own [`super::DropRules`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
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
    /// Types a player may drop without holding them (an endless supply).
    Free {
        /// The types.
        pieces: Vec<PieceId>,
    },
    /// A piece may not be dropped on a cell from which it could never move.
    NotWhereStuck,
}

/// What a move does beyond moving, taking and promoting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
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
}

/// A rule that removes moves from the legal ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Filter {
    /// A move may not give check (with `drops_only`, a drop may not).
    NoChecks {
        /// Only drops may not give check.
        drops_only: bool,
    },
    /// While a player holds a piece of one of these types, it may drop no other type, and must
    /// drop one of them if it legally can.
    MustDrop {
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum EndingRule {
    /// Losing pieces of some types (or all) decides the game.
    Extinction(Extinction),
    /// Reaching a zone wins.
    Goal(Goal),
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
}

/// A rule on what an end means: who a mate, a stalemate or a draw goes to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
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

impl Effect {
    /// The place of the entry in the engine's order.
    pub fn rank(&self) -> u8 {
        match self {
            Effect::CastlingByDrops { .. } => 0,
            Effect::FlipEnclosed => 1,
            Effect::Blast { .. } => 2,
            Effect::LeaveWalls => 3,
            Effect::FlipNeighbours => 4,
        }
    }
}

impl EndingRule {
    /// The place of the entry in the engine's order.
    pub fn rank(&self) -> u8 {
        match self {
            EndingRule::Extinction(_) => 0,
            EndingRule::Goal(_) => 1,
            EndingRule::FullBoard => 2,
            EndingRule::Facing => 3,
            EndingRule::CheckLimit { .. } => 4,
            EndingRule::BackAndForth(_) => 5,
            EndingRule::Repetition(_) => 6,
            EndingRule::MoveLimit { .. } => 7,
            EndingRule::Counting(_) => 8,
        }
    }
}
