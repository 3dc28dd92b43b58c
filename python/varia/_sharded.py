"""Matches played in shards: as Ray tasks on a cluster (``address``), or here on threads, each
shard's games streamed to a results file (``results``) from which an interrupted match resumes.

A shard is ``varia.match(..., shard=(k, n))``: the pairs of games ``p`` with ``p % n == k`` of
every series, the games the whole match plays under those indices. The games of the shards,
given back as ``played``, make the report of the whole match: the same counts, Elo, ``json()``
and ``pgn()`` as a run on one machine with the same seed and settings (under ``depth`` or
``nodes``; against an external engine or under a clock the same games by index, not the same
moves).

An external engine (``engine``) runs where its shard is played: on a cluster, its command must
start on every machine (the same path everywhere), and on this one too, where the match checks
it before any shard is sent.

A sequential test (``sprt``) looks at its batches of ``batch`` pairs in the order of their
indices: shard k is batch k, the pairs ``p`` with ``p // batch == k``. The shards are sent in
that order, as many at once as the cluster has CPUs (here, ``threads``); after each shard that
ends, the test is taken on the batches over in a row from the first, and once it decides no
shard is sent, and those under way are cancelled on Ray (here, finished). The report is then the
native ``varia.match``'s on every game played: the test counts the batches up to the one that
decided it and discards the games past them, as a run on one machine with the same batch does.

A results file's lines are those ``varia match --shard K/N --results FILE`` writes, so that
the command line and this package add to the same file."""

import concurrent.futures
import json
import os
import socket
import tempfile

import varia
from varia import MatchGame, VariaError

# How often Ray runs a shard again whose worker (or machine) was lost before it finished.
RETRIES = 5

# The settings a results file's header records, besides the engines and the adjudication
# (which are recorded as lists): those of ``varia.match`` that choose the games played.
RECORDED = ("games", "depth", "nodes", "movetime", "opponent_depth", "opponent_nodes",
            "opponent_movetime", "openings", "random_plies", "max_plies", "seed", "protocol",
            "tc", "timemargin")


def play(path_or_source, variants, settings, *, address, results, shards, pgn):
    """Plays the match of ``settings`` (``varia.match``'s arguments) in shards: on the Ray
    cluster at ``address`` if given, else here; the games of each shard appended to
    ``results`` (a path) as it ends, and the shards already there not played again."""
    ray = _ray() if address is not None else None
    games = settings["games"]
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 1_000_000:
        raise VariaError(f"match games {games} is not in 1..=1000000")
    pairs = (games + 1) // 2
    if settings["sprt"] is not None:
        shards = _test_shards(variants, settings, shards)
    elif shards is None:
        shards = pairs
    if not isinstance(shards, int) or isinstance(shards, bool) or not 1 <= shards <= pairs:
        raise VariaError(
            f"match shards {shards} is not in 1..={pairs} (the pairs of games of a series)")
    # Every argument checked here, as the whole match checks them, by a shard of no game (the
    # test is checked apart: its shards are its batches, each of some game).
    varia.match(path_or_source, variants, shard=(pairs, pairs + 1),
                **{**settings, "sprt": None})
    job = Job(path_or_source, variants, settings, shards)
    done = Results(results, job.header()) if results is not None else Results(None, None)
    todo = [k for k in range(shards) if k not in done.shards]
    if job.test is not None:
        if address is None:
            _play_here(job, todo, done, settings["threads"], job.test)
        else:
            _play_on_ray(ray, job, todo, done, address, job.test)
    elif todo:
        if address is None:
            _play_here(job, todo, done, settings["threads"])
        else:
            _play_on_ray(ray, job, todo, done, address)
    played = [MatchGame.from_json(json.dumps(g)) for k in sorted(done.shards)
              for g in done.shards[k]]
    return varia.match(path_or_source, variants, played=played, pgn=pgn, **settings)


class Test:
    """A sequential test (``sprt``) on the games of a match: its parameters (as a results file
    records them), and what it decides on the games played, by the native rule
    (``varia::referee::Sprt::decide``)."""

    def __init__(self, sprt, games):
        self.sprt = sprt
        self.games = games
        params, _, _ = varia.varia._sprt(sprt, games, [])
        self.params = json.loads(params)
        self.batch = self.params["batch"]

    def over(self, shards):
        """Tells whether the test is over on the games of ``shards`` (a shard's number to its
        games as JSON objects)."""
        scores = []
        for games in shards.values():
            for g in games:
                won = 0.5 if g["winner"] is None else float(g["winner"] == g["first"])
                scores.append((g["index"], won))
        return varia.varia._sprt(self.sprt, self.games, scores)[2]


