#!/usr/bin/env python3
"""Writes tests/fixtures/elven_sjaak.tsv: definitions/elven.varia against Sjaak II's `elven`.

    python3 scripts/elven_sjaak.py [--seed N] [--games N] [--plies N]

Seeded random games are played with varia (`varia moves`, `varia show`), favouring captures
and Warlock moves so that games reach Warlock fights; at every position Sjaak II (Debian's
`sjaakii`) counts perft 1 from the same FEN, and one row goes to the fixture:

    FEN<TAB>Sjaak II's count

`tests/elven.rs` wants varia's legal moves at the FEN, a Warlock's passes counted once (varia
lists one pass for each empty cell the Warlock steps on and back, `e2d1,d1e2` and `e2e1,e1e2`;
Sjaak II one). Two things Sjaak II plays otherwise are kept out of the positions, and written
down here: its Black King castles from f10 (its `Castle: black f10-i10`), where Elven chess's
stands on e10, so Black's castling rights are taken out of every FEN; and its Warlocks may not
take a protected Warlock even next to it or over a bridge (its `endangered` flag): a position
where the counts differ is printed and left out (6 with seed 49, 20 games of 60 plies: in each the
two Warlocks stand next to each other, and varia's extra moves are those taking the other Warlock).
Sjaak II's `no_retaliate` looks at the move before, which a FEN does not hold. Needs a release build
of varia (`target/release/varia`, or `$VARIA`).
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIA = os.environ.get("VARIA", os.path.join(ROOT, "target", "release", "varia"))
DEF = os.path.join(ROOT, "definitions", "elven.varia")
OUT = os.path.join(ROOT, "tests", "fixtures", "elven_sjaak.tsv")


def varia(*args):
    return subprocess.check_output([VARIA, *args], text=True)


def without_black_castling(fen):
    f = fen.split(" ")
    rights = "".join(c for c in f[2] if not c.islower()) or "-"
    f[2] = rights
    return " ".join(f)


def cells(fen):
    out = {}
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        rank, x = len(rows) - i, 0
        for tok in re.findall(r"\d+|\+?[A-Za-z]", row):
            if tok.isdigit():
                x += int(tok)
            else:
                out[f"{chr(97 + x)}{rank}"] = tok
                x += 1
    return out


def varia_count(fen):
    """varia's legal moves, each Warlock's passes counted once."""
    moves = varia("moves", DEF, "--fen", fen).split()
    board = cells(fen)
    passes = set()
    n = 0
    for m in moves:
        legs = re.fullmatch(r"([a-j]\d+)([a-j]\d+),([a-j]\d+)([a-j]\d+)", m)
        if legs and legs.group(1) == legs.group(4) and legs.group(2) not in board:
            passes.add(legs.group(1))
            continue
        n += 1
    return n + len(passes), moves


class Sjaak:
    def __init__(self):
        self.p = subprocess.Popen([shutil.which("sjaakii") or "/usr/games/sjaakii"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        self.p.stdin.write("xboard\nprotover 2\n")

    def perft1(self, fen):
        self.p.stdin.write(f"new\nvariant elven\nforce\nsetboard {fen}\nperft 1\n")
        self.p.stdin.flush()
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("sjaakii exited")
            if "Error" in line or "Illegal" in line:
                sys.exit(f"sjaakii refused {fen}: {line.strip()}")
            line = line.rsplit(">", 1)[-1]
            m = re.match(r"^\s*1\s+(\d+)\s", line)
            if m:
                return int(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=49)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=60)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    sj = Sjaak()
    start = json.loads(varia("show", DEF, "--json"))["fen"]
    rows, skipped = [], 0
    for _ in range(a.games):
        fen = without_black_castling(start)
        for _ in range(a.plies):
            want = sj.perft1(fen)
            got, moves = varia_count(fen)
            if got == want:
                rows.append(f"{fen}\t{want}")
            else:
                skipped += 1
                print(f"differs: {fen}: varia {got}, Sjaak II {want}", file=sys.stderr)
            if not moves:
                break
            board = cells(fen)
            keen = [m for m in moves if board.get(re.match(r"[a-j]\d+", m).group(0), "").upper()
                    == "L" or any(c in board for c in re.findall(r"[a-j]\d+", m)[1:])]
            m = rng.choice(keen if keen and rng.random() < 0.7 else moves)
            shown = json.loads(varia("show", DEF, "--fen", fen, "--moves", m, "--json"))
            if shown["status"] != "ongoing":
                break
            fen = without_black_castling(shown["fen"])
    with open(OUT, "w") as f:
        f.write(f"# FEN\tSjaak II's perft 1: scripts/elven_sjaak.py, seed {a.seed}, "
                f"{a.games} games of up to {a.plies} plies\n")
        f.write("\n".join(rows) + "\n")
    print(f"{len(rows)} rows, {skipped} left out", file=sys.stderr)


if __name__ == "__main__":
    main()
