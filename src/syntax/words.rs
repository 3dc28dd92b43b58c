//! The language as one table: every statement and piece property, with the grammar rule that
//! reads it, its argument shape, the forms a designer writes and its one-line documentation.
//!
//! The parser names the phrases of its error messages from it (`expected a statement`), and the
//! README's tables of statements and properties are generated from it ([`reference()`]; the test
//! `tests/reference.rs` fails if the README's tables differ). A new statement is a grammar rule and
//! one entry here.

use super::grammar::Rule;
use super::keywords::{GoalRider, Verdict};
use crate::rules::{Direction, Outcome, Royalty, Style};

/// Where a phrase is written, and the README table that lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// A statement of a game, an option or a variant.
    Game,
    /// A statement of how a game ends.
    Ending,
    /// A property of a piece, on the lines after `piece NAME`.
    Property,
}

impl Section {
    /// Every section, in the README's order.
    pub const ALL: [Section; 3] = [Section::Game, Section::Ending, Section::Property];

    /// The heading of the table's first column.
    fn column(self) -> &'static str {
        match self {
            Section::Game | Section::Ending => "statement",
            Section::Property => "property",
        }
    }

    /// What an error message calls a phrase of this section.
    pub fn noun(self) -> &'static str {
        match self {
            Section::Game | Section::Ending => "a statement",
            Section::Property => "a piece property",
        }
    }
}

/// What a phrase takes besides its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Nothing: the words are the whole phrase (`captures explode`).
    Flag,
    /// One name: a zone, a player (`confined to ZONE`).
    Name,
    /// One or more piece types (`hand order TYPE...`).
    Names,
    /// A whole number (`move limit N`).
    Number,
    /// A region (`holes REGION`).
    Region,
    /// One of a keyword choice's words, written in the form as `a|b|c` (`royalty each|all|alone`).
    Choice(&'static [&'static str]),
    /// A syntax of its own, shown by its forms (`castling KING with ROOK [to FILE FILE]`).
    Structured,
}

/// One row of the language's reference.
#[derive(Clone, Copy, Debug)]
pub struct Phrase {
    /// The table it is listed in.
    pub section: Section,
    /// The grammar rule that reads it (several rows may share one: `passing allowed`, `passing
    /// when stuck`).
    pub(crate) rule: Rule,
    /// What it takes besides its words.
    pub shape: Shape,
    /// How it is written: placeholders in capitals, `[...]` optional, `a|b` a choice.
    pub forms: &'static [&'static str],
    /// What it means, in one line of the README.
    pub doc: &'static str,
}

macro_rules! phrase {
    ($section:ident, $rule:ident, $shape:expr, [$($form:literal),+], $doc:literal) => {
        Phrase {
            section: Section::$section,
            rule: Rule::$rule,
            shape: $shape,
            forms: &[$($form),+],
            doc: $doc,
        }
    };
}

use Shape::*;

