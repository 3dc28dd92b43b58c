#!/usr/bin/env python3
"""Checks `varia import` against Fairy-Stockfish on its own variants.ini and writes fixtures.

    python3 scripts/fsf_import_fixtures.py [INI] [--seed N] [--games N] [--plies N]
                                           [--only SECTION ...] [--out DIR]

INI defaults to the copy of FSF's src/variants.ini kept in tests/fixtures/fsf-import/variants.ini
(another file is copied there first). `--only` checks and rewrites the fixtures of the sections
named, keeping every other section's rows; `--out` writes the fixtures to another directory (to
check sections of another file, e.g. varia's own exports, without touching the committed ones).
`varia import INI --out tests/fixtures/fsf-import/defs`
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
import tempfile

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
    # FSF's own FEN of its start position: its startFen as FSF reads it (castling rights that
    # a game without castling ignores are left out, as in every later FEN).
    start = sf.get_fen(v, sf.start_fen(v), [])
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


def old_rows(out, file, only):
    """The rows of a fixture table whose section (first column) is not among `only`."""
    path = os.path.join(out, file)
    if not os.path.exists(path):
        return []
    return [r.split("\t") for r in open(path).read().splitlines()
            if r and not r.startswith("#") and r.split("\t")[0] not in only]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ini", nargs="?", default=os.path.join(OUT, "variants.ini"))
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--only", nargs="+", metavar="SECTION",
                    help="only these sections: their fixtures are written anew and the other rows kept")
    ap.add_argument("--out", default=OUT, help="the fixtures' directory (default %(default)s)")
    args = ap.parse_args()
    out = os.path.abspath(args.out)
    only = set(args.only or [])
    ini = os.path.join(out, "variants.ini")
    text = open(args.ini).read()
    if args.only:
        os.makedirs(os.path.join(out, "defs"), exist_ok=True)
        for f in os.listdir(out):
            if f.endswith(".tsv") and f[:-4] in only:
                os.remove(os.path.join(out, f))
        for f in os.listdir(os.path.join(out, "defs")):
            if f[:-6] in only:
                os.remove(os.path.join(out, "defs", f))
    else:
        if os.path.isdir(out):
            shutil.rmtree(out)
        os.makedirs(out)
    with open(ini, "w") as f:
        f.write(text)
    sections = [l[1:].split("]")[0].split(":")[0] for l in text.splitlines() if l.startswith("[")]
    if only - set(sections):
        sys.exit(f"no section {sorted(only - set(sections))} in {args.ini}")
    tmp = tempfile.mkdtemp(prefix="fsf-import-")
    r = varia("import", ini, "--out", tmp)
    refused = [row for row in old_rows(out, "refused.tsv", only) if row[0] in sections]
    for line in r.stderr.splitlines():
        if "cannot be imported: " in line:
            head, why = line.split("cannot be imported: ", 1)
            name = head.split("[", 1)[1].split("]", 1)[0]
            if not only or name in only:
                refused.append((name, why))
    refused.sort(key=lambda row: sections.index(row[0]))
    os.makedirs(os.path.join(out, "defs"), exist_ok=True)
    for f in os.listdir(tmp):
        if not only or f[:-6] in only:
            shutil.copyfile(os.path.join(tmp, f), os.path.join(out, "defs", f))
    shutil.rmtree(tmp)
    sf.load_variant_config(text)
    imported = sorted(f[:-6] for f in os.listdir(os.path.join(out, "defs")) if not only or f[:-6] in only)
    perft = ["\t".join(row) for row in old_rows(out, "perft.tsv", only)]
    mismatches = [tuple(row) for row in old_rows(out, "mismatches.tsv", only)]
    for name in imported:
        d = os.path.join(out, "defs", name + ".varia")
        if name not in sf.variants():
            mismatches.append((name, "pyffish does not know the section"))
            continue
        rng = random.Random(f"{args.seed}:{name}")
        start, rows = play(name, rng, args.games, args.plies)
        with open(os.path.join(out, name + ".tsv"), "w") as f:
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
    # Sections in name order, each one's depths in order (a stable sort keeps them).
    perft.sort(key=lambda row: row.split("\t")[0])
    mismatches.sort()
    with open(os.path.join(out, "perft.tsv"), "w") as f:
        f.write("# name<TAB>start FEN<TAB>depth<TAB>Fairy-Stockfish's perft (scripts/fsf_import_fixtures.py)\n")
        f.write("\n".join(perft) + "\n")
    with open(os.path.join(out, "refused.tsv"), "w") as f:
        f.write("# section<TAB>varia's reason (scripts/fsf_import_fixtures.py)\n")
        f.write("".join(f"{n}\t{w}\n" for n, w in refused))
    with open(os.path.join(out, "mismatches.tsv"), "w") as f:
        f.write("# section<TAB>first difference from Fairy-Stockfish\n")
        f.write("".join(f"{n}\t{w}\n" for n, w in mismatches))
    total = len(os.listdir(os.path.join(out, "defs")))
    print(f"{len(imported)} checked ({len(imported) - len([m for m in mismatches if m[0] in imported])} match); "
          f"fixtures: {total} imported, {len(refused)} refused, {len(mismatches)} mismatches")


if __name__ == "__main__":
    main()
