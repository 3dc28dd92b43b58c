"""Shared helpers: the repository root, the shipped definitions and the `varia` command line."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFINITIONS = sorted((ROOT / "definitions").rglob("*.varia"))


def cli_binary():
    """The varia command line to compare with: $VARIA_BIN, else a build in target/ (release
    first); None if there is none."""
    env = os.environ.get("VARIA_BIN")
    if env:
        return pathlib.Path(env)
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "varia"
        if path.is_file():
            return path
    return None


class Cli:
    """Runs `varia` and parses its JSON output."""

    def __init__(self, binary):
        self.binary = binary

    def run(self, *args):
        done = subprocess.run(
            [str(self.binary), *map(str, args)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0:
            raise AssertionError(f"varia {' '.join(map(str, args))} failed:\n{done.stderr}")
        return done.stdout

    def json(self, *args):
        return json.loads(self.run(*args, "--json"))

    def uci_search(self, path, moves, go):
        """Searches the main game of `path` after `moves` (text, may be empty) with `varia uci`:
        its `bestmove` and its last `info` line's `depth`, `nodes`, `cp` or `mate` and `pv`."""
        proc = subprocess.Popen(
            [str(self.binary), "uci", str(path)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        position = f"position startpos moves {moves}" if moves else "position startpos"
        proc.stdin.write(f"uci\n{position}\n{go}\n")
        proc.stdin.flush()
        found = {}
        # The end of the input stops a search: the engine is told to quit only once it has
        # answered.
        for line in proc.stdout:
            words = line.split()
            if words[:2] == ["info", "depth"]:
                found = {
                    "depth": int(words[2]),
                    "nodes": int(words[words.index("nodes") + 1]),
                    words[words.index("score") + 1]: int(words[words.index("score") + 2]),
                    "pv": words[words.index("pv") + 1 :],
                }
            elif words[:1] == ["bestmove"]:
                found["bestmove"] = words[1]
                break
        proc.communicate("quit\n", timeout=60)
        return found


@pytest.fixture(scope="session")
def cli():
    binary = cli_binary()
    if binary is None:
        pytest.skip("no varia binary: run `cargo build --release` or set VARIA_BIN")
    return Cli(binary)


def variant_cases():
    """(definition, variant) for every variant of every shipped definition."""
    import varia

    return [
        pytest.param(path, name, id=f"{path.stem}:{name}")
        for path in DEFINITIONS
        for name in varia.variants(path)
    ]
