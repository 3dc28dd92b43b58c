"""Browser tests of the board editor (web/editor.js): a position built by clicks, played from once
the server takes it, refused with the server's reason otherwise."""

import json

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import legal_moves, split_move, varia, wait_until

CHESS = "classic/chess.varia"
SHOGI = "classic/shogi.varia"


def open_editor(page):
    page.css("#edit")[0].click()
    assert wait_until(lambda: page.css("#editor")[0].is_displayed())
    assert not page.css("#players")[0].is_displayed()


def pick(page, symbol, owner):
    """Picks a piece of the palette by its type's symbol and its owner."""
    kind = page.js("return S.rules.pieces.findIndex((p) => p.symbol === arguments[0])", symbol)
    assert kind >= 0, symbol
    button = page.css(f'#editor-palette button.palette-piece[data-kind="{kind}"][data-owner="{owner}"]')[0]
    button.click()
    assert "selected" in page.css(
        f'#editor-palette button.palette-piece[data-kind="{kind}"][data-owner="{owner}"]')[0].get_attribute("class")


def place(page, symbol, owner, *cells):
    pick(page, symbol, owner)
    for c in cells:
        page.click(c)


def editor_fen(page):
    return page.css("#editor-fen")[0].get_attribute("value")


def editor_pieces(page):
    """Gets {cell: [symbol, owner]} of the board as the editor draws it."""
    return page.js(
        """const out = {};
           for (const [c, p] of E.cells) out[cellName(c)] = [S.rules.pieces[p.kind].symbol, p.owner];
           const drawn = document.querySelectorAll('#board .piece').length;
           return [out, drawn];""")


def test_chess_king_and_rook_against_king(page, defs):
    page.open(CHESS)
    start = page.fen()
    open_editor(page)
    # The editor opens on the position shown: 32 pieces, and its FEN.
    pieces, drawn = editor_pieces(page)
    assert len(pieces) == 32 and drawn == 32
    assert editor_fen(page) == start
    # Every type of each player in the palette, drawn as the board draws them.
    assert len(page.css("#editor-palette button.palette-piece")) == 2 * 6
    assert page.css('#editor-palette .palette-piece[data-kind="0"][data-owner="1"] .piece')[0].get_attribute(
        "data-image") == "king"
    page.css("#editor-clear")[0].click()
    assert editor_pieces(page) == [{}, 0]
    assert editor_fen(page) == "8/8/8/8/8/8/8/8 w - - 0 1"
    place(page, "K", 0, "e1")
    place(page, "R", 0, "a1")
    place(page, "K", 1, "e8")
    # A black pawn put on d5, then taken off with the eraser.
    place(page, "P", 1, "d5")
    assert editor_pieces(page)[0]["d5"] == ["P", 1]
    page.css("#editor-eraser")[0].click()
    page.click("d5")
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    assert editor_fen(page) == fen
    assert editor_pieces(page) == [{"e1": ["K", 0], "a1": ["R", 0], "e8": ["K", 1]}, 3]
    # The game before is kept until the position is played from.
    assert page.fen() == start
    page.css("#editor-play")[0].click()
    assert wait_until(lambda: not page.css("#editor")[0].is_displayed())
    assert page.js("return S.pos.start_fen") == fen
    assert page.fen() == fen
    assert page.css("#players")[0].is_displayed()
    # The moves offered are those of `varia moves` on that FEN, piece by piece.
    expected = legal_moves(defs / CHESS, fen)
    assert sorted(m["move"] for m in page.js("return S.pos.legal")) == expected
    by_cell = {}
    for m in expected:
        frm, to, _ = split_move(m)
        by_cell.setdefault(frm, set()).add(to)
    for frm, tos in by_cell.items():
        page.click(frm)
        assert page.highlighted() == sorted(tos), frm
        page.click(frm)
    # Played on, in SAN from that FEN, and the PGN has the FEN as its start.
    page.play("a1", "a8")
    assert [li.text for li in page.css("#move-list li")] == ["Ra8+"]
    page.css("#pgn-open")[0].click()
    assert wait_until(lambda: "Ra8+" in page.css("#pgn-text")[0].get_attribute("value"))
    text = page.css("#pgn-text")[0].get_attribute("value")
    assert '[SetUp "1"]' in text and f'[FEN "{fen}"]' in text
    assert "1. Ra8+ *" in text
    page.css("#pgn-close")[0].click()
    # The engine answers from there: Black's king steps out of check, a move varia allows.
    Select(page.css("#engine-time")[0]).select_by_value("300")
    page.css("#engine-move")[0].click()
    assert wait_until(lambda: page.js("return !S.thinking && S.pos.moves.length") == 2, timeout=20)
    answer = page.js("return S.pos.moves[1]")
    assert answer in json.loads(varia("moves", defs / CHESS, "--fen", fen, "--moves", "a1a8", "--json"))
    assert answer.startswith("e8e7") or answer.startswith("e8d7") or answer.startswith("e8f7")


