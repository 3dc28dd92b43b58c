"""The Python API: positions, moves, status, errors, export."""

import copy
import json
import os
import pathlib
import random

import pytest
import varia

from conftest import ROOT, variant_cases

CHESS = ROOT / "definitions" / "classic" / "chess.varia"
SHOGI = ROOT / "definitions" / "classic" / "shogi.varia"
FOUR_FACES = ROOT / "definitions" / "4-faces.varia"
FOOLS_MATE = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"


@pytest.fixture(scope="module")
def chess():
    return varia.load(CHESS)


def test_game_properties(chess):
    assert chess.name == "chess"
    assert chess.variant == "chess"
    assert chess.players == ["white", "black"]
    assert repr(chess) == "<varia.Game chess variant='chess'>"


def test_load_accepts_paths_and_text(chess):
    text = CHESS.read_text()
    for source in (str(CHESS), CHESS, text):
        assert varia.load(source).start().fen == chess.start().fen
    assert varia.loads(text).variant == "chess"
    assert varia.variants(text) == ["chess"]


NIGHTRIDER = """\
extends "{chess}"
game nightrider-chess "Nightrider chess"

piece Knight
  value 5
  moves NN
"""


def test_load_follows_extends_from_the_file(tmp_path, monkeypatch):
    """A definition that extends another file is read from its path, the extended file found
    from its folder, as `varia` does; as text, without a path, it cannot be."""
    path = tmp_path / "nightrider.varia"
    text = NIGHTRIDER.format(chess=os.path.relpath(CHESS, tmp_path))
    path.write_text(text)
    game = varia.load(path)
    assert (game.name, game.variant, game.title) == (
        "nightrider-chess",
        "nightrider-chess",
        "Nightrider chess",
    )
    start = game.start()
    assert start.fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert start.legal_moves() == [
        "a2a3", "a2a4", "b1a3", "b1c3", "b1d5", "b1e7", "b2b3", "b2b4", "c2c3", "c2c4",
        "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "f2f4", "g1d7", "g1e5", "g1f3", "g1h3",
        "g2g3", "g2g4", "h2h3", "h2h4",
    ]
    assert (start.san("b1e7"), start.san("g1e5")) == ("Nxe7", "Ne5")
    # It plays as the shipped Nightrider chess.
    shipped = varia.load(ROOT / "definitions" / "fsf" / "nightrider.varia").start()
    assert [start.perft(d) for d in (1, 2, 3)] == [24, 576, 15586]
    assert [shipped.perft(d) for d in (1, 2, 3)] == [24, 576, 15586]
    assert varia.variants(path) == ["nightrider-chess"]
    assert varia.check(str(path)) == ["nightrider-chess"]
    # A relative path is found from the working directory, and the extended file from it.
    monkeypatch.chdir(tmp_path.parent)
    relative = f"{tmp_path.name}/nightrider.varia"
    assert varia.load(relative).start().perft(2) == 576
    with pytest.raises(varia.DefinitionError) as err:
        varia.load(text)
    assert err.value.diagnostics == [
        (
            1,
            1,
            f"`extends \"{os.path.relpath(CHESS, tmp_path)}\"` needs the path of this definition "
            "to find that file from: load the definition from its file",
        )
    ]
    with pytest.raises(varia.DefinitionError, match="<string>:1:1"):
        varia.loads(text)
    # A file it extends that is not there is an error at the `extends`, in the file's name.
    path.write_text(text.replace("chess.varia", "no-such.varia"))
    with pytest.raises(varia.DefinitionError) as err:
        varia.load(path)
    assert f"{path}:1:1" in str(err.value)
    assert [(line, column) for line, column, _ in err.value.diagnostics] == [(1, 1)]


def test_start_position(chess):
    start = chess.start()
    assert start.fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert str(start) == start.fen
    assert repr(start) == f"<varia.Position chess '{start.fen}'>"
    assert start.side_to_move == "white"
    assert start.piece_at("e1") == "K"
    assert start.piece_at("d8") == "q"
    assert start.piece_at("e4") is None
    assert start.hands == {"white": {}, "black": {}}


def test_play_returns_a_new_position_and_push_changes_this_one(chess):
    start = chess.start()
    after = start.play("e2e4")
    assert start.fen == chess.start().fen
    assert after.fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert after.side_to_move == "black"
    assert after.piece_at("e4") == "P"
    pos = start.copy()
    assert pos.push("e2e4") is None
    assert pos == after and pos != start
    assert copy.copy(pos) == pos and copy.deepcopy(pos) is not pos
    assert pos.key == after.key
    with pytest.raises(TypeError):
        hash(pos)


def test_position_from_fen_and_moves(chess):
    listed = chess.position(moves=["e2e4", "e7e5"])
    spaced = chess.position(moves="e2e4 e7e5")
    assert listed == spaced
    assert chess.position(listed.fen) == listed
    assert chess.position(chess.start().fen, ("e2e4", "e7e5")) == listed


def test_legal_moves_sorted(chess):
    moves = chess.start().play("e2e4").legal_moves()
    assert moves == sorted(moves)
    assert len(moves) == 20
    assert moves[:5] == ["a7a5", "a7a6", "b7b5", "b7b6", "b8a6"]


