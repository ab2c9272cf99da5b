"""Restarting the server mid-deal loses nothing: same version, same view, the deal goes on."""

from __future__ import annotations

import random

import pytest

from tests.live_site import LiveSite
from tests.table.live_tables import LivePlayer, seed_tables

pytestmark = pytest.mark.server


async def step(players: list[LivePlayer], rng: random.Random) -> bool:
    """One random legal action (or wait for the next deal); False when nobody could act."""
    version = players[0].state["version"]
    able = [p for p in players if p.state["legal"]]
    if able:
        actor = rng.choice(able)
        await actor.act(rng.choice(actor.state["legal"]))
    for player in players:
        await player.until(lambda s: s["version"] > version)
    return bool(able)


def tricks_played(state: dict[str, object]) -> int:
    view = state["view"]
    assert isinstance(view, dict)
    return sum(view["tricks"]) if view["phase"] == "play" else 0


async def test_it_finishes_a_deal_after_the_server_restarts(live_site: LiveSite) -> None:
    (table,) = seed_tables(live_site, 1)
    players = [LivePlayer(live_site, table.game, cookie) for cookie in table.cookies]
    for player in players:
        await player.open()
    for player in players:
        await player.until(lambda s: s["table"]["started"] and s["view"]["phase"] != "deal")
    rng = random.Random(5)
    while tricks_played(players[0].state) < 4:
        await step(players, rng)
    before = [player.state for player in players]
    round_no = before[0]["view"]["round_no"]

    live_site.stop()
    live_site.start()
    for player in players:
        await player.close()
        after = await player.open()
        seat = after["table"]["you"]["seat"]
        assert after["version"] == before[seat]["version"]
        assert after["view"] == before[seat]["view"]
        assert after["legal"] == before[seat]["legal"]

    while players[0].state["view"]["phase"] != "deal":
        await step(players, rng)
    assert players[0].state["view"]["round_no"] == round_no
    assert players[0].state["view"]["last_round"] is not None
    assert players[0].state["version"] > before[0]["version"]
    for player in players:
        assert player.errors == []
        await player.close()
