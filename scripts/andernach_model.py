#!/usr/bin/env python3
"""An independent model of Andernach chess, to check definitions/andernach.varia against.

    python3 scripts/andernach_model.py perft FEN DEPTH
    python3 scripts/andernach_model.py random SEED GAMES

The model is python-chess (pip install chess) with one change: after a capture, the capturing
piece (not a king) changes colour; a move is legal when the mover's king is not attacked
afterwards. `perft` prints the leaf count; `random` plays seeded random games and compares the
legal moves of every position with `varia moves` (target/release/varia), stopping at the first
difference. tests/scenarios/andernach.scn holds the figures it gave.
"""
import os
import random
import subprocess
import sys

import chess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIA = os.environ.get("VARIA_BIN", os.path.join(ROOT, "target", "release", "varia"))
DEFINITION = os.path.join(ROOT, "definitions", "andernach.varia")


def push(board, move):
    """Plays a move, then turns the capturer."""
    capture = board.is_capture(move)
    board.push(move)
    if capture:
        piece = board.piece_at(move.to_square)
        if piece.piece_type != chess.KING:
            board.set_piece_at(move.to_square, chess.Piece(piece.piece_type, not piece.color))


def moves(board):
    """The legal moves."""
    out = []
    for m in board.generate_pseudo_legal_moves():
        if board.is_castling(m):
            if board.is_legal(m):
                out.append(m)
            continue
        after = board.copy(stack=False)
        push(after, m)
        if not after.was_into_check():
            out.append(m)
    return out


def perft(board, depth):
    if depth == 0:
        return 1
    n = 0
    for m in moves(board):
        after = board.copy(stack=False)
        push(after, m)
        n += perft(after, depth - 1)
    return n


def compare(seed, games):
    rng = random.Random(seed)
    positions = 0
    for _ in range(games):
        board = chess.Board()
        for _ in range(120):
            want = sorted(m.uci() for m in moves(board))
            got = subprocess.run(
                [VARIA, "moves", DEFINITION, "--fen", board.fen()], capture_output=True, text=True
            ).stdout.split()
            if sorted(got) != want:
                print("differ at", board.fen(), sorted(set(got) ^ set(want)))
                return 1
            positions += 1
            if not want or board.halfmove_clock >= 100:
                break
            push(board, chess.Move.from_uci(rng.choice(want)))
    print(f"equal: {games} games, {positions} positions")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "perft":
        print(perft(chess.Board(sys.argv[2]), int(sys.argv[3])))
    elif len(sys.argv) == 4 and sys.argv[1] == "random":
        sys.exit(compare(int(sys.argv[2]), int(sys.argv[3])))
    else:
        sys.exit(__doc__)
