"""Computer players with the table's sockets on two processes behind nginx: each process may
start a bot's move, the move is made once, and killing a process mid-deal stops nothing.

Asha plays with three bots; her friend Esha watches in two tabs. The proxy spreads the
three sockets over both processes, so both see every bot turn. One deal is played out;
in the next, once a trick is under way, process 0 is killed (``kill -9``): its sockets
reconnect to process 1 and the bots play the deal to its end. The action log has one row
per version, and each bot row is a move by the seat whose turn it was.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from tests.cluster import Cluster
from tests.multiprocess.conftest import WAIT, log_of
from tests.table.live_tables import LivePlayer
from tests.table.test_bot_restart import SEED

pytestmark = pytest.mark.multiprocess

THINKING = re.compile(r"Thinking for game (\d+) at version (\d+)")


Ready = Callable[[dict[str, Any], int], bool]


async def play(asha: LivePlayer, rng: random.Random, done: Ready) -> None:
    """Asha acts whenever she may until ``done(state, deals ended since)``."""
    endings = 0
    for _ in range(2000):
        if done(asha.state, endings):
            return
        if asha.state["legal"]:
            await asha.act(rng.choice(asha.state["legal"]))
        message = await asha.receive(WAIT)
        if message["type"] == "state":
            endings += sum(1 for e in message["events"] if e["type"] in ("round_end", "annulled"))
    raise AssertionError(f"stuck: {asha.state}")


async def watch(tab: LivePlayer) -> None:
    """Keep reading a spectator's socket (an unread socket stops answering pings)."""
    while True:
        await tab.receive(3600)


def deal_ended(state: dict[str, Any], endings: int) -> bool:
    return endings > 0


def trick_under_way(state: dict[str, Any], endings: int) -> bool:
    view = state["view"]
    return view is not None and view["phase"] == "play" and bool(view["trick"])


def cards_played_per_deal(log: list[tuple[int, dict[str, Any], list[Any]]]) -> list[list[str]]:
    """The cards played in each deal of the log, in order."""
    deals: list[list[str]] = []
    for _, _, events in log:
        for event in events:
            if event["type"] == "deal" and event["packet"] == 1:
                deals.append([])
            elif event["type"] == "play":
                deals[-1].append(event["card"])
    return deals


async def test_it_makes_each_bot_move_once_on_two_processes(cluster: Cluster) -> None:
    seeded = json.loads(cluster.site.shell(SEED).strip().splitlines()[-1])
    game = seeded["game"]
    asha = LivePlayer(cluster.url(), game, seeded["asha"])
    tabs = [LivePlayer(cluster.url(), game, seeded["esha"]) for _ in range(2)]
    sockets = [asha, *tabs]
    for socket in sockets:
        await socket.open()
    assert {s.upstream for s in sockets} == {f"127.0.0.1:{port}" for port in cluster.ports}
    await asha.until(lambda s: s["table"]["started"], WAIT)
    rng = random.Random(11)

    watching = [asyncio.create_task(watch(tab)) for tab in tabs]
    await play(asha, rng, deal_ended)
    await play(asha, rng, trick_under_way)
    for task in watching:
        task.cancel()
    cluster.kill(0)
    for socket in sockets:
        if socket.upstream == f"127.0.0.1:{cluster.ports[0]}":
            await socket.close()
            await socket.open()
            assert socket.upstream == f"127.0.0.1:{cluster.ports[1]}"
    killed_at = asha.state["version"]
    watching = [asyncio.create_task(watch(tab)) for tab in tabs]
    await play(asha, rng, deal_ended)
    for task in watching:
        task.cancel()

    log = log_of(cluster, game)
    assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
    played_after = [a for seq, a, _ in log if seq > killed_at and a["type"] == "play"]
    assert played_after, "the deal was played on after the kill"
    # A card applied twice would show up twice in its deal.
    for cards in cards_played_per_deal(log):
        assert len(cards) == len(set(cards)) <= 32, cards
    for socket in sockets:
        assert socket.errors == [] or {e["code"] for e in socket.errors} <= {"stale"}
        await socket.close()
    # Both processes saw every bot turn, but one thought for each: only the turn the killed
    # process had claimed may have been thought for again, by the other, after the lease.
    thought = Counter(THINKING.findall(cluster.logs()))
    assert thought, "the bot runner logged its turns"
    assert sum(1 for times in thought.values() if times > 1) <= 1, thought
