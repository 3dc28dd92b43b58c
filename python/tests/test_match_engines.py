"""varia.match against external engines, under clocks, with adjudication and the sequential test:
varia's own `varia uci` and a scripted UCI engine (a Python script run by this interpreter) as
the opponents."""

import json
import shlex
import sys

import pytest
import varia

from conftest import ROOT

CHESS = ROOT / "definitions" / "classic" / "chess.varia"
SYMGI = ROOT / "definitions" / "symgi.varia"
FOUR_FACES = ROOT / "definitions" / "4-faces.varia"

# A UCI engine for chess that plays the first legal move in varia's order. Its mode: `white`
# says white is 50 pawns ahead whoever moves, `level` says 0, `none` has no move, `sleep`
# answers after two seconds.
SCRIPT = """
import sys, time
import varia

mode, path = sys.argv[1], sys.argv[2]
game = varia.load(path)
fen, moves = None, []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name scripted")
        print("uciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position":
        cut = words.index("moves") if "moves" in words else len(words)
        fen, moves = " ".join(words[2:cut]), words[cut + 1 :]
    elif words[0] == "go":
        if mode == "none":
            print("bestmove (none)", flush=True)
            continue
        if mode == "sleep":
            time.sleep(2)
        pos = game.position(fen, moves)
        move = sorted(pos.legal_moves())[0].uci()
        cp = 0 if mode == "level" else (5000 if pos.side_to_move == "white" else -5000)
        print(f"info depth 1 score cp {cp} pv {move}")
        print(f"bestmove {move}", flush=True)
    elif words[0] == "quit":
        break
"""


@pytest.fixture(scope="module")
def scripted(tmp_path_factory):
    """The scripted engine's command in a mode, as `engine=` and `--engine` take it."""
    script = tmp_path_factory.mktemp("engine") / "scripted.py"
    script.write_text(SCRIPT)
    return lambda mode: shlex.join([sys.executable, str(script), mode, str(CHESS)])


def without_clock_times(report):
    """The JSON of a report (a dict) without what depends on the machine's speed."""
    for series in report["series"]:
        if series["clock"]:
            for key in ("ms_per_move", "least_left_ms"):
                del series["clock"][key]
    return report


def test_varia_against_its_own_xboard_engine_equals_the_command_line(cli):
    engine = f"{shlex.quote(str(cli.binary))} xboard {shlex.quote(str(CHESS))}"
    args = ["--games", "2", "--depth", "1", "--max-plies", "16", "--threads", "1"]
    expected = cli.json("match", CHESS, "--engine", engine, "--protocol", "xboard", *args)
    report = varia.match(CHESS, engine=engine, protocol="xboard", games=2, depth=1, max_plies=16)
    assert json.loads(report.json()) == expected
    assert report.series[0].entrants == ["varia", "varia 0.1.0"]
    assert report.series[0].games == 2


def test_varia_against_its_own_uci_engine_equals_the_command_line(cli, tmp_path):
    engine = f"{shlex.quote(str(cli.binary))} uci {shlex.quote(str(CHESS))}"
    args = ["--games", "2", "--depth", "1", "--max-plies", "16", "--threads", "1"]
    pgn = tmp_path / "cli.pgn"
    expected = cli.json("match", CHESS, "--engine", engine, *args, "--pgn", pgn)
    written = tmp_path / "py.pgn"
    report = varia.match(CHESS, engine=engine, games=2, depth=1, max_plies=16, pgn=written)
    assert json.loads(report.json()) == expected
    # The games as PGN, byte for byte: the engine's name and its scores as comments.
    assert written.read_bytes() == pgn.read_bytes() == report.pgn().encode()
    assert '[Black "varia 0.1.0"]' in report.series[0].records[0].pgn()
    (series,) = report.series
    assert series.entrants == ["varia", "varia 0.1.0"]
    assert [g.first for g in series.records] == ["white", "black"]
    # A pair shares its opening.
    assert series.records[0].start_fen == series.records[1].start_fen
    assert series.wins + series.draws + series.losses == 2
    assert series.sprt is None and series.clock is None


def test_resign_adjudication_ends_games_once_both_scores_agree(scripted):
    # White has a queen and a rook more: the engine says so, and so does varia's search.
    report = varia.match(
        CHESS,
        engine=scripted("white"),
        games=2,
        depth=1,
        random_plies=0,
        openings=["4k3/8/8/8/8/8/8/R3K2Q w - - 0 1"],
        resign_adjudication={"movecount": 1, "score": 500},
    )
    (series,) = report.series
    assert series.entrants == ["varia", "scripted"]
    # varia wins as white and loses as black, each game after one move of each side.
    assert (series.wins, series.draws, series.losses) == (1, 0, 1)
    assert series.causes == {"adjudicated-resign": 2}
    assert series.lengths == [2, 2]
    assert [(g.winner, g.result) for g in series.records] == [("white", "1-0"), ("white", "1-0")]


def test_draw_adjudication_from_a_mapping_or_the_options_words(scripted):
    for rule in ({"movenumber": 0, "movecount": 1, "score": 1000}, "movenumber=0 movecount=1 score=1000"):
        report = varia.match(
            CHESS, engine=scripted("level"), games=2, depth=1, draw_adjudication=rule
        )
        (series,) = report.series
        assert series.causes == {"adjudicated-draw": 2}
        assert series.draws == 2 and series.lengths == [2, 2]
    # Not before move 3: two more moves of each side.
    report = varia.match(
        CHESS,
        engine=scripted("level"),
        games=2,
        depth=1,
        random_plies=0,
        draw_adjudication={"movenumber": 3, "movecount": 1, "score": 1000},
    )
    assert report.series[0].lengths == [6, 6]


