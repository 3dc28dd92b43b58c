#!/usr/bin/env python3
"""Perft for Gryphon chess and Circular Gryphon chess, written from the rules alone (not from
varia's code), to check definitions/cutechess/gryphon.varia: tests/fixtures/cutechess/gryphon.tsv.

Gryphon chess (V. R. Parton, 1961, amended 1974; as Cute Chess plays it, its `gryphon` and
`circulargryphon` variants, board/gryphonboard.cpp): chess without castling in which a piece that
moves changes type at the end of its move, a Pawn to a Knight, a Knight to a Bishop, a Bishop to
a Rook, a Rook to a Queen, a Queen to a King (Circular Gryphon: to a Pawn; Kings never change). A
pawn that reaches the last rank promotes as in chess instead. A player may never have more than
four Knights, four Bishops, four Rooks, two Queens (and fifteen Kings): a piece whose next type is
at that limit may not move at all, its promotion on the last rank included. Gryphon starts without
Kings, and a player is in check when any of its Kings is attacked. En passant as in chess: the
double-stepping pawn, now a Knight, is what is taken. Simplified Gryphon (Cute Chess's
`simplifiedgryphon`): Gryphon from a King and eight Pawns each, in which a player's Kings may
move only forward (straight or diagonally) until that player has made a capture; they attack as
Kings throughout. Captures are counted as the moves are made, as Cute Chess counts them (from the
position given, not from the pieces).

    scripts/gryphon_perft.py                       writes the fixture (seeded random games)
    scripts/gryphon_perft.py gryphon 3 [FEN]       prints one perft
"""

import random
import sys

ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
START = {
    "gryphon": "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1",
    "circulargryphon": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "simplifiedgryphon": "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
}
LIMIT = {"P": 15, "N": 4, "B": 4, "R": 4, "Q": 2, "K": 15}
NEXT = {
    "gryphon": {"P": "N", "N": "B", "B": "R", "R": "Q", "Q": "K", "K": "K"},
    "circulargryphon": {"P": "N", "N": "B", "B": "R", "R": "Q", "Q": "P", "K": "K"},
    "simplifiedgryphon": {"P": "N", "N": "B", "B": "R", "R": "Q", "Q": "K", "K": "K"},
}


def name(c):
    return "abcdefgh"[c[0]] + str(c[1] + 1)


def cell(s):
    return ("abcdefgh".index(s[0]), int(s[1:]) - 1)


class Pos:
    def __init__(self, variant, fen=None):
        self.variant = variant
        fields = (fen or START[variant]).split()
        self.board = {}
        for r, row in enumerate(reversed(fields[0].split("/"))):
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    self.board[(f, r)] = ch
                    f += 1
        self.white = fields[1] == "w"
        self.captured = {True: False, False: False}  # whether each player has captured
        self.ep = None  # (passed cell, cell of the piece that passed it)
        if fields[3] != "-":
            passed = cell(fields[3])
            self.ep = (passed, (passed[0], passed[1] + (-1 if self.white else 1)))

    def copy(self):
        p = Pos.__new__(Pos)
        p.variant, p.board, p.white, p.ep = self.variant, dict(self.board), self.white, self.ep
        p.captured = dict(self.captured)
        return p

    def count(self, kind, white):
        return sum(1 for ch in self.board.values() if ch == (kind if white else kind.lower()))


def on(c):
    return 0 <= c[0] < 8 and 0 <= c[1] < 8


def targets(pos, frm, white, attacks_only=False):
    """Cells the piece on `frm` may move to by its pattern, as (to, kind) with kind 'move',
    'double', 'capture' or 'both'; pawns' captures listed even on empty cells."""
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
        for dx in (-1, 1):
            c = (f + dx, r + fwd)
            if on(c):
                out.append((c, "capture"))
        if not attacks_only:
            c = (f, r + fwd)
            if on(c) and c not in pos.board:
                out.append((c, "move"))
                c2 = (f, r + 2 * fwd)
                if r == (1 if white else 6) and c2 not in pos.board:
                    out.append((c2, "double"))
    return out


