"""Browser tests of `varia serve`: the page against the command line's answers."""

import json
import subprocess
import urllib.error
import urllib.request
from collections import defaultdict

from selenium.webdriver.support.ui import Select

from conftest import VARIA, legal_moves, split_move, varia, wait_until

CHESS = "classic/chess.varia"
CRAZYHOUSE = "classic/crazyhouse.varia"
FOUR_FACES = "4-faces.varia"
SHOXIANG = "shoxiang108.varia"


def destinations(moves):
    """Groups move strings by their origin (a cell, or `X@` for a drop): sorted destinations."""
    out = defaultdict(set)
    for m in moves:
        frm, to, _ = split_move(m)
        out[frm].add(to)
    return {k: sorted(v) for k, v in out.items()}


def check_every_piece(page, defs, file, fen=None, variant=None):
    """Clicks every piece that can move and compares the highlighted cells with `varia moves`."""
    expected = destinations(legal_moves(defs / file, fen, variant))
    cells = [k for k in expected if not k.endswith("@")]
    assert cells, "the position has no piece to move"
    for frm in cells:
        page.click(frm)
        assert page.highlighted() == expected[frm], f"{file}: moves of the piece on {frm}"
        page.click(frm)  # a second click lets go of it
        assert page.highlighted() == []
    return expected


def test_chess_highlights_equal_varia_moves(page, defs):
    page.open(CHESS)
    assert len(page.css("#board g.cell")) == 64
    expected = check_every_piece(page, defs, CHESS)
    assert expected["g1"] == ["f3", "h3"]
    # Play 1. e4 e5 2. Qh5 Nc6 and check the highlights again, captures marked.
    for m in ["e2e4", "e7e5", "d1h5", "b8c6"]:
        page.play(m[:2], m[2:])
    fen = varia("show", defs / CHESS, "--moves", "e2e4", "e7e5", "d1h5", "b8c6", "--json")
    assert page.fen() == json.loads(fen)["fen"]
    page.click("h5")
    assert "f7" in page.highlighted()
    assert page.cell("f7").get_attribute("class").split().count("capture") == 1
    page.click("h5")
    check_every_piece(page, defs, CHESS, fen=page.fen())


def test_four_faces_holes_and_four_players(page, defs):
    page.open(FOUR_FACES)
    cells = page.css("#board g.cell")
    assert len(cells) == 45, "a cross of five 3x3 supersquares"
    assert not page.css('#board g.cell[data-cell="a1"]'), "holes are not drawn"
    players = page.css("#players .player")
    assert [p.find_element("css selector", ".name").text for p in players] == [
        "red", "orange", "green", "blue"]
    swatches = {p.find_element("css selector", ".swatch").get_attribute("style") for p in players}
    assert len(swatches) == 4, "every player has its own colour"
    fills = set(page.js(
        "return [...document.querySelectorAll('#board .piece .body')]"
        ".map((c) => c.getAttribute('fill'))"))
    assert len(fills) == 4
    check_every_piece(page, defs, FOUR_FACES)
    # Red moves; then it is Orange's turn, and Orange's pieces highlight what varia says.
    first = legal_moves(defs / FOUR_FACES)[0]
    frm, to, _ = split_move(first)
    page.play(frm, to)
    assert page.js("return S.pos.to_move") == 1
    assert "orange to move" in page.css("#to-move")[0].text
    check_every_piece(page, defs, FOUR_FACES, fen=page.fen())
    # Orange, Green and Blue capture: their hands fill.
    page.play("h4", "f6")
    page.play("e8", "f6")
    page.play("b6", "e3", choice="b6e3s")
    assert len(page.css("#players .hand-piece")) == 2
    frm = split_move(legal_moves(defs / FOUR_FACES, page.fen())[0])[0]
    page.click(frm)
    assert page.highlighted()
    page.shot("four-faces.png")


