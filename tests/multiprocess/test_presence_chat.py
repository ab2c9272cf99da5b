"""Chat and presence with the table's sockets spread over two processes behind nginx.

A chat line reaches the sockets of both processes; every seat shows "online"
wherever its player's socket lives; and when one process is killed (so its
sockets never run ``disconnect()``), the seats of its players turn "away" on
the other process by themselves once their presence rows expire.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cluster import Cluster
from tests.multiprocess.conftest import WAIT, Table, _skip_reason
from tests.table.live_tables import LivePlayer

pytestmark = pytest.mark.multiprocess


@pytest.fixture
def quick_presence_cluster(tmp_path: Path) -> Iterator[Cluster]:
    """Two processes behind nginx whose sockets renew presence every second (rows expire
    after two)."""
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    env = {"NEXT_DEAL_DELAY": "0.3", "PRESENCE_REFRESH": "1", "PRESENCE_EXPIRY": "2"}
    running = Cluster(tmp_path, processes=2, proxy=True, extra_env=env)
    running.start()
    try:
        yield running
    finally:
        running.stop()
    assert "Traceback" not in running.logs(), running.logs()[-3000:]


async def heard(
    player: LivePlayer, kind: str, ready: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The first chat or presence message this player was sent that satisfies ``ready``."""
    deadline = time.monotonic() + WAIT
    while True:
        for message in player.aside:
            if message["type"] == kind and ready(message):
                return message
        assert time.monotonic() < deadline, player.aside[-5:]
        await player.receive(WAIT)


async def test_it_shares_chat_and_presence_across_processes_and_outlives_a_killed_one(
    quick_presence_cluster: Cluster,
) -> None:
    cluster = quick_presence_cluster
    table = Table(cluster)
    await table.open()
    ports = [f"127.0.0.1:{port}" for port in cluster.ports]
    assert table.upstreams() == set(ports)
    everyone_here = ["online"] * 4
    for player in table.players:
        await heard(player, "presence", lambda m: m["seats"] == everyone_here)

    writer = table.players[0]
    assert writer.socket is not None
    await writer.socket.send('{"type": "chat", "text": "Hello from <one> process"}')
    for player in table.players:
        line = await heard(player, "chat", lambda m: bool(m["lines"]) and not m["recent"])
        assert line["lines"][0]["text"] == "Hello from <one> process"

    doomed = [seat for seat, p in enumerate(table.players) if p.upstream == ports[0]]
    survivors = [p for p in table.players if p.upstream == ports[1]]
    assert doomed and survivors
    cluster.kill(0)
    expected = ["away" if seat in doomed else "online" for seat in range(4)]
    for player in survivors:
        await heard(player, "presence", lambda m: m["seats"] == expected)
    for seat in doomed:
        await table.players[seat].close()
    for player in survivors:
        await player.close()
