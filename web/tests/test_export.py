"""Browser tests of the one-file export (POST /api/export, web/replay.js): the file saved from the
page replays the game opened from disk, with the server stopped."""

import json
import re
import subprocess

import pytest

from conftest import VARIA, Page, varia

CHESS = "classic/chess.varia"
CRAZYHOUSE = "classic/crazyhouse.varia"


@pytest.fixture
def own_server(defs):
    """A `varia serve` of this test alone, which the test stops."""
    proc = subprocess.Popen([str(VARIA), "serve", str(defs), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert m, line
    yield proc, m.group(0)
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def fen_pieces(fen):
    """Gets {cell: [symbol, owner]} and {(owner, symbol): count} in hand of a chess-board FEN."""
    board = fen.split(" ")[0]
    hand = ""
    if "[" in board:
        board, hand = board.split("[")
        hand = hand.rstrip("]")
    cells = {}
    for i, rank in enumerate(board.split("/")):
        f = 0
        for run, letter in re.findall(r"(\d+)|([A-Za-z])~?", rank):
            if run:
                f += int(run)
                continue
            cells[f"{'abcdefgh'[f]}{8 - i}"] = [letter.upper(), 0 if letter.isupper() else 1]
            f += 1
    held = {}
    for letter in hand.replace("-", ""):
        key = (0 if letter.isupper() else 1, letter.upper())
        held[key] = held.get(key, 0) + 1
    return cells, held


SHOWN = """return [
  Object.fromEntries([...document.querySelectorAll('#board g.at')].map((g) => {
    const p = g.querySelector('.piece');
    return [g.dataset.cell, [S.rules.pieces[p.dataset.kind].symbol, Number(p.dataset.owner)]];
  })),
  [...document.querySelectorAll('#hands .held')].map((h) => [
    Number(h.dataset.player), S.rules.pieces[h.dataset.kind].symbol, Number(h.querySelector('b').textContent)]),
  shown,
];"""


def exported(driver, own_server, tmp_path, file, moves):
    """Plays `moves` in the page, exports the game with the button, stops the server and opens
    the file saved from disk."""
    proc, url = own_server
    page = Page(driver, url)
    page.open(file, moves=moves)
    assert page.js("return S.pos.moves") == moves
    san = page.js("return S.pos.san")
    page.css("#export")[0].click()
    page.wait(lambda: page.js("return document.getElementById('export-link').href.startsWith('blob:')"))
    assert page.css("#export-link")[0].get_attribute("download").endswith(".html")
    html = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(document.getElementById('export-link').href).then((r) => r.text()).then(done);")
    assert html.startswith("<!doctype html>")
    proc.terminate()
    proc.wait(timeout=5)
    path = tmp_path / "game.html"
    path.write_text(html)
    driver.get(path.as_uri())
    page.wait(lambda: page.js("return typeof POSITIONS !== 'undefined' && document.querySelectorAll('#board g.cell').length > 0"))
    return page, san


def check_every_ply(page, defs, file, moves):
    """Steps forward through the game from its start: at each ply the pieces on the cells and
    in hand are those of `varia show` after the same moves."""
    page.css("#first")[0].click()
    for k in range(len(moves) + 1):
        cells, hands, shown = page.js(SHOWN)
        assert shown == k
        fen = json.loads(varia("show", defs / file, *(["--moves", *moves[:k]] if k else []), "--json"))["fen"]
        want_cells, want_hands = fen_pieces(fen)
        assert cells == want_cells, f"after {k} moves"
        assert {(p, s): n for p, s, n in hands} == want_hands, f"hands after {k} moves"
        assert page.css("#fen")[0].text == fen
        if k < len(moves):
            page.css("#forward")[0].click()
    assert not page.css("#forward")[0].is_enabled()


def test_a_chess_game_replays_from_disk(driver, defs, own_server, tmp_path):
    moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1"]
    page, san = exported(driver, own_server, tmp_path, CHESS, moves)
    assert san == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"]
    assert [li.text for li in page.css("#moves li")] == san
    assert page.d.title.startswith("Chess")
    # The pieces are drawn with the playground's images: a knight on g1 at the start.
    cells, _, _ = page.js(SHOWN)
    assert len(cells) == 32
    assert page.css('#board g.at[data-cell="g1"] .piece')[0].get_attribute("data-image") == "knight"
    check_every_ply(page, defs, CHESS, moves)
    # Castled: the king on g1 and the rook on f1, the last move marked.
    cells, _, _ = page.js(SHOWN)
    assert cells["g1"] == ["K", 0] and cells["f1"] == ["R", 0] and "e1" not in cells
    marked = sorted(g.get_attribute("data-cell") for g in page.css("#board g.cell.last"))
    assert marked == ["e1", "g1"]
    # Back, first, last, a click on a move and the keys.
    page.css("#back")[0].click()
    assert page.js(SHOWN)[2] == 8 and page.js(SHOWN)[0]["e1"] == ["K", 0]
    page.css("#first")[0].click()
    assert page.js(SHOWN)[2] == 0 and not page.css("#back")[0].is_enabled()
    page.css("#last")[0].click()
    assert page.js(SHOWN)[2] == 9
    page.css('#moves li[data-ply="7"]')[0].click()
    cells, _, shown = page.js(SHOWN)
    assert shown == 7 and cells["c6"] == ["B", 0]
    assert "current" in page.css('#moves li[data-ply="7"]')[0].get_attribute("class")
    page.shot("export.png", height=800)


def test_a_crazyhouse_game_with_drops_replays_from_disk(driver, defs, own_server, tmp_path):
    moves = ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@e6", "f7e6"]
    page, san = exported(driver, own_server, tmp_path, CRAZYHOUSE, moves)
    assert san[6] == "P@e6"
    check_every_ply(page, defs, CRAZYHOUSE, moves)
    # White dropped the pawn it took; Black holds the two it took.
    assert page.js(SHOWN)[1] == [[1, "P", 2]]