def test_shoxiang_9_by_12(page, defs):
    page.open(SHOXIANG)
    assert len(page.css("#board g.cell")) == 108
    assert page.css('#board g.cell[data-cell="i12"]')
    check_every_piece(page, defs, SHOXIANG)
    # Another of the sixteen variants, from the list.
    variant = "xq-heavy-strong-cannon-screens"
    link = page.css(f'#definition-list a[data-variant="{variant}"]')[0]
    page.js("arguments[0].scrollIntoView()", link)
    link.click()
    assert wait_until(lambda: page.js("return S.pos !== null && S.rules.variant") == variant)
    check_every_piece(page, defs, SHOXIANG, variant=variant)
    # A piece selected and a move diagram open, for the README.
    page.open(SHOXIANG, moves=["e5e6", "e8e7"])
    page.click("c3")
    assert page.highlighted() == ["a3", "b3", "d3", "e3", "f3"]
    entries = page.css("#piece-list button.piece-entry")
    names = [e.find_element("css selector", "b").text for e in entries]
    entries[names.index("Cannon")].click()
    assert wait_until(lambda: page.css("#diagram .dmark.hop"))
    page.shot("shoxiang108.png")


def test_promotion_with_a_choice(page, defs):
    fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    page.open(CHESS, fen=fen)
    page.click("a7")
    assert page.highlighted() == ["a8"]
    assert "promotion" in page.cell("a8").get_attribute("class").split()
    page.click("a8")
    dialog = page.css("#choice")[0]
    assert wait_until(lambda: dialog.get_attribute("open") is not None)
    offered = sorted(b.get_attribute("data-move") for b in page.css("#choice-list button.choice"))
    assert offered == sorted(m for m in legal_moves(defs / CHESS, fen) if m.startswith("a7a8"))
    assert offered == ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]
    page.shot("promotion-choice.png")
    page.css('#choice-list button[data-move="a7a8n"]')[0].click()
    assert wait_until(lambda: page.js("return S.pos.moves.length") == 1)
    assert page.piece_at("a8") == ["N", 0]
    assert page.fen() == json.loads(varia("show", defs / CHESS, "--fen", fen, "--moves", "a7a8n", "--json"))["fen"]
    # Take back, then the choice can be cancelled.
    page.css("#takeback")[0].click()
    assert wait_until(lambda: page.js("return S.pos.moves.length") == 0)
    assert page.piece_at("a7") == ["P", 0]
    page.click("a7")
    page.click("a8")
    page.css("#choice-cancel")[0].click()
    assert page.js("return S.pos.moves.length") == 0


def test_drop_from_hand(page, defs):
    fen = "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1"
    page.open(CRAZYHOUSE, fen=fen)
    hands = page.css("#players .hand-piece")
    assert len(hands) == 2
    white_knight = page.css('#players .hand-piece[data-player="0"]')[0]
    assert white_knight.is_enabled()
    assert not page.css('#players .hand-piece[data-player="1"]')[0].is_enabled()
    white_knight.click()
    drops = destinations(legal_moves(defs / CRAZYHOUSE, fen))["N@"]
    assert page.highlighted() == drops
    assert len(drops) == 62
    page.click("e4")
    assert wait_until(lambda: page.js("return S.pos.moves.length") == 1)
    assert page.piece_at("e4") == ["N", 0]
    assert page.js("return S.pos.moves") == ["N@e4"]
    assert not page.css('#players .hand-piece[data-player="0"]')
    assert page.fen() == json.loads(varia("show", defs / CRAZYHOUSE, "--fen", fen, "--moves", "N@e4", "--json"))["fen"]


