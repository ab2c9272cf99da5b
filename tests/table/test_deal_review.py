"""A deal whose analysis stopped unfinished is analysed after all.

The process that claims a deal's analysis (``store.claim_analysis``) may be killed while
it analyses it: the record then says ``analysing`` for ever unless someone asks again
after its claim has gone stale, and the sockets ask only between that deal and the next.
The deals' pages and JSON ask for each deal they show as waiting (``deal_review.resume``);
the claim still decides, so a deal another process is analysing now stays its own. A
process that stops (SIGTERM, or its task cancelled) gives its claim back at once.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from channels.db import database_sync_to_async
from pytest_django.fixtures import Settings

from accounts.models import User
from game.models import DealRecord, Game
from game.table import deal_review, seat_changes, service, store
from game.table.deal_history import ANALYSED
from game.table.store import create_game
from tests.people import logged_in
from tests.table.stages import simple_choice

ANALYSIS_TIMEOUT = 120.0


def _scored_deal(owner: User, players: list[User]) -> tuple[Game, int]:
    """A new game's first deal played to a score by its four people (no socket open, so
    nobody has asked for its analysis): the game and the deal's number."""
    for _ in range(20):
        game = create_game(owner, "Reviewed", players, joined=True)
        seat_changes.seats_changed(game.pk)  # everyone is there: the first deal
        latest = store.current(game.pk)
        while latest.match is not None and latest.match.round is not None:
            seat = latest.match.turn()[0]
            person = latest.players[seat].user_id
            assert person is not None
            service.act(game.pk, person, simple_choice(latest.match, seat), latest.version)
            latest = store.current(game.pk)
        record = DealRecord.objects.filter(game=game).first()
        if record is not None and record.outcome in ANALYSED and record.private:
            assert record.analysis is None
            return game, record.number
        game.delete()  # annulled as it was dealt: the host may host one game, make room
    raise AssertionError("no deal was scored")


async def _analysis(game: Game, number: int) -> dict[str, Any] | None:
    record = await DealRecord.objects.aget(game=game, number=number)
    return record.analysis


async def _mark(game: Game, number: int, analysis: dict[str, Any] | None) -> None:
    """Write the record's analysis as another process (alive or dead) left it."""
    await DealRecord.objects.filter(game=game, number=number).aupdate(analysis=analysis)


async def _get(user: User, url: str) -> dict[str, Any]:
    client = await database_sync_to_async(logged_in)(user)
    response = await database_sync_to_async(client.get)(url)
    assert response.status_code == 200, url
    shown: dict[str, Any] = json.loads(response.content)
    return shown


async def _made(game: Game, number: int, timeout: float = ANALYSIS_TIMEOUT) -> dict[str, Any]:
    """The deal's analysis once it is made (by this process's worker)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        analysis = await _analysis(game, number)
        if analysis is not None and analysis.get("status") in ("ready", "failed"):
            return analysis
        await asyncio.sleep(0.2)
    raise AssertionError(f"still {await _analysis(game, number)} after {timeout} s")


async def _ended(game: Game, number: int) -> Any:
    """What this process's analysis of the deal, if it started one, came to."""
    task = deal_review._running.get((game.pk, number))
    return None if task is None else await task


async def test_a_deal_whose_analysing_process_died_is_analysed_when_the_deals_are_shown(
    owner: User, players: list[User], settings: Settings
) -> None:
    game, number = await database_sync_to_async(_scored_deal)(owner, players)
    settings.DEAL_ANALYSIS = True
    # A process claimed it longer ago than STALE_AFTER_S and died (kill -9): nobody asks
    # again between this deal and the next any more.
    died = time.time() - deal_review.STALE_AFTER_S - 1
    await _mark(game, number, {"status": "analysing", "since": died})

    listed = await _get(players[2], f"/table/{game.pk}/deals.json")

    assert [d["review"] for d in listed["deals"]] == ["analysing"]
    assert (await _made(game, number))["status"] == "ready"
    shown = await _get(players[2], f"/table/{game.pk}/deals/{number}.json")
    assert shown["review"]["status"] == "ready" and shown["review"]["decisions"]


async def test_a_deal_another_process_is_analysing_now_is_left_to_it(
    owner: User, players: list[User], settings: Settings
) -> None:
    game, number = await database_sync_to_async(_scored_deal)(owner, players)
    settings.DEAL_ANALYSIS = True
    claim = {"status": "analysing", "since": time.time() - deal_review.STALE_AFTER_S + 60}
    await _mark(game, number, claim)

    listed = await _get(players[0], f"/table/{game.pk}/deals.json")
    assert await _ended(game, number) is None  # asked, and the claim said no
    shown = await _get(players[0], f"/table/{game.pk}/deals/{number}.json")
    assert await _ended(game, number) is None

    assert [d["review"] for d in listed["deals"]] == ["analysing"]
    assert shown["review"] == {"status": "analysing"}
    assert await _analysis(game, number) == claim


async def test_a_process_that_stops_gives_its_claim_back_and_the_next_look_takes_it(
    owner: User, players: list[User], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, number = await database_sync_to_async(_scored_deal)(owner, players)
    settings.DEAL_ANALYSIS = True

    # Its exit (daphne's on SIGTERM): the claims this process holds are given back.
    claimed = time.time()
    job = await database_sync_to_async(store.claim_analysis)(
        game.pk, number, claimed, deal_review.STALE_AFTER_S
    )
    assert job is not None
    monkeypatch.setitem(deal_review._held, (game.pk, number), claimed)
    await database_sync_to_async(deal_review._give_back)()
    assert await _analysis(game, number) is None

    # An analysis cancelled unfinished gives its claim back too.
    never = asyncio.Event()

    async def stuck(job: store.AnalysisJob) -> dict[str, Any]:
        await never.wait()
        raise AssertionError("unreachable")

    with monkeypatch.context() as patched:
        patched.setattr(deal_review, "_analysed", stuck)
        await _get(players[1], f"/table/{game.pk}/deals.json")
        task = deal_review._running[(game.pk, number)]
        deadline = time.monotonic() + 10
        while (await _analysis(game, number) or {}).get("status") != "analysing":
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    assert await _analysis(game, number) is None

    # The next look at the deal has it analysed at once, not STALE_AFTER_S later.
    shown = await _get(players[1], f"/table/{game.pk}/deals/{number}.json")
    assert shown["review"] == {"status": "analysing"}
    assert (await _made(game, number))["status"] == "ready"
