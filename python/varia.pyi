"""Chess variants from declarative definitions: load a definition (or an exported rule set),
then get positions, legal moves, game status and perft counts."""

import os
from typing import Iterable, Literal, Optional, Union, final

__version__: str
__all__ = [
    "load",
    "loads",
    "variants",
    "check",
    "Game",
    "Position",
    "Status",
    "VariaError",
    "DefinitionError",
    "UnknownVariant",
    "FenError",
    "IllegalMove",
]

class VariaError(ValueError):
    """Base class of the errors varia raises for bad input; a ValueError."""

class DefinitionError(VariaError):
    """A definition or an exported rule set that does not compile.

    The message is the rendered diagnostics: file:line:column, the source line and a caret.
    """

    diagnostics: list[tuple[int, int, str]]
    """Each problem as (line, column, message), lines and columns counted from 1."""

class UnknownVariant(VariaError):
    """A variant name that the file does not define; the message lists the ones it does."""

class FenError(VariaError):
    """A FEN that does not describe a position of the game."""

class IllegalMove(VariaError):
    """A move that is malformed, ambiguous or not legal in the position."""

_Source = Union[str, os.PathLike[str]]
_Format = Literal["varia", "ron", "json"]

def load(
    path_or_source: _Source,
    variant: Optional[str] = None,
    *,
    format: Optional[_Format] = None,
) -> Game:
    """Loads a game: a definition file (.varia), an exported rule set (.ron, .json), or the
    text of a definition.

    A ``str`` containing a line break is taken as definition text; any other ``str`` or
    path-like object is a file name. ``variant`` selects a variant (default: the main game);
    ``format`` overrides the guess from the file name.

    Raises DefinitionError (rendered diagnostics), UnknownVariant, or OSError.
    """

def loads(
    text: str,
    variant: Optional[str] = None,
    format: _Format = "varia",
    *,
    filename: str = "<string>",
) -> Game:
    """Loads a game from text: a definition or an exported rule set (``"ron"``, ``"json"``).

    ``filename`` names the text in diagnostics.
    """

def variants(path_or_source: _Source, *, format: Optional[_Format] = None) -> list[str]:
    """Lists the variants of a file (or of definition text), the main one first, without
    compiling them."""

def check(path_or_source: _Source, *, format: Optional[_Format] = None) -> list[str]:
    """Compiles every variant of a file and lists them, as ``varia check`` does; raises
    DefinitionError with every problem found in any of them."""

@final
class Game:
    """A compiled game: one variant of a definition, ready to play."""

    @property
    def name(self) -> str:
        """The game's identifier (``game NAME`` in the definition)."""
    @property
    def variant(self) -> str:
        """The selected variant's name."""
    @property
    def title(self) -> Optional[str]:
        """The game's title, if the definition gives one."""
    @property
    def players(self) -> list[str]:
        """The players' names in turn order."""
    def start(self) -> Position:
        """Gets the start position."""
    def position(
        self,
        fen: Optional[str] = None,
        moves: Union[Iterable[str], str, None] = None,
    ) -> Position:
        """Gets a position: the FEN's (default: the start position), after playing ``moves``
        (move strings, or one string of moves separated by spaces).

        Raises FenError or IllegalMove.
        """
    def export(self, format: Literal["json", "ron"] = "json") -> str:
        """Exports the compiled rule set as ``varia export`` prints it; ``load`` and ``loads``
        read it back."""

@final
class Position:
    """A position of a game. ``play`` returns a new position; ``push`` changes this one.

    ``str(position)`` is its FEN. Positions are equal when they belong to the same Game object
    and have the same FEN; they are not hashable (use ``key``).
    """

    @property
    def game(self) -> Game:
        """The game this position belongs to."""
    @property
    def fen(self) -> str:
        """The position as a FEN."""
    @property
    def side_to_move(self) -> str:
        """The name of the player to move."""
    @property
    def eliminated(self) -> list[str]:
        """The names of the players out of the game (games with elimination)."""
    @property
    def hands(self) -> dict[str, dict[str, int]]:
        """The pieces each player holds in hand, by player name, then by the piece's symbol as a
        drop writes it (``"P"`` in ``"P@e5"``); empty hands are empty dicts."""
    @property
    def status(self) -> Status:
        """Where the game stands."""
    @property
    def key(self) -> int:
        """A hash of what makes two positions the same for repetition (not the clocks)."""
    def legal_moves(self) -> list[str]:
        """Lists the legal moves, sorted, written as ``varia moves`` prints them."""
    def play(self, move: str) -> Position:
        """Gets the position after a move (``"e2e4"``, ``"e7e8q"``, ``"P@e5"``); raises
        IllegalMove."""
    def push(self, move: str) -> None:
        """Plays a move on this position; raises IllegalMove and leaves the position as it
        was."""
    def perft(self, depth: int) -> int:
        """Counts the leaf nodes of the legal move tree ``depth`` plies deep (at most 32)."""
    def piece_at(self, cell: str) -> Optional[str]:
        """Gets the piece on a cell (``"e4"``) as a FEN writes it, without its origin (``"P"``,
        ``"p"``, ``"+P"``, ``"rW"`` with more than two players); None for an empty cell.
        Raises VariaError for a cell not on the board."""
    def copy(self) -> Position:
        """Gets a copy of this position."""
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: object = None) -> Position: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]

@final
class Status:
    """Where a game stands."""

    @property
    def over(self) -> bool:
        """The game is over."""
    @property
    def in_check(self) -> bool:
        """The player to move is in check (also when mated)."""
    @property
    def reason(
        self,
    ) -> Optional[
        Literal[
            "checkmate",
            "stalemate",
            "drop-mate",
            "last-player",
            "goal",
            "extinction",
            "check-limit",
            "repetition",
            "perpetual-check",
            "move-limit",
            "counting",
            "mate-alone",
            "incomplete-mate",
            "passes",
            "facing",
            "back-and-forth",
            "full-board",
            "row",
            "only-promotions",
        ]
    ]:
        """The rule that ended the game, or None."""
    @property
    def outcome(self) -> Optional[Literal["win", "loss", "draw", "elimination"]]:
        """What that rule means for the player to move, or None."""
    @property
    def winner(self) -> Optional[str]:
        """The winner's name; None for a draw or an unfinished game."""
    @property
    def description(self) -> str:
        """All of it in words, as ``varia show`` says it (also ``str(status)``)."""
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