def attacked(pos, c, by_white):
    for frm, ch in pos.board.items():
        if ch.isupper() == by_white and any(
                t == c and k != "move" for t, k in targets(pos, frm, by_white, True)):
            return True
    return False


def frozen(pos, kind, white):
    nxt = NEXT[pos.variant][kind]
    return pos.count(nxt, white) >= LIMIT[nxt]


def pseudo(pos):
    white = pos.white
    res = []
    for frm, ch in list(pos.board.items()):
        if ch.isupper() != white or frozen(pos, ch.upper(), white):
            continue
        for to, k in targets(pos, frm, white):
            there = pos.board.get(to)
            # Simplified Gryphon: a King moves only forward until its player has captured.
            forward = (to[1] - frm[1]) * (1 if white else -1) > 0
            if (pos.variant == "simplifiedgryphon" and ch.upper() == "K"
                    and not pos.captured[white] and not forward):
                continue
            if there is not None and there.isupper() == white:
                continue
            if k in ("move", "double") and there is not None:
                continue
            if k == "capture" and there is None:
                if pos.ep and pos.ep[0] == to:
                    res.append((frm, to, None, "ep"))
                continue
            if ch.upper() == "P" and to[1] in (0, 7):
                for pr in "qrbn":
                    res.append((frm, to, pr, k))
            else:
                res.append((frm, to, None, k))
    return res


def make(pos, mv):
    frm, to, pr, k = mv
    p = pos.copy()
    ch = p.board.pop(frm)
    white = pos.white
    if k == "ep":
        p.board.pop(pos.ep[1])
    if k == "ep" or to in pos.board:
        p.captured[white] = True
    if pr:
        new = pr.upper()
    else:
        new = NEXT[pos.variant][ch.upper()]
    p.board[to] = new if white else new.lower()
    p.ep = None
    if k == "double":
        p.ep = (((frm[0] + to[0]) // 2, (frm[1] + to[1]) // 2), to)
    p.white = not white
    return p


def legal(pos):
    res = []
    for mv in pseudo(pos):
        p = make(pos, mv)
        kings = [c for c, ch in p.board.items() if ch == ("K" if pos.white else "k")]
        if any(attacked(p, c, not pos.white) for c in kings):
            continue
        if any(p.count(kind, w) > LIMIT[kind] for kind in LIMIT for w in (True, False)):
            continue
        res.append(mv)
    return res


def uci(pos, mv):
    """The move as varia writes it: a type's turn into the next is a promotion, written with the
    new type's letter (`b1c3b`), as is a pawn's on the last rank (`a7a8q`)."""
    kind = pos.board[mv[0]].upper()
    turn = NEXT[pos.variant][kind].lower() if NEXT[pos.variant][kind] != kind else ""
    return name(mv[0]) + name(mv[1]) + (mv[2] or turn)


def perft(pos, depth):
    moves = legal(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make(pos, m), depth - 1) for m in moves)


def fixture():
    rng = random.Random(48)
    print("# variant\tmoves\tdepth\tnodes: scripts/gryphon_perft.py, seed 48")
    for variant in ("gryphon", "circulargryphon", "simplifiedgryphon"):
        start = Pos(variant)
        for d in (1, 2, 3):
            print(f"{variant}\t\t{d}\t{perft(start, d)}")
        for _ in range(40):
            pos, line = start, []
            for _ in range(rng.randrange(10, 80)):
                moves = legal(pos)
                if not moves:
                    break
                # Pawns forward and captures more often than not, so that games reach the
                # limits, the last rank and en passant.
                keen = [m for m in moves if m[1] in pos.board or m[3] in ("ep", "double")
                        or (pos.board[m[0]].upper() == "P")]
                mv = rng.choice(keen if keen and rng.random() < 0.6 else moves)
                line.append(uci(pos, mv))
                pos = make(pos, mv)
            print(f"{variant}\t{' '.join(line)}\t2\t{perft(pos, 2)}", flush=True)


if __name__ == "__main__":
    if len(sys.argv) >= 3:
        fen = " ".join(sys.argv[3:]) or None
        print(perft(Pos(sys.argv[1], fen), int(sys.argv[2])))
    else:
        fixture()