def test_move_diagram(page, defs):
    page.open("classic/xiangqi.varia")
    entries = page.css("#piece-list button.piece-entry")
    names = [e.find_element("css selector", "b").text for e in entries]
    entries[names.index("Horse")].click()
    assert wait_until(lambda: page.css("#diagram .dmark"))
    assert len(page.css("#diagram circle.dmark")) == 8
    assert len(page.css("#diagram rect.dmark.step")) == 8, "the horse is lame: its moves step"
    page.css("#piece-list button.piece-entry")[names.index("Cannon")].click()
    assert wait_until(lambda: page.css("#diagram circle.dmark.hop"))
    # The cannon moves as a rook and captures only over a screen.
    hops = page.css("#diagram circle.dmark.hop")
    plain = page.css("#diagram circle.dmark:not(.hop)")
    assert hops and all(h.get_attribute("class").split()[-1] == "capture" for h in hops)
    assert plain and all(h.get_attribute("class").split()[-1] == "move" for h in plain)
    assert len(plain) == len(hops) + 4, "the four cells next to it need no screen to move to"


def test_live_edit_and_diagnostics(page, defs):
    path = defs / "live-chess.varia"
    original = (defs / CHESS).read_text()
    path.write_text(original)
    page.open("live-chess.varia")
    page.play("e2", "e4")
    assert page.piece_at("d1") == ["Q", 0]

    # A new title and a setup without White's queen: the page follows, the move is kept.
    setup = "setup rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert setup in original
    edited = original.replace('game chess "Chess"', 'game chess "Edited chess"').replace(
        setup, setup.replace("RNBQKBNR w", "RNB1KBNR w"))
    assert edited != original
    path.write_text(edited)
    assert wait_until(lambda: "Edited chess" in page.css("#title")[0].text)
    assert page.piece_at("d1") is None
    assert page.js("return S.pos.moves") == ["e2e4"]
    assert page.piece_at("e4") == ["P", 0]

    # A setup without the e-pawn: the move is no longer legal and is dropped, with a notice.
    path.write_text(edited.replace("PPPPPPPP/RNB1KBNR", "PPPP1PPP/RNB1KBNR"))
    assert wait_until(lambda: page.js("return S.pos.moves.length") == 0)
    assert "no longer legal" in page.css("#notice")[0].text

    # Broken: the page shows the diagnostic with its line and column, as `varia check` does.
    lines = edited.splitlines()
    lines.insert(5, "piece Broken")
    lines.insert(6, "  moves Q7x")
    path.write_text("\n".join(lines) + "\n")
    assert wait_until(lambda: page.css("#diagnostics")[0].is_displayed())
    items = page.css("#diagnostic-list .diagnostic")
    assert items
    check = subprocess.run([str(VARIA), "check", str(path)], capture_output=True, text=True)
    assert check.returncode != 0
    first = items[0]
    where = f"live-chess.varia:{first.get_attribute('data-line')}:{first.get_attribute('data-column')}"
    assert where in check.stderr, f"{where} not in {check.stderr}"
    assert first.get_attribute("data-line") in ("6", "7")
    rendered = page.css("#diagnostics-rendered")[0].text
    assert "live-chess.varia:" in rendered and "^" in rendered
    assert "stale" in page.css("#board")[0].get_attribute("class")
    page.shot("diagnostics.png")

    # Fixed again: the diagnostics go, the board is back.
    path.write_text(edited)
    assert wait_until(lambda: not page.css("#diagnostics")[0].is_displayed())
    # The diagnostics go before the position is asked for again: wait for the new board.
    assert wait_until(lambda: "reloaded" in page.css("#notice")[0].text)
    assert "stale" not in page.css("#board")[0].get_attribute("class")
    assert "Edited chess" in page.css("#title")[0].text
    assert page.piece_at("d1") is None
    page.click("e2")
    assert page.highlighted() == ["e3", "e4"]


def engine_setup(page, plays=None, ms="300"):
    """Shows the engine controls, chooses how long it thinks and (optionally) whom it plays."""
    assert page.css("#engine-controls")[0].is_displayed(), "/api/info says an engine plays"
    Select(page.css("#engine-time")[0]).select_by_value(ms)
    if plays is not None:
        Select(page.css("#engine-side")[0]).select_by_value(plays)


