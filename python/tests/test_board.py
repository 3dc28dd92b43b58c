"""The python-chess shaped API: moves as objects, push and pop, SAN, checks, the outcome, the
engine's search, pickling and the version."""

import copy
import importlib.metadata
import pickle
import re

import pytest
import varia

from conftest import ROOT

CHESS = ROOT / "definitions" / "classic" / "chess.varia"
CRAZYHOUSE = ROOT / "definitions" / "classic" / "crazyhouse.varia"
SHOGI = ROOT / "definitions" / "classic" / "shogi.varia"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
START_MOVES = [
    "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4",
    "e2e3", "e2e4", "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4",
]


@pytest.fixture(scope="module")
def chess():
    return varia.load(CHESS)


def test_version_is_the_package_version():
    pyproject = (ROOT / "python" / "pyproject.toml").read_text()
    version = re.search(r'^version = "([^"]+)"', pyproject, re.M).group(1)
    assert varia.__version__ == version
    assert importlib.metadata.version("varia") == version
    assert "__version__" in varia.__all__


def test_legal_moves_are_moves_that_equal_their_text(chess):
    moves = chess.start().legal_moves()
    assert [str(m) for m in moves] == START_MOVES
    assert moves == START_MOVES
    first = moves[0]
    assert isinstance(first, varia.Move)
    assert str(first) == "a2a3" and first.uci() == "a2a3"
    assert first == "a2a3" and "a2a3" == first and first != "a2a4"
    assert first < "a2a4" and first <= moves[1] and moves[1] > first and not first > "a2a3"
    assert hash(first) == hash("a2a3") and len({first, "a2a3"}) == 1
    assert repr(first) == "Move('a2a3')"
    assert (first.from_cell, first.to_cell, first.piece) == ("a2", "a3", "P")
    assert first.promotion is None and first.drop is False
    assert "g1f3" in moves and varia.Move("g1f3") in moves and "g1g3" not in moves
    knight = moves[START_MOVES.index("g1f3")]
    assert (knight.piece, knight.from_cell, knight.to_cell) == ("N", "g1", "f3")
    # A Move made from its text has only the text.
    bare = varia.Move("g1f3")
    assert (bare.from_cell, bare.to_cell, bare.piece, bare.promotion, bare.drop) == (
        None,
        None,
        None,
        None,
        False,
    )
    assert (first == 3) is False and first.__eq__(3) is NotImplemented
    with pytest.raises(TypeError):
        first < 3


def test_promotion_and_drop_moves_describe_themselves(chess):
    pos = chess.position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    moves = pos.legal_moves()
    assert [(str(m), m.piece, m.promotion, pos.san(m)) for m in moves] == [
        ("e1d1", "K", None, "Kd1"),
        ("e1d2", "K", None, "Kd2"),
        ("e1e2", "K", None, "Ke2"),
        ("e1f1", "K", None, "Kf1"),
        ("e1f2", "K", None, "Kf2"),
        ("e7e8b", "P", "B", "e8=B"),
        ("e7e8n", "P", "N", "e8=N"),
        ("e7e8q", "P", "Q", "e8=Q"),
        ("e7e8r", "P", "R", "e8=R"),
    ]
    house = varia.load(CRAZYHOUSE)
    pos = house.position("rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1")
    drops = [m for m in pos.legal_moves() if m.drop]
    assert len(drops) == 33 and drops[:3] == ["P@a3", "P@a4", "P@a5"]
    drop = drops[drops.index("P@d7")]
    assert (drop.from_cell, drop.to_cell, drop.piece, drop.promotion) == (None, "d7", "P", None)
    assert pos.san(drop) == "P@d7+"
    assert pos.gives_check("P@d7") is True and pos.gives_check("P@d3") is False
    pos.push(drop)
    assert pos.fen == "rnbqkbnr/pppPpppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b KQkq - 0 1"
    assert pos.hands == {"white": {}, "black": {}}
    assert pos.pop() == "P@d7" and pos.hands == {"white": {"P": 1}, "black": {}}


def test_push_and_pop(chess):
    pos = chess.start()
    assert pos.push("e2e4") is None
    pos.push(varia.Move("e7e5"))
    assert pos.push_san("Nf3") == "g1f3"
    assert pos.move_stack == ["e2e4", "e7e5", "g1f3"]
    assert pos.fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    assert pos.pop() == "g1f3"
    assert pos.fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    popped = pos.pop()
    assert (popped, popped.piece, popped.from_cell, popped.to_cell) == ("e7e5", "P", "e7", "e5")
    assert pos.pop() == "e2e4"
    assert pos.fen == START and pos.move_stack == []
    with pytest.raises(IndexError, match="pop from an empty move stack"):
        pos.pop()
    # Moves given to Game.position are on the stack too, and copies keep them apart.
    pos = chess.position(moves=["e2e4", varia.Move("e7e5")])
    again = copy.deepcopy(pos)
    assert again.pop() == "e7e5" and pos.move_stack == ["e2e4", "e7e5"]
    assert again.fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert again.move_stack == ["e2e4"]
    # play returns a new position that can be taken back to this one.
    after = pos.play("g1f3")
    assert after.move_stack == ["e2e4", "e7e5", "g1f3"] and pos.move_stack == ["e2e4", "e7e5"]
    assert after.pop() == "g1f3" and after.fen == pos.fen
    # A position set up from a FEN pops back to that FEN, not further.
    set_up = chess.position("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1")
    assert set_up.fen == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    assert set_up.pop() == "e1g1" and set_up.fen == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    with pytest.raises(IndexError):
        set_up.pop()


