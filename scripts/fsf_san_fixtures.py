#!/usr/bin/env python3
"""Generates SAN fixtures from Fairy-Stockfish for every variant varia and it both play.

    python3 scripts/fsf_san_fixtures.py [--seed N] [--games N] [--plies N] [--budget N] [--only NAME ...]

The variants: every definition under definitions/fsf/ and definitions/classic/ (file stem =
Fairy-Stockfish's built-in variant name), and every other shipped definition whose
`varia export --format fsf` Fairy-Stockfish loads (the sections committed in
tests/fixtures/fsf-export/, written by scripts/fsf_export_fixtures.py; loaded into pyffish under
the name `varia-NAME`). For each it plays seeded random games with pyffish, biased towards
captures and checks, and writes `tests/fixtures/san/NAME.tsv`: a line

    definition<TAB>PATH<TAB>VARIANT

(VARIANT `-` for the file's main game), then one line per position reached, with every legal move
of it:

    FEN<TAB>move SAN[ excluded]<TAB>move SAN[ excluded]...

where the FEN is `pyffish.get_fen`'s, the moves are `pyffish.legal_moves`, the SAN
`pyffish.get_san(variant, FEN, move, False, NOTATION_SAN)` (plain SAN also for the games whose
default is a shogi notation), and `excluded` is absent, or the reason why varia writes the move
otherwise by choice (README, Notation):

- `letter`: Fairy-Stockfish writes the piece by a letter that is not its FEN letter: a synonym
  (Xiangqi's and Janggi's horse `H` and elephant `E`, written `n` and `b` in FEN), or its
  internal letter for a promoted type written `+X` in FEN (a shogi dragon as `D`); varia writes
  every type by its FEN symbol, `+X` included. Also a move Fairy-Stockfish tells apart by its
  origin from a piece of another FEN letter that it writes by the same letter (a shogi gold
  from a promoted knight, both its gold), which varia tells apart by their letters. The test
  skips and counts such moves.
- `ambiguous`: another legal move of the position is written the same (Fairy-Stockfish does not
  tell apart the pieces that could make a move that also places a wall, as in Amazons); varia
  adds the origin's file, rank or cell as for any other move. Skipped and counted.
- `check`: the move checks by `pyffish.gives_check` but its SAN writes no check (an attack on a
  piece Fairy-Stockfish takes as pseudo-royal rather than as its king: Atomic's king, Coregal's
  queen); varia writes `+` for an attack on any royal piece. Compared without `+` and `#`.

Positions are recorded, each with all its moves, until a variant has `--budget` moves (so that
Amazons, with two thousand moves a position, gets a few positions rather than a hundred); then
one longer game (`--late` plies, uniformly random) gives every 10th position from ply 50 on
while the variant has fewer than 800 moves more, for what comes late: promotions (Sittuyin's
in place), drops from full hands, emptier boards.
The cargo test `tests/san.rs` checks varia against these files without Python.
"""
import argparse
import os
import random
import re

import pyffish as sf

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRS = [os.path.join(ROOT, "definitions", d) for d in ("classic", "fsf")]
EXPORTS = os.path.join(ROOT, "tests", "fixtures", "fsf-export")
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "san")
LATE_FROM = 50
LATE_EVERY = 10
LATE_BUDGET = 800


def builtins():
    """{name: (definition path, variant)} for the definitions of Fairy-Stockfish's built-ins."""
    out = {}
    for d in DIRS:
        for f in sorted(os.listdir(d)):
            if f.endswith(".varia"):
                out[f[:-6]] = (os.path.relpath(os.path.join(d, f), ROOT), "-")
    return out


