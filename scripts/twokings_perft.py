#!/usr/bin/env python3
"""Perft for Two Kings chess, written from its rules (not from varia's code), to check
definitions/cutechess/twokings.varia: tests/fixtures/cutechess/twokings.tsv.

Two Kings chess as Cute Chess plays it (board/twokingseachboard.cpp, variants `twokings` and
`twokingssymmetric`): each player has two Kings; only the one on the lowest file is royal, of two
on one file the one on the lowest rank (`twokingssymmetric`: for Black the highest). A move may
not leave the royal King attacked; the other may be attacked and taken. Only a King on the e-file
of its first rank castles (king two cells towards the rook, the rook on the cell passed; the
cells between king and rook empty; the cells the king leaves and crosses unattacked after the
move); a move of either King loses both rights, a rook's move or its capture its own.

The moves of the pieces come from Fairy-Stockfish (pyffish) with the Kings as common pieces and
castling off; the royalty, the attacks and castling are applied here.

    scripts/twokings_perft.py              writes the fixture (seeded random games, perft 1 to 3)
    scripts/twokings_perft.py 4 [sym]      prints one perft from the start
"""

import random
import sys

import pyffish as sf

sf.load_variant_config("""
[twokingsbase:chess]
king = -
commoner = k
castling = false
extinctionValue = loss
extinctionPieceTypes = k
""")
V = "twokingsbase"
START = "rnbqkknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1"
OUT = "tests/fixtures/cutechess/twokings.tsv"


def board_of(fen):
    """board[rank][file] (rank 0 = rank 1), '.' for empty."""
    rows = fen.split()[0].split("/")
    b = []
    for row in reversed(rows):
        r = []
        for ch in row:
            r.extend("." * int(ch) if ch.isdigit() else ch)
        b.append(r)
    return b


def placement(b):
    out = []
    for r in reversed(b):
        s, n = "", 0
        for ch in r:
            if ch == ".":
                n += 1
            else:
                s += (str(n) if n else "") + ch
                n = 0
        out.append(s + (str(n) if n else ""))
    return "/".join(out)


def attacked(b, f, r, by_white):
    """Whether the cell (f, r) is attacked by White's pieces (by_white) or Black's."""
    own = str.isupper if by_white else str.islower
    def at(x, y):
        return b[y][x] if 0 <= x < 8 and 0 <= y < 8 else None
    for dx, dy in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
        p = at(f + dx, r + dy)
        if p and p != "." and own(p) and p.upper() == "N":
            return True
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            p = at(f + dx, r + dy)
            if (dx or dy) and p and p != "." and own(p) and p.upper() == "K":
                return True
    dy = -1 if by_white else 1
    for dx in (-1, 1):
        p = at(f + dx, r + dy)
        if p and p != "." and own(p) and p.upper() == "P":
            return True
    for (dx, dy), kinds in [((1, 0), "RQ"), ((-1, 0), "RQ"), ((0, 1), "RQ"), ((0, -1), "RQ"),
                            ((1, 1), "BQ"), ((1, -1), "BQ"), ((-1, 1), "BQ"), ((-1, -1), "BQ")]:
        x, y = f + dx, r + dy
        while 0 <= x < 8 and 0 <= y < 8:
            p = b[y][x]
            if p != ".":
                if own(p) and p.upper() in kinds:
                    return True
                break
            x, y = x + dx, y + dy
    return False


def royal(b, white, sym):
    kings = [(f, r) for r in range(8) for f in range(8) if b[r][f] == ("K" if white else "k")]
    if not white and sym:
        return min(kings, key=lambda c: (c[0], -c[1]))
    return min(kings, key=lambda c: (c[0], c[1]))


def sq(f, r):
    return "abcdefgh"[f] + str(r + 1)


