"""varia.match on a Ray cluster of a head and two workers started from this package, inside a
network namespace of this test's own: python/ci.sh runs this file under `unshare -n` with the
loopback up, where Ray can reach nothing but 127.0.0.1. Anywhere else (where Ray would
advertise the machine's other addresses) the tests skip, and so does a run without Ray."""

import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import pytest
import varia

from conftest import ROOT

CHESS = ROOT / "definitions" / "classic" / "chess.varia"
PORT = 6390
ADDRESS = f"127.0.0.1:{PORT}"
# Forty games, a shard a pair: long enough that a worker is lost in the middle of the match.
MATCH = dict(games=40, depth=4, max_plies=80, random_plies=4, seed=11)


def interfaces():
    """The network interfaces this process sees (its namespace's)."""
    lines = pathlib.Path("/proc/net/dev").read_text().splitlines()[2:]
    return sorted(line.split(":")[0].strip() for line in lines)


if interfaces() != ["lo"]:
    pytest.skip(
        "not inside a network namespace of its own with only the loopback (python/ci.sh runs "
        "this file under `unshare -n`): Ray would advertise this machine's other addresses",
        allow_module_level=True,
    )
ray = pytest.importorskip("ray", reason="Ray is not installed (python/ci.sh installs it)")


def figure(text):
    """A measured figure, printed past pytest's capture (python/ci.sh shows it)."""
    print(f"\npython/tests/test_ray.py: {text}", file=sys.__stderr__, flush=True)


