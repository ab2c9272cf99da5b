"""A deal's analysis outlives the process that was making it (two daphne processes, PostgreSQL,
Redis).

Asha plays with three computer players, her socket on process 0 only, so process 0 takes on
the analysis of each scored deal. While it analyses one, process 0 is stopped as a deploy
stops it (SIGTERM): it gives its claim back as it exits, and the deals' list served by
process 1 has the deal analysed there at once. A claim left by a process killed with
``kill -9`` (written here directly, older than ``STALE_AFTER_S``) is taken over alike by
the next look at the deal, where before it said "Analysing…" for ever.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from typing import Any

import psycopg
import pytest

from game.table.deal_review import STALE_AFTER_S
from tests.cluster import Cluster
from tests.live_site import stop_process
from tests.multiprocess.conftest import WAIT
from tests.table.live_tables import SEED_PRELUDE, LivePlayer

pytestmark = pytest.mark.multiprocess

SEED = SEED_PRELUDE + """
asha = User.objects.create_user("asha@example.com", None, first_name="Asha")
game = create_game(asha, "Asha and the bots", [asha, "easy", "easy", "easy"])
print(json.dumps({"game": game.pk, "asha": cookie(asha)}))
"""


def analyses(cluster: Cluster, game: int) -> dict[int, Any]:
    """The analysis of each of the game's deals that is to be analysed, by number."""
    with psycopg.connect(cluster.site.env["DATABASE_URL"]) as db:
        rows = db.execute(
            "SELECT number, analysis FROM game_dealrecord"
            " WHERE game_id = %s AND private <> '{}'::jsonb",
            [game],
        ).fetchall()
    return {number: analysis for number, analysis in rows}


def get(cluster: Cluster, index: int, path: str, cookie: str) -> dict[str, Any]:
    """A page's JSON from process ``index``."""
    request = urllib.request.Request(cluster.url(index) + path, headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        shown: dict[str, Any] = json.loads(response.read())
    return shown


async def made(cluster: Cluster, game: int, number: int) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        analysis = analyses(cluster, game)[number]
        if analysis is not None and analysis["status"] != "analysing":
            return dict(analysis)
        await asyncio.sleep(0.2)
    raise AssertionError(f"deal {number} still {analysis}")


async def play(asha: LivePlayer, rng: random.Random) -> None:
    """Asha acts whenever she may, until cancelled."""
    while True:
        if asha.state["legal"]:
            await asha.act(rng.choice(asha.state["legal"]))
        await asha.receive(WAIT)


async def test_a_deal_being_analysed_by_a_process_that_stops_is_analysed_by_the_other(
    cluster: Cluster,
) -> None:
    seeded = json.loads(cluster.site.shell(SEED).strip().splitlines()[-1])
    game, cookie = seeded["game"], seeded["asha"]
    asha = LivePlayer(cluster.url(0), game, cookie)
    await asha.open()
    await asha.until(lambda s: s["table"]["started"], WAIT)

    playing = asyncio.create_task(play(asha, random.Random(3)))
    deadline = time.monotonic() + 300
    number = None
    while number is None:
        assert time.monotonic() < deadline, "no analysis was caught under way"
        assert not playing.done(), playing
        under_way = [
            n for n, a in analyses(cluster, game).items()
            if a is not None and a["status"] == "analysing"
        ]
        number = under_way[0] if under_way else None
        await asyncio.sleep(0.02)
    playing.cancel()
    process = cluster.processes[0]
    assert process is not None
    stop_process(process)  # SIGTERM, as a deploy sends
    cluster.processes[0] = None
    assert process.returncode == 0

    assert analyses(cluster, game)[number] is None  # given back as it exited
    listed = get(cluster, 1, f"/table/{game}/deals.json", cookie)
    assert {d["number"]: d["review"] for d in listed["deals"]}[number] == "analysing"
    assert (await made(cluster, game, number))["status"] == "ready"
    assert f"Analysed deal {number} of game {game}" in cluster.log_path(1).read_text()

    # A claim left by a process killed with kill -9, gone stale: the deal's page takes it.
    died = {"status": "analysing", "since": time.time() - STALE_AFTER_S - 1}
    with psycopg.connect(cluster.site.env["DATABASE_URL"]) as db:
        db.execute(
            "UPDATE game_dealrecord SET analysis = %s WHERE game_id = %s AND number = %s",
            [json.dumps(died), game, number],
        )
    shown = get(cluster, 1, f"/table/{game}/deals/{number}.json", cookie)
    assert shown["review"] == {"status": "analysing"}
    assert (await made(cluster, game, number))["status"] == "ready"
    shown = get(cluster, 1, f"/table/{game}/deals/{number}.json", cookie)
    assert shown["review"]["status"] == "ready"
