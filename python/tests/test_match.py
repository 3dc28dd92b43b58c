"""varia.match (the command line's referee, from Python) and varia.warnings."""

import json

import pytest
import varia

from conftest import ROOT

CHESS = ROOT / "definitions" / "classic" / "chess.varia"
SYMGI = ROOT / "definitions" / "symgi.varia"
FOUR_FACES = ROOT / "definitions" / "4-faces.varia"
DEAD_RULES = ROOT / "tests" / "warn" / "dead_rules.varia"


def replay(path, variant, game):
    """The position a match game reached, replayed from its start by the Position API."""
    return varia.load(path, variant).position(game.start_fen, game.moves)


def test_self_play_equals_the_command_lines_match(cli):
    """Seed 0 plays the games `varia match` plays: the same report, field by field."""
    args = ["--games", "3", "--depth", "1", "--max-plies", "30", "--threads", "1"]
    expected = cli.json("match", SYMGI, "--variant", "stepping", "--variant", "leaping", *args)
    report = varia.match(SYMGI, ["stepping", "leaping"], games=3, depth=1, max_plies=30)
    # Field by field, the comparison of the series (`vs_first`) included.
    assert json.loads(report.json()) == expected
    assert expected["series"][1]["vs_first"] is not None
    assert [json.loads(s.json()) for s in report.series] == expected["series"]
    assert [s.variant for s in report.series] == ["stepping", "leaping"]


def test_a_series_reports_its_games_exactly():
    report = varia.match(CHESS, games=4, depth=1, max_plies=10, random_plies=2)
    (series,) = report.series
    assert (series.variant, series.entrants, series.games) == ("chess", ["varia", "varia"], 4)
    assert series.records[0].start_fen == (
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"
    )
    assert (series.wins, series.draws, series.losses) == (0, 4, 0)
    assert series.score == 0.5 and series.elo == 0.0
    assert series.causes == {"ply-cap": 4}
    assert series.wins_by_player == {"white": 0, "black": 0}
    assert series.lengths == [10, 10, 10, 10]
    for i, game in enumerate(series.records):
        assert (game.index, game.cause, game.result, game.winner, game.first) == (
            i,
            "ply-cap",
            "1/2-1/2",
            None,
            "white",
        )
        assert len(game.moves) == 10
        # Every move was legal: the Position API replays them.
        assert replay(CHESS, None, game).move_stack == game.moves
    assert json.loads(series.json())["plies"] == {"mean": 10.0, "sd": 0.0, "min": 10, "max": 10}
    assert repr(series) == "<varia.MatchSeries 'chess' 4 games +0 =4 -0>"


def test_the_same_seed_gives_the_same_games():
    def games(seed):
        report = varia.match(CHESS, games=4, depth=1, max_plies=8, seed=seed, threads=2)
        return [(g.start_fen, g.moves, g.cause) for g in report.series[0].records]

    assert games(7) == games(7)
    assert games(7) != games(8)
    # Seed 7's random plies differ from seed 8's from the first game on.
    assert games(7)[0][0] != games(8)[0][0]


def test_two_settings_alternate_colours_and_share_openings():
    report = varia.match(
        CHESS, games=4, depth=2, opponent_depth=1, max_plies=200, random_plies=2, seed=3
    )
    (series,) = report.series
    assert series.entrants == ["varia (depth 2)", "varia (depth 1)"]
    records = series.records
    assert [g.first for g in records] == ["white", "black", "white", "black"]
    assert records[0].start_fen == records[1].start_fen
    assert records[2].start_fen == records[3].start_fen
    assert records[0].start_fen != records[2].start_fen
    assert series.wins + series.draws + series.losses == 4
    # Wins and losses are the first setting's, counted through each game's colours.
    wins = sum(g.winner is not None and g.winner == g.first for g in records)
    losses = sum(g.winner is not None and g.winner != g.first for g in records)
    assert (series.wins, series.losses) == (wins, losses)
    for g in records:
        pos = replay(CHESS, None, g)
        if g.cause != "ply-cap":
            assert pos.status.reason == g.cause and pos.status.winner == g.winner


