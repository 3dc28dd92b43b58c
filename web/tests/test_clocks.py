"""Clocks with increment (web/clock.js): a flag fall ends the game, the increment is added after a
move, the engine is asked for a share of its clock (and no more than a shared server allows), the
clocks pause while the game is browsed or edited, and there are none with the control `none`.

Times are read from the page's own clock state (K, in ms) and checked against the test's wall
clock around the same steps: the time a clock counts for a move is at most the wall time the test
measured around it, so a clock that lost or gained time beyond that fails."""

import time

import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import Page, serve, wait_until

CHESS = "classic/chess.varia"


def control(page, value, custom=None):
    """Chooses a time control: a preset, or `custom` with the text typed in its field."""
    Select(page.css("#clock-control")[0]).select_by_value(value)
    if custom is not None:
        box = page.css("#clock-custom")[0]
        box.clear()
        box.send_keys(custom + Keys.ENTER)


def engine_plays(page, side):
    Select(page.css("#engine-side")[0]).select_by_value(side)


def clock_texts(page):
    # Read in one script: the clocks are drawn anew ten times a second.
    return page.js("return [...document.querySelectorAll('#clocks .clock .time')].map((e) => e.textContent)")


def clock_with(page, k):
    """The player whose clock has the class `k` (running, flagged), or None."""
    return page.js("const e = document.querySelector(`#clocks .clock.${arguments[0]}`);"
                   "return e && Number(e.dataset.player)", k)


def stamps(page):
    return page.js("return K.stamps.map((s) => s && [s.player, s.left])")


def pgn(page):
    page.css("#pgn-open")[0].click()
    assert wait_until(lambda: page.css("#pgn-text")[0].get_attribute("value"))
    text = page.css("#pgn-text")[0].get_attribute("value")
    page.css("#pgn-close")[0].click()
    return text