def test_checkmate_status_and_winner(chess):
    mate = chess.position(FOOLS_MATE)
    status = mate.status
    assert status.over and status.in_check
    assert status.reason == "checkmate"
    assert status.outcome == "loss"
    assert status.winner == "black"
    assert str(status) == "checkmate: black wins"
    assert repr(status) == (
        "Status(over=True, in_check=True, reason='checkmate', outcome='loss', winner='black')"
    )
    assert mate.legal_moves() == []
    assert mate.perft(1) == 0
    assert chess.position(moves="f2f3 e7e5 g2g4 d8h4") == mate


def test_ongoing_and_check_status(chess):
    status = chess.start().status
    assert (status.over, status.in_check, status.reason, status.winner) == (False, False, None, None)
    assert str(status) == "ongoing"
    check = chess.position(moves="e2e4 f7f6 d1h5").status
    assert not check.over and check.in_check
    assert str(check) == "black is in check"
    assert check == chess.position(moves="e2e4 f7f5 d1h5").status


def test_stalemate_is_a_draw(chess):
    status = chess.position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").status
    assert status.over and not status.in_check
    assert (status.reason, status.outcome, status.winner) == ("stalemate", "draw", None)


def test_drops_and_promotion_in_shogi():
    shogi = varia.load(SHOGI)
    pos = shogi.position(moves="c3c4 g7g6 b2h8+")
    assert pos.piece_at("h8") == "+B"
    assert pos.fen.startswith("lnsgkgsnl/1r5+B1/") and "[B]" in pos.fen
    assert pos.hands == {"white": {"B": 1}, "black": {}}
    assert "B@e5" in pos.play("i9i8").legal_moves()


def test_illegal_move(chess):
    start = chess.start()
    with pytest.raises(varia.IllegalMove) as err:
        start.play("e2e5")
    assert str(err.value) == f"illegal move `e2e5` (position: {start.fen})"
    with pytest.raises(varia.IllegalMove, match="malformed move `hello`"):
        start.push("hello")
    assert start.fen == chess.start().fen
    with pytest.raises(varia.IllegalMove, match="no cell z9"):
        start.play("e2z9")
    with pytest.raises(varia.IllegalMove, match=r"illegal move `e2e4` \(position: .* b KQkq"):
        chess.position(moves=["e2e4", "e2e4", "e7e5"])
    assert issubclass(varia.IllegalMove, varia.VariaError)
    assert issubclass(varia.VariaError, ValueError)


