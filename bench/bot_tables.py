"""Bot tables for bench/table.py: four computer players per table, a spectator keeping it going.

``with_bot_tables`` seeds M tables of four bots on the live site, opens one spectator socket
at each (a table nobody watches pauses between deals), waits until every one is playing,
runs the human tables' bench beside them, and prints how many bot moves the server made
and the CPU its bot worker processes used.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from tests.cluster import Cluster
from tests.table.live_tables import LivePlayer

SEED = """
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from accounts.models import User
from game.models import Game
from game.table.store import create_game

tables = []
for t in range(COUNT):
    host = User.objects.create_user(f"bots{t}@example.com", None, first_name=f"Bots{t}")
    game = create_game(host, f"Bots {t}", ["strong", "easy"] * 2)
    store = SessionStore()
    store[SESSION_KEY] = str(host.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = host.get_session_auth_hash()
    store.create()
    cookie = settings.SESSION_COOKIE_NAME + "=" + store.session_key
    tables.append({"game": game.pk, "cookie": cookie})
print(json.dumps(tables))
"""


def worker_cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes' children (the bot workers), Linux /proc."""
    total = 0.0
    tasks = [task for pid in pids for task in Path(f"/proc/{pid}/task").iterdir()]
    for task in tasks:
        for child in (task / "children").read_text().split():
            try:
                fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            except FileNotFoundError:
                continue
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def _watch(spectator: LivePlayer, moves: list[int]) -> None:
    """Read the spectator's states; count each version change a computer player made."""
    while True:
        message = await spectator.receive(timeout=3600)
        if message["type"] == "state":
            moves[0] += sum(1 for e in message["events"] if e["type"] in ("bid", "pass", "play"))


async def with_bot_tables(
    cluster: Cluster, count: int, bench: Coroutine[Any, Any, None]
) -> None:
    """Run ``bench`` (the human tables) while ``count`` bot tables play on the same server
    (their spectators spread over its processes)."""
    if count == 0:
        await bench
        return
    output = cluster.site.shell(SEED.replace("COUNT", str(count)))
    seeded = json.loads(output.strip().splitlines()[-1])
    if cluster.proxy is not None:
        urls = [cluster.url(None)]
    else:
        urls = [cluster.url(i) for i in range(len(cluster.ports))]
    spectators = [
        LivePlayer(urls[i % len(urls)], table["game"], table["cookie"])
        for i, table in enumerate(seeded)
    ]
    for spectator in spectators:
        await spectator.open()
    for spectator in spectators:  # every bot table has made its first moves
        await spectator.until(lambda s: s["version"] >= 4, timeout=60)
    moves = [0]
    watchers = [asyncio.create_task(_watch(s, moves)) for s in spectators]
    pids = cluster.pids()
    started, cpu_before = time.monotonic(), worker_cpu_seconds(pids)
    await bench
    elapsed = time.monotonic() - started
    cpu = worker_cpu_seconds(pids) - cpu_before
    for task in watchers:
        task.cancel()
    for spectator in spectators:
        await spectator.close()
    print(
        f"  beside them: bot_tables={count} bot_actions={moves[0]} "
        f"bot_actions/s={moves[0] / elapsed:.1f} bot_workers_cpu={cpu / elapsed * 100:.0f}% "
        f"load_avg={os.getloadavg()[0]:.1f}",
        flush=True,
    )
