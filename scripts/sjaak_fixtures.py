#!/usr/bin/env python3
"""Writes Sjaak II perft fixtures for the definitions under definitions/sjaak/.

    python3 scripts/sjaak_fixtures.py [--seed N] [--games N] [--plies N] [--depth D] [--castle P]
                                      [--only NAME ...]

Each definition's first comment line names the Sjaak II variant it plays (`as Sjaak II plays it
(its `NAME` variant`). For every variant of the file, seeded random games are played with varia
(`varia moves`, `varia show`); at every ply Sjaak II (`sjaakii`, Debian's package) replays the same
moves from the variant's start position (Sjaak II's FEN leaves out gating rights, so positions go
over as moves, not FENs) and counts perft to the given depth. One line per position goes to
`tests/fixtures/sjaak/NAME.tsv`:

    VARIANT<TAB>moves from the start, space-separated, in varia's notation<TAB>depth<TAB>Sjaak II's count[<TAB>missed]

`missed`, where it is written, corrects Sjaak II's check evasions (`generate_evasions`, which
its perft uses in check and whose comment says they may not catch every move): they interpose
only on the straight line (rank, file or diagonal) between a checker and the royal piece and
never with a piece they take for pinned, so a legal block of a nightrider's check from off those
lines (Caissa Britannia's Unicorn), or of a Dragon's leap along the file by a pawn that a Lion
would hop over, is left out; and they list an interposition once per checker, so where two
pieces check along one line (a Lion hopping over the checking Unicorn) the block is counted
twice. Where varia's count differs, the script descends into each move whose counts differ until
the positions' move lists differ, and accepts the difference only when the player to move is in
check, every move Sjaak II lacks is by a piece other than the royal one and leaves its player
out of check by Sjaak II's own attack test (the position after it, set up with the mover to move,
shows no `+`), every move it lists twice has the same count each time, and it has no legal move
varia lacks; the row then holds Sjaak II's count and the leaves it missed less those it counted
twice, and `tests/sjaak.rs` wants their sum. In check, the random games play only moves Sjaak II
lists.

With `--castle P`, a castling move, where the position has one, is played with probability P,
and else, with the same probability, a move of a piece other than king and rook off its first
rank (random games seldom clear the way to castle; free castling's landings are what a game like
Schoolbook tests).
varia's own count is compared here too and every difference printed; `tests/sjaak.rs` checks
varia against the file without Sjaak II. Needs a release build of varia.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIA = os.path.join(ROOT, "target", "release", "varia")
DEFS = os.path.join(ROOT, "definitions", "sjaak")
OUT = os.path.join(ROOT, "tests", "fixtures", "sjaak")


def varia(*args):
    return subprocess.check_output([VARIA, *args], text=True)


def board_of(fen):
    rows = fen.split()[0].split("[")[0].split("/")
    cells = {}
    for i, row in enumerate(rows):
        rank, f = len(rows) - i, 0
        for ch in re.findall(r"\d+|.", row):
            if ch.isdigit():
                f += int(ch)
            else:
                cells[f"{chr(97 + f)}{rank}"] = ch
                f += 1
    return cells


def sjaak_move(fen, move):
    """varia's move as Sjaak II reads it: the same for all but gating moves without a capture,
    which Sjaak II takes only as `Nb1-a3/L`, and castling with a gate, `O-O/Le1` (the gate's
    cell)."""
    m = re.fullmatch(r"([a-z]\d+)([a-z]\d+)([a-z]?)", move)
    if not m:
        return move
    fr, to, x = m.groups()
    cells = board_of(fen)
    piece = cells.get(fr, "")
    if not x or piece.upper() == "P":
        return move
    gate, kind = x.upper(), piece.upper()
    if kind == "K" and abs(ord(fr[0]) - ord(to[0])) == 2:
        return ("O-O" if to[0] > fr[0] else "O-O-O") + f"/{gate}{fr}"
    partner = cells.get(to, "")
    if partner.upper() == "K" and partner.isupper() == piece.isupper():
        return ("O-O" if fr[0] > to[0] else "O-O-O") + f"/{gate}{fr}"
    if to in cells:
        return move  # a capture with a gate: Sjaak II reads only `d8g5c`
    return f"{kind}{fr}-{to}/{gate}"


def is_castling(fen, move):
    """Whether varia's move is castling: a king moving two cells or more along its rank, or
    taking its own partner."""
    m = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+)", move)
    if not m:
        return False
    ff, fr, tf, tr = m.groups()
    cells = board_of(fen)
    piece, target = cells.get(ff + fr, ""), cells.get(tf + tr, "")
    if piece.upper() != "K" or fr != tr:
        return False
    own = target != "" and target.isupper() == piece.isupper()
    return own or abs(ord(ff) - ord(tf)) >= 2


def develops(fen, move):
    """Whether varia's move takes a piece other than king, rook and pawn off its side's first
    rank (rank 1 for the first player, the last rank for the second)."""
    m = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+)[a-z]?", move)
    if not m:
        return False
    ff, fr, _, tr = m.groups()
    piece = board_of(fen).get(ff + fr, "")
    last = len(fen.split()[0].split("[")[0].split("/"))
    first = "1" if piece.isupper() else str(last)
    return piece.upper() not in ("", "K", "R", "P") and fr == first and tr != first


def sjaak_reads(fen, move):
    """Whether Sjaak II reads varia's move as the same move. A king taking its own partner on a
    lower file is varia's one-cell castling (Wildebeest's `f1a1`, the king to e1); Sjaak II reads
    that string as its castling to the lowest file (b1) and has no string for the other, so the
    random games leave it out (Sjaak II's perft still counts it)."""
    m = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+)", move)
    if not m:
        return True
    ff, fr, tf, tr = m.groups()
    cells = board_of(fen)
    piece, target = cells.get(ff + fr, ""), cells.get(tf + tr, "")
    own = target != "" and target.isupper() == piece.isupper()
    return not (piece.upper() == "K" and own and tf < ff)