def assert_legal_line(defs, file, moves):
    """Each move of the game is one of `varia moves` in the position before it."""
    for i, m in enumerate(moves):
        legal = json.loads(varia("moves", defs / file, *(["--moves", *moves[:i]] if i else []), "--json"))
        assert m in legal, f"move {i + 1} {m} is not one of {legal}"


def test_engine_move_button(page, defs):
    page.open(CHESS, moves=["e2e4"])
    engine_setup(page, ms="1000")
    fen = page.fen()
    expected = legal_moves(defs / CHESS, fen)
    page.css("#engine-move")[0].click()
    # The click starts the search at once: the page says it thinks and waits.
    assert page.css("#thinking")[0].is_displayed()
    assert not page.css("#engine-move")[0].is_enabled()
    assert wait_until(lambda: page.js("return !S.thinking && S.pos.moves.length") == 2, timeout=20)
    assert not page.css("#thinking")[0].is_displayed()
    moves = page.js("return S.pos.moves")
    assert moves[0] == "e2e4" and moves[1] in expected
    # The list shows SAN, each move's coordinates in its data: White's e4, then Black's answer,
    # one of `varia moves --san` after e4 and the same move (the command line reads SAN too).
    items = page.css("#move-list li")
    assert [li.get_attribute("data-move") for li in items] == moves
    san = [li.text for li in items]
    assert san == page.js("return S.pos.san")
    assert san[0] == "e4"
    assert san[1] in json.loads(varia("moves", defs / CHESS, "--moves", "e2e4", "--san", "--json"))
    fen = lambda *ms: json.loads(varia("show", defs / CHESS, "--moves", *ms, "--json"))["fen"]
    assert fen("e4", san[1]) == fen(*moves)
    assert page.fen() != fen
    assert page.fen() == json.loads(varia("show", defs / CHESS, "--moves", *moves, "--json"))["fen"]
    assert page.css("#fen")[0].get_attribute("value") == page.fen()
    assert moves[1] in page.css("#engine-info")[0].text
    assert "depth" in page.css("#engine-info")[0].text
    page.shot("engine.png")


def test_engine_plays_a_side(page, defs):
    page.open(CHESS)
    engine_setup(page, plays="1")
    page.click("d2")
    page.click("d4")
    # White's move, then Black's answer from the engine without a click.
    assert wait_until(lambda: page.js("return !S.thinking && S.pos.moves.length") == 2, timeout=20)
    assert page.js("return S.pos.to_move") == 0
    assert_legal_line(defs, CHESS, page.js("return S.pos.moves"))
    # Take back returns to White's turn: the engine's answer and White's move go.
    page.css("#takeback")[0].click()
    assert wait_until(lambda: page.js("return S.pos.moves.length") == 0)
    assert page.js("return S.pos.to_move") == 0
    # The engine plays White: it moves at once.
    Select(page.css("#engine-side")[0]).select_by_value("0")
    assert wait_until(lambda: page.js("return !S.thinking && S.pos.moves.length") == 1, timeout=20)
    assert_legal_line(defs, CHESS, page.js("return S.pos.moves"))


def test_engine_plays_three_of_four(page, defs):
    page.open(FOUR_FACES)
    options = [o.get_attribute("value") for o in page.css("#engine-side option")]
    assert options == ["", "0", "1", "2", "3", "all-but-0", "all-but-1", "all-but-2", "all-but-3"]
    engine_setup(page, plays="all-but-0")
    frm, to, _ = split_move(legal_moves(defs / FOUR_FACES)[0])
    page.click(frm)
    page.click(to)
    # Red moved; Orange, Green and Blue answer in turn, and it is Red's move again.
    assert wait_until(lambda: page.js("return !S.thinking && S.pos.moves.length") == 4, timeout=30)
    assert page.js("return S.pos.to_move") == 0
    moves = page.js("return S.pos.moves")
    assert len(page.css("#move-list li")) == 4
    assert_legal_line(defs, FOUR_FACES, moves)
    page.shot("engine-four-faces.png")