/// Every phrase of the language, in the README's order.
pub const PHRASES: &[Phrase] = &[
    phrase!(
        Game,
        game,
        Structured,
        ["game NAME [\"Title\"]"],
        "the game's identifier (the main variant's name, unless `main variant` or options name \
         it) and title"
    ),
    phrase!(
        Game,
        main_variant,
        Name,
        ["main variant NAME"],
        "the main game's variant name (default: the game's NAME); in the main game only"
    ),
    phrase!(
        Game,
        board,
        Structured,
        ["board FILES x RANKS"],
        "the board's rectangle, up to 16 x 16"
    ),
    phrase!(
        Game,
        holes,
        Region,
        ["holes REGION"],
        "cells of the rectangle that are not on the board"
    ),
    phrase!(
        Game,
        player,
        Choice(Direction::WORDS),
        ["player NAME north|south|east|west"],
        "a player and its forward direction; the order of these lines is the turn order"
    ),
    phrase!(
        Game,
        zone,
        Region,
        ["zone NAME = REGION"],
        "a named region, written as the first player sees it and mirrored (rotated) for every \
         other player"
    ),
    phrase!(
        Game,
        zone,
        Region,
        ["zone NAME for PLAYER = REGION"],
        "that player's cells of the zone, in board coordinates, instead of the mirror"
    ),
    phrase!(
        Game,
        separated,
        Name,
        ["no leap between ZONE zones"],
        "no single leap or step may go from one player's cells of the zone to another player's; a \
         ride may still pass between them through other cells"
    ),
    phrase!(
        Game,
        piece,
        Structured,
        ["piece NAME SYMBOL"],
        "a piece type, its properties on the following lines"
    ),
    phrase!(
        Game,
        style,
        Choice(Style::WORDS),
        ["style leap|step|displace for TYPE..."],
        "the leaps of these types that have range 1 and are not hoppers jump, step or displace \
         (as `n` and `x` below), whatever their Betza modifiers"
    ),
    phrase!(Game, setup, Structured, ["setup FEN"], "the start position"),
    phrase!(
        Game,
        captures_to_hand,
        Flag,
        ["captures go to hand"],
        "captured pieces go to the captor's hand, as the type they were before promoting, and may \
         be dropped on an empty cell instead of a move"
    ),
    phrase!(
        Game,
        have_hands,
        Flag,
        ["players have hands"],
        "pieces the set-up or a FEN puts in hand may be dropped, though captures leave the game \
         (`setup ...[Nn]`: pocket knight chess); only here may a royal piece start in hand \
         (placement chess's king: no check until it is dropped, and it may not be dropped where \
         it would stand attacked)"
    ),
    phrase!(
        Game,
        captures_to_partner,
        Flag,
        ["captures go to partner"],
        "captured pieces go to a partner's hand on another board (bughouse): on this board they \
         leave the game, the hands are filled from outside (the set-up or a FEN), and a promoted \
         piece keeps its origin (`Q~`) since it goes over as the type it promoted from"
    ),
    phrase!(
        Game,
        keep_type_in_hand,
        Flag,
        ["promoted pieces keep their type in hand"],
        "with `captures go to hand`: a captured promoted piece goes to hand as the type it stands \
         as, not the one it promoted from (loop chess, chessgi)"
    ),
    phrase!(
        Game,
        hand_order,
        Names,
        ["hand order TYPE..."],
        "the order in which a FEN lists the pieces in hand (types not named follow in the order \
         of their definitions); a FEN's hand may be read in any order (`hand order Elephant Horse \
         Soldier Cannon Advisor Rook`: Fairy-Stockfish's order for supply chess)"
    ),
    phrase!(
        Game,
        must_drop,
        Names,
        ["drops of TYPE... are compulsory"],
        "while a player holds a piece of a listed type it may drop no other type, and must drop \
         one of them if it legally can (koedem's captured kings)"
    ),
    phrase!(
        Game,
        interchangeable,
        Names,
        ["interchangeable TYPE TYPE..."],
        "captured pieces of these types are held as the first type (a FEN hand writes them with \
         its letter) and may be dropped, or swapped in, as any of them"
    ),
    phrase!(
        Game,
        castling_by_drops,
        Structured,
        ["drops give castling rights in ZONE and ZONE"],
        "a castling king dropped on its owner's cells of the first zone gives the right to castle \
         to the partners standing on the second zone's cells of its rank; a partner dropped on \
         the second zone's cells gets it when such a king stands on the first zone's cells of its \
         rank (placement chess)"
    ),
    phrase!(
        Game,
        enclosing_drops,
        Structured,
        ["drops must enclose [, first in ZONE]"],
        "a drop must enclose one or more enemy pieces in a line (orthogonal or diagonal, without \
         gaps) between it and another piece of its owner; while a cell of the zone is empty, \
         drops go there instead and need enclose nothing (Reversi)"
    ),
    phrase!(
        Game,
        free_drops,
        Names,
        ["drops of TYPE... are free"],
        "a player may drop pieces of these types without holding them (an endless supply: Ataxx's \
         clones)"
    ),
    phrase!(
        Game,
        touching_drops,
        Flag,
        ["drops must touch own pieces"],
        "a drop must land a king's step from a piece of its owner"
    ),
    phrase!(
        Game,
        leave_walls,
        Flag,
        ["pieces leave walls"],
        "the cell a piece leaves becomes a wall that no piece may enter, pass or take (`*` in a \
         FEN, as for holes); a move is written with the wall it leaves, as Fairy-Stockfish writes \
         it (`d4b3,b3d4`), and also read without it (Joust, Snailtrail)"
    ),
    phrase!(
        Game,
        neighbours_flip,
        Flag,
        ["neighbours flip"],
        "after every move, the enemy pieces a king's step from where it lands change owner \
         (Ataxx)"
    ),
    phrase!(
        Game,
        flipping,
        Flag,
        ["enclosed pieces flip"],
        "the enemy pieces a drop encloses (as above) change owner"
    ),
    phrase!(
        Game,
        passing,
        Flag,
        ["passing when stuck"],
        "a player with no legal move but a piece on the board passes, written as the cell of its \
         first piece (lowest file of the lowest rank) twice, as Fairy-Stockfish writes it; passes \
         by every player in a row end the game in a draw"
    ),
    phrase!(
        Game,
        full_board_ends,
        Flag,
        ["a full board ends the game"],
        "once no cell is empty the game ends in a draw (with `draws decided by value`: the side \
         whose pieces are worth more wins; Reversi counts stones of value 1)"
    ),
    phrase!(
        Game,
        captures_explode,
        Flag,
        ["captures explode"],
        "a capture also removes the capturing piece and every piece a king's step from where it \
         lands, of either side (atomic chess), except those that survive blasts (below); blown-up \
         enemy pieces go where captured pieces go, the mover's own to the hand of the player \
         whose piece was taken. Royal pieces follow the blast: a move may not blow up its own \
         royal, a move that blows up an enemy royal may leave its own attacked, and a royal next \
         to an enemy royal is never in check (taking it would blow up the taker's royal)"
    ),
    phrase!(
        Game,
        swapped_to_hand,
        Flag,
        ["swapped pieces go to hand"],
        "a piece exchanged for a captive (`stronger captive`) goes to its owner's hand, as a \
         captured one would; otherwise it leaves the game"
    ),
    phrase!(
        Game,
        no_drop_where_stuck,
        Flag,
        ["no drop where stuck"],
        "a piece may not be dropped where it could never move"
    ),
    phrase!(
        Game,
        royals_may_not_face,
        Flag,
        ["royals may not face"],
        "two royal pieces of different players may not stand on one file with nothing between \
         them (the flying general)"
    ),
    phrase!(
        Game,
        castling,
        Structured,
        ["castling KING with ROOK [to FILE FILE]"],
        "the king moves two cells towards an unmoved rook, which lands on the cell it passed; a \
         royal king not out of, through or into check. Several statements give several partner \
         types (`castling King with Rook`, `castling King with Chancellor`). With `to i c`: the \
         king lands on file i when castling towards higher files and on c towards lower ones, \
         wherever it and the rook start (Chess960 rules), the rook beside it on the side it came \
         from; every cell either crosses or lands on must be empty but for the two, and a royal \
         king's cells from start to landing unattacked (`castling King with Rook to i c`, \
         Capablanca chess). All statements of one king type give the same `to`"
    ),
    phrase!(
        Game,
        castling_notation,
        Flag,
        ["castling notation chess960"],
        "castling written as the king taking its partner (`e1h1`) and castling rights as the \
         partners' files (`HAha`, Shredder-FEN), as Fairy-Stockfish writes Chess960. Without it \
         the rights are `KQkq`, with a file letter for a right held by an inner partner (X-FEN), \
         and castling is the king's own move (as taking the partner where the king moves less \
         than two cells)"
    ),
    phrase!(
        Game,
        shuffle,
        Structured,
        ["shuffle REGION: RULE, ..."],
        "a shuffled set-up: with `--seed N` (or `Game::shuffled_start`), the first player's \
         pieces on REGION are permuted, the second player's on the mirrored cells the same way, \
         until every rule holds: `TYPE... on both colours` (those pieces stand on light and dark \
         cells), `TYPE between TYPE` (each piece of the first type has one of the second on each \
         side). Castling rights go to the outermost partners. A seed always names the same set-up \
         (SplitMix64, no library whose sequence could change); rules no arrangement satisfies are \
         refused at load (`shuffle rank 1: Bishop on both colours, King between Rook`)"
    ),
    phrase!(
        Game,
        checkmate,
        Choice(Outcome::WORDS),
        ["checkmate win|loss|draw|elimination"],
        "the result for the player who is mated (default loss)"
    ),
    phrase!(
        Game,
        stalemate,
        Choice(Outcome::WORDS),
        ["stalemate win|loss|draw|elimination"],
        "the result for the player who cannot move (default draw)"
    ),
    phrase!(
        Game,
        royalty,
        Choice(Royalty::WORDS),
        ["royalty each|all|alone"],
        "with several royal pieces: each must stay safe (the default); only all of them together \
         (check is all attacked; one left attacked may be captured: Spartan chess); or a royal \
         piece is royal only while it is its owner's only one (Sho shogi's king and prince)"
    ),
    phrase!(
        Game,
        variant,
        Structured,
        ["variant NAME [extends NAME]"],
        "starts a subvariant of the main game (or of a variant above it)"
    ),
    phrase!(
        Game,
        option,
        Structured,
        ["option GROUP VALUE"],
        "starts a block that applies when that value of the group is chosen (see Variants and \
         options)"
    ),
    phrase!(
        Ending,
        goal,
        Choice(GoalRider::WORDS),
        ["goal TYPE... in ZONE [, held|safe|answerable]"],
        "a player who brings a piece of a listed type onto its own cells of the zone wins: at \
         once; `held`: if the piece is still there when its owner's turn comes (Jeson Mor); \
         `safe`: at once if no enemy attacks it there, else if it is still there and safe when \
         its owner's turn comes, both players there safely being a draw (Dobutsu's lion); \
         `answerable`: at once, unless a player later in the round can reach its own goal on its \
         move, in which case doing so draws (Racing Kings)"
    ),
    phrase!(
        Ending,
        extinction,
        Choice(Verdict::WORDS),
        [
            "extinction of all pieces|TYPE... [down to N] [against N] [unless bared back] wins|loses|draws"
        ],
        "a player left with at most N (default 0) pieces of a listed type (each type on its own), \
         or of all its pieces together, on the board and in hand, while an opponent has at least \
         `against` of them, wins, loses or draws at once; `unless bared back`: the opponent needs \
         one more while the extinct player is to move, which may then bare the opponent in turn \
         (shatranj's bare king)"
    ),
    phrase!(
        Ending,
        check_limit,
        Number,
        ["N checks win", "1 check wins"],
        "a player who has given N checks wins at once; FEN gives the checks each player must \
         still give after the en-passant field (`3+3`), and reads Lichess's checks given (`+1+0` \
         after the move number)"
    ),
    phrase!(
        Ending,
        must_capture,
        Flag,
        ["captures are compulsory"],
        "while a player can capture, it must (a capture by a royal piece too)"
    ),
    phrase!(
        Ending,
        no_checks,
        Flag,
        ["checks are forbidden"],
        "no move may leave an opponent in check"
    ),
    phrase!(
        Ending,
        no_drop_checks,
        Flag,
        ["checks by drops are forbidden"],
        "no drop may leave an opponent in check (supply chess)"
    ),
    phrase!(
        Ending,
        facing_draws,
        Flag,
        ["royals facing draw"],
        "a player whose royal piece faces an enemy royal along a file or rank, nothing between, \
         must end the facing or pass (it may pass even in check); if the facing outlasts its \
         move, the game is drawn (Janggi's bikjang)"
    ),
    phrase!(
        Ending,
        draws_by_value,
        Structured,
        ["draws decided by value[, PLAYER +N]"],
        "every draw goes to the player whose pieces on the board are worth more (their `value`s), \
         PLAYER counting N more (`.5` allowed); equal worth stays a draw (Janggi's material \
         count: `draws decided by value, black +1.5`)"
    ),
    phrase!(
        Ending,
        passing,
        Flag,
        ["passing allowed"],
        "a player with one royal piece may pass instead of moving, unless it would stay in check; \
         the pass is written as that piece's cell twice (`e2e2`, as Fairy-Stockfish writes \
         Janggi's pass); when every player has passed in turn, the game is drawn"
    ),
    phrase!(
        Ending,
        checked_royal,
        Flag,
        ["a checked royal may only capture"],
        "a royal piece in check may move only to take the piece checking it (Makpong)"
    ),
    phrase!(
        Ending,
        stalemate_count,
        Flag,
        ["stalemate counts pieces"],
        "a stalemated player with fewer pieces than its opponent gets the `stalemate` result, \
         with more the opposite, with as many a draw (Suicide)"
    ),
    phrase!(
        Ending,
        mate_series,
        Names,
        ["checkmate needs a check by TYPE..."],
        "a checkmate counts only if a check by a listed type was given in the unbroken series of \
         checks that led to it; otherwise the game is drawn (Shatar)"
    ),
    phrase!(
        Ending,
        draw_odds,
        Name,
        ["draws count for PLAYER"],
        "every draw (stalemate, repetition, the move limit, counting) is that player's win \
         (Armageddon)"
    ),
    phrase!(
        Ending,
        repetition,
        Choice(Verdict::WORDS),
        ["repetition N draws|wins|loses [for PLAYER] [, perpetual check loses]"],
        "the N-th occurrence of a position (same pieces, hands, player to move, castling and en-\
         passant rights, check counters) ends the game: a draw, or a win or loss for the player \
         who made the repeating move (`for PLAYER`: for that player); with the rider, a player \
         who gave check in every one of its positions of the cycle loses (both did: a draw)"
    ),
    phrase!(
        Ending,
        back_and_forth,
        Structured,
        ["back and forth N times loses [, except TYPE...]"],
        "a player whose last N moves took one piece back and forth between the same two cells, \
         after the piece came to them by a move that took nothing, with no capture by either \
         player since and the player in check before none of those moves, loses; a pass may stand \
         for its last move but one; the listed types may shuttle freely; two players only (modern \
         Janggi: `back and forth 4 times loses, except King Advisor`)"
    ),
    phrase!(
        Ending,
        move_limit,
        Number,
        ["move limit N"],
        "N moves by each player with no capture, drop, promotion or irreversible move of a piece \
         that `resets the clock` draw, unless the last one mates"
    ),
    phrase!(
        Ending,
        counting,
        Names,
        ["counting stops on TYPE..."],
        "while a piece of a listed type (either player's) is on the board, no count runs"
    ),
    phrase!(
        Ending,
        counting,
        Structured,
        ["counting board N [with stoppers] [up to N pieces]"],
        "a player with more than its king, whose opponent has more than a king, is held to N \
         moves (the board's honour), counted from 0; `with stoppers`: even while stoppers are on \
         the board; `up to`: only while it has at most that many pieces"
    ),
    phrase!(
        Ending,
        counting,
        Structured,
        ["counting bare N [from pieces] [: COUNT TYPE LIMIT, ...]"],
        "a bare king's opponent must mate within the limit of the first entry whose type it has \
         at least COUNT of (else N; 0: no count); `from pieces`: the count starts at the number \
         of pieces on the board, and restarts when a bare king takes the last stopper"
    ),
    phrase!(
        Property,
        value,
        Number,
        ["value N"],
        "the piece's value in pawns, 0 to 1000 (the search's evaluation is clamped far from mate \
         scores, so no material count reads as a mate)"
    ),
    phrase!(
        Property,
        royal,
        Flag,
        ["royal"],
        "check applies to it; a move may not leave it attacked"
    ),
    phrase!(
        Property,
        moves,
        Structured,
        ["moves BETZA... [in ZONE | within ZONE]"],
        "move atoms; with `in ZONE`, usable only from the zone's cells; with `within ZONE`, also \
         passing and landing only on its cells (Janggi's palace lines: `moves B within palace-\
         lines`)"
    ),
    phrase!(
        Property,
        confined,
        Name,
        ["confined to ZONE"],
        "may never leave the zone (the palace)"
    ),
    phrase!(
        Property,
        barred,
        Name,
        ["never enters ZONE"],
        "may never enter the zone"
    ),
    phrase!(
        Property,
        promotes,
        Structured,
        ["promotes to TYPE... when TRIGGER ZONE [, OBLIGATION] [, DEFERRAL]"],
        "promotion on a move that triggers the zone, to one type or a choice (the choice is \
         written in the move)"
    ),
    phrase!(
        Property,
        promotes,
        Structured,
        ["promotes to stronger captive [or TYPE...] when ..."],
        "a swap: the piece becomes a type in its owner's hand worth more than it (by `value`), \
         taking that piece from hand; the captive is named in the move by its lower-case letter, \
         and the piece captured by the same move counts as held; the `or` types only when no such \
         captive is held (or none may arrive within the limits below)"
    ),
    phrase!(
        Property,
        drops_in,
        Name,
        ["drops in ZONE"],
        "may be dropped only in the zone"
    ),
    phrase!(
        Property,
        per_file,
        Number,
        ["at most N per file"],
        "a drop or promotion may not give its owner more than N pieces of this type on one file \
         (nifu)"
    ),
    phrase!(
        Property,
        per_colour,
        Number,
        ["at most N per colour"],
        "a drop or promotion may not give its owner more than N pieces of this type on cells of \
         one colour (file + rank even or odd)"
    ),
    phrase!(
        Property,
        drop_may_not_mate,
        Flag,
        ["drop may not mate"],
        "as Fairy-Stockfish plays shogi (uchifuzume): a drop of this type is a legal move, but if \
         it mates, the mated player wins (`status` reports it)"
    ),
    phrase!(
        Property,
        takes_en_passant,
        Flag,
        ["takes en passant"],
        "it may capture a piece that has just passed one of its capture cells, by a capturing \
         move onto the passed cell"
    ),
    phrase!(
        Property,
        taken_en_passant,
        Flag,
        ["can be taken en passant"],
        "any stepping move of it (range 1) that passes cells, capturing or not, can be taken en \
         passant on a passed cell, on the next move"
    ),
    phrase!(
        Property,
        en_passant,
        Flag,
        ["en passant"],
        "both of the above (the pawn)"
    ),
    phrase!(
        Property,
        ep_field_full,
        Flag,
        ["en passant field in full"],
        "after its move that can be taken en passant, a FEN's en-passant field lists every passed \
         cell and the landing cell, whether or not a piece could take (`d3c4` after a berolina \
         pawn's `e2c4`: Fairy-Stockfish's form for pieces other than its own pawn)"
    ),
    phrase!(
        Property,
        on_board,
        Number,
        ["at most N on the board"],
        "a drop or promotion may not give its owner more than N pieces of this type (Spartan \
         chess's two kings)"
    ),
    phrase!(
        Property,
        en_passant,
        Name,
        ["en passant in ZONE", "takes en passant in ZONE"],
        "its en-passant captures must land on its owner's cells of the zone (Horde)"
    ),
    phrase!(
        Property,
        resets_clock,
        Flag,
        ["resets the clock"],
        "a move of it that it could not take back by an ordinary move on an empty board resets \
         the `move limit` count (drops, captures and promotions always do)"
    ),
    phrase!(
        Property,
        no_hop_over,
        Names,
        ["may not hop over TYPE..."],
        "its hops may not use a piece of a listed type as the screen (the Janggi cannon over a \
         cannon)"
    ),
    phrase!(
        Property,
        no_capture,
        Names,
        ["may not capture TYPE..."],
        "it may not capture pieces of the listed types (the Janggi cannon, a cannon)"
    ),
    phrase!(
        Property,
        never_moves,
        Flag,
        ["never moves"],
        "the piece has no moves: it is only dropped (a Reversi stone); a piece needs `moves` \
         otherwise"
    ),
    phrase!(
        Property,
        dropped_both_colours,
        Flag,
        ["dropped on both colours"],
        "a drop may not put more than half of its owner's pieces of this type (on the board and \
         in hand, rounded up) on cells of one colour, and a drop of another type must leave free \
         cells where this type may be dropped for half of them (rounded down) on each colour \
         (placement chess's bishops); promotions are not limited"
    ),
    phrase!(
        Property,
        survives_blasts,
        Flag,
        ["survives blasts", "survives nearby blasts"],
        "with `captures explode`: no blast removes it (the Atomar king); or only the blast of its \
         own capture does, not those of captures next to it (the atomic pawn)"
    ),
    phrase!(
        Property,
        first_moves_lost,
        Names,
        ["first moves lost when aimed at by TYPE..."],
        "its first-move right (`i`) is lost when a piece of a listed type moves to a cell from \
         which it could capture it on an empty board (the Cambodian king, when a rook moves onto \
         its file or rank)"
    ),
    phrase!(
        Property,
        may_not_mate_alone,
        Flag,
        ["may not mate alone"],
        "a checkmate given only by pieces of this type is a win for the mated player (Shatar's \
         knight)"
    ),
    phrase!(
        Property,
        removed,
        Flag,
        ["removed when captured"],
        "a captured piece leaves the game instead of going to hand; checked on the type it would \
         return to hand as (Shoxiang 108's Rooks are removed, but a Rook that was a Wing returns \
         as a Wing)"
    ),
    phrase!(
        Property,
        promotes_screens,
        Flag,
        ["promotes friendly screens"],
        "its hop captures promote the friendly piece hopped over, if unpromoted, to the first \
         type of its first promotion"
    ),
    phrase!(
        Property,
        demotes_screens,
        Flag,
        ["demotes enemy screens"],
        "its hop captures demote a promoted enemy piece hopped over to the type it promoted from"
    ),
];

