//! The statements of a game, an option or a variant: rows of [`super::PHRASES`].

use super::super::grammar::Rule;
use super::phrase::Shape::*;
use super::phrase::{Phrase, Section};
use crate::rules::{Direction, Outcome, Royalty, Style};

/// The statements of a game, an option or a variant.
pub(super) const GAME: &[Phrase] = &[
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
        falling_drops,
        Flag,
        ["drops fall"],
        "a drop lands only on the lowest empty cell of its file, counted from rank 1 whoever \
         drops (Connect Four); a full file takes no drop"
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
];
