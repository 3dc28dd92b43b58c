//! The statements of how a game ends: rows of [`super::PHRASES`].

use super::super::grammar::Rule;
use super::super::keywords::{GoalRider, RowLines, Verdict};
use super::phrase::Shape::*;
use super::phrase::{Phrase, Section};

/// The statements of how a game ends.
pub(super) const ENDING: &[Phrase] = &[
    phrase!(
        Ending,
        goal,
        Choice(GoalRider::WORDS),
        ["goal [N] TYPE... in ZONE [, held|safe|answerable]"],
        "a player who brings a piece of a listed type (with N, N such pieces together; a `safe` \
         goal then needs all of them unattacked while it has exactly N there) onto its own \
         cells of the zone wins: at once; `held`: if the piece is still there when its owner's turn comes (Jeson Mor); \
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
            "extinction of all pieces|[all of] TYPE... [down to N] [against N] [unless bared back] wins|loses|draws"
        ],
        "a player left with at most N (default 0) pieces of a listed type (each type on its own), \
         or of all its pieces together, on the board and in hand, while an opponent has at least \
         `against` of them, wins, loses or draws at once; `unless bared back`: the opponent needs \
         one more while the extinct player is to move, which may then bare the opponent in turn \
         (shatranj's bare king). With `all of`, the listed types count together: a player is \
         extinct when it has at most N of them all (Tenjiku Shogi's `extinction of all of King \
         CrownPrince loses`: a King that burns while a Crown Prince is left plays on; \
         `tests/scenarios/extinction_together.scn`); Fairy-Stockfish export refuses it for more \
         than one type by name"
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
        row,
        Choice(RowLines::WORDS),
        [
            "N in a row [of TYPE...] [horizontally|vertically|diagonally|orthogonally ...] [in ZONE] wins|loses|draws"
        ],
        "a player who, after its move, has N of its pieces (of the listed types; else any) on \
         adjacent cells of one rank, file or diagonal (only along the lines named, if any; \
         `orthogonally`: ranks and files), all of them on its own cells of the zone if one is \
         given, wins, loses or draws at once (`4 in a row wins`, `5 in a row of Stone \
         orthogonally wins`)"
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
];