def test_the_sequential_test_stops_the_match_once_it_decides(cli, scripted):
    # An engine without a move loses each game at its first move.
    engine = scripted("none")
    test = {"elo0": -100, "elo1": 100}
    report = varia.match(CHESS, engine=engine, games=40, depth=1, sprt=test)
    (series,) = report.series
    sprt = series.sprt
    # Six pairs won 2-0 decide: the ratio 3.453 passes the upper bound ln(0.95/0.05) = 2.944.
    assert sprt is not None and sprt["verdict"] == "H1"
    assert (sprt["llr"], sprt["lower"], sprt["upper"]) == (3.453, -2.944, 2.944)
    assert sprt["pentanomial"] == [0, 0, 0, 0, 6]
    assert (series.games, series.wins) == (12, 12)
    assert series.causes == {"engine-no-move": 12}
    # Five pairs do not: the match played on to the sixth.
    five = varia.match(CHESS, engine=engine, games=10, depth=1, sprt="elo0=-100 elo1=100")
    assert five.series[0].games == 10 and five.series[0].sprt["verdict"] is None
    # Exactly the command line's test, and its games.
    args = ["--games", "40", "--depth", "1", "--threads", "1", "--sprt", "elo0=-100", "elo1=100"]
    assert json.loads(report.json()) == cli.json("match", CHESS, "--engine", engine, *args)


def test_an_engine_over_its_time_loses_on_time(scripted):
    report = varia.match(CHESS, engine=scripted("sleep"), games=2, tc="0.3+0", random_plies=0)
    (series,) = report.series
    assert series.causes == {"time-forfeit": 2}
    assert (series.wins, series.losses) == (2, 0)
    clock = series.clock
    assert clock is not None
    assert (clock["tc"], clock["tcs"], clock["margin_ms"]) == ("0.3+0", ["0.3+0", "0.3+0"], 50)
    # varia moved once, as white; the engine never finished a move.
    assert clock["moves"] == [1, 0]


def test_self_play_under_a_clock():
    report = varia.match(CHESS, games=2, tc="5+0.1", max_plies=6, random_plies=2)
    (series,) = report.series
    assert series.causes == {"ply-cap": 2}
    clock = series.clock
    assert clock is not None and clock["tcs"] == ["5+0.1", "5+0.1"]
    # Three moves of each player a game, summed over the series (the first player's first).
    assert clock["moves"] == [6, 6]
    assert all(0 < left <= 5100 for left in clock["least_left_ms"])


def test_bad_engine_clock_adjudication_and_test_arguments_are_refused(scripted):
    refused = [
        (dict(engine="/nonexistent/engine"), r"^engine `/nonexistent/engine`: cannot start"),
        (dict(engine="cmd=eng junk"), r"^engine `cmd=eng junk`: `junk` is not KEY=VALUE"),
        (dict(engine=[]), r"^match engine is empty"),
        (dict(engine="cmd=eng tc=1+0"), r"its own clock \(`tc=`\) needs tc"),
        (dict(tc="10+"), r"^tc `10\+`: expected BASE\+INC"),
        (dict(tc="1+0", depth=2), r"^tc is a clock instead of a limit a move"),
        (dict(timemargin=10), r"^timemargin needs tc$"),
        (dict(protocol="uci"), r"^protocol needs an engine$"),
        (dict(engine="eng", protocol="cecp"), r"^unknown protocol `cecp`: expected uci or xboard$"),
        (dict(sprt="elo0=0 elo1=5"), r"^sprt tests varia against one engine in one variant$"),
        (dict(sprt="elo0=5 elo1=0"), r"^sprt: elo0 \(5\) must be below elo1 \(0\)$"),
        (
            dict(engine="/nonexistent/engine", sprt={"elo0": 0, "elo1": 5}, games=3),
            r"^sprt counts games in pairs .*: games 3 must be even$",
        ),
        (
            dict(draw_adjudication={"movenumber": 1, "movecount": 0, "score": 5}),
            r"^draw_adjudication: movecount must be at least 1$",
        ),
        (dict(resign_adjudication="movecount=3"), r"^resign_adjudication: score= is needed$"),
        (dict(engine="eng", opponent_depth=2), r"^a second setting \(an opponent_\* limit\)"),
        (dict(engine=scripted("level"), variants="leaping"), None),
    ]
    for kwargs, message in refused:
        path = SYMGI if "variants" in kwargs else CHESS
        if message is None:
            message = r"^engine `scripted` does not play leaping$"
        with pytest.raises(varia.VariaError, match=message):
            varia.match(path, **{"games": 2, **kwargs})
    with pytest.raises(varia.VariaError, match=r"^small: an external engine plays only two-player games$"):
        varia.match(FOUR_FACES, engine="eng")
    with pytest.raises(TypeError, match=r"^resign_adjudication must be a str"):
        varia.match(CHESS, resign_adjudication=5)
    with pytest.raises(TypeError, match=r"^sprt: elo0 must be a number, got bool$"):
        varia.match(CHESS, sprt={"elo0": True, "elo1": 5})
