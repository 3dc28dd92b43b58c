#!/usr/bin/env python3
"""Finds positions where a pawn drop gives checkmate, and checks varia's moves there.

    python3 scripts/mating_drop_games.py NAME VARIANT FSF_VARIANT [--count N] [--seed S] [--sjaak V]

Seeded random games of Fairy-Stockfish's FSF_VARIANT (pyffish; checking moves preferred a third
of the time, so that games reach mates) are played from its start until a position where a
dropped pawn (`P@...`) checkmates: there Fairy-Stockfish lists the drop as a move (its
shogiPawnDropMateIllegal lets the dropper play it and lose), where `mating drops of Pawn are
forbidden` leaves it out. Each position of each game is checked against varia's
definitions/NAME.varia on the way: the same moves but the mating drops. With `--sjaak V`, Sjaak II
(`sjaakii`, its variant V) must refuse each mating drop as a move ("Illegal move (may not be used
to give mate)"; its perft counts the drop all the same, so its perft is no reference there). One
line per position found, `moves from the start<TAB>the mating drops`.
"""
import argparse
import json
import os
import random
import subprocess
import sys

import pyffish as sf

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIA = os.path.join(ROOT, "target", "release", "varia")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("variant")
    ap.add_argument("fsf_variant")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=48)
    ap.add_argument("--sjaak")
    args = ap.parse_args()
    path = os.path.join(ROOT, "definitions", args.name + ".varia")
    start = sf.start_fen(args.fsf_variant)
    rng = random.Random(args.seed)
    found, compared, games = 0, 0, 0
    while found < args.count:
        games += 1
        moves = []
        for _ in range(200):
            legal = sf.legal_moves(args.fsf_variant, start, moves)
            if not legal:
                break
            mating = [m for m in legal if m.startswith("P@")
                      and sf.gives_check(args.fsf_variant, start, moves + [m])
                      and not sf.legal_moves(args.fsf_variant, start, moves + [m])]
            ours = json.loads(subprocess.check_output(
                [VARIA, "moves", path, "--variant", args.variant, "--moves", *moves, "--json"]
                if moves else [VARIA, "moves", path, "--variant", args.variant, "--json"], text=True))
            compared += 1
            if sorted(ours) != sorted(set(legal) - set(mating)):
                sys.exit(f"{' '.join(moves)}: varia {sorted(ours)}, Fairy-Stockfish {sorted(legal)} "
                         f"less {mating}")
            if mating:
                for m in mating if args.sjaak else []:
                    cmds = ["xboard", "new", f"variant {args.sjaak}", "force", *moves, m, "quit"]
                    out = subprocess.run(["sjaakii"], input="\n".join(cmds) + "\n", text=True,
                                         capture_output=True, env={**os.environ,
                                         "PATH": os.environ["PATH"] + ":/usr/games"}).stdout
                    if f"Illegal move (may not be used to give mate): {m}" not in out:
                        sys.exit(f"{' '.join(moves)}: Sjaak II accepts {m}")
                print(f"{' '.join(moves)}\t{' '.join(mating)}")
                found += 1
                break
            checks = [m for m in legal if sf.gives_check(args.fsf_variant, start, moves + [m])]
            moves.append(rng.choice(checks) if checks and rng.random() < 1 / 3 else rng.choice(legal))
    print(f"{games} games, {compared} positions compared with Fairy-Stockfish, {found} with a "
          f"mating pawn drop", file=sys.stderr)


if __name__ == "__main__":
    main()