def request(url, data=None, method=None):
    body = None if data is None else (data if isinstance(data, bytes) else json.dumps(data).encode())
    req = urllib.request.Request(url, data=body, method=method)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_api_errors_are_json(server, defs):
    cases = [
        (f"{server}api/rules?file=../../etc/passwd", None, None, 404),
        (f"{server}api/rules?file=nothing.varia", None, None, 404),
        (f"{server}api/rules?file={CHESS}&variant=nope", None, None, 404),
        (f"{server}api/rules", None, None, 400),
        (f"{server}api/diagram?file={CHESS}&piece=Z", None, None, 404),
        (f"{server}api/nothing", None, None, 404),
        (f"{server}api/position", b"not json", None, 400),
        (f"{server}api/position", {"file": CHESS, "fen": "8/8 w"}, None, 422),
        (f"{server}api/play", {"file": CHESS, "move": "e2e5"}, None, 422),
        (f"{server}api/play", {"file": CHESS, "move": "zz"}, None, 422),
        (f"{server}api/takeback", {"file": CHESS}, None, 422),
        (f"{server}api/engine", {"file": CHESS, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}, None, 409),
        (f"{server}api/engine", {"file": CHESS, "movetime": "soon"}, None, 400),
        (f"{server}api/position", None, "DELETE", 405),
    ]
    for url, data, method, status in cases:
        got, body = request(url, data, method)
        assert got == status, (url, data, body)
        assert body["error"], (url, body)
    status, body = request(f"{server}api/play", {"file": CHESS, "moves": ["e2e4"], "move": "e7e5"})
    assert status == 200 and body["moves"] == ["e2e4", "e7e5"]
    status, body = request(f"{server}api/moves", {"file": CHESS, "moves": ["e2e4"]})
    assert status == 200
    assert body["moves"] == json.loads(varia("moves", defs / CHESS, "--moves", "e2e4", "--json"))


def test_walls_left_behind(page, defs):
    # Joust: the cell a knight leaves is walled up, drawn dark, and no longer a target.
    page.open("fsf/joust.varia")
    page.play("d4", "f5")
    assert page.js("return S.pos.walls") == [27]
    assert "wall" in page.cell("d4").get_attribute("class")
    assert page.js("return S.pos.moves") == ["d4f5,f5d4"]
    page.play("e5", "c4")
    page.click("f5")
    assert "d4" not in page.highlighted()
    page.shot("walls.png")


def test_wall_as_a_second_part(page, defs):
    # The Game of the Amazons: a queen's move, then an arrow shot from where it landed. The first
    # click picks the queen, the second its destination, the third the arrow's cell.
    amazons = "fsf/amazons.varia"
    page.open(amazons)
    moves = legal_moves(defs / amazons)
    page.click("d1")
    assert page.highlighted() == destinations(moves)["d1"]
    page.click("d7")
    arrows = sorted(m.split(",")[1][2:] for m in moves if m.startswith("d1d7,"))
    assert len(arrows) > 10
    assert page.highlighted() == arrows
    assert "wall" in page.js("return document.getElementById('notice').textContent")
    page.shot("amazons-arrow.png")
    page.click("g4")
    assert page.wait(lambda: page.js("return !S.busy && S.pos.moves.length") == 1)
    assert page.js("return S.pos.moves") == ["d1d7,d7g4"]
    assert "wall" in page.cell("g4").get_attribute("class")
    want = varia("show", defs / amazons, "--moves", "d1d7,d7g4", "--json")
    assert page.fen() == json.loads(want)["fen"]
    # A click elsewhere in the second stage lets go of the move.
    page.click("g10")
    page.click("g5")
    assert page.highlighted()
    page.click("a1")
    assert page.highlighted() == []
    assert page.js("return S.pos.moves.length") == 1


