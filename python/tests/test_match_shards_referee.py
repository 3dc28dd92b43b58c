"""Shards of matches the library's referee plays: against external engines (varia's own `varia
uci`, Fairy-Max over XBoard), under clocks, with adjudication. Node-limited games are the same
games in shards as in one run; games under a clock are not, so what is tested is that every game
index is played once and the counts add up."""

import json
import shlex
import shutil

import pytest
import varia

from conftest import ROOT

CHESS = ROOT / "definitions" / "classic" / "chess.varia"
FAIRYMAX = shutil.which("fairymax") or shutil.which("/usr/games/fairymax")
# A lopsided start (white a queen and a rook up) and the setup: games that end by resign
# adjudication, and games that end by draw adjudication or the cap.
OPENINGS = ["4k3/8/8/8/8/8/8/R3K2Q w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
ADJUDICATED = dict(
    games=8, nodes=400, max_plies=40, random_plies=0, openings=OPENINGS,
    draw_adjudication="movenumber=1 movecount=3 score=60",
    resign_adjudication={"movecount": 2, "score": 500},
)


def uci_engine(cli):
    return f"cmd={shlex.quote(str(cli.binary))} arg=uci arg={shlex.quote(str(CHESS))}"


def indices(report):
    return [(g.series, g.index) for s in report.series for g in s.records]


def test_shards_of_a_match_against_varia_as_a_uci_engine_equal_the_whole_match(cli, tmp_path):
    """Node-limited games against `varia uci` with both adjudications: the shards merged, from
    `shard` and `played` or from a results file, are the whole match's games."""
    args = dict(engine=uci_engine(cli), **ADJUDICATED)
    whole = varia.match(CHESS, **args)
    (series,) = whole.series
    assert series.entrants == ["varia", "varia 0.1.0"]
    assert series.games == 8 and series.wins + series.draws + series.losses == 8
    assert series.causes.get("adjudicated-resign", 0) >= 2
    assert series.causes.get("adjudicated-draw", 0) >= 1
    shards = [varia.match(CHESS, shard=(k, 3), **args) for k in range(3)]
    assert [indices(r) for r in shards] == [
        [(0, 0), (0, 1), (0, 6), (0, 7)], [(0, 2), (0, 3)], [(0, 4), (0, 5)]
    ]
    played = [g for r in shards for g in r.series[0].records]
    merged = varia.match(CHESS, played=played, **args)
    assert merged.json() == whole.json() and merged.pgn() == whole.pgn()
    results = tmp_path / "r.jsonl"
    sharded = varia.match(CHESS, results=results, shards=2, threads=2, **args)
    assert sharded.json() == whole.json() and sharded.pgn() == whole.pgn()
    header = json.loads(results.read_text().splitlines()[0])["match"]
    settings = header["settings"]
    assert settings["engine"] == [args["engine"]]
    assert settings["draw_adjudication"] == ["movenumber=1", "movecount=3", "score=60"]
    assert settings["resign_adjudication"] == ["movecount=2", "score=500"]
    # A file of the same match against another engine setting is another match's.
    with pytest.raises(varia.VariaError, match=r"holds the results of another match"):
        varia.match(CHESS, results=results, shards=2,
                    **{**args, "engine": args["engine"] + " option.Hash=16"})


def test_a_match_under_a_clock_in_shards_plays_every_game_once_and_resumes(tmp_path):
    """Self-play under a clock with adjudication: no game is reproducible, but each index is
    played once, the counts add up, each game's clock is counted, and an interrupted file is
    finished by the shards it lacks."""
    args = dict(games=6, tc="2+0.02", max_plies=30, random_plies=2, seed=3,
                draw_adjudication="movenumber=4 movecount=2 score=30")
    results = tmp_path / "clock.jsonl"
    report = varia.match(CHESS, results=results, shards=3, threads=2, **args)
    (series,) = report.series
    assert indices(report) == [(0, i) for i in range(6)]
    assert series.games == 6 and series.wins + series.draws + series.losses == 6
    assert sum(series.causes.values()) == 6 and len(series.lengths) == 6
    clock = series.clock
    assert clock["tc"] == "2+0.02" and clock["margin_ms"] == 50
    # Each entrant's moves over the series are those of its games' clocks.
    moves = [sum(g.clock[i]["moves"] for g in series.records) for i in (0, 1)]
    assert clock["moves"] == moves and sum(moves) == sum(series.lengths)
    lines = results.read_text().splitlines()
    assert len(lines) == 4
    header = json.loads(lines[0])["match"]["settings"]
    assert (header["tc"], header["timemargin"], header["depth"]) == ("2+0.02", 50, None)
    # The first shard kept, the second cut in the middle of its line: the rerun plays the two
    # it lacks and keeps the first's games as they are.
    kept = json.loads(lines[1])
    results.write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:40])
    again = varia.match(CHESS, results=results, shards=3, **args)
    assert indices(again) == [(0, i) for i in range(6)]
    assert again.series[0].games == 6
    by_index = {g.index: json.loads(g.json()) for g in again.series[0].records}
    assert all(by_index[g["index"]] == {**g, "series": 0} for g in kept["games"])
    lines_again = results.read_text().splitlines()
    assert lines_again[:2] == lines[:2] and len(lines_again) == 4
    assert sorted(json.loads(line)["shard"] for line in lines_again[1:]) == [0, 1, 2]