class Cluster:
    """A head (no CPU of its own: it schedules) and two workers of one CPU each, every process
    on 127.0.0.1; each worker started in a session of its own, so that it can be killed whole,
    as a machine is lost."""

    def __init__(self):
        self.ray = shutil.which("ray", path=os.path.dirname(sys.executable)) or "ray"
        self.temp = tempfile.mkdtemp(prefix="vr", dir="/tmp")
        self.env = {
            **os.environ,
            "RAY_USAGE_STATS_ENABLED": "0",
            # A lost worker is found in about three seconds, not Ray's default of about fifteen
            # (and a busy one is not taken for lost).
            "RAY_health_check_period_ms": "1000",
            "RAY_health_check_timeout_ms": "1000",
            "RAY_health_check_failure_threshold": "3",
        }
        node = ["--node-ip-address", "127.0.0.1", "--object-store-memory", str(80 << 20)]
        subprocess.run(
            [self.ray, "start", "--head", "--port", str(PORT), "--num-cpus", "0",
             "--include-dashboard", "false", "--disable-usage-stats", "--temp-dir", self.temp,
             *node],
            env=self.env, check=True, capture_output=True, timeout=120,
        )
        ray.init(address=ADDRESS, logging_level="ERROR", log_to_driver=False)
        self.workers = []
        # One after the other: two nodes starting at once on one address can take one port.
        for n in (1, 2):
            self.workers.append(self.start_worker(node))
            self.wait_for_cpus(n)

    def start_worker(self, node):
        return subprocess.Popen(
            [self.ray, "start", "--address", ADDRESS, "--num-cpus", "1", "--block", *node],
            env=self.env, stdout=subprocess.DEVNULL, stderr=open(f"{self.temp}/worker.log", "ab"),
            start_new_session=True,
        )

    def wait_for_cpus(self, n):
        deadline = time.monotonic() + 60
        while ray.available_resources().get("CPU", 0) != n or self.alive() != n + 1:
            assert time.monotonic() < deadline, f"the cluster never had {n} free CPUs"
            assert self.workers[-1].poll() is None, (
                f"a worker stopped: {pathlib.Path(self.temp, 'worker.log').read_text()}"
            )
            time.sleep(0.2)

    def alive(self):
        return sum(node["Alive"] for node in ray.nodes())

    def kill_worker(self, i):
        """Kills worker i's every process at once, as a machine is lost."""
        os.killpg(self.workers[i].pid, signal.SIGKILL)
        self.workers[i].wait()

    def stop(self):
        ray.shutdown()
        for w in self.workers:
            if w.poll() is None:
                os.killpg(w.pid, signal.SIGKILL)
                w.wait()
        subprocess.run([self.ray, "stop", "--force"], env=self.env, capture_output=True,
                       timeout=120)
        shutil.rmtree(self.temp, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster():
    c = Cluster()
    yield c
    c.stop()


@pytest.fixture(scope="module")
def local():
    """The match on one machine, and its time."""
    start = time.monotonic()
    report = varia.match(CHESS, **MATCH)
    return report, time.monotonic() - start


def records(report):
    return [g.json() for s in report.series for g in s.records]


def same(report, local):
    assert report.json() == local.json()
    assert report.pgn() == local.pgn()
    assert records(report) == records(local)


def shard_lines(path):
    lines = path.read_text().splitlines()
    return lines[0], [json.loads(line) for line in lines[1:]]


def test_an_address_where_no_cluster_answers_is_refused_at_once():
    """Before the cluster starts (nothing listens on its port): refused in a moment, where
    Ray itself would try for minutes."""
    start = time.monotonic()
    with pytest.raises(varia.VariaError, match=rf"^no Ray cluster answers at {ADDRESS}: "):
        varia.match(CHESS, games=2, depth=1, max_plies=4, address=ADDRESS)
    assert time.monotonic() - start < 10 and not ray.is_initialized()


def test_forty_games_on_two_workers_equal_the_local_run(cluster, local):
    start = time.monotonic()
    report = varia.match(CHESS, address=ADDRESS, **MATCH)
    took = time.monotonic() - start
    same(report, local[0])
    (series,) = report.series
    assert [g.index for g in series.records] == list(range(40))
    figure(f"40 games: {local[1]:.1f} s on one thread here, {took:.1f} s on 2 Ray workers "
           f"({40 / took:.2f} games/s)")


def test_a_worker_killed_mid_match_loses_no_game_and_counts_none_twice(
    cluster, local, tmp_path, capfd
):
    results = tmp_path / "results.jsonl"
    out = []
    match = threading.Thread(
        target=lambda: out.append(varia.match(CHESS, address=ADDRESS, results=results, **MATCH))
    )
    start = time.monotonic()
    match.start()
    # Once a shard has ended (the file has its header and one shard), a worker is lost.
    while not results.exists() or len(results.read_text().splitlines()) < 2:
        assert match.is_alive() and time.monotonic() - start < 300
        time.sleep(0.05)
    cluster.kill_worker(1)
    ended_before = len(results.read_text().splitlines()) - 1
    match.join(timeout=600)
    assert not match.is_alive()
    (report,) = out
    same(report, local[0])
    _, shards = shard_lines(results)
    assert ended_before < 20
    # Each shard recorded once, each game in exactly one shard.
    assert sorted(s["shard"] for s in shards) == list(range(20))
    assert sorted(g["index"] for s in shards for g in s["games"]) == list(range(40))
    # Ray says so: the lost worker's shard was run again, or (on a loaded machine, where Ray
    # notices the lost node before the task's failure) the node was marked dead.
    text = "".join(capfd.readouterr())
    retried = "Task play_shard failed" in text and "will be retried" in text
    node_lost = "has been marked dead" in text or "raylet crashes unexpectedly" in text
    assert retried or node_lost, text[-2000:]


def test_an_interrupted_match_resumes_from_its_results_file(cluster, local, tmp_path):
    """On the one worker left: a results file cut after seven shards, in the middle of the
    eighth's line, is finished by the shards it lacks, and the seven are not played again."""
    results = tmp_path / "results.jsonl"
    full = varia.match(CHESS, results=results, **MATCH)
    same(full, local[0])
    header, shards = shard_lines(results)
    kept = shards[:7]
    # A kept game changed where only the report shows it: not played again, it stays so.
    kept[0]["games"][0]["pgn"] = kept[0]["games"][0]["pgn"].replace("[Event ", "[Event kept ", 1)
    cut = json.dumps(shards[7])[:40]
    results.write_text("\n".join([header, *map(json.dumps, kept), cut]))
    start = time.monotonic()
    report = varia.match(CHESS, address=ADDRESS, results=results, **MATCH)
    took = time.monotonic() - start
    kept_game = kept[0]["games"][0]["index"]
    assert report.json() == local[0].json()
    played = [g.pgn() for g in report.series[0].records]
    expected = [g.pgn() for g in local[0].series[0].records]
    expected[kept_game] = expected[kept_game].replace("[Event ", "[Event kept ", 1)
    assert played == expected
    header_again, shards_again = shard_lines(results)
    assert header_again == header and shards_again[:7] == kept
    assert sorted(s["shard"] for s in shards_again) == list(range(20))
    figure(f"13 shards (26 games) on 1 Ray worker: {took:.1f} s ({26 / took:.2f} games/s)")


def test_shards_against_an_external_engine_with_adjudication_on_the_cluster(cluster, cli):
    """varia against `varia uci` (a command run on the worker that plays the shard: here the
    same path on every node), node-limited, with both adjudications: the cluster's report is
    the local run's, game for game."""
    engine = f"cmd={cli.binary} arg=uci arg={CHESS}"
    args = dict(engine=engine, games=8, nodes=400, max_plies=40, random_plies=0, shards=4,
                openings=["4k3/8/8/8/8/8/8/R3K2Q w - - 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
                draw_adjudication="movenumber=1 movecount=3 score=40",
                resign_adjudication={"movecount": 2, "score": 500})
    local_run = varia.match(CHESS, **{k: v for k, v in args.items() if k != "shards"})
    report = varia.match(CHESS, address=ADDRESS, **args)
    same(report, local_run)
    (series,) = report.series
    assert series.entrants == ["varia", "varia 0.1.0"]
    assert [g.index for g in series.records] == list(range(8))
    assert series.causes.get("adjudicated-resign", 0) >= 2


def test_a_sequential_test_on_the_cluster_decides_as_the_local_run(cluster, cli, tmp_path):
    """varia at depth 3 against varia told to search one ply (a command run on the worker that
    plays the shard), tested for 100 Elo in batches of two pairs: the shards (batches) are sent
    in order, as many at once as the cluster has CPUs (one after the worker lost above), until
    the test decides; the verdict, ratio and counts are the local run's. Then a results file holding batches 0 and 3 is resumed on the cluster."""
    minishogi = ROOT / "definitions" / "classic" / "minishogi.varia"
    uci = f"{cli.binary} uci {minishogi}"
    engine = f"sh -c 'sed -u \"s/^go .*/go depth 1/\" | {uci}'"
    args = dict(games=40, depth=3, max_plies=100, engine=engine,
                sprt={"elo0": 0, "elo1": 100, "batch": 2})

    def decided(report):
        s = json.loads(report.json())["series"][0]
        test = {k: v for k, v in s["sprt"].items() if k != "discarded"}
        return [s[k] for k in ("games", "wins", "draws", "losses", "causes")] + [test]

    local_run = varia.match(minishogi, **args)
    assert decided(local_run)[-1]["pairs"] == 12
    start = time.monotonic()
    report = varia.match(minishogi, address=ADDRESS, **args)
    took = time.monotonic() - start
    assert decided(report) == decided(local_run)
    assert report.series[0].sprt["verdict"] == "H1"
    assert [g.index for g in report.series[0].records] == list(range(24))
    cpus = int(ray.cluster_resources().get("CPU", 0))
    figure(f"a sequential test, 12 pairs counted: {took:.1f} s on {cpus} Ray worker(s)")
    results = tmp_path / "results.jsonl"
    full = varia.match(minishogi, results=results, **args)
    header, shards = shard_lines(results)
    kept = [s for s in shards if s["shard"] in (0, 3)]
    results.write_text("\n".join([header, *map(json.dumps, kept)]) + "\n")
    resumed = varia.match(minishogi, address=ADDRESS, results=results, **args)
    assert decided(resumed) == decided(local_run) == decided(full)
    _, shards_again = shard_lines(results)
    assert shards_again[:2] == kept
    assert {s["shard"] for s in shards_again} >= set(range(6))
