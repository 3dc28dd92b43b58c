#!/usr/bin/env python3
"""Checks `varia import` against Fairy-Stockfish on its own variants.ini and writes fixtures.

    python3 scripts/fsf_import_fixtures.py [INI] [--seed N] [--games N] [--plies N]

INI defaults to /work/peers/fsf-src/src/variants.ini (FSF's source ships it); a copy is kept in
tests/fixtures/fsf-import/variants.ini. `varia import INI --out tests/fixtures/fsf-import/defs`
writes a definition per imported section; every refused section goes to refused.tsv with its
reason. The whole file is loaded into pyffish (`load_variant_config`) and every imported section
is played: seeded random games, each position recorded in NAME.tsv as

    FEN<TAB>sorted legal moves<TAB>winner when there are none (else -)

and FSF's perft from the start (depth 1 to 3, while it stays small) in perft.tsv. varia is then
asked the same questions here (`varia moves`, `varia perft`); the sections where it answers
differently are printed (and listed in mismatches.tsv). tests/fsf_import.rs checks, without Python,
that the import of the copy still gives these definitions and refusals, and that the definitions
play as the fixtures say. Needs pyffish and a release build of varia.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys

import pyffish as sf

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "fixtures", "fsf-import")
VARIA = os.environ.get("VARIA_BIN", os.path.join(ROOT, "target", "release", "varia"))
MAX_POSITIONS = 30
MAX_PERFT_NODES = 20000


def varia(*args):
    return subprocess.run([VARIA, *args], capture_output=True, text=True, cwd=ROOT)


def winner(v, fen):
    r = sf.game_result(v, fen, [])
    if r == 0:
        return "draw"
    me = "white" if fen.split(" ")[1] == "w" else "black"
    return me if r > 0 else ("black" if me == "white" else "white")


def count(v, fen, depth):
    if depth == 0:
        return 1
    moves = sf.legal_moves(v, fen, [])
    if depth == 1:
        return len(moves)
    return sum(count(v, sf.get_fen(v, fen, [m]), depth - 1) for m in moves)


def play(v, rng, games, plies):
    start = sf.start_fen(v)
    seen = {}
    for _ in range(games):
        fen = start
        for _ply in range(plies + 1):
            moves = sorted(sf.legal_moves(v, fen, []))
            if fen not in seen:
                seen[fen] = (moves, "-" if moves else winner(v, fen))
            if not moves:
                break
            captures = [m for m in moves if "@" not in m and sf.is_capture(v, fen, [], m)]
            m = rng.choice(captures) if captures and rng.random() < 0.4 else rng.choice(moves)
            fen = sf.get_fen(v, fen, [m])
    fens = list(seen)
    ended = [f for f in fens if not seen[f][0]]
    rest = [f for f in fens if seen[f][0] and f != start]
    chosen = [start] + ended[: MAX_POSITIONS // 3]
    chosen += rng.sample(rest, min(max(0, MAX_POSITIONS - len(chosen)), len(rest)))
    return start, [(f, seen[f][0], seen[f][1]) for f in chosen]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ini", nargs="?", default="/work/peers/fsf-src/src/variants.ini")
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--plies", type=int, default=60)
    args = ap.parse_args()
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    ini = os.path.join(OUT, "variants.ini")
    shutil.copyfile(args.ini, ini)
    rel = os.path.relpath(ini, ROOT)
    r = varia("import", rel, "--out", os.path.join(OUT, "defs"))
    refused = []
    for line in r.stderr.splitlines():
        if "cannot be imported: " in line:
            head, why = line.split("cannot be imported: ", 1)
            refused.append((head.split("[", 1)[1].split("]", 1)[0], why))
    sf.load_variant_config(open(ini).read())
    imported = sorted(f[:-6] for f in os.listdir(os.path.join(OUT, "defs")))
    perft, mismatches = [], []
    for name in imported:
        d = os.path.join("tests", "fixtures", "fsf-import", "defs", name + ".varia")
        if name not in sf.variants():
            mismatches.append((name, "pyffish does not know the section"))
            continue
        rng = random.Random(f"{args.seed}:{name}")
        start, rows = play(name, rng, args.games, args.plies)
        with open(os.path.join(OUT, name + ".tsv"), "w") as f:
            f.write(f"# scripts/fsf_import_fixtures.py (seed {args.seed}), pyffish "
                    f"{'.'.join(map(str, sf.version()))}: FEN<TAB>legal moves<TAB>winner when none\n")
            for fen, moves, res in rows:
                f.write(f"{fen}\t{' '.join(moves)}\t{res}\n")
        bad = None
        for depth in (1, 2, 3):
            n = count(name, start, depth)
            perft.append(f"{name}\t{start}\t{depth}\t{n}")
            got = varia("perft", d, "--fen", start, "--depth", str(depth), "--json")
            ours = json.loads(got.stdout)["nodes"] if got.returncode == 0 else got.stderr.strip()
            if ours != n and bad is None:
                bad = f"perft {depth}: varia {ours}, Fairy-Stockfish {n}"
            if n > MAX_PERFT_NODES:
                break
        for fen, moves, res in rows:
            if bad:
                break
            got = varia("moves", d, "--fen", fen, "--json")
            ours = sorted(json.loads(got.stdout)) if got.returncode == 0 else got.stderr.strip()
            if ours != moves:
                only_v = sorted(set(ours) - set(moves)) if isinstance(ours, list) else ours
                bad = f"{fen}: only varia {only_v}, only FSF {sorted(set(moves) - set(ours or []))}"
        if bad:
            mismatches.append((name, bad))
            print(f"MISMATCH {name}: {bad}", flush=True)
        else:
            print(f"ok       {name}", flush=True)
    with open(os.path.join(OUT, "perft.tsv"), "w") as f:
        f.write("# name<TAB>start FEN<TAB>depth<TAB>Fairy-Stockfish's perft (scripts/fsf_import_fixtures.py)\n")
        f.write("\n".join(perft) + "\n")
    with open(os.path.join(OUT, "refused.tsv"), "w") as f:
        f.write("# section<TAB>varia's reason (scripts/fsf_import_fixtures.py)\n")
        f.write("".join(f"{n}\t{w}\n" for n, w in refused))
    with open(os.path.join(OUT, "mismatches.tsv"), "w") as f:
        f.write("# section<TAB>first difference from Fairy-Stockfish\n")
        f.write("".join(f"{n}\t{w}\n" for n, w in mismatches))
    print(f"{len(imported)} imported ({len(imported) - len(mismatches)} match), "
          f"{len(refused)} refused, {len(mismatches)} mismatches")


if __name__ == "__main__":
    main()