@pytest.mark.skipif(FAIRYMAX is None, reason="Fairy-Max is not installed")
def test_shards_against_fairy_max_over_xboard_under_a_clock(tmp_path):
    args = dict(engine=FAIRYMAX, protocol="xboard", games=4, tc="3+0.05", max_plies=24,
                random_plies=2, seed=1)
    results = tmp_path / "fm.jsonl"
    report = varia.match(CHESS, results=results, shards=2, threads=2, **args)
    (series,) = report.series
    assert series.entrants[0] == "varia" and series.entrants[1].startswith("Fairy-Max")
    assert indices(report) == [(0, i) for i in range(4)]
    assert [g.first for g in series.records] == ["white", "black", "white", "black"]
    assert series.games == 4 and series.wins + series.draws + series.losses == 4
    # Pairs share their opening across the shards' games as in one run.
    records = series.records
    assert records[0].start_fen == records[1].start_fen
    assert records[2].start_fen == records[3].start_fen
    assert all("Fairy-Max" in g.pgn() for g in records)


def test_a_sequential_test_plays_its_batches_as_shards(cli):
    """With a test, shard k of n is batch k of its pairs (one pair a batch by default), n the
    number of batches; a shard alone is reported without the test."""
    args = dict(engine=uci_engine(cli), games=4, nodes=200, sprt="elo0=0 elo1=10")
    shard = varia.match(CHESS, **args, shard=(1, 2))
    assert indices(shard) == [(0, 2), (0, 3)] and shard.series[0].sprt is None
    with pytest.raises(varia.VariaError, match=r"^a match with a sequential test is played in "
                       r"shards of a batch of pairs in a row: the 2 pairs of games here in "
                       r"batches of 1 make 2 shards, not 3 \(shard K/2\)$"):
        varia.match(CHESS, **args, shard=(0, 3))


def test_the_command_line_and_the_package_add_to_one_results_file(cli, tmp_path):
    """`varia match --shard K/N --results FILE` writes the lines this package writes: a shard
    played by the command line, the others by `varia.match(..., results=...)`, and the report
    merged by either equals the match played at once."""
    book = tmp_path / "book.txt"
    book.write_text("\n".join(OPENINGS) + "\n")
    engine = uci_engine(cli)
    args = dict(ADJUDICATED, openings=book, engine=engine)
    flags = ["--games", "8", "--nodes", "400", "--max-plies", "40", "--random-plies", "0",
             "--openings", book, "--engine", engine, "--threads", "1",
             "--draw-adjudication", "movenumber=1", "movecount=3", "score=60",
             "--resign-adjudication", "movecount=2", "score=500"]
    whole = varia.match(CHESS, **args)
    results = tmp_path / "mixed.jsonl"
    shard = cli.json("match", CHESS, *flags, "--shard", "1/4", "--results", results)
    assert shard["series"][0]["games"] == 2
    report = varia.match(CHESS, results=results, shards=4, **args)
    assert report.json() == whole.json() and report.pgn() == whole.pgn()
    lines = results.read_text().splitlines()
    assert len(lines) == 5 and json.loads(lines[1])["shard"] == 1
    assert sorted(json.loads(line)["shard"] for line in lines[1:]) == [0, 1, 2, 3]
    merged = tmp_path / "merged.pgn"
    assert cli.json("match", CHESS, *flags, "--results", results, "--pgn", merged) == \
        json.loads(whole.json())
    assert merged.read_text() == whole.pgn()
    # Self-play by the package's own referee (no engine) mixes too.
    own = tmp_path / "own.jsonl"
    cli.run("match", CHESS, "--games", "4", "--nodes", "300", "--max-plies", "20",
            "--shard", "0/2", "--results", own)
    mixed = varia.match(CHESS, games=4, nodes=300, max_plies=20, results=own, shards=2)
    assert mixed.json() == varia.match(CHESS, games=4, nodes=300, max_plies=20).json()
