"""varia.match's games as PGN: the `pgn` argument and the `pgn()` of a report, a series and a
game, written by the library's writer as `varia match --pgn` writes them."""

import pytest
import varia

from conftest import ROOT

CHESS = ROOT / "definitions" / "classic" / "chess.varia"
SYMGI = ROOT / "definitions" / "symgi.varia"
FOUR_FACES = ROOT / "definitions" / "4-faces.varia"

MATCHES = [
    # (definition, variants, games, depth, max_plies)
    (CHESS, None, 2, 2, 24),
    (SYMGI, ["stepping", "leaping"], 2, 1, 16),
    (FOUR_FACES, None, 1, 1, 12),
]


@pytest.mark.parametrize("path, variants, games, depth, max_plies", MATCHES)
def test_self_play_pgn_is_the_command_lines_byte_for_byte(
    cli, tmp_path, path, variants, games, depth, max_plies
):
    expected = tmp_path / "cli.pgn"
    flags = [f"--variant={v}" for v in variants or []]
    cli.run(
        "match", path, *flags, "--games", games, "--depth", depth, "--max-plies", max_plies,
        "--threads", "1", "--pgn", expected,
    )
    written = tmp_path / "py.pgn"
    report = varia.match(
        path, variants, games=games, depth=depth, max_plies=max_plies, pgn=written
    )
    want = expected.read_bytes()
    assert written.read_bytes() == want
    assert report.pgn().encode() == want
    # The report's text is its series', each its games', in order.
    assert "".join(s.pgn() for s in report.series) == report.pgn()
    for s in report.series:
        assert "".join(g.pgn() for g in s.records) == s.pgn()
    game = report.series[0].records[0]
    text = game.pgn()
    assert '[Round "1"]' in text and f'[FEN "{game.start_fen}"]' in text
    assert f'[Termination "{game.cause}"]' in text and f'[PlyCount "{len(game.moves)}"]' in text
    # varia's own scores and depths, as comments.
    assert f"/{depth}}}" in text
    assert text.endswith("\n\n")


def test_two_settings_name_each_side_as_its_entrant():
    report = varia.match(CHESS, games=2, depth=1, opponent_movetime=20, max_plies=6)
    (series,) = report.series
    first, second = series.entrants
    assert (first, second) == ("varia (depth 1)", "varia (movetime 20)")
    even, odd = (g.pgn().split("\n\n")[0].splitlines() for g in series.records)
    # The first setting plays white in even games, black in odd ones; each its own time control.
    assert f'[White "{first}"]' in even and f'[Black "{second}"]' in even
    assert f'[White "{second}"]' in odd and f'[Black "{first}"]' in odd
    assert '[WhiteTimeControl "-"]' in even and '[BlackTimeControl "0.02/move"]' in even
    assert '[WhiteTimeControl "0.02/move"]' in odd and '[BlackTimeControl "-"]' in odd
    assert not any(line.startswith("[TimeControl") for line in even + odd)
    # Between equal kinds of limit, one tag.
    (series,) = varia.match(CHESS, games=2, depth=1, opponent_depth=2, max_plies=4).series
    assert '[TimeControl "-"]' in series.records[0].pgn()
    assert '[White "varia (depth 1)"]' in series.records[0].pgn()


def test_a_pgn_file_that_cannot_be_written_raises_oserror(tmp_path):
    missing = tmp_path / "no-such-folder" / "games.pgn"
    with pytest.raises(OSError, match="cannot write .*no-such-folder.*games.pgn"):
        varia.match(CHESS, games=1, depth=1, max_plies=2, pgn=missing)
    assert not missing.parent.exists()
    with pytest.raises(OSError, match="cannot write"):
        varia.match(CHESS, games=1, depth=1, max_plies=2, pgn=tmp_path)
    with pytest.raises(TypeError):
        varia.match(CHESS, games=1, depth=1, max_plies=2, pgn=3)
    # A str path writes as a pathlib one does.
    path = tmp_path / "games.pgn"
    report = varia.match(CHESS, games=1, depth=1, max_plies=2, pgn=str(path))
    assert path.read_text() == report.pgn()
