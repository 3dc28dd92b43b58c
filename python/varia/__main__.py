"""``python -m varia match FILE ...``: a match played as ``varia.match`` plays it, on a Ray
cluster with ``--address``, resumable with ``--results``, against ``--engine`` engines, under a
``--tc`` clock, with ``--draw-adjudication``, ``--resign-adjudication`` and ``--sprt`` as
``varia match`` spells them; its report as ``varia match`` prints it with ``--json``, else a
line a series (and the test's, with ``--sprt``)."""

import argparse
import sys

import varia


def parser():
    p = argparse.ArgumentParser(
        prog="python -m varia",
        description="varia's matches from Python: a match's games as Ray tasks on a cluster "
        "(--address), streamed to a file a rerun resumes from (--results). `varia match` is "
        "the command line of one machine.")
    sub = p.add_subparsers(dest="command", required=True)
    m = sub.add_parser("match", help="play a match (varia.match)")
    m.add_argument("file", help="a definition (.varia) or an exported rule set")
    m.add_argument("--variant", action="append", help="a variant, a series each (repeatable)")
    m.add_argument("--games", type=int, default=2)
    for name in ("depth", "nodes", "movetime", "opponent-depth", "opponent-nodes",
                 "opponent-movetime"):
        m.add_argument(f"--{name}", type=int)
    m.add_argument("--openings", help="a book of openings (a file)")
    m.add_argument("--random-plies", type=int, default=4)
    m.add_argument("--max-plies", type=int, default=400)
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--threads", type=int, default=1)
    m.add_argument("--weights")
    m.add_argument("--opponent-weights")
    m.add_argument("--engine", action="extend", nargs="+", metavar="ENGINE",
                   help="an external engine, as `varia match --engine` takes it: "
                   "`[NAME=VALUE ...] PROGRAM [ARG ...]` or `cmd=PROGRAM arg=ARG ...` "
                   "(several: a series each)")
    m.add_argument("--protocol", choices=("uci", "xboard"),
                   help="the engines' protocol (default: UCI if it answers `uci`)")
    m.add_argument("--tc", metavar="BASE+INC",
                   help="a clock for each player (`10+0.1`, `40/60+0`)")
    m.add_argument("--timemargin", type=int, metavar="MS",
                   help="milliseconds a move may end past the time left (with --tc; 50)")
    m.add_argument("--draw-adjudication", action="extend", nargs="+", metavar="NAME=VALUE",
                   help="`movenumber=N movecount=M score=S`")
    m.add_argument("--resign-adjudication", action="extend", nargs="+", metavar="NAME=VALUE",
                   help="`movecount=M score=S`")
    m.add_argument("--sprt", action="extend", nargs="+", metavar="NAME=VALUE",
                   help="`elo0=A elo1=B [alpha=0.05] [beta=0.05] [batch=1]`: a sequential "
                   "test of varia against one --engine, looked at after each batch of pairs "
                   "(a shard each)")
    m.add_argument("--address", help="a Ray cluster's address (HOST:PORT or auto)")
    m.add_argument("--results", help="a results file (JSON lines) a rerun resumes from")
    m.add_argument("--shards", type=int, help="tasks (default: one a pair of games)")
    m.add_argument("--pgn", help="where to write the games as PGN")
    m.add_argument("--json", action="store_true", help="the report as JSON")
    return p


def words(given):
    """An option's NAME=VALUE words as varia.match takes them: one str (None if not given)."""
    return None if given is None else " ".join(given)


def main(argv=None):
    a = parser().parse_args(argv)
    try:
        report = varia.match(
            a.file, a.variant, games=a.games, depth=a.depth, nodes=a.nodes,
            movetime=a.movetime, opponent_depth=a.opponent_depth,
            opponent_nodes=a.opponent_nodes, opponent_movetime=a.opponent_movetime,
            openings=a.openings, random_plies=a.random_plies, max_plies=a.max_plies,
            seed=a.seed, threads=a.threads, weights=a.weights,
            opponent_weights=a.opponent_weights, engine=a.engine, protocol=a.protocol,
            tc=a.tc, timemargin=a.timemargin, draw_adjudication=words(a.draw_adjudication),
            resign_adjudication=words(a.resign_adjudication), sprt=words(a.sprt),
            address=a.address,
            results=a.results, shards=a.shards, pgn=a.pgn)
    except (varia.VariaError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if a.json:
        print(report.json())
        return 0
    for s in report.series:
        # + 0.0: no Elo of -0.0 (an even score's, as Python computes it) printed as "-0.0".
        elo = "" if s.elo is None else f", Elo {s.elo + 0.0:+.1f}"
        if s.elo_low is not None and s.elo_high is not None:
            elo += f" [{s.elo_low + 0.0:+.1f}, {s.elo_high + 0.0:+.1f}]"
        print(f"{s.variant}: {' vs '.join(s.entrants)}: {s.games} games, +{s.wins} ={s.draws} "
              f"-{s.losses}, score {s.score:.3f}{elo}")
        if s.sprt is not None:
            t = s.sprt
            verdict = {"H1": f"H1 accepted (elo1 {t['elo1']:g})",
                       "H0": f"H0 accepted (elo0 {t['elo0']:g})"}.get(t["verdict"], "undecided")
            print(f"{s.variant}: SPRT LLR {t['llr']:.2f} [{t['lower']:.2f}, {t['upper']:.2f}], "
                  f"{verdict}; {t['pairs']} pairs counted, {t['discarded']} games discarded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
