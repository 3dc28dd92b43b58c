//! The flag phrases: statements whose words are the whole statement (`drops fall`), one row each
//! with everything the language knows of it: the grammar rule that reads it, its section of the
//! README, its words and one-line documentation, what it means in the rule set and when it never
//! applies. The parser, the printer, lowering, the source map and the warnings read this table, so
//! a new flag is a grammar rule and a row here; one that adds an entry to a list of mechanics
//! needs no lowering of its own.

use super::super::grammar::Rule;
use super::phrase::{Phrase, Section, Shape};
use crate::rules::{
    DropRule, Effect, EndingRule, Entry as E, Filter, MoveRule, PieceId, PieceType, Verdict,
};

/// What a flag statement means in the rule set.
#[derive(Clone, Debug)]
pub(crate) enum Meaning {
    /// This entry of a list of mechanics, added as it stands.
    Entry(E),
    /// A field of the rule set, named as the source map records it.
    Field(&'static str),
    /// An entry lowering builds from more than the flag (a blast with the types it spares, one
    /// check rule from two flags); the function gives an entry of its kind, for its key.
    Built(fn() -> E),
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

/// A table of phrases of one shape (`$shape`): the enum of its rows (`$flag`), what each means
/// (`$meaning`) and needs (`$needs`), and the phrases (`$table`).
macro_rules! flag_table {
    (
        $(#[$doc_enum:meta])* $flag:ident, $shape:ident, $meaning:ident, $needs:ident, $table:ident;
        $($name:ident: $rule:ident, $section:ident, $m:expr, $n:expr, $form:literal, $doc:literal;)*
    ) => {
        $(#[$doc_enum])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
        pub enum $flag {
            $(#[doc = concat!("`", $form, "`")] $name,)*
        }

        impl $flag {
            /// The flag a grammar rule reads, if it reads one.
            pub(crate) fn from_rule(rule: Rule) -> Option<$flag> {
                match rule {
                    $(Rule::$rule => Some($flag::$name),)*
                    _ => None,
                }
            }

            /// Its row of the language's table.
            pub const fn phrase(self) -> Phrase {
                match self {
                    $($flag::$name => Phrase {
                        section: Section::$section,
                        rule: Rule::$rule,
                        shape: Shape::$shape,
                        forms: &[$form],
                        doc: $doc,
                    },)*
                }
            }

            /// What it means in the rule set.
            pub(crate) fn meaning(self) -> $meaning {
                use $meaning::*;
                match self {
                    $($flag::$name => $m,)*
                }
            }

            /// What a game needs for it to apply.
            pub(crate) fn needs(self) -> Option<$needs> {
                use $needs::*;
                match self {
                    $($flag::$name => $n,)*
                }
            }

            /// Its words.
            pub fn words(self) -> &'static str {
                self.phrase().forms[0]
            }
        }

        /// The table's phrases, in the README's order within each section.
        pub(super) const $table: &[Phrase] = &[$($flag::$name.phrase()),*];
    };
}

impl Flag {
    /// The name a source map records the statement under: its entry's, or the field's.
    pub(crate) fn key(self) -> String {
        match self.meaning() {
            Meaning::Entry(e) => e.key(),
            Meaning::Field(f) => f.to_string(),
            Meaning::Built(kind) => kind().key(),
        }
    }
}

flag_table! {
    /// A flag statement: one row of the table of flag statements.
    Flag, Flag, Meaning, Needs, FLAGS;
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
    AvoidingDrops: avoiding_drops, Game, Entry(E::Drop(DropRule::AvoidEnemy)), Some(Drops),
        "drops may not touch enemy pieces orthogonally",
        "a drop may not land a wazir's step (orthogonally next to) from an enemy piece (Snort)";
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
    NeighboursFlipTouching: neighbours_flip_touching, Game,
        Entry(E::Effect(Effect::FlipNeighboursOfTouching)), None,
        "neighbours flip after moves and touching drops",
        "as `neighbours flip`, but after a drop only where a piece of its owner stands a king's \
            step from it (Quadwrangle)";
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
    CapturesExplode: captures_explode, Game,
        Built(|| E::Effect(Effect::Blast { spare_nearby: Vec::new(), spare_always: Vec::new() })),
        None,
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
            than two cells, or could move to that cell by itself)";
    MustCapture: must_capture, Ending, Entry(E::Filter(Filter::MustCapture)), None,
        "captures are compulsory",
        "while a player can capture, it must (a capture by a royal piece too)";
    NoChecks: no_checks, Ending,
        Built(|| E::Filter(Filter::NoChecks { drops_only: false })), Some(Royals),
        "checks are forbidden",
        "no move may leave an opponent in check, not even a mate: the `checkmate` result never \
            comes, and writing it is warned of (Racing Kings)";
    ChecksOnlyMate: checks_only_mate, Ending, Entry(E::Filter(Filter::ChecksOnlyMate)), Some(Royals),
        "checks are forbidden unless they mate",
        "a move may give check only if it checkmates: the player checked has no legal move, its \
            own checks barred in turn unless they mate (Checkless chess as Cute Chess plays it); \
            one block takes this or `checks are forbidden`, not both";
    NoDropChecks: no_drop_checks, Ending,
        Built(|| E::Filter(Filter::NoChecks { drops_only: true })), Some(Drops),
        "checks by drops are forbidden",
        "no drop may leave an opponent in check (supply chess)";
    FacingDraws: facing_draws, Ending, Entry(E::Ending(EndingRule::Facing)), Some(Royals),
        "royals facing draw",
        "a player whose royal piece faces an enemy royal along a file or rank, nothing between, \
            must end the facing or pass (it may pass even in check); if the facing outlasts its \
            move, the game is drawn (Janggi's bikjang)";
    OnlyPromotions: only_promotions, Ending, Entry(E::Ending(EndingRule::OnlyPromotions)), Some(Royals),
        "only promotions left draws",
        "a player to move, not in check, with only its royal piece and one other on the board, \
            whose every legal move is a promotion, draws (Sittuyin's rule 3.9 c.7: a king and a \
            pawn that can only promote); like counting, it ends the game's status, not perft";
    CheckedRoyal: checked_royal, Ending, Entry(E::Filter(Filter::CheckedRoyalOnlyCaptures)), Some(Royals),
        "a checked royal may only capture",
        "a royal piece in check may move only to take the piece checking it (Makpong)";
    StalemateCount: stalemate_count, Ending, Entry(E::Verdict(Verdict::StalemateCountsPieces)), None,
        "stalemate counts pieces",
        "a stalemated player with fewer pieces than its opponent gets the `stalemate` result, \
            with more the opposite, with as many a draw (Suicide)";
}

/// What a piece's flag property means for its type.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PieceMeaning {
    /// It sets a field of the piece type, named as the source map records it (under
    /// `pieces[i].`).
    Set(fn(&mut PieceType), &'static str),
    /// Lowering reads it where it needs it (`never moves`, checked against the moves).
    Said,
}

/// What a piece type needs for a flag property of it to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PieceNeeds {
    /// Pieces of the type that are dropped.
    Dropped,
    /// Captured pieces that go to a hand.
    CapturesToHand,
    /// A royal piece.
    Royals,
}

flag_table! {
    /// A flag property of a piece: one row of the table of flag properties.
    PieceFlag, Flag, PieceMeaning, PieceNeeds, PIECE_FLAGS;
    Royal: royal, Property, Set(|p| p.royal = true, "royal"), None,
        "royal",
        "check applies to it; a move may not leave it attacked";
    RangeCaptures: range_captures, Property, Set(|p| p.range_captures = true, "range_captures"), None,
        "captures over lower ranks",
        "besides its moves, each of its rides of single steps that may capture (not limited to a \
            zone or a first move) may, past the first piece in its line, jump over any number of \
            pieces of either side whose `rank` is lower than its own and take an enemy piece of \
            a lower rank beyond them, stopping at the first piece of a rank not lower (which it \
            may take only as the first piece in its line); it moves to no empty cell beyond a \
            piece. Written as a plain move (`a1a8`). Tenjiku Shogi's jumping generals: the Great \
            General `moves Q` with `rank 3`, its King `rank 4`. Needs a rank above 0 and such a \
            ride; Fairy-Stockfish export refuses it";
    DropMayNotMate: drop_may_not_mate, Property, Set(|p| p.drops.may_not_mate = true, "drops.may_not_mate"), Some(Dropped),
        "drop may not mate",
        "as Fairy-Stockfish plays shogi (uchifuzume): a drop of this type is a legal move, but if \
            it mates, the mated player wins (`status` reports it)";
    TakenEnPassant: taken_en_passant, Property, Set(|p| p.can_be_taken_en_passant = true, "can_be_taken_en_passant"), None,
        "can be taken en passant",
        "any stepping move of it (range 1) that passes cells, capturing or not, can be taken en \
            passant on a passed cell, on the next move";
    EpFieldFull: ep_field_full, Property, Set(|p| p.ep_field_full = true, "ep_field_full"), None,
        "en passant field in full",
        "after its move that can be taken en passant, a FEN's en-passant field lists every passed \
            cell and the landing cell, whether or not a piece could take (`d3c4` after a berolina \
            pawn's `e2c4`: Fairy-Stockfish's form for pieces other than its own pawn)";
    ResetsClock: resets_clock, Property, Set(|p| p.resets_clock = true, "resets_clock"), None,
        "resets the clock",
        "a move of it that it could not take back by an ordinary move on an empty board resets \
            the `move limit` count (drops, captures and promotions always do)";
    NeverMoves: never_moves, Property, Said, None,
        "never moves",
        "the piece has no moves: it is only dropped (a Reversi stone); a piece needs `moves` \
            otherwise";
    DroppedBothColours: dropped_both_colours, Property, Set(|p| p.drops.on_both_colours = true, "drops.on_both_colours"), Some(Dropped),
        "dropped on both colours",
        "a drop may not put more than half of its owner's pieces of this type (on the board and \
            in hand, rounded up) on cells of one colour, and a drop of another type must leave free \
            cells where this type may be dropped for half of them (rounded down) on each colour \
            (placement chess's bishops); promotions are not limited";
    MayNotMateAlone: may_not_mate_alone, Property, Set(|p| p.may_not_mate_alone = true, "may_not_mate_alone"), Some(Royals),
        "may not mate alone",
        "a checkmate given only by pieces of this type is a win for the mated player (Shatar's \
            knight)";
    Removed: removed, Property, Set(|p| p.removed_when_captured = true, "removed_when_captured"), Some(CapturesToHand),
        "removed when captured",
        "a captured piece leaves the game instead of going to hand; checked on the type it would \
            return to hand as (Shoxiang 108's Rooks are removed, but a Rook that was a Wing returns \
            as a Wing)";
    PromotesScreens: promotes_screens, Property, Set(|p| p.promotes_friendly_screens = true, "promotes_friendly_screens"), None,
        "promotes friendly screens",
        "its hop captures promote the friendly piece hopped over, if unpromoted, to the first \
            type of its first promotion";
    DemotesScreens: demotes_screens, Property, Set(|p| p.demotes_enemy_screens = true, "demotes_enemy_screens"), None,
        "demotes enemy screens",
        "its hop captures demote a promoted enemy piece hopped over to the type it promoted from";
}

/// What a statement of a list of types means in the rule set.
#[derive(Clone, Copy, Debug)]
pub(crate) enum TypesMeaning {
    /// The entry of a list of mechanics that the types make, added as it stands (the statement
    /// says nothing when none of its types is known).
    Entry(fn(Vec<PieceId>) -> E),
}

flag_table! {
    /// A statement of words and one list of piece types (`drops of TYPE... are free`): one row of
    /// the table of such statements. A subvariant's statement replaces the inherited one.
    TypesPhrase, Names, TypesMeaning, Needs, TYPES_PHRASES;
    FreeDrops: free_drops, Game, Entry(|pieces| E::Drop(DropRule::Free { pieces })), None,
        "drops of TYPE... are free",
        "a player may drop pieces of these types without holding them (an endless supply: Ataxx's \
            clones)";
    Pickup: pickup, Game, Entry(|pieces| E::Move(MoveRule::Pickup { pieces })), Some(Drops),
        "pieces of TYPE... may be picked up",
        "as a move, a player may take one of its pieces of a listed type from the board into its \
            hand, as the type it stands as; written as the type's letter, `^` and the cell (`N^b1`, \
            as Sjaak II writes it); a royal type may not be listed, and the game needs hands \
            (Twilight chess: `players have hands`)";
    NoPassingAttacked: no_passing_attacked, Game, Entry(|pieces| E::Filter(Filter::NoPassingAttacked { pieces })), None,
        "pieces of TYPE... may not pass attacked cells",
        "a piece of a listed type may not move over a cell an opponent attacks in the position \
            before the move: a cell whose centre lies on the straight line between the centres \
            of its start and its destination (the cells a slider or rider passes, a nightrider's \
            landings on the way; none for a knight's leap; for a move in legs, those of each leg \
            and the cells between them). It may stop short of such a cell; whether it may land \
            on an attacked one is the usual rule (a royal piece may not). Castling keeps its own \
            rule, drops pass nothing (Caissa Britannia's royal queen, as Sjaak II plays it: \
            `pieces of Queen may not pass attacked cells`). A listed type none of whose moves \
            passes a cell (a king's or knight's leaps only) is warned of; Fairy-Stockfish export \
            refuses it";
    MustDrop: must_drop, Game, Entry(|pieces| E::Filter(Filter::MustDrop { pieces })), None,
        "drops of TYPE... are compulsory",
        "while a player holds a piece of a listed type it may drop no other type, and must drop \
            one of them if it legally can (koedem's captured kings)";
    MatingDrops: mating_drops, Ending, Entry(|pieces| E::Filter(Filter::NoMatingDrops { pieces })), Some(Drops),
        "mating drops of TYPE... are forbidden",
        "a drop of a listed type that would checkmate is not a legal move (the shogi pawn as Sjaak \
            II and Cute Chess play Goro Goro shogi; compare `drop may not mate`, where such a drop is \
            legal and loses)";
    Counterstrike: counterstrike, Game, Entry(|pieces| E::Move(MoveRule::Counterstrike { pieces })), None,
        "captures of TYPE... by other types may not follow one another",
        "a move may not take a piece of a listed type with a piece of another type (as it moved, \
            before it promotes) right after a move that did (Chu Shogi's counter-strike rule: \
            `captures of Lion PromotedKirin by other types may not follow one another`); what the \
            last move took is known from the moves played, not from a FEN";
    FrozenAtLimit: frozen_at_limit, Game, Entry(|pieces| E::Filter(Filter::FrozenAtLimit { pieces })), None,
        "promotions at the limit freeze TYPE...",
        "a piece of a listed type may not move at all (by none of its moves: another promotion of \
            it, such as a pawn's on the last rank, included) while one of its promotions leads only \
            to types its owner already has as many of on the board as their `at most N on the \
            board` allows; it still attacks and gives check. Its drops are not barred (Gryphon \
            chess as Cute Chess plays it, where every moved piece turns into the next type: \
            `promotions at the limit freeze Pawn Knight Bishop Rook Queen`)";
    Petrify: petrify, Game, Entry(|pieces| E::Effect(Effect::Petrify { pieces })), None,
        "capturing TYPE... become walls",
        "a piece of a listed type that captures (as the type it moved as, before it promotes) \
            turns into a wall on the cell it took, as `pieces leave walls` writes them \
            (Fairy-Stockfish's petrified chess); a royal type may not be listed";
    Contagion: contagion, Game, Entry(|pieces| E::Effect(Effect::Contagion { pieces })), None,
        "pieces that capture TYPE... become one",
        "a piece that takes a piece of a listed type on the cell where its move ends turns into \
            that type, its owner's (after it promotes, if it does); a royal piece does not, nor \
            one of a listed type, nor does a piece taken on the way by a move in legs count \
            (Werewolf chess: `pieces that capture Werewolf become one`); a royal type may not be \
            listed";
    BurnPassively: burn_passively, Game, Entry(|pieces| E::Effect(Effect::Burn { pieces, passive: true })), None,
        "pieces of TYPE... burn, also passively",
        "as `pieces of TYPE... burn`, and moreover an enemy piece whose move (not a drop) ends a \
            king's step from a piece of a listed type is removed after its move, as if that \
            piece's owner had captured it (what the move captured stays captured), and burns \
            nothing itself: a piece of a listed type that lands next to an enemy one is burned \
            instead of burning (Tenjiku Shogi's Fire Demon as H. G. Muller's rules page has it); a \
            move may not burn its own royal piece (a royal may not step next to an enemy burner)";
    Burn: burn, Game, Entry(|pieces| E::Effect(Effect::Burn { pieces, passive: false })), None,
        "pieces of TYPE... burn",
        "after a move (not a drop) of a piece of a listed type (as it moved, before it \
            promotes), every enemy piece a king's step from the cell where the move ends is \
            removed, as if the mover had captured it; royal pieces follow the burn as they follow \
            a blast: a move may not burn its own royal piece, and one that burns an enemy royal may \
            leave its own attacked. A burn is no attack: a royal may stand where an enemy piece \
            could burn it, and a game whose royals may be burned needs an `extinction` rule to \
            end when one is. A royal type may not be listed; Fairy-Stockfish export refuses it";
    MateSeries: mate_series, Ending, Entry(|pieces| E::Verdict(Verdict::MateNeedsCheckBy { pieces })), Some(Royals),
        "checkmate needs a check by TYPE...",
        "a checkmate counts only if a check by a listed type was given in the unbroken series of \
            checks that led to it; otherwise the game is drawn (Shatar)";
}

impl TypesPhrase {
    /// The name a source map records the statement under: its entry's.
    pub(crate) fn key(self) -> String {
        let TypesMeaning::Entry(make) = self.meaning();
        make(Vec::new()).key()
    }
}
