//! The statements of a game, an option or a variant: rows of [`super::PHRASES`].

use super::super::grammar::Rule;
use super::phrase::Shape::*;
use super::phrase::{Phrase, Section};
use crate::rules::{Direction, Outcome, Style};

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
        extends,
        Structured,
        ["extends \"FILE\""],
        "the game builds on the main game of another definition file (its path relative to this \
         file's folder): that game's statements come first, and this file's say what differs, as \
         a subvariant's do; once, in the main game, which still needs its own `game`"
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
        xboard_variant,
        Name,
        ["xboard variant NAME"],
        "the game (or variant) is XBoard's built-in variant NAME (`chu`), whose board, pieces and \
         rules XBoard knows: `varia xboard` offers it under that name and sends no `setup` or \
         `piece` lines for it, and `varia match` names it so to an XBoard engine"
    ),
    phrase!(
        Game,
        board,
        Structured,
        ["board FILES x RANKS"],
        "the board's rectangle, up to 16 x 16 (`board 10x8` reads the same)"
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
        "a piece type, its properties on the following lines; SYMBOL is an upper-case letter \
         (`N`), maybe after `+` (`+P`), maybe dressed with `'` or `!` after it (`N'`, `+C!`), as \
         XBoard and HaChu write the pieces of the large shogi variants: 156 symbols for a game's \
         up to 128 types"
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
        hand_order,
        Names,
        ["hand order TYPE..."],
        "the order in which a FEN lists the pieces in hand (types not named follow in the order \
         of their definitions); a FEN's hand may be read in any order (`hand order Elephant Horse \
         Soldier Cannon Advisor Rook`: Fairy-Stockfish's order for supply chess)"
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
        wall_rule,
        Structured,
        [
            "after a move, a wall goes on any empty cell [in ZONE]",
            "after a move, a wall goes on a cell the piece could move to [in ZONE]",
            "after a move, the wall moves to any empty cell [in ZONE]"
        ],
        "a move has a second part: a wall (`*` in a FEN) put after it on an empty cell (any, or \
         one the moved piece could move to, without capturing, from where it landed: an arrow), \
         of the mover's cells of the zone if one is named; `the wall moves` lifts the walls \
         that stand first, so that the wall may not stay where it stood (Duck chess); written \
         after a comma, as Fairy-Stockfish writes it (`d1d7,d7g4`: the Game of the Amazons)"
    ),
    phrase!(
        Game,
        gating,
        Structured,
        ["gating in ZONE", "gating in ZONE, without drops"],
        "a move has a second part: a piece from its player's hand (of a type that may be dropped \
         there, where drops are limited) put on the cell of the zone that the moving piece, or \
         its castling partner, left, while that cell holds its gating right; a cell's right is \
         given by the FEN's castling field (`K`/`Q`: the king's and that partner's cells, a file \
         letter: the cell of that file) and lost when its piece leaves or is taken; written with \
         the type's letter after the move, as Fairy-Stockfish writes it (`g1f3h`; gating on the \
         partner's cell when castling: `h1e1h`); `without drops`: pieces in hand enter the \
         board only so (Seirawan chess; S-House drops them too)"
    ),
    phrase!(
        Game,
        promotion_in_place,
        Structured,
        [
            "promotion in place of TYPE to TYPE... in ZONE [, anywhere when last] [, or moving] \
             [, attacking nothing] [, at most N on the board]"
        ],
        "a move of its own that turns a piece of the first type into one of the others where it \
         stands, on its owner's cells of the zone (`anywhere when last`: anywhere when it is its \
         owner's last piece of its type), within the new type's limits (`at most N on the \
         board`); `or moving`: also onto an empty cell the new type moves to from there; \
         `attacking nothing`: the new piece may not attack an enemy piece where it lands, nor the \
         move give check; `at most N on the board`: it may not give its owner more than N of the \
         new type on the board, while drops of that type are not limited (Fairy-Stockfish's \
         `promotionLimit`). Written as the cells and the new type's letter (`d5d5f` in place, \
         `d5c4f` moving) (Sittuyin)"
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
        castling,
        Structured,
        [
            "castling KING [from FILE] with ROOK [to FILE FILE]",
            "castling KING [from FILE] with ROOK to any of FILE... [, all unattacked]",
            "castling KING [from FILE] with ROOK by N cells"
        ],
        "the king moves two cells towards an unmoved rook, which lands on the cell it passed; a \
         royal king not out of, through or into check. Several statements give several partner \
         types (`castling King with Rook`, `castling King with Chancellor`). With `to i c`: the \
         king lands on file i when castling towards higher files and on c towards lower ones, \
         wherever it and the rook start (Chess960 rules), the rook beside it on the side it came \
         from; every cell either crosses or lands on must be empty but for the two, and a royal \
         king's cells from start to landing unattacked (`castling King with Rook to i c`, \
         Capablanca chess). With `to any of`: free castling, the king may land on any listed \
         file strictly between it and the rook, the rook beside it on the side it came from, the \
         same cells empty and unattacked (`castling King with Rook to any of b c d h i`, \
         Schoolbook chess: from f1, h1 or i1 with the j-rook, b1, c1 or d1 with the a-rook); `, \
         all unattacked`: the king's cells up to its farthest landing towards that rook must all \
         be unattacked, wherever it lands, as Sjaak II plays it. Written as the king's own move \
         (`f1i1`; one cell: as taking the rook), in SAN `O-Oi1`. A listed file between no king \
         and rook of the start is warned of; Fairy-Stockfish export refuses free castling, and \
         `castling notation chess960` cannot write it. All statements of one king type give the \
         same `to`. With `from FILE`, only a king standing on that file castles, where a player \
         has several (`castling King from e with Rook`, Two Kings chess: not the f-file King). \
         With `by N cells` (2 up to the files less one): the king moves N cells towards the \
         rook, never past it, the rook beside it on the side it came from, the cells between \
         the two empty, wherever the king starts (`castling King with Rook by 3 cells`, Elven \
         chess: f1 to i1 or c1, e10 to h10 or b10); XBoard is told `O3`"
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
        Structured,
        ["royalty each|all|alone", "royalty first by KEY, then KEY"],
        "with several royal pieces: each must stay safe (the default); only all of them together \
         (check is all attacked; one left attacked may be captured: Spartan chess); a royal \
         piece is royal only while it is its owner's only one (Sho shogi's king and prince); or \
         only the first of them in an order of cells is royal, the others are not and may be \
         taken, and which one is may change with every move (Two Kings chess, `royalty first by \
         lowest file, then lowest rank`: the king on the lowest file, on one file the lower). A \
         KEY is `lowest file`, `highest file`, `lowest rank`, `highest rank`, `rearmost` (nearest \
         its owner's own side first: the lowest rank for a player facing north) or `foremost`; \
         one key orders the files, the other the ranks"
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