def exported():
    """{name: (definition path, variant)} for the other shipped definitions Fairy-Stockfish
    loads as exported, from the export fixtures' listing."""
    out = {}
    with open(os.path.join(EXPORTS, "perft.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, path, variant = line.split("\t")[:3]
            if name in sf.variants():
                continue  # a built-in: played as itself
            out[name] = (path, variant)
    return out


def load_export(name, variant):
    """Loads NAME.ini into pyffish as `varia-NAME`; gives that name."""
    ini = open(os.path.join(EXPORTS, name + ".ini")).read()
    v = "varia-" + name.replace(".", "-")
    sf.load_variant_config(ini.replace(f"[{variant}]", f"[{v}]", 1))
    assert v in sf.variants(), f"pyffish did not load {name}.ini"
    return v


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


def letter(placed, move, san):
    """Whether Fairy-Stockfish names the piece by a letter other than its FEN letter."""
    if "@" in move.split(",")[0]:
        return not san.startswith(move[0].upper())
    if san.startswith("O-O"):
        return False
    piece = placed.get(origin(move), "")
    if piece.startswith("+"):
        return True
    first = san[0]
    if not first.isupper():
        return False
    if first != piece.upper():
        return True
    # A promotion to a `+X` type (or back), named by Fairy-Stockfish's internal letter.
    return move.endswith("+") or move.endswith("-")


def destination(move):
    """The cell a move reaches (of its first part)."""
    m = re.match(r"[A-Za-z+]*@?([a-z]\d+)?([a-z]\d+)", move.split(",")[0])
    return m.group(2) if m else None


def letter_rival(placed, sans, move):
    """Whether another legal move to the same cell is of a piece whose FEN letter differs but
    which Fairy-Stockfish writes by the same letter (a shogi gold and a promoted knight, both its
    gold): Fairy-Stockfish tells the two apart by the origin, varia by their letters."""
    if "@" in move or sans[move].startswith("O-O"):
        return False
    piece = placed.get(origin(move), "")
    to = destination(move)
    first = sans[move][:1]
    return any(o != move and "@" not in o and destination(o) == to
               and placed.get(origin(o), "") != piece and sans[o][:1] == first
               and first.isupper()
               for o in sans)


def pick(rng, sans):
    """A random move of those written, biased towards captures and checks."""
    moves = sorted(sans)
    if rng.random() < 0.5:
        forcing = [m for m in moves if "x" in sans[m] or "+" in sans[m]]
        if forcing:
            return rng.choice(forcing)
    return rng.choice(moves)


def position(variant, fen, moves):
    """Every move's (move, SAN, excluded) at the position."""
    sans = {m: sf.get_san(variant, fen, m, False, sf.NOTATION_SAN) for m in moves}
    written = {}
    for s in sans.values():
        written[s] = written.get(s, 0) + 1
    placed = board(fen)
    rows = []
    for m in moves:
        s = sans[m]
        why = ""
        if letter(placed, m, s) or letter_rival(placed, sans, m):
            why = "letter"
        elif written[s] > 1:
            why = "ambiguous"
        elif not s.endswith(("+", "#")) and sf.gives_check(variant, fen, [m]):
            why = "check"
        rows.append((m, s, why))
    return sans, rows


def generate(name, path, variant, sf_name, args):
    rng = random.Random(f"{args.seed}:san:{name}")
    start = sf.get_fen(sf_name, sf.start_fen(sf_name), [])
    lines = []
    seen = set()
    counted = 0
    skipped = {}

    def record(fen, rows):
        nonlocal counted
        counted += len(rows)
        for _m, _s, why in rows:
            if why:
                skipped[why] = skipped.get(why, 0) + 1
        lines.append(fen + "".join(f"\t{m} {s}" + (f" {w}" if w else "") for m, s, w in rows))

    for _game in range(args.games):
        fen = start
        for _ply in range(args.plies):
            if counted >= args.budget:
                break
            moves = sorted(sf.legal_moves(sf_name, fen, []))
            if not moves:
                break
            sans, rows = position(sf_name, fen, moves)
            if fen not in seen:
                seen.add(fen)
                record(fen, rows)
            fen = sf.get_fen(sf_name, fen, [pick(rng, sans)])
    # One longer game, uniformly random, for what comes late (promotions, emptier boards):
    # every LATE_EVERY-th position from ply LATE_FROM on is recorded, while the budget allows.
    fen = start
    for ply in range(args.late):
        moves = sorted(sf.legal_moves(sf_name, fen, []))
        if not moves:
            break
        if (ply >= LATE_FROM and ply % LATE_EVERY == 0 and fen not in seen
                and counted < args.budget + LATE_BUDGET):
            seen.add(fen)
            _sans, rows = position(sf_name, fen, moves)
            record(fen, rows)
        fen = sf.get_fen(sf_name, fen, [rng.choice(moves)])
    os.makedirs(FIXTURES, exist_ok=True)
    with open(os.path.join(FIXTURES, name + ".tsv"), "w") as f:
        f.write(f"# Generated by scripts/fsf_san_fixtures.py (seed {args.seed}, {args.games} games "
                f"of up to {args.plies} plies and one of {args.late}, {args.budget} moves at most) with pyffish "
                f"{'.'.join(map(str, sf.version()))} playing `{sf_name}`. Format: "
                "FEN<TAB>move SAN[ excluded]<TAB>... (every legal move).\n")
        f.write(f"definition\t{path}\t{variant}\n")
        for line in lines:
            f.write(line + "\n")
    print(f"{name}: {len(lines)} positions, {counted} moves, excluded {skipped}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=20261207)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--plies", type=int, default=30)
    ap.add_argument("--budget", type=int, default=2500)
    ap.add_argument("--late", type=int, default=200, help="plies of the longer game")
    ap.add_argument("--only", nargs="+")
    args = ap.parse_args()
    every = {**builtins(), **exported()}
    for name in args.only or sorted(every):
        path, variant = every[name]
        sf_name = name if variant == "-" else load_export(name, variant)
        generate(name, path, variant, sf_name, args)


if __name__ == "__main__":
    main()