/// The section of a grammar rule that reads a phrase (`None`: not a phrase's rule).
pub fn section_of(rule: Rule) -> Option<Section> {
    PHRASES.iter().find(|p| p.rule == rule).map(|p| p.section)
}

/// The README's table of one section, as generated from [`PHRASES`].
pub fn table(section: Section) -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = format!("| {} | meaning |\n|---|---|\n", section.column());
    for p in PHRASES.iter().filter(|p| p.section == section) {
        let forms: Vec<String> = p.forms.iter().map(|f| format!("`{}`", cell(f))).collect();
        out += &format!("| {} | {} |\n", forms.join(", "), cell(p.doc));
    }
    out
}

/// The README's language reference: each section's table between the markers the README test
/// looks for (`<!-- words: game -->` ... `<!-- end words -->`).
pub fn reference() -> String {
    Section::ALL
        .iter()
        .map(|&s| format!("{}\n{}{}\n", marker(s), table(s), END_MARKER))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The line before a section's generated table in the README.
pub fn marker(section: Section) -> &'static str {
    match section {
        Section::Game => "<!-- words: game (generated from src/syntax/words.rs) -->",
        Section::Ending => "<!-- words: ending (generated from src/syntax/words.rs) -->",
        Section::Property => "<!-- words: property (generated from src/syntax/words.rs) -->",
    }
}

