"""varia.match's shards and played games: a match's games played in parts, and merged into the
report of the whole match."""

import json
import pickle

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
        "cause", "first", "index", "moves", "note", "pgn", "result", "series", "start_fen", "winner"
    ]
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
    with pytest.raises(varia.VariaError, match=r"^shard and played are for varia's own games"):
        varia.match(CHESS, shard=(0, 2), tc="10+0.1", **{**args, "depth": None})
