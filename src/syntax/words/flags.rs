//! The flag phrases: statements whose words are the whole statement (`drops fall`), one row each
//! with everything the language knows of it: the grammar rule that reads it, its section of the
//! README, its words and one-line documentation, what it means in the rule set and when it never
//! applies. The parser, the printer, lowering, the source map and the warnings read this table, so
//! a new flag is a grammar rule and a row here; one that adds an entry to a list of mechanics
//! needs no lowering of its own.

use super::super::grammar::Rule;
use super::phrase::{Phrase, Section, Shape};
use crate::rules::{DropRule, Effect, EndingRule, Entry as E, Filter, MoveRule, Verdict};

/// What a flag statement means in the rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Meaning {
    /// This entry of a list of mechanics, added as it stands.
    Entry(E),
    /// A field of the rule set (or an entry lowering builds from more than the flag, such as a
    /// blast with the types it spares), named as the source map records it.
    Field(&'static str),
}

/// What a game needs for a flag to apply; without it, the flag is warned of as dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Needs {
    /// Drops: hands or free drops.
    Drops,
    /// A royal piece.
    Royals,
    /// Captured pieces that go to a hand.
    CapturesToHand,
    /// A promotion by a swap with a captive.
    Swaps,
}

macro_rules! flags {
    ($($name:ident: $rule:ident, $section:ident, $meaning:expr, $needs:expr, $form:literal, $doc:literal;)*) => {
        /// A flag statement: one row of the table of flag phrases.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
        pub enum Flag {
            $(#[doc = concat!("`", $form, "`")] $name,)*
        }

        impl Flag {
            /// The flag a grammar rule reads, if it reads one.
            pub(crate) fn from_rule(rule: Rule) -> Option<Flag> {
                match rule {
                    $(Rule::$rule => Some(Flag::$name),)*
                    _ => None,
                }
            }

            /// Its row of the language's table.
            pub const fn phrase(self) -> Phrase {
                match self {
                    $(Flag::$name => Phrase {
                        section: Section::$section,
                        rule: Rule::$rule,
                        shape: Shape::Flag,
                        forms: &[$form],
                        doc: $doc,
                    },)*
                }
            }

            /// What it means in the rule set.
            pub(crate) fn meaning(self) -> Meaning {
                use Meaning::*;
                match self {
                    $(Flag::$name => $meaning,)*
                }
            }

            /// What a game needs for it to apply.
            pub(crate) fn needs(self) -> Option<Needs> {
                use Needs::*;
                match self {
                    $(Flag::$name => $needs,)*
                }
            }
        }

        /// The flag phrases, in the README's order within each section.
        pub(super) const FLAGS: &[Phrase] = &[$(Flag::$name.phrase()),*];
    };
}

impl Flag {
    /// Its words.
    pub fn words(self) -> &'static str {
        self.phrase().forms[0]
    }

    /// The name a source map records the statement under: its entry's, or the field's.
    pub(crate) fn key(self) -> String {
        match self.meaning() {
            Meaning::Entry(e) => e.key(),
            Meaning::Field(f) => f.to_string(),
        }
    }
}

