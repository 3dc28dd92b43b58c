#!/usr/bin/env python3
"""Generates legal-move fixtures from Fairy-Stockfish (pyffish) for the classic definitions.

    python3 scripts/crosscheck.py [--seed N] [--games N] [--plies N] [--only GAME ...] [--compare]
    python3 scripts/crosscheck.py --compare-only      # compare the existing fixtures, write nothing

For each classic game it plays seeded random games with pyffish (stopping at the end of a game),
collects the distinct positions met on the way, keeps a seeded sample of them (at most
MAX_POSITIONS, and at most MAX_BYTES of fixture text) and writes
`tests/fixtures/crosscheck/<game>.tsv`, one line per position:

    FEN<TAB>space-separated sorted legal moves

with the FEN as `pyffish.get_fen` writes it and the moves from `pyffish.legal_moves(variant, fen,
[])` (no move history, so repetition rules never apply). The cargo test `tests/crosscheck.rs`
checks varia against these files without Python.

The random player is biased towards "forcing" moves (promotions, captures, drops, checks) so that
the positions include promotions, pieces in hand, checks and en passant.

With --compare (or --compare-only), it also runs `target/release/varia moves DEF --fen FEN
--json` on every position and prints each difference. Build first: `cargo build --release`.
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
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "crosscheck")
GAMES = ["chess", "shogi", "xiangqi", "crazyhouse", "minishogi"]

DEFAULT_SEED = 20240601
DEFAULT_GAMES = 16
DEFAULT_PLIES = 80
MIN_POSITIONS = 250
MAX_POSITIONS = 320
MAX_BYTES = 290_000


def definition(game):
    return os.path.join(ROOT, "definitions", "classic", game + ".varia")


def pyffish_version():
    return ".".join(str(x) for x in sf.version())


def board_of(fen):
    """Maps square names (`e4`) to piece letters for the board part of a FEN."""
    ranks = fen.split(" ")[0].split("[")[0].split("/")
    board = {}
    for i, text in enumerate(ranks):
        rank = len(ranks) - i
        file = 0
        j = 0
        while j < len(text):
            if text[j].isdigit():
                k = j
                while k < len(text) and text[k].isdigit():
                    k += 1
                file += int(text[j:k])
                j = k
                continue
            if text[j] == "+":
                piece = text[j:j + 2]
                j += 2
            else:
                piece = text[j]
                j += 1
            if j < len(text) and text[j] == "~":
                j += 1
            board[f"{chr(ord('a') + file)}{rank}"] = piece
            file += 1
    return board


def origin(move):
    """The from-square of a board move (`e2` of `e2e4`, `a10` of `a10a9`)."""
    i = 1
    while move[i].isdigit():
        i += 1
    return move[:i]


def pick_move(rng, variant, fen, moves):
    """A random legal move, biased towards promotions, captures, drops, checks and mates."""
    promotions = [m for m in moves if has_promotion([m])]
    if promotions and rng.random() < 0.6:
        return rng.choice(promotions)
    r = rng.random()
    if r < 0.3:
        captures = [m for m in moves if "@" not in m and sf.is_capture(variant, fen, [], m)]
        if captures:
            return rng.choice(captures)
    elif r < 0.45:
        checks = [m for m in moves if sf.gives_check(variant, fen, [m])]
        mates = [m for m in checks if not sf.legal_moves(variant, sf.get_fen(variant, fen, [m]), [])]
        if mates:
            return rng.choice(mates)
        if checks:
            return rng.choice(checks)
    elif r < 0.55:
        drops = [m for m in moves if "@" in m]
        if drops:
            return rng.choice(drops)
    elif r < 0.75:
        # Pawns and soldiers forward: promotions, en passant, soldiers across the river.
        board = board_of(fen)
        pawns = [m for m in moves if "@" not in m and board.get(origin(m), "").upper() == "P"]
        if pawns:
            return rng.choice(pawns)
    return rng.choice(moves)


def has_promotion(moves):
    return any(m.endswith("+") or (m[-1].isalpha() and "@" not in m) for m in moves)


def is_rare(variant, fen, moves):
    fields = fen.split(" ")
    placement = fields[0].split("[")[0]
    return (not moves
            or (len(fields) >= 6 and fields[3] != "-")
            or has_promotion(moves)
            or "~" in placement or "+" in placement
            or sf.gives_check(variant, fen, []))


def play(rng, variant, games, plies):
    """Plays random games; returns the distinct positions met, in order, as {fen: moves}."""
    start = sf.start_fen(variant)
    seen = {}
    for _ in range(games):
        history = []
        for _ply in range(plies + 1):
            fen = sf.get_fen(variant, start, history)
            moves = sorted(sf.legal_moves(variant, fen, []))
            seen.setdefault(fen, moves)
            if not moves:
                break  # checkmate or stalemate
            if sf.is_immediate_game_end(variant, start, history)[0]:
                break
            if sf.is_optional_game_end(variant, start, history)[0]:
                break  # repetition, 50-move rule and the like
            history.append(pick_move(rng, variant, fen, moves))
    return seen


def generate(game, seed, games, plies):
    rng = random.Random(f"{seed}:{game}")
    seen = play(rng, game, games, plies)
    fens = list(seen)
    order = {fen: i for i, fen in enumerate(fens)}
    # The start position, then a seeded random sample of the others within the count and size
    # limits, written in the order the positions were met.
    header = (f"# Generated by scripts/crosscheck.py (seed {seed}, {games} random games of up to "
              f"{plies} plies, rng random.Random('{seed}:{game}')) with pyffish "
              f"{pyffish_version()} (Fairy-Stockfish variant `{game}`). "
              f"Format: FEN<TAB>sorted legal moves from pyffish.legal_moves(variant, fen, []).\n")
    size = len(header.encode())
    chosen = []
    # Rarer positions (no legal move, en passant, promotion choices, check, promoted pieces)
    # are sampled first, up to half of the positions.
    rare = [f for f in fens[1:] if is_rare(game, f, seen[f])]
    rare = rng.sample(rare, min(len(rare), MAX_POSITIONS // 2))
    picked = set(rare)
    rest = [f for f in fens[1:] if f not in picked]
    for fen in [fens[0]] + rare + rng.sample(rest, len(rest)):
        line = fen + "\t" + " ".join(seen[fen]) + "\n"
        if len(chosen) >= MAX_POSITIONS or size + len(line.encode()) > MAX_BYTES:
            continue
        chosen.append(fen)
        size += len(line.encode())
    chosen.sort(key=order.get)
    lines = [fen + "\t" + " ".join(seen[fen]) + "\n" for fen in chosen]
    if len(lines) < MIN_POSITIONS:
        sys.exit(f"{game}: only {len(lines)} positions (of {len(fens)} met); "
                 f"play more games (--games)")
    os.makedirs(FIXTURES, exist_ok=True)
    path = os.path.join(FIXTURES, game + ".tsv")
    with open(path, "w") as f:
        f.write(header)
        f.writelines(lines)
    stats(game, [l.rstrip("\n").split("\t") for l in lines], path, size, len(fens))


def stats(game, rows, path, size, met):
    def count(pred):
        return sum(1 for fen, moves in rows if pred(fen, moves.split()))

    in_hand = count(lambda f, m: "[" in f and f.split("]")[0].split("[")[1] not in ("", "-"))
    drops = count(lambda f, m: any("@" in x for x in m))
    promo = count(lambda f, m: has_promotion(m))
    checks = count(lambda f, m: sf.gives_check(game, f, []))
    ep = count(lambda f, m: f.split(" ")[3] != "-" if len(f.split(" ")) >= 6 else False)
    ended = count(lambda f, m: not m)
    print(f"{game}: {len(rows)} positions (of {met} distinct met), {size} bytes -> "
          f"{os.path.relpath(path, ROOT)}; in check {checks}, pieces in hand {in_hand}, "
          f"drops {drops}, promotions {promo}, en passant {ep}, no legal move {ended}")


def read_fixture(game):
    path = os.path.join(FIXTURES, game + ".tsv")
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fen, _, moves = line.rstrip("\n").partition("\t")
            yield fen, moves.split()


def compare(game):
    """Runs varia on every position of a fixture; prints differences, returns their count."""
    bad = 0
    n = 0
    for fen, expected in read_fixture(game):
        n += 1
        out = subprocess.run([VARIA, "moves", definition(game), "--fen", fen, "--json"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            bad += 1
            print(f"[{game}] {fen}\n    varia failed: {out.stderr.strip()}")
            continue
        ours = set(json.loads(out.stdout))
        theirs = set(expected)
        if ours != theirs:
            bad += 1
            print(f"[{game}] {fen}\n    only varia:          {' '.join(sorted(ours - theirs))}"
                  f"\n    only Fairy-Stockfish: {' '.join(sorted(theirs - ours))}")
    print(f"{game}: {n} positions compared, {bad} differ")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES)
    ap.add_argument("--plies", type=int, default=DEFAULT_PLIES)
    ap.add_argument("--only", nargs="+", choices=GAMES, default=GAMES)
    ap.add_argument("--compare", action="store_true",
                    help="after generating, run target/release/varia on every position")
    ap.add_argument("--compare-only", action="store_true",
                    help="compare the existing fixtures without regenerating them")
    args = ap.parse_args()
    if not args.compare_only:
        for game in args.only:
            generate(game, args.seed, args.games, args.plies)
    if args.compare or args.compare_only:
        if not os.path.exists(VARIA):
            sys.exit(f"{VARIA} not found: run `cargo build --release` first")
        total = sum(compare(game) for game in args.only)
        return 1 if total else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
