"""`python -m varia match` with the options of engines, clocks and adjudication, spelled as
`varia match` spells them: `--engine`, `--protocol`, `--tc`, `--timemargin`,
`--draw-adjudication`, `--resign-adjudication`."""

import json
import shlex
import subprocess
import sys

import varia

from conftest import ROOT

CHESS = ROOT / "definitions" / "classic" / "chess.varia"
# A lopsided start (white a queen and a rook up), then the setup: games that end by resign
# adjudication, and games that end by draw adjudication or the cap.
OPENINGS = ["4k3/8/8/8/8/8/8/R3K2Q w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]


def python_m_varia(*args):
    return subprocess.run(
        [sys.executable, "-m", "varia", "match", *map(str, args)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )


def test_against_varia_as_a_uci_engine_with_both_adjudications(cli, tmp_path):
    """The same words to `varia match` and `python -m varia match` give the report
    `varia.match` gives for the same arguments."""
    openings = tmp_path / "openings.txt"
    openings.write_text("\n".join(OPENINGS) + "\n")
    engine = f"cmd={shlex.quote(str(cli.binary))} arg=uci arg={shlex.quote(str(CHESS))}"
    args = ["--games", "4", "--nodes", "400", "--max-plies", "40", "--random-plies", "0",
            "--openings", openings, "--engine", engine, "--protocol", "uci",
            "--draw-adjudication", "movenumber=1", "movecount=3", "score=60",
            "--resign-adjudication", "movecount=2", "score=500"]
    done = python_m_varia(CHESS, *args, "--json")
    assert (done.returncode, done.stderr) == (0, "")
    report = json.loads(done.stdout)
    expected = varia.match(
        CHESS, games=4, nodes=400, max_plies=40, random_plies=0, openings=openings,
        engine=engine, protocol="uci", draw_adjudication="movenumber=1 movecount=3 score=60",
        resign_adjudication={"movecount": 2, "score": 500})
    assert report == json.loads(expected.json())
    assert report == cli.json("match", CHESS, *args)
    (series,) = report["series"]
    assert series["entrants"] == ["varia", "varia 0.1.0"]
    assert series["games"] == 4
    assert series["causes"] == {"adjudicated-draw": 2, "adjudicated-resign": 2}
    assert (series["wins"], series["draws"], series["losses"]) == (1, 2, 1)
    # A line a series without --json, engines named as the report names them.
    done = python_m_varia(CHESS, *args)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == ("chess: varia vs varia 0.1.0: 4 games, +1 =2 -1, score 0.500, "
                           "Elo +0.0 [-296.6, +296.6]\n")


def test_a_clock_plays_every_game_and_the_counts_add_up(tmp_path):
    results = tmp_path / "clock.jsonl"
    done = python_m_varia(CHESS, "--games", "4", "--tc", "2+0.02", "--timemargin", "80",
                          "--max-plies", "30", "--random-plies", "2", "--seed", "3",
                          "--threads", "2", "--draw-adjudication", "movenumber=4 movecount=2",
                          "score=30", "--results", results, "--shards", "2", "--json")
    assert (done.returncode, done.stderr) == (0, "")
    (series,) = json.loads(done.stdout)["series"]
    assert series["games"] == 4
    assert series["wins"] + series["draws"] + series["losses"] == 4
    assert sum(series["causes"].values()) == 4
    clock = series["clock"]
    assert (clock["tc"], clock["tcs"], clock["margin_ms"]) == ("2+0.02", ["2+0.02"] * 2, 80)
    header, *shards = [json.loads(line) for line in results.read_text().splitlines()]
    settings = header["match"]["settings"]
    assert (settings["tc"], settings["timemargin"]) == ("2+0.02", 80)
    assert settings["draw_adjudication"] == ["movenumber=4", "movecount=2", "score=30"]
    # Each index played once, in one of the two shards; each game's moves all on the clock.
    games = [g for shard in shards for g in shard["games"]]
    assert sorted(shard["shard"] for shard in shards) == [0, 1]
    assert sorted(g["index"] for g in games) == [0, 1, 2, 3]
    for g in games:
        assert sum(side["moves"] for side in g["clock"]) == len(g["moves"])
    assert sum(clock["moves"]) == sum(len(g["moves"]) for g in games)

def test_bad_values_are_refused_with_exit_1():
    for args, error in BAD:
        done = python_m_varia(CHESS, "--games", "2", *args)
        assert (done.returncode, done.stdout, done.stderr) == (1, "", error), args


# varia.match's errors, in its words, as `python -m varia match` reports them elsewhere.
BAD = [
    (["--draw-adjudication", "movenumber=x"],
     "error: draw_adjudication: movenumber=x: expected a whole number from 0 to 1000000\n"),
    (["--draw-adjudication", "movenumber=4", "colour=2"],
     "error: draw_adjudication: unknown `colour` (expected movenumber, movecount, score)\n"),
    (["--resign-adjudication", "movecount=2"], "error: resign_adjudication: score= is needed\n"),
    (["--tc", "1+x"],
     "error: tc `1+x`: expected BASE+INC in seconds (`10+0.1`, `1:30+1`), or MOVES/BASE+INC "
     "(`40/60+0`: the base time again every 40 moves)\n"),
    (["--timemargin", "80"], "error: timemargin needs tc\n"),
    (["--tc", "1+0", "--timemargin", "-1"], "error: match timemargin -1 is not in 0..=3600000\n"),
    (["--tc", "1+0", "--depth", "2"],
     "error: tc is a clock instead of a limit a move: give no depth, nodes or movetime with it\n"),
    (["--protocol", "uci"], "error: protocol needs an engine\n"),
    (["--engine", "cmd="], "error: engine `cmd=`: no program to run\n"),
]