flags! {
    CapturesToHand: captures_to_hand, Game, Field("captures_to_hand"), None,
        "captures go to hand",
        "captured pieces go to the captor's hand, as the type they were before promoting, and may \
            be dropped on an empty cell instead of a move";
    HaveHands: have_hands, Game, Field("hands"), None,
        "players have hands",
        "pieces the set-up or a FEN puts in hand may be dropped, though captures leave the game \
            (`setup ...[Nn]`: pocket knight chess); only here may a royal piece start in hand \
            (placement chess's king: no check until it is dropped, and it may not be dropped where \
            it would stand attacked)";
    CapturesToPartner: captures_to_partner, Game, Field("captures_to_partner"), None,
        "captures go to partner",
        "captured pieces go to a partner's hand on another board (bughouse): on this board they \
            leave the game, the hands are filled from outside (the set-up or a FEN), and a promoted \
            piece keeps its origin (`Q~`) since it goes over as the type it promoted from";
    KeepTypeInHand: keep_type_in_hand, Game, Field("promoted_keep_type_in_hand"), Some(CapturesToHand),
        "promoted pieces keep their type in hand",
        "with `captures go to hand`: a captured promoted piece goes to hand as the type it stands \
            as, not the one it promoted from (loop chess, chessgi)";
    TouchingDrops: touching_drops, Game, Entry(E::Drop(DropRule::TouchOwn)), Some(Drops),
        "drops must touch own pieces",
        "a drop must land a king's step from a piece of its owner";
    FallingDrops: falling_drops, Game, Entry(E::Drop(DropRule::Fall)), None,
        "drops fall",
        "a drop lands only on the lowest empty cell of its file, counted from rank 1 whoever \
            drops (Connect Four); a full file takes no drop";
    LeaveWalls: leave_walls, Game, Entry(E::Effect(Effect::LeaveWalls)), None,
        "pieces leave walls",
        "the cell a piece leaves becomes a wall that no piece may enter, pass or take (`*` in a \
            FEN, as for holes); a move is written with the wall it leaves, as Fairy-Stockfish writes \
            it (`d4b3,b3d4`), and also read without it (Joust, Snailtrail)";
    NeighboursFlip: neighbours_flip, Game, Entry(E::Effect(Effect::FlipNeighbours)), None,
        "neighbours flip",
        "after every move, the enemy pieces a king's step from where it lands change owner \
            (Ataxx)";
    CapturersTurn: capturers_turn, Game, Entry(E::Effect(Effect::CapturerTurns)), None,
        "capturing pieces change sides",
        "a piece that captures, royal pieces excepted, passes to the player whose piece it took \
            (after it promotes, if it does): Andernach chess";
    Flipping: flipping, Game, Entry(E::Effect(Effect::FlipEnclosed)), None,
        "enclosed pieces flip",
        "the enemy pieces a drop encloses (as above) change owner";
    FullBoardEnds: full_board_ends, Game, Entry(E::Ending(EndingRule::FullBoard)), None,
        "a full board ends the game",
        "once no cell is empty the game ends in a draw (with `draws decided by value`: the side \
            whose pieces are worth more wins; Reversi counts stones of value 1)";
    CapturesExplode: captures_explode, Game, Field("effects:blast"), None,
        "captures explode",
        "a capture also removes the capturing piece and every piece a king's step from where it \
            lands, of either side (atomic chess), except those that survive blasts (below); blown-up \
            enemy pieces go where captured pieces go, the mover's own to the hand of the player \
            whose piece was taken. Royal pieces follow the blast: a move may not blow up its own \
            royal, a move that blows up an enemy royal may leave its own attacked, and a royal next \
            to an enemy royal is never in check (taking it would blow up the taker's royal)";
    SwappedToHand: swapped_to_hand, Game, Field("swapped_to_hand"), Some(Swaps),
        "swapped pieces go to hand",
        "a piece exchanged for a captive (`stronger captive`) goes to its owner's hand, as a \
            captured one would; otherwise it leaves the game";
    NoDropWhereStuck: no_drop_where_stuck, Game, Entry(E::Drop(DropRule::NotWhereStuck)), Some(Drops),
        "no drop where stuck",
        "a piece may not be dropped where it could never move";
    RoyalsMayNotFace: royals_may_not_face, Game, Entry(E::Move(MoveRule::RoyalsMayNotFace)), Some(Royals),
        "royals may not face",
        "two royal pieces of different players may not stand on one file with nothing between \
            them (the flying general)";
    CastlingNotation: castling_notation, Game, Field("castling_chess960"), None,
        "castling notation chess960",
        "castling written as the king taking its partner (`e1h1`) and castling rights as the \
            partners' files (`HAha`, Shredder-FEN), as Fairy-Stockfish writes Chess960. Without it \
            the rights are `KQkq`, with a file letter for a right held by an inner partner (X-FEN), \
            and castling is the king's own move (as taking the partner where the king moves less \
            than two cells)";
    MustCapture: must_capture, Ending, Entry(E::Filter(Filter::MustCapture)), None,
        "captures are compulsory",
        "while a player can capture, it must (a capture by a royal piece too)";
    NoChecks: no_checks, Ending, Field("filters:no_checks"), Some(Royals),
        "checks are forbidden",
        "no move may leave an opponent in check";
    NoDropChecks: no_drop_checks, Ending, Field("filters:no_checks"), Some(Drops),
        "checks by drops are forbidden",
        "no drop may leave an opponent in check (supply chess)";
    FacingDraws: facing_draws, Ending, Entry(E::Ending(EndingRule::Facing)), Some(Royals),
        "royals facing draw",
        "a player whose royal piece faces an enemy royal along a file or rank, nothing between, \
            must end the facing or pass (it may pass even in check); if the facing outlasts its \
            move, the game is drawn (Janggi's bikjang)";
    CheckedRoyal: checked_royal, Ending, Entry(E::Filter(Filter::CheckedRoyalOnlyCaptures)), Some(Royals),
        "a checked royal may only capture",
        "a royal piece in check may move only to take the piece checking it (Makpong)";
    StalemateCount: stalemate_count, Ending, Entry(E::Verdict(Verdict::StalemateCountsPieces)), None,
        "stalemate counts pieces",
        "a stalemated player with fewer pieces than its opponent gets the `stalemate` result, \
            with more the opposite, with as many a draw (Suicide)";
}
