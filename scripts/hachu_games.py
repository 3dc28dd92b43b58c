#!/usr/bin/env python3
"""Records HaChu's self-play games of Chu Shogi for tests/chu.rs (or of another variant HaChu
plays, for its test: tests/dai.rs, tests/macadamia.rs, tests/cashew.rs, ...).

    python3 scripts/hachu_games.py [--variant NAME] [--xboard-name NAME] [--seed N] [--games N]
                                   [--random-plies N] [--plies N] [--depth D] [--lift]
                                   [--varia PATH] [--out PATH]

--variant names the definition, `definitions/hachu/NAME.varia`; HaChu is sent `variant` with
its own name for it (--xboard-name, by default NAME, or NAME-shogi where HaChu says so:
macadamia, cashew).

HaChu (Debian's `hachu`, an XBoard engine) plays both sides of each game in one process, with
its default options (promote on entry, no repeats, no Okazaki rule), `memory 64` (it crashes
searching without it) and `sd D`. Each game opens with a few seeded random plies chosen from
varia's legal moves (`varia moves`), sent to HaChu in force mode as `usermove` (so varia's moves
are also checked to be HaChu's); then HaChu moves until it claims a result or the ply cap.
HaChu sends a move in two legs as two `move` lines, the first ending in a comma (`move e7f7,`
then `move f7e7`); they are joined here (`e7f7,f7e7`). A lion's pass is sent as `@@@@`, which is
kept: varia writes a pass as the lion's step and its step back, and tests/chu.rs maps it. A move
HaChu prints with its result (a king capture, after a player has no move left) is not kept.

Every move is checked against varia's legal moves here too (each difference printed). One line
a game goes to `tests/fixtures/hachu/VARIANT.tsv` (the definition: `definitions/hachu/VARIANT.varia`):

    GAME<TAB>moves from the start, space-separated, in HaChu's notation<TAB>HaChu's result or `-`

A game where HaChu plays a move that is not legal in varia is cut before it, and that move is
kept in a fourth column (its test says why such moves are refused).

With --lift, every position of every game is also asked of HaChu square by square, as XBoard
asks when a piece is picked up: `lift SQUARE` for each piece of the side to move, and HaChu's
`highlight` answer (its moves from there, before it tests whether they leave its King in check:
`Y` an empty target, `R` a capture, `M` a promotion, `C` the cell taken on the way by a move in
two legs) is kept whole, one line a position in `tests/fixtures/hachu/VARIANT-lift.tsv`:

    GAME<TAB>PLY<TAB>SQUARE=HIGHLIGHT SQUARE=HIGHLIGHT ...   (a square HaChu answers nothing for: SQUARE=-)

Needs a release build of varia (or --varia).
"""
import argparse
import json
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIA = os.path.join(ROOT, "target", "release", "varia")
DEF = os.path.join(ROOT, "definitions", "hachu", "chu.varia")
OUT = os.path.join(ROOT, "tests", "fixtures", "hachu", "chu.tsv")
VARIANT = "chu"
# HaChu's names of the variants whose definition is named otherwise.
XBOARD_NAMES = {"macadamia": "macadamia-shogi", "cashew": "cashew-shogi"}
XBOARD_NAME = None


def legal(moves):
    run = subprocess.run([VARIA, "moves", DEF, "--json", "--moves", *moves]
                         if moves else [VARIA, "moves", DEF, "--json"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"varia moves failed after {' '.join(moves)}: {run.stderr}")
    return json.loads(run.stdout)


def own_squares(moves):
    """The squares of the side to move's pieces, from varia's FEN (letters, maybe dressed)."""
    argv = [VARIA, "show", DEF, "--json"] + (["--moves", *moves] if moves else [])
    fen = json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)["fen"]
    board, side = fen.split()[0], fen.split()[1]
    ranks = board.split("/")
    squares = []
    for r, row in enumerate(ranks):
        f, i = 0, 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[i:j])
                i = j
                continue
            if c == "+":
                c = row[i + 1]
                i += 1
            i += 1
            while i < len(row) and row[i] in "'!":
                i += 1
            if (c.isupper()) == (side == "w"):
                squares.append(f"{chr(ord('a') + f)}{len(ranks) - r}")
            f += 1
    return squares


