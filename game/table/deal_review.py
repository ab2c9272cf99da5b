"""The analysis of finished deals: made in the bot workers after a deal ends, kept with the
deal's record, and sent to each viewer without a card they could not see.

Whoever sees a version between a scored deal and the next calls ``schedule_analysis``
(every socket, as for the computer players' turns); one process takes the deal on
(``store.claim_analysis``: the record is marked ``analysing``), then has the workers
analyse it a piece at a time (``game.table.deal_analysis``, ``SLICE_S`` of CPU each, so
the computer players' moves never wait behind a whole deal; one deal at a time, and at
most ``SHARE`` of a core: a pause after each piece), keeps the result
(``store.save_analysis``) and tells the table, whose Deals tab then shows it.
``game.table.deal_history.review_for`` is what a viewer is sent.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from typing import Any

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
_tasks: set[asyncio.Task[Any]] = set()


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
    task = asyncio.get_running_loop().create_task(
        analyse(latest.game_id, latest.match.round_no)
    )
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


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
    job = await database_sync_to_async(store.claim_analysis)(
        game_id, number, time.time(), STALE_AFTER_S
    )
    if job is None:
        return None
    try:
        analysis = await _analysed(job)
    except Exception:
        log.exception("The analysis of deal %s of game %s failed", number, game_id)
        analysis = {"status": "failed"}
    await database_sync_to_async(store.save_analysis)(game_id, number, analysis)
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
