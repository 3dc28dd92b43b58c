#!/usr/bin/env python3
"""Sends varia's self-play games of Chu Shogi (or Dai Shogi, or Werewolf chess) to HaChu in force
mode and counts what it accepts.

    python3 scripts/hachu_force.py [--variant NAME] [--xboard-name NAME] [--seed N] [--games N]
                                   [--random-plies N] [--plies N] [--depth D] [--varia PATH]
                                   [--definition PATH]

varia (`varia uci`, `go depth D`) plays both sides of each game from the start of
definitions/hachu/VARIANT.varia (or --definition), HaChu's variant VARIANT (or --xboard-name; as scripts/hachu_games.py names it), after a few seeded random plies chosen from its legal moves; every
ply is sent to HaChu (Debian's `hachu`, default options, `memory 64`) as `usermove` in force
mode (a lion's pass as `@@@@`, as HaChu writes it: it does not read one in two legs). A game is accepted fully when HaChu takes every ply up to its end (no legal move left for
varia, or no move its search gives: a draw by repetition) or the ply cap; otherwise the first refused ply and HaChu's reason are printed. The
counts end the output:

    accepted N of G games fully, P of Q plies

Needs a release build of varia (or --varia).
"""
import argparse
import json
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hachu_games import XBOARD_NAMES  # noqa: E402  (HaChu's names of the variants)


class Engine:
    """A process spoken to line by line."""

    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def send(self, *lines):
        self.p.stdin.write("".join(line + "\n" for line in lines))
        self.p.stdin.flush()

    def read(self):
        for line in self.p.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def line(self, timeout=300):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            sys.exit(f"{self.p.args[0]} did not answer")
        if line is None:
            sys.exit(f"{self.p.args[0]} exited")
        return line

    def quit(self, word):
        self.send(word)
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()


class HaChu(Engine):
    def __init__(self, variant):
        super().__init__([shutil.which("hachu") or "/usr/games/hachu"])
        self.send("xboard", "protover 2")
        while "feature done=1" not in self.line():
            pass
        self.send("new", f"variant {variant}", "memory 64", "force")

    def usermove(self, move):
        """None if HaChu takes the move, else its refusal."""
        self.send(f"usermove {move}", "ping 1")
        refusal = None
        while (line := self.line()) != "pong 1":
            if line.startswith(("Illegal move", "Error")):
                refusal = line
        return refusal


class Varia(Engine):
    def __init__(self, varia, definition, depth):
        super().__init__([varia, "uci", definition])
        self.depth = depth
        self.send("uci")
        while self.line() != "uciok":
            pass

    def best(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""),
                  f"go depth {self.depth}")
        while not (line := self.line()).startswith("bestmove"):
            pass
        return line.split()[1]


def board(varia, definition, moves):
    argv = [varia, "show", definition, "--json"] + (["--moves", *moves] if moves else [])
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["fen"].split()[0]


def as_hachu(varia, definition, moves, m):
    """varia's move as HaChu reads it: a lion's pass (a step to an empty cell and back, which
    leaves the board as it was) is `@@@@`; HaChu does not read it in two legs."""
    cells = re.findall(r"[a-z][0-9]+", m)
    if "," in m and cells[0] == cells[-1]:
        if board(varia, definition, moves) == board(varia, definition, moves + [m]):
            return "@@@@"
    # A move in two legs ending three steps along its first leg's line (the Lion Dog's, over
    # the cell it takes first: `c4d5,d5f7`), as HaChu writes it: over the cell its second leg
    # reaches (`c4e6,e6f7`).
    if m.count(",") == 1 and cells[1] == cells[2]:
        (f0, r0), (f1, r1), (f3, r3) = [(ord(c[0]), int(c[1:])) for c in (cells[0], cells[1], cells[3])]
        (dx, dy) = (f1 - f0, r1 - r0)
        if max(abs(dx), abs(dy)) == 1 and (f3 - f0, r3 - r0) == (3 * dx, 3 * dy):
            b = f"{chr(f0 + 2 * dx)}{r0 + 2 * dy}"
            return f"{cells[0]}{b},{b}{m.split(',')[1][len(cells[2]):]}"
    return m


def legal(varia, definition, moves):
    argv = [varia, "moves", definition, "--json"] + (["--moves", *moves] if moves else [])
    return json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20261206)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--random-plies", type=int, default=4)
    ap.add_argument("--plies", type=int, default=200)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--varia", default=os.path.join(ROOT, "target", "release", "varia"))
    ap.add_argument("--variant", default="chu",
                    help="the definition's name, definitions/hachu/NAME.varia")
    ap.add_argument("--xboard-name", help="HaChu's name of the variant")
    ap.add_argument("--definition")
    args = ap.parse_args()
    if args.definition is None:
        args.definition = os.path.join(ROOT, "definitions", "hachu", f"{args.variant}.varia")
    full = plies = sent = 0
    for g in range(args.games):
        rng = random.Random(f"{args.seed}:{g}")
        hachu = HaChu(args.xboard_name or XBOARD_NAMES.get(args.variant, args.variant))
        varia = Varia(args.varia, args.definition, args.depth)
        moves, refusal, end = [], None, "ply cap"
        for ply in range(args.plies):
            options = legal(args.varia, args.definition, moves)
            if not options:
                end = "no legal move"
                break
            m = rng.choice(options) if ply < args.random_plies else varia.best(moves)
            if m == "(none)":
                # a game over by a rule that leaves moves (a draw by repetition or move limit)
                end = "game over in varia"
                break
            sent += 1
            refusal = hachu.usermove(as_hachu(args.varia, args.definition, moves, m))
            if refusal:
                print(f"game {g} ply {ply + 1}: HaChu refuses {m}: {refusal}\n"
                      f"  after {' '.join(moves)}")
                break
            plies += 1
            moves.append(m)
        hachu.quit("quit")
        varia.quit("quit")
        if refusal is None:
            full += 1
            print(f"game {g}: {len(moves)} plies accepted ({end})")
    print(f"accepted {full} of {args.games} games fully, {plies} of {sent} plies")
    return 0 if full == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
