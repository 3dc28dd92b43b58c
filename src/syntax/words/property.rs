//! The properties of a piece, on the lines after `piece NAME`: rows of [`super::PHRASES`].

use super::super::grammar::Rule;
use super::phrase::Shape::*;
use super::phrase::{Phrase, Section};

/// The properties of a piece, on the lines after `piece NAME`.
pub(super) const PROPERTY: &[Phrase] = &[
    phrase!(
        Property,
        value,
        Number,
        ["value N"],
        "the piece's value in whole pawns, 0 to 1000 (the search's evaluation is clamped far from \
         mate scores, so no material count reads as a mate); a fraction (`value 4.5`) is refused \
         with that message"
    ),
    phrase!(
        Property,
        rank_of,
        Number,
        ["rank N"],
        "its rank, 0 to 255 (0 when not given), for captures over lower ranks (below): a piece \
         that makes them jumps only over pieces of a lower rank than its own, and takes only \
         those beyond the first piece in its line"
    ),
    phrase!(
        Property,
        moves,
        Structured,
        ["moves BETZA... [in ZONE | within ZONE] [after its first move]"],
        "move atoms; with `in ZONE`, usable only from the zone's cells; with `within ZONE`, also \
         passing and landing only on its cells (Janggi's palace lines: `moves B within palace-\
         lines`); with `after its first move`, the opposite of Betza's `i`: move-only leaps that \
         only a piece without its first-move right may make (one that has moved, or was given \
         no right in the FEN: the rights are the castling field's file letters, as for `i`, \
         given only to pieces on their owner's first rank); a type none of whose pieces holds a \
         right in the set-up is warned of. The search's evaluation counts first moves and moves \
         after the first in a piece's mobility whether or not it has moved; XBoard's `piece` \
         command writes both as always available (its Betza has `i`, no opposite), so that \
         XBoard lets through every move varia plays, and a `telluser` says that XBoard offers \
         moves after the first too early, where varia refuses them)"
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
        takes_en_passant,
        Flag,
        ["takes en passant"],
        "it may capture a piece that has just passed one of its capture cells, by a capturing \
         move onto the passed cell"
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
        capture_limit,
        Structured,
        [
            "may not capture [protected] TYPE... [from afar] [, unless protected only by TYPE...] [, unless also capturing other than TYPE...]"
        ],
        "it may not take a piece of a listed type on the cell where its move ends when each \
         condition given (at least one) holds: the piece's owner attacks that cell after the move \
         (`protected`: it could take back; pinned pieces count), with a piece of a type not listed \
         after `by` (`unless protected only by`, which needs `protected`: those still block \
         lines); the move starts on a cell that is not a king's step from it (`from afar`); the \
         move takes no other piece, on its way, of a type not listed after `than` (`unless also \
         ...`). Chu Shogi's Lion: `may not capture protected Lion PromotedKirin from afar, unless \
         also capturing other than Pawn GoBetween`; Mighty-Lion Chess's, whose King alone does \
         not protect: `may not capture protected Lion from afar, unless protected only by King, \
         unless also capturing other than Pawn`"
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
        only_until_capture,
        Structured,
        ["moves only BETZA... until its side captures"],
        "until its owner has made a capture, the piece may make only those of its moves that \
         these leaps make too (the same step on the board, with a mode that allows a move or a \
         capture there); its other moves come with its side's first capture, and it attacks and \
         gives check with all of them throughout. Castling, hops and moves in legs are no such \
         leap. A capture is read off the pieces: its side has captured once the opponent has \
         fewer pieces on the board than the set-up gives it (from the start, exactly when it has \
         taken one; a FEN is judged by its pieces), so the game must have two players and no \
         hands or drops. Leaps only (`fK`, `(1,2)`): a rider, hopper or lame leap is refused, \
         for now. Where every move the piece has is left, it is warned of, as is each listed \
         leap that no move of the piece makes (`fN` for a king); Fairy-Stockfish \
         export refuses it (Simplified Gryphon's kings, which move only forward until then: \
         `moves K` and `moves only fK until its side captures`)"
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
];
