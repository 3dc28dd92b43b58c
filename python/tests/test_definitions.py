"""Every shipped definition and every one of its variants, against known counts and the command
line."""

import pytest
import varia

from conftest import DEFINITIONS, ROOT, variant_cases

CASES = variant_cases()

# Published perft counts of the classic games' start positions.
KNOWN = {
    "classic/chess.varia": [20, 400, 8902],
    "classic/shogi.varia": [30, 900, 25470],
    "classic/xiangqi.varia": [44, 1920],
    "classic/crazyhouse.varia": [20, 400],
    "classic/minishogi.varia": [14, 181],
}


def test_definitions_are_shipped():
    names = {p.relative_to(ROOT / "definitions").as_posix() for p in DEFINITIONS}
    assert set(KNOWN) <= names
    assert "4-faces.varia" in names


@pytest.mark.parametrize("relative, counts", sorted(KNOWN.items()))
def test_known_perft(relative, counts):
    start = varia.load(ROOT / "definitions" / relative).start()
    assert [start.perft(d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("path", DEFINITIONS, ids=lambda p: p.stem)
def test_variants_compile(path):
    names = varia.variants(path)
    assert names and len(set(names)) == len(names)
    assert varia.check(path) == names
    assert varia.load(path).variant == names[0]


@pytest.mark.parametrize("path, name", CASES)
def test_variant_plays(path, name):
    game = varia.load(path, name)
    assert game.variant == name
    assert len(game.players) >= 2
    start = game.start()
    assert not start.status.over
    assert start.side_to_move == game.players[0]
    assert game.position(start.fen).fen == start.fen
    moves = start.legal_moves()
    assert moves == sorted(moves) and len(set(moves)) == len(moves)
    assert start.perft(1) == len(moves)
    assert start.perft(0) == 1
    assert start.perft(2) == sum(start.play(m).perft(1) for m in moves)


@pytest.mark.parametrize("path, name", CASES)
def test_variant_matches_cli(cli, path, name):
    game = varia.load(path, name)
    start = game.start()
    shown = cli.json("show", path, "--variant", name)
    assert start.fen == shown["fen"]
    assert start.side_to_move == shown["to_move"]
    assert str(start.status) == shown["description"]
    assert start.legal_moves() == cli.json("moves", path, "--variant", name)
    assert start.perft(2) == cli.json("perft", path, "--variant", name, "--depth", 2)["nodes"]
    assert game.export("json") + "\n" == cli.run("export", path, "--variant", name, "--format", "json")
    assert game.export("ron") + "\n" == cli.run("export", path, "--variant", name, "--format", "ron")


@pytest.mark.parametrize("path", DEFINITIONS, ids=lambda p: p.stem)
def test_variant_list_matches_cli(cli, path):
    assert varia.check(path) == cli.json("check", path)["variants"]


ENDINGS = [
    ("classic/chess.varia", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
    ("classic/chess.varia", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
    ("classic/chess.varia", "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2"),
    ("4-faces.varia", "***3***/***3***/***3***/9/9/9/***3***/***3***/***rWrKrW***[rM] r ogb 0 1"),
]


@pytest.mark.parametrize("relative, fen", ENDINGS)
def test_status_matches_cli(cli, relative, fen):
    path = ROOT / "definitions" / relative
    pos = varia.load(path).position(fen)
    shown = cli.json("show", path, "--fen", fen)
    status = pos.status
    assert str(status) == shown["description"]
    assert status.winner == shown["winner"]
    assert status.reason == shown["rule"]
    assert pos.eliminated == shown["eliminated"]
    assert pos.fen == shown["fen"]