/// The line after each generated table.
pub const END_MARKER: &str = "<!-- end words -->";

#[cfg(test)]
mod tests {
    use super::*;
    use pest::Parser as _;

    /// The rule a form parses to: the grammar reads each flag phrase as written here, with the
    /// rule named here.
    #[test]
    fn flag_forms_parse_to_their_rule() {
        let mut flags = 0;
        for p in PHRASES.iter().filter(|p| p.shape == Flag) {
            for form in p.forms {
                let src = match p.section {
                    Section::Property => format!("piece King K\n  {form}\n"),
                    _ => format!("{form}\n"),
                };
                let file = super::super::grammar::VariaParser::parse(Rule::file, &src)
                    .unwrap_or_else(|e| panic!("`{form}` does not parse: {e}"));
                let rule = file
                    .flatten()
                    .map(|x| x.as_rule())
                    .find(|&r| r == p.rule || (section_of(r).is_some() && r != Rule::piece));
                assert_eq!(rule, Some(p.rule), "`{form}`");
                flags += 1;
            }
        }
        assert_eq!(flags, 37);
    }

    /// A choice's form lists exactly the keyword enum's words (`a|b|c`, in any order).
    #[test]
    fn choice_forms_list_the_words() {
        let mut choices = 0;
        for p in PHRASES {
            if let Choice(words) = p.shape {
                let mut want = words.to_vec();
                want.sort_unstable();
                let listed = p.forms.iter().any(|f| {
                    f.split([' ', '[', ']', ',']).any(|token| {
                        let mut got: Vec<&str> = token.split('|').collect();
                        got.sort_unstable();
                        got == want
                    })
                });
                assert!(listed, "{:?} does not list {}", p.forms, words.join("|"));
                choices += 1;
            }
        }
        assert_eq!(choices, 8);
    }
}
