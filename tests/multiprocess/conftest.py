"""Two daphne processes behind nginx, on one PostgreSQL and one Redis: the deployed topology.

These tests need ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` (scripts/test
sets both for its second pass) and Debian's nginx; without them they are
skipped. Players reach the site through the proxy, which spreads their
sockets over the processes and says which one served each handshake.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cluster import Cluster
from tests.proxy import nginx_available
from tests.table.live_tables import LivePlayer, deal_in_progress, seed_tables

WAIT = 30.0

pytestmark = pytest.mark.multiprocess


def _skip_reason() -> str | None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        return "needs DATABASE_URL (PostgreSQL), as in scripts/test's second pass"
    if not os.environ.get("REDIS_URL"):
        return "needs REDIS_URL, as in scripts/test's second pass"
    if not nginx_available():
        return "needs nginx (Debian package nginx)"
    return None


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    """Two processes behind nginx; stopped (and checked for tracebacks) afterwards."""
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    running = Cluster(
        tmp_path,
        processes=2,
        proxy=True,
        # INFO: the bot runner's "Thinking for game …" lines (test_bots_two_processes).
        # TURN_TIMER_SCALE: a game with a 30 s turn timer gives 1.5 s (test_turn_timer).
        extra_env={"NEXT_DEAL_DELAY": "0.3", "BOT_DELAY": "0.1", "LOG_LEVEL": "INFO",
                   "TURN_TIMER_SCALE": "0.05"},
    )
    running.start()
    try:
        yield running
    finally:
        running.stop()
    assert "Traceback" not in running.logs(), running.logs()[-3000:]


class Table:
    """One seeded table whose four players (and a spectator, the host's friend) connect
    through the proxy."""

    def __init__(self, cluster: Cluster) -> None:
        (seeded,) = seed_tables(cluster.site, 1)
        self.game = seeded.game
        self.cluster = cluster
        self.players = [LivePlayer(cluster.url(), seeded.game, c) for c in seeded.cookies]
        self.seen: list[list[int]] = [[] for _ in self.players]

    async def open(self) -> None:
        """Connect the four, until the first deal is in progress."""
        for player in self.players:
            await player.open()
        await deal_in_progress(self.players, WAIT)

    def upstreams(self) -> set[str | None]:
        return {player.upstream for player in self.players}

    def version(self) -> int:
        return min(int(p.state["version"]) for p in self.players)

    async def all_reach(self, version: int) -> None:
        await asyncio.gather(
            *(p.until(lambda s: s["version"] >= version, WAIT) for p in self.players)
        )

    async def step(self, rng: random.Random) -> dict[str, Any] | None:
        """One random legal action, seen by every socket; None (after waiting for the next
        change, an automatic deal) when nobody could act."""
        version = self.version()
        await self.all_reach(version)
        able = [p for p in self.players if p.state["legal"]]
        action = None
        if able:
            actor = rng.choice(able)
            action = rng.choice(actor.state["legal"])
            await actor.act(action)
        await self.all_reach(version + 1)
        return action

    async def close(self) -> None:
        for player in self.players:
            await player.close()


def log_of(cluster: Cluster, game: int) -> list[tuple[int, dict[str, Any], list[Any]]]:
    """The game's action log: (version, action, events), in order."""
    import json

    code = (
        "import json\nfrom game.models import GameAction\n"
        f"rows = GameAction.objects.filter(game_id={game}).order_by('seq')"
        ".values_list('seq', 'action', 'events')\n"
        "print(json.dumps(list(rows)))"
    )
    rows = json.loads(cluster.site.shell(code).strip().splitlines()[-1])
    return [(seq, action, events) for seq, action, events in rows]
