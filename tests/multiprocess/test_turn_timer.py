"""The turn timer across two processes behind nginx: when both see a person's time run out,
the decision is played once; a process killed with ``kill -9`` while it held the only timer
of a table does not stall it (the other process plays the decision once the players'
sockets reach it). Nobody acts here: every decision is the timer's (1.5 s each; 3 s
in the kill test)."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.cluster import Cluster
from tests.multiprocess.conftest import Table, log_of
from tests.table.live_tables import LivePlayer

pytestmark = pytest.mark.multiprocess

RAN_OUT = re.compile(r"Turn timer ran out: game (\d+), version (\d+)")


def _timed(cluster: Cluster, game: int, seconds: int = 30) -> None:
    """Give the game a turn timer of ``seconds`` (scaled by ``TURN_TIMER_SCALE`` here)."""
    cluster.site.shell(
        f"from game.models import Game\nGame.objects.filter(pk={game}).update(turn_timer={seconds})"
    )


def _ran_out(cluster: Cluster, index: int, game: int) -> set[int]:
    """The versions at which process ``index`` saw the game's timer run out."""
    text = cluster.log_path(index).read_text(errors="replace")
    return {int(v) for g, v in RAN_OUT.findall(text) if int(g) == game}


async def _timer_decisions(cluster: Cluster, table: Table, count: int) -> None:
    """Wait, version by version, until the timer has played ``count`` decisions. Other
    changes do not count: on a slow machine a seat whose socket had not opened yet when its
    time ran out is handed over as away, a version of its own."""
    version = table.version()
    for _ in range(count + 3):
        version += 1
        await table.all_reach(version)
        log = log_of(cluster, table.game)
        if sum(action["type"] == "timeout" for _, action, _ in log) >= count:
            return


async def test_it_plays_a_timed_out_decision_once_when_both_processes_see_it(
    cluster: Cluster,
) -> None:
    table = Table(cluster)
    _timed(cluster, table.game)
    await table.open()
    assert table.upstreams() == {f"127.0.0.1:{port}" for port in cluster.ports}
    await _timer_decisions(cluster, table, 3)
    await table.close()

    both = _ran_out(cluster, 0, table.game) & _ran_out(cluster, 1, table.game)
    assert both, "both processes saw the same timer run out"
    log = log_of(cluster, table.game)
    assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
    by_version = {seq: action for seq, action, _ in log}
    for version in both:
        assert by_version[version + 1]["type"] == "timeout", by_version[version + 1]
    timeouts = [seq for seq, action, events in log if action["type"] == "timeout"]
    assert len(timeouts) >= 3
    for seq in timeouts:  # each logged with exactly one timeout event
        (_, _, events) = log[seq - 1]
        assert [e["type"] for e in events].count("timeout") == 1


async def test_a_killed_process_holding_the_timer_does_not_stall_the_table(
    cluster: Cluster,
) -> None:
    table = Table(cluster)
    _timed(cluster, table.game, 60)  # 3 s: process 0 still holds it when it is killed
    # Every socket on process 0: it alone holds the table's timer.
    table.players = [LivePlayer(cluster.url(0), table.game, p.cookie) for p in table.players]
    await table.open()
    version = table.version()
    await table.all_reach(version)
    assert table.players[0].state["table"]["timer"] is not None

    cluster.kill(0)
    for player in table.players:
        await player.close()
        player.url = player.url.replace(
            f":{cluster.ports[0]}/", f":{cluster.ports[1]}/"
        )
        player.origin = cluster.url(1)
    await asyncio.gather(*(player.open() for player in table.players))
    await table.all_reach(version + 1)
    await table.close()

    assert version in _ran_out(cluster, 1, table.game)
    log = log_of(cluster, table.game)
    assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
    assert log[version][1]["type"] == "timeout"  # the change after ``version``
