"""Live-table load bench: N tables of four websocket players on real daphne processes.

Starts the site on loopback (``tests.cluster.Cluster``): one or more daphne
processes on SQLite or PostgreSQL, with the in-memory or the Redis channel
layer (a throw-away PostgreSQL and Redis are started for the run when
``DATABASE_URL`` / ``REDIS_URL`` are not set), optionally behind nginx. It
seeds N full tables, opens four sockets per table (with several processes, the
seats of every table are spread over them), and has each table play random
legal moves at a steady pace (one action per table every ``--pace`` seconds).

For every action it measures the time from sending it to the moment the last
of the table's four sockets has the new version, and prints actions per second,
that latency's p50 / p99 / max, error replies, timeouts, the CPU the server
processes used, and the machine's load. Afterwards it reads every table's action
log and checks each action the bench sent and saw accepted was applied exactly
once at the version it was sent against (``lost`` / ``twice``), and that no
socket was sent the same version twice (``repeats``).

The bench's clients run on the same machine and share its cores with the
server: the figures are a floor for what the server alone would do.

    .venv/bin/python bench/table.py --tables 200                      # SQLite, in-memory, 1 process
    .venv/bin/python bench/table.py --db postgres --layer redis --processes 2 --tables 300
    .venv/bin/python bench/table.py --sweep 100,200,300 --duration 20
    .venv/bin/python bench/table.py --tables 50 --bot-tables 10     # without, then with bots
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bot_tables import with_bot_tables  # noqa: E402
from tests.cluster import Cluster  # noqa: E402
from tests.live_site import free_port  # noqa: E402
from tests.table.live_tables import LivePlayer, SeededTable, seed_tables  # noqa: E402

FLOOR_P99_MS = 150.0
# Log rows that no player sent: automatic deals and the table's own bookkeeping.
NOT_SENT = ("deal", "join", "seats", "access", "reset")

LOG_CODE = """
import json
from game.models import GameAction
rows = GameAction.objects.filter(game_id__in=GAMES).values_list("game_id", "seq", "action")
print(json.dumps([[g, s, a] for g, s, a in rows]))
"""


DEALS_CODE = """
import json
from game.models import DealRecord
rows = DealRecord.objects.filter(game_id__in=GAMES, outcome__in=("made", "lost"))
done = [(a or {}).get("status") for a in rows.values_list("analysis", flat=True)]
ready = done.count("ready")
print(json.dumps([rows.count(), ready]))
"""


@dataclass
class Tally:
    """What all tables measured during the timed window."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    timeouts: int = 0
    repeats: int = 0