def test_gating_choice(page, defs):
    # Seirawan chess: a first move off the first rank may gate a piece from hand; the choice
    # names each.
    seirawan = "fsf/seirawan.varia"
    page.open(seirawan)
    page.click("g1")
    page.click("f3")
    dialog = page.css("#choice")[0]
    assert wait_until(lambda: dialog.get_attribute("open") is not None)
    offered = sorted(b.get_attribute("data-move") for b in page.css("#choice-list button.choice"))
    assert offered == sorted(m for m in legal_moves(defs / seirawan) if m.startswith("g1f3"))
    assert offered == ["g1f3", "g1f3e", "g1f3h"]
    labels = sorted(e.text for e in page.css("#choice-list button.choice span"))
    assert labels == ["Elephant gated on g1", "Hawk gated on g1", "no gating"]
    page.css('#choice-list button[data-move="g1f3h"]')[0].click()
    assert wait_until(lambda: page.js("return S.pos.moves.length") == 1)
    assert page.piece_at("g1") == ["H", 0]
    want = varia("show", defs / seirawan, "--moves", "g1f3h", "--json")
    assert page.fen() == json.loads(want)["fen"]


def chess_fen(defs, *moves):
    """The FEN after moves from chess's setup, as the command line gives it."""
    args = ["--moves", *moves] if moves else []
    return json.loads(varia("show", defs / CHESS, *args, "--json"))["fen"]


def test_browsing_the_moves(page, defs):
    from selenium.webdriver.common.keys import Keys

    moves = ["e2e4", "e7e5", "g1f3", "b8c6"]
    page.open(CHESS, moves=moves)
    items = page.css("#move-list li")
    assert [li.text for li in items] == ["e4", "e5", "Nf3", "Nc6"]
    assert [li.get_attribute("class") or "" for li in items] == ["", "", "", "current"]
    assert not page.css("#nav-forward")[0].is_enabled()
    view = lambda: page.js("return S.view")
    page.css("#nav-first")[0].click()
    assert wait_until(lambda: view() == 0)
    assert page.fen() == chess_fen(defs)
    assert not page.css("#nav-back")[0].is_enabled()
    page.css("#nav-forward")[0].click()
    assert wait_until(lambda: view() == 1)
    assert page.fen() == chess_fen(defs, "e2e4")
    page.css('#move-list li[data-ply="3"]')[0].click()
    assert wait_until(lambda: view() == 3)
    assert page.fen() == chess_fen(defs, *moves[:3])
    assert page.css("#move-list li.current")[0].text == "Nf3"
    # The last move is still what the board marks: the one that led to the position shown.
    assert "last" in page.cell("f3").get_attribute("class").split()
    page.css("body")[0].send_keys(Keys.ARROW_LEFT)
    assert wait_until(lambda: view() == 2)
    assert page.fen() == chess_fen(defs, *moves[:2])
    page.css("#nav-last")[0].click()
    assert wait_until(lambda: view() is None)
    assert page.fen() == chess_fen(defs, *moves)
    # A move made on an earlier position replaces the moves after it.
    page.css("#nav-back")[0].click()
    page.css("#nav-back")[0].click()
    assert wait_until(lambda: view() == 2)
    page.click("d2")
    page.click("d4")
    assert wait_until(lambda: page.js("return S.pos.moves") == ["e2e4", "e7e5", "d2d4"])
    assert view() is None
    assert [li.text for li in page.css("#move-list li")] == ["e4", "e5", "d4"]
    assert page.fen() == chess_fen(defs, "e2e4", "e7e5", "d2d4")


