"""The analysis of finished deals: made in the bot workers after a deal ends, kept with the
deal's record, and sent to each viewer without a card they could not see.

Whoever sees a version between a scored deal and the next calls ``schedule_analysis``
(every socket, as for the computer players' turns), and the deals' pages and JSON call
``resume`` for each deal they show as waiting for its analysis (so a deal whose process
stopped while analysing it is analysed after all: the table's Deals tab fetches the list
after every deal). One process takes the deal on (``store.claim_analysis``, the one place
that decides: the record is marked ``analysing`` since then; a mark older than
``STALE_AFTER_S`` is taken over, and a process gives its marks back as it stops), then has
the workers analyse it a piece at a time (``game.table.deal_analysis``, ``SLICE_S`` of CPU
each, so the computer players' moves never wait behind a whole deal; one deal at a time,
and at most ``SHARE`` of a core: a pause after each piece), keeps the result
(``store.save_analysis``) and tells the table, whose Deals tab then shows it.
``game.table.deal_history.review_for`` is what a viewer is sent.
"""

from __future__ import annotations

import asyncio
import atexit
import contextvars
import logging
import time
import weakref
from collections.abc import Iterable
from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from game.engine import Rules
from game.table import bot_worker, store
from game.table.bot_turns import in_worker
from game.table.broadcast import group_name
from game.table.deal_analysis import SLICE_S, played_cards, trump_shown, turning_points
from game.table.seen import SeenVersions
from game.table.snapshot import Snapshot

log = logging.getLogger(__name__)

ANALYSED_EVENT = "deal.analysed"
# Seconds after which an analysis still marked in progress is taken over (its process died).
STALE_AFTER_S = 300.0

# The share of one core that analyses may take in this process's workers at most.
SHARE = 0.5

_seen = SeenVersions()
_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)
# The analyses started in this process and not ended, by (game, deal number).
_running: dict[tuple[int, int], asyncio.Task[Any]] = {}
# The claims this process holds, by (game, deal number): when each was taken.
_held: dict[tuple[int, int], float] = {}


def schedule_analysis(latest: Snapshot) -> None:
    """Start the analysis of the deal just scored, if it waits for one, once per process and
    version: any version between a scored deal and the next (so a socket that missed the
    scoring one, or connects after a restart, starts it too; the claim in the database
    makes it happen once)."""
    if not settings.DEAL_ANALYSIS or latest.match is None or latest.match.round is not None:
        return
    last = latest.match.last_round
    if not last or last.get("annulled"):
        return
    key = (latest.game_id, latest.version)
    if key in _seen:
        return
    _seen.add(key)
    _start(latest.game_id, latest.match.round_no)


def resume(game_id: int, numbers: Iterable[int]) -> None:
    """Start the analysis of each of the game's deals ``numbers`` that a page shows as
    waiting for it, unless this process is at it already (called from a view's thread: the
    analyses run in the process's event loop). The claim decides: a deal that another
    process took on less than ``STALE_AFTER_S`` ago stays its own, one whose mark is older
    (its process died) or was given back is analysed here."""
    waiting = list(numbers)
    if settings.DEAL_ANALYSIS and waiting:
        async_to_sync(_start_each)(game_id, waiting)


async def _start_each(game_id: int, numbers: list[int]) -> None:
    for number in numbers:
        _start(game_id, number)


def _start(game_id: int, number: int) -> None:
    """Analyse deal ``number`` in the background, unless it is being done in this process."""
    key = (game_id, number)
    running = _running.get(key)
    if running is not None and not running.done():
        return
    # A context of its own: one started from a view's thread (``resume``) would otherwise
    # send its database calls to that thread, gone by then.
    task = asyncio.get_running_loop().create_task(
        analyse(game_id, number), context=contextvars.Context()
    )
    _running[key] = task
    task.add_done_callback(lambda done: _running.pop(key) if _running.get(key) is done else None)


async def analyse(game_id: int, number: int) -> dict[str, Any] | None:
    """Analyse deal ``number`` if nobody else is (its analysis, or None), keep it, tell
    the table. One analysis at a time in this process (the others wait their turn)."""
    async with _one_at_a_time():
        return await _analyse(game_id, number)


def _one_at_a_time() -> asyncio.Lock:
    """This event loop's lock for analyses."""
    loop = asyncio.get_running_loop()
    lock = _locks.get(loop)
    if lock is None:
        lock = _locks[loop] = asyncio.Lock()
    return lock


async def _analyse(game_id: int, number: int) -> dict[str, Any] | None:
    key, since = (game_id, number), time.time()
    _held[key] = since
    try:
        job = await database_sync_to_async(store.claim_analysis)(
            game_id, number, since, STALE_AFTER_S
        )
        if job is None:
            return None
        try:
            analysis = await _analysed(job)
        except Exception:
            log.exception("The analysis of deal %s of game %s failed", number, game_id)
            analysis = {"status": "failed"}
        await database_sync_to_async(store.save_analysis)(game_id, number, analysis)
    except asyncio.CancelledError:  # stopped unfinished: another process may take it now
        await database_sync_to_async(store.release_analysis)(game_id, number, since)
        raise
    finally:
        if _held.get(key) == since:
            del _held[key]
    log.info("Analysed deal %s of game %s (%s s of CPU)", number, game_id, analysis.get("cpu_s"))
    layer = get_channel_layer()
    if layer is not None:
        await layer.group_send(group_name(game_id), {"type": ANALYSED_EVENT, "number": number})
    return analysis


async def _analysed(job: store.AnalysisJob) -> dict[str, Any]:
    rules = Rules.from_dict(job.rules)
    played_out = played_cards(job.events)
    shown = trump_shown(job.events)
    items: list[dict[str, Any]] = []
    cpu = 0.0
    at = 0
    while at < len(job.actions):
        found, at, spent = await in_worker(
            bot_worker.analyse, rules, job.dealer, job.deck, job.actions, at, played_out, shown,
            SLICE_S,
        )
        cpu += spent
        items += found
        # Leave the worker (and the machine's cores) to the tables between pieces.
        await asyncio.sleep(spent * (1 - SHARE) / SHARE)
    return {
        "status": "ready",
        "exact": len(played_out) == 32,
        "decisions": items,
        "turning": turning_points(items),
        "cpu_s": round(cpu, 2),
    }


@atexit.register
def _give_back() -> None:
    """As the process exits (daphne stops so on SIGTERM, as a deploy sends), give back the
    claims on the analyses it was making, so that the next page to show one of those deals
    has it analysed at once (after a kill -9 that waits for ``STALE_AFTER_S``)."""
    for (game_id, number), since in list(_held.items()):
        try:
            store.release_analysis(game_id, number, since)
        except Exception:
            log.exception("Could not give back the analysis of deal %s of game %s", number, game_id)
