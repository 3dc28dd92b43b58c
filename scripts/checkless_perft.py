#!/usr/bin/env python3
"""Perft for Checkless chess, written from its rule alone (not from varia's code), to check
definitions/cutechess/checkless.varia: tests/fixtures/cutechess/checkless.tsv.

Checkless chess as Cute Chess plays it (its `checkless` variant, board/checklessboard.cpp): a
position is legal when the player to move is not in check, or is in check and has no legal move.
So a move may give check only if it mates, and a reply to a check may not check back unless it
mates in turn. The moves of chess come from Fairy-Stockfish (pyffish, PyPI); the rule is applied
here.

    scripts/checkless_perft.py              writes the fixture (seeded random games, perft 1 to 3)
    scripts/checkless_perft.py 4            prints one perft from the start
"""

import random
import sys

import pyffish as sf

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
OUT = "tests/fixtures/cutechess/checkless.tsv"


def after(fen, m):
    return sf.get_fen("chess", fen, [m])


def has_move(fen):
    """Whether the player to move has a legal move of Checkless chess."""
    for m in sf.legal_moves("chess", fen, []):
        if not sf.gives_check("chess", fen, [m]) or not has_move(after(fen, m)):
            return True
    return False


def legal(fen):
    """The legal moves of Checkless chess: those of chess, less the checks that do not mate."""
    return [m for m in sf.legal_moves("chess", fen, [])
            if not sf.gives_check("chess", fen, [m]) or not has_move(after(fen, m))]


def perft(fen, depth):
    moves = legal(fen)
    if depth == 1:
        return len(moves)
    return sum(perft(after(fen, m), depth - 1) for m in moves)


def main():
    if len(sys.argv) > 1:
        print(perft(START, int(sys.argv[1])))
        return
    rows = ["# variant\tmoves\tdepth\tnodes: scripts/checkless_perft.py, seed 48\n"]
    for d in (1, 2, 3):
        rows.append(f"checkless\t\t{d}\t{perft(START, d)}\n")
    for game in range(6):
        rng = random.Random(f"48:{game}")
        fen, played = START, []
        for ply in range(60):
            moves = legal(fen)
            if not moves:
                break
            if ply % 3 == 2:
                rows.append(f"checkless\t{' '.join(played)}\t2\t{perft(fen, 2)}\n")
            # Prefer a capture now and then, so that games reach open positions with checks.
            men = sum(c.isalpha() for c in fen.split()[0])
            caps = [m for m in moves if sum(c.isalpha() for c in after(fen, m).split()[0]) < men]
            m = rng.choice(caps) if caps and rng.random() < 0.5 else rng.choice(moves)
            played.append(m)
            fen = after(fen, m)
        print(f"game {game}: {len(played)} plies", file=sys.stderr)
    with open(OUT, "w") as f:
        f.writelines(rows)
    print(f"{len(rows) - 1} rows")


if __name__ == "__main__":
    main()
