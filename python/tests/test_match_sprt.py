"""A sequential test (`sprt`) in shards: its batches of pairs are its shards, sent in order until
the test is over, and the report (verdict, ratio, counts) is the one the match gives at once,
from `varia.match`, `python -m varia match` and `varia match`, which read each other's results
files. The Ray cluster's run is in test_ray.py."""

import json
import shlex
import subprocess
import sys

import pytest
import varia

from conftest import ROOT

MINISHOGI = ROOT / "definitions" / "classic" / "minishogi.varia"
TEST = "elo0=0 elo1=100 batch=2"
WORDS = ["--games", "40", "--depth", "3", "--max-plies", "100"]


def engine(cli):
    """varia as a UCI engine told to search one ply whatever it is asked."""
    uci = f"{shlex.quote(str(cli.binary))} uci {shlex.quote(str(MINISHOGI))}"
    return "sh -c " + shlex.quote(f"sed -u 's/^go .*/go depth 1/' | {uci}")


def args(cli):
    return dict(games=40, depth=3, max_plies=100, engine=engine(cli), sprt=TEST)


def decided(series):
    """The counts and the test's decision (but the games discarded, which depend on what was
    played past it)."""
    test = {k: v for k, v in series["sprt"].items() if k != "discarded"}
    return [series[k] for k in ("games", "wins", "draws", "losses", "causes")] + [test]


def series_json(report):
    return json.loads(report.json())["series"][0]


def test_a_test_in_shards_decides_as_the_match_played_at_once(cli, tmp_path):
    whole = series_json(varia.match(MINISHOGI, **args(cli)))
    t = whole["sprt"]
    # Twelve pairs, six batches of two: H1 after the sixth, as `varia match` decides.
    assert (t["pairs"], t["pentanomial"], t["llr"], t["verdict"]) == (
        12, [0, 0, 4, 0, 8], 2.962, "H1")
    assert (whole["games"], whole["wins"], whole["losses"], t["discarded"]) == (24, 20, 4, 0)
    command = cli.json("match", MINISHOGI, *WORDS, "--threads", "1", "--engine",
                       engine(cli), "--sprt", *TEST.split())
    assert decided(command["series"][0]) == decided(whole)
    # In shards here, two at a time, streamed to a results file.
    results = tmp_path / "r.jsonl"
    report = varia.match(MINISHOGI, results=results, threads=2, **args(cli))
    assert decided(series_json(report)) == decided(whole)
    assert [g.index for g in report.series[0].records] == list(range(24))
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert lines[0]["match"]["shards"] == 10
    assert lines[0]["match"]["settings"]["sprt"] == {
        "elo0": 0.0, "elo1": 100.0, "alpha": 0.05, "beta": 0.05, "batch": 2}
    shards = sorted(line["shard"] for line in lines[1:])
    # The six batches the test needs, and at most the one under way when it decided.
    assert shards[:6] == list(range(6)) and len(shards) <= 7
    # The command line reads the file the package wrote, and decides alike.
    merged = cli.json("match", MINISHOGI, *WORDS, "--engine", engine(cli), "--sprt",
                      *TEST.split(), "--results", results)
    assert decided(merged["series"][0]) == decided(whole)
    assert merged["series"][0]["sprt"]["discarded"] == 4 * (len(shards) - 6)


def test_an_interrupted_test_resumes_from_its_results_file(cli, tmp_path):
    """Batches 0 and 3 written by `varia match --shard`: `python -m varia match` plays the
    others in order until the test decides, and reports as the match played at once."""
    results = tmp_path / "r.jsonl"
    common = [*WORDS, "--engine", engine(cli), "--sprt", *TEST.split(), "--results", results]
    for k in ("0/10", "3/10"):
        cli.json("match", MINISHOGI, *common, "--shard", k)
    done = subprocess.run(
        [sys.executable, "-m", "varia", "match", str(MINISHOGI), *map(str, common), "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert (done.returncode, done.stderr) == (0, "")
    resumed = json.loads(done.stdout)["series"][0]
    whole = series_json(varia.match(MINISHOGI, **args(cli)))
    assert decided(resumed) == decided(whole)
    shards = [json.loads(line)["shard"] for line in results.read_text().splitlines()[1:]]
    assert shards[:2] == [0, 3] and sorted(shards[2:]) == [1, 2, 4, 5]
    # Its text report: a line for the series, one for the test.
    text = subprocess.run(
        [sys.executable, "-m", "varia", "match", str(MINISHOGI), *map(str, common)],
        cwd=ROOT, capture_output=True, text=True, timeout=600).stdout
    assert text.splitlines()[1] == (
        "minishogi: SPRT LLR 2.96 [-2.94, 2.94], H1 accepted (elo1 100); 12 pairs counted, "
        "0 games discarded")


def test_a_test_in_shards_is_refused_where_it_cannot_apply(cli, tmp_path):
    results = tmp_path / "r.jsonl"
    with pytest.raises(varia.VariaError, match=r"^match shards 4: a match with a sequential "
                       r"test is played in shards of a batch of pairs in a row, here 10 "
                       r"\(batches of 2 pairs\)$"):
        varia.match(MINISHOGI, results=results, shards=4, **args(cli))
    with pytest.raises(varia.VariaError,
                       match="^sprt tests varia against one engine in one variant$"):
        varia.match(MINISHOGI, results=results, games=4, sprt=TEST)
    with pytest.raises(varia.VariaError, match=r"^sprt: `batch=0`: `0` is not a count"):
        varia.match(MINISHOGI, results=results, **{**args(cli), "sprt": "elo0=0 elo1=5 batch=0"})
    with pytest.raises(varia.VariaError, match=r"games 3 must be even$"):
        varia.match(MINISHOGI, results=results, **{**args(cli), "games": 3})
    assert not results.exists()