def test_pgn_out_and_in(page, defs):
    page.open(CHESS, moves=["f2f3", "e7e5", "g2g4", "d8h4"])
    page.css("#pgn-open")[0].click()
    assert wait_until(lambda: page.css("#pgn-text")[0].get_attribute("value"))
    text = page.css("#pgn-text")[0].get_attribute("value")
    tags, movetext = text.split("\n\n")
    assert '[Result "0-1"]' in tags.splitlines()
    assert '[Event "varia playground"]' == tags.splitlines()[0]
    assert any(t.startswith('[Variant "') for t in tags.splitlines())
    assert "[FEN" not in tags
    assert movetext == "1. f3 e5 2. g4 Qh4# {checkmate: black wins} 0-1\n"
    href = page.css("#pgn-download")[0].get_attribute("href")
    assert href.startswith("data:application/x-chess-pgn")
    # A pasted game with comments, variations, annotations and NAGs loads as its main line.
    pasted = '[Event "x"]\n[Site "y"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6?! 3. Bb5 a6 *\n'
    box = page.css("#pgn-text")[0]
    box.clear()
    box.send_keys(pasted)
    page.css("#pgn-load")[0].click()
    want = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
    assert wait_until(lambda: page.js("return S.pos.moves") == want)
    assert not page.css("#pgn-dialog")[0].is_displayed()
    assert page.fen() == chess_fen(defs, *want)
    # A move that is not legal: the game stays, the box says which move.
    page.css("#pgn-open")[0].click()
    box = page.css("#pgn-text")[0]
    assert wait_until(lambda: box.get_attribute("value").startswith("[Event"))
    box.clear()
    box.send_keys("1. e4 e4 *")
    page.css("#pgn-load")[0].click()
    assert wait_until(lambda: page.css("#pgn-error")[0].text.startswith("move 2 `e4`"))
    assert page.js("return S.pos.moves") == want
    # A start position of its own, Black to move: the FEN is kept and the numbering says so.
    fen = chess_fen(defs, "e2e4")
    box.clear()
    box.send_keys(f'[SetUp "1"]\n[FEN "{fen}"]\n\n1... e5 2. Nf3 *')
    page.css("#pgn-load")[0].click()
    assert wait_until(lambda: page.js("return S.pos.moves") == ["e7e5", "g1f3"])
    assert page.js("return S.startFen") == fen
    page.css("#pgn-open")[0].click()
    assert wait_until(lambda: "1... e5 2. Nf3 *" in page.css("#pgn-text")[0].get_attribute("value"))
    assert f'[FEN "{fen}"]' in page.css("#pgn-text")[0].get_attribute("value")
    page.css("#pgn-close")[0].click()


def test_moves_in_legs(page, defs):
    # Mighty-Lion chess: the Lion's first click picks the cell its first leg reaches, and where
    # some moves go on from there the next click picks where (the same cell again to stop).
    lion = "mightylion.varia"
    fen = "4k3/8/8/3p4/3L4/8/8/4K3 w - - 0 1"
    page.open(lion, fen=fen)
    moves = [m for m in legal_moves(defs / lion, fen) if m.startswith("d4")]
    legs = [m for m in moves if "," in m]
    assert "d4d5,d5d4" in legs and "d4c3,c3d4" in legs
    first = sorted({m.split(",")[0][2:] for m in moves})
    page.click("d4")
    assert page.highlighted() == first
    # The pawn on d5: taken and stopped on (d4d5), or taken on the way to one of eight cells, d4
    # among them (a capture without moving).
    page.click("d5")
    after = sorted({m.split(",")[1][2:] for m in legs if m.startswith("d4d5,")} | {"d5"})
    assert page.highlighted() == after
    assert len(after) == 9
    assert "selected" in page.cell("d5").get_attribute("class").split()
    assert "leg" in page.js("return document.getElementById('notice').textContent")
    page.click("d4")
    assert page.wait(lambda: page.js("return !S.busy && S.pos.moves.length") == 1)
    assert page.js("return S.pos.moves") == ["d4d5,d5d4"]
    want = varia("show", defs / lion, "--fen", fen, "--moves", "d4d5,d5d4", "--json")
    assert page.fen() == json.loads(want)["fen"]
    assert page.piece_at("d5") is None and page.piece_at("d4") == ["L", 0]
    # The last move is marked on each of its cells and drawn as a path out and back.
    assert "last" in page.cell("d5").get_attribute("class").split()
    points = page.js("return document.querySelector('#board .leg-path polyline').getAttribute('points')")
    assert len(points.split()) == 3 and points.split()[0] == points.split()[2]
    page.shot("mightylion-legs.png")
    # A plain move to a cell some leg moves pass through: that cell a second time.
    page.open(lion, fen=fen)
    page.click("d4")
    page.click("c3")
    assert page.highlighted() == ["c3", "d4"]
    page.click("c3")
    assert page.wait(lambda: page.js("return !S.busy && S.pos.moves.length") == 1)
    assert page.js("return S.pos.moves") == ["d4c3"]
    assert page.css("#board .leg-path") == []


