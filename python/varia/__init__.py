"""Chess variants from declarative definitions: load a definition (or an exported rule set),
then get positions, legal moves, game status, searches, perft counts and matches.

>>> import varia
>>> game = varia.load("definitions/classic/chess.varia")
>>> game.start().perft(2)
400
"""

from .varia import *  # noqa: F401,F403 (the compiled module's names are the package's)
from .varia import __all__, __version__, VariaError  # noqa: F401
from . import _sharded
from . import varia as _native


def match(path_or_source, variants=None, *, games=2, depth=None, nodes=None, movetime=None,
          opponent_depth=None, opponent_nodes=None, opponent_movetime=None, openings=None,
          random_plies=4, max_plies=400, seed=0, threads=1, format=None, weights=None,
          opponent_weights=None, engine=None, protocol=None, tc=None, timemargin=None,
          draw_adjudication=None, resign_adjudication=None, sprt=None, pgn=None, shard=None,
          played=None, address=None, results=None, shards=None):
    settings = dict(
        games=games, depth=depth, nodes=nodes, movetime=movetime,
        opponent_depth=opponent_depth, opponent_nodes=opponent_nodes,
        opponent_movetime=opponent_movetime, openings=openings, random_plies=random_plies,
        max_plies=max_plies, seed=seed, threads=threads, format=format, weights=weights,
        opponent_weights=opponent_weights, engine=engine, protocol=protocol, tc=tc,
        timemargin=timemargin, draw_adjudication=draw_adjudication,
        resign_adjudication=resign_adjudication, sprt=sprt)
    if address is None and results is None:
        if shards is not None:
            raise VariaError("shards needs address or results")
        return _native.match(path_or_source, variants, pgn=pgn, shard=shard, played=played,
                           **settings)
    if shard is not None or played is not None:
        raise VariaError(
            "address and results play the whole match in shards of their own: give no shard "
            "or played")
    return _sharded.play(path_or_source, variants, settings, address=address, results=results,
                         shards=shards, pgn=pgn)


match.__doc__ = _native.match.__doc__ + """

`address` (a Ray cluster's, `"HOST:PORT"` or `"auto"`) plays the match's games as Ray tasks,
a task a shard (`shards` of them, one a pair of games unless given: shard k the pairs p with
p % shards == k of every series), each shard run again on another worker if its worker is lost;
`results` (a path) is a file each shard's games are appended to as it ends (JSON lines), so
that a rerun with the same file plays only the shards it lacks (without `address`, the shards
are played here, `threads` at a time). Either way the report is the one the match gives on one
machine with the same seed and settings (against an engine or under a clock the same games by
index). With `sprt`, the shards are the test's batches (`shards` must be their number if given),
sent in order, as many at once as the cluster has CPUs (here `threads`), until the test decides:
the same verdict, ratio and counts as on one machine. Ray is imported only for `address`
(`VariaError` if it is not installed). Neither takes `shard` or `played`. An engine's command runs where its shard is played: its path must
exist on every Ray machine (and here, where it is checked first). A results file's lines are
those `varia match --shard K/N --results FILE` writes.
"""