class BenchTable:
    """Four players at one table, acting at a steady pace and timing each change."""

    def __init__(self, seeded: SeededTable, urls: list[str], rng: random.Random) -> None:
        self.game = seeded.game
        self.players = [
            LivePlayer(urls[(seeded.game + seat) % len(urls)], seeded.game, cookie)
            for seat, cookie in enumerate(seeded.cookies)
        ]
        self.rng = rng
        self.arrivals: list[dict[int, float]] = [{} for _ in self.players]
        self.changed = asyncio.Event()
        # Every action sent: [the version it was sent against, the action, refused?, seen by
        # all four sockets in time?].
        self.sent: list[list[Any]] = []

    async def open(self) -> None:
        for player in self.players:
            await player.open()

    async def listen(self, seat: int, tally: Tally) -> None:
        player = self.players[seat]
        while True:
            message = await player.receive(timeout=3600)
            if message["type"] == "state":
                if message["version"] in self.arrivals[seat]:
                    tally.repeats += 1
                self.arrivals[seat][message["version"]] = time.monotonic()
                self.changed.set()
            elif message["type"] == "error":
                tally.errors += 1
                if self.sent:
                    self.sent[-1][2] = True

    def version(self) -> int:
        return min(int(p.state["version"]) for p in self.players)

    async def all_past(self, version: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while self.version() <= version:
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return False
        return True

    async def play(self, pace: float, start: float, stop: float, tally: Tally) -> None:
        """Act every ``pace`` seconds until ``stop``; record latencies after ``start``."""
        next_at = time.monotonic() + self.rng.uniform(0, pace)
        while time.monotonic() < stop:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += pace
            version = self.version()
            settled = all(p.state["version"] == version for p in self.players)
            able = [p for p in self.players if p.state["legal"]] if settled else []
            if not able:  # between deals (the next one starts by itself) or catching up
                await self.all_past(version, timeout=10)
                continue
            actor = self.rng.choice(able)
            action = self.rng.choice(actor.state["legal"])
            sent = time.monotonic()
            self.sent.append([version, action, False, False])
            await actor.act(action)
            if not await self.all_past(version, timeout=10):
                tally.timeouts += 1
                continue
            self.sent[-1][3] = True
            if sent >= start:
                last = max(arrivals.get(version + 1, sent) for arrivals in self.arrivals)
                tally.latencies.append(last - sent)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def deals_analysed(cluster: Cluster, tables: list[BenchTable]) -> str:
    """How many deals the tables scored, and how many of them the coach had analysed by the
    end of the run (``DEAL_ANALYSIS``; a second after the last action)."""
    code = DEALS_CODE.replace("GAMES", json.dumps([t.game for t in tables]))
    scored, ready = json.loads(cluster.site.shell(code).strip().splitlines()[-1])
    return f"deals scored={scored} analysed={ready}"


def check_logs(cluster: Cluster, tables: list[BenchTable]) -> tuple[int, int]:
    """(lost, twice): actions whose change every socket of the table was sent but which the
    log does not hold at that version, and player actions in the log that the bench did not
    send there (or that were applied twice). An action that timed out is not counted lost:
    nobody was told it happened."""
    code = LOG_CODE.replace("GAMES", json.dumps([t.game for t in tables]))
    rows = json.loads(cluster.site.shell(code).strip().splitlines()[-1])
    logged: dict[tuple[int, int], dict[str, Any]] = {(g, s): a for g, s, a in rows}
    lost = twice = 0
    sent_at: set[tuple[int, int]] = set()
    for table in tables:
        for version, action, refused, seen in table.sent:
            if logged.get((table.game, version + 1)) == action:
                sent_at.add((table.game, version + 1))
            elif seen and not refused:
                lost += 1
    for key, action in logged.items():
        if action.get("type") not in NOT_SENT and key not in sent_at:
            twice += 1
    return lost, twice


async def run(cluster: Cluster, tables: int, pace: float, duration: float, warmup: float) -> None:
    seeded = seed_tables(cluster.site, tables)
    rng = random.Random(29)
    if cluster.proxy is not None:
        urls = [cluster.url(None)]
    else:
        urls = [cluster.url(i) for i in range(len(cluster.ports))]
    bench_tables = [BenchTable(s, urls, random.Random(rng.random())) for s in seeded]
    opening = asyncio.Semaphore(8)

    async def open_one(table: BenchTable) -> None:
        async with opening:
            await table.open()

    await asyncio.gather(*(open_one(t) for t in bench_tables))
    for table in bench_tables:
        for player in table.players:
            await player.until(lambda s: s["table"]["started"], timeout=60)
    tally = Tally()
    listeners = [
        asyncio.create_task(t.listen(seat, tally)) for t in bench_tables for seat in range(4)
    ]
    now = time.monotonic()
    start, stop = now + warmup, now + warmup + duration
    await asyncio.sleep(warmup)
    print(f"measuring {tables} tables for {duration:.0f} s", flush=True)
    pids = cluster.pids()
    cpu_before = [cpu_seconds(pid) for pid in pids], cpu_seconds(os.getpid())
    await asyncio.gather(*(t.play(pace, start, stop, tally) for t in bench_tables))
    server_cpu = sum(cpu_seconds(pid) for pid in pids) - sum(cpu_before[0])
    bench_cpu = cpu_seconds(os.getpid()) - cpu_before[1]
    await asyncio.sleep(1)  # let the last deliveries land before counting repeats
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    for table in bench_tables:
        for player in table.players:
            await player.close()
    lost, twice = check_logs(cluster, bench_tables)
    report(tables, duration, tally, server_cpu, bench_cpu, lost, twice)
    print(deals_analysed(cluster, bench_tables), flush=True)


def report(
    tables: int,
    duration: float,
    tally: Tally,
    server_cpu: float,
    bench_cpu: float,
    lost: int,
    twice: int,
) -> None:
    lat = sorted(tally.latencies)
    if not lat:
        print(f"tables={tables}: no actions measured (timeouts={tally.timeouts})")
        return
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    holds = p99 < FLOOR_P99_MS and tally.timeouts == 0 and lost == twice == 0
    verdict = "holds" if holds else "MISSES"
    print(
        f"tables={tables} actions={len(lat)} actions/s={len(lat) / duration:.1f} "
        f"p50={p50:.1f}ms p99={p99:.1f}ms max={lat[-1] * 1000:.1f}ms "
        f"errors={tally.errors} timeouts={tally.timeouts} lost={lost} twice={twice} "
        f"repeats={tally.repeats} "
        f"server_cpu={server_cpu / duration * 100:.0f}% "
        f"cpu_ms_per_action={server_cpu / max(1, len(lat)) * 1000:.2f} "
        f"bench_cpu={bench_cpu / duration * 100:.0f}% "
        f"load_avg={' '.join(f'{x:.1f}' for x in os.getloadavg())} "
        f"-> {verdict} the floor (p99 < {FLOOR_P99_MS:.0f} ms, nothing lost)",
        flush=True,
    )


@contextmanager
def services(need: bool) -> Iterator[dict[str, str]]:
    """A throw-away PostgreSQL and Redis on free loopback ports (scripts/lib.sh), unless not
    needed or already given by DATABASE_URL and REDIS_URL."""
    if not need:
        yield {}
        return
    workdir = tempfile.mkdtemp(prefix="bench-services-")
    env = {
        **os.environ,
        "TWENTYNINE_PG_PORT": str(free_port()),
        "TWENTYNINE_REDIS_PORT": str(free_port()),
    }
    script = 'source scripts/lib.sh; start_services "$1"; echo "$DATABASE_URL"; echo "$REDIS_URL"'
    try:
        started = subprocess.run(
            ["bash", "-c", script, "bash", workdir],
            cwd=ROOT, env=env, check=True, capture_output=True, text=True,
        )
        database_url, redis_url = started.stdout.strip().splitlines()[-2:]
        yield {"DATABASE_URL": database_url, "REDIS_URL": redis_url}
    finally:
        subprocess.run(
            ["bash", "-c", 'source scripts/lib.sh; stop_services "$1"', "bash", workdir],
            cwd=ROOT, env=env, check=False, capture_output=True,
        )


def configure(args: argparse.Namespace, started: dict[str, str]) -> dict[str, str]:
    """The environment variables the site runs with for this configuration."""
    # Production settings (DEBUG off: no SQL recorded per query), on loopback without TLS.
    env: dict[str, str] = {
        "NEXT_DEAL_DELAY": "1.0",
        "LOG_LEVEL": "ERROR",
        "DEBUG": "false",
        "SECRET_KEY": "bench-" + os.urandom(16).hex(),
    }
    if args.db == "postgres":
        os.environ["DATABASE_URL"] = os.environ.get("DATABASE_URL") or started["DATABASE_URL"]
    else:
        os.environ.pop("DATABASE_URL", None)
    if args.layer == "redis":
        env["REDIS_URL"] = os.environ.get("REDIS_URL") or started["REDIS_URL"]
    else:
        os.environ.pop("REDIS_URL", None)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="concurrent tables (N)")
    parser.add_argument("--sweep", default="", help="comma-separated N values, one run each")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a table's actions")
    parser.add_argument("--duration", type=float, default=30.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured seconds first")
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--layer", choices=("memory", "redis"), default="memory")
    parser.add_argument("--processes", type=int, default=1, help="daphne processes")
    parser.add_argument("--proxy", action="store_true", help="clients connect through nginx")
    parser.add_argument(
        "--python", default=sys.executable,
        help="the Python that runs daphne (e.g. a venv made from /usr/bin/python3.11)",
    )
    add_bot_tables_option(parser)
    args = parser.parse_args()
    if args.processes > 1 and args.layer == "memory":
        parser.error("several processes need --layer redis (the in-memory layer is per process)")
    counts = [int(n) for n in args.sweep.split(",")] if args.sweep else [args.tables]
    version = subprocess.run(
        [args.python, "-c", "import sys; print(sys.version.split()[0], sys.executable)"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    print(
        f"{os.cpu_count()} cores, {platform.node()}; server Python {version}; "
        f"db={args.db} layer={args.layer} processes={args.processes} proxy={args.proxy}; "
        f"pace={args.pace}s duration={args.duration}s; the clients share the cores.",
        flush=True,
    )
    need = (args.db == "postgres" and not os.environ.get("DATABASE_URL")) or (
        args.layer == "redis" and not os.environ.get("REDIS_URL")
    )
    with services(need) as started:
        env = configure(args, started)
        for count, bots in [(c, b) for c in counts for b in bot_table_runs(args)]:
            with tempfile.TemporaryDirectory() as workdir:
                cluster = Cluster(
                    Path(workdir), args.processes, args.proxy, env, python=args.python
                )
                cluster.start()
                try:
                    human = run(cluster, count, args.pace, args.duration, args.warmup)
                    asyncio.run(with_bot_tables(cluster, bots, human))
                finally:
                    cluster.stop()


def add_bot_tables_option(parser: argparse.ArgumentParser) -> None:
    """``--bot-tables M``: each run is made twice, without and then with M tables of four
    computer players (bench/bot_tables.py) playing beside the human tables."""
    parser.add_argument(
        "--bot-tables",
        type=int,
        default=0,
        help="also run with M tables of four bots beside the human ones (p99 without and with)",
    )


def bot_table_runs(args: argparse.Namespace) -> list[int]:
    return [0, args.bot_tables] if args.bot_tables else [0]


if __name__ == "__main__":
    main()
