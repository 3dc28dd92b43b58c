#!/usr/bin/env python3
"""Generates SAN fixtures from Fairy-Stockfish for every shipped definition of its variants.

    python3 scripts/fsf_san_fixtures.py [--seed N] [--games N] [--plies N] [--only NAME ...]

For every definition under definitions/fsf/ and definitions/classic/ (file stem = Fairy-Stockfish's
variant name) it plays seeded random games with pyffish, biased towards captures and checks, and
writes `tests/fixtures/san/NAME.tsv`, one line per move:

    FEN<TAB>move<TAB>SAN<TAB>excluded

where the FEN is `pyffish.get_fen`'s, the move one of `pyffish.legal_moves`, the SAN
`pyffish.get_san(variant, FEN, move, False, NOTATION_SAN)` (plain SAN also for the games whose
default is a shogi notation), and `excluded` is `-`, or the reason why varia writes the move
otherwise by choice (the test skips and counts such rows):

- `letter`: Fairy-Stockfish writes the piece by a letter that is not its FEN letter: a synonym
  (Xiangqi's and Janggi's horse `H` and elephant `E`, written `n` and `b` in FEN), or its
  internal letter for a promoted type written `+X` in FEN (a shogi dragon as `D`); varia writes
  every type by its FEN symbol, `+X` included.
- `ambiguous`: another legal move is written the same (Fairy-Stockfish does not tell apart the
  pieces that could make a move that also places a wall, as in Amazons); varia adds the origin's
  file, rank or cell as for any other move.

and `check`, compared without `+` and `#`: a move that checks by `pyffish.gives_check` but whose
SAN writes no check (an attack on a piece Fairy-Stockfish takes as pseudo-royal rather than as its
king: Atomic's king, Coregal's queen); varia writes `+` for an attack on any royal piece.

Each position contributes every move whose SAN is more than a letter and a cell (captures,
disambiguation, promotions, drops, castling, checks, gating) up to 10, and two of the others.
The cargo test `tests/san.rs` checks varia against these files without Python.
"""
import argparse
import os
import random
import re

import pyffish as sf

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRS = [os.path.join(ROOT, "definitions", d) for d in ("classic", "fsf")]
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "san")
PER_POSITION = 10
QUIET_PER_POSITION = 2
MAX_ASKED = 60


def variants():
    names = set()
    for d in DIRS:
        names |= {f[:-6] for f in os.listdir(d) if f.endswith(".varia")}
    return sorted(names)


def board(fen):
    """The FEN's board: {cell name: piece as written (`P`, `+p`)}."""
    rows = fen.split(" ")[0].split("[")[0].split("/")
    out = {}
    height = len(rows)
    for i, row in enumerate(rows):
        rank = height - i
        f = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            if c == "+":
                out[f"{chr(97 + f)}{rank}"] = row[j:j + 2]
                f += 1
                j += 2
                continue
            if c != "~":
                out[f"{chr(97 + f)}{rank}"] = c
                f += 1
            j += 1
    return out


def origin(move):
    m = re.match(r"([a-z])(\d+)", move)
    return m.group(0) if m else None


def excluded(fen, move, san):
    """Why varia writes this move otherwise by choice, or `-`."""
    if "@" in move.split(",")[0]:
        written = move[0].upper()
        return "-" if san.startswith(written) else "letter"
    if san.startswith("O-O"):
        return "-"
    piece = board(fen).get(origin(move), "")
    if piece.startswith("+"):
        return "letter"
    letter = san[0]
    if not letter.isupper():
        return "-"
    if letter != piece.upper():
        return "letter"
    if move.endswith("+") or move.endswith("-"):
        # A promotion to a `+X` type (or back), named by Fairy-Stockfish's internal letter.
        return "letter"
    return "-"


def ambiguous(variant, fen, moves, move, san):
    """Whether another legal move to the same cell is written the same."""
    dest = re.sub(r"^[a-z]\d+", "", move)
    return any(sf.get_san(variant, fen, m, False, sf.NOTATION_SAN) == san
               for m in moves if m != move and re.sub(r"^[a-z]\d+", "", m) == dest)


def unwritten_check(variant, fen, move, san):
    """Whether the move checks by pyffish's `gives_check` (which counts an attack on a piece it
    takes as pseudo-royal) but its SAN writes no check (which counts its king only)."""
    return not san.endswith(("+", "#")) and sf.gives_check(variant, fen, [move])


def plain(san):
    """Whether a SAN is a letter (or none) and a cell, nothing more."""
    return re.fullmatch(r"[A-Z]?[a-z]\d+", san) is not None


def pick(rng, sans):
    """A random move of those written, biased towards captures and checks."""
    moves = sorted(sans)
    if rng.random() < 0.5:
        forcing = [m for m in moves if "x" in sans[m] or "+" in sans[m]]
        if forcing:
            return rng.choice(forcing)
    return rng.choice(moves)


def generate(variant, seed, games, plies):
    rng = random.Random(f"{seed}:san:{variant}")
    start = sf.get_fen(variant, sf.start_fen(variant), [])
    rows = []
    seen = set()
    for _game in range(games):
        fen = start
        for _ply in range(plies):
            moves = sorted(sf.legal_moves(variant, fen, []))
            if not moves:
                break
            # Positions with thousands of moves (a wall placed after each) are sampled.
            asked = rng.sample(moves, min(MAX_ASKED, len(moves)))
            sans = {m: sf.get_san(variant, fen, m, False, sf.NOTATION_SAN) for m in asked}
            if fen not in seen:
                seen.add(fen)
                special = [m for m in sorted(asked) if not plain(sans[m])]
                quiet = [m for m in sorted(asked) if plain(sans[m])]
                chosen = rng.sample(special, min(PER_POSITION, len(special)))
                chosen += rng.sample(quiet, min(QUIET_PER_POSITION, len(quiet)))
                for m in sorted(chosen):
                    why = excluded(fen, m, sans[m])
                    if why == "-" and ambiguous(variant, fen, moves, m, sans[m]):
                        why = "ambiguous"
                    if why == "-" and unwritten_check(variant, fen, m, sans[m]):
                        why = "check"
                    rows.append((fen, m, sans[m], why))
            fen = sf.get_fen(variant, fen, [pick(rng, sans)])
    os.makedirs(FIXTURES, exist_ok=True)
    with open(os.path.join(FIXTURES, variant + ".tsv"), "w") as f:
        f.write(f"# Generated by scripts/fsf_san_fixtures.py (seed {seed}, {games} games of up to "
                f"{plies} plies) with pyffish {'.'.join(map(str, sf.version()))}, variant "
                f"`{variant}`. Format: FEN<TAB>move<TAB>SAN<TAB>excluded (- or why).\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    skipped = {}
    for r in rows:
        if r[3] != "-":
            skipped[r[3]] = skipped.get(r[3], 0) + 1
    print(f"{variant}: {len(rows)} rows, excluded {skipped}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=20261206)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--plies", type=int, default=50)
    ap.add_argument("--only", nargs="+")
    args = ap.parse_args()
    for v in args.only or variants():
        generate(v, args.seed, args.games, args.plies)


if __name__ == "__main__":
    main()
