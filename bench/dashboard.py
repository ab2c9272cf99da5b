"""What an open dashboard costs the server: CPU per table change it is told of, and memory.

Starts one daphne process (SQLite, in-memory channel layer, DEBUG off) with ``--tables``
full tables of four websocket players and ``--dashboards`` users, each a friend of every
host (so each dashboard lists every table). The tables play ``--actions`` random legal
moves twice: first with no dashboard open, then with every dashboard open (each reading
its socket). The difference in the server's CPU time, divided by the number of changes
and dashboards, is the cost of telling one open dashboard of one change; the server's
resident memory before and after opening the dashboards gives the memory per dashboard.

    .venv/bin/python bench/dashboard.py --tables 10 --dashboards 50 --actions 300
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.table import cpu_seconds
from tests.live_site import LiveSite
from tests.table.live_tables import SEED_PRELUDE, LivePlayer

SEED = SEED_PRELUDE + """
from allauth.account.models import EmailAddress
tables = []
hosts = []
for t in range(TABLES):
    seated = [User.objects.create_user(f"t{t}p{s}@example.com", None, first_name=f"T{t}P{s}")
              for s in range(4)]
    for other in seated[1:]:
        Friendship.objects.create(user=seated[0], friend=other)
        Friendship.objects.create(user=other, friend=seated[0])
    game = create_game(seated[0], f"Table {t}", seated)
    hosts.append(seated[0])
    tables.append({"game": game.pk, "cookies": [cookie(u) for u in seated]})
watchers = []
for d in range(DASHBOARDS):
    user = User.objects.create_user(f"w{d}@example.com", None, first_name=f"W{d}")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    for host in hosts:
        Friendship.objects.create(user=host, friend=user)
        Friendship.objects.create(user=user, friend=host)
    watchers.append(cookie(user))
print(json.dumps({"tables": tables, "watchers": watchers}))
"""


def rss_kib(pid: int) -> int:
    """Resident memory of a process (Linux /proc), KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def play(tables: list[list[LivePlayer]], actions: int, rng: random.Random) -> None:
    """``actions`` random legal moves, round robin over the tables, each seen by its four."""
    done = 0
    while done < actions:
        for players in tables:
            version = min(p.state["version"] for p in players)
            await asyncio.gather(*(p.until(lambda s, v=version: s["version"] >= v, 30)
                                   for p in players))
            able = [p for p in players if p.state["legal"]]
            if not able:  # between deals: the next one comes by itself
                await asyncio.gather(*(p.until(lambda s, v=version: s["version"] > v, 30)
                                       for p in players))
                continue
            actor = rng.choice(able)
            await actor.act(rng.choice(actor.state["legal"]))
            await asyncio.gather(*(p.until(lambda s, v=version: s["version"] > v, 30)
                                   for p in players))
            done += 1


async def read_all(socket: ClientConnection, counter: list[int]) -> None:
    async for _message in socket:
        counter[0] += 1


async def run(site: LiveSite, pid: int, args: argparse.Namespace) -> None:
    code = SEED.replace("TABLES", str(args.tables)).replace("DASHBOARDS", str(args.dashboards))
    seeded = json.loads(site.shell(code).strip().splitlines()[-1])
    tables = [[LivePlayer(site, t["game"], c) for c in t["cookies"]] for t in seeded["tables"]]
    for players in tables:
        for player in players:
            await player.open()
        for player in players:
            await player.until(lambda s: s["table"]["started"], 30)
    rng = random.Random(29)
    await play(tables, 20, rng)  # warm up
    before = cpu_seconds(pid)
    await play(tables, args.actions, rng)
    alone = cpu_seconds(pid) - before

    memory_before = rss_kib(pid)
    url = site.ws_url + "/ws/dashboard/"
    sockets = [
        await connect(url, origin=site.url, additional_headers={"Cookie": c},  # type: ignore[arg-type]
                      compression=None, proxy=None, open_timeout=30)
        for c in seeded["watchers"]
    ]
    counter = [0]
    readers = [asyncio.create_task(read_all(s, counter)) for s in sockets]
    await asyncio.sleep(2)
    memory_after = rss_kib(pid)
    counted = counter[0]
    before = cpu_seconds(pid)
    started = time.monotonic()
    await play(tables, args.actions, rng)
    await asyncio.sleep(1)
    watched = cpu_seconds(pid) - before
    told = counter[0] - counted
    for reader in readers:
        reader.cancel()
    for socket in sockets:
        await socket.close()
    per_change = (watched - alone) / (args.actions * args.dashboards) * 1e6
    print(
        f"tables={args.tables} dashboards={args.dashboards} actions={args.actions} "
        f"cpu_alone={alone:.2f}s cpu_with_dashboards={watched:.2f}s "
        f"dashboard_messages={told} "
        f"us_per_dashboard_per_change={per_change:.0f} "
        f"kib_per_dashboard={(memory_after - memory_before) / args.dashboards:.0f} "
        f"seconds={time.monotonic() - started:.1f} load={os.getloadavg()[0]:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--dashboards", type=int, default=50)
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args()
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    with tempfile.TemporaryDirectory() as workdir:
        site = LiveSite(Path(workdir), {
            "DEBUG": "false", "SECRET_KEY": "bench-" + os.urandom(16).hex(),
            "LOG_LEVEL": "ERROR", "NEXT_DEAL_DELAY": "0.3",
        })
        site.start()
        try:
            assert site.process is not None
            asyncio.run(run(site, site.process.pid, args))
        finally:
            site.stop()


if __name__ == "__main__":
    main()
