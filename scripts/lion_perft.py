#!/usr/bin/env python3
"""Perft and legal moves for Mighty-Lion Chess, written from the rules alone (not from varia's
code), to check definitions/mightylion.varia: tests/fixtures/mightylion.tsv.

Mighty-Lion Chess (H. G. Muller, 2013; the rules as its page on chessvariants.org and XBoard's
rules page give them): orthodox chess (castling, en passant, promotion to Queen, Rook, Bishop or
Knight, never to a Lion; stalemate a draw) with the queen-side Knights replaced by Chu Shogi's
Lion. A Lion moves as a King twice a turn: it leaps to any cell of the 5 x 5 area around it; or
steps onto an adjacent enemy, takes it, and steps again to a cell next to that one (empty, an
enemy's, or back where it started: 'hit and run', two captures, 'shooting' without moving); or
steps onto an adjacent empty cell and back (a pass). Lion trading is restricted:
- a Lion may not take a Lion that is not next to its start if the capturing Lion could be taken
  back where it ends, pseudo-legally, by a piece other than the King, unless the move also took a
  piece other than a Pawn on its way (the 'bridge');
- after a non-Lion took a Lion, a non-Lion may not take a Lion on the next move.

Moves are written as varia writes them: `b1c3`, a move in two legs `b4c5,c5d6` (a pass once for
each empty cell stepped on), castling as the King's move, promotion `e7e8q`.

    scripts/lion_perft.py                    writes the fixture (seeded random games)
    scripts/lion_perft.py DEPTH [FEN]        prints one perft
    scripts/lion_perft.py moves [FEN]        prints the legal moves, sorted
"""

import random
import sys

ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KING = ORTH + DIAG
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
AREA = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if (x, y) != (0, 0)]
START = "rlbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RLBQKBNR w KQkq - 0 1"


def name(c):
    return "abcdefgh"[c[0]] + str(c[1] + 1)


def on(c):
    return 0 <= c[0] < 8 and 0 <= c[1] < 8


def add(c, d, k=1):
    return (c[0] + k * d[0], c[1] + k * d[1])


def white(p):
    return p.isupper()


class Pos:
    def __init__(self, fen=START):
        f = fen.split()
        self.board = {}
        for r, row in enumerate(f[0].split("/")):
            x = 0
            for ch in row:
                if ch.isdigit():
                    x += int(ch)
                else:
                    self.board[(x, 7 - r)] = ch
                    x += 1
        self.white = f[1] == "w"
        self.castling = "" if f[2] == "-" else f[2]
        self.ep = None if f[3] == "-" else (ord(f[3][0]) - 97, int(f[3][1]) - 1)
        # A non-Lion took a Lion on the last move (a FEN starts without).
        self.struck = False

    def copy(self):
        p = Pos.__new__(Pos)
        p.board, p.white, p.castling = dict(self.board), self.white, self.castling
        p.ep, p.struck = self.ep, self.struck
        return p


def mine(pos, c, w):
    p = pos.board.get(c)
    return p is not None and white(p) == w


def attacks(pos, frm):
    """The cells the piece on `frm` attacks (could capture on)."""
    p = pos.board[frm]
    k, w = p.upper(), white(p)
    out = []

    def ride(dirs):
        for d in dirs:
            c = add(frm, d)
            while on(c):
                out.append(c)
                if c in pos.board:
                    break
                c = add(c, d)

    if k == "K":
        out = [add(frm, d) for d in KING]
    elif k == "N":
        out = [add(frm, d) for d in KNIGHT]
    elif k == "L":
        out = [add(frm, d) for d in AREA]
    elif k == "P":
        out = [add(frm, (dx, 1 if w else -1)) for dx in (-1, 1)]
    elif k == "R":
        ride(ORTH)
    elif k == "B":
        ride(DIAG)
    elif k == "Q":
        ride(ORTH + DIAG)
    return [c for c in out if on(c)]


def attacked(pos, c, by_white, but_king=False):
    for frm, p in pos.board.items():
        if white(p) == by_white and not (but_king and p.upper() == "K") and c in attacks(pos, frm):
            return True
    return False


