"""Fixtures of the browser tests: a `varia serve` on a copy of the definitions, and a headless
Chromium driven by selenium. Screenshots go to $VARIA_SCREENSHOTS (default
target/web-screenshots)."""

import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
VARIA = Path(os.environ.get("VARIA_BIN", REPO / "target" / "release" / "varia"))
VISITS = itertools.count(1)
SHOTS = Path(os.environ.get("VARIA_SCREENSHOTS", REPO / "target" / "web-screenshots"))


def varia(*args):
    """Runs the varia command line and returns its standard output."""
    out = subprocess.run([str(VARIA), *map(str, args)], capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise AssertionError(f"varia {' '.join(map(str, args))} failed: {out.stderr}")
    return out.stdout


def legal_moves(path, fen=None, variant=None):
    args = ["moves", path, "--json"]
    if fen:
        args += ["--fen", fen]
    if variant:
        args += ["--variant", variant]
    return json.loads(varia(*args))


MOVE = re.compile(r"^([a-p]\d+)([a-p]\d+)(.*)$")
DROP = re.compile(r"^(.+)@([a-p]\d+)$")


def split_move(move):
    """Gets (from, to, rest) of a move string; `from` is `X@` for a drop of X."""
    if m := DROP.match(move):
        return m.group(1) + "@", m.group(2), ""
    m = MOVE.match(move)
    assert m, f"unexpected move string {move}"
    return m.group(1), m.group(2), m.group(3)


@pytest.fixture(scope="session")
def defs(tmp_path_factory):
    """A copy of the shipped definitions that the tests may edit."""
    root = tmp_path_factory.mktemp("definitions")
    shutil.copytree(REPO / "definitions", root, dirs_exist_ok=True)
    return root


def serve(defs, *options):
    """Starts `varia serve` on the folder at a free port (with `options`); yields its address and
    stops it."""
    assert VARIA.exists(), f"build varia first: {VARIA} is missing"
    proc = subprocess.Popen(
        [str(VARIA), "serve", str(defs), "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert m, f"varia serve printed no address: {line!r} {proc.stderr.read() if proc.poll() is not None else ''}"
    yield m.group(0)
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def server(defs):
    """A `varia serve` on a free port; yields its address."""
    yield from serve(defs)


@pytest.fixture(scope="session")
def driver():
    profile = tempfile.mkdtemp(prefix="varia-chromium-")
    opts = webdriver.ChromeOptions()
    for flag in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1280,900",
    ]:
        opts.add_argument(flag)
    binary = shutil.which("chromium")
    if binary:
        opts.binary_location = binary
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    d = webdriver.Chrome(service=service, options=opts)
    d.set_window_size(1280, 900)
    yield d
    d.quit()
    shutil.rmtree(profile, ignore_errors=True)


class Page:
    """The playground in the browser."""

    def __init__(self, driver, url):
        self.d = driver
        self.url = url

    def wait(self, what, timeout=10):
        return WebDriverWait(self.d, timeout, poll_frequency=0.05).until(lambda _: what())

    def open(self, file, variant=None, fen=None, moves=()):
        from urllib.parse import urlencode, quote

        params = {"file": file}
        if variant:
            params["variant"] = variant
        if fen:
            params["fen"] = fen
        if moves:
            params["moves"] = " ".join(moves)
        # A new query string makes the browser load the page again, not just move to the anchor.
        self.d.get(f"{self.url}?visit={next(VISITS)}#{urlencode(params, quote_via=quote)}")
        self.wait(lambda: self.js("return S.pos !== null && S.file === arguments[0]", file))
        if fen:
            self.wait(lambda: self.js("return S.pos.start_fen") == fen)

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def css(self, selector):
        return self.d.find_elements(By.CSS_SELECTOR, selector)

    def cell(self, name):
        return self.d.find_element(By.CSS_SELECTOR, f'#board g.cell[data-cell="{name}"]')

    def click(self, name, timeout=10):
        """Clicks a cell. The board is drawn anew when the position or the definition changes, so
        a cell found just before a redraw is stale: it is then found again."""
        end = time.time() + timeout
        while True:
            try:
                self.cell(name).click()
                return
            except StaleElementReferenceException:
                if time.time() > end:
                    raise
                time.sleep(0.05)

    def play(self, frm, to, choice=None):
        """Plays a move by two clicks (and the `choice` in the dialog, a move string), and waits
        for the server's answer."""
        n = self.js("return S.pos.moves.length")
        self.click(frm)
        self.click(to)
        if choice:
            self.wait(lambda: self.css(f'#choice-list button[data-move="{choice}"]'))
            self.css(f'#choice-list button[data-move="{choice}"]')[0].click()
        try:
            self.wait(lambda: self.js("return !S.busy && S.pos.moves.length") == n + 1)
        except Exception as e:
            state = self.js("return [S.pos.moves, S.selected, S.busy, document.getElementById('notice').textContent]")
            raise AssertionError(f"{frm}{to} was not played: {state}") from e

    def highlighted(self):
        return sorted(e.get_attribute("data-cell") for e in self.css("#board g.cell.target"))

    def fen(self):
        return self.js("return S.pos.fen")

    def piece_at(self, name):
        """Gets (symbol, owner) of the piece on a cell, or None."""
        return self.js(
            """const c = Number(document.querySelector(`#board g.cell[data-cell="${arguments[0]}"]`).dataset.index);
               const p = S.pos.board.find((x) => x.cell === c);
               return p ? [S.rules.pieces[p.kind].symbol, p.owner] : null;""",
            name,
        )

    def shot(self, name, height=1000):
        """Saves a screenshot of the page in a window `height` pixels high."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / name
        self.d.set_window_size(1280, height)
        try:
            self.d.save_screenshot(str(path))
        finally:
            self.d.set_window_size(1280, 900)
        return path


@pytest.fixture
def page(driver, server):
    return Page(driver, server)


def wait_until(cond, timeout=10):
    end = time.time() + timeout
    while time.time() < end:
        if cond():
            return True
        time.sleep(0.05)
    return cond()