def test_san_of_every_start_move(chess):
    start = chess.start()
    assert [start.san(m) for m in start.legal_moves()] == [
        "a3", "a4", "Na3", "Nc3", "b3", "b4", "c3", "c4", "d3", "d4",
        "e3", "e4", "f3", "f4", "Nf3", "Nh3", "g3", "g4", "h3", "h4",
    ]
    assert [start.parse_san(start.san(m)) for m in start.legal_moves()] == START_MOVES


def test_san_checks_captures_castling_and_disambiguation(chess):
    pos = chess.position(moves="e2e4 e7e5 f1c4 b8c6 d1h5 g8f6")
    assert pos.san("h5f7") == "Qxf7#"
    assert pos.san("c4f7") == "Bxf7+"
    assert pos.san("g1f3") == "Nf3"
    assert pos.gives_check("h5f7") is True and pos.gives_check("c4f7") is True
    assert pos.gives_check("g1f3") is False
    assert pos.is_capture("h5f7") and pos.is_capture("h5h7") and not pos.is_capture("g1f3")
    assert pos.parse_san("Qxf7") == "h5f7" and pos.parse_san("Qxf7#") == "h5f7"
    assert pos.is_check() is False
    assert pos.push_san("Qxf7#") == "h5f7"
    assert pos.is_check() is True
    assert pos.fen == "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    # Castling, en passant.
    italian = chess.position(moves="e2e4 e7e5 g1f3 b8c6 f1c4 g8f6")
    assert italian.san("e1g1") == "O-O" and italian.parse_san("O-O") == "e1g1"
    assert italian.parse_san("0-0") == "e1g1"  # zeros, as python-chess reads them
    queenside = chess.position(fen="3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert queenside.push_san("0-0-0+") == "e1c1" and queenside.is_check()
    assert italian.play("e1g1").fen == (
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    )
    passing = chess.position(moves="e2e4 a7a6 e4e5 d7d5")
    assert passing.san("e5d6") == "exd6" and passing.is_capture("e5d6") is True
    assert passing.play("e5d6").fen == "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    # Two pieces reach the same cell: the origin's file, rank, or both tell them apart.
    knights = chess.position(moves="d2d4 d7d5 g1f3 g8f6")
    assert knights.san("b1d2") == "Nbd2" and knights.san("f3d2") == "Nfd2"
    rooks = chess.position("4k3/8/8/R7/8/8/8/R3K3 w Q - 0 1")
    assert rooks.san("a1a3") == "R1a3" and rooks.san("a5a3") == "R5a3"
    queens = chess.position("4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1")
    assert [queens.san(m) for m in ("a1b2", "a3b2", "c3b2")] == ["Q1b2", "Qa3b2", "Qcb2"]
    assert queens.parse_san("Qa3b2") == "a3b2"
    promoting = chess.position("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1")
    assert [promoting.san(m) for m in promoting.legal_moves() if m.from_cell == "b7"] == [
        "bxa8=B", "bxa8=N", "bxa8=Q+", "bxa8=R+", "b8=B", "b8=N", "b8=Q+", "b8=R+",
    ]


def test_shogi_san_writes_promoted_types_by_their_symbol():
    shogi = varia.load(SHOGI)
    pos = shogi.position(moves="c3c4 g7g6")
    assert pos.san("b2h8+") == "Bxh8=+B"
    assert pos.san("b2h8") == "Bxh8"
    assert pos.push_san("Bxh8=+B") == "b2h8+"
    assert pos.move_stack == ["c3c4", "g7g6", "b2h8+"]
    assert pos.fen == "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2"
    pos.push("i7i6")
    assert pos.san("B@e5") == "B@e5"
    assert pos.push_san("B@e5") == "B@e5"
    assert pos.fen == "lnsgkgsnl/1r5+B1/pppppp1p1/6p1p/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL[] b - - 0 3"


def test_bad_moves_raise_and_change_nothing(chess):
    pos = chess.start()
    with pytest.raises(varia.IllegalMove) as err:
        pos.push_san("Nf4")
    assert str(err.value) == f"illegal move `Nf4`: no legal move is written so (position: {START})"
    with pytest.raises(varia.IllegalMove) as err:
        pos.san("e2e5")
    assert str(err.value) == f"illegal move `e2e5` (position: {START})"
    with pytest.raises(varia.IllegalMove, match=r"^illegal move `g1f3`: no legal move is written"):
        pos.parse_san("g1f3")
    with pytest.raises(varia.IllegalMove, match=r"^illegal move `e2e5`"):
        pos.gives_check("e2e5")
    with pytest.raises(varia.IllegalMove, match=r"^illegal move `e2e5`"):
        pos.is_capture("e2e5")
    with pytest.raises(TypeError, match="expected a move"):
        pos.push(42)
    assert pos.fen == START and pos.move_stack == []


def test_outcome_and_result(chess):
    start = chess.start()
    assert start.outcome() is None and start.result() == "*"
    mate = chess.position(moves="f2f3 e7e5 g2g4 d8h4")
    outcome = mate.outcome()
    assert (outcome.termination, outcome.winner, outcome.result()) == ("checkmate", "black", "0-1")
    assert mate.result() == "0-1" and mate.is_check() is True
    assert repr(outcome) == "Outcome(termination='checkmate', winner='black')"
    white_mates = chess.position("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "f7g7")
    assert white_mates.result() == "1-0" and white_mates.outcome().winner == "white"
    stalemate = chess.position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.result() == "1/2-1/2"
    assert (stalemate.outcome().termination, stalemate.outcome().winner) == ("stalemate", None)


def test_search_finds_a_mate(chess):
    pos = chess.position(moves="f2f3 e7e5 g2g4")
    found = pos.search(depth=3)
    assert (found.best, found.score, found.mate, found.depth) == ("d8h4", None, 1, 3)
    assert found.line == ["d8h4"]
    assert pos.san(found.best) == "Qh4#"
    # The game is over: no move, and the score of the ending for the player to move.
    over = pos.play("d8h4").search(depth=2)
    assert (over.best, over.line, over.mate, over.score, over.nodes) == (None, [], 0, None, 0)
    drawn = chess.position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").search(depth=2)
    assert (drawn.best, drawn.score, drawn.mate) == (None, 0, None)


@pytest.mark.parametrize(
    "moves, depth",
    [("", 5), ("e2e4 e7e5 g1f3 b8c6", 5), ("f2f3 e7e5 g2g4", 3)],
)
def test_search_is_the_engine_of_varia_uci(chess, cli, moves, depth):
    """The same search as `varia uci` with its default hash: move, score, depth, nodes, line."""
    found = chess.position(moves=moves).search(depth=depth)
    uci = cli.uci_search(CHESS, moves, f"go depth {depth}")
    assert found.best == uci["bestmove"]
    assert [str(m) for m in found.line] == uci["pv"]
    assert (found.depth, found.nodes, found.score, found.mate) == (
        uci["depth"],
        uci["nodes"],
        uci.get("cp"),
        uci.get("mate"),
    )


def test_search_by_nodes_and_time(chess, cli):
    found = chess.start().search(nodes=2000)
    assert found.best == cli.uci_search(CHESS, "", "go nodes 2000")["bestmove"]
    assert 2000 <= found.nodes <= 2001 and found.line[0] == found.best
    timed = chess.start().search(movetime=50)
    assert timed.best in START_MOVES and timed.line[0] == timed.best and timed.depth >= 1


def test_search_needs_sane_limits(chess):
    pos = chess.start()
    with pytest.raises(varia.VariaError, match="search needs a limit"):
        pos.search()
    with pytest.raises(varia.VariaError, match=r"search depth 0 is not in 1\.\.=128"):
        pos.search(depth=0)
    with pytest.raises(varia.VariaError, match=r"search depth 129 is not in 1\.\.=128"):
        pos.search(depth=129)
    with pytest.raises(varia.VariaError, match="search nodes -5 is not positive"):
        pos.search(nodes=-5)
    with pytest.raises(varia.VariaError, match="search movetime 0 is not positive"):
        pos.search(movetime=0)
    for threads in (0, 257):
        with pytest.raises(varia.VariaError, match=rf"search threads {threads} is not in 1\.\.=256"):
            pos.search(depth=1, threads=threads)


def test_search_on_two_threads(chess):
    """Lazy SMP: the mate in two is found; the nodes are the threads' together."""
    found = chess.position("7k/8/8/8/8/8/R7/1R5K w - - 0 1").search(depth=4, threads=2)
    assert (found.mate, found.score, found.depth) == (2, None, 4)
    pos = chess.position("7k/8/8/8/8/8/R7/1R5K w - - 0 1").play(found.best)
    assert all(pos.play(m).search(depth=2).mate == 1 for m in pos.legal_moves())


def test_games_positions_and_moves_pickle(chess):
    game = pickle.loads(pickle.dumps(chess))
    assert (game.name, game.variant, game.players) == ("chess", "chess", ["white", "black"])
    assert game.start().fen == START
    pos = chess.position(moves="e2e4 e7e5")
    back = pickle.loads(pickle.dumps(pos))
    assert back.fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert back.move_stack == ["e2e4", "e7e5"]
    assert back.pop() == "e7e5"
    assert back.fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    set_up = chess.position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", moves="e7e8q")
    back = pickle.loads(pickle.dumps(set_up))
    assert back.fen == "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1"
    assert back.pop() == "e7e8q" and back.fen == "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
    move = pos.legal_moves()[0]
    again = pickle.loads(pickle.dumps(move))
    assert again == move == "a2a3"
    assert (again.from_cell, again.to_cell, again.piece, again.promotion, again.drop) == (
        "a2",
        "a3",
        "P",
        None,
        False,
    )
