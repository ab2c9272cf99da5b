"""Computer players at a table whose people are on two processes: each bot move happens once,
although both processes' runners see every bot turn."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from tests.cluster import Cluster
from tests.multiprocess.conftest import WAIT, log_of
from tests.table.live_tables import LivePlayer, seed_tables

pytestmark = pytest.mark.multiprocess


def deals_of(log: list[tuple[int, dict[str, Any], list[Any]]]) -> list[list[dict[str, Any]]]:
    """The events of the log, one list per deal (a deal starts at its first packet)."""
    deals: list[list[dict[str, Any]]] = []
    for _, _, events in log:
        for event in events:
            if event["type"] == "deal" and event.get("packet") == 1:
                deals.append([])
            if deals:
                deals[-1].append(event)
    return deals


def assert_each_move_once(deal: list[dict[str, Any]]) -> None:
    """No card played twice in a deal, no seat playing twice in a trick."""
    played = [event["card"] for event in deal if event["type"] == "play"]
    assert len(played) == len(set(played)), played
    trick: list[int] = []
    for event in deal:
        if event["type"] == "play":
            assert event["seat"] not in trick, deal
            trick.append(event["seat"])
        elif event["type"] == "trick":
            trick = []


async def test_it_makes_each_computer_move_once_with_people_on_two_processes(
    cluster: Cluster,
) -> None:
    (seeded,) = seed_tables(cluster.site, 1)
    cluster.site.shell(
        "from game.models import Seat\n"
        f"Seat.objects.filter(game_id={seeded.game}, number__in=[1, 3]).update(computer='easy')"
    )
    people = [LivePlayer(cluster.url(), seeded.game, seeded.cookies[seat]) for seat in (0, 2)]
    for person in people:
        await person.open()
    assert {person.upstream for person in people} == {
        f"127.0.0.1:{port}" for port in cluster.ports
    }
    rng = random.Random(4)
    deals = 0
    while deals < 2:
        version = max(person.state["version"] for person in people)
        await asyncio.gather(
            *(p.until(lambda s, v=version: s["version"] >= v, WAIT) for p in people)
        )
        in_turn = [p for p in people if p.state["legal"]]
        if in_turn:
            await in_turn[0].act(rng.choice(in_turn[0].state["legal"]))
        before = people[0].state["view"]["round_no"] if people[0].state["view"] else 0
        await people[0].until(lambda s, v=version: s["version"] > v, WAIT)
        if people[0].state["view"]["round_no"] != before:
            deals += 1
    log = log_of(cluster, seeded.game)
    assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
    bot_moves = [events for _, _, events in log if any(e.get("seat") in (1, 3) for e in events)]
    assert bot_moves, "the computer players moved"
    for deal in deals_of(log):
        assert_each_move_once(deal)
    for person in people:
        await person.close()