def after(pos, m):
    """The position (fen with `-` castling field, rights) after move m."""
    fen, rights = pos
    b = board_of(fen)
    white = fen.split()[1] == "w"
    ff, fr, tf, tr = "abcdefgh".index(m[0]), int(m[1]) - 1, "abcdefgh".index(m[2]), int(m[3]) - 1
    piece = b[fr][ff]
    home = 0 if white else 7
    if piece.upper() == "K" and abs(tf - ff) == 2 and fr == tr == home and ff == 4:
        # Castling: the rook from the corner to the cell the king passed.
        rf, rt = (7, 5) if tf > ff else (0, 3)
        b[home][ff], b[home][tf] = ".", piece
        b[home][rf], b[home][rt] = ".", "R" if white else "r"
        f = fen.split()
        half = int(f[4]) + 1
        full = int(f[5]) + (0 if white else 1)
        nfen = f"{placement(b)} {'b' if white else 'w'} - - {half} {full}"
    else:
        nfen = sf.get_fen(V, fen, [m])
    mine = ("K", "Q") if white else ("k", "q")
    if piece.upper() == "K":
        rights = rights - set(mine)
    for (cf, cr, right) in ((7, 0, "K"), (0, 0, "Q"), (7, 7, "k"), (0, 7, "q")):
        if (ff, fr) == (cf, cr) or (tf, tr) == (cf, cr):
            rights = rights - {right}
    return (nfen, frozenset(rights))


def pseudo(pos):
    fen, rights = pos
    moves = list(sf.legal_moves(V, fen, []))
    b = board_of(fen)
    white = fen.split()[1] == "w"
    home = 0 if white else 7
    if b[home][4] == ("K" if white else "k"):
        for right, rook_file, to in (("K", 7, 6), ("Q", 0, 2)):
            if (right if white else right.lower()) not in rights:
                continue
            between = range(5, 7) if rook_file == 7 else range(1, 4)
            if all(b[home][x] == "." for x in between):
                moves.append(sq(4, home) + sq(to, home))
    return moves


def legal(pos, sym):
    fen, _ = pos
    white = fen.split()[1] == "w"
    home = 0 if white else 7
    out = []
    for m in pseudo(pos):
        nxt = after(pos, m)
        b = board_of(nxt[0])
        f, r = royal(b, white, sym)
        if attacked(b, f, r, not white):
            continue
        castle = (board_of(fen)[home][4].upper() == "K" and m[0] == "e" and m[1] == str(home + 1)
                  and m[3] == m[1] and abs("abcdefgh".index(m[2]) - 4) == 2)
        if castle:
            to = "abcdefgh".index(m[2])
            step = 1 if to > 4 else -1
            if any(attacked(b, x, home, not white) for x in range(4, to, step)):
                continue
        out.append(m)
    return out


def perft(pos, depth, sym):
    moves = legal(pos, sym)
    if depth == 1:
        return len(moves)
    return sum(perft(after(pos, m), depth - 1, sym) for m in moves)


def start():
    f = START.split()
    return (" ".join([f[0], f[1], "-"] + f[3:]), frozenset("KQkq"))


def main():
    if len(sys.argv) > 1:
        sym = len(sys.argv) > 2
        print(perft(start(), int(sys.argv[1]), sym))
        return
    rows = ["# variant\tmoves\tdepth\tnodes: scripts/twokings_perft.py, seed 48\n"]
    for variant, sym in (("twokings", False), ("twokingssymmetric", True)):
        for d in (1, 2, 3):
            rows.append(f"{variant}\t\t{d}\t{perft(start(), d, sym)}\n")
    for game in range(6):
        sym = game % 2 == 1
        variant = "twokingssymmetric" if sym else "twokings"
        rng = random.Random(f"48:twokings:{game}")
        pos, played = start(), []
        for ply in range(64):
            moves = legal(pos, sym)
            if not moves:
                break
            if ply % 4 == 3:
                rows.append(f"{variant}\t{' '.join(played)}\t2\t{perft(pos, 2, sym)}\n")
            # Prefer King moves and captures now and then, so that royalty changes hands and
            # kings are taken.
            b = board_of(pos[0])
            kings = [m for m in moves if b["12345678".index(m[1])]["abcdefgh".index(m[0])].upper() == "K"]
            caps = [m for m in moves if b["12345678".index(m[3])]["abcdefgh".index(m[2])] != "."]
            x = rng.random()
            if kings and x < 0.3:
                m = rng.choice(kings)
            elif caps and x < 0.6:
                m = rng.choice(caps)
            else:
                m = rng.choice(moves)
            played.append(m)
            pos = after(pos, m)
        print(f"game {game}: {len(played)} plies", file=sys.stderr)
    with open(OUT, "w") as f:
        f.writelines(rows)
    print(f"{len(rows) - 1} rows")


if __name__ == "__main__":
    main()