def test_analysis_panel(page, defs):
    """Analyse: the best lines of the position shown, the evaluation bar from White's view, an
    arrow for each line's first move; browsing back analyses the earlier position instead."""
    # Black mates in one: the bar is all Black's, the first line `Ra1#` with its arrow a8 to a1.
    fen = "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"
    page.open(CHESS, fen=fen)
    engine_setup(page, ms="1000")
    Select(page.css("#analyse-lines")[0]).select_by_value("2")
    page.css("#analyse")[0].click()
    lines = lambda: page.css("#analysis-lines li")
    assert wait_until(lambda: len(lines()) == 2, timeout=20)
    assert lines()[0].find_element("css selector", ".san").text == "Ra1#"
    assert lines()[0].find_element("css selector", ".score").text == "mate in 1"
    assert lines()[0].get_attribute("data-move") == "a8a1"
    assert page.css("#eval-bar")[0].is_displayed()
    assert page.css("#eval-bar")[0].get_attribute("data-share") == "0"
    centre = lambda name: page.js(
        "return centre(Number(arguments[0]), CELL)", page.cell(name).get_attribute("data-index"))
    best = page.css(".analysis-arrow.best line")
    assert len(best) == 1 and len(page.css(".analysis-arrow")) == 2
    xy = [float(best[0].get_attribute(k)) for k in ("x1", "y1")]
    assert xy == centre("a8")
    tip = page.css(".analysis-arrow.best polygon")[0].get_attribute("points").split()[0]
    assert [float(v) for v in tip.split(",")] == centre("a1")
    page.shot("analysis.png")

    # Three lines after 1. e4 e5, each a legal move of `varia moves`, in SAN as `varia moves --san`.
    moves = ["e2e4", "e7e5"]
    page.open(CHESS, moves=moves)
    engine_setup(page, ms="300")
    Select(page.css("#analyse-lines")[0]).select_by_value("3")
    page.css("#analyse")[0].click()
    assert wait_until(lambda: len(lines()) == 3, timeout=20)
    firsts = [li.get_attribute("data-move") for li in lines()]
    assert len(set(firsts)) == 3 and set(firsts) <= set(legal_moves(defs / CHESS, page.fen()))
    san = set(json.loads(varia("moves", defs / CHESS, "--moves", *moves, "--san", "--json")))
    assert {li.find_element("css selector", ".san").text.split()[0] for li in lines()} <= san
    assert len(page.css(".analysis-arrow")) == 3
    share = float(page.css("#eval-bar")[0].get_attribute("data-share"))
    assert 0 < share < 100
    # Back to the start: the panel analyses the position shown, its lines replacing the old.
    page.css("#nav-first")[0].click()
    assert wait_until(lambda: page.js("return A.answer && A.answer.fen") == chess_fen(defs), timeout=20)
    firsts = [li.get_attribute("data-move") for li in lines()]
    assert len(firsts) == 3 and set(firsts) <= set(legal_moves(defs / CHESS))
    assert len(page.css(".analysis-arrow")) == 3
