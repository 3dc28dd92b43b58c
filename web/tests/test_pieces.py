"""Browser tests of the pieces as images or letters (web/pieces.js)."""

from selenium.webdriver.support.ui import Select

from conftest import wait_until

CHESS = "classic/chess.varia"
FOUR_FACES = "4-faces.varia"
SHOGI = "classic/shogi.varia"
XIANGQI = "classic/xiangqi.varia"

PIECES = """return [...document.querySelectorAll('#board .piece')].map((g) => {
  const t = g.querySelector('text.letter');
  return [S.rules.pieces[g.dataset.kind].name, g.dataset.image, t ? t.textContent : null];
});"""


def pieces(page):
    """Gets (type name, image kind, letter shown or None) of every piece on the board."""
    return page.js(PIECES)


def choose_style(page, style):
    Select(page.css("#piece-style")[0]).select_by_value(style)
    assert wait_until(lambda: all(p[1] == "letter" for p in pieces(page)) == (style == "letters"))


def test_chess_pieces_as_images_and_as_letters(page):
    page.open(CHESS)
    choose_style(page, "images")
    shapes = {"King": "king", "Queen": "queen", "Rook": "rook", "Bishop": "bishop",
              "Knight": "knight", "Pawn": "pawn"}
    shown = pieces(page)
    assert len(shown) == 32
    for name, image, letter in shown:
        assert image == shapes[name], name
        assert letter is None, f"a {name} drawn as a shape has no letter"
    assert len(page.css('#board .piece[data-image="knight"] path.body')) == 4
    # Two colours, and the pieces in the list of types are images too.
    fills = set(page.js("return [...document.querySelectorAll('#board .piece .body')].map((e) => e.getAttribute('fill'))"))
    assert len(fills) == 2
    assert {e.get_attribute("data-image") for e in page.css("#piece-list .piece")} == set(shapes.values())
    page.click("g1")
    page.shot("chess.png")
    page.click("g1")

    # Letters: discs with their letters, as before; the choice is kept over a reload.
    choose_style(page, "letters")
    letters = {"King": "K", "Queen": "Q", "Rook": "R", "Bishop": "B", "Knight": "N", "Pawn": "P"}
    shown = pieces(page)
    assert len(shown) == 32
    assert all(letter == letters[name] for name, _, letter in shown)
    assert len(page.css("#board .piece > circle.body")) == 32
    page.open(CHESS)
    assert page.css("#piece-style")[0].get_attribute("value") == "letters"
    assert all(image == "letter" for _, image, _ in pieces(page))
    choose_style(page, "images")
    page.open(CHESS)
    assert pieces(page)[0][1] != "letter"


def test_four_faces_shapes_emblems_and_four_colours(page):
    page.open(FOUR_FACES)
    choose_style(page, "images")
    # Every type, as the list of pieces draws it (promoted types are not on the board at first).
    images = dict(page.js(
        "return [...document.querySelectorAll('#piece-list .piece')]"
        ".map((g) => [S.rules.pieces[g.dataset.kind].name, g.dataset.image])"))
    # Chess shapes where a piece moves as the chess piece and bears its name; emblems for the rest
    # (a Wing rides forward only, a Mitre and a Helm have no chess shape either).
    assert images["King"] == "king"
    assert images["Rook"] == "rook"
    assert images["Knight"] == "knight"
    assert images["Wing"] == "emblem"
    assert images["Mitre"] == "emblem"
    assert images["Helm"] == "emblem"
    assert images["Queen"] == "queen"
    assert images["Gold"] == "emblem"
    # An emblem carries its letter and one mark per cell it reaches on its grid.
    assert all(letter for name, image, letter in pieces(page) if image == "emblem")
    fills = {}
    for owner, fill in page.js(
            "return [...document.querySelectorAll('#board .piece')]"
            ".map((g) => [g.dataset.owner, g.querySelector('.body').getAttribute('fill')])"):
        fills.setdefault(owner, set()).add(fill)
    assert len(fills) == 4
    assert all(len(f) == 1 for f in fills.values()), "one colour a player"
    assert len(set().union(*fills.values())) == 4, "every player has its own colour"


def test_shogi_tiles_and_xiangqi_discs(page):
    page.open(SHOGI)
    choose_style(page, "images")
    shown = pieces(page)
    assert shown and all(image == "shogi" for _, image, _ in shown)
    assert len(page.css("#board .piece polygon.tile")) == len(shown)
    page.open(XIANGQI)
    shown = pieces(page)
    assert shown and all(image == "xiangqi" and letter for _, image, letter in shown)
