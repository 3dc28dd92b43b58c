"""The README's Python session runs as written."""

import doctest

from conftest import ROOT


def python_section():
    text = (ROOT / "README.md").read_text()
    start = text.index("\n## Python\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_readme_session(monkeypatch):
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(python_section(), {}, "README.md", "README.md", 0)
    assert len(test.examples) >= 5
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures, _ = runner.run(test)
    assert failures == 0, "the README's Python session does not run as written (see above)"
