"""varia.match's shards and played games: a match's games played in parts, and merged into the
report of the whole match."""

import json
import pickle
import subprocess
import sys

import pytest
import varia

from conftest import ROOT

CHESS = ROOT / "definitions" / "classic" / "chess.varia"
SYMGI = ROOT / "definitions" / "symgi.varia"


def games_of(report):
    return [g for s in report.series for g in s.records]


def test_shards_merged_equal_the_whole_match():
    """Two settings (pairs sharing an opening) in two variants: three shards, merged."""
    args = dict(games=7, depth=1, opponent_depth=2, max_plies=16, random_plies=2, seed=5)
    variants = ["stepping", "leaping"]
    whole = varia.match(SYMGI, variants, **args)
    shards = [varia.match(SYMGI, variants, shard=(k, 3), **args) for k in range(3)]
    # Shard k holds the pairs p = k, k + 3, ... of each series: games 2p and 2p + 1.
    assert [[(g.series, g.index) for g in games_of(r)] for r in shards] == [
        [(0, 0), (0, 1), (0, 6), (1, 0), (1, 1), (1, 6)],
        [(0, 2), (0, 3), (1, 2), (1, 3)],
        [(0, 4), (0, 5), (1, 4), (1, 5)],
    ]
    assert [s.games for s in shards[1].series] == [2, 2]
    # Each shard's game is the whole match's game of that index.
    by_key = {(g.series, g.index): g.json() for g in games_of(whole)}
    assert len(by_key) == 14
    for r in shards:
        for g in games_of(r):
            assert g.json() == by_key[(g.series, g.index)]
    played = [g for r in reversed(shards) for g in games_of(r)]
    merged = varia.match(SYMGI, variants, played=played, **args)
    assert merged.json() == whole.json()
    assert merged.pgn() == whole.pgn()
    assert [g.json() for g in games_of(merged)] == [g.json() for g in games_of(whole)]
    assert json.loads(merged.json())["series"][0]["games"] == 7


def test_played_games_are_counted_as_given_and_the_rest_played():
    args = dict(games=4, depth=1, max_plies=12, seed=2)
    whole = varia.match(CHESS, **args)
    first = varia.match(CHESS, shard=(0, 2), **args)
    # A played game is counted as it is given, not played again: one said to be a win.
    (g0, g1) = games_of(first)
    text = json.loads(g0.json())
    text.update(winner="white", cause="checkmate", result="1-0")
    won = varia.MatchGame.from_json(json.dumps(text))
    report = varia.match(CHESS, played=[won, g1], **args)
    (series,) = report.series
    assert (series.games, series.wins, series.draws) == (4, 1, 3)
    assert series.causes == {"checkmate": 1, "ply-cap": 3}
    # The games not given (2 and 3) were played: the whole match's.
    assert [g.json() for g in series.records[2:]] == [g.json() for g in whole.series[0].records[2:]]


def test_a_match_game_round_trips_through_json_and_pickle():
    (game,) = varia.match(CHESS, games=1, depth=1, max_plies=6).series[0].records
    fields = json.loads(game.json())
    assert sorted(fields) == [
        "cause", "clock", "first", "index", "moves", "note", "pgn", "result", "series",
        "start_fen", "winner"
    ]
    assert fields["clock"] is None and game.clock is None
    assert (fields["series"], fields["index"], fields["cause"], len(fields["moves"])) == (
        0, 0, "ply-cap", 6
    )
    for back in (varia.MatchGame.from_json(game.json()), pickle.loads(pickle.dumps(game))):
        assert back.json() == game.json() and back.pgn() == game.pgn()
        assert (back.series, back.index, back.moves) == (0, 0, game.moves)
    with pytest.raises(varia.VariaError, match=r"^a match game's JSON: no `pgn`$"):
        varia.MatchGame.from_json(json.dumps({k: v for k, v in fields.items() if k != "pgn"}))
    with pytest.raises(varia.VariaError, match=r"^a match game's JSON: `index` is not a count$"):
        varia.MatchGame.from_json(json.dumps({**fields, "index": -1}))
    with pytest.raises(varia.VariaError, match=r"^a match game's JSON: "):
        varia.MatchGame.from_json("{")


def test_bad_shards_and_played_games_are_refused():
    args = dict(games=4, depth=1, max_plies=6)
    games = games_of(varia.match(CHESS, **args))
    for shard in [(2, 2), (-1, 2), (0, 0)]:
        with pytest.raises(varia.VariaError, match=r"is not \(k, n\) with 0 <= k < n$"):
            varia.match(CHESS, shard=shard, **args)
    with pytest.raises(varia.VariaError, match=r"^played game 1 of series 0 is given twice$"):
        varia.match(CHESS, played=[games[1], games[1]], **args)
    with pytest.raises(varia.VariaError, match=r"^played game 2 of series 0 is not in the shard$"):
        varia.match(CHESS, shard=(0, 2), played=[games[2]], **args)
    with pytest.raises(varia.VariaError, match=r"^played game 3 of series 0: this match has 1 series of 3 games$"):
        varia.match(CHESS, played=[games[3]], **{**args, "games": 3})
    with pytest.raises(varia.VariaError, match=r"^played game 0 of series 0 is not this match's: .*other settings or seed"):
        varia.match(CHESS, played=[games[0]], **{**args, "seed": 9})
    with pytest.raises(TypeError, match=r"^played must hold varia.MatchGame objects, got str$"):
        varia.match(CHESS, played=[games[0].json()], **args)
    with pytest.raises(varia.VariaError, match=r"^played game: game 0 of series 1: this match has 1 series$"):
        fields = {**json.loads(games[0].json()), "series": 1}
        varia.match(CHESS, played=[varia.MatchGame.from_json(json.dumps(fields))], tc="10+0.1",
                    **{**args, "depth": None})