def test_openings_from_a_list_a_file_or_text(tmp_path):
    after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    book = tmp_path / "book.txt"
    book.write_text("# a book\ne2e4 e7e5\n")
    for openings in (["e2e4 e7e5"], book, str(book), "# a book\ne2e4 e7e5\n"):
        report = varia.match(
            CHESS, games=1, depth=1, max_plies=1, random_plies=0, openings=openings
        )
        assert report.series[0].records[0].start_fen == after


def test_bad_arguments_are_refused():
    with pytest.raises(varia.VariaError, match=r"^match games 0 is not in 1..=1000000$"):
        varia.match(CHESS, games=0)
    with pytest.raises(varia.VariaError, match=r"^match threads 0 is not in 1..=256$"):
        varia.match(CHESS, threads=0)
    with pytest.raises(varia.VariaError, match=r"^match seed -1 is negative$"):
        varia.match(CHESS, seed=-1)
    with pytest.raises(varia.VariaError, match=r"^search depth 0 is not in 1..=128$"):
        varia.match(CHESS, opponent_depth=0)
    with pytest.raises(
        varia.VariaError, match=r"^openings line 2: neither legal moves of chess nor a FEN"
    ):
        varia.match(CHESS, openings=["e2e4", "e2e5"])
    with pytest.raises(varia.VariaError, match=r"^openings: no opening$"):
        varia.match(CHESS, openings=["# nothing"])
    with pytest.raises(varia.UnknownVariant):
        varia.match(CHESS, "nosuch")
    with pytest.raises(varia.VariaError, match=r"^match variants is empty"):
        varia.match(CHESS, [])
    with pytest.raises(
        varia.VariaError, match=r"a match between two settings needs a game of two players"
    ):
        varia.match(FOUR_FACES, opponent_depth=1)


def test_warnings_are_values_as_check_json_gives_them(cli):
    expected = cli.json("check", DEAD_RULES)["warnings"]
    got = varia.warnings(DEAD_RULES)
    assert got == [(w["line"], w["column"], w["message"]) for w in expected]
    assert got[0] == (18, 15, "`Queen` is confined to `palace`, which does not hold its start on d1")
    assert varia.warnings(CHESS) == []
    assert varia.warnings(varia.load(CHESS).export(), format="json") == []
    with pytest.raises(varia.DefinitionError):
        varia.warnings("game g\nboard 8 x 99\n")


def test_a_weights_file_plays_as_the_command_lines_weights(cli, tmp_path):
    """`weights` plays the games `varia match --weights` plays with the same file."""
    weights = tmp_path / "chess.weights.json"
    cli.run("tune", CHESS, "--games", "2", "--nodes", "300", "--iterations", "50", "--out", weights)
    args = ["--games", "2", "--depth", "2", "--max-plies", "40", "--threads", "1"]
    expected = cli.json("match", CHESS, *args, "--weights", weights)
    report = varia.match(CHESS, games=2, depth=2, max_plies=40, weights=weights)
    assert json.loads(report.json()) == expected
    plain = varia.match(CHESS, games=2, depth=2, max_plies=40)
    moves = lambda r: [g.moves for g in r.series[0].records]
    assert moves(report) != moves(plain)
    # The second setting's own file: the tuned side against the plain one.
    duel = varia.match(
        CHESS, games=2, depth=2, opponent_depth=2, max_plies=40, opponent_weights=weights
    )
    assert moves(duel) != moves(varia.match(CHESS, games=2, depth=2, opponent_depth=2, max_plies=40))


def test_weights_are_refused_where_they_cannot_apply(cli, tmp_path):
    weights = tmp_path / "chess.weights.json"
    cli.run("tune", CHESS, "--games", "2", "--nodes", "300", "--iterations", "5", "--out", weights)
    shogi = ROOT / "definitions" / "classic" / "shogi.varia"
    with pytest.raises(varia.VariaError, match="which this match does not play"):
        varia.match(shogi, games=2, depth=1, weights=weights)
    with pytest.raises(varia.VariaError, match="opponent_weights needs a second setting"):
        varia.match(CHESS, games=2, depth=1, opponent_weights=weights)
    with pytest.raises(OSError):
        varia.match(CHESS, games=2, depth=1, weights=tmp_path / "missing.json")
