//! The endings' data beside checkmate and stalemate (goals, extinction, repetition, back and forth,
//! counting, draws by value) and the outcomes they give; [`super::EndingRule`] and [`super::Verdict`]
//! entries carry them.

use super::ids::{PieceId, PlayerId, ZoneId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Draws decided by the value of the pieces on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValueDraws {
    /// The player given the bonus.
    pub player: PlayerId,
    /// The bonus, in half points.
    pub bonus_halves: u16,
}

/// A zone that wins for the player who brings one of some types into it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// The types that count.
    pub pieces: Vec<PieceId>,
    /// The zone, each player's own cells of it.
    pub zone: ZoneId,
    /// When reaching it wins.
    pub mode: GoalMode,
    /// How many of its pieces a player must have there together (FSF's `flagPieceCount`).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: u8,
}

fn one() -> u8 {
    1
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

/// When reaching a goal wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum GoalMode {
    /// At once.
    Immediate,
    /// If the piece is still there when its owner's turn comes again.
    Held,
    /// At once if no enemy attacks it there; else if it is there, unattacked, when its owner's
    /// turn comes again. Both players there safely is a draw.
    Safe,
    /// At once, unless a player later in the round can reach its own goal on its move; if it
    /// does, the game is a draw.
    Answerable,
}

/// An extinction rule: a player with at most `at_most` pieces of a listed type (or in all, when
/// none is listed), on the board and in hand, while an opponent has at least `against` of them,
/// gets `outcome` at once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Extinction {
    /// The types counted one by one; empty: all pieces together.
    pub pieces: Vec<PieceId>,
    /// The listed types count together (`extinction of all of TYPE...`): a player is extinct
    /// when it has at most `at_most` of them all, not of one of them (Tenjiku Shogi's King and
    /// Crown Prince, either of which may burn). Since format 28.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub together: bool,
    /// The most pieces left that still count as extinct.
    pub at_most: u8,
    /// The fewest pieces the opponent must have.
    pub against: u8,
    /// The opponent needs one more while the extinct player is to move (so that it may still
    /// answer by baring the opponent in turn).
    pub bared_back: bool,
    /// What it means for the extinct player.
    pub outcome: Outcome,
}

/// The repetition rule: the `count`-th occurrence of a position ends the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Repetition {
    /// Occurrences (the position's first included) that end the game.
    pub count: u8,
    /// The outcome for the player who made the repeating move, or for `player` if given.
    pub outcome: Outcome,
    /// The player `outcome` is for, when it does not depend on who repeated.
    pub player: Option<PlayerId>,
    /// A player who gave check in every position of the cycle loses (both: a draw).
    pub perpetual_check_loses: bool,
}

/// `back and forth N times loses`: a player whose last `times` moves took one piece back and
/// forth between the same two cells (a pass may stand for its last move but one), after the piece
/// came to them by a move that took nothing, with no capture since and the player never in check
/// before those moves, loses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BackAndForth {
    /// The moves between the two cells that lose.
    pub times: u8,
    /// Types that may shuttle freely.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except: Vec<PieceId>,
}

/// A counting rule (makruk's and its relatives'): once a side is short of material, its
/// opponent must win within a number of moves, else the game is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Counting {
    /// Types whose presence on the board (either side's) stops the count.
    pub stoppers: Vec<PieceId>,
    /// The board's honour: the limit in moves while the counting side has more than its king.
    pub board: Option<BoardHonour>,
    /// The pieces' honour, for a counting side with a bare king.
    pub bare: Option<BareHonour>,
}

/// The board's honour of a counting rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardHonour {
    /// Moves allowed.
    pub limit: u16,
    /// It applies even while stoppers stand on the board.
    pub with_stoppers: bool,
    /// It applies only while the counting side has at most this many pieces.
    pub up_to: Option<u8>,
}

/// The pieces' honour of a counting rule: the limit for a bare king, by the opponent's pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BareHonour {
    /// Moves allowed when no entry of `honours` applies (0: no count).
    pub default: u16,
    /// The count starts at the number of pieces on the board rather than at 0, and restarts when
    /// a bare king takes the last stopper.
    pub from_pieces: bool,
    /// The first entry whose type the opponent has at least `count` of gives the limit.
    pub honours: Vec<Honour>,
}

/// One line of a pieces' honour table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Honour {
    /// How many of the type the opponent needs.
    pub count: u8,
    /// The type.
    pub piece: PieceId,
    /// Moves allowed.
    pub limit: u16,
}

/// The result of a game-ending situation for the player it happens to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player wins.
    Win,
    /// The player loses.
    Loss,
    /// Nobody wins.
    Draw,
    /// The player's army and hand are removed and the others play on; the last player left wins.
    Elimination,
}