def test_bad_fen(chess):
    with pytest.raises(varia.FenError) as err:
        chess.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1")
    assert str(err.value) == "bad FEN: found 7 rank(s), this game has 8"
    with pytest.raises(varia.FenError, match="unknown piece `x`"):
        chess.position("rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    with pytest.raises(varia.FenError, match="empty FEN"):
        chess.position("")
    assert issubclass(varia.FenError, varia.VariaError)


BROKEN = """\
game broken
board 8 x 8
player white north
player black south

piece King K
  royal
  moves K
piece Wazir W
  moves Y
setup 4k3/8/8/8/8/8/8/4K3 w - - 0 1
"""


def test_broken_definition_file(tmp_path):
    path = tmp_path / "broken.varia"
    path.write_text(BROKEN)
    with pytest.raises(varia.DefinitionError) as err:
        varia.load(path)
    text = str(err.value)
    assert text.startswith("error: ")
    assert f"{path}:10:9" in text
    assert "unknown atom `Y`" in text
    assert "10 │   moves Y" in text and "^" in text
    (line, column, message), *_ = err.value.diagnostics
    assert (line, column) == (10, 9) and message in text
    with pytest.raises(varia.DefinitionError, match="broken.varia:10:"):
        varia.check(path)


def test_broken_definition_text():
    source = BROKEN.replace("board 8 x 8", "board 8 x 99")
    with pytest.raises(varia.DefinitionError) as err:
        varia.loads(source, filename="mine.varia")
    assert "┌─ mine.varia:2:11" in str(err.value)
    assert "2 │ board 8 x 99" in str(err.value)
    assert err.value.diagnostics[0][:2] == (2, 11)
    with pytest.raises(varia.DefinitionError, match="<string>:2:11"):
        varia.load(source)
    assert issubclass(varia.DefinitionError, varia.VariaError)


def test_syntax_error_says_what_was_expected():
    with pytest.raises(varia.DefinitionError, match=r"<string>:\d+:\d+"):
        varia.loads("game x\nboard eight x 8\n")


def test_unknown_variant():
    with pytest.raises(varia.UnknownVariant, match=r"unknown variant `nope` \(variants: chess\)"):
        varia.load(CHESS, "nope")


def test_missing_file():
    with pytest.raises(FileNotFoundError) as err:
        varia.load("no/such/file.varia")
    assert err.value.filename == "no/such/file.varia"
    with pytest.raises(TypeError):
        varia.load(42)


def test_bad_arguments(chess):
    start = chess.start()
    with pytest.raises(varia.VariaError, match="too deep"):
        start.perft(33)
    with pytest.raises(varia.VariaError):
        start.perft(-1)
    with pytest.raises(varia.VariaError, match="no cell `z9`"):
        start.piece_at("z9")
    with pytest.raises(ValueError, match="unknown format"):
        chess.export("yaml")
    with pytest.raises(ValueError, match="unknown format"):
        varia.loads("x", format="yaml")


@pytest.mark.parametrize("fmt", ["json", "ron"])
def test_export_round_trip(chess, tmp_path, fmt):
    text = chess.export(fmt)
    again = varia.loads(text, format=fmt)
    assert (again.name, again.variant, again.players) == (chess.name, chess.variant, chess.players)
    assert again.start().perft(2) == 400
    assert again.export(fmt) == text
    path = tmp_path / f"chess.{fmt}"
    path.write_text(text)
    assert varia.load(path).start().fen == chess.start().fen
    assert varia.variants(path) == ["chess"]
    assert varia.load(path, "chess").variant == "chess"
    with pytest.raises(varia.UnknownVariant):
        varia.load(path, "other")


def test_broken_rule_set(chess):
    with pytest.raises(varia.DefinitionError, match="not a rule set"):
        varia.loads("{}", format="json")
    broken = chess.export().replace('"files": 8', '"files": 80')
    with pytest.raises(varia.DefinitionError, match="board sides must be 1..16"):
        varia.loads(broken, format="json")


def test_four_players():
    game = varia.load(FOUR_FACES)
    assert game.players == ["red", "orange", "green", "blue"]
    start = game.start()
    assert start.fen == (
        "***gWgKgW***/***gMgHgM***/***3***/bWbM5oMoW/bKbH5oHoK/bWbM5oMoW/"
        "***3***/***rMrHrM***/***rWrKrW***[] r - 0 1"
    )
    assert start.piece_at("e1") == "rK"
    assert start.piece_at("i5") == "oK"
    assert start.piece_at("d4") is None
    with pytest.raises(varia.VariaError, match="no cell `a1`"):
        start.piece_at("a1")  # a hole
    pos = start
    for mover in ["red", "orange", "green", "blue", "red"]:
        assert pos.side_to_move == mover
        moves = pos.legal_moves()
        assert moves
        pos = pos.play(moves[0])
        assert game.position(pos.fen) == pos
    assert pos.side_to_move == "orange"
    assert pos.eliminated == []
    assert not pos.status.over


def test_last_player_wins():
    game = varia.load(FOUR_FACES)
    pos = game.position("***3***/***3***/***3***/9/9/9/***3***/***3***/***rWrKrW***[rM] r ogb 0 1")
    assert pos.eliminated == ["orange", "green", "blue"]
    assert pos.hands == {"red": {"M": 1}, "orange": {}, "green": {}, "blue": {}}
    status = pos.status
    assert (status.over, status.reason, status.outcome, status.winner) == (
        True,
        "last-player",
        "win",
        "red",
    )
    assert str(status) == "every other player is out: red wins"


def test_random_games_stay_consistent():
    """Random play in every variant: each move listed plays, each FEN reads back to the same
    position with the same moves (unless the game ended by a rule that looks at the moves
    played, which a FEN does not hold, or a move rule does: what the last move took, for
    Chu Shogi's counter-strike), and a finished game has no moves."""
    history = {"repetition", "perpetual-check", "passes", "facing", "back-and-forth"}
    rng = random.Random(14)
    for param in variant_cases():
        path, name = param.values
        game = varia.load(path, name)
        rules = json.loads(game.export()).get("moves", [])
        last_move = any(isinstance(r, dict) and "counterstrike" in r for r in rules)
        pos = game.start()
        for _ in range(40):
            moves = pos.legal_moves()
            status = pos.status
            assert status.over == (not moves)
            if status.over:
                break
            pos.push(rng.choice(moves))
            again = game.position(pos.fen)
            assert again.fen == pos.fen
            if pos.status.reason not in history and not last_move:
                assert again.legal_moves() == pos.legal_moves()


def test_garbage_raises_varia_errors(chess):
    rng = random.Random(7)
    alphabet = "abcdefgh12345678/KQRBNPkqrbnp[]~+!*@- wx09\n#"
    start = chess.start()
    source = CHESS.read_text()
    for _ in range(300):
        junk = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        for call in (
            lambda: chess.position(junk),
            lambda: start.play(junk),
            lambda: varia.loads(junk + "\n"),
            lambda: varia.loads(junk, format="json"),
            lambda: varia.loads(junk, format="ron"),
        ):
            try:
                call()
            except varia.VariaError:
                pass
        cut = rng.randint(0, len(source))
        try:
            varia.loads(source[:cut] + junk + source[cut:])
        except varia.VariaError:
            pass


def test_package_ships_type_stubs():
    package = pathlib.Path(varia.__file__).parent
    assert (package / "py.typed").is_file()
    stubs = [p for p in package.iterdir() if p.suffix == ".pyi"]
    assert stubs, os.listdir(package)
    text = stubs[0].read_text()
    for name in varia.__all__:
        assert name in text
