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
    assert start.legal_moves() == cli.json("moves", path, "--variant", name)
    assert start.perft(2) == cli.json("perft", path, "--variant", name, "--depth", 2)["nodes"]
    assert game.export("json") + "\n" == cli.run("export", path, "--variant", name, "--format", "json")
    assert game.export("ron") + "\n" == cli.run("export", path, "--variant", name, "--format", "ron")


@pytest.mark.parametrize("path", DEFINITIONS, ids=lambda p: p.stem)
def test_variant_list_matches_cli(cli, path):
    assert varia.check(path) == cli.json("check", path)["variants"]
