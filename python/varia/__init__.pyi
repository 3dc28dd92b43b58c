"""Chess variants from declarative definitions: load a definition (or an exported rule set),
then get positions, legal moves (in SAN too), game status, perft counts, the engine's best
move and matches."""

import os
from typing import Iterable, Literal, Mapping, Optional, Sequence, TypedDict, Union, final

__version__: str
__all__ = [
    "__version__",
    "load",
    "loads",
    "variants",
    "check",
    "warnings",
    "match",
    "Game",
    "Position",
    "Status",
    "Move",
    "Outcome",
    "SearchResult",
    "MatchReport",
    "MatchSeries",
    "MatchGame",
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
_MoveLike = Union[str, "Move"]
_Format = Literal["varia", "ron", "json"]
_Options = Union[str, Mapping[str, float]]

class _SprtStanding(TypedDict):
    """A sequential test as ``varia match --json`` writes it (``MatchSeries.sprt``)."""

    elo0: float
    elo1: float
    alpha: float
    beta: float
    batch: int
    """The pairs of games between two looks at the test (a shard's, in shards)."""
    pairs: int
    """The pairs counted: the batches over in a row from the first, up to the one that decided."""
    pentanomial: list[int]
    """Pairs of games (one opening, colours swapped) by varia's score 0, 1/2, 1, 3/2, 2."""
    llr: float
    """The log-likelihood ratio of H1 against H0, to three decimals."""
    lower: float
    upper: float
    verdict: Optional[Literal["H0", "H1"]]
    """The hypothesis accepted; None while undecided."""
    discarded: int
    """Games played past the batch that decided the test, not counted."""

class _GameClock(TypedDict):
    """An entrant's use of its clock in one game (``MatchGame.clock``)."""

    used_us: int
    """The microseconds its moves took."""
    moves: int
    least_us: int
    """The least microseconds it had left after a move."""

class _ClockUsage(TypedDict):
    """The clocks of a series as ``varia match --json`` writes them (``MatchSeries.clock``);
    each pair is varia's (the first entrant's) first."""

    tc: str
    tcs: list[str]
    margin_ms: int
    ms_per_move: list[float]
    moves: list[int]
    least_left_ms: list[int]

def load(
    path_or_source: _Source,
    variant: Optional[str] = None,
    *,
    format: Optional[_Format] = None,
) -> Game:
    """Loads a game: a definition file (.varia), an exported rule set (.ron, .json), or the
    text of a definition.

    A ``str`` containing a line break is taken as definition text; any other ``str`` or
    path-like object is a file name. A definition read from a file may ``extends "FILE"``,
    found from that file's folder; text cannot. ``variant`` selects a variant (default: the
    main game); ``format`` overrides the guess from the file name.

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

def warnings(
    path_or_source: _Source, *, format: Optional[_Format] = None
) -> list[tuple[int, int, str]]:
    """Compiles every variant as ``check`` does and lists the warnings ``varia check`` prints:
    designs that compile but cannot be what was meant (a piece that can never move, a zone never
    used, a promotion that never fires, ...), each as (line, column, message), lines and columns
    from 1, sorted by position. An exported rule set has none. Raises DefinitionError as
    ``check`` does."""

def match(
    path_or_source: _Source,
    variants: Union[None, str, Sequence[str]] = None,
    *,
    games: int = 2,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    movetime: Optional[int] = None,
    opponent_depth: Optional[int] = None,
    opponent_nodes: Optional[int] = None,
    opponent_movetime: Optional[int] = None,
    openings: Union[None, _Source, Sequence[str]] = None,
    random_plies: int = 4,
    max_plies: int = 400,
    seed: int = 0,
    threads: int = 1,
    format: Optional[_Format] = None,
    weights: Optional[_Source] = None,
    opponent_weights: Optional[_Source] = None,
    engine: Union[None, str, Sequence[str]] = None,
    protocol: Optional[Literal["uci", "xboard"]] = None,
    tc: Optional[str] = None,
    timemargin: Optional[int] = None,
    draw_adjudication: Optional[_Options] = None,
    resign_adjudication: Optional[_Options] = None,
    sprt: Optional[_Options] = None,
    pgn: Optional[_Source] = None,
    shard: Optional[tuple[int, int]] = None,
    played: Optional[Iterable[MatchGame]] = None,
    address: Optional[str] = None,
    results: Optional[_Source] = None,
    shards: Optional[int] = None,
) -> MatchReport:
    """Plays a match, as ``varia match`` does, and returns its report.

    Each variant (None: the main one) is a series of ``games`` games. With only ``depth``,
    ``nodes`` or ``movetime`` (depth 3 if none is given) each game is self-play, counted from
    the first player's side. With any ``opponent_*`` limit a second setting plays the first:
    the first takes the first player in even games and the second in odd ones, games 2k and
    2k+1 sharing their opening, and the series is counted from the first setting's side.

    ``engine`` (a command, or a list of them: a series each) is an external UCI or XBoard engine
    (``protocol``; else UCI if it answers ``uci``), as ``varia match --engine`` takes it:
    ``"program arg ..."`` or Cute Chess's ``"cmd=PROGRAM arg=ARG option.NAME=VALUE st=0.5"``.
    varia plays it with colours alternated, games 2k and 2k+1 sharing their opening, counted
    from varia's side. ``tc`` is a clock for each player instead of a limit a move, as ``--tc``
    reads it (``"10+0.1"``, ``"40/60+0"``); a move that ends more than ``timemargin`` ms (50
    unless given) past the time left loses on time. ``draw_adjudication`` (``movenumber``,
    ``movecount``, ``score``) and ``resign_adjudication`` (``movecount``, ``score``) end a game
    once the players' scores agree, and ``sprt`` (``elo0``, ``elo1``, ``alpha``, ``beta``,
    ``batch``) tests varia against one engine in one variant, looked at after each batch of
    ``batch`` pairs (1) in the order of their indices, stopping the match once it decides
    (``games``, then the most played, must be even; games past the deciding batch are
    discarded), as the options of the same names do. Each is a str of
    ``NAME=VALUE`` words as the command line takes it, or a mapping (``{"elo0": 0, "elo1": 10}``).

    Each game starts from the setup or a line of ``openings`` (a book's path, its text, or a
    list of lines: a FEN or moves from the setup), then ``random_plies`` random legal moves drawn
    from ``seed``; it ends by the rules, by a third repetition, or as a draw after
    ``max_plies``. The same seed and settings give the same games (under ``depth`` or
    ``nodes``); seed 0 gives ``varia match``'s. ``threads`` games are played at once, without
    the GIL. ``weights`` is a weights file as ``varia tune`` writes it: the first setting (both
    sides in self-play) evaluates with it in the series of the variant it was tuned for, as
    ``varia match --weights`` does; ``opponent_weights`` is the second setting's. ``pgn`` (a
    path) is where the games are written once the match is over, byte for byte as
    ``varia match --pgn`` writes them (``MatchReport.pgn()`` gives the same text).

    ``shard`` ``(k, n)`` plays only shard ``k`` of ``n`` of each series: the pairs of games
    ``p`` with ``p % n == k``, games 2p and 2p+1, each the game the whole match plays under that
    index. ``played`` are games already played (from shards or a results file): the match
    counts each in its place and plays the others, so that the shards' games merged give the
    whole match's report (against an engine or under a clock the same games by index, not the
    same moves). A played game must be one of this match's (series and index in range, its
    start and first player those of that game, in the shard if one is asked), given once.
    With ``sprt`` shard k of n is batch k of the test (n the number of batches), and the
    played games are counted before any is played, the match stopping once the test decides.
    ``address`` (a Ray cluster's, ``"HOST:PORT"`` or ``"auto"``) plays the games as Ray tasks, a
    task a shard (``shards`` of them; by default one a pair of games), each run again on another
    worker if its worker is lost; ``results`` (a path) is a file each shard's games are appended
    to as it ends (JSON lines), so that a rerun with the same file plays only the shards it lacks
    (without ``address``, here, ``threads`` shards at a time). Either way the report is the one
    the match gives on one machine with the same seed and settings. With ``sprt`` the shards
    are the test's batches (``shards`` must be their number if given), sent in order, as many at
    once as the cluster has CPUs (here ``threads``), until the test decides: the same verdict,
    ratio and counts as on one machine. Ray is imported only for ``address`` (VariaError if it
    is not installed); neither takes ``shard`` or ``played``. An engine's command runs where its shard is played: its path must exist on every
    Ray machine (and here, where it is checked first). A results file's lines are those
    ``varia match --shard K/N --results FILE`` writes.

    Raises
    DefinitionError, UnknownVariant, OSError as ``load`` does (and for an unreadable weights
    file or a ``pgn`` file that cannot be written), TypeError for an argument of the wrong type, and VariaError for a bad count, limit,
    opening, weights file, engine (one that does not start or does not play a variant), clock,
    adjudication or test, or options that do not go together (a second setting with an engine,
    a clock, adjudication or a test; ``tc`` with a limit a move; ``sprt`` but against one engine
    in one variant; an engine, a clock or adjudication in a game of more than two players), and
    for a bad shard (with ``sprt``, not one of its batches) or played game.
    """

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
        moves: Union[Iterable[_MoveLike], str, None] = None,
    ) -> Position:
        """Gets a position: the FEN's (default: the start position), after playing ``moves``
        (move strings or Moves, or one string of moves separated by spaces), which
        ``Position.pop`` can take back.

        Raises FenError or IllegalMove.
        """
    def export(self, format: Literal["json", "ron"] = "json") -> str:
        """Exports the compiled rule set as ``varia export`` prints it; ``load`` and ``loads``
        read it back."""
    def __reduce__(self) -> tuple[object, tuple[str, None, str]]:
        """Pickles the game as its exported rule set (JSON), which ``loads`` reads back."""

@final
class Position:
    """A position of a game. ``play`` returns a new position; ``push`` changes this one and
    ``pop`` takes its last move back.

    ``str(position)`` is its FEN. Positions are equal when they belong to the same Game object
    and have the same FEN; they are not hashable (use ``key``). A position pickles as its game,
    the FEN it was set up from and the moves played since.
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
    @property
    def move_stack(self) -> list[Move]:
        """The moves played since the position was set up, oldest first."""
    def legal_moves(self) -> list[Move]:
        """Lists the legal moves as Moves, sorted by their text as ``varia moves`` prints them
        (each compares equal to its text)."""
    def play(self, move: _MoveLike) -> Position:
        """Gets the position after a move (``"e2e4"``, ``"e7e8q"``, ``"P@e5"``, or a Move);
        raises IllegalMove."""
    def push(self, move: _MoveLike) -> None:
        """Plays a move on this position; raises IllegalMove and leaves the position as it
        was."""
    def pop(self) -> Move:
        """Takes back the last move played and returns it; raises IndexError when there is
        none."""
    def san(self, move: _MoveLike) -> str:
        """Writes a legal move in SAN (``"Nf3"``, ``"exd5"``, ``"e8=Q+"``, ``"O-O"``,
        ``"P@e4"``); raises IllegalMove for a move that is not legal here."""
    def parse_san(self, san: str) -> Move:
        """Finds the legal move written in SAN (with or without ``+`` or ``#``); raises
        IllegalMove."""
    def push_san(self, san: str) -> Move:
        """Plays a move written in SAN and returns it; raises IllegalMove and leaves the
        position as it was."""
    def gives_check(self, move: _MoveLike) -> bool:
        """Tells whether a legal move checks; raises IllegalMove for a move that is not legal
        here."""
    def is_capture(self, move: _MoveLike) -> bool:
        """Tells whether a legal move takes a piece (en passant, hops, displacements included);
        raises IllegalMove for a move that is not legal here."""
    def is_check(self) -> bool:
        """Tells whether a royal piece of the player to move is attacked."""
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, or None while it goes on."""
    def result(self) -> str:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, or ``"*"`` while the game goes on; with more
        than two players the winner's name for a win."""
    def search(
        self,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[int] = None,
        threads: int = 1,
    ) -> SearchResult:
        """Searches the position with varia's engine: at least one limit, ``depth`` (plies, 1
        to 128), ``nodes`` or ``movetime`` (milliseconds); the first reached stops it.
        ``threads`` (1 to 256) searches on that many threads (lazy SMP; ``nodes`` counts them
        all). Raises VariaError for a missing or out-of-range limit."""
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
    def __reduce__(self) -> tuple[object, tuple[str, list[str]]]:
        """Pickles the position as ``game.position(fen, moves)``."""

@final
class Move:
    """A move. ``str(move)`` is its text as ``varia moves`` writes it; a move compares equal
    to its text (and to Moves with the same text), hashes as it does and sorts by it.

    Positions give Moves with every field; ``Move("e2e4")`` has only the text, which is what
    ``push`` and ``play`` read."""

    def __new__(
        cls,
        uci: str,
        from_cell: Optional[str] = None,
        to_cell: Optional[str] = None,
        piece: Optional[str] = None,
        promotion: Optional[str] = None,
        drop: bool = False,
    ) -> Move: ...
    @property
    def from_cell(self) -> Optional[str]:
        """The cell the piece leaves (``"e2"``); None for a drop or a pass."""
    @property
    def to_cell(self) -> Optional[str]:
        """The cell the piece reaches (a pass: its royal piece's cell)."""
    @property
    def piece(self) -> Optional[str]:
        """The moving or dropped type's symbol as the first player writes it (``"N"``,
        ``"+P"``); None for a pass."""
    @property
    def promotion(self) -> Optional[str]:
        """The symbol of the type the piece becomes, if it promotes."""
    @property
    def drop(self) -> bool:
        """The move puts a piece from hand on the board."""
    def uci(self) -> str:
        """The move's text, as ``varia moves`` writes it (also ``str(move)``)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Union[str, Move], /) -> bool: ...
    def __le__(self, other: Union[str, Move], /) -> bool: ...
    def __gt__(self, other: Union[str, Move], /) -> bool: ...
    def __ge__(self, other: Union[str, Move], /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(
        self,
    ) -> tuple[
        type[Move],
        tuple[str, Optional[str], Optional[str], Optional[str], Optional[str], bool],
    ]: ...

@final
class Outcome:
    """How a game ended, as python-chess's ``Outcome`` says it."""

    @property
    def termination(self) -> str:
        """The rule that ended the game, as ``Status.reason`` names it."""
    @property
    def winner(self) -> Optional[str]:
        """The winner's name; None for a draw."""
    def result(self) -> str:
        """The result as PGN writes it (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``; with more than
        two players the winner's name)."""

@final
class SearchResult:
    """What ``Position.search`` found."""

    @property
    def best(self) -> Optional[Move]:
        """The move to play; None when the game is over."""
    @property
    def score(self) -> Optional[int]:
        """The score for the player to move in centipawns; None for a mate score (0 for a game
        over in a draw)."""
    @property
    def mate(self) -> Optional[int]:
        """Moves to a mate (negative: being mated; 0: the game is over, lost for the player to
        move); None otherwise."""
    @property
    def depth(self) -> int:
        """The last depth completed (plies)."""
    @property
    def nodes(self) -> int:
        """Nodes visited."""
    @property
    def line(self) -> list[Move]:
        """The principal line, ``best`` first."""

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

@final
class MatchGame:
    """One game of a match."""

    @property
    def series(self) -> int:
        """The number of the game's series in the match, from 0."""
    @property
    def index(self) -> int:
        """The game's number in its series, from 0."""
    @property
    def start_fen(self) -> str:
        """The position after the opening and random plies."""
    @property
    def moves(self) -> list[str]:
        """The moves played from ``start_fen``."""
    @property
    def winner(self) -> Optional[str]:
        """The winner's name; None for a draw."""
    @property
    def cause(self) -> str:
        """What ended the game: the rule (``"checkmate"``, ``"repetition"``, ...), or
        ``"ply-cap"``."""
    @property
    def result(self) -> str:
        """The result as PGN writes it."""
    @property
    def first(self) -> str:
        """The player the first entrant played."""
    @property
    def note(self) -> Optional[str]:
        """What went wrong with an external engine that lost so (the end of its standard
        error); None otherwise."""
    @property
    def clock(self) -> Optional[list[_GameClock]]:
        """Each entrant's use of its clock under ``tc`` (the first entrant's first); None
        without a clock."""
    def pgn(self) -> str:
        """The game as ``varia match --pgn`` writes it: headers (``Round`` the index plus one,
        ``Variant``, ``FEN`` the start, ``Termination`` the cause, ``TimeControl``), then the
        moves in SAN, each with its engine's score and depth as a comment, and the result,
        followed by a blank line. Between two settings each side is named as its entrant."""
    def json(self) -> str:
        """The game as one line of JSON: an object of its fields (``series``, ``index``,
        ``start_fen``, ``moves``, ``winner``, ``cause``, ``result``, ``first``, ``note``,
        ``clock``) and ``pgn``, as a line of ``varia match --results`` holds a game, which
        ``MatchGame.from_json`` reads back."""
    @staticmethod
    def from_json(text: str) -> MatchGame:
        """Reads a game back from its ``json()``; raises VariaError for text that is not one."""
    def __reduce__(self) -> tuple[object, tuple[str]]:
        """Pickles the game as its JSON."""

@final
class MatchSeries:
    """A series of a match (one variant), counted from its first entrant's side."""

    @property
    def variant(self) -> str:
        """The variant played."""
    @property
    def entrants(self) -> list[str]:
        """The entrants, the first one first: ``"varia"`` in self-play, each setting
        (``"varia (depth 3)"``), or ``"varia"`` and the engine's name."""
    @property
    def games(self) -> int:
        """Games played."""
    @property
    def wins(self) -> int:
        """The first entrant's wins."""
    @property
    def draws(self) -> int:
        """Draws."""
    @property
    def losses(self) -> int:
        """The first entrant's losses."""
    @property
    def score(self) -> float:
        """The first entrant's score in [0, 1], a draw counting half."""
    @property
    def elo(self) -> Optional[float]:
        """The Elo difference the score implies; None for a score of 0 or 1."""
    @property
    def elo_low(self) -> Optional[float]:
        """The low end of its 95% interval; None where it is infinite."""
    @property
    def elo_high(self) -> Optional[float]:
        """The high end of its 95% interval; None where it is infinite."""
    @property
    def wins_by_player(self) -> dict[str, int]:
        """Wins by player name."""
    @property
    def causes(self) -> dict[str, int]:
        """Games by what ended them."""
    @property
    def lengths(self) -> list[int]:
        """Each game's length in plies, in order."""
    @property
    def records(self) -> list[MatchGame]:
        """The games, in order."""
    @property
    def sprt(self) -> Optional[_SprtStanding]:
        """The sequential test's standing; None without ``sprt``."""
    @property
    def clock(self) -> Optional[_ClockUsage]:
        """The clocks' use; None without ``tc``."""
    def json(self) -> str:
        """The series as ``varia match --json`` writes one."""
    def pgn(self) -> str:
        """The series' games as ``varia match --pgn`` writes them, one after the other."""

@final
class MatchReport:
    """What ``varia.match`` returns."""

    @property
    def series(self) -> list[MatchSeries]:
        """One series a variant (and engine), in the order asked."""
    def json(self) -> str:
        """The report as JSON, ``{"series": [...]}``."""
    def pgn(self) -> str:
        """Every game as ``varia match --pgn FILE`` writes them to FILE, series after series:
        what the ``pgn`` argument of ``match`` writes."""
