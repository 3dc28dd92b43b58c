"""The playground on a shared server (`varia serve --shared`): it says so, and offers no engine
time beyond the server's `--max-movetime`; on a local server neither."""

import pytest

from conftest import Page, serve, wait_until


@pytest.fixture
def shared(defs):
    yield from serve(defs, "--shared", "--max-movetime", "1500")


def times(page):
    return page.js("return [...document.getElementById('engine-time').options].map(o => o.value)")


def test_a_shared_server_says_so_and_caps_the_engine_time(driver, shared):
    page = Page(driver, shared)
    page.open("classic/chess.varia")
    wait_until(lambda: not page.js("return document.getElementById('shared-mode').hidden"))
    assert times(page) == ["300", "1000"]
    assert page.js("return document.getElementById('engine-time').value") == "1000"


def test_a_local_server_offers_every_time_and_no_badge(page):
    page.open("classic/chess.varia")
    assert page.js("return document.getElementById('shared-mode').hidden") is True
    assert times(page) == ["300", "1000", "3000", "10000"]