def test_a_match_streamed_to_a_results_file_resumes_where_it_stopped(tmp_path):
    """Without a cluster the shards are played here; a file cut in the middle of a line is
    finished by the shards it lacks, and the shards it holds are not played again."""
    args = dict(games=8, depth=1, opponent_depth=2, max_plies=12, seed=4)
    whole = varia.match(SYMGI, ["stepping", "leaping"], **args)
    results = tmp_path / "results.jsonl"
    first = varia.match(SYMGI, ["stepping", "leaping"], results=results, threads=2, **args)
    assert first.json() == whole.json() and first.pgn() == whole.pgn()
    lines = results.read_text().splitlines()
    header = json.loads(lines[0])["match"]
    assert (header["shards"], header["settings"]["games"], header["settings"]["seed"]) == (4, 8, 4)
    shards = [json.loads(line) for line in lines[1:]]
    assert sorted(s["shard"] for s in shards) == [0, 1, 2, 3]
    # Each shard holds its pair of games of both series.
    assert all(
        sorted((g["series"], g["index"]) for g in s["games"])
        == [(0, 2 * s["shard"]), (0, 2 * s["shard"] + 1), (1, 2 * s["shard"]), (1, 2 * s["shard"] + 1)]
        for s in shards
    )
    # Two shards kept (one of their games marked where only its PGN shows it), a third cut off.
    kept = shards[:2]
    mark = kept[1]["games"][0]
    mark["pgn"] = mark["pgn"].replace("[Event ", "[Event kept ", 1)
    results.write_text("\n".join([lines[0], *map(json.dumps, kept), lines[3][:30]]))
    again = varia.match(SYMGI, ["stepping", "leaping"], results=results, **args)
    assert again.json() == whole.json()
    expected = [g.pgn() for s in whole.series for g in s.records]
    marked = 8 * mark["series"] + mark["index"]
    expected[marked] = expected[marked].replace("[Event ", "[Event kept ", 1)
    assert [g.pgn() for s in again.series for g in s.records] == expected
    lines_again = results.read_text().splitlines()
    assert lines_again[:3] == [lines[0], *map(json.dumps, kept)] and len(lines_again) == 5
    # A file of another match is refused.
    with pytest.raises(varia.VariaError, match=r"holds the results of another match"):
        varia.match(SYMGI, ["stepping", "leaping"], results=results, **{**args, "seed": 5})
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    with pytest.raises(varia.VariaError, match=r"bad.jsonl line 1 is not JSON: not a results file$"):
        varia.match(CHESS, results=bad, **args)


def test_weights_go_with_their_series_in_shards(cli, tmp_path):
    weights = tmp_path / "chess.weights.json"
    cli.run("tune", CHESS, "--games", "2", "--nodes", "300", "--iterations", "20", "--out", weights)
    args = dict(games=2, depth=2, max_plies=30, weights=weights)
    whole = varia.match(CHESS, **args)
    sharded = varia.match(CHESS, results=tmp_path / "r.jsonl", **args)
    assert sharded.json() == whole.json() and sharded.pgn() == whole.pgn()


def test_bad_distributed_arguments_are_refused(tmp_path, monkeypatch):
    results = tmp_path / "r.jsonl"
    with pytest.raises(varia.VariaError, match=r"^shards needs address or results$"):
        varia.match(CHESS, shards=2)
    with pytest.raises(varia.VariaError, match=r"give no shard or played$"):
        varia.match(CHESS, shard=(0, 2), results=results)
    # Options of the library's referee are checked too (shards of one with an engine:
    # test_match_shards_referee.py).
    with pytest.raises(varia.VariaError, match=r"^sprt tests varia against one engine in one variant$"):
        varia.match(CHESS, tc="10+0.1", sprt="elo0=0 elo1=5", results=results)
    with pytest.raises(varia.VariaError, match=r"^match shards 3 is not in 1..=2 \(the pairs"):
        varia.match(CHESS, games=4, shards=3, results=results)
    with pytest.raises(varia.VariaError, match=r"^match games 0 is not in 1..=1000000$"):
        varia.match(CHESS, games=0, results=results)
    # Every other argument is checked before a shard is played, as the whole match checks it.
    with pytest.raises(varia.VariaError, match=r"^search depth 0 is not in 1..=128$"):
        varia.match(CHESS, depth=0, results=results)
    with pytest.raises(varia.UnknownVariant):
        varia.match(CHESS, "nosuch", results=results)
    assert not results.exists()
    # Without Ray installed (its import fails), address is refused before anything is played.
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(varia.VariaError, match=r"^address needs Ray, which is not installed"):
        varia.match(CHESS, games=2, depth=1, max_plies=4, address="127.0.0.1:1")


def test_python_m_varia_match_prints_the_command_lines_report(cli, tmp_path):
    args = ["--games", "4", "--depth", "1", "--max-plies", "10"]
    expected = cli.json("match", CHESS, *args)
    results = tmp_path / "r.jsonl"
    run = lambda *more: subprocess.run(
        [sys.executable, "-m", "varia", "match", str(CHESS), *args, *more],
        capture_output=True, text=True, timeout=300,
    )
    done = run("--results", str(results), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected
    assert len(results.read_text().splitlines()) == 3
    done = run()
    assert done.returncode == 0, done.stderr
    series = expected["series"][0]
    assert (series["wins"], series["draws"], series["losses"]) == (0, 4, 0)
    assert done.stdout == (
        "chess: varia vs varia: 4 games, +0 =4 -0, score 0.500, Elo +0.0 [+0.0, +0.0]\n"
    )
    done = run("--shards", "2")
    assert (done.returncode, done.stderr) == (1, "error: shards needs address or results\n")