def as_varia(move, legal_moves):
    """HaChu's move in varia's notation: a pass `@@@@` is the first of varia's passes (a step
    to an empty cell and back: every one leaves the same position); a capture of a Werewolf,
    which HaChu writes as a promotion to one (`f2e3w`), is varia's plain capture (`f2e3`), the
    capturer turning by the game's contagion."""
    if move not in legal_moves and (ours := three_legs(move)) in legal_moves:
        return ours
    if move not in legal_moves and move[:-1] in legal_moves and move[-1] == "w":
        # Werewolf chess: HaChu writes a capture of a Werewolf as a promotion to one (`f2e3w`)
        return move[:-1]
    if move != "@@@@":
        return move
    for m in legal_moves:
        a = m.split(",")
        if len(a) == 2 and a[0][:len(a[0]) // 2] == a[1][len(a[1]) // 2:]:
            return m
    return move


def three_legs(move):
    """HaChu's Lion Dog move in three legs that captures on one cell only, written over the
    cell its second leg reaches (`c4e6,e6f7`: d5 taken, e6 passed), as varia writes it: over
    the cell between the first two (`c4d5,d5f7`); None for any other move. (Where the second
    leg's cell is the one taken, the two spellings are one.)"""
    m = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+),([a-z])(\d+)([a-z]\d+)(.*)", move)
    if not m or m.group(3) + m.group(4) != m.group(5) + m.group(6):
        return None
    f0, r0, f1, r1 = ord(m.group(1)), int(m.group(2)), ord(m.group(3)), int(m.group(4))
    if (f1 - f0) % 2 or (r1 - r0) % 2 or max(abs(f1 - f0), abs(r1 - r0)) != 2:
        return None
    mid = f"{chr((f0 + f1) // 2)}{(r0 + r1) // 2}"
    return f"{m.group(1)}{m.group(2)}{mid},{mid}{m.group(7)}{m.group(8)}"


def in_full(move):
    """HaChu's Lion Dog move in two legs whose first is a leap of two along a line (`h8j6,j6k5`)
    in full, a leg a cell (`h8i7,i7j6,j6k5`), which varia reads by what it captures on the way
    (here nothing: it is varia's `h8k5`); None for any other move."""
    m = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+),([a-z])(\d+)([a-z]\d+)(.*)", move)
    if not m or m.group(3) + m.group(4) != m.group(5) + m.group(6):
        return None
    f0, r0, f1, r1 = ord(m.group(1)), int(m.group(2)), ord(m.group(3)), int(m.group(4))
    if (f1 - f0) % 2 or (r1 - r0) % 2 or max(abs(f1 - f0), abs(r1 - r0)) != 2:
        return None
    mid = f"{chr((f0 + f1) // 2)}{(r0 + r1) // 2}"
    via = f"{m.group(3)}{m.group(4)}"
    return f"{m.group(1)}{m.group(2)}{mid},{mid}{via},{via}{m.group(7)}{m.group(8)}"


def reads(moves, move):
    """Whether varia takes `move` after `moves` (any spelling it reads, not only its own)."""
    return subprocess.run([VARIA, "moves", DEF, "--json", "--moves", *moves, move],
                          capture_output=True, text=True).returncode == 0


class Exited(Exception):
    """HaChu ended (it crashes now and then searching Macadamia Shogi): the game is cut there."""