def clk(ms):
    s = int(ms // 1000)
    return f"{{[%clk {s // 3600}:{s // 60 % 60:02}:{s % 60:02}]}}"


def test_no_clocks_without_a_control(page):
    page.open(CHESS)
    assert page.js("return document.getElementById('clock-control').value") == ""
    assert page.js("return document.getElementById('clocks').hidden") is True
    assert page.js("return clockMovetime()") is None
    control(page, "3+2")
    assert wait_until(lambda: len(clock_texts(page)) == 2)
    assert clock_texts(page)[0] in ("03:00", "02:59") and clock_texts(page)[1] == "03:00"
    assert clock_with(page, "running") == 0
    control(page, "")
    assert page.js("return document.getElementById('clocks').hidden") is True
    assert page.js("return clockMovetime()") is None
    assert "TimeControl" not in pgn(page)


def test_a_bad_custom_control_is_refused(page):
    page.open(CHESS)
    control(page, "custom", "3+x")
    assert page.css("#notice")[0].text == (
        "time control `3+x`: write BASE+INC: BASE minutes (1 s to 600 min), INC seconds added after "
        "each move (at most 600)")
    assert page.js("return document.getElementById('clocks').hidden") is True


def test_the_flag_falls_for_a_player_who_does_not_move(page):
    page.open(CHESS)
    engine_plays(page, "1")
    control(page, "custom", "0.05+0")  # 3 s, no increment
    assert wait_until(lambda: page.css("#status")[0].text == "White loses on time", timeout=15)
    assert page.css("#winner")[0].text == "Winner: black"
    assert page.css("#to-move")[0].text == "Game over"
    assert clock_texts(page) == ["00:00.0", "00:03.0"]
    assert clock_with(page, "flagged") == 0
    assert clock_with(page, "running") is None
    # Stopped: no move may be made, the engine does not play, the clocks stay.
    page.click("e2")
    assert page.highlighted() == []
    time.sleep(0.5)
    assert clock_texts(page) == ["00:00.0", "00:03.0"]
    assert page.js("return S.moves.length") == 0
    text = pgn(page)
    for tag in ['[Result "0-1"]', '[TimeControl "3+0"]', '[Termination "time forfeit"]']:
        assert tag in text
    assert text.rstrip().endswith("{White loses on time} 0-1")
    # A new game resets the clocks, and the engine plays again once White has moved.
    engine_plays(page, "")
    page.css("#restart")[0].click()
    assert wait_until(lambda: page.css("#status")[0].text == "ongoing")
    assert page.js("return [K.flag, K.stamps.length, clockAt(0), clockAt(1)]") == [None, 0, 3000, 3000]


def test_the_increment_is_added_after_a_move(page):
    before = time.time()
    page.open(CHESS)
    control(page, "custom", "1+10")  # 60 s, 10 s a move
    page.play("e2", "e4")
    white = (time.time() - before) * 1000
    [[player, left]] = stamps(page)
    # White's clock after its move: 60 s less the time it ran (at most the wall time measured
    # around opening the page, choosing the control and playing), plus 10 s.
    assert player == 0
    assert 70000 - white <= left <= 70000, (left, white)
    assert left > 60000, "the increment is added"
    assert clock_texts(page)[0] == page.js("return clockText(arguments[0])", left)
    assert clock_with(page, "running") == 1
    page.play("e7", "e5")
    black = (time.time() - before) * 1000
    first, [player, second] = stamps(page)
    assert player == 1
    assert 70000 - black <= second <= 70000, (second, black)
    assert first == [0, left], "White's clock stays"
    assert f"1. e4 {clk(left)} e5 {clk(second)} *" in pgn(page)
    assert '[TimeControl "60+10"]' in pgn(page)
    # Taking back a move gives its mover the clock it had before it.
    page.css("#takeback")[0].click()
    assert wait_until(lambda: page.js("return S.moves.length") == 1)
    assert page.js("return [K.stamps.length, clockAt(1)]") == [1, 60000]


def test_the_engine_answers_within_its_time(page):
    page.open(CHESS)
    engine_plays(page, "1")
    control(page, "custom", "0.2+1")  # 12 s, 1 s a move
    page.play("e2", "e4")
    assert wait_until(lambda: page.js("return S.pos.moves.length") == 2, timeout=20)
    asked = page.js("return K.asked")
    # A thirtieth of its clock plus the increment (the server's most is 10 s here).
    assert asked["movetime"] == int(min(asked["left"] / 30 + 1000, asked["left"] - 100))
    assert 12000 - 1000 < asked["left"] <= 12000
    assert 1000 + 11000 // 30 <= asked["movetime"] <= 1000 + 12000 // 30
    [_, [player, left]] = stamps(page)
    used = 12000 + 1000 - left
    assert player == 1
    # It answered before its flag fell; its search, the request and the page's steps took at most
    # 2.5 s more than the time asked (a loaded machine's margin).
    assert 0 < used < asked["left"]
    assert used <= asked["movetime"] + 2500, (used, asked)
    assert page.css("#status")[0].text == "ongoing"
    assert clock_with(page, "running") == 0


def test_clocks_pause_while_browsing_and_editing(page):
    page.open(CHESS)
    control(page, "1+0")
    page.play("e2", "e4")
    assert page.js("return K.running && K.toMove") == 1
    page.css("#nav-back")[0].click()
    assert wait_until(lambda: page.js("return S.view") == 0)
    assert wait_until(lambda: not page.js("return K.running"))
    paused = clock_texts(page)
    time.sleep(1.2)
    assert clock_texts(page) == paused
    page.css("#nav-last")[0].click()
    assert wait_until(lambda: page.js("return K.running"))
    time.sleep(1.2)
    assert clock_texts(page)[1] != paused[1], "Black's clock runs again"
    page.css("#edit")[0].click()
    assert wait_until(lambda: not page.js("return K.running"))
    paused = clock_texts(page)
    time.sleep(1.2)
    assert clock_texts(page) == paused
    page.css("#editor-cancel")[0].click()
    assert wait_until(lambda: page.js("return K.running"))


@pytest.fixture
def shared(defs):
    yield from serve(defs, "--shared", "--max-movetime", "300")


def test_a_shared_server_caps_the_engine_time(driver, shared):
    page = Page(driver, shared)
    page.open(CHESS)
    control(page, "1+0")  # a thirtieth of 60 s is 2 s: the server allows 0.3 s
    engine_plays(page, "0")
    assert wait_until(lambda: page.js("return S.pos.moves.length") == 1, timeout=20)
    assert page.js("return K.asked.movetime") == 300
    [[player, left]] = stamps(page)
    assert player == 0 and 60000 - 300 - 2500 <= left < 60000