def _test_shards(variants, settings, shards):
    """The shards of a match with a sequential test: its batches, which ``shards`` must be if
    given; the test's own refusals first, as the native match gives them."""
    engine = settings["engine"]
    engines = 0 if engine is None else 1 if isinstance(engine, str) else len(list(engine))
    series = 1 if variants is None or isinstance(variants, str) else len(list(variants))
    if engines != 1 or series != 1:
        raise VariaError("sprt tests varia against one engine in one variant")
    test = Test(settings["sprt"], settings["games"])
    batches = -(-(settings["games"] // 2) // test.batch)
    if shards is not None and shards != batches:
        raise VariaError(
            f"match shards {shards}: a match with a sequential test is played in shards of a "
            f"batch of pairs in a row, here {batches} (batches of {test.batch} pairs)")
    return batches


class Job:
    """What every shard needs, sent to the machine that plays it: each series' rules as an
    exported rule set (which needs no file there), the openings as lines, and the weights
    files' text."""

    def __init__(self, path_or_source, variants, settings, shards):
        if variants is None or isinstance(variants, str):
            variants = [variants]
        loaded = [varia.load(path_or_source, v, format=settings.get("format"))
                  for v in variants]
        self.rules = [g.export("json") + "\n" for g in loaded]
        self.shards = shards
        s = {k: v for k, v in settings.items() if k != "format"}
        s["threads"] = 1
        s["openings"] = _lines(s["openings"])
        self.weights = {}
        for key in ("weights", "opponent_weights"):
            path = s.pop(key)
            if path is None:
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            variant = json.loads(text).get("variant")
            # A file goes with the series of the variant it was tuned for, as the whole match
            # gives it (the check above refused a file no series plays).
            series = [i for i, g in enumerate(loaded) if f"{g.name}/{g.variant}" == variant]
            self.weights[key] = (os.path.basename(os.fspath(path)), text, series)
        self.settings = s
        self.test = None if s["sprt"] is None else Test(s["sprt"], s["games"])

    def header(self):
        """What a results file records of the match, so that a rerun resumes only its own: the
        digest of its rules and weights files, its settings as ``varia match --results`` records
        them (a limit of depth 3 where none is given, the engines and adjudication as lists of
        words, the time margin under a clock), the weights files given, and the shards."""
        texts = list(self.rules) + [text for _, text, _ in self.weights.values()]
        s = self.settings
        recorded = {k: s[k] for k in RECORDED}
        if all(s[k] is None for k in ("depth", "nodes", "movetime", "tc")):
            recorded["depth"] = 3
        if s["tc"] is not None and s["timemargin"] is None:
            recorded["timemargin"] = 50
        engine = s["engine"]
        recorded["engine"] = ([] if engine is None else [engine] if isinstance(engine, str)
                              else [str(e) for e in engine])
        for key in ("draw_adjudication", "resign_adjudication"):
            recorded[key] = _words(s[key])
        if self.test is not None:
            recorded["sprt"] = self.test.params
        return {"match": {"rules": varia.varia._digest(texts), "settings": recorded,
                          "weights": sorted(self.weights), "shards": self.shards}}


def _words(option):
    """An option given as ``NAME=VALUE`` words (a str) or a mapping, as a list of words."""
    if option is None:
        return []
    if isinstance(option, str):
        return option.split()
    return [f"{k}={v}" for k, v in option.items()]


def _lines(openings):
    """The lines of an ``openings`` argument: a book's path, its text, or a list of lines."""
    if openings is None:
        return None
    if isinstance(openings, str) and "\n" in openings:
        return openings.split("\n")
    if isinstance(openings, (str, os.PathLike)):
        with open(openings, encoding="utf-8") as f:
            return f.read().split("\n")
    return [str(line) for line in openings]


def play_shard(job, k):
    """Plays shard ``k`` of every series: its games as JSON objects, each with its series."""
    games = []
    with tempfile.TemporaryDirectory() as folder:
        files = {}
        for key, (name, text, series) in job.weights.items():
            files[key] = (os.path.join(folder, name), series)
            with open(files[key][0], "w", encoding="utf-8") as f:
                f.write(text)
        for number, rules in enumerate(job.rules):
            weights = {key: path if number in series else None
                       for key, (path, series) in files.items()}
            report = varia.match(rules, format="json", shard=(k, job.shards),
                                   **{**job.settings, **weights})
            # A series for each engine (or one), numbered as the whole match numbers them.
            for j, series in enumerate(report.series):
                for g in series.records:
                    games.append({**json.loads(g.json()),
                                  "series": number * len(report.series) + j})
    return games


class Results:
    """The results file: a header line (the match), then a line for each shard played
    (``{"shard": k, "games": [...]}``), appended as each ends. A line cut off by an interrupted
    write is dropped when the file is read again."""

    def __init__(self, path, header):
        self.path = path
        self.shards = {}
        if path is None:
            return
        good = 0
        text = b""
        if os.path.exists(path):
            with open(path, "rb") as f:
                text = f.read()
        lines = text.split(b"\n")
        for number, line in enumerate(lines[:-1], start=1):
            try:
                entry = json.loads(line)
            except ValueError:
                raise VariaError(f"{path} line {number} is not JSON: not a results file") \
                    from None
            if number == 1:
                if entry != header:
                    raise VariaError(
                        f"{path} holds the results of another match (other rules, settings "
                        "or shards): give another file")
            elif not isinstance(entry, dict) or not isinstance(entry.get("shard"), int) \
                    or not isinstance(entry.get("games"), list):
                raise VariaError(f"{path} line {number} is not a shard's games")
            else:
                self.shards.setdefault(entry["shard"], entry["games"])
            good += len(line) + 1
        with open(path, "ab") as f:
            # What follows the last whole line is a write the interruption cut off.
            f.truncate(good)
            if good == 0:
                f.write(json.dumps(header).encode() + b"\n")
                _sync(f)

    def add(self, k, games):
        """Records shard ``k``'s games, once."""
        if k in self.shards:
            return
        self.shards[k] = games
        if self.path is None:
            return
        with open(self.path, "ab") as f:
            f.write(json.dumps({"shard": k, "games": games}).encode() + b"\n")
            _sync(f)


def _sync(f):
    f.flush()
    os.fsync(f.fileno())


def _play_here(job, todo, done, threads, test=None):
    """Plays the shards on ``threads`` threads here (each game without the GIL); with a test,
    in order, ``threads`` at a time, until it is over (those under way then are finished)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=threads) as pool:
        if test is None:
            running = {pool.submit(play_shard, job, k): k for k in todo}
            for future in concurrent.futures.as_completed(running):
                done.add(running[future], future.result())
            return
        running = {}
        while True:
            if not test.over(done.shards):
                for k in _next(todo, done, running.values(), threads - len(running)):
                    running[pool.submit(play_shard, job, k)] = k
            if not running:
                return
            finished, _ = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in finished:
                done.add(running.pop(future), future.result())


def _next(todo, done, running, room):
    """The next shards to send, in order: those of ``todo`` neither done nor running, ``room``
    of them."""
    busy = set(running)
    return [k for k in todo if k not in done.shards and k not in busy][:max(room, 0)]


def _ray():
    """The ``ray`` module, or why there is none."""
    try:
        import ray
    except ImportError:
        raise VariaError(
            "address needs Ray, which is not installed: pip install ray") from None
    return ray


def _reachable(address):
    """Refuses a ``HOST:PORT`` where nothing answers, which Ray would try for minutes."""
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit() or "/" in address:
        return  # "auto", or a ray:// client address: Ray's own to find
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
    except OSError as e:
        raise VariaError(f"no Ray cluster answers at {address}: {e}") from None


def _play_on_ray(ray, job, todo, done, address, test=None):
    """Plays the shards as Ray tasks on the cluster at ``address``, a task a shard, run again
    on another worker if its worker is lost; each shard's games recorded once, as it ends. With
    a test, the shards are sent in order, as many at once as the cluster has CPUs, until it is
    over; those under way then are cancelled."""
    started = not ray.is_initialized()
    if started:
        _reachable(address)
        ray.init(address=address, logging_level="ERROR", log_to_driver=False)
    try:
        task = ray.remote(max_retries=RETRIES, retry_exceptions=False, num_cpus=1)(play_shard)
        shipped = ray.put(job)
        if test is None:
            pending = {task.remote(shipped, k): k for k in todo}
        else:
            pending = {}
            room = max(1, int(ray.cluster_resources().get("CPU", 1)))
        while True:
            if test is not None:
                if test.over(done.shards):
                    for ref in pending:
                        ray.cancel(ref, force=True)
                    return
                for k in _next(todo, done, pending.values(), room - len(pending)):
                    pending[task.remote(shipped, k)] = k
            if not pending:
                return
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                k = pending.pop(ref)
                try:
                    games = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    # A shard's own error (a bad argument) is the match's.
                    raise e.cause from None
                except ray.exceptions.RayError as e:
                    raise VariaError(
                        f"shard {k} was lost {RETRIES + 1} times on the cluster ({e}); the "
                        "shards that ended are in the results file, if one was given, and a "
                        "rerun resumes from it") from None
                done.add(k, games)
    finally:
        if started:
            ray.shutdown()
