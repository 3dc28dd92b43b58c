"""The README's Python session runs as written. Also a script (`python python/tests/test_readme.py`,
from the repository root) that needs nothing but the installed module: python/ci.sh runs it in a
virtual environment that holds only the wheel."""

import doctest
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_section():
    text = (ROOT / "README.md").read_text()
    start = text.index("\n## Python\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def run_session():
    """Runs the session from the repository root; returns (failures, examples)."""
    test = doctest.DocTestParser().get_doctest(python_section(), {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures, tried = runner.run(test)
    return failures, tried


def test_readme_session(monkeypatch):
    monkeypatch.chdir(ROOT)
    failures, tried = run_session()
    assert tried >= 5
    assert failures == 0, "the README's Python session does not run as written (see above)"


if __name__ == "__main__":
    os.chdir(ROOT)
    import varia

    failures, tried = run_session()
    print(f"README's Python session, varia from {varia.__file__}:")
    print(f"{tried - failures} of {tried} examples as written")
    sys.exit(1 if failures or tried < 5 else 0)
