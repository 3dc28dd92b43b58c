"""The shipped type stubs (varia/__init__.pyi) match the module: mypy's stubtest, when mypy is installed
(python/ci.sh installs it)."""

import importlib.util
import subprocess
import sys

import pytest


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_stubs_match_the_module(tmp_path):
    # The compiled submodule `varia.varia` has no stubs of its own: the package's cover it.
    allowlist = tmp_path / "allowlist.txt"
    allowlist.write_text("varia.varia\n")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "varia", "--allowlist", str(allowlist)],
        cwd=tmp_path,  # where mypy leaves its cache
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
