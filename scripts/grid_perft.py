#!/usr/bin/env python3
"""Perft for Grid chess and Berolina Grid chess, written from the rules alone (not from varia's
code), to check definitions/cutechess/grid.varia: tests/fixtures/cutechess/grid.tsv.

Grid chess (Walter Stead, 1952; as Cute Chess plays it, its `grid` and `gridolina` variants):
chess on a board cut into sixteen blocks of 2 x 2 cells; a move must end in another block than
it starts in. A piece attacks only the cells it could move to by that rule, so a king is in
check only from outside its block. Castling always leaves the block. Gridolina: Berolina pawns
(moving one cell diagonally forward, two from the second rank over an empty cell, capturing
one cell straight forward; a pawn that made the double step may be taken en passant on the
cell it passed, by a straight capture onto it).

    scripts/grid_perft.py              writes the fixture (seeded random games, perft 1 to 3)
    scripts/grid_perft.py grid 3       prints one perft from the start
"""

import random
import sys

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def block(f, r):
    return (f // 2, r // 2)


def leaves(a, b):
    return block(*a) != block(*b)


def name(c):
    return "abcdefgh"[c[0]] + str(c[1] + 1)


class Pos:
    def __init__(self, berolina):
        self.berolina = berolina
        self.board = {}
        for r, row in enumerate(reversed(START.split("/"))):
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    self.board[(f, r)] = ch
                    f += 1
        self.white = True
        self.castle = set("KQkq")
        self.ep = None  # (passed cell, cell of the pawn that passed it)

    def copy(self):
        p = Pos.__new__(Pos)
        p.berolina, p.board, p.white = self.berolina, dict(self.board), self.white
        p.castle, p.ep = set(self.castle), self.ep
        return p

    def mine(self, ch, white):
        return ch is not None and ch.isupper() == white


def on(c):
    return 0 <= c[0] < 8 and 0 <= c[1] < 8


def targets(pos, frm, white, attacks_only=False):
    """Cells the piece on `frm` may move to by its pattern and the grid rule, as
    (to, kind) with kind 'move', 'capture' or 'both'; pawns' captures listed even on empty cells
    when `attacks_only`."""
    ch = pos.board[frm].upper()
    f, r = frm
    out = []

    def ride(dirs, once):
        for dx, dy in dirs:
            c = (f + dx, r + dy)
            while on(c):
                out.append((c, "both"))
                if c in pos.board or once:
                    break
                c = (c[0] + dx, c[1] + dy)

    if ch == "K":
        ride(ORTH + DIAG, True)
    elif ch == "Q":
        ride(ORTH + DIAG, False)
    elif ch == "R":
        ride(ORTH, False)
    elif ch == "B":
        ride(DIAG, False)
    elif ch == "N":
        ride(KNIGHT, True)
    else:
        fwd = 1 if white else -1
        if pos.berolina:
            moves, caps = [(-1, fwd), (1, fwd)], [(0, fwd)]
        else:
            moves, caps = [(0, fwd)], [(-1, fwd), (1, fwd)]
        for dx, dy in caps:
            c = (f + dx, r + dy)
            if on(c):
                out.append((c, "capture"))
        if not attacks_only:
            start = 1 if white else 6
            for dx, dy in moves:
                c = (f + dx, r + dy)
                if on(c) and c not in pos.board:
                    out.append((c, "move"))
                    c2 = (f + 2 * dx, r + 2 * dy)
                    if r == start and on(c2) and c2 not in pos.board:
                        out.append((c2, "double"))
    return [(c, k) for c, k in out if leaves(frm, c)]


def attacked(pos, cell, by_white):
    for frm, ch in pos.board.items():
        if ch.isupper() != by_white:
            continue
        for c, k in targets(pos, frm, by_white, attacks_only=True):
            if c == cell and k != "move":
                return True
    return False


def king(pos, white):
    return next(c for c, ch in pos.board.items() if ch == ("K" if white else "k"))


def pseudo(pos):
    white = pos.white
    res = []
    for frm, ch in list(pos.board.items()):
        if ch.isupper() != white:
            continue
        for to, k in targets(pos, frm, white):
            there = pos.board.get(to)
            if pos.mine(there, white):
                continue
            if k in ("move", "double") and there is not None:
                continue
            if k == "capture" and there is None:
                if ch.upper() == "P" and pos.ep and pos.ep[0] == to:
                    res.append((frm, to, None, "ep"))
                continue
            if ch.upper() == "P" and to[1] in (0, 7):
                for pr in "qrbn":
                    res.append((frm, to, pr, k))
            else:
                res.append((frm, to, None, k))
    # Castling: king and rook unmoved, cells between empty, the king not in, through or into
    # check (attacks under the grid rule). The king's move always leaves its block.
    r = 0 if white else 7
    for right, rook_f, between, passing in (
        ("K", 7, [5, 6], [4, 5, 6]),
        ("Q", 0, [1, 2, 3], [4, 3, 2]),
    ):
        if (right if white else right.lower()) not in pos.castle:
            continue
        if pos.board.get((4, r)) != ("K" if white else "k"):
            continue
        if pos.board.get((rook_f, r)) != ("R" if white else "r"):
            continue
        if any((f, r) in pos.board for f in between):
            continue
        if any(attacked(pos, (f, r), not white) for f in passing):
            continue
        res.append(((4, r), (passing[2], r), None, "castle" + right))
    return res


def make(pos, mv):
    frm, to, pr, k = mv
    p = pos.copy()
    ch = p.board.pop(frm)
    white = pos.white
    if k == "ep":
        p.board.pop(pos.ep[1])
    p.board[to] = (pr.upper() if white else pr) if pr else ch
    if k.startswith("castle"):
        r = frm[1]
        if k == "castleK":
            p.board[(5, r)] = p.board.pop((7, r))
        else:
            p.board[(3, r)] = p.board.pop((0, r))
    p.ep = None
    if k == "double":
        passed = ((frm[0] + to[0]) // 2, (frm[1] + to[1]) // 2)
        p.ep = (passed, to)
    for cell, rights in (((4, 0), "KQ"), ((4, 7), "kq"), ((0, 0), "Q"), ((7, 0), "K"),
                         ((0, 7), "q"), ((7, 7), "k")):
        if frm == cell or to == cell:
            p.castle -= set(rights)
    p.white = not white
    return p


def legal(pos):
    res = []
    for mv in pseudo(pos):
        p = make(pos, mv)
        if not attacked(p, king(p, pos.white), p.white):
            res.append(mv)
    return res


def uci(mv):
    return name(mv[0]) + name(mv[1]) + (mv[2] or "")


def perft(pos, depth):
    moves = legal(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make(pos, m), depth - 1) for m in moves)


def fixture():
    rng = random.Random(48)
    print("# variant\tmoves\tdepth\tnodes: scripts/grid_perft.py, seed 48")
    for variant in ("grid", "gridolina"):
        start = Pos(variant == "gridolina")
        for d in (1, 2, 3):
            print(f"{variant}\t\t{d}\t{perft(start, d)}")
        rows = 0
        while rows < 25:
            pos, line = start, []
            for _ in range(rng.randrange(4, 40)):
                moves = legal(pos)
                if not moves:
                    break
                mv = rng.choice(moves)
                line.append(uci(mv))
                pos = make(pos, mv)
            print(f"{variant}\t{' '.join(line)}\t2\t{perft(pos, 2)}")
            rows += 1


if __name__ == "__main__":
    if len(sys.argv) == 3:
        print(perft(Pos(sys.argv[1] == "gridolina"), int(sys.argv[2])))
    else:
        fixture()