class Sjaak:
    def __init__(self):
        self.p = subprocess.Popen([shutil.which("sjaakii") or "/usr/games/sjaakii"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def divide(self, variant, start, moves, depth):
        """Sjaak II's count below each move it lists, by its own notation, in its order (a move
        listed twice is there twice)."""
        cmds = ["new", f"variant {variant}", "force", f"setboard {start}", *moves,
                f"perft {depth} 1", "echo END"]
        self.p.stdin.write("\n".join(cmds) + "\n")
        self.p.stdin.flush()
        counts = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("sjaakii exited")
            if "Error" in line:
                sys.exit(f"sjaakii refused a move: {line.strip()} (moves {moves})")
            line = line.rsplit(">", 1)[-1]
            m = re.match(r"^\s*(\S+)\s+(\d+)\s+(\d+)\s*$", line)
            if m:
                counts.append((m.group(1), int(m.group(2))))
            elif re.match(r"^\s*(\d+)\s+(\d+)\s", line):
                if int(line.split()[0]) == depth:
                    return counts
                counts = []

    def checked(self, variant, fen):
        """Whether the player to move stands in check: Sjaak II's prompt shows `+` (read off the
        prompt in front of a perft's output)."""
        self.p.stdin.write(f"new\nvariant {variant}\nforce\nsetboard {fen}\nperft 1\n")
        self.p.stdin.flush()
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("sjaakii exited")
            if "Error" in line:
                sys.exit(f"sjaakii refused a position: {line.strip()} ({fen})")
            if ">" in line:
                prompt, rest = line.rsplit(">", 1)
                if re.match(r"^\s*1\s+\d+\s", rest):
                    return prompt.rstrip().endswith("+")

    def perft(self, variant, start, moves, depth):
        cmds = ["new", f"variant {variant}", "force", f"setboard {start}", *moves,
                f"perft {depth}", "echo END"]
        self.p.stdin.write("\n".join(cmds) + "\n")
        self.p.stdin.flush()
        count = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("sjaakii exited")
            if "Error" in line:
                sys.exit(f"sjaakii refused a move: {line.strip()} (moves {moves})")
            m = re.match(r"^\s*(\d+)\s+(\d+)\s", line)
            if m and int(m.group(1)) == depth:
                return int(m.group(2))


def sjaak_key(move):
    """Sjaak II's divide notation (`Lb2xb8`, `a9-a10U`) in varia's (`b2b8`, `a9a10u`)."""
    m = re.fullmatch(r"[A-Z+]*([a-z]\d+)[-x]([a-z]\d+)([A-Z]?)", move)
    if not m:
        sys.exit(f"cannot read Sjaak II's move {move}")
    return m.group(1) + m.group(2) + m.group(3).lower()


def varia_divide(path, vf, fen, depth):
    out = varia("perft", path, *vf, "--fen", fen, "--depth", str(depth), "--divide", "--json")
    return json.loads(out)["divide"]


def royal_symbols(path, vf):
    rules = json.loads(varia("export", path, *vf, "--format", "json"))
    return {p["symbol"] for p in rules["pieces"] if p["royal"]}


def sjaak_safe_block(sjaak, sjv, path, vf, fen, move, royals):
    """Whether varia's move, made in check by a piece other than the royal one, leaves its player
    out of check as Sjaak II's own attack test sees it (the position after it set up with the
    mover to move again)."""
    fr = re.match(r"[a-z]\d+", move)
    if not fr or board_of(fen).get(fr.group(0), "").upper() in royals:
        return False
    after = json.loads(varia("show", path, *vf, "--fen", fen, "--moves", move, "--json"))["fen"]
    f = after.split()
    f[1] = fen.split()[1]
    return not sjaak.checked(sjv, " ".join(f))


def in_check(path, vf, fen):
    return json.loads(varia("show", path, *vf, "--fen", fen, "--json"))["status"] == "check"


def explain(sjaak, sjv, start, path, vf, fen, played, sj, depth, royals):
    """The leaves Sjaak II misses below a position, each an off-line block (see above); exits
    on any other difference."""
    # Sjaak II lists the moves it generates, an illegal one with 0 leaves; varia the legal ones.
    want, missed = {}, 0
    for k, v in sjaak.divide(sjv, start, sj, depth):
        k = sjaak_key(k)
        if v and k in want:
            if want[k] != v or not in_check(path, vf, fen):
                sys.exit(f"after `{' '.join(played)}`: Sjaak II lists {k} twice")
            missed -= v
        else:
            want[k] = max(v, want.get(k, 0))
    got = varia_divide(path, vf, fen, depth)
    extra = set(got) - set(want)
    lacking = {m for m, v in want.items() if v and m not in got}
    blocks = not extra or in_check(path, vf, fen) and all(
        sjaak_safe_block(sjaak, sjv, path, vf, fen, m, royals) for m in extra)
    if lacking or not blocks:
        sys.exit(f"after `{' '.join(played)}`: varia lacks {sorted(lacking)}, "
                 f"Sjaak II lacks {sorted(extra)}")
    missed += sum(got[m] for m in extra)
    for m in sorted(set(got) & set(want)):
        if got[m] == want[m]:
            continue
        if depth == 1:
            sys.exit(f"after `{' '.join(played)}`: {m} legal in one program only")
        after = json.loads(varia("show", path, *vf, "--fen", fen, "--moves", m, "--json"))["fen"]
        below = explain(sjaak, sjv, start, path, vf, after, played + [m], sj + [sjaak_move(fen, m)],
                        depth - 1, royals)
        if got[m] != want[m] + below:
            sys.exit(f"after `{' '.join(played + [m])}`: {got[m]} != {want[m]} + {below}")
        missed += below
    return missed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20261203)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--plies", type=int, default=40)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--castle", type=float, default=0.0)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    sjaak = Sjaak()
    os.makedirs(OUT, exist_ok=True)
    bad = 0
    for name in sorted(f[:-6] for f in os.listdir(DEFS) if f.endswith(".varia")):
        if args.only and name not in args.only:
            continue
        path = os.path.join(DEFS, name + ".varia")
        first = open(path).read()
        sjv = re.search(r"its `([^`]+)` variant", first).group(1).lower()
        variants = json.loads(varia("check", path, "--json"))["variants"]
        castle = f", --castle {args.castle}" if args.castle else ""
        lines = [f"# scripts/sjaak_fixtures.py (seed {args.seed}{castle}), Sjaak II variant {sjv}\n"]
        for variant in variants:
            vf = ["--variant", variant]
            start = json.loads(varia("show", path, *vf, "--json"))["fen"]
            royals = royal_symbols(path, vf)
            for g in range(args.games):
                rng = random.Random(f"{args.seed}:{name}:{variant}:{g}")
                fen, played, sj = start, [], []
                for _ in range(args.plies):
                    want = sjaak.perft(sjv, start, sj, args.depth)
                    got = int(re.search(r"depth \d+: (\d+)", varia(
                        "perft", path, *vf, "--fen", fen, "--depth", str(args.depth))).group(1))
                    missed = ""
                    if got != want:
                        gap = explain(sjaak, sjv, start, path, vf, fen, played, sj, args.depth,
                                      royals)
                        if got != want + gap:
                            bad += 1
                            print(f"{name} {variant} {' '.join(played)}: varia {got}, Sjaak II {want}")
                        missed = f"\t{gap}"
                    lines.append(f"{variant}\t{' '.join(played)}\t{args.depth}\t{want}{missed}\n")
                    moves = json.loads(varia("moves", path, *vf, "--fen", fen, "--json"))
                    # Sjaak II refuses a block it does not generate (see above).
                    if in_check(path, vf, fen):
                        listed = {sjaak_key(k) for k, v in sjaak.divide(sjv, start, sj, 1) if v}
                        moves = [c for c in moves if c in listed]
                    moves = [c for c in moves if sjaak_reads(fen, c)]
                    if not moves:
                        break
                    castles = [c for c in moves if is_castling(fen, c)] if args.castle else []
                    out = [c for c in moves if develops(fen, c)] if args.castle else []
                    if castles and rng.random() < args.castle:
                        m = rng.choice(castles)
                    elif out and rng.random() < args.castle:
                        m = rng.choice(out)
                    else:
                        m = rng.choice(moves)
                    sj.append(sjaak_move(fen, m))
                    played.append(m)
                    fen = json.loads(varia("show", path, *vf, "--fen", fen, "--moves", m,
                                           "--json"))["fen"]
        with open(os.path.join(OUT, name + ".tsv"), "w") as f:
            f.writelines(lines)
        print(f"{name}: {len(lines) - 1} positions")
    print(f"{bad} positions differ")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
