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