def pseudo(pos):
    """Moves as (text, from, legs, promotion, kind): `legs` the cells the piece steps on."""
    w = pos.white
    out = []
    for frm, p in list(pos.board.items()):
        if white(p) != w:
            continue
        k = p.upper()
        if k == "P":
            fwd = 1 if w else -1
            last = 7 if w else 0
            one = add(frm, (0, fwd))
            targets = []
            if on(one) and one not in pos.board:
                targets.append((one, "plain"))
                two = add(frm, (0, 2 * fwd))
                if frm[1] == (1 if w else 6) and two not in pos.board:
                    targets.append((two, "double"))
            for dx in (-1, 1):
                c = add(frm, (dx, fwd))
                if on(c) and c in pos.board and white(pos.board[c]) != w:
                    targets.append((c, "plain"))
                elif c == pos.ep:
                    targets.append((c, "ep"))
            for c, kind in targets:
                if c[1] == last:
                    for q in "qrbn":
                        out.append((name(frm) + name(c) + q, frm, [c], q, kind))
                else:
                    out.append((name(frm) + name(c), frm, [c], None, kind))
            continue
        for c in attacks(pos, frm):
            if not mine(pos, c, w):
                out.append((name(frm) + name(c), frm, [c], None, "plain"))
        if k == "L":
            for d in KING:
                t1 = add(frm, d)
                if not on(t1):
                    continue
                if t1 not in pos.board:
                    # A step onto an empty cell and back: a pass.
                    out.append((name(frm) + name(t1) + "," + name(t1) + name(frm), frm,
                                [t1, frm], None, "legs"))
                elif white(pos.board[t1]) != w:
                    for e in KING:
                        t2 = add(t1, e)
                        if on(t2) and (t2 == frm or not mine(pos, t2, w)):
                            out.append((name(frm) + name(t1) + "," + name(t1) + name(t2), frm,
                                        [t1, t2], None, "legs"))
        if k == "K":
            rank = 0 if w else 7
            if frm == (4, rank) and not attacked(pos, frm, not w):
                for side, rook_file, between, path in (
                    ("K", 7, [5, 6], [5, 6]),
                    ("Q", 0, [1, 2, 3], [3, 2]),
                ):
                    right = side if w else side.lower()
                    if (right in pos.castling
                            and pos.board.get((rook_file, rank)) == ("R" if w else "r")
                            and all((x, rank) not in pos.board for x in between)
                            and not any(attacked(pos, (x, rank), not w) for x in path)):
                        to = (6 if side == "K" else 2, rank)
                        out.append((name(frm) + name(to), frm, [to], None, "castle"))
    return out


def make(pos, mv):
    """The position after a move, and the kinds of the pieces it took."""
    text, frm, legs, promo, kind = mv
    q = pos.copy()
    w = pos.white
    piece = q.board.pop(frm)
    taken = []
    for c in legs:
        if c in q.board and c != frm:
            taken.append(q.board.pop(c).upper())
    end = legs[-1]
    if kind == "ep":
        taken.append(q.board.pop((end[0], frm[1])).upper())
    if kind == "castle":
        rank = frm[1]
        if end[0] == 6:
            q.board[(5, rank)] = q.board.pop((7, rank))
        else:
            q.board[(3, rank)] = q.board.pop((0, rank))
    q.board[end] = (promo.upper() if w else promo) if promo else piece
    q.ep = add(frm, (0, 1 if w else -1)) if kind == "double" else None
    for c, rights in (((4, 0), "KQ"), ((7, 0), "K"), ((0, 0), "Q"),
                      ((4, 7), "kq"), ((7, 7), "k"), ((0, 7), "q")):
        if frm == c or c in legs:
            q.castling = "".join(r for r in q.castling if r not in rights)
    q.struck = piece.upper() != "L" and "L" in taken
    q.white = not w
    return q, taken


def lion_trade_forbidden(pos, mv, after, taken):
    text, frm, legs, promo, kind = mv
    piece = pos.board[frm].upper()
    end = legs[-1]
    victim = pos.board.get(end) if end != frm else None
    takes_lion = "L" in taken
    if not takes_lion:
        return False
    if piece != "L":
        return pos.struck
    # Lion takes Lion: only the one on the cell where the move ends, from afar, matters.
    if victim is None or victim.upper() != "L":
        return False
    if max(abs(frm[0] - end[0]), abs(frm[1] - end[1])) <= 1:
        return False
    bridge = [k for k in taken if k != "L"]
    if any(k != "P" for k in bridge):
        return False
    return attacked(after, end, after.white, but_king=True)


def king(pos, w):
    for c, p in pos.board.items():
        if p == ("K" if w else "k"):
            return c
    return None


def legal(pos):
    out = []
    for mv in pseudo(pos):
        after, taken = make(pos, mv)
        k = king(after, pos.white)
        if k is not None and attacked(after, k, after.white):
            continue
        if lion_trade_forbidden(pos, mv, after, taken):
            continue
        out.append(mv)
    return out


def perft(pos, depth):
    moves = legal(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make(pos, m)[0], depth - 1) for m in moves)


def fixture():
    rng = random.Random(46)
    print("# variant\tmoves\tdepth\tnodes: scripts/lion_perft.py, seed 46")
    start = Pos()
    for d in (1, 2, 3):
        print(f"mightylion\t\t{d}\t{perft(start, d)}", flush=True)
    for _ in range(60):
        pos, line = start, []
        for _ in range(rng.randrange(8, 70)):
            moves = legal(pos)
            if not moves:
                break
            # Captures and Lion moves more often than not, so that games reach Lion trades.
            keen = [m for m in moves if any(c in pos.board and c != m[1] for c in m[2])
                    or pos.board[m[1]].upper() == "L"]
            mv = rng.choice(keen if keen and rng.random() < 0.7 else moves)
            line.append(mv[0])
            pos = make(pos, mv)[0]
        print(f"mightylion\t{' '.join(line)}\t2\t{perft(pos, 2)}", flush=True)


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "moves":
        fen = " ".join(sys.argv[2:]) or START
        print("\n".join(sorted(m[0] for m in legal(Pos(fen)))))
    elif len(sys.argv) >= 2:
        fen = " ".join(sys.argv[2:]) or START
        print(perft(Pos(fen), int(sys.argv[1])))
    else:
        fixture()
