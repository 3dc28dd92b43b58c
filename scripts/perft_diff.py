#!/usr/bin/env python3
"""Finds where varia's move generation differs from Fairy-Stockfish's (pyffish).

    scripts/perft_diff.py DEFINITION FSF_VARIANT DEPTH [--fen FEN]

Compares per-move perft counts, descends into the first differing move and repeats until it can
name a position whose legal-move sets differ. Developer tool: needs `pip install pyffish` and a
built `target/release/varia`.
"""
import json
import subprocess
import sys

import pyffish as sf

VARIA = "target/release/varia"


def varia_divide(defn, fen, depth):
    out = subprocess.run([VARIA, "perft", defn, "--fen", fen, "--depth", str(depth),
                          "--divide", "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["divide"]


def varia_moves(defn, fen):
    out = subprocess.run([VARIA, "moves", defn, "--fen", fen, "--json"],
                         capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


def sf_perft(variant, fen, depth):
    if depth == 0:
        return 1
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(sf_perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    defn, variant, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    fen = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == "--fen" else sf.start_fen(variant)
    while depth >= 1:
        ours = varia_moves(defn, fen)
        theirs = set(sf.legal_moves(variant, fen, []))
        if ours != theirs:
            print("position:", fen)
            print("only varia:", sorted(ours - theirs))
            print("only fairy-stockfish:", sorted(theirs - ours))
            return 1
        if depth == 1:
            print("no difference")
            return 0
        div = varia_divide(defn, fen, depth)
        for m in sorted(theirs):
            n = sf_perft(variant, sf.get_fen(variant, fen, [m]), depth - 1)
            if div.get(m) != n:
                print(f"{m}: varia {div.get(m)} fairy-stockfish {n}")
                fen = sf.get_fen(variant, fen, [m])
                depth -= 1
                break
        else:
            print("no difference at this depth")
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