class HaChu:
    def __init__(self, depth):
        self.p = subprocess.Popen([shutil.which("hachu") or "/usr/games/hachu"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        self.send("xboard", "protover 2")
        self.wait_for("feature done=1")
        self.send("new", f"variant {XBOARD_NAME}", "memory 64",
                  f"sd {depth}", "force")
        self.pings = 10

    def lift(self, square):
        """HaChu's highlight for the piece on `square`, or None if it answers nothing."""
        self.pings += 1
        self.send(f"lift {square}", f"ping {self.pings}")
        found = None
        while (line := self.line()) != f"pong {self.pings}":
            if line.startswith("highlight "):
                found = line.split()[1]
        return found

    def send(self, *lines):
        self.p.stdin.write("".join(line + "\n" for line in lines))
        self.p.stdin.flush()

    def read(self):
        for line in self.p.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def line(self, timeout=120):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            sys.exit("hachu did not answer")
        if line is None:
            raise Exited()
        return line

    def wait_for(self, text):
        while text not in self.line():
            pass

    def usermove(self, move):
        self.send(f"usermove {move}", "ping 1")
        while True:
            line = self.line()
            if line.startswith("Illegal move") or line.startswith("Error"):
                sys.exit(f"hachu refused varia's move {move}: {line}")
            if line == "pong 1":
                return

    def go(self):
        """HaChu's move for the side to move, and its result line if it claims one."""
        self.send("go")
        legs = ""
        while True:
            line = self.line()
            if line.startswith("move "):
                legs += line[5:]
                if not legs.endswith(","):
                    # a result may follow a king capture at once: look for it
                    self.send("ping 2")
                    while (nxt := self.line()) != "pong 2":
                        if nxt.startswith(("1-0", "0-1", "1/2-1/2")):
                            return None, nxt
                    self.send("force")
                    return legs, None
            elif line.startswith(("1-0", "0-1", "1/2-1/2")):
                return None, line

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    global DEF, OUT, VARIANT, VARIA, XBOARD_NAME
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="chu",
                    help="the definition's name, definitions/hachu/NAME.varia")
    ap.add_argument("--xboard-name", help="HaChu's name of the variant (default: see above)")
    ap.add_argument("--seed", type=int, default=20261206)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--random-plies", type=int, default=4)
    ap.add_argument("--plies", type=int, default=160)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--lift", action="store_true")
    ap.add_argument("--varia", default=VARIA)
    ap.add_argument("--out", help="the games' file (default tests/fixtures/hachu/VARIANT.tsv); "
                                  "with --lift the highlights go beside it, `-lift` before `.tsv`")
    args = ap.parse_args()
    VARIA = args.varia
    VARIANT = args.variant
    DEF = os.path.join(ROOT, "definitions", "hachu", f"{VARIANT}.varia")
    if not os.path.exists(DEF):
        sys.exit(f"no definition {DEF}")
    XBOARD_NAME = args.xboard_name or XBOARD_NAMES.get(VARIANT, VARIANT)
    OUT = args.out or os.path.join(ROOT, "tests", "fixtures", "hachu", f"{VARIANT}.tsv")
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    lines = [f"# scripts/hachu_games.py {'' if VARIANT == 'chu' else '--variant ' + VARIANT + ' '}"
             f"--seed {args.seed} --games {args.games} "
             f"--random-plies {args.random_plies} --plies {args.plies} --depth {args.depth} "
             f"{'--lift ' if args.lift else ''}{'--out ' + args.out + ' ' if args.out else ''}"
             f"(HaChu 0.21, sd {args.depth}, default options)\n"]
    bad = 0
    lifts = []
    for g in range(args.games):
        rng = random.Random(f"{args.seed}:{g}")
        hachu = HaChu(args.depth)
        played, varia_moves, result, refused = [], [], "-", ""
        try:
            play(hachu, args, rng, played, varia_moves, lifts, g)
        except Exited:
            print(f"game {g}: HaChu crashed after {len(played)} plies; the game is cut there")
            hachu = None
        except Differ as d:
            bad += 1
            result = "-"
            refused = f"\t{d.args[0]}" if d.args else ""
        else:
            result = played.pop() if played and played[-1].startswith("RESULT ") else "-"
            result = result.removeprefix("RESULT ")
        if hachu:
            hachu.quit()
        lines.append(f"{g}\t{' '.join(played)}\t{result}{refused}\n")
        legs = sum(1 for m in played if "," in m or m == "@@@@")
        print(f"game {g}: {len(played)} plies, {legs} in legs or passes, result {result}")
    with open(OUT, "w") as f:
        f.writelines(lines)
    if args.lift:
        with open(OUT.replace(".tsv", "-lift.tsv"), "w") as f:
            f.write(f"# {lines[0][2:].rstrip()}: HaChu's highlights\n")
            f.writelines(lifts)
    print(f"{bad} moves differ")
    return 1 if bad else 0


class Differ(Exception):
    """A move of HaChu's that is not legal in varia, or a game varia sees over that HaChu does not."""


def play(hachu, args, rng, played, varia_moves, lifts, g):
    """Plays game `g` into `played` (HaChu's notation) and `varia_moves`; a result HaChu claims
    is appended as `RESULT ...`. Raises Differ where HaChu and varia part, with HaChu's move
    that varia refuses (not played) if there is one."""
    for ply in range(args.plies):
        moves = legal(varia_moves)
        if args.lift:
            asked = [f"{sq}={hachu.lift(sq) or '-'}" for sq in own_squares(varia_moves)]
            lifts.append(f"{g}\t{ply}\t{' '.join(asked)}\n")
        if not moves:
            # varia sees the game over: HaChu, to move, must claim it
            m, res = hachu.go()
            if res is None:
                print(f"game {g}: varia has no move after ply {ply}, HaChu plays {m}")
                raise Differ()
            played.append("RESULT " + res)
            return
        if ply < args.random_plies:
            m = rng.choice(moves)
            a = m.split(",")
            # a pass in two legs goes to HaChu as `@@@@`: it does not read one in legs
            passing = len(a) == 2 and a[0][:len(a[0]) // 2] == a[1][len(a[1]) // 2:]
            hachu.usermove("@@@@" if passing else m)
            played.append(m)
            varia_moves.append(m)
            continue
        m, res = hachu.go()
        if res is not None:
            played.append("RESULT " + res)
            return
        vm = as_varia(m, moves)
        full = in_full(m) if vm not in moves else None
        if full and reads(varia_moves, full):
            vm = full
        elif vm not in moves:
            print(f"game {g} ply {ply}: HaChu's {m} is not legal in varia "
                  f"after {' '.join(played)}")
            raise Differ(m)
        played.append(m)
        varia_moves.append(vm)


if __name__ == "__main__":
    sys.exit(main())
