"""Each process's Prometheus metrics, on the internal port, move as a table plays."""

from __future__ import annotations

import asyncio
import json
import os
import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.live_site import LiveSite, free_port
from tests.table.live_tables import LivePlayer, seed_tables

pytestmark = pytest.mark.server

MOVES = 6


@pytest.fixture
def site(tmp_path: Path) -> Iterator[LiveSite]:
    with LiveSite.running(
        tmp_path, {"METRICS_PORT": str(free_port()), "METRICS_ADDRESS": "127.0.0.1"}
    ) as running:
        yield running


def scrape(site: LiveSite) -> dict[str, float]:
    """Every sample of the process's metrics, by name (labels left out)."""
    url = f"http://127.0.0.1:{site.env['METRICS_PORT']}/metrics"
    with urllib.request.urlopen(url, timeout=10) as response:
        text = response.read().decode()
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if not sample.labels or sample.labels.get("le") is None
    }


async def play(site: LiveSite) -> tuple[dict[str, float], dict[str, float]]:
    (table,) = seed_tables(site, 1)
    players = [LivePlayer(site, table.game, cookie) for cookie in table.cookies]
    for player in players:
        await player.open()
    for player in players:
        await player.until(lambda s: s["table"]["started"], 30)
    during: dict[str, float] = {}
    rng = random.Random(7)
    moved = 0
    while moved < MOVES:
        version = min(p.state["version"] for p in players)
        able = [p for p in players if p.state["legal"]]
        if able:
            actor = rng.choice(able)
            await actor.act(rng.choice(actor.state["legal"]))
            moved += 1
        await asyncio.gather(*(p.until(lambda s, v=version: s["version"] > v, 30) for p in players))
    await players[0].socket.send(json.dumps({"type": "sync"}))  # type: ignore[union-attr]
    await players[0].receive(10)
    await asyncio.sleep(0.2)
    during = await asyncio.to_thread(scrape, site)
    for player in players:
        await player.close()
    after = await settled(site)
    return during, after


async def settled(site: LiveSite, deadline: float = 30) -> dict[str, float]:
    """The figures once the server has seen every socket close (a busy machine takes a while)."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + deadline
    while True:
        figures = await asyncio.to_thread(scrape, site)
        closed = figures["twentynine_sockets_open"] == figures["twentynine_tables_open"] == 0
        if closed or loop.time() > give_up:
            return figures
        await asyncio.sleep(0.2)


def test_the_figures_move_as_a_table_plays(site: LiveSite) -> None:
    before = scrape(site)
    assert before["twentynine_actions_total"] == 0
    during, after = asyncio.run(play(site))
    assert during["twentynine_sockets_open"] == 4
    assert during["twentynine_tables_open"] == 1
    assert during["twentynine_actions_total"] >= MOVES
    # Every action's new version reached all four sockets here: each has its latency.
    assert during["twentynine_action_latency_seconds_count"] == MOVES
    assert 0 < during["twentynine_action_latency_seconds_sum"] < MOVES * 5
    assert during["twentynine_resyncs_total"] >= 1
    assert during["twentynine_database_errors_total"] == 0
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        assert during["twentynine_db_pool_connections"] >= 1
    assert after["twentynine_sockets_open"] == 0
    assert after["twentynine_tables_open"] == 0
