"""Live-table load bench: N tables of four websocket players on a real daphne server.

Starts the site on loopback (``tests.live_site.LiveSite``: SQLite and the
in-memory channel layer unless DATABASE_URL / REDIS_URL are set), seeds N full
tables, opens four sockets per table, and has each table play random legal
moves at a steady pace (one action per table every ``--pace`` seconds). For
every action it measures the time from sending it to the moment the last of
the table's four sockets has the new version, and prints actions per second
and that latency's p50 / p99 / max, plus the server process's CPU use.

The bench's own clients run on the same machine and share its cores with the
server: the figures are a floor for what the server alone would do.

    .venv/bin/python bench/table.py --tables 100 --pace 1 --duration 30
    .venv/bin/python bench/table.py --sweep 50,100,150,200 --duration 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.live_site import LiveSite
from tests.table.live_tables import LivePlayer, SeededTable, seed_tables

FLOOR_P99_MS = 150.0


@dataclass
class Tally:
    """What all tables measured during the timed window."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    timeouts: int = 0


class BenchTable:
    """Four players at one table, acting at a steady pace and timing each change."""

    def __init__(self, site: LiveSite, seeded: SeededTable, rng: random.Random) -> None:
        self.players = [LivePlayer(site, seeded.game, cookie) for cookie in seeded.cookies]
        self.rng = rng
        self.arrivals: list[dict[int, float]] = [{} for _ in self.players]
        self.changed = asyncio.Event()

    async def open(self) -> None:
        for player in self.players:
            await player.open()

    async def listen(self, seat: int, tally: Tally) -> None:
        player = self.players[seat]
        while True:
            message = await player.receive(timeout=3600)
            if message["type"] == "state":
                self.arrivals[seat][message["version"]] = time.monotonic()
                self.changed.set()
            elif message["type"] == "error":
                tally.errors += 1

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
            able = [p for p in self.players if p.state["version"] == version and p.state["legal"]]
            if not able:  # between deals (the next one starts by itself) or catching up
                await self.all_past(version, timeout=10)
                continue
            actor = self.rng.choice(able)
            sent = time.monotonic()
            await actor.act(self.rng.choice(actor.state["legal"]))
            if not await self.all_past(version, timeout=10):
                tally.timeouts += 1
                continue
            if sent >= start:
                last = max(arrivals.get(version + 1, sent) for arrivals in self.arrivals)
                tally.latencies.append(last - sent)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(site: LiveSite, tables: int, pace: float, duration: float, warmup: float) -> None:
    seeded = seed_tables(site, tables)
    rng = random.Random(29)
    bench_tables = [BenchTable(site, s, random.Random(rng.random())) for s in seeded]
    opening = asyncio.Semaphore(20)

    async def open_one(table: BenchTable) -> None:
        async with opening:
            await table.open()

    await asyncio.gather(*(open_one(t) for t in bench_tables))
    for table in bench_tables:
        for player in table.players:
            await player.until(lambda s: s["table"]["started"])
    tally = Tally()
    listeners = [
        asyncio.create_task(t.listen(seat, tally)) for t in bench_tables for seat in range(4)
    ]
    assert site.process is not None
    now = time.monotonic()
    start, stop = now + warmup, now + warmup + duration
    await asyncio.sleep(warmup)
    cpu_before = cpu_seconds(site.process.pid), cpu_seconds(os.getpid())
    await asyncio.gather(*(t.play(pace, start, stop, tally) for t in bench_tables))
    cpu_used = (
        cpu_seconds(site.process.pid) - cpu_before[0],
        cpu_seconds(os.getpid()) - cpu_before[1],
    )
    for task in listeners:
        task.cancel()
    for table in bench_tables:
        for player in table.players:
            await player.close()
    report(tables, pace, duration, tally, cpu_used)


def report(
    tables: int, pace: float, duration: float, tally: Tally, cpu_used: tuple[float, float]
) -> None:
    lat = sorted(tally.latencies)
    if not lat:
        print(f"tables={tables}: no actions measured (timeouts={tally.timeouts})")
        return
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    verdict = "holds" if p99 < FLOOR_P99_MS and tally.timeouts == 0 else "MISSES"
    print(
        f"tables={tables} pace={pace}s duration={duration}s actions={len(lat)} "
        f"actions/s={len(lat) / duration:.1f} p50={p50:.1f}ms p99={p99:.1f}ms "
        f"max={lat[-1] * 1000:.1f}ms errors={tally.errors} timeouts={tally.timeouts} "
        f"server_cpu={cpu_used[0] / duration * 100:.0f}% "
        f"bench_cpu={cpu_used[1] / duration * 100:.0f}% "
        f"load_avg={os.getloadavg()[0]:.1f} -> {verdict} the floor (p99 < {FLOOR_P99_MS:.0f} ms)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="concurrent tables (N)")
    parser.add_argument("--sweep", default="", help="comma-separated N values, one run each")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a table's actions")
    parser.add_argument("--duration", type=float, default=30.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured seconds first")
    args = parser.parse_args()
    counts = [int(n) for n in args.sweep.split(",")] if args.sweep else [args.tables]
    print(f"{os.cpu_count()} cores; the bench's clients share them with the server.", flush=True)
    for count in counts:
        with tempfile.TemporaryDirectory() as workdir:
            site = LiveSite(Path(workdir), extra_env={"NEXT_DEAL_DELAY": "1.0"})
            site.start()
            try:
                asyncio.run(run(site, count, args.pace, args.duration, args.warmup))
            finally:
                site.stop()


if __name__ == "__main__":
    main()