def test_a_refused_position_shows_the_error_and_keeps_the_game(page, defs):
    page.open(CHESS, moves=["e2e4"])
    before = page.fen()
    open_editor(page)
    page.css("#editor-clear")[0].click()
    place(page, "K", 0, "a1")
    place(page, "R", 0, "e2")
    page.css("#editor-play")[0].click()
    no_king = "the position cannot be played: black has no royal piece (King), which this game needs"
    assert wait_until(lambda: page.css("#editor-error")[0].text == no_king)
    assert page.css("#notice")[0].text == no_king
    assert page.css("#editor")[0].is_displayed()
    # Black's king in check from the rook with White to move (the editor opened on Black's turn,
    # after e4).
    place(page, "K", 1, "e8")
    assert page.css("#editor-side")[0].get_attribute("value") == "1"
    Select(page.css("#editor-side")[0]).select_by_value("0")
    page.css("#editor-play")[0].click()
    in_check = "the position cannot be played: black is in check, but it is white's turn"
    assert wait_until(lambda: page.css("#editor-error")[0].text == in_check)
    # The game is as it was, and comes back on Cancel.
    assert page.fen() == before and page.js("return S.startFen") is None
    assert page.js("return S.moves") == ["e2e4"]
    page.css("#editor-cancel")[0].click()
    assert wait_until(lambda: not page.css("#editor")[0].is_displayed())
    assert len(page.css("#board .piece")) == 32
    assert page.piece_at("e4") == ["P", 0]
    # With Black to move the same position is taken: Black is in check and must answer.
    open_editor(page)
    page.css("#editor-clear")[0].click()
    place(page, "K", 0, "a1")
    place(page, "R", 0, "e2")
    place(page, "K", 1, "e8")
    Select(page.css("#editor-side")[0]).select_by_value("1")
    page.css("#editor-play")[0].click()
    assert wait_until(lambda: not page.css("#editor")[0].is_displayed())
    fen = "4k3/8/8/8/8/8/4R3/K7 b - - 0 1"
    assert page.fen() == fen
    assert page.js("return S.pos.status") == "check"
    assert sorted(m["move"] for m in page.js("return S.pos.legal")) == legal_moves(defs / CHESS, fen)


def test_a_fen_typed_start_position_and_a_bad_fen(page):
    page.open(CHESS)
    open_editor(page)
    box = page.css("#editor-fen")[0]
    box.clear()
    box.send_keys("8/8/8/3k4/8/8/8/3K3Q b - - 0 1")
    page.css("#editor-load")[0].click()
    assert wait_until(lambda: editor_pieces(page)[0] == {"d5": ["K", 1], "d1": ["K", 0], "h1": ["Q", 0]})
    assert page.css("#editor-side")[0].get_attribute("value") == "1"
    page.css("#editor-start")[0].click()
    assert wait_until(lambda: len(editor_pieces(page)[0]) == 32)
    assert page.css("#editor-castling")[0].get_attribute("value") == "KQkq"
    box = page.css("#editor-fen")[0]
    box.clear()
    box.send_keys("8/8/8 w - - 0 1", Keys.ENTER)
    assert wait_until(lambda: page.css("#editor-error")[0].text == "bad FEN: found 3 rank(s), this game has 8")
    assert len(editor_pieces(page)[0]) == 32


def test_shogi_with_pieces_in_hand(page, defs):
    page.open(SHOGI)
    open_editor(page)
    page.css("#editor-clear")[0].click()
    place(page, "K", 0, "e1")
    place(page, "K", 1, "e9")
    place(page, "+R", 0, "b5")
    # Hand counts for the types that may be held, per player: two pawns and a gold for Black,
    # a silver for White.
    counts = page.css("#editor-hand-list input.hand-count")
    assert len(counts) == 2 * 7
    kind = lambda s: page.js("return S.rules.pieces.findIndex((p) => p.symbol === arguments[0])", s)

    def set_count(player, symbol, n):
        box = page.css(f'#editor-hand-list input[data-player="{player}"][data-kind="{kind(symbol)}"]')[0]
        box.clear()
        box.send_keys(str(n))

    set_count(0, "P", 2)
    set_count(0, "G", 1)
    set_count(1, "S", 1)
    Select(page.css("#editor-side")[0]).select_by_value("1")
    fen = editor_fen(page)
    assert fen == "4k4/9/9/9/1+R7/9/9/9/4K4[GPPs] b - - 0 1"
    assert not page.css("#editor-castling")[0].is_displayed(), "shogi has no castling"
    page.js("document.activeElement.blur(); window.scrollTo(0, 0)")
    page.shot("editor.png", height=1400)
    page.css("#editor-play")[0].click()
    assert wait_until(lambda: not page.css("#editor")[0].is_displayed())
    shown = json.loads(varia("show", defs / SHOGI, "--fen", fen, "--json"))["fen"]
    assert page.fen() == shown
    hands = page.js("return S.pos.hands.map((h) => h.map((x) => [S.rules.pieces[x.kind].symbol, x.count]))")
    assert hands == [[["G", 1], ["P", 2]], [["S", 1]]]
    assert sorted(m["move"] for m in page.js("return S.pos.legal")) == legal_moves(defs / SHOGI, fen)
    # White (the second player) drops its silver.
    page.css('#players .hand-piece[data-player="1"]')[0].click()
    drops = sorted(split_move(m)[1] for m in legal_moves(defs / SHOGI, fen) if m.startswith("S@"))
    assert page.highlighted() == drops
    page.click("e5")
    assert wait_until(lambda: page.js("return S.pos.moves") == ["S@e5"])
